"""Actions from the opening hand (CR 103.6, 103.6a): once the mulligans are done, the starting
player, then each other player in turn order, may begin the game with a Leyline on the
battlefield; and "You may cast spells as though they had flash" (CR 702.8a) lets its controller
cast a sorcery-speed spell in another player's turn (Leyline of Anticipation; ruling 2016-06-08:
the opening hand is the hand kept after all mulligans)."""

from __future__ import annotations

from undercity.engine import casting
from undercity.engine.game import Game


def _keep_all(g: Game) -> None:
    g.stop_every_priority = True  # stop at the first priority of turn 1
    while g.pending is not None and g.pending.kind == "mulligan":
        g.apply([o.label for o in g.pending.options].index("Keep 7"))


def test_leylines_begin_the_game_on_the_battlefield_starting_player_first() -> None:
    g = Game.new([["Leyline of Anticipation"] * 40, ["Leyline of Anticipation"] * 40], ["Alice", "Bob"], seed=3)
    _keep_all(g)
    first = g.s.first_player
    asked = []
    while g.pending is not None and g.pending.kind == "opening_hand":
        asked.append(g.pending.player)
        g.apply(0 if g.pending.player == first else 1)  # the starting player puts theirs down; the other doesn't
    # CR 103.6: the starting player is asked about each of their seven first, then the other player.
    assert asked == [first] * 7 + [1 - first] * 7
    bf = [g.s.objs[o] for o in g.s.battlefield]
    assert len(bf) == 7 and all(o.owner == first for o in bf)
    assert len(g.s.players[first].hand) == 0 and len(g.s.players[1 - first].hand) == 7
    assert g.s.turn == 1


def test_spells_as_though_they_had_flash_in_another_players_turn() -> None:
    g = Game.new([["Leyline of Anticipation"] * 20 + ["Grizzly Bears"] * 20, ["Island"] * 40], ["Alice", "Bob"],
                 seed=3)
    _keep_all(g)
    while g.pending is not None and g.pending.kind == "opening_hand":
        g.apply(0)
    me = next(p for p in range(2) if any(g.s.objs[o].owner == p for o in g.s.battlefield))
    bears = next(g.s.objs[o].card for o in g.s.players[me].library if g.s.objs[o].name == "Grizzly Bears")
    # A creature card: not an instant, no flash. At the first priority of the game (the upkeep) no
    # one could cast it normally (CR 307.1); Leyline's controller may, as though it had flash.
    assert g.s.step == "upkeep" and not casting.sorcery_timing(g, me) and not casting.sorcery_timing(g, 1 - me)
    assert casting.timing_ok(g, me, bears)
    assert not casting.timing_ok(g, 1 - me, bears)
