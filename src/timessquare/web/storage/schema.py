"""The tables of the web game's database (SQLAlchemy Core), the one description the migrations follow.

A game is stored as its record (FORMATS.md): the start position after the deal (secret: it holds both hands
and the supply order, so it never leaves the server) and one row per record entry in `moves`. Restoring a
game is replaying that record. The columns of `games` beside the record are a summary for the lists.
Seat tokens are stored only as hashes, in `seats`.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

GAME_ID_LENGTH = 11

games = Table(
    "games",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("mode", String(16), nullable=False),  # "computer" or "friend"
    Column("player_a", String(64), nullable=False),  # record names: "you", "friend", or a level
    Column("player_b", String(64), nullable=False),
    Column("variants", Text, nullable=False),  # JSON array of rule variant names
    Column("start", Text, nullable=False),  # JSON position document after the deal (secret)
    Column("version", Integer, nullable=False),  # grows with every change; guards concurrent writers
    Column("public_moves", Integer, nullable=False),  # actions played, for the summaries
    Column("status", String(16), nullable=False),  # "live" or "finished"
    Column("to_move", String(1), nullable=True),
    Column("result", String(8), nullable=True),
    Column("end_reason", Text, nullable=True),
    Column("forfeit_seat", String(1), nullable=True),
    Column("forfeit_reason", Text, nullable=True),
    Column("rematch_of", String(16), nullable=True),
    Column("rematch_id", String(16), nullable=True),
    Index("ix_games_status_updated", "status", "updated_at"),
)

moves = Table(
    "moves",
    metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True, autoincrement=False),  # index in the record's `moves`
    Column("move", Text, nullable=False),  # notation, or `shuffle …` with the secret order
)

seats = Table(
    "seats",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # sha256 of the token, hex
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", String(1), nullable=False),
    UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),
)

analyses = Table(
    "analyses",
    metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # JSON: the analysis document (players/analysis.py), or {"error": why} when the game could not be analysed
    Column("document", Text, nullable=False),
)

analysis_claims = Table(
    "analysis_claims",
    metadata,
    # A finished game some analyst has tried to analyse (web/workers/analyst.py): the row is its place in the queue.
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("claimed_by", String(64), nullable=True),  # the analyst at work on it now; null between tries
    Column("lease_until", DateTime(timezone=True), nullable=True),  # past it, a silent analyst is taken as dead
    Column("attempts", Integer, nullable=False),  # the tries that failed or never finished
    Column("retry_after", DateTime(timezone=True), nullable=True),  # a failed game waits until then
)

health = Table(
    "health",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),  # one row, id 1
    Column("checked_at", DateTime(timezone=True), nullable=True),  # written by every health check
)
