#!/usr/bin/env bash
# PostgreSQL, N `timessquare serve` processes and HAProxy in front of them, all on loopback, until Ctrl+C
# (scripts/cluster.py). Usage: scripts/cluster.sh [N] [cluster.py's options]   (N default 2; --help lists them)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/venv.sh
scripts/ensure_package.sh postgresql "the cluster's database" initdb "/usr/lib/postgresql/*/bin/initdb"
scripts/ensure_package.sh haproxy "the cluster's proxy" haproxy /usr/sbin/haproxy
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then
    set -- --processes "$@"
fi
exec .venv/bin/python scripts/cluster.py "$@"
