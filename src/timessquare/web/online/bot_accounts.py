"""Bot accounts made from the lobby's account box (as lichess's upgrade makes one, but a new account, so the
owner keeps his own): the bot's name, password and a description of what plays in it, owned by the account
that made it. The bot then plays through `timessquare bot` (docs/web-protocol.md "Bots")."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Column, Engine, ForeignKey, Integer, String, Table, func, insert, select
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..api.requests import ApiError, bad_request, read_json
from ..storage.online_schema import accounts
from ..storage.schema import metadata
from .accounts import hash_password, password_of
from .guard import refuse_cross_site, required_account
from .names import name_key, name_problem
from .store import NameTaken

MAX_BOTS = 5  # bot accounts one account may own
MAX_DESCRIPTION = 200

bot_profiles = Table(
    "bot_profiles",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("owner_id", Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("description", String(MAX_DESCRIPTION), nullable=False),
)


def count_owned(engine: Engine, owner_id: int) -> int:
    with engine.connect() as c:
        return int(c.execute(select(func.count()).where(bot_profiles.c.owner_id == owner_id)).scalar_one())


def add_profile(engine: Engine, bot_id: int, owner_id: int, description: str) -> None:
    with engine.begin() as c:
        c.execute(insert(bot_profiles).values(account_id=bot_id, owner_id=owner_id, description=description))


def profiles(engine: Engine, bot_ids: Sequence[int]) -> dict[int, dict[str, str | None]]:
    """Bot account id -> {"owner": its owner's name, "description"} (bots made with curl have none)."""
    if not bot_ids:
        return {}
    p = bot_profiles.c
    query = (
        select(p.account_id, p.description, accounts.c.name)
        .outerjoin(accounts, accounts.c.id == p.owner_id)
        .where(p.account_id.in_(list(bot_ids)))
    )
    with engine.connect() as c:
        return {row.account_id: {"owner": row.name, "description": row.description} for row in c.execute(query)}


def _description(value: object) -> str:
    if not isinstance(value, str) or not value.strip() or not value.isprintable() or len(value) > MAX_DESCRIPTION:
        raise bad_request(f"description must be 1 to {MAX_DESCRIPTION} printable characters")
    return " ".join(value.split())


async def make_bot(request: Request) -> Response:
    """`POST /api/account/bots`: a bot account owned by the logged-in (human) account, which stays logged in."""
    refuse_cross_site(request)
    owner = await required_account(request)
    if owner.bot:
        raise ApiError(403, "forbidden", "a bot cannot own bots")
    data = await read_json(request, {"name", "password", "description"})
    name = data.get("name")
    problem = name_problem(name)
    request.app.state.account_limits.check(request, None if problem else name_key(str(name)))
    if problem:
        raise bad_request(problem)
    password, description = password_of(data), _description(data.get("description"))
    online = request.app.state.online
    engine = online.store.engine
    if await online.run(count_owned, engine, owner.id) >= MAX_BOTS:
        raise ApiError(409, "conflict", f"you own {MAX_BOTS} bots already")
    hashed = await hash_password(request, password)
    try:
        bot = await online.run(online.store.create_account, name, name_key(str(name)), hashed, True, online.now())
    except NameTaken:
        raise ApiError(409, "name_taken", "that name (or one that looks like it) is taken") from None
    await online.run(add_profile, engine, bot.id, owner.id, description)
    return JSONResponse({"account": bot.document(), "owner": owner.name, "description": description}, status_code=201)
