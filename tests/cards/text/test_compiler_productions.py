"""The productions for granted abilities (quoted abilities, CR 613.1f), "where X is the number
of …" (CR 107.3a) and returning a creature card from a graveyard to the battlefield: what each
lowers to, and what each refuses rather than guess."""

from __future__ import annotations

from typing import Any

from undercity.cards import model as m
from undercity.cards.language.block_restrictions import CantBeBlockedBy, CantBlock
from undercity.cards.language.cast_permissions import ExileTopPlayThisTurn
from undercity.cards.language.conditions import Controls
from undercity.cards.language.continuous import AddAbilities, Continuous, ModifyPT
from undercity.cards.language.dice import RollDie
from undercity.cards.language.dice import row as dice_row
from undercity.cards.language.quantities import TARGET_MANA_VALUE
from undercity.cards.language.spell_costs import CostChange
from undercity.cards.language.zone_moves import ExileGraveyardOf
from undercity.cards.text.compile import Compiled, compile_fields


def _card(text: str, *types: str, subtypes: tuple[str, ...] = (), name: str = "Test Card") -> Compiled:
    fields: dict[str, Any] = {"name": name, "oracle_text": text, "types": list(types or ["Enchantment"]),
                              "subtypes": list(subtypes), "layout": "normal"}
    if "Creature" in fields["types"]:
        fields |= {"power": "2", "toughness": "2"}
    return compile_fields(fields)


def test_a_background_grants_its_quoted_ability_to_commanders_you_own() -> None:
    """Clan Crafter (CR 702.124k): the quoted text is an ability of its own, "this creature"
    its holder; the Background itself has no activated ability."""
    c = _card('Commander creatures you own have "{2}, Sacrifice an artifact: Put a +1/+1 counter on this '
              'creature and draw a card."', subtypes=("Background",))
    assert c.implemented, c.reason
    (g,) = c.lowered.static
    assert isinstance(g, m.Grant) and g.to == "commanders_you_own" and not c.lowered.activated
    (a,) = g.abilities
    assert a.cost == m.Cost(mana=a.cost.mana, sacrifice=m.F("Artifact"))
    assert a.effects == (m.PutCounters("+1/+1", 1, m.SELF), m.Draw(1))


def test_an_aura_grants_pt_and_a_triggered_ability_to_the_enchanted_creature() -> None:
    """Verdant Embrace: +3/+3 and the quoted upkeep trigger, both on the enchanted creature."""
    c = _card('Enchant creature\nEnchanted creature gets +3/+3 and has "At the beginning of each upkeep, '
              'create a 1/1 green Saproling creature token."', subtypes=("Aura",))
    assert c.implemented, c.reason
    (g,) = c.lowered.static
    assert (g.to, g.p, g.t) == ("attached", 3, 3)
    (t,) = g.abilities
    assert t.when == m.Trigger("beginning_of", step="upkeep", whose="each")
    assert [s.name for s in c.lowered.tokens] == ["Saproling"]


def test_a_keyword_with_a_cost_among_granted_keywords_is_its_ability() -> None:
    """Winged Boots: "has flying and ward {4}" — flying a keyword, ward {4} its triggered
    ability (CR 702.21a) on the equipped creature."""
    c = _card("Equipped creature has flying and ward {4}.\nEquip {1}", "Artifact", subtypes=("Equipment",))
    assert c.implemented, c.reason
    (g,) = c.lowered.static
    assert g.keywords == frozenset({"flying"}) and [a.when.event for a in g.abilities] == ["becomes_target"]


def test_a_grant_whose_quoted_ability_the_engine_lacks_is_refused() -> None:
    c = _card('Commander creatures you own have "Whenever this creature is turned face up, you scry 1."',
              subtypes=("Background",))
    assert c.stage == "lower"


def test_a_grant_to_objects_the_engine_cannot_grant_to_is_refused() -> None:
    """Granting to "creatures you control" would need the layer system's grants to a set."""
    c = _card('Creatures you control have "{T}: Add {G}."')
    assert (c.stage, c.reason) == ("lower", "creatures you control have")


