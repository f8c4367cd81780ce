"""How much a rated game moved each player's rating (the end dialog's "+12"): the rating after the game (its
row in `rating_history`) less the rating after the player's game before (or the starting rating)."""

from __future__ import annotations

from sqlalchemy import Engine, select

from ..storage.online_schema import rating_history
from .glicko2 import Rating


def rating_changes(engine: Engine, game_id: str) -> dict[int, int]:
    """Account id -> the whole points the game added (negative: lost); empty for a game that moved nobody."""
    h = rating_history.c
    changes: dict[int, int] = {}
    with engine.connect() as connection:
        after = connection.execute(select(h.id, h.account_id, h.rating).where(h.game_id == game_id)).all()
        for row in after:
            before = connection.execute(
                select(h.rating).where(h.account_id == row.account_id, h.id < row.id).order_by(h.id.desc()).limit(1)
            ).scalar_one_or_none()
            start = Rating().rating if before is None else before
            changes[row.account_id] = round(row.rating) - round(start)
    return changes
