"""Additional costs, cost increases and reductions, and casting from a graveyard (CR 601.2b,
601.2f, 601.2h, 118.8, 118.9, 702.34, 707.10).

* Additional costs (CR 118.8): :func:`ask_additional` asks the choices while the spell is
  being cast (CR 601.2b), :func:`pay_additional` carries them out as the costs are paid
  (CR 601.2h) and records them on the spell (``StackItem.trigger_data["additional"]``), where
  copies find them (CR 707.10: a copy copies the decisions made for its additional costs,
  though none are paid for it).
* Cost changes (CR 601.2f): :func:`modified_cost` starts from the mana cost or the
  alternative cost being paid (with additional costs such as the commander tax), adds the
  increases of :class:`~undercity.cards.model_casting.CostChange` static abilities, then
  applies their reductions. The mana value is not changed (CR 202.3).
* Leaving the stack (CR 614.1a): a spell cast with flashback (CR 702.34a) is exiled instead of
  going anywhere else; a spell cast with a "…exile it instead" permission (Gale, Waterdeep
  Prodigy) is exiled instead of being put into its owner's graveyard. Both are replacement
  effects (:data:`zones.REPLACEMENT_HOOKS`) tied to the spell object.
* :class:`~undercity.cards.model_casting.MayCastFromGraveyard`: a permission to cast a card
  from a graveyard while an ability resolves (CR 608.2g). It is the permission used for that
  casting: the card's own permissions (escape, flashback) don't apply to it (ruling
  2022-06-10, From the Catacombs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards import model_casting as mc
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import AMOUNT_HOOKS, choose_cards, handles, ref_objects
from undercity.engine.state import Job, StackItem
from undercity.mana import ManaCost

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

#: ``State.extra`` key: stack object id -> (``any`` | ``graveyard``, rule, why) — the spell is
#: exiled instead of leaving the stack for any zone / for its owner's graveyard.
EXILE_LEAVING_STACK = "exile_leaving_stack"


# ----------------------------------------------------------------------------- cost changes


def _has_cost_change(card: m.CardDef) -> bool:
    return any(st.kind == mc.COST_CHANGE for st in card.static)


_PER = {
    "commander_casts": lambda g, p: sum(g.s.players[p].commander_casts.values()),
}


def cost_changes(g: Game, player: int, o: Obj) -> tuple[int, int]:
    """(increase, reduction) of generic mana for ``player`` casting ``o`` now (CR 601.2f)."""
    s = g.s
    inc = red = 0
    for sid in ch.permanents_with(s, _has_cost_change):
        src = s.objs[sid]
        for st in ab.static(g, src):
            if not isinstance(st, mc.CostChange):
                continue
            if st.caster == "you" and player != src.controller:
                continue
            if st.caster == "opponent" and not targeting._is_opponent(g, src.controller, player):
                continue
            if st.nth is not None and s.players[player].spells_cast_this_turn + 1 != st.nth:
                continue
            if not targeting.matches(g, o, st.spells, player, sid):
                continue
            n = st.generic * (_PER[st.per](g, src.controller) if st.per else 1)
            if n > 0:
                inc += n
            else:
                red -= n
    return inc, red


def modified_cost(g: Game, player: int, o: Obj, cost: ManaCost, changes: tuple[int, int] | None = None) -> ManaCost:
    """CR 601.2f: ``cost`` plus the increases, then minus the reductions (generic mana only,
    never below zero)."""
    inc, red = cost_changes(g, player, o) if changes is None else changes
    if inc:
        cost = cost.increase_generic(inc)
    if red:
        cost = cost.reduce_generic(red)
    return cost


# ----------------------------------------------------------------------------- additional costs


def _additional_options(g: Game, player: int, o: Obj, ac: m.AdditionalCost) -> list[Option]:
    s = g.s
    if ac.kind != "reveal_or_choose":
        raise ValueError(f"unknown additional cost {ac.kind}")
    out = [Option(f"reveal {s.objs[c].name} from your hand", ("o", c)) for c in s.players[player].hand
           if c != o.id and targeting.matches(g, s.objs[c], ac.filter, player)]
    out += [Option(f"choose {s.objs[c].name} you control", ("o", c)) for c in s.battlefield
            if s.objs[c].controller == player and targeting.matches(g, s.objs[c], ac.filter, player)]
    return out


def additional_payable(g: Game, player: int, o: Obj) -> bool:
    """Can every mandatory additional cost of ``o`` be paid (CR 601.2b)?"""
    return all(ac.optional or _additional_options(g, player, o, ac) for ac in o.card.additional_costs)


def ask_additional(g: Game, job: Job, player: int, o: Obj) -> list[Any]:
    """CR 601.2b: the choices for the spell's additional costs, asked before anything moves."""
    out: list[Any] = []
    for i, ac in enumerate(o.card.additional_costs):
        opts = _additional_options(g, player, o, ac)
        if ac.optional:
            opts.append(Option("pay no additional cost", None))
        v = g.ask(job, f"additional{i}", player, "additional_cost",
                  f"{o.name}: {ac.text or 'choose how to pay its additional cost'}", opts)
        out.append(tuple(v) if v is not None else None)
    return out


