"""A tournament's round starts (issue 31): the player waiting on the tournament's page and the one on the home
page are both on their game's page within 2 seconds of the round's start (the `started` message on their lobby
sockets: no page polls), the game's page links back to the tournament, and it offers no abort."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from conftest import Watched, on_one_process_and_on_two
from e2e_play import wait_ready
from e2e_server import Server
from test_e2e_online import GAME_URL, sign_up

ROUND_START = 2.0  # seconds from the round's start to both game pages
SWEEP = 1.0  # the server pairs a round at its next look, once a second


def call(page: Any, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """An API request from the page, with its login cookie."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const r = await fetch(path, {method, headers: {"content-type": "application/json"},
                                         body: body === null ? undefined : JSON.stringify(body)});
            return {status: r.status, body: await r.json()};
        }""",
        [method, path, body],
    )


@on_one_process_and_on_two
def test_a_round_start_takes_both_players_to_their_game(server: Server, open_page: Callable[..., Watched]) -> None:
    suffix = secrets.token_hex(3)
    alice, bob = open_page().page, open_page().page
    sign_up(alice, server, f"Alice{suffix}")
    sign_up(bob, server, f"Bob{suffix}")
    starts = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    made = call(
        alice, "POST", "/api/tournaments", {"name": "Quick Swiss", "control": "5+3", "rounds": 1, "starts_at": starts}
    )
    assert made["status"] == 201, made
    tid = made["body"]["tournament"]["id"]
    assert call(bob, "POST", f"/api/tournaments/{tid}/join", {})["status"] == 200
    alice.goto(f"{server.url}/tournaments/{tid}")  # she waits on the tournament's page ...
    bob.goto(server.url + "/")  # ... he on the home page
    for page in (alice, bob):
        wait_ready(page)
    assert "1 round ·" in alice.inner_text("#tournament-meta")  # not "1 rounds"

    alice.click("#t-start")
    started = time.monotonic()
    for page in (alice, bob):  # each browser is on its way to its game: the round's start reached it
        page.wait_for_url(GAME_URL, wait_until="commit", timeout=(SWEEP + ROUND_START) * 1000)
    assert time.monotonic() - started <= SWEEP + ROUND_START
    for page in (alice, bob):
        wait_ready(page)
        back = page.locator("a.tournament-back")
        back.wait_for()
        assert back.get_attribute("href") == f"/tournaments/{tid}"
        assert page.locator("#abort").is_hidden()
