"""The pages, from one Jinja2 template (pages/parts/base.html: the head, header, navigation and language switch
once; each page fills its blocks). A page's words are the catalogs' (catalog.py): the server writes them in
the page's language and its script translates them again when the reader switches (`data-i18n`)."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from ...cards import SEAT_NAMES
from ...catalog import ENGLISH, catalog, languages
from ...players.levels import LEVELS

PAGES = Path(__file__).resolve().parent  # the templates live beside this module
TEMPLATES = Jinja2Templates(directory=PAGES)
# The pages with a script, by file: what each is called (the header marks it; static/js/<name>.js is its script).
SCRIPTED = {
    "index.html": "home",
    "game.html": "game",
    "replay.html": "replay",
    "rules.html": "rules",
    "learn.html": "learn",
    "lobby.html": "lobby",
    "players.html": "players",
    "player.html": "player",
}


def page_context(page: str, lang: str = ENGLISH, script: str | None = None) -> dict[str, object]:
    """What the template needs: which page it is (the header marks it), its language and words, its script
    (static/js/`script`.js; only a page with one can switch languages), and the names a page offers."""
    words = catalog(lang)
    return {
        "page": page,
        "lang": lang,
        "t": lambda key: Markup(escape(words[key])),
        "rich": lambda key: Markup(emphasis(escape(words[key]))),
        "script": script,
        "switch": script is not None,
        "seats": list(SEAT_NAMES),
        "languages": [(code, catalog(code)["lang.name"]) for code in languages()],
        "levels": LEVELS,
        "default_level": LEVELS[1],
    }


def emphasis(html: str) -> str:
    """A catalog's paragraph (escaped already) with its marks as HTML: **strong**, *em* (i18n.js `richNodes`
    reads the same marks when the reader switches languages)."""
    html = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", html)
    return re.sub(r"\*([^*]+)\*", r"<em>\1</em>", html)


def render(
    request: Request,
    name: str,
    page: str,
    lang: str = ENGLISH,
    script: str | None = None,
    status_code: int = 200,
) -> Response:
    """The page `name` of pages/ as an HTML response."""
    context = page_context(page, lang, script)
    headers = {"Content-Language": lang}
    return TEMPLATES.TemplateResponse(request, name, context, status_code=status_code, headers=headers)
