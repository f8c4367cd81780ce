"""The game session: one game with its seats and its log in words, the one door of every front end."""

from .game_session import (
    PEOPLE,
    ComputerSeatError,
    ComputerTurn,
    GameSession,
    LegalAction,
    NotYourTurnError,
    RuleError,
    SeatUpdate,
    SpectatorError,
    StaleVersionError,
)
from .log import LogEntry, ending_of, ending_words, entries_of, entry_of, over_entry, result_words

__all__ = [
    "PEOPLE",
    "ComputerSeatError",
    "ComputerTurn",
    "GameSession",
    "LegalAction",
    "LogEntry",
    "NotYourTurnError",
    "RuleError",
    "SeatUpdate",
    "SpectatorError",
    "StaleVersionError",
    "ending_of",
    "ending_words",
    "entries_of",
    "entry_of",
    "over_entry",
    "result_words",
]
