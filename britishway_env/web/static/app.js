// The page of `britishway serve`: it shows what the server sends and sends back
// only the action numbers it was offered (the server checks them anyway).
"use strict";

const $ = (id) => document.getElementById(id);
let volumes = [];
let game = null;      // the last view the server sent
let busy = false;

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

// Every POST is JSON with its content type (the server refuses any other); the
// browser sends the client cookie the server set, which owns this page's games.
async function call(method, url, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (method === "POST") {
    options.headers["Content-Type"] = "application/json";
    options.body = body === undefined ? "{}" : typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(url, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: `the server answered ${response.status}` }; }
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

function fillSelect(select, items) {
  select.replaceChildren(...items.map(([value, text]) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = text;
    return option;
  }));
}

function volumeChanged() {
  const v = volumes.find((x) => x.name === $("volume").value);
  const seats = v.seats.map((s) => [s.id, s.name]);
  if (v.seats.length > 1) seats.push(["all", "every seat (no bot)"]);
  fillSelect($("seat"), seats);
  fillSelect($("bot"), v.bots.length ? v.bots.map((b) => [b, b]) : [["", "none (the deck)"]]);
  $("bot").disabled = !v.bots.length;
}

function logItem(entry, names) {
  const li = document.createElement("li");
  li.className = entry.by;
  li.value = entry.index + 1;
  const who = names[entry.seat] || entry.seat || "";
  const tag = { you: "you", bot: "bot", auto: "only choice" }[entry.by];
  li.append(`${who} (${tag}): ${entry.text}`);
  if (entry.dice.length) {
    const dice = document.createElement("span");
    dice.className = "dice";
    dice.textContent = `  [rolled ${entry.dice.join(", ")}]`;
    li.append(dice);
  }
  if (entry.changes.length) li.append(`  → ${entry.changes.join("; ")}`);
  if (entry.reason) {
    const why = document.createElement("span");
    why.className = "why";
    why.textContent = `why: ${entry.reason}`;
    li.append(why);
  }
  return li;
}

function render(view) {
  game = view;
  $("game").hidden = false;
  const names = view.seat_names;
  const you = view.human.map((s) => names[s]).join(", ");
  const against = view.bot ? ` against the ${view.bot} bot` : "";
  if (view.over) {
    $("status").textContent = `Game over: ${view.result}`;
  } else if (view.your_turn) {
    $("status").textContent = `${names[view.to_move]} (you): ${view.decision}`;
  } else {
    $("status").textContent = `${names[view.to_move]} is deciding…`;
  }
  $("status").dataset.decisions = view.decisions;
  // The variant played (docs/variants.md): its name in the header, its changes on hover.
  $("variant").hidden = !view.variant;
  $("variant").textContent = view.variant ? `Variant: ${view.variant.name}` : "";
  $("variant").title = view.variant ? view.variant.changes : "";
  $("help").textContent = `${view.title}, seed ${view.seed}: you play ${you}${against}. ${view.help}`;
  const buttons = view.choices.map((c, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.dataset.action = c.action;
    b.textContent = `${i + 1}. ${c.name}`;
    b.addEventListener("click", () => act(c.action));
    return b;
  });
  $("choices").replaceChildren(...buttons);
  $("board").textContent = view.board;
  const items = [];
  let card = null;
  for (const entry of view.log) {
    const key = `${entry.card}|${entry.campaign}`;
    if (key !== card) {
      card = key;
      const head = document.createElement("li");
      head.className = "card";
      head.textContent = `${entry.card || "setup"} (campaign ${entry.campaign})`;
      items.push(head);
    }
    items.push(logItem(entry, names));
  }
  $("log").replaceChildren(...items);
  $("log").scrollTop = $("log").scrollHeight;
  if (view.map) {
    $("map").src = view.map;
    $("map").hidden = false;
    $("board-details").open = false;
  } else {
    $("map").hidden = true;
    $("board-details").open = true;
  }
  const mine = view.log.some((e) => e.by === "you");
  $("undo").disabled = !mine;
  $("abort").disabled = !(mine && view.your_turn);
  $("save").disabled = false;
}

async function busyWith(work) {
  if (busy) return;
  busy = true;
  $("choices").classList.add("waiting");
  try {
    showError("");
    await work();
  } catch (err) {
    showError(err.message);
  } finally {
    busy = false;
    $("choices").classList.remove("waiting");
  }
}

function act(action) {
  return busyWith(async () => render(await call("POST", `/api/games/${game.id}/act`, { action })));
}

async function start() {
  try {
    volumes = await call("GET", "/api/volumes");
  } catch (err) {
    showError(err.message);
    return;
  }
  fillSelect($("volume"), volumes.map((v) => [v.name, v.title]));
  $("volume").addEventListener("change", volumeChanged);
  volumeChanged();
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { volume: $("volume").value, seat: $("seat").value };
    if (!$("bot").disabled && $("seat").value !== "all") body.bot = $("bot").value;
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    busyWith(async () => {
      const file = $("variant-file").files[0];
      if (file) {
        try { body.variant = JSON.parse(await file.text()); } catch (e) {
          throw new Error(`${file.name}: a variant here is JSON (the variant's mapping, docs/variants.md)`);
        }
      }
      render(await call("POST", "/api/games", body));
    });
  });
  $("undo").addEventListener("click", () => busyWith(async () => render(await call("POST", `/api/games/${game.id}/undo`))));
  $("abort").addEventListener("click", () => busyWith(async () => render(await call("POST", `/api/games/${game.id}/abort`))));
  $("save").addEventListener("click", () => { window.location.href = `/api/games/${game.id}/save`; });
  $("load").addEventListener("change", () => {
    const file = $("load").files[0];
    if (!file) return;
    busyWith(async () => {
      const text = await file.text();
      render(await call("POST", "/api/games/load", text));
      $("load").value = "";
    });
  });
}

start();
