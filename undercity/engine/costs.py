"""Paying costs (CR 118, 601.2f-h) with mana abilities (CR 605).

Mana costs are paid automatically from the player's untapped mana sources: the payment
planner in :mod:`undercity.mana` picks which sources to tap, preferring lands over
creatures over sources that sacrifice themselves (Treasures).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.could_produce import OPPONENT_LAND_COLOR
from undercity.cards.language.entering import CHOSEN_COLOR
from undercity.cards.language.mana_triggers import WhenEnchantedTappedForMana
from undercity.cards.language.quantities import CommanderColors
from undercity.cards.model import YOU, Activated, AddMana, CardDef, Cost, DealDamage
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import layers, mana_spending, static_abilities, zones
from undercity.engine.entering import chosen_color_mana
from undercity.mana import COLORS, ManaCost, ManaPool, ManaSource, Payment, can_pay, find_payment

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.mana_spending import Spending
    from undercity.engine.state import Obj

ALL_COLORS = frozenset(COLORS)


def mana_abilities(g: Game, o: Obj) -> tuple[Activated, ...]:
    """The mana abilities ``o`` has now: printed, granted (Find the Path) or none if it lost
    all abilities (layer 6, CR 613.1f)."""
    if mana_plain(g):
        return _card_mana_abilities(o.card)
    return tuple(a for a in ab.activated(g, o) if a.mana_ability)


#: [the layer system's table, whether it is mana-plain] for the last table asked about
#: (:func:`mana_plain`); the table is held, so that its identity names it.
_MANA_PLAIN: list[object] = [None, True]


def mana_plain(g: Game) -> bool:
    """Whether every permanent has its card's mana abilities and no triggered mana ability its
    card hasn't (CR 605.1, 613.1f): continuous effects gave or removed only other abilities — a
    Background's "commander creatures you own have …" — or none (``abilities.plain``). Then a
    permanent's mana is read from its card: the mana bound, the payability memo and the mana
    sources keep their fast paths."""
    t = layers.table(g)
    if t is None or not t.gained:
        return True
    c = _MANA_PLAIN
    if c[0] is not t:
        objs = g.s.objs
        ok = True
        for oid in t.gained:
            card = objs[oid].card
            chars = t.chars[oid]
            if (tuple(a for a in chars.activated if a.mana_ability) != _card_mana_abilities(card)
                    or any(isinstance(tr, WhenEnchantedTappedForMana) and tr not in card.triggered
                           for tr in chars.triggered)):
                ok = False
                break
        c[0], c[1] = t, ok
    return c[1]  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def _card_mana_abilities(card: CardDef) -> tuple[Activated, ...]:
    """A card's mana abilities; card definitions are immutable registry singletons."""
    return tuple(a for a in card.activated if a.mana_ability)


@lru_cache(maxsize=4096)
def _card_mana_ability(card: CardDef) -> Activated | None:
    """A card's first mana ability (the pre-filter of permanents that may produce mana)."""
    abilities = _card_mana_abilities(card)
    return abilities[0] if abilities else None


def can_activate_mana(g: Game, o: Obj, index: int = 0) -> bool:
    abilities = mana_abilities(g, o)
    return index < len(abilities) and _can_activate(g, o, abilities[index]) and _own_cost_payable(
        g, o, abilities[index])


def _can_activate(g: Game, o: Obj, a: Activated, view: Callable[[Obj], CardDef | layers.Chars] | None = None) -> bool:
    """A {T} ability can't be activated while ``o`` is tapped, nor while it is a summoning-sick
    creature without haste (CR 302.6) — its types (layer 4) and keywords (layer 6) after
    continuous effects. ``view``: :func:`characteristics.viewer`, for a loop over many objects.
    Nor one whose "Activate only if …" condition is false (CR 602.5b)."""
    if a.only_if is not None and not restriction_met(g, o, a):
        return False
    if a.cost.remove_counters is not None and o.counters.get(a.cost.remove_counters[0], 0) < a.cost.remove_counters[1]:
        return False  # CR 118.3: "Remove a component counter from ~" with none on it can't be paid
    if not a.cost.tap:
        return True
    if o.tapped:
        return False
    if not o.sick:
        return True
    c = layers.view(g, o) if view is None else view(o)
    return "Creature" not in c.types or "haste" in ch.keywords_of(o, c)


