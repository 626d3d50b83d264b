"""Mana abilities whose mana is decided as they resolve (CR 605.3a): "Add … If [condition], add
… instead", "Add {G} for each creature you control", and "one mana of any color in your
commander's color identity" (CR 903.4, 903.4f). The handlers, and what each adds now for the
payment planner (:func:`produced`, asked by ``costs.produced_mana``); and a triggered ability's
"add {B} for each charge counter on ~" (CR 106.4) and "add X mana in any combination of colors"
(106.1b, with what it may be spent on, 106.6, and kept until end of turn, 106.4), which use the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.counters import CountersOn
from undercity.cards.language.mana_abilities import (
    AddManaCombination,
    AddManaFor,
    AddManaIdentity,
    AddManaIf,
    AddManaOfOneColor,
    AddManaPer,
)
from undercity.engine import events as ev
from undercity.engine import resolve, targeting
from undercity.engine.decisions import Option
from undercity.engine.effects import amount, handles
from undercity.engine.game import job_runner
from undercity.engine.state import Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

@handles(AddManaIf)
def h_add_mana_if(g: Game, job: Job, item: StackItem, e: AddManaIf, key: str) -> None:
    mana = e.mana_if if resolve.condition_holds(g, e.cond, item.controller) else e.mana
    pool = g.s.players[item.controller].pool
    for c in mana:
        pool[c] = pool.get(c, 0) + 1


def _conditional_mana(g: Game, o: Obj, eff: m.AddMana) -> str | None:
    if isinstance(eff, AddManaIf):
        return eff.mana_if if resolve.condition_holds(g, eff.cond, o.controller) else eff.mana
    return None



# ----------------------------------------------------------------------------- mana


def identity_mana(g: Game, player: int) -> str:
    """The mana "one mana of any color in your commander's color identity" adds for
    ``player`` (CR 903.4): the identity's one color, ``any:`` and its colors for several
    (``any`` for all five), and nothing ("")
    without a commander or with a colorless identity (CR 903.4f)."""
    from undercity.engine.commander import identity_colors

    colors = identity_colors(g, player) or frozenset()
    if not colors:
        return ""  # CR 903.4f: no commander (or a colorless identity): it adds no mana
    if len(colors) == 1:
        return next(iter(colors))
    # One mana of one of those colors (the payment planner's "any:" source), never another.
    return "any" if len(colors) == 5 else "any:" + "".join(c for c in "WUBRG" if c in colors)


def _per_count(g: Game, player: int, per: m.Filter) -> int:
    s = g.s
    return sum(1 for oid in s.battlefield if s.objs[oid].controller == player
               and targeting.matches(g, s.objs[oid], per, player))


def _identity_mana_hook(g: Game, o: Obj, eff: m.AddMana) -> str | None:
    if isinstance(eff, AddManaIdentity):
        return identity_mana(g, o.controller)
    if isinstance(eff, AddManaFor) and isinstance(eff.n, CountersOn) and eff.n.of == m.SELF:
        # "{T}: Add {C} for each charge counter on ~" (CR 605.3a, 106.4): none without them
        n = o.counters.get(eff.n.counter, 0) if eff.n.counter is not None else sum(o.counters.values())
        return eff.mana * n
    if isinstance(eff, AddManaPer):
        # As many as it counts now, none without them (a land counting creatures, CR 605.3a).
        return eff.mana * _per_count(g, o.controller, eff.per)
    return None


def produced(g: Game, o: Obj, eff: m.AddMana) -> str | None:
    """The mana ``o``'s mana ability with effect ``eff`` adds now (CR 605.3a), or None if
    ``eff`` isn't one of these."""
    mana = _conditional_mana(g, o, eff)
    return mana if mana is not None else _identity_mana_hook(g, o, eff)


@handles(AddManaPer)
def h_add_mana_per(g: Game, job: Job, item: StackItem, e: AddManaPer, key: str) -> None:
    pool = g.s.players[item.controller].pool
    n = _per_count(g, item.controller, e.per)
    pool[e.mana] = pool.get(e.mana, 0) + n


@handles(AddManaIdentity)
def h_add_mana_identity(g: Game, job: Job, item: StackItem, e: AddManaIdentity, key: str) -> None:
    mana = identity_mana(g, item.controller)
    pool = g.s.players[item.controller].pool
    for c in mana if not mana.startswith("any") else (mana[4:5] or "W"):
        pool[c] = pool.get(c, 0) + 1


@handles(AddManaFor)
def h_add_mana_for(g: Game, job: Job, item: StackItem, e: AddManaFor, key: str) -> None:
    """CR 106.4: the mana goes to the pool of the ability's controller, as many of it as counted."""
    n = amount(g, e.n, item, job) if e.n is not None else 1
    if n > 0:
        pool = g.s.players[item.controller].pool
        for c in e.mana:
            pool[c] = pool.get(c, 0) + n


