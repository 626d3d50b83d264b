"""Fighting (CR 701.14): the language of :mod:`undercity.cards.language.fight`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.fight import Fight, FightDifferent
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.effects import deal_damage, handles, ref_objects

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


def fight(g: Game, first: int, second: int) -> None:
    """``first`` fights ``second``, both on the battlefield and creatures (CR 701.14a): each
    deals damage equal to its power to the other, both amounts read before either is dealt
    (the damage is dealt at once); a creature fighting itself is dealt twice its power
    (701.14c). The damage isn't combat damage (701.14d)."""
    s = g.s
    x, y = s.objs[first], s.objs[second]
    px, py = ch.power(g, x), ch.power(g, y)
    g.emit(ev.Note(rule="701.14a", message=f"{x.name} fights {y.name}"))
    deal_damage(g, x.id, x.name, ("o", y.id), px, rule="701.14a")
    deal_damage(g, y.id, y.name, ("o", x.id), py, rule="701.14a")


def can_fight(g: Game, oid: int) -> bool:
    """CR 701.14b: a creature instructed to fight is still on the battlefield and a creature."""
    o = g.s.objs.get(oid)
    return o is not None and o.zone == "battlefield" and ch.is_creature(o, g)


@handles(Fight)
def h_fight(g: Game, job: Job, item: StackItem, e: Fight, key: str) -> None:
    """CR 701.14b: if either creature is gone, isn't a creature or is an illegal target (a
    reference to an illegal target names nothing, 608.2b), neither fights."""
    a, b = ref_objects(g, e.first, item, job), ref_objects(g, e.second, item, job)
    if len(a) != 1 or len(b) != 1 or not can_fight(g, a[0]) or not can_fight(g, b[0]):
        g.emit(ev.Note(rule="701.14b", message=f"{item.source_name}: no fight"))
        return
    fight(g, a[0], b[0])


@handles(FightDifferent)
def h_fight_different(g: Game, job: Job, item: StackItem, e: FightDifferent, key: str) -> None:
    """"Each of those Beasts fights a different one of those creatures": the tokens just made and
    the creatures counted, one with one. The tokens are interchangeable (made by one effect, at
    once), so which fights which is no choice. The fights happen at the same time (ruling
    2015-11-04): every power is read first, then all the damage is dealt (CR 701.14a-b)."""
    from undercity.engine.tokens import CREATED_FOR_EACH

    made, counted = job.data.get(CREATED_FOR_EACH, ([], []))
    pairs = [(a, b) for a, b in zip(made, counted, strict=False) if can_fight(g, a) and can_fight(g, b)]
    s = g.s
    power = {oid: ch.power(g, s.objs[oid]) for pair in pairs for oid in pair}
    for a, b in pairs:
        g.emit(ev.Note(rule="701.14a", message=f"{s.objs[a].name} fights {s.objs[b].name}"))
    for a, b in pairs:
        deal_damage(g, a, s.objs[a].name, ("o", b), power[a], rule="701.14a")
        deal_damage(g, b, s.objs[b].name, ("o", a), power[b], rule="701.14a")
