"""Simulation: many AI games in parallel, per-game records from the event log, summary
statistics, plots and replays (``undercity sim``, ``undercity replay``).

* :mod:`undercity.sim.records` — :class:`GameRecord` built from a finished game's events; JSON/CSV.
* :mod:`undercity.sim.runner`  — plays the games (in-process, a process pool, or Ray tasks);
  each game's seed depends only on the base seed and the game's index, so the records are the
  same whatever the number of workers.
* :mod:`undercity.sim.stats`   — the summary (win rates with Wilson intervals, initiative figures).
* :mod:`undercity.sim.plots`   — PNG charts (matplotlib, Agg backend).
* :mod:`undercity.sim.replay`  — replay files (``Game.save()`` plus the simulation's metadata).
"""

from undercity.sim.records import GameRecord, PlayerRecord, record_from_game
from undercity.sim.runner import SimConfig, game_seed, run_games

__all__ = ["GameRecord", "PlayerRecord", "SimConfig", "game_seed", "record_from_game", "run_games"]
