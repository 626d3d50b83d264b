"""The effect language, grown for the white and colorless cards of the Linden Commander deck
(cards/pool/clb_white.py): general effects, amounts, trigger events and conditions that
:mod:`undercity.cards.model` lacked. Handled by :mod:`undercity.engine.effects_clb_white`.

Effects: :class:`Tap` (CR 701.26a), :class:`ExileGraveyardOf` (a player's graveyard),
:class:`ExileUntilLeaves` ("exile … until this permanent leaves the battlefield", CR 610.3),
:class:`Flicker` ("exile …, then return that card to the battlefield under its owner's
control", CR 400.7, 610.3).

Amounts: :data:`TARGET_MANA_VALUE` (the mana value of target 0, or as it last existed).

Trigger events (``Trigger.event``), detected by ``effects_clb_white.watch``:

* ``you_gain_life`` — whenever you gain life (once per life-gain event, CR 119.9);
* ``another_leaves`` — whenever another permanent matching ``filter`` you control leaves the
  battlefield (it looks back in time, CR 603.10a);
* ``equipped_dies`` — whenever the creature this Equipment is attached to dies
  (CR 603.10a: the Equipment is still attached as the creature leaves).

Conditions (``Condition.what``): ``opponent_more_lands`` (an opponent controls more lands than
you), ``your_main_phase`` (it is your main phase — for addendum, an ability word, CR 207.2c: a
spell resolving in your main phase was cast in it, CR 500.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Count, Effect, Ref

#: The mana value of the first target (CR 202.3), as it last existed if it left (CR 608.2h).
TARGET_MANA_VALUE = Count("target_mana_value")


@dataclass(frozen=True, slots=True)
class Tap(Effect):
    """Tap ``what`` (every permanent it names; CR 701.26a)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class ExileGraveyardOf(Effect):
    """Exile each card in the graveyard of each player ``who`` names (Angel of Finality)."""

    who: Ref


@dataclass(frozen=True, slots=True)
class ExileUntilLeaves(Effect):
    """Exile ``what`` until this permanent leaves the battlefield (CR 610.3): if this
    permanent has already left the battlefield as this resolves, nothing is exiled
    (CR 610.3c); when it leaves, the exiled cards return to the battlefield under their
    owners' control (CR 610.3a). Banishing Light, Portable Hole."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Flicker(Effect):
    """Exile ``what``, then return that card to the battlefield under its owner's control — a
    new object (CR 400.7); a token exiled this way ceases to exist and doesn't return
    (CR 111.7, 704.5d)."""

    what: Ref
