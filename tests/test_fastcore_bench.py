"""`timessquare bench --json`: one object with both paths' random play and search figures, and the vector
environment's learner steps per second."""

from __future__ import annotations

import json

import pytest

from timessquare import _fastcore as fast
from timessquare.cli import main
from timessquare.cli.bench import measure_paths


def test_bench_json_gives_both_paths_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0.8", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    doc = json.loads(captured.out)
    assert set(doc) == {"python", "compiled", "vector_env"}
    vector = doc["vector_env"]
    assert vector["steps_per_second"] > 0 and vector["steps"] >= vector["num_envs"]
    assert vector["engine"] == ("c" if fast.available() else "python")
    # the figure says how it was measured (docs/research.md): actions drawn before the clock, no copies
    assert (vector["actions"], vector["copy"], vector["opponent"]) == ("drawn in advance", False, "random")
    paths = ("python", "compiled") if fast.available() else ("python",)
    for path in paths:
        figures = doc[path]
        assert figures["actions_per_second"] > figures["games_per_second"] > 0
        assert figures["search_iterations_per_second"] > 0
        assert figures["actions"] >= figures["games"]
    # How much faster the compiled path is, is a figure of the benchmark (docs/strength.md), not an assertion:
    # on a loaded machine a timed ratio fails by chance (it did, at a load of 10).
    if not fast.available():
        assert doc["compiled"] is None


def test_without_the_compiled_core_bench_reports_the_python_path(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(fast.PURE_ENV, "1")
    assert measure_paths(0.2)["compiled"] is None
    assert main(["bench", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "not built" in out and "actions per second" in out
    assert "vector environment (python engine" in out  # the same interface, on the Python engine


def test_bench_refuses_a_time_of_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0"]) == 2
    assert "--seconds" in capsys.readouterr().err
