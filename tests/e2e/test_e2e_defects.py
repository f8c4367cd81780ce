"""What a new player tripped over (issue 19), each checked in a real browser: the replay opens with the board
in view, and your own finished games say "You"."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from conftest import Watched
from e2e_play import (
    figures,
    invite_a_friend,
    log_lines,
    my_turn,
    play_one_card,
    screenshot,
    version,
    wait_ready,
    wait_turn_or_over,
    wait_version,
)
from e2e_server import Server, json_get
from test_e2e_replay import long_game, store

from timessquare.game import Game
from timessquare.record import to_record
from timessquare.session import GameSession
from timessquare.web.guards.security import hash_token, new_game_id, new_token
from timessquare.web.sockets.table import Table
from timessquare.web.storage import GameStore, make_engine

if TYPE_CHECKING:
    from playwright.sync_api import Page


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
    game_id = start_against_easy(page, server)
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


def start_against_easy(page: Page, server: Server, seat: str = "A") -> str:
    page.goto(server.url + "/")
    wait_ready(page)
    page.check("#computer-form input[name=level][value=easy]")
    page.check(f"#computer-form input[name=seat][value={seat}]")
    page.click("#play-computer")
    page.wait_for_url(re.compile(r"/game/"))
    wait_ready(page)
    return page.url.rsplit("/", 1)[1]


def test_a_trade_with_nothing_marked_cannot_be_confirmed(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    start_against_easy(page, server)
    wait_turn_or_over(page)
    page.click("#trade")
    confirm = page.locator("#trade-confirm")
    assert confirm.get_attribute("aria-disabled") == "true"
    assert "0" not in confirm.inner_text() and confirm.inner_text() == "Mark the cards to discard"
    page.locator("#hand .card").first.click()
    assert confirm.get_attribute("aria-disabled") == "false"
    assert confirm.inner_text() == "Discard 1 card and draw"
    screenshot(page, "trade-one-marked", full_page=False)


def test_the_move_count_counts_actions_as_the_home_list_and_the_replay_do(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page().page
    game_id = start_against_easy(page, server)
    wait_turn_or_over(page)
    assert play_one_card(page, "A")
    before = version(page)
    page.click("#end-turn")
    wait_version(page, before + 1)
    wait_turn_or_over(page)
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#over-dialog[open]")
    record = json_get(f"{server.url}/api/games/{game_id}/record")
    actions = sum(1 for move in record["moves"] if not move.startswith("shuffle"))
    assert page.locator("#log li").count() > actions  # draws, Charlie's steps, whose turn: lines, not moves
    assert page.inner_text("#log-count") == str(actions)


def test_waiting_for_your_friend_is_written_in_lower_case_mid_sentence(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    alice, bob = open_page().page, open_page(locale="fr-FR").page
    alice.goto(server.url + "/")
    wait_ready(alice)
    invite = invite_a_friend(alice)
    alice.click("#open-own")
    wait_ready(alice)
    bob.goto(invite)
    wait_ready(bob)
    if my_turn(alice):
        waiting, words = bob, "En attente du coup de votre ami."
    else:
        waiting, words = alice, "Waiting for your friend to play."
    waiting.wait_for_function("() => document.getElementById('turn').textContent.length > 0")
    assert waiting.inner_text("#turn") == words


def test_a_card_of_one_space_says_one_space(server: Server, open_page: Callable[..., Watched]) -> None:
    for locale, one, two in (
        ("en-US", "Moves Deb 1 space, or", "Moves Hal 2 spaces"),
        ("fr-FR", "Déplace Deb de 1 case, ou", "Déplace Hal de 2 cases"),
    ):
        page = open_page(locale=locale).page
        page.goto(server.url + "/")
        wait_ready(page)
        words = "(code) => import('/static/js/words.js').then((m) => m.cardWords(code).long)"
        assert page.evaluate(words, "D1").startswith(one)
        assert page.evaluate(words, "H1").endswith(" 1 space" if locale == "en-US" else " 1 case")
        assert page.evaluate(words, "H2") == two


def test_the_hint_is_brought_into_view_at_1280_by_800(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page(width=1280, height=800).page
    start_against_easy(page, server)
    wait_turn_or_over(page)
    page.click("#hint")
    page.wait_for_function("() => /Suggestion/.test(document.getElementById('hint-text').textContent)")
    # within a pixel: "nearest" lines the box's bottom up with the window's, to a fraction of a pixel
    page.wait_for_function(
        "() => document.getElementById('hint-text').getBoundingClientRect().bottom <= innerHeight + 1"
    )
    box = page.locator("#hint-text").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 801
    screenshot(page, "hint-in-view-1280", full_page=False)


def test_switching_language_mid_game_rewrites_the_earlier_log_lines(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page().page
    start_against_easy(page, server)
    wait_turn_or_over(page)
    assert play_one_card(page, "A")
    english = log_lines(page)
    assert english
    page.click("[data-lang=fr]")
    page.wait_for_function(
        "(old) => [...document.querySelectorAll('#log li')].every((li) => !old.includes(li.textContent))",
        arg=english,
        timeout=10000,
    )
    assert len(log_lines(page)) == len(english)
    screenshot(page, "log-after-switch-fr", full_page=False)


def live_game_with_a_g2(server: Server) -> tuple[str, str]:
    """A new game against easy, stored in the server's database, dealt so that A moves first with a G2 in
    hand (its 1+1 moves put the A-side bodyguard on the same space two ways); the game id and A's token."""
    seed = next(s for s in range(200) if (g := Game.new(s)).state.to_move == 0 and "G2" in g.view(0).hand)
    game = Game.new(seed, players={"A": "you", "B": "easy"})
    game_id, token = new_game_id(), new_token()
    table = Table(game_id, "computer", GameSession.from_record(to_record(game)))  # as the server keeps it
    games = GameStore(make_engine(server.database_url))
    try:
        games.create(table.stored_new({"A": hash_token(token)}), table.progress())
    finally:
        games.close()
    return game_id, token


def test_the_several_moves_note_goes_once_a_move_is_chosen(server: Server, open_page: Callable[..., Watched]) -> None:
    game_id, token = live_game_with_a_g2(server)
    page = open_page().page
    page.goto(f"{server.url}/game/{game_id}#t={token}")
    wait_ready(page)
    wait_turn_or_over(page)
    low = figures(page)["low"]
    page.locator("#hand .card", has_text="G2").first.click()
    page.locator('#board .target-low[data-actions*="|G2 low+1 high+1|"]').click(force=True)
    page.wait_for_selector("#choices .candidate")
    assert page.inner_text("#message") == "Several moves put the figure there: choose one in the list."
    before = version(page)
    page.click('#choices .candidate[data-action="G2 low+1 high-1"]')
    wait_version(page, before + 1)
    assert figures(page)["low"] == low + 1
    assert page.locator("#message").is_hidden()
