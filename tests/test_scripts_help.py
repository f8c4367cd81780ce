"""Every script the docs show runs as written: each `scripts/*.py` named in README.md or docs/ answers
`--help` with its usage and exit status 0 (a script that broke on a moved helper fails here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTED = sorted(
    {
        name
        for page in [ROOT / "README.md", *ROOT.glob("docs/*.md")]
        for name in re.findall(r"scripts/([a-z_]+\.py)\b", page.read_text("utf-8"))
    }
)


def test_the_docs_name_scripts_that_exist() -> None:
    assert len(DOCUMENTED) >= 10
    assert [name for name in DOCUMENTED if not (ROOT / "scripts" / name).is_file()] == []


@pytest.mark.parametrize("name", DOCUMENTED)
def test_a_documented_script_answers_help(name: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / name), "--help"], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout.lower()
