"""The online tables (accounts, login sessions, online games with their clocks, challenges, rating history),
beside the game tables of schema.py and in the same metadata (a new game writes rows of both in one transaction:
store.py `GameStore.start`); migration v0002_meet_online created them.

Secrets are stored only as hashes: passwords as argon2id hashes, login cookies as SHA-256 of the token.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    false,
)

from .schema import metadata

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),  # as its owner wrote it; "deleted-N" once deleted
    Column("name_key", String(32), nullable=False, unique=True),  # folded for look-alikes (accounts.name_key)
    Column("password_hash", Text, nullable=True),  # argon2id; None once deleted
    Column("bot", Boolean, nullable=False, default=False),
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False, default=0),  # rated games played
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("deleted", Boolean, nullable=False, default=False),
    Column("banned", Boolean, nullable=False, default=False, server_default=false()),  # timessquare admin ban
    Column("muted", Boolean, nullable=False, default=False, server_default=false()),  # no challenges for all
    Column("cheater", Boolean, nullable=False, default=False, server_default=false()),  # its games unrated
    Column("created_from", String(64), nullable=True),  # the address it signed up from
)

logins = Table(
    "logins",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # sha256 of the cookie's token, hex
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("address", String(64), nullable=True),  # the address that logged in (timessquare admin accounts)
)

online_games = Table(
    "online_games",
    metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("account_a", Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("account_b", Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("level", String(16), nullable=True),  # the computer level of a game against the computer
    Column("rated", Boolean, nullable=False),
    Column("control", String(16), nullable=True),  # "5+3", "1d" (clocks.TimeControl); None: no clock
    Column("left_a_ms", Integer, nullable=True),  # time left on each clock when its turn began
    Column("left_b_ms", Integer, nullable=True),
    Column("clock_seat", String(1), nullable=True),  # whose clock runs
    Column("turn_started", DateTime(timezone=True), nullable=True),
    Column("deadline", DateTime(timezone=True), nullable=True),  # when clock_seat runs out of time
    Column("finished", Boolean, nullable=False, default=False),  # ratings settled
    Column("seen_a", DateTime(timezone=True), nullable=True),  # when a socket of seat A was last seen (presence.py)
    Column("seen_b", DateTime(timezone=True), nullable=True),
    Index("ix_online_games_deadline", "finished", "deadline"),
)

challenges = Table(
    "challenges",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("target_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
    Column("control", String(16), nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("quick", Boolean, nullable=False),  # a quick-pairing seek, paired by the server, never listed
    Column("created_at", DateTime(timezone=True), nullable=False),
)

rating_history = Table(
    "rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("game_id", String(16), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Index("ix_rating_history_account", "account_id", "id"),
)

server_keys = Table(  # the key seat tokens of accounts are derived with (web/games/seat_tokens.py)
    "server_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

present_accounts = Table(  # who is online on any server process (online/accounts_here.py)
    "present_accounts",
    metadata,
    Column("process", String(16), primary_key=True),  # the server process that holds the sockets
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("seen_at", DateTime(timezone=True), nullable=False),  # renewed while the process runs
)

game_offers = Table(  # a draw offer on the table, or a rematch asked for (sockets/offers.py, online/rematch.py)
    "game_offers",
    metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("kind", String(8), primary_key=True),  # "draw" or "rematch"
    Column("seat", String(1), nullable=False),  # who made it
    Column("version", Integer, nullable=False),  # the game's version it stands on (a draw offer)
    Column("at", DateTime(timezone=True), nullable=False),
)

club_locks = Table(  # rows locked to take turns across processes: "quick_pairing" (online/pairing.py)
    "club_locks",
    metadata,
    Column("name", String(32), primary_key=True),
)
