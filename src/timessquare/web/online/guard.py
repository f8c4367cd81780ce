"""Who is asking: the login cookie, and the refusal of cross-site requests that would act with it.

A request that changes something for an account must come from this site's own pages: its `Origin` (or,
without one, its `Sec-Fetch-Site`) must say so, and its body must be JSON (`application/json`, which a
form on another site cannot send without the browser asking us first).
"""

from __future__ import annotations

from datetime import timedelta

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from ..api import ApiError
from ..security import hash_token, is_token
from .store import Account

COOKIE = "ts_login"
LOGIN_DAYS = 30


def own_origin(connection: HTTPConnection) -> str:
    return f"{connection.url.scheme}://{connection.headers.get('host', '')}".replace("ws://", "http://").replace(
        "wss://", "https://"
    )


def same_site(connection: HTTPConnection) -> bool:
    origin = connection.headers.get("origin")
    if origin is not None:
        return origin == own_origin(connection)
    return connection.headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")


def refuse_cross_site(request: Request) -> None:
    if not same_site(request):
        raise ApiError(403, "cross_site", "this request did not come from this site's pages: refused")
    if request.method in ("POST", "PUT", "PATCH") and not request.headers.get("content-type", "").startswith(
        "application/json"
    ):
        raise ApiError(415, "bad_request", "send the request body as application/json")


async def current_account(connection: HTTPConnection) -> Account | None:
    """The account whose login cookie came with the request, if it is still logged in."""
    token = connection.cookies.get(COOKIE)
    if not is_token(token):
        return None
    assert token is not None
    online = connection.app.state.online
    account: Account | None = await online.run(online.store.login_account, hash_token(token), online.now())
    return account


async def required_account(request: Request) -> Account:
    account = await current_account(request)
    if account is None:
        raise ApiError(401, "not_logged_in", "log in first")
    return account


def set_login_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(timedelta(days=LOGIN_DAYS).total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_login_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")
