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
  // The bots by strength: each level with its ladder rating, then any other bot the page plays.
  const levels = v.levels.map((l) => [l.policy, `${l.name}: ${l.words}`]);
  const others = v.bots.filter((b) => !v.levels.some((l) => l.policy === b)).map((b) => [b, b]);
  fillSelect($("bot"), v.bots.length ? levels.concat(others) : [["", "none (the deck)"]]);
  if (v.bots.includes("heuristic")) $("bot").value = "heuristic";
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
    dice.textContent = `  [${entry.dice.join("; ")}]`;
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
  $("playing").hidden = false;
  $("playing").textContent = `Playing: ${view.title}, seed ${view.seed}; you: ${you}; ` +
    (view.bot ? `bot: ${view.level ? `${view.level.name} level, ` : ""}${view.bot} ` +
      `(${view.bot_seats.map((s) => names[s]).join(", ")})` : "no bot") +
    (view.level ? `; ${view.level.words}` : "") +
    (view.sandbox ? "; sandbox (full undo)" : "");
  $("playing").title = [view.bot_words, view.scores_are].filter(Boolean).join(". ");
  $("undo-rule").textContent = `Undo: ${view.undo_rule}.`;
  const buttons = view.choices.map((c, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.dataset.action = c.action;
    if (c.space) b.dataset.space = c.space;
    b.textContent = `${i + 1}. ${c.name}`;
    b.addEventListener("click", () => act(c.action));
    b.addEventListener("mouseenter", () => hintSpace(c.space, true));
    b.addEventListener("mouseleave", () => hintSpace(c.space, false));
    return b;
  });
  $("choices").replaceChildren(...buttons);
  // What the menu leaves off and why (an event text with no effect, with its rules decision).
  $("notes").replaceChildren(...(view.notes || []).map((n) => {
    const li = document.createElement("li");
    li.textContent = n;
    return li;
  }));
  renderCards(view);
  renderRounds(view);
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
    $("map-wrap").hidden = false;
    renderSpaces(view);
    $("board-details").open = false;
  } else {
    $("map-wrap").hidden = true;
    $("board-details").open = true;
  }
  const mine = view.log.some((e) => e.by === "you");
  $("undo").disabled = !mine || Boolean(view.undo_refused);
  $("undo").title = view.undo_refused || "take back your last decision and the bot's replies";
  $("abort").disabled = !(mine && view.your_turn);
  $("save").disabled = false;
}

// ----------------------------------------------------- rounds and ending --
// Each Propaganda Round as its phases with what each changed, and why the game ended.
function renderRounds(view) {
  const rounds = view.rounds || [];
  $("rounds").hidden = !rounds.length;
  $("round-list").replaceChildren(...rounds.map((round) => {
    const section = document.createElement("section");
    section.className = "round";
    const head = document.createElement("h3");
    head.textContent = round.title;
    section.append(head);
    for (const phase of round.phases) {
      const p = document.createElement("div");
      p.className = "phase";
      const name = document.createElement("strong");
      name.textContent = `${phase.rule} ${phase.name}`;
      p.append(name);
      const ul = document.createElement("ul");
      for (const line of phase.lines.length ? phase.lines : ["nothing changed"]) {
        const li = document.createElement("li");
        li.textContent = line;
        ul.append(li);
      }
      p.append(ul);
      section.append(p);
    }
    return section;
  }));
  if (rounds.length && view.over) $("rounds").open = true;
  const ending = view.over && view.ending ? view.ending.text : "";
  $("ending").hidden = !ending;
  $("ending").textContent = ending;
}

// ------------------------------------------------------------ the cards --
// The card in play with both texts, the Capabilities in effect with the side executed, and the cards
// played (choosing one shows its texts).
function cardTexts(box, card, heading) {
  const parts = [];
  const title = document.createElement("p");
  title.className = "card-title";
  title.textContent = heading || card.title;
  parts.push(title);
  const sides = card.shaded === null ? [["", card.unshaded]] : [["Unshaded", card.unshaded], ["Shaded", card.shaded]];
  for (const [side, text] of sides) {
    const p = document.createElement("p");
    p.className = side ? `side ${side.toLowerCase()}` : "side";
    if (side) {
      const b = document.createElement("b");
      b.textContent = `${side}: `;
      p.append(b);
    }
    p.append(text);
    parts.push(p);
  }
  box.replaceChildren(...parts);
}

