"""The move log: one entry per action, in notation and in words, plus what followed from it in public.

An `end` or a lure is followed by the draw (R6), the reshuffle (R6.2), Charlie's step (R7) and the end of
the game (R8). None of these is in the notation, so they are read off the public views before and after
the action (spectator views: the log is the same for both players and shows nothing hidden, R10).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import MIDDLE, SEAT_NAMES
from ..catalog import LANGUAGES, words
from ..state import entrance_owner
from ..view import PlayerView
from .describe import describe, describe_charlie, describe_draw


@dataclass(frozen=True)
class LogEntry:
    """One line of the log: who (0, 1, or None for what the game itself did), the notation (or ""), and
    the words in English. `kind` and its data say what happened without words, so that `text(lang)` can
    say it in another language: "move", "draw" (`number` cards), "shuffle", "charlie" (`number`: his
    step, + toward B), "to_move", "over" (`result`, and `ending`: how, see `ending_of`); `subject` is the seat
    a draw or a "to move" is about (those lines belong to the game, not to a seat's action)."""

    seat: int | None
    notation: str
    words: str
    kind: str = "text"
    number: int = 0
    result: str = ""
    ending: tuple[str, ...] = ()
    subject: str = ""

    def text(self, lang: str = LANGUAGES[0]) -> str:
        """The entry in `lang` (a language of the catalogs; English for anything else)."""
        return self.words if self.kind == "text" else _entry_words(self, lang)


def over_entry(result: str, end_reason: str, ending: tuple[str, ...]) -> LogEntry:
    """The log's last entry: the result, and how the game ended (`ending_of`)."""
    return LogEntry(None, "", result_words(result, end_reason), "over", result=result, ending=ending)


def ending_of(view: PlayerView, forfeit: dict[str, str] | None = None) -> tuple[str, ...]:
    """How a finished game ended, without words: ("forfeit", seat, reason), ("entrance", figure, owner)
    (R8.1) or ("deck", deciding figure or "none", winner or "draw") (R8.2); read off its public view."""
    if forfeit:
        return ("forfeit", forfeit["seat"], forfeit["reason"])
    figures = view.figures
    for name in ("sue", "charlie"):
        owner = entrance_owner(figures[name])
        if owner is not None:
            return ("entrance", name.capitalize(), SEAT_NAMES[owner])
    deciding = "sue" if figures["sue"] != MIDDLE else "charlie" if figures["charlie"] != MIDDLE else "none"
    return ("deck", deciding, view.result or "draw")


def result_words(result: str | None, end_reason: str, lang: str = LANGUAGES[0]) -> str:
    """ "Game over: Sue reached A's entrance. A wins." """
    if result is None:
        return ""
    outcome = words("log.resultDraw", lang) if result == "draw" else words("over.seatWins", lang, seat=result)
    if not end_reason:
        return words("log.overPlain", lang, outcome=outcome)
    return words("log.over", lang, how=end_reason, outcome=outcome)


def entries_for(move: str, mover: int, before: PlayerView, after: PlayerView, end_reason: str = "") -> list[LogEntry]:
    """The log entries of one action `move` by seat `mover`, given the public views around it."""
    entries = [LogEntry(mover, move, describe(move, mover), "move")]
    turn_over = move == "end" or move.startswith("lure ")
    if move == "end":
        drawn = after.hand_sizes[mover] - before.hand_sizes[mover]
        entries.append(LogEntry(None, "", describe_draw(mover, drawn), "draw", number=drawn, subject=SEAT_NAMES[mover]))
        if after.supply_number != before.supply_number:
            entries.append(LogEntry(None, "", describe("shuffle"), "shuffle"))
    charlie_before, charlie_after = before.figures["charlie"], after.figures["charlie"]
    # R7 happens unless the game ended first (R8.1 mid-turn, or R8.2 during the draw).
    if charlie_after != charlie_before or (turn_over and after.result is None):
        text = describe_charlie(charlie_before, charlie_after)
        entries.append(LogEntry(None, "", text, "charlie", number=charlie_after - charlie_before))
    if after.result is not None:
        entries.append(over_entry(after.result, end_reason, ending_of(after)))
    elif turn_over:
        seat = SEAT_NAMES[after.to_move]
        entries.append(LogEntry(None, "", words("log.toMove", seat=seat), "to_move", subject=seat))
    return entries


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
        return result_words(entry.result, ending_words(entry.ending, lang), lang)
    return entry.words


def ending_words(ending: tuple[str, ...], lang: str = LANGUAGES[0]) -> str:
    """How a game ended (`ending_of`) in words of `lang` (English for a language without words); "" for none."""
    if not ending:
        return ""
    kind, first, second = ending
    if kind == "entrance":
        return words("ending.entrance", lang, figure=words(f"fig.{first.lower()}", lang), owner=second)
    if kind == "deck":
        return words("ending.deck", lang, why=words(f"ending.{first}", lang, winner=second))
    reason = words("ending.resigned", lang) if second == "resigned" else second
    return words("ending.forfeit", lang, seat=first, reason=reason)
