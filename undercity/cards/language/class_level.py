"""Class enchantments (CR 716): levels, the class level bars, and "When this Class becomes level N".

A class level bar (CR 716.2a) is two abilities: "[Cost]: This Class's level becomes N. Activate
only if this Class is level N-1 and only as a sorcery" — a :class:`LevelUp` activated ability —
and "As long as this Class is level N or greater, it has [abilities]" — a
:class:`LevelAbilities` static ability (a :class:`~undercity.cards.language.continuous.Continuous`
of layer 6, CR 613.1f, that applies only while the level is reached). :func:`class_card` defines a
Class from its level-1 abilities (CR 716.3: they work at all times) and one :func:`level` per bar::

    class_card("Wizard Class", static=(NoMaximumHandSize("You have no maximum hand size."),),
               levels=(level(2, "{2}{U}", Triggered("When this Class becomes level 2, draw two cards.",
                                                    when=becomes_level(2), effects=(Draw(2),))),
                       level(3, "{4}{U}", Triggered(...))))

A level's abilities are triggered, activated or static abilities "it has"; a static ability
that affects other objects ("Creatures you control have haste") is written as the level's
``affects`` and ``mods`` (:func:`level` with ``affects=ALL(...)``, ``mods=(...)``) — the same
effect, applied while the level is reached.

The level is a designation of the permanent (CR 716.2b), not a copiable value, kept by the
rules in :mod:`undercity.engine.class_level`: lost when the permanent leaves the battlefield
(a new object, CR 400.7), 1 when it has none (716.2d).

**From Oracle text.** A Class's Oracle text is paragraphs: the reminder "(Gain the next level
as a sorcery to add its ability.)", the level-1 abilities, then for each bar a line "[Cost]: Level
N" (``ast.LevelBar``) followed by that level's abilities until the next bar. The compiler
(``lower._class_levels``) lowers each level's paragraphs as any card's — "When this Class becomes
level N" is ``becomes_level(N)`` — and makes them a :func:`level` each: triggered and activated
abilities the Class has, or one static ability affecting other objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from undercity.cards.language.continuous import AddAbilities, Continuous, Mod
from undercity.cards.model import SELF, Ability, Activated, Cost, Effect, Ref, Trigger, register_ability
from undercity.mana import parse_cost

#: ``Trigger.event`` of "When this Class becomes level N" (:class:`BecomesLevel`).
BECOMES_LEVEL = "becomes_level"


@dataclass(frozen=True, slots=True)
class BecomeLevel(Effect):
    """"This Class's level becomes N" (CR 716.2a): the source's level designation."""

    level: int


@dataclass(frozen=True, slots=True)
class BecomesLevel(Trigger):
    """"When this Class becomes level N" (CR 603.2, 716.2a)."""

    event: str = BECOMES_LEVEL
    level: int = 2


def becomes_level(n: int) -> BecomesLevel:
    return BecomesLevel(BECOMES_LEVEL, level=n)


@dataclass(frozen=True, slots=True, eq=False)
class LevelUp(Activated):
    """The activated half of a class level bar (CR 716.2a): "[Cost]: This Class's level becomes
    N. Activate only if this Class is level N-1 and only as a sorcery." (CR 716.2c: activating it
    is "to gain a Class level".)"""

    level: int = 2


@dataclass(frozen=True, slots=True, eq=False)
class LevelAbilities(Continuous):
    """The static half of a class level bar (CR 716.2a): "As long as this Class is level N or
    greater, it has [abilities]" — ``mods`` applied to ``affects`` while the source's level is at
    least ``level``."""

    kind: str = "class_level"
    affects: Ref = SELF
    level: int = 2


def level(n: int, cost: str, *abilities: Ability, affects: Ref = SELF, mods: tuple[Mod, ...] = (),
          text: str = "", register: bool = True) -> tuple[LevelUp, LevelAbilities]:
    """A class level bar "[cost]: Level n" with the abilities of that level (nested abilities are
    registered here unless ``register`` is false — the compiler's, registered by ``define`` once
    the whole card is read; CR 716.2a). ``affects`` and ``mods``: a level's effect on other objects."""
    if n < 2:
        raise ValueError(f"a class level bar raises the level to 2 or more, not {n} (CR 716.2a)")
    if abilities and affects != SELF:
        raise ValueError("a level's abilities are the Class's own: give them with affects=SELF")
    for a in abilities if register else ():
        if a.uid < 0:
            register_ability(a)
    up = LevelUp(f"{cost}: Level {n}", cost=Cost(mana=parse_cost(cost)), effects=(BecomeLevel(n),),
                 sorcery_speed=True, level=n)
    # Its text says when it applies, so a level-1 Class doesn't read as if it had them (CR 716.2a).
    body = f"Level {n}+: " + (text or " ".join(a.text for a in abilities))
    grant = LevelAbilities(body, affects=affects, level=n,
                           mods=mods or (AddAbilities(abilities),))
    return up, grant


def class_card(name: str, *, levels: tuple[tuple[LevelUp, LevelAbilities], ...], **level_one: Any) -> Any:
    """Define a Class (CR 716): its level-1 abilities (``triggered``, ``activated``, ``static``,
    as for :func:`~undercity.cards.registry.define`; CR 716.3) and its level bars in order."""
    from undercity.cards.registry import define

    wanted = list(range(2, len(levels) + 2))
    if [up.level for up, _ in levels] != wanted:
        raise ValueError(f"{name}: level bars must be levels {wanted} in order")
    activated = tuple(level_one.pop("activated", ())) + tuple(up for up, _ in levels)
    static = tuple(level_one.pop("static", ())) + tuple(grant for _, grant in levels)
    return define(name, activated=activated, static=static, **level_one)
