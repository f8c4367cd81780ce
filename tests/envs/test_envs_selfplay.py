"""Self-play and the learned opponent in the compiled vector environment: with `opponent="self"` the caller
plays both seats (each row the seat to move's observation and mask, never the other seat's hand; each seat's
reward reaches it), and with `opponent="learned"` C chooses what the Python `learned` player chooses."""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="Gymnasium is in the optional extra rl: pip install -e '.[rl]'")

from envs_support import assert_observation_matches, part
from test_envs_vector import Event, Recorded, run_and_compare

from timessquare import _fastcore
from timessquare.actions import NUM_ACTIONS
from timessquare.cards import SEAT_NAMES
from timessquare.envs.vector import TimesSquareVectorEnv, terminal_mask
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.state import dealt_state

needs_c = pytest.mark.skipif(not _fastcore.available(), reason="the compiled core is not built")


def random_actions(mask: np.ndarray[Any, Any], rng: np.random.Generator, wild: float = 0.0) -> np.ndarray[Any, Any]:
    """A legal id a row, drawn at random; with probability `wild` an illegal id or none at all instead."""
    actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    odd = rng.random(len(mask)) < wild
    actions[odd] = rng.integers(-2, NUM_ACTIONS + 2, odd.sum())
    return actions


def replay_selfplay(trajectory: Any, steps: list[tuple[Any, ...]]) -> int:
    """Plays a recorded self-play episode through the engine (Game) and checks each step against the rules:
    every observation is the named seat's view (envs_support: slice by slice), that seat is the one to move
    (or made the game's last move), its mask is that seat's legal ids, and each seat's reward is its result."""
    deal, _seat, recorded = trajectory
    events: deque[Event] = deque(recorded)
    game = Game(dealt_state(deal), rng=Recorded(events))
    for k, (action, seat_name, obs, mask, rewards, seat_rewards, terminated, illegal) in enumerate(steps):
        seat = SEAT_NAMES.index(seat_name)
        if k > 0 and not illegal:
            assert events.popleft() == action
            game.apply(int(action))
        assert_observation_matches(obs, game, seat)
        if terminated:
            assert game.state.result is not None and np.array_equal(mask, terminal_mask())
            result = game.state.result
            expected = [0.0, 0.0] if result == 2 else [1.0 if result == s else -1.0 for s in (0, 1)]
            assert list(seat_rewards) == expected, "each seat gets its own result"
            assert rewards == expected[SEAT_NAMES.index(steps[k - 1][1])], "the last mover's reward"
        else:
            assert game.state.result is None and game.state.to_move == seat, "the row is the seat to move's"
            assert np.flatnonzero(mask).tolist() == sorted(game.state.legal_ids())
    assert not events, "every recorded event was replayed"
    return len(steps) - 1


@needs_c
def test_selfplay_rows_are_the_seat_to_moves_view_and_each_seat_gets_its_result() -> None:
    n = 8
    envs = TimesSquareVectorEnv(n, opponent="self", record=True)
    obs, info = envs.reset(seed=11)
    rng = np.random.default_rng(11)
    start = [(None, info["seat"][i], obs[i], info["action_mask"][i], 0.0, (0.0, 0.0), False, False) for i in range(n)]
    episodes: list[list[tuple[Any, ...]]] = [[row] for row in start]
    ended = compared = 0
    for _ in range(4000):
        before = info["seat"].copy()
        actions = random_actions(info["action_mask"], rng, wild=0.03)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert not truncated.any()
        for i in range(n):
            last = episodes[i][-1]
            if last[6]:  # the step after a game's end deals anew: a new episode starts here
                assert rewards[i] == 0 and not info["illegal_action"][i]
                episodes[i] = [(None, info["seat"][i], obs[i], info["action_mask"][i], 0.0, (0.0, 0.0), False, False)]
                continue
            rows = info["rewards"][i]
            if info["illegal_action"][i]:
                actor = SEAT_NAMES.index(before[i])
                assert info["seat"][i] == before[i], "an illegal action changes nothing: the same seat to move"
                assert rewards[i] == pytest.approx(-0.1) and rows[actor] == pytest.approx(-0.1) and rows[1 - actor] == 0
            step = (actions[i], info["seat"][i], obs[i], info["action_mask"][i], rewards[i], tuple(rows))
            episodes[i].append((*step, bool(terminated[i]), bool(info["illegal_action"][i])))
            if terminated[i]:
                ended += 1
                seats = {row[1] for row in episodes[i]}
                assert seats == {"A", "B"}, "both seats acted through the caller"
                assert rows.sum() == 0, "one seat's win is the other's loss"
                compared += replay_selfplay(envs.trajectory(i), episodes[i])
        if ended >= 24:
            break
    assert ended >= 24 and compared > 1000


