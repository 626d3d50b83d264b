"""The Commander variant (CR 903).

A commander is a card, not an object (CR 903.3): each player's commanders are kept as card
uids in ``Player.commanders``, so the designation follows the card through every zone
change (an object that changes zones is a new object, CR 400.7, but keeps its card_uid).

* 903.6: commanders start the game in the command zone (:func:`put_into_command_zones`;
  scenario files designate the cards listed under a player's ``command:``).
* 903.8: a player may cast a commander they own from the command zone, for {2} more for
  each previous time they cast it from there (the commander tax, an additional cost,
  601.2f). Offered by :mod:`priority`, paid in :mod:`casting`, counted here.
* 903.9a / 704.6d: a commander put into a graveyard or exile since state-based actions were
  last checked may be put into the command zone by its owner — a state-based action with a
  choice: the SBA hook starts a ``commander_zone`` job that asks each owner (APNAP order),
  then moves the chosen cards.
* 903.9b: if a commander would be put into its owner's hand or library from anywhere, its
  owner may put it into the command zone instead — an optional replacement effect
  (:func:`replacement`, asked by ``zones.replacements_for``); effects that move cards through
  :func:`effects.move_asking` (returning to hand) ask the owner. A direct
  :func:`zones.move` with no one to ask (searching a library, putting a card from hand on
  top) applies it — the choice owners make in practice. Drawing a commander that was left
  in the library puts it into the hand: draws don't go through :func:`zones.move`.
* 903.10a / 704.6c: combat damage dealt to a player by a commander is counted per
  (player, commander) in ``Player.commander_damage`` (:func:`record_combat_damage`, called
  from :func:`effects.deal_damage`); 21 or more from the same commander loses the game.
* 702.124d: partner commanders are counted separately for the tax and for damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.commander import ControlsCommander
from undercity.engine import events as ev
from undercity.engine import resolve, sba, triggers, zones
from undercity.engine.decisions import Option
from undercity.engine.game import job_runner
from undercity.engine.state import Job
from undercity.errors import UndercityError

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

TAX = 2  # CR 903.8: {2} for each previous cast from the command zone
LETHAL_COMMANDER_DAMAGE = 21  # CR 903.10a
MAX_COMMANDERS = 2  # CR 702.124g
YES_NO = [Option("yes", True), Option("no", False)]


# ----------------------------------------------------------------------------- designation


def designate(g: Game, player: int, o: Obj) -> None:
    """Make the card ``o`` represents one of ``player``'s commanders (CR 903.3)."""
    s = g.s
    p = s.players[player]
    if o.card_uid not in p.commanders:
        if len(p.commanders) >= MAX_COMMANDERS:
            raise UndercityError(f"{p.name} can't have more than {MAX_COMMANDERS} commanders (CR 702.124g)")
        p.commanders.append(o.card_uid)
    s.extra.setdefault("commander_names", {})[o.card_uid] = o.name
    g.emit(ev.Note(rule="903.3", message=f"{p.name}'s commander: {o.name}", player=player))


def put_into_command_zones(g: Game, commanders: list[list[str]]) -> None:
    """CR 903.6: before the game begins each player puts their commander(s) from their deck
    into the command zone. A commander missing from the decklist (a separate "Commander"
    section) is added to the game there."""
    from undercity.cards.registry import get_card

    s = g.s
    if s.variant != "commander":
        raise UndercityError(f"commanders are designated only in the commander variant (CR 903), "
                             f"not in {s.variant}")
    if len(commanders) != len(s.players):
        raise UndercityError(f"{len(commanders)} lists of commanders for {len(s.players)} players")
    for i, names in enumerate(commanders):
        p = s.players[i]
        if len(names) > MAX_COMMANDERS:
            raise UndercityError(f"{p.name} names {len(names)} commanders; at most {MAX_COMMANDERS} "
                                 "(CR 702.124g)")
        for name in names:
            card = get_card(name)
            oid = next((x for x in p.library if s.objs[x].card is card), None)
            if oid is not None:
                o = zones.move(g, oid, "command", rule="903.6", verb="is put into the command zone")
                assert o is not None
            else:
                o = g.create_object(card, i, "command")
                g.emit(ev.ZoneChanged(rule="903.6", obj=o.id, new_obj=o.id, name=o.name, owner=i, controller=i,
                                      from_zone="deck", to_zone="command", verb="is put into the command zone"))
            designate(g, i, o)


def identity_colors(g: Game, player: int) -> frozenset[str] | None:
    """The colors of the color identity of ``player``'s commanders together (CR 903.4), or None
    if they have no commander (CR 903.4f: the quality is undefined)."""
    from undercity.formats.commander import color_identity

    names = g.s.extra.get("commander_names", {})
    uids = [uid for uid in g.s.players[player].commanders if uid in names]
    if not uids:
        return None
    colors: frozenset[str] = frozenset()
    for uid in uids:
        colors = colors | color_identity(names[uid])
    return colors


def is_commander(g: Game, o: Obj) -> bool:
    """Whether object ``o`` represents a commander card (CR 903.3; a token or copy never does)."""
    uids = g.s.players[o.owner].commanders
    return bool(uids) and o.card_uid in uids and not o.token


@resolve.checks(ControlsCommander)
def controls_commander(g: Game, cond: ControlsCommander, controller: int) -> bool:
    """"If you control your commander" / "… a commander": a permanent that is a commander, its
    owner's own if ``yours``, on the battlefield under ``controller``'s control (CR 903.3d)."""
    s = g.s
    return any(o.controller == controller and is_commander(g, o) and (not cond.yours or o.owner == controller)
               for o in (s.objs[oid] for oid in s.battlefield))