def test_keywords_alone_stay_an_object_modification() -> None:
    """"Equipped creature has flying" is not read as a grant (the static ability reads it)."""
    c = _card("Equipped creature has flying.\nEquip {1}", "Artifact", subtypes=("Equipment",))
    assert c.implemented and c.lowered.static[0].kind == "pump"


def test_where_x_is_the_number_of_permanents_counts_on_resolution() -> None:
    """Chain Reaction: X is a count of creatures on the battlefield (every player's)."""
    c = _card("~ deals X damage to each creature, where X is the number of creatures on the battlefield.",
              "Sorcery", name="Chain Reaction")
    assert c.implemented, c.reason
    x = m.Count("permanents", m.F("Creature"), m.EACH_PLAYER)
    assert c.lowered.spell.effects == (m.DealDamage(x, m.ALL(m.F("Creature"))),)
    c = _card("You gain X life, where X is the number of Elves you control.", "Instant")
    assert c.lowered.spell.effects == (m.GainLife(m.Count("permanents", m.F(subtypes={"Elf"}, controller="you"),
                                                          m.YOU)),)


def test_where_x_is_refused_when_the_count_is_not_of_permanents() -> None:
    """Corpse Augur's "creature cards in target player's graveyard" is no count the engine has."""
    c = _card("You draw X cards, where X is the number of creature cards in your graveyard.", "Sorcery")
    assert c.stage == "lower" and c.reason.startswith("where X is")


def test_where_x_is_refused_when_an_earlier_clause_changes_what_is_counted() -> None:
    """X is determined once (CR 608.2h): after "create a token" the count of creatures would
    differ between the two clauses, so the sentence is refused."""
    c = _card("Create a 1/1 white Soldier creature token and you gain X life, where X is the number of "
              "creatures you control.", "Sorcery")
    assert (c.stage, c.reason) == ("lower", "where X is the number of creatures you control")


def test_x_without_a_where_is_still_refused() -> None:
    c = _card("~ deals X damage to any target.", "Sorcery")
    assert (c.stage, c.reason) == ("lower", "X")


def test_returning_a_creature_card_from_your_graveyard_to_the_battlefield() -> None:
    """Doomed Necromancer: the card is a target in your graveyard, put onto the battlefield
    under your control."""
    c = _card("{B}, {T}, Sacrifice ~: Return target creature card from your graveyard to the battlefield.",
              "Creature", name="Doomed Necromancer")
    assert c.implemented, c.reason
    (a,) = c.lowered.activated
    assert a.effects == (m.ReturnToBattlefield(m.T(0)),)
    assert a.targets[0].zone == "graveyard" and a.targets[0].filter == m.F("Creature", controller="you")


def test_returning_to_the_battlefield_tapped_is_refused() -> None:
    c = _card("Return target creature card from your graveyard to the battlefield tapped.", "Sorcery")
    assert c.stage == "lower"


def test_you_may_pay_if_you_do_is_one_offer() -> None:
    """Eye of Vecna: the "If you do" sentence runs only if the {2} was paid (CR 608.2d)."""
    c = _card("At the beginning of your upkeep, you may pay {2}. If you do, you draw a card and you lose 2 life.",
              "Artifact")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert not t.optional
    (offer,) = t.effects
    assert (offer.cost, offer.effects) == ("{2}", (m.Draw(1), m.LoseLife(2, m.YOU)))


def test_a_payment_without_if_you_do_is_refused() -> None:
    c = _card("At the beginning of your upkeep, you may pay {2}.", "Artifact")
    assert c.stage == "lower"
    c = _card("At the beginning of your upkeep, you may pay {2}. Draw a card.", "Artifact")
    assert c.stage == "lower"


def test_you_may_sacrifice_if_you_do_is_one_optional_sacrifice() -> None:
    """"You may sacrifice a creature. If you do, draw a card." (CR 608.2d, 701.21a): a choice as
    it resolves, the draw only if a creature was sacrificed."""
    from undercity.cards.language.optional import May
    from undercity.cards.language.sacrifice import SacrificeThen

    c = _card("When ~ enters the battlefield, you may sacrifice a creature. If you do, draw a card.", "Creature")
    assert c.lowered.triggered[0].effects == (May((SacrificeThen(m.F("Creature"), (m.Draw(1),)),),
                                                  text="sacrifice a creature"),)


