"""The other seat's turn is shown action by action, a click or a key shows the rest at once, and with
prefers-reduced-motion nothing waits or moves. The page's clock is Playwright's fake one, paused during the
computer's turn: a step of the play-out can only come from the timer (which never fires here), a click or a
key, so the test sees the board after the first action alone and then the skip, without measuring time."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from conftest import Watched
from e2e_play import figures, is_over, screenshot, trade_all, version, wait_turn_or_over
from e2e_server import Server
from test_e2e_defects import start_against_easy

# What the page shows, read at once: its state, whether a play-out is under way, and the motion it uses (the
# figures' glide is a CSS transition, the moved figures' glow a CSS animation).
SNAPSHOT = """() => ({
  version: Number(document.body.dataset.version),
  figures: JSON.parse(document.getElementById('board').getAttribute('data-figures') || '{}'),
  playingOut: document.body.dataset.playingOut ?? null,
  running: document.getAnimations().filter((a) => a.playState === 'running').length,
  glide: getComputedStyle(document.querySelector('#board .figure')).transitionDuration,
  glow: [...document.querySelectorAll('#board .figure.moved .shape')].map((s) => getComputedStyle(s).animationName),
})"""


def watch_states(page: Any) -> list[dict[str, Any]]:
    """The game's state after every state and change message the server sends to the page, in order (the page
    asks for changes: each is merged into the state before it, its version, the view's changed fields and the end,
    as the page's reducer does, so that each has the version, the view's figures and whose turn it is)."""
    states: list[dict[str, Any]] = []

    def on_frame(payload: str | bytes) -> None:
        message = json.loads(payload)
        if not isinstance(message, dict):
            return
        if message.get("type") == "state":
            states.append(message)
        elif message.get("type") == "change" and states:
            before = states[-1]
            view = {**before["view"], **message["view"]}
            states.append({**before, "version": message["version"], "view": view, "over": message.get("over")})

    page.on("websocket", lambda socket: socket.on("framereceived", on_frame))
    return states


def computers_turn_paused(page: Any, states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pause the page's clock, end our turn by a trade, and wait until the server has sent the computer's whole
    turn; returns its states (two or more, else [])."""
    wait_turn_or_over(page)
    if is_over(page):
        return []
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # seconds
    ours = version(page) + trade_all(page) + 1  # our discards and `end`
    for _ in range(600):  # the computer thinks on the server: poll for its frames (not a timing)
        turn = [s for s in states if s["version"] > ours]
        if turn and (turn[-1]["over"] or turn[-1]["view"]["to_move"] == turn[-1]["seat"]):
            return turn if len(turn) >= 2 else []
        page.wait_for_timeout(100)
    raise AssertionError("the computer's turn never arrived")


def shown_alone(page: Any, state: dict[str, Any]) -> None:
    """The page shows `state` and nothing after it, while the rest of the turn waits."""
    assert version(page) == state["version"]
    assert figures(page) == state["view"]["figures"]
    assert page.evaluate("document.body.dataset.playingOut") == "1"
    assert page.evaluate("document.body.dataset.myTurn") == "false"


def test_a_key_or_a_click_shows_the_rest_of_the_turn(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    states = watch_states(page)
    page.clock.install()
    start_against_easy(page, server)
    skips = {"key": False, "click": False}
    for _ in range(40):  # the deal is random: a game may end, or a turn be one action, before both skips
        turn = computers_turn_paused(page, states)
        if not turn:
            page.clock.resume()
            if is_over(page):
                states.clear()
                start_against_easy(page, server)
            continue
        shown_alone(page, turn[0])  # the first action only: the timer that shows the next never fired
        if not skips["key"]:
            screenshot(page, "playback-first-action", full_page=False)
            page.keyboard.press("Escape")
            skips["key"] = True
        else:
            page.click("#log-heading")
            skips["click"] = True
        shown = page.evaluate(SNAPSHOT)
        assert shown["version"] == turn[-1]["version"] and shown["figures"] == turn[-1]["view"]["figures"]
        assert shown["playingOut"] is None
        assert shown["glide"] != "0s"  # motion is on unless the user asked for less
        if turn[-1]["view"]["figures"] != turn[0]["view"]["figures"]:
            assert shown["glow"] and all(name == "moved" for name in shown["glow"]), shown
        page.clock.resume()
        if all(skips.values()):
            break
    assert all(skips.values()), skips


def test_with_reduced_motion_the_turn_shows_at_once_and_nothing_moves(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page().page
    page.emulate_media(reduced_motion="reduce")
    states = watch_states(page)
    page.clock.install()
    start_against_easy(page, server)
    checked = 0
    for _ in range(6):
        turn = computers_turn_paused(page, states)
        if turn:
            # the clock is paused and nothing was clicked: only reduced motion can have shown the whole turn
            page.wait_for_function(f"() => Number(document.body.dataset.version) === {turn[-1]['version']}")
            shown = page.evaluate(SNAPSHOT)
            assert shown["figures"] == turn[-1]["view"]["figures"] and shown["playingOut"] is None
            assert shown["glide"] == "0s" and all(name == "none" for name in shown["glow"]), shown
            assert shown["running"] == 0
            checked += 1
        page.clock.resume()
        if checked >= 2:
            break
    assert checked, "no computer turn of two actions or more"
