"""Golden playthroughs: seeded complete games, step by step, must read exactly as stored in tests/golden/.

Each file holds one game between random players (the deal, then for every step the mover, the sorted legal
actions, both seats' view documents and the chosen action, then the result and the record's end reason).
The text is regenerated in memory by scripts/regen_golden.py's `playthrough_text` and compared with the
file; a difference means the engine's behaviour changed somewhere (deal, rules, draws, views, notation).
If the change was intended, rewrite the files with `.venv/bin/python scripts/regen_golden.py --playthroughs`
and review `git diff tests/golden` before committing.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
MAX_GOLDEN_BYTES = 2_000_000


regen = load_script("regen_golden")


@pytest.mark.parametrize("seed", regen.PLAYTHROUGH_SEEDS)
def test_playthrough_matches_the_golden_file(seed: int) -> None:
    path = regen.playthrough_path(seed)
    expected = path.read_text(encoding="utf-8")
    actual = regen.playthrough_text(seed)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"{path.relative_to(ROOT)} (golden)",
            tofile="now",
            n=2,
        )
        shown = "".join(list(diff)[:80])
        pytest.fail(
            f"the playthrough of seed {seed} changed (if intended: scripts/regen_golden.py --playthroughs):\n{shown}"
        )


def test_playthroughs_cover_every_way_a_game_ends_R8() -> None:
    ends = [regen.playthrough_path(seed).read_text(encoding="utf-8") for seed in regen.PLAYTHROUGH_SEEDS]
    last_lines = [text.rstrip("\n").rsplit("\n", 1)[-1] for text in ends]
    assert any(line.startswith("end Sue reached") for line in last_lines)
    assert any(line.startswith("end Charlie reached") for line in last_lines)
    assert any(line.startswith("end the second supply ran out") for line in last_lines)
    assert any("\nrecord shuffle " in text for text in ends), "no playthrough reshuffles (R6.2)"


def test_golden_files_stay_small() -> None:
    files = [*GOLDEN.glob("playthrough-*.txt"), GOLDEN / "perft.json"]
    assert sorted(p.name for p in GOLDEN.glob("playthrough-*.txt")) == sorted(
        regen.playthrough_path(s).name for s in regen.PLAYTHROUGH_SEEDS
    ), "a playthrough file without a seed in PLAYTHROUGH_SEEDS (or the reverse)"
    assert sum(p.stat().st_size for p in files) < MAX_GOLDEN_BYTES
