"""`timessquare play --plain` as a newcomer meets it (issue 8, item 7): the legend, the log, numbers, empty lines."""

from __future__ import annotations

import io

import pytest

from timessquare.cli import commands as cli

GAME = ["play", "--plain", "--seed", "1", "--seat", "A", "--opponent", "random"]


def plain_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert cli.main(GAME) == 0
    return capsys.readouterr().out


def test_item7_a_legend_names_every_letter_of_the_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain_game(monkeypatch, capsys, "q\n")
    legend = next(line for line in out.splitlines() if line.startswith("Board:"))
    for letters in ("S Sue", "g a bodyguard", "H Hal", "D Deb", "C Charlie", "A]", "[B", "()"):
        assert letters in legend
    assert out.index("Board:") < out.index("street ")  # before the first board


def test_item7_the_draws_and_charlies_steps_are_reported_for_both_seats(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain_game(monkeypatch, capsys, "1\n" * 40 + "q\n")  # always the first choice: turns end, B plays
    lines = out.splitlines()
    assert "  A draws 4 cards" in lines and "  B draws 2 cards" in lines
    assert sum(line.startswith("  Charlie ") for line in lines) >= 2
    assert "  B to move" in lines and "  A to move" in lines
    assert "A: ends the turn" in lines and "B: ends the turn" in lines  # the seat is said once


def test_item7_a_number_that_is_no_choice_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain_game(monkeypatch, capsys, "999\n0\nq\n")
    assert "No choice 999: the choices are numbered 1 to 19." in out
    assert "No choice 0: the choices are numbered 1 to 19." in out
    assert "Not possible" not in out


def test_item7_an_empty_line_asks_again_without_the_whole_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = plain_game(monkeypatch, capsys, "\n\n   \nq\n")
    assert out.count("street ") == 1  # the board once, at the start
    assert out.count("legal: ") == 4  # the choices again after each empty line
    assert "Not possible" not in out and "No choice" not in out
