"""The arena: paired deals, consistent statistics, seeded runs, parallel workers, bad input, outside bots."""

from __future__ import annotations

import json
import math
import shlex
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from timessquare.arena import confidence_interval, deal_seeds, elo_difference, run_arena, wilson_interval
from timessquare.cli import main
from timessquare.record import replay
from timessquare.variants import DEFAULT_RULES

BOTS = Path(__file__).parent / "bots"


def bot_name(script: str, *args: str) -> str:
    return "cmd:" + shlex.join([sys.executable, str(BOTS / script), *args])


def arena_json(capsys: pytest.CaptureFixture[str], *args: str, status: int = 0) -> dict[str, Any]:
    assert main(["arena", *args, "--json"]) == status
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one JSON object
    result: dict[str, Any] = json.loads(out)
    return result


def records(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("game-*.json"))]


# --------------------------------------------------------------------------- the numbers


def test_random_vs_random_gives_consistent_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    result = arena_json(capsys, "random", "random", "--games", "10", "--seed", "5", "--workers", "1")
    assert result["games"] == 10
    assert result["wins"] + result["draws"] + result["losses"] == 10
    assert result["win_rate"] == pytest.approx((result["wins"] + result["draws"] / 2) / 10)
    low, high = result["ci95"]
    assert 0 <= low <= result["win_rate"] <= high <= 1
    assert result["elo"] == pytest.approx(elo_difference(result["win_rate"], 10), abs=0.05)
    # Both players have the same name: the per-player fields are keyed with #1 and #2.
    for key in ("mean_think_s", "max_think_s", "forfeits"):
        assert set(result[key]) == {"random#1", "random#2"}
    for label in ("random#1", "random#2"):
        assert 0 <= result["mean_think_s"][label] <= result["max_think_s"][label]
        assert result["forfeits"][label] == 0


def test_the_paired_games_share_a_deal_with_the_seats_swapped(tmp_path: Path) -> None:
    out = tmp_path / "games"
    assert main(["arena", "random", "random", "--games", "6", "--out", str(out)]) == 0
    games = records(out)
    assert len(games) == 6
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert first["start"] == second["start"]
        assert first["players"] == {"A": "random", "B": "random"} == second["players"]
    starts = [json.dumps(g["start"], sort_keys=True) for g in games[::2]]
    assert len(set(starts)) == 3  # three different deals


def test_player1_sits_in_a_then_in_b(tmp_path: Path) -> None:
    out = tmp_path / "games"
    crash = bot_name("faulty.py", "crash")
    assert main(["arena", crash, "random", "--games", "4", "--seed", "2", "--out", str(out), "--workers", "1"]) == 2
    games = records(out)  # written all the same: the records say why each game was lost
    assert [g["players"]["A"] for g in games] == [crash, "random", crash, "random"]
    assert [g["forfeit"]["seat"] for g in games] == ["A", "B", "A", "B"]


def test_every_record_replays_to_its_result(tmp_path: Path) -> None:
    out = tmp_path / "games"
    assert main(["arena", "random", "random", "--games", "4", "--seed", "9", "--out", str(out)]) == 0
    for record in records(out):
        assert replay(record).result == record["result"]


def test_the_same_seed_gives_the_same_deals_and_another_seed_others(tmp_path: Path) -> None:
    def starts(seed: str, folder: str) -> list[str]:
        out = tmp_path / folder
        assert main(["arena", "random", "random", "--games", "4", "--seed", seed, "--out", str(out)]) == 0
        return [json.dumps(g["start"], sort_keys=True) for g in records(out)]

    first = starts("7", "a")
    assert first == starts("7", "b")
    assert first != starts("8", "c")
    assert deal_seeds(7, 3) == deal_seeds(7, 3) != deal_seeds(8, 3)


def test_parallel_workers_give_the_same_games_as_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    def counts(workers: str) -> list[Any]:
        result = arena_json(capsys, "random", "random", "--games", "8", "--seed", "4", "--workers", workers)
        return [result[k] for k in ("games", "wins", "draws", "losses", "win_rate", "ci95", "elo")]

    assert counts("1") == counts("2")


def test_odd_game_counts_are_rounded_up_to_whole_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "random", "random", "--games", "3", "--json", "--workers", "1"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 4
    assert "3 games rounded up to 4" in captured.err


def test_no_progress_output_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "random", "random", "--games", "2", "--json"]) == 0
    assert capsys.readouterr().err == ""


def test_the_table_names_the_players_and_the_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "random", bot_name("first_legal.py"), "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "random vs cmd:" in out
    assert "win rate of random:" in out and "95% CI" in out
    assert "Elo difference:" in out
    assert out.count("think time per turn of") == 2


# --------------------------------------------------------------------------- outside programs in the arena


def test_a_protocol_bot_plays_through_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    first_legal = bot_name("first_legal.py")
    result = arena_json(capsys, first_legal, "random", "--games", "4", "--seed", "3", "--workers", "2")
    assert result["games"] == 4
    assert result["forfeits"] == {first_legal: 0, "random": 0}
    assert result["max_think_s"][first_legal] > 0


def test_a_crashing_bot_loses_every_game_by_forfeit(capsys: pytest.CaptureFixture[str]) -> None:
    crash = bot_name("faulty.py", "crash")
    result = arena_json(capsys, "random", crash, "--games", "4", "--workers", "1", status=2)
    assert (result["wins"], result["draws"], result["losses"]) == (4, 0, 0)
    assert result["forfeits"] == {"random": 0, crash: 4}


