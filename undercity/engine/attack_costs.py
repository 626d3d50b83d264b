"""Costs to attack (CR 508.1d, 508.1g-j): the vocabulary of
:mod:`undercity.cards.language.attack_costs` (Propaganda's "Creatures can't attack you unless
their controller pays {2} for each creature they control that's attacking you").

``combat`` asks these as attackers are declared: a creature may be declared attacking a taxed
player only while its controller could still pay the total so far (508.1h-j: partial payments
aren't allowed), and a requirement to attack never obliges anyone to pay (508.1d) — a creature
that could obey it only by paying needn't attack, and a goaded creature may attack the goading
player rather than pay to attack another. Once the declaration is complete the attacking player
pays the locked-in total or declines it and declares again (decision ``attack_cost``); the mana
is paid after the attackers are tapped (508.1f, 508.1j).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards.language.attack_costs import AttackTax
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import costs
from undercity.mana import ManaCost, can_pay, parse_cost

if TYPE_CHECKING:
    from collections.abc import Iterable

    from undercity.cards.model import CardDef
    from undercity.engine.game import Game

Defender = tuple[str, int]


def _has_tax(card: CardDef) -> bool:
    return any(isinstance(st, AttackTax) for st in card.static)


def tax(g: Game, d: Defender) -> int:
    """The generic mana each creature attacking ``d`` costs (CR 508.1h): the attack taxes of the
    permanents that player controls; attacking a planeswalker isn't attacking its controller."""
    if d[0] != "p":
        return 0
    s = g.s
    sources = ch.permanents_with(s, _has_tax)
    if not sources:
        return 0
    n = 0
    for sid in sources:
        src = s.objs[sid]
        if src.controller == d[1]:
            n += sum(st.mana for st in ab.static(g, src) if isinstance(st, AttackTax))
    return n


def total(g: Game, declared: Iterable[tuple[int, Defender]]) -> int:
    """The total cost to attack of a declaration (CR 508.1h)."""
    return sum(tax(g, d) for _, d in declared)


def cost(n: int) -> ManaCost:
    return parse_cost(f"{{{n}}}")


def affordable(g: Game, player: int, n: int, tapped: Iterable[int]) -> bool:
    """Whether ``player`` could pay ``n`` generic mana once the creatures ``tapped`` are tapped
    as attackers (CR 508.1f comes before 508.1j)."""
    if n <= 0:
        return True
    skip = set(tapped)
    sources = [src for src in costs.mana_sources(g, player) if src.key not in skip]
    return can_pay(cost(n), sources, costs.pool_of(g, player))


def pay(g: Game, player: int, n: int) -> bool:
    """Pay the locked-in total cost to attack (CR 508.1i-j)."""
    return costs.pay_mana(g, player, cost(n), "attacking")
