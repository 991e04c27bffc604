"""What every COIN volume's state-dict reader checks alike (all volumes): the
deck (2.1), the decision context's raw fields and their ranges, the words a
dict repeats (decision, outcome, card, current agent), the capabilities in
play (5.3), the fresh card context of a scenario, the outcome, Propaganda
Round and Initiative Track cross-checks (2.3.2, 6.0, 7.0), what a dict
leaves out (the volume's setup, 2.1), a piece left to move from the space a
decision names, and the markers the counter mix holds (1.2).

A volume's reader subclasses :class:`CoinReader` and names its layout, its
cards and its context tables as class attributes; everything it checks of
its own (board, tracks, pools, its decision kinds) stays in the volume.
"""

from __future__ import annotations

import copy

import numpy as np

from ...errors import StateError
from ..statedict import Fields, show
from .header import BOX, CARD, COUNTERINSURGENT_WIN, D_BOX, D_EVENT_SPACE, D_OVER, D_SA_AFTER, D_SA_SPACE, \
    D_SPACE, DECK, DECK_DRAWN, DECK_RULES, DECK_SIZE, DR_CAMPAIGNS, DR_EXCLUDED, DR_INCLUDED, DR_PLACED, \
    FIRST_ELIGIBLE, INSURGENT_WIN, N_DECK_RULES, ONGOING, POLITICAL_WILL, RULE_PARAMETERS

SIDE_NAMES = ("unshaded", "shaded")

# Who decides a pending decision (Needs.executor, beside None and a faction's number) and the
# kind of card it happens on (Needs.card).
ANY, OP_FACTION_OF, SA_FACTION_OF = "any", "operation", "special activity"
EVENT_CARD, PROPAGANDA_CARD = "event", "Propaganda"


def event_neutral(any_filter: int, **own) -> dict:
    """The event block's values while no event runs (5.0), as the kernels leave
    them (``any_filter``: the volume's "any space" event filter), and ``own``:
    the volume's own event fields."""
    return {"event_card": 0, "event_side": 0, "event_step": 0, "event_pick": 0, "event_picks_left": 0,
            "event_pick_optional": 0, "event_space_bits": 0, "event_space": -1, "event_op_filter": any_filter,
            "event_op_mode": 0, "event_special_activity": -1, **own}


class Needs:
    """What one pending decision kind needs of the context; a volume's table
    ``DECISION_NEEDS`` holds one per kind a dict may store (a subclass adds the
    volume's own needs). ``executor``: None (any, -1 included), ANY (a
    faction), a faction's number, OP_FACTION_OF / SA_FACTION_OF (the faction
    of the Operation / Special Activity); ``ops``: the Operations it may run in
    (-1 among them: outside one; None: none, the Operation's fields neutral);
    ``sas``: the Special Activities likewise; ``current`` / ``second``:
    current_space / second_space must name a map space (any true value: a
    volume may give the kind of space and check it); ``event``: True (an event
    runs), False (the event fields neutral) or None (either); ``card``:
    EVENT_CARD, PROPAGANDA_CARD or None (either); ``automatic``: a step the
    kernels take by themselves, stored only while something the volume owes
    interrupts it."""

    def __init__(self, executor=None, ops=None, sas=None, current=None, second=None, event=None, card=None,
                 automatic=False):
        self.executor, self.ops, self.sas, self.current, self.second = executor, ops, sas, current, second
        self.event, self.card, self.automatic = event, card, automatic


_SETUPS: dict = {}      # reader class -> (its volume's setup as a state dict, the setup's 1st Eligible)


