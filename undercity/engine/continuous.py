"""Effects of the continuous-effect language (:mod:`undercity.cards.language.continuous`)
that resolve or replace: gaining control (layer 2, CR 613.1b) and entering the battlefield
as a copy (layer 1, CR 707.2, 614.1c). The effects themselves are applied by the layer
system (:mod:`undercity.engine.layers`), which this module also hooks to every event so that
control follows layer 2 at once (:func:`undercity.engine.layers.watch`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.cards.language.continuous import (
    AddAbilities,
    AddColors,
    AddTypes,
    BecomeUntilEOT,
    DoubleToughness,
    EntersAsCopy,
    GainAbilitiesUntilEOT,
    GainActivatedAbilitiesOf,
    GainControl,
    GainControlOf,
    GainsKeywords,
    LoseAllAbilitiesWhileOnBattlefield,
    LoseAllAbilitiesWhileTapped,
    Mod,
    PutWithCharacteristics,
    SpellGains,
)
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import layers, targeting
from undercity.engine.decisions import Option
from undercity.engine.effects import amount, handles, ref_objects, ref_objects_now, ref_players, until_text
from undercity.engine.state import ContinuousEffect, FilteredEffect, Job, StackItem

if TYPE_CHECKING:
    from undercity.cards.model import Ref
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj, StackItem

_UNTIL_TEXT = {"source_controlled": "for as long as {player} controls {source}", "eot": "until end of turn",
               "source_on_battlefield": "for as long as {source} remains on the battlefield", "always": ""}


@handles(GainControlOf)
def h_gain_control(g: Game, job: Job, item: StackItem, e: GainControlOf, key: str) -> None:
    """CR 613.1b: the ability's controller gains control. "For as long as you control [this]"
    ends at once if you no longer control it as the effect would begin (CR 611.2b)."""
    s = g.s
    if e.until not in _UNTIL_TEXT:
        raise ValueError(f"unknown duration {e.until!r} for gaining control; expected one of {sorted(_UNTIL_TEXT)}")
    src = s.objs.get(item.source) if item.source is not None else None
    if e.until in ("source_controlled", "source_on_battlefield") and (
            src is None or src.zone != "battlefield" or e.until == "source_controlled" and src.controller != item.controller):
        gone = src is None or src.zone != "battlefield"
        g.emit(ev.Note(rule="611.2b", message=(f"{item.source_name} has left the battlefield" if gone else
                                               f"{g.player_name(item.controller)} no longer controls "
                                               f"{item.source_name}") + ": gaining control does nothing"))
        return
    gainers = ref_players(g, e.who, item, job)
    if not gainers:
        return
    p = gainers[0]
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        if o.zone != "battlefield":
            continue
        text = _UNTIL_TEXT[e.until].format(player=g.player_name(p), source=item.source_name)
        g.emit(ev.EffectBegan(rule="613.1b", description=f"{g.player_name(p)} gains control of "
                                                         f"{o.name}" + (f" {text}" if text else "")))
        layers.add_effect(g, oid, (GainControl(p),), until=e.until, player=p, source=item.source)


#: ``State.extra`` key: object id of a permanent spell -> the copy effect it will enter with.
ENTERS_AS = "enters_as_copy"


def _enters_as(o: Obj) -> EntersAsCopy | None:
    return next((st for st in o.card.static if isinstance(st, EntersAsCopy)), None)


def _name(g: Game, o: Obj) -> str:
    """``o``'s name after copy effects (CR 707.2)."""
    c = layers.chars(g, o)
    return o.name if c is None else c.name


def ask_enters_as_copy(g: Game, job: Job, item: StackItem) -> None:
    """As a permanent spell with "you may have this enter as a copy of …" resolves, its
    controller chooses what it copies, or nothing (CR 614.1c, 707.2). Asked before it moves."""
    s = g.s
    o = s.objs.get(item.obj) if item.obj is not None else None
    st = _enters_as(o) if o is not None else None
    if st is None or o is None:
        return
    opts = [Option(f"{o.name} enters as a copy of {_name(g, s.objs[oid])}", oid) for oid in s.battlefield
            if targeting.matches(g, s.objs[oid], st.filter, item.controller)]
    opts.append(Option(f"{o.name} enters as itself", None))
    chosen = g.ask(job, "enters_as_copy", item.controller, "choose_card",
                   f"{g.player_name(item.controller)}: {st.text}", opts)
    if chosen is None:
        s.extra.get(ENTERS_AS, {}).pop(o.id, None)
        return
    base = layers.copy_values(g, s.objs[chosen])
    # CR 707.9b: the exceptions become part of the copy's copiable values — those of the copied
    # object's copy effect too (an eternalized token's color and power, CR 707.3).
    s.extra.setdefault(ENTERS_AS, {})[o.id] = (replace(base, add_subtypes=base.add_subtypes | st.add_subtypes,
                                                       add_abilities=base.add_abilities + st.add_abilities),
                                               _name(g, s.objs[chosen]))


