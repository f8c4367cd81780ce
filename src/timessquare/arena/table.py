"""One arena game: its task (deal and seating) and the table that plays it, with the two players built
from their names and reused from game to game (in a worker process, or a Ray worker)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import SEAT_NAMES
from ..game import Game
from ..outcome import Termination
from ..players import Player, make_player
from ..session import GameSession
from ..variants import Rules
from .selfplay import play_out
from .stats import GameOutcome


@dataclass(frozen=True)
class GameTask:
    """Game `index` of the arena: deal `deal_seed`, PLAYER1 in seat A when `index` is even, else in seat B."""

    index: int
    deal_seed: int

    @property
    def player1_seat(self) -> int:
        return self.index % 2


class Table:
    """The two players of one process, built from their names; reused from game to game."""

    def __init__(self, player1: str, player2: str, rules: Rules, keep_records: bool) -> None:
        self.names = (player1, player2)
        self.rules = rules
        self.keep_records = keep_records
        self.players: tuple[Player, Player] = (make_player(player1, rules), make_player(player2, rules))

    def play(self, task: GameTask) -> GameOutcome:
        p1_seat = task.player1_seat
        by_seat = (0, 1) if p1_seat == 0 else (1, 0)  # the player (0 = PLAYER1) in seat A, then in seat B
        names = {SEAT_NAMES[s]: self.names[by_seat[s]] for s in (0, 1)}
        seat_seconds: tuple[list[float], list[float]] = ([], [])
        players = {0: self.players[by_seat[0]], 1: self.players[by_seat[1]]}
        rng = random.Random(task.deal_seed * 2 + p1_seat)
        session = GameSession(Game.new(task.deal_seed, self.rules, players=names), players, rng)
        play_out(session, seat_seconds)
        outcome = session.outcome
        assert outcome is not None  # play_out returns only at the end
        lost = outcome.termination in (Termination.FORFEIT, Termination.RESIGNATION)
        return GameOutcome(
            index=task.index,
            player1_seat=p1_seat,
            result=outcome.result,
            forfeit_seat=outcome.seat if lost else None,
            forfeit_reason=outcome.reason if lost else None,
            turn_seconds=(seat_seconds[p1_seat], seat_seconds[1 - p1_seat]),
            record=session.record() if self.keep_records else None,
        )

    def close(self) -> None:
        for player in self.players:
            player.close()