def restriction_met(g: Game, o: Obj, a: Activated) -> bool:
    """Whether ``a``'s "Activate only if [condition]" holds for ``o``'s controller now (CR 602.5b)."""
    from undercity.engine.resolve import condition_holds

    return a.only_if is None or condition_holds(g, a.only_if, o.controller)


def pain(a: Activated) -> int:
    """The damage ``a`` deals its controller as it adds mana ("{T}: Add {U} or {R}. ~ deals 1
    damage to you."), part of the mana ability (CR 605.3b)."""
    return sum(e.amount for e in a.effects[1:] if isinstance(e, DealDamage) and isinstance(e.amount, int))


def _deal_pain(g: Game, o: Obj, a: Activated) -> None:
    """The rest of a mana ability's effect, as it resolves (CR 605.3b): the damage its source
    deals its controller (CR 120.3)."""
    from undercity.engine.effects import deal_damage

    for e in a.effects[1:]:
        if isinstance(e, DealDamage) and e.to == YOU and isinstance(e.amount, int):
            deal_damage(g, o.id, o.name, ("p", o.controller), e.amount)


def _own_cost_payable(g: Game, o: Obj, a: Activated) -> bool:
    """Whether the mana part of a mana ability's cost (a Signet's {1}) can be paid now from
    other sources and the pool (CR 602.2b, 605.3a)."""
    if a.cost.mana is None or a.cost.mana.is_empty:
        return True
    return can_pay(a.cost.mana, mana_sources(g, o.controller, frozenset({o.id})), pool_of(g, o.controller))


def produced_mana(g: Game, o: Obj, eff: AddMana) -> str:
    """The mana ``o``'s mana ability adds now (CR 106.4, 605.3a): letters, ``any`` (one mana of
    any color) or ``any:`` and the colors one mana may be of."""
    if eff.mana == OPPONENT_LAND_COLOR:  # what a land an opponent controls could produce (CR 106.7)
        from undercity.engine.could_produce import produced

        return produced(g, o)
    if eff.mana == CHOSEN_COLOR:  # "one mana of the chosen color" (CR 106.1, 614.12)
        return chosen_color_mana(g, o)
    if type(eff) is not AddMana:
        # Mana decided as the ability resolves (CR 605.3a): "If [condition], add … instead",
        # "for each …", the commander's color identity (engine/mana_abilities.py).
        from undercity.engine import mana_abilities

        mana = mana_abilities.produced(g, o, eff)
        if mana is not None:
            return mana
    return eff.mana


def _has_mana_trigger(card: CardDef) -> bool:
    return any(isinstance(t, WhenEnchantedTappedForMana) for t in card.triggered)


def tapped_for_mana_extra(g: Game) -> dict[int, list[tuple[str, str]]]:
    """Land id -> the (mana, Aura name) its Auras' triggered mana abilities add whenever it is
    tapped for mana ("its controller adds an additional {G}", CR 605.1b, 605.4a)."""

    s = g.s
    out: dict[int, list[tuple[str, str]]] = {}
    for aid in ch.permanents_with(s, _has_mana_trigger):
        aura = s.objs[aid]
        if aura.attached_to is None or aura.attached_to not in s.objs:
            continue
        for t in ab.triggered(g, aura):
            if isinstance(t, WhenEnchantedTappedForMana):
                # "one mana of the chosen color": the Aura's, chosen as it entered (CR 614.12a)
                mana = t.mana if t.mana != CHOSEN_COLOR else chosen_color_mana(g, aura)
                if mana:
                    out.setdefault(aura.attached_to, []).append((mana, aura.name))
    return out


def _with_extra(mana: str, extra: list[tuple[str, str]] | None) -> str:
    """A {T} mana ability's mana and the fixed mana triggered mana abilities add with it (CR
    605.4a), for the planner: all of it when the mana is of fixed types; one mana of a choice
    of colors plus more is beyond what a planner source says, so it counts the ability's own
    only (the rest is still added, to the pool). "One mana of any color" extras are the
    alternatives of :func:`_any_extras`."""
    if not extra or not mana or mana.startswith("any"):
        return mana
    return mana + "".join(m for m, _name in extra if m != "any")


