"""The group commit's statements on the driver's own cursors (storage/driver_batch.py), on SQLite and on a real
PostgreSQL: what they store reads back as SQLAlchemy's own statements store it, a driver's error comes out as
SQLAlchemy's, the engine's listeners see them, and nothing is written until the connection commits."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import bindparam, event, insert, select, update
from sqlalchemy.exc import IntegrityError
from test_storage import new_table, stored_new

from timessquare.web.storage import GameStore
from timessquare.web.storage.driver_batch import run_batch
from timessquare.web.storage.schema import games, moves

MOMENT = datetime(2026, 11, 29, 10, 15, 30, 123456, tzinfo=UTC)


def test_rows_written_by_the_driver_read_back_as_sqlalchemy_wrote_them(store: GameStore) -> None:
    for i, game_id in enumerate(("g0000000001", "g0000000002")):
        stored_new(store, new_table(game_id), {"A": f"a{i}", "B": f"b{i}"})
    stamp = update(games).where(games.c.id == bindparam("gid")).values(updated_at=bindparam("moment"))
    with store.engine.connect() as c:
        c.execute(stamp, {"gid": "g0000000001", "moment": MOMENT})  # through SQLAlchemy
        move = {"game_id": "g0000000002", "ply": 0, "move": "end"}
        counts = run_batch(c, [(stamp, [{"gid": "g0000000002", "moment": MOMENT}]), (insert(moves), [move])])
        c.commit()
    assert counts == [1, 1]
    with store.engine.connect() as c:
        stamps = dict(c.execute(select(games.c.id, games.c.updated_at)).all())
        found = c.execute(select(games.c.id).where(games.c.updated_at == MOMENT)).scalars().all()
    assert stamps["g0000000001"] == stamps["g0000000002"]  # the same text on SQLite, the same time on PostgreSQL
    assert sorted(found) == ["g0000000001", "g0000000002"]  # and found by the same comparison
    assert store.load("g0000000002").moves == ["end"]  # type: ignore[union-attr]


def test_a_drivers_error_is_sqlalchemys_and_nothing_stays_written(store: GameStore) -> None:
    stored_new(store, new_table())
    seen: list[str] = []

    def listener(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement.split()[0].upper())

    event.listen(store.engine, "before_cursor_execute", listener)
    row = {"game_id": "g0000000001", "ply": 0, "move": "end"}
    with store.engine.connect() as c:
        with pytest.raises(IntegrityError):  # the same ply twice
            run_batch(c, [(insert(moves), [row, row])])
        c.rollback()
        assert run_batch(c, [(insert(moves), [])]) == [0]  # nothing to write: no statement
    event.remove(store.engine, "before_cursor_execute", listener)
    assert seen == ["INSERT"]
    assert store.load("g0000000001").moves == []  # type: ignore[union-attr]


def test_nothing_is_stored_until_the_connection_commits(store: GameStore) -> None:
    stored_new(store, new_table())
    with store.engine.connect() as c:
        run_batch(c, [(insert(moves), [{"game_id": "g0000000001", "ply": 0, "move": "end"}])])
        c.rollback()
    assert store.load("g0000000001").moves == []  # type: ignore[union-attr]