def pay_additional(g: Game, player: int, item: StackItem, choices: list[Any]) -> None:
    """CR 601.2h: reveal the card / choose the permanent; the decisions stay with the spell."""
    s = g.s
    paid = []
    for v in choices:
        if v is None:
            continue
        c = s.objs[v[1]]
        kind = "choose" if c.zone == "battlefield" else "reveal"
        if kind == "reveal":
            g.emit(ev.Revealed(rule="601.2h", player=player, cards=(c.name,)))
        else:
            g.emit(ev.Note(rule="601.2h", message=f"{g.player_name(player)} chooses {c.name} "
                                                  f"for {item.name}'s additional cost", player=player))
        paid.append({"kind": kind, "obj": c.id, "name": c.name, "power": c.card.power or 0})
    item.trigger_data["additional"] = paid


def _paid_power(g: Game, a: mc.PaidCostPower, item: StackItem, job: Job) -> int:
    """Dragon's Fire: the chosen creature's power as the spell resolves, or as it last existed
    on the battlefield; a revealed card's power."""
    s = g.s
    for d in item.trigger_data.get("additional") or ():
        o = s.objs.get(d["obj"])
        if d["kind"] == "choose":
            if o is not None and o.zone == "battlefield":
                return ch.power(g, o)
            lki = s.lki.get(d["obj"])
            if lki is not None:
                return lki.get("power") or 0
        if o is not None and o.zone == "hand":
            return o.card.power or 0
        return d["power"]
    return getattr(a, "default", 0)


def _spell_mana_value(g: Game, a: m.Count, item: StackItem, job: Job) -> int:
    """CR 202.3: the mana value of the spell that triggered the ability — from its mana cost
    (X as chosen, CR 202.3e), whatever cost was paid to cast it."""
    snap = item.trigger_data.get("spell_lki") or {}
    card = snap.get("card")
    if card is None:
        return 0
    mv = card.mana_value
    if card.mana_cost is not None and card.mana_cost.x and snap.get("x"):
        mv += card.mana_cost.x * snap["x"]
    return mv


AMOUNT_HOOKS["additional_cost_power"] = _paid_power
AMOUNT_HOOKS["spell_mana_value"] = _spell_mana_value


# ----------------------------------------------------------------------------- escape


def ask_escape_exile(g: Game, job: Job, player: int, o: Obj, n: int) -> list[int]:
    """Escape's "Exile N other cards from your graveyard" (CR 702.138a): which cards, chosen
    while the spell is cast (CR 601.2b, 601.2f). With exactly N other cards there is one way
    to pay and nothing is asked; identical cards are one option (effects.choose_cards)."""
    others = [c for c in g.s.players[player].graveyard if c != o.id]
    return choose_cards(g, job, "exile", player, "escape_exile",
                        lambda k: f"exile a card from your graveyard to escape {o.name} ({k + 1}/{n})", others, n)


# ----------------------------------------------------------------------------- leaving the stack


def mark_exile_leaving_stack(g: Game, oid: int, how: str, rule: str, why: str) -> None:
    g.s.extra.setdefault(EXILE_LEAVING_STACK, {})[oid] = (how, rule, why)


def _leaving_stack(g: Game, o: Obj, from_zone: str, to_zone: str, applied: frozenset[str]) -> list[zones.Replacement]:
    if from_zone != "stack" or to_zone == "exile" or "leave_stack" in applied:
        return []
    mark = g.s.extra.get(EXILE_LEAVING_STACK, {}).get(o.id)
    if mark is None:
        return []
    how, rule, why = mark
    if how == "graveyard" and to_zone != "graveyard":
        return []
    return [zones.Replacement("leave_stack", f"{o.name} is exiled instead ({why})", rule, "exile")]


zones.REPLACEMENT_HOOKS.append(_leaving_stack)


# ----------------------------------------------------------------------------- permissions


@handles(mc.MayCastFromGraveyard)
def h_may_cast_from_graveyard(g: Game, job: Job, item: StackItem, e: mc.MayCastFromGraveyard, key: str) -> None:
    """"You may cast [it] from your graveyard": timing permissions are ignored and its costs
    are paid (CR 608.2g, 601.2); cast as the ability finishes resolving, like Mad Wizard's
    Lair. This permission is the one used — not the card's own escape or flashback."""
    from undercity.engine import casting

    s = g.s
    p = item.controller
    ids = ref_objects(g, e.what, item, job)
    if not ids:
        return
    o = s.objs[ids[0]]
    if o.zone != "graveyard" or o.owner != p:
        return
    if not casting.castable(g, p, o, ignore_timing=True):
        g.emit(ev.Note(rule="601.2", message=f"{o.name} can't be cast now; it stays in the graveyard"))
        return
    yes = g.ask(job, key + ":cast", p, "cast_permission",
                f"{item.source_name}: cast {o.name} from your graveyard (paying its costs)?",
                [Option(f"cast {o.name} from your graveyard", True), Option(f"don't cast {o.name}", False)])
    if yes:
        g.push("cast", player=p, obj=o.id, alt=None, free=False,
               exile_instead=item.source_name if e.exile_instead else None)
