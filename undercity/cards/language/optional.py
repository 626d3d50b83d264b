"""Optional effects (CR 608.2d): "you may [effects]" and "you may pay [cost]. If you do, …".
Handled by :mod:`undercity.engine.optional`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Amount, Effect


@dataclass(frozen=True, slots=True)
class May(Effect):
    """"You may [effects]": the controller chooses as this part of the effect begins
    (CR 608.2d); ``text`` names the choice (Druidic Ritual: "mill three cards")."""

    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class MayPay(Effect):
    """"You may pay [``cost``]. If you do, [effects]" — asked as this resolves, if the
    controller can pay (CR 608.2d, 118.1); Carefree Swinemaster."""

    cost: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class MayPayLife(Effect):
    """"You may pay life equal to its mana value. If you do, [effects]" (Lorcan, Warlock
    Collector): ``life`` counted as this resolves; offered only if the controller's life total is
    at least that much (CR 119.4, 608.2d); paying it is losing that much life."""

    life: Amount
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class MayOnceEachTurn(Effect):
    """"You may [effects]. Do this only once each turn." (Deep Gnome Terramancer): the choice is
    offered only while this object's ability hasn't done it yet this turn — the ability still
    triggers each time, and declining leaves the turn's one use for later (rulings, Nykthos
    Paragon: "Do this only once each turn" refers to doing it, each such ability its own)."""

    effects: tuple[Effect, ...]
    text: str = ""
