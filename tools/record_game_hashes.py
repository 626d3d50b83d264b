"""Record (or check) the text-log hashes of 300 seeded games: the proof that an optimisation
leaves every game the same (issue 14, "Proof that the games are the same").

    .venv/bin/python tools/record_game_hashes.py            # play the 300 games, write the fixture
    .venv/bin/python tools/record_game_hashes.py --check    # play them, compare with the fixture
    .venv/bin/python tools/record_game_hashes.py --check --against HEAD~3   # + the old code's lines
    .venv/bin/python tools/record_game_hashes.py --rev HEAD  # record with the committed engine

The games (:func:`game_specs`, fixed and documented there) cover every variant — two-player,
free-for-all with 3 and 4 players, Commander with the four bundled Commander decks,
Two-Headed Giant — and the random and heuristic agents, alone and mixed, each with a turn cap
(CR 104.4a) so that every game ends. For each game the fixture ``tests/fixtures/game-hashes.json``
holds its parameters, the SHA-256 of its whole text log (``Game.log_lines()`` with no viewer:
every hidden card shown), a hash of every block of :data:`BLOCK` lines (to locate the first
difference without storing the log), and its decision count, turn count, winners and how it
ended. The same code writes byte-identical JSON (no timings, no paths, no dates).

``--check`` prints, for each game that differs, its parameters and the first log line that
differs: the block hashes locate the first differing block and the game is played again to
show that block's lines; with ``--against REV`` the same game is also played by the code of git
revision ``REV`` (exported with ``git archive`` to a temporary directory) to show the exact
old and new line. Exit status 1 if any game differs.

Regenerating the fixture after a rules fix that legitimately changes games belongs in its own
commit, whose message says which fix changed which games and why.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "game-hashes.json"
FORMAT = 1
#: Lines per block hash: a difference is located to a block of this many lines.
BLOCK = 50
#: Hex digits kept of each block hash (the whole log's hash is kept in full).
BLOCK_HEX = 12

#: The bundled 60-card decks and 100-card Commander decks (``undercity.decks``), named here so
#: that adding a bundled deck does not change the games.
DECKS = ("orzhov-initiative", "simic-initiative", "gruul-stompy", "orzhov-knights")
COMMANDER_DECKS = ("commander-linden", "commander-erinis", "commander-sefris", "commander-barrowin")
#: The agent patterns, by seat: all random, all heuristic, and the two alternations.
PATTERNS = ("random", "heuristic", "random/heuristic", "heuristic/random")

#: (variant, players, how many games, turn cap) in the order of the games.
GROUPS: tuple[tuple[str, int, int, int], ...] = (
    ("two-player", 2, 100, 60),
    ("free-for-all", 3, 50, 40),
    ("free-for-all", 4, 50, 40),
    ("commander", 4, 50, 30),
    ("two-headed-giant", 4, 50, 40),
)


@dataclass(frozen=True)
class GameSpec:
    """One seeded game: everything needed to play it again."""

    index: int
    variant: str
    players: int
    decks: tuple[str, ...]
    agents: tuple[str, ...]
    seed: int
    agent_seeds: tuple[int, ...]
    turn_cap: int

    def describe(self) -> str:
        return (f"game {self.index}: {self.variant}, {self.players} players, decks {', '.join(self.decks)}; "
                f"agents {', '.join(self.agents)} (seeds {', '.join(map(str, self.agent_seeds))}); "
                f"seed {self.seed}, turn cap {self.turn_cap}")


def _agents(pattern: str, players: int) -> tuple[str, ...]:
    kinds = pattern.split("/")
    return tuple(kinds[i % len(kinds)] for i in range(players))


def game_specs() -> list[GameSpec]:
    """The 300 games, in order. Game ``i`` is played with engine seed ``i + 1``; seat ``p``'s
    agent with seed ``1000 * (i + 1) + p``. Within a group (:data:`GROUPS`), the ``k``-th game
    seats the decks starting at deck ``k`` of the group's list, in turn (two-player: the
    ``k``-th of the 12 ordered pairs of different bundled decks), and takes agent pattern
    ``(k + k // 10) mod 4`` of :data:`PATTERNS` — so every tenth game also sees every pattern."""
    pairs = [(a, b) for a in DECKS for b in DECKS if a != b]
    specs: list[GameSpec] = []
    for variant, players, count, cap in GROUPS:
        for k in range(count):
            i = len(specs)
            if variant == "two-player":
                decks: tuple[str, ...] = pairs[k % len(pairs)]
            else:
                pool = COMMANDER_DECKS if variant == "commander" else DECKS
                decks = tuple(pool[(k + p) % len(pool)] for p in range(players))
            seed = i + 1
            specs.append(GameSpec(index=i, variant=variant, players=players, decks=decks,
                                  agents=_agents(PATTERNS[(k + k // 10) % len(PATTERNS)], players),
                                  seed=seed, agent_seeds=tuple(1000 * seed + p for p in range(players)),
                                  turn_cap=cap))
    return specs


def play(spec: GameSpec) -> Any:
    """Play the game to its end (or its turn cap) and return the finished ``Game``."""
    from undercity.agents import make_agent, play_out
    from undercity.decks import load_deck
    from undercity.engine.game import Game

    decks = [load_deck(d) for d in spec.decks]
    g = Game.new([list(d.main) for d in decks], [f"P{p + 1}" for p in range(spec.players)], seed=spec.seed,
                 variant=spec.variant, turn_cap=spec.turn_cap,
                 commanders=[list(d.commanders) for d in decks] if spec.variant == "commander" else None)
    play_out(g, [make_agent(a, s) for a, s in zip(spec.agents, spec.agent_seeds, strict=True)])
    return g


def _sha(lines: Iterable[str]) -> hashlib._Hash:
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return h


def block_hashes(lines: Sequence[str]) -> list[str]:
    return [_sha(lines[i:i + BLOCK]).hexdigest()[:BLOCK_HEX] for i in range(0, len(lines), BLOCK)]


def record(spec: GameSpec) -> dict[str, Any]:
    """A game's entry in the fixture."""
    from undercity.engine import events as ev

    g = play(spec)
    lines = g.log_lines()
    ended = [e for e in g.events if isinstance(e, ev.GameEnded)]
    entry = asdict(spec)
    entry.update(log_sha256=_sha(lines).hexdigest(), log_lines=len(lines), blocks=block_hashes(lines),
                 decisions=g.decisions, turns=g.s.turn, winners=[g.player_name(w) for w in g.s.winners],
                 end=ended[-1].reason if ended else None)
    return json.loads(json.dumps(entry))  # as the fixture reads back: lists, not tuples


def record_all(specs: Sequence[GameSpec], jobs: int = 1) -> list[dict[str, Any]]:
    """Every game's entry, in order (a pool of ``jobs`` processes plays them in any order)."""
    if jobs <= 1:
        return [record(s) for s in specs]
    import multiprocessing as mp

    with mp.get_context("spawn").Pool(jobs) as pool:
        return pool.map(record, specs, chunksize=4)


def dumps(entries: Sequence[dict[str, Any]]) -> str:
    """The fixture's text: one game per line (readable diffs), keys sorted."""
    head = json.dumps({"format": FORMAT, "block": BLOCK, "tool": "tools/record_game_hashes.py",
                       "games": len(entries)}, sort_keys=True)
    body = ",\n".join("  " + json.dumps(e, sort_keys=True, ensure_ascii=False) for e in entries)
    return head[:-1] + ', "entries": [\n' + body + "\n]}\n"


def load(path: Path = FIXTURE) -> list[dict[str, Any]]:
    data = json.loads(path.read_text("utf-8"))
    if data.get("format") != FORMAT or data.get("block") != BLOCK:
        raise SystemExit(f"{path}: fixture format {data.get('format')} / block {data.get('block')}, expected "
                         f"{FORMAT} / {BLOCK}: regenerate it with tools/record_game_hashes.py")
    return data["entries"]


def spec_of(entry: dict[str, Any]) -> GameSpec:
    return GameSpec(**{k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()
                       if k in GameSpec.__dataclass_fields__})


# ----------------------------------------------------------------------------- --check

def first_difference(old: dict[str, Any], lines: Sequence[str]) -> int | None:
    """The first line of the block where the log first differs from the recorded one (None:
    the same log)."""
    if _sha(lines).hexdigest() == old["log_sha256"]:
        return None
    new = block_hashes(lines)
    for b, (x, y) in enumerate(zip(old["blocks"], new, strict=False)):
        if x != y:
            return b * BLOCK
    return min(len(old["blocks"]), len(new)) * BLOCK


def export(rev: str, dest: Path) -> Path:
    """The tree of git revision ``rev`` written under ``dest`` (once); its path."""
    src = dest / "src"
    if src.exists():
        return src
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                           capture_output=True, text=True)
    if found.returncode:
        raise SystemExit(f"{rev!r} is not a git revision of {ROOT} (try HEAD, HEAD~1 or a commit id)")
    archive = dest / "rev.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "-C", str(ROOT), "archive", found.stdout.strip()], stdout=f, check=True)
    with tarfile.open(archive) as t:
        t.extractall(src, filter="data")
    return src


def with_code_of(src: Path, args: Sequence[str], **kw: Any) -> subprocess.CompletedProcess[str]:
    """This script run with ``args`` on the engine in ``src`` (a tree exported by :func:`export`)."""
    env = dict(os.environ, PYTHONPATH=str(src))
    return subprocess.run([sys.executable, __file__, *args], env=env, text=True, encoding="utf-8", **kw)


def old_lines(rev: str, spec: GameSpec, tmp: Path) -> list[str]:
    """The log of the game as the code of git revision ``rev`` plays it."""
    out = with_code_of(export(rev, tmp), ["--print-log", json.dumps(asdict(spec))], check=True,
                       capture_output=True).stdout
    return json.loads(out)


def explain(old: dict[str, Any], spec: GameSpec, against: str | None, tmp: Path) -> str:
    g = play(spec)
    lines = g.log_lines()
    at = first_difference(old, lines)
    if at is None:
        return f"{spec.describe()}: the same log as recorded (only the counts differ)"
    out = [spec.describe(),
           f"  recorded: {old['log_lines']} lines, {old['decisions']} decisions, {old['turns']} turns, "
           f"winners {old['winners']}",
           f"  now:      {len(lines)} lines, {g.decisions} decisions, {g.s.turn} turns, "
           f"winners {[g.player_name(w) for w in g.s.winners]}"]
    if against:
        before = old_lines(against, spec, tmp)
        n = next((i for i, (a, b) in enumerate(zip(before, lines, strict=False)) if a != b),
                 min(len(before), len(lines)))
        out.append(f"  first differing line, {n + 1}:")
        out.append(f"    {against}: {before[n] if n < len(before) else '(log ends)'}")
        out.append(f"    now:  {lines[n] if n < len(lines) else '(log ends)'}")
    else:
        out.append(f"  first difference within lines {at + 1}-{at + BLOCK}; they now read:")
        out += [f"    {i + 1}: {line}" for i, line in enumerate(lines[at:at + BLOCK], start=at)]
        out.append("  (--against REV plays the old code too, to show the exact line)")
    return "\n".join(out)


def check(entries: Sequence[dict[str, Any]], fresh: Sequence[dict[str, Any]], against: str | None,
          show: int = 10) -> int:
    """Compare; explain the first ``show`` differing games (the others are listed)."""
    if [spec_of(e) for e in entries] != [spec_of(f) for f in fresh]:
        print("the fixture lists other games than game_specs(): regenerate it with "
              "`.venv/bin/python tools/record_game_hashes.py` (in a commit of its own that says why)")
        return 1
    differing = [(e, f) for e, f in zip(entries, fresh, strict=True) if e != f]
    with tempfile.TemporaryDirectory() as d:
        for e, _ in differing[:show]:
            print(explain(e, spec_of(e), against, Path(d)), end="\n\n")
    if len(differing) > show:
        print(f"{len(differing) - show} more differ (--show N explains more):")
        print("\n".join(f"  {spec_of(e).describe()}" for e, _ in differing[show:]))
    print(f"{len(fresh) - len(differing)} of {len(fresh)} games the same, {len(differing)} differ")
    if differing:
        print("If a rules fix changed these games on purpose, regenerate the fixture with "
              "`.venv/bin/python tools/record_game_hashes.py` in a commit of its own that says why.")
    return 1 if differing else 0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with the fixture instead of writing it")
    ap.add_argument("--against", metavar="REV", help="with --check: also play differing games with git revision REV")
    ap.add_argument("--show", type=int, default=10, metavar="N",
                    help="with --check: explain the first N differing games (default %(default)s)")
    ap.add_argument("--out", type=Path, default=FIXTURE, help="the fixture file (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play the games in (default 1)")
    ap.add_argument("--rev", metavar="REV", help="play the games with the engine of git revision REV "
                    "(e.g. HEAD: the committed code, leaving out uncommitted changes)")
    ap.add_argument("--print-log", metavar="SPEC", help=argparse.SUPPRESS)  # for --against
    args = ap.parse_args(argv)
    if args.print_log:
        spec = GameSpec(**{k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(args.print_log).items()})
        json.dump(play(spec).log_lines(), sys.stdout)
        return 0
    if args.against and not args.check:
        ap.error("--against goes with --check")
    if args.rev:
        # The committed engine of REV, not the working tree (which may hold work in progress).
        given = list(argv if argv is not None else sys.argv[1:])
        rest = [a for i, a in enumerate(given) if a != "--rev" and not a.startswith("--rev=")
                and not (i and given[i - 1] == "--rev")]
        with tempfile.TemporaryDirectory() as d:
            return with_code_of(export(args.rev, Path(d)), [*rest, "--out", str(args.out.resolve())]).returncode
    specs = game_specs()
    wall, cpu = time.perf_counter(), time.process_time()
    fresh = record_all(specs, args.jobs)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    used = f"{cpu:.1f} s CPU, " if args.jobs <= 1 else f"{args.jobs} processes, "
    print(f"{len(specs)} games in {wall:.1f} s wall ({used}load average {os.getloadavg()[0]:.1f})",
          file=sys.stderr)
    if args.check:
        return check(load(args.out), fresh, args.against, args.show)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dumps(fresh), "utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
