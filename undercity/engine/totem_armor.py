"""Totem armor (CR 702.89a): "If enchanted permanent would be destroyed, instead remove all damage
marked on it and destroy this Aura."

It applies however the permanent would be destroyed — a "destroy" effect or lethal damage (704.5g,
deathtouch 704.5h) — and not to sacrifice, the legend rule or 0 toughness; it isn't regeneration
("can't be regenerated" doesn't stop it; the permanent isn't tapped nor removed from combat). With
several such Auras, or with a regeneration shield or a replacement on its move to the graveyard,
the enchanted permanent's controller chooses which applies (CR 616.1; rulings 2018-07-13, Eel
Umbra): :mod:`undercity.engine.regeneration` offers them together (:func:`auras` gives the
choices, :func:`apply` carries one out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.totem_armor import TotemArmor
from undercity.cards.model import CardDef
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import zones

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj


def _has_totem_armor(card: CardDef) -> bool:
    return any(isinstance(st, TotemArmor) for st in card.static)


def auras(g: Game, o: Obj) -> list[int]:
    """The Auras with totem armor attached to ``o`` (layer 6: one that lost its abilities has none)."""
    s = g.s
    return [aid for aid in ch.permanents_with(s, _has_totem_armor)
            if s.objs[aid].attached_to == o.id and any(isinstance(st, TotemArmor) for st in ab.static(g, s.objs[aid]))]


def apply(g: Game, o: Obj, aura: int) -> bool:
    """``o`` would be destroyed: instead remove all damage from it and destroy the Aura ``aura``
    (CR 702.89a). False if that Aura is no longer attached to it (nothing replaced)."""
    s = g.s
    a = s.objs.get(aura)
    if aura in (s.extra.get(zones.LEFT_TOGETHER) or ()):
        # Destroyed in the same event as the permanent (Akroma's Vengeance): its totem armor still
        # replaces that permanent's destruction, the Aura "destroyed in two ways" (ruling 2018-07-13).
        o.damage = 0
        o.deathtouched = False
        g.emit(ev.Note(rule="702.89a", message=f"totem armor: all damage is removed from {o.name} instead"))
        return True
    if a is None or a.zone != "battlefield" or a.attached_to != o.id:
        return False
    o.damage = 0
    o.deathtouched = False
    g.emit(ev.Note(rule="702.89a", message=f"{a.name}'s totem armor: all damage is removed from {o.name} "
                                           f"and {a.name} is destroyed instead"))
    if not ch.has(g, a, "indestructible"):  # CR 702.12b: an indestructible Aura stays; o is saved anyway
        zones.move(g, aura, "graveyard", rule="702.89a", verb="is destroyed")
    return True
