"""How long a player program takes over its decisions, measured as a host does (FORMATS.md: `seconds`
per decision, counted from sending `act` to reading the answer). For tests/test_time_limit.py and
scripts/measure_overrun.py: searching players must keep to the given seconds on a busy machine too."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

from ..actions import ACTIONS
from ..game import Game
from ..players.heuristic import HeuristicPlayer
from ..variants import DEFAULT_RULES
from ..view import PlayerView
from .messages import PROTOCOL

Decision = tuple[PlayerView, tuple[int, ...]]


def turn_start_decisions(count: int, seed: int = 21, every: int = 3) -> list[Decision]:
    """Views (with their legal ids) of the seat to move at turn starts of a seeded heuristic game."""
    game = Game.new(seed)
    player = HeuristicPlayer(DEFAULT_RULES)
    rng = random.Random(seed)
    found: list[Decision] = []
    while not game.is_over and len(found) < count:
        seat = game.state.to_move
        if game.state.turn_key == 0 and len(game.moves) % every == 0:
            found.append((game.view(seat), game.state.legal_ids()))
        game.apply(player.choose(game.view(seat), game.state.legal_ids(), rng))
    return found


def decision_times(name: str, seconds: float, decisions: list[Decision]) -> list[float]:
    """Run `timessquare player NAME` and time each decision at the host, `seconds` given for each."""
    program = subprocess.Popen(
        [sys.executable, "-m", "timessquare", "player", name], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert program.stdin is not None and program.stdout is not None
    times = []
    try:
        for view, ids in decisions:
            assert view.seat is not None
            program.stdin.write(json.dumps({"type": "hello", "protocol": PROTOCOL, "seat": "AB"[view.seat]}) + "\n")
            program.stdin.flush()
            if json.loads(program.stdout.readline()).get("type") != "hello":
                raise RuntimeError(f"{name}: no hello")
            legal = sorted(ACTIONS[a].notation for a in ids)
            act = {"type": "act", "view": view.to_document(), "legal": legal, "seconds": seconds}
            start = time.monotonic()
            program.stdin.write(json.dumps(act) + "\n")
            program.stdin.flush()
            answer = json.loads(program.stdout.readline())
            times.append(time.monotonic() - start)
            if answer.get("type") != "action" or answer.get("action") not in legal:
                raise RuntimeError(f"{name}: answered {answer}")
        program.stdin.write(json.dumps({"type": "result", "result": "draw", "end": "timing"}) + "\n")
        program.stdin.close()
        program.wait(timeout=30)
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
    return times
