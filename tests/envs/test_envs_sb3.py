"""The compiled vector env as a Stable-Baselines3 VecEnv: same-step resets with the terminal observation, the
masks MaskablePPO asks for, and sb3-contrib's MaskablePPO training on it (the optional extra sb3)."""

from __future__ import annotations

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
