"""The pure parts of the terminal game: the board picture, the choice menus, the session and the options."""

from __future__ import annotations

import argparse
import io
import json
import random
from pathlib import Path

import pytest

from test_tui_support import make_position, session_of
from timessquare.actions import ACTIONS, END_ID, action_id
from timessquare.cards import CARD_INDEX
from timessquare.cli import commands as cli
from timessquare.cli.play_options import check_play_options
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.record import to_record
from timessquare.tui import session as session_module
from timessquare.tui.app import GameApp, ReplayApp
from timessquare.tui.menu import Kind, effect_menu, hand_groups, main_menu, trade_menu
from timessquare.tui.options import app_from_args
from timessquare.tui.session import Session
from timessquare.tui.widgets.board import board_text
from timessquare.variants import DEFAULT_RULES

START = {"sue": 8, "low": 6, "high": 10, "hal": 7, "deb": 9, "charlie": 8}


def board_lines(figures: dict[str, int], **options: object) -> list[str]:
    return board_text(figures, **options).plain.split("\n")  # type: ignore[arg-type]


def cell(lines: list[str], row: int, space: int) -> str:
    """The three characters of `space` in a board row (6 columns of row names, then 4 per space)."""
    start = 6 + 4 * space + 1
    return lines[row][start : start + 3]


def test_r1_each_figure_stands_under_its_space_number() -> None:
    lines = board_lines({**START, "charlie": 3})
    assert [cell(lines, 1, n).strip() for n in range(17)] == [*map(str, range(8)), "(8)", *map(str, range(9, 17))]
    assert (cell(lines, 2, 6), cell(lines, 2, 8), cell(lines, 2, 10)) == ("Grd", "Sue", "Grd")
    assert cell(lines, 3, 7) == "Hal" and cell(lines, 4, 9) == "Deb" and cell(lines, 5, 3) == "Cha"
    assert lines[2].count("Grd") == 2 and lines[5].count("Cha") == 1


def test_r1_2_the_clubs_are_at_their_ends_and_the_screen_seat_is_marked() -> None:
    top = board_lines(START, you=1)[0]
    assert top.index("A's club") < top.index("mid") < top.index("B's club")
    assert "B's half (you)" in top and "A's half (you)" not in top


def test_r1_5_figures_on_one_space_stay_readable() -> None:
    lines = board_lines({"sue": 5, "low": 4, "high": 6, "hal": 5, "deb": 5, "charlie": 5})
    assert [cell(lines, row, 5) for row in (2, 3, 4, 5)] == ["Sue", "Hal", "Deb", "Cha"]


def test_a_previewed_move_shows_the_figure_at_its_new_space_and_a_ghost_at_the_old() -> None:
    lines = board_lines(START, preview=action_id("G1 low+1"))
    assert (cell(lines, 2, 6), cell(lines, 2, 7)) == ("grd", "Grd")
    lured = board_lines(START, preview=action_id("lure sue"))
    assert (cell(lured, 2, 7), cell(lured, 2, 8), cell(lured, 3, 7)) == ("Sue", "sue", "Hal")


def test_r4_the_hand_is_grouped_by_colour_in_card_order() -> None:
    game = Game(make_position(["D3", "S", "H2", "G2", "S", "DM", "G1", "D3"]))
    groups = hand_groups(game.view(0))
    codes = ["S", "G1", "G2", "H2", "D3", "DM"]
    assert groups == [(CARD_INDEX[c], 2 if c in ("S", "D3") else 1) for c in codes]