def test_if_you_do_after_other_optional_actions_is_still_refused() -> None:
    c = _card("When ~ enters the battlefield, you may tap an untapped creature you control. If you do, draw a card.",
              "Creature")
    assert c.stage == "lower"


def test_cant_block_and_cant_be_blocked_this_turn() -> None:
    """Restrictions on blocking until end of turn (CR 509.1b, 611.2a) on one object."""
    c = _card("{4}, {T}: Target creature can't be blocked this turn.", "Land", name="Rogue's Passage")
    assert c.lowered.activated[0].effects == (CantBeBlockedBy(m.T(0), m.F("Creature")),)
    c = _card("When ~ enters the battlefield, target creature can't block this turn.", "Creature")
    assert c.lowered.triggered[0].effects == (CantBlock(m.T(0)),)


def test_cant_block_of_a_set_of_creatures_is_refused() -> None:
    """"Creatures your opponents control can't block this turn" affects the creatures there as
    it resolves (CR 611.2c); the engine's restriction is on one object."""
    c = _card("Creatures your opponents control can't block this turn.", "Sorcery")
    assert not c.implemented
    c = _card("All creatures can't block this turn.", "Sorcery")
    assert (c.stage, c.reason) == ("lower", "all creatures can't block this turn")


def test_until_end_of_turn_first() -> None:
    """Swift Justice: the duration before the modification means the same (CR 611.2a)."""
    c = _card("Until end of turn, target creature gets +1/+0 and gains first strike and lifelink.", "Instant")
    assert c.implemented, c.reason
    assert c.lowered.spell.effects == (m.Pump(1, 0, m.T(0), frozenset({"first strike", "lifelink"})),)
    assert c.parsed.render() == "Until end of turn, target creature gets +1/+0 and gains first strike and lifelink."


def test_spells_you_cast_cost_less() -> None:
    """Dragonspeaker Shaman: a generic reduction for the caster's Dragon spells (CR 601.2f);
    "your opponents cast … more" is the same static ability for the opponents."""
    c = _card("Dragon spells you cast cost {2} less to cast.", "Creature")
    (cc,) = c.lowered.static
    assert isinstance(cc, CostChange) and (cc.spells, cc.caster, cc.generic) == (m.F(subtypes={"Dragon"}), "you", -2)
    c = _card("Noncreature spells your opponents cast cost {1} more to cast.", "Creature")
    (cc,) = c.lowered.static
    assert (cc.spells, cc.caster, cc.generic) == (m.F(not_types={"Creature"}), "opponent", 1)


def test_a_colored_cost_reduction_is_refused() -> None:
    c = _card("White spells you cast cost {W} less to cast.", "Creature")
    assert c.stage == "lower"


def test_exile_target_players_graveyard() -> None:
    """Bojuka Bog: the player is the target; every card of that graveyard is exiled."""
    c = _card("When ~ enters the battlefield, exile target player's graveyard.", "Land")
    (t,) = c.lowered.triggered
    assert t.effects == (ExileGraveyardOf(m.T(0)),) and t.targets == (m.TargetSpec("player", text="target player"),)
    c = _card("When ~ enters the battlefield, exile each opponent's graveyard.", "Creature")
    assert c.lowered.triggered[0].effects == (ExileGraveyardOf(m.EACH_OPPONENT),)


def test_three_mana_options_are_three_mana_abilities() -> None:
    """Arcane Sanctum: "Add {W}, {U}, or {B}" — one choice among three colors (CR 605.1a)."""
    c = _card("{T}: Add {W}, {U}, or {B}.", "Land")
    assert [a.effects[0].mana for a in c.lowered.activated] == ["W", "U", "B"]
    assert c.parsed.render() == "{T}: Add {W}, {U}, or {B}."


def _spell_x(text: str) -> Compiled:
    return compile_fields({"name": "Test Spell", "oracle_text": text, "types": ["Sorcery"], "subtypes": [],
                           "layout": "normal", "mana_cost": "{X}{U}"})


