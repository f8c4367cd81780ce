"""What a newcomer tripped over on the command line and in its readers (issue 8): each test failed before its
fix (items 2, 3, 5, 6, 9 and 11; the arena's item 10 is in test_arena.py)."""

from __future__ import annotations

import io
import json
import random
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from positions import finished_record, position_document
from timessquare.chance import resolve_chance
from timessquare.cli import main
from timessquare.errors import FormatError
from timessquare.game import Game
from timessquare.position import from_document, to_document
from timessquare.record import replay, to_record
from timessquare.state import State
from timessquare.variants import DEFAULT_RULES

REPO = Path(__file__).resolve().parent.parent
EXECUTABLE = Path(sys.executable).parent / "timessquare"
needs_command = pytest.mark.skipif(not EXECUTABLE.exists(), reason="the timessquare command is not installed here")


def run(capsys: pytest.CaptureFixture[str], argv: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)  # restored by the monkeypatch of each test that passes stdin
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str, command: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"timessquare {command}: error: "), err
    return err.strip()


def running_record(seed: int = 3, moves: int = 6) -> dict[str, Any]:
    game = Game.new(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply_checked(rng.choice(game.state.legal_ids()))
    return to_record(game)


# ---------------------------------------------------------------- item 2: paths are the user's


def saved_record(folder: Path) -> Path:
    path = folder / "game.json"
    path.write_text(json.dumps(running_record()), encoding="utf-8")
    return path


def test_item2_play_finds_a_record_in_the_callers_folder(tmp_path: Path) -> None:
    saved_record(tmp_path)
    done = subprocess.run(
        [str(REPO / "play"), "--terminal", "--load", "game.json", "--opponent", "random"],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    # Found and read: what stops it is only that a pipe is no terminal (item 5).
    assert done.returncode == 2 and "needs a terminal" in done.stderr, done.stderr
    assert "cannot read" not in done.stderr
    missing = subprocess.run(
        [str(REPO / "play"), "--terminal", "--replay", "other.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "cannot read other.json: No such file or directory" in missing.stderr
    assert not (REPO / "other.json").exists()


# ---------------------------------------------------------------- item 3: input size


def limited_memory() -> None:
    """Run the command under a memory limit far below what reading a stream whole would take."""
    limit = 600 * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def run_limited(argv: list[str], stdin_path: str | None = None) -> subprocess.CompletedProcess[str]:
    with open(stdin_path or "/dev/null", "rb") as stdin:
        return subprocess.run(
            [str(EXECUTABLE), *argv],
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            preexec_fn=limited_memory,
            check=False,
        )


@needs_command
@pytest.mark.parametrize(
    ("argv", "stdin", "words"),
    [
        (["legal", "/dev/zero"], None, "/dev/zero: too large: a document has at most 1,048,576 bytes"),
        (["legal", "--jsonl", "/dev/zero"], None, "/dev/zero: line 1: too large"),
        (["view", "--seat", "A", "/dev/zero"], None, "/dev/zero: too large"),
        (["replay", "/dev/zero"], None, "/dev/zero: too large"),
        (["legal"], "/dev/zero", "standard input: too large"),
        (["legal", "--jsonl"], "/dev/zero", "standard input: line 1: too large"),
        (["apply", "end"], "/dev/zero", "standard input: too large"),
        (["replay", "-"], "/dev/zero", "standard input: too large"),
        (["player", "random"], "/dev/zero", "line 1: longer than 1,048,576 bytes"),
        (["play", "--plain", "--opponent", "random"], "/dev/zero", "a line longer than 1,048,576 characters"),
    ],
)
def test_item3_every_reader_refuses_an_endless_input_in_one_line(
    argv: list[str], stdin: str | None, words: str
) -> None:
    done = run_limited(argv, stdin)
    assert done.returncode == 2, done.stderr[-500:]
    assert one_error_line(done.stderr, argv[0]).endswith(words) or words in done.stderr, done.stderr


def test_item3_a_document_just_under_the_limit_is_still_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = json.dumps(position_document(hand_a="S G1"))
    padded = tmp_path / "p.json"
    padded.write_text(text + " " * (1024 * 1024 - len(text)))  # exactly 1 MiB
    assert run(capsys, ["legal", str(padded)])[0] == 0
    padded.write_text(text + " " * (1024 * 1024 - len(text) + 1))
    code, _, err = run(capsys, ["legal", str(padded)])
    assert code == 2 and one_error_line(err, "legal").endswith("too large: a document has at most 1,048,576 bytes")


# ---------------------------------------------------------------- item 5: no terminal


@needs_command
@pytest.mark.parametrize("stdin", [None, "1\n"])
def test_item5_the_full_screen_game_without_a_terminal_says_to_use_plain(stdin: str | None) -> None:
    done = subprocess.run(
        [str(EXECUTABLE), "play", "--seed", "1", "--opponent", "random"],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    line = one_error_line(done.stderr, "play")
    assert "needs a terminal" in line and "--plain" in line


# ---------------------------------------------------------------- item 6: contradictory options


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--load", "a.json", "--replay", "a.json"], "--load and --replay: choose one"),
        (["--hotseat", "--opponent", "expert"], "--hotseat is two people at one screen: there is no computer"),
        (["--hotseat", "--seat", "B"], "--seat has no use"),
        (["--replay", "a.json", "--opponent", "easy"], "--replay steps through a recorded game: --opponent"),
        (["--replay", "a.json", "--seed", "4"], "--replay steps through a recorded game: --seed"),
        (["--plain", "--load", "a.json"], "--plain plays a new game against the computer: it has no --load"),
        (["--plain", "--hotseat"], "it has no --hotseat"),
    ],
)
def test_item6_contradictory_play_options_are_refused_before_anything_is_read(
    options: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, ["play", *options])
    assert code == 2 and out == ""
    assert words in one_error_line(err, "play")  # not "cannot read a.json": nothing was read


def test_item6_options_that_go_together_still_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_record(tmp_path)
    for options in (["--load", str(path), "--seat", "B", "--opponent", "random"], ["--hotseat"]):
        _, _, err = run(capsys, ["play", *options], stdin="")
        assert "needs a terminal" in err, (options, err)  # the options passed: only the pipe stops it


# ---------------------------------------------------------------- item 9: messages that mislead


def test_item9_replay_names_a_position_document_as_such(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position_document(hand_a="S G1")))
    code, _, err = run(capsys, ["replay", str(path)])
    line = one_error_line(err, "replay")
    assert code == 2 and "this is a position document (times-square/position/1), not a game record" in line
    assert "missing field" not in line


def test_item9_replay_of_a_binary_file_names_the_path_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "binary.bin"
    path.write_bytes(bytes(range(256)))
    code, _, err = run(capsys, ["replay", str(path)])
    line = one_error_line(err, "replay")
    assert code == 2 and line.count("binary.bin") == 1 and "UTF-8" in line


def test_item9_docs_point_only_to_what_exists(capsys: pytest.CaptureFixture[str]) -> None:
    rules = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    if not (REPO / "RULES.md").exists():
        assert "RULES.md" not in rules
    terminal = (REPO / "docs" / "terminal.md").read_text(encoding="utf-8")
    assert "timessquare player --help" not in terminal
    assert "timessquare play --help" in terminal  # where the opponents are listed (the next test)


def test_item9_play_help_lists_the_opponents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    for name in ("easy", "medium", "hard", "expert", "random", "heuristic", "ismcts", "cmd:COMMAND"):
        assert name in help_text


# ---------------------------------------------------------------- item 11: checked against another implementation


HUGE = "1" + "0" * 5000


@pytest.mark.parametrize(
    ("argv", "where"),
    [
        (["legal"], "figures"),
        (["legal", "--jsonl"], "figures"),
        (["view", "--seat", "A"], "figures"),
        (["apply", "S sue+1"], "figures"),
        (["replay", "-"], "moves"),
    ],
)
def test_item11_a_5000_digit_number_anywhere_is_one_line_and_status_2(
    argv: list[str], where: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    doc: dict[str, Any] = finished_record() if argv[0] == "replay" else position_document(hand_a="S G1")
    text = json.dumps(doc).replace(f'"{where}": ', f'"{where}": {HUGE}, "x{where}": ', 1)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, err = run(capsys, argv)
    assert code == 2 and out == ""
    assert "5001 digits" in one_error_line(err, argv[0])


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["view", "--seat", "C"], "argument --seat: invalid choice: 'C'"),
        (["legal", "--variant", "nope"], "argument --variant: invalid choice: 'nope'"),
        (["legal", "--bogus"], "unrecognized arguments: --bogus"),
        (["apply"], "the following arguments are required: action"),
        (["selfplay", "--games", "many", "--out", "x"], "argument --games: invalid int value: 'many'"),
    ],
)
def test_item11_option_errors_are_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, argv)
    assert code == 2 and out == ""
    line = one_error_line(err, argv[0])
    assert words in line and line.endswith(f"(see timessquare {argv[0]} --help)")


