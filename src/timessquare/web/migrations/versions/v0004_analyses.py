"""The expert's analysis of each finished game (players/analysis.py), stored beside the game.

Revision ID: 0004_analyses
Revises: 0003_health
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_analyses"
down_revision = "0003_health"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("document", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analyses")
