"""The game session: one game with its seats and its log in words, driven by every front end."""

from .game_session import GameSession, NotYourTurnError, SeatUpdate, StaleVersionError
from .log import LogEntry, entries_for, result_words

__all__ = [
    "GameSession",
    "LogEntry",
    "NotYourTurnError",
    "SeatUpdate",
    "StaleVersionError",
    "entries_for",
    "result_words",
]