def test_a_slow_bot_forfeits_on_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIMESSQUARE_CMD_SECONDS", "0.05")
    out = tmp_path / "games"
    slow = bot_name("faulty.py", "timeout")
    assert main(["arena", slow, "random", "--games", "2", "--workers", "1", "--out", str(out)]) == 2
    for record in records(out):
        assert "did not answer within 0.15 s" in record["forfeit"]["reason"]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["random", "random", "--games", "0"], "--games must be 1 or more"),
        (["random", "nobody"], "unknown player 'nobody'"),
        (["random", "random", "--workers", "0"], "--workers must be 1 or more"),
        (["random", "cmd:"], "no command given"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert message in captured.err


# --------------------------------------------------------------------------- the statistics


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson_interval(0.5, 100)
    assert (low, high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    low, high = wilson_interval(0.0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(1.0, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == 1.0


@pytest.mark.parametrize("games", [2, 10, 1000])
@pytest.mark.parametrize("points", [0.0, 0.1, 0.5, 0.77, 1.0])
def test_the_interval_always_holds_the_win_rate(games: int, points: float) -> None:
    low, high = wilson_interval(points, games)
    assert 0 <= low <= points <= high <= 1


def test_pairs_split_between_the_seats_keep_the_wilson_interval() -> None:
    # Every deal won once by each player: the pairs agree perfectly, nothing to widen.
    assert confidence_interval(0.5, 20, [0.5] * 10) == wilson_interval(0.5, 20)


def test_pairs_that_go_to_one_player_widen_the_interval_to_the_paired_one() -> None:
    # Each deal won twice by the same player: 10 independent results, not 20, so the interval must be wider.
    scores = [1.0, 0.0] * 5
    low, high = confidence_interval(0.5, 20, scores)
    half = 1.959963984540054 * statistics.stdev(scores) / math.sqrt(10)
    assert (low, high) == (pytest.approx(0.5 - half), pytest.approx(0.5 + half))
    wilson_low, wilson_high = wilson_interval(0.5, 20)
    assert low < wilson_low and high > wilson_high


def test_the_paired_interval_stays_within_0_and_1() -> None:
    low, high = confidence_interval(0.9, 4, [1.0, 0.8])
    assert 0 <= low <= 0.9 <= high == 1.0


def test_elo_difference_from_the_win_rate_with_clamping() -> None:
    assert elo_difference(0.5, 10) == 0
    assert elo_difference(0.75, 100) == pytest.approx(400 * math.log10(3))
    assert elo_difference(0.25, 100) == pytest.approx(-400 * math.log10(3))
    assert elo_difference(1.0, 10) == pytest.approx(400 * math.log10(0.95 / 0.05))  # clamped: 9.5 of 10
    assert elo_difference(0.0, 10) == pytest.approx(-400 * math.log10(0.95 / 0.05))


def test_run_arena_reports_outcomes_in_game_order() -> None:
    report = run_arena("random", "random", games=4, seed=1, rules=DEFAULT_RULES, keep_records=True)
    assert [o.index for o in report.outcomes] == [0, 1, 2, 3]
    assert [o.player1_seat for o in report.outcomes] == [0, 1, 0, 1]
    points = [o.player1_points for o in report.outcomes]
    assert report.pair_scores() == [(points[0] + points[1]) / 2, (points[2] + points[3]) / 2]
    for outcome in report.outcomes:
        assert outcome.record is not None
        assert outcome.record["result"] == outcome.result


# --------------------------------------------------------------------------- what a newcomer tripped over (issue 8)


def test_a_program_that_cannot_start_is_named_with_its_reason_once_and_fails_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = f"cmd:{tmp_path / 'no-such-bot'}"
    assert main(["arena", "random", missing, "--games", "4", "--workers", "1"]) == 2
    out, err = capsys.readouterr()
    assert "random: 4 wins, 0 draws, 0 losses" in out  # the report still comes
    lines = err.splitlines()
    assert lines[0] == f"arena: {missing} lost 4 games by forfeit: cannot start {tmp_path / 'no-such-bot'}: " + (
        "No such file or directory"
    )
    assert lines[1] == f"timessquare arena: error: {missing} never played: it lost all 4 games by forfeit (see above)"
    assert len(lines) == 2  # the reason once, not once per game


def test_a_player_that_forfeits_nothing_adds_no_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", bot_name("first_legal.py"), "random", "--games", "2", "--workers", "1"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", ["selfplay", "arena"])
def test_out_refuses_a_file_and_a_folder_of_records_and_keeps_them(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["selfplay", "--games", "2"] if command == "selfplay" else ["arena", "random", "random", "--games", "2"]
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine\n")
    assert main([*argv, "--out", str(a_file)]) == 2
    err = capsys.readouterr().err
    expected = f"--out {a_file}: this is a file, not a folder (the records go into a folder)"
    assert err == f"timessquare {command}: error: {expected}\n"
    folder = tmp_path / "games"
    assert main([*argv, "--out", str(folder)]) == 0
    first = (folder / "game-00001.json").read_text()
    capsys.readouterr()
    assert main([*argv, "--seed", "9", "--out", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "already holds game records (game-00001.json and 1 more): choose another folder or remove them" in err
    assert (folder / "game-00001.json").read_text() == first and a_file.read_text() == "mine\n"


@pytest.mark.parametrize("games", ["0", "-3"])
def test_selfplay_of_no_games_is_refused(games: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["selfplay", "--games", games, "--out", str(tmp_path / "x")]) == 2
    assert capsys.readouterr().err == f"timessquare selfplay: error: --games must be 1 or more (got {games})\n"
    assert not (tmp_path / "x").exists()
