#!/usr/bin/env bash
# Make sure .venv exists and holds this project with its extras; reinstall when what it installs changed.
# `scripts/venv.sh --sb3` (what ./test and CI run) adds PyTorch's CPU build and the extra sb3 (Stable-Baselines3,
# for tests/envs/test_envs_sb3.py); ./play goes without them: playing needs no PyTorch.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# PyTorch for the extra sb3: the CPU build, pinned with its local version so that pip can take nothing else.
# On this project's machines it lies on disk (pip's find-links), elsewhere PyTorch's own CPU index gives it;
# PyPI has no +cpu build, and its plain torch for Linux x86_64 is a CUDA build of several GB. Installed
# before the extras, so that stable-baselines3's torch>=... finds it and installs no other.
TORCH="torch==2.13.0+cpu"
sb3=no
if [ "${1:-}" = "--sb3" ]; then
    if [ "${TIMESSQUARE_NO_SB3:-}" = 1 ]; then
        echo "TIMESSQUARE_NO_SB3=1: no PyTorch and no extra sb3 (its tests are skipped)" >&2
    else
        sb3=yes
    fi
fi
# setup.py and the C source too: the install builds the compiled core (src/timessquare/_fastcore) in place;
# this script too: a change to what it installs reinstalls
hash=$(cat pyproject.toml setup.py src/timessquare/_fastcore/_core.c src/timessquare/_fastcore/_vector.c scripts/venv.sh | sha256sum | cut -c1-16)
with_sb3=.venv/.installed-sb3-$hash  # everything, PyTorch and sb3 included
without=.venv/.installed-$hash  # everything but them
if [ ! -x .venv/bin/python ]; then
    echo "setting up .venv (first run only) ..." >&2
    "$PY" -m venv .venv
fi
if [ -f "$with_sb3" ] || { [ "$sb3" = no ] && [ -f "$without" ]; }; then
    exit 0
fi
pip=(.venv/bin/python -m pip install --quiet --disable-pip-version-check)
"${pip[@]}" --upgrade pip >&2
extras=dev,tui,web,rl,e2e,cluster
if [ "$sb3" = yes ]; then
    if "${pip[@]}" "$TORCH" >&2 || "${pip[@]}" --index-url https://download.pytorch.org/whl/cpu "$TORCH" >&2; then
        extras=$extras,sb3
    else
        echo "$TORCH is not to be had here (pip's find-links, or https://download.pytorch.org/whl/cpu);" \
            "install it into .venv by hand, or run with TIMESSQUARE_NO_SB3=1 to go without the extra sb3" >&2
        exit 1
    fi
fi
"${pip[@]}" -e ".[$extras]" >&2
# nothing may have brought a CUDA build: torch stays the CPU one, and no nvidia-* package came along
if .venv/bin/python -m pip list --disable-pip-version-check 2>/dev/null | grep -Ei '^(nvidia-|torch +[0-9.]+ *$|torch +[0-9.]+\+cu)'; then
    echo "a CUDA build of PyTorch (or its nvidia-* packages) came into .venv: see the lines above" >&2
    exit 1
fi
rm -f .venv/.installed-*
touch "$without"
if [ "$sb3" = yes ]; then
    touch "$with_sb3"
fi
