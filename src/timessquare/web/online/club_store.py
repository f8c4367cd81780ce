"""The club's shared state in the database (storage/online_schema.py), read and written by every server
process: who is online (`present_accounts`), quick pairing's seeks (rows of `challenges`, paired under the
lock row of `club_locks`), the flags the operator sets, and the games an account's lobby socket may have
missed. Short blocking transactions, called from worker threads.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, update

from ..storage.online_schema import accounts, challenges, club_locks, online_games, present_accounts
from ..storage.schema import games
from .tournament_tables import tournament_pairings

QUICK_PAIRING = "quick_pairing"


@dataclass(frozen=True)
class Seek:
    """The result of a quick seek: the seek of another account to answer (`found`), else this account's own
    seek left waiting (`waiting`), or None with `full` when it has too many challenges open."""

    found: str | None = None
    found_by: int | None = None
    waiting: str | None = None
    full: bool = False


class ClubStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ presence

    def present(self, process: str, came: Collection[int], went: Collection[int], now: datetime) -> None:
        """This process has a socket of the accounts `came` now, and none of `went` any more."""
        rows = present_accounts.c
        with self.engine.begin() as c:
            if went:
                c.execute(delete(present_accounts).where(rows.process == process, rows.account_id.in_(list(went))))
            for account_id in came:
                self._put(c, process, account_id, now)

    @staticmethod
    def _put(c: Connection, process: str, account_id: int, now: datetime) -> None:
        rows = present_accounts.c
        here = and_(rows.process == process, rows.account_id == account_id)
        if c.execute(update(present_accounts).where(here).values(seen_at=now)).rowcount == 0:
            c.execute(insert(present_accounts).values(process=process, account_id=account_id, seen_at=now))

    def renew(self, process: str, here: Collection[int], now: datetime, stale: timedelta) -> int:
        """This process is alive with these accounts (rows written again if another process dropped them); the
        rows of processes not heard of for `stale` go (a process killed). How many went."""
        rows = present_accounts.c
        with self.engine.begin() as c:
            for account_id in here:
                self._put(c, process, account_id, now)
            gone = c.execute(delete(present_accounts).where(rows.seen_at < now - stale)).rowcount
        return int(gone or 0)

    def leave(self, process: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(present_accounts).where(present_accounts.c.process == process))

    def present_ids(self, now: datetime, stale: timedelta) -> set[int]:
        """The accounts with a socket on any process."""
        rows = present_accounts.c
        with self.engine.connect() as c:
            return set(c.execute(select(rows.account_id).where(rows.seen_at >= now - stale).distinct()).scalars())

    def flags(self, account_ids: Sequence[int]) -> dict[int, tuple[bool, bool]]:
        """(banned, muted) of each account, as the operator left them."""
        if not account_ids:
            return {}
        a = accounts.c
        with self.engine.connect() as c:
            rows = c.execute(select(a.id, a.banned, a.muted).where(a.id.in_(list(account_ids)))).all()
        return {int(i): (bool(banned), bool(muted)) for i, banned, muted in rows}

    # ------------------------------------------------------------- quick pairing

    def seek(
        self, seek_id: str, account_id: int, control: str, rated: bool, now: datetime, cap: int, skip: Collection[str]
    ) -> Seek:
        """A quick seek, in one transaction under the pairing lock (every process takes the same row, so two
        seekers at once meet instead of both waiting): the oldest seek of another account at the same control
        and kind (not in `skip`: taken meanwhile), else this account's own seek, added."""
        ch = challenges.c
        with self.engine.begin() as c:
            c.execute(update(club_locks).where(club_locks.c.name == QUICK_PAIRING).values(name=QUICK_PAIRING))
            query = (
                select(ch.id, ch.account_id)
                .where(
                    ch.quick.is_(True),
                    ch.control == control,
                    ch.rated.is_(rated),
                    ch.account_id != account_id,
                    ch.id.not_in(list(skip) or [""]),
                )
                .order_by(ch.created_at)
                .limit(1)
            )
            other = c.execute(query).first()
            if other is not None:
                return Seek(found=str(other.id), found_by=int(other.account_id))
            mine = c.execute(select(func.count()).where(ch.account_id == account_id)).scalar_one()
            if mine >= cap:
                return Seek(full=True)
            c.execute(
                insert(challenges).values(
                    id=seek_id,
                    account_id=account_id,
                    target_id=None,
                    control=control,
                    rated=rated,
                    quick=True,
                    created_at=now,
                )
            )
        return Seek(waiting=seek_id)

    # ------------------------------------------------------------------ games started

    def started_since(self, account_id: int, since: datetime) -> list[tuple[str, str, str | None]]:
        """The account's games against another account started after `since` and not over, as (game, seat,
        tournament or None): what a lobby socket that was not listening then has missed (lobby.py)."""
        og, tp = online_games.c, tournament_pairings.c
        query = (
            select(og.game_id, og.account_a, tp.tournament_id)
            .select_from(
                online_games.join(games, games.c.id == og.game_id).outerjoin(
                    tournament_pairings, tp.game_id == og.game_id
                )
            )
            .where(
                (og.account_a == account_id) | (og.account_b == account_id),
                og.level.is_(None),
                og.finished.is_(False),
                games.c.status == "live",
                games.c.created_at > since,
            )
            .order_by(games.c.created_at)
        )
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [(row.game_id, "A" if row.account_a == account_id else "B", row.tournament_id) for row in rows]
