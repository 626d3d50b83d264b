"""Casting spells (CR 601) and activating abilities (CR 602).

The choices of CR 601.2b-d (modes, targets, X, division) and of additional costs are all
asked before anything moves; then the card goes to the stack, the total cost (CR 601.2f:
mana cost or alternative cost, plus additional costs and increases, minus reductions) is
paid, and the spell becomes cast (CR 601.2i). A cast that cannot be completed is never
offered; one that a player leaving the game makes impossible part-way raises
``CannotComplete`` and is reversed (CR 800.4a, 733; ``Game._reverse``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from undercity.cards.language.adventure import ADVENTURE
from undercity.cards.language.mana_abilities import ChosenManaAbility
from undercity.cards.language.morph import MORPH
from undercity.cards.language.split_cards import SplitCard, has_aftermath
from undercity.cards.model import AltCost, CardDef, Cost, SpellAbility, TargetSpec
from undercity.engine import abilities as ab
from undercity.engine import (
    activate_only,
    cast_permissions,
    cast_timing,
    class_level,
    costs,
    cycling,
    from_graveyard,
    kicker,
    mana_spending,
    phyrexian_mana,
    replicate,
    spell_costs,
    static_abilities,
    targeting,
    zones,
)
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.discard import discard as discard_card
from undercity.engine.game import RECHECK, CannotComplete, job_runner
from undercity.engine.state import MAIN_STEPS, Job, StackItem
from undercity.engine.teams import is_active
from undercity.mana import ManaCost, ManaPool, can_pay, max_affordable_x, parse_cost

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

ZERO = parse_cost("")


def sorcery_timing(g: Game, player: int) -> bool:
    """CR 307.1: main phase, own turn, empty stack."""
    s = g.s
    return is_active(g, player) and s.step in MAIN_STEPS and not s.stack


def timing_ok(g: Game, player: int, card: CardDef) -> bool:
    if "Instant" in card.types or "flash" in card.keywords:
        return True
    # "You may cast [such] spells as though they had flash" (CR 702.8a): any time an instant could be;
    # "The next spell you cast this turn can be cast as though it had flash" (Ride the Avalanche).
    return sorcery_timing(g, player) or static_abilities.casts_as_though_flash(g, player, card) \
        or cast_permissions.next_spell_flash(g, player)


def spell_target_specs(card: CardDef, modes: tuple[int, ...] = (), x: int | None = None) -> tuple[TargetSpec, ...]:
    """The target specifications of a spell cast with ``modes`` and ``x``: "X target …" counts
    as X of them (CR 601.2c); left as one specification while X isn't announced."""
    sa = card.spell
    if card.enchant is not None:
        return (card.enchant,)
    if sa is None:
        return ()
    specs = tuple(t for i in modes for t in sa.modes[i].targets) if sa.modes else sa.targets
    return with_x_targets(specs, x)


def with_x_targets(specs: tuple[TargetSpec, ...], x: int | None) -> tuple[TargetSpec, ...]:
    """``specs`` with a last "X target …" specification made X of them, all different
    (CR 115.3), none for X = 0; unchanged while X isn't announced (``None``, CR 601.2b)."""
    if x is None or not specs or not specs[-1].x_count:
        return specs
    one = replace(specs[-1], x_count=False)
    return specs[:-1] + tuple(replace(one, same_word=k > 0) for k in range(x or 0))


def _has_targets(g: Game, specs: tuple[TargetSpec, ...], player: int, source: int | None) -> bool:
    k = 0
    while k < len(specs):
        n = 1 + next((j for j, t in enumerate(specs[k + 1:]) if not t.same_word), len(specs) - k - 1)
        # "six target creatures" needs six different ones (CR 115.3; ruling 2005-10-01, Hex).
        # "X target …" (CR 601.2c) may be cast with X = 0 and no targets.
        if not specs[k].optional and not specs[k].x_count \
                and len(targeting.candidates(g, specs[k], player, source, n)) < n:
            return False
        k += n
    return True


def same_word_chosen(specs: tuple[TargetSpec, ...], i: int, chosen: list[targeting.Target]) -> list[targeting.Target]:
    """The targets already chosen for the "target" word target ``i`` belongs to (CR 115.3)."""
    k = i
    while k > 0 and specs[k].same_word:
        k -= 1
    return chosen[k:i]


def base_cost(card: CardDef, alt: AltCost | None) -> ManaCost:
    if alt is not None:
        return alt.mana
    return card.mana_cost or ZERO


def ask_cast_free(g: Game, job: Job, key: str, player: int, o: Obj, why: str = "") -> bool:
    """Ask ``player`` whether to cast ``o`` without paying its mana cost now (CR 118.9, 608.2g):
    cascade, suspend, rebound, "exile … until … you may cast it". ``why`` ends the question
    (" (cascade)")."""
    return bool(g.ask(job, key + ":cast", player, "cast_free",
                      f"{g.player_name(player)}: cast {o.name} without paying its mana cost{why}?",
                      [Option(f"cast {o.name} without paying its mana cost", True), Option("don't cast it", False)]))


