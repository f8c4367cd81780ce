"""The vectorized environment: the C engine equals the Python environment (TimesSquare-v0) step for step,
its compiled heuristic plays the Python heuristic's actions, seeds fix runs, and the Python engine serves
any opponent with the same interface."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="Gymnasium is in the optional extra rl: pip install -e '.[rl]'")

from gymnasium.utils.env_checker import data_equivalence

from timessquare import _fastcore
from timessquare.actions import NUM_ACTIONS
from timessquare.envs.encoding import OBSERVATION_SIZE
from timessquare.envs.gym_env import TimesSquareEnv
from timessquare.envs.vector import TimesSquareVectorEnv, terminal_mask
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.players.base import BasePlayer
from timessquare.state import dealt_state

needs_c = pytest.mark.skipif(not _fastcore.available(), reason="the compiled core is not built")

Event = int | tuple[int, ...]


class Recorded(random.Random):
    """A generator whose shuffles are the recorded reshuffles (the C engine's), in turn."""

    def __init__(self, events: deque[Event]) -> None:
        super().__init__(0)
        self.events = events

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        order = self.events.popleft()
        assert isinstance(order, tuple) and sorted(order) == sorted(x), "the reshuffle is of the discard pile"
        x[:] = order


class Replay(BasePlayer):
    """The opponent's recorded actions; with `check`, a Python player whose choice must be the recorded one."""

    name = "replay"

    def __init__(self, events: deque[Event], check: Any = None) -> None:
        self.events = events
        self.check = check

    def choose(self, view: Any, legal: Any, rng: random.Random) -> int:
        aid = self.events.popleft()
        assert isinstance(aid, int) and aid in legal
        if self.check is not None:
            assert self.check.choose(view, legal, rng) == aid, "the compiled opponent chose another action"
        return aid


def replay_episode(trajectory: Any, steps: list[tuple[Any, ...]], check: Any = None) -> int:
    """Play a recorded episode through TimesSquare-v0 and compare every learner step with the C engine's
    (observation, mask, reward, termination, illegal flag). Returns the number of steps compared."""
    deal, seat, recorded = trajectory
    events: deque[Event] = deque(recorded)
    env = TimesSquareEnv(seat=seat)
    env.reset(seed=0)
    env.game = Game(dealt_state(deal), rng=Recorded(events))
    env.opponent = Replay(events, check)
    env._opponent_moves()
    obs, info = env._observation(), env._info()
    first_obs, first_mask = steps[0][1], steps[0][2]
    assert data_equivalence(obs, first_obs) and data_equivalence(info["action_mask"], first_mask)
    for action, reward, terminated, truncated, illegal, next_obs, next_mask in steps[1:]:
        if not illegal:
            assert events.popleft() == action
        obs, r, term, trunc, info = env.step(int(action))
        assert ("illegal_action" in info) == illegal
        assert r == pytest.approx(reward) and term == terminated and trunc == truncated
        assert np.array_equal(obs, next_obs), "observations differ"
        expected_mask = terminal_mask() if term else info["action_mask"]  # never an all-zero row
        assert np.array_equal(expected_mask, next_mask), "masks differ"
    assert not events, "every recorded event was replayed"
    return len(steps) - 1


def run_and_compare(opponent: str, num_envs: int, total_steps: int, seed: int, check: Any = None) -> int:
    envs = TimesSquareVectorEnv(num_envs, opponent=opponent, engine="c", record=True)
    obs, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    # per sub-environment: the steps of its current episode, the first one its start
    episodes: list[list[tuple[Any, ...]]] = [[(None, obs[i], info["action_mask"][i])] for i in range(num_envs)]
    compared = 0
    fresh = np.zeros(num_envs, bool)
    for _ in range(total_steps // num_envs):
        mask = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])  # no row is all zero
        wild = rng.random(num_envs) < 0.05  # now and then an illegal action, or no action id at all
        actions[wild] = rng.integers(-3, NUM_ACTIONS + 3, wild.sum())
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i in range(num_envs):
            if fresh[i]:  # the autoreset step: a new episode starts here
                episodes[i] = [(None, obs[i], info["action_mask"][i])]
                assert rewards[i] == 0 and not terminated[i]
                continue
            episodes[i].append(
                (
                    actions[i],
                    rewards[i],
                    terminated[i],
                    truncated[i],
                    info["illegal_action"][i],
                    obs[i],
                    info["action_mask"][i],
                )
            )
            if terminated[i] or truncated[i]:
                compared += replay_episode(envs.trajectory(i), episodes[i], check)
        fresh = terminated | truncated
    for i in range(num_envs):
        if not fresh[i] and len(episodes[i]) > 1:
            compared += replay_episode(envs.trajectory(i), episodes[i], check)
    return compared


