"""A person's game against a bot: what the terminal (``britishway play``) and
the page (``britishway serve``) share.

A :class:`PlaySession` holds a game, the seats the person plays and the
policy of the others (a scripted bot, a random player, a trained network,
the search, or ``league``: the member of the seat's league mixture drawn for
this game from its seed, kept for the whole game: britishway_env/league.py).
It moves the bot, applies decisions that offer a single choice, keeps a log
of every decision (who, what, the dice rolled, why the bot chose it), and
takes decisions back: ``undo`` (the person's last decision with the replies
that followed) and ``abort`` (back to the start of the person's current
action). Everything is rebuilt by replaying the history from the seed: the
bots are deterministic given the position (the random bot draws from a
generator seeded by the game's seed and length), so a replay is the game.

A session may play a COIN volume's *variant* (britishway_env/variants.py,
docs/variants.md): every replay starts ``Game(volume, seed, variant=...)``,
a save records the variant's checked mapping (key ``variant``; its snapshot,
the game's state dict, records it too) and loading the save plays it again.

What a volume shows a person (its board in words, the card in play, dice in
words, a bot's reasons, where an action starts) comes from the volume's
table module (``VolumeSpec.table``).
"""

from __future__ import annotations

import json
import numbers
from dataclasses import dataclass, field
from typing import Any, Callable

from .engine.statedict import check_seed
from .errors import IllegalActionError, StateError, UnknownPolicyError, VariantError
from .game import Game
from .registry import is_volume, spec, volume_names

MAX_SAVE_BYTES = 8 * 2**20          # the longest game of any volume saves well under 1 MiB
SAVE_KEYS = ("volume", "seed", "actions")
OPTIONAL_SAVE_KEYS = ("snapshot", "human", "bot", "variant", "sandbox")
YOU, BOT, AUTO = "you", "bot", "auto"   # who took a logged decision (AUTO: the only legal choice)


@dataclass
class Entry:
    """One decision of the log."""

    index: int                  # its place in the game's history
    seat: str | None            # the seat that decided
    by: str                     # YOU, BOT or AUTO
    action: int
    text: str                   # the choice in words, as offered
    card: str                   # the card in play when it was taken
    campaign: int               # 1, 2, ... (a volume's campaigns: between Propaganda cards, or turns)
    decision: str               # the pending decision, in words
    dice: list[str] = field(default_factory=list)     # rolls, in words
    changes: list[str] = field(default_factory=list)  # what changed on the board, in words
    reason: str = ""            # why the bot chose it
    starts_action: bool = False  # the first decision of an action (where abort goes back to)
    chance: str = ""            # the chance it showed (dice, a chit draw, a card revealed), in words; "" none

    def to_dict(self) -> dict:
        """The entry as ``dataclasses.asdict`` gives it (its lists of words copied),
        without the recursive deep copy: the web page's view sends the whole log at
        every decision."""
        return {k: list(v) if isinstance(v, list) else v for k, v in self.__dict__.items()}

    def line(self, seat_names: dict[str, str] | None = None) -> str:
        who = (seat_names or {}).get(self.seat, self.seat or "")
        tag = {YOU: "you", BOT: "bot", AUTO: "only choice"}[self.by]
        return f"{who} ({tag}): {self.text}{self.details()}"

    def details(self) -> str:
        """The dice and the board's changes, as the log prints them after the choice."""
        out = f"  [{'; '.join(self.dice)}]" if self.dice else ""      # each roll or draw says what it is
        return out + (f"  -> {'; '.join(self.changes)}" if self.changes else "")


def table(volume: str):
    """The volume's table module (what a person is shown), or StateError."""
    found = spec(volume)
    if found.table is None:
        raise StateError(f"{volume} cannot be played against a bot yet")
    return found.resolve(found.table)


def check_policy(volume: str, policy: str, seats: tuple[str, ...]) -> str:
    """``policy`` if the volume's bot plays it for every one of ``seats``; UnknownPolicyError otherwise."""
    found = spec(volume)
    if not isinstance(policy, str) or not policy:
        raise UnknownPolicyError(f"a bot is named by a string, got {policy!r}")
    if found.bot is None:
        raise UnknownPolicyError(f"{volume} has no bot to play against")
    from agents.trained import is_learned, load_network

    from . import league, search

    if league.is_league(policy):
        for seat in seats:
            league.load(volume, seat)                   # each bot seat's league file, checked now
        return policy
    if is_learned(policy):
        for seat in seats:
            load_network(policy, volume, seat)          # checked now, not at the bot's first move
        return policy
    if search.is_search(policy):
        search.check(volume, policy)
        return policy
    if policy not in found.policies:
        raise UnknownPolicyError(f"unknown bot {policy!r} for {volume}: use one of {', '.join(found.policies)}, "
                                 f"{found.policy_help}")
    return policy


