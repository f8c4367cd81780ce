"""Who is asking: the login cookie, and the refusal of cross-site requests that would act with it.

A request that changes something for an account must come from this site's own pages: web/guards/origin.py refuses
every socket and state-changing request of another site before it gets here (the one check of `Origin` and
`Sec-Fetch-Site`), and `refuse_cross_site` asks for a JSON body as well (`application/json`, which a form on
another site cannot send without the browser asking us first), even where the request has no body.
"""

from __future__ import annotations

from datetime import timedelta

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from ..api.requests import ApiError, require_json
from ..guards.security import hash_token, is_token
from .store import Account

COOKIE = "ts_login"
LOGIN_DAYS = 30


def refuse_cross_site(request: Request) -> None:
    """415 for a request that changes something without a JSON body (its origin is web/guards/origin.py's to check)."""
    if request.method in ("POST", "PUT", "PATCH"):
        require_json(request)


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