def castable(g: Game, player: int, o: Obj, alt: AltCost | None = None,
             sources: list[Any] | None = None, pool: ManaPool | None = None, *, free: bool = False,
             ignore_timing: bool = False, mana: costs.PlayerMana | None = None) -> bool:
    """Could ``player`` begin and complete casting ``o`` now (CR 601.2)?

    ``sources`` and ``pool`` (from :mod:`costs`) may be passed when checking many cards, or
    ``mana`` (:class:`costs.PlayerMana`), which builds them only for a cost the player's mana
    could reach at all.
    ``free``: cast "without paying its mana cost" while an effect resolves — timing
    permissions don't apply (CR 608.2g) and the mana cost isn't paid (CR 118.9).
    ``ignore_timing``: cast while an effect resolves, paying its costs (CR 608.2g)."""
    if alt is not None and alt.enchant is not None:  # bestow
        from undercity.engine import bestow, layers

        if not bestow.is_bestowed(g, o.id):
            # CR 702.103d: only its characteristics as modified by bestow are evaluated
            with bestow.proposed(g, o.id, player):
                return castable(g, player, o, alt, sources, pool, free=free, ignore_timing=ignore_timing, mana=mana)
        card = layers.view(g, o)  # an Aura enchantment (CR 702.103b): its timing and cost changes
    else:
        card = o.card
    if isinstance(card, SplitCard):  # CR 709.3a: one half is cast, and only it is evaluated
        from undercity.engine.split_cards import castable_halves

        return bool(castable_halves(g, player, o, sources, pool, free=free, ignore_timing=ignore_timing, mana=mana))
    if "Land" in card.types or card.mana_cost is None and alt is None and not free:
        return False  # CR 202.1b: no mana cost, cast only without paying it (suspend, cascade)
    if card.additional_costs and not spell_costs.additional_payable(g, player, o):
        return False
    if card.static and not cast_timing.allows(g, player, card):
        return False  # "Cast this spell only during combat" (CR 601.3), even while an effect resolves
    if free:
        inc = spell_costs.cost_changes(g, player, o)[0]  # CR 601.2f: increases still apply
        if taxes := spell_costs.target_taxes(g, player, o):  # "that target ~" (CR 601.2f)
            inc += spell_costs.least_target_tax(g, player, o, spell_target_specs(card), taxes)
        if inc and not can_pay(ZERO.increase_generic(inc), costs.mana_sources(g, player), costs.pool_of(g, player)):
            return False
        sa = card.spell
        if sa is not None and sa.modes:
            return any(_has_targets(g, m.targets, player, o.id) for m in sa.modes)
        return _has_targets(g, spell_target_specs(card), player, o.id)
    if not ignore_timing and not timing_ok(g, player, card):
        return False
    if alt is not None and alt.exile_other_graveyard:
        if len(g.s.players[player].graveyard) - 1 < alt.exile_other_graveyard:
            return False
    if alt is not None and alt.discard is not None and not _discardable(g, player, alt.discard, o.id):
        return False  # retrace: a land card to discard (CR 702.81a, 118.3)
    if alt is not None and alt.only_if is not None:  # spectacle's "if an opponent lost life this turn"
        from undercity.engine.resolve import condition_holds

        if not condition_holds(g, alt.only_if, player):
            return False
    # The cost first: it is cheaper to test and fails more often than targets do.
    cost = base_cost(card, alt)
    if o.zone == "command":  # CR 903.8: commander tax
        cost = cost.increase_generic(2 * g.s.players[player].commander_casts.get(o.card_uid, 0))
    if cost.x:
        cost = cost.with_x(0)
    cost = spell_costs.modified_cost(g, player, o, cost)  # CR 601.2f: increases, then reductions
    if taxes := spell_costs.target_taxes(g, player, o):  # "… that target ~ cost {3} more" (CR 601.2f)
        cost = cost.increase_generic(spell_costs.least_target_tax(g, player, o, spell_target_specs(card), taxes))
    cost = cast_permissions.payable_cost(g, player, o, cost)  # CR 609.4b: "as though … any color"
    # CR 106.6: mana that may be spent only on some spells (asked once per listing through ``mana``)
    if mana.restricted() if mana is not None else mana_spending.present(g, player):
        spend = mana_spending.Spending(spell=o)
        sources, pool = costs.mana_sources(g, player, spend=spend), costs.pool_of(g, player, spend)
    if mana is not None and sources is None:
        if not mana.affords(cost):
            return False
    else:
        if sources is None:
            sources = costs.mana_sources(g, player)
        if not can_pay(cost, sources, costs.pool_of(g, player) if pool is None else pool):
            return False
    if alt is not None and alt.spell is not None:
        return _has_targets(g, alt.spell.targets, player, o.id)  # overload (CR 702.96a): no targets
    if alt is not None and alt.enchant is not None:
        return _has_targets(g, (alt.enchant,), player, o.id)  # bestow: an Aura spell's target (CR 702.103b, 303.4a)
    return targets_exist(g, player, o, card)


def targets_exist(g: Game, player: int, o: Obj, card: CardDef) -> bool:
    """Whether ``player`` could choose the targets of ``card`` cast as ``o`` now (CR 601.2c):
    those of one of its modes, if it is modal (CR 700.2); the last test of :func:`castable`."""
    sa = card.spell
    if sa is not None and sa.modes:
        return any(_has_targets(g, m.targets, player, o.id) for m in sa.modes)
    return _has_targets(g, spell_target_specs(card), player, o.id)


#: ``State.extra`` key: permanent -> the turn one of its loyalty abilities was activated (CR 606.3).
LOYALTY_USED = "loyalty_used"

#: The answer that chooses no target for an "up to one target" specification.
NO_TARGET = Option("no target", None)


def _target_opts(g: Game, cands: list[targeting.Target]) -> list[Option]:
    return [Option(targeting.describe(g, t), t) for t in cands]


