"""A player being attacked (CR 506.2, 508.3b) — and the player an Aura enchants (CR 303.4b).

* :class:`PlayerAttacked` — "Whenever enchanted player is attacked" (CR 508.3b): one or more
  creatures are declared as attackers attacking the player this Aura is attached to; once per
  declaration of attackers however many attack that player, not when only a planeswalker that
  player controls is attacked, and not for creatures put onto the battlefield attacking
  (CR 508.4). The trigger records the attacked player (:data:`ATTACKED_PLAYER`, "that player").
* :class:`AttackAPlayer` — "Whenever one or more Dragons you control attack an opponent"
  (CR 508.3e): once per player attacked; "target creature that player controls" is a target
  controlled by the attacked player (``TargetSpec.controlled_by``).
* :data:`OPPONENTS_ATTACKING` — "each opponent attacking that player": the opponents of the
  ability's controller who control a creature attacking the attacked player as the ability
  resolves (the Curses' ruling 2017-08-25: with none attacking any more, only the Curse's
  controller acts).

The engine side is :mod:`undercity.engine.attacked_players`; an Aura attached to a player keeps
that player in ``Obj.attached_player`` (``attached_to`` is for objects).

**For the Oracle-text compiler.** "Enchant player" is the Aura spell's target "target player"
(CR 702.5a, 303.4a); "Whenever enchanted player is attacked, [effects]." is
``PlayerAttacked()``; a following "Each opponent attacking that player does the same." is the
sentence before it again, with :data:`OPPONENTS_ATTACKING` as the player doing it
(:func:`undercity.cards.text.lower.does_the_same`).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.cards.model import Ref, Trigger


@dataclass(frozen=True, slots=True)
class PlayerAttacked(Trigger):
    """"Whenever enchanted player is attacked" (CR 508.3b). ``defender``: ``enchanted`` (the
    player this Aura is attached to)."""

    event: str = "player_attacked"
    defender: str = "enchanted"


@dataclass(frozen=True, slots=True)
class AttackAPlayer(Trigger):
    """"Whenever one or more Dragons you control attack an opponent", "Whenever you attack a
    player" (CR 508.3e): once for each player that one or more creatures you control matching
    ``filter`` (any creature: None) are declared attacking — however many attack them, not for
    a planeswalker or battle attacked, and not for creatures put onto the battlefield
    attacking. ``whose="opponent"``: "Whenever an opponent attacks another one of your
    opponents" — once for each pair of an opponent and another opponent they attack. "that
    player" is the attacked player (:data:`ATTACKED_PLAYER`), "the attacking player" the one
    whose creatures attack (:data:`ATTACKING_PLAYER`)."""

    event: str = "attack_a_player"


#: "that player" of a :class:`PlayerAttacked` trigger: the player who was attacked.
ATTACKED_PLAYER = Ref("attacked_player")
#: "the attacking player" of an :class:`AttackAPlayer` trigger: the player whose creatures attacked.
ATTACKING_PLAYER = Ref("attacking_player")
#: "you and the attacking player each …": both, in APNAP order (CR 101.4).
YOU_AND_ATTACKING_PLAYER = Ref("you_and_attacking_player")
#: "each opponent attacking that player", as the ability resolves (CR 506.2, 508.1k).
OPPONENTS_ATTACKING = Ref("opponents_attacking_that_player")