@needs_c
def test_selfplay_observations_never_show_the_other_seats_hand() -> None:
    envs = TimesSquareVectorEnv(16, opponent="self", record=True)
    obs, info = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(60):
        for i in range(16):
            deal, _seat, recorded = envs.trajectory(i)
            events: deque[Event] = deque(recorded)
            game = Game(dealt_state(deal), rng=Recorded(events))
            while events:  # the actions; each reshuffle is taken from the queue by the action that calls it
                aid = events.popleft()
                assert isinstance(aid, int)
                game.apply(aid)
            seat = SEAT_NAMES.index(info["seat"][i])
            hand = part(obs[i], "hand")
            assert hand == game.state.hands[seat]
            if game.state.hands[1 - seat] != game.state.hands[seat]:
                assert hand != game.state.hands[1 - seat]
        obs, _rewards, terminated, _truncated, info = envs.step(random_actions(info["action_mask"], rng))
        if terminated.any():
            break


@needs_c
def test_make_vec_plays_selfplay_games_to_their_end() -> None:
    import gymnasium

    import timessquare.envs  # noqa: F401  (registers TimesSquare-v0 and its vector entry point)

    envs = gymnasium.make_vec("TimesSquare-v0", num_envs=64, opponent="self")
    assert isinstance(envs, TimesSquareVectorEnv) and envs.engine == "c"
    _obs, info = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    seen: list[set[str]] = [set() for _ in range(64)]
    finished = 0
    for _ in range(3000):
        for i in range(64):
            seen[i].add(str(info["seat"][i]))
        _obs, rewards, terminated, _truncated, info = envs.step(random_actions(info["action_mask"], rng))
        for i in np.flatnonzero(terminated):
            assert seen[i] == {"A", "B"}
            seen[i] = set()
            finished += 1
            mover = info["seat"][i]  # the row stays with the seat that made the last move
            assert info["rewards"][i][SEAT_NAMES.index(mover)] == rewards[i]
            result = info["result"][i]
            assert result == ("draw" if rewards[i] == 0 else mover if rewards[i] > 0 else {"A": "B", "B": "A"}[mover])
        if finished >= 64:
            break
    assert finished >= 64


def test_selfplay_is_refused_where_it_cannot_be_what_it_says() -> None:
    with pytest.raises(TimesSquareError, match="compiled core"):
        TimesSquareVectorEnv(2, opponent="self", engine="python")
    with pytest.raises(TimesSquareError, match="both seats"):
        TimesSquareVectorEnv(2, opponent="self", seat="A")


@needs_c
def test_the_compiled_learned_opponent_plays_the_python_learned_player() -> None:
    envs = TimesSquareVectorEnv(2, opponent="learned")
    assert envs.engine == "c"  # compiled, not the Python player behind the environment
    compared = run_and_compare("learned", num_envs=4, total_steps=800, seed=21, check=make_player("learned"))
    assert compared >= 500


@needs_c
def test_the_compiled_learned_opponent_plays_the_pure_python_network() -> None:
    """The pure-Python path (no C at all in the reference's choice) on fewer positions: it is slow."""
    pure = make_player("learned:compiled=0")
    compared = run_and_compare("learned", num_envs=2, total_steps=160, seed=4, check=pure)
    assert compared >= 100


@needs_c
def test_the_learned_opponent_keeps_its_network_when_another_is_installed() -> None:
    """C holds one network for the process: another one installed between steps (a player with its own
    weights) must not change the opponent's choices."""
    from dataclasses import replace

    from timessquare.players.learned_net import install, shipped_net

    def run(meddle: bool) -> list[bytes]:
        envs = TimesSquareVectorEnv(4, opponent="learned")
        obs, info = envs.reset(seed=8)
        rng = np.random.default_rng(8)
        out = [obs.tobytes()]
        other = replace(shipped_net(), w2=tuple(-w for w in shipped_net().w2))
        for _ in range(120):
            if meddle:
                install(other)
            obs, rewards, _t, _tr, info = envs.step(random_actions(info["action_mask"], rng))
            out.append(obs.tobytes() + rewards.tobytes())
        install(shipped_net())
        return out

    assert run(False) == run(True)


@needs_c
def test_a_search_in_learned_mode_does_not_change_the_heuristic_opponent() -> None:
    """The evaluation mode is the process's; the compiled heuristic opponent sets its own."""

    def run(mode: int) -> list[bytes]:
        envs = TimesSquareVectorEnv(4, opponent="heuristic")
        rng = np.random.default_rng(3)
        with _fastcore.evaluation_mode(mode):
            obs, info = envs.reset(seed=3)
            out = [obs.tobytes()]
            for _ in range(100):
                obs, _r, _t, _tr, info = envs.step(random_actions(info["action_mask"], rng))
                out.append(obs.tobytes())
        return out

    from timessquare.players.learned_net import install, shipped_net

    install(shipped_net())
    assert run(_fastcore.EVAL_LINEAR) == run(_fastcore.EVAL_NET)
