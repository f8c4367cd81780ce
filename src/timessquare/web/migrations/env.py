"""Alembic's environment: the server runs it with a connection of its own (storage.migrate)."""

from __future__ import annotations

from alembic import context

from timessquare.web.storage.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when someone runs the alembic command by hand
    raise SystemExit("run the migrations through `timessquare serve` (they are applied at start)")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
