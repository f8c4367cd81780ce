"""The `alphazero` player: its network's input is the seat's own observation and nothing else, its search
answers legal ids only, the compiled and pure-Python paths agree, its training learns and repeats itself for
a seed, and it plays whole games through the arena."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from script_modules import load_script
from timessquare import _fastcore
from timessquare.arena.alphazero_selfplay import _game_task, local_games, selfplay_game
from timessquare.arena.selfplay import play_games
from timessquare.envs.encoding import OBSERVATION_HIGH, OBSERVATION_SIZE, SLICES, encode_view
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.players import alphazero_net as aznet
from timessquare.players import make_player
from timessquare.players.alphazero import AlphaZeroPlayer, AZConfig, Search, World, observation_of
from timessquare.players.alphazero_net import PolicyValueNet, dense, initial_net, load_net, shipped_net
from timessquare.variants import DEFAULT_RULES

compiled = pytest.mark.skipif(not _fastcore.available(), reason="the compiled core is not built here")


def random_games(games: int, seed: int) -> Iterator[Game]:
    """Every decision point of `games` random games (the same Game object goes on)."""
    rng = random.Random(seed)
    for _ in range(games):
        game = Game.new(rng.getrandbits(64), DEFAULT_RULES)
        while game.state.result is None:
            yield game
            game.apply(rng.choice(game.state.legal_ids()))


def trained_looking_net(seed: int) -> PolicyValueNet:
    """A net with every weight non-zero (the initial net's heads are zero), so that both heads matter."""
    rng = random.Random(seed)
    net = initial_net(24, seed)
    w1, b1, wp, bp, wv, _ = net.raw
    jitter = [[rng.uniform(-0.5, 0.5) for _ in part] for part in (b1, wp, bp, wv)]
    return PolicyValueNet(w1, jitter[0], jitter[1], jitter[2], jitter[3], 0.1)


def test_the_layout_is_the_environments_observation() -> None:
    assert aznet.OBSERVATION_SIZE == OBSERVATION_SIZE
    for name, start in [
        ("seat", aznet.SEAT),
        ("to_move", aznet.TO_MOVE),
        ("hand", aznet.HAND),
        ("opponent_hand_size", aznet.OPPONENT_HAND_SIZE),
        ("supply_size", aznet.SUPPLY_SIZE),
        ("second_supply", aznet.SECOND_SUPPLY),
        ("discard", aznet.DISCARD),
        ("second_supply_made_of", aznet.MADE_OF),
        ("turn_mode", aznet.TURN_MODE),
        ("turn_cards", aznet.TURN_CARDS),
        ("joker", aznet.JOKER),
    ]:
        assert SLICES[name].start == start, name
    assert aznet.observation_high() == OBSERVATION_HIGH.tolist()


def test_every_worlds_input_is_the_seats_own_observation() -> None:
    """In every world sampled from a view (the opponent's hand and the supply drawn anew), the network's
    input for the seat to move equals the environments' observation of the real view: the hidden cards of
    the real game, or of the world, never reach it. Random games run past the reshuffle (R6.2)."""
    checked = reshuffled = varied = 0
    for n, game in enumerate(random_games(6, 3)):
        if n % 3 or game.state.chance_due is not None:
            continue
        view = game.view(game.state.to_move)
        want = encode_view(view).tolist()
        search = Search(initial_net(8, 1), view, DEFAULT_RULES, AZConfig())
        rng = random.Random(n)
        worlds = [search.world(rng) for _ in range(3)]
        inputs = {tuple(dense(observation_of(w))) for w in worlds}
        assert inputs == {tuple(want)}
        hidden = {(tuple(w.fields()[1][1 - view.to_move]), w.fields()[2]) for w in worlds}
        varied += len(hidden) > 1
        checked += 1
        reshuffled += view.supply_number == 2
    assert checked > 100 and reshuffled > 5 and varied > checked // 2


def test_two_worlds_differing_only_in_hidden_cards_give_the_same_input() -> None:
    """Swap a card between the opponent's hand and the supply of a real state: the mover's input stays."""
    swapped = 0
    for n, game in enumerate(random_games(3, 8)):
        state = game.state
        if n % 2 or state.chance_due is not None or not state.supply:
            continue
        mover, other = state.to_move, 1 - state.to_move
        card = next((c for c in range(13) if state.hands[other][c] and c != state.supply[-1]), None)
        if card is None:
            continue
        changed = state.clone()
        top = changed.supply[-1]
        hand = list(changed.hands[other])
        hand[card] -= 1
        hand[top] += 1
        changed.supply[-1] = card
        changed.set_hand(other, hand)
        before = observation_of(World(state.clone(), False, None, 1))
        after = observation_of(World(changed, False, None, 1))
        assert before == after, (mover, card, top)
        swapped += 1
    assert swapped > 40


def test_numpy_and_pure_python_evaluations_agree() -> None:
    net = trained_looking_net(4)
    pure = PolicyValueNet.from_document(net.to_document(), use_numpy=False)
    fast = PolicyValueNet.from_document(net.to_document(), use_numpy=True)
    assert pure.np is None and fast.np is not None
    for n, game in enumerate(random_games(2, 5)):
        if n % 5 or game.state.chance_due is not None:
            continue
        view = game.view(game.state.to_move)
        obs = [(i, float(v)) for i, v in enumerate(encode_view(view)) if v]
        legal = list(game.state.legal_ids())
        p1, v1 = pure.evaluate(obs, legal)
        p2, v2 = fast.evaluate(obs, legal)
        assert v1 == pytest.approx(v2, abs=1e-9)
        assert p1 == pytest.approx(p2, abs=1e-9)
        assert sum(p1) == pytest.approx(1.0)


def test_a_net_file_round_trips_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    net = trained_looking_net(2)
    path = tmp_path / "net.json"
    path.write_text(json.dumps(net.to_document()), "utf-8")
    again = load_net(path)
    obs = [(0, 1.0), (110, 2.0), (120, 30.0)]
    assert again.to_document() == PolicyValueNet.from_document(again.to_document()).to_document()  # float32 kept
    assert again.evaluate(obs, [1, 5, 94])[0] == pytest.approx(net.evaluate(obs, [1, 5, 94])[0], abs=1e-6)
    path.write_text('{"format": "something else"}', "utf-8")
    with pytest.raises(TimesSquareError, match="not a times-square/alphazero-net"):
        load_net(path)
    with pytest.raises(TimesSquareError, match="cannot read"):
        load_net(tmp_path / "missing.json")


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure-python"])
def test_the_search_answers_legal_ids_with_its_budget(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not pure and not _fastcore.available():
        pytest.skip("the compiled core is not built here")
    if pure:
        monkeypatch.setattr(_fastcore, "available", lambda: False)
    net = trained_looking_net(7)
    searched = 0
    for n, game in enumerate(random_games(4, 21)):
        legal = game.state.legal_ids()
        if n % 7 or game.state.chance_due is not None or len(legal) < 2:
            continue
        search = Search(net, game.view(game.state.to_move), DEFAULT_RULES, AZConfig(simulations=12))
        assert search.compiled is not pure
        visits = search.run(legal, random.Random(n))
        assert set(visits) == set(legal)
        assert sum(visits.values()) == 12
        player = AlphaZeroPlayer(DEFAULT_RULES, net, AZConfig(simulations=6))
        assert player.choose(game.view(game.state.to_move), legal, random.Random(n)) in legal
        searched += 1
    assert searched > 20


@compiled
def test_compiled_and_pure_python_worlds_search_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before any reshuffle can come into reach, both paths walk the same worlds: the same visits."""
    net = trained_looking_net(9)
    compared = 0
    for n, game in enumerate(random_games(3, 30)):
        legal = game.state.legal_ids()
        if n % 4 or len(legal) < 2 or len(game.state.supply) < 30 or game.state.supply_number != 1:
            continue
        view = game.view(game.state.to_move)
        fast = Search(net, view, DEFAULT_RULES, AZConfig(simulations=20)).run(legal, random.Random(n))
        with monkeypatch.context() as m:
            m.setattr(_fastcore, "available", lambda: False)
            pure = Search(net, view, DEFAULT_RULES, AZConfig(simulations=20)).run(legal, random.Random(n))
        assert fast == pure
        compared += 1
    assert compared > 5


def test_the_player_plays_whole_games_legally_through_the_arena() -> None:
    for game in play_games(2, 5, DEFAULT_RULES, "alphazero:simulations=4", "random"):
        assert game.forfeit is None
        assert game.result in ("A", "B", "draw")
        assert game.state.result is not None


def test_bad_specs_are_refused_clearly() -> None:
    for spec, words in [
        ("alphazero:simulations=0", "at least 1"),
        ("alphazero:seconds=0", "more than 0"),
        ("alphazero:depth=3", "unknown parameter"),
        ("alphazero:net=/nonexistent/net.json", "cannot read"),
    ]:
        with pytest.raises(TimesSquareError, match=words):
            make_player(spec)
    player = make_player("alphazero:simulations=5,c=2")
    assert isinstance(player, AlphaZeroPlayer)
    assert (player.config.simulations, player.config.c) == (5, 2.0)


def test_the_shipped_net_loads_and_says_how_it_was_made() -> None:
    net = shipped_net()
    assert net.hidden_size >= 8
    assert net.about["command"].startswith("scripts/train_alphazero.py")
    assert net.about["games"] > 0


def test_selfplay_samples_repeat_for_a_seed_and_on_a_ray_task() -> None:
    net = trained_looking_net(3)
    config = AZConfig(simulations=4, noise_alpha=0.3, noise_weight=0.25, sample_moves=4)
    result, samples = selfplay_game(net, config, DEFAULT_RULES, 77)
    assert selfplay_game(net, config, DEFAULT_RULES, 77) == (result, samples)
    assert _game_task("n", net.to_document(), config.__dict__, DEFAULT_RULES, 0, 77) == (0, result, samples)
    assert [r[0] for r in local_games(net, config, DEFAULT_RULES, [5, 6])] == [0, 1]
    assert len(samples) > 10
    for obs, legal, shares, z in samples:
        assert sum(shares) == pytest.approx(1.0) and len(shares) == len(legal) > 1
        assert z == (0.0 if result == 2 else z) and z in (-1.0, 0.0, 1.0)
        assert [i for i, _ in obs] == sorted(i for i, _ in obs)
    seats = {obs_seat(obs) for obs, *_ in samples}
    assert seats == {0, 1}
    assert {z for *_, z in samples} == ({0.0} if result == 2 else {-1.0, 1.0})


def obs_seat(obs: list[tuple[int, float]]) -> int:
    return next(i - aznet.SEAT for i, _ in obs if aznet.SEAT <= i < aznet.SEAT + 2)


def test_training_lowers_the_loss_and_repeats_itself_for_a_seed(tmp_path: Path) -> None:
    script = load_script("train_alphazero")
    args = ["--iterations", "2", "--games", "2", "--simulations", "4", "--steps", "40", "--hidden", "16"]
    assert script.main([*args, "--out", str(tmp_path / "a.json")]) == 0
    assert script.main([*args, "--out", str(tmp_path / "b.json")]) == 0
    a = json.loads((tmp_path / "a.json").read_text("utf-8"))
    b = json.loads((tmp_path / "b.json").read_text("utf-8"))
    assert a["weights"] == b["weights"]
    assert a["about"]["iterations"] == 2 and a["about"]["games"] == 4  # in all
    assert a["about"]["parameters"]["games"] == 2 and a["about"]["parameters"]["steps"] == 40
    assert a["about"]["command"].startswith("scripts/train_alphazero.py --iterations 2")
    other = json.loads(
        (tmp_path / "c.json").read_text("utf-8")
        if script.main([*args, "--seed", "2", "--out", str(tmp_path / "c.json")]) == 0
        else "{}"
    )
    assert other["weights"] != a["weights"]
    # the fit lowers its loss on the samples it fits
    net = initial_net(16, 1)
    _, samples = selfplay_game(trained_looking_net(1), AZConfig(simulations=8), DEFAULT_RULES, 3)
    trainer = script.Trainer(net, 1e-2, 0.0)
    batch = script.batch_arrays(samples)
    before = trainer.losses(*batch, grad=False)
    for _ in range(60):
        trainer.step(trainer.losses(*batch, grad=True)[2])
    after = trainer.losses(*batch, grad=False)
    assert after[0] < before[0] * 0.8 and after[1] < before[1] * 0.8


def test_the_trainers_gradient_is_the_losss_slope() -> None:
    script = load_script("train_alphazero")
    trainer = script.Trainer(trained_looking_net(5), 1e-3, 0.0)
    _, samples = selfplay_game(trained_looking_net(1), AZConfig(simulations=4), DEFAULT_RULES, 9)
    batch = script.batch_arrays(samples[:20])
    _, _, grads = trainer.losses(*batch, grad=True)
    rng = np.random.default_rng(0)
    for name in ("w1", "b1", "wp", "bp", "wv", "bv"):
        param = trainer.params[name]
        flat = param.reshape(-1)
        for index in rng.choice(flat.size, size=min(4, flat.size), replace=False):
            if name in ("w1",) and not np.any(batch[0][:, index // param.shape[1]]):
                continue
            keep = flat[index]
            flat[index] = keep + 1e-5
            up = sum(trainer.losses(*batch, grad=False)[:2])
            flat[index] = keep - 1e-5
            down = sum(trainer.losses(*batch, grad=False)[:2])
            flat[index] = keep
            assert grads[name].reshape(-1)[index] == pytest.approx((up - down) / 2e-5, rel=1e-3, abs=1e-7), name
