"""The initiative (CR 726): taking it, its three inherent triggered abilities (CR 726.2), one
designation (CR 726.3, 726.5) and leaving the game (CR 726.4)."""

from __future__ import annotations

# ----------------------------------------------------------------------------- helpers
from positions import go, position, put_ability, resolve_top  # noqa: E402

from undercity.cards import model as m
from undercity.cards.registry import get_card
from undercity.engine import dungeons, initiative
from undercity.engine import events as ev
from undercity.engine.game import Game
from undercity.engine.state import StackItem


def resolve_stack(g: Game) -> None:
    """Resolve everything on the stack, answering other questions with their first option."""
    go(g)
    while g.s.stack:
        assert g.pending is not None
        g.apply("pass priority" if g.pending.kind == "priority" else 0)
        go(g)


def initiative_items(g: Game) -> list[StackItem]:
    return [it for it in g.s.stack if it.source_name == initiative.SOURCE_NAME]


def initiative_triggers(g: Game, text: str) -> list[ev.AbilityTriggered]:
    return [e for e in g.events if isinstance(e, ev.AbilityTriggered) and e.name == initiative.SOURCE_NAME
            and e.ability.startswith(text)]


def taken(g: Game) -> list[ev.InitiativeTaken]:
    return [e for e in g.events if isinstance(e, ev.InitiativeTaken)]


# ----------------------------------------------------------------------------- taking it


def test_no_initiative_until_a_player_is_instructed_to_take_it() -> None:
    """CR 726.1; ruling: "There is no initiative in a game until an effect instructs a player to
    take the initiative." """
    g = position()
    assert g.s.initiative is None


def test_taking_the_initiative_ventures_into_undercity() -> None:
    """CR 726.2: "Whenever a player takes the initiative, that player ventures into Undercity."
    The trigger has no source and is controlled by the player who took it."""
    g = position()
    put_ability(g, 0, m.TakeInitiative())
    resolve_top(g)
    assert g.s.initiative == 0
    [t] = taken(g)
    assert (t.rule, t.player, t.previous) == ("726.3", 0, None)
    [item] = initiative_items(g)
    assert item.source is None and item.controller == 0 and item.ability is None
    assert initiative_triggers(g, initiative.TAKE_TEXT)[0].rule == "726.2"
    resolve_top(g)
    p = g.s.players[0]
    assert (p.dungeon, p.room) == ("Undercity", "Secret Entrance")


def test_taking_the_initiative_again_ventures_again_but_there_is_one_designation() -> None:
    """CR 726.5; ruling: "A player who currently has the initiative may take the initiative
    again. This causes that player to venture into Undercity again, but does not cause them to
    have multiple initiative designations." """
    g = position()
    g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    g.s.initiative = 0
    dungeons.set_position(g, 0, "Undercity", "Secret Entrance")
    put_ability(g, 0, m.TakeInitiative())
    resolve_top(g)
    assert g.s.initiative == 0
    assert (taken(g)[-1].rule, taken(g)[-1].player, taken(g)[-1].previous) == ("726.5", 0, 0)
    assert len(initiative_items(g)) == 1
    go(g)
    g.apply("pass priority")
    g.apply("pass priority")  # the take trigger resolves: venture, choose the room
    assert g.pending is not None and g.pending.kind == "room"
    g.apply("Forge")
    assert g.s.players[0].room == "Forge"


def test_only_one_player_has_the_initiative() -> None:
    """CR 726.3; ruling: "As one player takes the initiative, any other player that had the
    initiative ceases to have it." """
    g = position()
    g.s.initiative = 0
    put_ability(g, 1, m.TakeInitiative())
    resolve_top(g)
    assert g.s.initiative == 1
    assert (taken(g)[-1].player, taken(g)[-1].previous) == (1, 0)
    [item] = initiative_items(g)
    assert item.controller == 1  # Bob ventures, not Alice
    resolve_top(g)
    assert g.s.players[1].dungeon == "Undercity" and g.s.players[0].dungeon is None


# ----------------------------------------------------------------------------- upkeep


def test_upkeep_of_the_player_with_the_initiative_ventures_into_undercity() -> None:
    """CR 726.2: "At the beginning of the upkeep of the player who has the initiative, that
    player ventures into Undercity." """
    g = position(step="upkeep")
    g.s.step_started = False
    g.s.initiative = 0
    go(g)
    [item] = initiative_items(g)
    assert item.controller == 0 and item.source is None
    assert initiative_triggers(g, initiative.UPKEEP_TEXT)
    resolve_top(g)
    assert g.s.players[0].dungeon == "Undercity"


def test_no_upkeep_trigger_in_another_players_upkeep() -> None:
    """CR 726.2: only the upkeep of the player who has the initiative."""
    g = position(active=1, step="upkeep")
    g.s.step_started = False
    g.s.initiative = 0
    go(g)
    assert initiative_items(g) == []


# ----------------------------------------------------------------------------- combat damage


def attack(g: Game, *names: str) -> None:
    """The active player declares ``names`` as attackers (each attacks the only opponent)."""
    go(g)
    for name in names:
        assert g.pending is not None and g.pending.kind == "attacker", g.pending
        g.apply(f"attack with {name}")
    if g.pending is not None and g.pending.kind == "attacker":
        g.apply("no more attackers")


