#!/usr/bin/env bash
# Make sure .venv exists and holds this project with its extras; reinstall when pyproject.toml changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# PyTorch for the extra sb3 (Stable-Baselines3, tests/envs/test_envs_sb3.py): the CPU build, pinned with its
# local version so that pip can take nothing else. On this project's machines it lies on disk (pip's
# find-links), elsewhere PyTorch's own CPU index gives it; PyPI has no +cpu build, and its plain torch for
# Linux x86_64 is a CUDA build of several GB.
# Installed before the extras, so that stable-baselines3's torch>=... finds it and installs no other.
TORCH="torch==2.13.0+cpu"
# setup.py and the C source too: the install builds the compiled core (src/timessquare/_fastcore) in place;
# this script too: a change to what it installs reinstalls
stamp=.venv/.installed-$(cat pyproject.toml setup.py src/timessquare/_fastcore/_core.c src/timessquare/_fastcore/_vector.c scripts/venv.sh | sha256sum | cut -c1-16)
if [ ! -x .venv/bin/python ]; then
    echo "setting up .venv (first run only) ..." >&2
    "$PY" -m venv .venv
fi
if [ ! -f "$stamp" ]; then
    pip=(.venv/bin/python -m pip install --quiet --disable-pip-version-check)
    "${pip[@]}" --upgrade pip >&2
    extras=dev,tui,web,rl,e2e,cluster
    if [ "${TIMESSQUARE_NO_SB3:-}" = 1 ]; then
        echo "TIMESSQUARE_NO_SB3=1: no PyTorch and no extra sb3 (its tests are skipped)" >&2
    elif "${pip[@]}" "$TORCH" >&2 || "${pip[@]}" --index-url https://download.pytorch.org/whl/cpu "$TORCH" >&2; then
        extras=$extras,sb3
    else
        echo "$TORCH is not to be had here (pip's find-links, or https://download.pytorch.org/whl/cpu);" \
            "install it into .venv by hand, or run with TIMESSQUARE_NO_SB3=1 to go without the extra sb3" >&2
        exit 1
    fi
    "${pip[@]}" -e ".[$extras]" >&2
    # nothing may have brought a CUDA build: torch stays the CPU one, and no nvidia-* package came along
    if .venv/bin/python -m pip list --disable-pip-version-check 2>/dev/null | grep -Ei '^(nvidia-|torch +[0-9.]+ *$|torch +[0-9.]+\+cu)'; then
        echo "a CUDA build of PyTorch (or its nvidia-* packages) came into .venv: see the lines above" >&2
        exit 1
    fi
    rm -f .venv/.installed-*
    touch "$stamp"
fi
