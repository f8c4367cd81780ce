"""The Gymnasium environment TimesSquare-v0: Gymnasium's env checker, the illegal-action policies, the
opponent, determinism, and that the observation is the learner's view and nothing more."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is in the optional extra rl: pip install -e '.[rl]'")

from envs_support import assert_observation_matches, scramble_hidden  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import timessquare.envs  # noqa: E402, F401  (registers TimesSquare-v0)
from timessquare.actions import END_ID  # noqa: E402
from timessquare.envs.gym_env import TimesSquareEnv  # noqa: E402
from timessquare.errors import IllegalActionError, InvalidActionError, TimesSquareError  # noqa: E402
from timessquare.facts import MAX_GAME_LENGTH  # noqa: E402


def play_out(env, seed: int) -> tuple[float, dict]:  # type: ignore[no-untyped-def, type-arg]
    """Masked random play to the end; returns the last reward and info."""
    rng = random.Random(seed)
    _, info = env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(info["action_mask"])
        _, reward, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        if terminated or truncated:
            return reward, info


def test_make_with_a_named_opponent_passes_check_env() -> None:
    env = gymnasium.make("TimesSquare-v0", opponent="heuristic")
    assert isinstance(env.unwrapped, TimesSquareEnv)
    assert env.spec is not None and env.spec.max_episode_steps == MAX_GAME_LENGTH
    check_env(env.unwrapped, skip_render_check=False)


def test_whole_games_end_with_the_result_as_reward() -> None:
    env = gymnasium.make("TimesSquare-v0", opponent="random")
    for seed in (1, 2, 3):
        reward, info = play_out(env, seed)
        assert info["result"] in ("A", "B", "draw")
        expected = 0.0 if info["result"] == "draw" else 1.0 if info["result"] == info["seat"] else -1.0
        assert reward == expected
        assert not info["action_mask"].any()


def test_observation_is_the_learners_view() -> None:
    env = TimesSquareEnv(opponent="random", seat="B")
    obs, info = env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        assert info["seat"] == "B" and env.game is not None
        assert_observation_matches(obs, env.game, 1)
        assert list(np.flatnonzero(info["action_mask"])) == list(env.game.state.legal_ids())
        legal = np.flatnonzero(info["action_mask"])
        obs, _, terminated, _, info = env.step(int(legal[rng.randrange(len(legal))]))
        if terminated:
            break


def test_no_hidden_information_in_the_observation() -> None:
    env = TimesSquareEnv(opponent="random")
    obs, _ = env.reset(seed=12)
    assert env.game is not None
    rng = random.Random(3)
    changed = 0
    for _ in range(10):
        changed += scramble_hidden(env.game.state, env.seat, rng)
        assert np.array_equal(obs, env._observation())
    assert changed >= 5


def test_determinism_under_a_seed() -> None:
    def trajectory(seed: int) -> list[bytes]:
        env = TimesSquareEnv(opponent="heuristic")
        obs, info = env.reset(seed=seed)
        out = [obs.tobytes()]
        for _ in range(30):
            legal = np.flatnonzero(info["action_mask"])
            obs, _, terminated, _, info = env.step(int(legal[len(out) % len(legal)]))
            out.append(obs.tobytes())
            if terminated:
                break
        return out

    assert trajectory(7) == trajectory(7)
    assert trajectory(7) != trajectory(8)


def test_illegal_action_penalty_is_the_default() -> None:
    env = TimesSquareEnv()
    obs, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -0.1 and not terminated and not truncated
    assert np.array_equal(obs, obs2) and np.array_equal(info["action_mask"], info2["action_mask"])
    assert info2["illegal_action"]


def test_illegal_action_raise_names_the_rule() -> None:
    env = TimesSquareEnv(illegal_action="raise")
    obs, _ = env.reset(seed=4)
    with pytest.raises(IllegalActionError, match="R5"):
        env.step(END_ID)
    with pytest.raises(InvalidActionError):
        env.step(-1)
    assert np.array_equal(obs, env._observation())


def test_action_masks_method_for_maskable_learners() -> None:
    env = TimesSquareEnv()
    _, info = env.reset(seed=1)
    assert env.action_masks().dtype == bool
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))


def test_bad_options_are_refused_clearly() -> None:
    with pytest.raises(TimesSquareError, match="unknown player"):
        gymnasium.make("TimesSquare-v0", opponent="grandmaster")
    with pytest.raises(TimesSquareError, match="seat"):
        TimesSquareEnv(seat="C")
    with pytest.raises(TimesSquareError, match="illegal_action"):
        TimesSquareEnv(illegal_action="lose")
    with pytest.raises(TimesSquareError, match="reset"):
        TimesSquareEnv().step(0)


def test_render_modes() -> None:
    env = TimesSquareEnv(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "street" in text and "your hand" not in text  # the public board only
    assert "result:" not in text
    rng = random.Random(3)
    terminated = False
    while not terminated:
        legal = np.flatnonzero(env.action_masks())
        _, _, terminated, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
        assert not truncated
    assert env.game is not None
    assert env.render().endswith(f"result: {env.game.result} ({env.game.end_reason()})")  # the game's end, said
    env = TimesSquareEnv(render_mode="rgb_array")
    env.reset(seed=1)
    assert env.render().shape[2] == 3


def gym_trajectory(opponent: str, seed: int) -> list[tuple[bytes, float]]:
    env = TimesSquareEnv(opponent=opponent)
    obs, info = env.reset(seed=seed)
    rng = random.Random(seed)
    out = [(obs.tobytes(), 0.0)]
    done = False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, done, _, info = env.step(int(legal[rng.randrange(len(legal))]))
        out.append((obs.tobytes(), reward))
    return out


def test_a_searching_opponent_with_an_iteration_budget_is_reproducible() -> None:
    first = gym_trajectory("ismcts:iterations=60,workers=1", 4)
    assert first == gym_trajectory("ismcts:iterations=60,workers=1", 4)
    assert first != gym_trajectory("ismcts:iterations=60,workers=1", 5)


def test_a_time_budget_opponent_gets_a_warning() -> None:
    from timessquare.envs.gym_env import TimeBudgetWarning

    with pytest.warns(TimeBudgetWarning, match="iteration"):
        TimesSquareEnv(opponent="ismcts:seconds=0.1,workers=1")
    with warnings.catch_warnings():
        warnings.simplefilter("error", TimeBudgetWarning)
        TimesSquareEnv(opponent="hard:iterations=100")
        TimesSquareEnv(opponent="heuristic")
