"""The load script, the soak and the cluster script run as docs/web.md shows them, from the checkout and
without PYTHONPATH: each one's --help, then a short run (the load script: a handful of games on SQLite for two
seconds; the soak: each kind of client once, one 4-second report, every record checked; the cluster script:
one process behind HAProxy, asked for its health through the proxy, then stopped)."""

from __future__ import annotations

import importlib
import json
import os
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from pgcluster import find_bindir
from webcluster import find_haproxy

from processes import kill_group

ROOT = Path(__file__).resolve().parent.parent.parent
CLEAN = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # as in a fresh shell


def run(*command: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, env=CLEAN, capture_output=True, text=True, timeout=timeout)


def test_load_web_helps_and_measures_a_short_run(tmp_path: Path) -> None:
    helped = run(sys.executable, "scripts/load_web.py", "--help")
    assert helped.returncode == 0 and "--processes" in helped.stdout, helped.stderr
    figures = tmp_path / "figures.json"
    short = ["--games", "3", "--database", "sqlite", "--seconds", "2", "--warmup", "1", "--think", "0"]
    done = run(sys.executable, "scripts/load_web.py", *short, "--json", str(figures))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "actions/s" in done.stdout and "p99" in done.stdout and "ms/action" in done.stdout
    (row,) = json.loads(figures.read_text())
    assert row["database"] == "sqlite" and row["games"] == 3 and row["errors"] == 0
    assert row["actions"] > 0 and row["p99_ms"] >= row["median_ms"] > 0
    assert row["server_cpu_ms_per_action"] > 0  # the server's CPU seconds over the actions
    assert 0 < row["server_loop_cpu_ms_per_action"] <= row["server_cpu_ms_per_action"]  # its event loop's share
    assert row["pings_only"] is False
    pinged = run(sys.executable, "scripts/load_web.py", *short, "--pings", "--json", str(figures))
    assert pinged.returncode == 0, pinged.stdout + pinged.stderr
    assert "(pings only)" in pinged.stdout
    (row,) = json.loads(figures.read_text())
    assert row["pings_only"] is True and row["actions"] > 0 and row["games_finished"] == 0  # nobody played


def test_the_soak_helps_reports_and_checks_every_record(tmp_path: Path) -> None:
    helped = run(sys.executable, "scripts/soak.py", "--help")
    assert helped.returncode == 0 and "--minutes" in helped.stdout and "--processes" in helped.stdout, helped.stderr
    figures = tmp_path / "soak.json"
    short = ["--minutes", "1", "--interval", "4", "--friend", "2", "--computer", "1", "--pairs", "1"]
    done = run(sys.executable, "scripts/soak.py", *short, "--misbehaving", "1", "--json", str(figures), timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads(figures.read_text())
    (minute,) = summary["rows"]
    assert minute["actions"] > 0 and minute["p99_ms"] > 0 and minute["database_mb"] > 0
    assert minute["memory"]["s1"]["server_mb"] > 0 and minute["open_files"]["s1"] > 0
    assert summary["games_checked"] > 0 and summary["lost_or_unreplayable"] == []
    assert summary["tracebacks"] == [] and summary["shutdown_warnings"] == []  # a clean stop, nothing leaked
    assert sum(summary["expected_refusals"].values()) > 0  # the misbehaving client was refused, as it asked


def test_cluster_sh_helps_and_serves_through_its_proxy() -> None:
    if find_haproxy() is None or find_bindir() is None:
        pytest.skip("haproxy or PostgreSQL is not installed (./test installs them: scripts/ensure_package.sh)")
    helped = run("scripts/cluster.sh", "--help")
    assert helped.returncode == 0 and "--processes" in helped.stdout, helped.stderr
    cluster = subprocess.Popen(
        ["scripts/cluster.sh", "1"],
        cwd=ROOT,
        env=CLEAN,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # stopped as a group if anything goes wrong
    )
    watchdog = threading.Timer(120, kill_group, [cluster])  # a hung start fails the test, never hangs it
    watchdog.start()
    try:
        assert cluster.stdout is not None
        lines = []
        for line in cluster.stdout:
            lines.append(line)
            if "Press Ctrl+C" in line:
                break
        printed = "".join(lines)
        assert "behind HAProxy: http://127.0.0.1:" in printed, printed
        proxy = printed.split("behind HAProxy: ")[1].split()[0]
        with urllib.request.urlopen(f"{proxy}/healthz", timeout=10) as answer:
            assert json.load(answer) == {"ok": True, "database": "postgresql"}
        cluster.send_signal(signal.SIGTERM)  # cluster.sh ends in exec: this is cluster.py
        assert cluster.wait(60) == 0
    finally:
        watchdog.cancel()
        kill_group(cluster)


def test_the_soak_fits_each_processs_growth_after_its_first_minutes() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        soak = importlib.import_module("soak")
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    rows = [
        {"minute": m, "memory": {"s1": {"server_mb": 90 + (m if m > 10 else 5 * m), "workers_mb": [40.0, 30 + m / 2]}}}
        for m in range(1, 21)
    ]
    assert soak.growth(rows) == {"s1": 60.0, "s1 worker 1": 0.0, "s1 worker 2": 30.0}  # the first 10 minutes left out
    assert soak.growth(rows, interval=30) == {"s1": 120.0, "s1 worker 1": 0.0, "s1 worker 2": 60.0}
    assert soak.growth(rows[:13]) == {"s1": None, "s1 worker 1": None, "s1 worker 2": None}  # too few to fit


def test_commit_cost_prints_the_cpu_per_move_of_each_batch_size() -> None:
    done = run(sys.executable, "scripts/commit_cost.py", "--database", "sqlite", "--moves", "12", "--batches", "1", "3")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0].split()[-1] for line in lines] == ["1", "3"]
    assert all("µs of CPU per move" in line and float(line.split(":")[1].split()[0]) > 0 for line in lines)
