"""Alembic migrations of the web game's database, applied at start by `storage.migrate`."""