def reshuffle_position() -> dict[str, Any]:
    from positions import make_state, play

    state = make_state(hand_a="G2 G2 G2 S S S S S", hand_b="H2 H2 H2 H2 H2 H2 H2 H2", supply="H1 H3", rest="discard")
    return to_document(play(state, "discard G2", "discard G2", "discard G2"))


def test_item11_apply_takes_the_file_before_or_after_shuffle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = reshuffle_position()
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    second = " ".join(doc["discard"])
    answers = []
    for argv in (
        ["apply", "end", str(path), "--shuffle", second],
        ["apply", "end", "--shuffle", second, str(path)],
        ["apply", "--shuffle", second, "end", str(path)],
    ):
        code, out, err = run(capsys, argv)
        assert (code, err) == (0, ""), argv
        answers.append(json.loads(out))
    assert answers[0] == answers[1] == answers[2] and answers[0]["supply_number"] == 2
    code, _, err = run(capsys, ["apply", "end", "--shuffle", second, str(path), "extra"])
    line = one_error_line(err, "apply")
    assert code == 2 and "unrecognized arguments: " in line and "extra" in line


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"end": 5}, "end: must be a string"),
        ({"end": None}, "end: must be a string"),
        ({"forfeit": None}, "forfeit: must be"),
    ],
)
def test_item11_records_refuse_an_end_or_forfeit_of_the_wrong_kind(change: dict[str, Any], field: str) -> None:
    record = {**finished_record(), **change}
    with pytest.raises(FormatError, match=field):
        replay(record)


