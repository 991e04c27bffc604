"""What every COIN volume's ``Game`` class has alike: the kernels and layout
constants it hands to :class:`~britishway_env.game.KernelGame`, who acts, the
outcome and winner, the pending decision in words, and the observation.

A volume's class names its ``layout``, ``turns`` and ``invariants`` modules,
where its observation lives, its ``determinize`` kernel and the most faces of
any roll (``FORCED_FACES``); everything else below is read from them.
"""

from __future__ import annotations

import contextvars
import importlib
from types import ModuleType
from typing import Any

import numpy as np

from ..engine.coin.header import COUNTERINSURGENT_WIN, INSURGENT_WIN
from ..engine.coin.statedict import SIDE_NAMES
from ..errors import StateError, VariantError
from ..game import KernelGame, _notice_once, parse_action

# The variant of the state dict being read (CoinGame._from_dict -> the reader's game).
LOADING_VARIANT: contextvars.ContextVar = contextvars.ContextVar("britishway_loading_variant", default=None)


class CoinGame(KernelGame):
    """Base of the COIN volumes' games (Palestine, Cyprus, Arab Revolt)."""

    layout: ModuleType | None = None         # the volume's layout: FACTION_NAMES, OUTCOME_NAMES, DECISION_NAMES, offsets
    turns: ModuleType | None = None          # actor, pending, is_over, new_game, legal_mask, apply
    invariants: ModuleType | None = None     # check, VIOLATIONS, MAX_DECISIONS
    observation_module = ""                  # where observe and OBS_SIZE live (imported at first use)
    reader: type | None = None               # the state-dict reader (a CoinReader subclass naming its game_class)
    piece_keys: tuple[str, ...] = ()         # the state dict's words for a space's pieces, in the row's order
    chits_at: int | None = None              # the held Intel Chits' offset (the dict's "intel_chits"); None: none
    action_names: tuple[str, ...] = ()       # every action in words out of context (action_words)
    stop_means: dict[int, str] = {}          # what Stop means at a decision kind, where it has words of its own
    option_names: dict = {}                  # an event's two options in words, by (card, event step) or by card
    pass_gives: dict[str, str] = {}          # what a Pass gives each faction, in words (2.3.3)
    sa_choice_decisions: tuple[int, ...] = ()    # where a Special Activity may be chosen (4.1); () until set below

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        L, turns, inv = cls.layout, cls.turns, cls.invariants
        cls.agents = L.FACTION_NAMES
        cls.N_ACTIONS = L.N_ACTIONS
        cls.STATE_SIZE = L.STATE_SIZE
        cls.RNG = L.RNG
        cls.FORCED = L.FORCED
        cls.FORCED_CAPACITY = L.FORCED_CAPACITY
        cls.MAX_HISTORY = inv.MAX_DECISIONS
        cls.new_game_kernel = staticmethod(turns.new_game)
        cls.legal_mask_kernel = staticmethod(turns.legal_mask)
        cls.apply_kernel = staticmethod(turns.apply)
        cls.check_kernel = staticmethod(inv.check)
        cls.VIOLATIONS = inv.VIOLATIONS
        cls.ROW_LAYOUT = L.LAYOUT
        if not cls.sa_choice_decisions:      # 4.1: with a space of the Operation, or after it
            cls.sa_choice_decisions = (L.D_SPACE, L.D_SA_AFTER)

    def generic_action_name(self, action: int) -> str:
        return self.action_names[parse_action(action, self.N_ACTIONS)]

    def action_name(self, action: int) -> str:
        """The action in words for the pending decision ("Sabotage in Nicosia"):
        the volume's words that come first (:meth:`_words_first`), then those
        every COIN volume shares (:meth:`_shared_words`), then the volume's own
        (:meth:`_own_words`)."""
        a = parse_action(action, self.N_ACTIONS)
        d = int(self.turns.pending(self.state))
        found = self._words_first(a, d)
        if found is None:
            found = self._shared_words(a, d)
        return found if found is not None else self._own_words(a, d, self.action_names[a])

    def _words_first(self, a: int, d: int) -> str | None:
        """A volume's words for action ``a`` at decision kind ``d`` that go before the shared ones (None: none)."""
        return None

    def _shared_words(self, a: int, d: int) -> str | None:
        """What Stop means here, an event's text or option, what a Pass gives
        (2.3.3), a Special Activity chosen (4.1), an event's Operation; None for
        the volume's own words."""
        L, s, name = self.layout, self.state, self.action_names[a]
        if a == L.A_STOP and d in self.stop_means:
            return self.stop_means[d]
        if L.A_EVENT_SIDE <= a < L.A_OP:
            k = a - L.A_EVENT_SIDE
            if d == L.D_EVENT_OPTION:
                return self._option_words(k)
            card = int(s[L.CARD])
            if card > 0:
                return f"Event {self.reader.card_titles[card - 1]}: {SIDE_NAMES[k]} text"
        if L.A_PASS <= a < L.A_EVENT_SIDE and d == L.D_BOX:
            return f"{name}: {self._pass_gives()}"
        if L.A_SA <= a < L.A_SPACE and d in self.sa_choice_decisions:
            return f"Special Activity: {name}"
        if L.A_OP <= a < L.A_SA and d == L.D_EVENT_OP:
            return f"{name} (for the event)"
        return None

    def _option_words(self, k: int) -> str:
        """Option ``k`` of the event's two (5.1): ``option_names`` by card and
        event step, else by card."""
        card, step = int(self.state[self.layout.EV_CARD]), int(self.state[self.layout.EV_STEP])
        found = self.option_names.get((card, step)) or self.option_names.get(card) or ("option 1", "option 2")
        return found[k]

    def _pass_gives(self) -> str:
        """What a Pass gives the faction to act (2.3.3): ``pass_gives`` by faction."""
        return self.pass_gives[self.current_agent]

    def _own_words(self, a: int, d: int, name: str) -> str:
        """The volume's words for action ``a`` at decision kind ``d``; ``name``: the action out of context."""
        return name

    def own_dict(self) -> dict:
        """The volume's own top-level fields of the state dict (tracks, pools,
        Prison...), between Political Will and the board."""
        raise NotImplementedError(f"{type(self).__name__} must say its own state-dict fields")

    def to_dict(self) -> dict:
        """The state as a JSON-ready dict: what every COIN game has (the decision,
        the card, Political Will), the volume's own fields, the board, chits,
        cards and context as its reader writes them, the provenance, and the
        variant the game was dealt by."""
        s, L, R = self.state, self.layout, self.reader
        w = R.written(s, R.space_names, self.piece_keys, L.SPACES, L.SPACE_FIELDS, self.chits_at)
        d = {
            "volume": self.volume,
            "layout_version": L.LAYOUT.version,
            "decision": self.phase,
            "current_agent": self.current_agent,
            "outcome": self.outcome,
            "card": R.card_titles[int(s[L.CARD]) - 1] if s[L.CARD] > 0 else None,
            "political_will": int(s[L.POLITICAL_WILL]),
            **self.own_dict(),
            **w,
            **self._provenance(),
        }
        if self.variant is not None:
            d["variant"] = self.variant.to_dict()
        else:                       # a row from elsewhere (from_row, a vector env's game) may hold rules
            from ..variants import spec_of_row

            spec = spec_of_row(self.volume, self.state)
            if spec:
                d["variant"] = {"volume": self.volume, "name": "from_row", **spec}
        return d

    @classmethod
    def _from_dict(cls, d: dict):
        """The game a state dict describes, every field checked by the volume's
        reader; the variant it records (``variant``) is resolved first."""
        variant = None
        if isinstance(d, dict) and "variant" in d:
            from ..variants import resolve
            try:
                variant = resolve(cls.volume, d["variant"])
            except VariantError as err:
                raise StateError(f"{cls.volume} state dict: variant: {err}") from None
            d = {k: v for k, v in d.items() if k != "variant"}
        token = LOADING_VARIANT.set(variant)
        try:
            return cls.reader(d).build(cls)
        finally:
            LOADING_VARIANT.reset(token)

    def _new_variant_game(self, variant: Any) -> None:
        """The seed's game of ``variant`` (britishway_env/variants.py): the
        setup, the variant's patch of the row, the deck dealt by its rules."""
        from ..variants import resolve

        found = resolve(self.volume, variant)
        _notice_once(self.volume, "variant")
        self.turns.new_variant_game(self.state, np.int64(self.seed), found.patch)
        self.variant = None if found.is_base else found

    @classmethod
    def _new_loaded(cls, fields, d):
        """The empty row a state dict's reader fills, with the rule parameters,
        restrictions and deck rules of the base game, or of the variant the
        dict records (``variant``): a dict that names none describes the
        printed rules."""
        from ..engine.coin.header import RULE_PARAMETERS
        from ..variants import facts, variant_slots

        game = super()._new_loaded(fields, d)
        game.variant = LOADING_VARIANT.get()
        found = facts(cls.volume)
        slots = found.base_slots if game.variant is None else variant_slots(found, game.variant.spec)
        game.state[RULE_PARAMETERS:RULE_PARAMETERS + len(slots)] = slots
        return game

    @property
    def current_agent(self) -> str | None:
        a = int(self.turns.actor(self.state))
        return None if a < 0 else self.layout.FACTION_NAMES[a]

    def is_terminal(self) -> bool:
        return bool(self.turns.is_over(self.state))

    @property
    def outcome(self) -> str:
        return self.layout.OUTCOME_NAMES[int(self.state[self.layout.OUTCOME])]

    @property
    def winner(self) -> str | None:
        seats = self.layout.FACTION_NAMES
        return {COUNTERINSURGENT_WIN: seats[0], INSURGENT_WIN: seats[1]}.get(int(self.state[self.layout.OUTCOME]))

    @property
    def phase(self) -> str:
        return self.layout.DECISION_NAMES[int(self.turns.pending(self.state))]

    def spaces_after(self, action: int) -> list[str]:
        """The spaces the decision after ``action`` offers, read from the rules
        kernel's own legal mask on a copy of the game: where the piece that
        ``action`` picks up may go (a name says its destination, not a copy of
        the rule). None for an action not legal now (nothing follows it)."""
        if not self.legal_mask()[action]:
            return None
        after = self.clone()
        after.apply(action)
        lo, hi = self.layout.A_SPACE, self.layout.A_COUNT
        return [after.generic_action_name(a) for a in after.legal_actions() if lo <= a < hi]

    def to_where(self, action: int) -> str:
        """" to Haifa or Acre": where the piece ``action`` picks up may go
        (:meth:`spaces_after`); "" for an action not legal now."""
        found = self.spaces_after(action)
        return "" if found is None else " to " + either(found)

    def observation(self) -> np.ndarray:
        """What both players see (float32; the AEC env's and the vector env's ``observation``)."""
        found = importlib.import_module(self.observation_module)
        out = np.zeros(found.OBS_SIZE, dtype=np.float32)
        found.observe(self.state, out)
        return out


