"""A turn by keyboard alone, a hint with its win probability, an illegal attempt explained by its rule, and
what a screen reader is given (the board in words, the move log as a live region)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from conftest import Watched
from e2e_play import is_over, screenshot, start_computer_game, version, wait_ready, wait_turn_or_over, wait_version
from e2e_server import Server

if TYPE_CHECKING:
    from playwright.sync_api import Page


def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    """Press Tab until the focused element matches `selector`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement && document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def arrow_to(page: Page, selector: str) -> None:
    """Inside the hand (one Tab stop), press the right arrow until the focused card matches `selector`."""
    tab_to(page, "#hand .card")
    page.keyboard.press("Home")
    for _ in range(8):
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no card in the hand matches {selector}")


def test_keyboard_hint_and_explanations(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    page.goto(server.url + "/")
    wait_ready(page)
    start_computer_game(page)

    # What assistive technology reads.
    assert page.get_attribute("#board", "role") == "img"
    assert page.inner_text("#board-words").startswith("Sue on ")
    assert page.get_attribute("#log", "role") == "log"
    assert page.get_attribute("#log", "aria-live") == "polite"
    assert page.get_attribute("#turn", "role") == "status"
    assert page.title().startswith("● Your turn")

    # A hint: the suggested move and the chance to win.
    page.click("#hint")
    page.wait_for_selector("#hint-text:text-matches('[0-9]+%')")
    assert re.search(r"Suggestion: .+ about \d+%", page.inner_text("#hint-text"))
    screenshot(page, "hint")
    assert page.locator(".choice.suggested, .lures button.suggested, .target.chosen").count() >= 1 or page.inner_text(
        "#hint-text"
    ).startswith("Suggestion: discard")

    # The hint picked its card; Escape sets it aside (else Enter on that same card below would put it back).
    page.keyboard.press("Escape")
    page.wait_for_selector("#choices .choice", state="detached")

    # Turns by keyboard alone, until a played card leaves a card of another colour to ask about.
    explained = False
    for _ in range(12):
        wait_turn_or_over(page)
        if is_over(page):
            break
        page.evaluate("document.activeElement && document.activeElement.blur()")
        arrow_to(page, "#hand .card.playable")
        colour = page.evaluate("document.activeElement.className.match(/card-(green|grey|yellow|red)/)[1]")
        page.keyboard.press("Enter")
        page.wait_for_selector("#choices .choice")
        before = version(page)
        tab_to(page, "#choices .choice", limit=3)  # the hand is one Tab stop: the moves come right after it
        page.keyboard.press("Enter")
        wait_version(page, before + 1)
        if is_over(page):
            break
        assert page.evaluate("document.activeElement !== document.body"), "the focus was lost"
        other_colour = f"#hand .card.unplayable:not(.card-{colour})"  # (one of this colour may break R3, R4.3 …)
        if page.locator(other_colour).count() and not explained:
            arrow_to(page, other_colour)
            page.keyboard.press("Enter")
            page.wait_for_selector("#message:text-matches('\\\\(R5\\\\.1\\\\)')")
            assert page.inner_text("#message").startswith("Not allowed: this turn plays ")
            screenshot(page, "explained")
            explained = True
        before = version(page)
        tab_to(page, "#end-turn")
        page.keyboard.press("Enter")
        wait_version(page, before + 1)
        if explained:
            break
    assert explained, "no turn left a card of another colour in the hand"
