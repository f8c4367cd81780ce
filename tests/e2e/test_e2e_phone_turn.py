"""A turn on a phone as at a table (issue 27): during the player's turn the turn line, the whole board, the hand
and "End the turn" lie on one screen together, nothing scrolls sideways, and a tapped card's targets are on
screen with the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import Watched
from e2e_play import screenshot
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
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
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
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, f"phone-targets-{width}x{height}", full_page=False)
