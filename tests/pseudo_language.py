"""A pseudo-language made from the English catalog at test time, to prove that adding a language is one
catalog file: every text of it is bracketed, ⟦like this⟧, so any word an interface shows that does not come
from the catalogs stands out (as do words put together from several, ⟦⟦Sue⟧ moves…⟧)."""

from __future__ import annotations

import json
from pathlib import Path

from timessquare.catalog import CATALOGS, EXTRA_FOLDER

PSEUDO = "qps"  # a private-use language subtag (BCP 47 qaa-qtz): no real language
OPEN, CLOSE = "⟦", "⟧"
SETTINGS = ("lang.pluralOne", "lang.afterColon")  # how the language works, not words it shows


def write_pseudo_catalog(folder: Path) -> Path:
    """The pseudo-language's catalog in `folder`, made from the English one; returns its path."""
    english = json.loads((CATALOGS / "en.json").read_text("utf-8"))
    pseudo = {key: text if key in SETTINGS else f"{OPEN}{text}{CLOSE}" for key, text in english.items()}
    path = folder / f"{PSEUDO}.json"
    path.write_text(json.dumps(pseudo, ensure_ascii=False, indent=2), "utf-8")
    return path


def bracketed(text: str) -> bool:
    """Is this text all pseudo-language (one bracketed whole)?"""
    return text.startswith(OPEN) and text.endswith(CLOSE)


__all__ = ["CLOSE", "EXTRA_FOLDER", "OPEN", "PSEUDO", "bracketed", "write_pseudo_catalog"]