class CoinReader:
    """Checks a COIN state dict field by field; errors name the field.

    Class attributes a volume sets: ``volume``; ``layout`` (its ``Layout``);
    ``state_size``; ``new_game`` (the kernel dealing a fresh deck);
    ``prefix`` ("P", "C"); ``n_event_cards``; ``propaganda_cards``;
    ``card_titles``; ``faction_names``; ``outcome_names``; ``decision_names``;
    ``capability_slots`` (card -> slot of the ``capabilities`` field) and
    ``single_text`` (the event cards with one text only: no shaded side, nor shaded capability);
    ``context_fields`` / ``context_arrays`` with their ``(lo, hi)`` ranges;
    ``game_class`` and ``setup_kernel`` (the volume's setup, 2.1: what a dict
    leaves out, :meth:`given`); ``space_names``, ``piece_names`` and
    ``space_fields`` (the map block of the row, :meth:`left_in`); and
    ``insurgent_victory_slot``, the rule parameter of the insurgent's victory
    level (7.0.1); ``special_activity_alone`` where a Special Activity may run
    with no Operation to return to.
    A reader that names its ``game_class`` (a COIN game with ``layout`` and
    ``turns`` modules) gets from it the attributes every volume reads alike
    (``volume``, ``layout``, ``state_size``, ``new_game``, the names of its
    factions, outcomes, decisions and pieces, ``space_fields``, the Operations'
    and Special Activities' names and factions) and becomes the
    game's ``reader``.
    It defines ``check_context(s)``: the checks of the decision context, which
    :meth:`read_the_rest` calls: the shared ones of a decision kind's
    :class:`Needs` (:meth:`check_card_kind`, :meth:`check_who_decides`,
    :meth:`check_operation_fields`, :meth:`check_spaces_named`,
    :meth:`check_event_fields`) and the volume's own."""

    volume = ""
    layout = None
    state_size = 0
    new_game = None
    prefix = ""
    n_event_cards = 0
    propaganda_cards: tuple[int, ...] = ()
    card_titles: tuple[str, ...] = ()
    faction_names: tuple[str, ...] = ()
    outcome_names: tuple[str, ...] = ()
    decision_names: tuple[str, ...] = ()
    capability_slots: dict[int, int] = {}
    single_text: tuple[int, ...] = ()
    context_fields: tuple[str, ...] = ()
    context_arrays: tuple[str, ...] = ()
    context_ranges: dict = {}
    context_array_ranges: dict = {}
    game_class = None
    setup_kernel = None
    space_names: tuple[str, ...] = ()
    piece_names: tuple[str, ...] = ()
    space_fields = 0
    insurgent_victory_slot = -1     # the rule parameter of the insurgent's victory level (7.0.1), -1 none
    op_names: tuple[str, ...] = ()
    sa_names: tuple[str, ...] = ()
    op_faction = ()                 # Operation -> the faction that runs it (3.0)
    sa_faction = ()                 # Special Activity -> its faction (4.0)
    special_activity_alone = False  # a Special Activity may run with no Operation to return to

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        game = cls.__dict__.get("game_class")
        if game is None:
            return
        L = game.layout
        cls.volume = game.volume
        cls.layout = L.LAYOUT
        cls.state_size = L.STATE_SIZE
        cls.new_game = staticmethod(game.turns.new_game)
        cls.faction_names = L.FACTION_NAMES
        cls.outcome_names = L.OUTCOME_NAMES
        cls.decision_names = L.DECISION_NAMES
        cls.piece_names = L.PIECE_NAMES
        cls.space_fields = L.SPACE_FIELDS
        cls.op_names, cls.sa_names = L.OP_NAMES, L.SA_NAMES
        cls.op_faction, cls.sa_faction = L.OP_FACTION, L.SA_FACTION
        game.reader = cls       # the game's state-dict reader (variants.py reads the volume's facts from it)

    def __init__(self, d: dict):
        self.d = d
        self.f = Fields(f"{self.volume} state dict")

    def begin(self, cls, top_keys):
        """The first checks of a volume's ``build``: the top-level keys, the
        layout version and the board given; then the empty game of ``cls`` to
        fill, with Political Will read (1.9)."""
        f, d = self.f, self.d
        f.keys(d, "", top_keys)
        f.choice(d.get("layout_version", self.layout.version), "layout_version", (self.layout.version,))
        if "spaces" not in d:
            self.fail("missing key 'spaces' (map space name -> pieces)")
        game = cls._new_loaded(f, d)
        game.state[POLITICAL_WILL] = self.count(self.given("political_will"), "political_will", cls.layout.PW_MAX)
        return game

    def fail(self, msg: str):
        raise StateError(f"{self.volume} state dict: {msg}")

    def count(self, value, what, hi):
        return self.f.integer(value, what, 0, hi)

    def offset(self, field: str) -> int:
        return self.layout.fields[field][0]

    # ---------------------------------------------------------- defaults --
    @classmethod
    def setup(cls) -> tuple[dict, int]:
        """The volume's setup (2.1, before the first card) as its ``to_dict``
        writes it, and the faction the setup makes 1st Eligible: where a dict
        leaves a field out, the setup's value stands, alike in every volume."""
        found = _SETUPS.get(cls)
        if found is None:
            game = cls.game_class._bare(np.zeros(cls.state_size, dtype=np.int64))
            cls.setup_kernel(game.state, np.int64(0))
            found = _SETUPS[cls] = (game.to_dict(), int(game.state[FIRST_ELIGIBLE]))
        return found

    def given(self, key: str):
        """``d[key]``, or the setup's value when the dict leaves ``key`` out."""
        return self.d[key] if key in self.d else copy.deepcopy(self.setup()[0][key])

    def given_part(self, part: dict, key: str, name: str):
        """``part[name]`` of the mapping ``d[key]``, or the setup's when left out."""
        return part[name] if name in part else copy.deepcopy(self.setup()[0][key][name])

    # ----------------------------------------------------- context vs board --
    def left_in(self, s, space: int, pieces, moved: str | None = None) -> int:
        """How many of ``pieces`` (piece columns) stand in ``space``, less those
        that already moved there this step (the context array ``moved``)."""
        at = self.offset("spaces") + space * self.space_fields
        have = sum(int(s[at + p]) for p in pieces)
        return have - (int(s[self.offset(moved) + space]) if moved else 0)

    def require_left(self, s, space: int, pieces, moved, name: str, rule: str, field: str = "current_space"):
        """The decision ``name`` moves or spends one of ``pieces`` from ``space``
        (named by context.``field``): at least one must be left there."""
        if self.left_in(s, space, pieces, moved) <= 0:
            what = " or ".join(self.piece_names[p] for p in pieces)
            self.fail(f"context.{field}: {name} needs {what} in {self.space_names[space]}, and none is left there "
                      f"(less those that already moved this step, {rule})")

    def check_arrivals(self, s, ctx, op: int, op_name: str, pieces: str, underground: int, active: int,
                       arrays=()):
        """The insurgent's move Operation ``op`` (3.3.2; its name ``op_name``): of the
        pieces that moved into a space (``moved_here``), those that arrived
        Active (``moved_here_active``, with the ``arrays`` of the move) are set
        only during it, and no more arrived than stand there (the piece columns
        ``underground`` and ``active``)."""
        n = len(self.space_names)
        moved = s[self.offset("moved_here"):self.offset("moved_here") + n]
        arrived_active = s[self.offset("moved_here_active"):self.offset("moved_here_active") + n]
        if not arrived_active.any() and not any(s[self.offset(a):self.offset(a) + n].any() for a in arrays):
            return
        if ctx["operation"] != op:
            self.fail(f"context.{' and '.join(('moved_here_active',) + tuple(arrays))} must be all 0 outside a "
                      f"{op_name} (3.3.2)")
        for sp in range(n):
            here = self.offset("spaces") + sp * self.space_fields
            if arrived_active[sp] > moved[sp] or arrived_active[sp] > s[here + active] \
                    or moved[sp] - arrived_active[sp] > s[here + underground]:
                self.fail(f"context.moved_here_active[{sp}]: more {pieces} arrived in {self.space_names[sp]} this "
                          f"{op_name} than are there (3.3.2)")

    def check_marker_supply(self, s, columns, total: int, what: str, rule: str):
        """The markers of ``columns`` on the whole map are at most the ``total``
        the counter mix holds."""
        at, n = self.offset("spaces"), len(self.space_names)
        on_map = int(sum(s[at + i * self.space_fields + c] for i in range(n) for c in columns))
        if on_map > total:
            self.fail(f"spaces: {on_map} {what} on the map; the game has {total} ({rule})")

    # ------------------------------------------------------------ writing --
    @classmethod
    def written(cls, s, names, piece_keys, spaces, fields, chits_at) -> dict:
        """What a volume's ``to_dict`` writes alike, the inverse of the readers
        below: ``capabilities``, ``intel_chits`` (values of the chits held, from
        the per-value counts at ``chits_at``; none when it is None: a volume
        writing its chits its own way), ``spaces`` (only non-empty spaces and
        pieces), ``played_cards``, ``undrawn_cards`` and the raw ``context``."""
        at = cls.layout.fields["capabilities"][0]
        caps = {f"{cls.prefix}{card}": SIDE_NAMES[int(s[at + slot]) - 1]
                for card, slot in cls.capability_slots.items() if s[at + slot] > 0}
        board = {}
        for i, name in enumerate(names):
            row = s[spaces + i * fields:spaces + (i + 1) * fields]
            pieces = {k: int(v) for k, v in zip(piece_keys, row) if v}
            if pieces:
                board[name] = pieces
        context = {k: int(s[cls.layout.fields[k][0]]) for k in cls.context_fields}
        for k in cls.context_arrays:
            o, n = cls.layout.fields[k]
            context[k] = [int(v) for v in s[o:o + n]]
        drawn = int(s[DECK_DRAWN])
        chits = {} if chits_at is None else \
            {"intel_chits": [v for v in range(3) for _ in range(int(s[chits_at + v]))]}
        return {"capabilities": caps,
                **chits,
                "spaces": board,
                "played_cards": [int(c) for c in s[DECK:DECK + drawn]],
                "undrawn_cards": [int(c) for c in s[DECK + drawn:DECK + DECK_SIZE]],
                "context": context}

    # ------------------------------------------------------------- board --
    def read_spaces(self, s, names, piece_keys, piece_max, spaces, fields):
        """``spaces``: map space name -> {piece: count}, each count in its range
        (``piece_max``); the row's per-space block starts at ``spaces``, ``fields`` a space."""
        f = self.f
        given = f.mapping(self.d["spaces"], "spaces", "a mapping of space name -> pieces")
        for name, pieces in given.items():
            if not isinstance(name, str) or name not in names:
                self.fail(f"unknown space {show(name)}; spaces: {', '.join(names)}")
            i = names.index(name)
            f.mapping(pieces, f"spaces.{name}", "a mapping of piece -> count")
            for key, n in pieces.items():
                if not isinstance(key, str) or key not in piece_keys:
                    self.fail(f"unknown piece {show(key)} in {name}; pieces: {', '.join(piece_keys)}")
                p = piece_keys.index(key)
                s[spaces + i * fields + p] = self.count(n, f"spaces.{name}.{key}", piece_max[p])

    def read_chits(self, s, key, held, values, per_value, what, rule):
        """A list of chit values (0..``values`` - 1) into the row's per-value
        counts at ``held``, at most ``per_value`` of each (``what``: the chits,
        ``rule``: their rule number, for the message)."""
        chits = self.f.integers(self.given(key), key, 0, values - 1, values * per_value)
        for v in chits:
            s[held + v] += 1
        if (s[held:held + values] > per_value).any():
            self.fail(f"{key}: at most {per_value} {what} of each value exist ({rule})")

    def read_the_rest(self, game):
        """After the board: the deck, the decision context (the scenario's fresh
        card context without one), the capabilities, the volume's context
        checks (``check_context``), the words a dict repeats; then the game's
        own load checks (invariants, a legal action, the history)."""
        f, d, s = self.f, self.d, game.state
        self.read_deck(s, game)
        ctx = d.get("context")
        if ctx is None:
            ctx = self.fresh_card_context(s, d)
            saved = False
        else:
            f.mapping(ctx, "context", "a mapping of context field -> value")
            saved = True
            if "first_eligible" in d:
                self.fail("first_eligible: give it only without a 'context' (context.first_eligible says it)")
        self.read_context(s, ctx)
        self.read_capabilities(s, d.get("capabilities"), saved)
        self.check_context(s)
        self.check_derived(game)
        return game._finish_load(f, d)

    # -------------------------------------------------------------- deck --
    def read_deck(self, s, game):
        """``played_cards`` (the last is the card in play) and ``undrawn_cards``,
        or neither (the seed's fresh deck): 21 distinct cards with every
        Propaganda card (2.1)."""
        f, d = self.f, self.d
        if "played_cards" not in d and "undrawn_cards" not in d:
            fresh = np.zeros(self.state_size, dtype=np.int64)
            if game.variant is not None:
                type(game).turns.new_variant_game(fresh, np.int64(game.seed), game.variant.patch)
            else:
                self.new_game(fresh, np.int64(game.seed))
            played = [int(fresh[DECK])]
            undrawn = [int(c) for c in fresh[DECK + 1:DECK + DECK_SIZE]]
        elif "played_cards" not in d or "undrawn_cards" not in d:
            self.fail("give both 'played_cards' and 'undrawn_cards', or neither (a fresh deck)")
        else:
            top = self.n_event_cards + len(self.propaganda_cards)
            played = f.integers(d["played_cards"], "played_cards", 1, top, DECK_SIZE, 1)
            undrawn = f.integers(d["undrawn_cards"], "undrawn_cards", 1, top, DECK_SIZE)
        deck = played + undrawn
        if sorted(c for c in deck if c in self.propaganda_cards) != list(self.propaganda_cards) \
                or len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
            first, last = self.propaganda_cards[0], self.propaganda_cards[-1]
            self.fail(f"the deck must be {DECK_SIZE} distinct cards including {self.prefix}{first}-"
                      f"{self.prefix}{last} (2.1), played_cards then undrawn_cards")
        rules = s[DECK_RULES:DECK_RULES + N_DECK_RULES]
        placed = 0
        for p in range(len(self.propaganda_cards)):          # one pile per Propaganda card (2.1)
            placed |= int(rules[DR_PLACED + p])
        for c in deck:
            if c <= self.n_event_cards and (int(rules[DR_EXCLUDED]) >> c) & 1:
                self.fail(f"the deck holds {self.prefix}{c}, which the variant removed")
        for c in range(1, self.n_event_cards + 1):
            if ((int(rules[DR_INCLUDED]) | placed) >> c) & 1 and c not in deck:
                self.fail(f"the deck lacks {self.prefix}{c}, which the variant always deals")
        s[DECK:DECK + DECK_SIZE] = deck
        s[DECK_DRAWN] = len(played)
        s[CARD] = deck[len(played) - 1]

    # ----------------------------------------------------------- context --
    def read_context(self, s, ctx):
        """Every raw context field, present and in its range."""
        f = self.f
        keys = self.context_fields + self.context_arrays
        f.keys(ctx, "context", keys, keys)
        for k in self.context_fields:
            lo, hi = self.context_ranges[k]
            s[self.offset(k)] = f.integer(ctx[k], f"context.{k}", lo, hi)
        for k in self.context_arrays:
            lo, hi = self.context_array_ranges[k]
            n = self.layout.fields[k][1]
            s[self.offset(k):self.offset(k) + n] = f.integers(ctx[k], f"context.{k}", lo, hi, n, n)

    def context_values(self, s) -> dict:
        return {k: int(s[self.offset(k)]) for k in self.context_fields}

    def fresh_card_context(self, s, d) -> dict:
        """No 'context': the card just revealed, the 1st Eligible about to choose a box."""
        first = self.f.choice(d.get("first_eligible", self.faction_names[self.setup()[1]]), "first_eligible",
                              self.faction_names)
        drawn = int(s[DECK_DRAWN])
        played = [int(c) for c in s[DECK:DECK + drawn]]
        if played[-1] in self.propaganda_cards:
            self.fail("without a 'context' the last played card must be an event card")
        ctx = {k: 0 for k in self.context_fields}
        ctx.update(executor=-1, decision=D_BOX, operation=-1, current_space=-1, second_space=-1,
                   special_activity=-1, event_space=-1, event_special_activity=-1,
                   first_eligible=self.faction_names.index(first),
                   propaganda_rounds=sum(1 for c in played if c in self.propaganda_cards))
        for k in self.context_arrays:
            ctx[k] = [0] * self.layout.fields[k][1]
        ctx["box"] = [-1, -1]
        return ctx

    def check_outcome_and_rounds(self, s, d, name):
        """The game is over exactly when an outcome is set, and that outcome is
        the rules' (6.0, 7.0); the Propaganda Rounds done match the cards played."""
        ctx = self.context_values(s)
        played = [int(c) for c in s[DECK:DECK + int(s[DECK_DRAWN])]]
        props = sum(1 for c in played if c in self.propaganda_cards)
        card = int(s[CARD])
        outcome, rounds = ctx["outcome"], ctx["propaganda_rounds"]
        insurgent = self.faction_names[1]
        if (outcome != ONGOING) != (d == D_OVER):
            self.fail(f"context.outcome {self.outcome_names[outcome]} does not match {name}: "
                      "the game is over exactly when an outcome is set")
        final = int(s[DECK_RULES + DR_CAMPAIGNS])      # the game's Propaganda cards: the printed ones, or a variant's
        if outcome == COUNTERINSURGENT_WIN and not (rounds == props == final):
            self.fail(f"context.outcome {self.outcome_names[outcome]} needs the final Propaganda card played and "
                      "its round done (7.0.2)")
        # The insurgent's victory level (7.0.1): 0, or a variant's rule parameter.
        won_at = int(s[RULE_PARAMETERS + self.insurgent_victory_slot]) if self.insurgent_victory_slot >= 0 else 0
        if outcome == INSURGENT_WIN and not (card in self.propaganda_cards and s[POLITICAL_WILL] <= won_at
                                             and rounds == props - 1):
            self.fail(f"context.outcome {insurgent}_victory needs Political Will at or below the victory level (0 in the printed rules) at a Propaganda card's "
                      "Political Will Phase (7.0.1)")
        if outcome == ONGOING and rounds != props:
            self.fail(f"context.propaganda_rounds {rounds} does not match the {props} Propaganda card(s) "
                      "among played_cards (2.4, 6.0)")
        if outcome == ONGOING and props >= final:
            self.fail("played_cards: the final Propaganda card ends the game (7.0.2)")

    def check_boxes(self, s, d) -> list[int]:
        """Each faction at most one box, never the same one; at a box decision
        the 1st Eligible chooses first, then the 2nd (2.3.2). The boxes."""
        ctx = self.context_values(s)
        box = [int(b) for b in s[BOX:BOX + 2]]
        if box[0] >= 0 and box[0] == box[1]:
            self.fail("context.box: the two factions cannot take the same box (2.3.2)")
        if d == D_BOX:
            mover = ctx["first_eligible"] if ctx["card_step"] == 0 else 1 - ctx["first_eligible"]
            if box[mover] != -1 or (ctx["card_step"] == 1 and box[1 - mover] == -1) \
                    or (ctx["card_step"] == 0 and box[1 - mover] != -1):
                self.fail("context.box does not match context.card_step: the 1st Eligible chooses "
                          "first, then the 2nd (2.3.2)")
        return box

    # --------------------------------------------- the decision's needs --
    def check_card_kind(self, need, card, name):
        """The decision happens on the kind of card it needs (an event card, or a
        Propaganda card's round, 6.0)."""
        title = self.card_titles[card - 1]
        if need.card == EVENT_CARD and card in self.propaganda_cards:
            self.fail(f"{name} needs an event card in play, not {title}")
        if need.card == PROPAGANDA_CARD and card not in self.propaganda_cards:
            self.fail(f"{name} happens in a Propaganda Round (6.0), not on {title}")

    def check_who_decides(self, need, ctx, name):
        """The Operation and Special Activity the decision runs in, and the
        executor its need names; an Operation (3.0) and a Special Activity (4.0)
        are run by their own faction."""
        ex, op, sa = ctx["executor"], ctx["operation"], ctx["special_activity"]
        if need.ops is not None and op not in need.ops:
            allowed = ", ".join(self.op_names[o] if o >= 0 else "none" for o in need.ops)
            self.fail(f"context.operation {op} does not fit {name}: one of {allowed}")
        if need.sas is not None and sa not in need.sas:
            allowed = ", ".join(self.sa_names[a] if a >= 0 else "none" for a in need.sas)
            self.fail(f"context.special_activity {sa} does not fit {name}: one of {allowed}")
        if need.executor == ANY and ex < 0:
            self.fail(f"context.executor must name a faction for {name}")
        if isinstance(need.executor, int) and ex != need.executor:
            self.fail(f"context.executor must be {self.faction_names[need.executor]} for {name}")
        if need.executor == OP_FACTION_OF and (op < 0 or ex != self.op_faction[op]):
            self.fail(f"context.executor must be the faction of the Operation for {name}")
        if need.executor == SA_FACTION_OF and (sa < 0 or ex != self.sa_faction[sa]):
            self.fail(f"context.executor must be the faction of the Special Activity for {name}")
        if op >= 0 and ex != self.op_faction[op]:
            self.fail(f"context.executor {ex} is not the faction of context.operation {self.op_names[op]}")
        if sa >= 0 and ex != self.sa_faction[sa]:
            self.fail(f"context.executor {ex} is not the faction of context.special_activity {self.sa_names[sa]}")

    def check_operation_fields(self, s, d, need, ctx, name, neutral, arrays=("selected_spaces",), kept=()):
        """Outside an Operation its fields are ``neutral`` and its context
        ``arrays`` all 0 (but the fields ``kept`` at this decision); the Special
        Activity's fields (4.1); the spaces selected, at most the limit (3.1)."""
        sa = ctx["special_activity"]
        if need.ops is None:
            for k, v in neutral.items():
                if ctx[k] != v and k not in kept:
                    self.fail(f"context.{k} must be {v} outside an Operation ({name})")
            if any(s[self.offset(a):self.offset(a) + self.layout.fields[a][1]].any() for a in arrays):
                self.fail(f"context.{' and '.join(arrays)} must be all 0 outside an Operation ({name})")
        if need.sas is None and sa != -1:
            self.fail(f"context.special_activity must be -1 for {name}")
        back = ctx["special_activity_return"]
        if d == D_SA_SPACE and (ctx["special_activity_used"] != 1
                                or (back not in (D_SPACE, D_SA_AFTER) and not self.special_activity_alone)):
            self.fail(f"context.special_activity_used / special_activity_return do not fit {name}")
        if back not in (0, D_SPACE, D_SA_AFTER):
            self.fail("context.special_activity_return must be 0, the space decision or the after-Operation "
                      "decision")
        selected = self.offset("selected_spaces")
        if ctx["n_selected"] != int(s[selected:selected + len(self.space_names)].sum()):
            self.fail("context.n_selected must count the 1s in context.selected_spaces")
        if ctx["n_selected"] > ctx["space_limit"] and d != D_OVER:
            self.fail("context.n_selected must not exceed context.space_limit (3.1)")
        if ctx["special_activity_spaces"] != bin(ctx["special_activity_space_bits"]).count("1"):
            self.fail("context.special_activity_spaces must count the bits of special_activity_space_bits")

    def check_spaces_named(self, need, ctx, name):
        """current_space and second_space name a map space where the decision needs one."""
        for key, wanted in (("current_space", need.current), ("second_space", need.second)):
            if wanted and ctx[key] < 0:
                self.fail(f"context.{key} must name a map space for {name}")

    def event_in_play(self, ev: int, card: int) -> bool:
        """Whether the running event ``ev`` belongs to the card in play (a volume
        whose event reaches into a Propaganda Round says so here)."""
        return card == ev

    def check_event_fields(self, d, need, ctx, card, name, neutral):
        """A running event (5.0) has its card in play, a text it has, and the
        pick a space decision asks for; otherwise its fields are ``neutral``."""
        ev = ctx["event_card"]
        if need.event is True and ev == 0:
            self.fail(f"context.event_card must name the event being executed for {name}")
        if (need.event is False and ev != 0) or (ev == 0 and any(ctx[k] != v for k, v in neutral.items())):
            bad = [k for k, v in neutral.items() if ctx[k] != v]
            self.fail(f"context.{bad[0]} must be {neutral[bad[0]]} when no event is running ({name})")
        if ev and not self.event_in_play(ev, card):
            self.fail(f"context.event_card {self.prefix}{ev} is not the card in play")
        if ev and ctx["event_side"] == 1 and ev in self.single_text:
            self.fail(f"context.event_side: {self.prefix}{ev} has one text only")
        if d == D_EVENT_SPACE and (ctx["event_pick"] == 0 or ctx["event_picks_left"] == 0):
            self.fail(f"context.event_pick / event_picks_left must be set for {name}")

    def check_derived(self, game):
        """The words a dict repeats (decision, outcome, card, current_agent) must match the context."""
        for key, value in (("decision", game.phase), ("outcome", game.outcome), ("current_agent", game.current_agent),
                           ("card", self.card_titles[int(game.state[CARD]) - 1])):
            if key in self.d and (type(self.d[key]) is not type(value) or self.d[key] != value):
                self.fail(f"{key} {show(self.d[key])} does not match the state it describes ({value!r})")

    # ------------------------------------------------------ capabilities --
    def read_capabilities(self, s, caps, saved):
        """``{"<prefix><n>": "unshaded" | "shaded", ...}``: capabilities in play
        (5.3; a one-text card only "unshaded"), each key written as ``to_dict``
        writes it ("C9", never "C09" or "c9"). In a saved game (a dict with a
        context) it must equal context.capabilities. A capability in play is
        not tied to the deck: a scenario may put one in play without listing
        its card among played_cards (as a position set up mid-game does), and
        the dicts it saves must load back the same (docs/api.md)."""
        f = self.f
        n_slots = len(self.capability_slots)
        at = self.offset("capabilities")
        from_context = [int(v) for v in s[at:at + n_slots]]
        keys = {f"{self.prefix}{card}": card for card in self.capability_slots}
        if caps is None:
            slots = from_context
        else:
            f.mapping(caps, "capabilities", f"a mapping of card ('{self.prefix}{min(self.capability_slots)}') -> "
                                            "'unshaded' or 'shaded'")
            slots = [0] * n_slots
            for key, side in caps.items():
                card = keys.get(key) if isinstance(key, str) else None
                if card is None:
                    self.fail(f"capabilities: {show(key)} is not a capability card ({', '.join(keys)})")
                sides = SIDE_NAMES[:1] if card in self.single_text else SIDE_NAMES
                slots[self.capability_slots[card]] = 1 + SIDE_NAMES.index(f.choice(side, f"capabilities.{key}", sides))
            if saved and slots != from_context:
                self.fail("capabilities does not match context.capabilities")
        for card, slot in self.capability_slots.items():
            if card in self.single_text and slots[slot] == 2:
                self.fail(f"context.capabilities: {self.prefix}{card} has one text only (5.3)")
        s[at:at + n_slots] = slots
