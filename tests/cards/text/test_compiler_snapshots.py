"""Snapshots of the parsed form (and what it lowers to) for representative cards, so that a
grammar or lowering change shows in review as a changed ``snapshots/<card>.ir.txt``.

Regenerate after an intended change with ``UNDERCITY_UPDATE_SNAPSHOTS=1 pytest tests/cards/text``
and read the diff. A new card's snapshot: ``UNDERCITY_NEW_SNAPSHOTS="Card One;Card Two" pytest
tests/cards/text/test_compiler_snapshots.py`` writes its file, whose first line names the card; every
file in ``snapshots/`` is checked, so a new snapshot needs no entry in ``CARDS`` (the list below keeps
the original selection, grouped by the production each card shows).
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import pytest

from undercity.cards.oracle import load_oracle
from undercity.cards.text.ast import pretty
from undercity.cards.text.compile import compile_fields, oracle_fields

SNAPSHOTS = Path(__file__).parent / "snapshots"

CARDS = [
    # keyword lines, vanilla, lands
    "Grizzly Bears", "Adult Gold Dragon", "Rimeshield Frost Giant", "Highland Forest", "Temple of Deceit",
    # triggered abilities: enters, dies, attacks, combat damage, beginning of step, intervening if
    "Wall of Omens", "Ravenous Chupacabra", "Clattering Skeletons", "Nemesis of Reason", "Hoard Robber",
    "Passageway Seer", "Solemn Recruit", "Prosperous Innkeeper", "Arborea Pegasus", "Chain Devil",
    "Myconid Spore Tender", "Oceanus Dragon",
    # activated abilities: mana, costs, restrictions
    "Sol Ring", "Hedron Archive", "High Market", "Geier Reach Sanitarium", "Dungeon Map", "Bloodboil Sorcerer",
    "Skyship Stalker", "Dungeoneer's Pack",
    # static abilities: Equipment, no maximum hand size, enters tapped
    "+2 Mace", "Thought Vessel", "Marble Diamond", "Canopy Vista",
    # as a permanent enters: a choice, a reveal, counters, a copy; "of the chosen type"; token copies
    # (CR 614.1c-d, 614.12a, 122.6, 707.2, 707.9b)
    "Thriving Heath", "Port Town", "Mikaeus, the Lunarch", "Grumgully, the Generous", "Masterwork of Ingenuity",
    "Herald's Horn", "Reflections of Littjara", "Astral Dragon",
    # spells: sequences, modes, "its controller"
    "Swords to Plowshares", "Austere Command", "Valorous Stance", "Bull's Strength", "Grim Bounty",
    "Ambition's Cost", "Disrupt Decorum",
    # granted abilities (quoted), "where X is", returning a card from a graveyard
    "Clan Crafter", "Verdant Embrace", "Winged Boots", "Chain Reaction", "Doomed Necromancer",
    "Eye of Vecna", "Insufferable Balladeer", "Armor of Shadows",
    "Dragonspeaker Shaman", "Bojuka Bog", "Arcane Sanctum", "Pull from Tomorrow",
    "Dark-Dweller Oracle", "Farideh's Fireball", "Djinni Windseer", "Feed the Swarm",
    "Trelasarra, Moon Dancer", "Dragonmaster Outcast", "Atarka, World Render",
    "Vault of the Archangel", "Blade Splicer",
    # damage to groups named together, "without flying", "all … and all …" (CR 608.2c, 702.9)
    "Magmaquake", "Thunder Dragon", "In Garruk's Wake",
    # "whenever another creature dies", "~ or another creature you control dies" (CR 603.10a)
    "Murder of Crows", "Zulaport Cutthroat",
    # "it deals damage equal to its power to any target" (CR 608.2h)
    "Warstorm Surge",
    # "whenever one or more cards are put into exile from …", "a card is put into an opponent's
    # graveyard from anywhere, if ~ is suspended", "Activate only if ~ is suspended" (CR 603.2c, 702.62b)
    "Laelia, the Blade Reforged", "Nihilith", "Greater Gargadon",
    # characteristic-defining P/T (CR 604.3), party (CR 700.8), "at the beginning of combat on your turn"
    "Psychosis Crawler", "Archpriest of Iona", "Malakir Blood-Priest",
    # "whenever a Dragon you control becomes the target of a spell or ability an opponent controls",
    # "whenever an opponent casts a spell", "can't be the target of spells or abilities your
    # opponents control" (CR 603.2, 601.2i, 115.1)
    "Thunderbreak Regent", "Taurean Mauler", "Shielding Plax",
    # "~ is also a Cleric, Rogue, Warrior, and Wizard", a token for each creature in your party, a
    # token named by the effect, "draw cards equal to the sacrificed creature's power"
    # (CR 604.3, 700.8a, 111.4, 608.2h)
    "Burakos, Party Leader", "Squad Commander", "Kher Keep", "Greater Good",
    # "whenever you cycle or discard another card", "whenever you discard a creature card" (CR 701.9)
    "Curator of Mysteries", "Wharf Infiltrator",
    # "each other player discards a card", "draw a card for each card discarded this way" (CR 701.9a)
    "Syphon Mind",
    # "whenever a permanent deals damage to you, return it to its owner's hand" (CR 603.2, 120.3)
    "Dissipation Field",
    # "you may discard all the cards in your hand. If you do, draw that many cards." (CR 701.9a)
    "Forgotten Creation",
    # "Choose a creature type. Creatures that aren't of the chosen type get -3/-3 …" (CR 608.2d)
    "Crippling Fear",
    # "target spell with mana value less than or equal to the number of cards in its controller's
    # graveyard" (CR 202.3e, 115.1)
    "Drown in the Loch",
    # a granted "whenever you cast a spell from exile, … damage equal to that spell's mana value"
    "Passionate Archaeologist",
    # "a spell that shares a creature type with this creature", "This ability triggers only once
    # each turn." (CR 205.3m, 603.2)
    "Folk Hero",
    # "Each player choose a party from among creatures they control, then sacrifices the rest" (CR 700.8d)
    "Stick Together",
    # "If this spell was cast from a graveyard, you may copy this spell and may choose a new target
    # for the copy." (CR 707.10c)
    "Sevinne's Reclamation",
    # damage divided as you choose among any number of targets (CR 601.2d, 603.3d)
    "Bogardan Hellkite",
    # several targets of one "target" word, acted on together (CR 115.3)
    "Hex", "Aether Gale",
    # "create a number of … tokens equal to the number of opponents you have" (CR 102.3)
    "Chittering Witch",
    # "roll two d12 and choose one result", "that result", "the other result" (CR 706.4); "with power
    # greater than or equal to that result"; a modifier of the roll (CR 706.2), "N+" rows (706.3a)
    "Reckless Endeavor", "Valiant Endeavor", "Diviner's Portent",
    # "reveal [exile] cards … until you reveal a …; put that card … and the rest on the bottom in a random
    # order" (CR 701.20a, 401.4); "that shares a creature type with it" of a dying equipped creature
    # (CR 603.10a); "Exile ~ with three time counters on it" (CR 702.62b)
    "Bag of Tricks", "Heirloom Blade", "Venture Forth", "Grave Endeavor", "Arcane Endeavor",
    # casting a card exiled from another player's library or the battlefield, spending mana as though
    # it were mana of any color (CR 609.4b, 611.2a)
    "Hurl Through Hell", "Stolen Strategy",
    # "roll a d4 and create … equal to the result", "the player to your right gains control of ~" (CR 101.4, 613.1b)
    "Bucknard's Everfull Purse",
    # a die rolled as part of an activation cost; "Monstrosity X, where X is the result" (CR 602.2b, 701.37a)
    "Clay Golem",
    # a mana ability that costs mana (CR 605.1a)
    "Dimir Signet",
    # protection from colors, and from the color of your choice (CR 702.16)
    "Sphinx of the Steel Wind", "Mother of Runes",
    # regeneration shields and "It can't be regenerated" (CR 701.19)
    "Terminate",
    # gaining control, for good (CR 613.1b)
    "Keiga, the Tide Star",
    # "where X is its power" (CR 107.3a, 608.2h)
    "Chameleon Colossus",
    # counters counted: "add {B} for each charge counter on ~", "where X is the number of +1/+1
    # counters on ~" (CR 106.4, 122.1, 608.2h)
    "Black Market", "Chasm Skulker",
    # a keyword counter, and goading "each creature that had a … counter put on it this way"
    # (CR 122.1b, 608.2c, 701.15a)
    "Spectacular Showdown",
    # "you may look at the top card of your library any time", "you may cast … spells from the top
    # of your library", "… and those creatures gain deathtouch" (CR 401.5, 601.3, 608.2c)
    "Nalia de'Arnise",
    # "All Slivers have "…"": a quoted ability of every permanent of a subtype (CR 613.1f, 113.8)
    "Necrotic Sliver",
    # mentor, "if it had counters on it", tapped tokens (CR 702.134a, 603.4, 603.10a)
    "Felisa, Fang of Silverquill",
    # loyalty abilities as printed, [+1]: (CR 606.4); "X mana in any combination of {R} and/or {G}";
    # "exile the top seven … put any number of creature and/or land cards from among them …"
    "Xenagos, the Reveler",
    # "When the twelfth hour counter is put on ~", "shuffle your hand and graveyard into your library"
    # (CR 603.2, 122.1, 701.24a)
    "Midnight Clock",
    # "up to one other target creature"; "creatures with slime counters on them lose all abilities
    # and have base power and toughness 2/2" (CR 109.5, 122.1, 613.1f, 613.4b)
    "Sludge Monster",
    # goad: each creature a target player controls, goaded creatures can't block, "whenever a goaded
    # creature attacks", "enters or attacks" (CR 701.15, 509.1b, 603.2)
    "Geode Rager", "Bothersome Quasit", "Vengeful Ancestor",
    # "Until your next turn, … can't be blocked", "Goad that creature" (CR 611.2b, 509.1b)
    "Sly Instigator",
    # a token with a quoted ability; "each opponent's end step, that player …" (CR 111.4, 113.1a)
    "Goblin Spymaster",
    # "creatures that aren't enchanted", "They can't be regenerated" (CR 303.4, 701.19c)
    "Winds of Rath",
    # attack requirements and goad as a static designation; "attach ~ to"; "target opponent creates" (CR 508.1d, 701.15b, 701.3a, 111.2)
    "Warmonger Hellkite", "Angler Turtle", "Avatar of Slaughter", "Psychic Impetus", "Bloodthirsty Blade", "Hunted Horror",
    # a mana ability adding two types at once; a permanent chosen on resolution (CR 106.1, 608.2d)
    "Simic Growth Chamber",
    # "Activate only if you control a Swamp" (CR 602.5b); Talisman of Dominance, below: a mana ability dealing damage (CR 605.3b)
    "Tainted Isle",
    # a land that becomes a creature until end of turn (CR 611.2a, 205.1b); a quoted ability it gains
    "Mishra's Factory", "Raging Ravine",
    # changeling: every creature type, its token's too (CR 702.73a)
    "Irregular Cohort",
    # mana of a color a land an opponent controls could produce (CR 106.7)
    "Exotic Orchard",
    # a search for cards that share a land type (CR 701.23, 205.3i)
    "Myriad Landscape",
    # a spell's own cost reduction for each permanent (CR 601.2f)
    "Blasphemous Act",
    # a triggered mana ability of an Aura (CR 605.1b, 605.4a)
    "Wild Growth",
    # abilities that work from the graveyard, "Activate only during your upkeep", flashback (CR 113.6m,
    # 602.5b, 702.34a)
    "Reassembling Skeleton", "Eternal Dragon", "Unburial Rites",
    # "~ can't block", raid's "Activate only if you attacked this turn" (CR 509.1b, 602.5b)
    "Bloodsoaked Champion",
    # landwalk, and "that many" of a combat damage trigger (CR 702.14, 510.2)
    "Cold-Eyed Selkie",
    # the untap symbol in an activation cost (CR 107.6)
    "Order of Whiteclay",
    # "becomes blocked" of a creature you control; "one or more creatures … deal combat damage" (CR 509.3c, 603.2c)
    "Grazilaxx, Illithid Scholar",
    # an Aura returned from the graveyard attached to its target (CR 303.4f)
    "Gryff's Boon",
    # an adventurer card, face by face (CR 715.2)
    "Giant Killer // Chop Down", "Bonecrusher Giant // Stomp",
    # a modal triggered ability (CR 700.2b); base P/T until end of turn, ward granted to others
    "Knight of Autumn", "Storvald, Frost Giant Jarl",
    # "Until end of turn, creatures you control have base power and toughness X/X and gain all
    # creature types" (CR 613.4b, 613.1d, 611.2c)
    "Mirror Entity",
    # a card from a graveyard chosen as it resolves, onto the battlefield under your control (CR 608.2d)
    "Extract from Darkness",
    # cards in opponents' graveyards (CR 604.3), "reveals cards … until they reveal a land card, then
    # puts those cards into their graveyard" (CR 701.20a), "in target player's graveyard" (CR 608.2h)
    "Consuming Aberration", "Corpse Augur",
    # "the chosen player's graveyard" (CR 604.3), "Whenever the chosen player casts a spell, that player …"
    "Sewer Nemesis",
    # "You may cast target … card from an opponent's graveyard without paying its mana cost" (CR 608.2g)
    "Memory Plunder",
    # "The owner of target permanent shuffles it into their library, then reveals …" (CR 701.24a, 701.20a)
    "Chaos Warp",
    # "Choose two target creature cards in your graveyard. Sacrifice a creature. If you do, return the
    # chosen cards …" (CR 115.3, 701.21a, 608.2c)
    "Victimize",
    # "Choose up to two target … cards", "Roll a d20 and add the total mana value of those cards",
    # an open range "15+ |" (CR 706.2, 706.3a)
    "Song of Inspiration",
    # two target words returned together, "Cleric, Rogue, Warrior, or Wizard creature card", a cost
    # reduction for each creature in your party (CR 115.1, 205.3a, 700.8, 601.2f)
    "Thwart the Grave",
    # alternative costs paid from the hand: evoke, dash (CR 702.74a, 702.109a)
    "Mulldrifter", "Mardu Strike Leader", "Shriekmaw",
    # overload: the text with "each" for "target" (CR 702.96b)
    "Vandalblast",
    # monstrosity: the keyword action, "as long as ~ is monstrous" (CR 701.37)
    "Fleecemane Lion",
    # rebound (CR 702.88a)
    "Terramorph",
    # "[effect] unless [a player] sacrifices / discards / pays" (CR 118.12a)
    "Demanding Dragon", "Compulsive Research",
    # "each player loses a third of their life, rounded up" (CR 107.1a)
    "Dire Fleet Ravager",
    # "Each player sacrifices …. Each player who can't discards a card." (CR 101.4)
    "Plaguecrafter",
    # lieutenant: "if you control your commander"; "That token gains haste until end of turn" (CR 903.3d, 611.2a)
    "Loyal Apprentice",
    # each player chooses in turn: "starting with you, each player may choose …", "… then sacrifices the rest" (CR 101.4)
    "Druid of Purification", "Cataclysmic Gearhulk",
    # "If an opponent would search a library, that player searches the top four cards …" (CR 614.1a)
    "Aven Mindcensor",
    # "Whenever a creature an opponent controls attacks, if you're the defending player, … unless that
    # creature's controller pays {3}" (CR 506.2, 603.4, 118.12a)
    "Kazuul, Tyrant of the Cliffs",
    # suspend (CR 702.62a)
    "Search for Tomorrow",
    # spectacle; escape's cost after an em dash and "escapes with"; "enters or dies"; "this spell
    # can't be countered" (CR 702.137a, 702.138a-c, 603.2, 101.2)
    "Light Up the Stage", "Woe Strider", "Ashen Rider", "Hullbreaker Horror",
    # retrace and cascade, a spell of keywords only; a spell cast free from the hand (CR 702.81a, 702.85a, 118.9)
    "Throes of Chaos", "Rishkar's Expertise",
    # echo (CR 702.30a); an opening-hand action and spells as though they had flash (CR 103.6a, 702.8a)
    "Karmic Guide", "Leyline of Anticipation",
    # an additional cost, one of three (CR 118.8); totem armor (CR 702.89a)
    "Dusk Mangler", "Eel Umbra",
    # a spell adding mana "if this spell was cast from your hand" (CR 106.3, 601.2a)
    "Apex of Power",
    # extort, and extort granted to other creatures (CR 702.101a)
    "Pontiff of Blight",
    # shadow, "~ can't be blocked by white creatures" (CR 702.28b, 509.1b)
    "Dauthi Horror",
    # life equal to "its power plus its toughness" (CR 107.1b), to the sacrificed "that creature's toughness"
    "Phthisis", "Consuming Vapors",
    # "an attacking creature you control or a blocking creature an opponent controls dies" (CR 603.10a,
    # 506.4); "~ or another Dragon enters …, it deals X damage" (CR 603.6a, 608.2h)
    "Death Tyrant", "Scourge of Valkas",
    # "attacks and isn't blocked", "loses 1 life for each card in their graveyard" (CR 509.3g, 608.2h)
    "Guiltfeeder",
    # "a source you control deals 5 or more damage to a player" (CR 120.1); paying life equal to
    # the colors of your commanders' color identity (CR 119.4, 903.4f)
    "Dragonborn Champion", "War Room",
    # battalion; "counter target spell with {X} in its mana cost unless its controller pays {3}"
    # (CR 508.3a, 107.3, 701.6a)
    "Frontline Medic",
    # "whenever your opponents are dealt combat damage, if any of that damage was dealt by a Warrior"
    # (CR 603.2c, 603.4)
    "Mindblade Render",
    # fabricate; "an artifact you control is put into a graveyard from the battlefield"; "~'s power"
    # (CR 702.123a, 603.10a, 608.2h)
    "Marionette Master",
    # each creature deals damage to its controller (CR 120.3)
    "Rakdos Charm",
    # draw cards equal to the greatest power among … (CR 608.2h)
    "Return of the Wildspeaker",
    # looking at the top cards of a library and sorting them; a card put on top or on the bottom
    # of its owner's library (CR 401.4, 401.5)
    "Augur of Bolas", "Halimar Depths", "Bant Charm", "Mortuary Mire", "Harper Recruiter",
    # "when you cycle ~" (CR 702.29c); a number in words past ten
    "Fractured Sanity",
    # cards put from the hand on top of the library (CR 401.4)
    "Riverwise Augur",
    # milling: "whenever an opponent loses life, that player mills that many cards" (CR 701.17, 119.3)
    "Mindcrank", "Zellix, Sanity Flayer",
    # "exile the top X cards of your library. Until the end of your next turn, you may play those
    # cards." (CR 611.2a)
    "Commune with Lava", "Prosper, Tome-Bound", "Escape to the Wilds", "Explore", "Chaos Wand",
    "Faldorn, Dread Wolf Herald", "Dream Pillager", "Ignite the Future",
    # Equipment: "loses flying", "whenever equipped creature is dealt damage"; "another target
    # attacking creature"; "a creature you control becomes the target"; "where X is that
    # artifact's mana value" (CR 613.1f, 603.2, 115.1, 608.2h)
    "Colossus Hammer", "Fiendlash", "Fey Steed", "Hoard-Smelter Dragon",
    # "it and Zombies you control gain …", "whenever equipped creature attacks or blocks / deals
    # combat damage [to a player]", an Aura put from the hand attached (CR 611.2c, 510.2, 303.4f)
    "Wand of Orcus", "Holy Avenger",
    # "Sacrifice three Rats", "Sacrifice X Treasures" and -X/-X; mana kept as steps end (CR 118.3, 601.2b, 106.4)
    "Piper of the Swarm", "Grim Hireling", "Savage Ventmaw",
    # "choose one or more —" with named modes; "your precombat main phase" (CR 700.2, 207.2d, 505.1)
    "Black Market Connections",
    # a keyword ability granted to a group as long as you control N (metalcraft: equip {0}; CR 604.1, 702.6a)
    "Puresteel Paladin",
    # "enchanted permanent is a Treasure artifact with "…" and it loses all other abilities"; enchant nonland
    # permanent (CR 205.1a, 613.1d, 613.1f, 702.5a)
    "Minimus Containment",
    # keywords each with its condition, "prevent all damage that would be dealt to equipped creature" (CR 604.1, 615.1)
    "Multiclass Baldric",
    # "that player exiles a card from their hand. You may play that card for as long as it remains
    # exiled"; "You may cast it this turn, … mana of any type …, exile it instead" (CR 611.2, 118.14, 614.1a)
    "Fiend of the Shadows", "Dire Fleet Daredevil",
    # hideaway and "you may play the exiled card without paying its mana cost if …" (CR 702.75, 607.2a)
    "Mosswort Bridge", "Spinerock Knoll", "Windbrisk Heights",
    # a delayed triggered ability, "… at the beginning of the next end step" (CR 603.7)
    "Galepowder Mage",
    # "exile … until ~ leaves the battlefield", "you may cast that card for as long as it remains
    # exiled, and you may spend mana as though it were mana of any type" (CR 610.3, 611.2b, 609.4b)
    "Hostage Taker",
    # "At the beginning of your next upkeep, return that card …. If you do, discard cards equal to that
    # creature's toughness" (CR 603.7, 608.2c, 608.2h)
    "Vanish into Memory",
    # persist; "put target creature card from an opponent's graveyard onto the battlefield under your
    # control. It gains haste. At the beginning of your next end step, exile it." (CR 702.79a, 611.2a, 603.7)
    "Puppeteer Clique",
    # "as long as you've completed a dungeon, ~ gets +3/+0 and has flying" (CR 604.1, 611.3a, 613.1f)
    "Cloister Gargoyle",
    # "During your turn, this creature has first strike" (CR 604.1)
    "Triumphant Adventurer",
    # enchant player; "whenever enchanted player is attacked", "each opponent attacking that player does
    # the same", a Gold token (CR 303.4b, 508.3b, 111.10c)
    "Curse of Opulence",
    # "creatures can't attack you unless their controller pays {2} for each creature they control that's
    # attacking you" (CR 508.1g-h)
    "Propaganda",
    # "investigate" (CR 701.16a), "whenever you attack", "whenever you sacrifice a Clue", "whenever you cast a
    # creature spell with mana value 3 or less" (CR 603.2, 603.10a, 601.2i)
    "Thorough Investigation", "Bygone Bishop",
    # "Choose one. If you control a commander as you cast this spell, you may choose both."; "add {R}
    # for each card in target opponent's hand" (CR 700.2, 601.2b, 903.3d, 106.4)
    "Jeska's Will",
    # "one mana of any color in your commander's color identity. When that mana is spent to cast …" (CR 106.6, 903.4)
    "Path of Ancestry",
    # "if a creature you control would deal damage to a permanent or player, it deals double that damage …" (CR 614.1a)
    "Gratuitous Violence",
    # "If this is the second time this ability has resolved this turn, draw a card instead." (CR 608.2c)
    "Rumor Gatherer",
    # read but not implemented, and not read
    "Talisman of Dominance", "Kessig Wolf Run", "Dragon's Fire", "Sefris of the Hidden Ways", "Minsc & Boo, Timeless Heroes",
]


def snapshot_text(name: str) -> str:
    c = compile_fields(oracle_fields(load_oracle()[name]))
    lines = [f"card: {name}", f"stage: {c.stage}"]
    if c.reason:
        lines.append(f"reason: {c.reason}")
    lines.append("--- text")
    lines.append(c.parse.text if c.parse is not None else "")
    if c.parsed is not None:
        lines += ["--- parsed", pretty(c.parsed)]
    if c.lowered is not None:
        lines.append("--- lowered")
        for k, v in c.lowered.define_kwargs().items():
            if v:
                lines.append(f"{k}: {show(v)}")
    a = c.adventure
    if a is not None:  # the Adventure face (CR 715.2)
        lines += ["--- adventure text", a.parse.text if a.parse is not None else ""]
        if a.parsed is not None:
            lines += ["--- adventure parsed", pretty(a.parsed)]
        if a.lowered is not None and a.lowered.spell is not None:
            lines.append(f"--- adventure lowered\nspell: {show(a.lowered.spell)}")
    if c.halves is not None:  # a split card: the left half above, the right half here (CR 709.1)
        r = c.halves[1]
        lines += ["--- right half text", r.parse.text if r.parse is not None else ""]
        if r.parsed is not None:
            lines += ["--- right half parsed", pretty(r.parsed)]
        if r.lowered is not None:
            lines.append("--- right half lowered")
            for k, v in r.lowered.define_kwargs().items():
                if v:
                    lines.append(f"{k}: {show(v)}")
    return "\n".join(lines) + "\n"


def show(v: object) -> str:
    """A value of the effect language, deterministically (sets sorted) and briefly (fields
    left at their defaults, ``uid`` and ``text`` omitted)."""
    if isinstance(v, frozenset | set):
        return "{" + ", ".join(sorted(map(show, v))) + "}"
    if isinstance(v, tuple):
        return "(" + ", ".join(map(show, v)) + ")"
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        parts = []
        for f in dataclasses.fields(v):
            val = getattr(v, f.name)
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
            if f.name in ("uid", "text") or val == default:
                continue
            parts.append(f"{f.name}={show(val)}")
        return f"{type(v).__name__}({', '.join(parts)})"
    return repr(v)


def _file(name: str) -> Path:
    return SNAPSHOTS / (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + ".ir.txt")


def _snapshot_cards() -> list[str]:
    """``CARDS``, the cards named by the snapshot files, and those asked for in
    ``UNDERCITY_NEW_SNAPSHOTS``."""
    names = dict.fromkeys(CARDS)
    for p in sorted(SNAPSHOTS.glob("*.ir.txt")):
        first = p.read_text(encoding="utf-8").split("\n", 1)[0]
        if first.startswith("card: "):
            names.setdefault(first.removeprefix("card: "))
    for n in os.environ.get("UNDERCITY_NEW_SNAPSHOTS", "").split(";"):
        if n.strip():
            names.setdefault(n.strip())
    return list(names)


@pytest.mark.parametrize("name", _snapshot_cards())
def test_parsed_form_matches_its_snapshot(name: str) -> None:
    got = snapshot_text(name)
    path = _file(name)
    if os.environ.get("UNDERCITY_UPDATE_SNAPSHOTS") or (
            not path.is_file() and name in os.environ.get("UNDERCITY_NEW_SNAPSHOTS", "")):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert path.is_file(), f"no snapshot {path.name}: run with UNDERCITY_UPDATE_SNAPSHOTS=1"
    assert got == path.read_text(encoding="utf-8")


def test_every_snapshot_file_is_named_for_its_card() -> None:
    for p in SNAPSHOTS.glob("*.ir.txt"):
        first = p.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith("card: "), f"{p.name} does not start with 'card: NAME'"
        assert _file(first.removeprefix("card: ")).name == p.name
