"""Bestow (CR 702.103): a spell cast bestowed is an Aura spell, and the permanent it becomes a
bestowed Aura, until it ceases to be bestowed.

* **Casting** (CR 702.103a, 601.2b, 601.2f-h): bestow is an alternative cost paid from the hand
  (:func:`undercity.cards.language.bestow.bestow_cost`), offered by ``alternative_costs.options``
  as ``("cast", id, "bestow")`` beside casting the card for its mana cost; the spell's target is
  chosen by enchant creature (``AltCost.enchant``, 702.103b, 601.2c). While it is proposed, only its
  characteristics as modified by bestow are evaluated (702.103d, :func:`proposed`).
* **The effect** (CR 702.103b): as the spell is put onto the stack it "becomes an Aura enchantment
  and gains enchant creature" — a layer effect (:func:`cast_bestowed`; layers 4 and 6 of the layer
  system, which applies it to the spell on the stack too, ``layers.off_battlefield``) with no
  duration, that goes on with the permanent the spell becomes (CR 112.4,
  ``continuous.spell_effects_continue``). Its mana value is unchanged (702.103c's note), and a copy
  of it is a bestowed Aura spell too (702.103c, ``copying.copy_spell``).
* **Resolving** (CR 702.103e, 608.3b): if its target is illegal as it begins to resolve, it ceases
  to be bestowed, the effect ends, and it resolves as an enchantment creature spell instead of
  being removed from the stack (:func:`begin_resolving`, asked by ``resolve``); otherwise it
  enters attached to its target (CR 608.3c).
* **Unattached** (CR 702.103f): a bestowed Aura that becomes unattached — the permanent it
  enchants leaves the battlefield (:func:`_host_left`, as it happens) — or that is attached to an
  illegal object ceases to be bestowed and stays on the battlefield as an enchantment creature:
  an exception to CR 704.5m (``sba`` asks :func:`illegal_attachment`). It is the same object (no
  zone change, CR 400.7): it doesn't enter again, and it has been under its controller's control
  as long as it was (CR 302.6; ruling 2013-09-15).

A bestowed Aura that phases in unattached (CR 702.103g) can't happen here: the engine phases
Auras out and in with the permanent they are attached to (702.26g).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING

from undercity.cards.language.bestow import BESTOWED, BESTOWED_TEXT
from undercity.engine import events as ev
from undercity.engine import layers, triggers

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import StackItem


def _is_bestow_effect(e: object) -> bool:
    return isinstance(e, layers.LayerEffect) and e.mods == BESTOWED


def is_bestowed(g: Game, oid: int) -> bool:
    """Whether object ``oid`` (a spell on the stack or a permanent) is bestowed (CR 702.103b)."""
    return any(e.obj == oid and _is_bestow_effect(e) for e in g.s.effects)


def cast_bestowed(g: Game, spell: int, player: int, *, copy: bool = False) -> None:
    """CR 702.103b: the spell ``spell``, just put on the stack cast bestowed — or a copy of a
    bestowed Aura spell (``copy``, 702.103c) — becomes an Aura enchantment with enchant creature,
    until it or the permanent it becomes ceases to be bestowed."""
    layers.add_effect(g, spell, BESTOWED, until="always", player=player, source=spell, text=BESTOWED_TEXT)
    how = "a copy of a bestowed Aura spell, is bestowed too" if copy else "is cast bestowed"
    g.emit(ev.EffectBegan(rule="702.103c" if copy else "702.103b",
                          description=f"{g.s.objs[spell].name} {how}: an Aura spell with enchant creature"))


@contextmanager
def proposed(g: Game, oid: int, player: int) -> Iterator[None]:
    """CR 702.103d: while ``player`` proposes casting card ``oid`` bestowed — checking that it can
    be cast, choosing its target, determining and paying its total cost — only its characteristics
    as modified by bestow are evaluated: the layer effect applies to the card already (an Aura
    enchantment spell, no creature spell: "creature spells cost {1} less" or mana "spent only on
    creature spells" don't apply to it, CR 601.2f, 106.6). Nothing else changes, and no timestamp
    is taken; the cast itself gives the spell its effect (:func:`cast_bestowed`)."""
    s = g.s
    tmp = layers.LayerEffect("layer", oid, until="always", player=player, source=oid, timestamp=s.timestamp,
                             mods=BESTOWED, text=BESTOWED_TEXT)
    s.effects = [*s.effects, tmp]  # a new list: the layer system's cached table no longer applies
    try:
        yield
    finally:
        s.effects = [e for e in s.effects if e is not tmp]


def cease(g: Game, oid: int, rule: str, why: str) -> None:
    """``oid`` ceases to be bestowed: the effect making it an Aura ends (CR 702.103e-f)."""
    s = g.s
    s.effects = [e for e in s.effects if not (e.obj == oid and _is_bestow_effect(e))]  # a new list (the cache)
    name = s.objs[oid].name if oid in s.objs else "it"
    g.emit(ev.EffectEnded(rule=rule, description=f"{name} {why} and ceases to be bestowed: "
                                                 "it is an enchantment creature again"))


def begin_resolving(g: Game, item: StackItem) -> bool:
    """CR 702.103e, 608.3b: a bestowed Aura spell whose target is illegal as it begins to resolve
    (asked only then) ceases to be bestowed and goes on resolving as a creature spell, with no
    target. True if it did (the spell isn't removed from the stack); False for any other spell."""
    if item.kind != "spell" or not is_bestowed(g, item.obj):
        return False
    item.targets = []
    cease(g, item.obj, "702.103e", "has an illegal target as it resolves")
    return True


def illegal_attachment(g: Game, oid: int, reason: str) -> object | None:
    """CR 702.103f, an exception to 704.5m: the state-based action for a bestowed Aura attached to
    an illegal object or to nothing — it becomes unattached and ceases to be bestowed (a ``sba``
    ``hook`` action); None if ``oid`` isn't bestowed (704.5m puts it into the graveyard)."""
    if not g.s.effects or not is_bestowed(g, oid):
        return None
    from undercity.engine.sba import Action

    return Action("hook", "702.103f", obj=oid, reason=reason, run=partial(_unattach, oid, reason))


def _unattach(oid: int, reason: str, g: Game) -> None:
    o = g.s.objs.get(oid)
    if o is None or o.zone != "battlefield" or not is_bestowed(g, oid):
        return
    o.attached_to = None
    cease(g, oid, "702.103f", f"is {reason}, becomes unattached")


@triggers.watches("zone_changed")
def _host_left(g: Game, e: ev.ZoneChanged) -> None:
    """CR 702.103f: a permanent left the battlefield — each bestowed Aura attached to it becomes
    unattached and ceases to be bestowed, as that happens (not as a state-based action)."""
    if e.from_zone != "battlefield" or not g.s.effects:
        return
    s = g.s
    for oid in [x.obj for x in s.effects if _is_bestow_effect(x)]:
        o = s.objs.get(oid)
        if o is not None and o.zone == "battlefield" and o.attached_to == e.obj:
            o.attached_to = None
            cease(g, oid, "702.103f", f"becomes unattached as {e.name} leaves the battlefield")
