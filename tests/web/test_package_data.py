"""The installed package carries every file the web server reads that is not Python (pages, static files,
translations, the migrations' template): each one is matched by pyproject's package-data, so a wheel
(`pip wheel . --no-deps`) holds it."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "timessquare"


def test_every_file_of_the_web_server_is_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-data"]
    shipped = {path for pattern in patterns["timessquare"] for path in PACKAGE.glob(pattern) if path.is_file()}
    needed = {
        path
        for path in (PACKAGE / "web").rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    }
    assert {p.relative_to(PACKAGE).as_posix() for p in needed - shipped} == set()
    assert {"pages", "static", "migrations"} <= {p.relative_to(PACKAGE / "web").parts[0] for p in needed}
