"""A game's chat and the reports of its messages (web/storage/chat.py), and the games the players stopped
(`games.agreed`: a draw by agreement or an abort, the record's `agreed`).

Revision ID: 0006_club
Revises: 0005_analysis_claims
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_club"
down_revision = "0005_analysis_claims"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("agreed", sa.String(8), nullable=True))
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("name", sa.String(32), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game", "chat_messages", ["game_id", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.Integer, sa.ForeignKey("chat_messages.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("by_seat", sa.String(1), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_messages_game", "chat_messages")
    op.drop_table("chat_messages")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("agreed")
