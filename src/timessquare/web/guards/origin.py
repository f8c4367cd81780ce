"""Cross-site requests refused: every socket and every state-changing request must come from this site.

A browser names the page that makes a request in its `Origin` header (always on a WebSocket, and on any
POST from another site). A request whose Origin is not this server's own (`Host`), nor one listed with
`--allow-origin`, is refused with 403 before it reaches the application: a foreign page can neither open a
game socket in a visitor's name nor create games on the visitor's quota. A request with no Origin comes
from a program, not from a page in a browser, and is let through (it could send any header it likes).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from .limits import Throttled

log = logging.getLogger("timessquare.web")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def origin_key(origin: str) -> str | None:
    """`scheme://host[:port]` in lower case, or None for something that is not an origin (`null`)."""
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc.lower()}"


class OriginCheck:
    """ASGI middleware: sockets and requests other than GET/HEAD/OPTIONS from another site get 403."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = {key for key in map(origin_key, allowed) if key is not None}
        self.refusals = Throttled(log, 10.0)

    def allows(self, scope: Scope) -> bool:
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        origin = headers.get("origin")
        if origin is None:
            return headers.get("sec-fetch-site") != "cross-site"
        key = origin_key(origin)
        if key is None:
            return False
        # Same site: the Origin names the host the request was sent to (the scheme may differ behind a proxy).
        return urlsplit(key).netloc == headers.get("host", "").lower() or key in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = scope["type"] == "websocket" or (scope["type"] == "http" and scope["method"] not in SAFE_METHODS)
        if not checked or self.allows(scope):
            await self.app(scope, receive, send)
            return
        client = scope.get("client") or ("?", 0)
        self.refusals.warning("refused a cross-site %s from %s to %s", scope["type"], client[0], scope["path"])
        prefix = "http."
        if scope["type"] == "websocket":
            if "websocket.http.response" not in scope.get("extensions", {}):
                await send({"type": "websocket.close", "code": 1008})  # before the handshake: a bare 403
                return
            await receive()  # websocket.connect
            prefix = "websocket.http."
        words = "this request did not come from this site's pages: refused"
        body = json.dumps({"error": {"code": "cross_site", "message": words}})
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": prefix + "response.start", "status": 403, "headers": headers})
        await send({"type": prefix + "response.body", "body": body.encode()})
