"""The words of every interface, one catalog per language (`i18n/<lang>.json`), read here and by the pages.

A catalog is a flat JSON object, key -> text, with `{name}` placeholders that Python's `str.format` and the
pages' `t()` fill alike; `key_one` / `key_other` are the singular and plural forms of a counted phrase, and
`lang.pluralOne` lists the counts that take the singular (English "1", French "0 1"). A key a catalog lacks
falls back to English. Adding a language is its catalog file plus one line in `LANGUAGES`; a folder named by
the environment variable TIMESSQUARE_CATALOGS adds the catalogs it holds (a translator's trial, the tests).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = [
    "CATALOGS",
    "ENGLISH",
    "EXTRA_FOLDER",
    "LANGUAGES",
    "catalog",
    "counted",
    "folder_read_once",
    "language",
    "languages",
    "plural_form",
    "words",
]

CATALOGS = Path(__file__).resolve().parent / "i18n"
ENGLISH = "en"
# The languages of the interfaces, one line each; the first is the fallback for every missing word.
LANGUAGES = (
    "en",
    "fr",
)
EXTRA_FOLDER = "TIMESSQUARE_CATALOGS"
_UNREAD = "\0"  # no folder read for the moment: look in the environment
_folder_now: ContextVar[str] = ContextVar("catalog folder", default=_UNREAD)


@contextmanager
def folder_read_once() -> Iterator[str | None]:
    """Within it, the words come from the catalogs the TIMESSQUARE_CATALOGS folder held as it began: the
    environment is read once, not on each word (a server's change wording dozens of choices read it
    thirty times each). Yields the folder (None: none)."""
    folder = os.environ.get(EXTRA_FOLDER) or ""
    token = _folder_now.set(folder)
    try:
        yield folder or None
    finally:
        _folder_now.reset(token)


def _extra_folder() -> str:
    folder = _folder_now.get()
    return (os.environ.get(EXTRA_FOLDER) or "") if folder == _UNREAD else folder


def languages() -> tuple[str, ...]:
    """`LANGUAGES` and the catalogs of the TIMESSQUARE_CATALOGS folder (if set)."""
    if not _extra_folder():
        return LANGUAGES
    return LANGUAGES + tuple(lang for lang in _extra_catalogs() if lang not in LANGUAGES)


def language(lang: str | None) -> str:
    """`lang` if it is one of `languages()`, else English."""
    return lang if lang in languages() else ENGLISH


def catalog(lang: str = ENGLISH) -> Mapping[str, str]:
    """Every word of `lang` (English where it has none); English for an unknown language."""
    if not _extra_folder():  # the usual case: no translator's folder to look into on every word
        return _built_in(lang)
    lang = language(lang)
    path = _extra_catalogs().get(lang, CATALOGS / f"{lang}.json")
    return _merged(str(path), str(CATALOGS / f"{ENGLISH}.json"))


def words(key: str, lang: str = ENGLISH, /, **params: object) -> str:
    """The text of `key` in `lang`, its `{name}` placeholders filled from `params`."""
    return catalog(lang)[key].format(**params)


def counted(key: str, n: int, lang: str = ENGLISH, /, **params: object) -> str:
    """`key_one` or `key_other` by the count `n` (the language's `lang.pluralOne`), with `{n}` filled."""
    return words(f"{key}_{plural_form(n, lang)}", lang, n=n, **params)


def plural_form(n: int, lang: str = ENGLISH) -> str:
    """ "one" where `lang` says the count `n` takes the singular, else "other"."""
    return "one" if str(n) in catalog(lang)["lang.pluralOne"].split() else "other"


def _extra_catalogs() -> dict[str, Path]:
    folder = _extra_folder()
    if not folder:
        return {}
    return {path.stem: path for path in sorted(Path(folder).glob("*.json"))}


@cache
def _built_in(lang: str) -> Mapping[str, str]:
    lang = lang if lang in LANGUAGES else ENGLISH
    return _merged(str(CATALOGS / f"{lang}.json"), str(CATALOGS / f"{ENGLISH}.json"))


@cache
def _merged(path: str, english: str) -> Mapping[str, str]:
    merged = _read(english)
    if path != english:
        merged = {**merged, **_read(path)}
    return merged


def _read(path: str) -> dict[str, str]:
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise ValueError(f"{path}: a catalog is a JSON object of texts")
    return data
