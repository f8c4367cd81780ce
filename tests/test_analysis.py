"""Game analysis (players/analysis.py, `timessquare analyse`): honest (R10), complete, reproducible."""

from __future__ import annotations

import copy
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from timessquare.arena.selfplay import play_games
from timessquare.cards import CARD_INDEX
from timessquare.cli import main
from timessquare.errors import TimesSquareError
from timessquare.players.analysis import (
    BLUNDER_POINTS,
    MISTAKE_POINTS,
    Estimate,
    TurnAnalysis,
    analyse,
    played_turns,
)
from timessquare.players.turns import complete_turns
from timessquare.position import from_document
from timessquare.record import ReplayError, replay, to_record
from timessquare.tables import TK_START
from timessquare.variants import DEFAULT_RULES

BUDGET = 24  # iterations per turn: these tests check what is estimated from what, not how well


def record_of(seed: int, a: str = "medium", b: str = "easy") -> dict[str, Any]:
    return to_record(next(play_games(1, seed, DEFAULT_RULES, a, b)))


def test_there_is_one_entry_per_complete_turn_and_the_played_turns_are_the_record() -> None:
    record = record_of(5)
    analysis = analyse(record, BUDGET)
    played = [move for turn in analysis.turns for move in turn.played.actions]
    assert played == [m for m in record["moves"] if not m.startswith("shuffle")]
    seats = [turn.seat for turn in analysis.turns]
    assert all(a != b for a, b in itertools.pairwise(seats))  # turns alternate
    assert [t.number for t in analysis.turns] == list(range(1, len(analysis.turns) + 1))
    for turn in analysis.turns:
        assert 0 <= turn.played.win_chance <= 1 and 0 <= turn.best.win_chance <= 1
        assert turn.best.actions  # a whole turn
    winner = "AB".index(record["result"])
    assert analysis.turns[-1].win_chance[winner] == 1.0 and analysis.turns[-1].win_chance[1 - winner] == 0.0


def test_the_same_budget_and_seed_give_the_same_analysis() -> None:
    record = record_of(6)
    assert analyse(record, BUDGET, seed=3) == analyse(record, BUDGET, seed=3)


def swap_hidden_card(record: dict[str, Any], holder: str) -> dict[str, Any] | None:
    """The same game with one card of `holder`'s hand exchanged for a card the supply never gave out, or None
    when no exchange keeps every move legal. The other seat saw nothing of either card."""
    game = replay(record)
    supply = record["start"]["supply"]
    drawn = len(supply) - len(game.state.supply)
    if game.state.supply_number != 1 or drawn > len(supply) // 2:
        return None
    middle = len(supply) // 2  # never drawn from either end
    for i, card in enumerate(record["start"]["hands"][holder]):
        if card == supply[middle]:
            continue
        twin = copy.deepcopy(record)
        hand = twin["start"]["hands"][holder]
        hand[i], twin["start"]["supply"][middle] = supply[middle], card
        hand.sort()
        try:
            replay(twin)
        except TimesSquareError:
            continue  # the holder played that card: this exchange changes the game
        return twin
    return None


@pytest.mark.parametrize("holder", ["A", "B"])
def test_r10_changing_the_hidden_cards_leaves_the_other_seats_estimates_unchanged(holder: str) -> None:
    for seed in range(20, 40):
        record = record_of(seed)
        twin = swap_hidden_card(record, holder)
        if twin is not None:
            break
    else:
        pytest.fail("no game with a card that could be exchanged unseen")
    other = 1 - "AB".index(holder)
    # the construction is right: every view the other seat had is the same, the holder's are not
    turns, _ = played_turns(record)
    twin_turns, _ = played_turns(twin)
    assert [t.view for t in turns if t.seat == other] == [t.view for t in twin_turns if t.seat == other]
    assert [t.view for t in turns if t.seat != other] != [t.view for t in twin_turns if t.seat != other]
    first, second = analyse(record, BUDGET), analyse(twin, BUDGET)
    assert [t.win_chance[other] for t in first.turns] == [t.win_chance[other] for t in second.turns]
    own = [(t.played, t.best) for t in first.turns if t.seat == other]
    assert own == [(t.played, t.best) for t in second.turns if t.seat == other]
    # and the holder's own estimates do see the change: the test can fail
    holder_chances = [t.win_chance[1 - other] for t in first.turns[:-1]]
    assert holder_chances != [t.win_chance[1 - other] for t in second.turns[:-1]]


def missed_win() -> tuple[dict[str, Any], int]:
    """A game of random play in which the mover could have won at once and did not, and that turn's number."""
    for seed in range(100):
        record = record_of(seed, "random", "random")
        state = from_document(record["start"], DEFAULT_RULES)
        number, chances = 0, []
        for move in record["moves"]:
            if move.startswith("shuffle"):
                state.apply_chance([CARD_INDEX[code] for code in move.split(" ")[1:]])
                continue
            if state.turn_key == TK_START:
                number += 1
                if any(turn.state.result == state.to_move for turn in complete_turns(state)):
                    chances.append((number, state.to_move))
            state.apply_checked(move)
        winner = record["result"]
        missed = [n for n, seat in chances if n < number or winner != "AB"[seat]]
        if missed:
            return record, missed[0]
    raise AssertionError("no random game missed a win")