@job_runner("cast")
def run_cast(g: Game, job: Job) -> None:
    o = g.s.objs.get(job.data["obj"])
    if o is not None and job.data.get("alt") == ADVENTURE:
        from undercity.engine.adventure import as_adventure

        with as_adventure(o):  # CR 715.3a-b: only the Adventure's characteristics, on the stack too
            _cast(g, job)
    elif o is not None and any(a.enchant is not None and a.keyword == job.data.get("alt") for a in o.card.alt_costs):
        from undercity.engine.bestow import proposed

        with proposed(g, o.id, job.data["player"]):  # CR 702.103d: evaluated as the Aura spell it will be
            _cast(g, job)
    elif o is not None and job.data.get("alt") == MORPH:
        from undercity.engine.morph import as_face_down

        with as_face_down(g, o):  # CR 702.37c, 708.4: turned face down before it is put on the stack
            _cast(g, job)
    elif o is not None and isinstance(o.card, SplitCard):
        from undercity.engine import split_cards

        # CR 709.3: the half named by the priority option, else asked (a cast an effect allows;
        # timing permissions don't apply to one cast while it resolves, CR 608.2g).
        i = split_cards.half_index(job.data.get("alt"))
        if i is None:
            i = split_cards.ask_half(g, job, job.data["player"], o, free=bool(job.data.get("free")),
                                     ignore_timing="before" not in job.data)
        with split_cards.as_half(o, i):  # CR 709.3a-b: only that half's characteristics, on the stack too
            _cast(g, job)
    else:
        _cast(g, job)


def _commander_tax(g: Game, player: int, o: Obj) -> int:
    """CR 903.8: {2} for each time the player has cast this commander from the command zone."""
    return 2 * g.s.players[player].commander_casts.get(o.card_uid, 0) if o.zone == "command" else 0


def _total_cost(g: Game, job: Job, player: int, o: Obj, alt: AltCost | None, n_targets: int,
                x: int | None, kicked: int = 0,
                targets: list[targeting.Target] | None = None,
                x_most: int | None = None) -> tuple[ManaCost, int | None]:
    """CR 601.2f: the total cost of casting ``o`` with ``n_targets`` targets (``targets``, once
    chosen), kicked ``kicked`` times, and its X — asked here, the most the player could pay the
    options (and no more than ``x_most``), unless already announced (CR 601.2b)."""
    card = o.card
    sa = alt.spell if alt is not None and alt.spell is not None else card.spell
    cost = ZERO if job.data.get("free") else base_cost(card, alt)  # CR 118.9: without paying its mana cost
    cost = kicker.kicked_cost(card, cost, kicked)  # CR 702.33a, 601.2f: an additional cost
    if job.data.get(replicate.ANNOUNCED):  # CR 702.56a, 601.2f: a mana replicate cost, once per payment
        cost = replicate.replicated_cost(card, cost, job.data[replicate.ANNOUNCED])
    tax = _commander_tax(g, player, o)
    if tax:  # CR 903.8: commander tax, an additional cost (CR 601.2f)
        cost = cost.increase_generic(tax)
    if sa is not None and sa.extra_target_cost and n_targets > 1:
        cost = cost.increase_generic(sa.extra_target_cost * (n_targets - 1))
    inc, red = spell_costs.cost_changes(g, player, o, targets)  # CR 601.2f: increases, then reductions
    cost = cost.increase_generic(inc) if inc else cost
    spend = mana_spending.Spending(spell=o)  # CR 106.6: mana that may be spent only on some spells
    if cost.x:
        if x is None:
            hi_x = max_affordable_x(cast_permissions.payable_cost(g, player, o, cost),
                                    costs.mana_sources(g, player, spend=spend), costs.pool_of(g, player, spend))
            while red and can_pay(cast_permissions.payable_cost(g, player, o, cost.with_x(max(hi_x, 0) + 1)
                                                                .reduce_generic(red)),
                                  costs.mana_sources(g, player, spend=spend), costs.pool_of(g, player, spend)):
                hi_x = max(hi_x, 0) + 1
            if x_most is not None:
                hi_x = min(hi_x, x_most)
            opts = [Option(f"X={v}", v) for v in range(max(hi_x, 0) + 1)]
            x = g.ask(job, "x", player, "x", f"choose X for {card.name}", opts)
        cost = cost.with_x(x)
    cost = cost.reduce_generic(red) if red else cost
    # CR 609.4b: mana spent "as though it were mana of any color" — after the reductions, which
    # reduce only the cost's generic part (CR 118.7a).
    return cast_permissions.payable_cost(g, player, o, cost), x


def _affordable(g: Game, job: Job, player: int, o: Obj, alt: AltCost | None, chosen: list[targeting.Target],
                cands: list[targeting.Target], x: int | None, kicked: int,
                taxes: dict[int, int]) -> list[targeting.Target]:
    """The candidates of ``cands`` that a cost increase for what the spell targets ("… that target
    ~ cost {3} more", ``taxes``) doesn't make the total cost unpayable with, after ``chosen``
    (CR 601.2f, 601.2h; X as announced, or 0)."""
    spend = mana_spending.Spending(spell=o)
    sources, pool = costs.mana_sources(g, player, spend=spend), costs.pool_of(g, player, spend)
    out = []
    for c in cands:
        if c[0] == "o" and c[1] in taxes and ("o", c[1]) not in chosen:
            with_c = [*chosen, c]
            cost = _total_cost(g, job, player, o, alt, len(with_c), x or 0, kicked, with_c)[0]
            if not can_pay(cost, sources, pool):
                continue
        out.append(c)
    return out


