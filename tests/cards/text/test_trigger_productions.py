"""Productions of trigger events and activation restrictions read from the text: a permanent's
own leaving the battlefield (CR 603.6c, 603.10a, 400.7e), "enters the battlefield or …" as two
trigger events (CR 603.2), "a creature attacks one of your opponents" (CR 508.3a), "Activate
only during your turn." (CR 602.5b), and the amounts "where X is the number of attacking
creatures" / "that spell's mana value" (CR 107.3a, 608.2h) — what each lowers to, and what each
still refuses."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.language.conditions import YourTurn
from undercity.cards.language.quantities import SPELL_MANA_VALUE
from undercity.cards.text.compile import Compiled, compile_fields


def _card(text: str, *types: str, name: str = "Test Card") -> Compiled:
    fields: dict[str, Any] = {"name": name, "oracle_text": text, "types": list(types or ["Creature"]),
                              "subtypes": [], "layout": "normal"}
    if "Creature" in fields["types"]:
        fields |= {"power": "2", "toughness": "2"}
    return compile_fields(fields)


def test_when_this_leaves_the_battlefield_is_a_leaves_trigger() -> None:
    """Clockwork Fox: "When ~ leaves the battlefield" — to any zone (CR 603.6c)."""
    c = _card("When Test Card leaves the battlefield, you draw two cards and each opponent draws a card.")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == m.Trigger("leaves") and t.effects == (m.Draw(2, m.YOU), m.Draw(1, m.EACH_OPPONENT))


def test_returning_itself_after_moving_finds_the_new_object() -> None:
    """Rancor: "When ~ is put into a graveyard from the battlefield, return ~ to its owner's
    hand" — "~" is the card it became in the graveyard (CR 400.7e), not the permanent that left;
    so is "~" of "When ~ dies, return ~ …"."""
    c = _card("When Test Card is put into a graveyard from the battlefield, return Test Card to its owner's hand.",
              "Enchantment")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == m.Trigger("put_into_graveyard") and t.effects == (m.ReturnToHand(m.TRIGGER_OBJECT),)
    (t,) = _card("When Test Card dies, return Test Card to its owner's hand.").lowered.triggered
    assert t.when == m.Trigger("dies") and t.effects == (m.ReturnToHand(m.TRIGGER_OBJECT),)


def test_enters_or_leaves_is_one_ability_with_two_trigger_events() -> None:
    """Prized Statue, Undercellar Myconid (CR 603.2): each event triggers it."""
    c = _card("When Test Card enters the battlefield or is put into a graveyard from the battlefield, "
              "create a Treasure token.", "Artifact")
    assert c.implemented, c.reason
    assert [t.when for t in c.lowered.triggered] == [m.Trigger("enters"), m.Trigger("put_into_graveyard")]
    c = _card("Whenever Test Card enters the battlefield or dies, create a 1/1 green Saproling creature token.")
    assert c.implemented, c.reason
    assert [t.when for t in c.lowered.triggered] == [m.Trigger("enters"), m.Trigger("dies")]


def test_a_creature_attacks_one_of_your_opponents() -> None:
    """Calculating Lich (CR 508.3a): anyone's creature; "that player" is the attacked opponent."""
    c = _card("Whenever a creature attacks one of your opponents, that player loses 1 life.")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.when == m.Trigger("attacks", filter=m.F("Creature"), whose="opponent")
    assert t.effects == (m.LoseLife(1, m.DEFENDING),)


def test_activate_only_during_your_turn_is_the_condition_checked_on_activation() -> None:
    """Steadfast Unicorn (CR 602.5b)."""
    c = _card("{3}{W}: Creatures you control get +1/+1 and gain vigilance until end of turn. "
              "Activate only during your turn.")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.only_if == YourTurn() and not a.sorcery_speed


def test_where_x_is_the_number_of_attacking_creatures() -> None:
    """Jazal Goldmane: anyone's attacking creatures, counted once as it resolves (CR 608.2h);
    "+X/+X" changes nothing the count reads, unless the count reads a keyword it grants."""
    c = _card("{3}{W}{W}: Attacking creatures you control get +X/+X until end of turn, where X is the number "
              "of attacking creatures.")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    x = m.Count("permanents", m.F("Creature", attacking=True), m.EACH_PLAYER)
    assert a.effects == (m.Pump(x, x, m.ALL(m.F("Creature", controller="you", attacking=True))),)
    c = _card("Target creature gets +X/+X until end of turn, where X is the number of creatures you control.",
              "Instant")
    assert c.implemented, c.reason
    assert c.lowered.spell.effects == (m.Pump(m.Count("permanents", m.F("Creature", controller="you"), m.YOU),
                                              m.Count("permanents", m.F("Creature", controller="you"), m.YOU),
                                              m.T(0)),)
    c = _card("Creatures you control get +X/+X and gain flying until end of turn, where X is the number of "
              "creatures you control with flying.", "Instant")
    assert (c.stage, c.reason) == ("lower", "where X is the number of creatures you control with flying")


def test_where_x_is_that_spells_mana_value() -> None:
    """Livaan, Cultist of Tiamat: the spell the cast trigger names (CR 202.3); refused where no
    spell is named."""
    c = _card("Whenever you cast a noncreature spell, target creature gets +X/+0 until end of turn, where X is "
              "that spell's mana value.")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.effects == (m.Pump(SPELL_MANA_VALUE, 0, m.T(0)),)
    c = _card("When Test Card enters the battlefield, target creature gets +X/+0 until end of turn, where X is "
              "that spell's mana value.")
    assert (c.stage, c.reason) == ("lower", "where X is the mana value of that spell")
