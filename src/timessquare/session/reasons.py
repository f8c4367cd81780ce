"""Why an action is refused, in the interfaces' languages: the core's reasons (`explain.Reason`, a rule
broken, with its details) and the session's own (the game is over, not this seat's turn). The words are the
catalogs' (catalog.py): `reason.*` and `refusal.*`."""

from __future__ import annotations

from ..catalog import LANGUAGES, catalog, words
from ..explain import REASON_KINDS, Reason, in_words

__all__ = ["REASON_WORDS", "SESSION_REFUSALS", "SESSION_WORDS", "reason_words", "session_words"]

SESSION_REFUSALS = ("over", "spectator", "turn", "notation")
# The refusals' and the core's reasons' templates, by language: read from the catalogs, every language alike.
SESSION_WORDS = {lang: {key: catalog(lang)[f"refusal.{key}"] for key in SESSION_REFUSALS} for lang in LANGUAGES}
REASON_WORDS = {lang: {kind: catalog(lang)[f"reason.{kind}"] for kind in REASON_KINDS} for lang in LANGUAGES}


def reason_words(reason: Reason, lang: str = LANGUAGES[0]) -> str:
    """A reason of the core in words of `lang` (English for a language without words of its own)."""
    return in_words(reason, lang)


def session_words(key: str, lang: str = LANGUAGES[0], **args: str) -> str:
    """One of the session's own refusals (SESSION_REFUSALS) in words of `lang`."""
    return words(f"refusal.{key}", lang, **args)