def segment_name(a: int, L: ModuleType, space_names, event_words: tuple[str, str]) -> str | None:
    """The words of action ``a`` in the action segments every COIN volume has
    (engine/coin/header.py: Stop, the Initiative Track's boxes and Passes, the
    event's two texts in ``event_words``, Operations, Special Activities, map
    spaces, counts); None for an action past them (the volume's own segments)."""
    if a == L.A_STOP:
        return "Stop / done"
    if L.A_BOX <= a < L.A_PASS:
        return f"Take the {L.BOX_NAMES[a - L.A_BOX]} box"
    if L.A_PASS <= a < L.A_EVENT_SIDE:
        return f"Pass (in the {L.BOX_NAMES[a - L.A_PASS]} box)"
    if L.A_EVENT_SIDE <= a < L.A_OP:
        return event_words[a - L.A_EVENT_SIDE]
    if L.A_OP <= a < L.A_SA:
        return L.OP_NAMES[a - L.A_OP]
    if L.A_SA <= a < L.A_SPACE:
        return L.SA_NAMES[a - L.A_SA]
    if L.A_SPACE <= a < L.A_COUNT:
        return space_names[a - L.A_SPACE]
    if L.A_COUNT <= a < L.A_CHIT:
        return f"{a - L.A_COUNT + 1}"
    return None


