"""The pages on a phone, 375 px wide: nothing wider than the screen, and a game can be played by taps."""

from __future__ import annotations

import re
from collections.abc import Callable

from conftest import Watched
from e2e_play import SCREENSHOTS, SIDEWAYS, play_one_card, screenshot, start_computer_game, version, wait_ready
from e2e_server import Server

WIDTH = 375


def overflow(page: object) -> int:
    """How many CSS pixels the page is wider than the screen (0 when it fits)."""
    sizes = page.evaluate(SIDEWAYS)  # type: ignore[attr-defined]
    return int(max(sizes["scroll"] - sizes["client"], sizes["client"] - WIDTH))


def test_a_phone_can_play(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page(width=WIDTH, height=780, mobile=True).page
    page.goto(server.url + "/")
    wait_ready(page)
    assert overflow(page) <= 0
    screenshot(page, "phone-home")
    page.goto(server.url + "/rules")
    wait_ready(page)
    assert overflow(page) <= 0
    screenshot(page, "phone-rules", full_page=False)

    page.goto(server.url + "/")
    wait_ready(page)
    start_computer_game(page, seat="B")
    assert overflow(page) <= 0
    # The street folds to the screen's width (test_e2e_street.py checks it closely), with Sue in view.
    board = page.locator("#board").bounding_box()
    sue = page.locator("#board .figure-sue").bounding_box()
    assert board and sue
    assert board["width"] <= WIDTH and board["height"] >= 120
    assert board["x"] <= sue["x"] and sue["x"] + sue["width"] <= board["x"] + board["width"]
    cards = page.locator("#hand .card").all()
    assert all((box := c.bounding_box()) is not None and box["width"] >= 44 and box["height"] >= 44 for c in cards)
    screenshot(page, "phone-game")

    page.locator("#hand .card.playable").first.click()
    page.wait_for_selector("#choices .choice")
    screenshot(page, "phone-card-picked", full_page=False)
    page.locator(".board-wrap").screenshot(path=str(SCREENSHOTS / "phone-board.png"))
    page.keyboard.press("Escape")
    before = version(page)
    assert play_one_card(page, "B")
    assert version(page) > before
    assert overflow(page) <= 0

    # Resign from the phone; the game-over screen fits too, and so does the replay.
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#over-dialog[open]")
    assert page.inner_text("#over-title") == "You lost."
    assert "resigned" in page.inner_text("#over-reason")
    screenshot(page, "phone-over", full_page=False)
    page.click("#over-dialog a[data-replay-link]")
    page.wait_for_url(re.compile(r"/replay/"))
    wait_ready(page)
    assert overflow(page) <= 0
    assert page.inner_text("#replay-result") == "A wins. B forfeited: resigned."
    screenshot(page, "phone-replay")