def test_x_of_a_spells_mana_cost() -> None:
    """Pull from Tomorrow: X is the value chosen as the spell is cast (CR 107.3a, 601.2b)."""
    c = _spell_x("Draw X cards, then discard a card.")
    assert c.implemented, c.reason
    assert c.lowered.spell.effects == (m.Draw(m.X), m.Discard(1))
    c = _spell_x("Target creature gets +X/+0 until end of turn.")
    assert c.lowered.spell.effects == (m.Pump(m.X, 0, m.T(0)),)


def test_minus_x_is_minus_one_times_x() -> None:
    """"-X/-X" with X of the cost (CR 107.3a): -1 times the X chosen as it was cast."""
    from undercity.cards.language.quantities import Times

    c = _spell_x("Target creature gets -X/-X until end of turn.")
    assert c.lowered is not None and c.lowered.spell.effects == (m.Pump(Times(of=m.X, k=-1), Times(of=m.X, k=-1), m.T(0)),)


def test_x_the_engine_does_not_count_is_refused() -> None:
    """Surveil X isn't counted on resolution (scry X is, CR 107.3a: Diviner's Portent); and
    activating an ability doesn't choose X yet."""
    assert _spell_x("Surveil X.").stage == "lower"
    assert _spell_x("Scry X.").lowered.spell.effects == (m.Scry(m.X),)
    c = _card("{X}, {T}: Add {C}.", "Artifact")
    assert (c.stage, c.reason) == ("lower", "{X}, {T}: add mana")  # the planner chooses no X
    c = _card("{X}, {T}: You gain X life.", "Artifact")  # X chosen as it is activated (CR 602.2b)
    assert c.lowered is not None and c.lowered.activated[0].effects == (m.GainLife(m.X, m.YOU),)


def test_exile_the_top_card_and_play_it_this_turn() -> None:
    """Dark-Dweller Oracle: the two sentences are one effect, a permission for this turn."""
    c = _card("{1}, Sacrifice a creature: Exile the top card of your library. You may play that card this turn.",
              "Creature")
    assert c.implemented, c.reason
    assert c.lowered.activated[0].effects == (ExileTopPlayThisTurn(),)


def test_exiling_the_top_card_alone_and_a_permission_not_read() -> None:
    """The exile alone is an exile of its own, "exiled with" its source (CR 406.3, 607.2a: Theater
    of Horrors' upkeep trigger); a permission in words the compiler doesn't read is refused."""
    from undercity.cards.language.exiled_with import ExileTopRemember

    c = _card("{1}: Exile the top card of your library.", "Artifact")
    assert c.implemented, c.reason
    assert c.lowered.activated[0].effects == (ExileTopRemember(1),)
    c = _card("{1}: Exile the top card of your library. You may play that card until end of turn.", "Artifact")
    assert not c.implemented


def test_a_results_table_is_one_roll_die() -> None:
    """Djinni Windseer: the table's lines belong to the roll (CR 706.3a); each row's effects
    happen for its range."""
    c = _card("When ~ enters the battlefield, roll a d20.\n1—9 | Scry 1.\n10—19 | Scry 2.\n20 | Scry 3.", "Creature")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    (roll,) = t.effects
    assert roll == RollDie(20, table=(dice_row("1—9", m.Scry(1)), dice_row("10—19", m.Scry(2)),
                                      dice_row("20", m.Scry(3))))
    assert c.parsed.render() == "When ~ enters the battlefield, roll a d20.\n1—9 | Scry 1.\n10—19 | Scry 2.\n20 | Scry 3."


def test_a_target_named_only_in_a_row_is_refused() -> None:
    """Contraband Livestock's rows name its target's controller (fine), but a row with its own
    target would need that target chosen before the roll for a row that may not happen."""
    c = _card("Roll a d20.\n1—9 | Destroy target creature.\n10—20 | Draw a card.", "Sorcery")
    assert c.stage == "lower" and c.reason.startswith("a target in a results table")


def test_a_bad_range_is_refused() -> None:
    c = _card("Roll a d20.\n9—1 | Draw a card.", "Sorcery")
    assert (c.stage, c.reason) == ("lower", "9—1")


