"""The operator's hand on accounts (`timessquare admin`, web/admin.py), straight on the database: ban (no
log-in, every session ended, its open sockets closed), mute (no challenges, no chat), mark a cheater (its rated
games taken out of the ratings, which are computed again from the start without them), reset a password (a new
random one, every session and seat token of the old one ended), the accounts an address signed up or logged in
from, and the chat reports. A ban or a mute also takes the account's open challenges off the lobby and is told
to every running server process (`moderated`, club_news.py): with PostgreSQL at once, with SQLite at the
server's next look (accounts_here.py, every few seconds).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, func, or_, select, update

from ..games.seat_tokens import KEY_NAME
from ..guards.security import account_seat_token, hash_token
from ..storage import GameStore
from ..storage.changes import notify
from ..storage.chat import ChatStore
from ..storage.database import aware
from ..storage.notify import LOBBY_CHANNEL
from ..storage.online_games import online_game_of
from ..storage.online_schema import accounts, challenges, logins, online_games, rating_history
from ..storage.schema import games, seats
from .glicko2 import Rating
from .names import name_key
from .ratings import new_ratings
from .store import Account, OnlineStore, apply_ratings

FLAGS = ("banned", "muted", "cheater")


@dataclass(frozen=True)
class Seen:
    name: str
    signed_up_here: bool
    last_login: datetime | None


class Moderation:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.store = OnlineStore(engine)
        self.games = GameStore(engine)

    def close(self) -> None:
        self.games.close()

    def account(self, name: str) -> Account | None:
        return self.store.account_by_key(name_key(name))

    def set_flag(self, account: Account, flag: str, value: bool) -> None:
        assert flag in FLAGS
        with self.engine.begin() as c:
            c.execute(update(accounts).where(accounts.c.id == account.id).values(**{flag: value}))
            if flag == "banned" and value:
                c.execute(delete(logins).where(logins.c.account_id == account.id))
            if flag in ("banned", "muted") and value:
                c.execute(delete(challenges).where(challenges.c.account_id == account.id))
            if flag in ("banned", "muted"):  # sent as the transaction commits (PostgreSQL)
                notify(c, LOBBY_CHANNEL, f"admin moderated {account.id}")
            if flag == "cheater":
                mine = or_(online_games.c.account_a == account.id, online_games.c.account_b == account.id)
                if value:
                    c.execute(update(online_games).where(mine, online_games.c.rated.is_(True)).values(rated=False))
                recompute_ratings(c)

    def reset_password(self, account: Account, hasher: Any) -> str:
        """A new random password (returned, to hand to the owner); sessions and seat tokens of the old end."""
        password = secrets.token_urlsafe(12)
        password_hash = hasher.hash(password)
        self.store.set_password(account.id, password_hash)
        key = self.games.server_key(KEY_NAME).encode()
        with self.engine.begin() as c:
            for game_id, seat in self.store.open_seats_of(account.id):
                token = account_seat_token(key, game_id, seat, account.id, password_hash)
                c.execute(
                    update(seats)
                    .where(seats.c.game_id == game_id, seats.c.seat == seat)
                    .values(token_hash=hash_token(token))
                )
        return password

    def reports(self, limit: int) -> list[dict[str, Any]]:
        """The latest chat reports, newest first, each with the message reported and who said it."""
        return ChatStore(self.engine).reports(limit)

    def accounts_from(self, address: str) -> list[Seen]:
        """Accounts that signed up from `address`, or hold a session logged in from it."""
        last = func.max(logins.c.created_at)
        query = (
            select(accounts.c.name, accounts.c.created_from, last)
            .select_from(accounts.outerjoin(logins, logins.c.account_id == accounts.c.id))
            .where(or_(accounts.c.created_from == address, logins.c.address == address))
            .group_by(accounts.c.id, accounts.c.name, accounts.c.created_from)
            .order_by(accounts.c.name)
        )
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [Seen(name, created == address, None if at is None else aware(at)) for name, created, at in rows]


def recompute_ratings(c: Any) -> None:
    """Every rating again from the start: the rated games still rated, in the order they were settled (in the
    caller's transaction)."""
    order = c.execute(
        select(rating_history.c.game_id, func.min(rating_history.c.at))
        .group_by(rating_history.c.game_id)
        .order_by(func.min(rating_history.c.id))
    ).all()
    start = Rating()
    c.execute(delete(rating_history))
    c.execute(
        update(accounts).values(rating=start.rating, deviation=start.deviation, volatility=start.volatility, games=0)
    )
    for game_id, at in order:
        row = c.execute(select(online_games).where(online_games.c.game_id == game_id)).mappings().first()
        result = c.execute(select(games.c.result).where(games.c.id == game_id)).scalar()
        if row is not None and row["rated"] and result is not None:
            apply_ratings(c, online_game_of(row), result, aware(at), new_ratings)
