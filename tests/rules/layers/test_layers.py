"""The layer system (CR 613) on hand-built positions, and its cache: the characteristics it
keeps are always those a fresh computation gives (never stale), and a copied game
(``Game.copy``) has its own.

The scenarios next to this file and under tests/rulings/ (Imprisoned in the Moon, Kenrith's
Transformation, Phantasmal Image, Mind Flayer, Nighthawk Scavenger) show the layers through
real cards; here are the orderings no card of the pool produces on its own.
"""

from __future__ import annotations

import random

from undercity.cards.language.continuous import AddAbilities, GainControl, ModifyPT, SetPT, SwitchPT
from undercity.cards.language.static_abilities import NoMaximumHandSize
from undercity.cards.model import Trigger, Triggered
from undercity.cards.registry import get_card
from undercity.engine import abilities, event_triggers, layers, sagas
from undercity.engine import characteristics as ch
from undercity.engine.game import Game
from undercity.engine.state import Obj


def position() -> tuple[Game, Obj]:
    g = Game.empty(["Alice", "Bob"])
    return g, g.create_object(get_card("Grizzly Bears"), 0, "battlefield")


def test_613_4b_the_latest_setting_effect_wins() -> None:
    """Layer 7b in timestamp order (CR 613.4b, 613.7b): 1/1 then 4/5 is 4/5; the +1/+1
    modification (7c) applies on top whenever it began."""
    g, bears = position()
    layers.add_effect(g, bears.id, (ModifyPT(1, 1),))
    layers.add_effect(g, bears.id, (SetPT(1, 1),))
    layers.add_effect(g, bears.id, (SetPT(4, 5),))
    assert (ch.power(g, bears), ch.toughness(g, bears)) == (5, 6)


def test_613_4c_d_counters_modify_before_switching() -> None:
    """Counters are layer 7c (CR 613.4c) and switching is 7d (613.4d): a 2/2 with a +1/+1
    counter and -0/-2 whose power and toughness are switched is 1/3 — whatever the order
    the effects began in."""
    g, bears = position()
    layers.add_effect(g, bears.id, (SwitchPT(),))
    layers.add_effect(g, bears.id, (ModifyPT(0, -2),))
    bears.counters["+1/+1"] = 1
    assert (ch.power(g, bears), ch.toughness(g, bears)) == (1, 3)


def test_613_1b_control_follows_layer_2_and_returns_when_the_effect_ends() -> None:
    """Two control-changing effects apply in timestamp order (CR 613.1b, 613.7); when they
    end, the permanent returns to the controller it had (CR 611.2b)."""
    g, bears = position()
    first = layers.add_effect(g, bears.id, (GainControl(1),), until="always")
    assert bears.controller == 1 and bears.sick  # CR 302.6
    second = layers.add_effect(g, bears.id, (GainControl(0),), until="always")
    assert bears.controller == 0
    g.s.effects.remove(second)
    layers.sync_control(g)
    assert bears.controller == 1
    g.s.effects.remove(first)
    layers.sync_control(g)
    assert bears.controller == 0 and layers.BASE_CONTROLLER not in g.s.extra


def test_a_copied_game_has_its_own_characteristics() -> None:
    """Game.copy pickles the state: the copy's characteristics are computed for the copy, and
    changing one game doesn't change what the other sees (docs/performance.md)."""
    g, bears = position()
    kenrith = g.create_object(get_card("Kenrith's Transformation"), 0, "battlefield")
    kenrith.attached_to = bears.id
    assert ch.power(g, bears) == 3 and ch.subtypes(g, bears) == {"Elk"}
    c = g.copy()
    cb = c.s.objs[bears.id]
    assert ch.power(c, cb) == 3
    c.s.battlefield.remove(kenrith.id)  # only in the copy
    c.s.objs[kenrith.id].zone = "graveyard"
    layers.forget()
    assert ch.power(c, cb) == 2 and ch.subtypes(c, cb) == {"Bear"}
    assert ch.power(g, bears) == 3 and ch.subtypes(g, bears) == {"Elk"}


# ---------------------------------------------------------------------------- never stale

