"""Rewrite the golden files of tests/golden/: perft counts and playthroughs. Run it only for an intended change.

    .venv/bin/python scripts/regen_golden.py --perft         # tests/golden/perft.json (from the REFERENCE rules)
    .venv/bin/python scripts/regen_golden.py --playthroughs  # tests/golden/playthrough-*.txt (from the engine)
    .venv/bin/python scripts/regen_golden.py                 # both

- `--perft` builds a few fixed positions (documents stored in the JSON), and counts their legal action
  sequences with tests/reference_rules.py, the slow independent reading of RULES.md; tests/test_perft.py
  compares the engine with these numbers. Regenerate when a position is added or a rule changes on purpose
  (then check the reference first: the numbers are only as right as it is). Takes a minute or two.
- `--playthroughs` plays seeded complete games with random players and writes each step as text;
  tests/test_golden.py regenerates the text in memory with `playthrough_text` and diffs it with the file.
  A diff means the engine's behaviour changed: regenerate only when that change was intended, and review
  the diff of the golden files (git diff tests/golden) before committing it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from timessquare.cards import CARD_CODES, CARD_COUNTS
from timessquare.game import Game
from timessquare.position import to_document
from timessquare.record import to_record
from timessquare.state import new_game
from timessquare.variants import DEFAULT_RULES, Rules

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
PERFT_JSON = GOLDEN / "perft.json"

# --------------------------------------------------------------------------- playthroughs

# Seeds of short complete games with different endings: Sue on an entrance, Charlie on one, the second supply.
PLAYTHROUGH_SEEDS = (196, 25, 54)


def playthrough_path(seed: int) -> Path:
    return GOLDEN / f"playthrough-{seed}.txt"


def compact(doc: object) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def playthrough_text(seed: int) -> str:
    """A complete game dealt by `seed`, both players choosing uniformly among the sorted legal actions
    with random.Random(seed), written step by step: mover, legal actions, choice, and both seats' views."""
    game = Game.new(seed, Rules(), players={"A": "random", "B": "random"})
    choose = random.Random(seed)
    lines = [
        f"# Times Square golden playthrough: seed {seed}, rules as written, random players",
        "# (each step: random.Random(seed) picks among the sorted legal actions; views are taken before the action).",
        "# Regenerate only for an intended change: .venv/bin/python scripts/regen_golden.py --playthroughs",
        f"start {compact(game.start)}",
    ]
    step = 0
    while not game.is_over:
        step += 1
        state = game.state
        legal = state.legal_actions()
        chosen = legal[choose.randrange(len(legal))]
        lines += [
            "",
            f"step {step}",
            f"to_move {'AB'[state.to_move]}",
            f"legal {compact(legal)}",
            f"view A {compact(game.view(0).to_document())}",
            f"view B {compact(game.view(1).to_document())}",
            f"chosen {chosen}",
        ]
        before = len(game.moves)
        game.apply_checked(chosen)
        lines += [f"record {entry}" for entry in game.moves[before + 1 :]]  # a `shuffle …` entry (R6.2)
    record = to_record(game)
    lines += [
        "",
        "final",
        f"view A {compact(game.view(0).to_document())}",
        f"view B {compact(game.view(1).to_document())}",
        f"view spectator {compact(game.view(None).to_document())}",
        f"position {compact(to_document(game.state))}",
        f"result {record['result']}",
        f"end {record['end']}",
    ]
    return "\n".join(lines) + "\n"


def write_playthroughs() -> None:
    for seed in PLAYTHROUGH_SEEDS:
        text = playthrough_text(seed)
        playthrough_path(seed).write_text(text, encoding="utf-8")
        print(f"{playthrough_path(seed).relative_to(ROOT)}: {len(text):,} bytes")


# --------------------------------------------------------------------------- perft positions


def build_position(
    *,
    figures: dict[str, int],
    to_move: str,
    hands: dict[str, list[str]],
    turn_cards: list[str],
    joker: str | None = None,
    mode: str = "play",
    supply_size: int,
    supply_number: int = 1,
    order_seed: int = 1,
) -> dict[str, Any]:
    """A running position: the named hands and turn; every other card, in an order fixed by `order_seed`,
    goes first into the supply (`supply_size` cards), the rest under the discard pile (oldest first)."""
    rest = [code for code, count in zip(CARD_CODES, CARD_COUNTS, strict=True) for _ in range(count)]
    for card in hands["A"] + hands["B"] + turn_cards:
        rest.remove(card)
    random.Random(order_seed).shuffle(rest)
    return {
        "format": "times-square/position/1",
        "figures": {"sue": 8, "low": 6, "high": 10, "hal": 7, "deb": 9, "charlie": 8, **figures},
        "to_move": to_move,
        "hands": {seat: sorted(cards) for seat, cards in hands.items()},
        "supply": rest[:supply_size],
        "supply_number": supply_number,
        "discard": rest[supply_size:] + turn_cards,
        "turn": {"mode": mode if turn_cards else "start", "cards": turn_cards, "joker": joker},
        "result": None,
    }


def start_of(seed: int, rules: Rules = DEFAULT_RULES) -> dict[str, Any]:
    return to_document(new_game(seed, rules))


RED_HAND_A = ["D1", "D2", "D3", "D3", "D4", "DM", "S"]  # with a D2 already played: 8 cards at the turn's start
RED_FIGURES = {"sue": 9, "low": 7, "high": 12, "hal": 10, "deb": 4}  # Deb < Sue: A may use jokers (R9.1)
HAND_B = ["S", "S", "G2", "G1", "H2", "H3", "D3", "GA"]

