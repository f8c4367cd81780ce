"""The learned evaluation and the player `learned`: the compiled core computes what the pure-Python network
computes, both paths choose the same turns, the search takes it by parameter, and the training script makes
a net the package can load."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest

from timessquare import _fastcore as fastcore
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.players.evaluation import evaluate
from timessquare.players.learned import LearnedPlayer
from timessquare.players.learned_net import NET_FILE, NUM_INPUTS, install, load_net, net_from_document, shipped_net
from timessquare.variants import DEFAULT_RULES

ROOT = Path(__file__).resolve().parent.parent
needs_c = pytest.mark.skipif(not fastcore.available(), reason="the compiled core is not built")


def positions(games: int, seed: int) -> list[Game]:
    """Positions along random games (copies), mid-turn ones included."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        game = Game.new(seed * 100 + g)
        while not game.is_over:
            if rng.random() < 0.3:
                out.append(Game(game.state.clone()))
            game.apply(rng.choice(game.state.legal_ids()))
    return out


def test_the_shipped_net_loads_and_is_small() -> None:
    path = ROOT / "src" / "timessquare" / "players" / NET_FILE
    assert path.stat().st_size < 1_000_000
    net = shipped_net()
    assert len(net.w1) == NUM_INPUTS and net.hidden >= 1
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert f"players/{NET_FILE}" in data["timessquare"], "the net ships with an installed package"


def test_a_net_for_other_features_is_refused() -> None:
    doc = shipped_net().document()
    with pytest.raises(TimesSquareError, match="features"):
        net_from_document({**doc, "features": doc["features"][:-1]})
    with pytest.raises(TimesSquareError, match="learned evaluation"):
        net_from_document({**doc, "format": "something else"})
    with pytest.raises(TimesSquareError, match="layers"):
        net_from_document({**doc, "w1": doc["w1"][:-1]})


@needs_c
def test_the_compiled_net_computes_what_python_computes() -> None:
    net = shipped_net()
    install(net)
    checked = 0
    for game in positions(4, seed=3):
        core = fastcore.to_core(game.state)
        for seat in (0, 1):
            with fastcore.evaluation_mode(fastcore.EVAL_NET):
                compiled = core.evaluate(seat)
            assert compiled == pytest.approx(net.value(game.state, seat), abs=1e-9)
            checked += 1
        # outside the mode the compiled core is the linear evaluation again
        assert core.evaluate(0) == pytest.approx(evaluate(game.state, 0), abs=1e-9)
    assert checked > 50


@needs_c
def test_the_compiled_and_the_pure_python_player_choose_the_same_turns() -> None:
    compiled = LearnedPlayer(DEFAULT_RULES)
    pure = LearnedPlayer(DEFAULT_RULES, compiled=False)
    checked = 0
    for game in positions(3, seed=8)[:30]:
        state = game.state
        if state.turn_key != 0:  # a turn's start: the player decides its whole turn there
            continue
        seat = state.to_move
        view = game.view(seat)
        assert compiled.choose(view, state.legal_ids(), random.Random(1)) == pure.choose(
            view, state.legal_ids(), random.Random(1)
        )
        compiled.plan.actions.clear()
        pure.plan.actions.clear()
        checked += 1
    assert checked >= 3


def test_the_search_takes_the_learned_evaluation_by_parameter() -> None:
    for spec in ("expert:learned=5", "hard:learned=x", "ismcts:learned=1.5"):
        with pytest.raises(TimesSquareError):
            make_player(spec)
    player = make_player("hard:iterations=30,learned=2")
    assert player.config.learned == 2
    player.close()


def test_the_training_script_makes_a_net_the_package_loads(tmp_path: Path) -> None:
    pytest.importorskip("numpy", reason="the training script needs numpy (the extra rl)")
    from script_modules import load_script

    script = load_script("train_learned")
    script.main(["--seed", "3", "generate", "6", str(tmp_path / "games.npz")])
    script.main(
        ["--epochs", "1", "--hidden", "4", "fit", str(tmp_path / "games.npz"), "--net-out", str(tmp_path / "n.json")]
    )
    net = load_net(tmp_path / "n.json")
    assert net.hidden == 4 and json.loads((tmp_path / "n.json").read_text())["about"]["rows"] > 50
    game = positions(1, seed=2)[5]
    assert 0.0 < net.value(game.state, 0) < 1.0


def test_the_training_schedule_defaults_to_the_shipped_nets_recipe() -> None:
    pytest.importorskip("numpy", reason="the training script needs numpy (the extra rl)")
    from script_modules import load_script

    script = load_script("train_learned")
    rounds = script.parse_schedule(script.SHIPPED_SCHEDULE)
    # docs/research.md, "How the shipped net was made": round 3 is the round-1 net at 0-5% noise
    assert [(r.games, r.net) for r in rounds] == [(16000, None), (6000, 0), (16000, 1), (10000, 1)]
    assert [r.noises for r in rounds] == [(0.0, 0.1, 0.2, 0.3)] * 3 + [(0.0, 0.0, 0.0, 0.05)]
    assert [r.games for r in script.parse_schedule(script.SHIPPED_SCHEDULE, 0.5)] == [8000, 3000, 8000, 5000]
    for bad in ("100:net0:0-30", "100:heuristic:0-30;100:net1:0-30", "100:heuristic", "100:heuristic:2", ""):
        with pytest.raises(ValueError):
            script.parse_schedule(bad)


