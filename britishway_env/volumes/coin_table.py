"""What a person playing a COIN volume is shown (britishway_env/session.py),
for the parts every COIN volume words alike: the dice of a decision, why the
bot chose what it did, the card in play, the campaign and where an action
starts (2.3.2, 6.0, all volumes). Each volume's ``table`` module binds these
to its layout, cards and bots."""

from __future__ import annotations

from collections import Counter

import numpy as np

from ..engine.coin.header import CARD, D_BOX, DECISION, PROPAGANDA_DONE

# State-dict keys a move's "what changed" leaves out: bookkeeping, not the board.
IGNORED_KEYS = ("volume", "layout_version", "decision", "current_agent", "context", "played_cards",
                "undrawn_cards", "rng", "forced_chance", "seed", "history", "history_from_seed")


def card(game, titles) -> str:
    c = int(game.state[CARD])
    return titles[c - 1] if c > 0 else ""


def campaign(game) -> int:
    """Campaigns end with a Propaganda card (6.0): 1 before the first Propaganda Round."""
    return int(game.state[PROPAGANDA_DONE]) + 1


def starts_action(game) -> bool:
    """A faction's action on a card starts with its box decision (2.3.2)."""
    return int(game.state[DECISION]) == D_BOX


def dice(before: dict, after: dict, rolls: list[tuple[int, int]], game=None, action=None,
         purpose=None) -> list[str]:
    """Rolls in words (``before``/``after``: the state dicts around the
    decision; ``game``: the game before it, ``action``: the decision): the
    Intel Chits the British gained are draws from the bag (1.6.1), the last
    rolls of the decision; the others are dice. ``purpose(game, action)``
    (the volume's) says what the decision's first die is rolled for:
    ``(what, modifier, why)`` with the modifier the rules kernel adds (its own
    function), a list of them for its first dice in order, or None; such a
    die then reads "a die for Negotiate (4.2.2): 1, +2 for 2 Terror markers
    on the map = 3"."""
    gained = max(0, len(after["intel_chits"]) - len(before["intel_chits"]))
    chits = rolls[len(rolls) - gained:] if gained else []
    dice_rolls = rolls[:len(rolls) - len(chits)]
    out = [f"a die: {v + 1}" for _, v in dice_rolls]
    found = purpose(game, action) if purpose is not None and game is not None and dice_rolls else None
    for k, what in enumerate(purposes(found)[:len(out)]):
        out[k] = die_words(dice_rolls[k][1] + 1, *what)
    words = [f"an Intel Chit drawn from the bag ({faces} in it)" for faces, _ in chits]
    drawn = sorted((Counter(after["intel_chits"]) - Counter(before["intel_chits"])).elements())
    if words and len(drawn) == len(words):       # the values gained (none spent in the same decision)
        words[-1] += f": value {drawn[0]}" if len(drawn) == 1 else \
            f" (the chits drawn: values {', '.join(map(str, drawn))})"
    return out + words


def purposes(found) -> list[tuple[str, int, str]]:
    """A volume's ``purpose(game, action)`` as a list, a die's in order: one
    ``(what, modifier, why)``, a list of them, or None (no die named)."""
    if found is None:
        return []
    return list(found) if isinstance(found, list) else [found]


def die_words(rolled: int, what: str, modifier: int, why: str) -> str:
    """One die with what it was rolled for and its modifier: "a die for
    Sabotage in Haifa City (3.3.3): 4, -1 for 1 Police there = 3"; a
    modifier of 0 is said too, so a person sees none was added."""
    if modifier == 0:
        return f"a die for {what}: {rolled} (no modifier: {why})"
    return f"a die for {what}: {rolled}, {modifier:+d} ({why}) = {rolled + modifier}"


# What a scripted bot's score is, by how the volume's bots score (volumes/<v>/bots.py): the unit each
# reason names after its scores, and the meaning in full (said once: the terminal's start and help, the page).
PALESTINE_SCORES = ("Political Will equivalents, higher preferred",
                    "the scripted bot's scores are its priorities in Political Will equivalents: how far it expects "
                    "the action to move British Political Will, with the pieces it gains or costs counted in "
                    "Political Will; higher is preferred")
LOOKAHEAD_SCORES = ("average worth of a look ahead, a win = 100, higher preferred",
                    "the scripted bot's scores are the average worth to its faction of the positions reached by "
                    "playing the action and finishing the turn at random a few times, on its evaluation's scale "
                    "(Political Will and pieces, a win 100); higher is preferred")