def _cast(g: Game, job: Job) -> None:
    s = g.s
    d = job.data
    player: int = d["player"]
    o = s.objs.get(d["obj"])
    if o is None:  # its owner left the game (CR 800.4a)
        raise CannotComplete("the card left the game")
    card = o.card
    sa: SpellAbility | None = card.spell
    alt = next((a for a in card.alt_costs if a.keyword == d.get("alt")), None)
    if alt is None and d.get("alt") == MORPH:
        from undercity.engine.morph import FACE_DOWN_ALT

        alt = FACE_DOWN_ALT  # CR 702.37c: {3} rather than its mana cost (an alternative cost, 118.9)
    if alt is not None and alt.spell is not None:
        sa = alt.spell  # overload (CR 702.96b): the changed text, without targets
    # CR 601.2b: modes.
    modes: tuple[int, ...] = ()
    if sa is not None and sa.modes:
        lo, hi = sa.choose
        from undercity.engine.resolve import condition_holds

        if sa.choose_more is not None and condition_holds(g, sa.choose_more[0], player):
            lo, hi = sa.choose_more[1]  # "… as you cast this spell, you may choose both" (CR 601.2b)
        picked: list[int] = []
        for k in range(hi):
            opts = [Option(m.text, i) for i, m in enumerate(sa.modes)
                    if i not in picked and _has_targets(g, m.targets, player, o.id)]
            if k >= lo:
                opts.append(Option("no more modes", -1))
            v = g.ask(job, f"mode{k}", player, "mode", f"choose a mode for {card.name}", opts)
            if v == -1:
                break
            picked.append(v)
        modes = tuple(sorted(picked))
    # CR 601.2b: additional costs (spell_costs).
    additional = spell_costs.ask_additional(g, job, player, o) if card.additional_costs else []
    # CR 601.2b, 702.33a: the intention to pay its kicker cost (how many times: multikicker).
    kicked = kicker.ask_times(g, job, player, o, _total_cost(g, job, player, o, alt, 0, 0)[0]) \
        if card.static and kicker.kicker_of(card) is not None else 0
    # CR 601.2b, 702.56a: how many times its replicate cost is paid, and (a tap cost) with what.
    replicated, replicate_taps = 0, []
    if card.static and replicate.replicate_of(card) is not None:
        d.pop(replicate.ANNOUNCED, None)  # asked again as the cast is replayed: over the rest of the cost
        replicated = replicate.ask_times(g, job, player, o, _total_cost(g, job, player, o, alt, 0, 0, kicked)[0])
        d[replicate.ANNOUNCED] = replicated
        replicate_taps = replicate.choose_tapped(g, job, player, o, replicated)
    specs = spell_target_specs(card, modes) if sa is card.spell else sa.targets if sa else ()
    if alt is not None and alt.enchant is not None:
        specs = (alt.enchant,)  # bestow (CR 702.103b, 601.2c): cast as an Aura spell, it targets what it may enchant
    x: int | None = None
    if specs and specs[-1].x_count:  # CR 601.2b: X announced, then as many targets (601.2c)
        # An X larger than the number of legal targets couldn't be completed (CR 601.2c, 601.2:
        # the cast would be reversed), so it isn't offered.
        most = len(targeting.candidates(g, specs[-1], player, o.id))
        x = _total_cost(g, job, player, o, alt, 0, None, kicked, x_most=most)[1]
        specs = with_x_targets(specs, x)
    # CR 601.2c: targets — only those with which the total cost (601.2f) can still be paid.
    targets: list[targeting.Target] = []
    taxes = spell_costs.target_taxes(g, player, o) if specs else {}
    if sa is not None and sa.divided:
        for k in range(sa.max_targets):
            if k >= 1 and sa.extra_target_cost and not can_pay(  # CR 601.2f: only affordable targets
                    base_cost(card, alt).with_x(0).increase_generic(sa.extra_target_cost * k),
                    costs.mana_sources(g, player), costs.pool_of(g, player)):
                break
            cands = [t for t in targeting.candidates(g, sa.targets[0], player, o.id) if t not in targets]
            if taxes:
                cands = _affordable(g, job, player, o, alt, targets, cands, x, kicked, taxes)
                if not cands and k == 0:
                    raise CannotComplete("no target whose total cost can be paid")  # CR 601.2f, 601.2h
            opts = _target_opts(g, cands)
            if k >= 1:
                opts.append(Option("no more targets", None))
            t = g.ask(job, f"target{k}", player, "target", f"choose target {k + 1} for {card.name}", opts)
            if t is None:
                break
            targets.append(tuple(t))  # type: ignore[arg-type]
    else:
        for i, spec in enumerate(specs):
            cands = targeting.candidates(g, spec, player, o.id)
            if spec.same_word:
                cands = [c for c in cands if c not in same_word_chosen(specs, i, targets)]
            if taxes:
                cands = _affordable(g, job, player, o, alt, targets, cands, x, kicked, taxes)
                if not cands and not spec.optional:
                    raise CannotComplete("no target whose total cost can be paid")  # CR 601.2f, 601.2h
            if not cands and not spec.optional:
                raise CannotComplete(f"no legal {spec.text or 'target'} is left")  # CR 601.2c, 601.2
            t = g.ask(job, f"target{i}", player, "target", f"choose {spec.text or 'a target'} for {card.name}",
                      _target_opts(g, cands) + ([NO_TARGET] if spec.optional else []))
            if t is not None:  # "up to one": no target chosen
                targets.append(tuple(t))  # type: ignore[arg-type]
            elif x is not None:
                break  # "up to X target …": no more of them (CR 601.2c)

    division: tuple[int, ...] | None = None
    if sa is not None and sa.divided and targets and (dv := divided.of(sa)) is not None and isinstance(dv.amount, int):
        division = divided.ask_division(g, job, "divide", player, dv.amount, targets, card.name)  # CR 601.2d
    cost, x = _total_cost(g, job, player, o, alt, len(targets), x, kicked, targets)
    tax = _commander_tax(g, player, o)
    spend = mana_spending.Spending(spell=o)  # CR 106.6: mana that may be spent only on some spells
    # Escape (CR 702.138): exile other cards from your graveyard as part of the cost.
    exiled = (spell_costs.ask_escape_exile(g, job, player, o, alt.exile_other_graveyard)
              if alt is not None and alt.exile_other_graveyard else [])
    discard = None
    if alt is not None and alt.discard is not None:  # retrace (CR 702.81a): chosen as costs are (601.2b)
        discard = g.ask(job, "discard", player, "discard", f"discard a card to cast {card.name} ({alt.keyword})",
                        [Option(s.objs[c].name, c) for c in _discardable(g, player, alt.discard, o.id)])
    if RECHECK in d and not can_pay(cost, costs.mana_sources(g, player, spend=spend), costs.pool_of(g, player, spend)):
        raise CannotComplete("its cost can no longer be paid")  # a mana source left (CR 800.4a)
    # Act: move to the stack (CR 601.2a), pay (CR 601.2g-h), become cast (CR 601.2i).
    from_zone = o.zone
    # CR 601.3, 607.2h: the permission a card is cast from the top of its library with.
    permitted_by = cast_permissions.top_permission(g, player, o) if from_zone == "library" else None
    if from_zone == "exile":  # "… cast a spell from among cards exiled with ~" (CR 607.2a, 607.2h)
        cast_permissions.use_exiled_with(g, player, o)
    new = zones.move(g, o.id, "stack", rule="601.2a", verb="is put on the stack")
    assert new is not None
    if alt is not None and alt.enchant is not None:
        from undercity.engine.bestow import cast_bestowed

        cast_bestowed(g, new.id, player)  # CR 702.103b: as it is put onto the stack, an Aura spell
    new.x = x
    kicker.record(g, new.id, kicked)  # CR 702.33d
    item = StackItem(s.new_id(), "spell", new.id, new.id, card.name, player, sa, card.name)
    item.targets = targets
    item.x = x
    item.modes = modes
    if sa is not None and sa.divided and targets:
        item.divide = tuple([(x or 0) // len(targets)] * len(targets))
    if division is not None:
        item.divide = division
    item.trigger_data["alt"] = alt.keyword if alt else None
    item.trigger_data["from_zone"] = from_zone
    if permitted_by is not None:
        item.trigger_data[cast_permissions.PERMITTED_BY] = permitted_by
    s.stack.append(item)
    if from_zone == "graveyard" and has_aftermath(card):  # CR 702.127a: exiled as it leaves the stack
        cast_permissions.mark_exile_leaving_stack(g, new.id, "any", "702.127a",
                                                  "it has aftermath and was cast from a graveyard")
    if alt is not None and alt.exile_leaving_stack:  # flashback (CR 702.34a)
        cast_permissions.mark_exile_leaving_stack(g, new.id, "any", "702.34a", f"it was cast with {alt.keyword}")
    if d.get("exile_instead"):  # "If a spell cast ... this way would be put into your graveyard, exile it"
        cast_permissions.mark_exile_leaving_stack(g, new.id, "graveyard", "614.1a",
                                              f"cast from a graveyard with {d['exile_instead']}'s permission")
    if from_zone == "exile" and cast_permissions.exiled_instead(g, player, o):  # CR 614.1a
        cast_permissions.mark_exile_leaving_stack(g, new.id, "graveyard", "614.1a",
                                                  "it was cast from exile with a permission that exiles it instead")
    if not costs.pay_mana(g, player, cost, card.name, spend=mana_spending.Spending(spell=new)):
        raise RuntimeError(f"could not pay {cost} for {card.name} after offering it")
    if card.additional_costs:
        spell_costs.pay_additional(g, player, item, additional)
    if replicated:
        replicate.pay(g, item, replicated, replicate_taps)  # CR 601.2h, 702.56a
    with zones.simultaneously(g):  # one cost, one event (CR 603.2c)
        for c in exiled:
            zones.move(g, c, "exile", rule="702.138a", verb="is exiled to pay for escape")
    if discard is not None:
        zones.move(g, discard, "graveyard", rule="702.81a", verb="is discarded to pay for retrace")
    if d.get("alt") == cast_permissions.PAY_ZERO:  # "once each turn, you may pay {0} rather than …" (CR 118.9)
        cast_permissions.use_rather(g, player, new)
    s.players[player].spells_cast_this_turn += 1
    # the spell's types as it is cast: a spell cast bestowed is an Aura spell (CR 702.103b)
    s.spells_cast_turn_log.append((player, ch.types(g, new) | ch.subtypes(g, new)))
    s.jobs.pop()
    s.priority = player  # CR 117.3c
    s.passes = 0
    g.emit(ev.SpellCast(rule="601.2i", player=player, obj=new.id, name=card.name,
                        targets=tuple(targeting.describe(g, t) for t in targets), x=x, modes=modes,
                        alt_cost=alt.keyword if alt else None))
    if d.get("alt") == MORPH:
        from undercity.engine.face_down import identify

        identify(g, new, "708.5")  # its caster may look at it; nobody else learns which card it is
    if from_zone == "command":
        from undercity.engine.commander import record_cast

        record_cast(g, player, new, tax)


def activatable(g: Game, player: int, o: Obj, index: int, sources: list[Any] | None = None) -> bool:
    """Could ``player`` activate ability ``index`` of permanent ``o`` now (CR 602.2)?"""
    acts = ab.activated(g, o)
    if index >= len(acts):  # it lost the ability (CR 613.1f)
        return False
    a = acts[index]
    if a.mana_ability or o.controller != player:
        return False
    if o.zone != from_graveyard.ability_zone(a):  # CR 113.6j, 113.6m
        return False
    if static_abilities.cant_activate(g, o):  # "… of sources with the chosen name can't be activated"
        return False
    if a.sorcery_speed and not sorcery_timing(g, player):
        return False
    if not activate_only.allows(g, player, a, o):  # "Activate only during your upkeep" (CR 602.5b)
        return False
    only_if = getattr(a, "only_if", None)  # "Activate only if [condition]" (CR 602.5b)
    if only_if is not None:
        from undercity.engine.resolve import condition_holds

        if not condition_holds(g, only_if, player):
            return False
    if a.cost.tap and (o.tapped or (o.sick and ch.is_creature(o, g) and not ch.has(g, o, "haste"))):
        return False
    if a.cost.untap and (not o.tapped or (o.sick and ch.is_creature(o, g) and not ch.has(g, o, "haste"))):
        return False  # {Q}: only a tapped permanent can be untapped to pay it (CR 107.6, 302.6)
    if not class_level.can_activate(g, o, a):  # CR 716.2a: only while the Class is level N-1
        return False
    if not _has_targets(g, a.targets, player, o.id):
        return False
    if a.cost.sacrifice is not None and not a.cost.sacrifice_x \
            and _sacrifice_bound(g, player, o, a.cost) < a.cost.sacrifice_n:
        return False  # CR 118.3: "Sacrifice three Rats" needs three, the mana paid by others (X may be 0)
    if a.cost.discard is not None and not _discardable(g, player, a.cost.discard, o.id):
        return False
    if a.cost.tap_untapped is not None and not _tappable(g, player, a.cost.tap_untapped, o.id, a.cost.tap):
        return False
    if a.cost.remove_counters is not None and o.counters.get(a.cost.remove_counters[0], 0) < a.cost.remove_counters[1]:
        return False  # CR 118.3: a cost that can't be paid
    if a.cost.pay_life is not None and costs.life_payment(g, player, a.cost) is None:
        return False  # CR 119.4, 903.4f
    if a.cost.loyalty is not None:
        # CR 606.3: as a sorcery, and only if no loyalty ability of this permanent has been
        # activated this turn; CR 606.6: enough loyalty counters for a negative cost.
        if not sorcery_timing(g, player) or g.s.extra.get(LOYALTY_USED, {}).get(o.id) == g.s.turn:
            return False
        if o.counters.get("loyalty", 0) < -a.cost.loyalty:
            return False
    if a.cost.mana is not None and not a.cost.mana.is_empty:
        excl = frozenset({o.id}) if a.cost.tap or a.cost.sacrifice_self else frozenset()
        src = costs.mana_sources(g, player, excl)
        if a.less_by is not None:  # "costs {X} less …": payable with one of its possible targets (CR 601.2f)
            return any(can_pay(spell_costs.activation_cost(g, a, t) or ZERO, src, costs.pool_of(g, player))
                       for t in targeting.candidates(g, a.targets[0], player, o.id))
        if phyrexian_mana.count(a.cost.mana):  # CR 107.4f: some symbols may be paid with life
            return phyrexian_mana.payable(a.cost.mana.with_x(0), g.s.players[player].life,
                                          costs.life_payment(g, player, a.cost) or 0, src, costs.pool_of(g, player))
        # CR 106.6: mana that may be spent only to activate abilities of some permanents pays for this one's
        pool = costs.pool_of(g, player, mana_spending.Spending(ability_of=o))
        mana = mana_spending.activation_demand(g, o, a, a.cost.mana)  # CR 609.4b
        return can_pay(mana.with_x(0) if mana.x else mana, src, pool)
    return True


def _tappable(g: Game, player: int, flt: Any, source: int, tap_source: bool) -> list[int]:
    """Untapped permanents ``player`` controls matching ``flt``, for "Tap an untapped creature
    you control" costs (CR 302.6 doesn't apply to them); not the source if its {T} is also
    part of the cost."""
    objs = g.s.objs
    return [oid for oid in g.s.battlefield if objs[oid].controller == player and not objs[oid].tapped
            and not (tap_source and oid == source) and targeting.matches(g, objs[oid], flt, player, source)]


def _sacrificeable(g: Game, player: int, flt: Any, source: int) -> list[int]:
    """Permanents ``player`` could sacrifice for a cost of ``source``'s ("a creature of the chosen
    type" reads what ``source`` chose, CR 614.12a)."""
    return [oid for oid in g.s.battlefield if g.s.objs[oid].controller == player
            and targeting.matches(g, g.s.objs[oid], flt, player, source)]


def _mana_payable_without(g: Game, player: int, o: Obj, cost: Cost, gone: tuple[int, ...]) -> bool:
    """Whether ``cost``'s mana can still be paid by ``player``'s other sources once the
    permanents ``gone`` are sacrificed for it (a Treasure can't be sacrificed twice, CR 118.3)."""
    if cost.mana is None or cost.mana.is_empty:
        return True
    sources = costs.mana_sources(g, player, frozenset({o.id}) if cost.tap or cost.sacrifice_self else frozenset())
    if not any(src.key in gone for src in sources):
        return True
    mana = cost.mana.with_x(0) if cost.mana.x else cost.mana
    return can_pay(mana, [src for src in sources if src.key not in gone], costs.pool_of(g, player))


def _sacrifice_bound(g: Game, player: int, o: Obj, cost: Cost) -> int:
    """How many permanents ``player`` can sacrifice for ``cost`` and still pay its mana: those
    that make no mana, then mana sources while the others still pay it."""
    assert cost.sacrifice is not None
    gone: tuple[int, ...] = ()
    for p in _sacrificeable(g, player, cost.sacrifice, o.id):
        if _mana_payable_without(g, player, o, cost, (*gone, p)):
            gone = (*gone, p)
    return len(gone)


def _sacrifice_choices(g: Game, job: Job, player: int, o: Obj, cost: Cost, x: int | None) -> list[int]:
    """The permanents chosen to sacrifice for ``cost`` (CR 602.2b): one, N ("Sacrifice three
    Rats") or the announced X, one question each among those not chosen yet."""
    from undercity.engine.effects import distinct_permanents

    n = (x or 0) if cost.sacrifice_x else cost.sacrifice_n
    chosen: list[int] = []
    for k in range(n):
        left = [p for p in _sacrificeable(g, player, cost.sacrifice, o.id) if p not in chosen
                and _mana_payable_without(g, player, o, cost, (*chosen, p))]
        chosen.append(g.ask(job, "sacrifice" if k == 0 else f"sacrifice{k}", player, "sacrifice",
                            f"sacrifice a permanent to activate {o.name}" + (f" ({k + 1} of {n})" if n > 1 else ""),
                            [Option(g.s.objs[p].name, p) for p in distinct_permanents(g, job, left, itself=(o.id,))]))
    return chosen


def _discardable(g: Game, player: int, flt: Any, source: int) -> list[int]:
    """Cards in ``player``'s hand that a "Discard a card:" cost may discard (CR 701.9a), the
    first of each name (identical cards are one choice); never the source itself."""
    s = g.s
    seen: set[str] = set()
    out = []
    for oid in s.players[player].hand:
        o = s.objs[oid]
        if oid != source and o.name not in seen and targeting.matches(g, o, flt, player):
            seen.add(o.name)
            out.append(oid)
    return out


@job_runner("activate")
def run_activate(g: Game, job: Job) -> None:
    s = g.s
    d = job.data
    player: int = d["player"]
    o = s.objs.get(d["obj"])
    acts = ab.activated(g, o) if o is not None else ()
    if o is None or d["index"] >= len(acts):  # its owner, or what granted it, left (CR 800.4a)
        raise CannotComplete("its source left the game" if o is None else "it no longer has that ability")
    a = acts[d["index"]]
    targets: list[targeting.Target] = []
    for i, spec in enumerate(a.targets):
        cands = targeting.candidates(g, spec, player, o.id)
        if i == 0 and a.less_by is not None:  # CR 601.2f, 602.2b: only targets whose cost it can pay
            excl = frozenset({o.id}) if a.cost.tap or a.cost.sacrifice_self else frozenset()
            src = costs.mana_sources(g, player, excl)
            cands = [t for t in cands if can_pay(spell_costs.activation_cost(g, a, t) or ZERO, src,
                                                 costs.pool_of(g, player))]
        t = g.ask(job, f"target{i}", player, "target", f"choose {spec.text or 'a target'} for {o.name}",
                  _target_opts(g, cands) + ([NO_TARGET] if spec.optional else []))
        if t is not None:
            targets.append(tuple(t))  # type: ignore[arg-type]
    x = None
    if a.cost.mana is not None and a.cost.mana.x:
        # CR 602.2b, 601.2b: the value of X is announced while activating, at most what the
        # other sources and the pool can pay (the source itself, if {T} is in the cost, can't).
        excl = frozenset({o.id}) if a.cost.tap or a.cost.sacrifice_self else frozenset()
        hi = max_affordable_x(mana_spending.activation_demand(g, o, a, a.cost.mana), costs.mana_sources(g, player, excl),
                              costs.pool_of(g, player, mana_spending.Spending(ability_of=o)))
        x = g.ask(job, "x", player, "x", f"choose X for {o.name}", [Option(f"X={v}", v) for v in range(max(hi, 0) + 1)])
    tap_other = None
    if a.cost.tap_untapped is not None:  # CR 602.2b: cost choices are made while activating
        tap_other = g.ask(job, "tap_cost", player, "tap_cost", f"tap an untapped permanent to activate {o.name}",
                          [Option(s.objs[x].name, x)
                           for x in _tappable(g, player, a.cost.tap_untapped, o.id, a.cost.tap)])
    sac = None
    if a.cost.sacrifice_x and a.cost.sacrifice is not None:
        # CR 601.2b, 602.2b: "Sacrifice X Treasures": X is announced, at most how many there are.
        most = _sacrifice_bound(g, player, o, a.cost)
        x = g.ask(job, "x", player, "x", f"choose X for {o.name}", [Option(f"X={v}", v) for v in range(most + 1)],
                  context={"target": targets[0] if targets else None, "sacrifice": True})
    if a.cost.remove_x_counters is not None:
        # CR 107.3, 601.2b, 602.2b: "Remove X storage counters": X is announced, at most how many it has.
        most = o.counters.get(a.cost.remove_x_counters, 0)
        x = g.ask(job, "x", player, "x", f"choose X for {o.name}", [Option(f"X={v}", v) for v in range(most + 1)],
                  context={"remove_counters": a.cost.remove_x_counters, "source": o.id})
    sacs = _sacrifice_choices(g, job, player, o, a.cost, x) if a.cost.sacrifice is not None else []
    if len(sacs) == 1 and not a.cost.sacrifice_x and a.cost.sacrifice_n == 1:
        sac = sacs[0]
    discard = None
    if a.cost.discard is not None:  # CR 602.2b: the card to discard is chosen while activating
        discard = g.ask(job, "discard", player, "discard", f"discard a card to activate {o.name}",
                        [Option(s.objs[x].name, x) for x in _discardable(g, player, a.cost.discard, o.id)])
    # CR 602.2b, 601.2f: "This ability costs {X} less to activate, where X is …" (its targets chosen)
    mana_cost, phyrexian_life = spell_costs.activation_cost(g, a, targets[0] if targets else None), 0
    if phyrexian_mana.count(mana_cost):  # CR 107.4f, 602.2b: mana or 2 life, symbol by symbol
        excl = frozenset({o.id}) if a.cost.tap or a.cost.sacrifice_self else frozenset()
        mana_cost, phyrexian_life = phyrexian_mana.choose(
            g, job, "phyrexian", player, mana_cost, costs.life_payment(g, player, a.cost) or 0, o.name,
            costs.mana_sources(g, player, excl), costs.pool_of(g, player))
    cost_shown = mana_cost
    if mana_cost is not None:
        mana_cost = mana_spending.activation_demand(g, o, a, mana_cost)  # CR 609.4b
    if RECHECK in d and mana_cost is not None and not mana_cost.is_empty:
        excl = frozenset({o.id}) if a.cost.tap or a.cost.sacrifice_self else frozenset()
        mana = mana_cost.with_x(0) if mana_cost.x else mana_cost
        if not can_pay(mana, costs.mana_sources(g, player, excl),
                       costs.pool_of(g, player, mana_spending.Spending(ability_of=o))):
            raise CannotComplete("its cost can no longer be paid")  # a mana source left (CR 800.4a)
    life = costs.life_payment(g, player, a.cost)
    if life is not None and phyrexian_life:
        life = life + phyrexian_life if g.s.players[player].life >= life + phyrexian_life else None
    if life is None:  # CR 119.4: the life total fell below the payment while activating
        raise CannotComplete("its cost can no longer be paid")
    item = StackItem(s.new_id(), "activated", None, o.id, o.name, player, a, f"{o.name} ability", a.text)
    item.targets = targets
    item.x = x
    item.trigger_data["lki_controller"] = o.controller
    if a.cost.tap:
        zones.set_tapped(g, o, True, "602.2b")
    if a.cost.untap:
        zones.set_tapped(g, o, False, "107.6")
    if tap_other is not None:
        zones.set_tapped(g, s.objs[tap_other], True, "602.2b")
    if a.cost.remove_counters is not None:  # CR 602.2b: "Remove a +1/+1 counter from ~"
        kind, n = a.cost.remove_counters
        zones.add_counters(g, o, kind, -n, "602.2b")
    if a.cost.remove_x_counters is not None and x:  # CR 602.2b: the X announced
        zones.add_counters(g, o, a.cost.remove_x_counters, -x, "602.2b")
    if a.cost.remove_all_counters is not None:  # "Remove all +1/+1 counters from ~": none is enough
        from undercity.engine.counters import COUNTERS_REMOVED

        n = o.counters.get(a.cost.remove_all_counters, 0)
        item.trigger_data[COUNTERS_REMOVED] = n  # "the number of counters removed this way"
        if n:
            zones.add_counters(g, o, a.cost.remove_all_counters, -n, "602.2b")
    if life:
        from undercity.engine.effects import change_life

        change_life(g, player, -life, "119.4")  # paying life is losing it (CR 119.4)
    if a.cost.loyalty is not None:  # CR 606.4
        s.extra.setdefault(LOYALTY_USED, {})[o.id] = s.turn
        zones.add_counters(g, o, "loyalty", a.cost.loyalty, "606.4")
    if sac is None and sacs:
        with zones.simultaneously(g):  # one cost: the permanents are sacrificed together (CR 701.21a)
            for oid in sacs:  # before the mana, which their mana abilities can't pay then (CR 118.3)
                zones.move(g, oid, "graveyard", rule="602.2b", verb="is sacrificed")
    if mana_cost is not None and not mana_cost.is_empty:
        with_x = x is not None and not a.cost.sacrifice_x
        paid = mana_cost.with_x(x) if with_x else mana_cost
        shown = None if cost_shown is None or cost_shown is mana_cost else cost_shown.with_x(x) if with_x else cost_shown
        if not costs.pay_mana(g, player, paid, o.name, spare=frozenset({o.id}),
                              spend=mana_spending.Spending(ability_of=o),
                              without=frozenset({sac}) if sac is not None else frozenset(), shown=shown):
            raise RuntimeError(f"could not pay {mana_cost} for {o.name}")
    if a.cost.sacrifice_self:
        zones.move(g, o.id, "graveyard", rule="602.2b", verb="is sacrificed")
    if a.cost.exile_self:
        if o.zone == "graveyard":  # "Exile this card from your graveyard" (eternalize, CR 702.129a)
            from undercity.engine.token_copies import EXILED_AS_COST

            item.trigger_data[EXILED_AS_COST] = o.card
        zones.move(g, o.id, "exile", rule="602.2b", verb="is exiled")  # "Exile ~:" (CR 118.3)
    if a.cost.discard_self:
        discarded = discard_card(g, o.id, rule="602.2b")
        cycling.cycled(g, a, discarded, player)  # "when you cycle this card" (CR 702.29c)
    if sac is not None:
        item.trigger_data["sacrificed"] = sac  # "the sacrificed creature's power": its LKI (CR 608.2h)
        zones.move(g, sac, "graveyard", rule="602.2b", verb="is sacrificed")
    if discard is not None:
        discard_card(g, discard)
    if a.cost.roll is not None:  # "Roll a d8:" — rolled as the cost is paid (CR 602.2b, 706.1)
        from undercity.engine import dice

        item.trigger_data[dice.RESULT_KEY] = sum(dice.roll(g, player, a.cost.roll))
    s.jobs.pop()
    s.priority = player
    s.passes = 0
    if isinstance(a, ChosenManaAbility):  # a mana ability: it resolves at once, without the stack (CR 605.3b)
        from undercity.engine.mana_abilities import resolve_now

        g.emit(ev.AbilityActivated(rule="605.3a", player=player, source=o.id, name=o.name, ability=a.text,
                                   targets=()))
        resolve_now(g, item, d["index"])
        return
    s.stack.append(item)
    g.emit(ev.AbilityActivated(rule="602.2", player=player, source=o.id, name=o.name, ability=a.text,
                               targets=tuple(targeting.describe(g, t) for t in targets)))


# Imported last, being modules that import this one (a cycle): used only inside functions.
from undercity.engine import divided  # noqa: E402