def check_seats(volume: str, human) -> tuple[str, ...]:
    """The seats a person plays, checked: a list of the volume's agents (all of them: no bot)."""
    agents = spec(volume).agents
    if isinstance(human, str):
        human = [human]
    if not isinstance(human, (list, tuple)) or not human:
        raise StateError(f"the seats a person plays must be a non-empty list of {', '.join(agents)}")
    out = []
    for seat in human:
        if seat not in agents:
            raise StateError(f"{seat!r} is not a seat of {volume}: use {', '.join(agents)}")
        if seat in out:
            raise StateError(f"seat {seat!r} is listed twice")
        out.append(seat)
    return tuple(a for a in agents if a in out)


class PlaySession:
    """One game: the person's seats against ``bot`` in the others."""

    def __init__(self, volume: str, seed: int = 0, human=None, bot: str | None = "heuristic",  # a policy or a level
                 actions: list[int] | None = None, before_replay: Callable[[str], Any] | None = None,
                 snapshot: dict | None = None, variant: Any = None, sandbox: bool = False):
        if not is_volume(volume):
            raise StateError(f"unknown volume {volume!r}; implemented volumes: {', '.join(sorted(volume_names()))}")
        self.volume = volume
        self.spec = spec(volume)
        self.table = table(volume)
        self.seed = check_seed(seed)
        if not isinstance(sandbox, bool):
            raise StateError(f"sandbox must be true or false, got {sandbox!r}")
        self.sandbox = sandbox      # full undo allowed (chance_barrier), marked on the save
        self.variant = None         # the variant played (a checked Variant), None: the base game
        if variant is not None:
            from .variants import resolve

            found = resolve(volume, variant)
            self.variant = None if found.is_base else found
        self.human = check_seats(volume, human if human is not None else self.spec.agents[:1])
        self.bot_seats = tuple(a for a in self.spec.agents if a not in self.human)
        if self.bot_seats and isinstance(bot, str):
            from .levels import policy_of

            bot = policy_of(volume, bot)        # a level's name plays its agent
        self.bot = check_policy(volume, bot, self.bot_seats) if self.bot_seats else None
        if before_replay is not None:
            before_replay(volume)
        self._replay(list(actions or []), snapshot)

    # ------------------------------------------------------------ reading --
    @property
    def over(self) -> bool:
        return self.game.is_terminal()

    @property
    def to_move(self) -> str | None:
        return self.game.current_agent

    def persons_turn(self) -> bool:
        """The person decides now (the game is not over and the seat to act is theirs)."""
        return not self.over and self.to_move in self.human

    def choices(self) -> list[tuple[int, str]]:
        """The person's legal choices now: (action, name in rulebook words)."""
        if not self.persons_turn():
            return []
        return [(a, self.game.action_name(a)) for a in self.game.legal_actions()]

    def variant_line(self) -> str:
        """The variant played in one line: its name and changes (``variants.describe``), or "base game"."""
        from .variants import describe

        return describe(self.variant)

    def bot_words(self) -> str:
        """The bot in words: its level and ladder rating (britishway_env/levels.py) where a level names it."""
        if self.bot is None:
            return "no bot: you play every seat"
        from .levels import level_of

        lv = level_of(self.volume, self.bot)
        if lv is None:
            return f"the {self.bot} bot (not a level of the ladder: no rating)"
        return f"the {lv.name} level ({lv.policy}: {lv.what}); {lv.rating_words()}"

    def scores_meaning(self) -> str:
        """What the scripted bot's scores in its reasons are, in full ("" when the bot is not the scripted one)."""
        return getattr(self.table, "scores_are", "") if self.bot == "heuristic" else ""

    def seat_name(self, seat: str | None) -> str:
        return self.spec.faction(seat) if seat in self.spec.agents else (seat or "")

    def result(self) -> str:
        if not self.over:
            return ""
        winner = self.game.winner
        who = "you win" if winner in self.human else ("the bot wins" if winner is not None else "nobody wins")
        if not self.bot_seats:
            who = f"{self.seat_name(winner)} wins" if winner is not None else "nobody wins"
        return f"{self.game.outcome.replace('_', ' ')}: {who}"

    def card(self) -> str:
        """The card in play now, as the log names it."""
        return self.table.card(self.game)

    def entries_this_card(self) -> list[Entry]:
        """The decisions taken on the card in play now (none when it was just revealed)."""
        card, campaign = self.card(), self.table.campaign(self.game)
        return [e for e in self.log if e.card == card and e.campaign == campaign]

    def log_lines(self, scope: str = "card") -> list[str]:
        """The log in words: "card" (this card), "campaign" (since the last campaign began) or "all"."""
        if not self.log:
            return []
        last = self.log[-1]
        if scope == "card":
            entries = [e for e in self.log if e.card == last.card and e.campaign == last.campaign]
        elif scope == "campaign":
            entries = [e for e in self.log if e.campaign == last.campaign]
        else:
            entries = self.log
        names = {a: self.seat_name(a) for a in self.spec.agents}
        lines, card = [], None
        for e in entries:
            if e.card != card:
                card = e.card
                lines.append(f"-- {card or 'setup'} (campaign {e.campaign})")
            lines.append(f"  {e.index + 1:>3}. {e.line(names)}")
        return lines

    def round_summaries(self) -> list:
        """Each Propaganda Round so far as its phases in rule order, each with
        what it changed (:class:`britishway_env.summaries.RoundSummary`; the last
        may be under way); [] for a volume without Propaganda Rounds."""
        from .summaries import round_summaries

        return round_summaries(self)

    def ending(self):
        """Why the game ended (:class:`britishway_env.summaries.Ending`: the
        condition, its rule, the campaign, the final Political Will), None before."""
        from .summaries import ending

        return ending(self)

    # ------------------------------------------------------------ playing --
    def play(self, action) -> list[Entry]:
        """The person's decision, then every decision up to their next one
        (the bot's, and any with a single legal choice). Raises
        :class:`IllegalActionError` (nothing changes) for an action that is
        not among :meth:`choices`."""
        if self.over:
            raise IllegalActionError(f"the game is over ({self.result()}); nothing can be played")
        if not self.persons_turn():
            raise IllegalActionError(f"it is not your turn: {self.seat_name(self.to_move)} decides now")
        offered = dict(self.choices())
        if isinstance(action, bool) or not isinstance(action, numbers.Integral) or int(action) not in offered:
            raise IllegalActionError(f"{action!r} is not one of the choices offered now "
                                     f"({len(offered)} choices: {', '.join(map(str, offered))})")
        new = [self._take(int(action), YOU)]
        new += self.advance()
        return new

    def advance(self) -> list[Entry]:
        """Play every decision that is not the person's to take: the bot's,
        and any decision with one legal choice. Stops at the person's next
        real choice or the end of the game."""
        new = []
        while not self.over:
            legal = self.game.legal_actions()
            if len(legal) == 1:
                new.append(self._take(legal[0], AUTO))
            elif self.to_move in self.bot_seats:
                new.append(self._take(self.game.choose(self.bot), BOT))
            else:
                break
        return new

    def undo(self) -> int:
        """Take back the person's last decision and everything after it;
        returns how many decisions were taken back. StateError when none of
        theirs is left, or (outside a sandbox) when chance was seen since it:
        see :meth:`chance_barrier`."""
        refused = self.undo_refusal()
        if refused:
            raise StateError(refused)
        last = [e.index for e in self.log if e.by == YOU][-1]
        n = len(self.game.history) - last
        self._replay(self.game.history[:last])
        return n

    def abort(self) -> int:
        """Go back to the start of the person's current action (their decisions
        since it began, with what followed); StateError when there is nothing to
        take back, or (outside a sandbox) when chance was seen since it began."""
        if not self.persons_turn():
            raise StateError("nothing to abort: it is not your turn")
        start = None
        for e in reversed(self.log):
            if e.seat not in self.human:
                break
            if e.by == YOU:
                start = e.index
            if e.starts_action:
                break
        if start is None:
            raise StateError("nothing to abort: you are at the start of your action")
        refused = self._chance_since(start, "abort")
        if refused:
            raise StateError(refused)
        n = len(self.game.history) - start
        self._replay(self.game.history[:start])
        return n

    def chance_barrier(self) -> Entry | None:
        """The last decision that showed chance (a die rolled, a chit drawn, a
        card revealed), or None. Undo and abort stop there, as at the table
        where a roll once seen stands (online tables work so too): the game's
        chance comes from its seed, so taking back a decision made after a roll
        and choosing again would meet the same roll, and a known roll could be
        aimed anywhere. A sandbox session (``sandbox=True``, marked on its save)
        takes back anything."""
        for e in reversed(self.log):
            if e.chance:
                return e
        return None

    def undo_rule(self) -> str:
        """The undo rule of this session, in one line (the terminal's help and the page say it)."""
        if self.sandbox:
            return "sandbox: undo and abort take back anything, rolls and card reveals included (marked on the save)"
        return ("undo and abort stop at the last die roll, chit draw or card reveal: chance once seen stands "
                "(a sandbox game, --sandbox, allows full undo)")

    def undo_refusal(self) -> str:
        """Why :meth:`undo` would be refused now, in words; "" when it would not."""
        mine = [e.index for e in self.log if e.by == YOU]
        if not mine:
            return "nothing to undo: you have not decided anything yet"
        return self._chance_since(mine[-1], "undo")

    def _chance_since(self, index: int, what: str) -> str:
        barrier = None if self.sandbox else self.chance_barrier()
        if barrier is None or barrier.index < index:
            return ""
        return (f"cannot {what}: {barrier.chance} at decision {barrier.index + 1} "
                f"({self.seat_name(barrier.seat)}: {barrier.text}), and chance once seen stands; "
                "undo and abort stop at the last die roll, chit draw or card reveal "
                "(a sandbox game allows full undo)")

    # ----------------------------------------------------------- pictures --
    def board_text(self) -> str:
        return self.table.board(self.game)

    def board_head(self) -> str:
        """The board's head: its lines above the map (the card in play, the
        Initiative Track, the tracks and pools); the whole board when it has no map section."""
        lines = self.board_text().splitlines()
        for k, line in enumerate(lines):
            if line.startswith("Map:"):
                return "\n".join(lines[:k])
        return "\n".join(lines)

    def picture(self):
        """The map as an RGB array, or None for a volume without a picture."""
        return self.table.picture(self.game)

    def decision_help(self) -> str:
        return self.table.help(self.game)

    def menu_notes(self) -> list[str]:
        """Lines shown under the person's choices (the volume table's ``notes``):
        what the menu leaves off and why, such as an event text that would have
        no effect now; none when it is not the person's turn."""
        notes = getattr(self.table, "notes", None)
        return list(notes(self.game)) if notes is not None and self.persons_turn() else []

    # -------------------------------------------------------------- saves --
    def save_payload(self) -> dict:
        out = {"volume": self.volume, "seed": int(self.seed), "actions": [int(a) for a in self.game.history],
               "human": list(self.human), "bot": self.bot, "snapshot": self.game.to_dict()}
        if self.variant is not None:
            out["variant"] = self.variant.to_dict()
        if self.sandbox:
            out["sandbox"] = True
        return out

    @classmethod
    def from_save(cls, d, where: str = "save", before_replay: Callable[[str], Any] | None = None,
                  human=None, bot: str | None = None) -> "PlaySession":
        """A session from a save (a dict read from JSON), every key checked;
        StateError naming what is wrong. ``human``/``bot`` fill in a save
        that names none (a save made before bots could play: every seat human)."""
        if not isinstance(d, dict):
            raise StateError(f"{where}: must be a JSON object with the keys {', '.join(SAVE_KEYS)}")
        missing = [k for k in SAVE_KEYS if k not in d]
        if missing:
            raise StateError(f"{where}: missing {', '.join(missing)}")
        unknown = sorted(str(k) for k in d if k not in SAVE_KEYS + OPTIONAL_SAVE_KEYS)
        if unknown:
            raise StateError(f"{where}: unknown key(s) {', '.join(unknown)}")
        volume = d["volume"]
        if not isinstance(volume, str) or not is_volume(volume):
            raise StateError(f"{where}: unknown volume {volume!r}; implemented volumes: "
                             f"{', '.join(sorted(volume_names()))}")
        seed = check_seed(d["seed"], f"{where}: seed")
        actions = d["actions"]
        if not isinstance(actions, list):
            raise StateError(f"{where}: actions must be a list of integers")
        if "snapshot" in d and not isinstance(d["snapshot"], dict):
            raise StateError(f"{where}: snapshot must be a JSON object (the game's to_dict())")
        # The variant played: the save's own key, else the one its snapshot (the state dict) records.
        variant = d.get("variant", (d.get("snapshot") or {}).get("variant"))
        if variant is not None:
            from .variants import resolve

            if not isinstance(variant, dict):
                raise StateError(f"{where}: variant must be a JSON object (the variant's mapping, docs/variants.md)")
            try:
                variant = resolve(volume, variant)
            except VariantError as err:
                raise StateError(f"{where}: variant: {err}") from None
        agents = spec(volume).agents
        seats = d.get("human", human if human is not None else list(agents))
        try:
            seats = check_seats(volume, seats)
        except StateError as err:
            raise StateError(f"{where}: human: {err}") from None
        policy = d.get("bot", bot)
        if len(seats) < len(agents):
            if policy is None:
                policy = "heuristic"
            try:
                policy = check_policy(volume, policy, tuple(a for a in agents if a not in seats))
            except (UnknownPolicyError, StateError) as err:
                raise StateError(f"{where}: bot: {err}") from None
        elif d.get("bot") is not None:
            raise StateError(f"{where}: bot: the person plays every seat, so there is no bot")
        for i, a in enumerate(actions):
            if type(a) is not int:
                raise StateError(f"{where}: actions[{i}] must be an integer, got {a!r}")
        sandbox = d.get("sandbox", False)
        if not isinstance(sandbox, bool):
            raise StateError(f"{where}: sandbox must be true or false (a game played with full undo), got {sandbox!r}")
        try:
            return cls(volume, seed, human=seats, bot=policy, actions=actions, before_replay=before_replay,
                       snapshot=d.get("snapshot"), variant=variant, sandbox=sandbox)
        except (IllegalActionError, StateError) as err:
            raise StateError(f"{where}: {err}") from None

    @classmethod
    def from_json_text(cls, text: str, where: str = "save", **kwargs) -> "PlaySession":
        """:meth:`from_save` of JSON text (:func:`read_json`)."""
        return cls.from_save(read_json(text, where, "not a valid save"), where, **kwargs)

    # ------------------------------------------------------------ inside --
    def _take(self, action: int, by: str) -> Entry:
        g = self.game
        before = g.to_dict()
        card, campaign = self.table.card(g), self.table.campaign(g)
        last = self.log[-1] if self.log else None
        # An action starts where the volume says (a box decision), and with each new card.
        starts = bool(self.table.starts_action(g)) or last is None or (last.card, last.campaign) != (card, campaign)
        entry = Entry(index=len(g.history), seat=g.current_agent, by=by, action=int(action),
                      text=g.action_name(action), card=card, campaign=campaign, decision=g.phase,
                      starts_action=starts)
        if by == BOT:
            entry.reason = self.table.reason(g, self.bot, int(action))
        prior = g.clone()           # the game before the decision: what its rolls were for
        rolls = g.apply_reading_rolls(action)
        after = g.to_dict()
        entry.dice = self.table.dice(before, after, rolls, game=prior, action=int(action))
        revealed = self.table.card(g)
        seen = list(entry.dice) + ([f"revealed {revealed}"] if revealed != card and revealed else [])
        entry.chance = "; ".join(seen)
        entry.changes = changes(before, after, self.table.ignored_keys, getattr(self.table, "change_words", None))
        self.log.append(entry)
        return entry

    def _replay(self, actions: list[int], snapshot: dict | None = None) -> None:
        """Rebuild game and log from the seed through ``actions`` (each checked
        legal), then play on to the person's next choice. ``snapshot`` (a
        save's): the state dict the actions must replay to, StateError naming
        the first difference otherwise."""
        game = Game(self.volume, seed=self.seed) if self.variant is None else \
            Game(self.volume, seed=self.seed, variant=self.variant)
        self.game, self.log = game, []
        human_seats = set(self.human)
        for i, a in enumerate(actions):
            if game.is_terminal():
                raise IllegalActionError(f"actions[{i}]: the game was already over ({game.outcome}) "
                                         f"after {i} actions")
            if not 0 <= a < game.N_ACTIONS:
                raise IllegalActionError(f"actions[{i}] = {a} is outside the action space 0..{game.N_ACTIONS - 1}")
            if not game.legal_mask()[a]:
                raise IllegalActionError(f"actions[{i}] = {a} ({game.generic_action_name(a)}) is not legal when "
                                         f"replayed (pending: {game.phase})")
            seat = game.current_agent
            by = YOU if seat in human_seats else BOT
            if len(game.legal_actions()) == 1:
                by = AUTO
            self._take(a, by)
        if snapshot is not None:
            check_snapshot(snapshot, game, len(actions))
        self.advance()


