"""The server is killed (SIGKILL) in the middle of a game and started again: the page reconnects by itself,
shows the same position, and the game goes on."""

from __future__ import annotations

import re
from collections.abc import Callable

from conftest import Watched
from e2e_play import (
    figures,
    is_over,
    screenshot,
    start_computer_game,
    take_turn,
    version,
    wait_ready,
    wait_turn_or_over,
)
from e2e_server import Server


def test_the_game_survives_a_server_restart(own_server: Server, open_page: Callable[..., Watched]) -> None:
    watched = open_page()
    # While the server is down the browser reports its failed reconnection attempts: expected here.
    watched.allowed.append(re.compile(r"WebSocket connection to .* failed"))
    page = watched.page
    page.goto(own_server.url + "/")
    wait_ready(page)
    start_computer_game(page)
    for turn in range(2):
        wait_turn_or_over(page)
        take_turn(page, "A", turn)
    wait_turn_or_over(page)
    assert not is_over(page), "the game ended too soon for this test"
    before = (version(page), figures(page), page.locator("#hand .card").all_inner_texts())

    own_server.kill()
    page.wait_for_selector("#connection[data-status=closed]")
    assert "Connection lost" in page.inner_text("#connection")
    screenshot(page, "restart-connection-lost", full_page=False)

    own_server.start()  # the same port and database
    page.wait_for_selector("#connection[data-status=open]", state="attached", timeout=30000)
    page.wait_for_function(f"() => Number(document.body.dataset.version) >= {before[0]}")
    assert (version(page), figures(page), page.locator("#hand .card").all_inner_texts()) == before

    # And the game goes on: our turn, then the computer's, both after the restart.
    take_turn(page, "A", 1)
    wait_turn_or_over(page)
    assert version(page) > before[0] + 1