def reason(game, policy: str, action: int, volume: str, scored_choice, neg: float,
           scores_are: tuple[str, str] = LOOKAHEAD_SCORES) -> str:
    """Why the bot chose ``action``: the scripted bot's score for it and its
    next-best alternatives (``scored_choice(game) -> (action, scores)``, ``neg``
    marking actions it did not score), a network's preferences, the search's
    visits and values, or "at random"; for a league, which member plays this
    game, then that member's reason."""
    from agents.trained import is_learned, load_network

    legal = game.legal_actions()
    if len(legal) == 1:
        return "its only choice"
    from ..league import draw, is_league, load

    if is_league(policy):                # the member this game plays, then that member's own reason
        mixture = load(volume, game.current_agent)
        k = draw(volume, game.current_agent, game.seed)
        own = reason(game, mixture.members[k], action, volume, scored_choice, neg, scores_are)
        return f"league member {k + 1} of {len(mixture)} (weight {mixture.weights[k]:.2f}): {own}"
    if policy == "random":
        return f"picked at random among {len(legal)} choices"
    from ..search import decide, is_search, parse

    if is_search(policy):
        _, visits, values = decide(volume, game, parse(policy))
        total = visits.sum()
        top = sorted(legal, key=lambda a: (-visits[a], a))[:3]
        shown = [f"{game.action_name(int(a))} {visits[a] / total:.0%} of visits, value {values[a]:+.2f}"
                 for a in top if visits[a] > 0]
        return (f"search, {int(total)} iterations: " + "; ".join(shown)
                + " (value: -1 a sure loss, +1 a sure win for the bot)")
    if is_learned(policy):
        net = load_network(policy, volume, game.current_agent)
        logits = net.masked_logits(game.observation()[None], game.legal_mask()[None])[0].astype(np.float64)
        p = np.exp(logits - logits.max())
        p /= p.sum()
        top = [a for a in np.argsort(-p, kind="stable") if a in legal][:3]
        return "network: " + ", ".join(f"{game.action_name(int(a))} {p[a]:.0%}" for a in top)
    _, scores = scored_choice(game)
    scored = [a for a in legal if scores[a] > neg / 2]
    if not scored:
        return "its rule of thumb for this decision (no scores)"
    scored.sort(key=lambda a: -scores[a])
    name = game.action_name
    head = f"scored {name(action)} {scores[action]:.2f}" if action in scored else \
        f"chose {name(action)} by a tie-break (not scored)"
    others = [a for a in scored if a != action][:2]
    if others:
        head += "; next best " + ", ".join(f"{name(a)} {scores[a]:.2f}" for a in others)
    return f"{head} ({scores_are[0]})"


SIDE_WORDS = ("unshaded", "shaded")


def event_notes(game, titles, n_events: int, playable, offered, decision: str, single_text=None,
                never=None) -> list[str]:
    """At a box decision (2.3.2), one line for each text of the event card in
    play that the menu leaves off because it would have no effect now (5.1.3):
    ``playable(state, card, side, faction)`` is the rules kernel's own test,
    ``offered(state, faction)`` whether the Event box is open to the faction
    (a closed box, or a text a card does not have, is not noted); ``decision``
    names the rules decision (docs/rules_decisions.md) that rules so."""
    s = game.state
    if game.is_terminal() or int(s[DECISION]) != D_BOX:
        return []
    card = int(s[CARD])
    if not 1 <= card <= n_events or (never is not None and never[card]):
        return []
    faction = int(game.turns.actor(s))
    if faction < 0 or not offered(s, faction):
        return []
    legal = game.legal_mask()
    left_off = [SIDE_WORDS[side] for side in (0, 1)
                if not (side == 1 and single_text is not None and single_text[card])
                and not legal[game.layout.A_EVENT_SIDE + side] and not playable(s, card, side, faction)]
    if not left_off:
        return []
    which = "neither text is offered: each" if len(left_off) == 2 else f"the {left_off[0]} text is not offered: it"
    return [f"Event {titles[card - 1]}: {which} would have no effect now (5.1.3; rules decision {decision})"]


def selected_words(game, names) -> str:
    """The spaces the Operation under way selected (its destinations for a
    Search or Patrol move, 3.2.2, 3.2.3), by name."""
    s = game.state
    first = game.layout.SELECTED
    n = min(len(names), game.layout.A_COUNT - game.layout.A_SPACE)      # the map's spaces
    picked = [names[k] for k in range(n) if s[first + k] == 1]
    return ", ".join(picked) or "none yet"


