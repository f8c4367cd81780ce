"""The board at the sizes people use: on a phone (360-390 px) the whole street folds into the screen's width
with every touch target at least 44x44 px; on a 1280x800 screen the turn, the hand, a card's moves and
"End the turn" fit above the fold; and the dashed target figures never cover a figure on the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import Watched
from e2e_play import SCREENSHOTS, is_over, no_sideways_scroll, trade_all, wait_ready, wait_turn_or_over
from e2e_server import Server
from test_e2e_defects import live_game_with_a_g2

ENTRANCES = (0, 1, 15, 16)
TOUCH = 44
TOUCH_TARGETS = "button, .card, a.button, #board .target"
BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((node) => node.getClientRects().length && getComputedStyle(node).visibility !== 'hidden')
  .map((node) => { const r = node.getBoundingClientRect();
    return { name: node.id || node.className.baseVal || node.className || node.tagName, x: r.x, y: r.y,
             w: r.width, h: r.height }; })"""


def boxes(page: Any, selector: str) -> list[dict[str, Any]]:
    return list(page.evaluate(BOXES, selector))


def open_g2_game(server: Server, page: Any) -> None:
    """A new game against easy where we (A) move first with a G2, four S, a Deb card and a Hal card."""
    game_id, token = live_game_with_a_g2(server)
    page.goto(f"{server.url}/game/{game_id}#t={token}")
    wait_ready(page)
    wait_turn_or_over(page)


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and (a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5)
    )


@pytest.mark.parametrize("width", [360, 375, 390])
def test_the_whole_street_on_a_phone(width: int, server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page(width=width, height=667, mobile=True).page
    open_g2_game(server, page)
    assert page.get_attribute("#board", "data-layout") == "folded"
    no_sideways_scroll(page, width)
    street = boxes(page, "#board .space") + boxes(page, "#board .club")
    assert len(street) == 17 + 2
    assert all(box["x"] >= 0 and box["x"] + box["w"] <= width + 0.5 for box in street), street
    # without scrolling at all, a 375x667 screen shows both clubs and both entrances
    for space in ENTRANCES:
        (box,) = boxes(page, f'#board .space[data-space="{space}"]')
        assert box["y"] >= 0 and box["y"] + box["h"] <= 667, (space, box)
    if width == 375:
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "phone-375x667-entrances.png"), animations="disabled")

    page.locator("#hand .card", has_text="G2").first.click()
    page.wait_for_selector("#board .target")
    targets = boxes(page, TOUCH_TARGETS)
    assert len(boxes(page, "#board .target")) >= 4
    small = [box for box in targets if box["w"] < TOUCH - 0.5 or box["h"] < TOUCH - 0.5]
    assert not small, small
    no_sideways_scroll(page, width)


def test_a_1280x800_screen_shows_the_turn_the_hand_the_moves_and_the_end_together(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(width=1280, height=800).page
    open_g2_game(server, page)
    assert page.get_attribute("#board", "data-layout") == "long"
    page.locator("#hand .card", has_text="G2").first.click()
    page.wait_for_selector("#choices .choice")
    assert page.evaluate("window.scrollY") == 0
    seen = boxes(page, "#turn") + boxes(page, "#hand .card") + boxes(page, "#choices .choice")
    seen += boxes(page, "#end-turn")
    assert len(boxes(page, "#choices .choice")) >= 6  # a G2 has many moves: the case that used to spill over
    below = [box for box in seen if box["y"] < 0 or box["y"] + box["h"] > 800]
    assert not below, below
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "desktop-1280x800-g2.png"), animations="disabled")


@pytest.mark.parametrize("size", [(1280, 800), (375, 667)], ids=["long", "folded"])
def test_target_figures_never_cover_a_figure(
    size: tuple[int, int], server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(width=size[0], height=size[1], mobile=size[0] < 600).page
    page.emulate_media(reduced_motion="reduce")  # figures where they stand, not mid-glide
    open_g2_game(server, page)
    checked = 0
    for _ in range(4):  # a few positions: each card of the hand, then a trade
        wait_turn_or_over(page)
        if is_over(page):
            break
        for index in range(page.locator("#hand .card").count()):
            card = page.locator("#hand .card").nth(index)
            if "playable" not in (card.get_attribute("class") or "").split():
                continue
            card.click()
            page.wait_for_selector("#choices .choice")
            markers = boxes(page, "#board .target")
            standing = boxes(page, "#board .figure")
            assert len(standing) == 6
            covered = [(m, f) for m in markers for f in standing if overlap(m, f)]
            assert not covered, covered
            checked += len(markers)
            page.keyboard.press("Escape")
        trade_all(page)
    assert checked >= 20


def test_the_board_changes_layout_with_the_screen(server: Server, open_page: Callable[..., Watched]) -> None:
    """A window narrowed to a phone's width (or a phone turned) redraws the street folded, figures and targets
    where they were, and back."""
    page = open_page(width=1280, height=800).page
    open_g2_game(server, page)
    page.locator("#hand .card", has_text="G2").first.click()
    page.wait_for_selector("#board .target")
    before = (page.get_attribute("#board", "data-figures"), page.locator("#board .target").count())
    page.set_viewport_size({"width": 375, "height": 667})
    page.wait_for_function("() => document.getElementById('board').dataset.layout === 'folded'")
    assert (page.get_attribute("#board", "data-figures"), page.locator("#board .target").count()) == before
    no_sideways_scroll(page, 375)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("() => document.getElementById('board').dataset.layout === 'long'")
    assert page.locator("#board .target").count() == before[1]
