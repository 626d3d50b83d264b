"""The productions of dungeons and the initiative (CR 309, 701.49, 726): the triggers,
conditions and effects that read them, what each lowers to and what each still refuses."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.language.event_triggers import ZoneTrigger
from undercity.cards.language.zone_moves import ReturnSourceCard
from undercity.cards.text.compile import Compiled, compile_fields


def _card(text: str, *types: str, subtypes: tuple[str, ...] = ()) -> Compiled:
    fields: dict[str, Any] = {"name": "Test Card", "oracle_text": text, "types": list(types or ["Enchantment"]),
                              "subtypes": list(subtypes), "layout": "normal"}
    if "Creature" in fields["types"]:
        fields |= {"power": "2", "toughness": "2"}
    return compile_fields(fields)


def test_whenever_you_complete_a_dungeon() -> None:
    """Varis, Silverymoon Ranger (CR 309.7): the trigger of its controller's completing one."""
    c = _card("Whenever you complete a dungeon, create a 2/2 green Wolf creature token.", "Creature")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == m.Trigger("complete_dungeon") and t.effects[0].n == 1


def test_whenever_you_complete_a_dungeon_return_this_card_works_from_the_graveyard() -> None:
    """Dungeon Crawler (CR 113.6m): an ability that returns its card from the graveyard
    functions only there."""
    c = _card("Whenever you complete a dungeon, you may return this card from your graveyard to your hand.",
              "Creature")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == ZoneTrigger("complete_dungeon", zone="graveyard") and t.optional
    assert t.effects == (ReturnSourceCard(),)


def test_whenever_an_opponent_completes_a_dungeon_is_not_read() -> None:
    c = _card("Whenever an opponent completes a dungeon, draw a card.")
    assert c.stage != "implemented"


def test_creature_cards_put_into_your_graveyard_once_each_turn() -> None:
    """Sefris of the Hidden Ways (CR 603.2c): "one or more creature cards are put into your
    graveyard from anywhere" with "This ability triggers only once each turn" — the first such
    event each turn."""
    c = _card("Whenever one or more creature cards are put into your graveyard from anywhere, venture into the "
              "dungeon. This ability triggers only once each turn.", "Creature")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == ZoneTrigger("creature_cards_to_your_graveyard", once_each_turn=True)
    assert t.effects == (m.Venture(),)


def test_other_cards_put_into_a_graveyard_once_each_turn_stay_refused() -> None:
    c = _card("Whenever one or more land cards are put into your graveyard from anywhere, draw a card. "
              "This ability triggers only once each turn.")
    assert (c.stage, c.reason) == ("lower", "this ability triggers only once each turn")


def test_whenever_you_attack_the_player_who_has_the_initiative() -> None:
    """Loot Dispute (CR 508.3e, 726): creatures declared attacking the player with the
    initiative."""
    from undercity.cards.language.event_triggers import AttackPlayer

    c = _card("Whenever you attack the player who has the initiative, create a Treasure token.")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == AttackPlayer(defender="initiative")


def test_room_abilities_trigger_an_additional_time() -> None:
    """Hama Pashar, Ruin Seeker (CR 603.2d), and granted to commanders by Dungeon Delver's quoted
    ability (CR 613.1f)."""
    from undercity.cards.language.static_abilities import RoomAbilitiesTriggerAgain

    c = _card("Room abilities of dungeons you own trigger an additional time.", "Creature")
    assert c.implemented, c.reason
    (st,) = c.lowered.static
    assert type(st) is RoomAbilitiesTriggerAgain
    c = _card('Commander creatures you own have "Room abilities of dungeons you own trigger an additional time."',
              subtypes=("Background",))
    assert c.implemented, c.reason
    (g,) = c.lowered.static
    assert g.to == "commanders_you_own" and [type(a) for a in g.abilities] == [RoomAbilitiesTriggerAgain]