def _any_extras(mana: str, extra: list[tuple[str, str]]) -> list[str]:
    """The mana of each way to choose the colors of the "one mana of any color" extras (Fertile
    Ground) added to ``mana`` (fixed types): one planner alternative each (same source key)."""
    from itertools import combinations_with_replacement

    k = sum(1 for m, _name in extra if m == "any")
    return [mana + "".join(cs) for cs in combinations_with_replacement("WUBRG", k)]


def _chosen_extras(planned: str, extra: list[tuple[str, str]], made: str) -> list[str]:
    """The colors a payment chose for the "any color" extras: what the source made (``made``:
    one letter for mana all of one type, else all of it) less its fixed mana."""
    fixed = _with_extra(planned, extra)
    k = sum(1 for m, _name in extra if m == "any")
    rest = list(made * (len(fixed) + k) if len(made) == 1 else made)
    for c in fixed:
        if c in rest:
            rest.remove(c)
    return rest


def _add_triggered_mana(g: Game, o: Obj, a: Activated, planned: str | None, made: str = "",
                        color: str | None = None) -> None:
    """Resolve the triggered mana abilities of ``o`` being tapped for mana (CR 605.4a): their
    mana is added to its controller's pool — or, if the payment planner counted it
    (``planned``: the mana of the ability itself; ``made``: what the plan had the source make),
    already spent or left over by the plan. A "one mana of any color" extra is of the color the
    plan chose (CR 106.1b), else of ``color`` (white by default)."""
    if not a.cost.tap:
        return
    extra = tapped_for_mana_extra(g).get(o.id)
    if not extra:
        return
    counted = bool(planned) and not planned.startswith("any")  # type: ignore[union-attr]
    chosen = _chosen_extras(planned, extra, made) if counted and made else []  # type: ignore[arg-type]
    for mana, name in extra:
        if mana == "any":
            mana = chosen.pop(0) if chosen else (color if color is not None and color in "WUBRG" else "W")
        if not counted:
            pool = g.s.players[o.controller].pool
            for c in mana:
                pool[c] = pool.get(c, 0) + 1
        g.emit(ev.ManaAdded(rule="605.4a", player=o.controller, mana="".join("{" + c + "}" for c in mana),
                            source=name))


def _alternatives(g: Game, o: Obj, a: Activated, index: int,
                  extra: dict[int, list[tuple[str, str]]]) -> list[ManaSource]:
    """One planner source per choice of the colors of ``o``'s "one mana of any color" extras,
    alternatives of one another (the same key: one activation)."""
    base = _source(g, o, a, index, extra)
    mana = produced_mana(g, o, a.effects[0])  # type: ignore[arg-type]
    if base is None or not mana or mana.startswith("any"):
        return [base] if base is not None else []  # its own mana only; the extra goes to the pool
    own = a.cost.mana if a.cost.mana is not None and not a.cost.mana.is_empty else None
    return [_make_source(o.id, m, base.cost_rank, index, own)
            for m in _any_extras(_with_extra(mana, extra[o.id]), extra[o.id])]


def _source(g: Game, o: Obj, a: Activated, index: int = 0,
            extra: dict[int, list[tuple[str, str]]] | None = None) -> ManaSource | None:
    """The planner's view of one mana ability; None if it would add no mana now (Command
    Tower without a commander, CR 903.4f): it can't help pay anything. ``extra``: what
    triggered mana abilities add when each permanent is tapped for mana."""
    eff = a.effects[0]
    assert isinstance(eff, AddMana)
    rank = 2 if a.cost.sacrifice_self or a.cost.remove_counters else (
        1 if ch.is_creature(o) or len(a.effects) > 1 and pain(a) else 0)
    mana = produced_mana(g, o, eff)
    if extra and a.cost.tap and o.id in extra:
        mana = _with_extra(mana, extra[o.id])
    own = a.cost.mana if a.cost.mana is not None and not a.cost.mana.is_empty else None
    return _make_source(o.id, mana, rank, index, own) if mana else None


