#!/usr/bin/env python3
"""Several `timessquare serve` processes on one PostgreSQL behind HAProxy, on loopback, until Ctrl+C.

A throwaway PostgreSQL cluster (tests/web/pgcluster.py), N server processes on it, and HAProxy in front
routing each game's socket by its id (tests/web/webcluster.py, through server_helpers.py); it prints the
proxy's address and each process's, and stops everything on Ctrl+C or SIGTERM. For trying it by hand;
docs/web.md ("Past one process") says how to run the same for real.

    scripts/cluster.sh 2            # or: .venv/bin/python scripts/cluster.py --processes 2
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading

from server_helpers import WebCluster, throwaway_database


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=2, help="server processes behind HAProxy (default 2)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes of each server (default 1)")
    args = parser.parse_args()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())  # before anything starts: a stop while starting stops all
    with throwaway_database("postgresql") as url:
        cluster = WebCluster(url, args.processes, args.workers)
        try:
            print(f"Times Square on {args.processes} processes behind HAProxy: {cluster.url}", flush=True)
            for process in cluster.processes:
                print(f"  {process.name}: {process.url} (pid {process.process.pid})", flush=True)
            print(f"  PostgreSQL: {url}\nPress Ctrl+C to stop.", flush=True)
            with contextlib.suppress(KeyboardInterrupt):
                stop.wait()
        finally:
            cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
