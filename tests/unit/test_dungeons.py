"""Dungeons (CR 309), venture into the dungeon (CR 701.49) and SBA 704.5t.

Positions are built by hand (``Game.empty``) and driven through ``Game.apply``; a test
ability on the stack stands for "a card that says venture into the dungeon".
"""

from __future__ import annotations

import pytest

from undercity.cards import model as m
from undercity.cards.dungeons import DUNGEONS
from undercity.cards.registry import get_card
from undercity.engine import dungeons
from undercity.engine import events as ev
from undercity.engine.game import Game
from undercity.engine.resolve import condition_holds
from undercity.engine.state import StackItem

AFR = {"Lost Mine of Phandelver", "Dungeon of the Mad Mage", "Tomb of Annihilation"}


# ----------------------------------------------------------------------------- helpers

from positions import go, position, put_ability, resolve_top  # noqa: E402


def room_items(g: Game) -> list[StackItem]:
    return [it for it in g.s.stack if "room" in it.trigger_data]


def events(g: Game, cls: type) -> list:
    return [e for e in g.events if isinstance(e, cls)]


# ----------------------------------------------------------------------------- data


def test_four_dungeons_as_data_with_rooms_and_arrows() -> None:
    """CR 309.4: each dungeon has rooms connected by arrows; the graph is the shipped data."""
    assert set(DUNGEONS) == {"Undercity"} | AFR
    u = DUNGEONS["Undercity"]
    assert u.topmost == "Secret Entrance" and u.bottommost == "Throne of the Dead Three"
    assert u.rooms["Secret Entrance"].leads_to == ("Forge", "Lost Well")
    assert u.rooms["Forge"].ability.targets[0].text == "target creature"
    assert u.rooms["Trap!"].ability.targets[0].kind == "player"
    assert u.card.subtypes == frozenset({"Undercity"})  # CR 205.3p
    assert DUNGEONS["Tomb of Annihilation"].rooms["Trapped Entry"].leads_to == ("Veils of Fear", "Oubliette")
    for d in DUNGEONS.values():
        assert d.rooms[d.bottommost].leads_to == ()
        assert "Dungeon" in d.card.types


# ----------------------------------------------------------------------------- entering


def test_venture_not_in_a_dungeon_chooses_among_the_three_afr_dungeons() -> None:
    """CR 701.49a / 309.2a; ruling: "if you aren't in a dungeon and an effect instructs you to
    venture into the dungeon (not venture into Undercity), you can't start Undercity." """
    g = position()
    put_ability(g, 0, m.Venture())
    resolve_top_until_decision(g)
    d = g.pending
    assert d is not None and d.kind == "dungeon" and d.player == 0
    assert {o.value for o in d.options} == AFR
    g.apply("Lost Mine of Phandelver")
    p = g.s.players[0]
    assert (p.dungeon, p.room) == ("Lost Mine of Phandelver", "Cave Entrance")  # CR 309.4a
    card = dungeons.dungeon_obj(g, 0)
    assert card is not None and card.zone == "command" and card.id in p.command  # CR 309.2b
    entered = events(g, ev.DungeonEntered)[-1]
    assert entered.rule == "701.49a" and entered.dungeon == "Lost Mine of Phandelver"
    assert events(g, ev.VentureMarkerMoved)[-1].rule == "309.4a"
    # CR 309.4c: the room ability triggers; its source is the dungeon card, its controller the owner.
    go(g)
    [room] = room_items(g)
    assert (room.source, room.source_name, room.controller) == (card.id, "Lost Mine of Phandelver", 0)
    trig = events(g, ev.AbilityTriggered)[-1]
    assert trig.rule == "309.4c" and trig.name == "Lost Mine of Phandelver" and "Cave Entrance" in trig.ability


def resolve_top_until_decision(g: Game) -> None:
    """Pass priority until a decision other than priority comes up."""
    go(g)
    while g.pending is not None and g.pending.kind == "priority":
        g.apply("pass priority")


