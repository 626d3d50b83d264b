"""Rolling dice (CR 706).

:func:`roll` is the one code path for every die roll: it draws from the game's seeded
random number generator (``State.rng``), or — when a scenario fixes the results
(``State.fixed_dice``, ``game: {dice: [...]}``) — takes the next scripted result. It emits
one :class:`~undercity.engine.events.DiceRolled` event per instruction, with the kept dice
only: ignored rolls never happened (CR 706.6) and trigger nothing.

The :class:`~undercity.cards.language.dice.RollDie` handler rolls once per resolution (the
result is kept in the job, so a question asked by the table's effects doesn't roll again),
then applies the results table (CR 706.3a) as part of the same ability (CR 706.3b).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from undercity.cards.language import dice as ld
from undercity.cards.model import ALL
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import triggers
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    amount,
    counts,
    destroy_simultaneously,
    handles,
    ref_objects,
    ref_players,
    run_in_order,
)
from undercity.engine.state import Job, StackItem
from undercity.errors import UndercityError

if TYPE_CHECKING:
    from undercity.cards.model import Count
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: Where the resolving ability keeps its last roll's result (``DIE_RESULT``), and every
#: rolling player's result (player -> total) when several roll.
RESULT_KEY = "die_result"
ALL_RESULTS_KEY = "die_results"
#: "The other result" of "roll two d6 and choose one result" (the roll not chosen).
OTHER_RESULT_KEY = "other_die_result"


class DiceScriptError(UndercityError):
    """The fixed die results of a scenario (``game.dice``) ran out or don't fit the die."""


def _one_die(g: Game, sides: int) -> int:
    s = g.s
    if s.fixed_dice is None:
        return s.rng.randint(1, sides)  # CR 706.1a: N equally likely outcomes, 1 to N
    used = s.extra.get("fixed_dice_used", 0)
    if not s.fixed_dice:
        raise DiceScriptError(f"the fixed die results ran out: roll number {used + 1} (a d{sides}) "
                              f"has none; add a value from 1 to {sides} to the list")
    value = s.fixed_dice[0]
    if not 1 <= value <= sides:
        raise DiceScriptError(f"{value} (roll number {used + 1}) can't be the result of a d{sides}; "
                              f"use a value from 1 to {sides}")
    del s.fixed_dice[0]
    s.extra["fixed_dice_used"] = used + 1
    return value


def advantage(g: Game, player: int) -> int:
    """How many extra dice ``player`` rolls (and lowest rolls ignores) when told to roll: one
    per "roll that many dice plus one and ignore the lowest roll" among the permanents they
    control (Pixie Guide; ruling 2021-07-23, Barbarian Class)."""
    s = g.s
    return sum(1 for oid in ch.permanents_with(s, _has_advantage) if s.objs[oid].controller == player
               for st in ab.static(g, s.objs[oid]) if st.kind == ld.ROLL_ADVANTAGE)


def _has_advantage(card: object) -> bool:
    return any(st.kind == ld.ROLL_ADVANTAGE for st in getattr(card, "static", ()))


def roll(g: Game, player: int, sides: int, n: int = 1, ignore_lowest: int = 0) -> list[int]:
    """``player`` rolls ``n`` d``sides`` and ignores the ``ignore_lowest`` lowest rolls
    (CR 706.6); the kept results, in the order rolled."""
    if sides < 1 or n < 1 or not 0 <= ignore_lowest < n:
        raise ValueError(f"can't roll {n} d{sides} ignoring {ignore_lowest}")
    extra = advantage(g, player)
    if extra:  # CR 614.1a: "instead roll that many dice plus one and ignore the lowest roll"
        g.emit(ev.Note(rule="614.1a", player=player,
                       message=f"{g.player_name(player)} rolls {n + extra} d{sides} instead of {n} and will ignore "
                               f"the lowest {ignore_lowest + extra}"))
        n, ignore_lowest = n + extra, ignore_lowest + extra
    rolled = [_one_die(g, sides) for _ in range(n)]
    # CR 706.6: ignore the lowest; tied lowest rolls are the same choice.
    ignored = sorted(rolled)[:ignore_lowest]
    kept = list(rolled)
    for v in ignored:
        kept.remove(v)
    g.emit(ev.DiceRolled(rule="706.2", player=player, sides=sides, naturals=tuple(kept), results=tuple(kept),
                         ignored=tuple(ignored)))
    return kept


@handles(ld.RollDie)
def h_roll_die(g: Game, job: Job, item: StackItem, e: ld.RollDie, key: str) -> None:
    done = key + ":rolled"
    if done not in job.data:  # roll once, even if the table's effects ask questions
        # "Each player rolls": each their own roll, in turn order from the active player
        # (CR 101.4); the result of this ability is its controller's roll, if they rolled.
        players = ref_players(g, e.who, item, job)
        n = len(g.s.players)
        players.sort(key=lambda p: (p - g.s.active) % n)
        rolls = {p: roll(g, p, e.sides, e.n, e.ignore_lowest) for p in players}
        if e.choose:
            job.data[key + ":kept"] = rolls.get(item.controller, [])
        results = {p: sum(kept) for p, kept in rolls.items()}
        job.data[ALL_RESULTS_KEY] = results
        job.data[done] = results.get(item.controller, next(iter(results.values()), 0))
    total = job.data[done]
    if e.plus and done + ":plus" not in job.data:
        job.data[done + ":plus"] = amount(g, e.plus, item, job)  # CR 706.2: the modified result
    total += job.data.get(done + ":plus", 0)
    if e.choose:
        total, job.data[OTHER_RESULT_KEY] = _choose_result(g, job, item, list(job.data[key + ":kept"]), key)
    job.data[RESULT_KEY] = total
    row = next((r for r in e.table if r.holds(total)), None)
    if row is not None:  # CR 706.3a: "If the result was in this range, [effect]."
        run_in_order(g, job, item, row.effects, key + ":row")


