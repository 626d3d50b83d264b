"""Throughput of the reinforcement-learning environments (docs/rl.md).

    python bench/bench_rl.py                   # 40 games each, turn cap 30, two-player
    python bench/bench_rl.py --games 100 --skip-ray
    python bench/bench_rl.py --players 4 --variant free-for-all

Every game is played with uniformly random legal actions (so the figures are the
environment's, not a policy's). Printed, for each way of running it: environment steps per
second (one step = one decision answered), games per second, and for the single
environments the share of the time spent building observations (target: under 20%):

* the PettingZoo AEC environment, one process, every seat an agent;
* ``Undercity-v0`` against the random agent, one process (a step is the learning seat's
  decision; the opponents' decisions happen inside it);
* Gymnasium vector environments of ``Undercity-v0``: ``SyncVectorEnv`` of 4, ``AsyncVectorEnv``
  of 2 (one process each);
* Ray rollout workers (:mod:`undercity.rl.rollouts`), 1 and 2, on a local Ray instance
  started beforehand (its start-up is not counted).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

import undercity.rl.aec as aec_mod
from undercity.rl import UndercityAEC, UndercityEnv


class ObserveTimer:
    """Time spent in observation building (``undercity.rl.observation.observe``)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._orig = aec_mod.obs_mod.observe

    def __enter__(self) -> ObserveTimer:
        orig = self._orig

        def timed(*args: Any, **kwargs: Any) -> Any:
            t = time.perf_counter()
            try:
                return orig(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - t

        aec_mod.obs_mod.observe = timed
        return self

    def __exit__(self, *exc: object) -> None:
        aec_mod.obs_mod.observe = self._orig


def row(name: str, steps: int, games: int, seconds: float, obs_seconds: float | None = None) -> None:
    share = f"{100 * obs_seconds / seconds:5.1f}%" if obs_seconds is not None else "     -"
    print(f"{name:<34} {steps / seconds:9.0f} {games / seconds:8.2f} {share:>12}")


def bench_aec(env_kwargs: dict, games: int) -> None:
    env = UndercityAEC(**env_kwargs)
    steps = 0
    with ObserveTimer() as timer:
        t0 = time.perf_counter()
        for seed in range(games):
            env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            for _ in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
        seconds = time.perf_counter() - t0
    row("PettingZoo AEC, 1 process", steps, games, seconds, timer.seconds)


def bench_gym(env_kwargs: dict, games: int) -> None:
    env = UndercityEnv(opponent="random", **env_kwargs)
    steps = 0
    with ObserveTimer() as timer:
        t0 = time.perf_counter()
        for seed in range(games):
            obs, _ = env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            while True:
                obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
                if term or trunc:
                    break
        seconds = time.perf_counter() - t0
    row("Undercity-v0 vs random, 1 process", steps, games, seconds, timer.seconds)


def bench_vector(env_kwargs: dict, games: int, n: int, asynchronous: bool) -> None:
    import gymnasium

    cls = gymnasium.vector.AsyncVectorEnv if asynchronous else gymnasium.vector.SyncVectorEnv
    envs = cls([lambda: UndercityEnv(opponent="random", **env_kwargs) for _ in range(n)])
    rng = np.random.default_rng(0)
    obs, _ = envs.reset(seed=0)
    steps = done = 0
    t0 = time.perf_counter()
    while done < games:
        # A finished game's last observation offers nothing; the next step starts a new game.
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, _, term, trunc, _ = envs.step(np.array(actions))
        steps += n
        done += int(np.sum(term | trunc))
    seconds = time.perf_counter() - t0
    envs.close()
    row(f"{cls.__name__} of {n}", steps, done, seconds)


def bench_ray(env_kwargs: dict, games: int, workers: int, show: bool = True) -> None:
    from undercity.rl.rollouts import RolloutConfig, run

    result = run(RolloutConfig(env=env_kwargs, games=games), None, workers=workers)
    if show:
        row(f"Ray rollouts, {workers} worker{'s' if workers > 1 else ''}", result.steps, result.games,
            result.seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--turn-cap", type=int, default=30)
    ap.add_argument("--players", type=int)
    ap.add_argument("--variant")
    ap.add_argument("--skip-ray", action="store_true")
    args = ap.parse_args()
    env_kwargs = {"turn_cap": args.turn_cap, "players": args.players, "variant": args.variant}
    print(f"{args.games} games each, turn cap {args.turn_cap}, random legal actions")
    print(f"{'':<34} {'steps/s':>9} {'games/s':>8} {'observation':>12}")
    bench_aec(env_kwargs, args.games)
    bench_gym(env_kwargs, args.games)
    bench_vector(env_kwargs, args.games, 4, asynchronous=False)
    bench_vector(env_kwargs, args.games, 2, asynchronous=True)
    if not args.skip_ray:
        from undercity.rl.rollouts import start_ray

        start_ray(None)
        bench_ray(env_kwargs, 4, 2, show=False)  # warm-up: workers start and import the package
        for workers in (1, 2):
            bench_ray(env_kwargs, args.games, workers)


if __name__ == "__main__":
    main()
