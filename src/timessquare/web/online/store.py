"""Reading and writing the online tables (storage/online_schema.py): short blocking transactions, called from
worker threads. A new online game's row is written with its game, by storage `GameStore.start`.

Every moment stored comes from the caller (the server's injected clock), never from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..storage.changes import notify
from ..storage.database import aware
from ..storage.online_games import OnlineGame, online_game_of
from ..storage.online_schema import accounts, challenges, logins, online_games, rating_history
from ..storage.schema import games, seats
from .glicko2 import Rating
from .ratings import REPEAT_DAYS, repeat_weight
from .tournament_tables import tournament_pairings

BANNED = "this account is banned from this server"  # what a banned account is told, at every door


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    bot: bool
    rating: Rating
    games: int
    deleted: bool
    password_hash: str | None = None
    banned: bool = False
    muted: bool = False

    def document(self) -> dict[str, Any]:
        """What anyone may read of an account (GET /api/players/{name})."""
        return {
            "name": self.name,
            "bot": self.bot,
            "rating": round(self.rating.rating),
            "deviation": round(self.rating.deviation),
            "provisional": self.rating.provisional,
            "games": self.games,
        }


@dataclass(frozen=True)
class Challenge:
    id: str
    account: Account
    target: str | None
    control: str
    rated: bool
    quick: bool
    created: datetime

    def document(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "by": self.account.name,
            "bot": self.account.bot,
            "rating": round(self.account.rating.rating),
            "provisional": self.account.rating.provisional,
            "to": self.target,
            "control": self.control,
            "rated": self.rated,
        }


def _account(row: Any) -> Account:
    rating = Rating(row["rating"], row["deviation"], row["volatility"])
    return Account(
        row["id"],
        row["name"],
        bool(row["bot"]),
        rating,
        row["games"],
        bool(row["deleted"]),
        row["password_hash"],
        bool(row["banned"]),
        bool(row["muted"]),
    )


def apply_ratings(c: Any, game: OnlineGame, result: str, now: datetime, rate: Any) -> dict[int, Rating]:
    """A settled rated game's new ratings, stored with their history (in the caller's transaction)."""
    ids = [i for i in game.accounts.values() if i is not None]
    rows = c.execute(select(accounts).where(accounts.c.id.in_(ids))).mappings()
    found = {r["id"]: _account(r) for r in rows}
    earlier = _rated_pairings(c, game, now) if game.level is None else 0
    new: dict[int, Rating] = rate(game, found, result, repeat_weight(earlier))
    for account_id, rating in new.items():
        c.execute(
            update(accounts)
            .where(accounts.c.id == account_id)
            .values(
                rating=rating.rating,
                deviation=rating.deviation,
                volatility=rating.volatility,
                games=accounts.c.games + 1,
            )
        )
        c.execute(
            insert(rating_history).values(
                account_id=account_id, game_id=game.game_id, at=now, rating=rating.rating, deviation=rating.deviation
            )
        )
    return new


def settle_in(c: Any, game_id: str, result: str, now: datetime, rate: Any, played: bool) -> dict[int, Rating] | None:
    """`OnlineStore.settle` in the caller's transaction: the one that writes the change ending the game (the
    group commit's, storage/store.py), so a game is never over without its ratings, nor rated unfinished. Nothing
    for a game that is not online."""
    claimed = c.execute(
        update(online_games)
        .where(online_games.c.game_id == game_id, online_games.c.finished.is_(False))
        .values(finished=True, clock_seat=None, deadline=None)
    ).rowcount
    if claimed != 1:
        return None
    row = c.execute(select(online_games).where(online_games.c.game_id == game_id)).mappings().one()
    game = online_game_of(row)
    if not game.rated or not (played or _never_aborted(c, game)):
        return {}
    return apply_ratings(c, game, result, now, rate)


def _never_aborted(c: Any, game: OnlineGame) -> bool:
    """A rated game against the computer, or a tournament's, counts however early it ends (docs/rules.md R11.5,
    R11.10): nobody calls off deals until one suits him, and a player who never moved loses."""
    if game.level is not None:
        return True
    paired = select(tournament_pairings.c.id).where(tournament_pairings.c.game_id == game.game_id).limit(1)
    return c.execute(paired).first() is not None


def _rated_pairings(c: Any, game: OnlineGame, now: datetime) -> int:
    """Rated games between this game's two accounts settled in the REPEAT_DAYS before `now`."""
    a, b = game.accounts["A"], game.accounts["B"]
    pair = or_(
        and_(online_games.c.account_a == a, online_games.c.account_b == b),
        and_(online_games.c.account_a == b, online_games.c.account_b == a),
    )
    query = (
        select(func.count(func.distinct(rating_history.c.game_id)))
        .select_from(rating_history.join(online_games, online_games.c.game_id == rating_history.c.game_id))
        .where(pair, rating_history.c.at > now - timedelta(days=REPEAT_DAYS), rating_history.c.account_id == a)
    )
    return int(c.execute(query).scalar() or 0)


