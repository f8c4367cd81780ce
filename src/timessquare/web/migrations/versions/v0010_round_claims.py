"""When a tournament's round was claimed for pairing: a round claimed by a process that died before it paired
anybody is given back after a while (online/tournaments.py), instead of waiting forever.

Revision ID: 0010_round_claims
Revises: 0009_shared_club
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_round_claims"
down_revision = "0009_shared_club"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as table:
        table.add_column(sa.Column("round_claimed_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as table:
        table.drop_column("round_claimed_at")
