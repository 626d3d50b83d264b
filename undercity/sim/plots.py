"""Charts of a run as PNG files (matplotlib, Agg backend: no display needed).

* ``undercity_turn.png`` — histogram of the turn on which a player completed Undercity;
* ``initiative_by_turn.png`` — for each turn, the share of games in which each seat had the
  initiative as the turn began (plus nobody, and games already over);
* ``win_rate_by_first_initiative.png`` — each seat's win rate, grouped by who took the
  initiative first, with 95% Wilson intervals;
* ``game_length.png`` — histogram of game length in turns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from undercity.engine.events import plural
from undercity.sim.records import GameRecord
from undercity.sim.stats import seat_label, wilson

NOBODY_COLOR = "#9e9e9e"
OVER_COLOR = "#e6e6e6"


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _seat_colors(n: int) -> list[Any]:
    plt = _plt()
    cmap = plt.get_cmap("tab10")
    return [cmap(i % 10) for i in range(n)]


def _seats(records: Sequence[GameRecord]) -> list[str]:
    return [seat_label(p.seat, p.name) + f" — {p.deck}" for p in records[0].players]


def _empty_note(ax: Any, text: str) -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes, fontsize=12, color="#555555")
    ax.set_xticks([])
    ax.set_yticks([])


def _title(records: Sequence[GameRecord], what: str) -> str:
    return f"{what}\n{len(records)} games, {records[0].variant}, AI {records[0].agents[0]}"


def plot_undercity_turn(records: Sequence[GameRecord], path: Path) -> Path:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(9, 4.8), dpi=110)
    labels = _seats(records)
    per_seat = [[r.players[i].undercity_completed_turn for r in records
                 if r.players[i].undercity_completed_turn is not None] for i in range(len(labels))]
    done = sum(len(x) for x in per_seat)
    if done == 0:
        _empty_note(ax, f"Nobody completed Undercity in {plural(len(records), 'game')}")
    else:
        hi = max(t for xs in per_seat for t in xs)
        bins = [b - 0.5 for b in range(1, hi + 2)]
        ax.hist(per_seat, bins=bins, stacked=True, label=labels, color=_seat_colors(len(labels)),
                edgecolor="white", linewidth=0.5)
        lo = min(t for xs in per_seat for t in xs)
        ax.set_xlim(lo - 1.5, hi + 1.5)
        ax.set_xlabel("turn on which the player completed Undercity (first time in the game)")
        ax.set_ylabel("players who completed it")
        ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1))
        never = sum(1 for r in records if r.undercity_completed_turn is None)
        ax.text(1.02, 0.02, f"nobody completed it\nin {never} of {plural(len(records), 'game')}", ha="left", va="bottom",
                transform=ax.transAxes, fontsize=9, color="#555555")
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_title(_title(records, "When Undercity is completed"))
    return _save(fig, path)


def plot_initiative_by_turn(records: Sequence[GameRecord], path: Path) -> Path:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(9, 4.8), dpi=110)
    labels = _seats(records)
    n = len(records)
    lengths = sorted(r.turns for r in records)
    # Show turns until 99% of the games are over (the long tail is noise), at least 5.
    last = max(5, lengths[min(n - 1, math.ceil(0.99 * n) - 1)])
    turns = list(range(1, last + 1))
    shares = [[0.0] * len(turns) for _ in range(len(labels) + 2)]  # seats, nobody, over
    for r in records:
        for k, t in enumerate(turns):
            if t > len(r.initiative_by_turn):
                shares[-1][k] += 1 / n
            else:
                h = r.initiative_by_turn[t - 1]
                shares[len(labels) if h is None else h][k] += 1 / n
    if not any(r.first_initiative is not None for r in records):
        ax.text(0.5, 0.55, "Nobody took the initiative in these games", ha="center", va="center",
                transform=ax.transAxes, fontsize=12, color="#555555", zorder=5)
    ax.stackplot(turns, shares, labels=[*labels, "nobody", "game over"],
                 colors=[*_seat_colors(len(labels)), NOBODY_COLOR, OVER_COLOR], alpha=0.9)
    ax.set_xlim(1, last)
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(plt.FuncFormatter(lambda y, _: f"{100 * y:.0f}%"))
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel("turn")
    ax.set_ylabel("share of games")
    ax.set_title(_title(records, "Who has the initiative as each turn begins"))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    return _save(fig, path)


def plot_win_rate_by_first_initiative(records: Sequence[GameRecord], path: Path) -> Path:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=110)
    labels = _seats(records)
    seats = len(labels)
    groups: list[tuple[str, list[GameRecord]]] = []
    for taker in [*range(seats), None]:
        rs = [r for r in records if r.first_initiative == taker]
        if rs:
            name = (seat_label(taker, records[0].players[taker].name) + " took it first" if taker is not None
                    else "nobody took it")
            groups.append((f"{name}\n({len(rs)} games)", rs))
    width = 0.8 / seats
    colors = _seat_colors(seats)
    for i in range(seats):
        xs, ys, lo, hi = [], [], [], []
        for g, (_, rs) in enumerate(groups):
            wins = sum(r.players[i].won for r in rs)
            a, b = wilson(wins, len(rs))
            p = wins / len(rs)
            xs.append(g - 0.4 + width * (i + 0.5))
            ys.append(p)
            lo.append(p - a)
            hi.append(b - p)
        ax.bar(xs, ys, width=width * 0.92, color=colors[i], label=labels[i],
               yerr=[lo, hi], capsize=4, error_kw={"elinewidth": 1, "ecolor": "#333333"})
        for x, y in zip(xs, ys, strict=True):
            ax.text(x, y / 2, f"{100 * y:.0f}%", ha="center", va="center", fontsize=8, color="white")
    ax.set_xticks(range(len(groups)), [g for g, _ in groups])
    ax.set_ylim(0, 1.05)
    ax.yaxis.set_major_formatter(plt.FuncFormatter(lambda y, _: f"{100 * y:.0f}%"))
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.set_title(_title(records, "Win rate by who took the initiative first"))
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1))
    return _save(fig, path)


def plot_game_length(records: Sequence[GameRecord], path: Path) -> Path:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=110)
    turns = [r.turns for r in records]
    bins = [b - 0.5 for b in range(min(turns), max(turns) + 2)]
    ax.hist(turns, bins=bins, color="#4c72b0", edgecolor="white", linewidth=0.5)
    ax.axvline(sum(turns) / len(turns), color="#c44e52", linestyle="--", label=f"mean {sum(turns) / len(turns):.1f}")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel("game length (turns)")
    ax.set_ylabel("games")
    ax.legend(frameon=False)
    ax.set_title(_title(records, "Game length"))
    return _save(fig, path)


def _save(fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path)
    _plt().close(fig)
    return path


PLOTS = {
    "undercity_turn.png": plot_undercity_turn,
    "initiative_by_turn.png": plot_initiative_by_turn,
    "win_rate_by_first_initiative.png": plot_win_rate_by_first_initiative,
    "game_length.png": plot_game_length,
}


def plot_all(records: Sequence[GameRecord], out: Path) -> list[Path]:
    """Write every chart into ``out``; returns the files written (none for no games)."""
    if not records:
        return []
    out.mkdir(parents=True, exist_ok=True)
    return [fn(records, out / name) for name, fn in PLOTS.items()]
