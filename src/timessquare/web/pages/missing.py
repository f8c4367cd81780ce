"""The page a person gets for a link to no game (a mistyped or cut id, a game that is not there).

A small HTML page (pages/no-game.html, no script) in the language the browser asks for first among ours
(Accept-Language), with the catalogs' words and a link home. The id asked for is not repeated in it: nothing
from the request becomes markup.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ...catalog import languages
from .templating import render


def preferred_language(accept_language: str) -> str:
    """The first of our languages by the header's preference (its q values; the first listed among equals)."""
    ours = languages()
    best, best_q = ours[0], 0.0
    for part in accept_language.split(",")[:32]:
        tag, _, params = part.partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in ours and q > best_q:
            best, best_q = base, q
    return best


def no_such_game(request: Request) -> Response:
    lang = preferred_language(request.headers.get("accept-language", ""))
    return render(request, "no-game.html", "missing", lang, status_code=404)
