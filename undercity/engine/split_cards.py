"""Split cards (CR 709) and aftermath (CR 702.127a): casting one half.

* **Choosing** (CR 709.3): a player chooses which half of a split card they cast before it is
  put on the stack. With priority each castable half is an option of its own
  (``("cast", id, HALVES[i])``, labelled with the half's name, :func:`options`); a cast an
  effect allows (``("cast", id, None)``: cascade, "you may cast it", a permission from exile)
  asks which half (decision ``split_half``, :func:`ask_half`), offering the halves castable
  from where the card is.
* **Only that half** (CR 709.3a-b): :func:`as_half` gives the object that half's
  characteristics while the cast is checked and proposed — its timing, mana cost, targets are
  the half's — and the object it becomes on the stack keeps them (a copy too, 709.3c). Off the
  stack it is the whole card again (709.4: :func:`undercity.cards.language.split_cards.whole_card`,
  asked by :func:`undercity.engine.zones.move`): two names, the combined mana cost and mana
  value (Dusk // Dawn has mana value 9 in the library, the graveyard, the hand).
* **Aftermath** (CR 702.127a): three static abilities of a half. "You may cast this half of this
  split card from your graveyard": an option with priority for its owner's graveyard
  (:func:`options`). "This half can't be cast from any zone other than a graveyard": no listing
  or question offers it elsewhere (:func:`allowed_from`), whatever permission is used (ruling
  2017-04-18). "If this spell was cast from a graveyard, exile it instead of putting it anywhere
  else any time it would leave the stack": a replacement effect of the spell
  (``cast_permissions.mark_exile_leaving_stack``, asked by ``casting`` as it is cast). The other
  half has no permission from a graveyard; another effect's permission to cast the card from a
  graveyard lets either half be cast (ruling 2017-04-18).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from undercity.cards.language.split_cards import HALVES, SplitCard, has_aftermath
from undercity.engine import casting, costs
from undercity.engine.decisions import Option

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.state import Job, Obj


@contextmanager
def as_half(o: Obj, i: int) -> Iterator[None]:
    """While the block runs, ``o`` has only its half ``i``'s characteristics (CR 709.3a). An
    object that moves meanwhile (to the stack) becomes a new object with them (709.3b); ``o``
    itself is the whole card again whatever happens (a choice still to ask, a cast reversed)."""
    card = o.card
    if not isinstance(card, SplitCard):
        raise ValueError(f"{o.name} is not a split card")
    o.card = card.halves[i]
    try:
        yield
    finally:
        o.card = card


def half_index(alt: Any) -> int | None:
    """The half a ``cast`` option's cost keyword names (``HALVES``), else None."""
    return HALVES.index(alt) if alt in HALVES else None


def allowed_from(half: CardDef, zone: str) -> bool:
    """CR 702.127a: a half with aftermath can't be cast from any zone other than a graveyard;
    any other half may be cast from wherever a permission allows."""
    return zone == "graveyard" or not has_aftermath(half)


def castable(g: Game, player: int, o: Obj, i: int, sources: list[Any] | None = None, pool: Any = None,
             **kw: Any) -> bool:
    """Could ``player`` cast half ``i`` of split card ``o`` now (CR 709.3a: only that half is
    evaluated)? ``kw``: as for ``casting.castable`` (``free``, ``ignore_timing``, ``mana``)."""
    card = o.card
    assert isinstance(card, SplitCard)
    if not allowed_from(card.halves[i], o.zone):
        return False
    with as_half(o, i):
        return casting.castable(g, player, o, None, sources, pool, **kw)


def castable_halves(g: Game, player: int, o: Obj, sources: list[Any] | None = None, pool: Any = None,
                    **kw: Any) -> list[int]:
    """The halves of split card ``o`` that ``player`` could cast now from its zone."""
    return [i for i in (0, 1) if castable(g, player, o, i, sources, pool, **kw)]


def label(o: Obj, i: int) -> str:
    """How a priority option names casting half ``i`` of ``o``."""
    card = o.card
    assert isinstance(card, SplitCard)
    half = card.halves[i]
    where = " from your graveyard (aftermath)" if o.zone == "graveyard" else ""
    return f"cast {half.name} ({o.name}){where}"


def options(g: Game, player: int, mana: costs.PlayerMana | None = None) -> list[Option]:
    """Priority options (CR 117.1a, 709.3): each castable half of each split card in ``player``'s
    hand but a half with aftermath, and each half with aftermath of a split card in their graveyard
    (CR 702.127a) — one per name: identical cards are the same action."""
    s = g.s
    out: list[Option] = []
    p = s.players[player]
    for zone in (p.hand, p.graveyard):
        seen: set[str] = set()
        for oid in zone:
            o = s.objs[oid]
            card = o.card
            if not isinstance(card, SplitCard) or o.name in seen:
                continue
            seen.add(o.name)
            for i, half in enumerate(card.halves):
                # From the hand: the halves without aftermath; from the graveyard, only aftermath's
                # permission (no other half has one there).
                if has_aftermath(half) != (o.zone == "graveyard"):
                    continue
                if castable(g, player, o, i, mana=mana):
                    out.append(Option(label(o, i), ("cast", oid, HALVES[i])))
    return out


def ask_half(g: Game, job: Job, player: int, o: Obj, *, free: bool = False, ignore_timing: bool = False) -> int:
    """CR 709.3: the half of split card ``o`` that ``player`` casts, when the cast didn't name one
    (an effect lets them cast the card): asked among the halves castable from its zone (decision
    ``split_half``); the only one is taken without asking."""
    card = o.card
    assert isinstance(card, SplitCard)
    halves = castable_halves(g, player, o, free=free, ignore_timing=ignore_timing)
    if not halves:
        from undercity.engine.game import CannotComplete

        raise CannotComplete(f"no half of {o.name} can be cast from its {o.zone}")  # CR 709.3a
    if len(halves) == 1:
        return halves[0]
    opts = [Option(f"cast {card.halves[i].name}", i) for i in halves]
    return int(g.ask(job, "half", player, "split_half", f"{g.player_name(player)}: cast which half of {o.name}?",
                     opts, {"obj": o.id}))


def half_being_cast(g: Game, job: Job) -> CardDef | None:
    """The half a ``cast`` job casts (named by its option, or chosen), if its object is a split
    card and the half is known yet; else None — for agents reading the spell while its choices
    are asked (CR 709.3a)."""
    o = g.s.objs.get(job.data["obj"])
    if o is None or not isinstance(o.card, SplitCard):
        return None
    i = half_index(job.data.get("alt"))
    if i is None:
        i = job.answers.get("half")
    return o.card.halves[i] if isinstance(i, int) else None
