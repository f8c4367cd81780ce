"""The `timessquare` command line: legal, apply, view, replay, selfplay and bench, and its answer to bad input
(exit status 2, one line on standard error, never a traceback)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from positions import finished_record, make_state, play, position_document
from timessquare.cli import main
from timessquare.position import from_document, to_document
from timessquare.record import replay

EXECUTABLE = Path(sys.executable).parent / "timessquare"


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def write_json(path: Path, doc: Any) -> str:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def the_reshuffle_position() -> dict[str, Any]:
    """A's trade of three cards, with two cards left in the first supply: `end` reshuffles (R6.2)."""
    state = make_state(hand_a="G2 G2 G2 S S S S S", hand_b="H2 H2 H2 H2 H2 H2 H2 H2", supply="H1 H3", rest="discard")
    return to_document(play(state, "discard G2", "discard G2", "discard G2"))


# ---------------------------------------------------------------- legal


def test_legal_from_a_file_stdin_and_dash(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    doc = position_document(hand_a="S S G2 H2 D3", deb=5)
    expected = from_document(doc).legal_actions()
    code, out, err = run(capsys, ["legal", write_json(tmp_path / "p.json", doc)])
    assert (code, err) == (0, "") and out.splitlines() == expected
    for argv in (["legal"], ["legal", "-"]):
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(doc)))
        code, out, err = run(capsys, argv)
        assert (code, err) == (0, "") and out.splitlines() == expected


