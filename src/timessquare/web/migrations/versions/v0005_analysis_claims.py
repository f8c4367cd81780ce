"""The analysts' queue (web/workers/analyst.py): which analyst is analysing a finished game, until when, and how
often the game has failed, so that several server processes analyse each game once and failed games wait.

Revision ID: 0005_analysis_claims
Revises: 0004_analyses
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_analysis_claims"
down_revision = "0004_analyses"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analysis_claims",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("retry_after", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("analysis_claims")
