"""The Commander variant (CR 903): commanders in the command zone, commander tax, returning to
the command zone, commander damage, goad in multiplayer, and deck construction (903.5)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from undercity.agents import make_agent, play_out
from undercity.cards.oracle import find_oracle, load_oracle
from undercity.cards.registry import get_card
from undercity.decks import COMMANDER_DECKS, load_deck, parse_decklist
from undercity.engine import commander, sba, zones
from undercity.engine.effects import deal_damage
from undercity.engine.game import Game
from undercity.engine.state import Obj
from undercity.errors import UndercityError
from undercity.formats import color_identity, validate_commander_deck
from undercity.formats.commander import computed_color_identity, symbol_colors

LINDEN = "Linden, the Steadfast Queen"
ERINIS = "Erinis, Gloom Stalker"
NAMES = ["Alice", "Bob", "Carol", "Dave"]


# ----------------------------------------------------------------------------- helpers


def position(n: int = 2, active: int = 0, step: str = "precombat-main") -> Game:
    """An empty Commander game at ``active``'s ``step`` (already begun), 10 Plains in each library."""
    g = Game.empty(NAMES[:n], variant="commander")
    s = g.s
    s.turn, s.active, s.step, s.step_started, s.priority = 2, active, step, True, active
    g.stop_every_priority = True
    for p in range(n):
        for _ in range(10):
            g.create_object(get_card("Plains"), p, "library")
    return g


def add(g: Game, name: str, owner: int, zone: str, *, commander_: bool = False) -> Obj:
    o = g.create_object(get_card(name), owner, zone)
    if commander_:
        commander.designate(g, owner, o)
    return o


def find(g: Game, uid: int) -> Obj:
    return next(o for o in g.s.objs.values() if o.card_uid == uid)


def commander_game(seed: int = 1, players: int = 4) -> Game:
    decks = [load_deck(COMMANDER_DECKS[i % len(COMMANDER_DECKS)]) for i in range(players)]
    return Game.new([d.main for d in decks], NAMES[:players], seed=seed, variant="commander",
                    commanders=[d.commanders for d in decks])


# ----------------------------------------------------------------------------- 903.6, 903.7


def test_new_game_starts_commanders_in_the_command_zone_at_40_life() -> None:
    g = commander_game()
    for p in g.s.players:
        assert p.life == 40  # CR 903.7
        # CR 903.6: the commander — or both, with a Background (702.124k) — starts there.
        expected = load_deck(COMMANDER_DECKS[p.idx % len(COMMANDER_DECKS)]).commanders
        assert [g.s.objs[c].name for c in p.command] == expected
        for c in p.command:
            cmd = g.s.objs[c]
            assert cmd.card_uid in p.commanders
            assert all(g.s.objs[x].name != cmd.name for x in p.library + p.hand)
        assert len(p.library) + len(p.hand) == 100 - len(expected)
    assert any("903.6" in line for line in g.log_lines())


def test_commander_listed_in_the_deck_is_taken_out_of_it() -> None:
    deck = [LINDEN] + ["Plains"] * 99
    g = Game.new([deck, deck], ["Alice", "Bob"], seed=2, variant="commander", commanders=[[LINDEN], [LINDEN]])
    for p in g.s.players:
        assert [g.s.objs[x].name for x in p.command] == [LINDEN]
        assert len(p.library) + len(p.hand) == 99


def test_commanders_only_in_the_commander_variant() -> None:
    deck = ["Plains"] * 40
    with pytest.raises(UndercityError, match="commander variant"):
        Game.new([deck, deck], seed=0, variant="free-for-all", commanders=[[LINDEN], [LINDEN]])
    with pytest.raises(UndercityError, match="lists of commanders"):
        Game.new([deck, deck], seed=0, variant="commander", commanders=[[LINDEN]])
    with pytest.raises(UndercityError, match="at most 2"):
        Game.new([deck, deck], seed=0, variant="commander", commanders=[[LINDEN, ERINIS, LINDEN], []])


def test_commander_game_saves_and_restores_identically() -> None:
    g = commander_game(seed=4)
    agents = [make_agent("heuristic", i) for i in range(4)]
    for _ in range(150):
        if g.over:
            break
        g.apply(agents[g.pending.player].choose(g, g.pending))
    r = Game.restore(g.save())
    assert r.log_lines() == g.log_lines()
    assert [p.commanders for p in r.s.players] == [p.commanders for p in g.s.players]