def _choose_result(g: Game, job: Job, item: StackItem, kept: list[int], key: str) -> tuple[int, int]:
    """"Roll two d6 and choose one result" (CR 706.4): the roller picks which kept roll is
    "that result"; the other is "the other result". Two equal rolls are no choice."""
    if len(kept) < 2:  # a leaving player's roll: nothing to choose between
        return (kept[0] if kept else 0), 0
    opts = [Option(f"that result {v}, the other result {kept[1 - kept.index(v)]}", v)
            for v in sorted(set(kept), reverse=True)]
    chosen = g.ask(job, key + ":choose", item.controller, "die_result",
                   f"rolled {kept[0]} and {kept[1]}: choose one result", opts)
    rest = list(kept)
    rest.remove(chosen)
    return chosen, rest[0]


@handles(ld.DestroyAllPowerAtLeast)
def h_destroy_power_at_least(g: Game, job: Job, item: StackItem, e: ld.DestroyAllPowerAtLeast, key: str) -> None:
    """CR 701.8a: the permanents with power at least the result, destroyed at once."""
    flt = replace(e.filter, min_power=amount(g, e.power, item, job))
    destroy_simultaneously(g, job, key, ref_objects(g, ALL(flt), item, job))


@handles(ld.IfResult)
def h_if_result(g: Game, job: Job, item: StackItem, e: ld.IfResult, key: str) -> None:
    """CR 706.4: the text says how to use the result (of the ability's last roll)."""
    result = int(job.data.get(RESULT_KEY, 0))
    above = e.greater_than is not None and result > amount(g, e.greater_than, item, job)
    if above or result in e.equal_to:
        run_in_order(g, job, item, e.effects, key + ":then")


@handles(ld.IfTriggerRollAtLeast)
def h_if_trigger_roll_at_least(g: Game, job: Job, item: StackItem, e: ld.IfTriggerRollAtLeast, key: str) -> None:
    """CR 706.4: the results of the roll that triggered the ability (kept with it, CR 603.3)."""
    if any(r >= e.at_least for r in item.trigger_data.get(ROLLED_KEY, ())):
        run_in_order(g, job, item, e.effects, key + ":then")


#: ``StackItem.trigger_data`` key: the kept results of the roll a "whenever you roll" ability
#: triggered on.
ROLLED_KEY = "rolled"


def entering_counters(g: Game, o: Obj, controller: int) -> dict[str, int]:
    """The counters ``o`` enters the battlefield with because of an "as this enters, roll"
    ability (CR 614.1c; Neverwinter Hydra): the dice are rolled now, by ``controller``, as
    the permanent moves. Asked by :func:`undercity.engine.zones.move`."""
    out: dict[str, int] = {}
    for st in o.card.static:
        if isinstance(st, ld.RollAsEnters) and st.counter:
            n = (o.x or 0) if st.n == "x" else int(st.n)
            if n > 0:  # rolling no dice is no roll (and triggers nothing)
                out[st.counter] = out.get(st.counter, 0) + sum(roll(g, controller, st.sides, n))
    return out


@counts(ld.DieResult)
def _die_result(g: Game, a: Count, item: StackItem, job: Job) -> int:
    """"X, where X is the result" (CR 706.2) — of a roll as the ability resolves, or of the
    roll that was part of its cost (CR 602.2b: kept with the ability on the stack)."""
    return int(job.data.get(RESULT_KEY, item.trigger_data.get(RESULT_KEY, 0)))


@counts(ld.OtherResult)
def _other_result(g: Game, a: Count, item: StackItem, job: Job) -> int:
    """"the other result" of "roll two d6 and choose one result" (CR 706.4)."""
    return int(job.data.get(OTHER_RESULT_KEY, 0))



def _has_roll_triggers(card: object) -> bool:
    return any(a.when.event in (ld.ROLL_DICE, ld.ROLL_HIGHEST_NATURAL) for a in getattr(card, "triggered", ()))


@triggers.watches("dice_rolled")
def dice_rolled(g: Game, e: ev.DiceRolled) -> None:
    """"Whenever you roll one or more dice" triggers once per instruction to roll;
    "whenever you roll a die's highest natural result" once per die showing its highest
    face (ruling 2021-07-23, Netherese Puzzle-Ward)."""
    s = g.s
    highest = sum(1 for v in e.naturals if v == e.sides)
    for oid in ab.with_abilities(g, ch.permanents_with(s, _has_roll_triggers)):
        o = s.objs[oid]
        if o.controller != e.player:
            continue
        for a in ab.triggered(g, o):
            if a.when.event == ld.ROLL_DICE:
                triggers.add_pending(g, o, a, o.controller, o.name, **{ROLLED_KEY: e.results})
            elif a.when.event == ld.ROLL_HIGHEST_NATURAL:
                for _ in range(highest):
                    triggers.add_pending(g, o, a, o.controller, o.name)
