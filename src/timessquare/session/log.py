"""The move log: one entry per action, in notation and in words, plus what followed from it in public.

An `end` or a lure is followed by the draw (R6), the reshuffle (R6.2), Charlie's step (R7) and the end of
the game (R8). None of these is in the notation, so they are read off the public views before and after
the action (spectator views: the log is the same for both players and shows nothing hidden, R10).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SEAT_NAMES
from ..outcome import END_WORDS, Outcome, Termination
from ..view import PlayerView
from .describe import SHUFFLE_WORDS, describe, describe_charlie, describe_draw


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

    def text(self, lang: str = "en") -> str:
        """The entry in `lang` (one of LANGUAGES; English for anything else)."""
        if lang != "fr" or self.kind == "text":
            return self.words
        return _french(self)


def over_entry(outcome: Outcome) -> LogEntry:
    """The log's last entry: the result, and how the game ended."""
    winner = "A draw." if outcome.winner is None else f"{outcome.winner} wins."
    return LogEntry(None, "", f"Game over: {outcome.words()}. {winner}", "over", outcome=outcome)


def ending_of(view: PlayerView, forfeit: dict[str, str] | None = None) -> Outcome | None:
    """How a finished game ended: its forfeit (a record's `forfeit`, which no view holds), else the outcome the
    core gave the view (None while the game runs)."""
    return Outcome.forfeited(forfeit["seat"], forfeit["reason"]) if forfeit else view.outcome


def result_words(outcome: Outcome | None, lang: str = "en") -> str:
    """ "Game over: Sue reached A's entrance. A wins." in words of `lang` ("" while the game runs)."""
    return "" if outcome is None else over_entry(outcome).text(lang)


def entries_for(move: str, mover: int, before: PlayerView, after: PlayerView) -> list[LogEntry]:
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
    if after.outcome is not None:
        entries.append(over_entry(after.outcome))
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
        winner = "Match nul." if entry.result == "draw" else f"{entry.result} gagne."
        return f"Partie terminée : {ending_words(entry.outcome, 'fr')}. {winner}"
    return entry.words


# How a game ends, by language, made from its `Outcome`. The English words are the record's (`END_WORDS`).
_ENDINGS = {
    "en": {**END_WORDS, "resigned": "resigned"},
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


def ending_words(outcome: Outcome | None, lang: str = "en") -> str:
    """How a game ended in words of `lang` (English for a language without words); "" for none."""
    if outcome is None:
        return ""
    words = _ENDINGS.get(lang, _ENDINGS["en"])
    kind = outcome.termination
    if kind in (Termination.SUE, Termination.CHARLIE):
        return words["entrance"].format(figure=kind.value.capitalize(), owner=outcome.seat)
    if kind is Termination.SUPPLY:
        why = words[outcome.deciding or "none"].format(winner=outcome.winner or "")
        return words["deck"].format(why=why)
    reason = words["resigned"] if kind is Termination.RESIGNATION else outcome.reason
    return words["forfeit"].format(seat=outcome.seat, reason=reason)
