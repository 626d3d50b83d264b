"""The size of a party (CR 700.8a): each creature counts for one party type it has, and the
highest possible number is used (ruling 2020-09-25, Archpriest of Iona)."""

from undercity.engine.party import count


def test_a_cleric_and_a_cleric_wizard_are_a_party_of_two() -> None:
    assert count([{"Cleric"}, {"Cleric", "Wizard"}]) == 2
    assert count([{"Cleric", "Wizard"}, {"Cleric"}]) == 2  # whichever is looked at first


def test_one_creature_counts_once_whatever_its_types() -> None:
    assert count([{"Cleric", "Rogue", "Warrior", "Wizard"}]) == 1


def test_two_creatures_of_the_same_type_count_once() -> None:
    assert count([{"Wizard"}, {"Wizard"}, set()]) == 1


def test_a_full_party_needs_four_creatures_assignable_to_the_four_types() -> None:
    assert count([{"Cleric", "Rogue"}, {"Rogue", "Warrior"}, {"Warrior", "Wizard"}, {"Wizard", "Cleric"}]) == 4
    assert count([{"Cleric", "Rogue"}, {"Cleric", "Rogue"}, {"Cleric", "Rogue"}, {"Wizard"}]) == 3
    assert count([]) == 0
