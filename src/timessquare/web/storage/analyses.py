"""The stored analyses of finished games: written once by the analyst (web/analyst.py), read by the replay.

A finished game without a row here is waiting for its analysis; the analyst finds those itself, so nothing
else has to tell it that a game ended, and a restart loses nothing.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from .schema import analyses, games
from .store import now


class AnalysisStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def waiting(self, limit: int) -> list[str]:
        """Finished games without an analysis, the most recently finished first."""
        query = (
            select(games.c.id)
            .outerjoin(analyses, analyses.c.game_id == games.c.id)
            .where(games.c.status == "finished", analyses.c.game_id.is_(None))
            .order_by(games.c.updated_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def save(self, game_id: str, document: dict[str, Any]) -> None:
        """Store a game's analysis; a second one for the same game (another server process) is dropped."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(analyses).values(game_id=game_id, created_at=now(), document=json.dumps(document))
                )
        except IntegrityError:
            return

    def load(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as connection:
            text = connection.execute(select(analyses.c.document).where(analyses.c.game_id == game_id)).scalar()
        return None if text is None else dict(json.loads(text))
