"""The move log: one entry per action, in notation and in words, plus what followed from it in public.

An `end` or a lure is followed by the draw (R6), the reshuffle (R6.2), Charlie's step (R7) and the end of
the game (R8). None of these is in the notation, so they are read off the public views before and after
the action (spectator views: the log is the same for both players and shows nothing hidden, R10).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import MIDDLE, SEAT_NAMES
from ..state import END_WORDS, entrance_owner
from ..view import PlayerView
from .describe import SHUFFLE_WORDS, describe, describe_charlie, describe_draw


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

    def text(self, lang: str = "en") -> str:
        """The entry in `lang` (one of LANGUAGES; English for anything else)."""
        if lang != "fr" or self.kind == "text":
            return self.words
        return _french(self)


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


def result_words(result: str | None, end_reason: str) -> str:
    """ "Game over: Sue reached A's entrance. A wins." """
    if result is None:
        return ""
    outcome = "A draw." if result == "draw" else f"{result} wins."
    return f"Game over: {end_reason}. {outcome}" if end_reason else f"Game over. {outcome}"


def entries_for(move: str, mover: int, before: PlayerView, after: PlayerView, end_reason: str = "") -> list[LogEntry]:
    """The log entries of one action `move` by seat `mover`, given the public views around it."""
    entries = [LogEntry(mover, move, describe(move, mover), "move")]
    turn_over = move == "end" or move.startswith("lure ")
    if move == "end":
        drawn = after.hand_sizes[mover] - before.hand_sizes[mover]
        words = describe_draw(mover, drawn)
        entries.append(LogEntry(None, "", words, "draw", number=drawn, subject=SEAT_NAMES[mover]))
        if after.supply_number != before.supply_number:
            entries.append(LogEntry(None, "", f"{SHUFFLE_WORDS[:1].upper()}{SHUFFLE_WORDS[1:]}", "shuffle"))
    charlie_before, charlie_after = before.figures["charlie"], after.figures["charlie"]
    # R7 happens unless the game ended first (R8.1 mid-turn, or R8.2 during the draw).
    if charlie_after != charlie_before or (turn_over and after.result is None):
        words = describe_charlie(charlie_before, charlie_after)
        entries.append(LogEntry(None, "", words, "charlie", number=charlie_after - charlie_before))
    if after.result is not None:
        entries.append(over_entry(after.result, end_reason, ending_of(after)))
    elif turn_over:
        seat = SEAT_NAMES[after.to_move]
        entries.append(LogEntry(None, "", f"{seat} to move", "to_move", subject=seat))
    return entries


def _french(entry: LogEntry) -> str:
    kind, seat = entry.kind, entry.subject
    if kind == "move":
        return describe(entry.notation, entry.seat, "fr")
    if kind == "draw":
        count = entry.number
        return f"{seat} ne pioche rien" if count == 0 else f"{seat} pioche {count} carte{'s' if count != 1 else ''}"
    if kind == "shuffle":
        return describe("shuffle", lang="fr")
    if kind == "charlie":
        step = entry.number
        if step == 0:
            return "Charlie ne bouge pas"
        return f"Charlie se déplace de {abs(step)} {'vers B' if step > 0 else 'vers A'}"
    if kind == "to_move":
        return f"À {seat} de jouer"
    if kind == "over":
        outcome = "Match nul." if entry.result == "draw" else f"{entry.result} gagne."
        how = ending_words(entry.ending, "fr")
        return f"Partie terminée : {how}. {outcome}" if how else f"Partie terminée. {outcome}"
    return entry.words


# How a game ends, by language. The English words of the ending itself are the core's (`END_WORDS`).
_ENDINGS = {
    "en": {
        **END_WORDS,
        "forfeit": "{seat} forfeited: {reason}",
        "resigned": "resigned",
    },
    "fr": {
        "entrance": "{figure} a atteint l'entrée du club de {owner}",
        "deck": "la seconde pioche est épuisée : {why}",
        "sue": "Sue est dans la moitié de {winner}",
        "charlie": "Sue est au milieu et Charlie dans la moitié de {winner}",
        "none": "Sue et Charlie sont tous deux au milieu",
        "forfeit": "{seat} perd par forfait ({reason})",
        "resigned": "abandon",
    },
}


def ending_words(ending: tuple[str, ...], lang: str = "en") -> str:
    """How a game ended (`ending_of`) in words of `lang` (English for a language without words); "" for none."""
    if not ending:
        return ""
    words = _ENDINGS.get(lang, _ENDINGS["en"])
    kind, first, second = ending
    if kind == "entrance":
        return words["entrance"].format(figure=first, owner=second)
    if kind == "deck":
        return words["deck"].format(why=words[first].format(winner=second))
    reason = words["resigned"] if second == "resigned" else second
    return words["forfeit"].format(seat=first, reason=reason)
