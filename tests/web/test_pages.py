"""The pages: a game's and a replay's page open for a game that exists; a link to no game (malformed, unknown,
cut short) gets a small HTML page in the browser's language with a link home, not the API's JSON."""

from __future__ import annotations

import pytest
from conftest import new_game
from starlette.testclient import TestClient

from timessquare.web.pages.missing import preferred_language

ENGLISH = "There is no such game"
FRENCH = "Cette partie n&#x27;existe pas"


def no_game_page(client: TestClient, path: str, accept_language: str | None = None) -> str:
    headers = {"Accept-Language": accept_language} if accept_language is not None else {}
    answer = client.get(path, headers=headers)
    assert answer.status_code == 404, path
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    text = answer.text
    assert "<script" not in text and "style=" not in text and '<a class="button primary" href="/">' in text
    return text


@pytest.mark.parametrize("kind", ["game", "replay"])
def test_a_link_to_no_game_gets_a_page_saying_so(client: TestClient, kind: str) -> None:
    for tail in ("short", "nosuchgame0", "nosuchgame0/more", "", "%3Cb%3E"):
        page = no_game_page(client, f"/{kind}/{tail}")
        assert ENGLISH in page and '<html lang="en">' in page and "Go to the home page" in page
        assert "nosuchgame0" not in page and "<b>" not in page  # nothing of the request is repeated
    page = no_game_page(client, f"/{kind}/nosuchgame0", "fr-CH, fr;q=0.9, en;q=0.8")
    assert FRENCH in page and '<html lang="fr">' in page and "Aller à l&#x27;accueil" in page


def test_pages_of_a_game_that_exists(client: TestClient) -> None:
    game = new_game(client, mode="friend", seat="A")
    for kind in ("game", "replay"):
        answer = client.get(f"/{kind}/{game['id']}")
        assert answer.status_code == 200 and f'src="/static/js/{kind}.js"' in answer.text


def test_the_api_still_answers_json(client: TestClient) -> None:
    answer = client.get("/api/games/nosuchgame0/record", headers={"Accept": "text/html"})
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    assert client.get("/nowhere").json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("", "en"),
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("en-GB,fr;q=0.9", "en"),
        ("de-DE, fr;q=0.7, en;q=0.5", "fr"),
        ("de, en;q=0.5, fr;q=0.5", "en"),
        ("fr;q=0, en;q=0.1", "en"),
        ("*", "en"),
        ("fr;q=x, en", "en"),
        ("FR;Q=1", "fr"),
        (";;,,;q=", "en"),
    ],
)
def test_the_language_a_browser_asks_for(header: str, lang: str) -> None:
    assert preferred_language(header) == lang
