"""One game at the screen, without any screen: who sits at the screen and the game session behind it.

The terminal app asks a `Session` what to show and tells it what a person chose. The game itself is a
`GameSession` (the new deal, the stored record, the checks, the computer's turns, the log); this class adds
only the screen: whose view it shows (R10), and the hand-over between two people at one screen.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ..cards import SEAT_NAMES
from ..catalog import ENGLISH, words
from ..errors import TimesSquareError
from ..game import Game
from ..players import Player, make_player
from ..players.base import Forfeit
from ..record import read_record_file
from ..session import ComputerTurn, GameSession, LogEntry, SeatUpdate
from ..session.reasons import session_words
from ..session.timeline import walk
from ..variants import Rules
from ..view import PlayerView
from .words import player_words

YOU = "you"  # the record's name for the person at the screen against the computer
PERSON = "person"  # the record's name for each of two people at one screen (hot seat)
HUMAN_NAMES = (YOU, PERSON)


def load_player(spec: str, rules: Rules, lang: str = ENGLISH) -> Player:
    """A computer player by name; a clear error (in words of `lang`) when it does not exist (or is not built
    yet)."""
    try:
        return make_player(spec, rules)
    except ImportError as e:
        raise TimesSquareError(words("tui.noPlayer", lang, player=repr(spec), why=e)) from None


class Session:
    """A game session at one screen: `humans[seat]` is True for a person.

    `screen_seat` is whose view the screen shows: the person's seat against the computer; in hot-seat
    play the seat to move once it has taken the screen, and None behind the hand-over screen.
    """

    def __init__(
        self,
        game: Game,
        humans: tuple[bool, bool],
        players: dict[int, Player],
        rng: random.Random,
    ) -> None:
        """A game at the screen as it stands (`new` and `from_record` make the usual ones)."""
        computers = {seat: game.players.get(SEAT_NAMES[seat], "computer") for seat in (0, 1) if not humans[seat]}
        self._seat(GameSession(game, players, rng, computers=computers))

    @classmethod
    def _around(cls, core: GameSession) -> Session:
        session = cls.__new__(cls)
        session._seat(core)
        return session

    def _seat(self, core: GameSession) -> None:
        self.core = core
        self.humans = (core.is_person(0), core.is_person(1))
        self.screen_seat: int | None = None if self.hotseat else self.humans.index(True)
        self.core.start()

    @property
    def game(self) -> Game:
        """The game (for saving it and for the replay viewer; the screen reads `update`)."""
        return self.core.game

    @property
    def players(self) -> dict[int, Player]:
        """The computer players, by seat."""
        return self.core.players

    @property
    def log(self) -> list[LogEntry]:
        return self.core.log

    # ----------------------------------------------------------------- making one

    @classmethod
    def new(
        cls, rules: Rules, seed: int | None, seat_choice: str, opponent: str, hotseat: bool = False, lang: str = ENGLISH
    ) -> Session:
        """A new deal; the same seed, seat choice and rules give the same game (as `play --plain` does)."""
        rng = random.Random(seed)
        seat = rng.randrange(2) if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
        names = {"A": PERSON, "B": PERSON} if hotseat else {SEAT_NAMES[seat]: YOU, SEAT_NAMES[1 - seat]: opponent}
        player = None if hotseat else load_player(opponent, rules, lang)
        deal = random.Random(rng.getrandbits(64))
        make = None if player is None else (lambda *_: player)
        return cls._around(GameSession.new(names, rules, deal, random.Random(rng.getrandbits(64)), make))

    @classmethod
    def from_record(
        cls,
        record: dict[str, Any],
        rules: Rules | None,
        seat_choice: str = "random",
        opponent: str = "medium",
        hotseat: bool = False,
        seed: int | None = None,
        lang: str = ENGLISH,
    ) -> Session:
        """Continue a saved game. Its `players` say who was who: `you` is the person, `person` a hot seat;
        the other seat's name is the computer player to continue with (or `opponent` if it is none)."""
        timeline = walk(record, rules)
        names = timeline.game.players
        game_rules = timeline.game.rules
        if hotseat or all(names[s] in HUMAN_NAMES for s in SEAT_NAMES):
            seats = {"A": PERSON, "B": PERSON}
            return cls._around(GameSession.from_timeline(timeline, rng=random.Random(seed), seats=seats))
        seat = 1 if names["B"] == YOU and names["A"] != YOU else 0
        seat = seat if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
        other = names[SEAT_NAMES[1 - seat]]
        try:
            player = make_player(other, game_rules)
        except (TimesSquareError, ImportError):
            player, other = load_player(opponent, game_rules, lang), opponent
        seats = {SEAT_NAMES[seat]: YOU, SEAT_NAMES[1 - seat]: other}
        return cls._around(GameSession.from_timeline(timeline, None, random.Random(seed), lambda *_: player, seats))

    @classmethod
    def load(cls, path: str | Path, rules: Rules | None = None, **options: Any) -> Session:
        """Read a game record file and continue it (raises TimesSquareError with the reason)."""
        record = read_record_file(path)
        try:
            return cls.from_record(record, rules, **options)
        except TimesSquareError as e:
            raise TimesSquareError(f"{path}: {e}") from None

    def save(self, path: str | Path, lang: str = ENGLISH) -> Path:
        """Write the game record (FORMATS.md) as JSON; returns the path written."""
        target = Path(path).expanduser()
        try:
            target.write_text(json.dumps(self.core.record(), indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            raise TimesSquareError(words("tui.cannotWrite", lang, path=target, why=e.strerror)) from None
        return target

    # ----------------------------------------------------------------- what the screen may know

    @property
    def hotseat(self) -> bool:
        return all(self.humans)

    @property
    def rules(self) -> Rules:
        return self.core.rules

    @property
    def version(self) -> int:
        return self.core.version

    @property
    def moves_so_far(self) -> int:
        """The record's entries so far (a reshuffle's included)."""
        return len(self.core.entries)

    @property
    def is_over(self) -> bool:
        return self.core.is_over

    @property
    def to_move(self) -> int:
        """The seat to move (the last one to move once the game is over)."""
        seat = self.core.to_move
        return self.update().view.to_move if seat is None else seat

    def update(self) -> SeatUpdate:
        """Everything the screen may show: the update of the seat at the screen (a spectator's when nobody sits)."""
        return self.core.update(self.screen_seat)

    def view(self) -> PlayerView:
        """What the screen shows: the view of the seat at the screen."""
        return self.update().view

    def seat_name(self, seat: int, lang: str = ENGLISH) -> str:
        """How the screen calls a seat's player, in words of `lang`: "you", "person A", a computer player by
        its level's name ("easy") or its own ("random")."""
        return player_words(self.core.seats.get(SEAT_NAMES[seat], SEAT_NAMES[seat]), SEAT_NAMES[seat], lang)

    @property
    def person_to_move(self) -> bool:
        """Whether the person at the screen may act now."""
        return not self.is_over and self.humans[self.to_move] and self.screen_seat == self.to_move

    @property
    def computer_to_move(self) -> bool:
        return self.core.computer_to_move

    @property
    def needs_hand_over(self) -> bool:
        """Hot seat: the seat to move has not taken the screen yet."""
        return self.hotseat and not self.is_over and self.screen_seat != self.to_move

    def legal_ids(self) -> tuple[int, ...]:
        """The legal actions of the person at the screen (none when it is not their turn)."""
        return self.update().legal_ids if self.person_to_move else ()

    def why_not(self, aid: int, lang: str = ENGLISH) -> str:
        """Why the person at the screen may not take action `aid` now, citing the rule, in words of `lang`."""
        if self.is_over:
            return session_words("over", lang, ending=self.core.update(self.screen_seat, lang).ending)
        if not self.person_to_move:
            return session_words("turn", lang, seat=SEAT_NAMES[self.to_move])
        return self.core.why_not(self.to_move, aid, lang)

    # ----------------------------------------------------------------- changing it

    def play(self, aid: int) -> list[LogEntry]:
        """A person's action, checked (raises IllegalActionError with the rule); returns the new log lines."""
        if not self.person_to_move:
            raise TimesSquareError(self.why_not(aid))
        return list(self.core.act(self.to_move, aid).log)

    def computer_turn(self) -> ComputerTurn:
        """What the computer to move is asked: its own view (R10) and its legal actions."""
        return self.core.computer_turn()

    def think(self, turn: ComputerTurn) -> int | Forfeit:
        """The computer's choice (off the screen's thread; a player's failure other than a forfeit raises)."""
        return self.core.think(turn)

    def computer_played(self, choice: int | Forfeit, turn: ComputerTurn | None = None) -> list[LogEntry]:
        """The computer's answer to `turn` (default: the turn now); a forfeit, or an illegal answer, loses it
        the game, as in self-play."""
        return list(self.core.computer_played(self.core.computer_turn() if turn is None else turn, choice).log)

    def forfeit(self, seat: int, reason: str) -> list[LogEntry]:
        change = self.core.forfeit(seat, reason)
        return [] if change is None else list(change.log)

    def take_screen(self, seat: int | None) -> None:
        """Hot seat: `seat` sits down at the screen (None: the screen is being handed over)."""
        self.screen_seat = seat

    def close(self) -> None:
        self.core.close()
