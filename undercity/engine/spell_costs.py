"""The total cost of a spell (CR 601.2b, 601.2f, 601.2h, 118.8, 702.138a, 707.10):

* Additional costs (CR 118.8): :func:`ask_additional` asks the choices while the spell is
  being cast (CR 601.2b), :func:`pay_additional` carries them out as the costs are paid
  (CR 601.2h) and records them on the spell (``StackItem.trigger_data["additional"]``), where
  copies find them (CR 707.10: a copy copies the decisions made for its additional costs,
  though none are paid for it).
* Cost changes (CR 601.2f): :func:`modified_cost` starts from the mana cost or the
  alternative cost being paid (with additional costs such as the commander tax), adds the
  increases of :class:`~undercity.cards.language.spell_costs.CostChange` static abilities, then
  applies their reductions. The mana value is not changed (CR 202.3).
* "Spells your opponents cast that target ~ cost {3} more to cast" (:func:`target_taxes`): an
  increase known only once the targets are chosen (CR 601.2c, 601.2f) — ``casting`` offers the
  targets with which the total cost can still be paid, and counts the least such increase
  (:func:`least_target_tax`) when it checks whether a spell can be cast.
* Escape's "exile N other cards from your graveyard" (:func:`ask_escape_exile`).
* An activated ability's "This ability costs {X} less to activate, where X is the power of the
  creature it targets" (:func:`activation_cost`, asked by ``casting`` once the targets are
  chosen, CR 602.2b, 601.2f).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards.language.continuous import AddAbilities
from undercity.cards.language.spell_costs import (
    COST_CHANGE,
    ChooseOneCost,
    CostChange,
    CostChangeUntilYourNextTurn,
    SelfCostChange,
    TargetPower,
)
from undercity.cards.language.undaunted import Undaunted
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting
from undercity.engine.decisions import Option
from undercity.engine.effects import choose_cards, handles, ref_players
from undercity.engine.state import ContinuousEffect, Job, StackItem
from undercity.mana import ManaCost

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

# ----------------------------------------------------------------------------- cost changes


def activation_cost(g: Game, a: m.Activated, target: targeting.Target | None) -> ManaCost | None:
    """The mana cost of activating ``a`` with ``target`` as its (first) target: its cost less what
    its ``less_by`` says (CR 601.2f via 602.2b: generic mana only, 118.7a; a negative power
    reduces nothing, 107.1b)."""
    mana = a.cost.mana
    if mana is None or a.less_by is None:
        return mana
    if not isinstance(a.less_by, TargetPower):
        raise ValueError(f"unknown activation cost reduction {a.less_by!r}")
    o = g.s.objs.get(target[1]) if target is not None and target[0] == "o" else None
    less = max(0, ch.power(g, o)) if o is not None and ch.is_creature(o, g) else 0
    return mana.reduce_generic(less) if less else mana


def _has_cost_change(card: m.CardDef) -> bool:
    return any(st.kind == COST_CHANGE for st in card.static)


def _grants_cost_change(card: m.CardDef) -> bool:
    """The card gives other permanents a cost change ("Commander creatures you own have 'The
    first Dragon spell you cast each turn costs {2} less to cast.'", CR 613.1f)."""
    granted = [a for st in card.static for a in getattr(st, "abilities", ())]  # a Grant (Backgrounds)
    granted += [a for st in card.static for md in getattr(st, "mods", ()) if isinstance(md, AddAbilities)
                for a in md.abilities]
    return any(getattr(a, "kind", None) == COST_CHANGE for a in granted)


_PER = {
    "commander_casts": lambda g, p: sum(g.s.players[p].commander_casts.values()),
}


@dataclass(slots=True)
class CasterCostChange(ContinuousEffect):
    """A resolved effect changing the cost of the spells matching ``spells`` that ``caster``
    casts by ``generic`` (negative: less), until ``player``'s next turn (CR 601.2f, 611.2b)."""

    caster: int = 0
    spells: m.Filter | None = None
    generic: int = 0


@handles(CostChangeUntilYourNextTurn)
def h_cost_change_until(g: Game, job: Job, item: StackItem, e: CostChangeUntilYourNextTurn, key: str) -> None:
    """CR 611.2b: until its controller's next turn (``turn.expire_until_next_turn`` ends it)."""
    for p in ref_players(g, e.player, item, job):
        g.s.effects.append(CasterCostChange("cost_change", until="your_next_turn", player=item.controller,
                                            timestamp=g.s.next_timestamp(), source=item.source, caster=p,
                                            spells=e.spells, generic=e.generic))
        g.emit(ev.EffectBegan(rule="601.2f", description=f"until {g.player_name(item.controller)}'s next turn, "
                                                         f"those spells {g.player_name(p)} casts cost "
                                                         f"{{{abs(e.generic)}}} {'less' if e.generic < 0 else 'more'}"))


def cost_changes(g: Game, player: int, o: Obj, targets: list[targeting.Target] | None = None) -> tuple[int, int]:
    """(increase, reduction) of generic mana for ``player`` casting ``o`` now (CR 601.2f), with
    ``targets`` chosen (None: not yet — an increase for what it targets isn't counted)."""
    s = g.s
    inc = red = 0
    # CR 702.125a: {1} less for each opponent, for each instance (702.125c) — the spell's own, and
    # "That spell has undaunted" of the permission it is cast from exile with (Durnan).
    undaunted = 0
    if o.zone == "exile":
        from undercity.engine.cast_permissions import has_undaunted  # (it imports casting: late)

        undaunted = int(has_undaunted(g, player, o))
    for st in o.card.static:
        if isinstance(st, Undaunted):
            undaunted += 1
        if isinstance(st, SelfCostChange):  # the spell's own "costs {1} less … for each …"
            counted = [oid for oid in s.battlefield if targeting.matches(g, s.objs[oid], st.per, player, o.id)]
            if st.party:  # CR 700.8, 601.2f: the party as the cost is determined
                from undercity.engine.party import size

                n = st.generic * size(g, player)
            elif st.creature_types:  # the creature types among them, after layer 4 (a changeling: all)
                from undercity.cards.text.creature_types import CREATURE_TYPES

                n = st.generic * len(set().union(*(ch.subtypes(g, s.objs[oid]) & CREATURE_TYPES for oid in counted)))
            else:
                n = st.generic * len(counted)
            if st.cap is not None:
                n = max(n, -st.cap) if n < 0 else min(n, st.cap)
            inc, red = (inc + n, red) if n > 0 else (inc, red - n)
    if undaunted:
        red += undaunted * sum(1 for p in s.living() if targeting._is_opponent(g, player, p))
    for e in s.effects:
        if isinstance(e, CasterCostChange) and e.caster == player and targeting.matches(g, o, e.spells, player, None):
            inc, red = (inc + e.generic, red) if e.generic > 0 else (inc, red - e.generic)
    # A permanent given a cost change by another's ability has it only after layer 6 (CR 613.1f).
    for sid in s.battlefield if ch.permanents_with(s, _grants_cost_change) else ch.permanents_with(s, _has_cost_change):
        src = s.objs[sid]
        for st in ab.static(g, src):
            if not isinstance(st, CostChange):
                continue
            if st.caster == "you" and player != src.controller:
                continue
            if st.caster == "opponent" and not targeting._is_opponent(g, src.controller, player):
                continue
            if st.nth is not None and _cast_before(g, player, st) + 1 != st.nth:
                continue
            if st.targeting_self and (targets is None or ("o", sid) not in targets):
                continue  # "that target ~" (CR 601.2c, 601.2f): once, if it is one of the targets
            if not targeting.matches(g, o, st.spells, player, sid):
                continue
            n = st.generic * (_PER[st.per](g, src.controller) if st.per else 1)
            if n > 0:
                inc += n
            else:
                red -= n
    return inc, red


def target_taxes(g: Game, player: int, o: Obj) -> dict[int, int]:
    """Permanent id -> the generic mana ``player``'s spell ``o`` costs more if that permanent is one
    of its targets ("Spells your opponents cast that target ~ cost {3} more to cast", CR 601.2f);
    empty without such abilities."""
    s = g.s
    out: dict[int, int] = {}
    for sid in ch.permanents_with(s, _has_target_tax):
        src = s.objs[sid]
        for st in ab.static(g, src):
            if not isinstance(st, CostChange) or not st.targeting_self or st.generic <= 0:
                continue
            if st.caster == "you" and player != src.controller \
                    or st.caster == "opponent" and not targeting._is_opponent(g, src.controller, player):
                continue
            if targeting.matches(g, o, st.spells, player, sid):
                out[sid] = out.get(sid, 0) + st.generic
    return out


def least_target_tax(g: Game, player: int, o: Obj, specs: tuple[m.TargetSpec, ...], taxes: dict[int, int]) -> int:
    """At least how much ``taxes`` add to casting ``o`` with target specifications ``specs``
    (CR 601.2c, 601.2f): none for a specification some untaxed candidate fills; else the smallest
    taxes of the candidates its word needs (counted again for each word, so never too little)."""
    extra = k = 0
    while k < len(specs):
        n = 1 + next((j for j, t in enumerate(specs[k + 1:]) if not t.same_word), len(specs) - k - 1)
        if not specs[k].optional and not specs[k].x_count:
            cands = targeting.candidates(g, specs[k], player, o.id)
            taxed = sorted(taxes[c[1]] for c in cands if c[0] == "o" and c[1] in taxes)
            extra += sum(taxed[:max(0, n - (len(cands) - len(taxed)))])
        k += n
    return extra


def _has_target_tax(card: m.CardDef) -> bool:
    return any(isinstance(st, CostChange) and st.targeting_self for st in card.static)


def _cast_before(g: Game, player: int, st: CostChange) -> int:
    """The spells ``player`` has cast this turn that count for ``st.nth`` (CR 601.2f): all of
    them, or those of one of the card types or subtypes of ``st.spells``."""
    if not st.nth_matching:
        return g.s.players[player].spells_cast_this_turn
    kinds = st.spells.types | st.spells.subtypes
    return sum(1 for p, types in g.s.spells_cast_turn_log if p == player and types & kinds)


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


def _choose_one_options(g: Game, player: int, o: Obj, ac: ChooseOneCost, job: Job | None) -> list[Option]:
    """The ways to pay one of the costs (CR 601.2b): each permanent that may be sacrificed, each
    card that may be discarded (identical ones once), paying life only with that much life (CR
    119.4)."""
    from undercity.engine.effects import distinct_cards, distinct_permanents

    s = g.s
    out: list[Option] = []
    for c in ac.choices:
        if c.sacrifice is not None:
            ids = [p for p in targeting.controlled_matching(g, player, c.sacrifice) if p != o.id]
            for p in distinct_permanents(g, job, ids) if job is not None else ids:
                out.append(Option(f"sacrifice {s.objs[p].name}", ("sacrifice", p)))
        if c.discard is not None:
            fits = [h for h in s.players[player].hand if h != o.id and targeting.matches(g, s.objs[h], c.discard, player)]
            for h in distinct_cards(g, fits):
                out.append(Option(f"discard {s.objs[h].name}", ("discard", h)))
        if c.life and s.players[player].life >= c.life:
            out.append(Option(f"pay {c.life} life", ("life", c.life)))
    return out


def _additional_options(g: Game, player: int, o: Obj, ac: m.AdditionalCost, job: Job | None = None) -> list[Option]:
    s = g.s
    if isinstance(ac, ChooseOneCost):
        return _choose_one_options(g, player, o, ac, job)
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
        opts = _additional_options(g, player, o, ac, job)
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
        if v[0] in ("sacrifice", "discard", "life"):  # one of a ChooseOneCost's (CR 601.2h)
            paid.append(_pay_chosen(g, player, v))
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


def _pay_chosen(g: Game, player: int, v: tuple[str, int]) -> dict[str, Any]:
    """Pay the cost chosen among a ChooseOneCost's: sacrifice (CR 701.21a), discard (701.9a), or
    pay life (119.4)."""
    from undercity.engine import zones
    from undercity.engine.effects import change_life

    kind, x = v
    if kind == "life":
        change_life(g, player, -x, "119.4")
        return {"kind": kind, "obj": None, "life": x}
    name = g.s.objs[x].name
    if kind == "sacrifice":
        zones.move(g, x, "graveyard", rule="701.21a", verb="is sacrificed")
    else:
        zones.move(g, x, "graveyard", rule="701.9a", verb="is discarded")
    return {"kind": kind, "obj": x, "name": name}


# ----------------------------------------------------------------------------- escape


def ask_escape_exile(g: Game, job: Job, player: int, o: Obj, n: int) -> list[int]:
    """Escape's "Exile N other cards from your graveyard" (CR 702.138a): which cards, chosen
    while the spell is cast (CR 601.2b, 601.2f). With exactly N other cards there is one way
    to pay and nothing is asked; identical cards are one option (effects.choose_cards)."""
    others = [c for c in g.s.players[player].graveyard if c != o.id]
    return choose_cards(g, job, "exile", player, "escape_exile",
                        lambda k: f"exile a card from your graveyard to escape {o.name} ({k + 1}/{n})", others, n)
