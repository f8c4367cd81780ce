"""Reading an HTTP request and refusing it: the API's error shape (`{"error": {"code", "message"}}` with a 4xx
status), the JSON body reader every POST uses, and the links of a seat that a new game answers with."""

from __future__ import annotations

import math
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from ...errors import FormatError, TimesSquareError
from ...jsonread import is_unicode, parse_json
from ..games.starter import SeatLink

MAX_BODY_BYTES = 16 * 1024


class ApiError(TimesSquareError):
    def __init__(self, status: int, code: str, message: str, retry_after: float | None = None) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after  # seconds, for a 429 or a 503
        super().__init__(message)


def error_response(status: int, code: str, message: str, retry_after: float | None = None) -> JSONResponse:
    headers = {} if retry_after is None else {"Retry-After": str(max(1, math.ceil(retry_after)))}
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def bad_request(message: str) -> ApiError:
    return ApiError(400, "bad_request", message)


def require_json(request: Request) -> None:
    """415 unless the request says its body is JSON: a form or text/plain body is what a foreign page can send
    without asking (no CORS preflight), so a request that changes something must not be one."""
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        raise ApiError(415, "unsupported_media_type", "the request body must be JSON (Content-Type: application/json)")


async def read_json(request: Request, fields: set[str]) -> dict[str, Any]:
    """The request's JSON object (at most MAX_BODY_BYTES, only the named fields)."""
    require_json(request)
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY_BYTES:
                raise ApiError(413, "too_large", f"the request body is larger than {MAX_BODY_BYTES} bytes")
    except ClientDisconnect:
        raise ApiError(400, "bad_request", "the request body was cut short") from None
    try:
        data = parse_json(body)
    except FormatError as e:
        raise bad_request(f"the request body is not JSON: {e}") from None
    if not isinstance(data, dict):
        raise bad_request("the request body must be a JSON object")
    unknown = set(data) - fields
    if unknown:
        raise bad_request(f"unknown field {sorted(unknown)[0]!r}")
    if not is_unicode(data):
        raise bad_request("the request body holds text that is not Unicode (a lone surrogate such as \\ud800)")
    return data


def seat_links(link: SeatLink) -> dict[str, Any]:
    """A new game's seat as the API answers it (web/games/starter.py makes the link)."""
    return game_links(link.game_id, link.seat, link.token, link.invite)


def game_links(game_id: str, seat: str, token: str, invite: str | None) -> dict[str, Any]:
    return {
        "id": game_id,
        "seat": seat,
        "token": token,
        "url": f"/game/{game_id}#t={token}",
        "invite": None if invite is None else f"/game/{game_id}#t={invite}",
    }