def test_item11_a_running_game_has_no_end() -> None:
    record = running_record()
    replay(record)
    with pytest.raises(FormatError, match="end: the game is still running"):
        replay({**record, "end": "Sue reached A's entrance"})


def test_item11_duplicate_keys_are_refused_naming_the_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = finished_record()
    text = json.dumps(record).replace('"result": ', '"result": "A", "result": ', 1)
    path = tmp_path / "twice.json"
    path.write_text(text)
    code, _, err = run(capsys, ["replay", str(path)])
    assert code == 2 and "result: appears twice" in one_error_line(err, "replay")


def finished_states(count: int) -> list[State]:
    """The last positions of `count` random games: every way a game ends (R8.1 and R8.2) comes up."""
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        game = Game.new(seed, DEFAULT_RULES)
        state = game.state
        while state.result is None:
            state.apply(rng.choice(state.legal_ids()))
            resolve_chance(state, rng)
        states.append(state)
    return states


def test_item11_the_position_reader_refuses_a_finished_position_with_the_wrong_result() -> None:
    reasons = set()
    for state in finished_states(40):
        doc = to_document(state)
        right = doc["result"]
        assert from_document(doc).result_name == right
        reasons.add(state.end_reason.split(" ")[0])
        for wrong in {"A", "B", "draw"} - {right}:
            with pytest.raises(FormatError, match=rf"result: .*so the result is '{right}' \(R8\)"):
                from_document({**doc, "result": wrong})
    assert len(reasons) >= 2  # more than one way to end was tried


def test_item3_the_size_limit_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "at most 1,048,576 bytes (1 MiB)" in help_text
