"""What a newcomer tripped over in the full-screen game (issue 8): each test failed before its fix."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from rich.text import Text

from test_tui_support import make_position, new_app, press_action, screen_text, session_of, settle
from timessquare.actions import action_id
from timessquare.cards import CARD_INDEX
from timessquare.game import Game
from timessquare.record import to_record
from timessquare.tui.app import GameApp, ReplayApp
from timessquare.tui.menu import Kind, effect_menu, moves_words
from timessquare.tui.screens.files import PathDialog
from timessquare.tui.session import Session
from timessquare.tui.widgets.choices import wrap_label
from timessquare.tui.widgets.status import fit_parts
from timessquare.variants import DEFAULT_RULES


def test_item1_the_group_move_preview_names_sues_own_numbers() -> None:
    """Sue on 8, the low guard on 6, the high one on 10: the group move says Sue 8→9, not the guard's 6→7."""
    session = session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"]))
    view = session.view()
    assert moves_words(view, action_id("SS group+1")) == "sue 8→9, guards too"
    assert moves_words(view, action_id("SS group-1")) == "sue 8→7, guards too"
    choices = effect_menu(view, set(session.legal_ids()), CARD_INDEX["S"], session.why_not)
    group = next(c for c in choices if c.kind == Kind.EFFECT and c.action == action_id("SS group+1"))
    assert "sue 8→9" in group.label and "6→7" not in group.label


def g2_app() -> GameApp:
    """A has a G2; the low guard on 0 and the high one on 12: the G2 lines are as long as they get."""
    hand = ["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"]
    return new_app(session_of(make_position(hand, figures={"low": 0, "high": 12, "sue": 5, "deb": 13})))


def panel_lines(screen: str) -> list[str]:
    """The inside of the choices panel, line by line (the left panel between its borders)."""
    rows = [line for line in screen.splitlines() if line.startswith("│")]
    return [row[1 : row.index("│", 1)] for row in rows]


@pytest.mark.parametrize("width", [80, 100, 120])
def test_item4_a_long_choice_wraps_under_its_words_never_inside_a_move(width: int) -> None:
    async def main() -> None:
        app = g2_app()
        async with app.run_test(size=(width, 30)) as pilot:
            await pilot.press("3")  # the G2 card's effects
            await settle(pilot, lambda: any(c.kind == Kind.EFFECT for c in app.choices.choices), "the effects")
            lines = panel_lines(screen_text(app))
            first = next(i for i, line in enumerate(lines) if "G2 low+1 high+1" in line)
            if width >= 100:  # room enough: one line each
                assert "low 0→1, high 12→13" in lines[first]
            else:
                assert lines[first].rstrip().endswith("low 0→1,")
                words_column = lines[first].index("low 0→1")
                assert lines[first + 1].index("high 12→13") == words_column  # the words go on under the words
                assert lines[first + 1][:words_column].strip() == ""
            for line in lines:
                assert not line.rstrip().endswith(("high", "low", "sue")), line  # a name never leaves its move
                assert "12→1" not in line or "high 12→1" in line, line

    asyncio.run(main())


def play_jokers(session: Session) -> None:
    """Four red cards that move the bodyguards (R9): the status line gets long."""
    for move in ("D4 high+4", "D3 low-3", "D3 low+3", "D1 high-1"):
        session.play(action_id(move))


