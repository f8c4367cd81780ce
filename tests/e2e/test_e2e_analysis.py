"""The analysis of a finished game under its replay, in a real browser: the chart (each seat's chance after
every turn, the marked turns), the table for screen readers, the costliest turns with the expert's choice and
a button that shows that turn; and a game the server has not analysed yet, filled in by the analyst while
the page is open."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from conftest import Watched
from e2e_play import screenshot, wait_ready
from e2e_server import ANALYSIS_ITERATIONS, Server
from test_e2e_replay import store

from timessquare.arena.selfplay import play_games
from timessquare.game import Game
from timessquare.players.analysis import analyse
from timessquare.record import to_record
from timessquare.variants import DEFAULT_RULES
from timessquare.web.storage import make_engine
from timessquare.web.storage.analyses import AnalysisStore


def game_with_mistakes() -> tuple[Game, dict[str, object]]:
    """A game between medium and random play whose analysis marks at least two turns."""
    for game in play_games(6, 21, DEFAULT_RULES, "medium", "random"):
        game.players = {"A": "medium", "B": "you"}
        analysis = analyse(to_record(game), ANALYSIS_ITERATIONS)
        if sum(t.mark is not None for t in analysis.turns) >= 2:
            return game, analysis.to_document()
    raise AssertionError("no game with two marked turns")


def test_the_analysis_chart_table_and_costliest_turns(server: Server, open_page: Callable[..., Watched]) -> None:
    game, document = game_with_mistakes()
    game_id = store(server, game)
    engine = make_engine(server.database_url)
    AnalysisStore(engine).save(game_id, document)  # as the analyst would (it finds this one done)
    engine.dispose()
    turns = document["turns"]
    assert isinstance(turns, list)

    page = open_page(width=1280, height=800).page
    page.goto(f"{server.url}/replay/{game_id}")
    wait_ready(page)
    page.wait_for_selector(".analysis-chart")
    assert page.locator(".analysis-chart polyline").count() == 2
    marked = [t for t in turns if t["mark"]]
    assert page.locator(".analysis-chart circle.mark").count() == len(marked)
    rows = page.locator(".analysis-table tbody tr")
    assert rows.count() == len(turns)
    first = rows.nth(0).locator("td").all_inner_texts()
    assert first[:3] == [
        turns[0]["seat"],
        f"{round(100 * turns[0]['win_chance']['A'])}%",
        f"{round(100 * turns[0]['win_chance']['B'])}%",
    ]
    costliest = sorted(marked, key=lambda t: (-t["cost"], t["turn"]))[:3]
    items = page.locator(".analysis-marks li")
    assert items.count() == len(costliest)
    top = costliest[0]
    assert f"Turn {top['turn']} · {top['seat']}," in items.nth(0).inner_text()
    assert f"{top['cost']} points" in items.nth(0).inner_text()
    assert "The expert would have played" in items.nth(0).inner_text()
    page.locator(".analysis-chart").scroll_into_view_if_needed()
    screenshot(page, "analysis-chart-en", full_page=False)
    screenshot(page, "analysis-whole-page-en")

    # "Show turn n": the replay goes to the position the turn was played from
    start = sum(len(t["played"]["actions"]) for t in turns[: top["turn"] - 1])
    items.nth(0).locator("button").click()
    assert int(page.evaluate("Number(document.body.dataset.frame)")) == start
    # ... on the board brought into view (the button is far below it), the chart's marker on that turn
    board = page.locator("#board").bounding_box()
    assert board and board["y"] >= 0 and board["y"] + board["height"] <= 800, board
    marker = float(page.get_attribute(".analysis-chart .now", "x1") or "nan")
    hits = page.locator(".analysis-chart .hit").evaluate_all(
        "rs => rs.map((r) => r.x.baseVal.value + r.width.baseVal.value / 2)"
    )
    assert abs(marker - hits[top["turn"] - 1]) < 0.5, (marker, hits[top["turn"] - 2 : top["turn"]])

    # French: the same analysis in French words
    page.click("[data-lang=fr]")
    page.wait_for_function("() => /Tour \\d+ ·/.test(document.querySelector('.analysis-marks li')?.textContent || '')")
    assert "L'expert aurait joué" in page.locator(".analysis-marks li").nth(0).inner_text()
    screenshot(page, "analysis-chart-fr", full_page=False)


def test_a_game_waiting_for_its_analysis_gets_it_while_the_page_is_open(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    game = next(play_games(1, 31, DEFAULT_RULES, "medium", "easy"))
    game.players = {"A": "you", "B": "easy"}
    game_id = store(server, game)
    page = open_page().page
    page.goto(f"{server.url}/replay/{game_id}")
    wait_ready(page)
    # the server's analyst finds the game, analyses it at its small test budget, and the page asks again
    page.wait_for_selector(".analysis-chart", timeout=60000)
    expected = analyse(to_record(game), ANALYSIS_ITERATIONS).to_document()["turns"]
    assert page.locator(".analysis-table tbody tr").count() == len(expected)


def test_on_a_phone_the_chart_is_drawn_at_its_width_and_its_words_stay_readable(
    server: Server, open_page: Callable[..., Watched]
) -> None:
    game = next(play_games(1, 33, DEFAULT_RULES, "medium", "easy"))
    game_id = store(server, game)
    engine = make_engine(server.database_url)
    AnalysisStore(engine).save(game_id, analyse(to_record(game), ANALYSIS_ITERATIONS).to_document())
    engine.dispose()
    page = open_page(width=375, height=667, mobile=True).page
    page.goto(f"{server.url}/replay/{game_id}")
    wait_ready(page)
    page.wait_for_selector(".analysis-chart")

    def smallest_label() -> float:
        heights = page.eval_on_selector_all(
            ".analysis-chart text.axis", "labels => labels.map((l) => l.getBoundingClientRect().height)"
        )
        return float(min(heights))

    assert smallest_label() >= 11  # 12 px type drawn at its size, not shrunk to half of it
    chart = page.locator(".analysis-chart").bounding_box()
    assert chart is not None and chart["x"] >= 0 and chart["x"] + chart["width"] <= 375
    page.locator(".analysis-chart").scroll_into_view_if_needed()
    screenshot(page, "analysis-chart-phone", full_page=False)
    # turned sideways: drawn again for the wider space, and the turn shown is still marked
    page.locator(".analysis-chart rect.hit").nth(2).click()
    page.set_viewport_size({"width": 667, "height": 375})
    page.wait_for_function("() => document.querySelector('.analysis-chart').viewBox.baseVal.width > 400")
    assert page.locator(".analysis-chart line.now").get_attribute("visibility") == "visible"
    assert smallest_label() >= 11


def test_a_game_the_analyst_gave_up_on_says_so(server: Server, open_page: Callable[..., Watched]) -> None:
    game = next(play_games(1, 34, DEFAULT_RULES, "medium", "easy"))
    game_id = store(server, game)
    engine = make_engine(server.database_url)
    AnalysisStore(engine).save(game_id, {"error": "the analysis did not finish in 3 tries"})  # as the analyst does
    engine.dispose()
    page = open_page().page
    page.goto(f"{server.url}/replay/{game_id}")
    wait_ready(page)
    # the page first says the analysis is coming, then asks the server: wait for its answer, whatever it is
    page.wait_for_function("() => !document.querySelector('#analysis .analysis-body [role=status]')")
    assert page.locator("#analysis .analysis-body").inner_text() == "This game could not be analysed."
    assert page.locator(".analysis-chart").count() == 0


def test_a_server_that_analyses_no_games_says_so_instead_of_a_promise(
    tmp_path: Path, open_page: Callable[..., Watched]
) -> None:
    server = Server(tmp_path / "no-analyst.sqlite3", analysis_iterations=0).start()
    try:
        game_id = store(server, next(play_games(1, 35, DEFAULT_RULES, "medium", "easy")))
        page = open_page().page
        page.goto(f"{server.url}/replay/{game_id}")
        wait_ready(page)
        body = page.locator("#analysis .analysis-body")
        page.wait_for_function("() => /does not analyse/.test(document.querySelector('#analysis').textContent)")
        assert body.inner_text() == "This server does not analyse games, so this one has no analysis."
        page.click("[data-lang=fr]")  # the page drawn again in French still says so
        page.wait_for_function("() => /n'analyse pas/.test(document.querySelector('#analysis').textContent)")
    finally:
        server.stop()
