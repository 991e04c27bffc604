"""Variants: a COIN volume's base game changed by data (docs/variants.md).

A variant file (TOML) names the volume and what changes from its base game:

- ``[setup]``: state-dict keys of the setup (docs/api.md): Political Will,
  the tracks, Available, Prison, pieces per space (a space given replaces that
  space's pieces), capabilities in effect from the start, ``first_eligible``;
  checked by the volume's own state-dict reader, so every error names the key;
- ``[deck]``: events removed, always included, replaced (one out, another
  always in), placed in a campaign (1-3: the top of that pile, 2.1), and
  ``events_above_propaganda`` (how each pile of 7 splits around its shuffled
  Propaganda part, printed 4);
- ``[rules]``: the volume's rule parameters (``volumes/<v>/parameters.py``,
  each with its rule number, base value and range);
- ``[restrict.<seat>]``: restricted play for a seat: ``boxes`` it may not
  take to act (``limited``, ``event``, ``op_sa``), ``pass`` (true, or the
  boxes it may not Pass in), ``operations``, ``special_activities``, and
  ``events`` (``"P5"`` both texts, ``"P5:shaded"`` one).

A variant becomes a patch of the state row (engine/coin/variant.py): the
kernels read rule parameters, restrictions and deck rules from the row, so
nothing is recompiled per variant, and every policy, the AEC env, the vector
env, rollouts, play and the page run it. ``Game(volume, seed, variant=...)``
starts a variant's game; its state dict records the variant (key
``variant``: the checked mapping), so saves and replays keep it.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .engine.coin import header as H
from .registry import coin_volume_names
from .errors import StateError, VariantError

MAX_FILE_BYTES = 1 << 20
SECTIONS = ("volume", "name", "description", "setup", "deck", "rules", "restrict")
BOX_NAMES = ("limited", "event", "op_sa")     # the Initiative Track's boxes, left to right (2.3.2)
COIN_VOLUMES = coin_volume_names()       # the volumes served here (registry.py)
# State-dict keys a [setup] may not give: what the setup is not (the deck, the decision, provenance).
NOT_SETUP = ("volume", "layout_version", "decision", "current_agent", "outcome", "card", "played_cards",
             "undrawn_cards", "context", "rng", "forced_chance", "seed", "history", "history_from_seed", "variant")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]{0,63}$")


@dataclass(frozen=True)
class Variant:
    """A checked variant: its canonical mapping and the row patch it makes."""

    volume: str
    name: str
    description: str
    spec: dict = field(repr=False)           # {"setup", "deck", "rules", "restrict"}: only what is given
    patch: np.ndarray = field(repr=False)    # (n, 2) int64 (offset, value)

    def to_dict(self) -> dict:
        """The variant as a mapping :func:`variant_from_dict` reads back (what a state dict records)."""
        return {"volume": self.volume, "name": self.name, "description": self.description,
                **copy.deepcopy(self.spec)}

    @property
    def sha256(self) -> str:
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def is_base(self) -> bool:
        return not any(self.spec.values())


# ---------------------------------------------------------------- volume facts --

class _Facts:
    """What a volume offers a variant: its reader, cards, seats, names, parameters."""

    def __init__(self, volume: str):
        if volume not in COIN_VOLUMES:
            raise VariantError(f"volume {volume!r}: variants exist for {', '.join(COIN_VOLUMES)}")
        game = importlib.import_module(f"britishway_env.volumes.{volume}.game")
        self.game_class = next(c for c in vars(game).values()
                               if isinstance(c, type) and getattr(c, "volume", None) == volume
                               and hasattr(c, "reader"))
        self.reader = self.game_class.reader
        self.layout = self.game_class.layout
        self.turns = self.game_class.turns
        cards = importlib.import_module(f"britishway_env.volumes.{volume}.cards")
        self.piles, self.pile_size = cards.PILES, cards.PILE_TOP + cards.PILE_BOTTOM
        self.pile_top = cards.PILE_TOP
        self.n_events = self.reader.n_event_cards
        self.dealt = self.piles * (self.pile_size - 1)
        try:
            params = importlib.import_module(f"britishway_env.volumes.{volume}.parameters")
            self.parameters = params.PARAMETERS
        except ModuleNotFoundError:
            self.parameters = ()
        self.seats = tuple(self.layout.FACTION_NAMES)
        self.op_names = tuple(self.layout.OP_NAMES)
        self.sa_names = tuple(self.layout.SA_NAMES)
        self.base_slots = variant_slots(self, {})   # the base game's variant fields (read-only)
        self.base_slots.setflags(write=False)

    def card(self, value: Any, where: str) -> int:
        """An event card named ``"P7"`` (the volume's prefix) or 7."""
        prefix = self.reader.prefix
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise VariantError(f"{where}: a card is named like {prefix}7 or 7, got {value!r}")
        text = str(value).strip()
        if text.upper().startswith(prefix):
            text = text[len(prefix):]
        if not text.isdigit():
            raise VariantError(f"{where}: a card is named like {prefix}7 or 7, got {value!r}")
        n = int(text)
        if n in self.reader.propaganda_cards:
            raise VariantError(f"{where}: {prefix}{n} is a Propaganda card; the deck's Propaganda cards are set "
                               "by events_above_propaganda (2.1)")
        if not 1 <= n <= self.n_events:
            raise VariantError(f"{where}: {prefix}{n} is not an event card ({prefix}1-{prefix}{self.n_events})")
        return n


_FACTS: dict[str, _Facts] = {}


def facts(volume: str) -> _Facts:
    if volume not in _FACTS:
        _FACTS[volume] = _Facts(volume)
    return _FACTS[volume]


def parameters(volume: str):
    """The volume's rule parameters (``RuleParameter``), in slot order."""
    return facts(volume).parameters


# ---------------------------------------------------------------- reading --

def load_variant(path: str | Path, volume: str | None = None) -> Variant:
    """Read and check a variant file (TOML); :class:`VariantError` names the field."""
    p = Path(path)
    where = f"variant file {p}"
    try:
        if not p.is_file():
            raise VariantError(f"{where}: no such file")
        if p.stat().st_size > MAX_FILE_BYTES:
            raise VariantError(f"{where}: larger than {MAX_FILE_BYTES} bytes")
        text = p.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise VariantError(f"{where}: not UTF-8 text") from None
    except OSError as err:
        raise VariantError(f"{where}: cannot be read ({err.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise VariantError(f"{where}: not valid TOML ({err})") from None
    return variant_from_dict(data, volume=volume, where=where)


def resolve(volume: str, variant: Any) -> Variant | None:
    """``variant`` as a checked :class:`Variant` of ``volume``: a Variant, a
    mapping, a path to a TOML file, or None (the base game)."""
    if variant is None:
        return None
    if isinstance(variant, Variant):
        if variant.volume != volume:
            raise VariantError(f"variant {variant.name!r} is a {variant.volume} variant, not {volume}")
        return variant
    if isinstance(variant, dict):
        return variant_from_dict(variant, volume=volume)
    if isinstance(variant, (str, Path)):
        return load_variant(variant, volume=volume)
    raise VariantError(f"a variant is a Variant, a mapping or a TOML file path, got {type(variant).__name__}")


def variant_from_dict(data: Any, volume: str | None = None, where: str = "variant") -> Variant:
    """Check a variant mapping field by field (the file's TOML tables)."""
    if not isinstance(data, dict):
        raise VariantError(f"{where}: a mapping of {', '.join(SECTIONS)}")
    unknown = sorted(set(data) - set(SECTIONS), key=str)
    if unknown:
        raise VariantError(f"{where}: unknown key {unknown[0]!r}; keys: {', '.join(SECTIONS)}")
    given = data.get("volume")
    if given is None:
        raise VariantError(f"{where}: volume: missing (one of {', '.join(COIN_VOLUMES)})")
    if given not in COIN_VOLUMES:
        raise VariantError(f"{where}: volume: {given!r} is not a COIN volume ({', '.join(COIN_VOLUMES)})")
    if volume is not None and given != volume:
        raise VariantError(f"{where}: volume: the file is for {given}, not {volume}")
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise VariantError(f"{where}: name: 1-64 letters, digits, '_', '.', '+' or '-', got {name!r}")
    description = data.get("description", "")
    if not isinstance(description, str) or len(description) > 2000:
        raise VariantError(f"{where}: description: text of at most 2000 characters")
    f = facts(given)
    spec = {}
    sections = {"setup": _read_setup, "deck": _read_deck, "rules": _read_rules, "restrict": _read_restrict}
    for key, read in sections.items():
        if key in data:
            if not isinstance(data[key], dict):
                raise VariantError(f"{where}: [{key}] must be a table")
            value = read(f, data[key], f"{where}: {key}")
            if value:
                spec[key] = value
    return Variant(given, name, description, spec, _patch(f, spec, where))


def _read_setup(f: _Facts, setup: dict, where: str) -> dict:
    for key in setup:
        if key in NOT_SETUP:
            raise VariantError(f"{where}.{key}: not part of the setup a variant may change "
                               "(the deck goes in [deck], the rules in [rules])")
    return copy.deepcopy(setup)


def _setup_game(f: _Facts, setup: dict, where: str):
    """The base setup's state dict with ``setup`` applied, loaded by the volume's reader."""
    from .game import Game

    base = f.game_class(seed=0).to_dict()
    for key in ("seed", "history", "history_from_seed", "decision", "current_agent", "outcome", "card"):
        base.pop(key, None)
    for key, value in setup.items():
        if key == "first_eligible":
            if value not in f.seats:
                raise VariantError(f"{where}.first_eligible: one of {', '.join(f.seats)}, got {value!r}")
            base["context"]["first_eligible"] = f.seats.index(value)
        elif key not in base and key not in ("capabilities",):
            known = sorted(k for k in base if k not in NOT_SETUP)
            raise VariantError(f"{where}.{key}: not a setup key of {f.game_class.volume}; keys: "
                               f"{', '.join(known + ['first_eligible'])}")
        elif key == "spaces" and isinstance(value, dict):
            spaces = dict(base.get("spaces", {}))
            for space, pieces in value.items():
                spaces[space] = pieces
            base["spaces"] = {k: v for k, v in spaces.items() if v != {}}
        elif isinstance(base.get(key), dict) and isinstance(value, dict) and key != "capabilities":
            base[key] = {**base[key], **value}
        else:
            base[key] = value
    caps = setup.get("capabilities")
    if isinstance(caps, dict) and "capabilities" in base.get("context", {}):
        # A saved dict repeats the capabilities in its context: say the same there
        # (the reader checks each card and side of the top-level key).
        slots = [0] * len(f.reader.capability_slots)
        for key, side in caps.items():
            card = int(key[len(f.reader.prefix):]) if isinstance(key, str) and key[len(f.reader.prefix):].isdigit() \
                else None
            if card in f.reader.capability_slots and side in ("unshaded", "shaded"):
                slots[f.reader.capability_slots[card]] = 1 + ("unshaded", "shaded").index(side)
        base["context"]["capabilities"] = slots
    try:
        return Game.from_dict(base)
    except StateError as err:
        raise VariantError(f"{where}: {err}") from None


def _read_deck(f: _Facts, deck: dict, where: str) -> dict:
    keys = ("remove", "include", "replace", "place", "events_above_propaganda", "propaganda_cards")
    for key in deck:
        if key not in keys:
            raise VariantError(f"{where}.{key}: unknown; keys: {', '.join(keys)}")
    out: dict = {}
    seen: dict[int, str] = {}

    def claim(card: int, role: str, at: str):
        if card in seen:
            raise VariantError(f"{at}: {f.reader.prefix}{card} is already {seen[card]}")
        seen[card] = role

    for key in ("remove", "include"):
        if key in deck:
            if not isinstance(deck[key], list):
                raise VariantError(f"{where}.{key}: a list of event cards")
            cards = []
            for i, c in enumerate(deck[key]):
                n = f.card(c, f"{where}.{key}[{i}]")
                claim(n, "removed" if key == "remove" else "included", f"{where}.{key}[{i}]")
                cards.append(n)
            if cards:
                out[key] = sorted(cards)
    if "replace" in deck:
        if not isinstance(deck["replace"], dict):
            raise VariantError(f"{where}.replace: a table of card = card (the first out, the second always in)")
        pairs = {}
        for old, new in deck["replace"].items():
            a, b = f.card(old, f"{where}.replace key {old!r}"), f.card(new, f"{where}.replace.{old}")
            claim(a, "removed", f"{where}.replace.{old}")
            claim(b, "included", f"{where}.replace.{old}")
            pairs[a] = b
        if pairs:
            out["replace"] = {str(k): v for k, v in sorted(pairs.items())}
    top = deck.get("events_above_propaganda", f.pile_top)
    if isinstance(top, bool) or not isinstance(top, int) or not 0 <= top <= f.pile_size - 1:
        raise VariantError(f"{where}.events_above_propaganda: an integer 0..{f.pile_size - 1} (each pile is "
                           f"{f.pile_size} cards, its Propaganda card shuffled into the rest, 2.1), got {top!r}")
    if top != f.pile_top:
        out["events_above_propaganda"] = top
    campaigns = deck.get("propaganda_cards", f.piles)
    if isinstance(campaigns, bool) or not isinstance(campaigns, int) or not 1 <= campaigns <= f.piles:
        raise VariantError(f"{where}.propaganda_cards: an integer 1..{f.piles} (the game ends at the last "
                           f"Propaganda card, 7.0.2; printed {f.piles}), got {campaigns!r}")
    if campaigns != f.piles:
        out["propaganda_cards"] = campaigns
    if "place" in deck:
        if not isinstance(deck["place"], dict):
            raise VariantError(f"{where}.place: a table of card = campaign (1..{f.piles})")
        placed = {}
        for card, campaign in deck["place"].items():
            n = f.card(card, f"{where}.place key {card!r}")
            if isinstance(campaign, bool) or not isinstance(campaign, int) or not 1 <= campaign <= campaigns:
                raise VariantError(f"{where}.place.{card}: a campaign 1..{campaigns} (the game's Propaganda "
                                   f"cards), got {campaign!r}")
            claim(n, f"placed in campaign {campaign}", f"{where}.place.{card}")
            placed[n] = campaign
        for k in range(1, f.piles + 1):
            here = sum(1 for c in placed.values() if c == k)
            if here > top:
                raise VariantError(f"{where}.place: {here} cards placed in campaign {k}, but only {top} events "
                                   "lie above its Propaganda part (events_above_propaganda)")
        if placed:
            out["place"] = {str(k): v for k, v in sorted(placed.items())}
    removed = len(out.get("remove", [])) + len(out.get("replace", {}))
    forced = len(out.get("include", [])) + len(out.get("replace", {})) + len(out.get("place", {}))
    if f.n_events - removed < f.dealt:
        raise VariantError(f"{where}: {removed} events removed leaves fewer than the {f.dealt} the deck deals (2.1)")
    if forced > f.dealt:
        raise VariantError(f"{where}: {forced} events always dealt, more than the {f.dealt} the deck holds (2.1)")
    return out


def _read_rules(f: _Facts, rules: dict, where: str) -> dict:
    if not f.parameters:
        raise VariantError(f"{where}: {f.game_class.volume} has no rule parameters")
    by_name = {p.name: p for p in f.parameters}
    out = {}
    for key, value in rules.items():
        if key not in by_name:
            raise VariantError(f"{where}.{key}: not a rule parameter of {f.game_class.volume}; parameters: "
                               f"{', '.join(by_name)}")
        p = by_name[key]
        if isinstance(value, bool) or not isinstance(value, int) or not p.lo <= value <= p.hi:
            raise VariantError(f"{where}.{key}: an integer {p.lo}..{p.hi} ({p.rule}, printed {p.base}), "
                               f"got {value!r}")
        if value != p.base:
            out[key] = value
    return out


def _names(f: _Facts, given: Any, choices: tuple[str, ...], where: str, what: str) -> list[str]:
    if not isinstance(given, list):
        raise VariantError(f"{where}: a list of {what}")
    out = []
    lowered = {c.lower().replace(" ", "_"): c for c in choices}
    for i, x in enumerate(given):
        key = x.lower().replace(" ", "_") if isinstance(x, str) else None
        if key not in lowered:
            raise VariantError(f"{where}[{i}]: {x!r} is not one of {', '.join(choices)}")
        out.append(lowered[key])
    return sorted(set(out), key=choices.index)


def _read_restrict(f: _Facts, restrict: dict, where: str) -> dict:
    keys = ("boxes", "pass", "operations", "special_activities", "events")
    out = {}
    for seat, r in restrict.items():
        at = f"{where}.{seat}"
        if seat not in f.seats:
            raise VariantError(f"{at}: not a seat; seats: {', '.join(f.seats)}")
        if not isinstance(r, dict):
            raise VariantError(f"{at}: a table of {', '.join(keys)}")
        for key in r:
            if key not in keys:
                raise VariantError(f"{at}.{key}: unknown; keys: {', '.join(keys)}")
        me = f.seats.index(seat)
        got: dict = {}
        if "boxes" in r:
            got["boxes"] = _names(f, r["boxes"], BOX_NAMES, f"{at}.boxes", "boxes")
        if "pass" in r:
            p = r["pass"]
            if isinstance(p, bool):
                got["pass"] = list(BOX_NAMES) if p else []
            else:
                got["pass"] = _names(f, p, BOX_NAMES, f"{at}.pass", "boxes (or true: every box)")
        mine_ops = tuple(n for i, n in enumerate(f.op_names) if i // H.OPS_PER_SEAT == me)
        mine_sas = tuple(n for i, n in enumerate(f.sa_names) if i // H.SAS_PER_SEAT == me)
        if "operations" in r:
            got["operations"] = _names(f, r["operations"], mine_ops, f"{at}.operations", f"{seat} Operations")
            if len(got["operations"]) == len(mine_ops):
                raise VariantError(f"{at}.operations: forbids every {seat} Operation; forbid the boxes instead")
        if "special_activities" in r:
            got["special_activities"] = _names(f, r["special_activities"], mine_sas, f"{at}.special_activities",
                                               f"{seat} Special Activities")
        if "events" in r:
            if not isinstance(r["events"], list):
                raise VariantError(f"{at}.events: a list like [\"{f.reader.prefix}5\", \"{f.reader.prefix}7:shaded\"]")
            events = set()
            for i, e in enumerate(r["events"]):
                text = e if isinstance(e, str) else str(e)
                card, _, side = text.partition(":")
                n = f.card(card, f"{at}.events[{i}]")
                if side not in ("", "unshaded", "shaded"):
                    raise VariantError(f"{at}.events[{i}]: the side is 'unshaded' or 'shaded', got {side!r}")
                for s in (("unshaded", "shaded") if side == "" else (side,)):
                    events.add(f"{f.reader.prefix}{n}:{s}")
            got["events"] = sorted(events, key=lambda t: (int(t.split(":")[0][len(f.reader.prefix):]), t))
        if len(got.get("boxes", [])) == len(BOX_NAMES) and len(got.get("pass", [])) == len(BOX_NAMES):
            raise VariantError(f"{at}: forbids every box and every Pass: {seat} would have no choice (2.3)")
        got = {k: v for k, v in got.items() if v}
        if got:
            out[seat] = got
    return out


# ---------------------------------------------------------------- the patch --

def _patch(f: _Facts, spec: dict, where: str) -> np.ndarray:
    """The row slots the variant changes from the base setup, as (offset, value) pairs."""
    L = f.layout.LAYOUT
    pairs: dict[int, int] = {}
    if "setup" in spec:
        game = _setup_game(f, spec["setup"], where + ": setup")
        base = f.game_class(seed=0).state
        skip = set()
        keep = {"first_eligible", "capabilities"}     # context fields that are setup too
        for name in ("rng", "forced_chance", "deck", "deck_drawn", "card", *H.VARIANT_FIELDS,
                     *f.reader.context_fields, *f.reader.context_arrays):
            if name in keep or name not in L.fields:
                continue
            o, n = L.fields[name]
            skip.update(range(o, o + n))
        for i in np.flatnonzero(game.state != base):
            if int(i) not in skip:
                pairs[int(i)] = int(game.state[i])
    for i, value in enumerate(variant_slots(f, spec)):
        pairs[H.RULE_PARAMETERS + i] = int(value)
    return np.array(sorted(pairs.items()), dtype=np.int64).reshape(-1, 2)


def _choice_bits(f: _Facts):
    """Each restriction key of a seat's choices with its first bit in the
    ``R_CHOICES`` word and the names its bits follow (header ``RB_*``)."""
    return (("boxes", H.RB_BOX, BOX_NAMES), ("pass", H.RB_PASS, BOX_NAMES),
            ("operations", H.RB_OP, f.op_names), ("special_activities", H.RB_SA, f.sa_names))


def variant_slots(f: _Facts, spec: dict) -> np.ndarray:
    """The row's variant fields (rule parameters, restricted, restriction,
    deck rules, consecutive in the header) as the variant sets them."""
    from .engine.coin.parameters import base_values

    n = H.N_RULE_PARAMETERS + 1 + 2 * H.RESTRICTION_WORDS + H.N_DECK_RULES
    assert H.DECK_RULES + H.N_DECK_RULES - H.RULE_PARAMETERS == n
    out = np.zeros(n, dtype=np.int64)
    params = base_values(f.parameters) if f.parameters else np.zeros(H.N_RULE_PARAMETERS, dtype=np.int64)
    for k, p in enumerate(f.parameters):
        params[k] = spec.get("rules", {}).get(p.name, p.base)
    out[:H.N_RULE_PARAMETERS] = params
    restrict = spec.get("restrict", {})
    out[H.RESTRICTED - H.RULE_PARAMETERS] = 1 if restrict else 0
    for seat, r in restrict.items():
        me = f.seats.index(seat)
        at = H.RESTRICTION - H.RULE_PARAMETERS + me * H.RESTRICTION_WORDS
        bits = 0
        for key, first, names in _choice_bits(f):
            for name in r.get(key, []):
                bits |= 1 << (first + names.index(name))
        out[at + H.R_CHOICES] = bits
        for text in r.get("events", []):
            card, side = text.split(":")
            n = int(card[len(f.reader.prefix):])
            out[at + (H.R_UNSHADED if side == "unshaded" else H.R_SHADED)] |= 1 << n
    deck = spec.get("deck", {})
    at = H.DECK_RULES - H.RULE_PARAMETERS
    for c in deck.get("remove", []):
        out[at + H.DR_EXCLUDED] |= 1 << c
    for c in deck.get("include", []):
        out[at + H.DR_INCLUDED] |= 1 << c
    for old, new in deck.get("replace", {}).items():
        out[at + H.DR_EXCLUDED] |= 1 << int(old)
        out[at + H.DR_INCLUDED] |= 1 << int(new)
    for card, campaign in deck.get("place", {}).items():
        out[at + H.DR_PLACED + campaign - 1] |= 1 << int(card)
    out[at + H.DR_PILE_TOP] = deck.get("events_above_propaganda", f.pile_top)
    out[at + H.DR_CAMPAIGNS] = deck.get("propaganda_cards", f.piles)
    return out


def spec_of_row(volume: str, row: np.ndarray) -> dict:
    """The rules, restrictions and deck rules a state row holds, as a
    variant's mapping would give them (the inverse of :func:`variant_slots`):
    empty for the base game. A row's setup changes are its board, not here."""
    f = facts(volume)
    at = H.RULE_PARAMETERS
    n = len(f.base_slots)
    slots = np.asarray(row[at:at + n], dtype=np.int64)
    spec: dict = {}
    if np.array_equal(slots, f.base_slots):         # the base game: nothing to describe
        return spec
    rules = {p.name: int(slots[k]) for k, p in enumerate(f.parameters) if int(slots[k]) != p.base}
    if rules:
        spec["rules"] = rules
    off = H.RESTRICTION - at
    restrict = {}
    for me, seat in enumerate(f.seats):
        base = off + me * H.RESTRICTION_WORDS
        bits = int(slots[base + H.R_CHOICES])
        got: dict = {}
        for key, first, names in _choice_bits(f):
            chosen = [name for i, name in enumerate(names) if bits >> (first + i) & 1]
            if chosen:
                got[key] = chosen
        events = [f"{f.reader.prefix}{c}:{side}" for c in range(1, f.n_events + 1)
                  for side, word in (("unshaded", H.R_UNSHADED), ("shaded", H.R_SHADED))
                  if int(slots[base + word]) >> c & 1]
        if events:
            got["events"] = events
        if got:
            restrict[seat] = got
    if restrict:
        spec["restrict"] = restrict
    d = H.DECK_RULES - at
    deck: dict = {}
    removed = [c for c in range(1, f.n_events + 1) if int(slots[d + H.DR_EXCLUDED]) >> c & 1]
    included = [c for c in range(1, f.n_events + 1) if int(slots[d + H.DR_INCLUDED]) >> c & 1]
    placed = {str(c): k + 1 for k in range(f.piles) for c in range(1, f.n_events + 1)
              if int(slots[d + H.DR_PLACED + k]) >> c & 1}
    if removed:
        deck["remove"] = removed
    if included:
        deck["include"] = included
    if int(slots[d + H.DR_PILE_TOP]) != f.pile_top:
        deck["events_above_propaganda"] = int(slots[d + H.DR_PILE_TOP])
    if int(slots[d + H.DR_CAMPAIGNS]) != f.piles:
        deck["propaganda_cards"] = int(slots[d + H.DR_CAMPAIGNS])
    if placed:
        deck["place"] = placed
    if deck:
        spec["deck"] = deck
    return spec


def describe(variant: Variant | None) -> str:
    """One line naming the variant and its changes (for logs and reports)."""
    if variant is None:
        return "base game"
    parts = [f"{k}: {json.dumps(v, sort_keys=True)}" for k, v in variant.spec.items()]
    return f"{variant.name} ({'; '.join(parts) or 'no changes'})"


__all__ = ["Variant", "VariantError", "load_variant", "variant_from_dict", "resolve", "parameters", "describe",
           "spec_of_row", "variant_slots"]
