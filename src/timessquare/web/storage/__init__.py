"""The web game's storage: games as records in SQLite or PostgreSQL."""

from .database import DatabaseUnavailable, default_database_url, dialect_name, make_engine, migrate, parse_database_url
from .store import (
    Append,
    GameStart,
    GameStore,
    NewGame,
    Progress,
    Settlement,
    StoredGame,
    Summary,
    Tail,
    VersionConflict,
)

__all__ = [
    "Append",
    "DatabaseUnavailable",
    "GameStart",
    "GameStore",
    "NewGame",
    "Progress",
    "Settlement",
    "StoredGame",
    "Summary",
    "Tail",
    "VersionConflict",
    "default_database_url",
    "dialect_name",
    "make_engine",
    "migrate",
    "parse_database_url",
]
