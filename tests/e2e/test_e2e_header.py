"""The header of every page links the lobby, the leaderboard and logging in (issue 27): a visitor finds them
from a game, the rules or the tutorial, not only from the lobby; a logged-in player sees their name and logs
out from any page."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from conftest import Watched
from e2e_play import no_sideways_scroll, wait_ready
from e2e_server import Server
from test_e2e_online import sign_up
from test_e2e_street import open_g2_game

PAGES = ("/", "/rules", "/learn", "/lobby", "/players")


def test_every_header_links_the_lobby_the_leaderboard_and_logging_in(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(width=375, height=667, mobile=True).page
    for path in PAGES:
        page.goto(server.url + path)
        wait_ready(page)
        assert page.locator('.site-nav a[href="/lobby"]').is_visible(), path
        assert page.locator('.site-nav a[href="/players"]').is_visible(), path
        page.locator("#nav-log-in").wait_for()
        assert page.get_attribute("#nav-log-in", "href") == "/lobby#account"
        no_sideways_scroll(page, 375)
    french = open_page(locale="fr-FR", width=360, height=640, mobile=True).page  # longer words, a narrower phone
    for path in PAGES:
        french.goto(server.url + path)
        wait_ready(french)
        # against the screen's width (a phone's browser widens its window to a page wider than the screen)
        no_sideways_scroll(french, 360)
    open_g2_game(server, page)
    assert page.locator('.site-nav a[href="/lobby"]').is_visible()
    assert page.locator('.site-nav a[href="/players"]').is_visible()

    name = f"Head{secrets.token_hex(3)}"
    sign_up(page, server, name)
    page.goto(server.url + "/rules")
    wait_ready(page)
    page.locator("#nav-account").wait_for()
    assert page.inner_text("#nav-me") == name
    assert page.get_attribute("#nav-me", "href") == f"/players/{name}"
    assert page.locator("#nav-log-in").is_hidden()
    page.click("#nav-log-out")
    page.locator("#nav-log-in").wait_for()
    assert page.locator("#nav-account").is_hidden()
