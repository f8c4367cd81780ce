"""People and their games (docs/web-protocol.md "People"): player search by the start of a name, a player's
whole history a page at a time with filters (rated or not, result, opponent), and follows: an account follows
players, sees their games in its list, and challenges them from their page."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, DateTime, Engine, ForeignKey, Integer, Table, and_, delete, func, insert, or_, select
from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..api.requests import ApiError, bad_request, read_json
from ..storage.online_schema import accounts, online_games
from ..storage.schema import games, metadata
from .accounts import current_account, recent_game
from .guard import refuse_cross_site, required_account
from .names import is_name, name_key
from .service import Online
from .store import Account

PAGE = 20
MAX_FOLLOWS = 500

follows = Table(
    "follows",
    metadata,
    Column("follower_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("followed_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
)


# ---------------------------------------------------------------------------------- the database


def search(engine: Engine, prefix: str, limit: int = 20) -> list[dict[str, Any]]:
    a = accounts.c
    query = (
        select(a.name, a.bot, a.rating, a.games)
        .where(a.deleted.is_(False), a.name_key.startswith(prefix, autoescape=True))
        .order_by(a.name_key)
        .limit(limit)
    )
    with engine.connect() as c:
        return [
            {"name": r.name, "bot": bool(r.bot), "rating": round(r.rating), "games": r.games} for r in c.execute(query)
        ]


def history(
    engine: Engine, account_id: int, offset: int, rated: bool | None, result: str | None, opponent: int | None
) -> tuple[int, list[dict[str, Any]]]:
    """The account's finished and running games, newest first, filtered: (how many in all, this page)."""
    g = online_games.c
    mine = or_(g.account_a == account_id, g.account_b == account_id)
    where = [mine]
    if rated is not None:
        where.append(g.rated.is_(rated))
    if opponent is not None:
        where.append(or_(g.account_a == opponent, g.account_b == opponent))
    if result is not None:
        won = or_(
            and_(g.account_a == account_id, games.c.result == "A"),
            and_(g.account_b == account_id, games.c.result == "B"),
        )
        lost = or_(
            and_(g.account_a == account_id, games.c.result == "B"),
            and_(g.account_b == account_id, games.c.result == "A"),
        )
        where.append(
            {"win": won, "loss": lost, "draw": games.c.result == "draw", "aborted": games.c.result == "aborted"}[result]
        )
    base = select(online_games, games.c.result, games.c.updated_at, games.c.status).join(games, games.c.id == g.game_id)
    with engine.connect() as c:
        total = c.execute(select(func.count()).select_from(base.where(*where).subquery())).scalar_one()
        rows = c.execute(base.where(*where).order_by(games.c.updated_at.desc(), g.game_id).offset(offset).limit(PAGE))
        return int(total), [dict(row) for row in rows.mappings()]


def follow(engine: Engine, follower: int, followed: int, at: Any) -> bool:
    with engine.begin() as c:
        count = c.execute(select(func.count()).where(follows.c.follower_id == follower)).scalar_one()
        if count >= MAX_FOLLOWS:
            return False
        try:
            with c.begin_nested():
                c.execute(insert(follows).values(follower_id=follower, followed_id=followed, at=at))
        except IntegrityError:
            pass  # followed already
    return True


def unfollow(engine: Engine, follower: int, followed: int) -> None:
    with engine.begin() as c:
        c.execute(delete(follows).where(follows.c.follower_id == follower, follows.c.followed_id == followed))


def followed(engine: Engine, follower: int) -> list[dict[str, Any]]:
    """The players an account follows, with each one's latest game (running or not)."""
    f, a = follows.c, accounts.c
    query = (
        select(a.id, a.name, a.bot, a.rating)
        .join(follows, f.followed_id == a.id)
        .where(f.follower_id == follower, a.deleted.is_(False))
        .order_by(a.name_key)
    )
    g = online_games.c
    with engine.connect() as c:
        people = [dict(r) for r in c.execute(query).mappings()]
        for p in people:
            latest = c.execute(
                select(g.game_id, games.c.status)
                .join(games, games.c.id == g.game_id)
                .where(or_(g.account_a == p["id"], g.account_b == p["id"]))
                .order_by(games.c.updated_at.desc())
                .limit(1)
            ).first()
            p["game"] = None if latest is None else {"id": latest.game_id, "live": latest.status == "live"}
    return people