let playedShown = null;     // the number of the played card whose texts are shown

function showPlayed(card) {
  playedShown = card ? card.number : null;
  $("played-card").hidden = !card;
  if (card) cardTexts($("played-card"), card);
  for (const b of $("played").querySelectorAll("button")) {
    b.classList.toggle("chosen", Number(b.dataset.number) === playedShown);
  }
}

function renderCards(view) {
  if (view.card) cardTexts($("card"), view.card);
  else $("card").textContent = "none yet";
  const caps = view.capabilities.map((c) => {
    const li = document.createElement("li");
    const b = document.createElement("b");
    b.textContent = `${c.title} (${c.side}): `;
    li.append(b, c.text);
    return li;
  });
  if (!caps.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = "none";
    caps.push(li);
  }
  $("capabilities").replaceChildren(...caps);
  const items = [...view.played].reverse().map((c) => {      // the latest first
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.number = c.number;
    b.textContent = c.title;
    b.addEventListener("click", () => showPlayed(playedShown === c.number ? null : c));
    li.append(b);
    return li;
  });
  $("played").replaceChildren(...items);
  showPlayed(view.played.find((c) => c.number === playedShown) || null);
}

// --------------------------------------------------------------- the map --
// Each space's region (picture pixels) drawn over the picture; a click on a space takes the offered
// choice that names it (or lists them when several do); hovering shows its pieces in words.
const SVG = "http://www.w3.org/2000/svg";

function spaceChoices(name) {
  return game && !busy ? game.choices.filter((c) => c.space === name) : [];
}

function hintSpace(name, on) {
  if (!name) return;
  const shape = $("map-spaces").querySelector(`[data-space="${CSS.escape(name)}"]`);
  if (shape) shape.classList.toggle("hint", on);
}

function renderSpaces(view) {
  const svg = $("map-spaces");
  const regions = view.regions;
  svg.setAttribute("viewBox", `0 0 ${regions.width} ${regions.height}`);
  const offered = new Set(view.choices.map((c) => c.space).filter(Boolean));
  const shapes = regions.spaces.map((r) => {
    const el = document.createElementNS(SVG, r.shape === "circle" ? "circle" : "rect");
    const attrs = r.shape === "circle" ? { cx: r.cx, cy: r.cy, r: r.r } : { x: r.x, y: r.y, width: r.w, height: r.h };
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.dataset.space = r.name;
    el.setAttribute("class", offered.has(r.name) ? "space offered" : "space");
    el.setAttribute("aria-label", `${r.name}: ${view.spaces[r.name]}`);
    el.addEventListener("mouseenter", (event) => showTip(r.name, event));
    el.addEventListener("mousemove", (event) => placeTip(event));
    el.addEventListener("mouseleave", () => { $("map-tip").hidden = true; });
    el.addEventListener("click", (event) => clickSpace(r.name, event));
    return el;
  });
  svg.replaceChildren(...shapes);
  $("map-tip").hidden = true;
  $("map-pick").hidden = true;
}

function showTip(name, event) {
  const tip = $("map-tip");
  const lines = [`${name}: ${game.spaces[name]}`];
  const here = spaceChoices(name);
  if (here.length === 1) lines.push(`click: ${here[0].name}`);
  else if (here.length > 1) lines.push(`click: ${here.length} choices`);
  tip.replaceChildren(...lines.map((t, i) => {
    const div = document.createElement("div");
    div.className = i ? "tip-choice" : "tip-pieces";
    div.textContent = t;
    return div;
  }));
  tip.hidden = false;
  placeTip(event);
}

// Places a box of the map (the hover text, the list of a space's choices) by the pointer, inside the map.
function placeBy(box, event) {
  const wrap = $("map-wrap").getBoundingClientRect();
  const x = event.clientX - wrap.left, y = event.clientY - wrap.top;
  box.style.left = `${Math.max(0, Math.min(x + 14, wrap.width - box.offsetWidth - 2))}px`;
  box.style.top = `${y + 18 + box.offsetHeight > wrap.height ? Math.max(0, y - box.offsetHeight - 8) : y + 18}px`;
}