def test_r5_4_the_main_menu_marks_end_illegal_with_its_rule() -> None:
    session = session_of(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"]))
    choices = main_menu(session.view(), set(session.legal_ids()), session.why_not)
    end = next(c for c in choices if c.kind == Kind.END)
    assert not end.legal and "R5.4" in end.reason
    lure = next(c for c in choices if c.kind == Kind.LURE_MENU)
    assert lure.legal
    assert [c.key for c in choices if c.kind == Kind.CARD] == ["1", "2", "3", "4", "5", "6"]


def test_r9_1_effects_list_legal_ones_first_and_say_why_the_others_are_not() -> None:
    session = session_of(make_position(["D3", "S", "S", "G2", "H2", "DM", "G1", "D3"]))
    choices = effect_menu(session.view(), set(session.legal_ids()), CARD_INDEX["D3"], session.why_not)
    effects = [c for c in choices if c.kind == Kind.EFFECT]
    assert len(effects) == 10
    legal_flags = [c.legal for c in effects]
    assert legal_flags == sorted(legal_flags, reverse=True)  # legal ones first
    joker = next(c for c in effects if c.action == action_id("D3 sue+3"))
    assert not joker.legal and "R9.1" in joker.reason  # Deb (9) is not between Sue (8) and A's end
    assert "sue 8→11" in joker.label


def test_r5_3_the_trade_menu_counts_the_marked_cards() -> None:
    game = Game(make_position(["S", "S", "G2", "H2", "D3", "D3", "DM", "G1"]))
    choices = trade_menu(game.view(0), {0, 3})
    toggles = [c for c in choices if c.kind == Kind.TOGGLE]
    assert [c.marked for c in toggles] == [True, False, False, True, False, False, False, False]
    assert choices[-1].label == "Discard 2 cards, end the turn"


def test_a_new_session_seats_the_person_and_names_the_opponent() -> None:
    one = Session.new(DEFAULT_RULES, seed=7, seat_choice="B", opponent="random")
    two = Session.new(DEFAULT_RULES, seed=7, seat_choice="B", opponent="random")
    assert one.screen_seat == 1 and one.humans == (False, True)
    assert one.game.players == {"A": "random", "B": "you"}
    assert one.game.start == two.game.start  # the same seed deals the same game


def test_r10_the_screen_view_holds_only_the_persons_own_hand() -> None:
    session = session_of(make_position(["S"] * 8, hand_b=["DM", "DM", "D5", "D1", "H3", "H3", "GA", "GA"]))
    doc = session.view().to_document()
    assert doc["hand"] == ["S"] * 8 and doc["opponent_hand_size"] == 8
    assert "DM" not in json.dumps(doc) and "supply" not in json.dumps(doc).replace("supply_", "")


def test_it_is_not_the_persons_turn_while_the_computer_moves() -> None:
    session = session_of(make_position(["S"] * 8, to_move="B"))
    assert session.legal_ids() == () and not session.person_to_move and session.computer_to_move
    assert session.why_not(END_ID) == "it is B's turn"
    with pytest.raises(TimesSquareError):
        session.play(END_ID)


def test_an_illegal_computer_answer_loses_it_the_game_by_forfeit() -> None:
    session = session_of(make_position(["S"] * 8, to_move="B"))
    session.computer_played(END_ID)  # R5.4: nothing done yet, so `end` is illegal
    assert session.game.result == "A" and session.game.forfeit is not None
    assert session.log[-1].words.startswith("Game over")


def test_a_computer_player_that_is_not_built_yet_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(spec: str, rules: object) -> None:
        raise ModuleNotFoundError("No module named 'timessquare.players.levels'")

    monkeypatch.setattr(session_module, "make_player", missing)
    with pytest.raises(TimesSquareError, match="'medium' is not available"):
        Session.new(DEFAULT_RULES, 1, "A", "medium")


def test_save_and_load_keep_who_is_who(tmp_path: Path) -> None:
    session = session_of(make_position(["S"] * 8), person=1)  # the computer plays A and moves first
    session.computer_played(action_id("discard S"))
    session.computer_played(END_ID)
    path = session.save(tmp_path / "game.json")
    loaded = Session.load(path)
    assert loaded.humans == (False, True) and loaded.game.players == {"A": "random", "B": "you"}
    assert loaded.game.moves == session.game.moves and loaded.person_to_move
    assert [e.words for e in loaded.log] == [e.words for e in session.log]


def test_a_hot_seat_record_loads_as_a_hot_seat_game(tmp_path: Path) -> None:
    session = Session.new(DEFAULT_RULES, 3, "random", "random", hotseat=True)
    assert session.screen_seat is None and session.needs_hand_over
    loaded = Session.load(session.save(tmp_path / "hot.json"))
    assert loaded.hotseat and loaded.players == {}


def test_loading_a_bad_record_says_why(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(TimesSquareError, match="not valid JSON"):
        Session.load(tmp_path / "bad.json")
    record = to_record(Game.new(2))
    record["moves"] = ["end"]
    (tmp_path / "illegal.json").write_text(json.dumps(record))
    with pytest.raises(TimesSquareError, match=r"R5\.4"):
        Session.load(tmp_path / "illegal.json")


def play_args(*argv: str) -> argparse.Namespace:
    return check_play_options(cli.build_parser().parse_args(["play", *argv]))


def test_play_options_build_the_right_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = app_from_args(play_args("--seed", "3", "--seat", "B", "--opponent", "random"), DEFAULT_RULES)
    assert isinstance(app, GameApp) and app.session.humans == (False, True)
    path = app.session.save(tmp_path / "g.json")
    loaded = app_from_args(play_args("--load", str(path), "--opponent", "random"), DEFAULT_RULES)
    assert isinstance(loaded, GameApp) and loaded.session.game.start == app.session.game.start
    assert isinstance(app_from_args(play_args("--replay", str(path)), DEFAULT_RULES), ReplayApp)
    french = app_from_args(play_args("--lang", "fr", "--opponent", "random"), DEFAULT_RULES)  # no --plain needed
    assert isinstance(french, GameApp) and french.lang == "fr" and app.lang == "en"
    replay_fr = app_from_args(play_args("--replay", str(path), "--lang", "fr"), DEFAULT_RULES)
    assert isinstance(replay_fr, ReplayApp) and replay_fr.lang == "fr"
    app_from_args(play_args("--no-color", "--opponent", "random"), DEFAULT_RULES)
    import os

    assert os.environ.get("NO_COLOR") == "1"


def test_play_with_a_missing_record_is_one_line_of_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--load", "/nonexistent/game.json"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("timessquare play: error: cannot read") and err.count("\n") == 1


def test_play_plain_still_runs_the_line_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("end\nq\n"))
    assert cli.main(["play", "--plain", "--seed", "1", "--seat", "A", "--opponent", "random"]) == 0
    out = capsys.readouterr().out
    assert "You play A" in out and "Game abandoned." in out


def test_every_action_of_a_random_game_is_described_in_the_log() -> None:
    session = session_of(make_position(["S"] * 8), person=0)
    rng = random.Random(1)
    while not session.is_over and len(session.game.moves) < 60:
        legal = session.game.state.legal_ids()
        aid = legal[rng.randrange(len(legal))]
        if session.person_to_move:
            session.play(aid)
        else:
            session.computer_played(aid)
    notations = [e.notation for e in session.log if e.notation]
    assert notations == [m for m in session.game.moves if not m.startswith("shuffle")]
    assert all(ACTIONS[action_id(n)].notation == n for n in notations)
