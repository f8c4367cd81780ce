"""What a new player tripped over (issue 19), each checked in a real browser: the replay opens with the board
in view, and your own finished games say "You"."""

from __future__ import annotations

import re
from collections.abc import Callable

from conftest import Watched
from e2e_play import screenshot, wait_ready
from e2e_server import Server
from test_e2e_replay import long_game, store


def test_the_replay_opens_at_the_top_with_the_board_in_view(server: Server, open_page: Callable[..., Watched]) -> None:
    game_id = store(server, long_game())
    for width, height, mobile in ((1280, 800, False), (375, 667, True)):
        page = open_page(width=width, height=height, mobile=mobile).page
        page.goto(f"{server.url}/replay/{game_id}")
        wait_ready(page)
        assert page.evaluate("window.scrollY") == 0, f"{width} px wide: opened scrolled down"
        board = page.locator("#board").bounding_box()
        assert board is not None and board["y"] < height
        screenshot(page, f"replay-opens-{width}", full_page=False)


def test_your_own_finished_game_says_you_at_home_and_in_the_replay(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page().page
    page.goto(server.url + "/")
    wait_ready(page)
    page.check("#computer-form input[name=level][value=easy]")
    page.check("#computer-form input[name=seat][value=A]")
    page.click("#play-computer")
    page.wait_for_url(re.compile(r"/game/"))
    wait_ready(page)
    game_id = page.url.rsplit("/", 1)[1]
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#over-dialog[open]")

    page.goto(server.url + "/")
    wait_ready(page)
    item = page.locator("#finished li", has=page.locator(f"a[data-game='{game_id}']"))
    assert item.locator("div").first.inner_text().startswith("A: You"), item.inner_text()
    screenshot(page, "home-own-finished-game", full_page=False)

    page.goto(f"{server.url}/replay/{game_id}")
    wait_ready(page)
    page.wait_for_function("() => document.querySelector('#board .club-a .club-label').textContent !== ''")
    assert page.inner_text("#replay-players").startswith("A: You")
    assert page.locator("#board .club-a .club-label").text_content() == "You"
    assert page.locator("#board .club-b .club-label").text_content() == "Computer"
