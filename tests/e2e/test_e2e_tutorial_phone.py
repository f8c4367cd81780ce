"""The tutorial on a phone (issue 33): the lesson is a card folded to what to do, whose story of the step
unfolds over the board (the board does not move for it); the step's card, the board, the hand and "End the
turn" share the one screen, and B's moves play out on a board in view."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import Watched
from e2e_play import no_sideways_scroll, screenshot, wait_ready
from e2e_server import Server
from test_e2e_phone_turn import on_screen, span
from test_e2e_street import boxes
from test_e2e_tutorial import FIRST_REPLY_AFTER, take, wait_step

from timessquare.session.tutorial_script import STEPS

LESSON_PARTS = ("#lesson", "#board", "#hand", "#end-turn")
# where the board is each time B's turn moves a figure on it
WATCH_BOARD_BOX = """() => {
  window.boardBoxes = [];
  const board = document.getElementById("board");
  new MutationObserver(() => { const r = board.getBoundingClientRect();
    window.boardBoxes.push({ top: r.top, bottom: r.bottom, height: window.innerHeight }); }).observe(
    board, { attributes: true, attributeFilter: ["data-figures"] });
}"""


@pytest.mark.parametrize(("locale", "width", "height"), [("en-US", 375, 667), ("fr-FR", 360, 640)])
def test_the_lesson_folds_over_the_board_and_b_plays_out_in_view(
    locale: str, width: int, height: int, server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(locale=locale, width=width, height=height, mobile=True).page
    page.goto(server.url + "/learn")
    wait_ready(page)
    wait_step(page, 0)
    no_sideways_scroll(page, width)
    measured = span(page, LESSON_PARTS)
    print(f"{width}x{height}: the lesson, the board, the hand and the end span {measured['span']:.0f} px")
    if height >= 667:
        assert measured["span"] <= height and measured["top"] >= -0.5 and measured["bottom"] <= height + 0.5
    assert on_screen(page, "#lesson") and on_screen(page, "#board")
    # the welcome is read unfolded, over the board
    assert page.get_attribute("#lesson-fold", "aria-expanded") == "true"
    story, board = boxes(page, "#said-done")[0], boxes(page, "#board")[0]
    assert story["y"] + story["h"] > board["y"]  # it lies over the board...
    screenshot(page, f"tutorial-phone-unfolded-{width}x{height}", full_page=False)
    page.locator("#lesson-fold").tap()
    assert page.get_attribute("#lesson-fold", "aria-expanded") == "false"
    assert page.locator("#said-done").is_hidden() and page.locator("#said-do").is_visible()
    assert boxes(page, "#board")[0]["y"] == pytest.approx(board["y"], abs=1)  # ...and the board did not move
    screenshot(page, f"tutorial-phone-folded-{width}x{height}", full_page=False)

    for index, step in enumerate(STEPS[: FIRST_REPLY_AFTER + 1]):
        wait_step(page, index)
        if index == FIRST_REPLY_AFTER:
            page.evaluate(WATCH_BOARD_BOX)
        take(page, step.action)
        wait_step(page, index + 1)
        assert page.get_attribute("#lesson-fold", "aria-expanded") == "false"  # a step done: the card folds
        assert on_screen(page, "#board"), (index, span(page, LESSON_PARTS), boxes(page, "#lesson"))
    seen = page.evaluate("window.boardBoxes")
    assert seen, "B's turn moved nothing on the board"
    off = [box for box in seen if box["top"] < -0.5 or box["bottom"] > box["height"] + 0.5]
    assert not off, off  # every move of B's turn on a board in view
    page.locator("#lesson-fold").tap()  # what B did, on demand
    assert page.locator("#said-reply").is_visible()
    screenshot(page, f"tutorial-phone-b-replied-{width}x{height}", full_page=False)