def test_life_equal_to_the_targets_mana_value() -> None:
    """Feed the Swarm: the target's mana value, or as it last existed (CR 202.3)."""
    c = _card("Destroy target creature or enchantment an opponent controls. You lose life equal to that "
              "permanent's mana value.", "Sorcery")
    assert c.implemented, c.reason
    assert c.lowered.spell.effects[1] == m.LoseLife(TARGET_MANA_VALUE, m.YOU)


def test_life_equal_to_a_mana_value_without_a_target_is_refused() -> None:
    c = _card("When ~ dies, you gain life equal to its mana value.", "Creature")
    assert c.stage == "lower"


def test_whenever_you_gain_life() -> None:
    """Trelasarra, Moon Dancer: once per life-gain event (CR 119.9)."""
    c = _card("Whenever you gain life, put a +1/+1 counter on ~ and scry 1.", "Creature")
    assert c.lowered.triggered[0].when == m.Trigger("you_gain_life")
    c = _card("When you gain life, draw a card.", "Creature")
    assert c.stage == "lower"


def test_if_you_control_n_or_more() -> None:
    """Dragonmaster Outcast: an intervening "if" counting permanents you control (CR 603.4)."""
    c = _card("At the beginning of your upkeep, if you control six or more lands, create a 5/5 red Dragon "
              "creature token with flying.", "Creature")
    assert c.lowered.triggered[0].if_ == Controls(filter=m.F("Land"), n=6)
    c = _card("At the beginning of your end step, if you control a Wizard, draw a card.", "Creature")
    assert c.lowered.triggered[0].if_ == Controls(filter=m.F(subtypes={"Wizard"}), n=1)


def test_if_you_control_another_is_refused() -> None:
    """"another" would exclude the source, which the condition's count doesn't know."""
    c = _card("At the beginning of your upkeep, if you control two or more other Wizards, draw a card.", "Creature")
    assert c.stage == "lower"


def test_whenever_a_creature_you_control_attacks() -> None:
    """Atarka, World Render: one trigger per attacking Dragon; "it" is that Dragon (CR 508.3a)."""
    c = _card("Whenever a Dragon you control attacks, it gains double strike until end of turn.", "Creature")
    (t,) = c.lowered.triggered
    assert t.when == m.Trigger("attacks", filter=m.F(subtypes={"Dragon"}), whose="you")
    assert t.effects == (m.Pump(0, 0, m.TRIGGER_OBJECT, frozenset({"double strike"})),)
    c = _card("Whenever another creature you control attacks, you gain 1 life.", "Creature")
    assert c.lowered.triggered[0].when.filter == m.F("Creature", other=True)


def test_whenever_a_creature_attacks_without_you_control_is_refused() -> None:
    """"Whenever a creature attacks" (anyone's) isn't this trigger's "you control"."""
    c = _card("Whenever a creature attacks, you gain 1 life.", "Creature")
    assert c.stage == "lower"


def test_a_plural_description_pumps_every_matching_creature() -> None:
    """Vault of the Archangel: "Creatures you control gain …" — every creature matching as it
    resolves (CR 611.2c)."""
    c = _card("{2}{W}{B}, {T}: Creatures you control gain deathtouch and lifelink until end of turn.", "Land")
    assert c.lowered.activated[0].effects == (
        m.Pump(0, 0, m.ALL(m.F("Creature", controller="you")), frozenset({"deathtouch", "lifelink"})),)
    c = _card("Wizards you control get +1/+1 until end of turn.", "Instant")
    assert c.lowered.spell.effects == (m.Pump(1, 1, m.ALL(m.F(subtypes={"Wizard"}, controller="you"))),)


def test_a_plural_description_without_a_duration_is_no_effect() -> None:
    """"Creatures you control get +1/+1." is an anthem (a static ability), not read here."""
    c = _card("Creatures you control get +1/+1.", "Instant")
    assert not c.implemented


