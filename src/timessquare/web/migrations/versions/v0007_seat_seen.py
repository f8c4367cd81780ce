"""When each seat of an online game last had a connection, seen by any server process (online/presence.py):
R11.4's claim against a leaver counts 60 seconds without a connection to the game on any process.

Revision ID: 0007_seat_seen
Revises: 0006_club
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_seat_seen"
down_revision = "0006_club"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_games") as table:
        table.add_column(sa.Column("seen_a", sa.DateTime(timezone=True), nullable=True))
        table.add_column(sa.Column("seen_b", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_games") as table:
        table.drop_column("seen_b")
        table.drop_column("seen_a")
