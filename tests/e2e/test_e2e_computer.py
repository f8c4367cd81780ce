"""A whole game against the computer, played by clicks in a real browser, then its replay."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable

from conftest import Watched
from e2e_play import (
    close_over_dialog,
    figures,
    play_to_the_end,
    screenshot,
    wait_ready,
)
from e2e_server import Server, json_get


def test_whole_game_against_the_computer_by_clicks(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    page.goto(server.url + "/")
    wait_ready(page)
    screenshot(page, "home")
    page.check("#computer-form input[name=level][value=easy]")
    page.check("#computer-form input[name=seat][value=A]")
    page.click("#play-computer")
    page.wait_for_url(re.compile(r"/game/[A-Za-z0-9_-]{11}$"))
    wait_ready(page)
    game_id = page.url.rsplit("/", 1)[1]
    assert "#t=" not in page.url  # the token left the address bar ...
    assert page.evaluate(f"localStorage.getItem('ts:token:{game_id}')")  # ... for this browser's storage
    screenshot(page, "game-start")

    played = play_to_the_end({"A": page}, shots="computer")
    assert played["turns"] >= 1  # a deal can end in two turns

    dialog = page.locator("#over-dialog")
    assert dialog.is_visible()
    title = page.inner_text("#over-title")
    assert title in ("You won!", "You lost.", "A draw.")
    assert page.inner_text("#over-reason")
    screenshot(page, "game-over-dialog", full_page=False)
    close_over_dialog(page)
    results = {"You won!": "You won", "You lost.": "You lost", "A draw.": "A draw"}
    assert page.title() == f"{results[title]} · Times Square"  # the result, in the tab too
    final = figures(page)
    log_size = page.locator("#log li").count()
    assert log_size > played["turns"]

    # The replay rebuilds the same game from the record, to the same final board.
    record = json_get(f"{server.url}/api/games/{game_id}/record")
    assert record["format"] == "times-square/game/1"
    page.click("#over-banner a[data-replay-link]")
    page.wait_for_url(f"**/replay/{game_id}")
    wait_ready(page)
    public_moves = [m for m in record["moves"] if not m.startswith("shuffle")]
    assert int(page.evaluate("document.body.dataset.frames")) == len(public_moves) + 1
    assert figures(page) == final
    assert page.locator("#replay-message").is_hidden()
    screenshot(page, "replay-end")
    page.click("#first")
    assert page.evaluate("document.body.dataset.frame") == "0"
    assert figures(page) == record["start"]["figures"]
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.body.dataset.frame") == "1"
    page.fill("#jump", "5")
    page.dispatch_event("#jump", "input")
    assert page.evaluate("document.body.dataset.frame") == "5"
    page.click("[data-view=A]")
    assert page.locator(".replay-hand").nth(1).locator(".mini-card").count() == 0
    page.select_option("#speed", "350")
    page.click("#play")
    page.wait_for_function("() => Number(document.body.dataset.frame) >= 7")
    page.click("#play")
    screenshot(page, "replay-step")
    download = page.get_attribute("#download", "href")
    assert download
    with urllib.request.urlopen(server.url + download, timeout=10) as answer:
        assert "attachment" in answer.headers["Content-Disposition"]
        assert json.load(answer)["moves"] == record["moves"]
