"""The browser game as an app on a phone's home screen (issue 27): the web app manifest and the service worker.

The manifest names the app, opens it standalone (no browser bars) on the home page and gives its icons (our own
drawing, static/img/icon.svg, and PNGs made from it). The service worker (static/sw.js) is served from the
site's root so that it may look after every page; it keeps the pages' shell, the rules and the tutorial for a
visit without a network (docs/web.md, "On a phone's home screen").
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...catalog import languages

STATIC = Path(__file__).parent.parent / "static"

MANIFEST = {
    "name": "Times Square",
    "short_name": "Times Square",
    "id": "/",
    "start_url": "/",
    "scope": "/",
    "display": "standalone",
    "orientation": "any",
    "background_color": "#f7f4ee",
    "theme_color": "#1e2030",
    "icons": [
        {"src": "/static/img/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": "/static/img/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": "/static/img/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        {"src": "/static/img/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
    ],
}


async def manifest(request: Request) -> Response:
    return JSONResponse(MANIFEST, media_type="application/manifest+json", headers={"Cache-Control": "no-cache"})


PAGES = ("/", "/rules", "/learn")  # the pages kept for a visit without a network


def shell(langs: Sequence[str]) -> list[str]:
    """The addresses the service worker keeps at once: the pages, every static file but itself, the catalogs."""
    files = sorted(
        "/static/" + path.relative_to(STATIC).as_posix()
        for path in STATIC.rglob("*")
        if path.is_file() and path.name != "sw.js" and not path.name.startswith(".")
    )
    return [*PAGES, *files, *(f"/static/i18n/{lang}.json" for lang in langs)]


@functools.cache
def _version(addresses: tuple[str, ...]) -> str:
    """Changes when a kept file does (the worker is then new, and keeps the new files); read once a process."""
    digest = hashlib.sha256()
    for address in addresses:
        if address.startswith("/static/") and (STATIC / address[len("/static/") :]).is_file():
            digest.update(address.encode() + (STATIC / address[len("/static/") :]).read_bytes())
    digest.update((STATIC / "sw.js").read_bytes())
    return digest.hexdigest()[:12]


async def service_worker(request: Request) -> Response:
    addresses = tuple(shell(languages()))
    head = (
        f"const SHELL = {json.dumps(addresses)};\nconst VERSION = {json.dumps(_version(addresses))};\n"
        f"const LANGS = {json.dumps(list(languages()))};\n"
    )
    text = head + (STATIC / "sw.js").read_text(encoding="utf-8")
    return Response(text, media_type="text/javascript", headers={"Cache-Control": "no-cache"})
