"""State-based actions (CR 704).

Checked whenever a player would receive priority (CR 704.3): every applicable action is
performed at once, then the check repeats until none applies. Choices that state-based
actions need (the legend rule, the order of replacement effects on a dying creature) are
asked before anything happens, in an ``sba`` job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from undercity.engine import abilities as ab
from undercity.engine import (
    bestow,
    commander,
    dungeons,
    equip,
    exile_until,
    layers,
    leaving,
    protection,
    regeneration,
    sagas,
    targeting,
    zones,
)
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.game import job_runner
from undercity.engine.state import Job

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game


@dataclass(slots=True)
class Action:
    kind: str  # lose | cease | graveyard | destroy | annihilate | legend | hook
    rule: str
    player: int | None = None
    obj: int | None = None
    reason: str = ""
    group: tuple[int, ...] = ()
    n: int = 0
    run: Callable[[Game], None] | None = None


def _unattach(eq: int, g: Game) -> None:
    """CR 704.5n: the Equipment becomes unattached and stays on the battlefield."""
    e = g.s.objs.get(eq)
    if e is not None and e.attached_to is not None:
        e.attached_to = None
        g.emit(ev.Note(rule="704.5n", message=f"{e.name} becomes unattached"))


def _aura_gone(g: Game, oid: int, reason: str) -> Action:
    """CR 704.5m: an Aura attached to an illegal object or player, or to nothing, is put into its
    owner's graveyard — unless it is a bestowed Aura, which becomes unattached and ceases to be
    bestowed instead (CR 702.103f, the exception)."""
    instead = bestow.illegal_attachment(g, oid, reason)
    return instead if isinstance(instead, Action) else Action("graveyard", "704.5m", obj=oid, reason=reason)


def collect(g: Game) -> list[Action]:
    s = g.s
    out: list[Action] = []
    for p in s.players:
        if p.left:
            continue
        if p.life <= 0:  # in Two-Headed Giant the team's shared total (CR 810.8c)
            out.append(Action("lose", "704.5a" if p.team is None else "810.8c", p.idx, reason="0 or less life"))
        elif p.drew_from_empty:
            out.append(Action("lose", "704.5b", p.idx, reason="drew from an empty library"))
        elif p.poison >= 10:
            out.append(Action("lose", "704.5c", p.idx, reason="ten or more poison counters"))
    stray = s.extra.get("stray_tokens")
    if stray:
        for oid in stray:
            if oid in s.objs:
                out.append(Action("cease", "704.5d", obj=oid))
    if copies := s.extra.get(zones.STRAY_CARD_COPIES):
        for oid in copies:  # CR 704.5e: a copy of a card not cast (Psionic Ritual's, CR 707.12)
            if oid in s.objs and s.objs[oid].zone not in ("stack", "battlefield"):
                out.append(Action("cease", "704.5e", obj=oid))
    legends: dict[tuple[int, str], list[int]] = {}
    objs = s.objs
    tab = layers.table(g)  # characteristics after continuous effects (CR 613), or None: the cards'
    for oid in s.battlefield:
        o = objs[oid]
        chs = None if tab is None else tab.chars.get(oid)
        card = o.card if chs is None else chs
        if "Creature" in card.types:
            t = layers.side(g, o, chs, True)  # toughness (CR 613.4), with the table looked up once
            if t <= 0:
                out.append(Action("graveyard", "704.5f", obj=oid, reason="toughness 0 or less"))
            elif (o.damage >= t and o.damage > 0 or o.deathtouched) and not ch.has(g, o, "indestructible"):
                # CR 702.12b: indestructible permanents aren't destroyed by lethal damage.
                if o.damage >= t:
                    out.append(Action("destroy", "704.5g", obj=oid, reason="lethal damage"))
                else:
                    out.append(Action("destroy", "704.5h", obj=oid, reason="damage from deathtouch"))
        if "Planeswalker" in card.types and o.counters.get("loyalty", 0) <= 0:
            out.append(Action("graveyard", "704.5i", obj=oid, reason="no loyalty"))
        if "Legendary" in card.supertypes:
            legends.setdefault((o.controller, card.name), []).append(oid)
        if "Aura" in card.subtypes and o.attached_player is not None:
            # CR 303.4c, 704.5m: an Aura enchanting a player who left the game, or a player its
            # enchant ability doesn't allow ("Enchant player" only: a player target).
            if s.players[o.attached_player].left:
                out.append(_aura_gone(g, oid, "the enchanted player left the game"))
            elif card.enchant is None or card.enchant.kind != "player" or (
                    ch.any_losses(g) and ch.loss_timestamp(g, o) is not None):
                out.append(_aura_gone(g, oid, "attached to an illegal player"))
        elif "Aura" in card.subtypes:
            host = s.objs.get(o.attached_to) if o.attached_to is not None else None
            if host is None or host.zone != "battlefield":
                out.append(_aura_gone(g, oid, "not attached"))
            elif ch.any_losses(g) and ch.loss_timestamp(g, o) is not None:
                # An Aura that lost its enchant ability can't legally enchant anything (CR 303.4a;
                # Immovable Rod's ruling).
                out.append(_aura_gone(g, oid, "it has no enchant ability"))
            elif card.enchant is not None and card.enchant.kind == "player":
                out.append(_aura_gone(g, oid, "attached to an object, not a player"))
            elif card.enchant is not None and card.enchant.filter is not None and not targeting.matches(
                    g, host, card.enchant.filter, o.controller, oid):
                out.append(_aura_gone(g, oid, "attached to an illegal object"))
            elif protection.illegal_attachment(g, o, host):  # CR 702.16c
                out.append(_aura_gone(g, oid, "attached to a permanent with protection"))
        elif "Equipment" in card.subtypes and o.attached_to is not None:
            host = s.objs.get(o.attached_to)
            if host is not None and host.zone == "battlefield" and protection.illegal_attachment(g, o, host):
                out.append(Action("hook", "704.5n", obj=oid, reason="attached to a permanent with protection",
                                  run=partial(_unattach, oid)))  # CR 702.16d: it stays on the battlefield
        c = o.counters
        if c and c.get("+1/+1") and c.get("-1/-1"):
            out.append(Action("annihilate", "704.5q", obj=oid, n=min(c["+1/+1"], c["-1/-1"])))
    for (ctrl, _name), ids in legends.items():
        if len(ids) > 1:
            out.append(Action("legend", "704.5j", player=ctrl, group=tuple(ids)))
    # The state-based actions of other rules concepts, each asked here: commanders (903.9a,
    # 704.6d), the venture marker (704.5t), Equipment attached to nothing (704.5n), cards
    # exiled until their source left (610.3a).
    out.extend(commander.state_based_actions(g))
    out.extend(dungeons.state_based_actions(g))
    out.extend(equip.state_based_actions(g))
    out.extend(exile_until.state_based_actions(g))
    out.extend(sagas.state_based_actions(g))  # CR 704.5s: a Saga after its last chapter
    return out


def _needs_choice(g: Game, actions: list[Action]) -> bool:
    for a in actions:
        if a.kind == "legend":
            return True
        if a.kind in ("graveyard", "destroy") and a.obj is not None:
            o = g.s.objs[a.obj]
            if len(zones.replacements_for(g, o, "battlefield", "graveyard")) > 1:
                return True
            if a.kind == "destroy" and len(regeneration.options(g, o)) > 1:
                return True  # CR 616.1: regenerate, a totem armor, or the other replacement first
    return False


#: [events list, its length, effects list, its length, battlefield length, last permanent,
#: the characteristics (``layers.token``)] when state-based actions were last found not to apply. Every change to a game is an event
#: (events.py), so until another event happens none can apply and the check is skipped (a
#: player passing priority changes nothing); nor after events of the kinds in :data:`_CANT_ACT`
#: alone, with the same effects and permanents. Game.advance calls :func:`forget` on entry,
#: so a position changed from outside the engine is always checked.
_QUIET: list[Any] = [None, 0, None, 0, 0, 0, None]

#: Events that can't make a state-based action apply (CR 704.5), with what changes silently
#: with them: a step or turn beginning (the mana pools, the active player, the combat record,
#: summoning sickness; "until your next turn" effects ending change the effects list, which is
#: compared), a card drawn (the hand and library; an empty library's draw is its own event).
#: Characteristics could still change with them through a condition or a count ("as long as
#: it's your turn", "the number of cards in your hand"), so they are trusted only while the
#: layer system's result is the one of the last check, kept because nothing it read changed
#: (``layers.unchanged_since``: its gates, "as long as you've completed a dungeon", asked again).
_CANT_ACT = frozenset({ev.StepBegan, ev.TurnBegan, ev.CardDrawn, ev.CostPaid, ev.SpellCast, ev.AbilityActivated,
                       ev.AbilityTriggered})
#: With them, mana paid (the pool: ``CostPaid`` sums up a payment whose other parts — a permanent
#: tapped, sacrificed, a counter removed, life paid — are events of their own), a spell cast, an
#: ability activated or put on the stack as it triggered (the stack, the count of spells cast:
#: CR 601.2i, 602.2, 603.3a; a mana ability's mana is an event of its own). A card or copy moving to the stack from elsewhere than the
#: battlefield changes no permanent either (``ZoneChanged`` then; a commander's 903.9a move is
#: from a graveyard or exile, CR 704.5d-e name tokens and copies elsewhere than the stack).
#: Notes of these rules only announce that nothing happened: no attack (508.8), no block (509.1),
#: a triggered ability's mode (603.3c), one removed as it would be put on the stack (603.3d, 700.2b).
_NOTHING_HAPPENED = frozenset({"508.8", "509.1", "603.3c", "603.3d", "700.2b"})
#: Events that change only whether permanents are tapped, attacking or blocking (CR 701.26,
#: 506.4): no state-based action reads that but an Aura's enchant ability whose filter may
#: ("enchant tapped creature", 704.5m) — none asking more than characteristics and controller
#: is on the battlefield, nor any granted ability.
_TAP_OR_COMBAT = frozenset({ev.Tapped, ev.AttackDeclared, ev.BlockDeclared, ev.BlockersDeclared})


def forget() -> None:
    _QUIET[0] = None


def _still_quiet(g: Game, quiet: list[Any], events: list[Any]) -> bool:
    """Whether only events of :data:`_CANT_ACT` happened since the last check that found
    nothing, the effects and the battlefield are as they were, and the characteristics are
    those of that check: then no state-based action applies now either."""
    s = g.s
    bf = s.battlefield
    if (s.effects is not quiet[2] or len(s.effects) != quiet[3] or len(bf) != quiet[4]
            or (bf[-1] if bf else 0) != quiet[5]):
        return False
    cant = _CANT_ACT
    taps = None
    for i in range(quiet[1], len(events)):
        e = events[i]
        t = type(e)
        if t in cant:
            continue
        if t is ev.ZoneChanged:
            if e.to_zone == "stack" and e.from_zone != "battlefield":
                continue
            return False
        if t is ev.Note:
            if e.rule in _NOTHING_HAPPENED:
                continue
            return False
        if t in _TAP_OR_COMBAT:
            if taps is None:
                taps = ab.plain(g) and not ch.permanents_with(s, _enchant_reads_play)
            if taps:
                continue
        return False
    return layers.unchanged_since(g, quiet[6])


def _enchant_reads_play(card: CardDef) -> bool:
    """Whether the card's enchant ability's filter asks more of a permanent than its
    characteristics and controller (:func:`layers.filter_reads_characteristics`): whether it is
    tapped, attacking, blocking (:data:`_TAP_OR_COMBAT`), or anything else of the game."""
    e = card.enchant
    return e is not None and not layers.filter_reads_characteristics(e.filter)


def _quiet_now(g: Game, quiet: list[Any], events: list[Any]) -> None:
    s = g.s
    bf = s.battlefield
    quiet[0], quiet[1], quiet[2], quiet[3] = events, len(events), s.effects, len(s.effects)
    quiet[4], quiet[5], quiet[6] = len(bf), bf[-1] if bf else 0, layers.token(g)


def check(g: Game) -> bool:
    """Perform state-based actions until none apply. True if any were performed."""
    acted = False
    quiet, events = _QUIET, g.events
    while not g.s.over:
        if quiet[0] is events:
            if quiet[1] == len(events):
                return acted
            if _still_quiet(g, quiet, events):
                quiet[1] = len(events)
                return acted
        actions = collect(g)
        if not actions:
            _quiet_now(g, quiet, events)
            return acted
        if _needs_choice(g, actions):
            g.push("sba")
            return True
        perform(g, actions, {})
        acted = True
    return acted


@job_runner("sba")
def run_sba(g: Game, job: Job) -> None:
    actions = collect(g)
    answers: dict[str, object] = {}
    for a in actions:
        if a.kind == "legend":
            names = g.s.objs[a.group[0]].name
            keep = g.ask(job, f"legend{a.group}", a.player or 0, "legend_rule",
                         f"legend rule: choose the {names} to keep",
                         [Option(f"{g.s.objs[i].name} #{i}", i) for i in a.group])
            answers[f"legend{a.group}"] = keep
        elif a.kind in ("graveyard", "destroy") and a.obj is not None:
            o = g.s.objs[a.obj]
            if a.kind == "destroy" and (first := regeneration.choice(g, job, f"sba{a.obj}", o)) is not None:
                answers[f"regen{a.obj}"] = first  # CR 701.19a, 616.1
                if first != regeneration.REGENERATE:
                    answers[f"repl{a.obj}"] = [first]
                continue
            reps = zones.replacements_for(g, o, "battlefield", "graveyard")
            if len(reps) > 1:
                answers[f"repl{a.obj}"] = [g.ask(job, f"repl{a.obj}", o.controller, "replacement",
                                                 f"which replacement effect applies first to {o.name}?",
                                                 [Option(r.label, r.key) for r in zones.distinct_replacements(reps)])]
    g.s.jobs.pop()
    perform(g, actions, answers)


def _annihilate(g: Game, a: Action) -> None:
    """CR 704.5q: N +1/+1 and N -1/-1 counters removed from the permanent."""
    o = g.s.objs[a.obj]  # type: ignore[index]
    zones.add_counters(g, o, "+1/+1", -a.n, "704.5q")
    zones.add_counters(g, o, "-1/-1", -a.n, "704.5q")


def perform(g: Game, actions: list[Action], answers: dict[str, object]) -> None:
    """Perform all the actions simultaneously (CR 704.3)."""
    s = g.s
    losers = [a for a in actions if a.kind == "lose"]
    # CR 704.3: a permanent that dies in this check leaves with the counters it had (its last
    # known information, CR 608.2h: Chasm Skulker's +1/+1 counters); their annihilation waits,
    # for a permanent that stays (indestructible, regenerated).
    leaving_ids = {a.obj for a in actions if a.kind in ("graveyard", "destroy")} | {
        oid for a in actions if a.kind == "legend" for oid in a.group}
    later: list[Action] = []
    for a in actions:
        if a.kind == "cease":
            o = s.objs.get(a.obj)  # type: ignore[arg-type]
            if o is not None:
                zone = s.players[o.owner].zone(o.zone) if o.zone in ("hand", "library", "graveyard", "exile",
                                                                     "command") else None
                if zone is not None and o.id in zone:
                    zone.remove(o.id)
                del s.objs[o.id]
                g.emit(ev.CeasedToExist(rule=a.rule, name=o.name,
                                        what="copy of a card" if a.rule == "704.5e" else "token"))
        elif a.kind == "annihilate" and a.obj in leaving_ids:
            later.append(a)
        elif a.kind == "annihilate":
            _annihilate(g, a)
    s.extra["stray_tokens"] = []
    if zones.STRAY_CARD_COPIES in s.extra:
        s.extra[zones.STRAY_CARD_COPIES] = [c for c in s.extra[zones.STRAY_CARD_COPIES] if c in s.objs]
    # One event: a permanent leaving in it still applies its replacement effects to the others.
    with zones.simultaneously(g):
        for a in actions:
            if a.kind in ("graveyard", "destroy") and a.obj in s.objs and s.objs[a.obj].zone == "battlefield":
                o = s.objs[a.obj]
                if a.kind == "destroy" and ch.has(g, o, "indestructible"):
                    continue
                if a.kind == "destroy" and regeneration.replaces(
                        g, o, True, answers.get(f"regen{a.obj}", regeneration.REGENERATE)):  # type: ignore[arg-type]
                    continue  # CR 701.19a: regenerated instead of destroyed (704.5g-h)
                verb = "dies" if ch.is_creature(o, g) else "is put into the graveyard"
                g.emit(ev.Note(rule=a.rule, message=f"{o.name}: {a.reason}"))
                zones.move(g, o.id, "graveyard", rule=a.rule, verb=verb,
                           order=answers.get(f"repl{a.obj}"))  # type: ignore[arg-type]
            elif a.kind == "legend":
                keep = answers.get(f"legend{a.group}", a.group[-1])
                for oid in a.group:
                    if oid != keep and oid in s.objs:
                        zones.move(g, oid, "graveyard", rule="704.5j",
                                   verb="is put into the graveyard (legend rule)")
            elif a.kind == "hook" and a.run is not None:
                a.run(g)
    for a in later:
        if a.obj in s.objs and s.objs[a.obj].zone == "battlefield":
            _annihilate(g, a)
    if losers:
        leaving.lose_simultaneously(g, [(a.player, a.reason, a.rule) for a in losers])  # type: ignore[misc]