def test_the_training_command_is_repeatable_and_recorded_in_the_net(tmp_path: Path) -> None:
    pytest.importorskip("numpy", reason="the training script needs numpy (the extra rl)")
    from script_modules import load_script

    script = load_script("train_learned")
    docs = []
    for run in ("a", "b"):
        argv = ["--schedule", "30:heuristic:0-30;20:net0:0-5", "--epochs", "2", "--hidden", "4", "--opponents", ""]
        argv += ["--work", str(tmp_path / run), "--out", str(tmp_path / f"{run}.json"), "--curve", str(tmp_path / "c")]
        script.main(argv)
        docs.append(json.loads((tmp_path / f"{run}.json").read_text()))
    about = docs[0]["about"]
    assert (
        about["round"] == 1
        and about["games"] == 50
        and about["schedule"] == "30:heuristic:0.0,0.1,0.2,0.3;20:net0:0.0,0.0,0.0,0.05"
    )
    assert about["command"].startswith("scripts/train_learned.py --schedule '30:heuristic:0-30;20:net0:0-5'")
    # the same command, the same games (the round files) and the same weights
    import numpy as np

    for name in ("round0.npz", "round1.npz"):  # the arrays (the zip files hold the time they were written)
        a, b = np.load(tmp_path / "a" / name), np.load(tmp_path / "b" / name)
        assert sorted(a) == ["g", "x", "y"] and all(np.array_equal(a[k], b[k]) for k in a)
    assert {k: v for k, v in docs[0].items() if k != "about"} == {k: v for k, v in docs[1].items() if k != "about"}
    assert docs[0]["w1"] != json.loads((tmp_path / "a" / "net0.json").read_text())["w1"]  # refitted on round 1


def positions_for_the_net(games: int) -> list[tuple[fastcore.Core, int]]:
    """Compiled positions at a turn's start (or mid-turn) from seeded games of random and heuristic play."""
    from timessquare.players.heuristic import HeuristicPlayer

    out = []
    for seed in range(games):
        game = Game.new(seed)
        rng = random.Random(seed)
        player = HeuristicPlayer(DEFAULT_RULES)
        for k in range(400):
            state = game.state
            if state.result is not None:
                break
            if k % 5 == 0:
                out.append((fastcore.to_core(state), state.to_move))
            legal = state.legal_ids()
            aid = rng.choice(legal) if seed % 2 else player.choose(game.view(state.to_move), legal, rng)
            game.apply(aid)
    return out


@needs_c
def test_the_learned_top_turns_are_those_of_every_turns_value() -> None:
    """top_turns in the learned modes (the net everywhere, or in the tree and the leaves) values exactly only
    the turns that can reach the top (bounds first): the turns, their order and their values are those of
    valuing every turn and sorting."""
    install(shipped_net())
    checked = 0
    for core, seat in positions_for_the_net(12):
        with fastcore.evaluation_mode(fastcore.EVAL_NET):
            every = core.scored_turns(seat, 400)
        for mode in (fastcore.EVAL_NET, fastcore.EVAL_NET_TREE):
            with fastcore.evaluation_mode(mode):
                for top in (1, 4, 8):
                    for late_first in (True, False):
                        sign = -1 if late_first else 1  # equal values: the later turn first, or the earlier
                        order = sorted(range(len(every)), key=lambda i: (-every[i][1], sign * i))[:top]
                        got = core.top_turns(seat, 400, top, late_first)
                        assert [(a, v) for a, v, _ in got] == [(every[i][0], every[i][1]) for i in order]
        checked += 1
    assert checked > 100


@needs_c
def test_in_the_tree_mode_the_playouts_stay_linear_and_the_leaves_learned() -> None:
    """EVAL_NET_TREE (learned=4): a playout is the one of EVAL_NET_LEAVES (linear turns, the net's value)."""
    from timessquare.players.compiled_worlds import chance_from

    install(shipped_net())
    differs = 0
    for core, seat in positions_for_the_net(4):
        if core.result is not None:
            continue
        values = []
        for mode in (fastcore.EVAL_NET_LEAVES, fastcore.EVAL_NET_TREE, fastcore.EVAL_NET):
            with fastcore.evaluation_mode(mode):
                values.append(core.playout(seat, 2, 200, chance_from(random.Random(3))))
        assert values[0] == values[1]
        differs += values[2] != values[0]
    assert differs > 0  # the net's playouts choose other turns: the comparison can tell them apart


@needs_c
@pytest.mark.parametrize("learned", [3, 4])
def test_learned_3_ranks_and_seeds_the_root_turns_with_the_network(learned: int) -> None:
    """`learned=3` (and 4): the root's `width` turns are the network's best, each starting from its value."""
    from timessquare.players.evaluation import discard_order
    from timessquare.players.ismcts import SearchPlayer
    from timessquare.players.turns import complete_turns

    net = shipped_net()
    checked = 0
    for seed in range(6):
        game = Game.new(seed)
        rng = random.Random(seed)
        for _ in range(12):  # a few random actions, then a turn's start
            game.apply(rng.choice(game.state.legal_ids()))
        while game.state.turn_key != 0 and game.state.result is None:
            game.apply(rng.choice(game.state.legal_ids()))
        if game.state.result is not None:
            continue
        seat = game.state.to_move
        player = make_player(f"ismcts:iterations=20,workers=1,width=5,learned={learned}")
        assert isinstance(player, SearchPlayer)
        stats = player.search(game.view(seat), random.Random(1))
        if stats.iterations == 0:
            continue  # a turn taken without search
        values = {
            t.actions: net.value(t.state, seat)
            for t in complete_turns(game.state, 1500, discard_order(game.state, seat))
        }
        best = sorted(values.values(), reverse=True)[:5]
        assert stats.priors == pytest.approx(best, abs=1e-9)
        assert [values[tuple(a)] for a in stats.turns] == pytest.approx(stats.priors, abs=1e-9)
        checked += 1
    assert checked >= 3