def commander_name(g: Game, uid: int) -> str:
    """ "Alice's commander Linden, the Steadfast Queen" for the commander card ``uid``."""
    name = g.s.extra.get("commander_names", {}).get(uid, f"#{uid}")
    owner = next((p.name for p in g.s.players if uid in p.commanders), "someone")
    return f"{owner}'s commander {name}"


# ----------------------------------------------------------------------------- 903.8 tax


def tax(g: Game, player: int, o: Obj) -> int:
    """The commander tax ``player`` would pay to cast ``o`` from the command zone now."""
    return TAX * g.s.players[player].commander_casts.get(o.card_uid, 0)


def record_cast(g: Game, player: int, spell: Obj, paid_tax: int) -> None:
    """Count a cast from the command zone (called by the cast job after CR 601.2i)."""
    p = g.s.players[player]
    n = p.commander_casts.get(spell.card_uid, 0) + 1
    p.commander_casts[spell.card_uid] = n
    paid = f"with commander tax {{{paid_tax}}}" if paid_tax else "with no commander tax"
    g.emit(ev.Note(rule="903.8", player=player,
                   message=f"{p.name} cast {spell.name} from the command zone {paid}; "
                           f"commander tax is now {{{TAX * n}}}"))


# ----------------------------------------------------------------------------- 903.9b


def replacement(g: Game, o: Obj, from_zone: str, to_zone: str,
                applied: frozenset[str]) -> list[zones.Replacement]:
    """CR 903.9b: a commander that would be put into its owner's hand or library may be put
    into the command zone instead (an exception to 614.5: it may apply again)."""
    if to_zone != "hand" and to_zone != "library":
        return []
    if not is_commander(g, o) or g.s.players[o.owner].left:
        return []
    return [zones.Replacement("commander", f"put {o.name} into the command zone instead of its owner's {to_zone} "
                                           "(CR 903.9b)", "903.9b", "command", optional=True)]


# ----------------------------------------------------------------------------- 903.9a / 704.6d


@triggers.reads("zone_changed")
def watch(g: Game, e: ev.Event) -> None:
    """Remember commanders put into a graveyard or exile since SBAs were last checked."""
    if e.kind != "zone_changed":
        return
    assert isinstance(e, ev.ZoneChanged)
    if e.to_zone != "graveyard" and e.to_zone != "exile":
        return
    s = g.s
    if not s.players[e.owner].commanders:
        return
    o = s.objs.get(e.new_obj)
    if o is not None and is_commander(g, o):
        s.extra.setdefault("commander_fresh", []).append(o.id)



def state_based_actions(g: Game) -> list[sba.Action]:
    s = g.s
    out: list[sba.Action] = []
    fresh = s.extra.get("commander_fresh")
    if fresh:
        live = [oid for oid in fresh if oid in s.objs and s.objs[oid].zone in ("graveyard", "exile")
                and not s.players[s.objs[oid].owner].left]
        if live:
            def run(g: Game, objs: tuple[int, ...] = tuple(live)) -> None:
                # The owners' choices are a job: ask everything, then move (704.6d).
                g.s.extra["commander_fresh"] = []
                g.push("commander_zone", objs=list(objs))

            out.append(sba.Action("hook", "704.6d", reason="a commander was put into a graveyard or exile",
                                  run=run))
        else:
            s.extra["commander_fresh"] = []
    for p in s.players:
        if p.commander_damage and not p.left and not p.lost:
            for uid, n in p.commander_damage.items():
                if n >= LETHAL_COMMANDER_DAMAGE:
                    out.append(sba.Action("lose", "704.6c", p.idx,
                                          reason=f"{n} combat damage from {commander_name(g, uid)}"))
                    break
    return out


@job_runner("commander_zone")
def run_commander_zone(g: Game, job: Job) -> None:
    """CR 903.9a: each owner, in APNAP order, may put their commander into the command zone."""
    s = g.s
    n = len(s.players)
    objs = [oid for oid in job.data["objs"] if oid in s.objs and s.objs[oid].zone in ("graveyard", "exile")
            and not s.players[s.objs[oid].owner].left]
    objs.sort(key=lambda oid: (s.objs[oid].owner - s.active) % n)
    chosen: list[int] = []
    for oid in objs:
        o = s.objs[oid]
        owner = s.players[o.owner]
        if g.ask(job, f"cz{oid}", o.owner, "yes_no",
                 f"{owner.name}: put your commander {o.name} from your {o.zone} into the command zone? "
                 "(CR 903.9a)", YES_NO):
            chosen.append(oid)
    s.jobs.pop()
    for oid in objs:
        o = s.objs[oid]
        if oid in chosen:
            zones.move(g, oid, "command", rule="903.9a", verb="is put into the command zone")
        else:
            g.emit(ev.Note(rule="903.9a", player=o.owner,
                           message=f"{s.players[o.owner].name} leaves {o.name} in their {o.zone}"))


# ----------------------------------------------------------------------------- 903.10a


def record_combat_damage(g: Game, src: Obj, player: int, n: int) -> None:
    """Combat damage dealt to ``player`` by the commander ``src`` (CR 903.10a)."""
    p = g.s.players[player]
    total = p.commander_damage.get(src.card_uid, 0) + n
    p.commander_damage[src.card_uid] = total
    owner = g.s.players[src.owner].name
    g.emit(ev.Note(rule="903.10a", player=player,
                   message=f"{p.name} has been dealt {total} combat damage by {owner}'s commander {src.name} "
                           "this game"))