def move_help(game, names) -> str | None:
    """Help for a decision that moves a piece toward the Operation's selected
    spaces, naming them; None for other decisions."""
    L = game.layout
    d = int(game.turns.pending(game.state))
    where = selected_words(game, names)
    if d == getattr(L, "D_SEARCH_MOVE", -1):
        return (f"Search (3.2.3): Troops move one at a time from adjacent spaces into the Search's destination "
                f"spaces ({where}); pick the space a Troop leaves (each choice names where it may go), or stop "
                f"moving and go on to the activations")
    if d == getattr(L, "D_SEARCH_MOVE_TO", -1):
        return f"Search (3.2.3): pick which destination ({where}) the Troop from {names[int(game.state[L.CUR])]} " \
               "moves into"
    if d == getattr(L, "D_PATROL_MOVE", -1):
        return (f"Patrol (3.2.2): Police move one at a time into the Patrol's spaces ({where}); pick the space a "
                f"Police leaves (each choice names where it may go), or stop moving")
    if d == getattr(L, "D_PATROL_MOVE_TO", -1):
        return f"Patrol (3.2.2): pick which of the Patrol's spaces ({where}) the Police from " \
               f"{names[int(game.state[L.CUR])]} moves into"
    return None


# ------------------------------------------------------------ the page --
# What the page of ``britishway serve`` shows beside the map: the cards' texts, the spaces in words, the
# space an offered choice names (britishway_env/web/server.py).

def card_texts(number: int, titles, card_text) -> dict:
    """Card ``number``: its title and both texts (5.2; ``shaded`` None for a card with one text)."""
    n = int(number)
    return {"number": n, "title": titles[n - 1], "unshaded": card_text(n, 0), "shaded": card_text(n, 1)}


def cards(game, titles, card_text) -> dict:
    """The card in play (None before the first), the Capabilities in effect with the text of the side
    executed (5.3) and the cards played so far, the card in play last (2.3)."""
    d = game.to_dict()
    current = int(game.state[CARD])
    caps = []
    for label, side in d["capabilities"].items():
        n = int(label.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        caps.append({**card_texts(n, titles, card_text), "side": side,
                     "text": card_text(n, 1 if side == "shaded" else 0)})
    return {"card": card_texts(current, titles, card_text) if current > 0 else None, "capabilities": caps,
            "played": [card_texts(n, titles, card_text) for n in d["played_cards"]]}


def action_space(action: int, names, L) -> str | None:
    """The map space an action names, or None: the space actions (``A_SPACE`` + space of ``names``) and,
    where the volume's layout ``L`` has them, the other way of acting in a space (``A_ALT`` + space)."""
    a = int(action)
    if L.A_SPACE <= a < L.A_SPACE + len(names):
        return names[a - L.A_SPACE]
    alt = getattr(L, "A_ALT", None)
    if alt is not None and alt <= a < alt + len(names):
        return names[a - alt]
    return None


class Page:
    """What the page of `britishway serve` shows of a COIN volume beside the
    map and on it (britishway_env/web/server.py), bound to the volume's
    package (its ``render`` and ``card_texts`` modules, imported when first
    asked for), card titles, the map's space names and layout ``L``.
    A table module takes its page functions from one of these."""

    def __init__(self, package: str, titles, names, L):
        self.package, self.titles, self.names, self.L = package, titles, names, L

    def _module(self, name: str):
        import importlib

        return importlib.import_module(f"{self.package}.{name}")

    def _card_text(self, number: int, side: int):
        return self._module("card_texts").card_text(number, side)

    def map_regions(self) -> dict:
        """The picture's size and each space's region in its pixels."""
        return self._module("render").map_regions()

    def spaces_in_words(self, game) -> dict[str, str]:
        """Each space's pieces and markers in words (the map's hover text)."""
        return self._module("render").spaces_in_words(game.to_dict())

    def card_texts(self, number: int) -> dict:
        """Card ``number``: number, title, unshaded and shaded text (5.2)."""
        return card_texts(number, self.titles, self._card_text)

    def cards(self, game) -> dict:
        """The card in play, the Capabilities in effect (5.3) and the cards played, with their texts."""
        return cards(game, self.titles, self._card_text)

    def action_space(self, game, action: int) -> str | None:
        """The space an offered action names (clicking that space on the map takes it), or None."""
        return action_space(action, self.names, self.L)
