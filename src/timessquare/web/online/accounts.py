"""Accounts over HTTP (docs/web-protocol.md, "Accounts"): sign up, log in and out, change the password, delete
the account, and read a player. Anonymous play needs none of this.

Passwords are hashed with argon2id (argon2-cffi) in a thread and never logged, one hash at a time for the
whole server (`PasswordWork`, guards.limits.WorkGate: past its short line `busy` at once, so a flood of
log-ins cannot slow the games); a wrong password and an unknown name get the same answer after the same
work. Sign-up and log-in are rate limited by address; failed log-ins are also counted per name, but a browser
that logged in to the account before (devices.py) is not held by that count, and its hash has a gate of its
own, so strangers filling theirs cannot hold it up.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import anyio
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..api.requests import ApiError, bad_request, read_json
from ..guards.limits import WorkGate
from ..guards.security import KeyedLimiter, hash_token, new_token
from ..metrics import REFUSALS
from ..storage.database import aware
from .devices import known_device, remember_device
from .guard import LOGIN_DAYS, clear_login_cookie, refuse_cross_site, required_account, set_login_cookie
from .guard import current_account as current_account
from .names import is_name, name_key, name_problem
from .ratings import DISTINCT_OPPONENTS
from .seat_renewal import new_seat_tokens
from .store import BANNED, Account, NameTaken

HASHER = PasswordHasher()  # argon2id with the library's recommended cost
MIN_PASSWORD, MAX_PASSWORD = 8, 200
BAD_LOGIN = "that name and password do not match an account"
LEADERBOARD = 100
LEADERBOARD_CANDIDATES = 500  # the best ratings looked at, of which those with enough opponents are listed
_DUMMY: list[str] = []  # a hash checked when the name is unknown, so that both answers take as long


class PasswordWork:
    """Where argon2 runs: one hash at a time for browsers the accounts know (devices.py), one for the others."""

    def __init__(self, waiting: int) -> None:
        self.known = WorkGate(at_once=1, waiting=waiting)
        self.others = WorkGate(at_once=1, waiting=waiting)

    def gate(self, known: bool) -> WorkGate:
        return self.known if known else self.others


class AccountLimits:
    """Tries of sign-up and log-in per client address; tries per name (a name guessed from many addresses),
    given back when the password was right, so that only failures use the name's up; a known device of the
    account is not counted per name at all."""

    def __init__(self, per_minute: float) -> None:
        burst = max(1.0, per_minute / 2)
        self.addresses = KeyedLimiter(per_minute / 60, burst)
        self.names = KeyedLimiter(per_minute / 60, burst)

    def check(self, request: Request, key: str | None) -> None:
        """One try from this address (and, with a name, refused while the name's failures are used up)."""
        address = request.client.host if request.client else "?"
        if not self.addresses.allow(address) or (key is not None and not self.names.allow(key)):
            REFUSALS.labels("log_in_tries").inc()
            raise ApiError(429, "rate_limited", "too many tries: wait a minute and try again")

    def succeeded(self, key: str) -> None:
        """The try with this name was the owner's: it does not count against the name."""
        self.names.give_back(key)


def _password(data: dict[str, Any], field: str = "password") -> str:
    password = data.get(field)
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise bad_request(f"{field} must be {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


async def _hash(request: Request, password: str) -> str:
    work: PasswordWork = request.app.state.passwords
    return await work.gate(known=False).run(HASHER.hash, password)


async def _verify(request: Request, password_hash: str | None, password: str, first: bool = False) -> bool:
    if password_hash is None:
        if not _DUMMY:
            _DUMMY.append(await anyio.to_thread.run_sync(HASHER.hash, "not anybody's password"))
        password_hash = _DUMMY[0]
        password = "\0" + password  # never matches

    def check() -> bool:
        try:
            return bool(HASHER.verify(password_hash, password))
        except (VerificationError, InvalidHashError):
            return False

    work: PasswordWork = request.app.state.passwords
    return await work.gate(known=first).run(check)


async def _log_in(request: Request, account: Account, status: int) -> Response:
    online = request.app.state.online
    token, now = new_token(), online.now()
    address = request.client.host if request.client else None
    expires = now + timedelta(days=LOGIN_DAYS)
    await online.run(online.store.add_login, hash_token(token), account.id, now, expires, address)
    response = JSONResponse({"account": account.document()}, status_code=status)
    set_login_cookie(request, response, token)
    await remember_device(request, response, account.id)
    return response


async def sign_up(request: Request) -> Response:
    refuse_cross_site(request)
    data = await read_json(request, {"name", "password", "bot"})
    name = data.get("name")
    problem = name_problem(name)
    assert isinstance(name, str) or problem is not None
    request.app.state.account_limits.check(request, None if problem else name_key(str(name)))
    if problem:
        raise bad_request(problem)
    password = _password(data)
    bot = data.get("bot", False)
    if not isinstance(bot, bool):
        raise bad_request("bot must be true or false")
    online = request.app.state.online
    try:
        account = await online.run(
            online.store.create_account, name, name_key(str(name)), await _hash(request, password), bot, online.now()
        )
    except NameTaken:
        raise ApiError(409, "name_taken", "that name (or one that looks like it) is taken") from None
    request.app.state.account_limits.succeeded(name_key(str(name)))  # the owner's own try
    return await _log_in(request, account, 201)


async def log_in(request: Request) -> Response:
    refuse_cross_site(request)
    data = await read_json(request, {"name", "password"})
    name, password = data.get("name"), data.get("password")
    key = name_key(name) if isinstance(name, str) and is_name(name) else None
    online = request.app.state.online
    account = None if key is None else await online.run(online.store.account_by_key, key)
    known = account is not None and await known_device(request, account.id)
    limits: AccountLimits = request.app.state.account_limits
    limits.check(request, None if known else key)
    ok = await _verify(
        request,
        None if account is None else account.password_hash,
        password if isinstance(password, str) else "",
        known,
    )
    if account is None or not ok:
        raise ApiError(401, "bad_login", BAD_LOGIN)
    if key is not None and not known:
        limits.succeeded(key)
    if account.banned:
        raise ApiError(403, "banned", BANNED)
    return await _log_in(request, account, 200)


async def log_out(request: Request) -> Response:
    refuse_cross_site(request)
    online = request.app.state.online
    token = request.cookies.get("ts_login")
    if isinstance(token, str):
        await online.run(online.store.drop_login, hash_token(token))
    response = Response(status_code=204)
    clear_login_cookie(request, response)
    return response


async def who(request: Request) -> Response:
    account = await current_account(request)
    return JSONResponse({"account": None if account is None else account.document()})


async def change_password(request: Request) -> Response:
    refuse_cross_site(request)
    account = await required_account(request)
    data = await read_json(request, {"password", "new_password"})
    online = request.app.state.online
    await _check_password(request, account, _password(data))
    new_hash = await _hash(request, _password(data, "new_password"))
    await online.run(online.store.set_password, account.id, new_hash)
    await new_seat_tokens(online, account.id)
    return await _log_in(request, account, 200)  # this device stays logged in; the others log in again


async def _check_password(request: Request, account: Account, password: str) -> None:
    """403 unless `password` is the account's (a wrong one counts against its name, as a log-in's)."""
    online = request.app.state.online
    key = name_key(account.name)
    limits: AccountLimits = request.app.state.account_limits
    limits.check(request, key)
    stored = await online.run(online.store.account_by_key, key)
    if stored is None or not await _verify(request, stored.password_hash, password):
        raise ApiError(403, "bad_login", "the password is wrong")
    limits.succeeded(key)


async def delete_account(request: Request) -> Response:
    refuse_cross_site(request)
    account = await required_account(request)
    data = await read_json(request, {"password"})
    online = request.app.state.online
    await _check_password(request, account, _password(data))
    await online.run(online.store.delete_account, account.id)
    await new_seat_tokens(online, account.id)
    online.games.forget_account(account.id)
    response = Response(status_code=204)
    clear_login_cookie(request, response)
    return response


async def player(request: Request) -> Response:
    """A player's public page data: rating, deviation, rated games, rating over time, recent games."""
    request.app.state.quotas.check(request, "lookup")
    name = str(request.path_params["name"])
    online = request.app.state.online
    account = await online.run(online.store.account_by_key, name_key(name)) if is_name(name) else None
    if account is None:
        raise ApiError(404, "not_found", "there is no player of that name")
    opponents = (await online.run(online.store.distinct_opponents, [account.id]))[account.id]
    history = await online.run(online.store.history, account.id)
    recent = await online.run(online.store.games_of, account.id, 20)
    others = {r[f"account_{s}"] for r in recent for s in "ab"} - {None, account.id}
    names = await online.run(online.store.accounts_by_id, sorted(others)) if others else {}
    shown = account.document()
    shown["provisional"] = shown["provisional"] or opponents < DISTINCT_OPPONENTS  # R11.5: enough opponents met
    return JSONResponse(
        {
            **shown,
            "opponents": opponents,
            "history": [
                {
                    "at": _iso(h["at"]),
                    "rating": round(h["rating"]),
                    "deviation": round(h["deviation"]),
                    "game": h["game_id"],
                }
                for h in history
            ],
            "games": account.games,
            "recent": [_recent(r, account.id, names) for r in recent],
        }
    )


def _recent(row: dict[str, Any], me: int, names: dict[int, Account]) -> dict[str, Any]:
    seat = "A" if row["account_a"] == me else "B"
    other_id = row["account_b" if seat == "A" else "account_a"]
    other = names.get(other_id) if other_id is not None else None
    opponent = row["level"] or (other.name if other is not None else None)
    result = row["result"]
    outcome = None if result is None else ("win" if result == seat else "loss" if result in "AB" else result)
    return {
        "id": row["game_id"],
        "seat": seat,
        "opponent": opponent,
        "rated": bool(row["rated"]),
        "control": row["control"],
        "result": result,
        "outcome": outcome,
        "replay": f"/replay/{row['game_id']}",
    }


def _iso(moment: Any) -> str:
    return str(aware(moment).strftime("%Y-%m-%dT%H:%M:%SZ"))


async def leaderboard(request: Request) -> Response:
    request.app.state.quotas.check(request, "lookup")
    online = request.app.state.online
    best = await online.run(online.store.leaderboard, LEADERBOARD_CANDIDATES)
    met = await online.run(online.store.distinct_opponents, [a.id for a in best]) if best else {}
    ranked = [a for a in best if met[a.id] >= DISTINCT_OPPONENTS][:LEADERBOARD]  # R11.5: no rating off one pairing
    return JSONResponse({"players": [a.document() for a in ranked]})


def password_of(data: dict[str, Any]) -> str:
    """The `password` field of a request, checked (bot_accounts.py makes accounts too)."""
    return _password(data)


async def hash_password(request: Request, password: str) -> str:
    """Its argon2id hash, made off the event loop within the server's bound on password work."""
    return await _hash(request, password)


def recent_game(row: dict[str, Any], me: int, names: dict[int, Account]) -> dict[str, Any]:
    """One game of a player's list as the API gives it (people.py pages through the whole history)."""
    return _recent(row, me, names)
