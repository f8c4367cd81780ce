"""A game's chat and the reports of its messages (web/storage/chat.py), and the games the players stopped
(`games.agreed`: a draw by agreement or an abort, the record's `agreed`), and Swiss tournaments
(web/online/tournament_tables.py), the profiles of bot accounts made from the page (web/online/bot_accounts.py), and
follows (web/online/people.py).

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
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=True),
        sa.Column("seat", sa.String(1), nullable=True),
        sa.Column("name", sa.String(32), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game", "chat_messages", ["game_id", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.Integer, sa.ForeignKey("chat_messages.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game_id", sa.String(16), nullable=True),
        sa.Column("by_seat", sa.String(1), nullable=True),
        sa.Column("by_name", sa.String(32), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )

    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
        sa.Column("control", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status", "starts_at"])
    op.create_table(
        "tournament_players",
        sa.Column(
            "tournament_id", sa.String(16), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "tournament_pairings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("white", sa.Integer, nullable=True),
        sa.Column("black", sa.Integer, nullable=True),
        sa.Column("game_id", sa.String(16), nullable=True),
    )
    op.create_index("ix_tournament_pairings_round", "tournament_pairings", ["tournament_id", "round"])
    op.create_table(
        "bot_profiles",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
        sa.Column("description", sa.String(200), nullable=False),
    )
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("followed_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("follows")
    op.drop_table("bot_profiles")
    op.drop_index("ix_tournament_pairings_round", "tournament_pairings")
    op.drop_table("tournament_pairings")
    op.drop_table("tournament_players")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_messages_game", "chat_messages")
    op.drop_table("chat_messages")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("agreed")
