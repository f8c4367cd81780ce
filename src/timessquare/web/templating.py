"""The pages, from one Jinja2 template (pages/base.html: the head, header, navigation and language switch
once; each page fills its blocks). A page's words are the catalogs' (catalog.py): the server writes them in
the page's language and its script translates them again when the reader switches (`data-i18n`)."""

from __future__ import annotations

from html import escape
from pathlib import Path

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from ..catalog import ENGLISH, catalog, languages
from ..players.registry import LEVELS

PAGES = Path(__file__).resolve().parent / "pages"
TEMPLATES = Jinja2Templates(directory=PAGES)


def page_context(page: str, lang: str = ENGLISH, switch: bool = True) -> dict[str, object]:
    """What the template needs: which page it is (the header marks it), its language and words, the
    languages to switch to (`switch`: only pages with a script can), and the names a page offers."""
    words = catalog(lang)
    return {
        "page": page,
        "lang": lang,
        "t": lambda key: Markup(escape(words[key])),
        "switch": switch,
        "languages": [(code, catalog(code)["lang.name"]) for code in languages()],
        "levels": LEVELS,
        "default_level": LEVELS[1],
    }


def render(
    request: Request,
    name: str,
    page: str,
    lang: str = ENGLISH,
    switch: bool = True,
    status_code: int = 200,
) -> Response:
    """The page `name` of pages/ as an HTML response."""
    context = page_context(page, lang, switch)
    headers = {"Content-Language": lang}
    return TEMPLATES.TemplateResponse(request, name, context, status_code=status_code, headers=headers)
