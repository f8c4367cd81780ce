#!/usr/bin/env python3
"""The group commit's cost alone: the processor time of `GameStore.append_many` per move, by batch size, on
SQLite (a file, synchronous=FULL) and on a throwaway PostgreSQL (its default durable settings), with the commit
thread's kept connection, as the server writes. No server, no socket: 64 games played at random.

    .venv/bin/python scripts/commit_cost.py                     # both databases, batches of 1, 4 and 16
    .venv/bin/python scripts/commit_cost.py --database sqlite --batches 1 2 4 --moves 1200
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from server_helpers import throwaway_database

GAMES = 64


def measure(url: str, batches: list[int], moves: int, seed: int) -> list[tuple[int, float, float]]:
    """(batch size, CPU µs per move, wall µs per batch) for each size."""
    from timessquare.variants import DEFAULT_RULES
    from timessquare.web.sockets.table import Table
    from timessquare.web.storage import Append, GameStore, NewGame, make_engine, migrate

    engine = make_engine(url)
    migrate(engine)
    store = GameStore(engine)
    rng = random.Random(seed)
    tables = []
    for i in range(GAMES):
        table = Table.new(f"g{i:010d}", "friend", "friend", "A", DEFAULT_RULES)
        seats = {"A": f"a{i}", "B": f"b{i}"}
        session = table.session
        store.create(NewGame(table.game_id, table.mode, session.seats, [], session.game.start, seats), table.progress())
        tables.append(table)

    def move(table: Table) -> Append | None:
        session = table.session
        seat = session.to_move
        if seat is None:
            return None
        change = session.act(seat, rng.choice(session.legal_ids(seat)))
        return Append(table.game_id, change.before, change.first_ply, change.moves, table.progress(), change.clock)

    figures = []
    with engine.connect() as connection:
        for size in batches:
            cpu = wall = 0.0
            written = commits = 0
            while written < moves:
                batch = [a for a in (move(t) for t in rng.sample(tables, size)) if a is not None]
                if not batch:
                    continue
                began_cpu, began = time.process_time(), time.perf_counter()
                store.append_many(batch, connection)
                cpu += time.process_time() - began_cpu
                wall += time.perf_counter() - began
                written += len(batch)
                commits += 1
            figures.append((size, 1e6 * cpu / written, 1e6 * wall / commits))
    store.close()
    engine.dispose()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 4, 16], help="moves per commit (default 1 4 16)")
    parser.add_argument("--moves", type=int, default=600, help="moves written per batch size (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    databases = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    for database in databases:
        with throwaway_database(database) as url:
            for size, cpu, wall in measure(url, args.batches, args.moves, args.seed):
                print(
                    f"{database:<10} batch of {size:>3}: {cpu:7.1f} µs of CPU per move, "
                    f"{wall:8.1f} µs per commit (wall)",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
