"""A seat link (#t=…) opened in a tab that already shows that game, as a spectator: the tab takes the seat,
and the token leaves the address bar (issue 17, finding 10)."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable

from conftest import Watched
from e2e_play import wait_ready
from e2e_server import Server


def test_a_seat_link_in_a_tab_on_that_game_switches_seat(server: Server, open_page: Callable[..., Watched]) -> None:
    request = urllib.request.Request(
        server.url + "/api/games", data=b'{"mode": "friend", "seat": "A"}', headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        game = json.load(answer)
    page = open_page().page
    page.goto(f"{server.url}/game/{game['id']}")  # no token: a spectator
    wait_ready(page)
    page.wait_for_selector("#connection[data-status=open]", state="attached")
    assert "You" not in page.inner_text("#players")
    page.goto(server.url + game["invite"])  # the same page, another fragment: no reload, a hashchange
    page.wait_for_function("() => document.getElementById('players').innerText.includes('B: You')")
    assert re.fullmatch(re.escape(f"{server.url}/game/{game['id']}"), page.url)
    stored = page.evaluate(f"localStorage.getItem('ts:token:{game['id']}')")
    assert stored == game["invite"].split("#t=")[1]
