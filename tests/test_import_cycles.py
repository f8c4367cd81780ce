"""scripts/check_import_cycles.py (run by ./test) finds import circles however they are hidden, and late
imports that wait for nothing optional; here on small packages written for the purpose."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "check_import_cycles.py"


def check(tmp_path: Path, files: dict[str, str]) -> tuple[int, str]:
    """Write `files` (paths under the package `timessquare`) into a source folder and run the check on it."""
    src = tmp_path / "src"
    for name, text in {"__init__.py": "", **files}.items():
        path = src / "timessquare" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(src)], capture_output=True, text=True, timeout=60, check=False
    )
    return done.returncode, done.stdout


@pytest.mark.parametrize(
    ("files", "code", "said"),
    [
        pytest.param(
            {
                "low.py": "X = 1\n",
                "high.py": "from .low import X\n",
                "sub/__init__.py": "from .. import high\n",
                "sub/leaf.py": "from ..high import X\nfrom . import other\n",
                "sub/other.py": "import json\n",
            },
            0,
            ["import circles: 0"],
            id="a package without circles passes",
        ),
        pytest.param(
            {
                "state.py": "def deal():\n    from .chance import sample\n    return sample()\n",
                "chance.py": "from .state import deal\n",
            },
            1,
            ["import circles: 1", "timessquare.chance -> timessquare.state", "timessquare.state -> timessquare.chance"],
            id="a circle broken only by an import inside a function is found",
        ),
        pytest.param(
            {
                "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .pkg import B\n",
                "pkg/__init__.py": "from .b import B\n",
                "pkg/b.py": "from .. import a\nclass B: ...\n",
            },
            1,
            ["circle of 3"],
            id="a circle through TYPE_CHECKING and a package is found",
        ),
    ],
)
def test_circles_are_found(tmp_path: Path, files: dict[str, str], code: int, said: list[str]) -> None:
    returned, out = check(tmp_path, files)
    assert returned == code, out
    for words in said:
        assert words in out


def test_late_imports_pass_only_for_optional_packages(tmp_path: Path) -> None:
    files = {
        "web.py": "import starlette\n",
        "front.py": (
            "def serve():\n    from .web import app\n"  # our module that needs a third-party package
            "def fast():\n    try:\n        from . import _core\n    except ImportError:\n        return None\n"
            "def numbers():\n    import numpy\n"  # a third-party package
        ),
    }
    code, out = check(tmp_path, files)
    assert code == 0, out
    assert "imports inside functions: 3, of which not for an optional dependency: 0" in out
    code, out = check(tmp_path, {**files, "lazy.py": "def f():\n    import json\n    from . import web\n"})
    assert code == 1
    assert "not for an optional dependency: 1" in out
    assert "src/timessquare/lazy.py:2: json (NOT NEEDED" in out
