"""The club's shared state in the database, for every server process: who is online, the offers on the tables
(draw, rematch), the lock quick pairing takes, a chat message reported once, a game's tournament found by
its id, and a tournament's players who withdrew.

Revision ID: 0009_shared_club
Revises: 0008_moderation
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_shared_club"
down_revision = "0008_moderation"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "present_accounts",
        sa.Column("process", sa.String(16), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "game_offers",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    locks = op.create_table("club_locks", sa.Column("name", sa.String(32), primary_key=True))
    op.bulk_insert(locks, [{"name": "quick_pairing"}])
    # A message is reported once: the repeats of older servers go before the index that forbids them.
    op.execute("DELETE FROM chat_reports WHERE id NOT IN (SELECT MIN(id) FROM chat_reports GROUP BY message_id)")
    op.create_index("ux_chat_reports_message", "chat_reports", ["message_id"], unique=True)
    op.create_index("ix_tournament_pairings_game", "tournament_pairings", ["game_id"])
    with op.batch_alter_table("tournament_players") as table:
        table.add_column(sa.Column("withdrawn", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tournament_players") as table:
        table.drop_column("withdrawn")
    op.drop_index("ix_tournament_pairings_game", "tournament_pairings")
    op.drop_index("ux_chat_reports_message", "chat_reports")
    op.drop_table("club_locks")
    op.drop_table("game_offers")
    op.drop_table("present_accounts")
