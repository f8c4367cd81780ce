"""A pseudo-language made from the English catalog at test time, to prove that adding a language is one
catalog file. Every text of it is bracketed and its letters accented, "⟦Ýöûŕ ţûŕñ⟧" (the placeholders and the
rules cited, R5.4, stay as they are), so that any word an interface shows that does not come from the
catalogs stands out: an English word is plain ASCII, even inside a bracketed sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

from timessquare.catalog import CATALOGS, EXTRA_FOLDER

PSEUDO = "qps"  # a private-use language subtag (BCP 47 qaa-qtz): no real language
OPEN, CLOSE = "⟦", "⟧"
SETTINGS = ("lang.pluralOne", "lang.afterColon")  # how the language works, not words it shows
PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
assert len(PLAIN) == len(ACCENTED)
KEPT = re.compile(r"(\{\w+\}|R\d+(?:\.\d+)?)")  # placeholders and rule citations
# What is not a word of any language: the notation (card codes, figures in moves, seats), rules cited,
# numbers and the game's name.
NOT_WORDS = re.compile(
    r"^(?:SS|S|G1|G2|GA|H[1-3]|D[1-5]|DM|A|B|Times|Square|R\d+|(?:sue|low|high|hal|deb|group)(?:[+-]\d|=8)?|"
    r"lure|discard|end|\d+)$"
)


def pseudo_text(text: str) -> str:
    accent = str.maketrans(PLAIN, ACCENTED)
    return OPEN + "".join(p if KEPT.fullmatch(p) else p.translate(accent) for p in KEPT.split(text)) + CLOSE


def write_pseudo_catalog(folder: Path) -> Path:
    """The pseudo-language's catalog in `folder`, made from the English one; returns its path."""
    english = json.loads((CATALOGS / "en.json").read_text("utf-8"))
    pseudo = {key: text if key in SETTINGS else pseudo_text(text) for key, text in english.items()}
    path = folder / f"{PSEUDO}.json"
    path.write_text(json.dumps(pseudo, ensure_ascii=False, indent=2), "utf-8")
    return path


def bracketed(text: str) -> bool:
    """Does this text start and end as the pseudo-language does, and hold no word from elsewhere?"""
    return text.startswith(OPEN) and text.endswith(CLOSE) and not foreign_words(text)


def foreign_words(text: str) -> list[str]:
    """The words of `text` that no catalog text of the pseudo-language holds (plain ASCII letters), beside
    the notation and numbers."""
    words = re.findall(r"[A-Za-z0-9]+(?:[+=-]\d)?", text.replace(OPEN, " ").replace(CLOSE, " "))
    return [word for word in words if re.search("[A-Za-z]", word) and not NOT_WORDS.match(word)]


__all__ = ["CLOSE", "EXTRA_FOLDER", "OPEN", "PSEUDO", "bracketed", "foreign_words", "write_pseudo_catalog"]
