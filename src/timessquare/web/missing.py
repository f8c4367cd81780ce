"""The page a person gets for a link to no game (a mistyped or cut id, a game that is not there).

A small HTML page (pages/no-game.html, no script) in the language the browser asks for first among ours
(Accept-Language), with the pages' own words (static/i18n/*.json) and a link home. The id asked for is not
repeated in it: nothing from the request becomes markup.
"""

from __future__ import annotations

import functools
import json
from html import escape
from pathlib import Path
from string import Template

from starlette.requests import Request
from starlette.responses import HTMLResponse

from ..session.describe import LANGUAGES

HERE = Path(__file__).resolve().parent
TEMPLATE = HERE / "pages" / "no-game.html"
WORDS = HERE / "static" / "i18n"
FIELDS = {
    "title": "missing.title",
    "heading": "missing.heading",
    "text": "missing.text",
    "home": "missing.home",
    "nav_label": "nav.label",
    "nav_home": "nav.home",
    "nav_rules": "nav.rules",
}


def preferred_language(accept_language: str) -> str:
    """The first of LANGUAGES by the header's preference (its q values; the first listed among equals)."""
    best, best_q = LANGUAGES[0], 0.0
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
        if base in LANGUAGES and q > best_q:
            best, best_q = base, q
    return best


@functools.cache
def page_in(lang: str) -> str:
    words = json.loads((WORDS / f"{lang}.json").read_text("utf-8"))
    values = {field: escape(words[key]) for field, key in FIELDS.items()}
    return Template(TEMPLATE.read_text("utf-8")).substitute(values, lang=lang)


def no_such_game(request: Request) -> HTMLResponse:
    lang = preferred_language(request.headers.get("accept-language", ""))
    return HTMLResponse(page_in(lang), status_code=404, headers={"Content-Language": lang})
