"""docs/research.md shows the observation layout the code has (the layering is import-linter's, in ./test)."""

from __future__ import annotations

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