_DECK = (["Kenrith's Transformation", "Imprisoned in the Moon", "Mind Flayer", "Phantasmal Image",
          "Nighthawk Scavenger", "Rancor", "Blade Splicer", "Garruk's Uprising", "Grizzly Bears", "Serra Angel",
          "Lightning Bolt", "Wall of Omens"] * 2 + ["Island"] * 8 + ["Forest"] * 5 + ["Plains"] * 4
         + ["Mountain"] * 4)


def _snapshot(g: Game) -> dict[int, tuple[object, ...]]:
    s = g.s
    return {oid: (ch.power(g, o), ch.toughness(g, o), ch.keywords(g, o), ch.types(g, o), ch.subtypes(g, o),
                  ch.colors(o, g), o.controller)
            for oid in s.battlefield for o in (s.objs[oid],)}


def test_the_cache_is_never_stale() -> None:
    """After every decision of random games with these cards, what the cache answers equals
    what the layers give computed afresh."""
    checked = 0
    for seed in range(3):
        g = Game.new([list(_DECK), list(_DECK)], seed=seed, turn_cap=14)
        rng = random.Random(seed)
        while not g.s.over and g.pending is not None:
            cached = _snapshot(g)
            layers.forget()
            assert cached == _snapshot(g), f"seed {seed}, turn {g.s.turn}"
            checked += any(layers.table(g) is not None for _ in (0,))
            g.apply(rng.randrange(len(g.pending.options)))
    assert checked > 50  # positions with continuous effects were compared


def test_604_1_a_kept_gate_is_asked_again() -> None:
    """CR 604.1, 309.7: "As long as you've completed a dungeon, Cloister Gargoyle gets +3/+0 and
    has flying" reads no characteristic, so the layer system keeps its result across events and
    asks the condition again at each look-up (a probe); completing a dungeon turns it on at the
    next question, and the result is again the one a fresh computation gives."""
    g = Game.empty(["Alice", "Bob"])
    gargoyle = g.create_object(get_card("Cloister Gargoyle"), 0, "battlefield")
    base = gargoyle.card.power
    assert ch.power(g, gargoyle) == base and "flying" not in ch.keywords(g, gargoyle)
    assert not layers._CACHE.volatile and layers._CACHE.probes, "kept, with the gate to ask again"
    tok = layers.token(g)
    assert layers.unchanged_since(g, tok)
    g.s.players[0].completed.append("Tomb of Annihilation")
    layers.revalidate()  # what Game.advance does at the next question: no event showed the change
    assert ch.power(g, gargoyle) == base + 3 and "flying" in ch.keywords(g, gargoyle)
    assert layers.cache_current(g)
    assert not layers.unchanged_since(g, tok), "the state-based actions' check sees the change (sba)"
    g.s.players[1].completed.append("Lost Mine of Phandelver")  # an opponent's: the gate is the same
    layers.revalidate()
    assert ch.power(g, gargoyle) == base + 3 and layers.cache_current(g)


def test_611_3a_an_all_filter_of_characteristics_is_kept_across_events() -> None:
    """CR 611.3a, 613.1f: "Golems you control have first strike" (Blade Splicer) affects the
    permanents its filter describes, evaluated as the layer applies. The filter reads only their
    characteristics and controllers, so the result is kept across events that change neither
    (a Golem tapping) and computed again when the battlefield changes (a new Golem enters);
    each time it is the one a fresh computation gives."""
    from undercity.cards.pool.linden_deck_cards import GOLEM_3_3
    from undercity.cards.registry import get_token
    from undercity.engine import zones

    g = Game.empty(["Alice", "Bob"])
    g.create_object(get_card("Blade Splicer"), 0, "battlefield")
    mine = g.create_object(get_token(GOLEM_3_3), 0, "battlefield")
    theirs = g.create_object(get_token(GOLEM_3_3), 1, "battlefield")
    bears = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    assert "first strike" in ch.keywords(g, mine)
    assert "first strike" not in ch.keywords(g, theirs) and "first strike" not in ch.keywords(g, bears)
    assert not layers._CACHE.volatile, "a filter of characteristics and controllers is kept"
    tok = layers.token(g)
    zones.set_tapped(g, mine, True, "701.26a")  # an event that changes no characteristic
    assert layers.unchanged_since(g, tok) and "first strike" in ch.keywords(g, mine)
    newer = g.create_object(get_token(GOLEM_3_3), 0, "battlefield")
    assert "first strike" in ch.keywords(g, newer) and layers.cache_current(g)
    assert not layers.unchanged_since(g, tok), "the battlefield changed: computed again"


