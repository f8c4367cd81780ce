"""One game as the server holds it: the game session plus the web's bookkeeping (game id, mode, version).

Everything about turns, seats, legality, views and words comes from the game session; this file only
translates between it and the protocol (seat letters, error codes, the version number, storage progress).
"""

from __future__ import annotations

import random
import re
import secrets
from typing import Any

from ..actions import ACTIONS, END_ID, LURE, action_id
from ..cards import SEAT_NAMES
from ..errors import InvalidActionError
from ..explain import why_illegal
from ..game import Game
from ..record import replay, to_record
from ..tui.history import LogEntry
from ..variants import Rules
from ..view import SHUFFLE, PlayerView
from .messages import ProtocolError
from .storage import Progress, StoredGame

YOU = "you"  # the record's name for the person who created the game
FRIEND = "friend"  # ... and for the friend they invited
PEOPLE = (YOU, FRIEND)
LEVELS = ("easy", "medium", "hard", "expert")
RULE = re.compile(r"R\d+(?:\.\d+)?")


def rule_of(reason: str) -> str | None:
    """The first rule number a reason cites ("… (R5.2)" -> "R5.2")."""
    found = RULE.search(reason)
    return found.group(0) if found else None


class Table:
    def __init__(self, game_id: str, mode: str, game: Game) -> None:
        self.game_id = game_id
        self.mode = mode
        self.game = game
        self._log: list[LogEntry] = []
        self._logged = 0  # record entries already in the log

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
        rng = random.Random(secrets.randbits(128))  # the deal and later reshuffles; never leaves the server
        if players is None:
            mine = rng.randrange(2) if seat_choice == "random" else SEAT_NAMES.index(seat_choice)
            players = {SEAT_NAMES[mine]: YOU, SEAT_NAMES[1 - mine]: level}
        return cls(game_id, mode, Game.new(rules=rules, players=dict(players), rng=rng))

    @classmethod
    def restore(cls, stored: StoredGame) -> Table:
        """The game as stored, replayed move by move."""
        game = replay(stored.record())
        game.rng = random.Random(secrets.randbits(128))
        return cls(stored.id, stored.mode, game)

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
        return len(self.game.moves) + (1 if self.game.forfeit else 0)

    @property
    def record_length(self) -> int:
        return len(self.game.moves)

    def entries_since(self, length: int) -> list[str]:
        return list(self.game.moves[length:])

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the game is over."""
        return None if self.game.is_over else self.game.state.to_move

    def to_move_or_none(self) -> int | None:
        return self.to_move

    def is_person(self, seat: int | None) -> bool:
        return seat is not None and self.players[SEAT_NAMES[seat]] in PEOPLE

    def computer(self, seat: int) -> str:
        return self.players[SEAT_NAMES[seat]]

    def players_seat(self, name: str) -> str:
        return next(s for s in SEAT_NAMES if self.players[s] == name)

    def view(self, seat: int | None) -> PlayerView:
        return self.game.view(seat)

    def legal_ids(self, seat: int) -> list[int]:
        return list(self.game.state.legal_ids()) if self.to_move == seat else []

    def legal_strings(self, seat: int) -> list[str]:
        return sorted(ACTIONS[a].notation for a in self.legal_ids(seat))

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
        result = self.game.result
        if result is None:
            return None
        return {"result": result, "reason": self.game.end_reason()}

    def log(self, lang: str) -> list[dict[str, Any]]:
        self._catch_up_log()
        return [{"text": e.words, "seat": None if e.seat is None else SEAT_NAMES[e.seat]} for e in self._log]

    def record(self) -> dict[str, Any]:
        return to_record(self.game)

    # --------------------------------------------------------------- changing

    def play(self, seat: int, action: str) -> None:
        """A person's action: checked (notation, turn, legality) and applied; raises ProtocolError."""
        try:
            aid = action_id(action)
        except InvalidActionError:
            raise ProtocolError("bad_message", f"{action!r} is not a move of the notation") from None
        self.play_id(seat, aid)

    def play_id(self, seat: int, aid: int) -> None:
        if self.to_move != seat:
            raise ProtocolError("not_your_turn", "it is not your turn")
        if not self.game.state.is_legal(aid):
            reason = why_illegal(self.game.state, aid)
            raise ProtocolError("illegal", reason, rule_of(reason))
        self._catch_up_log()
        self.game.apply(aid)

    def resign(self, seat: int) -> None:
        self.game.resign(seat, f"{SEAT_NAMES[seat]} resigned")

    def explain(self, seat: int, action: str) -> dict[str, Any]:
        try:
            aid = action_id(action)
        except InvalidActionError:
            return {"legal": False, "reason": "not a move of the notation", "rule": None}
        if self.game.state.is_legal(aid):
            return {"legal": True, "reason": None, "rule": None}
        reason = why_illegal(self.game.state, aid)
        return {"legal": False, "reason": reason, "rule": rule_of(reason)}

    def turn_ends_with(self, aid: int) -> bool:
        return aid == END_ID or ACTIONS[aid].kind == LURE

    # ------------------------------------------------------------------ the log

    def _catch_up_log(self) -> None:
        """Bring the log in words up to the record's end (rebuilt from the public history; games are short)."""
        from ..tui.timeline import walk

        if self._logged == len(self.game.moves):
            return
        record = self.record()
        record.pop("forfeit", None)
        record.pop("end", None)
        record["result"] = self.game.state.result_name
        self._log = walk(record).log()
        self._logged = len(self.game.moves)
