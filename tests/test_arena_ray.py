"""`--ray`: the arena and self-play as Ray tasks give the records and results of the local run for the same
seeds (players with iteration budgets), through a Ray head on loopback with its own workers, started and
stopped here. (A bare `--ray` starts a Ray of this machine the same way, on loopback; it is not started
again here, to keep the suite short.)"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

# Ray as one machine on 127.0.0.1 (its servers listen on loopback only), without usage reports, with a
# token of its own; read when Ray is imported, so set first.
RAY_ENV = {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_AUTH_MODE": "token",
    "RAY_AUTH_TOKEN": uuid.uuid4().hex,
}
os.environ.update(RAY_ENV)

pytest.importorskip("ray", reason="Ray is in the optional extra cluster: pip install -e '.[cluster]'")

from timessquare.cli import main  # noqa: E402

SEARCHER = "ismcts:iterations=40,workers=1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def ray_head() -> Iterator[str]:
    """A Ray head on 127.0.0.1 with two worker CPUs, in its own temporary folder; stopped (by its process
    id: `ray start --block` takes its processes down with it) at the end."""
    port = free_port()
    temp = tempfile.mkdtemp(prefix="tsray-", dir="/tmp")  # Ray's socket paths must stay short
    ray = Path(sys.executable).with_name("ray")
    command = [str(ray), "start", "--head", "--block", "--node-ip-address=127.0.0.1", f"--port={port}"]
    command += ["--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}"]
    head = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert head.stdout is not None
        deadline = time.monotonic() + 180
        seen = []
        for line in head.stdout:
            seen.append(line)
            if "Ray runtime started" in line or time.monotonic() > deadline:
                break
        assert any("Ray runtime started" in line for line in seen), "".join(seen[-20:])
        yield f"127.0.0.1:{port}"
    finally:
        head.terminate()
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)


def outputs(capsys: pytest.CaptureFixture[str], argv: list[str], out: Path) -> tuple[str, dict[str, str]]:
    assert main([*argv, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    return printed, {p.name: p.read_text() for p in sorted(out.glob("*.json"))}


def without_times(printed: str) -> dict[str, object]:
    doc = json.loads(printed)
    return {k: v for k, v in doc.items() if k not in ("mean_think_s", "max_think_s")}


def test_arena_through_a_ray_head_on_loopback_gives_the_local_results(
    ray_head: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["arena", SEARCHER, "heuristic", "--games", "4", "--seed", "12", "--json"]
    local, local_records = outputs(capsys, [*argv, "--workers", "1"], tmp_path / "local")
    remote, remote_records = outputs(capsys, [*argv, "--ray", ray_head], tmp_path / "ray")
    assert without_times(remote) == without_times(local)
    assert len(local_records) == 4 and remote_records == local_records


def test_selfplay_through_a_ray_head_on_loopback_gives_the_local_records(
    ray_head: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["selfplay", "--games", "3", "--seed", "5", "--a", SEARCHER, "--b", "heuristic"]
    local, local_records = outputs(capsys, argv, tmp_path / "local")
    remote, remote_records = outputs(capsys, [*argv, "--ray", ray_head], tmp_path / "ray")
    assert remote.replace(str(tmp_path / "ray"), "DIR") == local.replace(str(tmp_path / "local"), "DIR")
    assert len(local_records) == 3 and remote_records == local_records


def test_alphazero_training_through_a_ray_head_gives_the_local_net(ray_head: str, tmp_path: Path) -> None:
    """scripts/train_alphazero.py --ray ADDRESS: its self-play games as Ray tasks, the same net as at home."""
    from script_modules import load_script

    script = load_script("train_alphazero")
    args = ["--iterations", "2", "--games", "3", "--simulations", "4", "--steps", "10", "--hidden", "16"]
    assert script.main([*args, "--out", str(tmp_path / "local.json")]) == 0
    assert script.main([*args, "--out", str(tmp_path / "ray.json"), "--ray", ray_head]) == 0
    local = json.loads((tmp_path / "local.json").read_text("utf-8"))
    remote = json.loads((tmp_path / "ray.json").read_text("utf-8"))
    assert remote["weights"] == local["weights"]
    assert remote["about"]["history"][-1]["samples"] == local["about"]["history"][-1]["samples"] > 0
