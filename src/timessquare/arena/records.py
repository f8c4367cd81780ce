"""The folder of game records that `selfplay --out` and `arena --out` write: game-00001.json, game-00002.json, …

Made ready before the first game is played, so that a wrong `--out` costs nothing: a path that is a file, or
a folder already holding records of these names (they would be overwritten), is refused with the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import TimesSquareError


def record_path(folder: Path, index: int) -> Path:
    """Where game `index` (0-based) goes."""
    return folder / f"game-{index + 1:05d}.json"


def prepare_folder(out: str | Path, games: int) -> Path:
    """The folder for `games` records, created if missing; raises TimesSquareError when it cannot be used."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise TimesSquareError(f"--out {out}: this is a file, not a folder (the records go into a folder)")
    taken = [p.name for p in (record_path(folder, i) for i in range(games)) if p.exists()]
    if taken:
        more = f" and {len(taken) - 1} more" if len(taken) > 1 else ""
        raise TimesSquareError(
            f"--out {out} already holds game records ({taken[0]}{more}): choose another folder or remove them"
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise TimesSquareError(f"cannot create {out}: {e.strerror or e}") from None
    return folder


def write_record(folder: Path, index: int, record: dict[str, Any]) -> Path:
    path = record_path(folder, index)
    try:
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        raise TimesSquareError(f"cannot write {path}: {e.strerror or e}") from None
    return path
