"""One game as the server holds it: the game session (session/) plus the web's bookkeeping (game id, mode).

Turns, seats, versions, legality, views, resignation and the log in words all come from `GameSession`; this
file only translates between it and the protocol (seat letters, error codes) and storage (progress, the
record's new entries). A computer seat holds a `PoolPlayer`: the session knows the seat is the computer's,
and the server asks the worker pool for its choices (`computer_request` / `computer_played`).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from ..actions import ACTIONS
from ..cards import SEAT_NAMES
from ..errors import GameOverError, IllegalActionError, InvalidActionError, TimesSquareError
from ..game import Game
from ..players.base import BasePlayer, Player
from ..record import to_record
from ..session import GameSession, NotYourTurnError, StaleVersionError, over_entry
from ..session.destinations import destinations
from ..session.log import LogEntry, ending_words
from ..session.reasons import reason_words, session_words
from ..session.timeline import Timeline, walk
from ..variants import Rules
from ..view import SHUFFLE, PlayerView
from .messages import ProtocolError
from .storage import Progress, StoredGame

YOU = "you"  # the record's name for the person who created the game
FRIEND = "friend"  # ... and for the friend they invited
PEOPLE = (YOU, FRIEND)


class PoolPlayer(BasePlayer):
    """A computer seat whose choices are made in the worker pool (pool.py), by the player of that name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        raise TimesSquareError("the web server's computer players choose in the worker pool")


def _server_rng() -> random.Random:
    """The deal and reshuffles: seeded from the system's randomness, never sent anywhere."""
    return random.Random(secrets.randbits(128))