@needs_c
def test_c_engine_equals_the_python_environment_step_for_step() -> None:
    compared = run_and_compare("random", num_envs=16, total_steps=12_000, seed=3)
    assert compared >= 10_000


@needs_c
def test_the_compiled_heuristic_plays_the_python_heuristic() -> None:
    from timessquare.players import make_player

    compared = run_and_compare("heuristic", num_envs=4, total_steps=600, seed=9, check=make_player("heuristic"))
    assert compared >= 400


@pytest.mark.parametrize("engine", ["c", "python"])
def test_seeds_fix_the_run(engine: str) -> None:
    if engine == "c" and not _fastcore.available():
        pytest.skip("the compiled core is not built")

    def run(seed: int) -> list[bytes]:
        envs = TimesSquareVectorEnv(4, opponent="random", engine=engine)
        obs, info = envs.reset(seed=seed)
        out = [obs.tobytes()]
        for _ in range(150):
            actions = info["action_mask"].argmax(axis=1)  # the first legal id
            obs, rewards, terminated, _truncated, info = envs.step(actions)
            out.append(obs.tobytes() + rewards.tobytes() + terminated.tobytes())
        return out

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_python_engine_takes_any_opponent_and_autoresets() -> None:
    envs = TimesSquareVectorEnv(2, opponent="easy", engine="python", seat="B")
    obs, info = envs.reset(seed=1)
    assert obs.shape == (2, OBSERVATION_SIZE) and info["action_mask"].shape == (2, NUM_ACTIONS)
    assert list(info["seat"]) == ["B", "B"]
    ended = None
    for _ in range(400):
        obs, rewards, terminated, _truncated, info = envs.step(info["action_mask"].argmax(axis=1))
        if ended is not None:
            assert rewards[ended] == 0 and info["action_mask"][ended].any()  # dealt anew
            break
        if terminated.any():
            ended = int(np.flatnonzero(terminated)[0])
            assert rewards[ended] in (-1.0, 0.0, 1.0) and np.array_equal(info["action_mask"][ended], terminal_mask())
            assert info["_result"][ended] and info["result"][ended] in ("A", "B", "draw")
    assert ended is not None


@needs_c
def test_illegal_actions_cost_the_penalty_and_change_nothing() -> None:
    envs = TimesSquareVectorEnv(3, engine="c", illegal_reward=-0.5)
    obs, info = envs.reset(seed=2)
    illegal = np.array([int(np.flatnonzero(m == 0)[0]) for m in info["action_mask"]])
    illegal[2] = 999
    after, rewards, terminated, _truncated, info2 = envs.step(illegal)
    assert np.array_equal(obs, after) and np.array_equal(info["action_mask"], info2["action_mask"])
    assert list(rewards) == [-0.5] * 3 and info2["illegal_action"].all() and not terminated.any()


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(TimesSquareError, match="engine"):
        TimesSquareVectorEnv(2, engine="gpu")
    with pytest.raises(TimesSquareError, match="num_envs"):
        TimesSquareVectorEnv(0)
    envs = TimesSquareVectorEnv(2, engine="python")
    with pytest.raises(TimesSquareError, match="reset"):
        envs.step(np.zeros(2, np.int64))
    envs.reset(seed=0)
    with pytest.raises(TimesSquareError, match="2 integer action ids"):
        envs.step(np.zeros(3, np.int64))
    if _fastcore.available():
        with pytest.raises(TimesSquareError, match="engine='python'"):
            TimesSquareVectorEnv(2, opponent="easy", engine="c")