def test_venture_into_undercity_starts_undercity() -> None:
    """CR 701.49d; ruling: "If you aren't in a dungeon when instructed to venture into Undercity,
    you will put Undercity into the command zone and move your venture marker to Secret Entrance."
    Ruling: "when instructed to venture into Undercity, you can't start a dungeon that isn't
    Undercity" — so there is no choice to make."""
    g = position()
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top(g)  # fails if any decision other than priority (e.g. "dungeon") comes up
    p = g.s.players[0]
    assert (p.dungeon, p.room) == ("Undercity", "Secret Entrance")
    assert events(g, ev.DungeonEntered)[-1].rule == "701.49d"
    assert dungeons.choices("Undercity") == [DUNGEONS["Undercity"]]
    assert "Undercity" not in {d.name for d in dungeons.choices(None)}


def test_venture_into_undercity_while_in_another_dungeon_advances_that_dungeon() -> None:
    """Ruling: "If you're already in a dungeon when instructed to venture into Undercity, you
    move to the next room of that dungeon." (CR 701.49d: follow 701.49b-c)"""
    g = position()
    dungeons.set_position(g, 0, "Lost Mine of Phandelver", "Cave Entrance")
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top_until_decision(g)
    d = g.pending
    assert d is not None and d.kind == "room"
    assert {o.value for o in d.options} == {"Goblin Lair", "Mine Tunnels"}
    g.apply("Mine Tunnels")
    p = g.s.players[0]
    assert (p.dungeon, p.room) == ("Lost Mine of Phandelver", "Mine Tunnels")
    moved = events(g, ev.VentureMarkerMoved)[-1]
    assert (moved.rule, moved.from_room, moved.room) == ("701.49b", "Cave Entrance", "Mine Tunnels")


def test_branching_room_choice_follows_an_arrow() -> None:
    """CR 309.5a / 701.49b: "If there are multiple arrows pointing away from the room ... they
    choose one of them to follow." Undercity: Secret Entrance leads to Forge or Lost Well; Trap!
    leads only to Archives (no choice)."""
    g = position()
    dungeons.set_position(g, 0, "Undercity")
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top_until_decision(g)
    assert g.pending is not None and g.pending.kind == "room"
    assert [o.value for o in g.pending.options] == ["Forge", "Lost Well"]
    g.apply("Lost Well")
    assert g.s.players[0].room == "Lost Well"
    g2 = position()
    dungeons.set_position(g2, 0, "Undercity", "Trap!")
    put_ability(g2, 0, m.Venture(into="Undercity"))
    resolve_top(g2)
    assert g2.s.players[0].room == "Archives"


def test_room_ability_uses_the_stack_and_can_be_responded_to() -> None:
    """CR 309.4c: a room ability is a triggered ability; it goes on the stack and players get
    priority before it resolves (Forge: two +1/+1 counters on target creature)."""
    g = position()
    bears = g.create_object(get_card("Grizzly Bears"), 0, "battlefield")
    dungeons.set_position(g, 0, "Undercity")
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top_until_decision(g)
    g.apply("Forge")  # only one creature: its target is chosen automatically
    go(g)
    [forge] = room_items(g)
    assert forge.targets == [("o", bears.id)]
    assert g.pending is not None and g.pending.kind == "priority"  # a chance to respond
    assert bears.counters == {}
    resolve_top(g)
    assert bears.counters == {"+1/+1": 2}


def test_room_ability_without_legal_targets_is_removed() -> None:
    """CR 603.3d: a room ability with no legal target (Forge with no creature) is removed from
    the stack; the marker still moved."""
    g = position()
    dungeons.set_position(g, 0, "Undercity")
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top_until_decision(g)
    g.apply("Forge")
    go(g)
    assert room_items(g) == [] and g.s.players[0].room == "Forge"
    assert any(isinstance(e, ev.Note) and e.rule == "603.3d" for e in g.events)


def test_trap_targets_a_player() -> None:
    """Undercity, Trap!: "Target player loses 5 life." """
    g = position()
    dungeons.set_position(g, 0, "Undercity", "Forge")
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top_until_decision(g)
    g.apply("Trap!")
    go(g)
    assert g.pending is not None and g.pending.kind == "target"
    g.apply("Bob")
    resolve_top(g)
    assert g.s.players[1].life == 15


# ----------------------------------------------------------------------------- completing


