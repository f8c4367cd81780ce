"""The game session: one game with its seats and its log in words, driven by every front end."""

from .game_session import GameSession, NotYourTurnError, SeatUpdate, StaleVersionError
from .log import LogEntry, ending_of, entries_for, over_entry, result_words

__all__ = [
    "GameSession",
    "LogEntry",
    "NotYourTurnError",
    "SeatUpdate",
    "StaleVersionError",
    "ending_of",
    "entries_for",
    "over_entry",
    "result_words",
]