def test_bundled_four_player_commander_game_finishes() -> None:
    g = commander_game(seed=1)
    play_out(g, [make_agent("heuristic", i) for i in range(4)])
    assert g.over
    text = "\n".join(g.log_lines())
    assert "903.8" in text and "903.9a" in text and "903.10a" in text


def test_cli_plays_a_four_player_commander_game() -> None:
    r = subprocess.run([sys.executable, "-m", "undercity.cli", "play", "--variant", "commander", "--players", "4",
                        "--seed", "1", "--quiet"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Result:" in r.stdout and "commander-linden" in r.stdout and "commander-erinis" in r.stdout


def test_cli_commander_deck_needs_a_commander_section() -> None:
    r = subprocess.run([sys.executable, "-m", "undercity.cli", "play", "--variant", "commander",
                        "--deck", "gruul-stompy", "--deck", "orzhov-knights"], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2
    assert "has no commander" in r.stderr and "Traceback" not in r.stderr


# ----------------------------------------------------------------------------- 903.8 commander tax


def _command_casts(g: Game, player: int) -> list[str]:
    g.pending = None
    g.advance()
    d = g.pending
    assert d is not None and d.kind == "priority" and d.player == player
    return [o.label for o in d.options if o.value[0] == "cast" and g.s.objs[o.value[1]].zone == "command"]


def test_cast_from_command_zone_is_offered_with_the_tax_included() -> None:
    g = position()
    for _ in range(4):
        add(g, "Plains", 0, "battlefield")
    linden = add(g, LINDEN, 0, "command", commander_=True)
    assert _command_casts(g, 0) == [f"cast {LINDEN} from the command zone"]
    assert commander.tax(g, 0, linden) == 0
    g.s.players[0].commander_casts[linden.card_uid] = 1  # cast once before: {2}{W}{W}{W}
    assert commander.tax(g, 0, linden) == 2
    assert _command_casts(g, 0) == []  # four Plains can't pay five
    add(g, "Plains", 0, "battlefield")
    assert _command_casts(g, 0) == [f"cast {LINDEN} from the command zone"]


def test_only_the_owner_casts_a_commander_from_the_command_zone() -> None:
    g = position()
    for p in (0, 1):
        for _ in range(3):
            add(g, "Plains", p, "battlefield")
    add(g, LINDEN, 1, "command", commander_=True)
    assert _command_casts(g, 0) == []  # Bob's commander
    # A card in the command zone that isn't a commander (a dungeon, say) isn't castable either.
    add(g, LINDEN, 0, "command")
    assert _command_casts(g, 0) == []


def test_partner_commanders_have_separate_taxes() -> None:
    """CR 702.124d: ignore how many times the other commander has been cast."""
    g = position()
    a = add(g, LINDEN, 0, "command", commander_=True)
    b = add(g, ERINIS, 0, "command", commander_=True)
    g.s.players[0].commander_casts[a.card_uid] = 3
    assert commander.tax(g, 0, a) == 6
    assert commander.tax(g, 0, b) == 0


# ----------------------------------------------------------------------------- 903.9b


def test_replacement_to_hand_or_library_is_optional_for_the_owner() -> None:
    g = position()
    linden = add(g, LINDEN, 0, "battlefield", commander_=True)
    uid = linden.card_uid
    reps = zones.replacements_for(g, linden, "battlefield", "hand")
    assert [(r.rule, r.to_zone, r.optional) for r in reps] == [("903.9b", "command", True)]
    assert zones.replacements_for(g, linden, "battlefield", "graveyard") == []
    # Declined: it goes to the hand.
    new = zones.move(g, linden.id, "hand", rule="608.2c", order=["!commander"])
    assert new is not None and new.zone == "hand" and new.card_uid == uid
    # Not declined (no one asked, e.g. a card put from hand on top of the library): the
    # owner's usual choice, the command zone.
    new = zones.move(g, new.id, "library", rule="608.2c")
    assert new is not None and new.zone == "command"
    # Not a commander: no replacement.
    bears = add(g, "Grizzly Bears", 0, "battlefield")
    assert zones.replacements_for(g, bears, "battlefield", "hand") == []


# ----------------------------------------------------------------------------- 903.10a, 704.6c


def test_combat_damage_from_a_commander_is_counted_per_commander() -> None:
    g = position(n=3)
    linden = add(g, LINDEN, 0, "battlefield", commander_=True)
    erinis = add(g, ERINIS, 1, "battlefield", commander_=True)
    bears = add(g, "Grizzly Bears", 0, "battlefield")
    deal_damage(g, linden.id, linden.name, ("p", 2), 20, combat=True)
    deal_damage(g, erinis.id, erinis.name, ("p", 2), 20, combat=True)
    deal_damage(g, linden.id, linden.name, ("p", 2), 5)  # not combat damage
    deal_damage(g, bears.id, bears.name, ("p", 2), 5, combat=True)  # not a commander
    carol = g.s.players[2]
    assert carol.commander_damage == {linden.card_uid: 20, erinis.card_uid: 20}
    carol.life = 40
    sba.check(g)
    assert not carol.lost  # 20 and 20 from two commanders: not 21 from the same one
    deal_damage(g, linden.id, linden.name, ("p", 2), 1, combat=True)
    carol.life = 40
    sba.check(g)
    assert carol.lost and carol.left
    assert any("704.6c" in line and "21 combat damage from Alice's commander" in line for line in g.log_lines())


# ----------------------------------------------------------------------------- 701.15 goad


def test_goaded_creature_may_not_attack_the_goading_player_if_able() -> None:
    g = position(n=4, active=1, step="declare-attackers")
    g.s.step_started = False
    bears = add(g, "Grizzly Bears", 1, "battlefield")
    bears.goaded_by = (0,)
    lions = add(g, "Savannah Lions", 1, "battlefield")
    g.advance()
    d = g.pending
    assert d is not None and d.kind == "attacker"
    assert None not in [o.value for o in d.options]  # the goaded Bears must attack (701.15b)
    g.apply(next(o for o in d.options if o.value == bears.id))
    d = g.pending
    assert d is not None and d.kind == "attack_target"
    assert sorted(o.value for o in d.options) == [("p", 2), ("p", 3)]  # not Alice, the goader
    g.apply(d.options[0])
    g.apply(next(o for o in g.pending.options if o.value == lions.id))
    assert ("p", 0) in [o.value for o in g.pending.options]  # the Lions aren't goaded


# ----------------------------------------------------------------------------- 903.4 color identity


def test_color_identity_from_symbols_matches_the_oracle_data() -> None:
    """903.4: the fallback that reads mana symbols agrees with the Oracle color identity."""
    for name, oc in load_oracle().items():
        assert computed_color_identity(oc) == frozenset(oc.color_identity), name


def test_symbol_colors() -> None:
    assert symbol_colors("{2}{W}{W}") == {"W"}
    assert symbol_colors("{R/G}{2/U}{B/P}{C}{X}{T}") == {"R", "G", "U", "B"}
    assert color_identity("Forest") == {"G"}  # 903.5d: basic land types count
    assert color_identity("Sol Ring") == frozenset()
    assert color_identity("Bonecrusher Giant // Stomp") == {"R"}  # 903.4e: both halves


# ----------------------------------------------------------------------------- 903.5 deck construction


def _deck(*cards: str, basics: str = "Plains", size: int = 99) -> list[str]:
    return list(cards) + [basics] * (size - len(cards))


def test_bundled_commander_decks_are_legal() -> None:
    for name in COMMANDER_DECKS:
        d = load_deck(name)
        assert validate_commander_deck(d.main, d.commanders, d.sideboard) == [], name
        assert len(d.main) + len(d.commanders) == 100


def test_deck_size_is_exactly_100() -> None:
    assert any("has 99 cards" in p and "903.5a" in p for p in validate_commander_deck(_deck(size=98), [LINDEN]))
    assert any("has 101 cards" in p for p in validate_commander_deck(_deck(size=100), [LINDEN]))
    # A 100-card list that includes its commander is fine too.
    assert validate_commander_deck([LINDEN] + _deck(), [LINDEN]) == []


def test_singleton_except_basic_lands() -> None:
    problems = validate_commander_deck(_deck("Serra Angel", "Serra Angel", "Swords to Plowshares"), [LINDEN])
    assert problems == ["2 copies of Serra Angel: other than basic lands, each card in a Commander deck must have a "
                        "different name (CR 903.5b)"]
    # The commander counts too: a 100-card list with two Lindens has the commander and a copy.
    problems = validate_commander_deck([LINDEN] + _deck(LINDEN), [LINDEN])
    assert problems == [f"2 copies of {LINDEN}: other than basic lands, each card in a Commander deck must have a "
                        "different name (CR 903.5b)"]


def test_color_identity_within_the_commanders() -> None:
    problems = validate_commander_deck(_deck("Lightning Bolt", "Sol Ring", "Forest"), [LINDEN])
    assert ("Lightning Bolt (color identity R) is outside the commander's color identity (W) (CR 903.5c)"
            in problems)
    assert any(p.startswith("Forest has a basic land type") and "903.5d" in p for p in problems)
    assert not any("Sol Ring" in p for p in problems)  # colorless
    # Hybrid and activated-ability symbols count (903.4): Wort-style identity across both halves.
    assert validate_commander_deck(_deck("Giant Growth", basics="Forest"), [ERINIS]) == []


def test_commander_must_be_a_legendary_creature_or_say_so() -> None:
    problems = validate_commander_deck(_deck(), ["Serra Angel"])
    assert any("Serra Angel can't be a commander" in p and "903.3" in p for p in problems)
    # "Elminster can be your commander." (903.3a) — a planeswalker.
    assert validate_commander_deck(_deck(basics="Island"), ["Elminster"]) == []
    # A Vehicle that is legendary? Nautiloid Ship isn't legendary: not a commander.
    assert any("can't be a commander" in p for p in validate_commander_deck(_deck(), ["Nautiloid Ship"]))


def test_partner_pairs() -> None:
    """702.124j: "partner with" each other; Rowan and Will are also "can be your commander"."""
    both = validate_commander_deck(_deck(basics="Island", size=98), ["Rowan Kenrith", "Will Kenrith"])
    assert both == []
    bad = validate_commander_deck(_deck(size=98), [LINDEN, ERINIS])
    assert any("can't both be commanders" in p and "702.124" in p for p in bad)
    three = validate_commander_deck(_deck(size=97), [LINDEN, ERINIS, "Rowan Kenrith"])
    assert any("3 commanders" in p for p in three)


def test_choose_a_background_pairs() -> None:
    """702.124k: a "Choose a Background" commander plus a legendary Background enchantment."""
    main = _deck(basics="Forest", size=98)
    assert validate_commander_deck(main, [ERINIS, "Cloakwood Hermit"]) == []
    assert validate_commander_deck(main, ["Cloakwood Hermit", ERINIS]) == []
    # A Background alone can't be a commander.
    alone = validate_commander_deck(_deck(basics="Forest"), ["Cloakwood Hermit"])
    assert any("Cloakwood Hermit is a Background" in p and "702.124k" in p for p in alone)
    # A creature without "Choose a Background" can't take one.
    no = validate_commander_deck(_deck(size=98), [LINDEN, "Far Traveler"])
    assert any("can't both be commanders" in p for p in no)
    # Two "Choose a Background" creatures aren't a pair either.
    two = validate_commander_deck(_deck(basics="Forest", size=98), [ERINIS, "Halsin, Emerald Archdruid"])
    assert any("can't both be commanders" in p for p in two)


def test_unknown_cards_and_sideboards_are_reported() -> None:
    problems = validate_commander_deck(_deck("Lightning Blot"), [LINDEN], sideboard=["Plains"])
    assert any("unknown card 'Lightning Blot'" in p for p in problems)
    assert any("903.5e" in p for p in problems)
    assert validate_commander_deck(_deck(), [])[0] == "the deck has no commander (CR 903.3)"


def test_every_problem_is_reported_at_once() -> None:
    problems = validate_commander_deck(["Lightning Bolt", "Serra Angel", "Serra Angel"], ["Grizzly Bears"])
    assert len(problems) == 5  # commander, size, singleton, two outside the color identity
    assert find_oracle("Grizzly Bears").name in problems[0]


# ----------------------------------------------------------------------------- decklists


def test_decklist_commander_section() -> None:
    arena = f"Commander\n1 {LINDEN}\n\nDeck\n1 Sol Ring\n98 Plains\n"
    d = parse_decklist(arena)
    assert d.commanders == [LINDEN] and len(d.main) == 99 and d.sideboard == []
    # Without a "Deck" header the blank line ends the Commander section.
    d = parse_decklist(f"Commander\n1 {LINDEN}\n\n1 Sol Ring\n98 Plains\n\nSideboard\n1 Shock\n")
    assert d.commanders == [LINDEN] and len(d.main) == 99 and d.sideboard == ["Shock"]
    # A plain list has no commander.
    assert parse_decklist("60 Forest\n").commanders == []