def test_611_3a_a_filter_that_reads_the_game_is_computed_again() -> None:
    """A filter that reads more than characteristics ("tapped creatures", "attacking
    creatures") can't be kept: any event may change what it describes (CR 611.3a)."""
    from undercity.cards.model import Filter

    assert layers.filter_reads_characteristics(Filter(subtypes=frozenset({"Golem"}), controller="you"))
    assert layers.filter_reads_characteristics(Filter(types=frozenset({"Creature"}), other=True))
    assert not layers.filter_reads_characteristics(Filter(types=frozenset({"Creature"}), tapped=True))
    assert not layers.filter_reads_characteristics(Filter(attacking=True))
    assert not layers.filter_reads_characteristics(
        Filter(types=frozenset({"Creature"}), alternative=Filter(min_power=4)))


def test_613_1_records_of_other_kinds_do_not_recompute_the_layers(monkeypatch) -> None:
    """The layer system reads only the continuous effects that change characteristics (CR 613.1;
    ``layers.LAYER_KINDS``): a record of another kind coming or going — "can't attack", "doesn't
    untap during its controller's next untap step", an effects list rebuilt with the same
    records — keeps the result (it is the fresh one), while a new pump is computed again."""
    from undercity.engine import events as ev
    from undercity.engine.state import ContinuousEffect

    g, bears = position()
    g.s.started = True
    layers.add_effect(g, bears.id, (ModifyPT(2, 2),))
    assert ch.power(g, bears) == 4
    computed = []
    real = layers._compute
    monkeypatch.setattr(layers, "_compute", lambda game: computed.append(1) or real(game))
    g.s.effects.append(ContinuousEffect("cant_attack", obj=bears.id, timestamp=g.s.next_timestamp()))
    g.emit(ev.Note(rule="611.2", message="a record of another kind"))
    assert ch.power(g, bears) == 4 and not computed
    g.s.effects = list(g.s.effects[:1])  # rebuilt without it, the pump's record the same
    g.emit(ev.Note(rule="514.2", message="an effect ends"))
    assert ch.power(g, bears) == 4 and not computed and layers.cache_current(g)
    layers.add_effect(g, bears.id, (ModifyPT(1, 0),))
    assert ch.power(g, bears) == 5 and computed


def test_112_4_an_effect_that_follows_its_spell_onto_the_battlefield_is_applied() -> None:
    """CR 112.4: an effect on a permanent spell continues on the permanent it becomes — the
    record's object is changed in place (``continuous.spell_effects_continue``) and the effects
    list rebuilt with the same records; the layers see the record on its new object."""
    from undercity.engine import events as ev

    g, bears = position()
    g.s.started = True
    other = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    e = layers.add_effect(g, bears.id, (ModifyPT(3, 0),))
    assert ch.power(g, bears) == 5 and ch.power(g, other) == 2
    e.obj = other.id
    g.s.effects = list(g.s.effects)
    g.emit(ev.Note(rule="112.4", message="the effect follows"))
    assert ch.power(g, other) == 5 and ch.power(g, bears) == 2 and layers.cache_current(g)