@needs_c
def test_make_vec_gives_the_compiled_env_and_no_mask_row_is_ever_empty() -> None:
    import gymnasium

    import timessquare.envs  # noqa: F401  (registers TimesSquare-v0 and its vector entry point)

    envs = gymnasium.make_vec("TimesSquare-v0", num_envs=16)
    assert isinstance(envs, TimesSquareVectorEnv) and envs.engine == "c"
    _obs, info = envs.reset(seed=4)
    rng = np.random.default_rng(4)
    games = 0
    for _ in range(3000):
        mask = info["action_mask"]
        assert mask.any(axis=1).all(), "an all-zero mask row"
        logits = np.where(mask > 0, rng.standard_normal(mask.shape), -np.inf)  # a masked policy: no NaN
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        assert not np.isnan(probs).any()
        _obs, rewards, terminated, _truncated, info = envs.step(logits.argmax(axis=1))
        for i in np.flatnonzero(terminated):
            games += 1
            assert np.array_equal(info["action_mask"][i], terminal_mask())
            seat, result = info["seat"][i], info["result"][i]
            assert seat in ("A", "B") and info["_result"][i]
            assert result == ("draw" if rewards[i] == 0 else seat if rewards[i] > 0 else {"A": "B", "B": "A"}[seat])
        assert not info["_result"][~terminated].any()
    assert games > 100
    envs.close()
    assert envs.closed
    with pytest.raises(TimesSquareError, match="closed"):
        envs.step(np.zeros(16, np.int64))


@pytest.mark.parametrize("engine", ["c", "python"])
def test_reset_takes_one_seed_a_sub_environment(engine: str) -> None:
    if engine == "c" and not _fastcore.available():
        pytest.skip("the compiled core is not built")
    envs = TimesSquareVectorEnv(3, engine=engine)
    a, _ = envs.reset(seed=[7, 8, 9])
    b, _ = envs.reset(seed=[7, 8, 9])
    c, _ = envs.reset(seed=[7, 8, 10])
    assert np.array_equal(a, b) and np.array_equal(a[:2], c[:2]) and not np.array_equal(a[2], c[2])
    if engine == "c":
        same, _ = envs.reset(seed=[5, 5, 5])
        assert np.array_equal(same, envs.reset(seed=5)[0])
    envs.reset(seed=[1, None, 2])  # None: drawn from the environment's generator
    with pytest.raises(TimesSquareError, match="3 seeds"):
        envs.reset(seed=[1, 2])


@pytest.mark.parametrize("engine", ["c", "python"])
def test_autoreset_deals_the_ended_games_at_once(engine: str) -> None:
    if engine == "c" and not _fastcore.available():
        pytest.skip("the compiled core is not built")
    envs = TimesSquareVectorEnv(4, engine=engine)
    _obs, info = envs.reset(seed=3)
    assert not envs.autoreset()[1].any()  # nothing has ended
    for _ in range(1000):
        _obs, _rewards, terminated, truncated, info = envs.step(info["action_mask"].argmax(axis=1))
        if terminated.any():
            break
    assert terminated.any()
    _obs, dealt = envs.autoreset()
    assert np.array_equal(dealt, terminated | truncated)
    masks = envs.action_masks()
    # the fresh games are played on at the next step, not dealt again: an illegal action there costs the
    # penalty (the step that deals anew would ignore it with reward 0)
    illegal = np.array([int(np.flatnonzero(~m)[0]) for m in masks])
    _obs, rewards2, _term, _trunc, info2 = envs.step(illegal)
    assert (rewards2[dealt] == pytest.approx(-0.1)) and info2["illegal_action"][dealt].all()
