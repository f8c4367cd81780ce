"""A one-row table that `/healthz` writes, so that a database which answers but cannot write is told.

Revision ID: 0003_health
Revises: 0002_meet_online
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_health"
down_revision = "0002_meet_online"
branch_labels = None
depends_on = None


def upgrade() -> None:
    table = op.create_table(
        "health",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.bulk_insert(table, [{"id": 1, "checked_at": None}])


def downgrade() -> None:
    op.drop_table("health")
