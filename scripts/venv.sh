#!/usr/bin/env bash
# Make sure .venv exists and holds this project with its extras; reinstall when pyproject.toml changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# setup.py and the C source too: the install builds the compiled core (src/timessquare/_fastcore) in place
stamp=.venv/.installed-$(cat pyproject.toml setup.py src/timessquare/_fastcore/_core.c src/timessquare/_fastcore/_vector.c | sha256sum | cut -c1-16)
if [ ! -x .venv/bin/python ]; then
    echo "setting up .venv (first run only) ..." >&2
    "$PY" -m venv .venv
fi
if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[dev,tui,web,rl,e2e,cluster]" >&2
    rm -f .venv/.installed-*
    touch "$stamp"
fi