def test_dungeon_is_completed_as_a_state_based_action_after_the_last_room_ability_leaves_the_stack() -> None:
    """CR 704.5t / 309.6: the marker on the bottommost room and no room ability of that dungeon
    waiting or on the stack: the owner removes it (ruling: "Once you resolve the last room
    ability of a dungeon, that dungeon is now completed and is removed from the game")."""
    g = position()
    g.create_object(get_card("Grizzly Bears"), 0, "library", top=True)
    dungeons.set_position(g, 0, "Undercity", "Archives")
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top(g)
    p = g.s.players[0]
    go(g)
    [throne] = room_items(g)
    assert p.room == "Throne of the Dead Three" and p.dungeon == "Undercity"  # not yet: on the stack
    assert p.completed == []
    resolve_top(g)  # Throne: the only creature among the top ten is put onto the battlefield
    go(g)
    assert p.dungeon is None and p.room is None and p.completed == ["Undercity"]
    assert dungeons.dungeon_obj(g, 0) is None and p.command == []
    done = events(g, ev.DungeonCompleted)[-1]
    assert (done.rule, done.dungeon, done.player) == ("704.5t", "Undercity", 0)
    bears = [g.s.objs[o] for o in g.s.battlefield if g.s.objs[o].name == "Grizzly Bears"]
    assert bears and bears[0].counters == {"+1/+1": 3}


def test_venturing_from_the_bottommost_room_completes_and_starts_a_new_dungeon() -> None:
    """CR 701.49c; ruling: "If you somehow venture into the dungeon while a room's ability is on
    the stack, you will continue on in the dungeon. If you're already in the last room, complete
    that dungeon and start a new one." (Here a generic venture: choose among the three.)"""
    g = position()
    dungeons.set_position(g, 0, "Tomb of Annihilation", "Oubliette")
    put_ability(g, 0, m.Venture())
    resolve_top(g)
    go(g)
    [cradle] = room_items(g)  # Cradle of the Death God on the stack: no SBA completion yet
    assert g.s.players[0].room == "Cradle of the Death God"
    put_ability(g, 0, m.Venture())  # respond with another venture
    resolve_top_until_decision(g)
    assert g.pending is not None and g.pending.kind == "dungeon"
    assert {o.value for o in g.pending.options} == AFR  # may choose a completed dungeon again
    g.apply("Tomb of Annihilation")
    p = g.s.players[0]
    assert p.completed == ["Tomb of Annihilation"]
    assert events(g, ev.DungeonCompleted)[-1].rule == "701.49c"
    assert (p.dungeon, p.room) == ("Tomb of Annihilation", "Trapped Entry")
    # The old Cradle ability still resolves (its source is gone): The Atropal is created.
    go(g)
    while g.s.stack:
        resolve_top(g)
    assert any(g.s.objs[o].name == "The Atropal" for o in g.s.battlefield)
    assert p.completed == ["Tomb of Annihilation"]  # the new Tomb isn't completed by 704.5t


def test_venture_into_undercity_from_the_bottommost_room_starts_undercity() -> None:
    """Ruling: "If you are already in the last room, you will complete that dungeon and start
    Undercity. This is true whether you're already in Undercity or any other dungeon." """
    g = position()
    dungeons.set_position(g, 0, "Lost Mine of Phandelver", "Storeroom")
    put_ability(g, 0, m.Venture())
    resolve_top(g)  # to Temple of Dumathoin
    go(g)
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top(g)
    p = g.s.players[0]
    assert p.completed == ["Lost Mine of Phandelver"]
    assert (p.dungeon, p.room) == ("Undercity", "Secret Entrance")


def test_completed_dungeons_are_remembered_for_the_rest_of_the_game() -> None:
    """CR 309.7: a player completes a dungeon as it is removed; "if you've completed a dungeon"
    (CR 603.4 condition) stays true for the rest of the game."""
    g = position()
    cond = m.Condition("completed_dungeon")
    assert not condition_holds(g, cond, 0)
    for name, before in (("Lost Mine of Phandelver", "Storeroom"), ("Tomb of Annihilation", "Oubliette")):
        dungeons.set_position(g, 0, name, before)
        put_ability(g, 0, m.Venture())
        resolve_top(g)
        go(g)
        while g.s.stack:
            resolve_top(g)
        go(g)
    assert g.s.players[0].completed == ["Lost Mine of Phandelver", "Tomb of Annihilation"]
    assert condition_holds(g, cond, 0) and not condition_holds(g, cond, 1)