def combinations(colors: str, n: int) -> list[str]:
    """Every way to make ``n`` mana of two ``colors`` ("RRG" …), most of the first color first."""
    a, b = colors
    return [a * k + b * (n - k) for k in range(n, -1, -1)]


def _amounts_of_colors(g: Game, job: Job, key: str, player: int, source: str, colors: str, n: int) -> str:
    """"``n`` mana in any combination of colors" (CR 106.1b): how much of each color, asked color
    by color (decision ``mana_amount``, one option per amount; the last color takes the rest) —
    one question per color rather than one option per split (of five colors, thousands)."""
    mana, left = "", n
    for i, c in enumerate(colors):
        if i == len(colors) - 1 or left == 0:
            k = left
        else:
            k = int(g.ask(job, f"{key}:mana:{c}", player, "mana_amount",
                          f"{source}: how much of the {left} mana left is {{{c}}}?",
                          [Option(f"{j} {{{c}}}", j) for j in range(left + 1)], {"color": c, "left": left}))
        mana, left = mana + c * k, left - k
    return mana


@handles(AddManaCombination)
def h_add_mana_combination(g: Game, job: Job, item: StackItem, e: AddManaCombination, key: str) -> None:
    """CR 106.1b, 608.2d: the controller chooses the split as it resolves (decision
    ``mana_combination``, one option per split); the mana goes to their pool (CR 106.4)."""
    n = amount(g, e.n, item, job)
    if n <= 0:
        return
    p = item.controller
    if len(e.colors) == 2:
        opts = [Option("add " + "".join(f"{{{c}}}" for c in mana), mana) for mana in combinations(e.colors, n)]
        mana = g.ask(job, f"{key}:mana", p, "mana_combination",
                     f"{item.source_name}: add {n} mana in any combination of {{{e.colors[0]}}} and/or "
                     f"{{{e.colors[1]}}}", opts)
    else:
        mana = _amounts_of_colors(g, job, key, p, item.source_name, e.colors, n)
    pool = g.s.players[p].pool
    for c in str(mana):
        pool[c] = pool.get(c, 0) + 1
    if e.only is not None:  # CR 106.6: "Spend this mana only to cast spells"
        from undercity.engine import mana_spending

        mana_spending.add(g, p, str(mana), e.only, None, item.source_name, item.source)
    if e.kept:  # CR 106.4: "Until end of turn, you don't lose this mana as steps and phases end"
        from undercity.engine.mana_pool import keep

        keep(g, p, str(mana))
    g.emit(ev.Note(rule="106.4", message=f"{g.player_name(p)} adds " + "".join(f"{{{c}}}" for c in str(mana))))
@handles(AddManaOfOneColor)
def h_add_mana_of_one_color(g: Game, job: Job, item: StackItem, e: AddManaOfOneColor, key: str) -> None:
    """``n`` mana of one color its controller chooses (CR 106.1b), into their mana pool (CR 106.4:
    it empties at the end of the step) — if the spell was cast from that zone (CR 601.2a)."""
    from undercity.engine import events as ev
    from undercity.engine.decisions import Option
    from undercity.engine.entering import COLOR_NAMES

    if e.if_cast_from is not None and item.trigger_data.get("from_zone") != e.if_cast_from:
        return
    p = item.controller
    color = g.ask(job, key + ":color", p, "choose_color", f"{item.source_name}: choose a color for {e.n} mana",
                  [Option(name, c) for c, name in COLOR_NAMES.items()])
    pool = g.s.players[p].pool
    pool[color] = pool.get(color, 0) + e.n
    g.emit(ev.ManaAdded(rule="106.3", player=p, mana="".join("{" + color + "}" for _ in range(e.n)),
                        source=item.source_name))


def resolve_now(g: Game, item: StackItem, index: int) -> None:
    """A :class:`~undercity.cards.language.mana_abilities.ChosenManaAbility` just activated (its
    costs paid, X announced): it resolves at once, without the stack (CR 605.3b) — job
    ``mana_ability``, which asks its colors (CR 106.1b, 608.2d)."""
    g.push("mana_ability", item=item.id, source=item.source, name=item.source_name, player=item.controller,
           x=item.x, index=index)


@job_runner("mana_ability")
def run_mana_ability(g: Game, job: Job) -> None:
    from undercity.engine import abilities as ab
    from undercity.engine.effects import run_in_order

    s = g.s
    d = job.data
    o = s.objs.get(d["source"])
    acts = ab.activated(g, o) if o is not None else ()
    if o is None or d["index"] >= len(acts) or s.players[d["player"]].left:
        s.jobs.remove(job)  # CR 800.4a: its controller left the game, and the permanent with them
        return
    a = acts[d["index"]]
    item = StackItem(d["item"], "activated", None, o.id, d["name"], d["player"], a, f"{d['name']} ability", a.text)
    item.x = d["x"]
    run_in_order(g, job, item, a.effects, "m")
    s.jobs.remove(job)