@lru_cache(maxsize=4096)
def _make_source(key: int, mana: str, rank: int, ability: int = 0, own: ManaCost | None = None) -> ManaSource:
    """ManaSource is immutable and a pure function of these values: build each once. A mana
    ability that costs mana (``own``, a Signet's {1}) adds all of its mana (CR 605.1a)."""
    if mana == "any":
        produces, amount = ALL_COLORS, 1
    elif mana.startswith("any:"):  # one mana of one of these colors
        produces, amount = frozenset(mana[4:]), 1
    else:
        produces, amount = frozenset(mana), len(mana)
    if own is not None or len(produces) > 1 and not mana.startswith("any"):
        # Mana of two or more types at once ("{T}: Add {W}{U}", CR 106.1): all of it, never
        # its whole amount in one type of the player's choice.
        return ManaSource(key=key, produces=produces, amount=amount, cost_rank=rank, ability=ability,
                          cost=own, yields=mana)
    return ManaSource(key=key, produces=produces, amount=amount, cost_rank=rank, ability=ability)


def mana_sources(g: Game, player: int, exclude: frozenset[int] = frozenset(),
                 spend: Spending | None = None) -> list[ManaSource]:
    """Every mana ability ``player`` could activate now. An object with several mana abilities
    (a land enchanted by Find the Path) gives one source per ability, with the same key: the
    payment planner activates at most one of them (each costs {T}). One whose mana may be spent
    only on some things (CR 106.6) only when paying for ``spend``, one of them."""
    s = g.s
    objs = s.objs
    out: list[ManaSource] = []
    plain = mana_plain(g)
    view = ch.viewer(g)  # one look-up of the layer system for the whole loop
    ids = ch.permanents_with(s, _card_mana_ability)
    extra = tapped_for_mana_extra(g) if ch.permanents_with(s, _has_mana_trigger) else None
    banned = static_abilities.names_that_cant_activate(g)  # CR 602.5: mana abilities too (605.1a)
    for oid in ids if plain else ab.with_abilities(g, ids):
        o = objs[oid]
        if o.controller != player or oid in exclude or banned and view(o).name in banned:
            continue
        abilities = _card_mana_abilities(o.card) if plain else mana_abilities(g, o)
        for i, a in enumerate(abilities):
            if not _can_activate(g, o, a, view):
                continue
            if len(a.effects) > 1 and (only := mana_spending.restriction(a)) is not None \
                    and not mana_spending.allowed(g, only, spend, player, oid):
                continue  # CR 106.6: "Spend this mana only to cast …"
            if extra and a.cost.tap and oid in extra and any(m == "any" for m, _n in extra[oid]):
                out += _alternatives(g, o, a, i, extra)  # an extra mana of any color (Fertile Ground)
            elif (src := _source(g, o, a, i, extra)) is not None:
                out.append(src)
    return out


@lru_cache(maxsize=4096)
def _card_mana_bound(card: CardDef) -> tuple[int, int] | None:
    """The most mana one activation of any of a card's mana abilities can add — (untapped,
    tapped): a tapped permanent has only its abilities without {T} (CR 602.5a) — or None when
    some ability's mana is decided as it resolves ("for each …", a chosen color, what an
    opponent's land could produce), which this can't bound without the game."""
    untapped = tapped = 0
    for a in _card_mana_abilities(card):
        eff = a.effects[0]
        if type(eff) is not AddMana or eff.mana in (OPPONENT_LAND_COLOR, CHOSEN_COLOR):
            return None
        n = 1 if eff.mana.startswith("any") else len(eff.mana)  # as _make_source counts it
        untapped = max(untapped, n)
        if not a.cost.tap:
            tapped = max(tapped, n)
    return untapped, tapped