def test_you_have_hexproof_and_opponents_venture_once_each_turn() -> None:
    """Keen-Eared Sentry (CR 702.11c, 701.49): two static abilities of rules the engine asks."""
    from undercity.cards.language.static_abilities import PlayerHexproof, VentureOnceEachTurn

    c = _card("You have hexproof.\nEach opponent can't venture into the dungeon more than once each turn.", "Creature")
    assert c.implemented, c.reason
    assert [type(s) for s in c.lowered.static] == [PlayerHexproof, VentureOnceEachTurn]


def test_you_have_a_keyword_other_than_hexproof_stays_refused() -> None:
    """"You have shroud" is a rule the engine doesn't ask about players (CR 702.18)."""
    assert _card("You have shroud.").stage == "lower"


def test_an_effect_instead_if_you_have_completed_a_dungeon() -> None:
    """White Plume Adventurer (CR 608.2c): "untap a creature you control" (one chosen as it
    resolves), or all of them instead if the condition holds then."""
    from undercity.cards.language.conditions import IfElse
    from undercity.cards.language.tap_untap import Untap, UntapOne

    c = _card("At the beginning of each opponent's upkeep, untap a creature you control. If you've completed a "
              "dungeon, untap all creatures you control instead.", "Creature")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    yours = m.F("Creature", controller="you")
    assert t.effects == (IfElse(m.Condition("completed_dungeon"), (Untap(m.ALL(yours)),), (UntapOne(yours),)),)


def test_an_instead_with_a_condition_the_engine_lacks_stays_refused() -> None:
    c = _card("At the beginning of your upkeep, draw a card. If you control an Ox, draw two cards instead.")
    assert c.stage != "implemented"


def test_mana_instead_if_a_named_condition_holds() -> None:
    """Sarevok's Tome, Undermountain Adventurer (CR 605.3a, 106.1): "add six {G}" is six of the
    one symbol; the condition is checked as the mana ability resolves."""
    from undercity.cards.language.mana_abilities import AddManaIf

    c = _card("{T}: Add {C}. If you have the initiative, add {C}{C} instead.", "Artifact")
    assert c.implemented, c.reason
    assert c.lowered.activated[0].effects == (AddManaIf("C", cond=m.Condition("have_initiative"), mana_if="CC"),)
    c = _card("{T}: Add {G}{G}. If you've completed a dungeon, add six {G} instead.", "Creature")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.mana_ability and a.effects == (AddManaIf("GG", cond=m.Condition("completed_dungeon"),
                                                      mana_if="GGGGGG"),)


def test_you_become_the_monarch_and_if_youre_the_monarch() -> None:
    """Skyline Despot (CR 725.3, 603.4): becoming the monarch, and the intervening "if" of the
    monarch, checked as it triggers and as it resolves."""
    from undercity.cards.language.monarch import IS_MONARCH, BecomeMonarch

    c = _card("When this creature enters, you become the monarch.\nAt the beginning of your upkeep, if you're the "
              "monarch, create a 5/5 red Dragon creature token with flying.", "Creature")
    assert c.implemented, c.reason
    enters, upkeep = c.lowered.triggered
    assert enters.effects == (BecomeMonarch(),) and upkeep.if_ == IS_MONARCH


def test_another_player_becomes_the_monarch_stays_refused() -> None:
    c = _card("When this creature enters, target opponent becomes the monarch.", "Creature")
    assert c.stage != "implemented"


def test_it_explores() -> None:
    """Seasoned Dungeoneer (CR 701.44): "It explores." — the target the sentence before named."""
    from undercity.cards.language.explore import Explore

    c = _card("Whenever you attack, target attacking Cleric, Rogue, Warrior, or Wizard gains protection from "
              "creatures until end of turn. It explores.", "Creature")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.effects[-1] == Explore(m.T(0)) and t.targets[0].filter.attacking


def test_if_you_or_a_player_youre_attacking_has_the_initiative() -> None:
    """Undercellar Sweep (CR 726, 603.4, 508.4): an intervening "if" of "Whenever you attack", and
    tokens created tapped and attacking."""
    from undercity.cards.language.conditions import InitiativeInAttack

    c = _card("Whenever you attack, if you or a player you're attacking has the initiative, you create two 1/1 "
              "white Soldier creature tokens that are tapped and attacking.")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == m.Trigger("you_attack") and t.if_ == InitiativeInAttack()
