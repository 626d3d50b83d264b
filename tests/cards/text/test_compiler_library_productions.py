"""Productions of searches, looks at the top of a library, mana and amounts that moved
hand-written cards to the compiler: what each lowers to, and what each refuses rather than
guess."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.language.library_top import LookTopPutLand
from undercity.cards.language.mana_abilities import AddManaPer
from undercity.cards.language.quantities import GreatestPower, Times
from undercity.cards.language.search import SearchUpTo
from undercity.cards.language.spell_costs import CostChange
from undercity.cards.language.zone_moves import ReturnUpToOne
from undercity.cards.text.compile import Compiled, compile_fields


def _card(text: str, *types: str, subtypes: tuple[str, ...] = (), name: str = "Test Card") -> Compiled:
    fields: dict[str, Any] = {"name": name, "oracle_text": text, "types": list(types or ["Sorcery"]),
                              "subtypes": list(subtypes), "layout": "normal"}
    if "Creature" in fields["types"]:
        fields |= {"power": "2", "toughness": "2"}
    return compile_fields(fields)


_SPLIT = ("Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield "
          "tapped and the other into your hand, then shuffle.")


def test_put_one_and_the_other_splits_the_cards_found() -> None:
    """Cultivate (CR 701.23, 608.2c): the two cards found, one onto the battlefield tapped and
    the other into the hand — one split Search."""
    c = _card(_SPLIT)
    assert c.implemented, c.reason
    assert c.lowered.spell.effects == (m.Search(m.F("Land", basic=True), n=2, to="battlefield", tapped=True,
                                                split=True),)


def test_put_one_and_the_other_to_zones_the_split_search_lacks_is_refused() -> None:
    c = _card(_SPLIT.replace("onto the battlefield tapped and the other into your hand",
                             "into your hand and the other onto the battlefield tapped"))
    assert c.stage == "lower"
    c = _card(_SPLIT.replace("up to two", "up to three"))
    assert c.stage == "lower"


_LOOK = "{4}, {T}: Look at the top card of your library. If it's a land card, you may put it onto the battlefield tapped."


def test_if_its_a_land_card_you_may_put_it_onto_the_battlefield() -> None:
    """Explorer's Scope, Into the Wilds (CR 401.5, 305.4): the card looked at, onto the
    battlefield tapped or not as the text says; otherwise it stays on top."""
    c = _card(_LOOK, "Artifact")
    assert c.implemented, c.reason
    assert c.lowered.activated[0].effects == (LookTopPutLand(),)
    c = _card(_LOOK.replace(" tapped.", "."), "Artifact")
    assert c.lowered.activated[0].effects == (LookTopPutLand(tapped=False),)


def test_if_you_dont_put_the_card_onto_the_battlefield() -> None:
    """Lantern of Revealing, Risen Reef (CR 608.2c): where the card goes otherwise — "you may
    put it on the bottom of your library" or "put it into your hand"."""
    c = _card(_LOOK + " If you don't put the card onto the battlefield, you may put it on the bottom of your library.",
              "Artifact")
    assert c.implemented, c.reason
    assert c.lowered.activated[0].effects == (LookTopPutLand(bottom=True),)
    c = _card(_LOOK + " If you don't put the card onto the battlefield, put it into your hand.", "Artifact")
    assert c.lowered.activated[0].effects == (LookTopPutLand(else_hand=True),)


def test_if_you_dont_put_the_card_somewhere_the_engine_lacks_is_refused() -> None:
    c = _card(_LOOK + " If you don't put the card onto the battlefield, you may put it into your graveyard.",
              "Artifact")
    assert not c.implemented
    c = _card(_LOOK + " If you don't put the card onto the battlefield, put it on the bottom of your library.",
              "Artifact")
    assert c.stage == "lower"


_CREATURES = m.F("Creature", controller="you")


def test_draw_a_card_and_gain_life_for_each_creature_you_control() -> None:
    """Shamanic Revelation (CR 608.2h): both counted as the spell resolves; "with power 4 or
    greater" is a quality of the permanents counted."""
    c = _card("Draw a card for each creature you control.\nFerocious — You gain 4 life for each creature you control "
              "with power 4 or greater.")
    assert c.implemented, c.reason
    draw, life = c.lowered.spell.effects
    assert draw == m.Draw(m.Count("permanents", _CREATURES, m.YOU))
    assert life == m.GainLife(Times(of=m.Count("permanents", m.F("Creature", controller="you", min_power=4), m.YOU),
                                    k=4))


def test_draw_for_each_of_something_not_counted_is_refused() -> None:
    assert _card("Draw a card for each tapped creature you control.").stage == "lower"
    assert _card("Draw a card for each creature card in your graveyard.").stage == "lower"