def test_an_anthem_is_a_continuous_effect_on_every_matching_permanent() -> None:
    """Benalish Marshal, Blade Splicer: "[Other] creatures you control get +1/+1 / have …" — a
    static ability evaluated continuously (CR 611.3a), layers 6 and 7c."""
    c = _card("Other creatures you control get +1/+1.", "Creature")
    (st,) = c.lowered.static
    assert isinstance(st, Continuous) and st.affects == m.ALL(m.F("Creature", controller="you", other=True))
    assert st.mods == (ModifyPT(1, 1),)
    c = _card("Golems you control have first strike.", "Creature")
    assert c.lowered.static[0].mods == (AddAbilities((), frozenset({"first strike"})),)


def test_destroy_all_they_cant_be_regenerated_is_one_destruction_without_shields() -> None:
    """CR 701.19c: "Destroy all …. They can't be regenerated." — the shields don't apply to that
    destruction; "they" names what the previous sentence destroyed."""
    c = _card("Destroy all creatures with power 4 or greater. They can't be regenerated.", "Sorcery")
    assert c.implemented
    (e,) = c.lowered.spell.effects
    assert isinstance(e, m.DestroyAll) and e.filter.min_power == 4 and not e.regenerate
    assert not _card("Destroy target creature. They can't be regenerated.", "Instant").implemented


def test_an_anthem_with_a_keyword_the_engine_lacks_is_refused() -> None:
    c = _card("Creatures you control have horsemanship.", "Enchantment")
    assert not c.implemented


def test_protection_from_a_color_is_a_keyword_granted_like_any_other() -> None:
    """CR 702.16: "protection from black" is read and lowered as a keyword (engine/protection.py);
    "protection from black and from red" is two (702.16g); a quality the engine lacks is refused."""
    assert _card("Creatures you control have protection from black.", "Enchantment").implemented
    c = _card("Flying, protection from black and from red", "Creature")
    assert c.implemented and {"protection from black", "protection from red"} <= c.lowered.keywords
    assert not _card("Protection from Demons", "Creature").implemented


def test_its_a_zombie_in_addition_is_the_put_permanents_characteristics() -> None:
    """"… return a creature card put into a graveyard this way to the battlefield under your
    control. It's a black Zombie in addition to its other colors and types. Exile ~." (CR 611.2e,
    205.1b, 105.3, 608.2n): the return puts it there with the added color and type; the spell
    exiles itself."""
    from undercity.cards.language.continuous import AddColors, AddTypes, PutWithCharacteristics
    from undercity.cards.language.sacrifice import ReturnPutThisWay
    from undercity.cards.language.zone_moves import ExileThisSpell

    c = _card("Destroy all creatures, then return a creature card put into a graveyard this way to the battlefield "
              "under your control. It's a black Zombie in addition to its other colors and types. Exile ~.",
              "Sorcery", name="Necromantic Selection")
    assert c.implemented, c.reason
    assert c.lowered.spell.effects[1:] == (
        PutWithCharacteristics(ReturnPutThisWay(m.F("Creature")),
                               (AddTypes(subtypes=frozenset({"Zombie"})), AddColors(frozenset({"B"})))),
        ExileThisSpell())


def test_its_a_zombie_in_addition_with_nothing_put_onto_the_battlefield_is_refused() -> None:
    c = _card("Destroy all creatures. It's a black Zombie in addition to its other colors and types.", "Sorcery")
    assert c.stage == "lower"
    # "types" alone after a color is not the words of the rule (CR 105.3 says "colors")
    c = _card("Destroy all creatures, then return a creature card put into a graveyard this way to the battlefield "
              "under your control. It's a black Zombie in addition to its other types.", "Sorcery")
    assert c.stage == "parse"


def test_you_may_pay_life_equal_to_its_mana_value_is_one_offer() -> None:
    """Lorcan, Warlock Collector: "you may pay life equal to its mana value. If you do, put it onto
    the battlefield under your control." — the card the trigger saw put into a graveyard, its mana
    value counted as it resolves (CR 119.4, 202.3, 603.6c)."""
    from undercity.cards.language.optional import MayPayLife
    from undercity.cards.language.quantities import TriggerObjectManaValue

    c = _card("Whenever a creature card is put into an opponent's graveyard from anywhere, you may pay life equal "
              "to its mana value. If you do, put it onto the battlefield under your control.", "Creature")
    assert c.implemented, c.reason
    (t,) = c.lowered.triggered
    assert t.effects == (MayPayLife(TriggerObjectManaValue(), (m.ReturnToBattlefield(m.TRIGGER_OBJECT),)),)
    c = _card("Whenever a creature card is put into an opponent's graveyard from anywhere, you may pay life equal "
              "to its mana value.", "Creature")
    assert c.stage == "lower"  # no "If you do": nothing to pay for


