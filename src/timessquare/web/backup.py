"""`timessquare backup FILE`: a copy of a server's database, safe while the server runs.

SQLite: the online backup API (`sqlite3.Connection.backup`), page by page, into a new SQLite file that is a
database of its own. PostgreSQL: `pg_dump --format=custom` (from the PostgreSQL client tools), restored with
`pg_restore --dbname URL FILE`.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

from ..errors import TimesSquareError
from .storage import dialect_name, parse_database_url


def backup(database_url: str, destination: Path) -> str:
    """Write the copy; returns what was done, in words."""
    url = parse_database_url(database_url)
    if destination.exists():
        raise TimesSquareError(f"{destination} exists already: name a new file")
    if dialect_name(url) == "postgresql":
        pg_dump = shutil.which("pg_dump")
        if pg_dump is None:
            raise TimesSquareError("pg_dump is missing: install PostgreSQL's client tools (Debian: postgresql-client)")
        conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        done = subprocess.run([pg_dump, "--format=custom", "--file", str(destination), conninfo], check=False)
        if done.returncode != 0:
            raise TimesSquareError(f"pg_dump failed (exit status {done.returncode})")
        return f"PostgreSQL database dumped to {destination} (restore: pg_restore --dbname URL {destination})"
    source = Path(url.database or "").expanduser()
    if not source.is_file():
        raise TimesSquareError(f"there is no SQLite database at {source}")
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as original, sqlite3.connect(destination) as copy:
        original.backup(copy)
    return f"SQLite database copied to {destination} (a database of its own: serve it with sqlite:///{destination})"