def test_legal_jsonl_prints_one_sorted_array_per_position(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = [
        position_document(hand_a="S S G2 H2 D3", deb=5),
        position_document(to_move="B", hand_b="GA DM H1", low=3),
        to_document(play(make_state(hand_a="S S G1"), "S sue+1")),
    ]
    text = "\n".join(json.dumps(d) for d in docs[:2]) + "\n\n" + json.dumps(docs[2]) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, err = run(capsys, ["legal", "--jsonl", "-"])
    assert (code, err) == (0, "")
    arrays = [json.loads(line) for line in out.splitlines()]
    assert arrays == [sorted(from_document(d).legal_actions()) for d in docs]
    assert all(a == sorted(a) for a in arrays)


def test_legal_under_a_variant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_json(tmp_path / "p.json", position_document(hand_a="S"))
    assert "S sue+1" in run(capsys, ["legal", path])[1].splitlines()
    code, out, _ = run(capsys, ["legal", "--variant", "toward-mover", path])
    assert code == 0 and "S sue+1" not in out.splitlines() and "S sue-1" in out.splitlines()


# ---------------------------------------------------------------- apply


def test_apply_prints_the_next_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = position_document(hand_a="S S G2 H2 D3")
    code, out, err = run(capsys, ["apply", "S sue+1", write_json(tmp_path / "p.json", doc)])
    assert (code, err) == (0, "")
    assert json.loads(out) == to_document(play(from_document(doc), "S sue+1"))


def test_apply_with_shuffle_when_the_first_supply_empties(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = the_reshuffle_position()
    order = list(reversed(doc["discard"]))
    path = write_json(tmp_path / "p.json", doc)
    code, out, err = run(capsys, ["apply", "end", path, "--shuffle", " ".join(order)])
    assert (code, err) == (0, "")
    after = json.loads(out)
    assert after["supply_number"] == 2 and after["discard"] == []
    assert after["supply"] == order[1:] and after["hands"]["A"] == sorted(["S"] * 5 + ["H1", "H3", order[0]])
    # A second supply that is not the discard pile is refused.
    code, out, err = run(capsys, ["apply", "end", path, "--shuffle", " ".join(["S"] * len(order))])
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "shuffle" in err


def test_apply_with_seed_when_the_first_supply_empties(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = the_reshuffle_position()
    path = write_json(tmp_path / "p.json", doc)
    outs = [json.loads(run(capsys, ["apply", "end", path, "--seed", str(seed)])[1]) for seed in (1, 1, 2)]
    assert outs[0] == outs[1] and outs[0] != outs[2]
    for after in outs:
        drawn = sorted(after["hands"]["A"])
        assert sorted(after["supply"] + drawn) == sorted(doc["discard"] + ["H1", "H3"] + doc["hands"]["A"])
        assert after["supply_number"] == 2 and len(after["supply"]) == len(doc["discard"]) - 1


# ---------------------------------------------------------------- view


def test_view_for_a_b_and_a_spectator(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = position_document(hand_a="S G2 H2", hand_b="D4 D2 DM GA", supply="H3 H1")
    path = write_json(tmp_path / "p.json", doc)
    views = {}
    for seat in ("A", "B", "spectator"):
        code, out, err = run(capsys, ["view", "--seat", seat, path])
        assert (code, err) == (0, "")
        views[seat] = json.loads(out)
    assert views["A"]["seat"] == "A" and views["A"]["hand"] == ["G2", "H2", "S"]
    assert views["A"]["opponent_hand_size"] == 4 and "hand_sizes" not in views["A"]
    assert views["B"]["hand"] == ["D2", "D4", "DM", "GA"] and views["B"]["opponent_hand_size"] == 3
    assert views["spectator"]["seat"] is None and views["spectator"]["hand"] is None
    assert views["spectator"]["hand_sizes"] == {"A": 3, "B": 4}
    for view in views.values():
        assert view["format"] == "times-square/view/1" and view["supply_size"] == len(doc["supply"])
        assert "supply" not in view and "hands" not in view
    assert "DM" not in json.dumps(views["A"]) and "DM" not in json.dumps(views["spectator"])


# ---------------------------------------------------------------- replay


def test_replay_of_a_good_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = finished_record()
    code, out, err = run(capsys, ["replay", write_json(tmp_path / "g.json", record)])
    assert (code, err) == (0, "")
    assert f"result: {record['result']}" in out and f"{len(record['moves'])} moves" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
    assert run(capsys, ["replay", "-"])[0] == 0


def test_replay_of_a_corrupted_record_names_the_move(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = finished_record()
    record["moves"][4] = "lure deb"
    code, out, err = run(capsys, ["replay", write_json(tmp_path / "g.json", record)])
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "move 5" in err and "lure deb" in err


# ---------------------------------------------------------------- selfplay and bench


def test_selfplay_writes_records_that_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_dir = tmp_path / "games"
    code, out, err = run(capsys, ["selfplay", "--games", "3", "--seed", "4", "--out", str(out_dir)])
    assert (code, err) == (0, "") and "3 games" in out
    files = sorted(out_dir.glob("*.json"))
    assert len(files) == 3
    results = [replay(json.loads(f.read_text(encoding="utf-8"))).result for f in files]
    assert all(r in ("A", "B", "draw") for r in results)
    # The same seed gives the same games.
    again = tmp_path / "again"
    run(capsys, ["selfplay", "--games", "3", "--seed", "4", "--out", str(again)])
    assert [f.read_text() for f in files] == [f.read_text() for f in sorted(again.glob("*.json"))]


def test_bench_prints_both_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, ["bench", "--seconds", "0.4"])
    assert (code, err) == (0, "")
    figures = {}
    for line in out.splitlines():
        for name in ("actions per second", "games per second", "search iterations per second"):
            if line.startswith(name):
                figures[name] = float(line[len(name) :].split()[0].replace(",", ""))  # the Python path's column
    assert figures["actions per second"] > figures["games per second"] > 0
    assert figures["search iterations per second"] > 0


# ---------------------------------------------------------------- bad input


def bad_inputs(tmp: Path) -> list[tuple[list[str], str]]:
    """(argv, standard input) pairs that must each fail with exit status 2 and one line on stderr."""
    good = json.dumps(position_document(hand_a="S G1"))
    unknown_card = json.dumps(position_document(hand_a="S G1")).replace('"G1"', '"G7"', 1)
    broken_record = json.dumps(dict(finished_record(), format="times-square/game/9"))
    return [
        (["legal"], "{not json"),
        (["legal", "-"], ""),
        (["legal", "--jsonl"], good + "\n{oops\n"),
        (["legal"], unknown_card),
        (["legal", str(tmp / "missing.json")], ""),
        (["legal", str(tmp)], ""),
        (["apply", "lure deb"], good),
        (["apply", "S  sue+1"], good),
        (["apply", "end"], good),
        (["apply", "SS group+1"], good),
        (["apply", "S sue+1"], "[]"),
        (["apply", "S sue+1", str(tmp / "missing.json")], ""),
        (["apply", "S sue+1", "--shuffle", "S G9"], good),
        (["view", "--seat", "A"], unknown_card),
        (["view", "--seat", "B", str(tmp / "missing.json")], ""),
        (["replay", "-"], "{"),
        (["replay", "-"], broken_record),
        (["replay", str(tmp / "missing.json")], ""),
        (["selfplay", "--games", "-1", "--out", str(tmp / "x")], ""),
        (["selfplay", "--games", "1", "--a", "no-such-player", "--out", str(tmp / "y")], ""),
    ]


def test_every_bad_input_gives_status_2_and_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for argv, stdin in bad_inputs(tmp_path):
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code, out, err = run(capsys, argv)
        assert code == 2, (argv, out, err)
        assert len(err.splitlines()) == 1 and err.startswith("timessquare "), (argv, err)
        assert "Traceback" not in err and out == "", (argv, out)


@pytest.mark.parametrize("argv", [["legal"], ["apply", "end"], ["replay", "-"]])
def test_deeply_nested_json_is_bad_input_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("[" * 100_000))
    code, _, err = run(capsys, argv)
    assert code == 2 and len(err.splitlines()) == 1


def test_invalid_and_illegal_are_different_messages(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_json(tmp_path / "p.json", position_document(hand_a="S G1"))
    assert "invalid action 'lure deb'" in run(capsys, ["apply", "lure deb", path])[2]
    illegal = run(capsys, ["apply", "end", path])[2]
    assert "illegal action 'end'" in illegal and "R5.4" in illegal


# ---------------------------------------------------------------- the installed command


@pytest.mark.skipif(not EXECUTABLE.exists(), reason="the timessquare command is not installed in this environment")
def test_the_installed_command(tmp_path: Path) -> None:
    doc = position_document(hand_a="S S G2 H2 D3", deb=5)
    path = write_json(tmp_path / "p.json", doc)
    done = subprocess.run([EXECUTABLE, "legal", path], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.splitlines() == from_document(doc).legal_actions()
    done = subprocess.run(
        [EXECUTABLE, "apply", "H2 hal+2"], input=json.dumps(doc), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and json.loads(done.stdout)["figures"]["hal"] == 9


@pytest.mark.skipif(not EXECUTABLE.exists(), reason="the timessquare command is not installed in this environment")
@pytest.mark.parametrize("stdin", [b"{not json", b'{"format": "times-square/position/1"}', b"\xff\xfe{}"])
def test_the_installed_command_on_bad_input(stdin: bytes) -> None:
    done = subprocess.run([EXECUTABLE, "legal"], input=stdin, capture_output=True, timeout=60, check=False)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and len(err.splitlines()) == 1 and "Traceback" not in err, err