def test_place_rejects_unknown_dungeons_and_rooms() -> None:
    """Building positions (scenario runner): names are checked."""
    from undercity.errors import UndercityError

    g = position()
    with pytest.raises(UndercityError):
        dungeons.place(g, 0, "Undermountain", None)
    with pytest.raises(UndercityError):
        dungeons.place(g, 0, "Undercity", "Temple of Dumathoin")
    dungeons.place(g, 0, "undercity", "trap!")
    assert (g.s.players[0].dungeon, g.s.players[0].room) == ("Undercity", "Trap!")


def test_a_game_with_a_dungeon_copies() -> None:
    """Game.copy pickles the dungeon card by name."""
    g = position()
    dungeons.set_position(g, 0, "Undercity", "Forge")
    h = g.copy()
    o = dungeons.dungeon_obj(h, 0)
    assert o is not None and o.card is DUNGEONS["Undercity"].card


# ----------------------------------------------------------------------------- room effects


def test_throne_of_the_dead_three_hexproof_lasts_until_your_next_turn() -> None:
    """Throne of the Dead Three: "... It gains hexproof until your next turn. Then shuffle."
    (CR 611.2a: the effect ends as that player's next turn begins.)"""
    g = position()
    g.create_object(get_card("Grizzly Bears"), 0, "library", top=True)
    dungeons.set_position(g, 0, "Undercity", "Catacombs")
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top(g)
    go(g)
    resolve_top(g)
    [bears] = [g.s.objs[o] for o in g.s.battlefield if g.s.objs[o].name == "Grizzly Bears"]
    from undercity.engine import characteristics as ch

    assert ch.has(g, bears, "hexproof")
    assert any(isinstance(e, ev.Shuffled) for e in g.events)
    from undercity.engine import turn

    g.s.active = 1
    turn.begin_turn(g)
    assert ch.has(g, bears, "hexproof")  # Bob's turn: still
    g.s.active = 0
    turn.begin_turn(g)
    assert not ch.has(g, bears, "hexproof")


@pytest.mark.parametrize("room,token", [("Catacombs", "Skeleton"), ("Stash", "Treasure")])
def test_undercity_token_rooms(room: str, token: str) -> None:
    """Catacombs: a 4/1 black Skeleton with menace; Stash: a Treasure token."""
    g = position()
    before = {"Catacombs": "Arena", "Stash": "Lost Well"}[room]
    dungeons.set_position(g, 0, "Undercity", before)
    put_ability(g, 0, m.Venture(into="Undercity"))
    resolve_top_until_decision(g)
    g.apply(room)
    go(g)
    resolve_top(g)
    [tok] = [g.s.objs[o] for o in g.s.battlefield if g.s.objs[o].token]
    assert tok.name == token
    if token == "Skeleton":
        assert (tok.card.power, tok.card.toughness, tok.card.keywords) == (4, 1, frozenset({"menace"}))
        assert tok.card.colors == frozenset({"B"})
        g.copy()  # the keyed token pickles


def test_veils_of_fear_each_player_discards_or_loses_two_life() -> None:
    """Tomb of Annihilation, Veils of Fear: "Each player loses 2 life unless they discard a
    card." Choices in APNAP order (CR 101.4)."""
    g = position()
    g.create_object(get_card("Forest"), 0, "hand")
    dungeons.set_position(g, 0, "Tomb of Annihilation", "Trapped Entry")
    put_ability(g, 0, m.Venture())
    resolve_top_until_decision(g)
    g.apply("Veils of Fear")
    go(g)
    resolve_top_until_decision(g)
    assert g.pending is not None and g.pending.kind == "unless_cost" and g.pending.player == 0
    g.apply("discard Forest")
    go(g)
    assert g.s.players[0].life == 20 and g.s.players[1].life == 18  # Bob had no card to discard
