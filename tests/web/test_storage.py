"""Storage on SQLite and on a real PostgreSQL server: the schema, writes guarded by version, reads, and a
game restored by replaying what was stored."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import inspect, text

from timessquare.variants import DEFAULT_RULES
from timessquare.web.sockets.table import Table
from timessquare.web.storage import (
    Append,
    GameStart,
    GameStore,
    NewGame,
    Progress,
    VersionConflict,
    make_engine,
    migrate,
)


def new_table(game_id: str = "g0000000001", mode: str = "friend") -> Table:
    return Table.new(game_id, mode, "friend", "A", DEFAULT_RULES)


def stored_new(store: GameStore, table: Table, seats: dict[str, str] | None = None) -> None:
    new = NewGame(
        table.game_id, table.mode, table.session.seats, [], table.session.game.start, seats or {"A": "ha", "B": "hb"}
    )
    store.create(new, table.progress())


def test_migrations_create_the_schema_once_and_again_do_nothing(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate(engine)
    migrate(engine)  # a second start changes nothing
    names = set(inspect(engine).get_table_names())
    assert {"games", "moves", "seats", "health", "alembic_version"} <= names
    with engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == only_head()
    engine.dispose()


def only_head() -> str:
    """The one head of the migrations (more than one: two branches added a migration and nobody relinked them)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from timessquare.web.storage.database import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    heads = ScriptDirectory.from_config(config).get_heads()
    assert len(heads) == 1, f"the migrations have several heads: {heads}; set down_revision to make one chain"
    return str(heads[0])


def test_a_whole_game_is_stored_as_it_is_played_and_restored_by_replay(store: GameStore) -> None:
    table = new_table()
    stored_new(store, table)
    rng = random.Random(5)
    while table.session.to_move is not None:
        seat = table.session.to_move
        change = table.session.act(seat, rng.choice(table.session.legal_ids(seat)))
        store.append(table.game_id, change.before, change.first_ply, change.moves, table.progress())
        if rng.random() < 0.05:  # now and then, read it back mid-game: the same game
            again = Table.restore(store.load(table.game_id))  # type: ignore[arg-type]
            assert again.record() == table.record()
            assert again.session.view(seat) == table.session.view(seat)
    stored = store.load(table.game_id)
    assert stored is not None and stored.version == table.session.version
    assert Table.restore(stored).record() == table.record()
    [summary] = store.summaries("finished", 10)
    assert summary.result == table.session.game.result and summary.to_move is None
    assert store.summaries("live", 10) == []


def test_a_write_on_an_old_version_is_refused_and_writes_nothing(store: GameStore) -> None:
    table = new_table()
    stored_new(store, table)
    seat = table.session.to_move
    assert seat is not None
    table.session.act(seat, table.session.legal_ids(seat)[0])
    store.append(table.game_id, 0, 0, table.entries_since(0), table.progress())
    with pytest.raises(VersionConflict):
        store.append(table.game_id, 0, 0, ["end"], Progress(9, 9, "A", None))
    stored = store.load(table.game_id)
    assert stored is not None and stored.moves == table.entries_since(0) and stored.version == 1


def test_a_group_commit_writes_every_game_but_the_stale_one(store: GameStore) -> None:
    tables = [new_table(f"g000000000{i}") for i in range(3)]
    for i, table in enumerate(tables):
        stored_new(store, table, {"A": f"a{i}", "B": f"b{i}"})
    store.append(tables[1].game_id, 0, 0, ["S sue+1"], Progress(1, 1, "A", None))  # another writer was first
    batch = [Append(t.game_id, 0, 0, ["end"], Progress(1, 1, "B", None)) for t in tables]
    assert store.append_many(batch) == [True, False, True]
    assert [store.load(t.game_id).moves for t in tables] == [["end"], ["S sue+1"], ["end"]]  # type: ignore[union-attr]
    assert store.append_many([batch[0]]) == [False]  # now stale too
    assert store.append_many([]) == []


def test_a_resignation_is_stored_and_replays(store: GameStore) -> None:
    table = new_table()
    stored_new(store, table)
    table.session.resign(0)
    store.append(table.game_id, 0, 0, [], table.progress())
    stored = store.load(table.game_id)
    assert stored is not None and stored.forfeit == ("A", "resigned") and stored.result == "B"
    restored = Table.restore(stored)
    restored_state, state = restored.state_message(None, "en", None, None), table.state_message(None, "en", None, None)
    assert restored_state["over"] == state["over"]
    assert restored_state["log"][-1] == state["log"][-1]  # the resignation closes the restored log too


def test_seats_are_found_by_token_hash_only(store: GameStore) -> None:
    stored_new(store, new_table("g0000000001"), {"A": "hash-a1", "B": "hash-b1"})
    stored_new(store, new_table("g0000000002"), {"A": "hash-a2"})
    assert store.seat_of("g0000000001", "hash-b1") == "B"
    assert store.seat_of("g0000000002", "hash-b1") is None  # a token of another game
    assert store.seat_of("g0000000001", "nothing") is None
    mine = store.summaries_for(["hash-b1", "hash-a2", "unknown"])
    assert sorted((s.id, s.seat) for s in mine) == [("g0000000001", "B"), ("g0000000002", "A")]
    assert store.summaries_for([]) == []
    assert store.add_seat("g0000000002", "B", "hash-b2") is True
    assert store.add_seat("g0000000002", "B", "hash-b2") is True  # the same token again: fine
    assert store.add_seat("g0000000002", "B", "other") is False  # the seat has another token
    assert store.seated("g0000000002") == {"A", "B"}


def test_only_one_rematch_is_created(store: GameStore) -> None:
    old = new_table("g0000000001")
    stored_new(store, old)
    first, second = new_table("g0000000002"), new_table("g0000000003")
    rematches = [
        NewGame(t.game_id, "friend", t.session.seats, [], t.session.game.start, {}, old.game_id)
        for t in (first, second)
    ]
    starts = [GameStart(new, first.progress()) for new in rematches]
    made = [
        store.rematch(old.game_id, start, seat, lambda rematch, seat=seat: f"{seat}{rematch}")
        for start, seat in zip(starts, "AB", strict=True)
    ]
    assert made == [("g0000000002", True), ("g0000000002", True)]  # the second asker's seat is in the first's
    assert store.seat_of("g0000000002", "Bg0000000002") == "B"
    again = GameStart(new_table("g0000000004").stored_new({}, old.game_id), first.progress())
    assert store.rematch(old.game_id, again, "B", lambda rematch: f"B{rematch}") == ("g0000000002", True)  # asked again
    assert store.rematch(old.game_id, again, "B", lambda rematch: "another") == ("g0000000002", False)  # seat taken
    assert store.load("g0000000004") is None
    assert store.load("g0000000003") is None
    stored = store.load("g0000000001")
    assert stored is not None and stored.rematch_id == "g0000000002"
    rematch = store.load("g0000000002")
    assert rematch is not None and rematch.rematch_of == "g0000000001"


def test_lists_are_newest_first_and_limited(store: GameStore) -> None:
    for i in range(5):
        stored_new(store, new_table(f"g000000000{i}"), {"A": f"a{i}", "B": f"b{i}"})
    store.append("g0000000002", 0, 0, [], Progress(1, 0, "A", None))  # changed last
    live = store.summaries("live", 3)
    assert len(live) == 3 and live[0].id == "g0000000002"
    assert live[0].updated.tzinfo is not None
