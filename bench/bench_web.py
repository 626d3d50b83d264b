"""Load benchmark of the play table: many concurrent games through the WebSocket interface.

    python bench/bench_web.py                  # 50 concurrent games
    python bench/bench_web.py --games 10 --ai random

Starts ``undercity serve`` on a free port (a separate process, with its own data directory),
starts ``--games`` games at once, each with an AI seat on the server (``--ai``) and a human seat
played by this script through the seat's WebSocket (``/ws/play/TOKEN``) with random choices,
so that every seat is an AI. Reports the games completed, the latency from sending an answer
to receiving the next view (p50, p95, max; the server's AI moves in between are included), the
server's CPU time and peak memory (Linux /proc), and the errors (a refused answer, a dropped
socket: there should be none). See docs/web.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
from websockets.asyncio.client import connect


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _proc_figures(pid: int) -> tuple[float, int]:
    """(CPU seconds, peak resident memory in bytes) of a process, from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    peak = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) * 1024
    return cpu, peak


async def _start(base: str, ai: str, seed: int) -> str:
    async with httpx2.AsyncClient(base_url=base, timeout=120) as c:
        await c.get("/")
        r = await c.post("/table", data={"csrf": c.cookies["csrf"], "seat0": "human", "seat1": ai,
                                         "seed": str(seed)}, follow_redirects=False)
        if r.status_code != 303:
            raise RuntimeError(f"starting game {seed}: HTTP {r.status_code}")
        return r.headers["location"].rsplit("/", 1)[1]


async def _play(base: str, token: str, rng: random.Random, latencies: list[float], errors: list[str]) -> bool:
    """Play the human seat to the end; True if the game finished."""
    url = base.replace("http://", "ws://") + f"/ws/play/{token}"
    async with connect(url, max_size=2**22) as ws:
        msg = json.loads(await ws.recv())
        for _ in range(20_000):
            if "error" in msg:
                errors.append(msg["error"])
                return False
            view = msg["view"]
            if view["over"]:
                return True
            d = view["decision"]
            if not d["yours"]:
                msg = json.loads(await ws.recv())
                continue
            t0 = time.perf_counter()
            await ws.send(json.dumps({"choice": rng.randrange(len(d["options"]))}))
            msg = json.loads(await ws.recv())
            latencies.append(time.perf_counter() - t0)
    errors.append(f"{token[:6]}…: the game did not end")
    return False


async def _run(base: str, games: int, ai: str, seed: int) -> tuple[int, list[float], list[str], float]:
    tokens = await asyncio.gather(*(_start(base, ai, seed + i) for i in range(games)))
    latencies: list[float] = []
    errors: list[str] = []
    t0 = time.perf_counter()
    results = await asyncio.gather(*(_play(base, t, random.Random(seed + i), latencies, errors)
                                     for i, t in enumerate(tokens)), return_exceptions=True)
    wall = time.perf_counter() - t0
    for r in results:
        if isinstance(r, BaseException):
            errors.append(f"{type(r).__name__}: {r}")
    return sum(1 for r in results if r is True), latencies, errors, wall


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    ap.add_argument("--ai", default="heuristic", choices=("heuristic", "random"), help="the server's AI seat")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="undercity-bench-web-") as data:
        env = {**os.environ, "UNDERCITY_DATA_DIR": data}
        server = subprocess.Popen([sys.executable, "-m", "undercity.cli", "serve", "--port", str(port)], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            line = server.stdout.readline() if server.stdout else ""
            if "http://" not in line:
                print(f"the server did not start: {line.strip()}", file=sys.stderr)
                return 2
            cpu0, _ = _proc_figures(server.pid)
            done, latencies, errors, wall = asyncio.run(_run(base, args.games, args.ai, args.seed))
            cpu1, peak = _proc_figures(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=60)
    lat = sorted(latencies)
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else lat * 99 or [0.0] * 99
    print(f"games: {done} of {args.games} completed in {wall:.1f} s wall ({args.ai} AI on the server, "
          f"random answers through the WebSocket)")
    print(f"answers: {len(lat)}; latency answer -> next view: p50 {1000 * q[49]:.1f} ms, "
          f"p95 {1000 * q[94]:.1f} ms, max {1000 * (lat[-1] if lat else 0):.1f} ms")
    print(f"server: {cpu1 - cpu0:.1f} s CPU during the games ({(cpu1 - cpu0) / wall:.2f} cores), "
          f"peak memory {peak / 2**20:.0f} MiB")
    print(f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:10]))
    return 0 if not errors and done == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
