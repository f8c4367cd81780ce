#!/usr/bin/env bash
# The test of several server processes (tests/web/test_cluster.py) and scripts/cluster.sh put Debian's
# HAProxy in front of them; install it with apt where it is missing (as root).
set -euo pipefail
if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's haproxy for the test of several server processes ..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy) >&2
else
    echo "note: haproxy is missing and cannot be installed here (needs root and apt): the cluster test will be skipped" >&2
fi
