"""The newcomer's list of small things (issue 33), each checked in a real browser: "End the turn" never speaks
of the other seat's draw, a draw offer is heard and seen at the top of the screen, a spectator gets no result
dialog over the board and no word about card keys, a result names people, a player's history says when the
opponent asked for does not exist and never lists a game called off as rated, the leaderboard says its rule,
the French pages have French tab titles, one word for the rating and "6 000", the analysis says "tap" on a
touch screen with axis labels apart, touch targets are a finger's size, and the picked card's ring is never
cut by the screen's edge."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from conftest import Watched
from e2e_online import page_to_move, rated_game
from e2e_play import screenshot, version, wait_ready, wait_version
from e2e_server import Server
from test_e2e_analysis import game_with_mistakes
from test_e2e_replay import store
from test_e2e_street import boxes, open_g2_game

from timessquare.web.storage import make_engine
from timessquare.web.storage.analyses import AnalysisStore

# every oscillator the page's sounds make (alerts.js), counted
COUNT_TONES = """(() => { const Real = window.AudioContext; if (!Real) return;
  const make = Real.prototype.createOscillator;
  Real.prototype.createOscillator = function () { window.tones = (window.tones || 0) + 1; return make.call(this); };
})();"""
TOUCH = 44


def play_a_card(page: Any) -> None:
    page.locator("#hand .card.playable").first.click()
    page.wait_for_selector("#choices .choice")
    before = version(page)
    page.locator("#choices .choice").first.click()
    wait_version(page, before + 1)


def test_the_other_turn_the_draw_offer_the_spectator_and_the_result_in_names(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    first, second = open_page(width=1280, height=800), open_page(width=1280, height=800)
    for watched in (first, second):
        watched.context.add_init_script(script=COUNT_TONES)
    game = rated_game(server, first.page, second.page, "3+2")
    mover = page_to_move(game)
    waiter = second.page if mover is first.page else first.page
    mover_seat = "A" if mover is game["A"] else "B"
    play_a_card(mover)
    waiter.wait_for_function(f"() => Number(document.body.dataset.version) >= {version(mover)}")
    # the other seat's turn: a greyed "End the turn", not "... and draw 0 cards"
    assert waiter.inner_text("#end-turn") == "End the turn"
    assert waiter.get_attribute("#end-turn", "aria-disabled") == "true"

    tones = mover.evaluate("window.tones || 0")
    waiter.click("#offer-draw")
    mover.wait_for_selector("#offer-status button")
    offer = boxes(mover, "#offer-status")[0]
    assert offer["y"] >= 0 and offer["y"] + offer["h"] <= 800, offer  # in view where the page is
    assert mover.evaluate("window.tones || 0") > tones  # and heard
    screenshot(mover, "draw-offer-1280x800", full_page=False)
    mover.click("#offer-status button:not(.primary)")  # declined
    mover.wait_for_selector("#offer-status button", state="detached")

    watcher = open_page(width=1280, height=800).page  # nobody's account: a spectator
    watcher.goto(f"{server.url}/game/{game['id']}")
    wait_ready(watcher)
    assert watcher.get_attribute("#hand", "aria-describedby") is None  # no cards, no word about their keys
    mover.click("#resign")
    mover.click("#resign-yes")
    watcher.wait_for_selector("#over-banner:not([hidden])")
    name = game["names"][mover_seat]
    assert watcher.locator("#over-dialog[open]").count() == 0  # nothing over the board
    banner = watcher.inner_text("#over-banner-text")
    assert f"{name} forfeited: resigned" in banner and f"{mover_seat} forfeited" not in banner, banner
    waiter.wait_for_selector("#over-dialog[open]")
    assert waiter.inner_text("#over-reason") == f"{name} forfeited: resigned."
    screenshot(watcher, "spectator-result", full_page=False)


def test_a_players_history_and_the_leaderboard_say_what_they_mean(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    first, second = open_page(width=1280, height=800).page, open_page(width=1280, height=800).page
    game = rated_game(server, first, second, "5+3")
    mover = page_to_move(game)
    mover.click("#abort")  # called off before anyone moved: it counts for no rating
    mover.wait_for_selector("#over-banner:not([hidden])")
    name = game["names"]["A"]
    page = game["A"]
    page.goto(f"{server.url}/players/{name}")
    wait_ready(page)
    page.wait_for_selector("#all-games li")
    assert page.inner_text("#all-games-count") == "Games 1 to 1 of 1"
    item = page.inner_text("#all-games li")
    assert "called off" in item.lower() or "aborted" in item.lower(), item
    assert "rated" not in item.replace("unrated", ""), item  # never "rated" for a game that did not count
    page.fill("#filter-opponent", "Nobody" + secrets.token_hex(3))
    page.click("#game-filters button[type=submit]")
    page.wait_for_function("() => document.getElementById('all-games-count').textContent.includes('no player')")
    assert page.locator("#all-games li").count() == 0
    assert re.fullmatch(r"There is no player called Nobody\w+: no games to show\.", page.inner_text("#all-games-count"))
    page.goto(f"{server.url}/players")
    wait_ready(page)
    page.wait_for_selector("#leaderboard")
    if page.locator("#leaderboard tbody tr").count() == 0:  # nobody has 5 different opponents in this server
        assert "5 different opponents" in page.inner_text("#main")


def test_the_french_pages_titles_rating_and_figures(server: Server, open_page: Callable[..., Watched]) -> None:
    game, document = game_with_mistakes()
    turns = document["turns"]
    assert isinstance(turns, list) and len(turns) >= 13
    # a count of turns whose last label used to land on the one before it: the labels' step is 2 up to 24
    keep = len(turns) if len(turns) % 2 else len(turns) - 1
    document = {**document, "turns": turns[: min(keep, 23)], "method": {**document["method"], "iterations": 6000}}
    game_id = store(server, game)
    engine = make_engine(server.database_url)
    AnalysisStore(engine).save(game_id, document)
    engine.dispose()

    page = open_page(locale="fr-FR", width=360, height=640, mobile=True).page
    titles = {"/lobby": "Jouer en ligne", "/players": "Joueurs", "/rules": "Comment", "/learn": "Apprendre"}
    for path, start in titles.items():
        page.goto(server.url + path)
        wait_ready(page)
        assert page.title().startswith(start), (path, page.title())
    page.wait_for_selector("#lesson")
    page.goto(server.url + "/players")
    wait_ready(page)
    assert "Cote" in page.inner_text("#leaderboard thead")  # the rating; "Classement" is the ranking
    page.goto(f"{server.url}/replay/{game_id}")
    wait_ready(page)
    assert page.title().startswith("Relecture")
    page.wait_for_selector(".analysis-chart")
    intro = page.inner_text(".analysis-body .help")
    assert re.search(r"6[\u202f\u00a0 ]000 itérations", intro), intro
    assert "Touchez" in intro and "Cliquez" not in intro
    labels = page.locator(".analysis-chart text.axis[text-anchor=middle]").evaluate_all(
        "ts => ts.map((t) => { const r = t.getBoundingClientRect(); return [r.left, r.right]; })"
    )
    assert len(labels) >= 3
    apart = [b[0] - a[1] for a, b in pairwise(labels)]
    assert min(apart) >= 2, (labels, apart)  # never on top of each other
    page.locator(".analysis-chart").scroll_into_view_if_needed()
    screenshot(page, "analysis-fr-phone", full_page=False)


def test_touch_targets_and_the_picked_cards_ring(server: Server, open_page: Callable[..., Watched]) -> None:
    side = open_page(width=667, height=375, mobile=True).page  # a phone on its side
    store(server, game_with_mistakes()[0])  # a finished game: the home page lists it with "Replay"
    side.goto(server.url + "/")
    wait_ready(side)
    side.wait_for_selector("#finished li a")
    small = [b for b in boxes(side, ".site-nav a, #finished li a") if b["w"] < TOUCH - 0.5 or b["h"] < TOUCH - 0.5]
    assert not small, small
    side.goto(server.url + "/learn")
    wait_ready(side)
    side.wait_for_selector("#said-rules a")
    rules = boxes(side, "#said-rules a")
    assert rules and all(b["w"] >= TOUCH - 0.5 and b["h"] >= TOUCH - 0.5 for b in rules), rules

    phone = open_page(width=360, height=640, mobile=True).page
    open_g2_game(server, phone)
    first = phone.locator("#hand .card.playable").first
    first.tap()
    phone.wait_for_selector("#hand .card.selected")
    ring = phone.evaluate(
        """() => { const c = document.querySelector('#hand .card.selected'); const r = c.getBoundingClientRect();
          const s = getComputedStyle(c).boxShadow; return { left: r.left, right: r.right, shadow: s }; }"""
    )
    outside = 0 if "inset" in ring["shadow"] else 3
    assert ring["left"] - outside >= -0.5 and ring["right"] + outside <= 360.5, ring
