"""The newcomer's list of small things (issue 33), each checked in a real browser: "End the turn" never speaks
of the other seat's draw, a draw offer is heard and seen at the top of the screen, a spectator gets no result
dialog over the board and no word about card keys, a result names people, a player's history says when the
opponent asked for does not exist and never lists a game called off as rated, the leaderboard says its rule,
the French pages have French tab titles, one word for the rating and "6 000", the analysis says "tap" on a
touch screen with its turn numbers apart, touch targets are a finger's size, and the picked card's ring is
never cut by the screen's edge."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from conftest import Watched
from e2e_online import page_to_move, rated_game
from e2e_play import end_turn, play_one_card, screenshot, version, wait_ready, wait_turn_or_over, wait_version
from e2e_server import ANALYSIS_ITERATIONS, Server
from test_e2e_replay import long_game, store
from test_e2e_street import boxes, open_g2_game

from timessquare.players.analysis import analyse
from timessquare.record import to_record
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


def desktop_game(server: Server, open_page: Callable[..., Watched], control: str = "3+2") -> dict[str, Any]:
    """A rated game between two new accounts at 1280x800, with the pages' sounds counted."""
    first, second = open_page(width=1280, height=800), open_page(width=1280, height=800)
    for watched in (first, second):
        watched.context.add_init_script(script=COUNT_TONES)
        watched.allowed.append(re.compile(r"status of 404"))  # a history filtered by an opponent not there
    game = rated_game(server, first.page, second.page, control)
    game["mover"] = page_to_move(game)
    game["waiter"] = game["B"] if game["mover"] is game["A"] else game["A"]
    game["mover seat"] = "A" if game["mover"] is game["A"] else "B"
    return game


def test_end_the_turn_says_nothing_of_the_other_seats_draw(server: Server, open_page: Callable[..., Watched]) -> None:
    game = desktop_game(server, open_page)
    mover, waiter = game["mover"], game["waiter"]
    play_a_card(mover)
    waiter.wait_for_function(f"() => Number(document.body.dataset.version) >= {version(mover)}")
    assert waiter.inner_text("#end-turn") == "End the turn"  # greyed, not "... and draw 0 cards"
    assert waiter.get_attribute("#end-turn", "aria-disabled") == "true"
    assert mover.inner_text("#end-turn").startswith("End the turn and draw")  # the mover's own draw is said


def test_a_draw_offer_is_heard_and_seen_at_the_top(server: Server, open_page: Callable[..., Watched]) -> None:
    game = desktop_game(server, open_page)
    mover, waiter = game["mover"], game["waiter"]
    tones = mover.evaluate("window.tones || 0")
    waiter.click("#offer-draw")
    mover.wait_for_selector("#offer-status button")
    offer = boxes(mover, "#offer-status")[0]
    assert offer["y"] >= 0 and offer["y"] + offer["h"] <= 800, offer  # in view where the page is
    assert mover.evaluate("window.tones || 0") > tones  # and heard
    screenshot(mover, "draw-offer-1280x800", full_page=False)
    mover.click("#offer-status button:not(.primary)")  # declined: the line goes
    mover.wait_for_selector("#offer-status button", state="detached")