function placeTip(event) {
  if (!$("map-tip").hidden) placeBy($("map-tip"), event);
}

function clickSpace(name, event) {
  const here = spaceChoices(name);
  const pick = $("map-pick");
  pick.hidden = true;
  if (here.length === 1) {
    act(here[0].action);
  } else if (here.length > 1) {
    const head = document.createElement("div");
    head.className = "pick-head";
    head.textContent = `${name}:`;
    const buttons = here.map((c) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.action = c.action;
      b.textContent = c.name;
      b.addEventListener("click", (e) => { e.stopPropagation(); pick.hidden = true; act(c.action); });
      return b;
    });
    pick.replaceChildren(head, ...buttons);
    pick.hidden = false;
    $("map-tip").hidden = true;
    placeBy(pick, event);
    event.stopPropagation();
  }
}

// ------------------------------------------------------ compiling volumes --
// A volume's first game may find its kernels compiling: the server answers 202 with what compiles;
// the page shows it, polls until the volume is ready and sends the request again.
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function showProgress(st) {
  const box = $("progress");
  box.hidden = !st;
  if (st) box.textContent = `Preparing ${st.volume}: ${st.message}${st.seconds !== undefined ? ` (${st.seconds} s)` : ""}`;
}

async function withCompile(send) {
  let answer = await send();
  try {
    while (answer && answer.compiling) {
      showProgress(answer);
      for (;;) {
        await sleep(700);
        const st = await call("GET", `/api/compile/${encodeURIComponent(answer.compiling)}`);
        if (st.state === "failed") throw new Error(st.message);
        if (st.state !== "compiling") break;
        showProgress(st);
      }
      answer = await send();
    }
  } finally {
    showProgress(null);
  }
  return answer;
}

// The header's form shows the game being played (after a load: its volume, seats, bot and seed).
function showInForm(view) {
  if (!volumes.some((v) => v.name === view.volume)) return;
  $("volume").value = view.volume;
  volumeChanged();
  const v = volumes.find((x) => x.name === view.volume);
  $("seat").value = view.human.length > 1 && view.human.length === v.seats.length ? "all" : view.human[0];
  if (view.bot) {
    if (![...$("bot").options].some((o) => o.value === view.bot)) {
      const option = document.createElement("option");
      option.value = option.textContent = view.bot;
      $("bot").append(option);
    }
    $("bot").value = view.bot;
  }
  $("seed").value = view.seed;
  $("sandbox").checked = Boolean(view.sandbox);
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
    if ($("sandbox").checked) body.sandbox = true;
    busyWith(async () => {
      const file = $("variant-file").files[0];
      if (file) {
        try { body.variant = JSON.parse(await file.text()); } catch (e) {
          throw new Error(`${file.name}: a variant here is JSON (the variant's mapping, docs/variants.md)`);
        }
      }
      render(await withCompile(() => call("POST", "/api/games", body)));
    });
  });
  $("undo").addEventListener("click", () => busyWith(async () => render(await call("POST", `/api/games/${game.id}/undo`))));
  $("abort").addEventListener("click", () => busyWith(async () => render(await call("POST", `/api/games/${game.id}/abort`))));
  $("save").addEventListener("click", () => { window.location.href = `/api/games/${game.id}/save`; });
  // A load, done or refused, clears the picker: the same file can be chosen again, and a refused one
  // does not look loaded.
  $("load").addEventListener("change", () => {
    const file = $("load").files[0];
    if (!file) return;
    if (busy) { $("load").value = ""; return; }
    busyWith(async () => {
      try {
        const text = await file.text();
        const view = await withCompile(() => call("POST", "/api/games/load", text));
        render(view);
        showInForm(view);
      } finally {
        $("load").value = "";
      }
    });
  });
  document.addEventListener("click", (event) => {
    if (!$("map-pick").contains(event.target)) $("map-pick").hidden = true;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") $("map-pick").hidden = true;
  });
}

start();