def entering_copy(g: Game, o: Obj, new: Obj) -> None:
    """``o`` becomes ``new`` on the battlefield: if it was to enter as a copy, the copy effect
    applies as it enters (CR 614.1c), before anything sees it enter (its copied "enters"
    abilities trigger, CR 603.6a)."""
    pending = g.s.extra.get(ENTERS_AS)
    if not pending or o.id not in pending:
        return
    mod, name = pending.pop(o.id)
    if not pending:
        g.s.extra.pop(ENTERS_AS, None)
    layers.add_effect(g, new.id, (mod,), until="always", player=new.controller, source=new.id,
                      text=f"a copy of {name}")
    g.emit(ev.Note(rule="707.2", message=f"{o.name} enters as a copy of {name}"))


@handles(SpellGains)
def h_spell_gains(g: Game, job: Job, item: StackItem, e: SpellGains, key: str) -> None:
    """The spell a cast trigger names gains the abilities, with no duration (CR 611.2a); nothing
    if it has left the stack (CR 400.7). :func:`spell_effects_continue` moves the effect to the
    permanent the spell becomes (CR 112.4)."""
    spell = g.s.objs.get(item.trigger_data.get("spell", -1))
    if spell is None or spell.zone != "stack":
        return
    layers.add_effect(g, spell.id, (AddAbilities(e.abilities),), until="always", player=item.controller,
                      source=item.source, text="gains " + "; ".join(f'"{a.text}"' for a in e.abilities))
    g.emit(ev.EffectBegan(rule="112.4", description=f"{spell.name} gains "
                                                    + " ".join(f'"{a.text}"' for a in e.abilities)))


@handles(GainAbilitiesUntilEOT)
def h_gain_abilities(g: Game, job: Job, item: StackItem, e: GainAbilitiesUntilEOT, key: str) -> None:
    """Each object named now gains the abilities until end of turn (CR 611.2c, 613.1f)."""
    said = "; ".join(f'"{a.text}"' for a in e.abilities)
    abilities = _bind_caster(e.abilities, item)
    for oid in ref_objects(g, e.what, item, job):
        layers.add_effect(g, oid, (AddAbilities(abilities),), until="eot", player=item.controller,
                          source=item.source, text=f"gains {said}")
        g.emit(ev.EffectBegan(rule="613.1f", description=f"{g.s.objs[oid].name} gains {said} until end of turn"))


@handles(GainActivatedAbilitiesOf)
def h_gain_activated_abilities_of(g: Game, job: Job, item: StackItem, e: GainActivatedAbilitiesOf, key: str) -> None:
    """The activated abilities the target has as this resolves (CR 608.2h; its own and those
    granted to it, CR 613.1f) are gained until end of turn by each object named now (CR 611.2c);
    nothing if the target is gone (CR 608.2b). They are the same abilities, so a reference in one
    to the object that has it is to the object that gained it (CR 201.5b)."""
    from undercity.engine import abilities as ab

    s = g.s
    of = [s.objs[oid] for oid in ref_objects(g, e.of, item, job)]
    gained = tuple(a for o in of for a in ab.activated(g, o))
    if not gained:
        return
    said = "all activated abilities of " + " and ".join(o.name for o in of)
    for oid in ref_objects(g, e.what, item, job):
        layers.add_effect(g, oid, (AddAbilities(gained, spend_as_any=e.spend_as_any),), until="eot",
                          player=item.controller, source=item.source, text=f"gains {said}")
        g.emit(ev.EffectBegan(rule="613.1f", description=f"{s.objs[oid].name} gains {said} until end of turn"))