def test_a_spectator_gets_no_dialog_and_the_result_names_people(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    game = desktop_game(server, open_page)
    mover, waiter = game["mover"], game["waiter"]
    watcher = open_page(width=1280, height=800).page  # nobody's account: a spectator
    watcher.goto(f"{server.url}/game/{game['id']}")
    wait_ready(watcher)
    mover.click("#resign")
    mover.click("#resign-yes")
    watcher.wait_for_selector("#over-banner:not([hidden])")
    assert watcher.locator("#over-dialog[open]").count() == 0  # nothing over the board
    assert watcher.get_attribute("#hand", "aria-describedby") is None  # no cards, no word about their keys
    seat, name = game["mover seat"], game["names"][game["mover seat"]]
    banner = watcher.inner_text("#over-banner-text")
    assert f"{name} forfeited: resigned" in banner and f"{seat} forfeited" not in banner, banner
    waiter.wait_for_selector("#over-dialog[open]")
    assert waiter.inner_text("#over-reason") == f"{name} forfeited: resigned."
    screenshot(watcher, "spectator-result", full_page=False)


def called_off_game(server: Server, open_page: Callable[..., Watched]) -> tuple[dict[str, Any], Any]:
    """A rated game called off before anyone moved, and the first player's page on the player's page."""
    game = desktop_game(server, open_page, "5+3")
    game["mover"].click("#abort")
    game["mover"].wait_for_selector("#over-banner:not([hidden])")
    page = game["A"]
    page.goto(f"{server.url}/players/{game['names']['A']}")
    wait_ready(page)
    page.wait_for_selector("#all-games li")
    return game, page


def test_a_game_called_off_is_never_listed_as_rated(server: Server, open_page: Callable[..., Watched]) -> None:
    _, page = called_off_game(server, open_page)
    for item in page.locator("#all-games li, #recent li").all_inner_texts():
        assert "aborted" in item and "rated" not in item, item  # it counted for no rating (R11.9)


def test_an_opponent_nobody_is_called_is_said_in_the_history(server: Server, open_page: Callable[..., Watched]) -> None:
    _, page = called_off_game(server, open_page)
    assert page.inner_text("#all-games-count") == "Games 1 to 1 of 1"
    page.fill("#filter-opponent", "Nobody" + secrets.token_hex(3))
    page.click("#game-filters button[type=submit]")
    page.wait_for_function("() => !document.getElementById('all-games-count').textContent.startsWith('Games')")
    assert re.fullmatch(r"There is no player called Nobody\w+: no games to show\.", page.inner_text("#all-games-count"))
    assert page.locator("#all-games li").count() == 0


def test_the_empty_leaderboard_says_its_rule(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page().page
    page.goto(server.url + "/players")
    wait_ready(page)
    page.wait_for_selector("#leaderboard")
    if page.locator("#leaderboard tbody tr").count() == 0:  # nobody has 5 different opponents in this server
        assert "rated games against 5 different opponents" in page.inner_text("#players-empty")


def test_the_french_tab_titles(server: Server, open_page: Callable[..., Watched]) -> None:
    page = open_page(locale="fr-FR").page
    titles = {"/lobby": "Jouer en ligne", "/players": "Joueurs", "/rules": "les règles", "/learn": "Apprendre"}
    for path, words in titles.items():
        page.goto(server.url + path)
        wait_ready(page)
        assert words in page.title(), (path, page.title())
    page.click("[data-lang=en]")  # the switch translates the title too
    assert "Players" in page.title() or "Learn" in page.title(), page.title()


def test_the_french_rating_is_one_word_and_the_ranking_another(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    page = open_page(locale="fr-FR").page
    page.goto(server.url + "/players")
    wait_ready(page)
    page.wait_for_selector("#leaderboard")
    heads = page.locator("#leaderboard thead th").all_inner_texts()
    assert "Cote" in heads and "Classement" not in heads, heads  # "Classement" is the ranking (a tournament's)


ANALYSED: dict[str, str] = {}  # a server's analysed game, made once


def analysed_game(server: Server) -> str:
    """A long game with its analysis stored, cut to 23 turns (the turn numbers' step is then 2: the last one,
    23, lies next to 22), the expert's budget said as 6000."""
    if server.database_url not in ANALYSED:
        game = long_game()
        document = analyse(to_record(game), ANALYSIS_ITERATIONS).to_document()
        turns = document["turns"]
        assert isinstance(turns, list) and len(turns) >= 23
        document = {**document, "turns": turns[:23], "method": {**document["method"], "iterations": 6000}}
        game_id = store(server, game)
        engine = make_engine(server.database_url)
        AnalysisStore(engine).save(game_id, document)
        engine.dispose()
        ANALYSED[server.database_url] = game_id
    return ANALYSED[server.database_url]


def open_analysis(server: Server, page: Any) -> str:
    page.goto(f"{server.url}/replay/{analysed_game(server)}")
    wait_ready(page)
    page.wait_for_selector(".analysis-chart")
    return str(page.inner_text(".analysis-body .help"))


def test_the_analysis_writes_figures_in_the_pages_language(server: Server, open_page: Callable[..., Watched]) -> None:
    watched = open_page(locale="en-US")  # an English browser whose reader chose French on the page
    watched.context.add_init_script(script="localStorage.setItem('ts:lang', 'fr')")
    page = watched.page
    intro = open_analysis(server, page)
    assert re.search(r"\b6[\u202f\u00a0 ]000 itérations", intro), intro  # not "6,000"
    assert "Relecture" in page.title()


def test_the_analysis_says_tap_on_a_touch_screen(server: Server, open_page: Callable[..., Watched]) -> None:
    for locale, tap, click in (("en-US", "Tap the chart", "Click"), ("fr-FR", "Touchez le graphique", "Cliquez")):
        intro = open_analysis(server, open_page(locale=locale, width=375, height=667, mobile=True).page)
        assert tap in intro and click not in intro, intro
    assert "Click the chart" in open_analysis(server, open_page().page)  # a mouse clicks


def test_the_analysis_turn_numbers_never_overlap(server: Server, open_page: Callable[..., Watched]) -> None:
    for width in (360, 1280):
        page = open_page(width=width, height=800, mobile=width < 600).page
        open_analysis(server, page)
        labels = page.locator(".analysis-chart text.axis[text-anchor=middle]").evaluate_all(
            "ts => ts.map((t) => { const r = t.getBoundingClientRect(); return [r.left, r.right, t.textContent]; })"
        )
        assert len(labels) >= 3 and labels[-1][2] == "23"  # the last turn is always numbered
        apart = [b[0] - a[1] for a, b in pairwise(labels)]
        assert min(apart) >= 2, (width, labels)  # never on top of each other
        page.locator(".analysis-chart").scroll_into_view_if_needed()
        screenshot(page, f"analysis-chart-{width}", full_page=False)


def test_touch_targets_are_a_fingers_size(server: Server, open_page: Callable[..., Watched]) -> None:
    side = open_page(width=667, height=375, mobile=True).page  # a phone on its side
    analysed_game(server)  # a finished game: the home page lists it with "Replay"
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


def test_the_picked_cards_ring_is_never_cut_at_360(server: Server, open_page: Callable[..., Watched]) -> None:
    phone = open_page(width=360, height=640, mobile=True).page
    open_g2_game(server, phone)
    phone.locator("#hand .card.playable").first.tap()
    phone.wait_for_selector("#hand .card.selected")
    ring = phone.evaluate(
        """() => { const c = document.querySelector('#hand .card.selected'); const r = c.getBoundingClientRect();
          return { left: r.left, right: r.right, shadow: getComputedStyle(c).boxShadow }; }"""
    )
    outside = 0 if "inset" in ring["shadow"] else 3  # a ring drawn outside the card's box reaches 3 px out
    assert ring["left"] - outside >= -0.5 and ring["right"] + outside <= 360.5, ring


def test_a_resigned_games_chart_ends_on_an_opinion_not_the_result(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    """The last turn before a resignation is drawn at the chances the players saw, not at 100% and 0% (the
    resignation is no turn's worth); the server's own analyst analyses the game while the page waits."""
    page = open_page().page
    open_g2_game(server, page)  # against easy, our turn first
    assert play_one_card(page, "A")
    end_turn(page)
    wait_turn_or_over(page)  # easy played its turn
    game_id = page.url.split("/game/")[1].split("#")[0]
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#over-banner:not([hidden])")
    page.goto(f"{server.url}/replay/{game_id}")
    wait_ready(page)
    page.wait_for_selector(".analysis-chart", timeout=60000)
    ends = page.locator(".analysis-chart polyline").evaluate_all(
        "ls => ls.map((l) => Number(l.getAttribute('points').trim().split(' ').pop().split(',')[1]))"
    )
    top, bottom = 10, 200 - 26  # the chart's 100% and 0% lines (analysis.js TOP, HEIGHT - BOTTOM)
    assert len(ends) == 2 and all(top < y < bottom for y in ends), ends
