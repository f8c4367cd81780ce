"""The device cookie: a browser that logged in to an account before is known, so that strangers who guess
at the account's password from elsewhere cannot lock its owner out (accounts.py lets a known device past the
name's count of failed log-ins, and its password checks go first in the line of argon2 work).

The cookie is `ACCOUNT.NONCE.MAC`, the MAC an HMAC-SHA256 under a server key (`server_keys`, name "devices"):
the server keeps no list of devices, and a cookie names only the account it was given for.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from datetime import timedelta

from starlette.requests import HTTPConnection
from starlette.responses import Response

from .service import Online

COOKIE = "ts_device"
DAYS = 365


async def _key(connection: HTTPConnection) -> bytes:
    state = connection.app.state
    if getattr(state, "device_key", None) is None:
        online: Online = state.online
        state.device_key = (await online.run(online.rooms.database.store.server_key, "devices")).encode()
    key: bytes = state.device_key
    return key


def _mac(key: bytes, text: str) -> str:
    digest = hmac.new(key, text.encode(), hashlib.sha256).digest()[:18]
    return base64.urlsafe_b64encode(digest).decode("ascii")


async def known_device(connection: HTTPConnection, account_id: int) -> bool:
    """Did this browser log in to this account before?"""
    cookie = connection.cookies.get(COOKIE, "")
    account, _, rest = cookie.partition(".")
    nonce, _, mac = rest.partition(".")
    if account != str(account_id) or not nonce or len(cookie) > 100:
        return False
    return hmac.compare_digest(mac, _mac(await _key(connection), f"{account}.{nonce}"))


async def remember_device(connection: HTTPConnection, response: Response, account_id: int) -> None:
    nonce = secrets.token_urlsafe(9)
    cookie = f"{account_id}.{nonce}.{_mac(await _key(connection), f'{account_id}.{nonce}')}"
    response.set_cookie(
        COOKIE,
        cookie,
        max_age=int(timedelta(days=DAYS).total_seconds()),
        path="/api/session",
        httponly=True,
        samesite="strict",
        secure=connection.url.scheme == "https",
    )
