"""A turn on a phone as at a table (issue 27): during the player's turn the turn line, the whole board, the hand
and "End the turn" lie on one screen together, nothing scrolls sideways, and a tapped card's targets are on
screen with the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import Watched
from e2e_play import end_turn, no_sideways_scroll, play_one_card, screenshot, wait_turn_or_over
from e2e_server import Server
from test_e2e_street import TOUCH, boxes, open_g2_game

TURN_PARTS = ("#turn", "#board", "#hand", "#end-turn")
SPAN = """(ids) => { const rs = ids.map((id) => document.querySelector(id).getBoundingClientRect());
  const top = Math.min(...rs.map((r) => r.top)); const bottom = Math.max(...rs.map((r) => r.bottom));
  return { top, bottom, span: bottom - top, height: window.innerHeight }; }"""


def span(page: Any, parts: tuple[str, ...] = TURN_PARTS) -> dict[str, float]:
    return dict(page.evaluate(SPAN, list(parts)))


def on_screen(page: Any, selector: str) -> bool:
    height = page.viewport_size["height"]
    return all(box["y"] >= -0.5 and box["y"] + box["h"] <= height + 0.5 for box in boxes(page, selector))


@pytest.mark.parametrize(("width", "height"), [(375, 667), (360, 640)])
def test_a_turn_fits_one_phone_screen(
    width: int, height: int, server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(width=width, height=height, mobile=width == 375).page
    open_g2_game(server, page)
    measured = span(page)
    print(f"{width}x{height}: turn, board, hand and end span {measured['span']:.0f} px")
    assert measured["span"] <= height, measured
    # the page brought the turn on screen: all four are in view without the player scrolling
    assert measured["top"] >= -0.5 and measured["bottom"] <= height + 0.5, measured
    no_sideways_scroll(page, width)
    screenshot(page, f"phone-turn-{width}x{height}", full_page=False)

    g2 = page.locator("#hand .card", has_text="G2").first
    if width == 375:
        g2.tap()  # a touch screen
    else:
        g2.click()
    page.wait_for_selector("#board .target")
    assert on_screen(page, "#board") and on_screen(page, "#board .target")
    targets = boxes(page, "#board .target")
    assert len(targets) >= 4 and all(box["w"] >= TOUCH - 0.5 and box["h"] >= TOUCH - 0.5 for box in targets)
    no_sideways_scroll(page, width)
    screenshot(page, f"phone-targets-{width}x{height}", full_page=False)

    # the other seat's turn plays out on the board in view: the page does not move when the turn ends
    page.keyboard.press("Escape")
    assert play_one_card(page, "A")
    end_turn(page)
    assert on_screen(page, "#board")
    wait_turn_or_over(page)
    assert on_screen(page, "#board") and span(page)["bottom"] <= height + 0.5


def test_a_tablet_upright_and_a_phone_on_its_side(server: Server, open_page: Callable[..., Watched]) -> None:
    """768x1024: the folded street large beside the hand, every target a finger's size; 667x375 (a phone on its
    side): the long street, the hand and "End the turn" on the one short screen."""
    tablet = open_page(width=768, height=1024, mobile=True).page
    open_g2_game(server, tablet)
    assert tablet.get_attribute("#board", "data-layout") == "folded"
    board, hand = boxes(tablet, "#board")[0], boxes(tablet, "#hand")[0]
    assert hand["x"] >= board["x"] + board["w"] and hand["y"] < board["y"] + board["h"] / 2  # beside it
    assert span(tablet)["span"] <= 1024
    tablet.locator("#hand .card", has_text="G2").first.tap()
    tablet.wait_for_selector("#board .target")
    targets = boxes(tablet, "#board .target")
    assert targets and all(box["w"] >= TOUCH - 0.5 and box["h"] >= TOUCH - 0.5 for box in targets)
    screenshot(tablet, "tablet-targets-768x1024", full_page=False)

    side = open_page(width=667, height=375, mobile=True).page
    open_g2_game(server, side)
    assert side.get_attribute("#board", "data-layout") == "long"
    measured = span(side)
    assert measured["span"] <= 375 and measured["bottom"] <= 375 + 0.5, measured
    no_sideways_scroll(side, 667)
    screenshot(side, "phone-side-667x375", full_page=False)
