"""One game at the screen, without any screen: who plays each seat, the computer players, the log.

The terminal app asks a `Session` what to show and tells it what a person chose. What it shows comes from
`view()`, the PlayerView of the seat at the screen (R10); the State stays in here. Legality and the
reasons for illegal choices are asked of the state only for the seat to move, whose own hand they concern.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ..cards import SEAT_NAMES
from ..errors import TimesSquareError
from ..game import Game
from ..players import Player, make_player
from ..record import read_record_file, to_record
from ..session import GameSession, LogEntry
from ..session.timeline import walk
from ..variants import Rules
from ..view import PlayerView

YOU = "you"  # the record's name for the person at the screen against the computer
PERSON = "person"  # the record's name for each of two people at one screen (hot seat)
HUMAN_NAMES = (YOU, PERSON)


def load_player(spec: str, rules: Rules) -> Player:
    """A computer player by name; a clear error when it does not exist (or is not built yet)."""
    try:
        return make_player(spec, rules)
    except ImportError as e:
        raise TimesSquareError(f"the computer player {spec!r} is not available ({e}); try --opponent random") from None


class Session:
    """A game with its seats: `humans[seat]` is True for a person; `players` holds the computer seats.

    `screen_seat` is whose view the screen shows: the person's seat against the computer; in hot-seat
    play the seat to move once it has taken the screen, and None behind the hand-over screen.
    """

    def __init__(
        self,
        game: Game,
        humans: tuple[bool, bool],
        players: dict[int, Player],
        rng: random.Random,
        log: list[LogEntry] | None = None,
    ) -> None:
        self.game = game
        self.humans = humans
        self.players = players
        # The game itself runs on the one game session; this class adds the screen (whose view it shows).
        self.core = GameSession(game, players, rng, log)
        self.screen_seat: int | None = None if self.hotseat else humans.index(True)
        self.core.start()

    @property
    def rng(self) -> random.Random:
        """The computer players' random generator (used by one worker at a time)."""
        return self.core.rng

    @property
    def log(self) -> list[LogEntry]:
        return self.core.log

    # ----------------------------------------------------------------- making one

    @classmethod
    def new(cls, rules: Rules, seed: int | None, seat_choice: str, opponent: str, hotseat: bool = False) -> Session:
        """A new deal; the same seed, seat choice and rules give the same game (as `play --plain` does)."""
        rng = random.Random(seed)
        seat = rng.randrange(2) if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
        if hotseat:
            names = {"A": PERSON, "B": PERSON}
            humans, players = (True, True), {}
        else:
            names = {SEAT_NAMES[seat]: YOU, SEAT_NAMES[1 - seat]: opponent}
            humans = (seat == 0, seat == 1)
            players = {1 - seat: load_player(opponent, rules)}
        game = Game.new(rng.getrandbits(64), rules, players=names)
        return cls(game, humans, players, random.Random(rng.getrandbits(64)))

    @classmethod
    def from_record(
        cls,
        record: dict[str, Any],
        rules: Rules | None,
        seat_choice: str = "random",
        opponent: str = "medium",
        hotseat: bool = False,
        seed: int | None = None,
    ) -> Session:
        """Continue a saved game. Its `players` say who was who: `you` is the person, `person` a hot seat;
        the other seat's name is the computer player to continue with (or `opponent` if it is none)."""
        timeline = walk(record, rules)
        game = timeline.game
        names = game.players
        if hotseat or all(names[s] in HUMAN_NAMES for s in SEAT_NAMES):
            humans, players = (True, True), {}
        else:
            if seat_choice != "random":
                seat = SEAT_NAMES.index(seat_choice)
            elif names["B"] == YOU and names["A"] != YOU:
                seat = 1
            else:
                seat = 0
            humans = (seat == 0, seat == 1)
            other = names[SEAT_NAMES[1 - seat]]
            try:
                player = make_player(other, game.rules)
            except (TimesSquareError, ImportError):
                player = load_player(opponent, game.rules)
                other = opponent
            players = {1 - seat: player}
            game.players = {SEAT_NAMES[seat]: YOU, SEAT_NAMES[1 - seat]: other}
        return cls(game, humans, players, random.Random(seed), timeline.log())

    @classmethod
    def load(cls, path: str | Path, rules: Rules | None = None, **options: Any) -> Session:
        """Read a game record file and continue it (raises TimesSquareError with the reason)."""
        record = read_record_file(path)
        try:
            return cls.from_record(record, rules, **options)
        except TimesSquareError as e:
            raise TimesSquareError(f"{path}: {e}") from None

    def save(self, path: str | Path) -> Path:
        """Write the game record (FORMATS.md) as JSON; returns the path written."""
        target = Path(path).expanduser()
        try:
            target.write_text(json.dumps(to_record(self.game), indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            raise TimesSquareError(f"cannot write {target}: {e.strerror}") from None
        return target

    # ----------------------------------------------------------------- what the screen may know

    @property
    def hotseat(self) -> bool:
        return all(self.humans)

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def to_move(self) -> int:
        return self.game.state.to_move

    def view(self) -> PlayerView:
        """What the screen shows: the view of the seat at the screen (a spectator's when nobody sits)."""
        return self.game.view(self.screen_seat)

    def seat_name(self, seat: int) -> str:
        """How the screen calls a seat's player: "you", "random", "person A"."""
        name = self.game.players.get(SEAT_NAMES[seat], SEAT_NAMES[seat])
        return f"{PERSON} {SEAT_NAMES[seat]}" if name == PERSON else name

    @property
    def person_to_move(self) -> bool:
        """Whether the person at the screen may act now."""
        return not self.is_over and self.humans[self.to_move] and self.screen_seat == self.to_move

    @property
    def computer_to_move(self) -> bool:
        return not self.is_over and not self.humans[self.to_move]

    @property
    def needs_hand_over(self) -> bool:
        """Hot seat: the seat to move has not taken the screen yet."""
        return self.hotseat and not self.is_over and self.screen_seat != self.to_move

    def legal_ids(self) -> tuple[int, ...]:
        """The legal actions of the person at the screen (none when it is not their turn)."""
        return self.game.state.legal_ids() if self.person_to_move else ()

    def why_not(self, aid: int) -> str:
        """Why the person at the screen may not take action `aid` now, citing the rule."""
        if self.is_over:
            return f"the game is over ({self.game.end_reason()})"
        if not self.person_to_move:
            return f"it is {SEAT_NAMES[self.to_move]}'s turn"
        return self.core.why_not(self.to_move, aid)

    # ----------------------------------------------------------------- changing it

    def play(self, aid: int) -> list[LogEntry]:
        """A person's action, checked (raises IllegalActionError with the rule); returns the new log lines."""
        if not self.person_to_move:
            raise TimesSquareError(self.why_not(aid))
        return self.core.act(self.to_move, aid)

    def computer_request(self) -> tuple[Player, PlayerView, tuple[int, ...]]:
        """What the computer to move is asked: its player, its own view (R10) and its legal actions."""
        _, player, view, legal = self.core.computer_request()
        return player, view, legal

    def computer_played(self, aid: int) -> list[LogEntry]:
        """The computer's answer; an illegal one loses it the game by forfeit, as in self-play."""
        return self.core.computer_played(self.to_move, aid)

    def forfeit(self, seat: int, reason: str) -> list[LogEntry]:
        return self.core.forfeit(seat, reason)

    def take_screen(self, seat: int | None) -> None:
        """Hot seat: `seat` sits down at the screen (None: the screen is being handed over)."""
        self.screen_seat = seat

    def finish(self) -> None:
        """Tell the computer players the game is over (or was stopped)."""
        self.core.finish()

    def close(self) -> None:
        self.core.close()
