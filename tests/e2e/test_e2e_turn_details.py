"""Details of a turn that a newcomer met (issue 27): the hint's plan stays shown, its played steps ticked, until
the turn ends; after a turn the focus leaves the buttons that no longer act for the status line; the numbered
list of moves counts as the "Moves" heading does."""

from __future__ import annotations

from collections.abc import Callable

from conftest import Watched
from e2e_play import my_turn, version, wait_version
from e2e_server import Server
from test_e2e_street import open_g2_game

NUMBERS = """() => [...document.querySelectorAll('#log li')]
  .filter((li) => getComputedStyle(li).listStyleType !== 'none').map((li) => li.value)"""


def test_the_hint_plan_the_focus_and_the_move_count(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page(width=1280, height=800).page
    open_g2_game(server, page)
    page.click("#hint")
    page.wait_for_selector("#hint-text .plan-step")
    steps = page.locator("#hint-text .plan-step").evaluate_all("ss => ss.map((s) => s.dataset.action)")
    assert len(steps) >= 2, steps
    assert page.locator("#hint-text .plan-step.done").count() == 0
    first = steps[0]
    page.wait_for_selector(f'#choices .choice.suggested[data-action="{first}"]')  # the hint picked its card
    before = version(page)
    page.click(f'#choices .choice[data-action="{first}"]')
    wait_version(page, before + 1)
    # the plan is still there after its first card, with that card ticked and the next one suggested
    assert page.locator("#hint-text").is_visible()
    assert page.locator("#hint-text .plan-step.done").count() == 1
    assert "✓" in page.inner_text("#hint-text")

    page.focus("#end-turn")
    page.click("#end-turn")
    page.wait_for_function(
        f"() => document.body.dataset.myTurn === 'false' || Number(document.body.dataset.version) > {before + 1}"
    )
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'turn'")
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'", timeout=60000)
    assert page.locator("#hint-text").is_hidden()  # the turn it planned is over
    assert my_turn(page)
    assert page.evaluate("document.activeElement.id") == "turn"  # not the disabled "End the turn"
    numbers = page.evaluate(NUMBERS)
    count = int(page.inner_text("#log-count"))
    assert count >= 3 and numbers == list(range(1, count + 1)), (numbers, count)
    assert page.locator("#log li").count() > count  # the draws and Charlie's steps are lines without a number


TOPS = """() => Object.fromEntries(['#board', '#hand', '.log-section'].map((s) =>
  [s, Math.round(document.querySelector(s).getBoundingClientRect().top + window.scrollY)]))"""


def test_nothing_jumps_when_a_card_is_picked_and_played(server: Server, open_page: Callable[..., Watched]) -> None:
    """The board and the hand stay where they are when a card's moves appear and when it is played (the line
    "Played this turn" comes under the hand on a phone); on a wide screen the Moves panel does not move."""
    for width, height in ((375, 667), (1280, 800)):
        page = open_page(width=width, height=height, mobile=width < 600).page
        open_g2_game(server, page)
        before = page.evaluate(TOPS)
        page.locator("#hand .card", has_text="S").first.click()
        page.wait_for_selector("#choices .choice")
        picked = page.evaluate(TOPS)
        version_before = version(page)
        page.locator("#choices .choice").first.click()
        wait_version(page, version_before + 1)
        page.wait_for_function("() => document.getElementById('this-turn').textContent !== ''")
        played = page.evaluate(TOPS)
        parts = ["#board", "#hand"] + ([".log-section"] if width >= 980 else [])
        for part in parts:
            assert before[part] == picked[part] == played[part], (width, part, before, picked, played)