def check_snapshot(snapshot: dict, game: Game, n_actions: int) -> None:
    """A save's snapshot must be the state its actions replay to: the actions
    are the game, so a snapshot that says otherwise (edited, or from another
    game) is refused with the first field that differs, not ignored."""
    replayed = json.loads(json.dumps(game.to_dict()))
    diff = first_difference(snapshot, replayed)
    if diff is not None:
        where, in_snapshot, in_game = diff
        raise StateError(f"snapshot disagrees with the game its {n_actions} actions replay to: {where} is "
                         f"{in_snapshot} in the snapshot but {in_game} in the replayed game (the actions are the "
                         "game: remove the snapshot key to load the game they play)")


def first_difference(a, b, path: str = "") -> tuple[str, str, str] | None:
    """(where, a's value, b's value) of the first place two JSON values differ; None if equal."""
    def show(v) -> str:
        text = json.dumps(v)
        return text if len(text) <= 60 else text[:57] + "..."

    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            here = f"{path}.{key}" if path else str(key)
            if key not in b:
                return here, show(a[key]), "absent"
            if key not in a:
                return here, "absent", show(b[key])
            found = first_difference(a[key], b[key], here)
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    if a == b and type(a) is type(b):
        return None
    return path or "the snapshot", show(a), show(b)


