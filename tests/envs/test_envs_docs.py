"""docs/research.md shows the observation layout the code has, and the core never imports the interfaces."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="numpy is in the optional extra rl: pip install -e '.[rl]'")

from timessquare.envs.encoding import OBSERVATION_FORMAT, layout_table

ROOT = Path(__file__).resolve().parents[2]


def test_research_doc_has_the_generated_observation_layout() -> None:
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    start = text.index("<!-- observation-layout")
    block = text[text.index("\n", start) + 1 : text.index("<!-- /observation-layout -->")]
    assert block.strip() == layout_table().strip()
    assert OBSERVATION_FORMAT in text


def imported_names(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    return names


def test_no_package_imports_envs_and_the_core_imports_no_research_library() -> None:
    """`timessquare.envs` may use the core and the players, never the other way; the rules core and the
    players stay free of numpy and the research libraries."""
    src = ROOT / "src" / "timessquare"
    libraries = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")
    for path in src.rglob("*.py"):
        parts = path.relative_to(src).parts
        if parts[0] == "envs":
            continue
        core = len(parts) == 1 or parts[0] == "players"
        for name in imported_names(path):
            assert "envs" not in name.split("."), f"{path}: imports {name}"
            assert not (core and name.startswith(libraries)), f"{path}: imports {name}"
