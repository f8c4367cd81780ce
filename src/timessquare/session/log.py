"""The move log: one entry per action, in notation and in words, plus what followed from it in public.

An `end` or a lure is followed by the draw (R6), the reshuffle (R6.2), Charlie's step (R7) and the end of
the game (R8). The game records each as an event (events.py); a log line is an event in words, and the log
is the same for both players: a draw says how many cards, never which (R10).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import SEAT_NAMES
from ..catalog import LANGUAGES, words
from ..events import CHARLIE, DRAW, MOVE, SHUFFLE, TO_MOVE, Event
from ..outcome import Outcome, Termination
from ..view import PlayerView
from .describe import describe, describe_charlie, describe_draw


@dataclass(frozen=True)
class LogEntry:
    """One line of the log: who (0, 1, or None for what the game itself did), the notation (or ""), and
    the words in English. `kind` and its data say what happened without words, so that `text(lang)` can
    say it in another language: "move", "draw" (`number` cards), "shuffle", "charlie" (`number`: his
    step, + toward B), "to_move", "over" (`outcome`: how it ended, as data); `subject` is the seat
    a draw or a "to move" is about (those lines belong to the game, not to a seat's action)."""

    seat: int | None
    notation: str
    words: str
    kind: str = "text"
    number: int = 0
    outcome: Outcome | None = None
    subject: str = ""

    @property
    def result(self) -> str:
        return "" if self.outcome is None else self.outcome.result

    def text(self, lang: str = LANGUAGES[0]) -> str:
        """The entry in `lang` (a language of the catalogs; English for anything else)."""
        return self.words if self.kind == "text" else _entry_words(self, lang)


def over_entry(outcome: Outcome) -> LogEntry:
    """The log's last entry: the result, and how the game ended."""
    return LogEntry(None, "", result_words(outcome), "over", outcome=outcome)


def ending_of(view: PlayerView, forfeit: dict[str, str] | None = None) -> Outcome | None:
    """How a finished game ended: its forfeit (a record's `forfeit`, which no view holds), else the outcome the
    core gave the view (None while the game runs)."""
    return Outcome.forfeited(forfeit["seat"], forfeit["reason"]) if forfeit else view.outcome


def result_words(outcome: Outcome | None, lang: str = LANGUAGES[0]) -> str:
    """ "Game over: Sue reached A's entrance. A wins." in words of `lang` ("" while the game runs)."""
    if outcome is None:
        return ""
    winner = outcome.winner
    verdict = words("log.resultDraw", lang) if winner is None else words("over.seatWins", lang, seat=winner)
    return words("log.over", lang, how=ending_words(outcome, lang), outcome=verdict)


def entry_of(event: Event) -> LogEntry:
    """One event of the game (events.py) as a log line; a draw says how many cards, never which (R10)."""
    kind = event.kind
    if kind == MOVE:
        return LogEntry(event.seat, event.notation, describe(event.notation, event.seat), "move")
    if kind == DRAW:
        drawer = event.seat or 0
        text = describe_draw(drawer, event.number)
        return LogEntry(None, "", text, "draw", number=event.number, subject=SEAT_NAMES[drawer])
    if kind == SHUFFLE:
        return LogEntry(None, "", describe("shuffle"), "shuffle")
    if kind == CHARLIE:
        return LogEntry(None, "", describe_charlie(0, event.number), "charlie", number=event.number)
    if kind == TO_MOVE:
        seat = SEAT_NAMES[event.seat or 0]
        return LogEntry(None, "", words("log.toMove", seat=seat), "to_move", subject=seat)
    assert event.outcome is not None, "an OVER event says how the game ended"
    return over_entry(event.outcome)


def entries_of(events: Iterable[Event]) -> list[LogEntry]:
    return [entry_of(event) for event in events]


def _entry_words(entry: LogEntry, lang: str) -> str:
    kind, seat = entry.kind, entry.subject
    if kind == "move":
        return describe(entry.notation, entry.seat, lang)
    if kind == "draw":
        return describe_draw(SEAT_NAMES.index(seat), entry.number, lang)
    if kind == "shuffle":
        return describe("shuffle", lang=lang)
    if kind == "charlie":
        return describe_charlie(0, entry.number, lang)
    if kind == "to_move":
        return words("log.toMove", lang, seat=seat)
    if kind == "over":
        return result_words(entry.outcome, lang)
    return entry.words


def ending_words(outcome: Outcome | None, lang: str = LANGUAGES[0]) -> str:
    """How a game ended in words of `lang` (the catalogs' `ending.*`); "" for none."""
    if outcome is None:
        return ""
    kind = outcome.termination
    if kind in (Termination.SUE, Termination.CHARLIE):
        return words("ending.entrance", lang, figure=words(f"fig.{kind.value}", lang), owner=outcome.seat)
    if kind is Termination.SUPPLY:
        why = words(f"ending.{outcome.deciding or 'none'}", lang, winner=outcome.winner or "")
        return words("ending.deck", lang, why=why)
    reason = words("ending.resigned", lang) if kind is Termination.RESIGNATION else outcome.reason
    return words("ending.forfeit", lang, seat=outcome.seat, reason=reason)