def mana_bound(g: Game, player: int) -> int | None:
    """An upper bound on the mana ``player`` could have to pay a cost now: the pool plus, per
    permanent, the most one activation of one of its mana abilities adds (untapped or not) —
    at least :func:`mana.total_available` of :func:`mana_sources` (which also asks summoning
    sickness, "activate only if" and the sources' own costs), for a fraction of its cost, so
    that a cost with more mana than this (``ManaCost.min_mana``) is known unpayable without
    building the sources. None: no cheap bound (granted or lost mana abilities, triggered mana
    abilities, mana decided as the ability resolves); build the sources."""
    s = g.s
    if not mana_plain(g) or ch.permanents_with(s, _has_mana_trigger):
        return None
    objs = s.objs
    total = sum(s.players[player].pool.values())
    for oid in ch.permanents_with(s, _card_mana_ability):
        o = objs[oid]
        if o.controller != player:
            continue
        b = _card_mana_bound(o.card)
        if b is None:
            return None
        total += b[1] if o.tapped else b[0]
    return total


@lru_cache(maxsize=4096)
def _card_mana_fixed(card: CardDef) -> bool:
    """Whether what each of a card's mana abilities makes, and when it can be activated, is
    fixed by the card: one effect adding fixed mana (no "for each", chosen color, pain or
    spending restriction), no "activate only if", no counters removed as a cost (how many it
    has is the permanent's, not the card's: CR 118.3). Then a permanent's part in
    :func:`mana_sources` depends only on its tapped state and summoning sickness (and, while
    sick, its types and keywords: the layer system's table)."""
    return all(a.only_if is None and a.cost.remove_counters is None and len(a.effects) == 1
               and type(a.effects[0]) is AddMana and a.effects[0].mana not in (OPPONENT_LAND_COLOR, CHOSEN_COLOR)
               for a in _card_mana_abilities(card))


#: player -> (state, layer table, ((id, tapped, sick) of each permanent with mana abilities they
#: control, the names that can't be activated), the pool's items, what was paid for: ManaCost id
#: -> (cost, can_pay)), for the last position asked about: the payability test of
#: :meth:`PlayerMana.affords` across listings.
_PAYABLE: dict[int, tuple[object, object, tuple[tuple[tuple[int, bool, bool], ...], frozenset[str]],
                          tuple[tuple[str, int], ...], dict[int, tuple[ManaCost, bool]]]] = {}


def _payable_memo(g: Game, player: int) -> dict[int, tuple[ManaCost, bool]] | None:
    """The payability answers for ``player``'s mana as it is now, kept while it stays so: while
    every permanent has its card's mana abilities (:func:`mana_plain`), no triggered mana ability or restricted
    mana exists, and every mana ability the player controls is fixed by its card
    (:func:`_card_mana_fixed`), :func:`mana_sources` and :func:`pool_of` are a function of the
    key (the state, the layer table, each such permanent's id, tapped state and summoning
    sickness, the names whose abilities can't be activated, the pool). None: not kept (ask
    :func:`mana.can_pay`)."""
    s = g.s
    t = layers.table(g)
    if not mana_plain(g) or ch.permanents_with(s, _has_mana_trigger) or mana_spending.TAGS in s.extra:
        return None
    objs = s.objs
    key = []
    for oid in ch.permanents_with(s, _card_mana_ability):
        o = objs[oid]
        if o.controller != player:
            continue
        if not _card_mana_fixed(o.card):
            return None
        key.append((oid, o.tapped, o.sick))
    # The names whose sources' abilities can't be activated (CR 602.5, mana abilities too,
    # 605.1a): a Phyrexian Revoker entering changes neither the layers nor the mana permanents.
    k = (tuple(key), static_abilities.names_that_cant_activate(g))
    pool = tuple(s.players[player].pool.items())
    c = _PAYABLE.get(player)
    if c is not None and c[0] is s and c[1] is t and c[2] == k and c[3] == pool:
        return c[4]
    memo: dict[int, tuple[ManaCost, bool]] = {}
    _PAYABLE[player] = (s, t, k, pool, memo)
    return memo


