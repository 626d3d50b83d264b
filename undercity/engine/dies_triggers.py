"""Triggers on creatures dying (CR 700.4, 603.6c, 603.10a) — the language's
:class:`~undercity.cards.language.dies.CreatureDies` — and on permanents leaving the battlefield
for any zone (:class:`~undercity.cards.language.dies.PermanentLeaves`).

When a creature goes from the battlefield to a graveyard, every permanent whose ability
watches for such a creature triggers, and so does every permanent that left the battlefield
in the same event (CR 603.10a: leaves-the-battlefield abilities look back in time — Murder of
Crows dying together with another creature still triggers). The dying creature is matched as
it last existed on the battlefield (CR 608.2h: the last known information ``zones.move``
keeps); a source that left is its last known information too (its controller, its abilities
as it left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.dies import (
    CREATURE_DIES,
    PERMANENT_LEAVES,
    PUT_INTO_GRAVEYARD_FROM_BATTLEFIELD,
    CreatureDies,
    DiedPower,
    PermanentLeaves,
    PutIntoGraveyardFromBattlefield,
)
from undercity.cards.model import Filter, Trigger
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import targeting, triggers, zones
from undercity.engine.effects import counts

if TYPE_CHECKING:
    from undercity.engine import events as ev
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


def _has(card: Any) -> bool:
    return any(a.when.event in (CREATURE_DIES, PUT_INTO_GRAVEYARD_FROM_BATTLEFIELD, PERMANENT_LEAVES)
               for a in card.triggered)


def lki_matches(g: Game, lki: dict[str, Any], token: bool, flt: Filter | None, controller: int, dying: int,
                source: int | None) -> bool:
    """Whether the creature that died (``dying``: its id on the battlefield) matched ``flt`` as
    it last existed there, from the point of view of ``controller`` (CR 603.10a, 608.2h)."""
    if flt is None:
        return True
    types, card = lki["types"], lki["card"]
    subtypes = lki.get("subtypes", card.subtypes)
    colors = lki.get("colors", card.colors)
    supertypes = lki.get("supertypes", card.supertypes)
    return not (
        flt.types and not flt.types & types or flt.not_types & types
        or flt.subtypes and not flt.subtypes & subtypes or flt.not_subtypes & subtypes
        or flt.colors and not flt.colors & colors or flt.not_colors & colors
        or flt.supertypes and not flt.supertypes & supertypes or flt.not_supertypes & supertypes
        or flt.nontoken and token or flt.other and dying == source
        # CR 506.4, 603.10a: attacking or blocking as it left the battlefield (and combat)
        or flt.attacking and not lki.get("attacking") or flt.blocking and not lki.get("blocking")
        or flt.attacking_or_blocking and not (lki.get("attacking") or lki.get("blocking"))
        or flt.goaded and not lki.get("goaded")  # CR 701.15b: goaded as it last existed
        or flt.controller == "you" and lki["controller"] != controller
        # CR 102.3: a teammate is not an opponent.
        or flt.controller == "opponent" and not targeting._is_opponent(g, controller, lki["controller"]))


def _dies_matches(g: Game, lki: dict[str, Any], token: bool, w: Any, controller: int, dying: int,
                  source: int | None, to_zone: str = "graveyard") -> bool:
    """Whether the permanent that left the battlefield for ``to_zone`` is one the trigger names:
    a creature dying (CR 700.4) of its description, or of its second one ("… or a blocking
    creature an opponent controls"); any permanent of the description put into a graveyard from
    the battlefield; any of the description leaving it, for any zone (CR 603.6c)."""
    if isinstance(w, PermanentLeaves):
        return lki_matches(g, lki, token, w.filter, controller, dying, source)
    if to_zone != "graveyard":
        return False
    if isinstance(w, PutIntoGraveyardFromBattlefield):
        return lki_matches(g, lki, token, w.filter, controller, dying, source)
    if not isinstance(w, CreatureDies) or "Creature" not in lki["types"]:
        return False
    return lki_matches(g, lki, token, w.filter, controller, dying, source) or (
        w.or_filter is not None and lki_matches(g, lki, token, w.or_filter, controller, dying, source))


@triggers.watches("zone_changed")
def _on_zone_changed(g: Game, e: ev.ZoneChanged) -> None:
    if e.from_zone != "battlefield":
        return
    s = g.s
    lki = s.lki.get(e.obj)
    if lki is None:
        return
    # The permanents still on the battlefield …
    for o, trig in ab.with_triggered(g, ch.permanents_with(s, _has)):
        for a in trig:
            if _dies_matches(g, lki, e.token, a.when, o.controller, e.obj, o.id, e.to_zone) \
                    and _had_counters(a.when, lki):
                triggers.add_pending(g, o, a, o.controller, o.name, object=e.new_obj, left=e.obj)
    # … and those that left in the same event, this creature included, as they last existed.
    for sid in zones.left_together(s, e.obj):
        src = s.lki.get(sid)
        if src is None:
            continue
        for a in src.get("triggered", src["card"].triggered):
            w = a.when
            if not isinstance(w, CreatureDies | PutIntoGraveyardFromBattlefield | PermanentLeaves):
                continue
            if (sid == e.obj and isinstance(w, CreatureDies) and w.self_too and "Creature" in lki["types"]
                    and e.to_zone == "graveyard"
                    or _dies_matches(g, lki, e.token, w, src["controller"], e.obj, sid, e.to_zone)) \
                    and _had_counters(w, lki):
                # its source as it last existed: "~'s power" (CR 603.10a, 608.2h); ``left``: the
                # creature that died, as it last existed ("the counters it had on it")
                triggers.add_pending(g, None, a, src["controller"], src["name"], object=e.new_obj, lki_source=sid,
                                     left=e.obj)


def _had_counters(w: Trigger, lki: dict[str, Any]) -> bool:
    """The intervening "if it had counters on it" (CR 603.4), of the creature as it last existed."""
    return not getattr(w, "had_counters", False) or any(n > 0 for n in (lki.get("counters") or {}).values())


@counts(DiedPower)
def died_power(g: Game, c: DiedPower, item: StackItem, job: Job) -> int:
    """The power the creature that died had as it last existed on the battlefield (CR 603.10a,
    608.2h; ruling 2021-07-23, Minn, Wily Illusionist); negative power counts as 0 (CR 107.1b)."""
    lki = g.s.lki.get(item.trigger_data.get("left"))  # type: ignore[arg-type]
    return max((lki or {}).get("power") or 0, 0)
