#!/usr/bin/env bash
# Installs a Debian package with apt where what a test needs from it is missing (as root); elsewhere says what
# will be skipped. The one way ./test, .ci/run and scripts/cluster.sh get chromium, haproxy, PostgreSQL and tmux.
#
#   scripts/ensure_package.sh PACKAGE "WHAT NEEDS IT" PROBE...
#
# The package is present when any PROBE is: a command on PATH, or (with a slash) an executable path or glob.
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 PACKAGE 'what needs it' PROBE..." >&2
    exit 2
fi
package=$1
purpose=$2
shift 2
for probe in "$@"; do
    if [[ $probe == */* ]]; then
        for path in $probe; do
            [ -x "$path" ] && exit 0
        done
    elif command -v "$probe" >/dev/null 2>&1; then
        exit 0
    fi
done
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's $package for $purpose ..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package") >&2
else
    echo "note: $package is missing and cannot be installed here (needs root and apt): $purpose will be skipped" >&2
fi