def read_json(text: str, where: str, unreadable: str = "not valid JSON") -> object:
    """JSON text read strictly (no constants such as NaN); StateError naming
    ``where`` otherwise (``unreadable`` says what JSON that parses but cannot
    be read, a NaN or a number or nesting too big, is not)."""
    def no_constants(name: str):
        raise ValueError(f"{name} is not a JSON number")

    try:
        return json.loads(text, parse_constant=no_constants)
    except json.JSONDecodeError as err:
        raise StateError(f"{where}: not valid JSON ({err.msg} at line {err.lineno} column {err.colno})") from None
    except (ValueError, RecursionError) as err:
        raise StateError(f"{where}: {unreadable} ({err})") from None


def changes(before: dict, after: dict, ignored: tuple[str, ...] = (), words: dict | None = None) -> list[str]:
    """What changed between two state dicts, in words: counts and tracks that
    moved ("political will 18 -> 16", "spaces <space> <piece> 2 -> 3").
    ``words`` (a volume table's ``change_words``): top-level keys whose values
    are not counts, each with ``fn(before, after) -> str`` saying the change as
    the board does (a track's box by its printed value)."""
    out: list[str] = []
    words = words or {}

    def walk(a, b, path):
        if isinstance(a, dict) or isinstance(b, dict):
            a, b = a if isinstance(a, dict) else {}, b if isinstance(b, dict) else {}
            for k in list(a) + [k for k in b if k not in a]:
                walk(a.get(k, 0 if not isinstance(b.get(k), dict) else {}),
                     b.get(k, 0 if not isinstance(a.get(k), dict) else {}), path + [str(k)])
            return
        if a == b:
            return
        name = " ".join(p.replace("_", " ") for p in path)
        if isinstance(a, list) or isinstance(b, list):
            out.append(f"{name}: {_words(a)} -> {_words(b)}")
        else:
            out.append(f"{name} {_words(a)} -> {_words(b)}")

    for key in after:
        if key in ignored or key not in before:
            continue
        if key in words:
            if before[key] != after[key]:
                out.append(words[key](before[key], after[key]))
            continue
        walk(before[key], after[key], [key])
    return out


def _words(v) -> str:
    if isinstance(v, list):
        return ", ".join(map(str, v)) or "none"
    return "none" if v is None else str(v)
