"""Playing Times Square in the browser the way a person does, by clicks, for the end-to-end tests.

The policy is chosen for speed, not strength: turns alternate between one card played by clicking its
dashed figure on the board (then "End the turn") and a trade of the whole hand, which spends the supply
quickly, so that a whole game takes a few dozen turns.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

SCREENSHOTS = Path(__file__).parent / "screenshots"
TURN_OR_OVER = "() => document.body.dataset.myTurn === 'true' || !document.getElementById('over-banner').hidden"
MAX_TURNS = 80  # a whole game is far shorter; a test that gets here has found a game that does not end


def screenshot(page: Page, name: str, full_page: bool = True) -> Path:
    """Save a screenshot for people to look at (tests/e2e/screenshots/NAME.png)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path


SIDEWAYS = "() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })"


def no_sideways_scroll(page: Page, width: int) -> None:
    """Nothing scrolls sideways: the document is no wider than the screen it is laid out for (on a phone the
    window's innerWidth grows with an overflowing page, so comparing with it cannot fail; clientWidth does not)."""
    measured = page.evaluate(SIDEWAYS)
    assert measured["scroll"] <= measured["client"] <= width, measured


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html[data-ready]", state="attached")


def start_computer_game(page: Page, level: str = "easy", seat: str = "A") -> None:
    """From the home page: a game against the computer, until the page shows our turn (or the end)."""
    page.check(f"#computer-form input[name=level][value={level}]")
    page.check(f"#computer-form input[name=seat][value={seat}]")
    page.click("#play-computer")
    page.wait_for_url(re.compile(r"/game/"))
    wait_ready(page)
    wait_turn_or_over(page)


def invite_a_friend(page: Page, seat: str = "A") -> str:
    """From the home page: a game against a friend, taking `seat`; the invite link the page shows."""
    page.check(f"#friend-form input[name=seat][value={seat}]")
    page.click("#play-friend")
    page.wait_for_selector("#invite:not([hidden])")
    return page.input_value("#invite-link")


def version(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.version || -1)"))


def is_over(page: Page) -> bool:
    return bool(page.evaluate("!document.getElementById('over-banner').hidden"))


def my_turn(page: Page) -> bool:
    return bool(page.evaluate("document.body.dataset.myTurn === 'true'"))


def figures(page: Page) -> dict[str, int]:
    return dict(json.loads(page.get_attribute("#board", "data-figures") or "{}"))


def log_lines(page: Page) -> list[str]:
    return [str(t) for t in page.locator("#log li").all_inner_texts()]


def wait_turn_or_over(page: Page, timeout: float = 60000) -> None:
    page.wait_for_function(TURN_OR_OVER, timeout=timeout)


def wait_version(page: Page, at_least: int) -> None:
    """Until the page shows a state of at least this version and no action of ours is on its way."""
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) >= {at_least} && !document.body.classList.contains('busy')"
    )


def close_over_dialog(page: Page) -> None:
    if page.locator("#over-dialog[open]").count():
        page.click("#over-close")


def choices(page: Page) -> list[str]:
    return [str(a) for a in page.locator("#choices .choice").evaluate_all("bs => bs.map(b => b.dataset.action)")]


def toward_me(action: str, seat: str) -> bool:
    """Does this action move Sue toward the seat's own club?"""
    sign = "-" if seat == "A" else "+"
    return f"sue{sign}" in action or f"group{sign}" in action


def play_one_card(page: Page, seat: str) -> str | None:
    """Pick the first playable card and play one of its moves by clicking its dashed figure on the board."""
    cards = page.locator("#hand .card.playable")
    if not cards.count():
        return None
    cards.first.click()
    page.wait_for_selector("#choices .choice")
    actions = choices(page)
    action = next((a for a in actions if toward_me(a, seat)), actions[0])
    before = version(page)
    target = page.locator(f'#board .target[data-actions*="|{action}|"]').first
    target.scroll_into_view_if_needed()
    if not in_sight(target):  # under the phone's sheet of moves, as for a person: tap the move in the list
        page.click(f'#choices .choice[data-action="{action}"]')
        wait_version(page, before + 1)
        return action
    target.click(force=True)
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {before} || document.querySelector('#choices .candidate')"
    )
    if version(page) == before:  # several moves put that figure on that space: choose in the list
        page.click(f'#choices .candidate[data-action="{action}"]')
    wait_version(page, before + 1)
    return action


def in_sight(element: Locator) -> bool:
    """Whether a tap at the element's centre reaches it (nothing drawn over it there, such as a fixed sheet)."""
    return bool(
        element.evaluate(
            """e => { const r = e.getBoundingClientRect();
                      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                      return !!top && (top === e || e.contains(top)); }"""
        )
    )


def trade_all(page: Page) -> int:
    """Mark every card and discard them all (then the page sends `end`)."""
    before = version(page)
    page.click("#trade")
    cards = page.locator("#hand .card")
    count = cards.count()
    for i in range(count):
        cards.nth(i).click()
    page.click("#trade-confirm")
    wait_version(page, before + count + 1)
    return count


def end_turn(page: Page) -> None:
    before = version(page)
    page.click("#end-turn")
    wait_version(page, before + 1)


def take_turn(page: Page, seat: str, turn: int) -> None:
    """One whole turn by clicks (the page must show that it is our turn)."""
    if turn % 2 == 0 and play_one_card(page, seat):
        if not is_over(page):
            end_turn(page)
    else:
        trade_all(page)


def play_to_the_end(pages: dict[str, Page], shots: str | None = None) -> dict[str, Any]:
    """Play every seat in `pages` ({"A": page, "B": page}, or one seat against the computer) until the game is
    over; returns {"turns": n}. Screenshots of a few moments go under the name `shots`."""
    turns = 0
    seats = list(pages)
    for page in pages.values():
        page.wait_for_function("() => document.body.dataset.myTurn !== undefined")
    if len(seats) == 1:
        wait_turn_or_over(pages[seats[0]])
    seat = next((s for s in seats if my_turn(pages[s])), seats[0])
    while not is_over(pages[seat]):
        assert turns < MAX_TURNS, "the game did not end"
        take_turn(pages[seat], seat, turns)
        turns += 1
        if shots and turns == 3:
            screenshot(pages[seat], f"{shots}-turn3-{seat}")
        if len(seats) == 2:
            seat = seats[1 - seats.index(seat)]
        wait_turn_or_over(pages[seat])
    for page in pages.values():
        page.wait_for_selector("#over-banner:not([hidden])", state="attached")
        page.wait_for_function("() => !document.getElementById('over-banner').hidden")
    return {"turns": turns}