def test_add_mana_for_each_permanent_you_control() -> None:
    """Circle of Dreams Druid, Gaea's Cradle (CR 605.3a, 106.4): a mana ability counting the
    permanents as it resolves — none if there are none."""
    c = _card("{T}: Add {G} for each creature you control.", "Land")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.mana_ability and a.effects == (AddManaPer("G"),)
    c = _card("{T}: Add {G} for each Elf you control.", "Creature", subtypes=("Elf",))
    assert c.lowered.activated[0].effects == (AddManaPer("G", per=m.F(subtypes={"Elf"})),)


def test_add_mana_for_each_permanent_with_a_cost_the_planner_lacks_is_refused() -> None:
    """Cabal Coffers: the planner's counted mana abilities cost {T} alone."""
    assert _card("{2}, {T}: Add {B} for each Swamp you control.", "Land").stage == "lower"


def test_hexproof_as_long_as_its_untapped() -> None:
    """Paradise Druid, Dragonlord Ojutai (CR 702.11b, 604.1): the static ability the rules ask
    of the permanent as it is."""
    c = _card("~ has hexproof as long as it's untapped.", "Creature")
    assert c.implemented, c.reason
    assert [s.kind for s in c.lowered.static] == ["hexproof_while_untapped"]


def test_other_abilities_as_long_as_its_untapped_are_refused() -> None:
    """Giant Tortoise: +0/+3 while untapped is a layer effect the engine doesn't condition so."""
    assert _card("~ gets +0/+3 as long as it's untapped.", "Creature").stage == "lower"
    assert _card("~ has flying as long as it's untapped.", "Creature").stage == "lower"


_GREATEST = GreatestPower(filter=_CREATURES)


def test_search_for_up_to_x_where_x_is_the_greatest_power() -> None:
    """Traverse the Outlands (CR 107.3a, 608.2h, 701.23): X counted once as the search begins;
    "Put those cards onto the battlefield tapped, then shuffle." is the same search."""
    c = _card("Search your library for up to X basic land cards, where X is the greatest power among creatures you "
              "control. Put those cards onto the battlefield tapped, then shuffle.")
    assert c.implemented, c.reason
    assert c.lowered.spell.effects == (SearchUpTo(m.F("Land", basic=True), _GREATEST, tapped=True),)


def test_where_x_is_the_greatest_power_counts_as_it_resolves() -> None:
    """Fungal Sprouting, Essence Harvest: not the number of creatures (CR 107.3a)."""
    c = _card("Create X 1/1 green Saproling creature tokens, where X is the greatest power among creatures you "
              "control.")
    assert c.implemented, c.reason
    assert c.lowered.spell.effects[0].n == _GREATEST
    c = _card("Target player loses X life and you gain X life, where X is the greatest power among creatures you "
              "control.")
    assert [e.n for e in c.lowered.spell.effects] == [_GREATEST, _GREATEST]


def test_where_x_is_the_greatest_power_of_what_the_engine_does_not_count_is_refused() -> None:
    assert _card("Draw X cards, where X is the greatest power among creatures your opponents control.").stage \
        == "lower"
    assert _card("Creatures you control get +X/+X until end of turn, where X is the greatest power among "
                 "creatures you control.").stage in ("lower", "parse")


def test_a_cost_change_for_each_time_youve_cast_a_commander() -> None:
    """Font of Magic (CR 601.2f, 903.8): {1} less for each cast of a commander of yours from the
    command zone this game."""
    c = _card("Instant and sorcery spells you cast cost {1} less to cast for each time you've cast a commander from "
              "the command zone this game.", "Enchantment")
    assert c.implemented, c.reason
    (st,) = c.lowered.static
    assert isinstance(st, CostChange)
    assert (st.spells, st.generic, st.per, st.caster) == (m.F("Instant", "Sorcery"), -1, "commander_casts", "you")


def test_a_cost_change_for_each_cast_of_your_commander_is_refused() -> None:
    """"Your commander" of two partners would name one of them (CR 903.3c): not counted so."""
    c = _card("Creature spells you cast cost {1} less to cast for each time you've cast your commander from the "
              "command zone this game.", "Enchantment")
    assert c.stage == "lower"


def test_return_up_to_one_card_of_each_description() -> None:
    """Druidic Ritual (CR 608.2d): not targeted — one card of each description, or none, chosen
    from the graveyard as it resolves."""
    c = _card("Return up to one creature card and up to one land card from your graveyard to your hand.")
    assert c.implemented, c.reason
    assert c.lowered.spell.effects == (ReturnUpToOne(m.CREATURE, to="hand"), ReturnUpToOne(m.F("Land"), to="hand"))


def test_return_up_to_one_of_each_from_elsewhere_is_refused() -> None:
    c = _card("Return up to one creature card and up to one land card from a graveyard to your hand.")
    assert not c.implemented
