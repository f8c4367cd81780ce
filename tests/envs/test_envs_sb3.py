"""The compiled vector env as a Stable-Baselines3 VecEnv: same-step resets with the terminal observation, the
masks MaskablePPO asks for, and sb3-contrib's MaskablePPO training on it (the optional extra sb3)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip(
    "sb3_contrib",
    reason="Stable-Baselines3 is the extra sb3, which scripts/venv.sh --sb3 (./test) installs with PyTorch's CPU build "
    "unless TIMESSQUARE_NO_SB3=1; by hand: pip install torch==2.13.0+cpu, then pip install -e '.[sb3]'",
)

from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3.common.vec_env import VecEnv

from timessquare import _fastcore
from timessquare.envs.sb3 import TimesSquareSB3VecEnv
from timessquare.errors import TimesSquareError

pytestmark = pytest.mark.skipif(not _fastcore.available(), reason="the compiled core is not built")


def test_games_reset_in_the_same_step_with_the_terminal_observation() -> None:
    env = TimesSquareSB3VecEnv(num_envs=4)
    assert isinstance(env, VecEnv) and is_masking_supported(env)
    env.seed(3)
    obs = env.reset()
    assert obs.shape == (4, 168)
    ended = 0
    for _ in range(400):
        masks = get_action_masks(env)
        assert masks.shape == (4, 95) and masks.any(axis=1).all()
        env.step_async(masks.argmax(axis=1))
        obs, rewards, dones, infos = env.step_wait()
        for i in np.flatnonzero(dones):
            ended += 1
            assert rewards[i] in (-1.0, 0.0, 1.0) and infos[i]["result"] in ("A", "B", "draw")
            assert not np.array_equal(infos[i]["terminal_observation"], obs[i])  # obs: the next game's start
            fresh = get_action_masks(env)[i]
            assert fresh.sum() >= 1 and not (fresh.sum() == 1 and fresh[94])  # a live game's mask
    assert ended > 0
    env.close()


def test_maskable_ppo_trains_on_the_compiled_env() -> None:
    env = TimesSquareSB3VecEnv(num_envs=8, opponent="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=256, n_epochs=2, seed=0, device="cpu")
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    obs = env.reset()
    for _ in range(200):  # the trained policy, masked, plays only legal actions (no NaN from a masked row)
        masks = get_action_masks(env)
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert masks[np.arange(8), actions].all()
        obs, _rewards, _dones, infos = env.step(actions)
        assert not any(info.get("illegal_action") for info in infos)
    env.close()


def illegal_ids(env: TimesSquareSB3VecEnv) -> np.ndarray[Any, Any]:
    """An illegal action id for each game."""
    return np.array([int(np.flatnonzero(~m)[0]) for m in get_action_masks(env)])


def test_set_attr_illegal_reward_takes_effect_in_the_games_named() -> None:
    env = TimesSquareSB3VecEnv(num_envs=4, illegal_reward=-0.1)
    env.reset()
    env.set_attr("illegal_reward", -2.0, indices=[1, 3])
    assert env.get_attr("illegal_reward") == pytest.approx([-0.1, -2.0, -0.1, -2.0])
    assert env.get_attr("illegal_reward", indices=3) == pytest.approx([-2.0])
    _obs, rewards, _dones, infos = env.step(illegal_ids(env))
    assert all(info["illegal_action"] for info in infos)
    assert rewards == pytest.approx([-0.1, -2.0, -0.1, -2.0])
    env.set_attr("illegal_reward", 0.0)  # all games
    _obs, rewards, _dones, _infos = env.step(illegal_ids(env))
    assert rewards == pytest.approx([0.0] * 4)
    env.close()


@pytest.mark.parametrize(
    ("name", "value", "indices", "message"),
    [
        ("opponent", "heuristic", None, "cannot be set"),
        ("illegal_reward", "much", None, "number"),
        ("illegal_reward", float("nan"), None, "finite"),
        ("illegal_reward", -1.0, [4], "no game 4"),
    ],
)
def test_set_attr_refuses_what_it_cannot_do_and_changes_nothing(
    name: str, value: object, indices: object, message: str
) -> None:
    env = TimesSquareSB3VecEnv(num_envs=4)
    with pytest.raises(TimesSquareError, match=message):
        env.set_attr(name, value, indices=indices)
    assert env.get_attr("illegal_reward") == pytest.approx([-0.1] * 4)
    assert env.get_attr("opponent") == ["random"] * 4
    env.close()


def test_the_adapter_runs_the_learned_opponent_compiled() -> None:
    env = TimesSquareSB3VecEnv(num_envs=4, opponent="learned")
    assert env.venv.engine == "c"
    env.reset()
    for _ in range(50):
        _obs, _rewards, _dones, infos = env.step(get_action_masks(env).argmax(axis=1))
        assert not any(info.get("illegal_action") for info in infos)
    env.close()


def test_selfplay_through_the_adapter_gives_both_seats_their_rewards() -> None:
    env = TimesSquareSB3VecEnv(num_envs=8, opponent="self")
    env.seed(5)
    env.reset()
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(2000):
        masks = get_action_masks(env)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _obs, rewards, dones, infos = env.step(actions)
        for i in np.flatnonzero(dones):
            ended += 1
            both = infos[i]["rewards"]
            assert sum(both) == 0 and rewards[i] in both
            result = infos[i]["result"]
            assert both == ([0.0, 0.0] if result == "draw" else [1.0, -1.0] if result == "A" else [-1.0, 1.0])
        if ended >= 16:
            break
    assert ended >= 16
    env.close()


def test_the_documented_snippet_logs_episode_statistics_with_vecmonitor() -> None:
    from stable_baselines3.common.vec_env import VecMonitor

    env = VecMonitor(TimesSquareSB3VecEnv(num_envs=8, opponent="heuristic"))
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=256, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=512)
    assert len(model.ep_info_buffer) > 0  # what ep_rew_mean and ep_len_mean are logged from
    assert {"r", "l"} <= set(model.ep_info_buffer[0])
    env.close()