def follows_of(engine: Engine, follower: int, followed_id: int) -> bool:
    f = follows.c
    with engine.connect() as c:
        return (
            c.execute(select(f.at).where(f.follower_id == follower, f.followed_id == followed_id)).first() is not None
        )


# ------------------------------------------------------------------------------------------ HTTP


def _online(request: Request) -> Online:
    online: Online = request.app.state.online
    return online


async def _player(request: Request) -> Account:
    name = str(request.path_params["name"])
    online = _online(request)
    account: Account | None = None
    if is_name(name):
        account = await online.run(online.store.account_by_key, name_key(name))
    if account is None:
        raise ApiError(404, "not_found", "there is no player of that name")
    return account


async def find_players(request: Request) -> Response:
    """`GET /api/players/search?q=ali`: accounts whose name starts so (letters folded as names are)."""
    q = request.query_params.get("q", "")
    if not 1 <= len(q) <= 20 or not q.isprintable():
        raise bad_request("q must be 1 to 20 characters of a name")
    online = _online(request)
    return JSONResponse({"players": await online.run(search, online.store.engine, name_key(q))})


def _choice(request: Request, field: str, allowed: dict[str, Any]) -> Any:
    value = request.query_params.get(field)
    if value is None:
        return None
    if value not in allowed:
        raise bad_request(f"{field} must be one of {', '.join(allowed)}")
    return allowed[value]


async def player_games(request: Request) -> Response:
    """`GET /api/players/{name}/games?offset=0&rated=true&result=win&opponent=Bob`: the whole history, paged."""
    account = await _player(request)
    online = _online(request)
    try:
        offset = int(request.query_params.get("offset", "0"))
    except ValueError:
        raise bad_request("offset must be a whole number") from None
    if not 0 <= offset <= 1_000_000:
        raise bad_request("offset must be from 0 to 1000000")
    rated = _choice(request, "rated", {"true": True, "false": False})
    result = _choice(request, "result", {r: r for r in ("win", "loss", "draw", "aborted")})
    opponent_id = None
    if (opponent := request.query_params.get("opponent")) is not None:
        other = await online.run(online.store.account_by_key, name_key(opponent)) if is_name(opponent) else None
        if other is None:
            raise ApiError(404, "not_found", "there is no opponent of that name")
        opponent_id = other.id
    total, rows = await online.run(history, online.store.engine, account.id, offset, rated, result, opponent_id)
    others = {r[f"account_{s}"] for r in rows for s in "ab"} - {None, account.id}
    names = await online.run(online.store.accounts_by_id, sorted(others)) if others else {}
    return JSONResponse(
        {"total": total, "offset": offset, "page": PAGE, "games": [recent_game(r, account.id, names) for r in rows]}
    )


async def follow_player(request: Request) -> Response:
    refuse_cross_site(request)
    me = await required_account(request)
    await read_json(request, set())
    them = await _player(request)
    if them.id == me.id:
        raise bad_request("you cannot follow yourself")
    online = _online(request)
    if not await online.run(follow, online.store.engine, me.id, them.id, online.now()):
        raise ApiError(409, "conflict", f"you follow {MAX_FOLLOWS} players already")
    return JSONResponse({"following": True})


async def unfollow_player(request: Request) -> Response:
    refuse_cross_site(request)
    me = await required_account(request)
    them = await _player(request)
    online = _online(request)
    await online.run(unfollow, online.store.engine, me.id, them.id)
    return JSONResponse({"following": False})


async def following(request: Request) -> Response:
    """`GET /api/following`: the players the logged-in account follows, each with its latest game."""
    me = await required_account(request)
    online = _online(request)
    people = await online.run(followed, online.store.engine, me.id)
    return JSONResponse(
        {
            "players": [
                {"name": p["name"], "bot": bool(p["bot"]), "rating": round(p["rating"]), "game": p["game"]}
                for p in people
            ]
        }
    )


async def follow_state(request: Request) -> Response:
    """`GET /api/players/{name}/follow`: whether the logged-in account follows this player (false if nobody)."""
    me = await current_account(request)
    them = await _player(request)
    online = _online(request)
    yes = me is not None and await online.run(follows_of, online.store.engine, me.id, them.id)
    return JSONResponse({"following": yes})
