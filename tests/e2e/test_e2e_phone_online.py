"""An online rated 3+2 game on a phone as at a table (issue 33): during one's turn the turn line, the board,
the hand and "End the turn" fit the screen with both names and clocks in view (on the clubs); the chat waits
behind a button that counts what came; the offers are one compact bar; nothing scrolls sideways; and the page
never jumps (the other seat's turn plays out on a board that stays put, a long move list is a sheet over the
hand, a hint does not push the board away, and a played card never picks its twin)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from conftest import Watched
from e2e_online import page_to_move, rated_game
from e2e_play import end_turn, no_sideways_scroll, screenshot, version, wait_turn_or_over, wait_version
from e2e_server import Server
from test_e2e_phone_turn import on_screen, span
from test_e2e_street import boxes, open_g2_game

CLOCK = re.compile(r"\d+:\d\d")


def club_clocks(page: Any) -> dict[str, str]:
    return {seat: page.text_content(f'#board .club-clock[data-clock="{seat}"]') or "" for seat in "AB"}


PHONES = [(375, 667), (360, 640)]
SETTLED = "(selector) => document.querySelector(selector).getAnimations().every((a) => a.playState !== 'running')"


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_an_online_turn_fits_the_phone_with_both_clocks_and_names(
    width: int, height: int, server: Server, open_page: Callable[..., Watched]
) -> None:
    first = open_page(width=width, height=height, mobile=True).page
    second = open_page(width=width, height=height, mobile=True).page
    game = rated_game(server, first, second, "3+2")
    mover = page_to_move(game)
    waiter = second if mover is first else first
    measured = span(mover)
    print(f"{width}x{height}: an online turn spans {measured['span']:.0f} px")
    assert measured["span"] <= height and measured["top"] >= -0.5 and measured["bottom"] <= height + 0.5, measured
    # both names and both clocks on screen, on the clubs
    mover.wait_for_selector("#board .club-clock:not(:empty)")
    clocks = club_clocks(mover)
    assert all(CLOCK.fullmatch(text) for text in clocks.values()), clocks
    assert on_screen(mover, "#board .club-clock") and on_screen(mover, "#board .club-label")
    seat = "A" if mover is game["A"] else "B"
    other = "B" if seat == "A" else "A"
    labels = {s: mover.text_content(f"#board .club-{s.lower()} .club-label") for s in "AB"}
    assert labels == {seat: "You", other: game["names"][other]}
    running = mover.locator(f'#board .club-clock[data-clock="{seat}"]').get_attribute("data-running")
    assert running == "true"
    no_sideways_scroll(mover, width)
    screenshot(mover, f"phone-online-turn-{width}x{height}", full_page=False)

    # the waiting player chats; the mover's chat stays shut behind its button, which counts the message
    assert waiter.locator("#chat").is_hidden() and waiter.locator("#chat-open").is_visible()
    waiter.click("#chat-open")
    waiter.fill("#chat-text", "good luck")
    waiter.press("#chat-text", "Enter")
    mover.wait_for_selector("#chat-unread:not([hidden])")
    assert mover.inner_text("#chat-unread") == "1"
    assert mover.locator("#chat").is_hidden()
    assert mover.get_attribute("#chat-open", "aria-label") == "Chat: 1 new message"
    assert mover.text_content("#chat-news") == "1 new message"  # said to a screen reader (the log is shut)
    # the offers and the chat's button: one compact row
    row = [boxes(mover, selector)[0] for selector in ("#offer-draw", "#abort", "#chat-open")]
    assert max(box["y"] for box in row) - min(box["y"] for box in row) < 2, row
    assert all(box["h"] >= 44 - 0.5 for box in row), row
    mover.locator("#chat-open").scroll_into_view_if_needed()
    mover.click("#chat-open")
    mover.wait_for_selector("#chat-lines li.theirs")
    assert "good luck" in mover.inner_text("#chat-lines")
    chat = boxes(mover, "#chat")[0]
    assert chat["y"] >= 0 and chat["y"] + chat["h"] <= height + 0.5, chat  # a sheet on the screen
    assert mover.locator("#chat-unread").is_hidden()
    screenshot(mover, f"phone-online-chat-{width}x{height}", full_page=False)
    mover.click("#chat-close")
    assert mover.locator("#chat").is_hidden()
    no_sideways_scroll(mover, width)


def test_the_other_turn_plays_out_on_a_board_that_stays_put(server: Server, open_page: Callable[..., Watched]) -> None:
    first = open_page(width=375, height=667, mobile=True).page
    second = open_page(width=375, height=667, mobile=True).page
    game = rated_game(server, first, second, "3+2")
    mover = page_to_move(game)
    waiter = second if mover is first else first
    waiter_board = boxes(waiter, "#board")[0]
    assert on_screen(waiter, "#board")
    cards = mover.locator("#hand .card.playable")
    cards.first.tap()
    mover.wait_for_selector("#choices .choice")
    before = version(mover)
    mover.locator("#choices .choice").first.tap()
    wait_version(mover, before + 1)
    assert on_screen(mover, "#board")
    end_turn(mover)
    assert on_screen(mover, "#board")
    wait_turn_or_over(waiter)
    assert boxes(waiter, "#board")[0]["y"] == pytest.approx(waiter_board["y"], abs=1)  # it did not move
    measured = span(waiter)
    assert measured["top"] >= -0.5 and measured["bottom"] <= 667 + 0.5, measured


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_a_played_card_never_picks_its_twin_and_the_board_stays_in_view(
    width: int, height: int, server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(width=width, height=height, mobile=True).page
    open_g2_game(server, page)  # three S in the hand
    twins = page.locator('#hand .card[data-code="S"]')
    assert twins.count() >= 2
    end_before = boxes(page, "#end-turn")[0]
    scrolled = page.evaluate("window.scrollY")
    twins.first.tap()
    page.wait_for_selector("#choices .choice")
    before = version(page)
    page.locator("#choices .choice").first.tap()
    wait_version(page, before + 1)
    assert page.locator("#hand .card.selected").count() == 0
    assert page.locator("#choices .choice").count() == 0 and page.locator("#board .target").count() == 0
    assert on_screen(page, "#board") and on_screen(page, "#end-turn")
    assert page.evaluate("window.scrollY") == scrolled
    assert boxes(page, "#end-turn")[0]["y"] == pytest.approx(end_before["y"], abs=1)
    assert span(page)["bottom"] <= height + 0.5
    # tapping the other twin picks that one, its moves listed without pushing "End the turn" off the screen
    twins.nth(1).tap()
    page.wait_for_selector("#choices .choice")
    assert page.locator("#hand .card.selected").count() == 1
    assert twins.nth(1).get_attribute("class").split().count("selected") == 1
    assert boxes(page, "#end-turn")[0]["y"] == pytest.approx(end_before["y"], abs=1)
    measured = span(page)
    assert measured["top"] >= -0.5 and measured["bottom"] <= height + 0.5, measured
    no_sideways_scroll(page, width)


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_a_long_move_list_is_a_sheet_that_leaves_the_end_of_the_turn_in_place(
    width: int, height: int, server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(width=width, height=height, mobile=True).page
    open_g2_game(server, page)
    end_before = boxes(page, "#end-turn")[0]
    board_before = boxes(page, "#board")[0]
    page.locator("#hand .card", has_text="G2").first.tap()
    page.wait_for_selector("#choices .choice")
    assert page.locator("#choices .choice").count() >= 6
    page.wait_for_function(SETTLED, arg="#choices")  # where the sheet rests, once it has slid up
    listed = boxes(page, "#choices")[0]
    assert listed["y"] >= 0 and listed["y"] + listed["h"] <= height + 0.5, listed  # on the screen, all of it
    assert boxes(page, "#end-turn")[0]["y"] == pytest.approx(end_before["y"], abs=1)  # not pushed down
    assert boxes(page, "#board")[0]["y"] == pytest.approx(board_before["y"], abs=1)
    screenshot(page, f"phone-move-sheet-{width}x{height}", full_page=False)
    before = version(page)
    page.locator("#choices .choice").last.tap()  # the last may lie below the sheet's fold: it scrolls inside
    wait_version(page, before + 1)
    assert on_screen(page, "#board") and on_screen(page, "#end-turn")
    assert boxes(page, "#board")[0]["y"] == pytest.approx(board_before["y"], abs=1)
    no_sideways_scroll(page, width)


def test_a_hint_does_not_scroll_the_board_away(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page(width=360, height=640, mobile=True).page
    open_g2_game(server, page)
    assert on_screen(page, "#board")  # the page opened with the turn in view
    page.evaluate("document.getElementById('hint').click()")  # as a keyboard would: the page does not move first
    page.wait_for_selector("#hint-text:not([hidden])")
    page.wait_for_selector("#board .target")
    board = boxes(page, "#board")[0]
    print("scrollY", page.evaluate("window.scrollY"), board)
    assert board["y"] >= -0.5, board  # the board's top is still on the screen
