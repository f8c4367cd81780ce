"""An online game's row (`online_games`): who sits where, the computer's level, rated or not, its clock; read
and written here, the one place that turns a row into an `OnlineGame` and a `Clock` into columns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...session.clock import Clock, TimeControl
from .database import aware


@dataclass(frozen=True)
class OnlineGame:
    game_id: str
    accounts: dict[str, int | None]  # by seat
    level: str | None
    rated: bool
    clock: Clock | None
    finished: bool


def online_game_of(row: Any) -> OnlineGame:
    """The row as an OnlineGame (its clock's control was checked when the game was made)."""
    clock = None
    if row["control"] is not None:
        left = {"A": row["left_a_ms"], "B": row["left_b_ms"]}
        clock = Clock(TimeControl.parse(row["control"]), left, row["clock_seat"], aware(row["turn_started"]))
    return OnlineGame(
        row["game_id"],
        {"A": row["account_a"], "B": row["account_b"]},
        row["level"],
        bool(row["rated"]),
        clock,
        bool(row["finished"]),
    )


def clock_columns(clock: Clock | None) -> dict[str, Any]:
    if clock is None:
        return {}
    return {
        "control": clock.control.name,
        "left_a_ms": clock.left["A"],
        "left_b_ms": clock.left["B"],
        "clock_seat": clock.running,
        "turn_started": clock.since,
        "deadline": clock.deadline,
    }


def online_game_columns(game: OnlineGame) -> dict[str, Any]:
    """The whole row of a new online game."""
    return dict(
        game_id=game.game_id,
        account_a=game.accounts["A"],
        account_b=game.accounts["B"],
        level=game.level,
        rated=game.rated,
        finished=game.finished,
        **clock_columns(game.clock),
    )