def test_item4_the_status_lines_break_between_their_parts_at_80_columns() -> None:
    async def main() -> None:
        session = session_of(make_position(["D3", "D3", "D4", "D1", "S", "G2", "H2", "DM"], figures={"deb": 3}))
        play_jokers(session)
        app = new_app(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = screen_text(app)
            lines = screen.splitlines()
            assert lines[0].rstrip() == "A: you vs B: random"  # broken between parts, not inside one
            assert lines[1].strip() == "A to move: playing red (D4 D3 D3 D1), Deb cards move the bodyguards"
            status = next(line for line in lines if line.startswith("Supply"))
            assert status.rstrip() == "Supply 1 (first): 39 │ Discard 4: D4 D3 D3 D1 │ B's hand: 8 cards"
            assert "street" in screen and "strip" in screen  # the board keeps all its rows

    asyncio.run(main())


def test_item4_parts_fit_the_width_and_break_only_between_parts() -> None:
    parts = [Text("Supply 1 (first): 39"), Text("Discard 12: … S G2 D3 H1 DM"), Text("B's hand: 8 cards")]
    assert fit_parts(parts, None).plain == "Supply 1 (first): 39 │ Discard 12: … S G2 D3 H1 DM │ B's hand: 8 cards"
    assert fit_parts(parts, 50).plain == "Supply 1 (first): 39 │ Discard 12: … S G2 D3 H1 DM\nB's hand: 8 cards"
    assert fit_parts(parts, 30).plain == "Supply 1 (first): 39\nDiscard 12: … S G2 D3 H1 DM\nB's hand: 8 cards"


def test_item4_wrapping_keeps_a_hanging_indent_and_each_line_in_the_width() -> None:
    label = "G2 low+1 high+1 low 0→1, high 12→13"
    assert wrap_label(label, 40, 16) == [label]
    assert wrap_label(label, 30, 16) == ["G2 low+1 high+1 low 0→1,", " " * 16 + "high 12→13"]
    assert wrap_label(label, 20, 16) == ["G2 low+1 high+1", "low 0→1, high 12→13"]  # too narrow to hang
    for width in range(12, 40):
        assert all(len(line) <= width for line in wrap_label("S  ×2 Sue 1; two: group move", width, 6))


def test_item8_below_80x24_the_screen_says_how_big_the_terminal_must_be() -> None:
    async def main() -> None:
        app = new_app(session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"])))
        async with app.run_test(size=(70, 20)) as pilot:
            await pilot.pause()
            screen = screen_text(app)
            assert "The terminal is 70×20: too small for the board." in screen
            assert "at least 80×24" in screen and "--plain" in screen
            assert "street" not in screen  # no half board
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            screen = screen_text(app)
            assert "too small" not in screen and "strip" in screen and "Your choice" in screen
            await pilot.resize_terminal(120, 23)  # wide enough, one row short
            await pilot.pause()
            assert "The terminal is 120×23" in screen_text(app)
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            await pilot.press("1")  # the game goes on where it was
            assert app.mode.value == "card"

    asyncio.run(main())


def test_item8_the_replay_viewer_says_so_too(tmp_path: Path) -> None:
    game = Game.new(4, DEFAULT_RULES, players={"A": "random", "B": "random"})
    game.apply(game.state.legal_ids()[0])

    async def main() -> None:
        app = ReplayApp(to_record(game))
        async with app.run_test(size=(79, 30)) as pilot:
            await pilot.pause()
            assert "The terminal is 79×30: too small for the board." in screen_text(app)
            await pilot.resize_terminal(80, 30)
            await pilot.pause()
            assert "too small" not in screen_text(app) and "Replay: step 0 of 1" in screen_text(app)

    asyncio.run(main())


def test_item6_loading_over_unsaved_moves_asks_first(tmp_path: Path) -> None:
    other = session_of(make_position(["S"] * 8, seed=9))
    other_path = other.save(tmp_path / "other.json")

    async def main() -> None:
        app = new_app(session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"])), save_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("o")  # nothing played yet: nothing to lose, the dialog opens at once
            assert isinstance(app.screen, PathDialog)
            await pilot.press("escape")
            await press_action(pilot, app, action_id("S sue+1"))
            await pilot.press("o")
            assert not isinstance(app.screen, PathDialog)
            assert "moves that are not saved: o again loads another game anyway (s saves it first)" in app.message
            await press_action(pilot, app, action_id("S sue-1"))  # another action: the question is withdrawn
            await pilot.press("o")
            assert not isinstance(app.screen, PathDialog)
            await pilot.press("o")  # asked, and confirmed
            assert isinstance(app.screen, PathDialog)
            await pilot.press(*other_path.name, "enter")
            assert "Loaded" in app.message and app.session.game.start == other.game.start
            await pilot.press("o")  # just loaded: nothing unsaved
            assert isinstance(app.screen, PathDialog)

    asyncio.run(main())


def test_item6_after_a_save_loading_does_not_ask(tmp_path: Path) -> None:
    async def main() -> None:
        app = new_app(session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"])), save_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await press_action(pilot, app, action_id("S sue+1"))
            await pilot.press("s", "enter")
            assert app.message.startswith("Saved.")
            await pilot.press("o")
            assert isinstance(app.screen, PathDialog)

    asyncio.run(main())


def test_item9_the_save_message_names_the_command_that_started_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TIMESSQUARE_LAUNCHER", "./play")

    async def main() -> None:
        app = new_app(session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"])), save_dir=tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await press_action(pilot, app, action_id("S sue+1"))
            await pilot.press("s", "enter")
            saved = next(tmp_path.glob("*.json"))
            assert app.message == f"Saved. To go on with it later: ./play --load {saved}"
            assert "timessquare play" not in app.message

    asyncio.run(main())


def test_item9_a_finished_game_is_saved_to_be_watched_not_continued(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TIMESSQUARE_LAUNCHER", raising=False)
    game = Game.new(5, DEFAULT_RULES, players={"A": "you", "B": "random"})
    rng = random.Random(5)
    while not game.is_over:
        game.apply_checked(rng.choice(game.state.legal_ids()))
    session = Session.from_record(to_record(game), None, opponent="random")
    assert session.is_over

    async def main() -> None:
        app = new_app(session, save_dir=tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("s", "enter")
            saved = next(tmp_path.glob("*.json"))
            assert app.message == f"Saved. To watch it again: timessquare play --replay {saved}"
            assert "continue" not in app.message and "--load" not in app.message

    asyncio.run(main())