class Table:
    def __init__(self, game_id: str, mode: str, session: GameSession) -> None:
        self.game_id = game_id
        self.mode = mode
        self.session = session
        self.game = session.game
        self._logs: dict[str, list[dict[str, Any]]] = {}  # the log in words, by language

    # ------------------------------------------------------------ making one

    @classmethod
    def new(
        cls,
        game_id: str,
        mode: str,
        level: str,
        seat_choice: str,
        rules: Rules,
        players: dict[str, str] | None = None,
    ) -> Table:
        """A new deal. `players` (record names by seat) when given; else the creator ("you") takes
        `seat_choice` and the other seat is the level or the friend."""
        rng = _server_rng()
        if players is None:
            mine = rng.randrange(2) if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
            players = {SEAT_NAMES[mine]: YOU, SEAT_NAMES[1 - mine]: level}
        game = Game.new(rules=rules, players=dict(players), rng=rng)
        return cls(game_id, mode, GameSession(game, _computers(players), rng))

    @classmethod
    def restore(cls, stored: StoredGame, timeline: Timeline | None = None) -> Table:
        """The game as stored, replayed move by move (the record is checked on the way), with its log;
        `timeline`: that walk, when the caller has made it already (`walk(stored.record())`)."""
        timeline = walk(stored.record()) if timeline is None else timeline
        game = timeline.game
        game.rng = _server_rng()
        session = GameSession(game, _computers(game.players), game.rng, timeline.log())
        if game.forfeit and game.result is not None:  # a forfeit is no move: the timeline's log lacks its end
            session.log.append(over_entry(game.result, game.end_reason(), session.ending()))
        return cls(stored.id, stored.mode, session)

    # --------------------------------------------------------------- reading

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def players(self) -> dict[str, str]:
        return self.game.players

    @property
    def start(self) -> dict[str, Any]:
        return self.game.start

    @property
    def version(self) -> int:
        return self.session.version

    @property
    def record_length(self) -> int:
        return len(self.game.moves)

    def entries_since(self, length: int) -> list[str]:
        """The record's entries from `length` on (a reshuffle's `shuffle …` entry included: storage only)."""
        return list(self.game.moves[length:])

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the game is over."""
        return self.session.to_move

    def is_person(self, seat: int | None) -> bool:
        return seat is not None and self.session.is_person(seat)

    def computer(self, seat: int) -> str:
        return self.session.players[seat].name

    def players_seat(self, name: str) -> str:
        return next(s for s in SEAT_NAMES if self.players[s] == name)

    def view(self, seat: int | None) -> PlayerView:
        return self.session.view(seat)

    def legal_ids(self, seat: int) -> list[int]:
        return list(self.session.legal_ids(seat))

    def legal_moves(self, seat: int) -> tuple[list[str], list[dict[str, int]]]:
        """The seat's legal action strings (sorted) and, for each, where it puts the figures it moves."""
        figures = self.session.view(seat).figures
        ids = sorted(self.session.legal_ids(seat), key=self.notation)
        return [self.notation(a) for a in ids], [destinations(a, figures) for a in ids]

    @staticmethod
    def notation(aid: int) -> str:
        return ACTIONS[aid].notation

    def progress(self) -> Progress:
        game = self.game
        forfeit = (game.forfeit["seat"], game.forfeit["reason"]) if game.forfeit else None
        return Progress(
            version=self.version,
            public_moves=sum(1 for m in game.moves if not m.startswith(SHUFFLE)),
            to_move=None if self.to_move is None else SEAT_NAMES[self.to_move],
            result=game.result,
            end_reason=game.end_reason() if game.is_over else None,
            forfeit=forfeit,
        )

    def over(self, lang: str) -> dict[str, str] | None:
        """The result and how the game ended, in words of `lang`."""
        result = self.game.result
        if result is None:
            return None
        return {"result": result, "reason": ending_words(self.session.ending(), lang)}

    def log(self, lang: str) -> list[dict[str, Any]]:
        """The session's public log in words of `lang` (kept as it grows, one list per language)."""
        words = self._logs.setdefault(lang, [])
        words += [entry_document(entry, lang) for entry in self.session.log[len(words) :]]
        return words

    def record(self) -> dict[str, Any]:
        return to_record(self.game)

    # --------------------------------------------------------------- changing

    def play(self, seat: int, action: str, version: int | None = None, lang: str = "en") -> None:
        """A person's action, checked by the session; its refusals become the protocol's errors (an illegal
        action's reason in words of `lang`)."""
        try:
            self.session.act(seat, action, version)
        except InvalidActionError:
            raise ProtocolError("bad_message", f"{action!r} is not a move of the notation") from None
        except GameOverError:
            raise ProtocolError("game_over", "the game is over") from None
        except IllegalActionError as e:
            reason = self.session.illegal_reason(seat, action)
            words, rule = (reason_words(reason, lang), reason.rule) if reason else (e.why, None)
            raise ProtocolError("illegal", words, rule) from None
        except NotYourTurnError as e:
            raise ProtocolError("not_your_turn", str(e)) from None
        except StaleVersionError as e:
            raise ProtocolError("stale", str(e)) from None

    def computer_request(self) -> tuple[int, str, PlayerView, list[int]]:
        """The computer to move: its seat, its player's name, its own view only, its legal actions."""
        seat, player, view, legal = self.session.computer_request()
        return seat, player.name, view, list(legal)

    def computer_played(self, seat: int, aid: int) -> None:
        self.session.computer_played(seat, aid)

    def resign(self, seat: int) -> None:
        self.session.resign(seat)

    def forfeit(self, seat: int, reason: str) -> None:
        self.session.forfeit(seat, reason)

    def explain(self, seat: int, action: str, lang: str = "en") -> dict[str, Any]:
        """Why the seat to move may not take `action` now, in words of `lang`, with the rule it breaks."""
        try:
            reason = self.session.illegal_reason(seat, action)
        except InvalidActionError:
            return {"legal": False, "reason": session_words("notation", lang), "rule": None}
        if reason is None:
            return {"legal": True, "reason": None, "rule": None}
        return {"legal": False, "reason": reason_words(reason, lang), "rule": reason.rule}


def entry_document(entry: LogEntry, lang: str) -> dict[str, Any]:
    """One log entry as the protocol sends it: its words in `lang`, who acted, its notation."""
    seat = None if entry.seat is None else SEAT_NAMES[entry.seat]
    return {"text": entry.text(lang), "seat": seat, "notation": entry.notation or None}


def _computers(players: dict[str, str]) -> dict[int, Player]:
    """The computer seats of a game, from its record names (everyone but "you" and "friend")."""
    return {i: PoolPlayer(players[s]) for i, s in enumerate(SEAT_NAMES) if players[s] not in PEOPLE}
