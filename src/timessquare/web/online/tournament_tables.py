"""The tables of Swiss tournaments (tournaments.py), in the one metadata; migration 0006_club creates them
(0009 and 0010 add columns)."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Index, Integer, String, Table, false

from ..storage.schema import metadata

tournaments = Table(
    "tournaments",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("name", String(60), nullable=False),
    Column("created_by", Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("control", String(16), nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("starts_at", DateTime(timezone=True), nullable=False),
    Column("status", String(12), nullable=False),  # "open", "running", "finished", "cancelled"
    Column("round", Integer, nullable=False),  # the round being played (0 before the start)
    Column("round_claimed_at", DateTime(timezone=True), nullable=True),  # when a process took it to pair it
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_tournaments_status", "status", "starts_at"),
)

tournament_players = Table(
    "tournament_players",
    metadata,
    Column("tournament_id", String(16), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("joined_at", DateTime(timezone=True), nullable=False),
    Column("withdrawn", Boolean, nullable=False, default=False, server_default=false()),  # paired no more
)

tournament_pairings = Table(
    "tournament_pairings",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("tournament_id", String(16), ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("white", Integer, nullable=True),  # the account at seat A (None: deleted since)
    Column("black", Integer, nullable=True),  # at seat B; None with no game: a bye
    Column("game_id", String(16), nullable=True),
    Index("ix_tournament_pairings_round", "tournament_id", "round"),
    Index("ix_tournament_pairings_game", "game_id"),  # a game's tournament (its page links back)
)