def test_611_3a_permanents_no_effect_reads_come_and_go_without_a_computation(monkeypatch) -> None:
    """CR 611.3a, 613.1f, 400.7: "Golems you control have first strike" (Blade Splicer, two of
    them) applies to what its filter describes. A permanent entering that no effect describes by its card's
    characteristics (a Grizzly Bears; an opponent's Golem) and that has no static ability of its
    own, or one leaving that no effect touched, leaves the result as it was: it is kept, and it
    is the fresh one. A Golem of Alice's entering, or a source leaving, is computed again."""
    from undercity.cards.pool.linden_deck_cards import GOLEM_3_3
    from undercity.cards.registry import get_token
    from undercity.engine import zones

    g = Game.empty(["Alice", "Bob"])
    splicers = [g.create_object(get_card("Blade Splicer"), 0, "battlefield") for _ in range(2)]
    golem = g.create_object(get_token(GOLEM_3_3), 0, "battlefield")
    bears = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    assert "first strike" in ch.keywords(g, golem)
    computed = []
    real = layers._compute
    monkeypatch.setattr(layers, "_compute", lambda game: computed.append(1) or real(game))
    newcomer = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    theirs = g.create_object(get_token(GOLEM_3_3), 1, "battlefield")
    assert "first strike" not in ch.keywords(g, newcomer) and "first strike" not in ch.keywords(g, theirs)
    assert "first strike" in ch.keywords(g, golem) and not computed and layers.cache_current(g)
    computed.clear()
    zones.move(g, bears.id, "graveyard", rule="704.5g")  # untouched: no effect applied to it
    assert "first strike" in ch.keywords(g, golem) and not computed and layers.cache_current(g)
    computed.clear()
    mine = g.create_object(get_token(GOLEM_3_3), 0, "battlefield")
    assert "first strike" in ch.keywords(g, mine) and computed, "the filter describes it"
    computed.clear()
    zones.move(g, splicers[0].id, "graveyard", rule="704.5g")  # a source leaves: its effect ends
    assert "first strike" in ch.keywords(g, golem) and computed and layers.cache_current(g)
    zones.move(g, splicers[1].id, "graveyard", rule="704.5g")
    assert "first strike" not in ch.keywords(g, golem) and layers.table(g) is None, "no effect is left"


def test_611_3a_creatures_you_control_have_trample_is_kept_across_events(monkeypatch) -> None:
    """CR 611.3a, 613.1f: Garruk's Uprising's "Creatures you control have trample" reads only
    the permanents' types and controllers, so the result is kept across events that change
    neither (a creature tapping), and across Bob's creature entering — it doesn't describe it;
    Alice's creature entering is computed again and has trample. Each time the result is the
    fresh one."""
    from undercity.engine import zones

    g = Game.empty(["Alice", "Bob"])
    g.create_object(get_card("Garruk's Uprising"), 0, "battlefield")
    bears = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    assert "trample" in ch.keywords(g, bears)
    assert not layers._CACHE.volatile, "no condition, a filter of characteristics: kept"
    computed = []
    real = layers._compute
    monkeypatch.setattr(layers, "_compute", lambda game: computed.append(1) or real(game))
    zones.set_tapped(g, bears, True, "701.26a")
    theirs = g.create_object(get_card("Grizzly Bears"), 1, "battlefield")
    assert "trample" not in ch.keywords(g, theirs) and "trample" in ch.keywords(g, bears)
    assert not computed and layers.cache_current(g)
    mine = g.create_object(get_card("Centaur Courser"), 0, "battlefield")
    assert "trample" in ch.keywords(g, mine) and computed and layers.cache_current(g)


def test_613_1f_given_triggered_abilities_are_found_by_what_they_trigger_on() -> None:
    """Two Bears are given abilities (layer 6): one "Whenever ~ is dealt damage, …" (an event
    trigger of ``event_triggers``), the other "You have no maximum hand size". The queries of
    triggered abilities by what they trigger on find the first only
    (``abilities.with_given``); a chapter ability (CR 714.2b) neither."""
    g = Game.empty(["Alice", "Bob"])
    dealt_to, other = (g.create_object(get_card("Grizzly Bears"), 0, "battlefield") for _ in range(2))
    dealt = Triggered(text="Whenever ~ is dealt damage, …", when=Trigger("dealt_damage"))
    layers.add_effect(g, dealt_to.id, (AddAbilities(abilities=(dealt,)),), until="always")
    layers.add_effect(g, other.id, (AddAbilities(abilities=(NoMaximumHandSize(text="hand"),)),), until="always")
    assert abilities.with_given(g, (), event_triggers._event_triggers_in) == (dealt_to.id,)
    assert [o.id for o in event_triggers._triggering(g)] == [dealt_to.id]
    assert sagas._sagas(g) == []
