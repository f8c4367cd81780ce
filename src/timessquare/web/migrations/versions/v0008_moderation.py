"""What the operator steers (`timessquare admin`, web/admin.py): banned, muted and cheating accounts, and the
address each account signed up and logged in from (to list an address's accounts).

Revision ID: 0008_moderation
Revises: 0007_seat_seen
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_moderation"
down_revision = "0007_seat_seen"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as table:
        for flag in ("banned", "muted", "cheater"):
            table.add_column(sa.Column(flag, sa.Boolean, nullable=False, server_default=sa.false()))
        table.add_column(sa.Column("created_from", sa.String(64), nullable=True))
    with op.batch_alter_table("logins") as table:
        table.add_column(sa.Column("address", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("logins") as table:
        table.drop_column("address")
    with op.batch_alter_table("accounts") as table:
        for column in ("created_from", "cheater", "muted", "banned"):
            table.drop_column(column)
