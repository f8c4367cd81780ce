"""The other seat's turn plays out: each of the computer's actions is shown in turn, about 0.3 s apart (a
turn used to appear all at once), the log says who acted, and with prefers-reduced-motion nothing waits."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from conftest import Watched
from e2e_play import is_over, log_lines, screenshot, trade_all, wait_turn_or_over
from e2e_server import Server
from test_e2e_defects import start_against_easy

WATCH = """() => {
  window.shown = [];
  new MutationObserver(() => window.shown.push({
    version: Number(document.body.dataset.version), at: performance.now(), playing: !!document.body.dataset.playingOut,
    mine: document.body.dataset.myTurn === "true",
  })).observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
}"""


def computers_turns(page: Any, turns: int = 6) -> list[list[dict[str, Any]]]:
    """Trade our whole hand `turns` times; each time, the states shown during the computer's turn that
    followed (one entry per version)."""
    found = []
    for _ in range(turns):
        wait_turn_or_over(page)
        if is_over(page):
            break
        page.evaluate("() => { window.shown = []; }")
        trade_all(page)
        wait_turn_or_over(page)
        seen = page.evaluate("window.shown")
        # Our `end` is the first state shown that is not our turn; what comes after it is the computer's. (Not
        # the page's version once our trade is acknowledged: a computer that answers at once, with nothing
        # played out under reduced motion, may already have been shown by then.)
        ours = min(entry["version"] for entry in seen if not entry["mine"])
        shown: dict[int, dict[str, Any]] = {}
        for entry in seen:
            if entry["version"] > ours and entry["version"] not in shown:
                shown[entry["version"]] = entry
        found.append(sorted(shown.values(), key=lambda e: e["version"]))
    return found


def test_the_computers_turn_plays_out_one_action_at_a_time(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    start_against_easy(page, server)
    page.evaluate(WATCH)
    turns = [t for t in computers_turns(page) if len(t) >= 2]
    assert turns, "no computer turn of two actions or more"
    for shown in turns:
        # A timer never fires early: each step was shown ~0.3 s, the second too when the answer to our `end`
        # brought the computer's first action along (it is shown at once, not played out).
        gaps = [b["at"] - a["at"] for a, b in itertools.pairwise(shown)]
        assert all(gap >= 250 for gap in gaps), gaps
    lines = log_lines(page)
    assert any(line.startswith("B: ") for line in lines), lines  # "B: Deb moves 2 toward B"
    screenshot(page, "playback-log", full_page=False)


def test_with_reduced_motion_nothing_plays_out(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    page.emulate_media(reduced_motion="reduce")
    start_against_easy(page, server)
    page.evaluate(WATCH)
    turns = computers_turns(page, 3)
    assert any(turns)  # the computer acted
    assert not any(entry["playing"] for shown in turns for entry in shown)
