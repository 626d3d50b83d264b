"""Summary statistics of a run: win rates with 95% Wilson score intervals, game length, and
the initiative and dungeon figures per seat; rendered as a rich table and as JSON."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from undercity.engine.events import plural
from undercity.sim.records import GameRecord

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default); (0, 1) for n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval always contains p; clamping to it also absorbs rounding at p = 0 or 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def rate(successes: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(successes, n)
    return {"wins": successes, "games": n, "rate": successes / n if n else None, "ci_low": lo, "ci_high": hi}


def _mean(xs: Sequence[float]) -> float | None:
    return statistics.fmean(xs) if xs else None


def seat_label(seat: int, name: str) -> str:
    return f"seat {seat} ({name})"


def summarize(records: Sequence[GameRecord]) -> dict[str, Any]:
    """The summary of a run as plain data (written as summary.json)."""
    n = len(records)
    if n == 0:
        return {"games": 0, "seats": []}
    first = records[0]
    seats = len(first.players)
    turns = [r.turns for r in records]
    out: dict[str, Any] = {
        "games": n,
        "variant": first.variant,
        "decks": first.decks,
        "agents": first.agents,
        "draws": sum(1 for r in records if not r.winners),
        "turns": {"mean": statistics.fmean(turns), "sd": statistics.pstdev(turns), "median": statistics.median(turns),
                  "min": min(turns), "max": max(turns)},
        "decisions_mean": statistics.fmean(r.decisions for r in records),
        "initiative_changes_per_game": statistics.fmean(r.initiative_changes for r in records),
        "games_with_initiative": sum(1 for r in records if r.first_initiative is not None),
        "undercity_completed_games": sum(1 for r in records if r.undercity_completed_turn is not None),
        "undercity_completed_turn_mean": _mean([t for r in records if (t := r.undercity_completed_turn) is not None]),
        "end_reasons": _counts(r.end_reason for r in records),
    }
    seat_rows = []
    for i in range(seats):
        ps = [r.players[i] for r in records]
        firsts = [p.first_initiative_turn for p in ps if p.first_initiative_turn is not None]
        uc = [p.undercity_completed_turn for p in ps if p.undercity_completed_turn is not None]
        seat_rows.append({
            "seat": i, "name": ps[0].name, "deck": ps[0].deck,
            "win": rate(sum(p.won for p in ps), n),
            "first_initiative_turn_mean": _mean(firsts),
            "took_initiative_games": len(firsts),
            "took_initiative_first_games": sum(1 for r in records if r.first_initiative == i),
            "initiative_taken_per_game": statistics.fmean(p.initiative_taken for p in ps),
            "initiative_taken_from_others_per_game": statistics.fmean(p.initiative_taken_from_others for p in ps),
            "dungeons_completed_per_game": statistics.fmean(len(p.dungeons_completed) for p in ps),
            "rooms_visited_per_game": statistics.fmean(p.rooms_visited for p in ps),
            "undercity_completed_games": len(uc),
            "undercity_completed_turn_mean": _mean(uc),
            "started_games": sum(1 for r in records if r.starting_player == i),
        })
    out["seats"] = seat_rows
    # Win rates grouped by who took the initiative first (None: nobody did).
    groups = []
    for taker in [*range(seats), None]:
        rs = [r for r in records if r.first_initiative == taker]
        if not rs:
            continue
        groups.append({"first": taker,
                       "label": seat_label(taker, first.players[taker].name) if taker is not None else "nobody",
                       "games": len(rs),
                       "seats": [rate(sum(r.players[i].won for r in rs), len(rs)) for i in range(seats)]})
    out["by_first_initiative"] = groups
    took = [r for r in records if r.first_initiative is not None]
    out["first_taker_win"] = rate(sum(1 for r in took if r.first_initiative in r.winners), len(took))
    started = [r for r in records if r.starting_player is not None]
    out["starting_player_win"] = rate(sum(1 for r in started if r.starting_player in r.winners), len(started))
    return out


def _counts(items: Any) -> dict[str, int]:
    c: dict[str, int] = {}
    for x in items:
        c[x] = c.get(x, 0) + 1
    return dict(sorted(c.items(), key=lambda kv: -kv[1]))


# ----------------------------------------------------------------------------- rendering

def _pct(r: dict[str, Any]) -> str:
    if r["rate"] is None:
        return "—"
    return f"{100 * r['rate']:.1f}% [{100 * r['ci_low']:.1f}–{100 * r['ci_high']:.1f}]"


def _num(x: float | None, digits: int = 2) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def render(summary: dict[str, Any], console: Console, games_per_second: float | None = None) -> None:
    """Print the summary table."""
    n = summary["games"]
    if n == 0:
        console.print("no games played", markup=False)
        return
    t = summary["turns"]
    title = (f"{n} games · {summary['variant']} · AI {', '.join(sorted(set(summary['agents'])))}")
    table = Table(title=title, title_justify="left")
    table.add_column("", no_wrap=True)
    for seat in summary["seats"]:
        table.add_column(seat_label(seat["seat"], seat["name"]), justify="right")
    rows: list[tuple[str, Any]] = [
        ("Deck", lambda s: s["deck"]),
        ("Wins", lambda s: str(s["win"]["wins"])),
        ("Win rate [95% CI]", lambda s: _pct(s["win"])),
        ("First took the initiative (mean turn)", lambda s: _num(s["first_initiative_turn_mean"], 1)),
        ("Games in which they took it", lambda s: str(s["took_initiative_games"])),
        ("Initiative taken per game", lambda s: _num(s["initiative_taken_per_game"])),
        ("  of which from another player", lambda s: _num(s["initiative_taken_from_others_per_game"])),
        ("Dungeons completed per game", lambda s: _num(s["dungeons_completed_per_game"])),
        ("Rooms visited per game", lambda s: _num(s["rooms_visited_per_game"])),
        ("Undercity completed (games)", lambda s: str(s["undercity_completed_games"])),
        ("Undercity completed (mean turn)", lambda s: _num(s["undercity_completed_turn_mean"], 1)),
    ]
    for label, cell in rows:
        table.add_row(label, *(cell(seat) for seat in summary["seats"]))
    console.print(table)
    lines = [
        f"Game length: {t['mean']:.1f} turns on average (sd {t['sd']:.1f}, median {t['median']}, "
        f"{t['min']}–{t['max']}); {summary['decisions_mean']:.0f} decisions per game; "
        f"{plural(summary['draws'], 'draw')}.",
        f"Initiative: taken in {summary['games_with_initiative']} of {plural(n, 'game')}; it changed hands "
        f"{summary['initiative_changes_per_game']:.2f} times per game; the first to take it won "
        f"{_pct(summary['first_taker_win'])} of those games.",
        f"Undercity completed in {plural(summary['undercity_completed_games'], 'game')}"
        + (f" (first completion on turn {summary['undercity_completed_turn_mean']:.1f} on average)."
           if summary["undercity_completed_turn_mean"] is not None else "."),
        f"The starting player won {_pct(summary['starting_player_win'])}.",
    ]
    if games_per_second is not None:
        lines.append(f"Speed: {games_per_second:.1f} games/s.")
    for line in lines:
        console.print(line, markup=False)