class NameTaken(Exception):
    pass


class SeatTaken(Exception):
    """A take of a seat lost a race, or the seat is not free for this account (409)."""


class OnlineStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ accounts

    def create_account(self, name: str, key: str, password_hash: str, bot: bool, now: datetime) -> Account:
        start = Rating()
        values = dict(
            name=name,
            name_key=key,
            password_hash=password_hash,
            bot=bot,
            rating=start.rating,
            deviation=start.deviation,
            volatility=start.volatility,
            games=0,
            created_at=now,
            deleted=False,
        )
        try:
            with self.engine.begin() as c:
                key_row = c.execute(insert(accounts).values(**values)).inserted_primary_key
                assert key_row is not None
                new_id = key_row[0]
        except IntegrityError:
            raise NameTaken(name) from None
        return Account(int(new_id), name, bot, start, 0, False)

    def account_by_key(self, key: str) -> Account | None:
        with self.engine.connect() as c:
            row = c.execute(select(accounts).where(accounts.c.name_key == key)).mappings().first()
        return None if row is None or row["deleted"] else _account(row)

    def accounts_by_id(self, ids: Sequence[int]) -> dict[int, Account]:
        with self.engine.connect() as c:
            rows = c.execute(select(accounts).where(accounts.c.id.in_(list(ids)))).mappings()
            return {row["id"]: _account(row) for row in rows}

    def set_password(self, account_id: int, password_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))
            c.execute(delete(logins).where(logins.c.account_id == account_id))  # every other device logs in again

    def delete_account(self, account_id: int) -> None:
        """The account goes; its games stay, under a neutral name, and its rating history with it."""
        neutral = f"deleted-{account_id}"
        with self.engine.begin() as c:
            c.execute(
                update(accounts)
                .where(accounts.c.id == account_id)
                .values(name=neutral, name_key=neutral, password_hash=None, deleted=True)
            )
            c.execute(delete(logins).where(logins.c.account_id == account_id))
            c.execute(
                delete(challenges).where(
                    or_(challenges.c.account_id == account_id, challenges.c.target_id == account_id)
                )
            )

    def leaderboard(self, limit: int) -> list[Account]:
        query = (
            select(accounts)
            .where(accounts.c.deleted.is_(False), accounts.c.cheater.is_(False), accounts.c.games > 0)
            .order_by(accounts.c.rating.desc())
            .limit(limit)
        )
        with self.engine.connect() as c:
            return [_account(row) for row in c.execute(query).mappings()]

    # -------------------------------------------------------------------- logins

    def add_login(
        self, token_hash: str, account_id: int, now: datetime, expires: datetime, address: str | None = None
    ) -> None:
        values = dict(token_hash=token_hash, account_id=account_id, created_at=now, expires_at=expires)
        with self.engine.begin() as c:
            c.execute(insert(logins).values(**values, address=address))
            c.execute(
                update(accounts)
                .where(accounts.c.id == account_id, accounts.c.created_from.is_(None))
                .values(created_from=address)
            )

    def login_account(self, token_hash: str, now: datetime) -> Account | None:
        query = select(accounts, logins.c.expires_at).join(logins, logins.c.account_id == accounts.c.id)
        with self.engine.connect() as c:
            row = c.execute(query.where(logins.c.token_hash == token_hash)).mappings().first()
        if row is None or row["deleted"] or row["banned"] or aware(row["expires_at"]) <= now:
            return None
        return _account(row)

    def drop_login(self, token_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(logins).where(logins.c.token_hash == token_hash))

    # -------------------------------------------------------------- online games

    def online_game(self, game_id: str) -> OnlineGame | None:
        with self.engine.connect() as c:
            row = c.execute(select(online_games).where(online_games.c.game_id == game_id)).mappings().first()
        return None if row is None else online_game_of(row)

    def take_seat(self, game_id: str, seat: str, old_hash: str, new_hash: str, account_id: int) -> None:
        """A seat of a game moves into an account: its token changes, and the game becomes an online game
        (casual, no clock) if it was not one. Raises SeatTaken (and changes nothing) when the token no longer
        holds the seat, the seat is another account's, or the account holds the other seat: checked in the
        transaction that writes, so two takes at once (both seats, say) cannot both pass."""
        try:
            with self.engine.begin() as c:
                self._take_seat(c, game_id, seat, old_hash, new_hash, account_id)
        except IntegrityError:  # another take made the game online first (PostgreSQL's duplicate key)
            raise SeatTaken("the seats of this game changed meanwhile: try again") from None

    @staticmethod
    def _take_seat(c: Any, game_id: str, seat: str, old_hash: str, new_hash: str, account_id: int) -> None:
        moved = c.execute(
            update(seats)
            .where(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.token_hash == old_hash)
            .values(token_hash=new_hash)
        ).rowcount
        if moved != 1:
            raise SeatTaken("this token no longer holds the seat")
        column = "account_a" if seat == "A" else "account_b"
        query = select(online_games).where(online_games.c.game_id == game_id).with_for_update()  # (PostgreSQL)
        row = c.execute(query).mappings().first()
        if row is None:
            player = games.c.player_a if seat == "B" else games.c.player_b
            mode, status, other = c.execute(
                select(games.c.mode, games.c.status, player).where(games.c.id == game_id)
            ).one()
            level = other if mode == "computer" else None
            values = dict(game_id=game_id, rated=False, finished=status == "finished", level=level)
            c.execute(insert(online_games).values(**values, **{column: account_id}))
            return
        if row[column] not in (None, account_id):
            raise SeatTaken("that seat belongs to another account")
        if row["account_b" if seat == "A" else "account_a"] == account_id:
            raise SeatTaken("you hold the other seat of this game already")
        c.execute(update(online_games).where(online_games.c.game_id == game_id).values(**{column: account_id}))

    def notify_lobby(self, channel: str, payload: str) -> None:
        with self.engine.begin() as c:
            notify(c, channel, payload)

    def mark_seen(self, seats_seen: Sequence[tuple[str, str]], now: datetime) -> None:
        """These (game, seat) have a connection now (online/presence.py)."""
        with self.engine.begin() as c:
            for game_id, seat in seats_seen:
                column = "seen_a" if seat == "A" else "seen_b"
                c.execute(update(online_games).where(online_games.c.game_id == game_id).values(**{column: now}))

    def last_seen(self, game_id: str, seat: str) -> datetime | None:
        column = online_games.c.seen_a if seat == "A" else online_games.c.seen_b
        with self.engine.connect() as c:
            moment = c.execute(select(column).where(online_games.c.game_id == game_id)).scalar()
        return None if moment is None else aware(moment)

    def open_seats_of(self, account_id: int) -> list[tuple[str, str]]:
        """(game, seat) of every seat the account holds in a game not finished."""
        query = select(online_games.c.game_id, online_games.c.account_a, online_games.c.account_b).where(
            online_games.c.finished.is_(False),
            or_(online_games.c.account_a == account_id, online_games.c.account_b == account_id),
        )
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [(g, "A" if a == account_id else "B") for g, a, b in rows]

    def set_seat_hash(self, game_id: str, seat: str, new_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(token_hash=new_hash))

    def past_deadline(self, now: datetime, limit: int = 100) -> list[str]:
        query = (
            select(online_games.c.game_id)
            .where(online_games.c.finished.is_(False), online_games.c.deadline <= now)
            .limit(limit)
        )
        with self.engine.connect() as c:
            return list(c.execute(query).scalars())

    def unsettled(self, limit: int = 100) -> list[tuple[str, str]]:
        """Finished games whose online row was not settled (the server stopped in between): id and result."""
        query = (
            select(online_games.c.game_id, games.c.result)
            .join(games, games.c.id == online_games.c.game_id)
            .where(online_games.c.finished.is_(False), games.c.status == "finished")
            .limit(limit)
        )
        with self.engine.connect() as c:
            return [(row[0], row[1]) for row in c.execute(query)]

    def games_of(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        """An account's recent games, newest first: the game, its seat, the result, rated or not."""
        mine = or_(online_games.c.account_a == account_id, online_games.c.account_b == account_id)
        query = (
            select(online_games, games.c.result, games.c.updated_at, games.c.status)
            .join(games, games.c.id == online_games.c.game_id)
            .where(mine)
            .order_by(games.c.updated_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as c:
            return [dict(row) for row in c.execute(query).mappings()]

    def settle(
        self, game_id: str, result: str, now: datetime, rate: Any, played: bool = True
    ) -> dict[int, Rating] | None:
        """Mark a finished online game settled and, if rated and `played` (both players moved: else it is
        aborted), store both players' new ratings (computed by `rate(online_game, accounts_by_id, result,
        weight)`, the weight from the same two players' rated games of the day: ratings.repeat_weight); None if
        it was settled already (another process)."""
        with self.engine.begin() as c:
            return settle_in(c, game_id, result, now, rate, played)

    def distinct_opponents(self, account_ids: Sequence[int]) -> dict[int, int]:
        """How many different opponents (accounts or computer levels) each account met in settled rated games."""
        ids = list(account_ids)
        mine = or_(online_games.c.account_a.in_(ids), online_games.c.account_b.in_(ids))
        query = select(online_games.c.account_a, online_games.c.account_b, online_games.c.level).where(
            mine, online_games.c.rated.is_(True), online_games.c.finished.is_(True)
        )
        met: dict[int, set[str]] = {i: set() for i in ids}
        with self.engine.connect() as c:
            for a, b, level in c.execute(query):
                for me, other in ((a, b), (b, a)):
                    if me in met and (other is not None or level is not None):
                        met[me].add(f"level:{level}" if other is None else f"account:{other}")
        return {i: len(names) for i, names in met.items()}

    def history(self, account_id: int, limit: int = 200) -> list[dict[str, Any]]:
        query = (
            select(rating_history)
            .where(rating_history.c.account_id == account_id)
            .order_by(rating_history.c.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as c:
            rows = [dict(r) for r in c.execute(query).mappings()]
        rows.reverse()
        return rows

    # ---------------------------------------------------------------- challenges

    def add_challenge(
        self,
        challenge_id: str,
        account_id: int,
        target_id: int | None,
        control: str,
        rated: bool,
        quick: bool,
        now: datetime,
        cap: int | None = None,
    ) -> bool:
        """Add a challenge; False (and nothing added) when the account has `cap` open already. The count and
        the insert are one transaction that first locks the account's row, so concurrent requests of one
        account cannot all pass the count."""
        with self.engine.begin() as c:
            c.execute(update(accounts).where(accounts.c.id == account_id).values(games=accounts.c.games))  # the lock
            if cap is not None:
                count = c.execute(select(func.count()).where(challenges.c.account_id == account_id)).scalar_one()
                if count >= cap:
                    return False
            c.execute(
                insert(challenges).values(
                    id=challenge_id,
                    account_id=account_id,
                    target_id=target_id,
                    control=control,
                    rated=rated,
                    quick=quick,
                    created_at=now,
                )
            )
        return True

    def challenges(self) -> list[Challenge]:
        target = accounts.alias("target")
        query = (
            select(challenges, target.c.name.label("target_name"))
            .outerjoin(target, target.c.id == challenges.c.target_id)
            .order_by(challenges.c.created_at)
        )
        with self.engine.connect() as c:
            rows = [dict(r) for r in c.execute(query).mappings()]
            owners = {
                r["id"]: _account(r)
                for r in c.execute(
                    select(accounts).where(accounts.c.id.in_([row["account_id"] for row in rows]))
                ).mappings()
            }
        return [
            Challenge(
                r["id"],
                owners[r["account_id"]],
                r["target_name"],
                r["control"],
                bool(r["rated"]),
                bool(r["quick"]),
                aware(r["created_at"]),
            )
            for r in rows
        ]

    def take_challenge(self, challenge_id: str) -> bool:
        """Remove a challenge; False if it was gone already (taken by someone else, or cancelled)."""
        with self.engine.begin() as c:
            return bool(c.execute(delete(challenges).where(challenges.c.id == challenge_id)).rowcount == 1)
