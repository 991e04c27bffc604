"""What a person playing a COIN volume is shown (britishway_env/session.py),
for the parts every COIN volume words alike: the dice of a decision, why the
bot chose what it did, the card in play, the campaign and where an action
starts (2.3.2, 6.0, all volumes). Each volume's ``table`` module binds these
to its layout, cards and bots."""

from __future__ import annotations

import numpy as np

from ..engine.coin.header import CARD, D_BOX, DECISION, PROPAGANDA_DONE


def card(game, titles) -> str:
    c = int(game.state[CARD])
    return titles[c - 1] if c > 0 else ""


def campaign(game) -> int:
    """Campaigns end with a Propaganda card (6.0): 1 before the first Propaganda Round."""
    return int(game.state[PROPAGANDA_DONE]) + 1


def starts_action(game) -> bool:
    """A faction's action on a card starts with its box decision (2.3.2)."""
    return int(game.state[DECISION]) == D_BOX


def dice(before: dict, after: dict, rolls: list[tuple[int, int]]) -> list[str]:
    """Rolls in words (``before``/``after``: the state dicts around the
    decision): the Intel Chits the British gained are draws from the bag
    (1.6.1), the last rolls of the decision; the others are dice."""
    gained = max(0, len(after["intel_chits"]) - len(before["intel_chits"]))
    chits = rolls[len(rolls) - gained:] if gained else []
    out = [f"a die: {v + 1}" for _, v in rolls[:len(rolls) - len(chits)]]
    return out + [f"an Intel Chit from the bag ({faces} in it)" for faces, _ in chits]


def reason(game, policy: str, action: int, volume: str, scored_choice, neg: float) -> str:
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
        own = reason(game, mixture.members[k], action, volume, scored_choice, neg)
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
    return head


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
