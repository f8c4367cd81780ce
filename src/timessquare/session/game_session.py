"""One game with its seats, without any screen: the one door every front end goes through.

A `GameSession` is made for a new deal (`new`) or from a stored record (`from_record`). It knows who sits
where (a person, or a computer player by name), whose turn it is and how the game changes: a person's
action (`act`, checked once here: the game's end, the seat, the turn, the version, the notation, the rules),
a computer's turn (`computer_turn`, then `think` in this process or a choice from elsewhere, then
`computer_played`), a resignation or a forfeit, and the end. Each accepted change comes out as one `Change`
(change.py): its versions, record entries, events, clock and outcome.

A game with a clock (`clock`, read with `now`) is lost on time by the seat to move once its time has run out:
any change asked after that moment is that loss instead, decided here before anything is applied.

Game state leaves only as a `SeatUpdate`: what one seat (or a spectator) may know, in one language, built
once per change and shared by every front end and listener that asks for the same seat and language.

The web server, the terminal games, self-play and the arena are transports around it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from ..actions import ACTIONS, END, LURE, checked_id
from ..cards import CARD_INDEX, SEAT_NAMES
from ..catalog import folder_read_once
from ..errors import GameOverError, IllegalActionError, TimesSquareError
from ..explain import Reason, illegal_reason
from ..game import Game
from ..history import Projection
from ..outcome import RESIGNED, Outcome
from ..players.base import Forfeit, Player
from ..record import ReplayError, replay, to_record
from ..tables import TK_START
from ..variants import DEFAULT_RULES, Rules
from ..view import SHUFFLE, PlayerView
from .change import ACTION, AGREED, CAUGHT_UP, FORFEIT, TIME, Change
from .choices import action_words
from .clock import Clock, system_now
from .destinations import destinations
from .log import LogEntry, ending_words, entries_of
from .reasons import reason_words, session_words
from .timeline import Timeline, timeline_of

PEOPLE = frozenset({"you", "friend", "person"})  # the record names of seats that people play (FORMATS.md)
OUT_OF_TIME = "ran out of time"  # the forfeit reason of a loss on time (the record keeps it)


class NotYourTurnError(TimesSquareError):
    """An action from a seat that is not to move (or from a spectator, or from a computer's seat)."""


class SpectatorError(NotYourTurnError):
    """An action from someone who holds no seat."""


class ComputerSeatError(NotYourTurnError):
    """A person's action for the seat a computer plays."""


class StaleVersionError(TimesSquareError):
    """An action chosen on an older version of the game than the current one (another action came first)."""


class RuleError(IllegalActionError):
    """A legal-looking action that a rule forbids now; `reason` says which, as data (for any language)."""

    def __init__(self, text: str, reason: Reason) -> None:
        self.reason = reason
        super().__init__(text, reason_words(reason))


@dataclass(frozen=True)
class LegalAction:
    """One action the seat to move may take: its id, its notation, its words as a choice on the board now
    ("Sue 1 toward B (8 → 9)": choices.py), and where it puts the figures."""

    id: int
    notation: str
    words: str
    destinations: dict[str, int]


# each action's place in the notation's order, in which legal actions are offered (a sort key without a Python call)
_NOTATION_ORDER = {a: rank for rank, a in enumerate(sorted(range(len(ACTIONS)), key=lambda a: ACTIONS[a].notation))}


@lru_cache(maxsize=1 << 11)  # a few hundred KB: the boards of the games at hand
def _legal_action(aid: int, board: tuple[tuple[str, int], ...], lang: str, catalogs: str | None) -> LegalAction:
    """Action `aid` as a choice on `board`, in words of `lang` (from the translators' folder `catalogs`, if
    set). The same boards come back turn after turn (a trade keeps the board; the street has few positions),
    and wording every legal action anew was a tenth of the server's work per action."""
    figures = dict(board)
    moved = destinations(aid, figures)
    return LegalAction(aid, ACTIONS[aid].notation, action_words(aid, figures, lang, moved), moved)


@dataclass(frozen=True)
class SeatUpdate:
    """What one seat (0, 1, or None for a spectator) may know after a change, in one language (R10)."""

    seat: int | None
    lang: str
    version: int
    view: PlayerView
    legal: tuple[LegalAction, ...]  # the seat's legal actions (by notation) when it is to move
    log: tuple[LogEntry, ...]  # the public log as data (the same for every seat)
    log_words: tuple[str, ...]  # ... and each entry in words of `lang`
    outcome: Outcome | None  # how the game ended, as data (None while it runs)
    ending: str  # ... and in words of `lang` ("" while it runs)

    @property
    def result(self) -> str | None:
        """ "A", "B", "draw", or None while the game runs."""
        return None if self.outcome is None else self.outcome.result

    @property
    def legal_ids(self) -> tuple[int, ...]:
        return tuple(action.id for action in self.legal)


@dataclass(frozen=True)
class ComputerTurn:
    """What the computer to move is asked: its seat, its player's name, its own view only (R10), its legal
    actions, and the version it chooses on (its answer is refused if the game changed meanwhile)."""

    seat: int
    name: str
    view: PlayerView
    legal: tuple[int, ...]
    version: int


Listener = Callable[[Change], None]
Watcher = Callable[[SeatUpdate], None]
MakePlayer = Callable[[str, Rules], Player]


class GameSession:
    """A game and its seats. `players[seat]` is the computer player that thinks in this process for a computer
    seat; `computers` names every computer seat (those without an in-process player think elsewhere, as the
    web server's worker pool); the other seats are people. `rng` is the computer players' random generator
    (a seeded one gives reproducible games)."""

    def __init__(
        self,
        game: Game,
        players: Mapping[int, Player] | None = None,
        rng: random.Random | None = None,
        computers: Mapping[int, str] | None = None,
    ) -> None:
        self.game = game
        self.players: dict[int, Player] = dict(players or {})
        names = {seat: game.players.get(SEAT_NAMES[seat], SEAT_NAMES[seat]) for seat in self.players}
        self.computers: dict[int, str] = {**names, **(computers or {})}
        self.rng = rng if rng is not None else random.Random()
        self.listeners: list[Listener] = []  # told each change
        self.clock: Clock | None = None  # the game's clock, if it has one (data: read with `now`)
        self.now: Callable[[], datetime] = system_now  # the time a change happens (tests inject theirs)
        self._watchers: list[tuple[int | None, str, Watcher]] = []
        self._views: dict[int | None, PlayerView] = {}  # this version's views, built once each
        self._updates: dict[tuple[int | None, str], SeatUpdate] = {}  # this version's updates
        self._built_at = self.version  # the version they belong to
        self._log: Projection[LogEntry] = Projection()  # the game's events as log lines
        self._log_words: dict[str, Projection[str]] = {}  # ... and in words, by language
        self._started = False
        self._finished = False

    # ----------------------------------------------------------------- making one

    @classmethod
    def new(
        cls,
        seats: Mapping[str, str],
        rules: Rules = DEFAULT_RULES,
        deal: random.Random | None = None,
        rng: random.Random | None = None,
        make_player: MakePlayer | None = None,
    ) -> GameSession:
        """A new deal from `deal` (which also draws the reshuffle), with `seats`: the record name of each seat
        ("you", "friend", "person": a person; anything else: a computer player of that name). `make_player`
        makes the computers that think in this process; without it they think elsewhere (`computer_turn`).
        `rng`: the computers' generator (default: `deal`)."""
        deal = deal if deal is not None else random.Random()
        game = Game.new(rules=rules, players=dict(seats), rng=deal)
        return cls._seated(game, rng if rng is not None else deal, make_player)

    @classmethod
    def from_record(
        cls,
        record: dict[str, Any],
        rules: Rules | None = None,
        deal: random.Random | None = None,
        rng: random.Random | None = None,
        make_player: MakePlayer | None = None,
        seats: Mapping[str, str] | None = None,
    ) -> GameSession:
        """A stored game (FORMATS.md), replayed once, move by move (FormatError / ReplayError on a bad record):
        its log is the events the replay recorded. `deal` draws the reshuffle still to come; `seats`:
        new record names for the seats (a different computer player to continue with); `make_player` and
        `rng` as for `new`."""
        return cls.from_game(replay(record, rules), deal, rng, make_player, seats)

    @classmethod
    def from_timeline(
        cls,
        timeline: Timeline,
        deal: random.Random | None = None,
        rng: random.Random | None = None,
        make_player: MakePlayer | None = None,
        seats: Mapping[str, str] | None = None,
    ) -> GameSession:
        """`from_record` for a record already walked (`timeline.walk`)."""
        return cls.from_game(timeline.game, deal, rng, make_player, seats)

    @classmethod
    def from_game(
        cls,
        game: Game,
        deal: random.Random | None = None,
        rng: random.Random | None = None,
        make_player: MakePlayer | None = None,
        seats: Mapping[str, str] | None = None,
    ) -> GameSession:
        """A game replayed already (`record.replay`), its events kept: `from_record` without the replay."""
        game.rng = deal if deal is not None else random.Random()
        if seats is not None:
            game.players = dict(seats)
        return cls._seated(game, rng, make_player)

    @classmethod
    def _seated(cls, game: Game, rng: random.Random | None, make_player: MakePlayer | None) -> GameSession:
        computers = {i: name for i, name in enumerate(game.players[s] for s in SEAT_NAMES) if name not in PEOPLE}
        players = {} if make_player is None else {i: make_player(n, game.rules) for i, n in computers.items()}
        return cls(game, players, rng, computers=computers)

    # ----------------------------------------------------------------- what anyone may ask

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def seats(self) -> dict[str, str]:
        """The record name of each seat, by seat letter."""
        return dict(self.game.players)

    @property
    def start_position(self) -> dict[str, Any]:
        """The position document right after the deal (FORMATS.md)."""
        return self.game.start

    @property
    def entries(self) -> tuple[str, ...]:
        """The record's moves so far, a reshuffle's order included: for storage, never for a seat."""
        return tuple(self.game.moves)

    def record(self) -> dict[str, Any]:
        """The game record (FORMATS.md): the deal and every reshuffle's order included."""
        return to_record(self.game)

    def timeline(self) -> Timeline:
        """The game walked move by move, for a replay viewer."""
        return timeline_of(self.game)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None once the game is over."""
        return None if self.game.is_over else self.game.state.to_move

    @property
    def version(self) -> int:
        """Grows with every change (an action, a reshuffle, a forfeit): what an action is chosen on. The one
        counter of a game: while it runs, it is also the length of its record."""
        return len(self.game.moves) + (1 if self.game.forfeit or self.game.agreed else 0)

    @property
    def both_moved(self) -> bool:
        """Did each seat take an action? (A game one side never moved in is aborted, not rated: R11.5.)"""
        return {event.seat for event in self.game.events if event.kind == "move"} >= {0, 1}

    def out_of_time(self, now: datetime) -> int | None:
        """The seat to move, if its clock has run out at `now` (never once the game is over)."""
        if self.clock is None or self.game.is_over:
            return None
        seat = self.clock.flagged(now)
        return None if seat is None else SEAT_NAMES.index(seat)

    def is_person(self, seat: int) -> bool:
        return seat not in self.computers

    @property
    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and not self.is_person(seat)

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` (None: a spectator) may know now (R10); built once per version."""
        self._fresh()
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat)
        return view

    def legal_ids(self, seat: int | None) -> tuple[int, ...]:
        """The legal actions of `seat` if it is to move, else none."""
        return self.game.state.legal_ids() if seat is not None and seat == self.to_move else ()

    def update(self, seat: int | None, lang: str = "en") -> SeatUpdate:
        """Everything `seat` may know now, in words of `lang`: built once per change, then shared."""
        self._fresh()
        key = (seat, lang)
        update = self._updates.get(key)
        if update is None:
            update = self._updates[key] = self._build_update(seat, lang)
        return update

    def _fresh(self) -> None:
        """Forget the views and updates of an older version: they are cached by version, whoever changed the
        game (the session, or a test or a tool without it)."""
        if self._built_at != self.version:
            self._views.clear()
            self._updates.clear()
            self._built_at = self.version

    def _build_update(self, seat: int | None, lang: str) -> SeatUpdate:
        with folder_read_once() as catalogs:  # every word of this update from the same catalogs, read once
            view = self.view(seat)
            legal: tuple[LegalAction, ...] = ()
            if seat is not None:
                board = tuple(view.figures.items())
                ids = sorted(self.legal_ids(seat), key=_NOTATION_ORDER.__getitem__)
                legal = tuple([_legal_action(a, board, lang, catalogs) for a in ids])
            words, outcome = self.log_words(lang), self.outcome
            ending = ending_words(outcome, lang)
        return SeatUpdate(seat, lang, self.version, view, legal, self.log_entries, words, outcome, ending)

    @property
    def log(self) -> list[LogEntry]:
        """The public log: one line for each of the game's events (a draw says how many cards, never which)."""
        return list(self.log_entries)

    @property
    def log_entries(self) -> tuple[LogEntry, ...]:
        """`log`, as the projection of the game's events it is, made once per event (history.py)."""
        events, made = self.game.events, self._log.made
        if len(made) == len(events):
            return made
        return self._log.of(len(events), lambda start, stop: entries_of(events[start:stop]))

    @property
    def log_length(self) -> int:
        """How many lines the log has (one per event), without making them."""
        return len(self.game.events)

    def log_words(self, lang: str) -> tuple[str, ...]:
        """The log in words of `lang`, each entry worded once whoever asks (the same for every seat)."""
        projection, length = self._log_words.get(lang), len(self.game.events)
        if projection is None:
            projection = self._log_words[lang] = Projection()
        elif len(projection.made) == length:
            return projection.made
        return projection.of(length, lambda start, stop: [entry.text(lang) for entry in self.log_entries[start:stop]])

    def watch(self, seat: int | None, lang: str, watcher: Watcher) -> None:
        """Call `watcher` with `seat`'s update in `lang` after every change (the same update for every watcher)."""
        self._watchers.append((seat, lang, watcher))

    def check_turn(self, seat: int | None, lang: str = "en", action: str = "") -> int:
        """The seat, if it may act now: raises SpectatorError, GameOverError, NotYourTurnError (another seat
        is to move) or ComputerSeatError, in words of `lang`."""
        if seat is None:
            raise SpectatorError(session_words("spectator", lang))
        if self.game.is_over:
            raise GameOverError(action or "any action", self.game.result or "")
        if seat != self.to_move:
            raise NotYourTurnError(session_words("turn", lang, seat=SEAT_NAMES[self.game.state.to_move]))
        if not self.is_person(seat):
            raise ComputerSeatError(f"seat {SEAT_NAMES[seat]} is played by the computer")
        return seat

    def why_not(self, seat: int | None, action: str | int, lang: str = "en") -> str:
        """Why `seat` may not take `action` now, citing the rule, in words of `lang` ("" when it may).
        Raises InvalidActionError for a string outside the notation."""
        aid = checked_id(action)
        if self.game.is_over:
            return session_words("over", lang, ending=ending_words(self.outcome, lang))
        if seat is None:
            return session_words("spectator", lang)
        if seat != self.to_move:
            return session_words("turn", lang, seat=SEAT_NAMES[self.game.state.to_move])
        reason = self.illegal_reason(seat, aid)
        return "" if reason is None else reason_words(reason, lang)

    def illegal_reason(self, seat: int | None, action: str | int) -> Reason | None:
        """The rule that `seat`, to move, would break by taking `action` now, as data (None when the action is
        legal). Raises NotYourTurnError when the seat is not to move (or the game is over: see `why_not`),
        InvalidActionError for a string outside the notation."""
        aid = checked_id(action)
        if seat is None or seat != self.to_move:
            raise NotYourTurnError(self.why_not(seat, aid))
        if aid in self.game.state.legal_ids():
            return None
        return illegal_reason(self.game.state, aid)

    # ----------------------------------------------------------------- changing it

    def start(self) -> None:
        """Tell the computer players their seats (once, before their first decision)."""
        if not self._started:
            self._started = True
            for seat, player in self.players.items():
                player.start_game(seat)

    def act(self, seat: int | None, action: str | int, version: int | None = None) -> Change:
        """A person's action, checked once, here: `check_turn`, then `version` (if given) must be the current
        one (StaleVersionError), the action one of the notation (InvalidActionError) and legal (RuleError,
        with the rule as data). The game is unchanged when it raises. After the mover's time ran out, the
        change is the loss on time instead."""
        now = self._moment()
        if (late := self._lost_on_time(now)) is not None:
            return late
        self.check_turn(seat, action=action if isinstance(action, str) else str(action))
        if version is not None and version != self.version:
            raise StaleVersionError(f"the game has changed (version {self.version}, not {version}): look again")
        aid = checked_id(action)
        if aid not in self.game.state.legal_ids():
            reason = illegal_reason(self.game.state, aid)
            assert reason is not None, "an action that is not legal breaks a rule"
            raise RuleError(ACTIONS[aid].notation, reason)
        return self._applied(ACTION, lambda: self.game.apply(aid), now)

    def act_all(self, seat: int | None, actions: Sequence[str | int], version: int | None = None) -> Change:
        """Several actions of one turn by one person (a trade's discards and its `end`), all or none, as one
        change: each is checked as `act` checks one, on a copy of the state first, so the game is unchanged
        when any is refused (RuleError, InvalidActionError, NotYourTurnError for one after the turn ended)."""
        if len(actions) == 1:
            return self.act(seat, actions[0], version)
        now = self._moment()
        if (late := self._lost_on_time(now)) is not None:
            return late
        first = actions[0] if actions else ""
        self.check_turn(seat, action=first if isinstance(first, str) else str(first))
        if version is not None and version != self.version:
            raise StaleVersionError(f"the game has changed (version {self.version}, not {version}): look again")
        ids = [checked_id(action) for action in actions]
        trial = self.game.state.clone()
        for i, aid in enumerate(ids):
            if i and ACTIONS[ids[i - 1]].kind in (END, LURE):
                raise NotYourTurnError(f"{ACTIONS[aid].notation!r} comes after the turn ended")
            if aid not in trial.legal_ids():
                reason = illegal_reason(trial, aid)
                assert reason is not None, "an action that is not legal breaks a rule"
                raise RuleError(ACTIONS[aid].notation, reason)
            trial.apply(aid)

        def apply_all() -> None:
            for aid in ids:
                self.game.apply(aid)

        return self._applied(ACTION, apply_all, now)

    def catch_up(
        self,
        entries: Sequence[str],
        forfeit: tuple[str, str] | None = None,
        agreed: str | None = None,
        clock: Clock | None = None,
    ) -> Change:
        """The record's entries that another process appended after ours (a reshuffle's `shuffle …` entry with
        its order), then its forfeit or the players' agreement if it has one, and the clock it stored with
        them: applied as a replay applies them, each checked, and logged from the events they record. Raises
        ReplayError (the game is then unusable: read it back whole)."""
        game = self.game

        def replayed() -> None:
            deal, game.rng = game.rng, None  # a reshuffle's order comes from its entry, not from our generator
            try:
                for entry in entries:
                    try:
                        if entry.startswith(SHUFFLE):
                            game.apply_chance([CARD_INDEX[code] for code in entry.split(" ")[1:]])
                        else:
                            game.apply_checked(entry)
                    except (TimesSquareError, KeyError) as e:
                        raise ReplayError(len(game.moves) + 1, entry, str(e)) from None
                if forfeit is not None and not game.is_over:
                    game.resign(SEAT_NAMES.index(forfeit[0]), forfeit[1])
                if agreed is not None and not game.is_over:
                    game.agree(agreed)
            finally:
                game.rng = deal

        return self._applied(CAUGHT_UP, replayed, None, clock)

    def computer_turn(self) -> ComputerTurn:
        """What the computer to move is asked (raises NotYourTurnError when no computer is to move)."""
        seat = self.to_move
        if seat is None or self.is_person(seat):
            raise NotYourTurnError("no computer is to move")
        return ComputerTurn(seat, self.computers[seat], self.view(seat), self.game.state.legal_ids(), self.version)

    def think(self, turn: ComputerTurn) -> int | Forfeit:
        """The in-process computer player's choice for `turn` (its `Forfeit`, if it gives up)."""
        player = self.players.get(turn.seat)
        if player is None:
            raise TimesSquareError(f"{turn.name!r} thinks outside this process: ask it, then `computer_played`")
        try:
            return player.choose(turn.view, turn.legal, self.rng)
        except Forfeit as e:
            return e

    def computer_played(self, turn: ComputerTurn, choice: int | Forfeit) -> Change:
        """A computer's answer to `turn`, however it thought: raises StaleVersionError when the game changed
        meanwhile (a resignation); a forfeit, or an illegal answer, loses it the game."""
        if turn.version != self.version:
            raise StaleVersionError(f"the game has changed since {SEAT_NAMES[turn.seat]} was asked")
        now = self._moment()
        if (late := self._lost_on_time(now)) is not None:
            return late
        if isinstance(choice, Forfeit):
            return self._given_up(turn.seat, choice.reason, now)
        if choice not in turn.legal:
            try:
                self.game.state.apply_checked(choice)  # raises, with the rule it breaks
            except TimesSquareError as e:  # a player's bug costs it the game, with the reason on record
                return self._given_up(turn.seat, str(e), now)
        return self._applied(ACTION, lambda: self.game.apply(choice), now)

    def play_computer_action(self, seconds: list[float] | None = None) -> Change:
        """One computer action in this thread (self-play, the arena, the plain game): `computer_turn`, `think`,
        `computer_played`. `seconds` receives the time the choice took, added to the last entry when the turn
        was already under way."""
        turn = self.computer_turn()
        new_turn = self.game.state.turn_key == TK_START
        began = time.perf_counter()
        choice = self.think(turn)
        if seconds is not None:
            spent = time.perf_counter() - began
            if new_turn or not seconds:
                seconds.append(spent)
            else:
                seconds[-1] += spent
        return self.computer_played(turn, choice)

    def resign(self, seat: int | None, reason: str = RESIGNED) -> Change:
        """A person gives up: the other seat wins (recorded as a forfeit, FORMATS.md). Raises GameOverError
        or SpectatorError."""
        if seat is None:
            raise SpectatorError(session_words("spectator"))
        if self.game.is_over:
            raise GameOverError("resign", self.game.result or "")
        now = self._moment()
        return self._lost_on_time(now) or self._given_up(seat, reason, now)

    def forfeit(self, seat: int, reason: str) -> Change | None:
        """`seat` loses the game for `reason` (a resignation, a computer's forfeit, a claim that it left); None
        when the game is over already."""
        if self.game.is_over:
            return None
        now = self._moment()
        return self._lost_on_time(now) or self._given_up(seat, reason, now)

    def _given_up(self, seat: int, reason: str, now: datetime | None) -> Change:
        return self._applied(FORFEIT, lambda: self.game.resign(seat, reason), now)

    def agree(self, result: str) -> Change | None:
        """The players stop the game: a draw by agreement, or an abort (R11.9; the server checks who may); None
        when the game is over already."""
        if self.game.is_over:
            return None
        now = self._moment()
        if (late := self._lost_on_time(now)) is not None:
            return late
        return self._applied(AGREED, lambda: self.game.agree(result), now)

    def time_check(self) -> Change | None:
        """The loss on time of the seat to move if its clock has run out now (the server's sweep asks), else None."""
        return self._lost_on_time(self._moment())

    def _moment(self) -> datetime | None:
        """The time of the change being made, read once: only a game with a clock reads it."""
        return None if self.clock is None else self.now()

    def _lost_on_time(self, now: datetime | None) -> Change | None:
        seat = None if now is None else self.out_of_time(now)
        if seat is None:
            return None
        return self._applied(TIME, lambda: self.game.resign(seat, OUT_OF_TIME), now)

    def _applied(
        self, kind: str, change: Callable[[], None], now: datetime | None, clock: Clock | None = None
    ) -> Change:
        """Make one change of the game, then make it a `Change` (its events logged, the clock passed on at
        `now`, or `clock` as another process stored it) and tell everyone."""
        before, first_event = self.version, len(self.game.events)
        change()
        events = tuple(self.game.events[first_event:])
        if clock is not None:
            self.clock = clock
        elif self.clock is not None and now is not None:
            to_move = self.to_move
            clock = self.clock
            self.clock = clock.stopped(now) if to_move is None else clock.turn_passed(SEAT_NAMES[to_move], now)
        made = Change(kind, before, self.version, tuple(self.game.moves[before:]), events, self.clock, self.outcome)
        self._changed(made)
        return made

    def _changed(self, change: Change) -> None:
        """After every change: the listeners and watchers hear of it (the views and updates of the last version
        are forgotten as the version moves on: `_fresh`)."""
        if self.game.is_over:
            self.finish()
        for listener in self.listeners:
            listener(change)
        for seat, lang, watcher in self._watchers:
            watcher(self.update(seat, lang))

    def finish(self) -> None:
        """Tell the computer players the game is over (or was stopped), once."""
        if self._finished:
            return
        self._finished = True
        result = self.game.result
        end = self.game.end_reason() if result is not None else "the game was stopped"
        for player in self.players.values():
            player.end_game(result, end)

    def close(self) -> None:
        """Stop: tell the players if the game did not end, and release them (processes, pools)."""
        self.finish()
        for player in self.players.values():
            player.close()

    def run_computers(self) -> None:
        """Play computer turns in this thread until a person is to move or the game is over."""
        self.start()
        while self.computer_to_move:
            self.play_computer_action()
