"""The "Learn to play" tutorial in the browser: reached from the home page, played through by clicks as a
newcomer would (each step of the script, session/tutorial_script.py), a wrong move refused with its rule, a
legal move of another step refused with "not now", B's turns played out, and at the end the button that
starts a real game against "easy". In English fully, in French too (with reduced motion)."""

from __future__ import annotations

import re
from collections.abc import Callable

from conftest import Watched
from e2e_play import screenshot, wait_ready
from e2e_server import Server
from playwright.sync_api import Page

from timessquare.catalog import catalog
from timessquare.session.tutorial_script import STEPS

SHOT_STEPS = {0, 5, 9, 13}  # a few steps worth looking at (screenshots, tests/e2e/screenshots/)
FIRST_REPLY_AFTER = 2  # our first "end": B's lure follows
# every position the board shows, in order
WATCH_BOARD = """() => {
  window.boardsSeen = [];
  const board = document.getElementById("board");
  new MutationObserver(() => window.boardsSeen.push(JSON.parse(board.dataset.figures))).observe(
    board, { attributes: true, attributeFilter: ["data-figures"] });
}"""


def said_do(page: Page) -> str:
    return page.inner_text("#said-do")


def wait_step(page: Page, step: int) -> None:
    page.wait_for_function(f"() => document.body.dataset.step === '{step}' && !document.body.dataset.playingOut")


def take(page: Page, action: str) -> None:
    """One action of the notation, by the clicks a person makes."""
    if action == "end":
        page.click("#end-turn")
    elif action.startswith("lure "):
        page.click(f"#lures button[data-figure={action.split()[1]}]")
    elif action.startswith("discard "):
        if page.get_attribute("#trade", "aria-pressed") != "true":
            page.click("#trade")
        page.click(f"#hand .card[data-code={action.split()[1]}]")
    else:
        card = action.split()[0][:2] if not action.startswith("SS") else "S"
        page.click(f"#hand .card[data-code={card}] >> nth=0")
        page.click(f'#choices .choice[data-action="{action}"]')


def play_through(
    page: Page, lang: str, name: str, shots: bool, reduced_motion: bool = False, touch: bool = False
) -> None:
    words = catalog(lang)
    for index, step in enumerate(STEPS):
        wait_step(page, index)
        key = f"tutorial.{step.key}.do"
        assert said_do(page) == (words.get(f"{key}.touch", words[key]) if touch else words[key])
        assert page.inner_text("#step-count") == words["tutorial.stepOf"].format(n=index + 1, count=len(STEPS))
        if shots and index in SHOT_STEPS:
            page.evaluate("window.scrollTo(0, 0)")  # as the learner sees the step coming (clicks scroll)
            screenshot(page, f"{name}-step{index + 1}", full_page=False)  # what fits on the screen
        if index == FIRST_REPLY_AFTER:
            page.evaluate(WATCH_BOARD)
        take(page, step.action)
        wait_step(page, index + 1)
        if index == FIRST_REPLY_AFTER:  # B's lure played out: first the board as our turn left it, then the lure
            seen = [figures["sue"] for figures in page.evaluate("window.boardsSeen")]
            shown = [sue for at, sue in enumerate(seen) if at == 0 or seen[at - 1] != sue]  # each redraw once
            assert shown == ([7] if reduced_motion else [6, 7]), seen  # with reduced motion nothing waits
        assert page.is_hidden("#refusal"), page.inner_text("#refusal")
        assert page.inner_text("#said-done") == words[f"tutorial.{step.key}.done"]
    page.wait_for_selector("#play-easy:not([hidden])")
    assert said_do(page) == words["tutorial.end"]
    assert page.is_hidden("#actions")