def combat(active: int = 1) -> Game:
    g = position(active=active, step="declare-attackers")
    g.s.step_started = False
    return g


def test_combat_damage_to_the_holder_steals_the_initiative_one_trigger_per_batch() -> None:
    """CR 726.2: "Whenever one or more creatures a player controls deal combat damage to the
    player who has the initiative, the controller of those creatures takes the initiative."
    Two creatures dealing damage at once: one trigger, controlled by the player who had the
    initiative (an exception to CR 113.8)."""
    g = combat(active=1)
    g.s.initiative = 0
    for name in ("Grizzly Bears", "Savannah Lions"):
        g.create_object(get_card(name), 1, "battlefield")
    attack(g, "Grizzly Bears", "Savannah Lions")
    while not initiative_items(g):
        g.apply("pass priority")
    [item] = initiative_items(g)
    assert item.controller == 0 and item.source is None and item.trigger_data["player"] == 1
    assert len(initiative_triggers(g, initiative.DAMAGE_TEXT)) == 1
    assert g.s.players[0].life == 16
    resolve_top(g)
    assert g.s.initiative == 1 and taken(g)[-1].previous == 0
    [take] = initiative_items(g)  # Bob takes it: "that player ventures into Undercity"
    assert take.controller == 1
    resolve_top(g)
    assert g.s.players[1].dungeon == "Undercity"


def test_first_strike_and_regular_combat_damage_are_two_batches() -> None:
    """CR 510.4: first-strike and regular combat damage are dealt in two steps, so "one or more
    creatures ... deal combat damage" can trigger once in each. Alice takes the initiative
    back between the steps, so Bob's regular damage steals it again."""
    g = combat(active=1)
    g.s.initiative = 0
    g.create_object(get_card("Rust Monster"), 1, "battlefield")  # first strike
    g.create_object(get_card("Grizzly Bears"), 1, "battlefield")
    attack(g, "Rust Monster", "Grizzly Bears")
    while g.s.step != "first-strike-damage" or not initiative_items(g):
        g.apply("pass priority")
    assert len(initiative_triggers(g, initiative.DAMAGE_TEXT)) == 1
    resolve_stack(g)
    assert g.s.initiative == 1 and g.s.step == "first-strike-damage"
    put_ability(g, 0, m.TakeInitiative())  # Alice takes it back (e.g. an instant)
    resolve_stack(g)
    assert g.s.initiative == 0
    while g.s.step != "combat-damage" or not initiative_items(g):
        g.apply("pass priority")
    assert len(initiative_triggers(g, initiative.DAMAGE_TEXT)) == 2
    resolve_stack(g)
    assert g.s.initiative == 1


def test_damage_triggers_are_per_batch_and_per_damaging_player() -> None:
    """CR 726.2 at the event level: one trigger per damaging player per combat damage event;
    two batches give two triggers; both controlled by the player with the initiative (ruling,
    Two-Headed Giant: "the player with the initiative will choose the order of the triggered
    abilities")."""
    g = position(n=3)
    g.s.initiative = 0
    g.emit(ev.CombatDamageDealt(rule="510.2", to_players={0: (1,)}, first_strike=True))
    g.emit(ev.CombatDamageDealt(rule="510.2", to_players={0: (1,)}, first_strike=False))
    assert [t.data["player"] for t in g.s.pending_triggers] == [1, 1]
    g.s.pending_triggers.clear()
    g.emit(ev.CombatDamageDealt(rule="510.2", to_players={0: (1, 2)}, first_strike=False))
    assert [(t.controller, t.data["player"]) for t in g.s.pending_triggers] == [(0, 1), (0, 2)]
    g.s.pending_triggers.clear()
    g.emit(ev.CombatDamageDealt(rule="510.2", to_players={1: (2,)}, first_strike=False))
    assert g.s.pending_triggers == []  # Bob doesn't have the initiative


# ----------------------------------------------------------------------------- leaving


def test_holder_leaves_the_game_active_player_takes_the_initiative() -> None:
    """CR 726.4; ruling: "If the player with the initiative leaves the game, the active player
    takes the initiative at the same time that player leaves the game." — and so ventures."""
    g = position(n=3, active=0)
    g.s.initiative = 2
    go(g)
    g.concede(2)
    assert g.s.initiative == 0
    t = taken(g)[-1]
    assert (t.rule, t.player, t.previous) == ("726.4", 0, 2)
    go(g)
    [item] = initiative_items(g)
    assert item.controller == 0
    resolve_top(g)
    assert g.s.players[0].dungeon == "Undercity"


def test_active_holder_leaves_the_next_player_in_turn_order_takes_it() -> None:
    """CR 726.4: "If the active player is leaving the game ... the next player in turn order
    takes the initiative." """
    g = position(n=3, active=1)
    g.s.initiative = 1
    go(g)
    g.concede(1)
    assert g.s.initiative == 2
    assert taken(g)[-1].rule == "726.4"


def test_take_initiative_effect_on_a_card() -> None:
    """Ravenloft Adventurer: "When this creature enters, you take the initiative." """
    g = position()
    for _ in range(4):
        g.create_object(get_card("Swamp"), 0, "battlefield")
    g.create_object(get_card("Ravenloft Adventurer"), 0, "hand")
    go(g)
    g.apply("cast Ravenloft Adventurer")
    while g.s.initiative is None:
        g.apply("pass priority")
    assert g.s.initiative == 0
