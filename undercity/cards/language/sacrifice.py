"""Sacrificing a particular permanent (CR 701.21): "sacrifice it", "sacrifice this creature".

The choices of "sacrifice a creature" are :class:`undercity.cards.model.SacrificeChoice` and
``SacrificeEach``; this is the sacrifice of a permanent the effect names. Its handler is
:mod:`undercity.engine.sacrifice`.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import CREATURE, SELF, Effect, Filter, Ref


@dataclass(frozen=True, slots=True)
class SacrificeIt(Effect):
    """``what``'s controller sacrifices it (CR 701.21a) — if it is still on the battlefield;
    a player can sacrifice only a permanent they control, so a permanent that changed control
    is sacrificed by its new controller."""

    what: Ref = SELF


@dataclass(frozen=True, slots=True)
class TokenUnlessSacrifice(Effect):
    """For each opponent, you create a ``token`` unless that player sacrifices a permanent
    matching ``filter`` of their choice; opponents decide in turn order, then everything
    happens at once (Acererak the Archlich)."""

    token: str
    filter: Filter = CREATURE


@dataclass(frozen=True, slots=True)
class SacrificeThen(Effect):
    """"Sacrifice a creature. If you do, [``then``]." (Victimize): the ability's controller
    sacrifices a permanent matching ``filter`` of their choice if they can — they must
    (CR 701.21a) — and ``then`` happens only if they did (CR 608.2c)."""

    filter: Filter = CREATURE
    then: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class SacrificeOrDiscard(Effect):
    """"Each player sacrifices a creature or planeswalker. Each player who can't discards a
    card." (Plaguecrafter): each of ``who`` controlling a permanent matching ``filter`` chooses
    one, in APNAP order (CR 101.4), and those are sacrificed at once; then each of them who
    controlled none chooses ``discard`` cards, in the same order, and those are discarded at once."""

    who: Ref
    filter: Filter
    discard: int = 1


@dataclass(frozen=True, slots=True)
class ReturnPutThisWay(Effect):
    """"Return a creature card put into a graveyard this way to the battlefield under your
    control", "Return up to two creature cards put into graveyards this way …" (Danse Macabre):
    ``n`` (``up_to``: up to ``n``) of the cards an earlier sacrifice of the same effect put into
    graveyards, still there and matching ``filter``, chosen as this happens (CR 608.2c, 608.2d),
    put onto the battlefield under your control together (CR 110.2a)."""

    filter: Filter
    n: int = 1
    up_to: bool = False