class PlayerMana:
    """One player's mana for one listing of options: the cheap :func:`mana_bound` first, the
    sources and the pool built only if a cost is within it (both once per listing)."""

    __slots__ = ("_g", "_player", "_bound", "sources", "pool", "_restricted", "_memo")

    def __init__(self, g: Game, player: int) -> None:
        self._g, self._player = g, player
        self._bound: int | None | bool = False  # False: not computed yet
        self._restricted: bool | None = None  # mana_spending.present, asked once per listing
        self._memo: dict[int, tuple[ManaCost, bool]] | None | bool = False  # _payable_memo, once
        self.sources: list[ManaSource] | None = None
        self.pool: ManaPool | None = None

    def affords(self, cost: ManaCost) -> bool:
        """Whether ``cost`` could be paid now (:func:`mana.can_pay`, the answer exactly)."""
        memo = self._memo
        if memo is False:
            memo = self._memo = _payable_memo(self._g, self._player)
        if memo is not None:
            known = memo.get(id(cost))  # type: ignore[union-attr]
            if known is not None and known[0] is cost:
                return known[1]
            ok = self._affords(cost)
            memo[id(cost)] = (cost, ok)  # type: ignore[index]  # the cost held: its id stays its own
            return ok
        return self._affords(cost)

    def _affords(self, cost: ManaCost) -> bool:
        if self._bound is False:
            self._bound = mana_bound(self._g, self._player)
        if self._bound is not None and cost.min_mana > self._bound:  # type: ignore[operator]
            return False  # more mana than the player could have at all (the counting test's first line)
        sources, pool = self.get()
        return can_pay(cost, sources, pool)

    def restricted(self) -> bool:
        """:func:`mana_spending.present` for this player (the listing changes nothing)."""
        r = self._restricted
        if r is None:
            r = self._restricted = mana_spending.present(self._g, self._player)
        return r

    def get(self) -> tuple[list[ManaSource], ManaPool]:
        """The sources and the pool (built on first use)."""
        if self.sources is None:
            self.sources, self.pool = mana_sources(self._g, self._player), pool_of(self._g, self._player)
        return self.sources, self.pool  # type: ignore[return-value]


def pool_of(g: Game, player: int, spend: Spending | None = None) -> ManaPool:
    """The mana of ``player``'s pool that may pay for ``spend`` (CR 106.6: not restricted mana
    that may be spent only on something else)."""
    pool = ManaPool()
    for c, n in g.s.players[player].pool.items():
        pool.add(c, n)
    if mana_spending.TAGS in g.s.extra:
        for c, n in mana_spending.unusable(g, player, spend).items():
            pool.remove(c, min(n, pool[c]))
    return pool


def activate_mana_ability(g: Game, o: Obj, color: str | None = None, index: int = 0) -> None:
    """Activate ``o``'s mana ability ``index`` now (CR 605.3a): it resolves immediately."""
    a = mana_abilities(g, o)[index]
    p = g.s.players[o.controller]
    eff = a.effects[0]
    assert isinstance(eff, AddMana)
    if a.cost.mana is not None and not a.cost.mana.is_empty:
        # CR 602.2b, 605.3a: the mana in its cost is paid first, from other sources and the pool.
        excluded = mana_sources(g, o.controller, frozenset({o.id}))
        plan = find_payment(a.cost.mana, excluded, pool_of(g, o.controller))
        if plan is None:
            raise ValueError(f"{o.name}: can't pay {a.cost.mana} to activate its mana ability (CR 602.2b)")
        _carry_out(g, o.controller, plan, a.cost.mana, o.name)
    if a.cost.tap:
        zones.set_tapped(g, o, True, "605.3a")
    _remove_counters(g, o, a)
    # "One mana of any color": the player names the color (CR 106.1b); white by default.
    mana = produced_mana(g, o, eff)
    if mana.startswith("any:"):  # one of these colors, the player's choice (first by default)
        produced = color if color is not None and len(color) == 1 and color in mana[4:] else mana[4]
    else:
        produced = (color or "W") if mana == "any" else mana
    for c in produced:
        p.pool[c] = p.pool.get(c, 0) + 1
    if len(a.effects) > 1:  # CR 106.6: what this mana may be spent on, what its spending triggers
        mana_spending.add(g, o.controller, produced, *mana_spending.tag_effects(a.effects[1:]), o.name, o.id)
    if produced:
        g.emit(ev.ManaAdded(rule="106.4", player=o.controller, mana="".join("{" + c + "}" for c in produced),
                            source=o.name))
    else:
        g.emit(ev.Note(rule="903.4f", message=f"{o.name}'s ability adds no mana"))
    if len(a.effects) > 1:
        _deal_pain(g, o, a)
    _add_triggered_mana(g, o, a, None, color=color)
    if a.cost.sacrifice_self:
        zones.move(g, o.id, "graveyard", rule="701.21a", verb="is sacrificed")