def test_if_a_creature_would_die_exile_it_instead_is_a_replacement() -> None:
    """"If a Warlock you control would die, exile it instead." (CR 614.1a, 700.4)."""
    from undercity.cards.language.replacements import ExileInsteadOfDying

    c = _card("If a Warlock you control would die, exile it instead.", "Creature")
    assert c.implemented, c.reason
    (st,) = c.lowered.static
    assert isinstance(st, ExileInsteadOfDying) and st.filter == m.F(subtypes={"Warlock"}, controller="you")
    assert _card("If a Warlock you control would die, return it to its owner's hand instead.",
                 "Creature").stage == "parse"


def test_each_player_chooses_down_to_the_fewest_then_the_same_way() -> None:
    """Magus of the Balance: lands, then cards in hand, then creatures, each down to the number the
    player with the fewest has, in the order written (CR 101.4, 701.21a, 701.9a, 608.2c)."""
    from undercity.cards.language.each_player_chooses import DiscardToFewest, SacrificeToFewest

    c = _card("{T}: Each player chooses a number of lands they control equal to the number of lands controlled by "
              "the player who controls the fewest, then sacrifices the rest. Players discard cards and sacrifice "
              "creatures the same way.", "Creature")
    assert c.implemented, c.reason
    assert c.lowered.activated[0].effects == (SacrificeToFewest(m.F("Land")), DiscardToFewest(),
                                              SacrificeToFewest(m.F("Creature")))
    c = _card("{T}: Draw a card. Players discard cards the same way.", "Creature")
    assert c.stage == "lower"  # "the same way" of something that isn't a choice down to the fewest


def test_exile_it_instead_as_it_resolves_is_of_the_spell_a_player_cast() -> None:
    """Rod of Absorption: "Whenever a player casts an instant or sorcery spell, exile it instead of
    putting it into a graveyard as it resolves." (CR 614.1a, 607.2a) — only of a cast trigger's spell."""
    from undercity.cards.language.exiled_with import ExileAsItResolves

    c = _card("Whenever a player casts an instant or sorcery spell, exile it instead of putting it into a graveyard "
              "as it resolves.", "Artifact")
    assert c.implemented, c.reason
    assert c.lowered.triggered[0].effects == (ExileAsItResolves(),)
    c = _card("When ~ enters the battlefield, exile it instead of putting it into a graveyard as it resolves.",
              "Artifact")
    assert c.stage == "lower"


def test_a_granted_trigger_on_damage_to_the_player_who_cast_the_spell() -> None:
    """Hellish Rebuke: 'permanents your opponents control gain "When this permanent deals damage to
    the player who cast ~, …"' — the caster bound as the spell grants it (CR 613.1f, 603.2); the
    same words printed on a permanent name no spell and are refused."""
    from undercity.cards.language.continuous import GainAbilitiesUntilEOT
    from undercity.cards.language.damage import DealsDamageToCaster

    c = _card('Until end of turn, permanents your opponents control gain "When this permanent deals damage to the '
              'player who cast ~, sacrifice this permanent. You lose 2 life."', "Instant", name="Hellish Rebuke")
    assert c.implemented, c.reason
    (grant,) = c.lowered.spell.effects
    assert isinstance(grant, GainAbilitiesUntilEOT) and isinstance(grant.abilities[0].when, DealsDamageToCaster)
    assert grant.abilities[0].text.endswith("who cast Hellish Rebuke, sacrifice this permanent. You lose 2 life.")
    c = _card('{T}: Until end of turn, permanents your opponents control gain "When this permanent deals damage to '
              'the player who cast ~, sacrifice this permanent."', "Artifact")
    assert c.stage == "lower"
