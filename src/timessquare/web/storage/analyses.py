"""The stored analyses of finished games, and the analysts' queue of games waiting for one.

A finished game without a row in `analyses` is waiting for its analysis; the analysts (web/workers/analyst.py, one in
each server process) find those themselves, so nothing else has to tell them that a game ended, and a
restart loses nothing. An analyst claims a game before it works on it (`claim`): a row in `analysis_claims`
that names it, with a lease it renews as it goes. Claiming is one conditional INSERT or UPDATE, so of several
processes on one PostgreSQL exactly one wins each game; a lease that runs out (its process died) lets another
analyst take the game over, and that counts as a failed try. Games never tried come first, then those tried
least, and a failed game waits until its `retry_after`: failures cannot crowd out new games.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, and_, case, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from .schema import analyses, analysis_claims, games
from .store import now

CANDIDATES = 8  # games looked at per claim: enough that a few taken by other analysts leave one


class _Taken(Exception):
    """Another analyst has the game: the claim's transaction is rolled back."""


@dataclass(frozen=True)
class Claim:
    game_id: str
    attempts: int  # the earlier tries of this game that failed or never finished


class AnalysisStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def claim(self, analyst: str, lease: timedelta, at: datetime | None = None) -> Claim | None:
        """Claim the next game to analyse for `analyst` until `at + lease`, or None when none is waiting."""
        at = at or now()
        claims = analysis_claims.c
        free = or_(
            and_(claims.claimed_by.is_(None), or_(claims.retry_after.is_(None), claims.retry_after <= at)),
            and_(claims.claimed_by.is_not(None), claims.lease_until <= at),
        )
        query = (
            select(games.c.id, claims.attempts)
            .outerjoin(analyses, analyses.c.game_id == games.c.id)
            .outerjoin(analysis_claims, claims.game_id == games.c.id)
            .where(games.c.status == "finished", analyses.c.game_id.is_(None), or_(claims.game_id.is_(None), free))
            .order_by(func.coalesce(claims.attempts, 0), games.c.updated_at.desc(), games.c.id)
            .limit(CANDIDATES)
        )
        with self.engine.connect() as connection:
            candidates = list(connection.execute(query))
        for game_id, attempts in candidates:
            if attempts is None:
                won = self._claim_new(game_id, analyst, at + lease)
            else:
                won = self._claim_again(game_id, analyst, at + lease, free)
            if won is not None:
                return won
        return None

    def _claim_new(self, game_id: str, analyst: str, until: datetime) -> Claim | None:
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(analysis_claims).values(game_id=game_id, claimed_by=analyst, lease_until=until, attempts=0)
                )
                if _analysed(connection, game_id):
                    raise _Taken
        except (IntegrityError, _Taken):  # another analyst was first
            return None
        return Claim(game_id, 0)

    def _claim_again(self, game_id: str, analyst: str, until: datetime, free: Any) -> Claim | None:
        claims = analysis_claims.c
        # The condition is checked again as the row is written: of two analysts, the second finds it taken.
        # A lease that ran out is a try that never finished.
        taken_over = case((claims.claimed_by.is_(None), 0), else_=1)
        try:
            with self.engine.begin() as connection:
                changed = connection.execute(
                    update(analysis_claims)
                    .where(claims.game_id == game_id, free)
                    .values(claimed_by=analyst, lease_until=until, attempts=claims.attempts + taken_over)
                ).rowcount
                if changed != 1 or _analysed(connection, game_id):
                    raise _Taken
                attempts = connection.execute(select(claims.attempts).where(claims.game_id == game_id)).scalar_one()
        except _Taken:
            return None
        return Claim(game_id, int(attempts))

    def renew(self, game_id: str, analyst: str, lease: timedelta, at: datetime | None = None) -> bool:
        """Hold the claim longer; False when it is no longer this analyst's (its lease ran out and another
        analyst took the game over)."""
        claims = analysis_claims.c
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(analysis_claims)
                .where(claims.game_id == game_id, claims.claimed_by == analyst)
                .values(lease_until=(at or now()) + lease)
            ).rowcount
        return bool(changed == 1)

    def failed(self, game_id: str, analyst: str, attempts: int, retry_after: datetime) -> None:
        """The analyst's try failed: the game waits until `retry_after`, with `attempts` failed tries."""
        self._let_go(game_id, analyst, attempts=attempts, retry_after=retry_after)

    def release(self, game_id: str, analyst: str) -> None:
        """Give the game back untried (the server stops): another analyst may take it at once."""
        self._let_go(game_id, analyst)

    def _let_go(self, game_id: str, analyst: str, **values: Any) -> None:
        """Drop this analyst's claim on the game (nothing if it is no longer this analyst's), writing `values`."""
        claims = analysis_claims.c
        with self.engine.begin() as connection:
            connection.execute(
                update(analysis_claims)
                .where(claims.game_id == game_id, claims.claimed_by == analyst)
                .values(claimed_by=None, lease_until=None, **values)
            )

    def save(self, game_id: str, document: dict[str, Any]) -> None:
        """Store a game's analysis (or `{"error": why}`, for good); a second one for the same game is dropped.
        Its claim stays: an analyst that read the queue just before finds the game taken."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(analyses).values(game_id=game_id, created_at=now(), document=json.dumps(document))
                )
        except IntegrityError:
            return

    def waiting(self) -> int:
        """How many finished games wait for their analysis (claimed ones included): how far behind the
        analysts are."""
        query = (
            select(func.count())
            .select_from(games)
            .outerjoin(analyses, analyses.c.game_id == games.c.id)
            .where(games.c.status == "finished", analyses.c.game_id.is_(None))
        )
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar_one())

    def load(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as connection:
            text = connection.execute(select(analyses.c.document).where(analyses.c.game_id == game_id)).scalar()
        return None if text is None else dict(json.loads(text))


def _analysed(connection: Connection, game_id: str) -> bool:
    """Whether the game has its analysis: checked after a claim is written, as another analyst may have
    finished the game since the queue was read."""
    return connection.execute(select(analyses.c.game_id).where(analyses.c.game_id == game_id)).first() is not None