#: ``State.extra`` key: player -> the object ids of the mana sources they chose to pay their
#: next mana cost with (CR 601.2g: the player activates the mana abilities of their choice);
#: set by :func:`pay_next_with`, used up by :func:`pay_mana`.
PAY_WITH = "pay_with"
#: ``State.extra`` key: player -> why the sources named with :func:`pay_next_with` couldn't pay
#: that cost (a dict: ``cost``, ``unused`` ids, ``short`` — too little mana, not the colors);
#: the cost was then paid as usual, and whoever named them should undo the action.
PAY_WITH_FAILED = "pay_with_failed"


def unusable_source(g: Game, player: int, oid: int) -> str | None:
    """Why object ``oid`` can't help ``player`` pay a mana cost now, or None if it can."""
    o = g.s.objs.get(oid)
    if o is None or o.zone != "battlefield":
        return "is not on the battlefield"
    abilities = mana_abilities(g, o)
    if not abilities:
        return "has no mana ability (CR 605.1a)"
    if o.controller != player:
        return f"is controlled by {g.s.players[o.controller].name}, not {g.s.players[player].name} (CR 602.2)"
    if not any(_can_activate(g, o, a) for a in abilities):
        unmet = [a for a in abilities if not restriction_met(g, o, a)]
        if len(unmet) == len(abilities):
            return "can't be activated now: " + unmet[0].text.rsplit(". ", 1)[-1].rstrip(".") + " (CR 602.5b)"
        return "is tapped" if o.tapped else "has summoning sickness: its {T} ability can't be activated (CR 302.6)"
    if not any(s.key == oid for s in mana_sources(g, player)):
        return "adds no mana now"
    return None


def pay_next_with(g: Game, player: int, ids: frozenset[int]) -> None:
    """``player``'s next mana cost is paid with exactly these sources (and mana in their pool)."""
    g.s.extra.setdefault(PAY_WITH, {})[player] = ids
    g.s.extra.get(PAY_WITH_FAILED, {}).pop(player, None)


def _named_payment(g: Game, player: int, cost: ManaCost, sources: list[ManaSource], pool: ManaPool) -> Payment | None:
    """The payment with the sources ``player`` named (:data:`PAY_WITH`), if they named any and
    those pay the cost, every one of them used; else None, with the reason in
    :data:`PAY_WITH_FAILED`."""
    waiting = g.s.extra[PAY_WITH]
    named = waiting.pop(player, None)
    if not waiting:
        del g.s.extra[PAY_WITH]
    if named is None:
        return None
    mine = [src for src in sources if src.key in named]
    plan = find_payment(cost, mine, pool)
    if plan is not None:
        unused = named - {key for key, _color in plan.activations}
        if not unused:
            return plan
        problem = {"cost": str(cost), "unused": sorted(unused), "short": False, "extra": True}
    else:
        most = sum(max(src.amount for src in mine if src.key == key) for key in {src.key for src in mine})
        short = most + sum(pool.counts()) < cost.mana_value
        problem = {"cost": str(cost), "unused": [], "short": short, "extra": False, "most": most}
    g.s.extra.setdefault(PAY_WITH_FAILED, {})[player] = problem
    return None


