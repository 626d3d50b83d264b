"""The productions Rowan Kenrith and Will Kenrith brought: an emblem with a triggered ability
(CR 114.2), "whenever you activate an ability that isn't a mana ability" (CR 602.2), "partner
with [name]" (CR 702.124j), "~ can be your commander" (CR 903.3a), "during target player's next
turn" (CR 611.2a), damage to "each tapped creature target player controls", several targets
each with base power and toughness until your next turn (CR 613.4b), and a cost change of a
resolved effect (CR 601.2f) — what each lowers to, and what each still refuses."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.language.attack_requirements import AttackDuringNextTurn
from undercity.cards.language.base_pt import SetBasePTUntilYourNextTurn
from undercity.cards.language.damage import DamageEach
from undercity.cards.language.emblems import GetEmblemWith
from undercity.cards.language.event_triggers import ActivatesAbility
from undercity.cards.language.partner import SearchForPartner
from undercity.cards.language.spell_copies import CopyThatAbility
from undercity.cards.language.spell_costs import CostChangeUntilYourNextTurn
from undercity.cards.text.compile import Compiled, compile_fields


def _walker(text: str, name: str = "Test Walker") -> Compiled:
    fields: dict[str, Any] = {"name": name, "oracle_text": text, "types": ["Planeswalker"],
                              "supertypes": ["Legendary"], "subtypes": [], "layout": "normal", "loyalty": "4"}
    return compile_fields(fields)


def test_an_emblem_with_a_cast_trigger_is_its_quoted_ability() -> None:
    """CR 114.2: the quoted text is the emblem's triggered ability, "you" its owner."""
    c = _walker('[−8]: Target player gets an emblem with "Whenever you cast an instant or sorcery spell, copy it. '
                'You may choose new targets for the copy."')
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.cost.loyalty == -8 and a.targets == (m.TARGET_PLAYER,)
    (e,) = a.effects
    assert isinstance(e, GetEmblemWith) and e.player == m.T(0)
    (t,) = e.triggered
    assert t.when.event == "cast" and t.effects == (m.CopySpell(new_targets=True),)


def test_an_activation_trigger_copies_the_ability_activated() -> None:
    """CR 602.2, 707.10: "copy it" of an activation trigger is the ability activated."""
    c = _walker('[−8]: You get an emblem with "Whenever you activate an ability that isn\'t a mana ability, copy it. '
                'You may choose new targets for the copy."')
    assert c.implemented, c.reason
    (e,) = c.lowered.activated[0].effects
    (t,) = e.triggered
    assert isinstance(t.when, ActivatesAbility) and t.effects == (CopyThatAbility(new_targets=True),)


def test_an_emblem_with_a_static_ability_is_refused() -> None:
    """Only triggered abilities of emblems are read; a static one (layer effects) isn't."""
    c = _walker('[−7]: You get an emblem with "Creatures you control get +1/+1."')
    assert not c.implemented and "emblem" in c.reason


def test_copy_it_without_new_targets_is_still_refused_for_an_activation_trigger() -> None:
    c = _walker('[−8]: You get an emblem with "Whenever you activate an ability that isn\'t a mana ability, copy it."')
    assert not c.implemented


def test_partner_with_is_its_search_trigger() -> None:
    """CR 702.124j: "When this permanent enters, target player may search …"."""
    c = _walker("Partner with Will Kenrith")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == m.Trigger("enters") and t.targets == (m.TARGET_PLAYER,)
    assert t.effects == (SearchForPartner("Will Kenrith"),)


def test_can_be_your_commander_is_nothing_in_the_game() -> None:
    """CR 903.3a: a rule of choosing commanders (formats/commander.py)."""
    c = _walker("Test Walker can be your commander.")
    assert c.implemented, c.reason
    assert not (c.lowered.static or c.lowered.triggered or c.lowered.activated)


def test_during_target_players_next_turn_each_creature_attacks() -> None:
    c = _walker("[+2]: During target player's next turn, each creature that player controls attacks if able.")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.targets == (m.TARGET_PLAYER,) and a.effects == (AttackDuringNextTurn(m.T(0), m.F("Creature")),)


def test_damage_to_each_tapped_creature_target_player_controls() -> None:
    """The player is the target, not the creatures (ruling 2018-06-08, Rowan Kenrith)."""
    c = _walker("[−2]: Test Walker deals 3 damage to each tapped creature target player controls.")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.targets == (m.TARGET_PLAYER,)
    assert a.effects == (DamageEach(3, (m.F("Creature", tapped=True),), controlled_by=m.T(0)),)


def test_several_targets_each_have_base_pt_and_lose_all_abilities_until_your_next_turn() -> None:
    """CR 115.3: two targets of one word, each its own effect."""
    c = _walker("[+2]: Until your next turn, up to two target creatures each have base power and toughness 0/3 "
                "and lose all abilities.")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert [t.optional for t in a.targets] == [True, True] and [t.same_word for t in a.targets] == [False, True]
    assert a.effects == (SetBasePTUntilYourNextTurn(m.T(0), 0, 3, True), SetBasePTUntilYourNextTurn(m.T(1), 0, 3, True))


def test_spells_that_player_casts_cost_less_until_your_next_turn() -> None:
    c = _walker("[−2]: Target player draws two cards. Until your next turn, instant, sorcery, and planeswalker "
                "spells that player casts cost {2} less to cast.")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.effects == (m.Draw(2, m.T(0)),
                         CostChangeUntilYourNextTurn(m.T(0), m.F("Instant", "Sorcery", "Planeswalker"), -2))


def test_that_player_casts_in_a_static_ability_is_refused() -> None:
    """Without a resolved effect, "that player" names no one."""
    fields: dict[str, Any] = {"name": "Test", "oracle_text": "Instant spells that player casts cost {1} less to cast.",
                              "types": ["Enchantment"], "subtypes": [], "layout": "normal"}
    assert not compile_fields(fields).implemented
