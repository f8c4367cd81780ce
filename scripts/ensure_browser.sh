#!/usr/bin/env bash
# The browser tests (tests/e2e) drive Debian's chromium at /usr/bin/chromium through Playwright; install it
# with apt where it is missing (as root). Playwright never downloads a browser of its own here.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests ..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
else
    echo "note: /usr/bin/chromium is missing and cannot be installed here (needs root and apt): the browser tests will be skipped" >&2
fi
