"""One game with its seats, without any screen: the one game loop that every front end drives.

A `GameSession` knows who sits where (a person, or a computer player), whose turn it is, and how the game
changes: a person's checked action (`act`), a computer's turn (`computer_request` then `computer_played`,
or `play_computer_action` in one call), a resignation or forfeit, and the end. It is the only way game
state leaves toward a seat: `update(seat)` gives that seat's `SeatUpdate` (its PlayerView, its legal actions
when it is to move, and the public log in words); no front end reads the `Game` state itself.

The terminal game, the plain text game, self-play, the arena and the web server are transports around it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..actions import ACTIONS, checked_id
from ..cards import SEAT_NAMES
from ..catalog import LANGUAGES
from ..errors import TimesSquareError
from ..explain import Reason, illegal_reason
from ..game import Game
from ..players.base import Forfeit, Player
from ..tables import TK_START
from ..view import PlayerView
from .log import LogEntry, ending_of, ending_words, entries_for, over_entry
from .reasons import reason_words, session_words


class NotYourTurnError(TimesSquareError):
    """An action from a seat that is not to move (or from a spectator, or from a computer's seat)."""


class StaleVersionError(TimesSquareError):
    """An action chosen on an older version of the game than the current one (another action came first)."""


@dataclass(frozen=True)
class SeatUpdate:
    """What one seat (0, 1, or None for a spectator) may know after a change: nothing hidden (R10)."""

    seat: int | None
    version: int
    view: PlayerView
    legal: tuple[int, ...]  # the seat's legal action ids when it is to move, else empty
    log: tuple[LogEntry, ...]  # the public log in words (built from spectator views: the same for all)
    result: str | None  # "A", "B", "draw", or None while the game runs
    end_reason: str  # how it ended, in words ("" while it runs)


Listener = Callable[[list[LogEntry]], None]


class GameSession:
    """A game and its seats: `players[seat]` is the computer player of a computer seat; the other seats are
    people. `rng` is the computer players' random generator (a seeded one gives reproducible games)."""

    def __init__(
        self,
        game: Game,
        players: dict[int, Player] | None = None,
        rng: random.Random | None = None,
        log: list[LogEntry] | None = None,
        words: bool = True,
    ) -> None:
        self.game = game
        self.players: dict[int, Player] = dict(players or {})
        self.rng = rng if rng is not None else random.Random()
        self.log: list[LogEntry] = list(log or [])
        self.words = words  # keep the log in words (self-play between computers goes faster without)
        self.listeners: list[Listener] = []
        self._started = False
        self._finished = False

    # ----------------------------------------------------------------- what anyone may ask

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None once the game is over."""
        return None if self.game.is_over else self.game.state.to_move

    @property
    def version(self) -> int:
        """Grows with every change (an action, a reshuffle, a forfeit): what an action is chosen on."""
        return len(self.game.moves) + (1 if self.game.forfeit else 0)

    def is_person(self, seat: int) -> bool:
        return seat not in self.players

    @property
    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and not self.is_person(seat)

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` (None: a spectator) may know now (R10)."""
        return self.game.view(seat)

    def legal_ids(self, seat: int | None) -> tuple[int, ...]:
        """The legal actions of `seat` if it is to move, else none."""
        return self.game.state.legal_ids() if seat is not None and seat == self.to_move else ()

    def update(self, seat: int | None) -> SeatUpdate:
        return SeatUpdate(
            seat,
            self.version,
            self.view(seat),
            self.legal_ids(seat),
            tuple(self.log),
            self.game.result,
            self.game.end_reason() if self.game.is_over else "",
        )

    def why_not(self, seat: int | None, action: str | int, lang: str = LANGUAGES[0]) -> str:
        """Why `seat` may not take `action` now, citing the rule, in words of `lang` ("" when it may).
        Raises InvalidActionError for a string outside the notation."""
        aid = checked_id(action)
        if self.game.is_over:
            return session_words("over", lang, ending=ending_words(self.ending(), lang))
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

    def ending(self) -> tuple[str, ...]:
        """How the game ended, without words (`ending_of`); () while it runs."""
        return ending_of(self.view(None), self.game.forfeit) if self.game.is_over else ()

    # ----------------------------------------------------------------- changing it

    def start(self) -> None:
        """Tell the computer players their seats (once, before their first decision)."""
        if not self._started:
            self._started = True
            for seat, player in self.players.items():
                player.start_game(seat)

    def act(self, seat: int | None, action: str | int, version: int | None = None) -> list[LogEntry]:
        """A person's action, checked: the seat must be a person's and to move, `version` (if given) the
        current one, and the action legal. Raises NotYourTurnError, StaleVersionError, GameOverError,
        InvalidActionError or IllegalActionError (with the rule); the game is unchanged when it raises."""
        aid = checked_id(action)
        if self.game.is_over:
            self.game.apply_checked(aid)  # raises the game-over error with the result
        if seat is None or seat != self.to_move:
            raise NotYourTurnError(self.why_not(seat, aid))
        if not self.is_person(seat):
            raise NotYourTurnError(f"seat {SEAT_NAMES[seat]} is played by the computer")
        if version is not None and version != self.version:
            raise StaleVersionError(f"the game has changed (version {self.version}, not {version}): look again")
        return self._apply(aid)

    def computer_request(self) -> tuple[int, Player, PlayerView, tuple[int, ...]]:
        """What the computer to move is asked: its seat, its player, its own view (R10), its legal actions."""
        seat = self.to_move
        if seat is None or self.is_person(seat):
            raise NotYourTurnError("no computer is to move")
        return seat, self.players[seat], self.view(seat), self.game.state.legal_ids()

    def computer_played(self, seat: int, aid: int) -> list[LogEntry]:
        """A computer's answer; an illegal one (or an answer for a turn that passed) loses it the game."""
        if seat != self.to_move:
            raise NotYourTurnError(f"it is not {SEAT_NAMES[seat]}'s turn any more")
        try:
            return self._apply(aid)
        except TimesSquareError as e:  # a player's bug costs it the game, with the reason on record
            return self.forfeit(seat, str(e))

    def play_computer_action(self, seconds: list[float] | None = None) -> list[LogEntry]:
        """Ask the computer to move for one action and apply it, in this thread (self-play, the arena,
        the plain game). A `Forfeit` raised by the player ends the game. `seconds` receives the time its
        `choose` took, added to the last entry when the turn was already under way."""
        seat, player, view, legal = self.computer_request()
        new_turn = self.game.state.turn_key == TK_START
        began = time.perf_counter()
        try:
            aid = player.choose(view, legal, self.rng)
        except Forfeit as e:
            return self.forfeit(seat, e.reason)
        finally:
            if seconds is not None:
                spent = time.perf_counter() - began
                if new_turn or not seconds:
                    seconds.append(spent)
                else:
                    seconds[-1] += spent
        return self.computer_played(seat, aid)

    def resign(self, seat: int, reason: str = "resigned") -> list[LogEntry]:
        """A person gives up: the other seat wins (recorded as a forfeit, FORMATS.md)."""
        return self.forfeit(seat, reason)

    def forfeit(self, seat: int, reason: str) -> list[LogEntry]:
        if self.game.is_over:
            return []
        self.game.resign(seat, reason)
        result = self.game.result
        assert result is not None
        entry = over_entry(result, self.game.end_reason(), self.ending())
        return self._changed([entry])

    def _apply(self, aid: int) -> list[LogEntry]:
        if not self.words:
            self.game.apply_checked(aid)
            return self._changed([])
        mover = self.game.state.to_move
        before = self.game.view(None)
        self.game.apply_checked(aid)
        after = self.game.view(None)
        return self._changed(entries_for(ACTIONS[aid].notation, mover, before, after, self.game.end_reason()))

    def _changed(self, entries: list[LogEntry]) -> list[LogEntry]:
        self.log += entries
        if self.game.is_over:
            self.finish()
        for listener in self.listeners:
            listener(entries)
        return entries

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
