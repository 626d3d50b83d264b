"""Train the numpy REINFORCE baseline (undercity/rl/linear.py) through ``Undercity-v0`` against
the random agent, and plot its win rate against the random and the heuristic agents as it learns.

    .venv/bin/python examples/train_linear.py                      # 600 games, a point every 100
    .venv/bin/python examples/train_linear.py --episodes 2000 --every 200 --eval-games 100 \\
        --out win-rate.png --weights w.npy

The weights it saves (``--weights``) drive self-play rollouts on Ray:
``.venv/bin/python -m undercity.rl.rollouts --weights w.npy --out rollouts/`` (docs/rl.md).
Evaluation games use their own seeds, the same at every point, so the curve compares like with like.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from undercity.rl import UndercityEnv
from undercity.rl.linear import LinearSoftmaxPolicy, win_rate


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=int, default=600)
    ap.add_argument("--every", type=int, default=100, help="evaluate every this many training games")
    ap.add_argument("--eval-games", type=int, default=60)
    ap.add_argument("--turn-cap", type=int, default=25)
    ap.add_argument("--learning-rate", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("win-rate.png"))
    ap.add_argument("--weights", type=Path, help="save the trained weights here (numpy .npy)")
    args = ap.parse_args(argv)
    if args.episodes < 1 or args.every < 1 or args.eval_games < 1:
        ap.error("--episodes, --every and --eval-games must be at least 1")

    train = UndercityEnv(turn_cap=args.turn_cap, opponent="random")
    judges = {name: UndercityEnv(turn_cap=args.turn_cap, opponent=name) for name in ("random", "heuristic")}
    policy = LinearSoftmaxPolicy(seed=args.seed, learning_rate=args.learning_rate)
    evaluation = range(1_000_000, 1_000_000 + args.eval_games)
    points: list[tuple[int, dict[str, float]]] = []

    def evaluate(done: int) -> None:
        rates = {name: win_rate(policy, env, evaluation) for name, env in judges.items()}
        points.append((done, rates))
        print(f"{done:6d} games  " + "  ".join(f"vs {n}: {r:.2f}" for n, r in rates.items()), flush=True)

    evaluate(0)
    for episode in range(args.episodes):
        policy.play(train, args.seed * 1_000_000 + episode, learn=True)
        if (episode + 1) % args.every == 0 or episode + 1 == args.episodes:
            evaluate(episode + 1)

    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    xs = [p[0] for p in points]
    for name in judges:
        ax.plot(xs, [p[1][name] for p in points], marker="o", label=f"vs {name}")
    ax.set_xlabel("training games (against the random agent)")
    ax.set_ylabel(f"win rate ({args.eval_games} games)")
    ax.set_ylim(0, 1)
    ax.set_title("Linear softmax policy, REINFORCE, Undercity-v0")
    ax.legend()
    fig.tight_layout()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, dpi=120)
    plt.close(fig)
    print(f"plot: {args.out}")
    if args.weights is not None:
        np.save(args.weights, policy.weights)
        print(f"weights: {args.weights}")


if __name__ == "__main__":
    main()