def test_a_missed_win_is_a_blunder_with_the_winning_turn_as_the_experts() -> None:
    record, number = missed_win()
    turn = analyse(record, BUDGET).turns[number - 1]
    assert turn.best.win_chance == 1.0
    assert turn.cost == round(100 * (1.0 - turn.played.win_chance))
    assert turn.cost >= MISTAKE_POINTS
    assert turn.mark == ("blunder" if turn.cost >= BLUNDER_POINTS else "mistake")


@pytest.mark.parametrize(
    ("best", "played", "mark"),
    [(0.60, 0.51, None), (0.60, 0.50, "mistake"), (0.60, 0.36, "mistake"), (0.60, 0.35, "blunder"), (0.4, 0.5, None)],
)
def test_the_marks_follow_the_documented_thresholds(best: float, played: float, mark: str | None) -> None:
    turn = TurnAnalysis(1, 0, Estimate(("end",), played), Estimate(("S sue+1", "end"), best), (played, 0.5))
    assert turn.mark == mark


def test_an_unfinished_game_and_a_forfeit_are_analysed_up_to_their_last_complete_turn() -> None:
    record = record_of(7)
    turns, _ = played_turns(record)
    cut = sum(len(t.actions or ()) for t in turns[:3]) + 1  # three turns and the first action of the fourth
    moves = [m for m in record["moves"] if not m.startswith("shuffle")][:cut]
    running = {**record, "moves": moves, "result": None}
    running.pop("end", None)
    analysis = analyse(running, BUDGET)
    assert [t.number for t in analysis.turns] == [1, 2, 3] and analysis.result is None
    assert all(0 < c < 1 for c in analysis.turns[-1].win_chance)  # both still opinions, not a result
    game = replay(running)
    game.resign(game.state.to_move, "resigned")
    resigned = to_record(game)
    last = analyse(resigned, BUDGET).turns[-1]
    # the resignation is not the last turn's worth (issue 33: a chart ending at 100%, the turn a "mistake"):
    # the same opinions as in the game still running
    assert last.number == 3 and last.win_chance == analysis.turns[-1].win_chance
    at_a_turns_start = replay({**running, "moves": moves[:-1]})  # resigned before the fourth turn's first card
    at_a_turns_start.resign(at_a_turns_start.state.to_move, "resigned")
    last = analyse(to_record(at_a_turns_start), BUDGET).turns[-1]
    assert last.number == 3 and last.win_chance[last.seat] == last.played.win_chance  # the mover's opinion
    assert sum(last.win_chance) == pytest.approx(1.0) and all(0 < c < 1 for c in last.win_chance)
    game = replay(record)  # a game the board ended: its last turn is the result
    finished = analyse(record, BUDGET).turns[-1]
    winner = "AB".index(record["result"]) if record["result"] in ("A", "B") else None
    if winner is not None:
        assert finished.win_chance[winner] == 1.0 and finished.win_chance[1 - winner] == 0.0


def test_the_command_prints_json_with_one_entry_per_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = record_of(8)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["analyse", str(path), "--iterations", str(BUDGET), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["format"] == "times-square/analysis/1"
    assert document["method"]["iterations"] == BUDGET
    entries = document["turns"]
    assert entries and all(set(e) >= {"seat", "win_chance", "best", "played"} for e in entries)
    assert all(set(e["win_chance"]) == {"A", "B"} for e in entries)
    assert entries == analyse(record, BUDGET).to_document()["turns"]


def test_the_command_prints_a_table_naming_the_marked_turns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = record_of(5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["analyse", str(path), "--iterations", str(BUDGET)]) == 0
    out = capsys.readouterr().out
    analysis = analyse(record, BUDGET)
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == len(analysis.turns)
    for turn in analysis.costliest():
        assert f"{turn.mark}, {turn.cost} points: the expert would play {', '.join(turn.best.actions)}" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not a game record"),
        ('{"format": "times-square/position/1"}', "a position document"),
        (None, "no such file"),
    ],
)
def test_a_bad_record_is_one_line_and_exit_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, message: str
) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err.lower()


def test_a_record_too_large_or_whose_result_is_not_its_moves_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(" " * (1 << 20) + "{}")
    assert main(["analyse", str(path)]) == 2
    assert "too large" in capsys.readouterr().err
    record = record_of(10)
    record["moves"] = record["moves"][:3]
    path.write_text(json.dumps(record))
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert (
        err.count("\n") == 1
        and f"the record says {record['result']!r} won, but its moves say the game is still running" in err
    )


def test_the_totals_say_1_turn_and_2_turns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = record_of(11)
    turns, _ = played_turns(record)
    cut = sum(len(t.actions or ()) for t in turns[:3])  # A, B, A or B, A, B: one seat played once
    running = {**record, "moves": [m for m in record["moves"] if not m.startswith("shuffle")][:cut], "result": None}
    running.pop("end", None)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(running))
    assert main(["analyse", str(path), "--iterations", str(BUDGET)]) == 0
    counts = re.findall(r"^[AB]: (\d+ turns?), ", capsys.readouterr().out, re.MULTILINE)
    assert sorted(counts) == ["1 turn", "2 turns"]


def test_a_bad_move_is_named() -> None:
    record = record_of(9)
    record["moves"][1] = "S sue+5"
    with pytest.raises(ReplayError, match="move 2"):
        analyse(record, BUDGET)