def test_the_tutorial_is_played_through_and_ends_in_a_game_against_easy(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(width=1280, height=800).page
    page.goto(server.url + "/")
    wait_ready(page)
    page.click("a[href='/learn'].learn-link")
    page.wait_for_url(re.compile(r"/learn$"))
    wait_ready(page)
    wait_step(page, 0)
    words = catalog("en")
    assert page.inner_text("#said-done") == words["tutorial.intro"]

    take(page, "SS group-1")
    wait_step(page, 1)
    # a red card in a green turn: the engine's own refusal, with its rule (R5.1)
    page.click("#hand .card[data-code=D5]", force=True)  # marked not playable, yet a click says why
    page.wait_for_selector("#refusal:not([hidden])")
    assert "R5" in page.inner_text("#refusal")
    # Sue away from the club: legal, but not this step's
    take(page, "S sue+1")
    page.wait_for_function("() => document.getElementById('refusal').textContent.includes('R3')")
    assert words["tutorial.sue.topic"] in page.inner_text("#refusal")
    assert page.evaluate("document.body.dataset.step") == "1"  # nothing changed
    screenshot(page, "tutorial-refusal")
    page.reload()  # goes on where it was
    wait_ready(page)
    wait_step(page, 1)

    page.click("#again")
    wait_step(page, 0)
    play_through(page, "en", "tutorial", shots=True)
    log = page.inner_text("#log")
    assert "B lures Sue to Hal" in log and "A lures Sue to Hal" in log  # B's lure and ours
    screenshot(page, "tutorial-end")

    page.click("#play-easy")
    page.wait_for_url(re.compile(r"/game/"))
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    assert "easy" in page.inner_text("#players").lower()


def test_the_tutorial_in_french_on_a_phone(server: Server, open_page: Callable[..., Watched]) -> None:
    watched = open_page(locale="fr-FR", width=375, height=667, mobile=True)
    page = watched.page
    page.emulate_media(reduced_motion="reduce")
    page.goto(server.url + "/learn")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    play_through(page, "fr", "tutorial-phone-fr", shots=True, reduced_motion=True, touch=True)
    screenshot(page, "tutorial-phone-fr-end")
    page.click("#play-easy")
    page.wait_for_url(re.compile(r"/game/"))
    wait_ready(page)


def test_the_tutorial_says_tap_on_a_touch_screen_and_links_its_rules(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    """Issue 27: on a touch screen the tutorial says "tap" (in French "touchez"), never "click"; its rule
    references link to the rules page's sections; its words for the bodyguards are the lure buttons' ("A-side",
    not "low"), and none describe the long street only ("below the street", "further left")."""
    for lang, locale, tap in (("en", "en-US", "Tap a green S card"), ("fr", "fr-FR", "Touchez une carte verte S")):
        page = open_page(locale=locale, width=375, height=667, mobile=True).page
        page.goto(server.url + "/learn")
        wait_ready(page)
        wait_step(page, 0)
        assert said_do(page).startswith(tap)
        assert not re.search(r"(?i)click|cliqu", said_do(page) + page.inner_text("#said-done"))
        links = page.locator("#said-rules a").evaluate_all("as => as.map((a) => a.getAttribute('href'))")
        assert links == ["/rules#R1", "/rules#R2", "/rules#R4"]
        page.locator("#hand .card[data-code=S] >> nth=0").tap()
        assert ("touchez" if lang == "fr" else "tap") in page.inner_text("#choices .choices-title")
    page = open_page().page  # a mouse: "click"
    page.goto(server.url + "/learn")
    wait_ready(page)
    wait_step(page, 0)
    assert said_do(page).startswith("Click a green S card")
    page.goto(server.url + "/rules")
    wait_ready(page)
    for rule in {rule for step in STEPS for rule in step.rules}:
        assert page.locator(f"#{rule.split('.')[0]}").count() == 1, rule
    for lang in ("en", "fr"):
        words = catalog(lang)
        said = " ".join(text for key, text in words.items() if key.startswith("tutorial."))
        long_street_only = r"further left|below the street|plus à gauche|sous la rue"
        assert not re.search(r"(?i)\b(low|high) (one|bodyguard)|" + long_street_only, said)
        assert ("A-side" if lang == "en" else "côté A") in said  # as the lure buttons name the bodyguards