def _bind_caster(abilities: tuple[m.Ability, ...], item: StackItem) -> tuple[m.Ability, ...]:
    """'… gain "When this permanent deals damage to the player who cast ~, …"' (Hellish Rebuke): the
    granted trigger names the player who cast the resolving spell — its controller, as the engine
    has no effect changing a spell's controller — and none for a copy, which wasn't cast (CR
    707.10); each grant is an ability of its own (rulings 2021-07-23)."""
    from undercity.cards.language.damage import DealsDamageToCaster

    if not any(isinstance(a, m.Triggered) and isinstance(a.when, DealsDamageToCaster) for a in abilities):
        return abilities
    caster = None if item.is_copy or item.kind != "spell" else item.controller
    return tuple(replace(a, when=replace(a.when, player=caster))
                 if isinstance(a, m.Triggered) and isinstance(a.when, DealsDamageToCaster) else a for a in abilities)


def spell_effects_continue(g: Game, o: Obj, new: Obj | None) -> None:
    """Permanent spell ``o`` left the stack as ``new``: a resolved effect that changed its
    characteristics continues to apply to the permanent it became (CR 112.4); in any other zone
    it is a new object the effect doesn't touch (CR 400.7). Called by ``zones.move``."""
    s = g.s
    if not any(e.obj == o.id for e in s.effects):
        return
    if new is not None and new.zone == "battlefield":
        for e in s.effects:
            if e.obj == o.id:
                e.obj = new.id
        s.effects = list(s.effects)  # a new list: the layer system's cached table no longer applies
    else:
        s.effects = [e for e in s.effects if e.obj != o.id]


@handles(m.PumpUntil)
def h_pump_until(g: Game, job: Job, item: StackItem, e: m.PumpUntil, key: str) -> None:
    p, t = amount(g, e.p, item, job), amount(g, e.t, item, job)
    for oid in ref_objects(g, e.what, item, job):
        g.s.effects.append(ContinuousEffect("pump", oid, p, t, e.keywords, e.until, player=item.controller,
                                            timestamp=g.s.next_timestamp()))
        kw = f" and gains {', '.join(sorted(e.keywords))}" if e.keywords else ""
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.s.objs[oid].name} gets {p:+d}/{t:+d}{kw} "
                                                         f"{until_text(g, e.until, item.controller)}"))

#: Subtypes that aren't creature types (CR 205.3g-i): a creature that "becomes a Bird" keeps them.
NONCREATURE_SUBTYPES = frozenset({
    "Attraction", "Blood", "Bobblehead", "Book", "Clue", "Contraption", "Equipment", "Food", "Fortification",
    "Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Mutagen", "Powerstone", "Spacecraft", "Stone",
    "Treasure", "Vehicle", "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune",
    "Saga", "Shard", "Shrine", "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine",
    "Mountain", "Plains", "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza’s",
})


@handles(LoseAllAbilitiesWhileTapped)
def h_lose_all_abilities(g: Game, job: Job, item: StackItem, e: LoseAllAbilitiesWhileTapped, key: str) -> None:
    src = g.s.objs.get(item.source) if item.source is not None else None
    if src is None or src.zone != "battlefield" or not src.tapped:
        # CR 611.2b: "for as long as [it] remains tapped" — it isn't, so the effect does nothing.
        g.emit(ev.Note(rule="611.2b", message=f"{item.source_name} isn't tapped: its effect does nothing"))
        return
    _lose_all_abilities(g, job, item, e.what, e.cant_attack_or_block, "source_tapped", "remains tapped")


@handles(LoseAllAbilitiesWhileOnBattlefield)
def h_lose_all_abilities_while_on_battlefield(g: Game, job: Job, item: StackItem,
                                              e: LoseAllAbilitiesWhileOnBattlefield, key: str) -> None:
    src = g.s.objs.get(item.source) if item.source is not None else None
    if src is None or src.zone != "battlefield":
        # CR 611.2b: "for as long as ~ remains on the battlefield" — it left: nothing happens
        # (ruling 2019-10-04, Opportunistic Dragon).
        g.emit(ev.Note(rule="611.2b", message=f"{item.source_name} has left the battlefield: its effect does nothing"))
        return
    _lose_all_abilities(g, job, item, e.what, e.cant_attack_or_block, "source_on_battlefield",
                        "remains on the battlefield")


