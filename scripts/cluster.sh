#!/usr/bin/env bash
# PostgreSQL, N `timessquare serve` processes and HAProxy in front of them, all on loopback, until Ctrl+C
# (scripts/cluster.py). Usage: scripts/cluster.sh [N]   (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/venv.sh
scripts/ensure_package.sh postgresql "the cluster's database" initdb "/usr/lib/postgresql/*/bin/initdb"
scripts/ensure_package.sh haproxy "the cluster's proxy" haproxy /usr/sbin/haproxy
exec .venv/bin/python scripts/cluster.py --processes "${1:-2}"