# name -> (variant names, depth, what it exercises, builder)
PERFT_POSITIONS: dict[str, tuple[list[str], int, str, Callable[[], dict[str, Any]]]] = {
    "start-seed-1": ([], 6, "the start of seeded game 1", lambda: start_of(1)),
    "start-seed-2": ([], 5, "the start of seeded game 2", lambda: start_of(2)),
    "start-seed-3-toward-mover": (
        ["toward-mover"],
        6,
        "the start of seeded game 3 under the toward-mover variant (R4.1)",
        lambda: start_of(3, Rules(toward_mover=True)),
    ),
    "red-mid-turn-jokers": (
        [],
        5,
        "A has played D2 on Deb; Deb < Sue, so Deb cards may move Deb or be jokers (R9.1, R9.2)",
        lambda: build_position(
            figures=RED_FIGURES, to_move="A", hands={"A": RED_HAND_A, "B": HAND_B}, turn_cards=["D2"], supply_size=20
        ),
    ),
    "red-mid-turn-first-deb-card-locks": (
        ["first-deb-card-locks"],
        5,
        "the same, under the variant where the first Deb card (on Deb) locks the turn to Deb (R9.2 variant)",
        lambda: build_position(
            figures=RED_FIGURES, to_move="A", hands={"A": RED_HAND_A, "B": HAND_B}, turn_cards=["D2"], supply_size=20
        ),
    ),
    "red-mid-turn-locked-guards": (
        [],
        5,
        "B has used a D3 joker on a bodyguard: further Deb cards must move a bodyguard (R9.2, R9.4)",
        lambda: build_position(
            figures={"sue": 7, "low": 5, "high": 9, "hal": 11, "deb": 12},
            to_move="B",
            hands={"A": HAND_B, "B": ["D1", "D2", "D4", "D5", "DM", "DM", "H1"]},
            turn_cards=["D3"],
            joker="guards",
            supply_size=20,
        ),
    ),
    "first-supply-nearly-empty": (
        [],
        6,
        "2 cards left in the first supply: an `end` after two cards reshuffles the discard pile (R6.2)",
        lambda: build_position(
            figures={"sue": 8, "low": 6, "high": 11, "hal": 3, "deb": 13, "charlie": 7},
            to_move="A",
            hands={"A": ["S", "S", "S", "G2", "H1", "D2", "D3", "GA"], "B": HAND_B},
            turn_cards=[],
            supply_size=2,
        ),
    ),
    "second-supply-nearly-empty": (
        [],
        5,
        "3 cards left in the second supply: an `end` that draws the last one ends the game (R8.2)",
        lambda: build_position(
            figures={"sue": 9, "low": 8, "high": 10, "hal": 12, "deb": 5, "charlie": 9},
            to_move="B",
            hands={"A": ["S", "S", "G1", "G2", "H2", "D3", "D4", "DM"], "B": HAND_B},
            turn_cards=[],
            supply_size=3,
            supply_number=2,
        ),
    ),
    "endings": (
        [],
        6,
        "Sue next to A's entrance, Hal on it, Charlie near it: lures, cards and Charlie can end the game (R8.1)",
        lambda: build_position(
            figures={"sue": 2, "low": 0, "high": 4, "hal": 1, "deb": 1, "charlie": 5},
            to_move="A",
            hands={"A": ["S", "S", "G1", "G2", "H1", "D1", "D2", "DM"], "B": HAND_B},
            turn_cards=[],
            supply_size=20,
        ),
    ),
}


def load_reference() -> ModuleType:
    """tests/reference_rules.py (the tests folder is no package)."""
    path = ROOT / "tests" / "reference_rules.py"
    spec = importlib.util.spec_from_file_location("reference_rules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("reference_rules", module)
    spec.loader.exec_module(module)
    return module


def write_perft() -> None:
    ref = load_reference()
    entries = []
    for name, (variants, depth, about, build) in PERFT_POSITIONS.items():
        started = time.perf_counter()
        rules = Rules.from_names(variants)
        doc = build()
        divides = [ref.divide(doc, d, rules) for d in range(1, depth + 1)]
        counts = [sum(divide.values()) for divide in divides]
        entries.append(
            {"name": name, "about": about, "variants": variants, "position": doc, "counts": counts, "divide": divides}
        )
        print(f"{name}: {counts} ({time.perf_counter() - started:.1f} s)")
    golden = {
        "about": (
            "perft(position, depth) = number of action sequences of length depth (a finished game is a leaf); "
            "draws follow the supply order, and a reshuffle (R6.2) makes the discard pile, in its order, the second "
            "supply. counts[d-1] is perft at depth d, divide[d-1] maps each first action to perft(depth d - 1) after "
            "it. Computed by tests/reference_rules.py via scripts/regen_golden.py --perft."
        ),
        "positions": entries,
    }
    PERFT_JSON.write_text(json.dumps(golden, indent=1) + "\n", encoding="utf-8")
    print(f"{PERFT_JSON.relative_to(ROOT)}: {PERFT_JSON.stat().st_size:,} bytes")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--perft", action="store_true", help="rewrite tests/golden/perft.json")
    parser.add_argument("--playthroughs", action="store_true", help="rewrite tests/golden/playthrough-*.txt")
    args = parser.parse_args(argv)
    both = not (args.perft or args.playthroughs)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    if args.playthroughs or both:
        write_playthroughs()
    if args.perft or both:
        write_perft()
    return 0


if __name__ == "__main__":
    sys.exit(main())
