"""docs/research.md: the observation layout the code has, and every code block a test (the Python blocks
run as written; each command line's program exists and takes every option it is given; each extra it
installs is declared). The layering is import-linter's, in ./test."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="numpy is in the optional extra rl: pip install -e '.[rl]'")

from timessquare.envs.encoding import OBSERVATION_FORMAT, layout_table

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(DOC.read_text(encoding="utf-8")) if lang == language]


def test_research_doc_has_the_generated_observation_layout() -> None:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("<!-- observation-layout")
    block = text[text.index("\n", start) + 1 : text.index("<!-- /observation-layout -->")]
    assert block.strip() == layout_table().strip()
    assert OBSERVATION_FORMAT in text


def test_every_code_block_is_python_or_a_console() -> None:
    text = DOC.read_text(encoding="utf-8")
    indented = re.search(r"^    \S", BLOCK.sub("", text), re.M)
    assert not indented, "an indented code block: fence it (```python or ```console)"
    assert {lang for lang, _ in BLOCK.findall(text)} <= {"python", "console"}


@pytest.mark.parametrize("source", blocks("python"), ids=lambda s: s.split("\n")[-2][:40])
def test_python_blocks_run_as_written(source: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, str(DOC), "exec"), {"__name__": "__doc_block__"})
    assert out.getvalue().strip(), "each block prints what it got"


def commands() -> list[list[str]]:
    lines = [line[2:] for body in blocks("console") for line in body.splitlines() if line.startswith("$ ")]
    out = []
    for line in lines:
        for part in re.split(r"\s*(?:&&|#.*$)\s*", line):
            words = [w for w in shlex.split(part) if "=" not in w.split("/")[0] or w.startswith("-")]
            if words:
                out.append(words)
    return out


def test_console_commands_name_real_programs_options_and_extras() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = set(project["optional-dependencies"])
    checked = 0
    for words in commands():
        for word in words:
            for extra in re.findall(r"\[([\w,-]+)\]", word):
                assert set(extra.split(",")) <= extras, f"{word}: no such extra"
        if words[0].endswith("python") and len(words) > 1 and words[1].startswith("scripts/"):
            program, options = [sys.executable, str(ROOT / words[1])], words[2:]
        elif words[0] == "timessquare":
            program, options = [sys.executable, "-m", "timessquare", words[1]], words[2:]
        else:
            continue
        helptext = subprocess.run([*program, "--help"], capture_output=True, text=True, timeout=120).stdout
        for option in (w.split("=")[0] for w in options if w.startswith("--")):
            assert option in helptext, f"{' '.join(words)}: {option} is not an option of {program[-1]}"
        checked += 1
    assert checked >= 3