def pay_mana(g: Game, player: int, cost: ManaCost, what: str, spare: frozenset[int] = frozenset(),
             spend: Spending | None = None, without: frozenset[int] = frozenset(),
             shown: ManaCost | None = None) -> bool:
    """Pay ``cost`` from the pool and untapped sources — the ones the player named with
    :func:`pay_next_with`, if those can pay it; else without the sources ``spare`` if the others
    can (the permanent whose ability is paid for: a creature land keeps itself untapped to
    attack). ``spend``: what the mana pays for (CR 106.6: restricted mana pays only for what it
    may). ``without``: sources that can't pay at all — a permanent chosen to be sacrificed for
    the same cost can't also be sacrificed or tapped for its mana (CR 601.2g-h, 602.2b). ``shown``:
    the cost the log says was paid, when ``cost`` is only what paying it asks of the mana (mana
    spent "as though it were mana of any color" doesn't change the cost, CR 609.4b). False (and
    nothing changes) if it can't be."""
    if cost.is_empty:
        return True
    sources, pool = mana_sources(g, player, spend=spend), pool_of(g, player, spend)
    if without:
        sources = [src for src in sources if src.key not in without]
    plan = _named_payment(g, player, cost, sources, pool) if PAY_WITH in g.s.extra else None
    if plan is None and spare and any(src.key in spare for src in sources):
        plan = find_payment(cost, [src for src in sources if src.key not in spare], pool)
    if plan is None:
        plan = find_payment(cost, sources, pool)
    if plan is None:
        return False
    _carry_out(g, player, plan, cost if shown is None else shown, what, spend)
    return True


def _remove_counters(g: Game, o: Obj, a: Activated) -> None:
    """A mana ability's "Remove a component counter from ~" cost, paid as it is activated (CR 602.2b,
    605.3a)."""
    if a.cost.remove_counters is not None:
        kind, n = a.cost.remove_counters
        zones.add_counters(g, o, kind, -n, "602.2b")


def _carry_out(g: Game, player: int, plan: Payment, cost: ManaCost, what: str, spend: Spending | None = None) -> None:
    """Activate the planned mana abilities and spend the planned mana (CR 601.2g-h) on ``spend``:
    the abilities that triggers (CR 106.6)."""
    p = g.s.players[player]
    abilities = {key: mana_abilities(g, g.s.objs[key]) for key, _color in plan.activations}
    restricted: list[tuple[str, Activated, str, int]] = []  # CR 106.6: what restricted mana was made
    for key, made in plan.activations:
        o = g.s.objs[key]
        a = abilities[key][plan.abilities.get(key, 0)]
        if plan.leftover and len(a.effects) > 1 and mana_spending.restriction(a) is not None:
            src = _source(g, o, a)
            restricted.append((made * src.amount if len(made) == 1 and src is not None else made, a, o.name, o.id))
        if a.cost.tap:
            zones.set_tapped(g, o, True, "605.3a")
        _remove_counters(g, o, a)
        if len(a.effects) > 1:
            _deal_pain(g, o, a)
            if (when := mana_spending.on_spend(a)) is not None:  # its mana, spent at once (CR 106.6)
                mana_spending.spent_on(g, player, when, o.name, spend)
        _add_triggered_mana(g, o, a, produced_mana(g, o, a.effects[0]), made)  # type: ignore[arg-type]
        if a.cost.sacrifice_self:
            zones.move(g, key, "graveyard", rule="701.21a", verb="is sacrificed for mana")
    for c, n in plan.from_pool.items():
        p.pool[c] -= n
        if p.pool[c] <= 0:
            del p.pool[c]
    if plan.from_pool and mana_spending.TAGS in g.s.extra:
        mana_spending.spend_from_pool(g, player, plan.from_pool, spend)
    for c, n in plan.leftover.items():
        p.pool[c] = p.pool.get(c, 0) + n
    if restricted:
        mana_spending.left_over(g, player, restricted, plan.from_pool, plan.leftover)
    g.emit(ev.CostPaid(rule="601.2h", player=player, name=what, cost=str(cost)))


def life_payment(g: Game, player: int, cost: Cost) -> int | None:
    """The life ``cost`` has ``player`` pay, or None if they can't pay it: more than their life
    total (CR 119.4; a team's shared total in Two-Headed Giant, 119.4a — paying 0 is always
    possible), or a number of commander colors without a commander (CR 903.4f)."""
    amt = cost.pay_life
    if amt is None:
        return 0
    if isinstance(amt, CommanderColors):
        from undercity.engine.commander import identity_colors

        colors = identity_colors(g, player)
        if colors is None:
            return None
        n = len(colors)
    else:
        assert isinstance(amt, int)
        n = amt
    return n if n <= 0 or g.s.players[player].life >= n else None