def action_words(L: ModuleType, space_names, event_words: tuple[str, str], own) -> tuple[str, ...]:
    """Every action of the volume in words, out of context: the segments every
    COIN volume has (:func:`segment_name`), the volume's own (``own(a)``: the
    words, None past them) and, where the volume has it, the other way of
    acting in a space (``L.A_ALT``)."""
    names = []
    for a in range(L.N_ACTIONS):
        name = segment_name(a, L, space_names, event_words)
        if name is None:
            name = own(a)
        if name is None and getattr(L, "A_ALT", L.N_ACTIONS) <= a:
            name = f"{space_names[a - L.A_ALT]} (the other way)"
        if name is None:
            raise AssertionError(f"{L.__name__}: action {a} has no words")
        names.append(name)
    return tuple(names)


def intel_chit_words(L: ModuleType):
    """``own`` of :func:`action_words` for a volume whose own segments are its
    Intel Chits, one action a value (1.6.1), and one more space (3.1)."""
    def own(a: int) -> str | None:
        if L.A_CHIT <= a < L.A_EXTRA:
            return f"Intel Chit of value {a - L.A_CHIT}"
        if a == L.A_EXTRA:
            return "One more space (Intelligence Lead / Offensive)"
        return None
    return own


def either(names: list[str], most: int = 4) -> str:
    """Space names as a choice reads them: "Haifa", "Haifa or Acre", "A, B or C";
    past ``most``, "any of N spaces"."""
    if not names:
        return "nowhere"
    if len(names) > most:
        return f"any of {len(names)} spaces"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
