"""The offers on a game's table, in the database so that every server process sees them (`game_offers`): a
draw offer (sockets/offers.py), standing on the game's version it was made on, and a rematch asked for
(online/rematch.py). Short blocking transactions, called from worker threads."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from .online_schema import game_offers, online_games


@dataclass(frozen=True)
class StandingOffer:
    kind: str
    seat: str
    version: int


class OfferStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def standing(self, game_id: str, kind: str) -> StandingOffer | None:
        o = game_offers.c
        with self.engine.connect() as c:
            row = c.execute(select(o.seat, o.version).where(o.game_id == game_id, o.kind == kind)).first()
        return None if row is None else StandingOffer(kind, row.seat, int(row.version))

    def standing_all(self, game_id: str) -> dict[str, StandingOffer]:
        o = game_offers.c
        with self.engine.connect() as c:
            rows = c.execute(select(o.kind, o.seat, o.version).where(o.game_id == game_id)).all()
        return {row.kind: StandingOffer(row.kind, row.seat, int(row.version)) for row in rows}

    def offer(self, game_id: str, kind: str, seat: str, version: int, now: datetime) -> str:
        """One seat's offer, against what stands, in one transaction that first locks the game's online row
        (two seats asking at once on two processes: one of them sees the other's): "agreed" (the other seat's
        offer of this kind, on this version, stood: it is taken off), "made" (this offer now stands) or "standing"
        (it stood already)."""
        o = game_offers.c
        this = and_(o.game_id == game_id, o.kind == kind)
        try:
            with self.engine.begin() as c:
                c.execute(  # the lock: PostgreSQL's row lock, SQLite's write lock
                    update(online_games).where(online_games.c.game_id == game_id).values(rated=online_games.c.rated)
                )
                row = c.execute(select(o.seat, o.version).where(this)).first()
                if row is not None and row.version == version and row.seat != seat:
                    c.execute(delete(game_offers).where(this))
                    return "agreed"
                if row is not None and row.version == version:
                    return "standing"
                c.execute(delete(game_offers).where(this))  # an offer on an older version: turned down by a move
                c.execute(insert(game_offers).values(game_id=game_id, kind=kind, seat=seat, version=version, at=now))
        except IntegrityError:  # a game without an online row (nothing to lock): an offer made at the same moment
            return "standing"
        return "made"

    def withdraw(self, game_id: str, kind: str, seat: str | None = None) -> StandingOffer | None:
        """Take an offer off the table (only `seat`'s, when given); what was taken off, if anything."""
        o = game_offers.c
        where = and_(o.game_id == game_id, o.kind == kind)
        with self.engine.begin() as c:
            row = c.execute(select(o.seat, o.version).where(where)).first()
            if row is None or (seat is not None and row.seat != seat):
                return None
            c.execute(delete(game_offers).where(where))
        return StandingOffer(kind, row.seat, int(row.version))