def _lose_all_abilities(g: Game, job: Job, item: StackItem, what: Ref, cant_attack_or_block: bool, until: str,
                        said: str) -> None:
    """``what`` loses all abilities (layer 6, CR 613.1f) [and can't attack or block, CR 508.1c,
    509.1b] for as long as the source stays as ``until`` says (CR 611.2b)."""
    s = g.s
    assert item.source is not None
    for oid in ref_objects(g, what, item, job):
        o = s.objs[oid]
        kinds = (ch.LOSE, "cant_attack", "cant_block") if cant_attack_or_block else (ch.LOSE,)
        for kind in kinds:
            s.effects.append(ContinuousEffect(kind, oid, until=until, player=item.controller,
                                              source=item.source, timestamp=s.next_timestamp()))
        text = "loses all abilities" + (" and can't attack or block" if cant_attack_or_block else "")
        g.emit(ev.EffectBegan(rule="613.1f", description=f"{o.name} {text} for as long as {item.source_name} {said}"))


@handles(BecomeUntilEOT)
def h_become(g: Game, job: Job, item: StackItem, e: BecomeUntilEOT, key: str) -> None:
    """Layer 4 (loses its other creature types, CR 205.1b), layer 6 (gains keywords) and
    layer 7b (base power and toughness, CR 613.4b), until end of turn."""
    s = g.s
    for oid in ref_objects(g, e.what, item, job):
        o = s.objs[oid]
        types = (ch.subtypes(g, o) & NONCREATURE_SUBTYPES) | {e.creature_type}
        s.effects.append(FilteredEffect("set_base_pt", oid, e.base[0], e.base[1], player=item.controller,
                                        timestamp=s.next_timestamp(), subtypes=frozenset(types)))
        if e.keywords:
            s.effects.append(ContinuousEffect("pump", oid, 0, 0, e.keywords, "eot", player=item.controller,
                                              timestamp=s.next_timestamp()))
        kw = f" with {', '.join(sorted(e.keywords))}" if e.keywords else ""
        g.emit(ev.EffectBegan(rule="613.4b", description=f"{o.name} becomes a {e.creature_type} with base power "
                                                         f"and toughness {e.base[0]}/{e.base[1]}{kw} until end of turn"))


@handles(GainsKeywords)
def h_gains_keywords(g: Game, job: Job, item: StackItem, e: GainsKeywords, key: str) -> None:
    """CR 611.2a, 613.1f: the keywords, in layer 6, for as long as it is this object (400.7)."""
    for oid in ref_objects_now(g, e.what, item, job):
        o = g.s.objs[oid]
        if o.zone != "battlefield":
            continue
        kws = ", ".join(sorted(e.keywords))
        layers.add_effect(g, oid, (AddAbilities(keywords=e.keywords),), until="object", source=item.source,
                          player=item.controller, text=f"{o.name} gains {kws}")


@handles(PutWithCharacteristics)
def h_put_with_characteristics(g: Game, job: Job, item: StackItem, e: PutWithCharacteristics, key: str) -> None:
    """CR 611.2e: the permanents the effect puts onto the battlefield are ``mods`` as they enter."""
    from undercity.engine import zones
    from undercity.engine.effects import HANDLERS

    with zones.entering_as(g, e.mods, item.source, item.controller, f"is {_mods_text(e.mods)}"):
        HANDLERS[type(e.put)](g, job, item, e.put, key)


def _mods_text(mods: tuple[Mod, ...]) -> str:
    """"black Zombie in addition to its other colors and types" for the log."""
    colors = sorted(c for md in mods if isinstance(md, AddColors) for c in md.colors)
    subtypes = sorted(t for md in mods if isinstance(md, AddTypes) for t in md.subtypes)
    names = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
    other = "colors and types" if colors else "types"
    return f"{' '.join([names[c] for c in colors] + subtypes)} in addition to its other {other}"


@handles(DoubleToughness)
def h_double_toughness(g: Game, job: Job, item: StackItem, e: DoubleToughness, key: str) -> None:
    """CR 701.10b-c: each gets +0/+X, X its toughness as this resolves (a negative toughness
    gets more negative: -0/-X). All the values are taken before any changes."""
    s = g.s
    plan = [(oid, ch.toughness(g, s.objs[oid])) for oid in ref_objects(g, e.what, item, job)]
    for oid, t in plan:
        s.effects.append(ContinuousEffect("pump", oid, 0, t, frozenset(), "eot", timestamp=s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="701.10b", description=f"{s.objs[oid].name}'s toughness is doubled: it gets "
                                                          f"+0/{t:+d} until end of turn"))
