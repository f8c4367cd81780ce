"""Seat tokens, game ids, security headers and rate limits.

A seat token is 32 random bytes (`secrets.token_urlsafe`); only its SHA-256 is stored, so the database
alone lets nobody take a seat. (A fast hash is enough: the token has 256 bits of entropy, nothing to guess.)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from collections import OrderedDict

from starlette.types import ASGIApp, Message, Receive, Scope, Send

TOKEN_BYTES = 32
GAME_ID_BYTES = 8  # 11 URL-safe characters
GAME_ID = re.compile(r"[A-Za-z0-9_-]{11}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,128}")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_game_id() -> str:
    return secrets.token_urlsafe(GAME_ID_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def derive_token(token: str, game_id: str) -> str:
    """The token a seat holder gets in a rematch: computed from their old token, so that asking again gives
    the same one while the server still stores only hashes."""
    digest = hmac.new(token.encode("ascii", "replace"), f"rematch:{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def account_seat_token(key: bytes, game_id: str, seat: str, account_id: int, password_hash: str | None) -> str:
    """An account's seat token in an online game: an HMAC under the server's key of the seat and the account's
    password hash (online/service.py; a new password makes new tokens: online/seat_tokens.py)."""
    text = f"{game_id}:{seat}:{account_id}:{password_hash or ''}"
    digest = hmac.new(key, text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def is_game_id(text: str) -> bool:
    return GAME_ID.fullmatch(text) is not None


def is_token(text: object) -> bool:
    return isinstance(text, str) and TOKEN.fullmatch(text) is not None


CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


class SecurityHeaders:
    """ASGI middleware: every HTTP response gets the security headers (the API's also `no-store`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope["path"].startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in SECURITY_HEADERS if n not in present]
                if api:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class TokenBucket:
    """`rate` events a second on average, `burst` at once."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.stamp) * self.rate)
        self.stamp = moment
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next event is allowed."""
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else 0.0

    def full(self, moment: float) -> bool:
        """Refilled to `burst` by `moment`: no different from a bucket never used."""
        return self.tokens + (moment - self.stamp) * self.rate >= self.burst


class KeyedLimiter:
    """One token bucket per key (a client address), the least recently seen keys forgotten past `keys`, and
    any key forgotten once its bucket has refilled (a fresh one is the same), so that the memory follows the
    clients of the last minutes, not every address ever seen. A rate of 0 turns the limit off."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keys = keys
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        if self.rate <= 0:
            return True
        bucket = self.buckets.pop(key, None) or TokenBucket(self.rate, self.burst)
        moment = time.monotonic()
        while self.buckets:  # the least recently seen first
            oldest = next(iter(self.buckets.values()))
            if len(self.buckets) < self.keys and not oldest.full(moment):
                break
            self.buckets.popitem(last=False)
        self.buckets[key] = bucket
        return bucket.allow()

    def give_back(self, key: str) -> None:
        """Undo one `allow(key)` that turned out not to count."""
        bucket = self.buckets.get(key)
        if bucket is not None:
            bucket.tokens = min(bucket.burst, bucket.tokens + 1)

    def wait(self, key: str) -> float:
        """Seconds until `key` may go on."""
        bucket = self.buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()
