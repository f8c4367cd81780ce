"""What a lower layer gets from a higher one without importing it: the compiled core gets the evaluation's
weights from the players, the players' registry gets the `cmd:` players from the protocol. Each in a fresh
interpreter, where nothing else has been imported yet."""

from __future__ import annotations

import subprocess
import sys

import pytest

from timessquare import _fastcore as fast


def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip()


def test_cmd_players_come_with_the_protocol() -> None:
    out = run_python(
        "from timessquare.errors import TimesSquareError\n"
        "from timessquare.players import make_player\n"
        "try:\n"
        "    make_player('cmd:python3 bot.py')\n"
        "except TimesSquareError as e:\n"
        "    print(e)\n"
        "import timessquare.protocol\n"
        "print(type(make_player('cmd:python3 bot.py')).__name__)\n"
    )
    refusal, made = out.splitlines()
    assert "player protocol" in refusal and "import timessquare.protocol" in refusal
    assert made == "ExternalPlayer"


@pytest.mark.skipif(not fast.available(), reason="the compiled core is not built on this machine")
def test_the_compiled_core_takes_its_weights_from_the_evaluation() -> None:
    out = run_python(
        "from timessquare import _fastcore as fast\n"
        "from timessquare.state import new_game\n"
        "try:\n"
        "    fast.to_core(new_game(1))\n"
        "except RuntimeError as e:\n"
        "    print(e)\n"
        "from timessquare.players.evaluation import evaluate\n"
        "state = new_game(1)\n"
        "print(fast.to_core(state).evaluate(0) == evaluate(state, 0))\n"
    )
    refusal, same = out.splitlines()
    assert "no evaluation" in refusal
    assert same == "True"
