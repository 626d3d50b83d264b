"""Mana with a restriction on what it may be spent on, or with an ability that triggers when it
is spent (CR 106.6): the language's :class:`~undercity.cards.language.mana_spending.SpendOnly`
and :class:`~undercity.cards.language.mana_spending.WhenSpent`, after the "Add …" of a mana
ability (Haven of the Spirit Dragon, Path of Ancestry) or of a triggered ability.

Such mana in a pool is counted in ``Player.pool`` like any other, and also listed here
(``State.extra[TAGS]``: player -> the :class:`Tagged` mana, at most as much of each type as the
pool holds). What pays a cost asks, through :mod:`undercity.engine.costs`, with a
:class:`Spending` saying what the mana is spent on: restricted mana in the pool
(:func:`unusable`) and mana abilities making it (:func:`allowed`) are offered only to what they
may pay for. Of one type, the pool spends first the restricted mana this cost may use (it is
worth less elsewhere), then mana whose ability would trigger, then the rest (CR 106.6 leaves the
choice to the player; this is always at least as good for them).

Also here: mana that may be spent as though it were mana of any color to activate certain
abilities (:func:`activation_demand`, CR 609.4b).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from undercity.cards.language.mana_spending import SpendOnly, WhenSpent
from undercity.cards.model import Activated, CardDef, Effect
from undercity.engine import characteristics as ch
from undercity.engine import targeting

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj
    from undercity.mana import ManaCost

#: ``State.extra`` key: player -> tuple of :class:`Tagged` mana in their pool.
TAGS = "mana_tags"


@dataclass(frozen=True, slots=True)
class Spending:
    """What a payment spends mana on (CR 106.6): casting the spell ``spell`` (on the stack, or
    the card about to be cast), or activating an ability of ``ability_of``; neither for any
    other payment (ward, "unless … pays", echo)."""

    spell: Obj | None = None
    ability_of: Obj | None = None


@dataclass(frozen=True, slots=True)
class Tagged:
    """One mana of type ``color`` in a pool, added by ``source`` with a restriction or a
    trigger on spending it."""

    color: str
    only: SpendOnly | None
    when: WhenSpent | None
    source: str
    #: The permanent whose ability made it: "a creature spell of the chosen type" is of its choice.
    source_id: int | None = None


def restriction(a: Activated) -> SpendOnly | None:
    """The "Spend this mana only …" of mana ability ``a``, if it has one."""
    return next((e for e in a.effects[1:] if isinstance(e, SpendOnly)), None) if len(a.effects) > 1 else None


def on_spend(a: Activated) -> WhenSpent | None:
    """The "When that mana is spent …" of mana ability ``a``, if it has one."""
    return next((e for e in a.effects[1:] if isinstance(e, WhenSpent)), None) if len(a.effects) > 1 else None


@lru_cache(maxsize=4096)
def card_restricts(card: CardDef) -> bool:
    """Whether one of ``card``'s mana abilities makes restricted mana (the pre-filter of
    :func:`costs.mana_sources`; card definitions are immutable registry singletons)."""
    return any(a.mana_ability and restriction(a) is not None for a in card.activated)


def allowed(g: Game, only: SpendOnly, spend: Spending | None, player: int, source: int | None = None) -> bool:
    """Whether mana restricted by ``only``, made by permanent ``source``, may pay for ``spend``
    (CR 106.6): casting a spell it names — as the spell is (an Adventure as the Adventure, CR
    715.3; "of the chosen type": ``source``'s choice, CR 614.12a) — or activating an ability of
    a permanent it names."""
    if spend is None:
        return False
    if spend.spell is not None:
        return targeting.matches(g, spend.spell, only.spells, player, source)
    if spend.ability_of is not None and only.abilities_of is not None:
        # Only of permanents: a Dragon card's ability in a graveyard or hand isn't one (ruling 2014-11-24).
        return spend.ability_of.zone == "battlefield" and targeting.matches(g, spend.ability_of,
                                                                            only.abilities_of, player, source)
    return False


def tags(g: Game, player: int) -> tuple[Tagged, ...]:
    return g.s.extra.get(TAGS, {}).get(player, ())


def add(g: Game, player: int, mana: str, only: SpendOnly | None, when: WhenSpent | None, source: str,
        source_id: int | None = None) -> None:
    """``mana`` (letters) has just been added to ``player``'s pool by ``source``'s ability: note
    its restriction or its trigger (CR 106.6)."""
    if only is None and when is None or not mana:
        return
    all_tags = g.s.extra.setdefault(TAGS, {})
    all_tags[player] = all_tags.get(player, ()) + tuple(Tagged(c, only, when, source, source_id) for c in mana)


def tag_effects(effects: tuple[Effect, ...]) -> tuple[SpendOnly | None, WhenSpent | None]:
    """The restriction and the spending trigger among an ability's effects after its mana."""
    only = next((e for e in effects if isinstance(e, SpendOnly)), None)
    when = next((e for e in effects if isinstance(e, WhenSpent)), None)
    return only, when


def unusable(g: Game, player: int, spend: Spending | None) -> dict[str, int]:
    """Of each type, how much of ``player``'s pool may not pay for ``spend`` (CR 106.6)."""
    out: dict[str, int] = {}
    for t in tags(g, player):
        if t.only is not None and not allowed(g, t.only, spend, player, t.source_id):
            out[t.color] = out.get(t.color, 0) + 1
    return out


def spend_from_pool(g: Game, player: int, spent: dict[str, int], spend: Spending | None) -> None:
    """``spent`` mana of ``player``'s pool has paid for ``spend``: which of it was tagged mana
    (the order of the module docstring), and the abilities that triggers (:func:`spent_on`)."""
    mine = tags(g, player)
    if not mine:
        return
    pool = g.s.players[player].pool
    left = list(mine)
    for color, n in spent.items():
        of = [t for t in left if t.color == color]
        # After the payment the pool holds pool[color] of this type: the untagged ones first.
        untagged = pool.get(color, 0) + n - len(of)
        usable = [t for t in of if t.only is None or allowed(g, t.only, spend, player, t.source_id)]
        firing = [t for t in usable if t.when is not None and _fires(g, t.when, spend, player)]
        order = ([t for t in usable if t.only is not None] + [t for t in firing if t.only is None]
                 + [None] * max(0, untagged) + [t for t in usable if t.only is None and t not in firing])
        for t in order[:n]:
            if t is not None:
                left.remove(t)
                if t.when is not None:
                    spent_on(g, player, t.when, t.source, spend)
    _store(g, player, tuple(left))


def left_over(g: Game, player: int, made: list[tuple[str, Activated, str, int]], spent: dict[str, int],
              leftover: dict[str, int]) -> None:
    """A payment activated mana abilities (``made``: the mana, the ability, the source's name and
    id, for each) and left ``leftover`` in ``player``'s pool: of the restricted mana made, what
    wasn't spent stays restricted (CR 106.6) — the restricted mana spent first, as the pool's is
    (a Mishra's Workshop's {C}{C}{C} paying {2} leaves one restricted {C}). ``spent``: the mana
    of each type taken from the pool."""
    for color, n in leftover.items():
        ours = [(a, name, oid) for mana, a, name, oid in made for c in mana if c == color and restriction(a)]
        if not ours:
            continue
        total = sum(mana.count(color) for mana, _a, _n, _o in made) + spent.get(color, 0)
        paid = total - n  # of this type, on the cost: the restricted mana first
        for a, name, oid in ours[min(paid, len(ours)):]:
            add(g, player, color, *tag_effects(a.effects[1:]), name, oid)


def trim(g: Game, player: int) -> None:
    """The pool has lost mana otherwise (emptied as a step ends, CR 500.4): tags of mana it no
    longer holds go, restricted mana first (the kept mana that stays is the other)."""
    mine = tags(g, player)
    if not mine:
        return
    pool = g.s.players[player].pool
    left: list[Tagged] = []
    for color in {t.color for t in mine}:
        of = [t for t in mine if t.color == color]
        left += of[len(of) - min(len(of), pool.get(color, 0)):]
    _store(g, player, tuple(left))


def _store(g: Game, player: int, left: tuple[Tagged, ...]) -> None:
    all_tags = g.s.extra.get(TAGS, {})
    if left:
        all_tags[player] = left
    else:
        all_tags.pop(player, None)
        if not all_tags:
            g.s.extra.pop(TAGS, None)


def _fires(g: Game, when: WhenSpent, spend: Spending | None, player: int) -> bool:
    """Whether spending mana with ``when`` on ``spend`` triggers it: a spell it names — sharing a
    creature type with ``player``'s commander if it says so (ruling 2020-11-10)."""
    spell = spend.spell if spend is not None else None
    if spell is None or not targeting.matches(g, spell, when.spell, player):
        return False
    return not when.shares_type_with_commander or bool(
        ch.view(g, spell).subtypes & commander_creature_types(g, player))


def commander_creature_types(g: Game, player: int) -> frozenset[str]:
    """The creature types of ``player``'s commanders now (CR 205.3m): none for one in a hidden
    zone (a hand or a library, ruling 2020-11-10), after continuous effects on the battlefield."""
    from undercity.cards.text.creature_types import CREATURE_TYPES
    from undercity.engine.commander import is_commander

    s = g.s
    uids = s.players[player].commanders
    out: frozenset[str] = frozenset()
    if not uids:
        return out
    for o in s.objs.values():
        if o.card_uid in uids and o.zone not in ("hand", "library") and is_commander(g, o):
            out |= ch.view(g, o).subtypes & CREATURE_TYPES
    return out


def spent_on(g: Game, player: int, when: WhenSpent, source: str, spend: Spending | None) -> None:
    """One mana with ``when`` was spent on ``spend``: if that is what it names, its ability
    triggers (CR 603.2), once for each such mana (ruling 2020-11-10), to go on the stack the next
    time a player would receive priority — after the spell is cast (CR 601.2i, 603.3)."""
    from undercity.engine import triggers

    if _fires(g, when, spend, player):
        triggers.add_inherent(g, player, source, "mana_spent", when.text, when.effects, "106.6")


def present(g: Game, player: int) -> bool:
    """Whether ``player`` has restricted mana in their pool or controls a permanent whose mana
    ability makes some: then what they could pay depends on what they pay for (castable asks)."""
    s = g.s
    tagged = s.extra.get(TAGS)  # asked by every listing: the common case, none, without a generator
    if tagged and any(t.only is not None for t in tagged.get(player, ())):
        return True
    ids = ch.permanents_with(s, card_restricts)
    return bool(ids) and any(s.objs[oid].controller == player for oid in ids)


def activation_demand(g: Game, o: Obj, a: Activated, cost: ManaCost) -> ManaCost:
    """What paying ``cost`` for the activated ability ``a`` of ``o`` asks of the mana: ``cost``
    itself, or — when ``a`` is among abilities ``o`` gained with "you may spend blue mana as
    though it were mana of any color to activate those abilities" (Grell Philosopher) — each
    colored symbol payable with that color too (CR 609.4b: how the cost may be paid, not the cost)."""
    from undercity.cards.language.continuous import AddAbilities

    for e in g.s.effects if any(cost.colored) else ():
        if e.obj == o.id:
            for md in getattr(e, "mods", ()):
                if isinstance(md, AddAbilities) and md.spend_as_any and any(x is a for x in md.abilities):
                    return cost.spent_as_color(md.spend_as_any)
    return cost
