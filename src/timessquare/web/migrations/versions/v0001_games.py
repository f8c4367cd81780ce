"""The first schema: games, their record entries (moves) and the seat token hashes.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("player_a", sa.String(64), nullable=False),
        sa.Column("player_b", sa.String(64), nullable=False),
        sa.Column("variants", sa.Text, nullable=False),
        sa.Column("start", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("public_moves", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("to_move", sa.String(1), nullable=True),
        sa.Column("result", sa.String(8), nullable=True),
        sa.Column("end_reason", sa.Text, nullable=True),
        sa.Column("forfeit_seat", sa.String(1), nullable=True),
        sa.Column("forfeit_reason", sa.Text, nullable=True),
        sa.Column("rematch_of", sa.String(16), nullable=True),
        sa.Column("rematch_id", sa.String(16), nullable=True),
    )
    op.create_index("ix_games_status_updated", "games", ["status", "updated_at"])
    op.create_table(
        "moves",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("ply", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("move", sa.Text, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),
    )


def downgrade() -> None:
    op.drop_table("seats")
    op.drop_table("moves")
    op.drop_index("ix_games_status_updated", table_name="games")
    op.drop_table("games")
