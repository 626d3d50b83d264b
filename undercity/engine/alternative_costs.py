"""Alternative costs paid from the hand (CR 118.9, 601.2b, 601.2f) and what paying them does to
the permanent the spell becomes: evoke (CR 702.74) and dash (CR 702.109); spectacle (CR 702.137).

* **Offering** (CR 601.2b): a card in its owner's hand with an :class:`~undercity.cards.model.AltCost`
  of ``zone="hand"`` may be cast for that cost instead of its mana cost — a priority option of
  its own, ``("cast", id, KEYWORD)`` (:func:`options`, asked by ``priority.options``). Only one
  alternative cost can be paid for a spell (CR 118.9a), so the cast job takes exactly one.
* **Overload** (CR 702.96a-b): the cost's ``spell`` is the card's text with "target" replaced by
  "each" (lowered by the compiler); the cast job casts that ability, with no targets, and the
  stack item keeps it (so a copy does too).
* **Spectacle** (CR 702.137a): the cost may be paid only while an opponent has lost life this
  turn (``AltCost.only_if``, checked by ``casting.castable``); nothing else changes.
* **Evoke** (CR 702.74a): "When this permanent enters, if its evoke cost was paid, its
  controller sacrifices it." — a triggered ability the keyword gives: as a permanent spell cast
  for its evoke cost enters, the trigger waits to be put on the stack with the permanent's other
  "enters" abilities, in the order its controller chooses (Mulldrifter's draw first, rulings).
* **Dash** (CR 702.109a): a permanent spell cast for its dash cost "gains haste, and it's
  returned from the battlefield to its owner's hand at the beginning of the next end step" — a
  layer-6 effect on the permanent for as long as it is that object (CR 400.7), and a delayed
  triggered ability (CR 603.7) that returns it if it is still that object then.

Which alternative cost was paid for a spell is known from its :class:`~undercity.engine.events.SpellCast`
event (``alt_cost``); the permanent it becomes is the ``new_obj`` of the move from the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.continuous import AddAbilities
from undercity.cards.language.sacrifice import SacrificeIt
from undercity.cards.model import SELF, ReturnToHand
from undercity.engine import casting, costs, layers, triggers
from undercity.engine import events as ev
from undercity.engine.decisions import Option

if TYPE_CHECKING:
    from undercity.engine.game import Game

EVOKE = "evoke"
DASH = "dash"
OVERLOAD = "overload"  # CR 702.96: the cast job casts the AltCost's changed spell (no targets)
#: CR 702.137a: payable only if an opponent lost life this turn (``AltCost.only_if``); the spell
#: is the same, only cheaper.
SPECTACLE = "spectacle"
#: CR 702.138: cast from the graveyard; a permanent spell cast this way "escaped" (702.138d),
#: which its "escapes with" ability asks as it enters (``entering.counters``).
ESCAPE = "escape"
#: ``State.extra`` key: the object id of a spell on the stack -> the alternative cost paid for it
#: (only those whose permanent the rules mark: evoke, dash, escape).
_PAID = "alt_cost_paid"
#: ``State.extra`` key: a permanent cast for its dash cost -> its controller then (CR 702.109a).
_DASHED = "dashed"

EVOKE_TEXT = "When this permanent enters, if its evoke cost was paid, its controller sacrifices it."
DASH_RETURN_TEXT = "At the beginning of the next end step, return it from the battlefield to its owner's hand."


def options(g: Game, player: int, sources: list[Any] | None = None, pool: Any = None) -> list[Option]:
    """Priority options (CR 117.1a, 601.2b): each card in ``player``'s hand castable now for an
    alternative cost paid from the hand, one per name and cost."""
    s = g.s
    p = s.players[player]
    out: list[Option] = []
    seen: set[tuple[str, str, str]] = set()
    # A commander may be cast from the command zone for its alternative cost too (CR 903.8,
    # 118.9: the cost replaces the mana cost wherever the spell is cast from; the tax is added).
    commanders = [oid for oid in p.command if s.objs[oid].card_uid in p.commanders] if p.commanders else []
    for oid in [*p.hand, *commanders]:
        o = s.objs[oid]
        for alt in o.card.alt_costs:
            if alt.zone != "hand" or (o.name, alt.keyword, o.zone) in seen:
                continue
            seen.add((o.name, alt.keyword, o.zone))
            if sources is None:
                sources, pool = costs.mana_sources(g, player), costs.pool_of(g, player)
            if casting.castable(g, player, o, alt, sources, pool):
                where = " from the command zone" if o.zone == "command" else ""
                out.append(Option(f"cast {o.name}{where} ({alt.keyword})", ("cast", oid, alt.keyword)))
    return out


def was_paid(g: Game, spell: int) -> str | None:
    """The alternative cost (evoke, dash, escape) paid for the spell ``spell`` on the stack, if any."""
    return g.s.extra.get(_PAID, {}).get(spell)


@triggers.watches("spell_cast")
def _cast(g: Game, e: ev.SpellCast) -> None:
    if e.alt_cost in (EVOKE, DASH, ESCAPE) and not e.copy:  # a copy is not cast (CR 707.10)
        g.s.extra.setdefault(_PAID, {})[e.obj] = e.alt_cost


@triggers.watches("zone_changed")
def _moved(g: Game, e: ev.ZoneChanged) -> None:
    s = g.s
    paid = s.extra.get(_PAID)
    if paid and e.obj in paid:
        keyword = paid.pop(e.obj)
        o = s.objs.get(e.new_obj)
        if e.from_zone == "stack" and e.to_zone == "battlefield" and o is not None:
            _entered(g, keyword, o.id)
    dashed = s.extra.get(_DASHED)
    if dashed and e.obj in dashed:
        del dashed[e.obj]  # a new object: the delayed trigger no longer finds it (CR 400.7)


def _entered(g: Game, keyword: str, oid: int) -> None:
    s = g.s
    o = s.objs[oid]
    if keyword == EVOKE:
        # CR 702.74a: the keyword's own "enters" trigger, with the intervening "if" already true.
        triggers.add_inherent(g, o.controller, o.name, EVOKE, EVOKE_TEXT, (SacrificeIt(SELF),), "702.74a",
                              source=oid)
    elif keyword == DASH:
        # CR 702.109a: it gains haste (for as long as it is this object) and returns at the next end step.
        layers.add_effect(g, oid, (AddAbilities(keywords=frozenset({"haste"})),), until="object", source=oid,
                          player=o.controller, text="dashed: haste")
        s.extra.setdefault(_DASHED, {})[oid] = o.controller


@triggers.watches("step_began", steps=("end",))
def _end_step(g: Game, e: ev.StepBegan) -> None:
    """CR 702.109a, 603.7: "at the beginning of the next end step" — the first end step to begin
    after the dashed permanent entered, whoever's turn it is."""
    dashed = g.s.extra.get(_DASHED)
    if e.step != "end" or not dashed:
        return
    for oid, controller in list(dashed.items()):
        del dashed[oid]
        o = g.s.objs.get(oid)
        if o is None or o.zone != "battlefield":
            continue
        triggers.add_inherent(g, controller, o.name, DASH, DASH_RETURN_TEXT, (ReturnToHand(SELF),), "702.109a",
                              source=oid)
