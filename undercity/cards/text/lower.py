"""The parsed form → the effect language of :mod:`undercity.cards.model` (CardDef abilities).

Strict: every node either lowers to effect types the engine handles, exactly as the rules
say, or raises :class:`Unsupported` naming the phrase. A card is implemented only when all
its abilities lower; a compiled card that plays differently from the real card would be
worse than an unimplemented one, so anything doubtful is refused here rather than guessed.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field, replace
from typing import Any

from undercity.cards import model as m
from undercity.cards.language import library_top as lt
from undercity.cards.language.activate_only import RESTRICTIONS, ActivateOnly
from undercity.cards.language.attack_restrictions import SELF_CANT_ATTACK
from undercity.cards.language.block_restrictions import (
    SELF_CANT_ATTACK_OR_BLOCK,
    SELF_CANT_BLOCK,
    SELF_UNBLOCKABLE,
    CantBeBlockedBy,
    CantBlock,
    UnblockableBy,
)
from undercity.cards.language.cast_permissions import (
    YOU_CAST_FROM_EXILE_OR_LAND_FROM_EXILE,
    YOU_PLAY_FROM_EXILE,
    ExileTopPlay,
    ExileTopPlayThisTurn,
    ExileUntilCastFree,
    ExileUntilNonlandCastFree,
)
from undercity.cards.language.commander import ControlsCommander
from undercity.cards.language.conditions import (
    AtMostHalfStartingLife,
    Controls,
    CreatureDiedThisTurn,
    InitiativeInAttack,
    OpponentMoreLands,
    TwoOrMoreOpponents,
    YourTurn,
    at_least,
)
from undercity.cards.language.continuous import AddAbilities, Continuous, DefinePT, EntersAsCopy, ModifyPT
from undercity.cards.language.cycling import CYCLE_SELF
from undercity.cards.language.damage import DAMAGE_DEALT, DEALS_DAMAGE, DamageEach
from undercity.cards.language.defending_player import DEFENDING_YOU, WhileDefending
from undercity.cards.language.delayed_triggers import CreateDelayedTrigger, NextStep
from undercity.cards.language.dice import DIE_RESULT, OTHER_RESULT, ROLL_DICE, DieResult, RollDie
from undercity.cards.language.dice import row as dice_row
from undercity.cards.language.dies import CreatureDies
from undercity.cards.language.divided import DamageDivided
from undercity.cards.language.draw import YOU_DRAW
from undercity.cards.language.each_player_chooses import ChooseEachSacrificeRest, EachMayChooseDestroy
from undercity.cards.language.entering import CHOICES as ENTER_CHOICES
from undercity.cards.language.entering import CHOSEN_COLOR, AsEntersChoose, AsEntersReveal, EntersWithCounters
from undercity.cards.language.equip import AttachTo
from undercity.cards.language.event_triggers import CombatDamageToPlayer, PlayerCasts
from undercity.cards.language.exploit import EXPLOIT_TEXT, EXPLOITS, Exploit
from undercity.cards.language.from_graveyard import ReturnSelf
from undercity.cards.language.land_plays import AdditionalLandPlay
from undercity.cards.language.library_top import LookTopPutLand
from undercity.cards.language.life_fraction import LoseLifeFraction
from undercity.cards.language.mill import (
    MILLS_CREATURE_CARDS,
    OPPONENT_LOSES_LIFE,
    THAT_PLAYER_THAT_MANY,
    MillThatMany,
)
from undercity.cards.language.monarch import IS_MONARCH
from undercity.cards.language.monstrosity import BECOMES_MONSTROUS, Monstrosity, WhileMonstrous
from undercity.cards.language.opponents import OPPONENTS
from undercity.cards.language.optional import May, MayPay, MayPayLife
from undercity.cards.language.party import FULL_PARTY, PARTY_SIZE
from undercity.cards.language.quantities import TARGET_MANA_VALUE, TRIGGER_AMOUNT, Times
from undercity.cards.language.sacrifice import SacrificeOrDiscard
from undercity.cards.language.search import SearchTopInstead
from undercity.cards.language.several_targets import DESTROY, RETURN_TO_HAND, OnTargets
from undercity.cards.language.spell_costs import CostChange
from undercity.cards.language.static_abilities import NoMaximumHandSize, StaticIf
from undercity.cards.language.suspend import Suspend
from undercity.cards.language.tap_untap import DoesntUntap, DoesntUntapNext, Tap, Untap
from undercity.cards.language.tokens import CreateForEach, CreateTokenGaining, CreateTokensAttacking
from undercity.cards.language.unless import Unless
from undercity.cards.language.ward import CounterUnlessPays
from undercity.cards.language.zone_change_triggers import PutIntoZone
from undercity.cards.language.zone_moves import ExileGraveyardOf
from undercity.cards.text import ast as A
from undercity.mana import parse_cost

#: Keyword abilities the engine implements as keywords (CR 702).
ENGINE_KEYWORDS = frozenset({
    "flying", "reach", "menace", "first strike", "double strike", "trample", "deathtouch",
    "lifelink", "vigilance", "haste", "defender", "flash", "hexproof", "indestructible", "shroud",
    # evasion checked as blockers are declared (engine/block_restrictions.py; CR 702.13, 702.14, 702.36)
    "fear", "intimidate", "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk", "skulk",
    "shadow",  # CR 702.28b, on the attacker's and the blocker's side
    "undying",  # CR 702.93a: a trigger of the rules' own, read as it last existed (engine/undying.py)
    "phasing",  # CR 702.26a: the untap step asks it (engine/phasing.py)
})
#: Protection from a color or a card type (CR 702.16; engine/protection.py) and from creatures
#: (engine/protection_from_creatures.py) are keywords too, always with their quality.
PROTECTION_KEYWORDS = frozenset({f"protection from {q}" for q in (
    "white", "blue", "black", "red", "green", "artifacts", "enchantments", "creatures")})
ENGINE_KEYWORDS = ENGINE_KEYWORDS | PROTECTION_KEYWORDS


class Unsupported(Exception):
    """A phrase the engine has no effect for (or that the lowering can't map exactly)."""

    def __init__(self, phrase: str) -> None:
        super().__init__(phrase)
        self.phrase = phrase


_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
          "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "sorceries": "Sorcery",
          "battle": "Battle"}
#: The land types (CR 205.3i).
LAND_TYPES = frozenset({"Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
                        "Power-Plant", "Sphere", "Swamp", "Tower", "Urza's"})
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _type(word: str) -> str | None:
    w = word.lower()
    if w in _TYPES:
        return _TYPES[w]
    if w.endswith("s") and w[:-1] in _TYPES:
        return _TYPES[w[:-1]]
    return None


def noun_filter(n: A.Noun) -> m.Filter:
    """A noun phrase as a :class:`~undercity.cards.model.Filter` (CR 109.2: an object is
    described by its characteristics)."""
    from undercity.cards.text.parser import subtype_of

    if isinstance(n, A.EitherNoun) and n.alt is not None:
        # "Dragon creature card or Ugin planeswalker card from your graveyard": either
        # description, each with the place said after both.
        first = A.Noun(n.quals, n.heads, n.conj, n.card, n.suffix, n.kind)
        return replace(noun_filter(first), alternative=noun_filter(replace(n.alt, suffix=n.suffix)))
    kw: dict[str, Any] = {}
    types: set[str] = set()
    subtypes: set[str] = set()
    for h in n.heads:
        t = _type(h)
        if t is not None:
            types.add(t)
        elif h.lower() in ("permanent", "permanents"):
            pass
        elif (st := subtype_of(h)) is not None:
            subtypes.add(st)
        else:
            raise Unsupported(n.render())
    if types and subtypes and n.conj == "or" and len(n.heads) == 2 and not n.kind:
        # "target Human or artifact an opponent controls": either description (CR 115.1), each
        # with the qualities and the suffix said once for both.
        first, second = (replace(n, heads=(h,)) for h in n.heads)
        return replace(noun_filter(first), alternative=noun_filter(second))
    if types and subtypes:
        raise Unsupported(n.render())  # "artifact and Vampire": the Filter can't say that across fields
    if n.kind:
        types.add(_TYPES[n.kind])  # "Cleric, …, or Wizard creature card": one of them, and a creature (CR 205.3a)
    if subtypes and subtypes <= LAND_TYPES:
        types.add("Land")  # CR 205.3i: land types are only ever on lands
    if n.card in ("spell", "spells") and not n.heads:
        pass
    sets: dict[str, set[str]] = {"not_types": set(), "not_colors": set(), "colors": set(), "supertypes": set(),
                                 "not_supertypes": set(), "not_subtypes": set()}
    if n.card in ("card", "cards") and any(h.lower() in ("permanent", "permanents") for h in n.heads):
        sets["not_types"] |= {"Instant", "Sorcery"}  # CR 110.4a: a permanent card isn't an instant or sorcery
    for q in n.quals:
        ql = q.lower().removesuffix(",")  # "nonartifact, nonblack creature" (parser.noun)
        if ql == "other":
            kw["other"] = True
        elif ql == "nontoken":
            kw["nontoken"] = True
        elif ql in ("tapped", "untapped"):
            kw["tapped"] = ql == "tapped"
        elif ql == "attacking":
            kw["attacking"] = True
        elif ql == "attacking or blocking":
            kw["attacking_or_blocking"] = True
        elif ql == "blocking":
            kw["blocking"] = True
        elif ql == "nonattacking":
            kw["nonattacking"] = True  # not an attacking creature (CR 506.4)
        elif ql == "attacking or blocking":
            kw["attacking_or_blocking"] = True  # in combat (CR 506.4)
        elif ql == "goaded":
            kw["goaded"] = True  # CR 701.15b: a designation, goaded by anyone
        elif ql == "legendary":
            sets["supertypes"].add("Legendary")
        elif ql == "nonlegendary":
            sets["not_supertypes"].add("Legendary")
        elif ql == "basic":
            kw["basic"] = True
        elif ql in _COLORS:
            sets["colors"].add(_COLORS[ql])
        elif ql.startswith("non") and ql[3:] in _COLORS:
            sets["not_colors"].add(_COLORS[ql[3:]])
        elif ql.startswith("non") and (t := _type(ql[3:])) is not None:
            sets["not_types"].add(t)
        elif ql.startswith("non-") and (st := subtype_of(q[4:])) is not None:
            sets["not_subtypes"].add(st)
        elif q[:1].isupper() and (st := subtype_of(q)) is not None and not subtypes:
            sets.setdefault("subtypes", set()).add(st)  # "Goblin creature": both (CR 205.3a)
        else:
            raise Unsupported(f"{q} {n.render()}")
    if len(sets["colors"]) > 1:
        raise Unsupported(n.render())
    for s in n.suffix:
        if s in ("you control",):
            kw["controller"] = "you"
        elif s in ("an opponent controls", "you don't control", "your opponents control"):
            kw["controller"] = "opponent"  # Filter "opponent": not controlled by you
        elif s == "an opponent owns":
            kw["owner"] = "opponent"  # CR 108.3: whoever controls it
        elif s == "that could be attached to enchanted creature":
            kw["attachable_to_enchanted"] = True  # the creature the source enchants (CR 303.4a, 301.5c)
        elif s == "that aren't enchanted":
            kw["enchanted"] = False  # no Aura attached (CR 303.4)
        elif s in ("with flying", "without flying"):
            # An evasion keyword it has or lacks now (CR 702.9, 613.1f).
            kw["keywords" if s.startswith("with ") else "not_keywords"] = frozenset({"flying"})
        elif s == "with {X} in its mana cost":
            kw["x_in_cost"] = True  # CR 107.3
        elif s == "whose controller was dealt combat damage by ~ this turn":
            kw["controller_dealt_combat_damage_by_source"] = True  # whoever controls it now (ruling)
        elif s == "with the same name as this creature":
            kw["same_name"] = True  # the name of the object that has the ability (CR 201.2)
        elif s == "that share a creature type with it":
            kw["shares_creature_type"] = True  # with the ability's source, "it" (CR 205.3m)
        elif s == "with power less than this creature's power":
            kw["less_power_than_source"] = True  # the source's power, as it last existed if it left (608.2h)
        elif s == "with power less than ~'s power":
            kw["less_power_than_source"] = True  # compared with this permanent's power now (CR 208.1)
        elif s.startswith("with ") and s.endswith(" counters on them") and len(s.split()) == 5:
            kind = s.split()[1]
            if kind in _RULES_COUNTERS or kind in ("lore", "time"):
                raise Unsupported(s)
            kw["counter"] = kind  # one or more of them on it (CR 122.1)
        elif s == "with mana value less than or equal to the number of cards in its controller's graveyard":
            kw["max_mv_controllers_graveyard"] = True  # as the target is chosen and checked (CR 608.2b)
        elif s.startswith("with "):
            words = s.split()
            if words[-1] not in ("greater", "less") or not words[-3].isdigit():
                raise Unsupported(s)
            v, more = int(words[-3]), words[-1] == "greater"
            what = " ".join(words[1:-3])
            key = {("power", True): "min_power", ("toughness", True): "min_toughness", ("power", False): "max_power",
                   ("mana value", True): "min_mv", ("mana value", False): "max_mv"}.get((what, more))
            if key is None:
                raise Unsupported(s)
            kw[key] = v
        elif s == "on the battlefield":
            pass  # a permanent is an object on the battlefield (CR 110.1)
        elif s.startswith(("that's a ", "that's an ")) and not subtypes and "subtypes" not in sets:
            kinds = {w.strip(",") for w in s.split()[2:]} - {"or", "and/or"}
            found = {subtype_of(w) for w in kinds}
            if None in found:
                raise Unsupported(s)
            sets["subtypes"] = {st for st in found if st is not None}  # any of them (CR 115.1)
        elif s == "that entered the battlefield this turn":
            kw["entered_this_turn"] = True  # the object that entered this turn (CR 400.7)
        elif s == "that aren't of the chosen type":
            kw["not_chosen"] = "creature type"  # what the spell chose as it resolves (CR 608.2d)
        elif s in ("of the chosen type", "of the chosen color", "of that type"):
            # What this permanent chose as it entered (CR 614.12a, 607.1; lower_card checks it chooses).
            kw["chosen"] = "creature type" if s.endswith("type") else "color"
        elif s in ("from an opponent's graveyard", "in an opponent's graveyard"):
            kw["controller"] = "opponent"  # a card in a graveyard is controlled by its owner
        elif s in ("from your graveyard", "in your graveyard", "from a graveyard"):
            if s != "from a graveyard":
                kw["controller"] = "you"  # a card in a graveyard is controlled by its owner
        elif s.startswith(("that was put there from ", "that were put there from ")) and s.endswith(" this turn") \
                and _graveyard(n):
            # the zone the card in the graveyard was put there from this turn (CR 400.7); a card
            # goes to its owner's library and graveyard (CR 400.3), so "their library" is that one
            kw["came_from"] = "battlefield" if s.split()[-3] == "battlefield" else "library"
        else:
            raise Unsupported(s)
    subtypes |= sets.pop("subtypes", set())
    conv = {k: frozenset(v) for k, v in sets.items() if v}
    return m.Filter(types=frozenset(types), subtypes=frozenset(subtypes), **conv, **kw)


def _graveyard(n: A.Noun) -> bool:
    return any("graveyard" in s for s in n.suffix)


@dataclass
class Ctx:
    """Targets chosen so far in one ability, and what "it" refers to (CR 115.1, 608.2c)."""

    targets: list[m.TargetSpec] = field(default_factory=list)
    it: m.Ref | None = None
    it_is_target: bool = False
    #: What X stands for in the sentence being lowered ("where X is …").
    x: m.Count | None = None
    #: X of the spell's mana cost ({X} in it, CR 107.3a, 601.2b).
    cost_x: m.Count | None = None
    #: The ability is an Aura's that enchants a player ("Whenever enchanted player casts …", CR 303.4b).
    enchants_player: bool = False
    #: "When ~ becomes monstrous": X is the X it became monstrous with (CR 701.37c), targets too.
    monstrous_x: bool = False
    #: The subtype of the tokens a "For each creature …, create …" before made ("those Beasts").
    created_for_each: str = ""
    #: "it" is the ability's source: "When ~ enters the battlefield / dies, it deals …".
    it_source: bool = False
    #: Damage divided among the targets (CR 601.2d): its targets are the ability's only ones;
    #: ``activated``: an activated ability, whose activation doesn't divide anything yet.
    divided: bool = False
    activated: bool = False
    #: A spell's effect: the one place several targets of one "target" word are chosen (CR 115.3).
    spell: bool = False
    #: A "whenever you cast" trigger: "that spell" is the spell cast (CR 603.2, 707.10).
    cast_trigger: bool = False
    #: A "whenever you roll one or more dice" trigger: "those results" are that roll's (CR 706.4).
    dice_trigger: bool = False
    #: A trigger on activating an ability: "copy it" copies that ability (CR 707.10).
    activation_trigger: bool = False
    #: A "whenever a player casts" trigger: "it" is the spell that player cast (CR 601.2i).
    player_casts: bool = False
    #: A trigger on an ability triggering: "that ability" is it (CR 603.2, 707.10).
    ability_trigger: bool = False
    #: A token copy was created: "that token" is it (CR 608.2c).
    created: bool = False
    #: "When enchanted/equipped creature dies": "~" may be the Aura in the graveyard (CR 400.7f).
    attached_died: bool = False
    #: "Whenever ~ becomes the target of a spell": "that spell's controller" is its controller.
    spell_target: bool = False
    #: A trigger event with a player and a number: "that player mills that many cards".
    that_many: bool = False
    #: A trigger event with a number (TRIGGER_AMOUNT): "exile that many cards" after combat damage.
    that_much: bool = False
    #: The number a trigger event carries, for "that many" ("Whenever ~ deals combat damage to
    #: a player, you may draw that many cards": the damage dealt, CR 510.2).
    event_amount: m.Count | None = None
    #: "that player" of a trigger at the beginning of each opponent's step: the active player.
    that_player: m.Ref | None = None
    #: "the attacking player" of a trigger on a player attacking another (CR 508.3e).
    attacking_player: m.Ref | None = None
    #: "those creatures", "they" after an effect on "up to three target creatures": each target.
    several: tuple[m.Ref, ...] = ()
    #: "they" after "choose any number of creatures": the chosen ones (language.object_choice).
    chose_any: bool = False
    #: "those creatures" after "put a +1/+1 counter on each creature you control": the same
    #: permanents — putting counters moves none and changes no characteristic a filter reads.
    those: m.Ref | None = None
    #: "Choose two target creature cards in your graveyard. … the chosen cards": the first of
    #: those targets and how many (CR 115.3).
    chosen: tuple[int, int] | None = None
    #: The spell's targets are all acted on together by one effect (_return_both): an optional
    #: last one shifts no other's place.
    together: bool = False
    #: "Target player sacrifices a creature": "that creature" is the one sacrificed.
    sacrificed: bool = False
    #: A loyalty ability (CR 606): never a mana ability, even when it adds mana (CR 605.1a).
    loyalty: bool = False
    #: A discard effect came before: "for each card discarded this way" counts its cards.
    discarded: bool = False
    #: "Whenever a creature … dies": "that creature" is the one that died, as it last existed
    #: (CR 603.10a).
    died: bool = False
    #: The die roll earlier in the ability whose result its words may name (CR 706.4).
    rolled: A.Roll | None = None
    #: A delayed triggered ability's effects (CR 603.7): "it", "that card" are the object it
    #: refers to (TRIGGER_OBJECT).
    delayed: bool = False
    #: After "return that card to the battlefield …. If you do,": "that creature" is the permanent
    #: returned.
    returned: bool = False
    #: The target an earlier effect put onto the battlefield: "It gains haste." is the permanent
    #: it became (CR 400.7).
    put_onto_battlefield: m.Ref | None = None
    #: "it" (TRIGGER_OBJECT) is the card a trigger saw put into a graveyard or exile, not a permanent.
    it_card: bool = False
    #: The ability works only while its card is suspended (CR 702.62b, 113.6b): "~" is that
    #: card in exile.
    suspended: bool = False
    #: The cards of your graveyard an amount counted ("add the number of creature cards in your
    #: graveyard that …"): "those cards" after it are the cards of that description.
    those_cards: m.Filter | None = None
    #: "Each player sacrifices a nontoken creature." came before: "the creature you sacrificed this
    #: way", "a creature card put into a graveyard this way" (CR 608.2c).
    each_sacrificed: bool = False
    #: "Destroy all creatures" came before: "a creature card put into a graveyard this way" is one
    #: the destruction put there (CR 608.2c).
    destroyed_all: bool = False
    #: An activated ability whose cost removes all counters of a kind: "the number of counters
    #: removed this way" (CR 602.2b).
    removed_counters: bool = False
    #: A trigger on this permanent moving from the battlefield ("When ~ is put into a graveyard
    #: from the battlefield, return ~ to its owner's hand"): "~" is the new object it became in
    #: the public zone it moved to (CR 400.7e).
    self_moved: bool = False

    def target(self, t: A.TargetRef) -> m.Ref:
        if t.count is not None and not (t.up_to and t.count.value == 1) or self.divided:
            raise Unsupported(t.render())
        if t.noun is not None and t.noun.suffix == ("that player controls",) and self.that_player is not None \
                and self.that_player.kind in ("attacked_player", "the_opponent"):
            # "target creature that player controls": the attacked player's (CR 115.1, 508.3e), or
            # the opponent a reflexive ability was created for (CR 603.12; language.each_opponent)
            bare = _target_spec(replace(t, noun=replace(t.noun, suffix=())))
            spec = replace(bare, text=t.render(), controlled_by=self.that_player)
        elif t.noun is not None and t.noun.suffix == ("that player controls", _TAPPED_POWER) \
                and self.that_player is not None and self.that_player.kind == "the_opponent":
            # "… with power less than or equal to the tapped creature's power" (ruling 2021-07-23, Nihiloor)
            bare = _target_spec(replace(t, noun=replace(t.noun, suffix=())))
            spec = replace(bare, text=t.render(), controlled_by=self.that_player, max_power_of_tapped=True)
        else:
            spec = _target_spec(t)
        if self.targets and self.targets[-1].optional and not spec.optional:
            raise Unsupported(t.render())  # optional target specifications come last
        self.targets.append(spec)
        ref = m.T(len(self.targets) - 1)
        self.it, self.it_is_target = ref, True
        return ref


def _stack_kind(n: A.Noun) -> str | None:
    """The target kind of the words naming spells and abilities on the stack ("spell,
    activated ability, or triggered ability", CR 115.1, 113.7), or None."""
    from undercity.cards.language.stack_targets import STACK_OBJECTS

    if n.quals or n.heads or n.suffix and not _source_types(n):  # only "from an artifact … source"
        return None
    return STACK_OBJECTS.get(n.card.replace(",", " ,"))


def _source_types(n: A.Noun) -> tuple[str, ...]:
    """"ability from an artifact or enchantment source" (CR 113.7): the card types of its source
    (the suffix, then the types), or ()."""
    if len(n.suffix) != 1 or not n.suffix[0].startswith("from ") or not n.suffix[0].endswith(" source"):
        return ()
    words = n.suffix[0].split()[2:-1]
    return (n.suffix[0], *(w.capitalize() for w in words if w != "or"))


def _target_spec(t: A.TargetRef) -> m.TargetSpec:
    text = t.render()
    optional = t.up_to
    if t.noun is None:
        return m.TargetSpec("any", text=text)
    n = t.noun
    heads = tuple(h.lower() for h in n.heads)
    if t.another:
        if n.card or "player" in heads or "opponent" in heads:
            raise Unsupported(text)
        # "another target attacking creature you control": a permanent other than the
        # ability's source (CR 115.1, 109.1).
        spec = _target_spec(replace(t, another=False))
        if spec.filter is None:
            raise Unsupported(text)
        return replace(spec, filter=replace(spec.filter, other=True), text=text)
    if not n.quals and not n.suffix and not n.card:
        if heads == ("player",):
            return m.TargetSpec("player", text=text, optional=optional)
        if heads == ("opponent",):
            return m.TargetSpec("opponent", text=text, optional=optional)
        if heads == ("player", "planeswalker"):
            return m.TargetSpec("player_or_planeswalker", text=text, optional=optional)
        if heads == ("opponent", "planeswalker"):
            # "target opponent or planeswalker": an opponent, or any planeswalker (CR 115.4)
            return m.TargetSpec("opponent_or_planeswalker", text=text, optional=optional)
        if heads == ("creature", "planeswalker"):
            return m.TargetSpec("creature_or_planeswalker", text=text, optional=optional)
    if "player" in heads or "opponent" in heads:
        raise Unsupported(text)
    if (on_stack := _stack_kind(n)) is not None:
        if (source := _source_types(n)[1:]):
            from undercity.cards.language.stack_targets import ABILITY

            if on_stack != ABILITY:
                raise Unsupported(text)
            # an ability whose source is of these card types (CR 113.7)
            return m.TargetSpec(on_stack, m.Filter(types=frozenset(source)), text=text, optional=optional)
        return m.TargetSpec(on_stack, text=text, optional=optional)  # a spell or an ability (CR 115.1, 113.7)
    if n.card in ("spell",):
        return m.TargetSpec("spell", noun_filter(n) if n.heads or n.quals or n.suffix else None, text=text,
                            optional=optional)
    if n.card == "spell or permanent" and not n.suffix:
        from undercity.cards.language.stack_targets import SPELL_OR_PERMANENT

        return m.TargetSpec(SPELL_OR_PERMANENT, text=text, optional=optional)  # CR 115.1
    if n.card == "card":
        if not _graveyard(n):
            raise Unsupported(text)
        return m.TargetSpec("card", noun_filter(n), zone="graveyard", text=text, optional=optional)
    if n.card:
        raise Unsupported(text)
    if t.other:  # "other target creature": not the source (CR 109.5)
        if n.quals and "other" in n.quals:
            raise Unsupported(text)
        return m.TargetSpec("permanent", replace(noun_filter(n), other=True), text=text, optional=optional)
    return m.TargetSpec("permanent", noun_filter(n), text=text, optional=optional)


def _attached(node: A.Node) -> bool:
    """"enchanted creature" / "equipped creature": the permanent this Aura or Equipment is
    attached to (CR 301.5, 303.4)."""
    if isinstance(node, A.WordRef):
        return node.words in ("enchanted creature", "equipped creature")
    return (isinstance(node, A.DescRef) and node.det == "" and node.noun.quals in (("enchanted",), ("equipped",))
            and node.noun.heads == ("creature",) and not node.noun.suffix and not node.noun.card)


def player_ref(node: A.Node | None, ctx: Ctx) -> m.Ref:
    if node is None:
        return m.YOU
    if isinstance(node, A.BothEach) and node.first == A.WordRef("you") and ctx.attacking_player is not None \
            and player_ref(node.second, ctx) == ctx.attacking_player:
        from undercity.cards.language.attacked_players import YOU_AND_ATTACKING_PLAYER

        return YOU_AND_ATTACKING_PLAYER  # "you and the attacking player each …" (CR 101.4)
    if isinstance(node, A.WordRef) and node.words == "that spell's controller" and ctx.spell_target:
        from undercity.cards.language.prevention import SPELL_CONTROLLER

        return SPELL_CONTROLLER  # the spell that targeted this permanent, as it triggered
    if isinstance(node, A.WordRef):
        ref = {"you": m.YOU, "defending player": m.DEFENDING}.get(node.words)
        if ref is not None:
            return ref
        if node.words == "that player" and ctx.that_player is not None:
            return ctx.that_player
        if node.words == "they" and ctx.that_player is not None and ctx.that_player.kind == "trigger_object_owner":
            return ctx.that_player  # "a nonland permanent an opponent owns enters …, they lose life …"
        if node.words == "the attacking player" and ctx.attacking_player is not None:
            return ctx.attacking_player
        if node.words == "that player" and ctx.it_is_target and ctx.it is not None and ctx.it.kind == "target" \
                and ctx.targets[ctx.it.i].kind in ("player", "opponent"):
            return ctx.it  # "Target player draws three cards. Then that player discards …" (CR 608.2c)
        if node.words == "its controller" and ctx.it_is_target and ctx.it is not None:
            return m.TARGET_CONTROLLER(ctx.it.i)
        if node.words == "the chosen player":
            from undercity.cards.language.entering import CHOSEN_PLAYER

            return CHOSEN_PLAYER  # chosen as it entered (CR 614.12a; lower_card checks it chooses)
    if isinstance(node, A.EachRef) and not node.noun.quals and not node.noun.suffix:
        heads = tuple(h.lower() for h in node.noun.heads)
        if heads == ("opponent",):
            return m.EACH_OPPONENT
        if heads == ("player",):
            return m.EACH_PLAYER
    if isinstance(node, A.EachRef) and node.noun == A.Noun((), ("opponent",), suffix=("attacking that player",)) \
            and ctx.that_player is not None and ctx.that_player.kind == "attacked_player":
        from undercity.cards.language.attacked_players import OPPONENTS_ATTACKING

        return OPPONENTS_ATTACKING  # as it resolves (CR 506.2; the Curses' ruling 2017-08-25)
    if isinstance(node, A.EachRef) and node.noun.quals == ("other",) and not node.noun.suffix \
            and node.noun.heads == ("player",):
        from undercity.cards.language.discard import EACH_OTHER_PLAYER

        return EACH_OTHER_PLAYER  # every player but you (CR 102.1)
    if isinstance(node, A.TargetRef) and node.noun is not None and tuple(node.noun.heads) in (
            ("player",), ("opponent",)):
        return ctx.target(node)
    raise Unsupported(node.render())


def object_ref(node: A.Node, ctx: Ctx) -> m.Ref:
    if isinstance(node, A.SelfRef):
        return m.TRIGGER_OBJECT if ctx.self_moved else m.SELF
    if _attached(node):
        return m.ENCHANTED
    if isinstance(node, A.TargetRef):
        return ctx.target(node)
    if isinstance(node, A.WordRef):
        if ctx.delayed and node.words in _DELAYED_REFS:
            return m.TRIGGER_OBJECT  # the object the delayed ability refers to (CR 603.7c)
        if node.words in ("enchanted creature", "equipped creature", "enchanted permanent", "enchanted land"):
            return m.ENCHANTED
        if node.words == "it" and ctx.it is not None:
            return ctx.it
        if node.words == "that token" and ctx.created and ctx.it is not None:
            return ctx.it  # the token just created (CR 608.2c)
        if node.words in ("that creature", "that permanent") and ctx.it is not None and ctx.it_is_target:
            return ctx.it  # "Gain control of target creature … Untap that creature.": the target
        if node.words == "those creatures" and ctx.those is not None:
            return ctx.those
    if isinstance(node, A.EachRef) or isinstance(node, A.DescRef) and node.det == "" and not _attached(node) \
            and node.noun.heads and node.noun.heads[0].lower() not in ("creature", "permanent", "land"):
        # "each creature you control" / "creatures you control" (a plural description): every
        # object matching it as the effect happens (CR 608.2c, 611.2c).
        flt = noun_filter(node.noun)
        if node.noun.card or not flt.types and not flt.subtypes and "permanent" not in " ".join(node.noun.heads):
            raise Unsupported(node.render())
        return m.ALL(flt)
    raise Unsupported(node.render())


def _n(num: A.Num, ctx: Ctx | None = None) -> Any:
    """A number; X only where the sentence says what it is (``ctx.x``, CR 107.3a)."""
    if num.value is None:
        if ctx is not None and num.word == "X" and (ctx.x or ctx.cost_x) is not None:
            return ctx.x or ctx.cost_x
        if ctx is not None and num.word.lower() == "that many" and ctx.discarded:
            from undercity.cards.language.discard import DiscardedThisWay

            return DiscardedThisWay()  # "discard …. If you do, draw that many cards" (CR 608.2c)
        if ctx is not None and num.word.lower() in ("that many", "that much") and ctx.event_amount is not None:
            return ctx.event_amount  # "draw that many cards": the damage the trigger event dealt
        raise Unsupported(num.word)
    return num.value


def _pt(s: str) -> tuple[int, int]:
    p, t = s.replace("−", "-").split("/")
    try:
        return int(p), int(t)
    except ValueError as err:
        raise Unsupported(s) from err


def _pt_x(s: str, ctx: Ctx) -> tuple[Any, Any]:
    """"+X/+0", "+X/+X" with X of the cost or a "where X is" (CR 107.3a); -X isn't an
    amount the engine has."""
    parts = s.replace("−", "-").split("/")
    if "X" not in s:
        return _pt(s)
    out: list[Any] = []
    for part in parts:
        if part == "+X":
            out.append(_n(A.Num("X", None), ctx))
        elif part == "-X" and ctx.cost_x is not None and ctx.x is None:
            from undercity.cards.language.quantities import Times

            out.append(Times(of=ctx.cost_x, k=-1))  # "-X/-X" with X of the cost (CR 107.3a)
        elif part.lstrip("+").isdigit():
            out.append(int(part))
        else:
            raise Unsupported(s)
    return out[0], out[1]


_TOKENS = {("Treasure",): "Treasure", ("Gold",): "Gold"}  # CR 111.10a, 111.10c


@dataclass(frozen=True, slots=True)
class TokenSpec:
    """A creature token an effect creates, from its description (CR 111.4, 111.10): defined
    under ``key`` (its characteristics, so different tokens named alike never collide) when the
    card is defined."""

    key: str
    name: str
    type_line: str
    power: int
    toughness: int
    colors: str
    keywords: frozenset[str]
    #: Quoted abilities it has ('… token with "This creature can't block."', CR 113.1a).
    static: tuple[m.Static, ...] = ()
    triggered: tuple[m.Triggered, ...] = ()
    activated: tuple[m.Activated, ...] = ()


#: The player whose turn it is ("At the beginning of each opponent's end step, that player …").
ACTIVE_PLAYER = m.Ref("active_player")

#: Token descriptions read so far, by key (pure data: the key determines the token).
_SPECS: dict[str, TokenSpec] = {}
#: The name of the card being lowered, for "~" in a token's name ("named Kobolds of ~").
_CARD_NAME: list[str] = [""]


def _created(x: Any) -> list[str]:
    """The token keys of every CreateToken inside ``x`` (abilities, modes, "you may" …)."""
    if isinstance(x, m.CreateToken | CreateTokenGaining | CreateForEach | CreateTokensAttacking):
        return [x.token]
    if isinstance(x, tuple | list):
        return [k for y in x for k in _created(y)]
    if dataclasses.is_dataclass(x) and not isinstance(x, type) and not isinstance(x, m.Filter | m.Ref):
        return [k for f in dataclasses.fields(x) if f.name not in ("text", "uid") for k in _created(getattr(x, f.name))]
    return []


def _returns_self(x: Any) -> bool:
    """Whether a ReturnSelf is inside ``x`` (abilities, "you may", "if you do" …)."""
    if isinstance(x, ReturnSelf):
        return True
    if isinstance(x, tuple | list):
        return any(_returns_self(y) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type) and not isinstance(x, m.Filter | m.Ref):
        return any(_returns_self(getattr(x, f.name)) for f in dataclasses.fields(x) if f.name not in ("text", "uid"))
    return False


def token_spec(c: A.Create) -> TokenSpec:
    """"a 1/1 white Human Soldier creature token with flying" → its characteristics."""
    from undercity.cards.text.parser import subtype_of

    words = list(c.desc)
    if len(words) < 3 or "/" not in words[0]:
        raise Unsupported(c.render())
    p, t = _pt(words[0])
    if p < 0 or t < 0 or words[0].startswith("+"):
        raise Unsupported(c.render())
    i, colors = 1, ""
    while i < len(words) and (words[i] in _COLORS or words[i] in ("colorless", "and")):
        if words[i] in _COLORS:
            colors += _COLORS[words[i]]
        i += 1
    if i == 1 or words[-1] != "creature":
        raise Unsupported(c.render())
    kinds = ["Creature"]
    rest = words[i:-1]
    if rest and rest[-1] in ("artifact", "enchantment"):
        kinds.insert(0, rest.pop().capitalize())
    subtypes = [subtype_of(w) for w in rest]
    if not rest or any(st is None or st != w for st, w in zip(subtypes, rest, strict=True)):
        raise Unsupported(c.render())
    kws = frozenset(c.keywords)
    if not kws <= ENGINE_KEYWORDS | {"changeling"}:  # a token's changeling: registry.token
        raise Unsupported(c.render())
    color_words = " and ".join(w for w in words[1:i] if w != "and")
    # Quoted abilities the token has (CR 111.4, 113.1a), lowered as its own abilities.
    inner = _quoted_abilities(c.abilities, c)
    said = "".join(f', "{q.ability.render()}"' for q in c.abilities)  # type: ignore[attr-defined]
    # A name the effect gives it (CR 111.4), "~" the card creating it; its subtypes otherwise.
    name = c.named.replace("~", _CARD_NAME[0]) if c.named else " ".join(rest)
    key = f"{' '.join(rest)} ({p}/{t} {color_words}" + "".join(f", {k}" for k in c.keywords) + said + (
        f", named {name})" if c.named else ")")
    return TokenSpec(key, name, f"Token {' '.join(kinds)} — {' '.join(rest)}", p, t, colors, kws,
                     tuple(inner.static), tuple(inner.triggered), tuple(inner.activated))


def _quoted_abilities(quoted: tuple[A.Node, ...], c: A.Node) -> Lowered:
    """Quoted abilities another object has or gains (CR 113.1a), lowered as its own; ``c`` is
    the clause refused if one isn't a triggered, activated or static ability."""
    inner = Lowered()
    for q in quoted:
        assert isinstance(q, A.Quoted)
        if isinstance(q.ability, A.SpellText | A.AbilityWord) or q.comma:
            raise Unsupported(c.render())
        _ability(q.ability, q.ability.render(), inner, lambda n: n.render())
    if inner.keywords or inner.spell is not None or inner.enchant is not None or inner.tokens or inner.alt_costs:
        raise Unsupported(c.render())
    return inner


def effect(c: A.Node, ctx: Ctx) -> list[m.Effect]:
    """One clause."""
    if isinstance(c, A.DurationFirst):
        c = c.modify
    both = getattr(c, "who", None)
    if isinstance(both, A.BothEach) and both.first == A.WordRef("you") and isinstance(both.second, A.TargetRef):
        # "You and target opponent each draw two cards" (CR 101.4): what each of the two does,
        # you first; the one target illegal, neither does it (CR 608.2b)
        return [*effect(replace(c, who=both.first), ctx), *effect(replace(c, who=both.second), ctx)]
    if isinstance(c, A.Unless):
        return [_unless(c, ctx)]
    if isinstance(c, A.EachPlayerChooses):
        return [_choose_each_sacrifice_rest(c)]
    if isinstance(c, A.EachChoosesFewest):
        from undercity.cards.language.each_player_chooses import SacrificeToFewest

        return [SacrificeToFewest(_FEWEST[c.kind])]  # CR 101.4, 701.21a
    if isinstance(c, A.LifeFraction):
        who = player_ref(c.who, ctx)
        if (c.whose == "your") != (who == m.YOU):
            raise Unsupported(c.render())
        return [LoseLifeFraction(who, 2 if c.fraction == "half" else 3, c.rounded == "up")]
    if isinstance(c, A.Draw):
        return [m.Draw(_n(c.n, ctx), player_ref(c.who, ctx))]
    if isinstance(c, A.CostChangeUntil) and c.duration.render() == "until your next turn" \
            and c.change.caster == "that player casts" and not c.change.nth and not c.change.targeting:
        return [_cost_change_until(c, ctx)]
    if isinstance(c, A.BecomesColor) and c.duration.words == "until end of turn":
        from undercity.cards.language.continuous import SetColors
        from undercity.cards.language.until_end_of_turn import UntilEndOfTurn

        # CR 105.3, 611.2a, 613.1e: a spell keeps it as the permanent it becomes (112.4)
        desc = A.BecomesColor(A.WordRef(""), c.verb, c.colors, c.duration).render().strip()
        desc = desc.removesuffix(" until end of turn").replace("become ", "becomes ", 1)
        return [UntilEndOfTurn(object_ref(c.what, ctx), (SetColors(frozenset(_COLORS[w] for w in c.colors)),), desc)]
    if isinstance(c, A.GetEmblem):
        from undercity.cards.language.emblems import GetEmblemWith

        # CR 114.2, 114.4: the quoted abilities, the emblem's own (triggered ones only here).
        inner = _quoted_abilities((c.ability,), c)
        if inner.static or inner.activated or not inner.triggered:
            raise Unsupported(c.render())
        return [GetEmblemWith(player_ref(c.who, ctx), tuple(inner.triggered), c.ability.render()[1:-1])]
    if isinstance(c, A.DrawForEach):
        per = _each_you_control(c.each)
        if per is None or c.n.value is None:
            raise Unsupported(c.render())
        return [m.Draw(per if c.n.value == 1 else Times(of=per, k=c.n.value), player_ref(c.who, ctx))]
    if isinstance(c, A.Roll):
        return [_roll(c, ctx)]
    if isinstance(c, A.DrawResult):
        return [m.Draw(_die_result(c.result, ctx), player_ref(c.who, ctx))]
    if isinstance(c, A.CreateNumber) and c.who is None and c.count in A.DIE_RESULTS:
        # "create a number of 3/3 green Beast creature tokens equal to that result" (CR 706.4)
        made = A.Create(None, c.verb, A.Num("a", 1), c.desc, True, c.keywords)
        tok = _TOKENS.get(c.desc) if not c.keywords else None
        if tok is None:
            spec = token_spec(made)
            _SPECS[spec.key] = spec
            tok = spec.key
        return [m.CreateToken(tok, _die_result(c.count, ctx))]
    if isinstance(c, A.LifeChange):
        who = player_ref(c.who, ctx)
        if c.n is None:
            if c.equal_to == "equal to its power" and c.verb == "gains" and who.kind == "target_controller":
                return [m.GainLife(m.Count("target_power"), who)]
            if c.equal_to in ("equal to its mana value", "equal to that permanent's mana value",
                              "equal to that creature's mana value") and ctx.it == m.T(0) and ctx.it_is_target:
                # The mana value of the target, or as it last existed (CR 202.3, 608.2h).
                return [m.GainLife(TARGET_MANA_VALUE, who) if c.verb.startswith("gain")
                        else m.LoseLife(TARGET_MANA_VALUE, who)]
            if c.equal_to in ("equal to the sacrificed creature's power", "equal to the sacrificed creature's toughness"):
                from undercity.cards.language.quantities import SacrificedStat

                # The creature sacrificed for the ability's cost (checked by _activated), as it
                # last existed (CR 608.2h).
                stat = SacrificedStat(stat=c.equal_to.rsplit("'s ", 1)[1])
                return [m.GainLife(stat, who) if c.verb.startswith("gain") else m.LoseLife(stat, who)]
            if c.equal_to == "equal to their total mana value" and ctx.chosen is not None:
                from undercity.cards.language.quantities import TargetsManaValue

                # The targets chosen with "Choose up to two target …" (CR 202.3, 608.2b).
                total = TargetsManaValue(first=ctx.chosen[0], n=ctx.chosen[1])
                return [m.GainLife(total, who) if c.verb.startswith("gain") else m.LoseLife(total, who)]
            if (stat := _life_equal_to_stat(c.equal_to, ctx)) is not None:
                return [m.GainLife(stat, who) if c.verb.startswith("gain") else m.LoseLife(stat, who)]
            if c.equal_to == "equal to the number of cards in your hand" and who == m.YOU:
                from undercity.cards.language.quantities import CardsInHand

                # Counted as this part of the effect happens (CR 608.2h): after "draw a card, then".
                return [m.GainLife(CardsInHand(), who) if c.verb.startswith("gain") else m.LoseLife(CardsInHand(), who)]
            raise Unsupported(c.render())
        return [m.GainLife(_n(c.n, ctx), who) if c.verb.startswith("gain") else m.LoseLife(_n(c.n, ctx), who)]
    if isinstance(c, A.LifeForEach):
        return [_life_for_each(c, ctx)]
    if isinstance(c, A.Damage) and isinstance(c.source, A.WordRef) and c.source.words == "it" \
            and ctx.it == m.TRIGGER_OBJECT and isinstance(c.to, A.WordRef) and c.to.words == "its controller":
        # "Whenever a goaded creature attacks, it deals 1 damage to its controller": the
        # creature the trigger names is the source (CR 120.3, 608.2h).
        from undercity.cards.language.attack_requirements import TRIGGER_OBJECT_CONTROLLER

        return [m.DealDamage(_n(c.n, ctx), TRIGGER_OBJECT_CONTROLLER, source=m.TRIGGER_OBJECT)]
    if isinstance(c, A.Damage) and c.source == A.WordRef("it") and ctx.it == m.TRIGGER_OBJECT and not ctx.it_source \
            and isinstance(c.to, A.TargetRef):
        # "Whenever ~ or another Dragon enters …, it deals X damage to any target": the permanent
        # the trigger names is the source, as it last existed if it left (CR 608.2h).
        return [m.DealDamage(_n(c.n, ctx), ctx.target(c.to), source=m.TRIGGER_OBJECT)]
    if isinstance(c, A.Damage) and isinstance(c.source, A.EachRef) and c.to == A.WordRef("its controller") \
            and c.n.value is not None and not c.source.noun.suffix:
        # "Each creature deals 1 damage to its controller." (CR 120.3): each its own source.
        from undercity.cards.language.damage_to_controller import EachDealsDamageToController

        return [EachDealsDamageToController(c.n.value, noun_filter(c.source.noun))]
    if isinstance(c, A.Damage):
        it_source = ctx.it_source and isinstance(c.source, A.WordRef) and c.source.words == "it"
        if not isinstance(c.source, A.SelfRef) and not it_source:
            raise Unsupported(c.render())
        to = c.to
        if isinstance(to, A.EachAnd):
            return [_damage_each(_n(c.n, ctx), to, ctx)]
        if isinstance(to, A.WordRef) and (to.words == "that spell's controller"
                                          or to.words == "that player" and ctx.that_player is not None):
            return [m.DealDamage(_n(c.n, ctx), player_ref(to, ctx))]  # Bonecrusher Giant's trigger
        if isinstance(to, A.EachRef) and to.noun.suffix in (("target player controls",), ("target opponent controls",)) \
                and not to.noun.card:
            from undercity.cards.language.damage import DamageEach

            # "each tapped creature target player controls": that player's, as it resolves (CR 608.2c)
            player = ctx.target(A.TargetRef(A.Noun((), (to.noun.suffix[0].split()[1],))))
            flt = noun_filter(replace(to.noun, suffix=()))
            return [DamageEach(_n(c.n, ctx), (flt,), controlled_by=player)]
        if isinstance(to, A.EachRef):
            ref = player_ref(to, ctx) if to.noun.heads in (("opponent",), ("player",)) else object_ref(to, ctx)
        elif isinstance(to, A.TargetRef):
            ref = ctx.target(to)
        elif to == A.WordRef("itself"):
            ref = m.SELF  # "~ deals 1 damage to itself": the source is this permanent (above)
        else:
            ref = player_ref(to, ctx) if isinstance(to, A.WordRef) and to.words in (
                "you", "defending player", "the chosen player") else object_ref(to, ctx)
        return [m.DealDamage(_n(c.n, ctx), ref)]
    if isinstance(c, A.DamageToOthers):
        return _damage_to_others(c, ctx)
    if isinstance(c, A.HaveDo):
        return effect(c.action, ctx)  # "you may have ~ deal 1 damage to itself" (CR 608.2d)
    if isinstance(c, A.ForEachFirst):
        return [_create_for_each(c, ctx)]
    if isinstance(c, A.FightDifferent):
        from undercity.cards.language.fight import FightDifferent
        from undercity.cards.text.parser import subtype_of

        if not ctx.created_for_each or subtype_of(c.those) != ctx.created_for_each:
            raise Unsupported(c.render())
        return [FightDifferent()]  # CR 701.14a: the tokens just made and the creatures counted
    if isinstance(c, A.DamageEqual):
        return [_damage_equal(c, ctx)]
    if isinstance(c, A.DoublePower) and c.duration.words == "until end of turn" and ctx.it is not None:
        # CR 701.10b-c: it gets +X/+0, X its power as the ability resolves (a negative power: -X/-0)
        from undercity.cards.language.quantities import SignedPower

        return [m.Pump(SignedPower(of=ctx.it), 0, ctx.it)]
    if isinstance(c, A.DamageDivided):
        return [_damage_divided(c, ctx)]
    if isinstance(c, A.CreateNumber) and c.who is None and c.count == "opponents you have":
        # As many tokens as the opponents still in the game as it resolves (CR 102.3, 800.4a).
        spec = token_spec(A.Create(None, c.verb, A.Num("a", 1), c.desc, True))
        _SPECS[spec.key] = spec
        return [m.CreateToken(spec.key, OPPONENTS)]
    if isinstance(c, A.ReturnAttached) and isinstance(c.what, A.SelfRef) and c.who is None and isinstance(
            c.target, A.TargetRef):
        # An Aura returned from the graveyard attached to the target (CR 113.6m, 303.4f); if the
        # target is illegal as the ability resolves, the ability doesn't resolve (CR 608.2b).
        return [ReturnSelf("battlefield", attach_to=ctx.target(c.target))]
    if isinstance(c, A.TopCards) and c.who is None and c.verb == "exile" and c.n.value == 1 and (
            c.library == "each player's library" or c.library == "their library" and _LINKED[0]):
        from undercity.cards.language.event_triggers import CASTER
        from undercity.cards.language.exiled_with import ExileTopRemember

        # Face up (CR 406.3), "exiled with" this permanent (CR 607.2a); "their": the player who
        # played a card with the permission the trigger is linked to (CR 607.2h).
        return [ExileTopRemember(1, whose=m.EACH_PLAYER if c.library.startswith("each") else CASTER)]
    if isinstance(c, A.ReturnAttached) and isinstance(c.what, A.AnyNumberOfTargets) and not c.what.each \
            and c.who is None and c.target == A.WordRef("enchanted creature"):
        return [_return_attached_to(c.what, ctx)]
    if isinstance(c, A.ReturnUpToOneEach) and c.who is None and c.to == "to your hand" \
            and c.nouns[-1].suffix == ("from your graveyard",):
        from undercity.cards.language.zone_moves import ReturnUpToOne

        # One card of each description, or none, from its controller's graveyard (CR 608.2d).
        return [ReturnUpToOne(noun_filter(replace(n, suffix=())), to="hand") for n in c.nouns]
    if isinstance(c, A.ObjectAction) and (chosen := _return_chosen_card(c)) is not None:
        return [chosen]
    if isinstance(c, A.ObjectAction) and isinstance(c.what, A.AndTargets):
        return [_return_both(c, ctx)]
    if isinstance(c, A.ObjectAction) and c.what in (A.WordRef("the chosen cards"), A.WordRef("those cards")) \
            and c.who is None and ctx.chosen is not None:
        from undercity.cards.language.several_targets import RETURN_TO_BATTLEFIELD, RETURN_TO_HAND

        # The cards chosen as targets (_choose_targets), still legal ones together (CR 608.2b).
        if c.verb == "return" and c.to == "to your hand":
            return [OnTargets(RETURN_TO_HAND, *ctx.chosen)]
        if c.verb != "return" or c.to not in ("to the battlefield", "to the battlefield tapped"):
            raise Unsupported(c.render())
        return [OnTargets(RETURN_TO_BATTLEFIELD, *ctx.chosen, tapped=c.to.endswith(" tapped"))]
    if isinstance(c, A.ObjectAction):
        if c.who is not None and c.verb not in ("sacrifices",):
            raise Unsupported(c.render())
        v = c.verb.rstrip("s") if c.verb != "goads" else "goad"
        if v == "exile" and c.what == A.WordRef("the top card of your library") and not c.to:
            from undercity.cards.language.exiled_with import ExileTopRemember

            return [ExileTopRemember(1)]  # face up (CR 406.3), "exiled with" its source (CR 607.2a)
        if isinstance(c.what, A.EachAnd):
            if v != "destroy":
                raise Unsupported(c.render())
            return [m.DestroyAll(_union(c.what))]
        if isinstance(c.what, A.TargetRef) and c.what.count is not None and (
                not c.what.up_to and (c.what.count.value or 0) > 1 or c.what.count.word.lower() == "x"):
            return [_on_targets(c, v, ctx)]
        if isinstance(c.what, A.GraveyardOf):
            # Exiling a player's graveyard: every card in it (CR 404.1, 406.1).
            if v != "exile":
                raise Unsupported(c.render())
            return [ExileGraveyardOf(player_ref(c.what.owner, ctx))]
        if v == "destroy" and isinstance(c.what, A.EachRef) and c.what.noun.suffix \
                and c.what.noun.suffix[-1].startswith("with power greater than or equal to "):
            # "Destroy each creature with power greater than or equal to that result" (CR 706.4)
            from undercity.cards.language.dice import DestroyAllPowerAtLeast

            n = c.what.noun
            return [DestroyAllPowerAtLeast(noun_filter(replace(n, suffix=n.suffix[:-1])),
                                           _die_result(n.suffix[-1].removeprefix("with power greater than or equal to "),
                                                       ctx))]
        if v == "destroy" and isinstance(c.what, A.EachRef) and "with mana value X" in c.what.noun.suffix:
            from undercity.cards.language.destroy import DestroyAllWithManaValue

            # "Destroy each nonland permanent with mana value X …": X of the cost (CR 107.3, 601.2b)
            n = c.what.noun
            return [DestroyAllWithManaValue(noun_filter(replace(n, suffix=tuple(
                s for s in n.suffix if s != "with mana value X"))), _n(A.Num("X", None), ctx))]
        if v == "destroy" and isinstance(c.what, A.EachRef):
            # "Destroy all/each …": one event, every object at once (CR 701.8a, 608.2c).
            ctx.destroyed_all = True
            return [m.DestroyAll(noun_filter(c.what.noun))]
        if (yard := _all_from_your_graveyard(c, v, ctx)) is not None:
            return [yard]
        if (this_way := _return_put_this_way(c, v, ctx)) is not None:
            return [this_way]
        if v in ("exile", "return", "sacrifice") and isinstance(c.what, A.EachRef):
            raise Unsupported(c.render())  # a simultaneous zone change of many objects
        if v == "sacrifice" and c.who is None and isinstance(c.what, A.SelfRef) and not c.to:
            from undercity.cards.language.sacrifice import SacrificeIt

            return [SacrificeIt(m.SELF)]  # "sacrifice this permanent" (CR 701.21a)
        if v == "sacrifice" and c.who is None and c.what == A.WordRef("it") and not c.to and ctx.it == m.SELF:
            from undercity.cards.language.sacrifice import SacrificeIt

            return [SacrificeIt(m.SELF)]  # "When this creature deals damage, sacrifice it." (CR 701.21a)
        if v == "sacrifice" and c.who is None and c.what == A.WordRef("that token") and not c.to and ctx.delayed:
            from undercity.cards.language.sacrifice import SacrificeIt

            return [SacrificeIt(object_ref(c.what, ctx))]  # the token a delayed ability is about (CR 603.7c)
        if v == "sacrifice":
            who = player_ref(c.who, ctx) if c.who is not None else None
            if who is None or not isinstance(c.what, A.DescRef) or c.what.det not in ("a", "an"):
                raise Unsupported(c.render())
            ctx.sacrificed = who.kind == "target"  # one player's choice: "that creature" (CR 608.2c)
            ctx.each_sacrificed = who == m.EACH_PLAYER  # "the creature you sacrificed this way"
            return [m.SacrificeChoice(who, noun_filter(c.what.noun))]
        if v == "counter":
            if not (isinstance(c.what, A.TargetRef) and c.what.noun is not None and (
                    c.what.noun.card == "spell" or _stack_kind(c.what.noun) is not None and not c.to)):
                raise Unsupported(c.render())
            if c.to.startswith("unless its controller pays {"):
                cost = c.to.rsplit(" ", 1)[1]
                if not re.fullmatch(r"(\{[0-9WUBRGC]+\})+", cost):
                    raise Unsupported(c.render())
                # CR 701.6a, 118.12: the spell's controller may pay as this resolves.
                return [CounterUnlessPays(cost, what=ctx.target(c.what))]
            if c.to:
                raise Unsupported(c.render())
            return [m.CounterSpell(ctx.target(c.what))]
        if v == "return" and isinstance(c.what, A.SelfRef) and c.to.startswith("from your graveyard to "):
            # CR 113.6m: it works only while the card is in its owner's graveyard.
            where = c.to[len("from your graveyard to "):]
            return [ReturnSelf("hand" if where == "your hand" else "battlefield", tapped=where.endswith(" tapped"))]
        if v == "return" and ctx.delayed and c.to == "to the battlefield under its owner's control":
            from undercity.cards.language.zone_moves import ReturnUnderOwner

            return [ReturnUnderOwner(object_ref(c.what, ctx))]  # CR 603.7c, 110.2
        if v == "return":
            from_yard = (isinstance(c.what, A.TargetRef) and c.what.noun is not None and c.what.noun.card == "card"
                         and "from your graveyard" in c.what.noun.suffix)
            any_yard = (isinstance(c.what, A.TargetRef) and c.what.noun is not None and c.what.noun.card == "card"
                        and "from a graveyard" in c.what.noun.suffix)
            if from_yard and c.to == "to the battlefield" or any_yard and c.to == "to the battlefield under your control":
                # CR 400.7, 110.2: a card put onto the battlefield by an effect is a new object
                # under the control of the effect's controller ("under your control").
                return [m.ReturnToBattlefield(object_ref(c.what, ctx))]
            if c.to.startswith("to the battlefield") and isinstance(c.what, A.DescRef) and c.what.det in ("a", "an") \
                    and c.what.noun.suffix == ("from your graveyard",) and c.what.noun.card == "card":
                return [_return_one(c, ctx)]
            if c.to == "to its owner's hand" and isinstance(c.what, A.DescRef) and c.what.det in ("a", "an") \
                    and c.what.noun.suffix == ("you control",) and not c.what.noun.card:
                # "Return a land you control to its owner's hand": chosen as it resolves, not
                # targeted (CR 608.2d) — the Karoos.
                from undercity.cards.language.return_chosen import ReturnChosen

                return [ReturnChosen(noun_filter(c.what.noun))]
            if ctx.attached_died and isinstance(c.what, A.SelfRef) and c.to == "to its owner's hand":
                from undercity.cards.language.zone_moves import ReturnAttachmentToHand

                return [ReturnAttachmentToHand()]  # wherever its creature's death left it (CR 400.7f)
            if not (c.to == "to its owner's hand" and not from_yard or c.to == "to your hand" and from_yard):
                raise Unsupported(c.render())
            return [m.ReturnToHand(object_ref(c.what, ctx))]
        if v == "put" and c.to == "onto the battlefield attached to it" and ctx.it == m.TRIGGER_OBJECT \
                and isinstance(c.what, A.DescRef) and c.what.det in ("a", "an") and c.what.noun.card == "card" \
                and c.what.noun.suffix == ("from your hand",) and c.what.noun.heads == ("Aura",) \
                and not c.what.noun.quals:
            from undercity.cards.language.zone_moves import PutFromHandAttached

            # CR 303.4f: the effect says what the Aura enchants (Holy Avenger)
            return [PutFromHandAttached(noun_filter(replace(c.what.noun, suffix=())), ctx.it)]
        if v == "put" and c.to == "onto the battlefield under your control" and isinstance(c.what, A.TargetRef) \
                and c.what.noun is not None and c.what.noun.card == "card" and _graveyard(c.what.noun):
            # "put target creature card from an opponent's graveyard onto the battlefield under your
            # control" (CR 400.7, 110.2a): a new object, under this ability's controller
            ctx.put_onto_battlefield = what = ctx.target(c.what)
            return [m.ReturnToBattlefield(what)]
        if v == "put" and c.to == "onto the battlefield under your control" and c.what == A.WordRef("it") \
                and ctx.it_is_target and ctx.it is not None and ctx.it.kind == "target" \
                and ctx.targets[ctx.it.i].kind == "card" and ctx.targets[ctx.it.i].zone == "graveyard":
            # "Choose target … card in an opponent's graveyard …. Put it onto the battlefield under
            # your control." (CR 400.7, 110.2a): the same, the target named as "it"
            ctx.put_onto_battlefield = ctx.it
            return [m.ReturnToBattlefield(ctx.it)]
        if v == "put" and c.to == "onto the battlefield under your control" and c.what == A.WordRef("it") \
                and ctx.it == m.TRIGGER_OBJECT and ctx.it_card:
            # "Whenever a creature card is put into an opponent's graveyard from anywhere, … put it
            # onto the battlefield under your control" (CR 603.6c): that card, if still there (CR 400.7)
            ctx.put_onto_battlefield = ctx.it
            return [m.ReturnToBattlefield(ctx.it)]
        if v == "put" and c.to in _ON_LIBRARY:
            return [_put_on_library(c, ctx)]
        if v == "put" and c.to == "into its owner's library just beneath the top X cards of that library" \
                and ctx.x is not None:
            # "…, where X is the result" (CR 706.2, 401.4): X counted as it resolves
            return [lt.PutBeneathTop(object_ref(c.what, ctx), ctx.x)]
        if v == "exile" and isinstance(c.what, A.SelfRef) and c.to.startswith("with ") and ctx.spell:
            from undercity.cards.language.suspend import ExileWithTimeCounters
            from undercity.cards.text.parser import NUMBERS

            word = c.to.split()[1]  # "with three time counters on it": the spell itself (CR 122.1)
            return [ExileWithTimeCounters(int(NUMBERS.get(word.lower()) or word))]
        if v == "goad" and isinstance(c.what, A.EachRef) and c.what.noun.suffix in (
                ("target player controls",), ("target opponent controls",)):
            # "Goad each creature target player controls" (CR 701.15a): that player's creatures
            # as it resolves.
            from undercity.cards.language.attack_requirements import GoadEachControlledBy

            n = c.what.noun
            player = ctx.target(A.TargetRef(A.Noun((), (n.suffix[0].split()[1],))))
            return [GoadEachControlledBy(noun_filter(replace(n, suffix=())), player)]
        if v == "exile" and c.to.startswith("until ") and c.to.endswith(" leaves the battlefield") \
                and isinstance(c.what, A.TargetRef):
            from undercity.cards.language.exile_until import ExileUntilLeaves

            return [ExileUntilLeaves(ctx.target(c.what))]  # CR 610.3: "until ~ leaves the battlefield"
        if v == "choose" and isinstance(c.what, A.AnyNumberOf) and not c.to and c.who is None:
            from undercity.cards.language.object_choice import ChooseAnyNumber

            flt = noun_filter(c.what.noun)
            if c.what.noun.card:
                raise Unsupported(c.render())  # only permanents are chosen here
            ctx.chose_any = True
            return [ChooseAnyNumber(flt)]  # CR 608.2d: chosen as it resolves
        if v == "exile" and c.to.startswith("until ") and c.to.endswith(" leaves the battlefield") \
                and isinstance(c.what, A.AnyNumberOf):
            from undercity.cards.language.exile_until import ExileAnyNumberUntilLeaves

            flt = noun_filter(c.what.noun)
            if flt.controller != "you" or c.what.noun.card:
                raise Unsupported(c.render())
            return [ExileAnyNumberUntilLeaves(flt)]  # CR 610.3, 608.2d: chosen as it resolves
        if c.what == A.WordRef("those creatures") and ctx.several and v == "untap" and not c.to:
            return [Untap(r) for r in ctx.several]  # each of them (CR 701.26b)
        if v == "untap" and not c.to and isinstance(c.what, A.DescRef) and c.what.det in ("a", "an") \
                and c.what.noun.suffix == ("you control",) and not c.what.noun.card:
            from undercity.cards.language.tap_untap import UntapOne

            return [UntapOne(noun_filter(c.what.noun))]  # "untap a creature you control": chosen as it resolves
        what = object_ref(c.what, ctx)
        from undercity.cards.language.regeneration import Regenerate

        makers = {"destroy": m.Destroy, "exile": m.ExileIt, "tap": Tap, "untap": Untap, "goad": m.Goad,
                  "regenerate": Regenerate}
        if v not in makers or c.to:
            raise Unsupported(c.render())
        if v == "exile" and what == m.SELF and ctx.spell:
            from undercity.cards.language.zone_moves import ExileThisSpell

            return [ExileThisSpell()]  # "Exile ~." as the spell resolves: not to its graveyard (CR 608.2n)
        return [makers[v](what)]
    if isinstance(c, A.PlayerCount) and c.n.word == "that many" and c.verb == "mills" \
            and c.who == A.WordRef("that player") and ctx.that_player is not None and ctx.event_amount is not None:
        # "Whenever a Horror you control deals combat damage to a player, that player mills that
        # many cards": the player dealt the damage mills the damage dealt (CR 510.2, 701.17a).
        return [m.Mill(ctx.event_amount, ctx.that_player)]
    if isinstance(c, A.PlayerCount) and c.n.word == "that many":
        # "that player mills that many cards": the player and the number of the trigger event.
        if not (ctx.that_many and c.verb == "mills" and c.who == A.WordRef("that player")):
            raise Unsupported(c.render())
        return [MillThatMany()]
    if isinstance(c, A.PlayerCount) and c.verb.lower() == "monstrosity" and c.who is None and c.n.word == "X" \
            and ctx.cost_x is not None and ctx.x is None:
        return [Monstrosity(ctx.cost_x)]  # "{X}{X}{R}: Monstrosity X." — X of the activation (CR 107.3a, 701.37a)
    if isinstance(c, A.PlayerCount) and c.verb.lower() == "monstrosity":
        if c.who is not None or not isinstance(c.n.value, int) and not isinstance(ctx.x, DieResult):
            raise Unsupported(c.render())  # "Monstrosity X": X of an activation cost
        # CR 701.37a, of the ability's source; "Monstrosity X, where X is the result" (CR 706.4)
        return [Monstrosity(c.n.value if isinstance(c.n.value, int) else ctx.x)]
    if isinstance(c, A.PlayerCount):
        who = player_ref(c.who, ctx)
        v = c.verb.lower().rstrip("s").replace("scrie", "scry")
        if v in ("scry", "surveil"):
            if who != m.YOU:
                raise Unsupported(c.render())
            return [m.Scry(_n(c.n, ctx)) if v == "scry" else m.Surveil(_n(c.n))]  # Scry X (CR 107.3a)
        if v == "mill":
            return [m.Mill(_n(c.n, ctx), who)]
        if v == "discard":
            ctx.discarded = True  # "for each card discarded this way" may follow
            return [m.Discard(_n(c.n, ctx), who)]
        raise Unsupported(c.render())
    if isinstance(c, A.PutFromHand):
        # "put two cards from your hand on top of your library in any order" (CR 401.4): chosen
        # one at a time, the last chosen on top; "a card … on top of your library" is the same.
        if c.who is not None or c.to not in ("on top of your library in any order", "on top of your library") \
                or (c.to == "on top of your library") != (c.n.value == 1):
            raise Unsupported(c.render())
        return [m.PutFromHandOnTop(_n(c.n))]
    if isinstance(c, A.Counters) and c.verb.startswith("remove"):
        if not (ctx.suspended and c.who is None and c.kind == "time" and c.n.value == 1
                and isinstance(c.what, A.SelfRef)):
            raise Unsupported(c.render())
        from undercity.cards.language.suspend import RemoveTimeCounterFromSelf

        return [RemoveTimeCounterFromSelf()]  # of the suspended card (CR 702.62a: the last triggers its cast)
    if isinstance(c, A.Counters):
        # "+1/+1", or a counter with no rules meaning of its own (a gold counter, CR 122.1): what
        # reads it is the card's own text ("Remove a gold counter from ~: …").
        plain = c.kind.isalpha() and c.kind not in _RULES_COUNTERS and c.kind not in ("loyalty", "lore", "time", "defense")
        # "you put a +1/+1 counter on ~": the ability's controller puts them, as without a subject.
        if c.who not in (None, A.WordRef("you")) or c.kind not in ("+1/+1",) and not plain \
                and not _keyword_counter(c.kind):
            raise Unsupported(c.render())
        what = _any_number_of_targets(c.what, ctx) if isinstance(c.what, A.AnyNumberOfTargets) \
            else object_ref(c.what, ctx)
        return [m.PutCounters(c.kind, _n(c.n, ctx), what)]
    if isinstance(c, A.CreateCopy):
        return [_create_copy(c, ctx)]
    if isinstance(c, A.ChangeTarget) and isinstance(c.what, A.TargetRef) and c.what.noun is not None \
            and _stack_kind(c.what.noun) is not None and not c.what.up_to:
        from undercity.cards.language.stack_targets import ChangeTargetTo

        return [ChangeTargetTo(ctx.target(c.what), object_ref(c.to, ctx))]  # CR 115.7b
    if isinstance(c, A.TappedAndAttacking):
        made = effect(c.create, ctx)
        if len(made) != 1 or type(made[0]) is not m.CreateToken or made[0].who != m.YOU or made[0].tapped:
            raise Unsupported(c.render())
        return [CreateTokensAttacking(made[0].token, made[0].n)]  # CR 508.4
    if isinstance(c, A.Create):
        # "You create …", "target opponent creates …": that player creates and controls them (CR 111.2).
        who = player_ref(c.who, ctx) if c.who is not None else m.YOU
        # "create X tapped 2/1 … tokens": created tapped (CR 111.1, 110.5b).
        tapped = c.desc[:1] == ("tapped",)
        if tapped:
            c = replace(c, desc=c.desc[1:])
        tok = _TOKENS.get(c.desc) if not c.keywords and not c.abilities and not c.named else None
        if tok is None:
            spec = token_spec(c)
            _SPECS[spec.key] = spec
            tok = spec.key
        made = m.CreateToken(tok, _n(c.n, ctx), who) if who != m.YOU else m.CreateToken(tok, _n(c.n, ctx))
        return [replace(made, tapped=True) if tapped else made]
    if isinstance(c, A.ForEach) and isinstance(c.clause, A.Counters) and c.per.endswith(" attached to it") \
            and ctx.it == m.SELF and c.clause.n.value == 1 and c.clause.what == A.WordRef("it"):
        from undercity.cards.language.equip import AttachedCount

        # "put a +1/+1 counter on it for each Equipment attached to it" (CR 301.5, 608.2h)
        heads = c.per.removesuffix(" attached to it").split(" and ")
        if not set(heads) <= {"Aura", "Equipment"}:
            raise Unsupported(c.render())
        n = AttachedCount(subtypes=frozenset(heads))
        return [replace(e, n=n) for e in effect(replace(c.clause, n=A.Num("a", 1)), ctx)]
    if isinstance(c, A.ForEach) and isinstance(c.clause, A.Create) and c.per == "creature in your party" \
            and c.clause.n.value == 1 and not c.clause.plural:
        # One token for each creature in the party as the effect happens (CR 700.8a, 608.2h).
        return [replace(made, n=PARTY_SIZE) for made in effect(c.clause, ctx)]
    if isinstance(c, A.ForEach) and isinstance(c.clause, A.Draw) and c.per == "card discarded this way" \
            and ctx.discarded:
        from undercity.cards.language.discard import DiscardedThisWay

        # The cards the discard before it in this ability discarded (CR 608.2c, 701.9a).
        return [replace(made, n=DiscardedThisWay()) for made in effect(c.clause, ctx)]
    if isinstance(c, A.ExchangeControl):
        from undercity.cards.language.exchange import ExchangeControl

        first, second = object_ref(c.first, ctx), object_ref(c.second, ctx)
        if {first.kind, second.kind} - {"self", "target"}:
            raise Unsupported(c.render())
        return [ExchangeControl(first, second)]  # CR 701.12a-b
    if isinstance(c, A.Fight):
        from undercity.cards.language.fight import Fight

        first, second = object_ref(c.who, ctx), object_ref(c.other, ctx)
        if {first.kind, second.kind} - {"self", "target"}:
            raise Unsupported(c.render())
        return [Fight(first, second)]  # CR 701.14a
    if isinstance(c, A.DuringNextTurn) and c.words == "attacks if able" and isinstance(c.who, A.EachRef) \
            and c.who.det == "each" and c.who.noun.suffix == ("that player controls",) and not c.who.noun.card:
        from undercity.cards.language.attack_requirements import AttackDuringNextTurn

        # CR 508.1d, 611.2a: the player's creatures during that player's next turn
        return [AttackDuringNextTurn(ctx.target(c.player), noun_filter(replace(c.who.noun, suffix=())))]
    if isinstance(c, A.UntilYourNextTurn) and c.words == "attack each combat if able" and isinstance(c.who, A.DescRef):
        from undercity.cards.language.attack_requirements import AttackEachCombatUntil

        # CR 508.1d, 611.2b: a rule-changing effect, read continuously (not locked in, 611.2c)
        return [AttackEachCombatUntil(noun_filter(c.who.noun))]
    if isinstance(c, A.DamageToItself) and isinstance(c.each, A.EachRef) and c.each.det == "each":
        from undercity.cards.language.damage import DamageToItself

        return [DamageToItself(noun_filter(c.each.noun))]  # CR 120.3, 608.2h: its power now
    if isinstance(c, A.UntilYourNextTurn) and c.words == "can't be blocked":
        what = object_ref(c.who, ctx)
        if what.kind == "all":
            raise Unsupported(c.render())
        return [CantBeBlockedBy(what, m.F("Creature"), until="your_next_turn")]  # CR 509.1b, 611.2b
    if isinstance(c, A.GainControl) and c.who == A.WordRef("the player to your right") and not c.duration:
        from undercity.cards.language.continuous import PLAYER_TO_YOUR_RIGHT, GainControlOf

        what = object_ref(c.what, ctx)
        if what.kind not in ("target", "self"):
            raise Unsupported(c.render())
        return [GainControlOf(what, "always", who=PLAYER_TO_YOUR_RIGHT)]  # CR 613.1b, for good
    if isinstance(c, A.GainControl) and isinstance(c.who, A.TargetRef) and isinstance(c.what, A.TargetRef) \
            and c.what.up_to and c.what.count is not None and (c.what.count.value or 0) > 1 and ctx.spell \
            and c.duration == "until end of turn":
        return _several_gain_control(c, ctx)
    if isinstance(c, A.ReturnExiledWith) and c.who is None:
        from undercity.cards.language.exiled_with import ReturnExiledWith

        return [ReturnExiledWith(_n(c.n, ctx))]  # CR 607.2a: linked to the abilities exiling them
    if isinstance(c, A.GainControl):
        if c.who is not None and not (isinstance(c.who, A.WordRef) and c.who.words == "you"):
            raise Unsupported(c.render())
        what = object_ref(c.what, ctx)
        if what.kind not in ("target", "self"):
            raise Unsupported(c.render())  # a group's control: one effect per object (611.2c) not modelled
        from undercity.cards.language.continuous import GainControlOf

        until = {"": "always", "until end of turn": "eot", "for as long as you control ~": "source_controlled",
                 "for as long as ~ remains on the battlefield": "source_on_battlefield"}
        # CR 613.1b: a layer-2 effect; "for as long as you control ~" ends when you don't (611.2b).
        return [GainControlOf(what, until[c.duration])]
    if isinstance(c, A.AttachSelf) and c.to == A.WordRef("another one of your opponents chosen at random") \
            and not c.what and ctx.enchants_player:
        from undercity.cards.language.equip import AttachToAnotherOpponent

        return [AttachToAnotherOpponent()]  # CR 701.3a: an Aura enchanting a player, to another one
    if isinstance(c, A.AttachSelf) and isinstance(c.to, A.TargetRef) and (not c.what or ctx.it == m.SELF):
        return [AttachTo(ctx.target(c.to))]  # CR 701.3a; an Aura's or Equipment's own ability
    if isinstance(c, A.AddMana) and c.per is not None and len(c.options) == 1 \
            and not ctx.activated and _mana(c.options[0]).isupper():
        from undercity.cards.language.mana_abilities import AddManaFor

        # A triggered ability's or a spell's (CR 106.4): as many as counted as it resolves (608.2h).
        n = counters_on(c.per, ctx) if isinstance(c.per, A.CountersOn) else (
            _each_you_control(c.per) or _cards_in_hand(c.per, ctx))
        return [AddManaFor(_mana(c.options[0]), n=n)]
    if isinstance(c, A.AddMana):
        raise Unsupported(c.render())  # only as a whole mana ability (below)
    if isinstance(c, A.Phrase) and c.who is None and c.words == "shuffle your hand and graveyard into your library":
        from undercity.cards.language.zone_moves import ShuffleHandAndGraveyard

        return [ShuffleHandAndGraveyard()]  # CR 701.24a
    if isinstance(c, A.AddManaCombination) and (ctx.loyalty or not ctx.activated) and len(c.options) == 2 \
            and all(len(_mana(o)) == 1 and _mana(o) in "WUBRG" for o in c.options):
        from undercity.cards.language.mana_abilities import AddManaCombination

        # On the stack: a loyalty ability's or a triggered ability's (CR 605.1a-b).
        return [AddManaCombination("".join(_mana(o) for o in c.options), _n(c.n, ctx))]
    if isinstance(c, A.WhenYouDo):
        return [_reflexive(c, ctx)]
    if isinstance(c, A.Phrase) and c.who is None and c.words.startswith("prevent all combat damage that would be dealt "):
        # CR 615.1, 611.2a: until end of turn; "to you and creatures you control" only those
        return [m.PreventCombatDamage(to_you_and_yours_only="to you and creatures you control" in c.words)]
    if isinstance(c, A.Phrase) and c.who is not None and c.words in A.UNTAP_NEXT:
        return [DoesntUntapNext(object_ref(c.who, ctx))]  # CR 502.3, 611.2a
    if isinstance(c, A.Phrase) and c.words == "can't be regenerated this turn" and c.who is not None:
        from undercity.cards.language.regeneration import CantBeRegenerated

        return [CantBeRegenerated(object_ref(c.who, ctx))]  # CR 701.19c
    if isinstance(c, A.Becomes):
        return _becomes(c, ctx)
    if isinstance(c, A.MayHaveBecome):
        from undercity.cards.language.optional import May

        # "you may have ~ become …" as it resolves (CR 608.2d), until end of turn (611.2a)
        b = replace(c.becomes, duration=A.Duration("until end of turn"))
        return [May(tuple(_becomes(b, ctx)), "have it " + replace(b, what=A.WordRef(""), duration=None).render().strip())]
    if isinstance(c, A.Phrase) and c.who is None and c.words.lower() in (
            "switch this creature's power and toughness until end of turn",
            "switch ~'s power and toughness until end of turn"):
        from undercity.cards.language.continuous import SwitchPT
        from undercity.cards.language.until_end_of_turn import UntilEndOfTurn

        # CR 613.4d (layer 7d), 611.2a: switched after every other P/T effect, whenever it began.
        return [UntilEndOfTurn(m.SELF, (SwitchPT(),), "has its power and toughness switched")]
    if isinstance(c, A.Phrase) and c.words in ("phases out", "phase out") and c.who is not None:
        from undercity.cards.language.phasing import PhaseOut

        return [PhaseOut(object_ref(c.who, ctx))]  # CR 702.26b
    if isinstance(c, A.Phrase) and c.words in ("can't be blocked this turn", "can't block this turn"):
        what = object_ref(c.who, ctx) if c.who is not None else None
        if what is None or what.kind == "all":
            raise Unsupported(c.render())  # "creatures you control can't be blocked": a set, fixed or not (CR 611.2c)
        # CR 509.1b: a restriction on blocking for the rest of the turn; every blocker is a
        # creature, so "by creatures" is "by anything".
        return [CantBeBlockedBy(what, m.F("Creature")) if "be blocked" in c.words else CantBlock(what)]
    if isinstance(c, A.Phrase) and c.words == "choose a party from among creatures they control, then sacrifices the rest":
        from undercity.cards.language.party import ChooseParty

        return [ChooseParty(player_ref(c.who, ctx))]  # CR 700.8d
    if isinstance(c, A.Phrase) and c.who == A.WordRef("they") and c.words == "block this turn if able" \
            and ctx.chose_any:
        from undercity.cards.language.block_requirements import BlocksThisTurn
        from undercity.cards.language.object_choice import CHOSEN_OBJECTS

        return [BlocksThisTurn(CHOSEN_OBJECTS)]  # CR 509.1c: the creatures just chosen (608.2d)
    if isinstance(c, A.Phrase) and c.who == A.WordRef("you") \
            and c.words == "choose which creatures block this turn and how those creatures block":
        from undercity.cards.language.block_requirements import ChoosesBlocks

        return [ChoosesBlocks(m.YOU)]  # CR 509.1a: you declare the defending players' blockers
    if isinstance(c, A.Phrase) and c.who == A.WordRef("they") and c.words == "block this turn if able" \
            and ctx.several:
        from undercity.cards.language.block_requirements import BlocksThisTurn

        return [BlocksThisTurn(r) for r in ctx.several]  # CR 509.1c: each of them
    if isinstance(c, A.Phrase) and c.words == "blocks this turn if able" and c.who is not None:
        from undercity.cards.language.block_requirements import BlocksThisTurn

        # CR 509.1c, 611.2c: the creatures it names as it resolves (a target, or each creature then)
        return [BlocksThisTurn(object_ref(c.who, ctx))]
    if isinstance(c, A.Phrase) and c.who is None and c.words == "choose a creature type" and ctx.spell:
        from undercity.cards.language.type_choice import ChooseCreatureType

        return [ChooseCreatureType()]  # the spell's choice, for "of the chosen type" (CR 608.2d)
    if isinstance(c, A.Phrase) and c.who is None and c.words == "discard all the cards in your hand":
        from undercity.cards.language.quantities import CardsInHand

        ctx.discarded = True  # "draw that many cards": the cards discarded this way
        return [m.Discard(CardsInHand())]  # every card in it, none to choose (CR 701.9a)
    if isinstance(c, A.Phrase) and c.who is None and ctx.spell \
            and c.words == "the next spell you cast this turn can be cast as though it had flash":
        from undercity.cards.language.cast_permissions import NextSpellFlash

        return [NextSpellFlash()]  # CR 702.8a, 601.3: a permission for one spell this turn
    if isinstance(c, A.Phrase) and c.who is None and c.words == "copy that ability" and ctx.ability_trigger:
        from undercity.cards.language.spell_copies import CopyThatAbility

        return [CopyThatAbility(new_targets=False)]  # CR 707.10; new targets only if it says so
    if isinstance(c, A.Phrase) and c.who is None and ctx.player_casts \
            and c.words == "exile it instead of putting it into a graveyard as it resolves":
        from undercity.cards.language.exiled_with import ExileAsItResolves

        return [ExileAsItResolves()]  # the spell cast, exiled with this source if it resolves (CR 614.1a, 607.2a)
    if isinstance(c, A.Phrase) and c.who is None and c.words == "copy that spell" and ctx.cast_trigger:
        return [m.CopySpell(new_targets=False)]  # CR 707.10, 707.10c: new targets only if it says so
    if isinstance(c, A.DrawEqual) and c.noun is not None:
        flt = noun_filter(c.noun)
        if c.who is not None or flt.controller != "you" or flt.types != {"Creature"} or c.noun.card:
            raise Unsupported(c.render())
        from undercity.cards.language.quantities import GreatestPower

        return [m.Draw(GreatestPower(filter=flt))]  # the greatest power as it resolves (CR 608.2h)
    if isinstance(c, A.BasePT) and c.first and c.duration.render() == "until your next turn" \
            and c.also in ("", "and lose all abilities") and "X" not in c.pt:
        from undercity.cards.language.base_pt import SetBasePTUntilYourNextTurn

        p, t = _pt(c.pt)
        if p < 0 or t < 0:
            raise Unsupported(c.render())
        who = c.who
        if isinstance(who, A.TargetRef) and who.count is not None and who.count.value and who.noun is not None \
                and not who.another and not who.other:
            # "up to two target creatures each have …": N targets of one word (CR 115.3), each
            # its own object of the effect (CR 613.4b, 613.1f, 611.2b)
            spec = replace(_target_spec(A.TargetRef(who.noun, up_to=who.up_to)), text=who.render())
            if spec.kind != "permanent":
                raise Unsupported(c.render())
            first = len(ctx.targets)
            ctx.targets += [replace(spec, same_word=k > 0) for k in range(who.count.value)]
            return [SetBasePTUntilYourNextTurn(m.T(first + k), p, t, bool(c.also)) for k in range(who.count.value)]
        return [SetBasePTUntilYourNextTurn(object_ref(who, ctx), p, t, bool(c.also))]
    if isinstance(c, A.BasePT) and (c.first or "X" in c.pt):
        return [_base_pt_first(c, ctx)]
    if c == A.DrawEqual(None, "draw", None, "its power") and ctx.it == m.SELF and ctx.it_source:
        # "When ~ enters the battlefield, you may draw cards equal to its power": its power as the
        # ability resolves, or as it last existed on the battlefield (CR 608.2h)
        return [m.Draw(m.Count("power"))]
    if isinstance(c, A.DrawEqual) and c.noun is None and c.tail.startswith("that creature's ") \
            and (c.who is None or c.who == A.WordRef("you")):
        return [_that_creatures_stat(c, ctx)]
    if isinstance(c, A.DrawEqual) and c.noun is None and c.who is None and c.verb.startswith("draw") \
            and c.tail.startswith("the sacrificed creature's "):
        from undercity.cards.language.quantities import SacrificedStat

        # The creature sacrificed for the ability's cost (checked by _activated), as it last
        # existed (CR 608.2h).
        return [m.Draw(SacrificedStat(stat=c.tail.rsplit("'s ", 1)[1]))]
    if isinstance(c, A.BasePT):
        p, t = _pt(c.pt)
        if c.duration.render() != "until end of turn" or p < 0 or t < 0:
            raise Unsupported(c.render())
        from undercity.cards.language.base_pt import SetBasePTUntilEOT

        return [SetBasePTUntilEOT(object_ref(c.who, ctx), p, t)]  # CR 613.4b
    if isinstance(c, A.Phrase) and c.who is None and c.words.lower() == "damage can't be prevented this turn":
        from undercity.cards.language.prevention import DamageCantBePrevented

        return [DamageCantBePrevented()]  # CR 615.12
    if isinstance(c, A.Phrase) and c.words == "explores" and c.who is not None:
        from undercity.cards.language.explore import Explore

        return [Explore(object_ref(c.who, ctx))]  # CR 701.44: the creature explores
    if isinstance(c, A.Phrase):
        if c.who is not None and not (isinstance(c.who, A.WordRef) and c.who.words == "you"):
            raise Unsupported(c.render())
        if c.words in ("take the initiative",):
            return [m.TakeInitiative()]
        if c.words == "become the monarch":
            from undercity.cards.language.monarch import BecomeMonarch

            return [BecomeMonarch()]  # CR 725.3
        if c.words == "venture into the dungeon":
            return [m.Venture()]
        if c.words == "investigate":
            return [m.CreateToken("Clue")]  # CR 701.16a, 111.10f
        if c.words == "venture into Undercity":
            return [m.Venture(into="Undercity")]
        raise Unsupported(c.render())
    if isinstance(c, A.Modify) and c.keywords == ("protection from the color of your choice",) and not c.pt \
            and c.kw_verb in ("gain", "gains") and c.duration is not None and c.duration.words == "until end of turn":
        from undercity.cards.language.protection import ProtectionFromChosenColor

        # CR 608.2d, 702.16: the color is chosen as the ability resolves.
        return [ProtectionFromChosenColor(object_ref(c.what, ctx))]
    if isinstance(c, A.Modify) and isinstance(c.what, A.AndRef) and c.duration is not None:
        # "it and Zombies you control gain deathtouch until end of turn": one modification of
        # each, the group's members fixed as it resolves (CR 611.2c).
        return [*effect(replace(c, what=c.what.first), ctx), *effect(replace(c, what=c.what.then), ctx)]
    if isinstance(c, A.Modify) and c.quoted:
        return [_spell_gains(c, ctx)]
    if isinstance(c, A.Modify):
        what = object_ref(c.what, ctx)
        if what == m.SELF and ctx.it is None:
            ctx.it = m.SELF  # "~ gains hexproof until end of turn. Tap it.": "it" is ~
        p, t = _pt_x(c.pt, ctx) if c.pt else (0, 0)
        kws = frozenset(c.keywords)
        if not kws <= ENGINE_KEYWORDS or c.loses:
            raise Unsupported(c.render())
        if c.duration is None and c.kw_verb == "gains" and not c.pt and kws and what == ctx.it \
                and ctx.put_onto_battlefield == what:
            from undercity.cards.language.continuous import GainsKeywords

            return [GainsKeywords(what, kws)]  # "It gains haste.": for as long as it is that permanent (611.2a)
        if c.duration is None or c.kw_verb in ("has", "have"):
            raise Unsupported(c.render())
        if c.duration.words == "until end of turn":
            return [m.Pump(p, t, what, kws)]
        if c.duration.words == "until your next turn":
            return [m.PumpUntil(p, t, what, kws)]
        raise Unsupported(c.render())
    raise Unsupported(c.render())


def _spell_gains(c: A.Modify, ctx: Ctx) -> m.Effect:
    """'When you cast …, it gains "…"': the spell cast gains the quoted abilities, the permanent
    it becomes keeps them (CR 112.4, 113.1a); "this Equipment" in them is that object (CR 113.8).
    'Until end of turn, Angels you control gain "{T}: …"': each of them, fixed as it resolves
    (CR 611.2c), gains them until end of turn (layer 6, CR 613.1f)."""
    from undercity.cards.language.continuous import GainAbilitiesUntilEOT, SpellGains

    until_eot = c.duration is not None and c.duration.words == "until end of turn"
    if c.pt or c.keywords or not (until_eot or c.duration is None and ctx.cast_trigger and c.what == A.WordRef("it")
                                  and c.kw_verb == "gains"):
        raise Unsupported(c.render())
    inner = Lowered()
    for q in c.quoted:
        if isinstance(q.ability, A.SpellText | A.AbilityWord) or q.comma:
            raise Unsupported(c.render())
        # "~" in a quoted ability is still the card that grants it (Hellish Rebuke), by its name
        _ability(q.ability, q.ability.render().replace("~", _CARD_NAME[0]), inner, lambda n: n.render())
    if inner.keywords or inner.spell is not None or inner.enchant is not None or inner.tokens or inner.alt_costs:
        raise Unsupported(c.render())
    abilities = (*inner.triggered, *inner.activated, *inner.static)
    from undercity.cards.language.damage import DealsDamageToCaster

    if any(isinstance(a.when, DealsDamageToCaster) for a in inner.triggered) and not (until_eot and ctx.spell):
        raise Unsupported(c.render())  # "the player who cast ~": granted by the spell ~ as it resolves
    return GainAbilitiesUntilEOT(object_ref(c.what, ctx), abilities) if until_eot else SpellGains(abilities)


def _return_chosen_card(c: A.ObjectAction) -> m.Effect | None:
    """"return a creature card from your graveyard to the battlefield tapped", "you put a creature
    card from a graveyard onto the battlefield under your control": one card chosen as it
    resolves, not targeted (CR 608.2d); None if the clause is something else."""
    from undercity.cards.language.zone_moves import ReturnChosenCard

    what = c.what
    if not (isinstance(what, A.DescRef) and what.det in ("a", "an") and what.noun.card == "card"):
        return None
    yard = [s for s in what.noun.suffix if s in ("from your graveyard", "from a graveyard")]
    if len(yard) != 1 or c.who not in (None, A.WordRef("you")):
        return None
    to = {("return", "from your graveyard"): ("to the battlefield", "to the battlefield tapped"),
          ("put", "from a graveyard"): ("onto the battlefield under your control",)}
    if c.to not in to.get((c.verb.removesuffix("s"), yard[0]), ()):
        return None
    return ReturnChosenCard(noun_filter(replace(what.noun, suffix=tuple(s for s in what.noun.suffix if s not in yard))),
                            any_graveyard=yard[0] == "from a graveyard", tapped=c.to.endswith(" tapped"))


def _base_pt_first(c: A.BasePT, ctx: Ctx) -> m.Effect:
    """"Until end of turn, creatures you control have base power and toughness X/X and gain all
    creature types" (CR 613.4b, 613.1d): X of the activation cost, known as it resolves
    (CR 107.3a, 602.2b); the objects are those it names then (611.2c)."""
    from undercity.cards.language.base_pt import SetBasePTUntilEOT
    from undercity.cards.text.creature_types import CREATURE_TYPES

    if c.also not in ("", "and gain all creature types") or c.duration.render() != "until end of turn":
        raise Unsupported(c.render())
    if c.pt == "X/X":
        p = t = _n(A.Num("X", None), ctx)
    else:
        p, t = _pt(c.pt)
        if p < 0 or t < 0:
            raise Unsupported(c.render())
    return SetBasePTUntilEOT(object_ref(c.who, ctx), p, t, frozenset(CREATURE_TYPES) if c.also else frozenset())


#: How many targets "divided as you choose among …" allows (CR 601.2d: each gets at least 1).
_DIVIDED_AMONG = {"one or two": 2, "one , two , or three": 3}


def _each_you_control(each: A.Noun) -> m.Count | None:
    """"for each creature you control [with power 4 or greater]": the permanents of that
    description their controller controls as the effect happens (CR 608.2h). None for any other
    description."""
    if each.card or each.suffix[:1] != ("you control",):
        return None
    if any(q.lower() in ("tapped", "untapped", "attacking", "blocking", "attacking or blocking", "other", "another")
           for q in each.quals):
        return None
    try:
        flt = noun_filter(each)
    except Unsupported:
        return None
    if flt.controller != "you" or not (flt.types or flt.subtypes):
        return None
    return m.Count("permanents", flt, m.YOU)


def _life_for_each(c: A.LifeForEach, ctx: Ctx) -> m.Effect:
    """"Defending player loses 1 life for each card in their graveyard": counted as it resolves
    (CR 608.2h), "their" being the player who loses it; "you gain 4 life for each creature you
    control with power 4 or greater"."""
    from undercity.cards.language.quantities import CardsInGraveyard

    who = player_ref(c.who, ctx)
    each = c.each
    if who == m.YOU and c.n.value is not None and (per := _each_you_control(each)) is not None:
        n: m.Amount = per if c.n.value == 1 else Times(of=per, k=c.n.value)
        return m.GainLife(n) if c.verb.startswith("gain") else m.LoseLife(n, who)
    if not (each.card == "card" and not each.heads and not each.quals and each.suffix == ("in their graveyard",)) \
            or c.n.value is None or who.kind not in ("defending_player", "target"):
        raise Unsupported(c.render())
    n = Times(of=CardsInGraveyard(whose=who), k=c.n.value)
    return m.GainLife(n, who) if c.verb.startswith("gain") else m.LoseLife(n, who)


def _life_equal_to_stat(equal_to: str, ctx: Ctx) -> m.Count | None:
    """"Life equal to ~'s power" (its source's, or as it last existed, CR 608.2h), "… to its
    power plus its toughness" (the target's, CR 107.1b), "… to that creature's toughness" (the
    creature sacrificed earlier in the effect)."""
    from undercity.cards.language.quantities import SacrificedThisWayStat, Sum, TargetStat

    if equal_to == "equal to ~'s power":
        return m.Count("power")
    if equal_to == "equal to its mana value" and ctx.it == m.TRIGGER_OBJECT:
        from undercity.cards.language.quantities import TriggerObjectManaValue

        return TriggerObjectManaValue()  # the permanent the trigger names (CR 202.3, 608.2h)
    if equal_to == "equal to its power plus its toughness" and ctx.it == m.T(0) and ctx.it_is_target:
        return Sum(parts=(TargetStat(stat="power"), TargetStat(stat="toughness")))
    if equal_to == "equal to that creature's toughness" and ctx.sacrificed:
        return SacrificedThisWayStat(stat="toughness")
    return None


def _unless(c: A.Unless, ctx: Ctx) -> Unless:
    """"[effect] unless [player] pays {N} / sacrifices a [permanent] / discards a [card]"
    (CR 118.12a): the effect first (its targets are chosen first), then who may pay — "they" is
    the effect's own subject, "that player" a player it targets, "its controller" the
    controller of the object it targets, "that creature's controller" the trigger's creature's."""
    inner = effect(c.effect, ctx)
    if c.who == "they":
        payer = player_ref(getattr(c.effect, "who", None) or A.WordRef("you"), ctx)
        if payer == m.YOU or payer.kind not in ("target", "target_controller"):
            raise Unsupported(c.render())
    elif c.who == "that creature's controller" and ctx.it == m.TRIGGER_OBJECT:
        from undercity.cards.language.attack_requirements import TRIGGER_OBJECT_CONTROLLER

        payer = TRIGGER_OBJECT_CONTROLLER
    else:
        payer = player_ref(A.WordRef(c.who), ctx)
    if c.what is None:
        if "X" in c.cost:
            raise Unsupported(c.render())  # the spell's X isn't read into a cost paid as it resolves
        return Unless(tuple(inner), payer, mana=c.cost, text=f"pay {c.cost}")
    if c.what.suffix or c.what.card and c.verb.startswith("sacrifice") or not c.what.card and c.verb.startswith("discard"):
        raise Unsupported(c.render())
    flt = noun_filter(c.what)
    text = f"{c.verb.rstrip('s')} {c.det} {c.what.render()}"
    if c.verb.startswith("sacrifice"):
        return Unless(tuple(inner), payer, sacrifice=flt, text=text)
    return Unless(tuple(inner), payer, discard=flt, text=text)


def _damage_divided(c: A.DamageDivided, ctx: Ctx) -> DamageDivided:
    """"~ deals 5 damage divided as you choose among any number of targets": one target
    specification, one to N different targets, the division announced with them (CR 601.2d)."""
    it_source = ctx.it_source and isinstance(c.source, A.WordRef) and c.source.words == "it"
    if not isinstance(c.source, A.SelfRef) and not it_source or c.n.value is None or ctx.targets or ctx.activated:
        raise Unsupported(c.render())  # X, other targets, or an activation: not divided here yet
    n = c.n.value
    spec = _target_spec(A.TargetRef(c.noun))
    if spec.kind != "any" and spec.kind != "permanent":
        raise Unsupported(c.render())
    ctx.targets.append(replace(spec, text="target" if c.noun is None else f"target {c.noun.render()}"))
    ctx.divided = True
    return DamageDivided(n, max_targets=min(n, _DIVIDED_AMONG.get(c.among, n)))


def _damage_equal(c: A.DamageEqual, ctx: Ctx) -> m.DealDamage:
    """"[it / ~ / target creature you control] deals damage equal to its power to …": that
    object deals the damage, as much as its power as the effect happens, or as it last existed
    on the battlefield (CR 608.2h)."""
    s = c.source
    if c.amount == "that spell's mana value":
        if not (ctx.cast_trigger and isinstance(s, A.SelfRef) and isinstance(c.to, A.TargetRef)):
            raise Unsupported(c.render())
        from undercity.cards.language.quantities import SPELL_MANA_VALUE

        # The mana value of the spell cast, X as chosen (CR 202.3e), as it triggered (CR 608.2h).
        return m.DealDamage(SPELL_MANA_VALUE, ctx.target(c.to), source=m.SELF)
    if c.amount in A.DIE_RESULTS and isinstance(s, A.SelfRef):
        # "~ deals damage equal to that result to each creature" (CR 706.4)
        to = c.to
        ref = ctx.target(to) if isinstance(to, A.TargetRef) else player_ref(to, ctx) if isinstance(
            to, A.EachRef) and to.noun.heads in (("opponent",), ("player",)) or to == A.WordRef("that player") \
            else object_ref(to, ctx)
        return m.DealDamage(_die_result(c.amount, ctx), ref)
    if isinstance(s, A.SelfRef) or ctx.it_source and isinstance(s, A.WordRef) and s.words == "it":
        if ctx.it_source and ctx.it is None:
            raise Unsupported(c.render())  # a dies trigger has no source object to look at
        source = m.SELF
    elif isinstance(s, A.WordRef) and s.words == "it" and ctx.it == m.TRIGGER_OBJECT and c.amount == "its power":
        source = m.TRIGGER_OBJECT  # the creature the trigger names (it entered, it attacked)
    elif isinstance(s, A.TargetRef) and c.amount == "its power":
        source = ctx.target(s)
    else:
        raise Unsupported(c.render())
    to = c.to
    if isinstance(to, A.TargetRef):
        ref = ctx.target(to)
    elif isinstance(to, A.EachRef) and to.noun.heads in (("opponent",), ("player",)) or isinstance(
            to, A.WordRef) and to.words in ("you", "defending player"):
        ref = player_ref(to, ctx)
    else:
        ref = object_ref(to, ctx)
    return m.DealDamage(m.Count("power", whose=source), ref, source=source)


def _on_targets(c: A.ObjectAction, verb: str, ctx: Ctx) -> OnTargets:
    """"Destroy six target creatures", "Return six target nonland permanents to their owners'
    hands", "Exile X target creatures", "Destroy up to X target artifacts and/or enchantments":
    N (or X, announced first: CR 601.2b) different targets of one "target" word (CR 115.3), a
    spell's only targets, acted on together."""
    from undercity.cards.language.several_targets import EXILE

    t = c.what
    assert isinstance(t, A.TargetRef) and t.count is not None
    if not (ctx.spell or ctx.monstrous_x and t.count.value is None) or ctx.targets or t.another:
        raise Unsupported(c.render())
    if verb == "destroy" and not c.to:
        what = DESTROY
    elif verb == "goad" and not c.to and ctx.monstrous_x:
        from undercity.cards.language.several_targets import GOAD

        what = GOAD  # "goad up to X target creatures", X it became monstrous with (CR 701.37c)
    elif verb == "return" and c.to == "to their owners' hands":
        what = RETURN_TO_HAND
    elif verb == "exile" and not c.to:
        what = EXILE
    else:
        raise Unsupported(c.render())
    spec = _target_spec(A.TargetRef(t.noun))
    if spec.kind != "permanent" or what == EXILE and t.count.value is not None:
        raise Unsupported(c.render())
    if t.count.value is None:  # "X target …" (CR 601.2c): as many as X
        ctx.targets.append(replace(spec, x_count=True, optional=t.up_to, text=t.render()))
        return OnTargets(what, 0, 0, x=True)
    n = t.count.value
    ctx.targets += [replace(spec, same_word=k > 0) for k in range(n)]
    return OnTargets(what, 0, n)


def _create_for_each(c: A.ForEachFirst, ctx: Ctx) -> m.Effect:
    """"For each creature your opponents control, create a 4/4 green Phyrexian Beast creature
    token": one token for each object matching as it resolves (CR 608.2c), those objects kept
    for "those creatures" after it."""
    from undercity.cards.language.tokens import CreateForEach
    from undercity.cards.text.parser import subtype_of

    made = effect(c.clause, ctx) if isinstance(c.clause, A.Create) and c.clause.who is None else []
    if len(made) != 1 or not isinstance(made[0], m.CreateToken) or made[0].n != 1 or made[0].tapped \
            or c.per.card or _TYPES.get(c.per.heads[0].lower() if c.per.heads else "") != "Creature":
        raise Unsupported(c.render())
    kinds = [subtype_of(w) for w in c.clause.desc if w[:1].isupper() and subtype_of(w)]
    ctx.created_for_each = kinds[-1] if kinds else ""
    return CreateForEach(made[0].token, noun_filter(c.per))


def _damage_to_others(c: A.DamageToOthers, ctx: Ctx) -> list[m.Effect]:
    """"… deals 4 damage to any target and 3 damage to each of up to two other targets": the
    first target, then up to ``count`` more, each different from it and from one another (CR
    115.3, ruling 2019-07-12), each dealt ``n`` by the same source."""
    if c.first.to != A.TargetRef(None) or ctx.targets:
        raise Unsupported(c.render())  # only "any target" first, the ability's only targets
    first = effect(c.first, ctx)
    if len(first) != 1 or not isinstance(first[0], m.DealDamage) or c.count.value is None:
        raise Unsupported(c.render())
    out: list[m.Effect] = list(first)
    for _ in range(c.count.value):
        ctx.targets.append(m.TargetSpec("any", text=f"up to {c.count.render()} other targets", optional=True,
                                        same_word=True))
        out.append(replace(first[0], amount=_n(c.n, ctx), to=m.T(len(ctx.targets) - 1)))
    return out


def _piles(sentences: tuple[A.Sentence | A.RollTable, ...]) -> m.Effect | None:
    """"Reveal the top five cards of your library. An opponent separates those cards into two
    piles. Put one pile into your hand and the other into your graveyard." (CR 700.3); None if
    the first sentence isn't such a reveal."""
    from undercity.cards.language.piles import RevealIntoPiles

    first = sentences[0]
    if not (isinstance(first, A.Sentence) and len(first.clauses) == 1 and isinstance(first.clauses[0], A.RevealTop)):
        return None
    reveal = first.clauses[0]
    two = [s.clauses[0] if isinstance(s, A.Sentence) and len(s.clauses) == 1 and not s.may and not s.prefix
           and not s.where else None for s in sentences[1:3]]
    if first.may or first.prefix or first.where or reveal.who is not None or reveal.n.value is None or len(two) < 2 \
            or not isinstance(two[0], A.SeparatePiles) or two[0].who != A.DescRef("an", A.Noun((), ("opponent",))) \
            or not isinstance(two[1], A.PutPiles) or two[1].who is not None:
        raise Unsupported(first.render())
    zone = {"into your hand": "hand", "into your graveyard": "graveyard"}
    return RevealIntoPiles(reveal.n.value, "opponent", zone[two[1].to], zone[two[1].other_to])


def _each_exiled(s: A.Sentence, before: m.Effect | None, ctx: Ctx) -> m.Effect:
    """"Exile X target creatures. For each creature exiled this way, its controller creates a 2/2
    green Boar creature token." (CR 608.2c): the sentence done for each target the one before
    exiled, "its controller" that target's controller as it last existed (CR 608.2h)."""
    from undercity.cards.language.several_targets import EXILE

    if not (isinstance(before, OnTargets) and before.verb == EXILE and before.each_moved is None and not s.may
            and len(s.clauses) == 1 and not s.where and isinstance(s.clauses[0], A.Create)
            and s.clauses[0].who == A.WordRef("its controller")):
        raise Unsupported(s.render())
    ctx.it, ctx.it_is_target = m.T(before.first), True
    each = effect(s.clauses[0], ctx)
    if len(each) != 1:
        raise Unsupported(s.render())
    return replace(before, each_moved=each[0])


def _damage_each(n: Any, to: A.EachAnd, ctx: Ctx) -> DamageEach:
    """"each creature without flying and each planeswalker", "each creature and each player":
    the permanents of every group, each dealt the damage once, and the players (CR 608.2c)."""
    groups: list[m.Filter] = []
    players: m.Ref | None = None
    for part in to.parts:
        heads = tuple(h.lower() for h in part.noun.heads)
        if heads in (("player",), ("opponent",)) and not part.noun.quals and not part.noun.suffix:
            if players is not None:
                raise Unsupported(to.render())
            players = player_ref(part, ctx)
            continue
        if part.noun.suffix == ("they control",) and players is not None and players.kind == "each_opponent":
            # "each opponent and each creature they control": every creature an opponent controls.
            part = replace(part, noun=replace(part.noun, suffix=("your opponents control",)))
        ref = object_ref(part, ctx)
        if ref.kind != "all" or ref.filter is None:
            raise Unsupported(to.render())
        groups.append(ref.filter)
    return DamageEach(n, tuple(groups), players)


def _union(each: A.EachAnd) -> m.Filter:
    """"all creatures you don't control and all planeswalkers you don't control": groups that
    differ only in card type are one filter (its types are any of them)."""
    flts = [noun_filter(p.noun) for p in each.parts]
    if any(p.noun.card for p in each.parts) or any(not f.types for f in flts):
        raise Unsupported(each.render())
    rest = {replace(f, types=frozenset()) for f in flts}
    if len(rest) != 1:
        raise Unsupported(each.render())
    return replace(flts[0], types=frozenset().union(*(f.types for f in flts)))


_FOUND = ("it", "that card", "them", "those cards")


def _search_then_put(s: A.Sentence, nxt: A.Sentence | A.RollTable | None) -> A.Sentence | None:
    """"Search your library for up to X basic land cards, where X is …. Put those cards onto the
    battlefield tapped, then shuffle.": one search (CR 701.23), read as its one sentence; None if
    ``s`` and ``nxt`` aren't that."""
    if not (len(s.clauses) == 1 and isinstance(s.where, A.WhereGreatestPower) and isinstance(nxt, A.Sentence)
            and not nxt.may and not nxt.prefix and not nxt.where and len(nxt.clauses) == 2
            and isinstance(put := nxt.clauses[0], A.ObjectAction) and put.verb == "put"
            and put.what == A.WordRef("those cards")):
        return None
    return replace(s, clauses=s.clauses + nxt.clauses, joins=(", ", *nxt.joins))


def _search(s: A.Sentence, ctx: Ctx | None = None) -> m.Effect:
    """"Search your library for [up to] N [cards], [reveal it,] put it onto the battlefield
    [tapped] / into your hand, then shuffle" (CR 701.23, 701.20): one Search effect."""
    first, *rest = s.clauses
    assert isinstance(first, A.SearchLibrary)
    if first.who is not None or s.may:
        raise Unsupported(first.render())
    shapes = [(type(c).__name__, getattr(c, "verb", ""), getattr(c, "what", None), getattr(c, "to", "")) for c in rest]
    if shapes and shapes[0][1] == "reveal" and isinstance(shapes[0][2], A.WordRef) and shapes[0][2].words in _FOUND:
        shapes = shapes[1:]
    split = next((c for c in rest if isinstance(c, A.PutOneAndOther)), None)
    if split is not None:
        # "for up to two basic land cards, reveal those cards, put one onto the battlefield
        # tapped and the other into your hand, then shuffle" (CR 701.23): the one the engine's
        # split search does; the cards are revealed (701.20a), so "those cards" must be said.
        if (len(shapes) != 2 or shapes[0][0] != "PutOneAndOther" or len(rest) != 3 or shapes[1][:2] != ("Phrase", "")
                or not first.up_to or _n(first.n) != 2 or first.equal_to or first.noun.card != "cards"
                or split.who is not None or (split.to, split.other) != ("onto the battlefield tapped", "into your hand")
                or s.joins[-1] != ", then " or not isinstance(rest[-1], A.Phrase) or rest[-1].words != "shuffle"):
            raise Unsupported(s.render())
        return m.Search(noun_filter(first.noun), n=2, to="battlefield", tapped=True, split=True)
    ok = (len(shapes) == 2 and shapes[0][1] == "put" and isinstance(shapes[0][2], A.WordRef)
          and shapes[0][2].words in _FOUND and shapes[1][:2] == ("Phrase", "") and s.joins[-1] == ", then ")
    if not ok or not isinstance(rest[-1], A.Phrase) or rest[-1].words != "shuffle":
        raise Unsupported(s.render())
    to = shapes[0][3]
    if isinstance(s.where, A.WhereGreatestPower) and first.n.word == "X" and first.up_to and not first.equal_to \
            and first.noun.card == "cards" and to in ("onto the battlefield", "onto the battlefield tapped"):
        from undercity.cards.language.search import SearchUpTo

        # "for up to X basic land cards, where X is the greatest power among creatures you
        # control": X counted once as the search begins (CR 608.2h, 701.23b)
        return SearchUpTo(noun_filter(first.noun), _greatest_power(s.where), tapped=to.endswith(" tapped"))
    if s.where is not None:
        raise Unsupported(s.where.render())
    if first.equal_to and ctx is not None and noun_filter(first.noun).types and first.noun.card == "cards":
        # "for a number of basic land cards equal to the other result" (CR 706.4): cards with a
        # stated quality, which the searcher may fail to find (CR 701.23b).
        n: Any = _die_result(first.equal_to, ctx)
    elif first.equal_to:
        raise Unsupported(first.render())
    else:
        n = _n(first.n)
    if not first.equal_to and (not first.up_to and n != 1 or first.noun.card not in ("card", "cards")):
        raise Unsupported(first.render())  # "search for two cards" must find two if it can
    share = "that share a land type" in first.noun.suffix  # Myriad Landscape (CR 205.3i)
    if share and n < 2:
        raise Unsupported(first.render())
    flt = noun_filter(replace(first.noun, suffix=tuple(x for x in first.noun.suffix if x != "that share a land type")))
    if to == "into your hand":
        return m.Search(flt, n=n, to="hand", share_land_type=share)
    if to in ("onto the battlefield", "onto the battlefield tapped"):
        return m.Search(flt, n=n, to="battlefield", tapped=to.endswith("tapped"), share_land_type=share)
    raise Unsupported(s.render())


def _each_may_choose_destroy(s: A.Sentence, then: A.Sentence | None) -> m.Effect | None:
    """"Starting with you, each player may choose an artifact or enchantment you don't control.
    Destroy each permanent chosen this way." (CR 101.4, 701.8a): one effect."""
    if len(s.clauses) != 1 or not isinstance(c := s.clauses[0], A.EachPlayerChooses) or c.among is not None:
        return None
    destroy = A.ObjectAction(None, "destroy", A.EachRef("each", A.Noun((), ("permanent",), "or", "", ("chosen this way",))))
    if (s.prefix or s.may or c.start != "starting with you," or c.verb != "may choose" or then is None
            or then.prefix or then.may or then.clauses != (destroy,)):
        raise Unsupported(s.render())
    noun = c.items[0][1]
    if noun.card or noun.suffix not in ((), ("you don't control",)):
        raise Unsupported(noun.render())
    # "you don't control": any permanent but the controller's own (a teammate's too, CR 109.5).
    return EachMayChooseDestroy(noun_filter(replace(noun, suffix=())), not_yours=bool(noun.suffix))


#: The permanents "a number of lands/creatures … they control" counts (CR 101.4).
_FEWEST = {"lands": m.F("Land"), "creatures": m.F("Creature"), "artifacts": m.F("Artifact"),
           "enchantments": m.F("Enchantment"), "planeswalkers": m.F("Planeswalker")}


def _same_way(s: A.Sentence, prev: tuple[m.Effect, ...] | None) -> list[m.Effect]:
    """"Players discard cards and sacrifice creatures the same way." (Magus of the Balance): the
    choice down to the fewest before, made again for each thing named, in the order written (CR
    608.2c) — each counted as its turn comes, after the ones before were done."""
    from undercity.cards.language.each_player_chooses import DiscardToFewest, SacrificeToFewest

    c = s.clauses[0]
    assert isinstance(c, A.SameWay)
    if s.may or s.prefix or s.where is not None or not prev or not all(isinstance(e, SacrificeToFewest) for e in prev):
        raise Unsupported(s.render())
    out: list[m.Effect] = []
    for verb, what in c.actions:
        out.append(DiscardToFewest() if verb == "discard" else SacrificeToFewest(_FEWEST[what]))
    return out


def _choose_each_sacrifice_rest(c: A.EachPlayerChooses) -> m.Effect:
    """"Each player chooses an artifact, a creature, … from among the nonland permanents they
    control, then sacrifices the rest." (CR 101.4, 701.21a)."""
    if c.start or c.verb != "chooses" or c.among is None or c.among.suffix or c.among.card:
        raise Unsupported(c.render())
    kinds = tuple(noun_filter(n) for _, n in c.items)
    if any(n.quals or n.suffix or n.card or len(n.heads) != 1 for _, n in c.items) or any(
            len(k.types) != 1 for k in kinds):
        raise Unsupported(c.render())
    return ChooseEachSacrificeRest(kinds, noun_filter(c.among))


def _token_gaining(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Create a 1/1 … token with flying. That token gains haste until end of turn." (CR 111.1,
    611.2a): the one token created gains the keywords."""
    if then is None or s.prefix or s.may or then.prefix or then.may or len(s.clauses) != 1 or len(then.clauses) != 1:
        return None
    first, second = s.clauses[0], then.clauses[0]
    if not (isinstance(first, A.Create) and isinstance(second, A.Modify) and second.what == A.WordRef("that token")):
        return None
    kws = frozenset(second.keywords)
    if (first.who is not None or first.n.value != 1 or second.pt or not kws or not kws <= ENGINE_KEYWORDS
            or second.kw_verb not in ("gain", "gains") or second.duration is None
            or second.duration.words != "until end of turn"):
        raise Unsupported(then.render())
    made = effect(first, ctx)
    if len(made) != 1 or not isinstance(made[0], m.CreateToken):
        raise Unsupported(s.render())
    return CreateTokenGaining(made[0].token, kws)


def _put_is_also(put: m.Effect | None, s: A.Sentence) -> m.Effect:
    """"… onto the battlefield under your control. It's a black Zombie in addition to its other
    colors and types." (CR 611.2e, 205.1b, 105.3): the effect before, which put the permanent onto
    the battlefield (or a "you may pay …. If you do," ending with it), puts it there with those
    characteristics."""
    from undercity.cards.language.continuous import AddColors, AddTypes, PutWithCharacteristics
    from undercity.cards.language.sacrifice import ReturnPutThisWay

    c = s.clauses[0]
    assert isinstance(c, A.IsAlso)
    if s.may or s.prefix or s.where or s.at is not None:
        raise Unsupported(s.render())
    mods: tuple[Any, ...] = (AddTypes(subtypes=frozenset(c.subtypes)),)
    if c.colors:
        mods += (AddColors(frozenset(_COLORS[w] for w in c.colors)),)
    if isinstance(put, ReturnPutThisWay | m.ReturnToBattlefield):
        return PutWithCharacteristics(put, mods)
    if isinstance(put, MayPay | MayPayLife) and put.effects and isinstance(
            put.effects[-1], ReturnPutThisWay | m.ReturnToBattlefield):
        return replace(put, effects=(*put.effects[:-1], PutWithCharacteristics(put.effects[-1], mods)))
    raise Unsupported(s.render())


def _sacrifice_or_discard(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Each player sacrifices a creature or planeswalker. Each player who can't discards a
    card." (CR 101.4, 701.21a, 701.9a): one effect, the discards only of those who couldn't."""
    if then is None or s.prefix or s.may or then.prefix or then.may or len(s.clauses) != 1 or len(then.clauses) != 1:
        return None
    first, second = s.clauses[0], then.clauses[0]
    if not (isinstance(second, A.PlayerCount) and second.who == A.WordRef("each player who can't")):
        return None
    if not (isinstance(first, A.ObjectAction) and first.verb == "sacrifices" and isinstance(first.what, A.DescRef)
            and first.what.det in ("a", "an") and second.verb == "discards" and second.n.value is not None):
        raise Unsupported(then.render())
    return SacrificeOrDiscard(player_ref(first.who, ctx), noun_filter(first.what.noun), second.n.value)


def _may_pay(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"You may pay {2}. If you do, [effects]." (CR 608.2d, 118.1): one MayPay, the next
    sentence done only if the mana was paid. None if ``s`` isn't such an offer."""
    if s.may and len(s.clauses) == 1 and isinstance(s.clauses[0], A.PayLife):
        life = _life_equal_to_stat(f"equal to {s.clauses[0].amount}", ctx)
        if life is None or then is None or then.prefix != "if you do," or then.may:
            raise Unsupported(s.render())
        return MayPayLife(life, effects(A.Effects((replace(then, prefix=""),)), ctx))  # CR 119.4
    if not (s.may and len(s.clauses) == 1 and isinstance(s.clauses[0], A.Pay)):
        return None
    if then is None or then.prefix != "if you do," or then.may:
        raise Unsupported(s.render())
    cost = s.clauses[0].cost
    _mana_cost(cost)  # a symbol the engine's mana lacks is refused here
    return MayPay(cost, effects(A.Effects((replace(then, prefix=""),)), ctx))


_DISCARD_HAND = A.Phrase(None, "discard all the cards in your hand")


def _may_draw(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"You may draw a card. If you do, discard a card." (CR 118.12): the draw is an optional
    cost paid as it resolves and "if you do" asks only whether it was chosen — which it always
    may be, even from an empty library (CR 121.3) — so both sentences are one choice. None if
    ``s`` isn't such an offer. "You may discard all the cards in your hand. If you do, draw that
    many cards." is one choice the same way (any hand may be discarded, an empty one too)."""
    if not (s.may and not s.prefix and not s.where and then is not None and then.prefix == "if you do,"
            and not then.may and all(isinstance(c, A.Draw) and c.who is None or c == _DISCARD_HAND
                                     or c == A.DrawEqual(None, "draw", None, "its power") for c in s.clauses)):
        return None
    first = effects(A.Effects((replace(s, may=""),)), ctx)
    rest = effects(A.Effects((replace(then, prefix=""),)), ctx)
    return May((*first, *rest), text=f"{_sentence_text(s)}, then {_sentence_text(replace(then, prefix=''))}")


def _return_both(c: A.ObjectAction, ctx: Ctx) -> m.Effect:
    """"Return target creature card and up to one target Cleric, Rogue, Warrior, or Wizard
    creature card from your graveyard to the battlefield": two target words (the same card may
    be both, CR 115.3), the place written once for both; the legal ones return together."""
    from undercity.cards.language.several_targets import RETURN_TO_BATTLEFIELD

    first, second = c.what.first, c.what.second  # type: ignore[attr-defined]
    yard = ("from your graveyard",)
    if not (isinstance(first, A.TargetRef) and isinstance(second, A.TargetRef) and first.noun is not None
            and second.noun is not None and not first.noun.suffix and second.noun.suffix == yard
            and not first.up_to and first.count is None and c.verb == "return" and c.who is None
            and c.to == "to the battlefield" and first.noun.card == second.noun.card == "card"):
        raise Unsupported(c.render())
    n = len(ctx.targets)
    ctx.target(replace(first, noun=replace(first.noun, suffix=yard)))
    ctx.target(second)
    ctx.together = True
    return OnTargets(RETURN_TO_BATTLEFIELD, n, 2)


def _all_from_your_graveyard(c: A.ObjectAction, v: str, ctx: Ctx) -> m.Effect | None:
    """"Return all creature cards in your graveyard that were put there from the battlefield this
    turn to your hand", "Return those cards from your graveyard to the battlefield" (the cards an
    amount before counted, ``ctx.those_cards``): every such card of your graveyard as it resolves,
    as one event (CR 608.2c); None if ``c`` isn't that."""
    from undercity.cards.language.zone_moves import ReturnAllFromGraveyard

    to = {"to your hand": "hand", "to the battlefield": "battlefield", "from your graveyard to your hand": "hand",
          "from your graveyard to the battlefield": "battlefield"}.get(c.to)
    if v != "return" or to is None:
        return None
    if isinstance(c.what, A.EachRef) and c.what.det == "all" and c.what.noun.card == "cards" \
            and c.what.noun.suffix[:1] == ("in your graveyard",) and not c.to.startswith("from "):
        return ReturnAllFromGraveyard(noun_filter(c.what.noun), to)
    if isinstance(c.what, A.EachRef) and c.what.det == "all" and c.what.noun.card == "cards" \
            and c.what.noun.suffix[-1:] == ("from your graveyard",) and c.to in ("to your hand", "to the battlefield"):
        # "Return all creature cards with power 2 or less from your graveyard to your hand" (Dawn):
        # the noun's other words filter the cards (its "from your graveyard" is their zone)
        try:
            return ReturnAllFromGraveyard(noun_filter(c.what.noun), to)
        except Unsupported:
            raise Unsupported(c.render()) from None  # "with mana value X or less" (Ascend from Avernus)
    if c.what == A.WordRef("those cards") and ctx.those_cards is not None and c.to.startswith("from "):
        return ReturnAllFromGraveyard(ctx.those_cards, to)
    return None


def _return_put_this_way(c: A.ObjectAction, v: str, ctx: Ctx) -> m.Effect | None:
    """"Return a creature card put into a graveyard this way to the battlefield under your
    control", "… up to two creature cards put into graveyards this way …" after "Each player
    sacrifices a nontoken creature." (CR 608.2c); None if ``c`` isn't that."""
    w = c.what
    if not (v == "return" and isinstance(w, A.DescRef) and w.noun.suffix in (
            ("put into a graveyard this way",), ("put into graveyards this way",))):
        return None
    n = {"a": 1, "an": 1, "up to two": 2}.get(w.det)
    if not (ctx.each_sacrificed or ctx.destroyed_all) or n is None or c.to != "to the battlefield under your control" \
            or w.noun.card != ("card" if n == 1 else "cards") or (n == 1) != w.noun.suffix[0].startswith("put into a "):
        raise Unsupported(c.render())
    from undercity.cards.language.sacrifice import ReturnPutThisWay

    card = replace(w.noun, suffix=(), card="card")
    return ReturnPutThisWay(noun_filter(card), n, up_to=w.det.startswith("up to"))


def _attacks_opponent_at_random(ss: tuple[A.Node, ...]) -> m.Effect | None:
    """"Choose an opponent at random that ~ didn't attack during your last combat. ~ attacks
    that player this combat if able. If you can't choose an opponent this way, tap ~." — one
    effect (CR 508.1d); None if the sentences aren't these."""
    first = ss[0].clauses[0] if isinstance(ss[0], A.Sentence) and len(ss[0].clauses) == 1 else None
    if not (isinstance(first, A.Phrase) and first.who is None
            and first.words == "choose an opponent at random that ~ didn't attack during your last combat"):
        return None
    if len(ss) != 3 or not all(isinstance(s, A.Sentence) and len(s.clauses) == 1 and not s.may for s in ss):
        raise Unsupported(ss[0].render())
    second, third = ss[1], ss[2]
    assert isinstance(second, A.Sentence) and isinstance(third, A.Sentence)
    if not (second.clauses[0] == A.Phrase(A.SelfRef("~"), "attacks that player this combat if able")
            and not second.prefix and third.prefix == "if you can't choose an opponent this way,"
            and third.clauses[0] == A.ObjectAction(None, "tap", A.SelfRef("~"))):
        raise Unsupported(ss[1].render())
    from undercity.cards.language.attack_requirements import AttacksOpponentAtRandom

    return AttacksOpponentAtRandom()


def _several_gain_control(c: A.GainControl, ctx: Ctx) -> list[m.Effect]:
    """"Target player gains control of up to three target nonattacking creatures until end of
    turn" (CR 613.1b, 115.3): the player, then up to N different creatures (targets of one word),
    each one's control gained; "those creatures" / "they" after it are each of them."""
    from undercity.cards.language.continuous import GainControlOf

    assert isinstance(c.who, A.TargetRef) and isinstance(c.what, A.TargetRef) and c.what.count is not None
    who = ctx.target(c.who)
    if ctx.targets[who.i].kind not in ("player", "opponent") or c.what.noun is None or c.what.another:
        raise Unsupported(c.render())
    n = c.what.count.value or 0
    spec = _target_spec(A.TargetRef(replace(c.what.noun, heads=tuple(h.removesuffix("s") for h in c.what.noun.heads)),
                                    up_to=True))
    if spec.kind != "permanent":
        raise Unsupported(c.render())
    first = len(ctx.targets)
    ctx.targets += [replace(spec, text=c.what.render(), same_word=k > 0) for k in range(n)]
    ctx.several = tuple(m.T(first + k) for k in range(n))
    return [GainControlOf(r, "eot", who=who) for r in ctx.several]


def _any_number_of_targets(a: A.AnyNumberOfTargets, ctx: Ctx) -> m.Ref:
    """"each of any number of target creatures that entered the battlefield this turn" in a
    triggered ability: one specification standing for zero or more different targets (CR 115.1,
    603.3d, 115.3), the ability's only one; each legal target acted on (CR 608.2b)."""
    t = a.target
    if ctx.spell or ctx.activated or ctx.targets or ctx.divided or t.noun is None or t.another or t.other:
        raise Unsupported(a.render())  # chosen as a trigger is put on the stack only
    spec = _target_spec(A.TargetRef(replace(t.noun, heads=tuple(h.removesuffix("s") for h in t.noun.heads))))
    if spec.kind != "permanent":
        raise Unsupported(a.render())
    ctx.targets.append(replace(spec, text=t.render(), optional=True, any_number=True))
    ctx.it, ctx.it_is_target = None, False
    return m.EACH_TARGET(len(ctx.targets) - 1)


def _return_attached_to(a: A.AnyNumberOfTargets, ctx: Ctx) -> m.Effect:
    """"return any number of target Aura and/or Equipment cards that could be attached to
    enchanted creature from your graveyard to the battlefield attached to enchanted creature": a
    triggered ability's one specification of zero or more different cards (CR 115.1, 603.3d,
    115.3), the cards still legal as it resolves entering attached (CR 608.2b, 303.4f)."""
    from undercity.cards.language.zone_moves import ReturnAttachedTo

    t = a.target
    if ctx.spell or ctx.activated or ctx.targets or t.noun is None or t.up_to or t.count is not None:
        raise Unsupported(a.render())
    spec = _target_spec(A.TargetRef(replace(t.noun, card="card")))
    if spec.kind != "card" or spec.filter is None or not spec.filter.attachable_to_enchanted:
        raise Unsupported(a.render())  # only cards the effect can attach (CR 303.4f)
    ctx.targets.append(replace(spec, text=t.render(), optional=True, any_number=True))
    ctx.it, ctx.it_is_target = None, False
    return ReturnAttachedTo(m.EACH_TARGET(len(ctx.targets) - 1), m.ENCHANTED)


def _choose_targets(s: A.Sentence, ctx: Ctx) -> bool:
    """"Choose two target creature cards in your graveyard.": the spell's targets (N of one
    "target" word, all different, CR 115.3), named later as "the chosen cards" (``ctx.chosen``);
    False if ``s`` isn't that."""
    c = s.clauses[0]
    if not (isinstance(c, A.ObjectAction) and c.verb == "choose" and isinstance(c.what, A.TargetRef)):
        return False
    t = c.what
    if t.count is None and not t.up_to and len(s.clauses) == 1 and not (s.may or s.prefix or s.where):
        # "Choose target artifact or creature card in an opponent's graveyard …. Put it onto the
        # battlefield under your control.": one target (CR 115.1), "it" in what follows
        ctx.target(t)
        return True
    if len(s.clauses) != 1 or s.may or s.prefix or s.where or not ctx.spell or ctx.targets or t.count is None \
            or t.count.value is None or t.noun is None or t.another:
        raise Unsupported(s.render())
    spec = _target_spec(A.TargetRef(replace(t.noun, card=t.noun.card.removesuffix("s")), up_to=t.up_to))
    if spec.kind != "card":
        raise Unsupported(s.render())
    ctx.targets += [replace(spec, same_word=k > 0) for k in range(t.count.value)]
    ctx.chosen = (0, t.count.value)
    return True


def _sacrifice_then(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Sacrifice a creature. If you do, return the chosen cards to the battlefield tapped."
    (CR 701.21a, 608.2c): None if ``s`` isn't a sacrifice followed by "If you do,"."""
    c = s.clauses[0]
    if not (isinstance(c, A.ObjectAction) and c.who is None and c.verb == "sacrifice" and len(s.clauses) == 1
            and isinstance(c.what, A.DescRef) and c.what.det in ("a", "an", "another") and not s.prefix
            and then is not None and then.prefix == "if you do," and not then.may):
        return None
    from undercity.cards.language.sacrifice import SacrificeThen

    flt = noun_filter(c.what.noun)
    if c.what.det == "another":
        flt = replace(flt, other=True)  # not the source itself (CR 109.1)
    done = SacrificeThen(flt, effects(A.Effects((replace(then, prefix=""),)), ctx))
    # "You may sacrifice a creature. If you do, …": chosen as it resolves (CR 608.2d)
    return May((done,), text=c.render()) if s.may else done


def _exile_then(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Exile up to one target creature card from an opponent's graveyard. If you do, …"
    (CR 701.13a, 608.2c): None if ``s`` isn't one exile followed by "If you do,"."""
    c = s.clauses[0] if len(s.clauses) == 1 else None
    if not (isinstance(c, A.ObjectAction) and c.who is None and c.verb == "exile" and not s.may and not s.prefix
            and not s.where and then is not None and then.prefix == "if you do," and not then.may):
        return None
    first = effects(A.Effects((s,)), ctx)
    if len(first) != 1 or type(first[0]) is not m.ExileIt:
        raise Unsupported(s.render())
    from undercity.cards.language.zone_moves import ExileThen

    return ExileThen(first[0].what, effects(A.Effects((replace(then, prefix=""),)), ctx))


def _counter_then_destroy_source(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Counter target activated or triggered ability from an artifact or enchantment source. If a
    permanent's ability is countered this way, destroy that permanent." (CR 701.6a, 608.2c)."""
    if then is None or then.prefix != "if a permanent's ability is countered this way,":
        return None
    c = s.clauses[0]
    if not (len(s.clauses) == 1 and isinstance(c, A.ObjectAction) and c.verb == "counter" and c.who is None
            and not c.to and isinstance(c.what, A.TargetRef) and c.what.noun is not None
            and _stack_kind(c.what.noun) is not None and not s.may and not s.prefix and not s.where
            and not then.may and not then.where
            and then.clauses == (A.ObjectAction(None, "destroy", A.WordRef("that permanent")),)):
        raise Unsupported(then.render())
    from undercity.cards.language.stack_targets import CounterAbilityDestroySource

    return CounterAbilityDestroySource(ctx.target(c.what))


def _shuffle_in_reveal_top(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"The owner of target permanent shuffles it into their library, then reveals the top card of
    their library. If it's a permanent card, they put it onto the battlefield." (CR 701.24a,
    701.20a): one effect; None if ``s`` isn't that."""
    first = s.clauses[0]
    reveal = A.ObjectAction(None, "reveals", A.WordRef("the top card of their library"))
    if not (isinstance(first, A.ObjectAction) and isinstance(first.who, A.OwnerOf) and first.verb == "shuffles"
            and first.to == "into their library" and first.what == A.WordRef("it")):
        return None
    put = A.ObjectAction(A.WordRef("they"), "put", A.WordRef("it"), "onto the battlefield")
    if s.may or s.prefix or s.where or s.clauses[1:] != (reveal,) or s.joins != (", then ",) \
            or not isinstance(first.who.what, A.TargetRef) or then is None or then.may or then.where \
            or then.clauses != (put,) or not then.prefix.startswith("if it's a"):
        raise Unsupported(s.render())
    from undercity.cards.language.library_top import ShuffleInRevealTop

    what = ctx.target(first.who.what)
    n = _if_its_noun(then.prefix)
    if n is None or n.card != "card":
        raise Unsupported(then.prefix)
    return ShuffleInRevealTop(what, noun_filter(n))


def _if_its_noun(prefix: str) -> A.Noun | None:
    """The card described by a sentence's prefix "If it's a creature card of the chosen type,"
    (parser.sentence)."""
    from undercity.cards.text.parser import Parser, tokens

    return Parser(tokens(prefix.removeprefix("if it's ").removesuffix(",").split(" ", 1)[1])).noun()


def _may_cast_target(s: A.Sentence, ctx: Ctx) -> m.Effect | None:
    """"You may cast target instant or sorcery card from an opponent's graveyard without paying
    its mana cost." (CR 608.2g, 118.9): the "you may" is the cast's own question. None if ``s``
    isn't that."""
    c = s.clauses[0] if len(s.clauses) == 1 else None
    if not (s.may and not s.prefix and not s.where and isinstance(c, A.ObjectAction) and c.who is None
            and c.verb == "cast" and isinstance(c.what, A.TargetRef) and c.to == "without paying its mana cost"):
        return None
    from undercity.cards.language.cast_permissions import MayCastWithoutPaying

    ref = ctx.target(c.what)
    if ctx.targets[-1].kind != "card":
        raise Unsupported(c.render())  # a card in a graveyard (_target_spec)
    return MayCastWithoutPaying(ref)


#: How long "you may play …" lasts: (the next sentence's prefix, the clause's words) → until the end
#: of your next turn (CR 611.2a).
_PLAY_FOR = {("until the end of your next turn,", ""): True, ("until end of turn,", ""): False, ("", "this turn"): False,
             ("", "until the end of your next turn"): True}


def _exile_top_play(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> list[m.Effect] | None:
    """"Exile the top three cards of your library. Until the end of your next turn, you may play
    those cards." (and "… this turn", "Until end of turn, …"; "the top card … that card") as an
    ExileTopPlay (CR 406.3, 611.2a, 305.1, 601.2) — "this turn", a fixed number of cards: that many
    ExileTopPlayThisTurn, the same permission card by card. None if ``s`` isn't such an exile — or
    is the one card played this turn, which :func:`_impulse` reads."""
    first = s.clauses[0] if len(s.clauses) == 1 else None
    if first == A.Phrase(None, "exile that many cards from the top of your library"):
        # "… Until end of turn, you may cast spells from among those exiled cards." (Dream Pillager)
        cast = then.clauses[0] if then is not None and len(then.clauses) == 1 else None
        if not (ctx.that_much and then is not None and then.may == "you may" and then.prefix == "until end of turn,"
                and cast in (A.Phrase(None, "cast spells from among those exiled cards"),
                             A.Phrase(None, "cast spells from among them"))):
            raise Unsupported(s.render())
        return [ExileTopPlay(TRIGGER_AMOUNT, cast_only=True)]
    one = first == A.ObjectAction(None, "exile", A.WordRef("the top card of your library"))
    if not one and not isinstance(first, A.TopCards) or s.may or s.prefix or s.where:
        return None
    if isinstance(first, A.TopCards) and (first.who is not None or first.library != "your library"):
        if then is None and first.who is None and first.library in ("each player's library", "their library"):
            return None  # nothing more said of them: the clause alone (effect)
        raise Unsupported(s.render())
    play = then.clauses[0] if then is not None and len(then.clauses) == 1 else None
    if isinstance(first, A.TopCards) and then is not None and then.may == "you may" and then.prefix == (
            "until end of turn,") and play in (A.Phrase(None, "cast spells from among them"),
                                              A.Phrase(None, "cast spells from among those cards")):
        # "Until end of turn, you may cast spells from among them." (Apex of Power): spells only
        # (CR 601.2, 305.9), for this turn (611.2a).
        return [ExileTopPlay(_n(first.n, ctx), cast_only=True)]
    refs = ("that card", "it") if one else ("those cards", "them", "cards exiled this way")
    if then is None or then.may != "you may" or not (
            isinstance(play, A.ObjectAction) and play.verb == "play" and play.who is None
            and isinstance(play.what, A.WordRef) and play.what.words in refs) or (then.prefix, play.to) not in _PLAY_FOR:
        if one:
            return None
        raise Unsupported(s.render())
    next_turn = _PLAY_FOR[(then.prefix, play.to)]
    if one and not next_turn and not then.prefix:
        return None  # "You may play that card this turn.": ExileTopPlayThisTurn
    n = _n(first.n, ctx) if isinstance(first, A.TopCards) else 1
    if not next_turn and isinstance(n, int):
        return [ExileTopPlayThisTurn() for _ in range(n)]
    return [ExileTopPlay(n, next_turn=next_turn)]


def _exile_top_put_any(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Exile the top seven cards of your library. You may put any number of creature and/or land
    cards from among them onto the battlefield." (CR 406.3, 608.2c); None if ``s`` isn't that."""
    first = s.clauses[0] if len(s.clauses) == 1 else None
    put = then.clauses[0] if then is not None and len(then.clauses) == 1 else None
    if not (isinstance(first, A.TopCards) and isinstance(put, A.PutAnyAmong)) or s.may or s.prefix or s.where:
        return None
    assert then is not None
    if first.verb != "exile" or first.who is not None or first.library != "your library" or put.who is not None \
            or then.may != "you may" or then.prefix or then.where or put.to != "onto the battlefield":
        raise Unsupported(then.render())
    types = {"creature": "Creature", "land": "Land", "artifact": "Artifact", "enchantment": "Enchantment",
             "planeswalker": "Planeswalker"}
    return lt.ExileTopPutAny(_n(first.n, ctx), m.F(*(types[k] for k in put.kinds)))


#: "… and you may spend mana as though it were mana of any color to cast …" (CR 609.4b).
_ANY_COLOR = tuple(A.Phrase(A.WordRef("you"), f"may spend mana as though it were mana of any color to cast {w}")
                   for w in ("it", "that spell", "those spells"))


def _exile_top_of_others(sentences: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx) -> tuple[m.Effect, int] | None:
    """"Exile the top card of each opponent's library. Until end of turn, you may cast spells from
    among those exiled cards, and you may spend mana as though it were mana of any color to cast
    those spells." (Stolen Strategy): one ExileTopPlay of those libraries, the permission the
    controller's (CR 611.2a, 609.4b); the number of sentences after the first it took. None if
    the first sentence isn't such an exile. "You may play those cards for as long as they remain
    exiled. If you cast a spell this way, you may spend mana as though it were mana of any color
    to cast it." (Brainstealer Dragon): lands too, while they stay exiled (CR 611.2b)."""
    s = sentences[0]
    first = s.clauses[0] if isinstance(s, A.Sentence) and len(s.clauses) == 1 else None
    if not (isinstance(first, A.TopCards) and first.library == "each opponent's library" and first.who is None):
        return None
    assert isinstance(s, A.Sentence)
    t = sentences[1] if len(sentences) > 1 else None
    if s.may or s.prefix or s.where or not isinstance(t, A.Sentence) or t.may != "you may":
        raise Unsupported(s.render())
    n = _n(first.n, ctx)
    cast = A.Phrase(None, "cast spells from among those exiled cards")
    if t.prefix == "until end of turn," and t.clauses == (cast, _ANY_COLOR[2]) and t.joins == (", and ",):
        return ExileTopPlay(n, cast_only=True, whose=m.EACH_OPPONENT, any_color=True), 1
    u = sentences[2] if len(sentences) > 2 else None
    if not t.prefix and t.clauses == (A.ObjectAction(None, "play", A.WordRef("those cards"),
                                                     "for as long as they remain exiled"),) \
            and isinstance(u, A.Sentence) and u.prefix == "if you cast a spell this way," and u.may == "you may" \
            and u.clauses == (A.Phrase(None, "spend mana as though it were mana of any color to cast it"),):
        return ExileTopPlay(n, whose=m.EACH_OPPONENT, any_color=True, while_exiled=True), 2
    raise Unsupported(t.render())


def _gain_abilities_of(s: A.Sentence, nxt: A.Sentence | None, ctx: Ctx) -> tuple[m.Effect, int] | None:
    """"Each Horror you control gains all activated abilities of target artifact an opponent
    controls until end of turn.", with "You may spend blue mana as though it were mana of any
    color to activate those abilities." after it (CR 609.4b) — the abilities gained as this
    resolves (CR 608.2h, 611.2c, 613.1f) and the sentences lowered with it; None if ``s`` isn't
    such a sentence."""
    if len(s.clauses) != 1 or not isinstance(c := s.clauses[0], A.GainAbilitiesOf):
        return None
    if s.may or s.prefix or s.where or s.at is not None or not isinstance(c.of, A.TargetRef) \
            or c.duration.words != "until end of turn":
        raise Unsupported(s.render())
    from undercity.cards.language.continuous import GainActivatedAbilitiesOf

    what, of = object_ref(c.what, ctx), ctx.target(c.of)
    said = nxt.clauses[0] if nxt is not None and len(nxt.clauses) == 1 and not nxt.prefix and not nxt.where \
        and nxt.may == "you may" and isinstance(nxt.clauses[0], A.Phrase) and nxt.clauses[0].who is None else None
    words = said.words.split() if isinstance(said, A.Phrase) else []
    if words[:1] == ["spend"] and words[2:4] == ["mana", "as"] and words[-3:] == ["activate", "those", "abilities"]:
        return GainActivatedAbilitiesOf(what, of, _COLORS[words[1]]), 1
    return GainActivatedAbilitiesOf(what, of), 0


def _exile_top_equal(sentences: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx) -> m.Effect | None:
    """"When enchanted creature dies, exile cards equal to its power from the top of its owner's
    library. You may cast spells from among those cards for as long as they remain exiled, and you
    may spend mana as though it were mana of any type to cast those spells.": the creature's power
    as it last existed (CR 608.2h), its owner's library (CR 108.3), spells only (CR 601.2), while
    they stay exiled (CR 611.2b), mana of any type (CR 609.4b, 118.14); None if ``sentences[0]``
    isn't such an exile."""
    s = sentences[0]
    if not (isinstance(s, A.Sentence) and len(s.clauses) == 1 and isinstance(top := s.clauses[0], A.TopCardsEqual)):
        return None
    t = sentences[1] if len(sentences) > 1 else None
    cast = (A.Phrase(None, "cast spells from among those cards for as long as they remain exiled"),
            A.Phrase(A.WordRef("you"), "may spend mana as though it were mana of any type to cast those spells"))
    if s.may or s.prefix or s.where or top.who is not None or top.verb != "exile" or ctx.it != m.TRIGGER_OBJECT \
            or not ctx.attached_died or (top.equal, top.library) != ("its power", "its owner's library") \
            or not isinstance(t, A.Sentence) or t.may != "you may" or t.prefix or t.where or t.clauses != cast \
            or t.joins != (", and ",):
        raise Unsupported(s.render())
    from undercity.cards.language.attack_requirements import TRIGGER_OBJECT_OWNER
    from undercity.cards.language.quantities import DiedCreaturePower

    return ExileTopPlay(DiedCreaturePower(), cast_only=True, whose=TRIGGER_OBJECT_OWNER, any_type=True,
                        while_exiled=True)


def _exile_top_choose_one(sentences: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx) -> m.Effect | None:
    """"Exile the top three cards of target opponent's library. Choose one of them. Until the end
    of your next turn, you may play that card, and you may spend mana as though it were mana of any
    color to cast it." (CR 406.3, 611.2a, 609.4b): one effect; None if the second sentence isn't
    "Choose one of them."."""
    s = sentences[0]
    choose = sentences[1] if len(sentences) > 1 else None
    if not (isinstance(s, A.Sentence) and len(s.clauses) == 1 and isinstance(top := s.clauses[0], A.TopCards)
            and isinstance(choose, A.Sentence) and choose.clauses == (A.Phrase(None, "choose one of them"),)):
        return None
    play = sentences[2] if len(sentences) > 2 else None
    if s.may or s.prefix or s.where or choose.may or choose.prefix or top.who is not None or top.verb != "exile" \
            or not isinstance(play, A.Sentence) or play.may != "you may" \
            or play.prefix != "until the end of your next turn," \
            or play.clauses[0] != A.ObjectAction(None, "play", A.WordRef("that card")) \
            or play.clauses[1:] not in ((), (_ANY_COLOR[0],)) or len(play.clauses) > 1 and play.joins != (", and ",):
        raise Unsupported(s.render())
    from undercity.cards.language.cast_permissions import ExileTopChooseOnePlay

    whose = {"your library": m.YOU}.get(top.library)
    if top.library in ("target player's library", "target opponent's library"):
        whose = ctx.target(A.TargetRef(A.Noun((), (top.library.split()[1].removesuffix("'s"),))))
    if whose is None:
        raise Unsupported(top.render())
    # "Until the end of your next turn, you may play that card." (Tectonic Giant): its costs paid
    # with mana as usual; ", and you may spend mana as though …" (CR 609.4b) when it says so.
    return ExileTopChooseOnePlay(_n(top.n, ctx), whose, any_color=len(play.clauses) > 1)


def _exile_may_cast(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Exile target creature. Until the end of your next turn, you may cast that card and you may
    spend mana as though it were mana of any color to cast that spell." (CR 611.2a, 601.2, 609.4b)"""
    first = s.clauses[0] if len(s.clauses) == 1 else None
    if not (isinstance(first, A.ObjectAction) and first.verb == "exile" and first.who is None and not first.to
            and isinstance(first.what, A.TargetRef)) or s.may or s.prefix or s.where:
        return None
    if then is None or then.prefix != "until the end of your next turn," or then.may != "you may" \
            or then.clauses[0] != A.Phrase(None, "cast that card") or then.clauses[1:] not in ((), (_ANY_COLOR[1],)) \
            or len(then.clauses) > 1 and then.joins != (" and ",):
        return None
    from undercity.cards.language.cast_permissions import ExileMayCast

    # "… you may cast that card." (Retrieve Prey): its mana paid as usual; "… and you may spend mana
    # as though it were mana of any color to cast that spell" (CR 609.4b) when it says so.
    return ExileMayCast(ctx.target(first.what), any_color=len(then.clauses) > 1)


#: "If that spell would be put into a graveyard this turn, exile it instead." (CR 614.1a)
_EXILE_INSTEAD = A.Phrase(None, "if that spell would be put into a graveyard this turn, exile it instead")


def _exile_may_cast_this_turn(sentences: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx) -> tuple[m.Effect, int] | None:
    """"Exile target instant or sorcery card from an opponent's graveyard. You may cast it this
    turn, and you may spend mana as though it were mana of any type to cast that spell. If that
    spell would be put into a graveyard this turn, exile it instead." (Dire Fleet Daredevil; CR
    611.2a, 609.4b, 118.14, 614.1a); the number of sentences after the first it took. None if
    the sentences aren't that."""
    s = sentences[0]
    first = s.clauses[0] if isinstance(s, A.Sentence) and len(s.clauses) == 1 else None
    if not (isinstance(first, A.ObjectAction) and first.verb == "exile" and first.who is None and not first.to
            and isinstance(first.what, A.TargetRef)) or not isinstance(s, A.Sentence) or s.may or s.prefix or s.where:
        return None
    t, u = (sentences[k] if len(sentences) > k else None for k in (1, 2))
    any_type = A.Phrase(A.WordRef("you"), "may spend mana as though it were mana of any type to cast that spell")
    if not (isinstance(t, A.Sentence) and t.may == "you may" and not t.prefix and t.joins == (", and ",)
            and t.clauses == (A.ObjectAction(None, "cast", A.WordRef("it"), "this turn"), any_type)):
        return None
    from undercity.cards.language.cast_permissions import ExileMayCast

    done = isinstance(u, A.Sentence) and u.clauses == (_EXILE_INSTEAD,) and not u.may and not u.prefix
    return ExileMayCast(ctx.target(first.what), this_turn=True, any_type=True, exile_instead=done), 2 if done else 1


#: "You may cast the copy [without paying its mana cost]." (CR 707.12, 608.2g, 118.9)
_CAST_THE_COPY = {A.Phrase(None, "cast the copy without paying its mana cost"): True,
                  A.Phrase(None, "cast the copy"): False}


def _copy_card_cast(sentences: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx) -> tuple[m.Effect, int] | None:
    """"Exile target instant or sorcery card from a graveyard and copy it. You may cast the copy
    without paying its mana cost." (Psionic Ritual), "Exile up to one target … card from your
    graveyard. Copy it. You may cast the copy." (Demilich): the exile, the copy of the card made
    where it is (CR 707.12) and the cast of the copy as the ability resolves (608.2g; 118.9) — one
    effect; the number of sentences after the first it took. None if the sentences aren't that."""
    from undercity.cards.language.cast_during_resolution import CopyCardMayCast

    s = sentences[0]
    if not isinstance(s, A.Sentence) or s.may or s.prefix or s.where or s.at is not None:
        return None
    ex = s.clauses[0]
    if not (isinstance(ex, A.ObjectAction) and ex.verb == "exile" and ex.who is None and not ex.to
            and isinstance(ex.what, A.TargetRef) and ex.what.noun.card == "card"):
        return None
    rest = list(sentences[1:])
    if s.clauses[1:] == (A.Phrase(None, "copy it"),) and s.joins == (" and ",):
        took = 1  # "… and copy it."
    elif len(s.clauses) == 1 and rest and isinstance(rest[0], A.Sentence) and not rest[0].may \
            and not rest[0].prefix and rest[0].clauses == (A.Phrase(None, "copy it"),):
        rest, took = rest[1:], 2  # "…. Copy it."
    else:
        return None
    cast = rest[0] if rest else None
    if not (isinstance(cast, A.Sentence) and cast.may == "you may" and not cast.prefix and not cast.where
            and len(cast.clauses) == 1 and cast.clauses[0] in _CAST_THE_COPY):
        raise Unsupported(s.render())
    return CopyCardMayCast(ctx.target(ex.what), exile=True, free=_CAST_THE_COPY[cast.clauses[0]]), took


def _play_exiled_free(s: A.Sentence) -> m.Effect:
    """"You may play the exiled card without paying its mana cost if …" (CR 607.2a, 118.9)."""
    c = s.clauses[0]
    assert isinstance(c, A.PlayExiledFree)
    if s.may != "you may" or s.prefix or s.where or c.who is not None:
        raise Unsupported(s.render())
    from undercity.cards.language.hideaway import PlayExiledFree

    return PlayExiledFree(at_least(c.condition.before, c.condition.n.value or 0) if c.condition else None)


def _exile_from_hand_may_play(s: A.Sentence, then: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"That player exiles a card from their hand. You may play that card for as long as it
    remains exiled." (CR 406.3, 611.2b); None if ``s`` isn't such an exile."""
    first = s.clauses[0] if len(s.clauses) == 1 else None
    if not (isinstance(first, A.Phrase) and first.words in ("exiles a card from their hand",)) \
            or s.may or s.prefix or s.where:
        return None
    if then is None or then.may != "you may" or then.prefix or then.clauses != (
            A.ObjectAction(None, "play", A.WordRef("that card"), "for as long as it remains exiled"),):
        raise Unsupported(s.render())
    from undercity.cards.language.cast_permissions import ExileFromHandMayPlay

    return ExileFromHandMayPlay(player_ref(first.who, ctx))


def _cast_while_exiled(s: A.Sentence, ctx: Ctx, before: list[m.Effect]) -> m.Effect | None:
    """"You may cast that card for as long as it remains exiled, and you may spend mana as though
    it were mana of any type to cast that spell." after an effect exiling "it" (Hostage Taker;
    CR 611.2b, 601.2, 609.4b); None if ``s`` isn't that."""
    cast = A.ObjectAction(None, "cast", A.WordRef("that card"), "for as long as it remains exiled")
    if s.may != "you may" or not s.clauses or s.clauses[0] != cast:
        return None
    from undercity.cards.language.cast_permissions import MayCastWhileExiled
    from undercity.cards.language.exile_until import ExileUntilLeaves

    last = before[-1] if before else None
    any_type = A.Phrase(A.WordRef("you"), "may spend mana as though it were mana of any type to cast that spell")
    if s.prefix or s.where or s.at is not None or not (
            isinstance(last, m.ExileIt | ExileUntilLeaves) and last.what == ctx.it) \
            or s.clauses[1:] not in ((), (any_type,)) or s.joins not in ((), (", and ",)):
        raise Unsupported(s.render())
    return MayCastWhileExiled(last.what, any_type=len(s.clauses) == 2)


def _impulse(s: A.Sentence, then: A.Sentence | None) -> m.Effect | None:
    """"Exile the top card of your library. You may play that card this turn." (CR 406.3,
    305.1, 601.2): one effect, the permission lasting this turn. None if ``s`` isn't that."""
    top = A.WordRef("the top card of your library")
    if s.may or s.prefix or s.where or s.clauses != (A.ObjectAction(None, "exile", top),) or then is None:
        return None  # the exile alone: the card "exiled with" the source (ExileTopRemember, CR 607.2a)
    if then.may != "you may" or then.prefix or len(then.clauses) != 1:
        raise Unsupported(s.render())
    play = then.clauses[0]
    if not (isinstance(play, A.ObjectAction) and play.verb == "play" and play.to == "this turn"
            and isinstance(play.what, A.WordRef) and play.what.words in ("that card", "it")):
        raise Unsupported(then.render())
    return ExileTopPlayThisTurn()


#: Where the rest of the cards looked at go (CR 401.4): (zone, in a random order).
_LOOK_REST = {"on the bottom of your library in any order": (lt.BOTTOM, False),
              "on the bottom of your library in a random order": (lt.BOTTOM, True),
              "into your graveyard": (lt.GRAVEYARD, False),
              "back on top of your library in any order": (lt.TOP, False),
              "on top of your library in any order": (lt.TOP, False),
              "back in any order": (lt.TOP, False)}
#: Where the cards chosen among them go: (zone, tapped).
_LOOK_TAKE = {"into your hand": (lt.HAND, False), "into your graveyard": (lt.GRAVEYARD, False),
              "onto the battlefield": (lt.BATTLEFIELD, False), "onto the battlefield tapped": (lt.BATTLEFIELD, True)}


#: The libraries looked at: yours, or a target player's (the target's kind).
_LOOK_LIBRARIES = {"your library": "", "target player's library": "player", "target opponent's library": "opponent"}


def _look_at_top(sentences: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx) -> tuple[m.Effect, int]:
    """"Look at the top N cards of your library." and the sentences that sort them, as one
    :class:`~undercity.cards.language.library_top.LookAtTop` (CR 401.5, 401.4); the number of
    following sentences it took."""
    if (face_down := _look_exile_face_down(sentences, ctx)) is not None:
        return face_down
    s = sentences[0]
    assert isinstance(s, A.Sentence)
    look = s.clauses[0]
    assert isinstance(look, A.LookTop)
    if s.may or s.prefix or s.where or look.who is not None or look.library not in _LOOK_LIBRARIES:
        raise Unsupported(s.render())
    n = 1 if look.n is None else _n(look.n, ctx)
    if look.library != "your library":
        # Another player's library: only looking, and putting them back in any order (CR 401.5).
        whose = player_ref(A.TargetRef(A.Noun((), (_LOOK_LIBRARIES[look.library],))), ctx)
        if len(s.clauses) == 1 and look.n is None and len(sentences) == 1:
            return lt.LookAtTop(1, 0, rest=lt.TOP, whose=whose), 0  # "look at the top card of …"
        if len(s.clauses) == 2 and s.joins == (", then ",) and s.clauses[1] == A.ObjectAction(
                None, "put", A.WordRef("them"), "back in any order"):
            return lt.LookAtTop(n, 0, rest=lt.TOP, whose=whose), 0
        raise Unsupported(s.render())
    if len(s.clauses) == 2 and s.joins == (", then ",):
        return _look_sort(n, s.clauses[1], s), 0
    if len(s.clauses) != 1 or len(sentences) < 2 or not isinstance(sentences[1], A.Sentence):
        raise Unsupported(s.render())
    t = sentences[1]
    if look.n is None and (land := _look_if_land(sentences[1:])) is not None:
        return land
    if look.n is None and t.prefix.startswith("if it's "):
        return _look_if_its(t), 1
    if not t.may and not t.prefix and len(t.clauses) == 1:
        return _look_sort(n, t.clauses[0], t), 1
    # "You may reveal a creature card from among them and put it into your hand." / "You may put
    # a creature card from among them onto the battlefield." then "Put the rest …".
    u = sentences[2] if len(sentences) > 2 else None
    if not (t.may and not t.prefix and isinstance(u, A.Sentence) and not u.may and u.prefix in ("", "then")
            and len(u.clauses) == 1):
        raise Unsupported(t.render())
    rest = u.clauses[0]
    if not (isinstance(rest, A.ObjectAction) and rest.verb == "put" and rest.what == A.WordRef("the rest")
            and rest.to in _LOOK_REST):
        raise Unsupported(u.render())
    where, random = _LOOK_REST[rest.to]
    first = t.clauses[0]
    if isinstance(first, A.RevealSeveral) and len(t.clauses) == 1 and first.who is None and where != lt.HAND:
        # "a Cleric card, a Rogue card, … and/or a Wizard card": one of each at most (CR 401.5).
        last = len(first.items) - 1
        flts = tuple(_among_them(A.DescRef(det, noun if i == last else replace(noun, suffix=(*noun.suffix,
                                                                                           "from among them"))))
                     for i, (det, noun) in enumerate(first.items))
        return lt.LookAtTop(n, len(flts), up_to=True, filters=flts, reveal=first.verb == "reveal", to=lt.HAND,
                            rest=where, random=random), 2
    reveal = isinstance(first, A.ObjectAction) and first.verb == "reveal" and not first.to
    if reveal:
        put = t.clauses[1] if len(t.clauses) == 2 and t.joins == (" and ",) else None
        if not (isinstance(put, A.ObjectAction) and put.verb == "put" and put.who is None
                and put.what in (A.WordRef("it"), A.WordRef("that card")) and put.to == "into your hand"):
            raise Unsupported(t.render())
        to, tapped = lt.HAND, False
    elif len(t.clauses) == 1 and isinstance(first, A.ObjectAction) and first.verb == "put" \
            and first.to in ("onto the battlefield", "onto the battlefield tapped"):
        to, tapped = _LOOK_TAKE[first.to]
    elif len(t.clauses) == 1 and isinstance(first, A.ObjectAction) and first.verb == "exile" and not first.to:
        return _look_exile_may_cast(n, first, sentences[3:], where, random)
    else:
        raise Unsupported(t.render())
    assert isinstance(first, A.ObjectAction)
    if first.who is not None or where == to:
        raise Unsupported(t.render())
    flt = _among_them(first.what)
    return lt.LookAtTop(n, 1, up_to=True, filter=flt, reveal=reveal, to=to, tapped=tapped, rest=where,
                        random=random), 2


#: "For as long as that card remains exiled, you may cast it." (CR 611.2b)
_CAST_WHILE_EXILED = A.Sentence((A.Phrase(None, "cast it"),), may="you may",
                                prefix="for as long as that card remains exiled,")
#: "That spell has undaunted." (CR 702.125a): the spell cast with that permission.
_THAT_SPELL_UNDAUNTED = A.Sentence((A.Modify(A.WordRef("that spell"), "", "", "has", ("undaunted",), None),))


def _look_exile_may_cast(n: m.Amount, exile: A.ObjectAction, after: tuple[A.Sentence | A.RollTable, ...],
                         where: str, random: bool) -> tuple[m.Effect, int]:
    """"You may exile a creature card from among them. Put the rest on the bottom of your library in
    any order. For as long as that card remains exiled, you may cast it. [That spell has
    undaunted.]" (Durnan of the Yawning Portal) after "Look at the top four cards of your
    library.": the card is exiled face up (CR 406.3) and its controller may cast it while it stays
    there (CR 611.2b), with undaunted when it says so (CR 702.125a) — one effect with the look."""
    if exile.who is not None or where == lt.EXILE or not after or after[0] != _CAST_WHILE_EXILED:
        raise Unsupported(exile.render())
    undaunted = len(after) > 1 and after[1] == _THAT_SPELL_UNDAUNTED
    return lt.LookAtTop(n, 1, up_to=True, filter=_among_them(exile.what), to=lt.EXILE, rest=where, random=random,
                        cast_while_exiled=True, undaunted=undaunted), 3 + undaunted


#: Where the cards not exiled face down go: random order or not (CR 401.4).
_FACE_DOWN_REST = {"on the bottom of that library in a random order": True,
                   "on the bottom of your library in a random order": True,
                   "on the bottom of your library in any order": False}
#: The permission for the card exiled face down (CR 406.3, 611.2b): how it is said -> creature only.
_FACE_DOWN_CAST = {(A.ObjectAction(None, "look at and cast", A.WordRef("that card"),
                                   "for as long as it remains exiled"),): False,
                   (A.Phrase(None, "look at that card"),
                    A.ObjectAction(A.WordRef("you"), "may cast", A.WordRef("it"), "if it's a creature spell")): True}


def _look_exile_face_down(sentences: tuple[A.Sentence | A.RollTable, ...],
                          ctx: Ctx) -> tuple[m.Effect, int] | None:
    """"Look at the top four cards of target opponent's library, exile one of them face down, then
    put the rest on the bottom of that library in a random order. You may look at and cast that
    card for as long as it remains exiled[, and you may spend mana as though it were mana of any
    type to cast that spell]." (Gonti) — or the exile and the rest in a sentence of their own and
    "For as long as it remains exiled, you may look at that card and you may cast it if it's a
    creature spell." (Vivien): one effect (CR 406.3, 401.4, 611.2b); None if the cards looked at
    aren't exiled face down."""
    from undercity.cards.language.face_down import LookExileFaceDown

    s = sentences[0]
    assert isinstance(s, A.Sentence)
    look = s.clauses[0]
    assert isinstance(look, A.LookTop)
    if len(s.clauses) == 3 and s.joins == (", ", ", then "):
        sort, used = s, 1  # the exile and the rest in the same sentence
        exile, rest = s.clauses[1], s.clauses[2]
    elif len(s.clauses) == 1 and len(sentences) > 1 and isinstance(sentences[1], A.Sentence) \
            and len(sentences[1].clauses) == 2 and sentences[1].joins == (" and ",):
        sort, used = sentences[1], 2
        exile, rest = sort.clauses
    else:
        return None
    if not (isinstance(exile, A.Phrase) and exile.who is None
            and exile.words in ("exile one of them face down", "exile one face down")):
        return None
    perm = sentences[used] if len(sentences) > used else None
    if s.may or s.prefix or s.where or look.who is not None or look.library not in _LOOK_LIBRARIES \
            or look.n is None or sort.may or sort.where or (sort is not s and sort.prefix) \
            or not isinstance(rest, A.ObjectAction) or rest.who is not None or rest.verb != "put" \
            or rest.what != A.WordRef("the rest") or rest.to not in _FACE_DOWN_REST \
            or (look.library == "your library") != ("your library" in rest.to) \
            or not isinstance(perm, A.Sentence) or perm.may != "you may" or perm.where:
        raise Unsupported(s.render())
    spend = A.Phrase(A.WordRef("you"), "may spend mana as though it were mana of any type to cast that spell")
    any_type = perm.clauses[-1] == spend and perm.joins[-1:] == (", and ",)
    cast = perm.clauses[:-1] if any_type else perm.clauses
    creature_only = _FACE_DOWN_CAST.get(cast)
    if creature_only is None or perm.prefix != ("for as long as it remains exiled," if creature_only else ""):
        raise Unsupported(perm.render())
    whose = m.YOU if look.library == "your library" else \
        player_ref(A.TargetRef(A.Noun((), (_LOOK_LIBRARIES[look.library],))), ctx)
    return LookExileFaceDown(_n(look.n, ctx), whose, random=_FACE_DOWN_REST[rest.to], creature_only=creature_only,
                             any_type=any_type), used


#: "If you don't put the card onto the battlefield, you may put it on the bottom of your library." /
#: "…, put it into your hand.": where the card looked at goes otherwise (CR 608.2c).
_IF_NOT_PUT = "if you don't put the card onto the battlefield,"


def _look_if_land(after: tuple[A.Sentence | A.RollTable, ...]) -> tuple[m.Effect, int] | None:
    """After "Look at the top card of your library.": "If it's a land card, you may put it onto
    the battlefield [tapped]." and, if it follows, what happens to the card otherwise (CR 401.5,
    305.4: putting a land onto the battlefield isn't playing it) — one LookTopPutLand; the number
    of sentences taken. None if the first sentence isn't that."""
    t = after[0]
    put = t.clauses[0] if isinstance(t, A.Sentence) and len(t.clauses) == 1 else None
    if not (isinstance(t, A.Sentence) and t.prefix == "if it's a land card," and t.may == "you may" and not t.where
            and isinstance(put, A.ObjectAction) and put.verb == "put" and put.who is None
            and put.what == A.WordRef("it") and put.to in ("onto the battlefield", "onto the battlefield tapped")):
        return None
    tapped = put.to.endswith(" tapped")
    u = after[1] if len(after) > 1 else None
    if not (isinstance(u, A.Sentence) and u.prefix == _IF_NOT_PUT):
        return LookTopPutLand(tapped=tapped), 1
    other = u.clauses[0] if len(u.clauses) == 1 else None
    if u.where or not (isinstance(other, A.ObjectAction) and other.verb == "put" and other.who is None
                       and other.what == A.WordRef("it")):
        raise Unsupported(u.render())
    if u.may == "you may" and other.to == "on the bottom of your library":
        return LookTopPutLand(bottom=True, tapped=tapped), 2
    if not u.may and other.to == "into your hand":
        return LookTopPutLand(tapped=tapped, else_hand=True), 2
    raise Unsupported(u.render())


def _look_if_its(t: A.Sentence) -> m.Effect:
    """After "Look at the top card of your library.": "If it's a creature card of the chosen
    type, you may reveal it and put it into your hand." — else it stays on top (CR 401.5;
    ruling 2017-08-25, Herald's Horn)."""
    noun = _if_its_noun(t.prefix)
    reveal, put = (t.clauses + (None,))[:2] if len(t.clauses) == 2 else (None, None)
    if not (t.may == "you may" and noun is not None and t.joins == (" and ",) and not t.where
            and reveal == A.ObjectAction(None, "reveal", A.WordRef("it"))
            and isinstance(put, A.ObjectAction) and put.verb == "put" and put.who is None
            and put.what == A.WordRef("it") and put.to == "into your hand"):
        raise Unsupported(t.render())
    return lt.LookAtTop(1, 1, up_to=True, filter=noun_filter(noun), reveal=True, to=lt.HAND, rest=lt.TOP)


def _look_sort(n: Any, c: A.Node, s: A.Sentence) -> m.Effect:
    """"put one of them into your hand and the rest on the bottom of your library in any order",
    "put them back in any order" (CR 401.4)."""
    if isinstance(c, A.ObjectAction) and c.verb == "put" and c.who is None and c.what == A.WordRef("them") \
            and c.to == "back in any order":
        return lt.LookAtTop(n, 0, rest=lt.TOP)
    if not (isinstance(c, A.PutAmong) and c.who is None and c.rest and c.to in _LOOK_TAKE
            and c.rest_to in _LOOK_REST):
        raise Unsupported(s.render())
    to, tapped = _LOOK_TAKE[c.to]
    where, random = _LOOK_REST[c.rest_to]
    if to == where or c.rest == "the other" and c.n is not None and n != (c.n.value or 0) + 1:
        raise Unsupported(s.render())
    if c.n is None:  # "any number of them"
        return lt.LookAtTop(n, None, up_to=True, to=to, tapped=tapped, rest=where, random=random)
    return lt.LookAtTop(n, _n(c.n), to=to, tapped=tapped, rest=where, random=random)


def _among_them(what: A.Node) -> m.Filter:
    """"a creature card from among them", "a nonland permanent card from among them": which of
    the cards looked at may be chosen (CR 109.2; a permanent card is one that isn't an instant or
    a sorcery, CR 110.4a)."""
    if not (isinstance(what, A.DescRef) and what.det in ("a", "an") and what.noun.card == "card"
            and what.noun.suffix and what.noun.suffix[-1] == "from among them"):
        raise Unsupported(what.render())
    noun = replace(what.noun, suffix=what.noun.suffix[:-1])
    if noun.suffix and not all(x.startswith("with ") for x in noun.suffix):
        raise Unsupported(what.render())
    heads = tuple(h.lower() for h in noun.heads)
    flt = noun_filter(noun)
    if "permanent" in heads:
        if heads != ("permanent",):
            raise Unsupported(what.render())
        flt = replace(flt, not_types=flt.not_types | {"Instant", "Sorcery"})
    if flt.other or flt.controller is not None or flt.tapped is not None or flt.attacking or flt.nontoken:
        raise Unsupported(what.render())
    return flt


def _exile_until(sentences: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx) -> tuple[m.Effect, int]:
    """"[Target opponent] exiles cards from the top of their library until they exile an instant or
    sorcery card. You may cast that card without paying its mana cost. [Then put the exiled cards
    that weren't cast this way on the bottom of that library in a random order.]" (CR 608.2g,
    118.9, 401.4): one effect; the number of following sentences it took."""
    s = sentences[0]
    assert isinstance(s, A.Sentence)
    ex = s.clauses[0]
    assert isinstance(ex, A.ExileUntil)
    t = sentences[1] if len(sentences) > 1 else None
    if isinstance(t, A.Sentence) and len(t.clauses) == 1 and isinstance(t.clauses[0], A.PutAndRest):
        return _reveal_until_put(s, ex, t, ctx), 1
    if isinstance(ex.what, A.SeveralCards):
        return _reveal_until_several(s, ex, t, ctx), 1
    if ex.verb.startswith("reveal"):
        return _reveal_until(s, ctx), 1
    mine = ex.who is None
    if s.may or s.prefix or s.where or len(s.clauses) != 1 or (ex.owner, ex.until) != (
            ("your", "you exile") if mine else ("their", "they exile")):
        raise Unsupported(s.render())
    who = m.YOU if mine else player_ref(ex.who, ctx)
    if not (isinstance(ex.what, A.DescRef) and ex.what.det in ("a", "an") and ex.what.noun.card == "card"
            and not ex.what.noun.suffix):
        raise Unsupported(ex.what.render())
    flt = noun_filter(ex.what.noun)
    t = sentences[1] if len(sentences) > 1 else None
    if not (isinstance(t, A.Sentence) and t.may == "you may" and not t.prefix
            and t.clauses == (A.Phrase(None, "cast that card without paying its mana cost"),)):
        raise Unsupported(s.render())
    u = sentences[2] if len(sentences) > 2 else None
    rest = u.clauses[0] if isinstance(u, A.Sentence) and u.prefix == "then" and not u.may and len(u.clauses) == 1 \
        else None
    bottom = isinstance(rest, A.ObjectAction) and rest.what == A.WordRef("the exiled cards that weren't cast this way") \
        and not mine and (rest.who, rest.to) == (None, "on the bottom of that library in a random order")
    if mine and flt == m.F(not_types={"Land"}) and not bottom:
        return ExileUntilNonlandCastFree(), 1  # Sarevok's Tome's effect
    if mine:
        raise Unsupported(s.render())
    return ExileUntilCastFree(who, flt, rest_bottom=bottom), 2 if bottom else 1


def _cast_any_number(sentences: tuple[A.Sentence | A.RollTable, ...],
                     ctx: Ctx) -> tuple[list[m.Effect], int] | None:
    """"Exile the top card of each player's library, then you may cast any number of spells from
    among those cards without paying their mana costs." (Etali, Primal Storm); "Each opponent
    exiles cards from the top of their library until they exile a nonland card. You may cast any
    number of spells from among those nonland cards …" (Fevered Suspicion); "Cast any number of
    cards exiled with ~ without paying their mana costs." (Izzet Chemister; CR 607.2a): the exile
    remembering "those cards" and the casts as it resolves (CR 608.2g, 118.9) — "you may" adds no
    choice to "any number", which may be none. The effects and the number of following sentences
    they took; None if the first sentence is none of these."""
    from undercity.cards.language.cast_during_resolution import CastAnyNumberFree
    from undercity.cards.language.exiled_with import ExileTopRemember, ExileUntilRemember

    s = sentences[0]
    if not isinstance(s, A.Sentence) or not isinstance(cast := s.clauses[-1], A.CastAnyNumber):
        t = sentences[1] if len(sentences) > 1 else None
        if not (isinstance(s, A.Sentence) and len(s.clauses) == 1 and isinstance(ex := s.clauses[0], A.ExileUntil)
                and isinstance(t, A.Sentence) and len(t.clauses) == 1 and isinstance(cast := t.clauses[0],
                                                                                     A.CastAnyNumber)):
            return None
        # "… until they exile a nonland card. You may cast … from among those nonland cards …"
        if s.may or s.prefix or s.where or t.prefix or t.where or t.may != "you may" or cast.who is not None \
                or (ex.owner, ex.until) != ("their", "they exile") or ex.who is None \
                or not (isinstance(ex.what, A.DescRef) and ex.what.det in ("a", "an") and ex.what.noun.card == "card"
                        and not ex.what.noun.suffix) or cast.bound \
                or cast.among != f"those {ex.what.noun.render().removesuffix(' card')} cards":
            raise Unsupported(t.render())
        flt = noun_filter(ex.what.noun)
        return [ExileUntilRemember(player_ref(ex.who, ctx), flt), CastAnyNumberFree(filter=flt)], 1
    bound = _n(A.Num("X", None), ctx) if cast.bound else None
    if s.where or s.prefix:
        raise Unsupported(s.render())
    if len(s.clauses) == 1:
        # "[You may] cast any number of [spells from among] cards exiled with ~ …" (CR 607.2a)
        if cast.who is not None or cast.among not in ("exiled with ~", "cards exiled with ~"):
            raise Unsupported(s.render())
        return [CastAnyNumberFree(exiled_with=True, max_total_mv=bound)], 0
    top = s.clauses[0]
    # "exile the top card of each player's library, then you may cast … from among those cards …"
    if not (len(s.clauses) == 2 and s.joins == (", then ",) and not s.may and isinstance(top, A.TopCards)
            and top.who is None and top.verb == "exile" and cast.who == A.WordRef("you")
            and cast.among == "those cards" and not cast.bound):
        raise Unsupported(s.render())
    whose = {"your library": m.YOU, "each player's library": m.EACH_PLAYER,
             "each opponent's library": m.EACH_OPPONENT}.get(top.library)
    n = _n(top.n, ctx)
    if whose is None or not isinstance(n, int):
        raise Unsupported(top.render())
    return [ExileTopRemember(n, whose=whose), CastAnyNumberFree()], 0


def _choose_from_hand_cast(sentences: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx) -> m.Effect | None:
    """"Target opponent chooses X cards from their hand. Look at those cards. You may cast a spell
    from among them without paying its mana cost." (Extract Brain; CR 608.2d, 608.2g, 118.9): one
    effect of the three sentences; None if the first isn't such a choice."""
    s = sentences[0]
    if not (isinstance(s, A.Sentence) and len(s.clauses) == 1 and isinstance(c := s.clauses[0], A.ChooseFromHand)):
        return None
    look, cast = (sentences[1:3] + (None, None))[:2]
    if s.may or s.prefix or s.where or not (
            isinstance(look, A.Sentence) and not look.may and not look.prefix
            and look.clauses == (A.Phrase(None, "look at those cards"),)
            and isinstance(cast, A.Sentence) and cast.may == "you may" and not cast.prefix and not cast.where
            and cast.clauses == (A.ObjectAction(None, "cast", A.DescRef("a", A.Noun((), (), card="spell",
                                                                                  suffix=("from among them",))),
                                                "without paying its mana cost"),)):
        raise Unsupported(s.render())
    from undercity.cards.language.cast_during_resolution import ChooseFromHandMayCastFree

    who = player_ref(c.who, ctx)
    if who.kind != "target" or ctx.targets[who.i].kind != "opponent":
        raise Unsupported(c.render())
    return ChooseFromHandMayCastFree(who, _n(c.n, ctx))


def _reveal_until(s: A.Sentence, ctx: Ctx) -> m.Effect:
    """"each opponent reveals cards from the top of their library until they reveal a land card,
    then puts those cards into their graveyard" (CR 701.20a): one effect."""
    from undercity.cards.language.library_top import RevealUntilIntoGraveyard

    ex = s.clauses[0]
    assert isinstance(ex, A.ExileUntil)
    put = A.ObjectAction(None, "puts", A.WordRef("those cards"), "into their graveyard")
    if s.may or s.prefix or s.where or s.clauses[1:] != (put,) or s.joins != (", then ",) or ex.who is None \
            or (ex.owner, ex.until) != ("their", "they reveal"):
        raise Unsupported(s.render())
    if not (isinstance(ex.what, A.DescRef) and ex.what.det in ("a", "an") and ex.what.noun.card == "card"
            and not ex.what.noun.suffix):
        raise Unsupported(ex.what.render())
    return RevealUntilIntoGraveyard(player_ref(ex.who, ctx), noun_filter(ex.what.noun))


#: "with mana value equal to [a die result]" (CR 202.3, 706.4).
_MV_EQUAL = "with mana value equal to "

#: "Put those cards onto the battlefield, then shuffle the rest of the revealed cards into your library."
_PUT_THOSE_SHUFFLE_REST = (A.ObjectAction(None, "put", A.WordRef("those cards"), "onto the battlefield"),
                           A.Phrase(None, "shuffle the rest of the revealed cards into your library"))


def _reveal_until_several(s: A.Sentence, ex: A.ExileUntil, t: A.Sentence | A.RollTable | None,
                          ctx: Ctx) -> m.Effect:
    """"Reveal cards from the top of your library until you reveal X creature cards of the chosen
    type, where X is the number of creatures you control of that type. Put those cards onto the
    battlefield, then shuffle the rest of the revealed cards into your library." (CR 701.20a,
    701.24a): X counted as it resolves."""
    from undercity.cards.language.reveal_until import RevealUntilSeveral

    assert isinstance(ex.what, A.SeveralCards)
    if s.may or s.prefix or len(s.clauses) != 1 or ex.who is not None or (ex.owner, ex.until) != (
            "your", "you reveal") or ex.what.n.word != "X" or not isinstance(s.where, A.Where) \
            or not isinstance(t, A.Sentence) or t.may or t.prefix or t.where or t.clauses != _PUT_THOSE_SHUFFLE_REST \
            or t.joins != (", then ",):
        raise Unsupported(s.render())
    mine = noun_filter(s.where.noun)  # "creatures you control of that type": counted before anything is revealed
    if s.where.noun.card or mine.controller != "you" or mine.types != {"Creature"}:
        raise Unsupported(s.where.render())
    return RevealUntilSeveral(noun_filter(replace(ex.what.noun, card="card")), m.Count("permanents", mine, m.YOU))


def _reveal_until_put(s: A.Sentence, ex: A.ExileUntil, t: A.Sentence, ctx: Ctx) -> m.Effect:
    """"Reveal [exile] cards from the top of your library until you reveal [exile] a creature card
    [with mana value equal to the result]. Put that card onto the battlefield [into your hand] and
    the rest on the bottom of your library in a random order." (CR 701.20a, 401.4)"""
    from undercity.cards.language.reveal_until import BATTLEFIELD, HAND, RevealUntil

    put = t.clauses[0]
    assert isinstance(put, A.PutAndRest)
    exile = ex.verb.startswith("exile")
    if s.may not in ("", "you may") or s.prefix or s.where or len(s.clauses) != 1 or ex.who is not None \
            or ex.owner != "your" \
            or ex.until != ("you exile" if exile else "you reveal") or t.may or t.prefix or put.who is not None \
            or put.to not in ("onto the battlefield", "into your hand") \
            or put.rest_to != "on the bottom of your library in a random order":
        raise Unsupported(s.render())
    w = ex.what
    if not (isinstance(w, A.DescRef) and w.det in ("a", "an") and w.noun.card == "card"):
        raise Unsupported(w.render())
    noun, mv = w.noun, None
    if noun.suffix and noun.suffix[-1].startswith(_MV_EQUAL):
        mv = _die_result(noun.suffix[-1].removeprefix(_MV_EQUAL), ctx)
        noun = replace(noun, suffix=noun.suffix[:-1])
    # "that shares a creature type with it": the creature the trigger names (CR 603.10a)
    kin = noun.suffix == ("that shares a creature type with it",) and ctx.it == m.TRIGGER_OBJECT
    if kin:
        noun = replace(noun, suffix=())
    if noun.suffix:
        raise Unsupported(w.render())
    effect = RevealUntil(noun_filter(noun), BATTLEFIELD if put.to == "onto the battlefield" else HAND, mv, exile,
                         shares_creature_type=kin)
    if s.may:  # "you may reveal …" (CR 608.2d): the choice, then both sentences
        return May((effect,), text=f"{_sentence_text(s)} {_sentence_text(t)}")
    return effect


#: "put target creature on the bottom of its owner's library" (CR 400.3, 401.4): on top or not.
_ON_LIBRARY = {"on top of its owner's library": True, "on the bottom of its owner's library": False,
               "on top of your library": True}


def _put_on_library(c: A.ObjectAction, ctx: Ctx) -> m.Effect:
    """A permanent or a card put on top of or on the bottom of its owner's library; "your
    library" only for a card in your graveyard (which you own, CR 404.1)."""
    if c.to == "on top of your library" and not (
            isinstance(c.what, A.TargetRef) and c.what.noun is not None and c.what.noun.card == "card"
            and any(x in ("from your graveyard", "in your graveyard") for x in c.what.noun.suffix)):
        raise Unsupported(c.render())
    what = object_ref(c.what, ctx)
    if what.kind == "all":
        raise Unsupported(c.render())  # several at once: their owners order them (CR 401.4)
    return lt.PutOnLibrary(what, top=_ON_LIBRARY[c.to])


#: "… to the battlefield with a number of +1/+1 counters on it equal to [a die result]" (CR 122.6).
_WITH_COUNTERS = "to the battlefield with a number of +1/+1 counters on it equal to "


def _return_one(c: A.ObjectAction, ctx: Ctx) -> m.Effect:
    """"Return a creature card from your graveyard to the battlefield with a number of +1/+1
    counters on it equal to that result": chosen as it resolves, not targeted (CR 608.2c, 122.6)."""
    from undercity.cards.language.zone_moves import ReturnChosenCard

    assert isinstance(c.what, A.DescRef)
    if not c.to.startswith(_WITH_COUNTERS):
        raise Unsupported(c.render())
    return ReturnChosenCard(noun_filter(replace(c.what.noun, suffix=())),
                            counters=(("+1/+1", _die_result(c.to.removeprefix(_WITH_COUNTERS), ctx)),))


#: "with mana value less than or equal to [a die result]" (CR 202.3, 706.4).
_MV_AT_MOST = "with mana value less than or equal to "


def _cast_from_hand_free_up_to(c: A.ObjectAction, ctx: Ctx) -> m.Effect:
    """"[You may] cast an instant or sorcery spell with mana value less than or equal to the
    other result from your hand without paying its mana cost" (CR 608.2g, 118.9)."""
    from undercity.cards.language.cast_permissions import MayCastFromHandFree

    w = c.what
    if not (isinstance(w, A.DescRef) and w.det in ("a", "an") and w.noun.card == "spell"
            and len(w.noun.suffix) == 2 and w.noun.suffix[0].startswith(_MV_AT_MOST)
            and w.noun.suffix[1] == "from your hand"):
        raise Unsupported(c.render())
    flt = noun_filter(replace(w.noun, suffix=()))
    return MayCastFromHandFree(flt, _die_result(w.noun.suffix[0].removeprefix(_MV_AT_MOST), ctx))


def _roll(c: A.Roll, ctx: Ctx) -> RollDie:
    """"roll a d20", "roll two d8 and choose one result" (CR 706.4), "roll a d20 and add …"
    (CR 706.2): a roll whose result the words after it may name."""
    each = c.who == A.EachRef("each", A.Noun((), ("player",)))  # "each player rolls a d20" (CR 101.4)
    if c.who is not None and not (each and c.add is None and not c.then) or c.n.value is None \
            or c.then not in ("", "and choose one result", "and ignore the lower roll"):
        raise Unsupported(c.render())
    ctx.rolled = c
    if each:
        return RollDie(c.sides, c.n.value, who=m.EACH_PLAYER)
    # "and ignore the lower roll": the ignored roll never happened (CR 706.6; ruling 2021-07-23)
    return RollDie(c.sides, c.n.value, plus=_roll_plus(c, ctx), choose=c.then == "and choose one result",
                   ignore_lowest=int(c.then == "and ignore the lower roll"))


def _die_result(words: str, ctx: Ctx) -> m.Count:
    """"the result" of the ability's one die; "that result" and "the other result" of "roll two
    … and choose one result" (CR 706.2, 706.4) — only after such a roll in the same ability."""
    r = ctx.rolled
    chosen = r is not None and r.then == "and choose one result"
    if r is not None and (words == "the result" and r.n.value == 1 and not chosen
                          or words in ("that result", "the other result") and chosen):
        return OTHER_RESULT if words == "the other result" else DIE_RESULT
    raise Unsupported(words)


def _roll_table(t: A.RollTable, ctx: Ctx) -> list[m.Effect]:
    """"[…, then] roll a d20." and its results table (CR 706.3a): one RollDie whose rows happen
    for the result; the roll and the table are one ability (CR 706.3b)."""
    s = t.roll
    roll = s.clauses[-1]
    assert isinstance(roll, A.Roll)
    if s.may or s.prefix or s.where or roll.who is not None \
            or roll.n.value != (2 if roll.then == "and ignore the lower roll" else 1):
        raise Unsupported(s.render())  # the table reads one kept die (CR 706.3a)
    before = effects(A.Effects((replace(s, clauses=s.clauses[:-1], joins=s.joins[:-1]),)), ctx) \
        if len(s.clauses) > 1 else ()
    base = _roll(roll, ctx)
    rows = []
    for r in t.rows:
        n = len(ctx.targets)
        effs = effects(r.effects, ctx)
        if len(ctx.targets) != n:
            # A target named only in one row would be chosen before the roll (CR 601.2c), for a
            # row that may not happen; the engine's tables don't choose targets.
            raise Unsupported(f"a target in a results table: {r.render()}")
        try:
            rows.append(dice_row(r.range, *effs))
        except ValueError as err:
            raise Unsupported(r.range) from err
    return [*before, replace(base, table=tuple(rows))]


def _roll_plus(roll: A.Roll, ctx: Ctx) -> m.Amount:
    """What "Roll a d20 and add …" adds to the result (CR 706.2)."""
    if roll.add is None:
        return 0
    from undercity.cards.language.quantities import CardsInHand, TargetsManaValue

    if roll.add == A.Amount("the total mana value of those cards") and ctx.chosen is not None:
        return TargetsManaValue(first=ctx.chosen[0], n=ctx.chosen[1])
    if roll.add == A.Amount(noun=A.Noun((), (), card="cards", suffix=("in your hand",))):
        return CardsInHand()
    if roll.add in (A.Amount("the toughness of the creature you sacrificed this way"),
                    A.Amount("the power of the creature you sacrificed this way")) and ctx.each_sacrificed:
        from undercity.cards.language.quantities import SacrificedThisWayStat

        # the creature the roller sacrificed, as it last existed (CR 608.2h; 0 if none)
        return SacrificedThisWayStat(stat=roll.add.words.split()[1], yours=True)
    if roll.add is not None and roll.add.noun is not None and roll.add.noun.card == "cards" \
            and roll.add.noun.suffix[:1] == ("in your graveyard",):
        from undercity.cards.language.quantities import CardsInGraveyard

        # "add the number of creature cards in your graveyard that were put there from the
        # battlefield this turn": counted as the die is rolled (CR 706.2, 608.2h)
        ctx.those_cards = noun_filter(roll.add.noun)
        return CardsInGraveyard(filter=ctx.those_cards, whose=m.YOU)
    raise Unsupported(roll.render())


def _when_you_do(body: A.Effects) -> A.Effects:
    """"When you do, …" after an optional action (CR 603.12) lowers as "If you do, [create a
    reflexive triggered ability]": the sentence becomes one clause the "if you do" offers take."""
    if not any(isinstance(s, A.Sentence) and s.prefix == "when you do," for s in body.sentences):
        return body
    return A.Effects(tuple(
        A.Sentence((A.WhenYouDo(replace(s, prefix="")),), prefix="if you do,")
        if isinstance(s, A.Sentence) and s.prefix == "when you do," else s for s in body.sentences))


def _reflexive(c: A.WhenYouDo, ctx: Ctx) -> m.Effect:
    """The reflexive ability's effects, with targets of its own (CR 603.12, 603.3d) and "~"
    still this object."""
    from undercity.cards.language.delayed_triggers import CreateReflexiveTrigger

    sub = replace(ctx, targets=[], it_is_target=False)
    done = effects(A.Effects((c.sentence,)), sub)
    return CreateReflexiveTrigger(done, A.cap(c.sentence.render()), tuple(sub.targets))


#: The target's suffix comparing it with the creature "for each opponent, tap …" tapped.
_TAPPED_POWER = "with power less than or equal to the tapped creature's power"


def _tap_for_each_opponent(body: A.Effects, ctx: Ctx) -> m.Effect | None:
    """"For each opponent, tap up to one untapped creature you control. When you do, …" — the
    whole body: one choice per opponent, one reflexive ability per creature tapped (CR 603.12),
    whose "that player" is that opponent and "the tapped creature" that creature."""
    from undercity.cards.language.delayed_triggers import CreateReflexiveTrigger
    from undercity.cards.language.each_opponent import THE_OPPONENT, TapForEachOpponent

    if len(body.sentences) != 2 or not all(isinstance(x, A.Sentence) for x in body.sentences):
        return None
    first, then = body.sentences
    assert isinstance(first, A.Sentence) and isinstance(then, A.Sentence)
    if first.prefix != "for each opponent," or then.prefix != "when you do,":
        return None
    tap = first.clauses[0] if len(first.clauses) == 1 else None
    if first.may or first.where or first.at or not isinstance(tap, A.ObjectAction) or tap.verb != "tap" \
            or tap.who is not None or tap.to or not isinstance(tap.what, A.DescRef) or tap.what.det != "up to one":
        raise Unsupported(first.render())
    flt = noun_filter(tap.what.noun)
    if flt.controller != "you" or flt.tapped is not False or tap.what.noun.card:
        raise Unsupported(first.render())  # "untapped … you control" (CR 701.26a: only those can be tapped)
    sub = replace(ctx, targets=[], it_is_target=False, that_player=THE_OPPONENT)
    done = effects(A.Effects((replace(then, prefix=""),)), sub)
    return TapForEachOpponent(flt, CreateReflexiveTrigger(done, A.cap(replace(then, prefix="").render()),
                                                          tuple(sub.targets)))


def effects(body: A.Effects, ctx: Ctx) -> tuple[m.Effect, ...]:
    if any(isinstance(x, A.Sentence) and x.prefix == "for each opponent," for x in body.sentences):
        if (each := _tap_for_each_opponent(body, ctx)) is None:
            raise Unsupported("for each opponent,")
        return (each,)
    body = _when_you_do(body)
    out: list[m.Effect] = []
    skip = 0  # sentences already lowered with an earlier one
    last: tuple[m.Effect, ...] | None = None  # the sentence before, if lowered on its own
    for k, s in enumerate(body.sentences):
        prev, last = last, None
        if skip:
            skip -= 1
            continue
        if isinstance(s, A.Sentence) and len(s.clauses) == 1 and isinstance(s.clauses[0], A.DoesTheSame):
            out += does_the_same(s, prev, ctx)
            continue
        if isinstance(s, A.Sentence) and len(s.clauses) == 1 and isinstance(s.clauses[0], A.SameWay):
            out += _same_way(s, prev)
            continue
        if isinstance(s, A.RollTable):
            out += _roll_table(s, ctx)
            continue
        if isinstance(s, A.Sentence) and len(s.clauses) == 1 and isinstance(s.clauses[0], A.IsAlso):
            out[-1:] = [_put_is_also(out[-1] if out else None, s)]
            continue
        after = body.sentences[k + 1] if k + 1 < len(body.sentences) else None
        nxt = after if isinstance(after, A.Sentence) else None
        if s.at is not None:
            delayed, skip = _delayed(s, body.sentences[k + 1:], ctx, out)
            out.append(delayed)
            continue
        if (put := _exile_top_put_any(s, nxt, ctx)) is not None:
            out.append(put)
            skip = 1
            continue
        if (gains := _gain_abilities_of(s, nxt, ctx)) is not None:
            out.append(gains[0])  # "… gains all activated abilities of …. You may spend blue mana …"
            skip = gains[1]
            continue
        if (piles := _piles(body.sentences[k:])) is not None:
            out.append(piles)  # "Reveal the top five cards …. An opponent separates those cards …"
            skip = 2
            continue
        if (free := _cast_any_number(body.sentences[k:], ctx)) is not None:
            out += free[0]  # "… you may cast any number of spells from among those cards …" (CR 608.2g)
            skip = free[1]
            continue
        if (shown := _choose_from_hand_cast(body.sentences[k:], ctx)) is not None:
            out.append(shown)  # "Target opponent chooses X cards from their hand. Look at those cards. …"
            skip = 2
            continue
        if (equal := _exile_top_equal(body.sentences[k:], ctx)) is not None:
            out.append(equal)  # "exile cards equal to its power from the top of its owner's library. You may …"
            skip = 1
            continue
        if (one := _exile_top_choose_one(body.sentences[k:], ctx)) is not None:
            out.append(one)  # "Exile the top three cards of …. Choose one of them. … you may play that card …"
            skip = 2
            continue
        if (others := _exile_top_of_others(body.sentences[k:], ctx)) is not None:
            out.append(others[0])  # "exile the top card of each opponent's library. You may …"
            skip = others[1]
            continue
        if (exiled := _cast_while_exiled(s, ctx, out)) is not None:
            out.append(exiled)
            continue
        if (limited := _may_once_each_turn(s, nxt, ctx) or _may_copy_that_ability(s, nxt, ctx)) is not None:
            out.append(limited)  # "you may …. Do this only once each turn.", "you may copy that ability. …"
            skip = 1
            continue
        if (card_copy := _copy_card_cast(body.sentences[k:], ctx)) is not None:
            out.append(card_copy[0])  # "exile target … card … and copy it. You may cast the copy …"
            skip = card_copy[1]
            continue
        if (copied := _copy_cast_spell(body.sentences[k:], ctx)) is not None:
            out.append(copied[0])  # "copy it. You may choose new targets for the copy. …"
            skip = copied[1]
            continue
        if isinstance(s, A.Sentence) and len(s.clauses) == 1 and isinstance(s.clauses[0], A.PlayExiledFree):
            out.append(_play_exiled_free(s))  # "You may play the exiled card without paying …"
            continue
        if (this_turn := _exile_may_cast_this_turn(body.sentences[k:], ctx)) is not None:
            out.append(this_turn[0])  # "… You may cast it this turn, …"
            skip = this_turn[1]
            continue
        if (exiled := _exile_may_cast(s, nxt, ctx) or _exile_from_hand_may_play(s, nxt, ctx)) is not None:
            out.append(exiled)
            skip = 1
            continue
        if (played := _exile_top_play(s, nxt, ctx)) is not None:
            skip = 1
            third = body.sentences[k + 2] if k + 2 < len(body.sentences) else None
            if isinstance(third, A.Sentence) and third.prefix == "if this spell was cast from a graveyard," \
                    and len(played) == 1 and isinstance(played[0], ExileTopPlay):
                # "If this spell was cast from a graveyard, you may play cards this way without paying
                # their mana costs." (Ignite the Future; CR 601.2a, 118.9)
                if not (third.may == "you may" and third.clauses == (
                        A.Phrase(None, "play cards this way without paying their mana costs"),)):
                    raise Unsupported(third.render())
                played = [replace(played[0], free_if_cast_from_graveyard=True)]
                skip = 2
            out += played
            continue
        # Two sentences that are one effect together (CR 101.4, 611.2a).
        if (pair := _each_may_choose_destroy(s, nxt) or _token_gaining(s, nxt, ctx)
                or _sacrifice_or_discard(s, nxt, ctx)) is not None:
            out.append(pair)
            skip = 1
            continue
        if (offer := _may_pay(s, nxt, ctx) or _may_draw(s, nxt, ctx) or _impulse(s, nxt)
                or _may_cast_target(s, ctx)) is not None:
            out.append(offer)
            skip = 1
            continue
        if _choose_targets(s, ctx):
            continue
        if (random_opponent := _attacks_opponent_at_random(body.sentences[k:k + 3])) is not None:
            out.append(random_opponent)
            skip = 2
            continue
        if (sac := _sacrifice_then(s, nxt, ctx) or _exile_then(s, nxt, ctx)
                or _counter_then_destroy_source(s, nxt, ctx)) is not None:
            out.append(sac)
            skip = 1
            continue
        if (goaded := _counters_then_goad(s, ctx)) is not None:
            out.append(goaded)
            continue
        if (shuffled := _shuffle_in_reveal_top(s, nxt, ctx)) is not None:
            out.append(shuffled)
            skip = 1
            continue
        if s.prefix == "if this spell was cast from your hand,":
            out.append(_mana_if_cast_from_hand(s))
            continue
        if ctx.dice_trigger and (high := re.fullmatch(r"if any of those results was (\d+) or higher,", s.prefix)):
            from undercity.cards.language.dice import IfTriggerRollAtLeast

            # CR 706.4: the text says how the results of the roll that triggered it are used
            then = effects(A.Effects((dataclasses.replace(s, prefix=""),)), ctx)
            out.append(IfTriggerRollAtLeast(then, int(high.group(1))))
            continue
        only = s.clauses[0] if len(s.clauses) == 1 else None
        if s.prefix == "if one or more opponents had the highest result," and not s.may \
                and ctx.rolled is not None and ctx.rolled.who is not None and isinstance(only, A.Phrase) \
                and isinstance(only.who, A.SelfRef) \
                and only.words == "can't attack those players or planeswalkers they control this combat":
            from undercity.cards.language.attack_restrictions import CantAttackHighestRollers

            out.append(CantAttackHighestRollers())  # CR 706.4, 508.1c: the roll of each player before it
            continue
        if s.prefix == "if this spell was cast from a graveyard," and ctx.spell and s.may == "you may" and (
                s.clauses == (A.Phrase(None, "copy this spell and may choose a new target for the copy"),)):
            from undercity.cards.language.spell_copies import CopyThisSpell

            out.append(CopyThisSpell(cast_from="graveyard"))  # CR 707.10, 707.10c; asked as it resolves
            continue
        if (cast_from := _if_cast_from_instead(s, nxt, ctx)) is not None:
            out.append(cast_from)
            skip = 1
            continue
        if (nth := _nth_resolution(s, nxt, ctx) or _if_instead(s, nxt, ctx)) is not None:
            out.append(nth)
            skip = 1
            continue
        if (comb := _mana_in_any_colors(s, body.sentences[k + 1:k + 3], ctx)) is not None:
            out.append(comb[0])
            skip = comb[1]
            continue
        if (kept := _kept_mana(s, nxt)) is not None:
            out.append(kept)
            skip = 1
            continue
        if s.prefix == "for each creature exiled this way,":
            out[-1] = _each_exiled(s, out[-1] if out else None, ctx)
            continue
        if s.prefix == _WHILE_ON_BATTLEFIELD:
            out += _while_on_battlefield(s, ctx)
            continue
        if s.prefix not in ("", "then"):
            raise Unsupported(s.prefix)
        if isinstance(s.clauses[0], A.SearchLibrary):
            if (both := _search_then_put(s, nxt)) is not None:
                s, skip = both, 1
            out.append(_search(s, ctx))
            continue
        if isinstance(s.clauses[0], A.LookTop):
            look, skip = _look_at_top(body.sentences[k:], ctx)
            out.append(look)
            continue
        if isinstance(s.clauses[0], A.ExileUntil):
            until, skip = _exile_until(body.sentences[k:], ctx)
            out.append(until)
            continue
        if s.may == "you may" and len(s.clauses) == 1 and isinstance(c0 := s.clauses[0], A.ObjectAction) \
                and c0.verb == "cast" and c0.who is None and c0.to == "without paying its mana cost" \
                and isinstance(c0.what, A.DescRef) and c0.what.noun.suffix[:1] \
                and c0.what.noun.suffix[0].startswith(_MV_AT_MOST):
            out.append(_cast_from_hand_free_up_to(c0, ctx))  # the choice of the card is the choice to cast
            continue
        if (free := _cast_from_hand_free(s)) is not None:
            out.append(free)
            continue
        if (put := _put_from_hand(s, ctx)) is not None:
            out.append(put)
            continue
        if s.may and s.clauses == (A.Phrase(None, "play an additional land this turn"),):
            out.append(AdditionalLandPlay())  # a permission, not an action to choose (CR 305.2a)
            continue
        part: list[m.Effect] = []
        subject: A.Node | None = None
        ctx.x = (_that_spells_mana_value(ctx) if s.where == A.WhereOf("that spell's", "mana value")
                 else _where_of(s.where, ctx) if isinstance(s.where, A.WhereOf)
                 else _die_result(s.where.words, ctx) if isinstance(s.where, A.WhereResult)
                 else _counters_removed(ctx) if isinstance(s.where, A.WhereRemoved)
                 else _that_spells_mana_value(ctx) if s.where == A.WherePower("the mana value of that spell")
                 else _greatest_power(s.where, s) if isinstance(s.where, A.WhereGreatestPower)
                 else (_graveyard_count(s, ctx) or _where(s, ctx)) if s.where is not None else None)
        for c in s.clauses:
            has_who = "who" in getattr(c, "__dataclass_fields__", {})
            who = getattr(c, "who", None)
            verb = getattr(c, "verb", "")
            if has_who and who is None and (verb.endswith("s") or isinstance(subject, A.BothEach)):
                # "Each player draws a card, then discards a card": a clause without a
                # subject whose verb agrees with one shares the previous clause's subject
                # ("you and the attacking player each draw a card and lose 1 life").
                if subject is None:
                    raise Unsupported(c.render())
                c = replace(c, who=subject)
            subject = getattr(c, "who", None)
            part += effect(c, ctx)
            if isinstance(c, A.Counters) and isinstance(part[-1], m.PutCounters) and part[-1].what.kind == "all" \
                    and part[-1].what.filter is not None and part[-1].what.filter.types == frozenset({"Creature"}):
                ctx.those = part[-1].what  # "… and those creatures gain deathtouch" (CR 608.2c)
        if (unregenerable := _cant_be_regenerated(part, nxt)) is not None:
            part, skip = unregenerable, 1
        if s.may:
            # "You may [do it]" (CR 608.2d): the choice is made as this part resolves.
            out.append(May(tuple(part), text=_sentence_text(s)))
        else:
            out += part
            last = tuple(part)
    ctx.x = None
    return tuple(out)


#: "For as long as ~ remains on the battlefield," before the effects it lasts for (CR 611.2b).
_WHILE_ON_BATTLEFIELD = "for as long as ~ remains on the battlefield,"


def _while_on_battlefield(s: A.Sentence, ctx: Ctx) -> list[m.Effect]:
    """"For as long as ~ remains on the battlefield, gain control of that permanent, it loses all
    abilities, and it can't attack or block." (Opportunistic Dragon; CR 611.2b): each effect lasts
    until this permanent leaves the battlefield — control (layer 2, CR 613.1b), the loss of its
    abilities (layer 6, 613.1f) and the restriction (CR 508.1c, 509.1b), on the same object."""
    from undercity.cards.language.continuous import LoseAllAbilitiesWhileOnBattlefield

    if s.may or s.where or not s.clauses:
        raise Unsupported(s.render())
    out: list[m.Effect] = []
    what: m.Ref | None = None
    rest = [c.words if isinstance(c, A.Phrase) and c.who == A.WordRef("it") else None for c in s.clauses[1:]]
    first = s.clauses[0]
    if isinstance(first, A.GainControl) and not first.duration:
        out += effect(replace(first, duration="for as long as ~ remains on the battlefield"), ctx)
        what = out[0].what  # type: ignore[attr-defined]
    if what is None or rest not in (["loses all abilities"], ["loses all abilities", "can't attack or block"]):
        raise Unsupported(s.render())
    out.append(LoseAllAbilitiesWhileOnBattlefield(what, cant_attack_or_block=len(rest) == 2))
    return out


def _that_creatures_stat(c: A.DrawEqual, ctx: Ctx) -> m.Effect:
    """"You draw cards equal to that creature's power" after "Exile target creature" (the target
    as it last existed, CR 608.2h); "discard cards equal to that creature's toughness" after "return
    that card to the battlefield …. If you do," (the permanent returned, ``ctx.returned``)."""
    from undercity.cards.language.quantities import TargetStat
    from undercity.cards.language.zone_moves import ReturnedStat

    stat = c.tail.rsplit("'s ", 1)[1]
    n: m.Count
    if ctx.returned:
        n = ReturnedStat(stat=stat)
    elif ctx.it == m.T(0) and ctx.it_is_target and not ctx.delayed:
        n = TargetStat(stat=stat)
    else:
        raise Unsupported(c.render())
    return m.Draw(n) if c.verb.startswith("draw") else m.Discard(n)


#: What "it" and "that card" of a delayed triggered ability name: the object it refers to.
_DELAYED_REFS = ("it", "that card", "that creature", "that permanent", "that token")


def _delayed_cast(s: A.Sentence, ctx: Ctx) -> m.Effect:
    """"When you cast your next spell this turn, put X +1/+1 counters on up to one target creature,
    where X is the mana value of that spell." (CR 603.7): a delayed ability triggering on the
    next spell its controller casts this turn, its targets chosen as it is put on the stack
    (ruling 2021-07-23, Ride the Avalanche); "that spell" is that spell."""
    from undercity.cards.language.delayed_triggers import NEXT_SPELL_CAST

    if s.prefix or not ctx.spell:
        raise Unsupported(s.render())
    sub = Ctx(cast_trigger=True)
    done = effects(A.Effects((replace(s, at=None),)), sub)
    return CreateDelayedTrigger(NEXT_SPELL_CAST, done, A.cap(s.render()), targets=tuple(sub.targets))


def _delayed_when(at: A.NextStep) -> NextStep | None:
    """The engine's step for "at the beginning of the next end step" and the like (CR 603.7)."""
    return {("the", "end step"): NextStep("end"), ("your", "end step"): NextStep("end", yours=True),
            ("your", "upkeep"): NextStep("upkeep", yours=True),
            ("the next turn's", "upkeep"): NextStep("upkeep", next_turn=True),
            ("", ""): NextStep("end-of-combat")}.get((at.whose, at.step))


#: The effects that move an object, and the zone they move it to: what "that card" of a delayed
#: ability names afterwards (CR 400.7).
_MOVED_TO = {m.ExileIt: "exile", m.ReturnToBattlefield: "battlefield", m.ReturnToHand: "hand"}


def _delayed(s: A.Sentence, rest: tuple[A.Sentence | A.RollTable, ...], ctx: Ctx,
             before: list[m.Effect]) -> tuple[m.Effect, int]:
    """A sentence with a delayed trigger, "Return that card to the battlefield under its owner's
    control at the beginning of the next end step." (CR 603.7a): one effect creating that
    ability, whose "it" / "that card" is the object the ability's "it" was as this sentence
    began — where an earlier effect of the ability moved it (``before``); the number of following
    sentences it took ("If you do, …" after "At the beginning of your next upkeep, …")."""
    assert s.at is not None
    if isinstance(s.at, A.NextCast):
        return _delayed_cast(s, ctx), 0
    when = _delayed_when(s.at)
    if when is None or s.where is not None or s.prefix:
        raise Unsupported(s.at.render())
    taken = 0
    if s.at.first:
        while taken < len(rest) and isinstance(rest[taken], A.Sentence) and rest[taken].prefix == "if you do,":
            taken += 1
    about, zone = ctx.it, None
    for e in reversed(before):
        if type(e) in _MOVED_TO and getattr(e, "what", None) == about:
            zone = _MOVED_TO[type(e)]
            break
    sub = replace(ctx, it=m.TRIGGER_OBJECT, it_is_target=False, delayed=True)
    n = len(ctx.targets)
    done = effects(A.Effects((replace(s, at=None),)), sub)
    if taken:
        # "At the beginning of your next upkeep, return that card …. If you do, …" (CR 608.2c)
        from undercity.cards.language.zone_moves import ReturnUnderOwner

        if len(done) != 1 or not isinstance(done[0], ReturnUnderOwner):
            raise Unsupported(rest[0].render())
        then = effects(A.Effects(tuple(replace(t, prefix="") for t in rest[:taken] if isinstance(t, A.Sentence))),
                       replace(sub, returned=True))
        done = (replace(done[0], then=then),)
    if len(ctx.targets) != n:
        raise Unsupported(s.render())  # a delayed ability's targets are chosen as it triggers (603.7)
    text = " ".join(A.cap(x.render()) for x in (replace(s, at=replace(s.at, first=True)), *rest[:taken]))
    return CreateDelayedTrigger(when, done, text, about, zone), taken


def does_the_same(s: A.Sentence, prev: tuple[m.Effect, ...] | None, ctx: Ctx) -> list[m.Effect]:
    """"Each opponent attacking that player does the same." (the Curses): the sentence before,
    whose effects "you" did, done by the players named (CR 608.2c: in the order written)."""
    c = s.clauses[0]
    assert isinstance(c, A.DoesTheSame)
    if not prev or s.may or s.prefix or s.where is not None:
        raise Unsupported(s.render())
    who = player_ref(c.who, ctx)
    out: list[m.Effect] = []
    for e in prev:
        if not (isinstance(e, m.Draw | m.CreateToken) and e.who == m.YOU):
            raise Unsupported(s.render())  # only what a player does of their own
        out.append(replace(e, who=who))
    return out


def _mana_if_cast_from_hand(s: A.Sentence) -> m.Effect:
    """"If this spell was cast from your hand, add ten mana of any one color." (Apex of Power): mana
    a spell adds as it resolves (CR 106.3), if it was cast from its owner's hand (CR 601.2a; a
    copy wasn't cast, 707.10)."""
    from undercity.cards.language.mana_abilities import AddManaOfOneColor
    from undercity.cards.text.parser import NUMBERS

    c = s.clauses[0] if len(s.clauses) == 1 else None
    if s.may or not isinstance(c, A.AddMana) or len(c.options) != 1 or not c.options[0].endswith(
            " mana of any one color"):
        raise Unsupported(s.render())
    return AddManaOfOneColor(n=NUMBERS[c.options[0].split()[0].lower()], if_cast_from="hand")


def _cast_from_hand_free(s: A.Sentence) -> m.Effect | None:
    """"You may cast a spell with mana value 5 or less from your hand without paying its mana
    cost." (CR 118.9, 608.2g: cast while this resolves, timing ignored): a card of your hand that
    would be such a spell — never a land (CR 305.9)."""
    c = s.clauses[0] if len(s.clauses) == 1 else None
    if not (isinstance(c, A.ObjectAction) and c.verb == "cast" and c.to == "without paying its mana cost"):
        return None
    w = c.what
    if not isinstance(w, A.DescRef):
        return None  # "cast target … without paying its mana cost": lowered with the other clauses
    if not (s.may == "you may" and not s.prefix and c.who is None and w.det == "a"
            and w.noun.card == "spell" and w.noun.suffix[-1:] == ("from your hand",)):
        raise Unsupported(s.render())
    flt = noun_filter(replace(w.noun, suffix=w.noun.suffix[:-1]))
    if flt != m.Filter(types=flt.types, max_mv=flt.max_mv):
        raise Unsupported(w.render())
    from undercity.cards.language.cast_permissions import MayCastFromHandFree

    return MayCastFromHandFree(filter=flt)


#: "with mana value less than or equal to that creature's power" after "Whenever a creature … dies".
_MV_AT_MOST_DIED = "with mana value less than or equal to that creature's power"


def _put_from_hand(s: A.Sentence, ctx: Ctx) -> m.Effect | None:
    """"You may put a land card from your hand onto the battlefield [tapped]" (CR 608.2c: chosen
    as it resolves; putting a land there is not playing it, CR 305.4), the bound "with mana value
    less than or equal to that creature's power" of a dies trigger's creature (CR 608.2h); None if
    ``s`` isn't such a put."""
    from undercity.cards.language.dies import DiedPower
    from undercity.cards.language.zone_moves import PutFromHand

    c = s.clauses[0] if len(s.clauses) == 1 else None
    if not (isinstance(c, A.ObjectAction) and c.verb == "put" and c.who is None and isinstance(c.what, A.DescRef)
            and c.what.noun.card == "card" and c.what.noun.suffix[-1:] == ("from your hand",)
            and c.to in ("onto the battlefield", "onto the battlefield tapped")):
        return None
    if s.may not in ("", "you may") or s.prefix or s.where or c.what.det not in ("a", "an"):
        raise Unsupported(s.render())
    rest = c.what.noun.suffix[:-1]
    bound = None
    if rest == (_MV_AT_MOST_DIED,) and ctx.died:
        bound, rest = DiedPower(), ()
    flt = noun_filter(replace(c.what.noun, suffix=rest))
    return PutFromHand(flt, tapped=c.to.endswith("tapped"), max_mv=bound, optional=bool(s.may))


def _if_cast_from_instead(s: A.Sentence, nxt: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"~ deals 2 damage to each opponent … If this spell was cast from exile, it deals 5 damage
    to each opponent … instead." (Delayed Blast Fireball; CR 608.2c): the sentence's effect, or the
    other one if the resolving spell was cast from that zone; None if ``nxt`` isn't such an
    "instead"."""
    from undercity.cards.language.conditions import IfCastFrom

    alt = nxt.clauses[0] if nxt is not None and len(nxt.clauses) == 1 else None
    if not (isinstance(alt, A.IfInstead) and isinstance(alt.condition, A.Condition)
            and alt.condition.words.startswith("this spell was cast from ")):
        return None
    assert nxt is not None
    if s.may or s.prefix or s.where or s.at is not None or len(s.clauses) != 1 or nxt.may or nxt.prefix \
            or nxt.where or nxt.at is not None or not ctx.spell:
        raise Unsupported(nxt.render())
    zone = alt.condition.words.removeprefix("this spell was cast from ")
    first, instead = s.clauses[0], alt.clause
    if isinstance(first, A.Damage) and isinstance(instead, A.Damage) and instead.source == A.WordRef("it"):
        instead = replace(instead, source=first.source)  # "it": the spell that deals the damage first
    return IfCastFrom(zone, tuple(effect(instead, ctx)), tuple(effect(first, ctx)))


def _nth_resolution(s: A.Sentence, nxt: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Scry 1. If this is the second time this ability has resolved this turn, draw a card
    instead." (Rumor Gatherer; CR 608.2c): the sentence's effect, or the other one instead on that
    resolution; None if ``nxt`` isn't such an "instead"."""
    from undercity.cards.language.resolution_count import IfNthResolution
    from undercity.cards.text.parser import ORDINALS

    alt = nxt.clauses[0] if nxt is not None and len(nxt.clauses) == 1 else None
    if not (isinstance(alt, A.IfInstead) and isinstance(alt.condition, A.Condition)
            and alt.condition.words.endswith(" time this ability has resolved this turn")):
        return None
    assert nxt is not None
    if s.may or s.prefix or s.where or s.at is not None or len(s.clauses) != 1 or nxt.may or nxt.prefix \
            or nxt.where or nxt.at is not None or ctx.spell:
        raise Unsupported(nxt.render())
    n = ORDINALS[alt.condition.words.split()[3].lower()]
    return IfNthResolution(n, tuple(effect(alt.clause, ctx)), tuple(effect(s.clauses[0], ctx)))


def _if_instead(s: A.Sentence, nxt: A.Sentence | None, ctx: Ctx) -> m.Effect | None:
    """"Untap a creature you control. If you've completed a dungeon, untap all creatures you
    control instead." (White Plume Adventurer; CR 608.2c): the sentence's effect, or the other one
    instead if a named condition holds as it resolves; None if ``nxt`` isn't such an "instead"."""
    from undercity.cards.language.conditions import IfElse

    alt = nxt.clauses[0] if nxt is not None and len(nxt.clauses) == 1 else None
    if not (isinstance(alt, A.IfInstead) and isinstance(alt.condition, A.Condition)
            and alt.condition.words in _CONDITIONS):
        return None
    assert nxt is not None
    if s.may or s.prefix or s.where or s.at is not None or len(s.clauses) != 1 or nxt.may or nxt.prefix \
            or nxt.where or nxt.at is not None:
        raise Unsupported(nxt.render())
    cond = _named_condition(alt.condition, "if")
    assert cond is not None
    first = tuple(effect(s.clauses[0], ctx))
    return IfElse(cond, tuple(effect(alt.clause, ctx)), first)


def _kept_mana(s: A.Sentence, nxt: A.Sentence | None) -> m.Effect | None:
    """"Add {R}{R}{R}{G}{G}{G}. Until end of turn, you don't lose this mana as steps and phases
    end." (CR 106.4): mana added by a triggered ability, kept in the pool for the turn."""
    from undercity.cards.language.mana_pool import KEEP_THIS_MANA, AddKeptMana

    if not (nxt is not None and not nxt.may and not nxt.prefix and not nxt.where
            and nxt.clauses == (A.Phrase(None, KEEP_THIS_MANA),)):
        return None
    add = s.clauses[0] if len(s.clauses) == 1 else None
    if s.may or s.prefix or s.where or not isinstance(add, A.AddMana) or len(add.options) != 1:
        raise Unsupported(s.render())
    mana = _mana(add.options[0])
    if not mana.isalpha() or not set(mana) <= set("WUBRGC"):
        raise Unsupported(s.render())
    return AddKeptMana(mana)


def _mana_in_any_colors(s: A.Sentence, rest: tuple[A.Node, ...], ctx: Ctx) -> tuple[m.Effect, int] | None:
    """"Add X mana in any combination of colors, where X is the total power of attacking creatures.
    Spend this mana only to cast spells. Until end of turn, you don't lose this mana as steps and
    phases end." (CR 106.1b, 106.6, 106.4): one effect — the mana, what it may be spent on and
    that it stays; and how many of the sentences after ``s`` it took. None for another sentence."""
    from undercity.cards.language.mana_abilities import AddManaCombination
    from undercity.cards.language.mana_pool import KEEP_THIS_MANA
    from undercity.cards.language.mana_spending import SpendOnly
    from undercity.cards.language.quantities import ATTACKING_POWER

    add = s.clauses[0] if len(s.clauses) == 1 else None
    if not isinstance(add, A.AddManaCombination) or add.options != ("colors",):
        return None
    if s.may or s.prefix or ctx.activated and not ctx.loyalty:
        raise Unsupported(s.render())  # a mana ability's: the payment planner doesn't plan it
    if s.where == A.WherePower("the total power of attacking creatures") and add.n.value is None:
        n: m.Amount = ATTACKING_POWER  # counted as it resolves (CR 608.2h; ruling: not a mana ability)
    elif s.where is None and add.n.value is not None:
        n = add.n.value
    else:
        raise Unsupported(s.render())
    only: m.Effect | None = None
    kept, took = False, 0
    for sent in rest:
        c = sent.clauses[0] if isinstance(sent, A.Sentence) and len(sent.clauses) == 1 and not (
            sent.may or sent.prefix or sent.where) else None
        if isinstance(c, A.SpendOnly) and only is None and not kept:
            only = SpendOnly(noun_filter(c.spells), noun_filter(c.abilities_of) if c.abilities_of is not None else None)
        elif c == A.Phrase(None, KEEP_THIS_MANA) and not kept:
            kept = True
        else:
            break
        took += 1
    return AddManaCombination("WUBRG", n, only=only, kept=kept), took


def _cant_be_regenerated(part: list[m.Effect], nxt: A.Sentence | None) -> list[m.Effect] | None:
    """"Destroy target creature. It can't be regenerated." / "Destroy all creatures. They can't
    be regenerated.": one destruction to which regeneration shields don't apply (CR 701.19c)."""
    if nxt is None or nxt.prefix or nxt.may or len(nxt.clauses) != 1 or not part:
        return None
    c = nxt.clauses[0]
    if not (isinstance(c, A.Phrase) and c.words == "can't be regenerated" and isinstance(c.who, A.WordRef)):
        return None
    last = part[-1]
    if c.who.words == "it" and isinstance(last, m.Destroy) or c.who.words == "they" and isinstance(last, m.DestroyAll):
        return [*part[:-1], replace(last, regenerate=False)]
    return None


#: Clauses after which a count of permanents is what it was when the sentence began: they
#: move no permanent and change no characteristic (damage destroys nothing before state-based
#: actions, CR 704.3), so X is the same for each of them (CR 608.2h).
_KEEPS_PERMANENTS = (A.Draw, A.LifeChange, A.Damage, A.AddManaCombination)


def _nth_counter_put(w: str, word: str) -> m.Trigger | None:
    """"When the twelfth hour counter is put on ~" (CR 603.2, 122.6), or None."""
    from undercity.cards.language.counters import NthCounterPut
    from undercity.cards.text.parser import ORDINALS

    words = w.split()
    if word != "when" or len(words) != 8 or words[0] != "the" or words[1] not in ORDINALS \
            or words[3:] != ["counter", "is", "put", "on", "~"]:
        return None
    if words[2] in _RULES_COUNTERS or words[2] in ("lore", "time", "defense"):
        raise Unsupported(f"{word} {w}")  # counters with rules of their own (CR 122.1b-h, 714, 702.62)
    return NthCounterPut(counter=words[2], n=ORDINALS[words[1]])


def _nth_draw(w: str, word: str) -> int | None:
    """"Whenever you draw your second card each turn" (CR 121.2, 603.2): N, or None."""
    from undercity.cards.text.parser import ORDINALS

    words = w.split()
    if word != "whenever" or len(words) != 7 or words[:3] != ["you", "draw", "your"] \
            or words[3] not in ORDINALS or words[4:] != ["card", "each", "turn"]:
        return None
    return ORDINALS[words[3]]


def had_counters(when: m.Trigger, words: str) -> CreatureDies | None:
    """"Whenever a creature … dies, if it had counters on it," (CR 603.4): the trigger's."""
    if words != "it had counters on it" or not isinstance(when, CreatureDies):
        return None
    return replace(when, had_counters=True)


def counters_on(c: A.CountersOn, ctx: Ctx) -> m.Count:
    """"charge counters on ~", "counters it had on it" (the object a trigger names, CR 122.1)."""
    from undercity.cards.language.counters import CountersOn

    if c.on == "on ~":
        of = m.SELF
    elif c.on == "it had on it" and ctx.it == m.TRIGGER_OBJECT:
        of = m.TRIGGER_OBJECT
    else:
        raise Unsupported(c.render())
    return CountersOn(counter=c.kind or None, of=of)


def _cards_in_hand(n: A.Noun, ctx: Ctx) -> m.Count:
    """"card in target opponent's hand": the cards in that player's hand as the effect happens
    (CR 608.2h); the opponent is a target chosen as the spell is cast (CR 601.2c)."""
    from undercity.cards.language.quantities import CardsInHand

    if n.render() != "card in target opponent's hand":
        raise Unsupported(n.render())
    return CardsInHand(whose=ctx.target(A.TargetRef(A.Noun((), ("opponent",)))))


def _where_of(w: A.WhereOf, ctx: Ctx) -> m.Count:
    """"where X is that artifact's mana value": the mana value of the ability's one target, named
    by an earlier sentence ("Destroy target artifact."), as it resolves or as it last existed on
    the battlefield (CR 202.3, 608.2h)."""
    noun = w.whose.removeprefix("that ").removesuffix("'s")
    t = _type(noun)
    if not (w.stat == "mana value" and t is not None and len(ctx.targets) == 1 and ctx.it == m.T(0)
            and ctx.it_is_target and ctx.targets[0].filter is not None and t in ctx.targets[0].filter.types):
        raise Unsupported(w.render())
    return TARGET_MANA_VALUE


def _that_spells_mana_value(ctx: Ctx) -> m.Count:
    """"where X is the mana value of that spell" ("… that spell's mana value"): of the spell a cast
    trigger names (CR 202.3)."""
    from undercity.cards.language.quantities import SPELL_MANA_VALUE

    if not ctx.cast_trigger:
        raise Unsupported("where X is the mana value of that spell")
    return SPELL_MANA_VALUE


def _counters_removed(ctx: Ctx) -> m.Count:
    """"where X is the number of counters removed this way": of the ability's own "Remove all …
    counters" cost (CR 602.2b), nothing else."""
    from undercity.cards.language.counters import CountersRemoved

    if not ctx.removed_counters:
        raise Unsupported("where X is the number of counters removed this way")
    return CountersRemoved()


def _greatest_power(w: A.WhereGreatestPower, s: A.Sentence | None = None) -> m.Count:
    """"where X is the greatest power among creatures you control" (CR 608.2h): 0 with none;
    in a sentence of effects that change no power before the last (a token made last changes
    nothing counted before it)."""
    from undercity.cards.language.quantities import GreatestPower

    flt = noun_filter(w.noun)
    if w.noun.card or flt.controller != "you" or flt.types != {"Creature"} or w.noun.quals \
            or w.noun.suffix != ("you control",):
        raise Unsupported(w.render())
    if s is not None and not (all(isinstance(c, _KEEPS_PERMANENTS) for c in s.clauses[:-1]) and isinstance(
            s.clauses[-1], (*_KEEPS_PERMANENTS, A.Create))):
        raise Unsupported(w.render())
    return GreatestPower(filter=flt)


def _where(s: A.Sentence, ctx: Ctx | None = None) -> m.Count:
    """"where X is the number of [permanents]" (CR 107.3a), counted on resolution."""
    assert s.where is not None
    if isinstance(s.where, A.WhereCounters) and ctx is not None:
        return counters_on(s.where.counters, ctx)
    if isinstance(s.where, A.WhereCounters):
        raise Unsupported(s.where.render())
    if isinstance(s.where, A.WherePower):
        # "~ gets +X/+X until end of turn, where X is its power": its power as the effect
        # resolves (CR 608.2h), once for the whole sentence.
        first = s.clauses[0]
        if len(s.clauses) == 1 and isinstance(first, A.Modify) and isinstance(first.what, A.SelfRef):
            return m.Count("power")
        raise Unsupported(s.where.render())
    n = s.where.noun
    if n.render() == "creatures in your party" and all(isinstance(c, A.LifeChange | A.Draw) for c in s.clauses[:-1]) \
            and isinstance(s.clauses[-1], A.LifeChange | A.Draw | A.Create):
        # CR 700.8: counted as the effect happens, unchanged by life or draws; tokens made last
        # change nothing counted before them
        return PARTY_SIZE
    attacking = [q.lower() for q in n.quals] == ["attacking"] and not n.suffix
    if n.card or any(q.lower() in ("tapped", "untapped", "attacking or blocking") for q in n.quals) \
            or "attacking" in (q.lower() for q in n.quals) and not attacking:
        raise Unsupported(s.where.render())
    # The effects whose amounts the engine counts on resolution; a token made last changes
    # nothing counted before it; "gets +X/+X" changes no type or controller a count reads, X
    # counted once as it resolves (CR 608.2h).
    keeps = (*_KEEPS_PERMANENTS, A.Modify)
    if not all(isinstance(c, keeps) for c in s.clauses[:-1]) or not isinstance(s.clauses[-1], (*keeps, A.Create)):
        raise Unsupported(s.where.render())
    flt = noun_filter(n)
    if flt.min_power is not None or flt.min_toughness is not None or not (flt.types or flt.subtypes) or (
            flt.keywords or flt.not_keywords) and any(isinstance(c, A.Modify) for c in s.clauses):
        raise Unsupported(s.where.render())
    if flt.controller == "you":
        whose = m.YOU
    elif ("on the battlefield" in n.suffix or attacking) and flt.controller is None:
        whose = m.EACH_PLAYER  # "the number of attacking creatures": anyone's (CR 506.4)
    else:
        raise Unsupported(s.where.render())
    return m.Count("permanents", flt, whose)


def _graveyard_count(s: A.Sentence, ctx: Ctx) -> m.Count | None:
    """"where X is the number of creature cards in target player's graveyard" (CR 107.3a,
    608.2h): the target is chosen as the ability is put on the stack, X counted as it
    resolves; None for another "where X is"."""
    from undercity.cards.language.quantities import CardsInGraveyard

    n = s.where.noun if isinstance(s.where, A.Where) else None
    if n is None or n.card != "cards" or n.suffix != ("in target player's graveyard",):
        return None
    if not all(isinstance(c, A.LifeChange | A.Draw) for c in s.clauses):
        raise Unsupported(s.where.render())  # effects that don't change the count before it is read
    whose = ctx.target(A.TargetRef(A.Noun((), ("player",))))
    return CardsInGraveyard(filter=noun_filter(replace(n, suffix=())), whose=whose)


def _sentence_text(s: A.Sentence) -> str:
    return s.render()[len(s.may) + 1 if s.may else 0:].rstrip(".")


# ---------------------------------------------------------------------------- abilities


@dataclass
class Lowered:
    """What :func:`undercity.cards.registry.define` takes for one card."""

    keywords: set[str] = field(default_factory=set)
    spell: m.SpellAbility | None = None
    triggered: list[m.Triggered] = field(default_factory=list)
    activated: list[m.Activated] = field(default_factory=list)
    static: list[m.Static] = field(default_factory=list)
    enchant: m.TargetSpec | None = None
    #: Tokens the card's effects create, to define with the card.
    tokens: list[TokenSpec] = field(default_factory=list)
    #: Alternative costs (CR 118.9): flashback's (CR 702.34a).
    alt_costs: list[m.AltCost] = field(default_factory=list)
    #: Additional costs (CR 118.8): "As an additional cost to cast this spell, …".
    additional_costs: list[m.AdditionalCost] = field(default_factory=list)
    #: Creature types a characteristic-defining ability adds ("~ is also a Cleric", CR 604.3).
    also_subtypes: set[str] = field(default_factory=set)

    def define_kwargs(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"keywords": frozenset(self.keywords), "spell": self.spell,
                              "triggered": tuple(self.triggered), "activated": tuple(self.activated),
                              "static": tuple(self.static)}
        if self.enchant is not None:
            kw["enchant"] = self.enchant
        if self.alt_costs:
            kw["alt_costs"] = tuple(self.alt_costs)
        if self.additional_costs:
            kw["additional_costs"] = tuple(self.additional_costs)
        if self.also_subtypes:
            kw["also_subtypes"] = frozenset(self.also_subtypes)
        return kw


def _class_levels(out: Lowered, levels: list[tuple[A.LevelBar, Lowered]]) -> None:
    """A Class's level bars (CR 716.2a), each with the abilities printed after it: triggered and
    activated abilities the Class has from that level on, or one static ability affecting other
    objects while the level is reached; the abilities before the first bar are level 1's
    (CR 716.3)."""
    from undercity.cards.language.class_level import level
    from undercity.cards.language.continuous import Continuous

    for bar, sub in levels:
        if sub.keywords or sub.spell or sub.enchant or sub.alt_costs or sub.additional_costs or sub.also_subtypes \
                or not (sub.triggered or sub.activated or sub.static):
            raise Unsupported(bar.render())
        out.tokens += sub.tokens
        if sub.static:
            st = sub.static[0]
            if len(sub.static) > 1 or sub.triggered or sub.activated or not isinstance(st, Continuous) \
                    or st.affects == m.SELF or st.cond is not None:
                raise Unsupported(bar.render())
            up, grant = level(bar.level, bar.cost, affects=st.affects, mods=st.mods, text=st.text, register=False)
        else:
            up, grant = level(bar.level, bar.cost, *sub.triggered, *sub.activated, register=False)
        out.activated.append(up)
        out.static.append(grant)


def _anchor_choice(a: A.AnchorChoice, out: Lowered, named: Any) -> None:
    """"As ~ enters the battlefield, choose Khans or Dragons." and "• Khans — [ability]" (CR
    614.12c): the choice made as it enters, and for each word its triggered and activated
    abilities, which the permanent has while that word was chosen (layer 6, CR 613.1f)."""
    from undercity.cards.language.continuous import AddAbilities
    from undercity.cards.language.entering import AnchorAbilities

    lines = named(a).split("\n")
    out.static.append(AsEntersChoose(lines[0], choice="anchor word", anchors=a.words))
    for word, ability, line in zip(a.words, a.abilities, lines[1:], strict=True):
        sub = Lowered()
        _ability(ability, line.split(" — ", 1)[1], sub, named)
        if sub.keywords or sub.static or sub.spell or sub.enchant or sub.alt_costs or sub.additional_costs \
                or sub.also_subtypes or not (sub.triggered or sub.activated):
            raise Unsupported(line)
        out.tokens += sub.tokens
        out.static.append(AnchorAbilities(line.removeprefix("• "), affects=m.SELF, word=word,
                                          mods=(AddAbilities(abilities=(*sub.triggered, *sub.activated)),)))


def unearth_ability(k: A.Keyword) -> m.Activated:
    """CR 702.84a: "Unearth [cost]" means "[Cost]: Return this card from your graveyard to the
    battlefield. It gains haste. Exile it at the beginning of the next end step. If it would
    leave the battlefield, exile it instead of putting it anywhere else. Activate only as a
    sorcery." It functions from the graveyard (CR 113.6m)."""
    from undercity.cards.language.unearth import Unearth

    return m.Activated(f"{k.name[:1].upper()}{k.name[1:]} {k.arg}", cost=m.Cost(mana=_mana_cost(k.arg)), effects=(Unearth(),),
                       sorcery_speed=True)


def _keyword(k: A.Keyword, out: Lowered, text: str) -> None:
    name = k.name.lower()
    if name in ENGINE_KEYWORDS and not k.arg:
        out.keywords.add(name)
    elif name == "aftermath" and not k.arg:
        # CR 702.127a: three static abilities of a split card's half, which the rules of casting
        # ask of it (engine/split_cards.py); the compiler allows it only on such a half.
        out.keywords.add("aftermath")
    elif name == "choose a background" and not k.arg:
        pass  # CR 702.124k: a rule of choosing commanders (formats/commander.py), nothing in the game
    elif name == "partner with" and k.arg:
        from undercity.cards.language.partner import partner_with

        # CR 702.124j: its triggered ability; the other half is deck construction (formats/commander.py).
        out.triggered.append(partner_with(k.arg))
    elif name == "equip" and k.arg:
        # CR 702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
        # control. Activate only as a sorcery."
        out.activated.append(m.Activated(f"Equip {k.arg}", cost=m.Cost(mana=_mana_cost(k.arg)),
                                         targets=(m.target_creature(controller="you"),),
                                         effects=(AttachTo(m.T(0)),), sorcery_speed=True))
    elif name == "myriad" and not k.arg:
        from undercity.cards.language.myriad import myriad_ability

        out.triggered.append(myriad_ability())  # CR 702.116a
    elif name == "ward" and k.arg:
        # CR 702.21a: "Whenever this permanent becomes the target of a spell or ability an
        # opponent controls, counter it unless that player pays [cost]."
        out.triggered.append(_ward(k.arg))
    elif name == "melee" and not k.arg:
        from undercity.cards.language.melee import OPPONENTS_ATTACKED

        # CR 702.121a: "Whenever this creature attacks, it gets +1/+1 until end of turn for each
        # opponent you attacked with a creature this combat."
        out.triggered.append(m.Triggered("Melee", when=m.Trigger("attacks"),
                                         effects=(m.Pump(OPPONENTS_ATTACKED, OPPONENTS_ATTACKED, m.SELF),)))
    elif name == "prowess":
        # CR 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until
        # end of turn."
        out.triggered.append(m.Triggered(
            "Prowess", when=m.Trigger("cast", filter=m.F(not_types={"Creature"})), effects=(m.Pump(1, 1, m.SELF),)))
    elif name == "eternalize" and k.arg:
        from undercity.cards.language.token_copies import CopyOfCardExiledAsCost

        # CR 702.129a: "[Cost], Exile this card from your graveyard: Create a token that's a copy
        # of it, except it's black, it's 4/4, it has no mana cost, and it's a Zombie in addition
        # to its other types. Activate only as a sorcery." It functions from the graveyard.
        out.activated.append(m.Activated(f"{k.name} {k.arg}", cost=m.Cost(mana=_mana_cost(k.arg), exile_self=True),
                                         effects=(CopyOfCardExiledAsCost(frozenset({"B"}), 4, 4,
                                                                         frozenset({"Zombie"})),),
                                         sorcery_speed=True))
    elif name == "unearth" and k.arg:
        out.activated.append(unearth_ability(k))
    elif name == "cycling" and k.arg:
        # CR 702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card." It
        # functions only from the hand (CR 113.6j).
        out.activated.append(m.Activated(f"{k.name} {k.arg}", cost=m.Cost(mana=_mana_cost(k.arg), discard_self=True),
                                         effects=(m.Draw(1),)))
    elif name.endswith("cycling") and k.arg and name[:-len("cycling")].strip() in _TYPECYCLING:
        # CR 702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your
        # library for a [type] card, reveal it, put it into your hand, then shuffle."
        flt = _TYPECYCLING[name[:-len("cycling")].strip()]
        out.activated.append(m.Activated(f"{k.name} {k.arg}", cost=m.Cost(mana=_mana_cost(k.arg), discard_self=True),
                                         effects=(m.Search(flt, to="hand"),)))
    elif name in ("kicker", "multikicker") and k.arg and k.arg.startswith("{"):
        from undercity.cards.language.kicker import Kicker

        # CR 702.33a, c: "You may pay an additional [cost] (any number of times) as you cast this
        # spell" — a static ability of the spell (engine/kicker.py).
        out.static.append(Kicker(f"{k.name} {k.arg}", cost=_mana_cost(k.arg), multi=name == "multikicker"))
    elif name == "replicate" and k.arg and k.arg.startswith("{"):
        from undercity.cards.language.replicate import Replicate

        # CR 702.56a: "As an additional cost to cast this spell, you may pay [cost] any number of
        # times" and its cast trigger (engine/replicate.py).
        out.static.append(Replicate(f"{k.name} {k.arg}", cost=_mana_cost(k.arg)))
    elif name == "flashback" and k.arg:
        # CR 702.34a: "You may cast this card from your graveyard by paying [cost] rather than
        # paying its mana cost" and "If the flashback cost was paid, exile this card instead of
        # putting it anywhere else any time it would leave the stack."
        out.alt_costs.append(m.AltCost("flashback", _mana_cost(k.arg), zone="graveyard", exile_leaving_stack=True))
    elif name == "suspend" and k.arg and (sus := re.fullmatch(r"(\d+)—(\{.*\})", k.arg)):
        # CR 702.62a: a special action from the hand and two triggers in exile (engine/suspend.py).
        out.static.append(Suspend(f"Suspend {k.arg}", n=int(sus.group(1)), cost=_mana_cost(sus.group(2))))
    elif name == "foretell" and k.arg and k.arg.startswith("{"):
        from undercity.cards.language.foretell import FORETELL, Foretell

        # CR 702.143a: the special action from the hand (engine/foretell.py), and casting the
        # card from exile for its foretell cost, an alternative cost (CR 118.9).
        out.static.append(Foretell(f"Foretell {k.arg}", cost=_mana_cost(k.arg)))
        out.alt_costs.append(m.AltCost(FORETELL, _mana_cost(k.arg), zone="exile"))
    elif name in ("morph", "megamorph") and k.arg and k.arg.startswith("{"):
        from undercity.cards.language.morph import Morph

        # CR 702.37a: cast face down as a 2/2 for {3} (an alternative cost, 118.9) and turned face
        # up any time for [cost] (a special action, 702.37e): engine/morph.py.
        cost = _mana_cost(k.arg)
        if cost.x:
            raise Unsupported(k.render())  # CR 702.37f: an X chosen as the special action is taken
        # CR 702.37b: megamorph's +1/+1 counter as it is turned face up for that cost.
        out.static.append(Morph(f"{k.name} {k.arg}", cost=cost, megamorph=name == "megamorph"))
    elif name == "totem armor" and not k.arg:
        from undercity.cards.language.totem_armor import TotemArmor

        out.static.append(TotemArmor("Totem armor"))  # CR 702.89a: a replacement effect (engine/totem_armor.py)
    elif name == "echo" and k.arg and k.arg.startswith("{"):
        from undercity.cards.language.echo import Echo

        out.static.append(Echo(f"Echo {k.arg}", cost=_mana_cost(k.arg)))  # CR 702.30a (engine/echo.py)
    elif name == "retrace" and not k.arg:
        # CR 702.81a: "You may cast this card from your graveyard by discarding a land card in
        # addition to paying its other costs" — its mana cost, filled in by lower_card.
        out.alt_costs.append(m.AltCost(name, parse_cost(""), zone="graveyard", discard=m.F("Land")))
    elif name == "hideaway" and not k.arg:
        from undercity.cards.language.hideaway import hideaway_abilities

        # CR 702.75b: "Hideaway" without a number is "Hideaway 4" and "[this] enters tapped".
        trigger, tapped = hideaway_abilities(4)
        out.triggered.append(trigger)
        out.static.append(tapped)
    elif name == "cascade" and not k.arg:
        out.keywords.add(name)  # CR 702.85a: a rule of casting the spell (engine/cascade.py)
    elif name == "persist" and not k.arg:
        out.keywords.add(name)  # CR 702.79a: a trigger of the rules' own (engine/persist.py)
    elif name == "undying" and not k.arg:
        out.keywords.add(name)  # CR 702.93a: a trigger of the rules' own (engine/undying.py)
    elif name == "rebound" and not k.arg:
        out.keywords.add(name)  # CR 702.88a: a rule of resolving the spell (engine/rebound.py)
    elif name == "undaunted" and not k.arg:
        from undercity.cards.language.undaunted import Undaunted

        out.static.append(Undaunted("Undaunted"))  # CR 702.125a: a cost reduction while cast
    elif name == "extort" and not k.arg:
        from undercity.cards.language.extort import extort

        out.triggered.append(extort())  # CR 702.101a: one trigger per instance (702.101b)
    elif name == "fabricate" and k.arg.isdigit():
        # CR 702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you
        # don't, create N 1/1 colorless Servo artifact creature tokens." (engine/fabricate.py)
        from undercity.cards.language.fabricate import Fabricate

        n = int(k.arg)
        spec = token_spec(A.Create(None, "create", A.Num(k.arg, n), ("1/1", "colorless", "Servo", "artifact",
                                                                    "creature"), n != 1))
        _SPECS[spec.key] = spec
        out.triggered.append(m.Triggered(f"Fabricate {n}", when=m.Trigger("enters"),
                                         effects=(Fabricate(n, m.CreateToken(spec.key, n)),)))
    elif name == "mentor" and not k.arg:
        from undercity.cards.language.mentor import mentor

        out.triggered.append(mentor())  # CR 702.134a: one trigger per instance (702.134b)
    elif name == "exploit" and not k.arg:
        # CR 702.110a: "When this creature enters, you may sacrifice a creature." (the choice
        # as it resolves: engine/exploit.py)
        out.triggered.append(m.Triggered(EXPLOIT_TEXT, when=m.Trigger("enters"), effects=(Exploit(),)))
    elif name == "overload" and k.arg and k.arg.startswith("{"):
        # CR 702.96a: cast for [cost] rather than its mana cost, with the text changed; the
        # changed text is lowered with the spell's own (lower_card: _overloaded).
        out.alt_costs.append(m.AltCost(name, _mana_cost(k.arg), zone="hand"))
    elif name == "protection from" and all(f"protection from {q}" in PROTECTION_KEYWORDS
                                           for q in k.arg.split(" and from ")):
        # CR 702.16g: "protection from [quality A] and from [quality B]" is two abilities.
        out.keywords.update(f"protection from {q}" for q in k.arg.split(" and from "))
    elif name in ("evoke", "dash") and k.arg and k.arg.startswith("{"):
        # CR 702.74a, 702.109a: "You may cast this spell by paying [cost] rather than paying its
        # mana cost", from the hand; what paying it does to the permanent is the rules' own
        # (engine/alternative_costs.py).
        out.alt_costs.append(m.AltCost(name, _mana_cost(k.arg), zone="hand"))
    elif name == "bestow" and k.arg and k.arg.startswith("{"):
        from undercity.cards.language.bestow import bestow_cost

        # CR 702.103a: "you may choose to cast it bestowed. If you do, you pay [cost] rather than
        # its mana cost" — an alternative cost from the hand; cast so, an Aura spell with enchant
        # creature (702.103b, engine/bestow.py).
        out.alt_costs.append(bestow_cost(_mana_cost(k.arg)))
    elif name == "spectacle" and k.arg and k.arg.startswith("{"):
        # CR 702.137a: "You may pay [cost] rather than pay this spell's mana cost if an opponent
        # lost life this turn" — from wherever it is cast; the timing is the card's own (rulings).
        from undercity.cards.language.life_lost import OpponentLostLifeThisTurn

        out.alt_costs.append(m.AltCost(name, _mana_cost(k.arg), zone="hand", only_if=OpponentLostLifeThisTurn()))
    elif name == "changeling" and not k.arg:
        out.keywords.add(name)  # CR 702.73a: every creature type, in every zone (registry.define)
    elif name == "ascend" and not k.arg:
        out.keywords.add(name)  # CR 702.131b on a permanent: engine/ascend.py (refused on a spell below)
    elif name == "enchant" and k.arg == "land":
        out.enchant = m.TargetSpec("permanent", m.F("Land"), text="target land")  # CR 702.5a, 303.4a
    elif name == "enchant" and k.arg == "nonland permanent":
        out.enchant = m.TargetSpec("permanent", m.F(not_types={"Land"}), text="target nonland permanent")  # CR 702.5a
    elif name == "enchant" and k.arg == "creature":
        out.enchant = m.target_creature()  # CR 702.5a, 303.4a
    elif name == "enchant" and k.arg == "creature an opponent controls":
        # CR 702.5a, 303.4a; 704.5m: put into the graveyard once its controller controls the creature
        out.enchant = m.TargetSpec("permanent", m.F("Creature", controller="opponent"),
                                   text="target creature an opponent controls")
    elif name == "enchant" and k.arg == "creature you control":
        # CR 702.5a, 303.4a; 704.5m: an Aura whose creature changes control is put into the graveyard
        out.enchant = m.TargetSpec("permanent", m.F("Creature", controller="you"), text="target creature you control")
    elif name == "enchant" and k.arg == "tapped creature":
        # CR 702.5a, 303.4a; 704.5m: once the creature untaps, the Aura is put into the graveyard
        out.enchant = m.TargetSpec("permanent", m.F("Creature", tapped=True), text="target tapped creature")
    elif name == "enchant" and k.arg == "player":
        out.enchant = m.TARGET_PLAYER  # CR 702.5a, 303.4a: the Aura spell targets a player
    elif name == "enchant" and k.arg in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        # "Enchant Forest" (CR 702.5a, 303.4a): a land with that land type (CR 205.3i)
        out.enchant = m.TargetSpec("permanent", m.F("Land", subtypes={k.arg}), text=f"target {k.arg}")
    else:
        raise Unsupported(k.render())


def _additional_cost(b: A.AdditionalCostLine, text: str) -> m.AdditionalCost:
    """"As an additional cost to cast this spell, sacrifice a creature, discard a card, or pay 4
    life." (CR 118.8, 601.2b): one of the costs, chosen and paid as the spell is cast."""
    from undercity.cards.language.spell_costs import ChooseOneCost, CostChoice

    choices = []
    for c in b.costs:
        if c.kind == "pay_life":
            n = c.words.split()[1]
            if not n.isdigit():
                raise Unsupported(c.render())  # "pay X life": X chosen as it is cast, not done
            choices.append(CostChoice(life=int(n)))
            continue
        w = c.what
        if c.kind not in ("sacrifice", "discard") or not isinstance(w, A.DescRef) or w.det not in ("a", "an") \
                or w.noun.suffix or w.noun.quals or (c.kind == "discard") != (w.noun.card == "card"):
            raise Unsupported(c.render())
        flt = noun_filter(w.noun)
        choices.append(CostChoice(sacrifice=flt) if c.kind == "sacrifice" else CostChoice(discard=flt))
    return ChooseOneCost(kind="choose_one", filter=m.Filter(), optional=False, text=text, choices=tuple(choices))


def _replicate_tap(k: A.CostKeyword) -> m.Static:
    """"Replicate—Tap an untapped [permanent] you control." (CR 702.56a, 118.3): the static
    ability of an additional cost paid any number of times, each time with a different untapped
    permanent of its controller's (engine/replicate.py)."""
    from undercity.cards.language.replicate import Replicate

    if len(k.costs) != 1 or k.costs[0].kind != "tap_untapped":
        raise Unsupported(k.render())
    cost = _cost(k.costs)
    if cost.tap_untapped is None or cost.tap_untapped.other:
        raise Unsupported(k.render())
    return Replicate(k.render(), tap_untapped=cost.tap_untapped)


def _cost_keyword(k: A.CostKeyword) -> m.AltCost:
    """A keyword whose cost isn't only mana: escape's "Escape—[mana], Exile N other cards from
    your graveyard" (CR 702.138a: "You may cast this card from your graveyard by paying [cost]
    rather than paying its mana cost")."""
    from undercity.cards.text.parser import NUMBERS

    kinds = tuple(c.kind for c in k.costs)
    if k.name.lower() == "escape" and kinds == ("mana", "exile_other_graveyard"):
        n = k.costs[1].words.split()[1]
        return m.AltCost("escape", _mana_cost(k.costs[0].words), zone="graveyard",
                         exile_other_graveyard=int(NUMBERS.get(n.lower()) or n))
    raise Unsupported(k.render())


#: The types of typecycling (CR 702.29e) and the cards each finds.
_TYPECYCLING = {"basic land": m.F("Land", basic=True), "plains": m.F("Land", subtypes={"Plains"}),
                "islands": m.F("Land", subtypes={"Island"}), "island": m.F("Land", subtypes={"Island"}),
                "swamp": m.F("Land", subtypes={"Swamp"}), "mountain": m.F("Land", subtypes={"Mountain"}),
                "forest": m.F("Land", subtypes={"Forest"})}


#: What the last known information of a creature that died says (CR 603.10a, 608.2h): the
#: only parts of a filter a "whenever a creature dies" trigger may name.
_LKI_FILTER = ("types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
               "not_supertypes", "nontoken", "other", "controller", "attacking", "blocking",
               "attacking_or_blocking", "goaded")


def _creature_dies(s: A.Node, text: str) -> CreatureDies:
    """"Whenever another creature dies", "Whenever a nontoken creature you control dies",
    "Whenever ~ or another creature you control dies" (CR 700.4, 603.10a)."""
    if isinstance(s, A.DescOr):
        # "Whenever an attacking creature you control or a blocking creature an opponent
        # controls dies": a creature of either description (CR 603.10a).
        first, second = _creature_dies(s.first, text), _creature_dies(s.second, text)
        return replace(first, or_filter=second.filter)
    d = s.other if isinstance(s, A.SelfOr) else s
    assert isinstance(d, A.DescRef)
    flt = noun_filter(d.noun)
    rest = {f: getattr(flt, f) for f in flt.__dataclass_fields__ if f not in _LKI_FILTER}
    if d.noun.card or m.Filter(**rest) != m.Filter() or flt.types - {"Creature"}:
        raise Unsupported(text)  # what the dying creature's last known information doesn't say
    return CreatureDies(filter=replace(flt, other=flt.other or d.det == "another"),
                        self_too=isinstance(s, A.SelfOr))


#: "Whenever an opponent loses life", "whenever a player mills one or more creature cards".
_MILL_AND_LIFE_EVENTS = {("an", A.Noun((), ("opponent",)), "loses life"): OPPONENT_LOSES_LIFE,
                         ("a", A.Noun((), ("player",)), "mills one or more creature cards"): MILLS_CREATURE_CARDS}


def _trigger(ev: A.Event, word: str) -> m.Trigger:
    s, w = ev.subject, ev.words
    if isinstance(s, A.SelfRef) and s.word == "this permanent" and w == "deals damage to the player who cast ~" \
            and word == "when":
        from undercity.cards.language.damage import DealsDamageToCaster

        return DealsDamageToCaster()  # the caster bound as a spell grants it (CR 603.2, 120.1)
    if s == A.WordRef("you") and w == "roll one or more dice" and word == "whenever":
        return m.Trigger(ROLL_DICE)  # once per instruction to roll, the ignored dice aside (CR 706.1, 706.6)
    if s is None and w == "you gain life" and word == "whenever":
        return m.Trigger("you_gain_life")  # once per life-gain event (CR 119.9, 603.2)
    if s is None and w == "one or more creatures you control deal combat damage to a player" and word == "whenever":
        # Once per damaged player in each combat damage step, however many creatures dealt it
        # (CR 510.2, 603.2c).
        return m.Trigger("one_or_more_combat_damage_to_player")
    if s is None and word == "whenever" and (dealt := re.fullmatch(
            r"a source you control deals (\d+) or more damage to a player", w)):
        from undercity.cards.language.damage import SourceDealsDamageToPlayer

        return SourceDealsDamageToPlayer(at_least=int(dealt.group(1)))  # CR 120.1, 603.2
    if isinstance(s, A.WordRef) and s.words == "your opponents" and w == "are dealt combat damage" \
            and word == "whenever":
        from undercity.cards.language.damage import OpponentsDealtCombatDamage

        return OpponentsDealtCombatDamage()  # CR 510.2, 603.2c
    if s is None and w == "you attack a player" and word == "whenever":
        from undercity.cards.language.attacked_players import AttackAPlayer

        return AttackAPlayer()  # once for each player attacked (CR 508.3e)
    if s is None and w == "you attack the player who has the initiative" and word == "whenever":
        from undercity.cards.language.event_triggers import AttackPlayer

        return AttackPlayer(defender="initiative")  # creatures declared attacking that player (CR 508.3e, 726)
    if s is None and w == "you attack" and word == "whenever":
        return m.Trigger("you_attack")  # once per combat, however many creatures (CR 508.1, 603.2)
    if isinstance(s, A.WordRef) and s.words == "you" and w.startswith("sacrifice ") and word == "whenever":
        ref = _one_described(w.removeprefix("sacrifice "), "another")
        flt = noun_filter(ref.noun) if ref is not None and not ref.noun.card else None
        # The sacrificed permanent as it last existed (CR 603.10a): its card types and subtypes,
        # whether it was a token; "another": not this permanent (CR 109.5).
        if flt is None or flt != m.Filter(types=flt.types, subtypes=flt.subtypes, nontoken=flt.nontoken):
            raise Unsupported(f"{word} {ev.render()}")
        return m.Trigger("sacrifice", filter=replace(flt, other=ref is not None and ref.det == "another"))
    if s is None and w == "you draw a card" and word == "whenever":
        return m.Trigger(YOU_DRAW)  # once per card drawn (CR 121.2, 603.2)
    if s is None and w == "you activate an ability that isn't a mana ability" and word == "whenever":
        from undercity.cards.language.event_triggers import ActivatesAbility

        return ActivatesAbility()  # once per activation (CR 602.2, 605.1a)
    if s is None and w == "you complete a dungeon" and word == "whenever":
        return m.Trigger("complete_dungeon")  # its last room ability resolved, or it was left (CR 309.7)
    if s is None and (nth := _nth_draw(w, word)) is not None:
        return m.Trigger(YOU_DRAW, nth=nth)  # only the Nth card drawn this turn (CR 121.2, 603.2)
    if s is None and w == "you play a card from exile" and word == "whenever":
        return m.Trigger(YOU_PLAY_FROM_EXILE)  # CR 701.18b: a land played or a spell cast from exile
    if s is None and w == "you cast a spell from exile" and word == "whenever":
        return m.Trigger("cast", filter=m.Filter(), from_zone="exile")  # CR 601.2a: cast from exile
    if s is None and w.startswith("you cast a spell from exile or a land enters") and word == "whenever":
        return m.Trigger(YOU_CAST_FROM_EXILE_OR_LAND_FROM_EXILE)
    if isinstance(s, A.PutIntoZone) and word == "whenever":
        return _put_into_zone(s)
    if s is None and (nth := _nth_counter_put(w, word)) is not None:
        return nth
    if s is None and w == "they do" and word == "when" and _LINKED[0]:
        from undercity.cards.language.cast_permissions import PlayedThisWay

        return PlayedThisWay()  # CR 607.2h: a card played with the permission of its paragraph
    if s is None:
        steps = {"the beginning of your upkeep": ("upkeep", "you"), "the beginning of your end step": ("end", "you"),
                 "the beginning of each upkeep": ("upkeep", "each"),
                 "the beginning of each end step": ("end", "each"),
                 "the beginning of the end step": ("end", "each"),  # every turn's (CR 513.1)
                 "the beginning of each opponent's upkeep": ("upkeep", "opponent"),
                 "the beginning of each opponent's end step": ("end", "opponent"),
                 "the beginning of combat on your turn": ("beginning-of-combat", "you"),
                 "the beginning of your draw step": ("draw", "you"),
                 "the beginning of your precombat main phase": ("precombat-main", "you")}  # CR 505.4
        if w in steps and word == "at":
            step, whose = steps[w]
            return m.Trigger("beginning_of", step=step, whose=whose)
        raise Unsupported(f"{word} {ev.render()}")
    if isinstance(s, A.DescRef) and w == "deals combat damage to one of your opponents" and word == "whenever" \
            and s == A.DescRef("a", A.Noun((), ("creature",))):
        return CombatDamageToPlayer(filter=m.F("Creature"), whose="any", to_opponent=True)  # CR 510.2, 603.2
    if s == A.DescRef("an", A.Noun((), ("opponent",))) and w == "attacks another one of your opponents" \
            and word == "whenever":
        from undercity.cards.language.attacked_players import AttackAPlayer

        return AttackAPlayer(whose="opponent")  # CR 508.3e: each opponent and each other opponent it attacks
    if isinstance(s, A.DescRef) and s.det == "one or more" and w == "attack an opponent" and word == "whenever":
        from undercity.cards.language.attacked_players import AttackAPlayer

        flt = noun_filter(s.noun)  # "one or more Dragons you control" (CR 508.3e)
        if flt.controller != "you" or s.noun.card:
            raise Unsupported(f"{word} {ev.render()}")
        return AttackAPlayer(filter=replace(flt, controller=None))
    if isinstance(s, A.SelfRef) and w == "and at least two other creatures attack" and word == "whenever":
        from undercity.cards.language.event_triggers import AttacksWithOthers

        return AttacksWithOthers(others=2)  # battalion (CR 207.2c, 508.3a)
    if isinstance(s, A.SelfRef) and w == "attacks and isn't blocked" and word == "whenever":
        from undercity.cards.language.event_triggers import AttacksUnblocked

        return AttacksUnblocked()  # CR 509.3g
    if w == "becomes blocked" and word == "whenever" and (
            isinstance(s, A.SelfRef) or isinstance(s, A.DescRef) and s.det == "a"):
        # "Whenever ~ / a creature you control becomes blocked": once each combat for that
        # creature, as its first blocker is declared (CR 509.3c).
        from undercity.cards.language.event_triggers import BecomesBlocked

        if isinstance(s, A.SelfRef):
            return BecomesBlocked()
        flt = noun_filter(s.noun)
        if flt.controller != "you" or s.noun.card or "Creature" not in flt.types:
            raise Unsupported(f"{word} {ev.render()}")
        return BecomesBlocked(filter=replace(flt, controller=None), whose="you")
    if s == A.WordRef("enchanted player") and w.startswith("casts ") and word == "whenever":
        from undercity.cards.language.event_triggers import PlayerCasts

        cast = _CAST.get(f"cast {w.removeprefix('casts ')}")  # the spell, as "whenever you cast" reads it
        if cast is None:
            raise Unsupported(f"{word} {ev.render()}")
        # CR 303.4b, 601.2i: the player this Aura enchants casts it
        return PlayerCasts(filter=None if cast.filter == m.Filter() else cast.filter, whose="enchanted")
    if s == A.WordRef("the chosen player") and w == "casts a spell" and word == "whenever":
        from undercity.cards.language.event_triggers import PlayerCasts

        return PlayerCasts(filter=m.Filter(), whose="chosen")  # chosen as it entered (CR 614.12a, 601.2i)
    if isinstance(s, A.SelfRef):
        if w in ("enters the battlefield", "enters"):
            return m.Trigger("enters")
        if w == "is dealt damage" and word == "whenever":
            return m.Trigger("dealt_damage")  # CR 603.2: once per damage event (engine/event_triggers.py)
        if w == "dies":  # "whenever" too: "Whenever ~ enters the battlefield or dies" (its second half)
            return m.Trigger("dies")
        if w == "leaves the battlefield" and word == "when":
            return m.Trigger("leaves")  # to any zone, looking back in time (CR 603.6c, 603.10a)
        if w == "is put into a graveyard from the battlefield":
            return m.Trigger("put_into_graveyard")  # its owner's graveyard, any card type (CR 603.6c, 603.10a)
        if w == "attacks" and word == "whenever":
            return m.Trigger("attacks")
        if w == "deals combat damage to a player" and word == "whenever":
            return m.Trigger("combat_damage_to_player")
        if w == "deals damage" and word in ("when", "whenever"):
            return m.Trigger(DEALS_DAMAGE)  # any damage, once per damage event (CR 120.3, 603.2)
        if w == "becomes monstrous" and word == "when":
            return m.Trigger(BECOMES_MONSTROUS)  # CR 701.37a, 603.2
        if w == "is turned face up" and word == "when":
            from undercity.cards.language.morph import TURNED_FACE_UP

            return m.Trigger(TURNED_FACE_UP)  # CR 702.37e, 603.2: not entering (708.8)
        if w.startswith("becomes level ") and word == "when" and s.word.lower() == "this class":
            from undercity.cards.language.class_level import becomes_level

            return becomes_level(int(w.removeprefix("becomes level ")))  # CR 716.2a, 603.2
        if w == "becomes tapped" and word == "whenever":
            return m.Trigger("becomes_tapped")  # CR 603.2, 701.26a: whatever taps it (engine/event_triggers.py)
        if w == "exploits a creature" and word == "when":
            return m.Trigger(EXPLOITS)  # CR 702.110b, 603.2
        if w == "becomes the target of a spell" and word == "whenever":
            from undercity.cards.language.prevention import BECOMES_TARGET_OF_SPELL

            return m.Trigger(BECOMES_TARGET_OF_SPELL)  # CR 603.2, 115.1: anyone's spell
        if w == "becomes the target of a spell an opponent controls" and word == "whenever":
            from undercity.cards.language.prevention import BECOMES_TARGET_OF_SPELL

            return m.Trigger(BECOMES_TARGET_OF_SPELL, whose="opponent")  # CR 603.2, 115.1: an opponent's spell
        raise Unsupported(f"{word} {ev.render()}")
    if isinstance(s, A.DescRef) and word == "whenever" and (s.det, s.noun, w) in _MILL_AND_LIFE_EVENTS:
        return m.Trigger(_MILL_AND_LIFE_EVENTS[(s.det, s.noun, w)])  # CR 119.3, 701.17c, 603.2c
    if isinstance(s, A.WordRef) and s.words == "you" and word == "whenever" and w in (
            "discard a card", "discard a creature card", "cycle or discard another card", "cycle or discard a card"):
        from undercity.cards.language.discard import YouDiscard

        # Once per card discarded (CR 701.9a, 603.2); cycling is discarding (CR 702.29a), and
        # "another card" is any: this permanent isn't a card in a hand.
        return YouDiscard(filter=m.F("Creature") if w == "discard a creature card" else None)
    if isinstance(s, A.WordRef) and s.words == "you" and w in ("cycle ~", "cycle this card") and word == "when":
        return m.Trigger(CYCLE_SELF)  # CR 702.29c: from the zone the card winds up in
    if isinstance(s, A.WordRef) and s.words == "you" and word == "whenever" and (
            w == "cast a spell that shares a creature type with this creature"):
        return m.Trigger("cast", filter=m.Filter(shares_creature_type=True))  # CR 205.3m, 601.2i
    if isinstance(s, A.DescRef) and s.det == "an" and s.noun.heads == ("opponent",) and not s.noun.quals \
            and not s.noun.suffix and w == "loses the game" and word == "when":
        from undercity.cards.language.event_triggers import OpponentLosesGame

        return OpponentLosesGame()  # CR 104.3, 603.2
    if isinstance(s, A.WordRef) and s.words == "you" and w.startswith("cast ") and w.endswith(" this way") \
            and word == "when" and _LINKED[0]:
        from undercity.cards.language.cast_permissions import CastThisWay

        if (cast := _cast_of(w.removeprefix("cast ").removesuffix(" this way"))) is None:
            raise Unsupported(f"{word} {ev.render()}")
        return CastThisWay(filter=cast.filter)  # CR 607.2h, 601.2i
    if isinstance(s, A.WordRef) and s.words == "you" and w.startswith("cast ") and word == "whenever":
        cast = _CAST.get(w)
        chosen = next((c for c in ("color", "type") if w.endswith(f" of the chosen {c}")), None)
        if cast is None and chosen is not None and (base := _CAST.get(w.rsplit(" of the chosen ", 1)[0])):
            # "a spell of the chosen type": what this permanent chose as it entered (CR 614.12a)
            flt = replace(base.filter or m.Filter(), chosen="creature type" if chosen == "type" else "color")
            cast = replace(base, filter=flt)
        if cast is None and chosen is None:
            cast = _cast_of(w.removeprefix("cast "))
        if cast is None:
            raise Unsupported(f"{word} {ev.render()}")
        return cast
    if s == A.WordRef("enchanted player") and w == "is attacked" and word == "whenever":
        from undercity.cards.language.attacked_players import PlayerAttacked

        return PlayerAttacked()  # CR 508.3b: creatures declared attacking the enchanted player
    if isinstance(s, A.WordRef) and s.words in ("equipped creature", "enchanted creature") and w == "attacks":
        return m.Trigger("equipped_attacks")  # the creature this Equipment or Aura is attached to (CR 508.3a)
    if word == "whenever" and w == "leaves the battlefield" and isinstance(s, A.DescRef) and s.det in ("a", "an"):
        # "Whenever a creature you control leaves the battlefield" (CR 603.6c, 603.10a): for any
        # zone, matched as it last existed.
        from undercity.cards.language.dies import PermanentLeaves

        flt = noun_filter(s.noun)
        rest = {f: getattr(flt, f) for f in flt.__dataclass_fields__ if f not in _LKI_FILTER}
        if s.noun.card or m.Filter(**rest) != m.Filter() or not flt.types:
            raise Unsupported(f"{word} {ev.render()}")
        return PermanentLeaves(filter=flt)
    if word == "whenever" and w == "is put into a graveyard from the battlefield" and isinstance(s, A.DescRef) \
            and s.det in ("a", "an", "another"):
        # "Whenever an artifact you control is put into a graveyard from the battlefield"
        # (CR 603.6c, 603.10a): matched as it last existed, like a dying creature.
        from undercity.cards.language.dies import PutIntoGraveyardFromBattlefield

        flt = noun_filter(s.noun)
        rest = {f: getattr(flt, f) for f in flt.__dataclass_fields__ if f not in _LKI_FILTER}
        if s.noun.card or m.Filter(**rest) != m.Filter() or not flt.types:
            raise Unsupported(f"{word} {ev.render()}")
        return PutIntoGraveyardFromBattlefield(filter=replace(flt, other=flt.other or s.det == "another"))
    if isinstance(s, A.WordRef) and s.words == "equipped creature" and word == "whenever" and w in (
            "attacks or blocks", "deals combat damage", "deals combat damage to a player"):
        from undercity.cards.language.damage import (
            EQUIPPED_COMBAT_DAMAGE_TO_PLAYER,
            EQUIPPED_DEALS_COMBAT_DAMAGE,
        )
        from undercity.cards.language.event_triggers import EQUIPPED_ATTACKS_OR_BLOCKS

        # CR 508.3a, 509.3a, 510.2: the creature this Equipment is attached to (the trigger's object)
        return m.Trigger({"attacks or blocks": EQUIPPED_ATTACKS_OR_BLOCKS, "deals combat damage":
                          EQUIPPED_DEALS_COMBAT_DAMAGE, "deals combat damage to a player":
                          EQUIPPED_COMBAT_DAMAGE_TO_PLAYER}[w])
    if isinstance(s, A.WordRef) and s.words == "equipped creature" and w == "is dealt damage" and word == "whenever":
        from undercity.cards.language.event_triggers import EQUIPPED_DEALT_DAMAGE

        return m.Trigger(EQUIPPED_DEALT_DAMAGE)  # CR 603.2: once per damage event to that creature
    if isinstance(s, A.WordRef) and s.words == "equipped creature" and w == "dies" and word == "whenever":
        return m.Trigger("equipped_dies")  # the creature it was attached to as it died (CR 603.10a)
    if isinstance(s, A.WordRef) and s.words == "enchanted creature" and w == "dies" and word == "when":
        return m.Trigger("equipped_dies")  # the same for an Aura: the creature it was attached to (CR 603.10a)
    if word == "whenever" and w == "dies" and (
            isinstance(s, A.SelfOr | A.DescOr) or isinstance(s, A.DescRef) and s.det in ("a", "an", "another")):
        return _creature_dies(s, f"{word} {ev.render()}")
    if isinstance(s, A.DescRef) and word == "whenever" and w == "attacks" and s.det == "a" and s.noun.quals == (
            "goaded",) and s.noun.heads == ("creature",) and not s.noun.suffix and not s.noun.card:
        from undercity.cards.language.attack_requirements import GOADED_ATTACKS

        return m.Trigger(GOADED_ATTACKS, whose="any")  # CR 508.3a, 701.15b
    if isinstance(s, A.DescRef) and word == "whenever" and w == "attacks one of your opponents" and s.det == "a" \
            and s.noun == A.Noun((), ("creature",), suffix=("an opponent controls",)):
        # "Whenever a creature an opponent controls attacks one of your opponents" (CR 508.3a): an
        # opponent's creature attacking another of your opponents; "it" is that creature.
        return m.Trigger("attacks", filter=noun_filter(s.noun), whose="opponent")
    if isinstance(s, A.DescRef) and word == "whenever" and w == "attacks one of your opponents" and s.det == "a" \
            and s.noun == A.Noun((), ("creature",)):
        # "Whenever a creature attacks one of your opponents" (CR 508.3a): anyone's creature (a
        # teammate's too) attacking an opponent of yours; "that player" is that opponent.
        return m.Trigger("attacks", filter=m.F("Creature"), whose="opponent")
    if s == A.WordRef("you") and word == "whenever" and w == "attack with a creature an opponent owns":
        # CR 508.3a, 108.3: once per creature you attack with that an opponent owns; "that player"
        # is its owner.
        return m.Trigger("attacks", filter=m.F("Creature", owner="opponent"), whose="you")
    if isinstance(s, A.DescRef) and word == "whenever" and w == "attacks" and s.det in ("a", "an", "another"):
        # "Whenever a [creature] you control attacks" (CR 508.3a): once per attacking creature
        # matching the description; "it" is that creature (the trigger's object).
        flt = noun_filter(s.noun)
        if flt.controller == "opponent" and s.noun.suffix == ("an opponent controls",) and s.det == "a" \
                and not s.noun.card:
            # "Whenever a creature an opponent controls attacks" (CR 508.3a): any opponent's.
            return m.Trigger("attacks", filter=flt, whose="any")
        if flt.controller != "you" or s.noun.card:
            raise Unsupported(f"{word} {ev.render()}")
        flt = replace(flt, controller=None, other=flt.other or s.det == "another")
        return m.Trigger("attacks", filter=flt, whose="you")
    if isinstance(s, A.SelfOr) and word == "whenever" and w in (
            "enters the battlefield under your control", "enters under your control") and s.other.det == "another":
        # "Whenever ~ or another Dragon enters the battlefield under your control" (CR 603.6a):
        # this permanent, or another creature of the description (event_triggers).
        other = _trigger(A.Event(s.other, w), word)
        return m.Trigger("self_or_other_enters", filter=replace(other.filter or m.Filter(), other=False))
    if isinstance(s, A.DescRef) and word == "whenever" and w == "deals damage to you" and s.det == "a" and (
            s.noun == A.Noun((), ("permanent",))):
        from undercity.cards.language.damage import PERMANENT_DEALS_DAMAGE_TO_YOU

        return m.Trigger(PERMANENT_DEALS_DAMAGE_TO_YOU)  # CR 603.2, 120.3: "it" is that permanent
    if isinstance(s, A.DescRef) and word == "whenever" and w.startswith("casts ") and s.det in ("a", "an") and (
            s.noun.heads in (("opponent",), ("player",)) and not s.noun.quals and not s.noun.suffix):
        from undercity.cards.language.event_triggers import PlayerCasts

        cast = _CAST.get(f"cast {w.removeprefix('casts ')}")  # the spell, as "whenever you cast" reads it
        if cast is None:
            raise Unsupported(f"{word} {ev.render()}")
        return PlayerCasts(filter=None if cast.filter == m.Filter() else cast.filter,
                           whose="opponent" if s.noun.heads == ("opponent",) else "each")
    if isinstance(s, A.DescRef) and word == "whenever" and s.det in ("a", "an") and (
            w == "becomes the target of a spell or ability an opponent controls"):
        from undercity.cards.language.event_triggers import PermanentBecomesTarget

        flt = noun_filter(s.noun)  # "a permanent you control", "a Dragon you control" (CR 115.1)
        if flt.controller != "you" or s.noun.card:
            raise Unsupported(f"{word} {ev.render()}")
        return PermanentBecomesTarget(filter=replace(flt, controller=None))
    if isinstance(s, A.DescRef) and word == "whenever" and w == "deals combat damage to a player" \
            and s.det in ("a", "an"):
        # "Whenever a Horror you control deals combat damage to a player" (CR 510.2, 603.2): once
        # per creature and damage step; "that player" is the player dealt damage, "that many" the
        # damage dealt.
        flt = noun_filter(s.noun)
        if flt.controller != "you" or s.noun.card or s.noun.suffix != ("you control",):
            raise Unsupported(f"{word} {ev.render()}")
        return CombatDamageToPlayer(filter=replace(flt, controller=None))
    if isinstance(s, A.DescRef) and word == "whenever" and (
            w.startswith("enter under an opponent's control") or w.startswith("enter the battlefield under an")
            or w.endswith("under an opponent's control causes a triggered ability of that creature to trigger")):
        from undercity.cards.language.opponent_enters import opponent_enters_trigger

        if (entering := opponent_enters_trigger(s.det, noun_filter(s.noun), w)) is None:
            raise Unsupported(f"{word} {ev.render()}")
        return entering
    if isinstance(s, A.DescRef) and word == "whenever" and w in (
            "enters the battlefield under your control", "enters under your control"):
        flt = noun_filter(s.noun)
        if s.det == "another":
            flt = m.Filter(**{f: getattr(flt, f) for f in flt.__dataclass_fields__} | {"other": True})
        if not flt.types and not flt.subtypes and not (s.noun.heads == ("permanent",) and flt.owner):
            # "a Dragon" is a permanent with that subtype (CR 205.3); "a nonland permanent an
            # opponent owns": any permanent (CR 110.1) of theirs.
            raise Unsupported(f"{word} {ev.render()}")
        return m.Trigger("enters", filter=flt, whose="you")
    raise Unsupported(f"{word} {ev.render()}")


def _put_into_zone(p: A.PutIntoZone) -> m.Trigger:
    """"Whenever a card is put into an opponent's graveyard from anywhere", "whenever one or more
    cards are put into exile from your library and/or your graveyard" (CR 603.6c, 603.2c)."""
    flt = noun_filter(p.noun)
    zone, whose = {"exile": ("exile", "each"), "a graveyard": ("graveyard", "each"),
                   "your graveyard": ("graveyard", "you"), "an opponent's graveyard": ("graveyard", "opponent")}[p.zone]
    froms = {"your library": "library", "your graveyard": "graveyard"}
    if flt.controller is not None or flt.other or (p.sources != ("anywhere",) and zone != "exile"):
        raise Unsupported(f"whenever {p.render()}")
    if p.sources != ("anywhere",):
        whose = "you"  # "from your library and/or your graveyard": your cards (CR 400.3, 404.1)
    return PutIntoZone(filter=None if flt == m.Filter() else flt, to_zone=zone, whose=whose,
                       from_zones=frozenset(froms[z] for z in p.sources if z in froms),
                       one_or_more=p.det == "one or more")


#: "Whenever you cast …" (CR 601.2i, 603.2): the spell a trigger of event ``cast`` looks for.
def _one_described(desc: str, *dets: str) -> A.DescRef | None:
    """The words of an event's object ("a Clue", "a creature spell with mana value 3 or less"),
    which the parser keeps as text, read again as "a/an [noun]" (or another of ``dets``: "another
    nontoken artifact or creature") — or None if they aren't that."""
    from undercity.cards.text.parser import Parser, tokens

    ref = Parser(tokens(desc)).ref()
    return ref if isinstance(ref, A.DescRef) and ref.det in ("a", "an", *dets) and ref.render() == desc else None


def _cast_of(desc: str) -> m.Trigger | None:
    """"Whenever you cast a creature spell with mana value 3 or less" (CR 601.2i, 603.2): the
    spell as a filter of its characteristics, or None when the words aren't one spell's."""
    ref = _one_described(desc)
    if ref is None or ref.noun.card != "spell":
        return None
    flt = noun_filter(ref.noun)
    if flt.controller is not None or flt.other or flt.tapped is not None or flt.attacking or flt.blocking:
        return None  # a spell isn't controlled "by you" as a permanent is, nor tapped or in combat
    return m.Trigger("cast", filter=flt)


_CAST = {
    "cast a spell": m.Trigger("cast", filter=m.Filter()),
    "cast a noncreature spell": m.Trigger("cast", filter=m.F(not_types={"Creature"})),
    "cast a creature spell": m.Trigger("cast", filter=m.F("Creature")),
    "cast an instant or sorcery spell": m.Trigger("cast", filter=m.F("Instant", "Sorcery")),
    "cast an artifact spell": m.Trigger("cast", filter=m.F("Artifact")),
    "cast an enchantment spell": m.Trigger("cast", filter=m.F("Enchantment")),
}

_CONDITIONS = {"you've completed a dungeon": "completed_dungeon", "you have the initiative": "have_initiative",
               "you're the monarch": IS_MONARCH, "you or a player you're attacking has the initiative": InitiativeInAttack(),
               "a permanent you controlled left the battlefield this turn": "revolt",
               "you have a full party": FULL_PARTY, "you control your commander": ControlsCommander(),
               "a creature died this turn": CreatureDiedThisTurn(), "your turn": YourTurn(), "it's your turn": YourTurn(),
               "you control a commander": ControlsCommander(yours=False),
               "an opponent controls more lands than you": OpponentMoreLands(),
               "you have two or more opponents": TwoOrMoreOpponents(),
               "your life total is less than or equal to half your starting life total": AtMostHalfStartingLife()}


def _died_was(when: m.Trigger, cond: A.Node | None) -> m.Filter | None:
    """The creatures of "if that creature was a Horror" after "When enchanted creature dies",
    or None."""
    from undercity.cards.text.parser import subtype_of

    if type(when) is not m.Trigger or when.event != "equipped_dies" or not isinstance(cond, A.Condition):
        return None
    words = cond.words.split()
    if words[:3] != ["that", "creature", "was"] or len(words) != 5 or words[3] not in ("a", "an"):
        return None
    st = subtype_of(words[4])
    return m.Filter(subtypes=frozenset({st})) if st is not None else None


def _dealt_by(when: m.Trigger, cond: A.Node | None) -> m.Filter | None:
    """The sources of "if any of that damage was dealt by a Warrior" after "Whenever your
    opponents are dealt combat damage", or None."""
    from undercity.cards.language.damage import OpponentsDealtCombatDamage
    from undercity.cards.text.parser import subtype_of

    if not isinstance(when, OpponentsDealtCombatDamage) or not isinstance(cond, A.Condition):
        return None
    words = cond.words.split()
    if words[:7] != ["any", "of", "that", "damage", "was", "dealt", "by"] or len(words) != 9:
        return None
    st = subtype_of(words[8])
    return m.Filter(subtypes=frozenset({st})) if st is not None else None


def _controls(c: A.ControlsCondition, word: str) -> Controls:
    """"you control [a | N or more] …" as a :class:`Controls` condition."""
    flt = noun_filter(c.noun)
    if flt.other or flt.controller is not None:
        raise Unsupported(f"{word} {c.render()}")
    return Controls(filter=flt, n=_n(c.n))


def _tapped_for_mana(a: A.TriggeredAbility, text: str) -> m.Triggered | None:
    """"Whenever enchanted land is tapped for mana, its controller adds an additional {G}": a
    triggered mana ability (CR 605.1b), resolved with the land's mana ability (605.4a)."""
    ev = a.event
    if not (isinstance(ev.subject, A.WordRef) and ev.subject.words in (
            "enchanted land", "enchanted Plains", "enchanted Island", "enchanted Swamp", "enchanted Mountain",
            "enchanted Forest") and ev.words == "is tapped for mana" and a.word == "whenever" and a.condition is None):
        return None
    ss = a.body.sentences if isinstance(a.body, A.Effects) else ()
    c = ss[0].clauses[0] if len(ss) == 1 and isinstance(ss[0], A.Sentence) and len(ss[0].clauses) == 1 else None
    if not (isinstance(c, A.Phrase) and isinstance(c.who, A.WordRef) and c.who.words == "its controller"
            and c.words.startswith("adds an additional ") and not ss[0].may):
        raise Unsupported(a.body.render())
    from undercity.cards.language.mana_triggers import WhenEnchantedTappedForMana

    mana = _mana(c.words[len("adds an additional "):])
    if mana != "any" and not mana.isalpha():  # "any": one alternative per color for the planner
        # fixed mana only — or the Aura's chosen color, fixed as it entered (CR 614.12a): the
        # payment planner counts it with the land's
        raise Unsupported(c.render())
    return WhenEnchantedTappedForMana(text, when=m.Trigger("tapped_for_mana"), effects=(m.AddMana(mana),), mana=mana)


def _once_each_turn(when: m.Trigger, a: A.TriggeredAbility) -> m.Trigger:
    """"This ability triggers only once each turn." (CR 603.2): of a "whenever you cast" trigger,
    the cast-once event (engine/event_triggers.py keeps the turn it last triggered)."""
    from undercity.cards.language.event_triggers import ZoneTrigger

    if when == PutIntoZone(filter=m.F("Creature"), to_zone="graveyard", whose="you", one_or_more=True) \
            and not isinstance(a.body, A.Modal):
        # "Whenever one or more creature cards are put into your graveyard from anywhere, …. This
        # ability triggers only once each turn." (CR 603.2c): the first such event each turn.
        return ZoneTrigger("creature_cards_to_your_graveyard", once_each_turn=True)
    if type(when) is not m.Trigger or when.event != "cast" or when.nth is not None or when.from_zone is not None \
            or isinstance(a.body, A.Modal):
        raise Unsupported("this ability triggers only once each turn")
    return ZoneTrigger("cast_once", filter=when.filter, once_each_turn=True)


#: Triggers of an Equipment whose object is the equipped creature (CR 301.5): "it" is that creature.
def _equipped_events() -> tuple[str, ...]:
    from undercity.cards.language.damage import EQUIPPED_COMBAT_DAMAGE_TO_PLAYER, EQUIPPED_DEALS_COMBAT_DAMAGE
    from undercity.cards.language.event_triggers import EQUIPPED_ATTACKS_OR_BLOCKS, EQUIPPED_DEALT_DAMAGE

    return (EQUIPPED_DEALT_DAMAGE, EQUIPPED_ATTACKS_OR_BLOCKS, EQUIPPED_DEALS_COMBAT_DAMAGE,
            EQUIPPED_COMBAT_DAMAGE_TO_PLAYER)


_EQUIPPED_EVENTS = _equipped_events()


def _triggered(a: A.TriggeredAbility, text: str) -> m.Triggered:
    if (mana_trigger := _tapped_for_mana(a, text)) is not None:
        return mana_trigger
    when = _trigger(a.event, a.word)
    if a.once_each_turn:
        when = _once_each_turn(when, a)
    cond: m.Condition | None = None
    if (was := _died_was(when, a.condition)) is not None:
        # "if that creature was a Horror": of the creature as it died (CR 603.10a), true as it
        # triggers and as it resolves (CR 603.4) — which deaths trigger it at all.
        when, a = replace(when, filter=was), replace(a, condition=None)
    if (by := _dealt_by(when, a.condition)) is not None:
        # "if any of that damage was dealt by a Warrior": a fact of the event, true as it
        # triggers and as it resolves (CR 603.4) — which damage triggers it at all.
        when, a = replace(when, filter=by), replace(a, condition=None)
    defending = isinstance(a.condition, A.Condition) and a.condition.words == "you're the defending player"
    if defending:
        when = _defending_you(when, a)
    elif isinstance(a.condition, A.ControlsCondition):
        # CR 603.4: checked as the ability triggers and again as it resolves.
        cond = _controls(a.condition, "if")
    elif isinstance(a.condition, A.AtLeastCondition):
        cond = at_least(a.condition.before, a.condition.n.value or 0)  # CR 603.4
    elif isinstance(when, PutIntoZone) and isinstance(a.condition, A.Condition) \
            and a.condition.words == "~ is suspended":
        # "if ~ is suspended" (CR 603.4): it triggers only from the suspended card (CR 702.62b),
        # and its effect acts only on a card still suspended as it resolves.
        when = replace(when, while_suspended=True)
    elif a.condition is not None and (had := had_counters(when, a.condition.words)) is not None:
        when = had  # CR 603.4, 603.10a: of the creature that died, as it last existed
    elif a.condition is not None and a.condition.words == "that creature had to attack this combat" \
            and isinstance(when, CombatDamageToPlayer):
        when = replace(when, had_to_attack=True)  # CR 603.4, 508.1d: of the creature that dealt the damage
    elif a.condition is not None:
        what = _CONDITIONS.get(a.condition.words)
        if what is None:
            raise Unsupported(f"if {a.condition.words}")
        cond = what if isinstance(what, m.Condition) else m.Condition(what)
    if isinstance(a.body, A.Modal):
        return _modal_triggered(a, text, when, cond)
    ctx = Ctx(suspended=getattr(when, "while_suspended", False))
    ctx.dice_trigger = when.event == ROLL_DICE
    if when.event in ("attacks", "enters", "dies", "becomes_tapped", DEALS_DAMAGE) and when.filter is None:
        ctx.it = m.SELF if when.event != "dies" else None
        ctx.it_source = when.event in ("enters", "dies", "attacks")  # "it deals …": ~ (CR 120.3)
    elif when.event in ("attacks", "enters", "goaded_attacks", "self_or_other_enters", "equipped_dies",
                        *_EQUIPPED_EVENTS):
        ctx.it = m.TRIGGER_OBJECT  # the attacking, entering, dying or damaged creature the trigger names
    if when.event in _EQUIPPED_EVENTS[2:]:
        ctx.event_amount = DAMAGE_DEALT  # "create that many …": the combat damage it dealt
    if when.event in ("becomes_blocked", "permanent_deals_damage_to_you"):
        ctx.it = m.TRIGGER_OBJECT  # the creature that became blocked, the permanent that dealt damage
    if when.event == "sacrifice":
        ctx.it = m.TRIGGER_OBJECT  # "exile it": the card sacrificed, in the graveyard (CR 400.7, 603.10a)
    if isinstance(when, PutIntoZone) and not when.one_or_more and not when.while_suspended:
        ctx.it = m.TRIGGER_OBJECT  # "put it onto the battlefield": the card put there (CR 603.6c, 400.7)
        ctx.it_card = True
    if isinstance(when, CreatureDies) and when.had_counters:
        ctx.it = m.TRIGGER_OBJECT  # "the number of counters it had on it": the creature that died
    ctx.died = isinstance(when, CreatureDies) and when.filter is not None and not when.self_too
    ctx.self_moved = type(when) is m.Trigger and when.event in ("dies", "leaves", "put_into_graveyard") \
        and when.filter is None
    ctx.cast_trigger = when.event in ("cast", "cast_this_way")  # language.cast_permissions.CAST_THIS_WAY
    ctx.player_casts = isinstance(when, PlayerCasts) and when.whose == "each"
    ctx.ability_trigger = when.event == "entering_triggers_its_ability"  # language.opponent_enters
    ctx.activation_trigger = when.event == "activate_nonmana"  # language.event_triggers.ActivatesAbility
    ctx.attached_died = when.event == "equipped_dies"
    ctx.spell_target = when.event == "becomes_target_of_spell"  # prevention.BECOMES_TARGET_OF_SPELL
    ctx.that_many = when.event in THAT_PLAYER_THAT_MANY
    ctx.that_much = ctx.that_many or type(when) is m.Trigger and when.event == "combat_damage_to_player"
    if type(when) is m.Trigger and when.event == "attacks" and when.whose == "opponent":
        ctx.that_player = m.DEFENDING  # "Whenever a creature attacks one of your opponents, that player …"
    if when.event == "beginning_of" and when.whose == "opponent":
        ctx.that_player = ACTIVE_PLAYER  # "At the beginning of each opponent's end step, that player …"
    if when.event == BECOMES_MONSTROUS:
        ctx.monstrous_x = True  # CR 701.37c: X is the X it became monstrous with
    if when.event == "player_casts" and when.whose == "enchanted":
        from undercity.cards.language.event_triggers import CASTER

        ctx.that_player = CASTER  # "Whenever enchanted player casts …, … that player": who cast it
        ctx.enchants_player = True
    if when.event == "player_casts" and when.whose == "chosen":
        from undercity.cards.language.entering import CHOSEN_PLAYER

        ctx.that_player = CHOSEN_PLAYER  # "Whenever the chosen player casts a spell, that player …"
    if when.event == "permanent_becomes_target":  # language.event_triggers.PermanentBecomesTarget
        from undercity.cards.language.prevention import SPELL_CONTROLLER

        ctx.that_player, ctx.it = SPELL_CONTROLLER, m.TRIGGER_OBJECT  # who targeted; what was targeted
    if when.event == "combat_damage_to_player":
        ctx.event_amount = DAMAGE_DEALT
        if type(when) is m.Trigger:  # "whenever ~ deals combat damage to a player, that player …"
            from undercity.cards.language.event_triggers import DAMAGED_PLAYER

            ctx.that_player = DAMAGED_PLAYER
    if when.event == "creature_combat_damage_to_player":  # language.event_triggers.CombatDamageToPlayer
        from undercity.cards.language.event_triggers import DAMAGED_PLAYER

        # "that player": the player dealt damage; "that many": the damage; "it": the creature
        ctx.event_amount, ctx.that_player, ctx.it = DAMAGE_DEALT, DAMAGED_PLAYER, m.TRIGGER_OBJECT
    if when.event == "attack_a_player":  # language.attacked_players.AttackAPlayer
        from undercity.cards.language.attacked_players import ATTACKING_PLAYER

        ctx.attacking_player = ATTACKING_PLAYER  # "the attacking player" (CR 508.3e)
    if when.event in ("player_attacked", "attack_a_player"):  # language.attacked_players
        from undercity.cards.language.attacked_players import ATTACKED_PLAYER

        ctx.that_player = ATTACKED_PLAYER  # "that player": the attacked player (CR 508.3b)
    if when.event in ("enters", "attacks") and when.filter is not None and when.filter.owner == "opponent":
        from undercity.cards.language.attack_requirements import TRIGGER_OBJECT_OWNER

        ctx.that_player = TRIGGER_OBJECT_OWNER  # "they": the opponent who owns it (CR 108.3)
    if when.event == "dealt_damage":  # "it deals that much damage": it, and the damage it was dealt
        ctx.it, ctx.it_source, ctx.event_amount = m.SELF, True, DAMAGE_DEALT
    optional = len(a.body.sentences) == 1 and bool(getattr(a.body.sentences[0], "may", ""))
    if optional:
        # "When …, you may …": an optional triggered ability — its controller chooses as it
        # resolves whether to do it (CR 603.5).
        a = dataclasses.replace(a, body=A.Effects((dataclasses.replace(a.body.sentences[0], may=""),)))
    effs = effects(a.body, ctx)
    if defending:
        effs = (WhileDefending(effs),)  # CR 603.4: checked again as it resolves
    if type(when) is m.Trigger and when.event == "enters" and when.whose == "you" and when.filter is not None \
            and _returns_self(effs):
        from undercity.cards.language.from_graveyard import EntersWhileInGraveyard

        # "Whenever a Dragon enters the battlefield under your control, …, return ~ from your
        # graveyard to your hand": it functions only in the graveyard (CR 113.6m)
        when = EntersWhileInGraveyard(filter=when.filter, whose="you")
    if type(when) is m.Trigger and when.event == "complete_dungeon" and _returns_self(effs):
        from undercity.cards.language.event_triggers import ZoneTrigger
        from undercity.cards.language.zone_moves import ReturnSourceCard

        # "Whenever you complete a dungeon, you may return this card from your graveyard to your
        # hand": it functions only in the graveyard (CR 113.6m); the card moved by the triggered
        # ability's own effect (608.2c), as a cascade trigger's return of its card is
        if effs != (ReturnSelf("hand"),):
            raise Unsupported(a.body.render())
        when, effs = ZoneTrigger("complete_dungeon", zone="graveyard"), (ReturnSourceCard(),)
    if any(t.any_number for t in ctx.targets[:-1]):
        raise Unsupported(a.body.render())  # "any number of target …" stands for the last targets
    return m.Triggered(text, when=when, effects=effs, targets=tuple(ctx.targets), if_=cond, optional=optional)


def _defending_you(when: m.Trigger, a: A.TriggeredAbility) -> m.Trigger:
    """"Whenever a creature an opponent controls attacks, if you're the defending player": the
    creature attacks you or a planeswalker you control (CR 506.2, 603.4)."""
    if not (when.event == "attacks" and when.filter is not None and when.filter.controller == "opponent"
            and when.whose == "any" and not isinstance(a.body, A.Modal)):
        raise Unsupported(f"if {a.condition.render() if a.condition else ''}")
    return replace(when, whose=DEFENDING_YOU)


#: How many modes "choose …" lets a triggered ability's controller choose (CR 700.2): (fewest, most).
_TRIGGER_CHOOSE = {"one": (1, 1), "up to one": (0, 1), "one or both": (1, 2)}


def _modal_triggered(a: A.TriggeredAbility, text: str, when: m.Trigger, cond: m.Condition | None) -> m.Triggered:
    """A modal triggered ability (CR 700.2b, 603.3c): each mode lowers as its own effects and
    targets; "it" in a mode is what it is in an unmodal trigger of the same event."""
    assert isinstance(a.body, A.Modal)
    choose = _TRIGGER_CHOOSE.get(a.body.choose) or ((1, len(a.body.modes)) if a.body.choose == "one or more" else None)
    if choose is None or len(a.body.modes) < 2:
        raise Unsupported(f"choose {a.body.choose} —")
    modes = []
    # The modes' words with the card's name (the bullet lines of the named text, as Modal renders).
    words = [line.removeprefix("• ") for line in text.split("\n")[1:]]
    for mode, said in zip(a.body.modes, words if len(words) == len(a.body.modes) else
                          [md.render() for md in a.body.modes], strict=True):
        ctx = Ctx()
        if when.event in ("attacks", "enters", "dies") and when.filter is None:
            ctx.it = m.SELF if when.event != "dies" else None
        elif when.event == "attacks":
            ctx.it = m.TRIGGER_OBJECT
        effs = effects(mode, ctx)
        # An optional mode ("you may" inside a mode) is refused; "you may play that card" read
        # with the sentences before it is a permission (CR 611.2a), no choice made as it resolves.
        if any(getattr(s, "may", "") for s in mode.sentences) and any(isinstance(e, May) for e in effs):
            raise Unsupported(mode.render())
        modes.append(m.Mode(said, effs, tuple(ctx.targets)))
    return m.Triggered(text, when=when, if_=cond, modes=tuple(modes), choose=choose)


def _cost(items: tuple[A.CostItem, ...]) -> m.Cost:
    kw: dict[str, Any] = {}
    for c in items:
        if c.kind == "mana" and "mana" not in kw:
            kw["mana"] = _mana_cost(c.words)
        elif c.kind == "tap" and "tap" not in kw:
            kw["tap"] = True
        elif c.kind == "untap" and "untap" not in kw and "tap" not in kw:
            kw["untap"] = True  # {Q} (CR 107.6)
        elif c.kind == "sacrifice" and isinstance(c.what, A.SelfRef):
            kw["sacrifice_self"] = True
        elif c.kind == "exile" and isinstance(c.what, A.SelfRef) and "exile_self" not in kw:
            kw["exile_self"] = True  # "Exile ~:" (CR 118.3)
        elif c.kind == "sacrifice" and isinstance(c.what, A.DescRef) and c.what.det in ("a", "an"):
            kw["sacrifice"] = noun_filter(c.what.noun)
        elif c.kind == "sacrifice" and isinstance(c.what, A.DescRef) and c.what.det == "another":
            kw["sacrifice"] = replace(noun_filter(c.what.noun), other=True)  # not the source itself
        elif c.kind == "sacrifice" and isinstance(c.what, A.DescRef) and c.what.det == "" and "sacrifice" not in kw \
                and len(words := c.words.split()) == 2:
            # "Sacrifice three Rats", "Sacrifice X Treasures" (CR 118.3; X announced, 601.2b)
            from undercity.cards.text.parser import NUMBERS

            kw["sacrifice"] = noun_filter(c.what.noun)
            if words[1] == "X":
                kw["sacrifice_x"] = True
            elif isinstance(NUMBERS.get(words[1].lower()), int) and NUMBERS[words[1].lower()] > 1:
                kw["sacrifice_n"] = NUMBERS[words[1].lower()]
            else:
                raise Unsupported(c.render())
        elif (c.kind == "discard" and "discard" not in kw and isinstance(c.what, A.DescRef)
              and c.what.det in ("a", "an") and c.what.noun.card == "card" and not c.what.noun.suffix
              and not c.what.noun.quals):
            kw["discard"] = noun_filter(c.what.noun)  # "Discard a card:" (CR 701.9a), from the hand
        elif c.kind == "discard" and isinstance(c.what, A.SelfRef):
            kw["discard_self"] = True  # "Discard ~:" works from the hand (CR 113.6j)
        elif c.kind == "loyalty":
            kw["loyalty"] = int(c.words.strip("[]").replace("−", "-"))
        elif c.kind == "pay_life" and "pay_life" not in kw:
            kw["pay_life"] = _life_cost(c.words)
        elif c.kind == "remove_counters" and isinstance(c.what, A.SelfRef) and "remove_counters" not in kw:
            from undercity.cards.text.parser import NUMBERS

            words = c.words.split()  # "remove" N kind "counter(s)" "from"
            if words[2] in _RULES_COUNTERS:
                raise Unsupported(c.render())
            if words[1] == "all":
                kw["remove_all_counters"] = words[2]  # CR 602.2b: however many it has
            elif words[1] == "X":
                kw["remove_x_counters"] = words[2]  # CR 107.3, 602.2b: X announced
            else:
                kw["remove_counters"] = (words[2], int(NUMBERS.get(words[1].lower()) or words[1]))
        elif (c.kind == "tap_untapped" and "tap_untapped" not in kw and isinstance(c.what, A.DescRef)
              and c.what.det in ("a", "an", "another") and c.what.noun.quals[:1] == ("untapped",)
              and c.what.noun.suffix == ("you control",) and not c.what.noun.card):
            # "Tap an untapped legendary creature you control:" (CR 118.3, 602.2b): a permanent
            # of its controller's, chosen as the ability is activated; "another" not the source.
            flt = noun_filter(replace(c.what.noun, quals=c.what.noun.quals[1:], suffix=()))
            kw["tap_untapped"] = replace(flt, other=True) if c.what.det == "another" else flt
        elif c.kind == "roll" and "roll" not in kw:
            kw["roll"] = int(c.words.split()[-1][1:])  # "roll a d8" (CR 706.1)
        else:
            raise Unsupported(c.render())
    return m.Cost(**kw)


def _life_cost(words: str) -> m.Amount:
    """"Pay 2 life", "Pay life equal to the number of colors in your commanders' color identity"
    (CR 119.4, 903.4f)."""
    from undercity.cards.language.quantities import COMMANDER_COLORS
    from undercity.cards.text.parser import NUMBERS

    if words == "pay life equal to the number of colors in your commanders' color identity":
        return COMMANDER_COLORS
    n = NUMBERS.get(words.split()[1].lower()) if not words.split()[1].isdigit() else int(words.split()[1])
    if n is None:
        raise Unsupported(words)  # "Pay X life"
    return n


def _mana_cost(text: str) -> Any:
    try:
        return parse_cost(text)
    except ValueError as err:  # a symbol the engine's mana doesn't have ({S}, Phyrexian mana)
        raise Unsupported(text) from err


def _mana(opt: str) -> str:
    if opt == "one mana of any color":
        return "any"
    if opt == "one mana of any color that a land an opponent controls could produce":
        from undercity.cards.language.could_produce import OPPONENT_LAND_COLOR

        return OPPONENT_LAND_COLOR  # found as it would resolve (CR 106.7; engine/could_produce.py)
    if opt == "one mana of the chosen color":
        return CHOSEN_COLOR  # the color chosen as it entered (CR 614.12; language.entering)
    if " " in opt:  # "six {G}": that many of the one symbol (CR 106.1)
        from undercity.cards.text.parser import NUMBERS

        word, sym = opt.split(" ", 1)
        return _mana(sym) * NUMBERS[word.lower()]  # type: ignore[operator]
    syms = opt.strip("{}").split("}{")
    if all(s in "WUBRGC" and len(s) == 1 for s in syms):
        return "".join(syms)
    raise Unsupported(f"add {opt}")


def _activated(a: A.ActivatedAbility, text: str) -> list[m.Activated]:
    if isinstance(a.only_if, A.Condition) and a.only_if.words == "~ is suspended":
        # CR 702.62b, 113.6b: it works only while its card is suspended — from exile
        # (activate_only.IF_SUSPENDED).
        a = replace(a, only_if=None, restriction="activate only if ~ is suspended.")
    your_turn = a.restriction == "activate only during your turn." and a.only_if is None
    if your_turn:  # CR 602.5b: the condition checked as it would be activated, as "if" ones are
        a = replace(a, restriction="")
    cost = _cost(a.costs)
    if a.restriction not in ("", "activate only as a sorcery.", *RESTRICTIONS):
        raise Unsupported(a.restriction)
    sorcery = a.restriction == "activate only as a sorcery."
    if not isinstance(a.body, A.Effects):
        raise Unsupported("choose " + a.body.choose + " —")
    first = a.body.sentences[0]
    pain = _mana_pain(a.body.sentences[1:])
    spending = _mana_spending(a.body.sentences[1:])  # CR 106.6: what the mana may be spent on
    instead = _mana_instead(a.body.sentences)
    if instead is not None:
        if cost != m.Cost(tap=True) or a.restriction:
            raise Unsupported(a.render())  # the planner's mana abilities cost {T} here
        return [m.Activated(text, cost=cost, effects=(instead,), mana_ability=True, only_if=_only_if(a, your_turn))]
    only = first.clauses if (len(a.body.sentences) == 1 or pain or spending) and isinstance(first, A.Sentence) else ()
    only_if = _only_if(a, your_turn)
    if len(only) == 1 and isinstance(only[0], A.AddMana) and only[0].per is not None:
        return [_mana_for_counters(only[0], cost, text, only_if, a.restriction)]
    if len(only) == 1 and isinstance(only[0], A.AddManaCombination) and not first.may and not first.where \
            and not first.prefix and not pain:
        return [_chosen_mana(only[0], cost, text, spending, a.restriction, only_if)]
    if len(only) == 1 and isinstance(only[0], A.AddMana) and not first.may:
        # A mana ability (CR 605.1a); "Add {U} or {B}" is one ability with a choice, which
        # the payment planner treats as one alternative per color (same source key).
        mana_paid = cost.mana is not None and dataclasses.replace(cost, mana=None) == m.Cost(tap=True)
        if mana_paid and (cost.mana.x or any(h[0] == "2" for h in cost.mana.hybrid)
                          or "one mana of any color" in only[0].options):
            mana_paid = False  # the planner pays a Signet's fixed cost for fixed mana only
        removes = cost.remove_counters is not None and dataclasses.replace(cost, remove_counters=None) == m.Cost(tap=True)
        if not mana_paid and not removes and cost not in (m.Cost(tap=True), m.Cost(tap=True, sacrifice_self=True)):
            # The payment planner plans mana abilities whose cost is {T} (and sacrificing the
            # source or removing counters from it), or {T} and mana ("{1}, {T}: Add {W}{B}", paid
            # from other mana, CR 605.3a).
            raise Unsupported(", ".join(c.render() for c in a.costs) + ": add mana")
        if a.restriction:
            raise Unsupported(a.restriction)  # the payment planner checks "Activate only if" only
        # "~ deals 1 damage to you." after the mana: part of the mana ability (CR 605.3b).
        extra = (m.DealDamage(pain, m.YOU),) if pain else spending or ()
        return [m.Activated(text, cost=cost, effects=(_add_mana(o), *extra), mana_ability=True,
                            only_if=only_if) for opt in only[0].options for o in _different_colors(opt)]
    # CR 602.2b, 601.2b: X of the cost is announced as the ability is activated; the
    # ability's effects read it on resolution (CR 107.3a).
    ctx = Ctx(cost_x=m.X if any(c.kind == "mana" and "{X}" in c.words for c in a.costs) or cost.sacrifice_x
              else None)
    if cost.sacrifice_x and cost.mana is not None and cost.mana.x:
        raise Unsupported(", ".join(c.render() for c in a.costs))  # two different X's
    if cost.roll is not None:  # "Roll a d8: …, where X is the result": the cost's roll (CR 602.2b)
        ctx.rolled = A.Roll(None, "roll", A.Num("a", 1), cost.roll)
    if cost.remove_counters is not None or cost.remove_all_counters is not None:
        # "Remove a +1/+1 counter from ~: It deals 1 damage to any target": "it" is the source.
        ctx.it, ctx.it_source = m.SELF, True
    ctx.removed_counters = cost.remove_all_counters is not None
    ctx.activated = True
    ctx.loyalty = cost.loyalty is not None
    ctx.suspended = a.restriction == "activate only if ~ is suspended."
    effs = effects(_still_a_land(a.body), ctx)
    if _returns_self(effs) and not any(isinstance(e, ReturnSelf) for e in effs):
        raise Unsupported(a.body.render())  # the engine finds the ability's zone from its own effects
    if a.restriction in RESTRICTIONS:  # "Activate only during your upkeep." (CR 602.5b)
        return [ActivateOnly(text, cost=cost, effects=effs, targets=tuple(ctx.targets),
                             only=RESTRICTIONS[a.restriction])]
    if _has_count(effs, "sacrificed_stat") and (cost.sacrifice is None or "Creature" not in cost.sacrifice.types):
        raise Unsupported(a.body.render())  # "the sacrificed creature" of a cost that sacrifices none
    return [m.Activated(text, cost=cost, effects=effs, targets=tuple(ctx.targets), sorcery_speed=sorcery,
                        only_if=only_if)]


def _chosen_mana(c: A.AddManaCombination, cost: m.Cost, text: str, spending: tuple[m.Effect, ...],
                 restriction: str, only_if: m.Condition | None) -> m.Activated:
    """"{T}, Remove X storage counters from ~: Add X mana in any combination of colors. [Spend this
    mana only to …]" (CR 605.1a, 106.1b, 106.6): a mana ability that resolves at once (CR 605.3b),
    X announced as the counters are removed (CR 107.3, 602.2b), the colors chosen as it resolves."""
    from undercity.cards.language.mana_abilities import AddManaCombination, ChosenManaAbility
    from undercity.cards.language.mana_spending import SpendOnly

    if c.options != ("colors",) or c.n.word != "X" or cost.remove_x_counters is None or restriction \
            or only_if is not None or dataclasses.replace(cost, remove_x_counters=None) != m.Cost(tap=True) \
            or len(spending) > 1 or spending and not isinstance(spending[0], SpendOnly):
        raise Unsupported(c.render())
    only = spending[0] if spending else None
    assert only is None or isinstance(only, SpendOnly)
    return ChosenManaAbility(text, cost=cost, effects=(AddManaCombination("WUBRG", m.X, only=only),))


def _mana_for_counters(c: A.AddMana, cost: m.Cost, text: str, only_if: m.Condition | None,
                       restriction: str) -> m.Activated:
    """"{T}: Add {C} for each charge counter on ~" (CR 605.1a, 605.3a, 106.4): a mana ability adding
    one fixed mana as many times as there are such counters on its source as it resolves — the
    payment planner counts them (engine/mana_abilities.py)."""
    from undercity.cards.language.mana_abilities import AddManaFor, AddManaPer

    if isinstance(c.per, A.Noun) and len(c.options) == 1 and len(mana := _mana(c.options[0])) == 1 \
            and mana.isupper() and cost == m.Cost(tap=True) and not restriction \
            and (per := _each_you_control(c.per)) is not None and per.filter is not None:
        # "{T}: Add {G} for each creature you control" (CR 605.3a, 106.4): counted as it resolves,
        # and by the payment planner (engine/mana_abilities.py).
        return m.Activated(text, cost=cost, effects=(AddManaPer(mana, per=replace(per.filter, controller=None)),),
                           mana_ability=True, only_if=only_if)
    if not isinstance(c.per, A.CountersOn) or c.per.on != "on ~" or len(c.options) != 1 \
            or len(mana := _mana(c.options[0])) != 1 or not mana.isupper() or cost != m.Cost(tap=True) or restriction:
        raise Unsupported(c.render())  # an amount the payment planner doesn't count
    return m.Activated(text, cost=cost, effects=(AddManaFor(mana, n=counters_on(c.per, Ctx())),), mana_ability=True,
                       only_if=only_if)


def _has_count(x: Any, what: str) -> bool:
    """Whether an amount named ``what`` is anywhere inside ``x`` (effects, abilities)."""
    if isinstance(x, m.Count):
        return x.what == what
    if isinstance(x, tuple | list):
        return any(_has_count(y, what) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type) and not isinstance(x, m.Filter | m.Ref):
        return any(_has_count(getattr(x, f.name), what) for f in dataclasses.fields(x) if f.name not in ("text", "uid"))
    return False


def _becomes(c: A.Becomes, ctx: Ctx) -> list[m.Effect]:
    """"~ becomes a 3/3 green and blue Elemental creature with hexproof until end of turn" as
    the layer effects of CR 611.2a: types (layer 4 — added if "It's still a land", else they
    replace its card types and subtypes, CR 205.1a-b), colors (5), abilities (6), base P/T (7b)."""
    from undercity.cards.language.continuous import AddAbilities as Abilities
    from undercity.cards.language.continuous import AddTypes, SetColors, SetPT, SetTypes
    from undercity.cards.language.until_end_of_turn import UntilEndOfTurn
    from undercity.cards.text.creature_types import CREATURE_TYPES
    from undercity.cards.text.parser import subtype_of

    what = object_ref(c.what, ctx)
    if what != m.SELF or c.duration is None or c.duration.words != "until end of turn":
        raise Unsupported(c.render())
    if c.pt == "X/X" and ctx.x is not None and not c.colors and not c.quoted:
        from undercity.cards.language.until_end_of_turn import BecomesXX

        # "becomes an X/X Insect artifact creature, where X is the result": X counted as it
        # resolves (CR 608.2h), the effect's base P/T fixed then (layer 7b)
        fixed = _becomes(replace(c, pt="0/0"), ctx)[0]
        assert isinstance(fixed, UntilEndOfTurn)
        desc = fixed.description.replace("0/0", "X/X").replace("become ", "becomes ", 1)
        return [BecomesXX(fixed.what, fixed.mods[:-1], desc, ctx.x)]
    p, t = _pt(c.pt)
    types, subtypes = {"Creature"}, set(CREATURE_TYPES if c.all_types else ())
    for k in c.kinds:
        if k.lower() == "artifact":
            types.add("Artifact")
        elif (st := subtype_of(k)) == k and st in CREATURE_TYPES:
            subtypes.add(st)
        else:
            raise Unsupported(c.render())
    mods: list[Any] = [AddTypes(frozenset(types), frozenset(subtypes)) if c.still
                       else SetTypes(frozenset(types), frozenset(subtypes))]
    if c.colors:
        mods.append(SetColors(frozenset(_COLORS[w] for w in c.colors)))
    gained: list[Any] = []
    if c.keywords and c.keywords[0].startswith("ward {"):
        # CR 702.21a: ward is a triggered ability the animated permanent has (layer 6).
        gained.append(_ward(c.keywords[0][5:]))
    elif c.keywords:
        if not frozenset(c.keywords) <= ENGINE_KEYWORDS:
            raise Unsupported(c.render())
        mods.append(Abilities(keywords=frozenset(c.keywords)))
    if gained:
        mods.append(Abilities(abilities=tuple(gained)))
    if c.quoted is not None:
        # CR 113.1a, 613.1f: the quoted ability is the animated permanent's own ("this creature").
        inner = Lowered()
        if isinstance(c.quoted.ability, A.SpellText | A.AbilityWord):
            raise Unsupported(c.quoted.render())
        _ability(c.quoted.ability, c.quoted.ability.render(), inner, lambda n: n.render())
        if inner.keywords or inner.enchant is not None or inner.spell is not None or inner.tokens:
            raise Unsupported(c.quoted.render())
        mods.append(Abilities(abilities=(*inner.triggered, *inner.activated, *inner.static)))
    mods.append(SetPT(p, t))
    desc = A.Becomes(A.WordRef(""), c.verb, c.article, c.pt, c.colors, c.kinds, c.keywords, c.quoted,
                     c.all_types).render().strip()
    out: list[m.Effect] = [UntilEndOfTurn(what, tuple(mods), desc)]
    if c.also == "can't be blocked this turn":
        out.append(CantBeBlockedBy(what, m.F("Creature")))  # CR 509.1b, as Phrase below
    elif c.also:
        raise Unsupported(c.also)
    return out


def _ward(cost: str) -> m.Triggered:
    """"Ward [cost]" (CR 702.21a): "Whenever this permanent becomes the target of a spell or
    ability an opponent controls, counter it unless that player pays [cost]." """
    return m.Triggered(f"Ward {cost}", when=m.Trigger("becomes_target"), effects=(CounterUnlessPays(cost),))


def _still_a_land(body: A.Effects) -> A.Effects:
    """"… becomes a 3/3 … creature until end of turn. It's still a land.": the second sentence
    says the first's type change adds to the land's types (CR 205.1b); folded into it."""
    ss = body.sentences
    if len(ss) < 2 or not isinstance(ss[-1], A.Sentence) or len(ss[-1].clauses) != 1:
        return body
    last, prev = ss[-1].clauses[0], ss[-2]
    if not (isinstance(last, A.Phrase) and last.who is None and last.words.lower() == "it's still a land"
            and isinstance(prev, A.Sentence) and any(isinstance(c, A.Becomes) for c in prev.clauses)):
        return body
    clauses = tuple(dataclasses.replace(c, still=last.words) if isinstance(c, A.Becomes) else c for c in prev.clauses)
    return A.Effects((*ss[:-2], dataclasses.replace(prev, clauses=clauses)))


def _mana_instead(ss: tuple[A.Node, ...]) -> m.Effect | None:
    """"Add {U}. If you played a land this turn, add {B} instead." as one mana ability whose
    mana is decided as it resolves (CR 605.3a, 608.2c); None for any other shape."""
    if len(ss) != 2 or not all(isinstance(s, A.Sentence) and len(s.clauses) == 1 and not s.may and not s.prefix
                               for s in ss):
        return None
    add, alt = ss[0].clauses[0], ss[1].clauses[0]
    if not (isinstance(add, A.AddMana) and isinstance(alt, A.IfInstead) and isinstance(alt.clause, A.AddMana)
            and len(add.options) == 1 and len(alt.clause.options) == 1):
        return None
    mana, mana_if = _mana(add.options[0]), _mana(alt.clause.options[0])
    if not (mana.isupper() and mana_if.isupper()):
        raise Unsupported(ss[1].render())  # fixed mana only
    c = alt.condition
    from undercity.cards.language.conditions import PlayedLandThisTurn
    from undercity.cards.language.mana_abilities import AddManaIf

    if isinstance(c, A.Condition) and c.words == "you played a land this turn":
        return AddManaIf(mana, cond=PlayedLandThisTurn(), mana_if=mana_if)
    # "If you have the initiative, add {C}{C} instead." (CR 605.3a, 608.2c): a named condition
    # of the player activating it, checked as it resolves
    if (named := _named_condition(c, "if")) is None or isinstance(c, A.ControlsCondition):
        raise Unsupported(f"if {c.render()}")
    return AddManaIf(mana, cond=named, mana_if=mana_if)


def _mana_pain(rest: tuple[A.Node, ...]) -> int:
    """N if ``rest`` is exactly "~ deals N damage to you." — what a painland's or a Talisman's
    mana ability does besides adding mana (CR 605.3b: it happens as the ability resolves,
    without the stack); else 0."""
    if len(rest) != 1 or not isinstance(rest[0], A.Sentence) or rest[0].may or len(rest[0].clauses) != 1:
        return 0
    c = rest[0].clauses[0]
    if not (isinstance(c, A.Damage) and isinstance(c.source, A.SelfRef) and isinstance(c.to, A.WordRef)
            and c.to.words == "you" and c.n.value is not None):
        return 0
    return c.n.value


def _different_colors(opt: str) -> tuple[str, ...]:
    """"Add two mana of different colors" (CR 106.1b): one choice of the ten pairs of colors as the
    ability resolves — an option each, as "Add {U} or {B}" is (the planner's alternatives)."""
    if opt != "two mana of different colors":
        return (opt,)
    return tuple(f"{{{a}}}{{{b}}}" for i, a in enumerate("WUBRG") for b in "WUBRG"[i + 1:])


def _add_mana(opt: str) -> m.AddMana:
    """One option of a mana ability's "Add …" as its effect."""
    if opt == "one mana of any color in your commander's color identity":
        from undercity.cards.language.mana_abilities import AddManaIdentity

        return AddManaIdentity()  # CR 903.4: found as it resolves (engine/mana_abilities.py)
    return m.AddMana(_mana(opt))


def _mana_spending(rest: tuple[A.Node, ...]) -> tuple[m.Effect, ...]:
    """The sentences after a mana ability's "Add …" if each is "Spend this mana only to cast …"
    or "When that mana is spent to cast …, [effect]" (CR 106.6): what they say of that mana;
    else ()."""
    from undercity.cards.language.mana_spending import SpendOnly, WhenSpent

    out: list[m.Effect] = []
    for sent in rest:
        c = sent.clauses[0] if isinstance(sent, A.Sentence) and len(sent.clauses) == 1 else None
        if c is None or sent.may or sent.prefix or sent.where:  # type: ignore[union-attr]
            return ()
        if isinstance(c, A.SpendOnly):
            out.append(SpendOnly(noun_filter(c.spells),
                                 noun_filter(c.abilities_of) if c.abilities_of is not None else None))
        elif isinstance(c, A.WhenSpent):
            commander = "that shares a creature type with your commander"
            noun = replace(c.spell, suffix=tuple(x for x in c.spell.suffix if x != commander))
            out.append(WhenSpent(noun_filter(noun), tuple(effect(c.effect, Ctx())),
                                 commander in c.spell.suffix, A.cap(c.render()) + "."))
        else:
            return ()
    return tuple(out)


def _only_if(a: A.ActivatedAbility, your_turn: bool = False) -> m.Condition | None:
    """"Activate only if [condition]." (CR 602.5b) as the condition the engine checks;
    ``your_turn``: "Activate only during your turn."
    """
    c = a.only_if
    if your_turn:
        from undercity.cards.language.conditions import YourTurn

        return YourTurn()
    if c is None:
        return None
    if isinstance(c, A.Condition) and c.words == "you have the city's blessing":
        from undercity.cards.language.ascend import CityBlessing

        return CityBlessing()  # CR 702.131c
    cond = _named_condition(c, "activate only if")
    if cond is None:
        raise Unsupported(f"activate only if {getattr(c, 'words', c)}")
    return cond


def _named_condition(c: A.Node | None, words: str) -> m.Condition | None:
    """"you control two or more basic lands" or one of the named conditions ("you have two or
    more opponents") as the condition the engine checks (CR 603.4, 604.1); None if neither."""
    if isinstance(c, A.ControlsCondition):
        return _controls(c, words)
    if isinstance(c, A.AtLeastCondition) and c.n.value is not None:
        return at_least(c.before, c.n.value)  # "as long as there are four or more creature cards in …"
    if isinstance(c, A.Condition) and c.words in _CONDITIONS:
        what = _CONDITIONS[c.words]
        return what if isinstance(what, m.Condition) else m.Condition(what)
    return None


def _static_while(a: A.StaticAbility, text: str, out: Lowered) -> None:
    """"As long as you've completed a dungeon, ~ gets +3/+0 and has flying", "Other creatures
    you control get +1/+1 as long as …" (CR 604.1, 611.3a): the static ability without its
    condition, which must be continuous effects only (layers, CR 613), each applying while the
    condition holds for this permanent's controller — checked continuously, not locked in."""
    c = a.condition
    if not a.unless and isinstance(c, A.InGraveyardCondition) and isinstance(c.rest, A.ControlsCondition):
        from undercity.cards.language.from_graveyard import static_in_graveyard

        # CR 113.6b: the static ability functions only while its card is in its owner's graveyard
        _static_while(replace(a, condition=c.rest), text, out)
        out.static[-1] = static_in_graveyard(out.static[-1])
        return
    cond = None if a.unless else _named_condition(c, "as long as")
    if cond is None:
        raise Unsupported(("unless " if a.unless else "as long as ") + a.condition.render())
    inner = Lowered()
    _static(A.StaticAbility(a.body), text, inner)
    made = inner.static
    if not made or inner.define_kwargs() != Lowered(static=made).define_kwargs() \
            or not all(type(st) is Continuous and st.cond is None for st in made):
        raise Unsupported("as long as " + c.render())
    out.static.extend(dataclasses.replace(st, cond=cond) for st in made)
    out.tokens.extend(inner.tokens)


def _while_monstrous(b: A.Node, text: str) -> WhileMonstrous:
    """"As long as ~ is monstrous, it has hexproof and indestructible." (CR 701.37b): keywords the
    engine implements, of this permanent, while it is monstrous."""
    if not (isinstance(b, A.Modify) and (isinstance(b.what, A.SelfRef) or b.what == A.WordRef("it"))
            and not b.pt and b.keywords and b.duration is None
            and all(k.lower() in ENGINE_KEYWORDS for k in b.keywords)):
        raise Unsupported(f"as long as ~ is monstrous, {b.render()}")
    keywords = frozenset(k.lower() for k in b.keywords)
    return WhileMonstrous(text, affects=m.SELF, mods=(AddAbilities(keywords=keywords),))


def _may_play_exiled_with(a: A.StaticAbility, b: A.MayPlayExiledWith, text: str) -> m.Static:
    """"During your turn, if an opponent lost life this turn, you may play lands and cast spells
    from among cards exiled with ~." (CR 607.2a, 601.2, 305.1; spectacle's condition, 702.137a)."""
    from undercity.cards.language.cast_permissions import PlayExiledWith
    from undercity.cards.language.life_lost import OpponentLostLifeThisTurn

    if a.during and a.condition == A.Condition("each player's turn") and b.who == "that player" \
            and b.condition is None and b.what == "play a land or cast a spell":
        # Share the Spoils: each player during their own turn, one card each turn (its rulings)
        return PlayExiledWith(text, during_your_turn=True, each_player=True, one_each_turn=True,
                              any_color=b.any_color)
    if not a.during or b.condition != A.Condition("an opponent lost life this turn") \
            or b.what != "play lands and cast spells" or b.who != "you" or b.any_color:
        raise Unsupported(b.render())
    return PlayExiledWith(text, condition=OpponentLostLifeThisTurn(), during_your_turn=True)


def _static(a: A.StaticAbility, text: str, out: Lowered) -> None:
    b = a.body
    if isinstance(b, A.Phrase) and isinstance(b.who, A.SelfRef) and b.words == "can be your commander" \
            and a.condition is None:
        return  # CR 903.3a: it lets the card be chosen as a commander (formats/commander.py), nothing in the game
    if isinstance(b, A.MayPlayExiledWith):
        out.static.append(_may_play_exiled_with(a, b, text))
        return
    if isinstance(b, A.AttackTax) and a.condition is None:
        from undercity.cards.language.attack_costs import AttackTax

        # CR 508.1h: {N} generic for each creature attacking this permanent's controller
        if b.subject != A.DescRef("", A.Noun((), ("creatures",))) or not b.mana[1:-1].isdigit():
            raise Unsupported(b.render())
        out.static.append(AttackTax(text, mana=int(b.mana[1:-1])))
        return
    from undercity.cards.text.parser import ROLL_ADVANTAGE_WORDS

    if isinstance(b, A.Phrase) and b.words == ROLL_ADVANTAGE_WORDS and b.who is None and a.condition is None:
        from undercity.cards.language.dice import ROLL_ADVANTAGE

        out.static.append(m.Static(text, kind=ROLL_ADVANTAGE))  # CR 614.1a, 706.6 (engine/dice.py)
        return
    if isinstance(b, A.TriggersAdditionalTime) and a.condition is None:
        from undercity.cards.language.additional_triggers import AttackTriggersAdditionalTime

        # CR 603.2d: of a creature its controller controls, attacking
        if b.cause != A.DescRef("a", A.Noun((), ("creature",), suffix=("you control",))) or b.event != "attacking":
            raise Unsupported(b.render())
        out.static.append(AttackTriggersAdditionalTime(text))
        return
    if isinstance(b, A.DiesInstead) and a.condition is None:
        from undercity.cards.language.replacements import ExileInsteadOfDying

        # CR 614.1a, 700.4: "would die" is a creature put into a graveyard from the battlefield
        if not (isinstance(b.what, A.DescRef) and b.what.det in ("a", "an") and b.instead == "exile it"):
            raise Unsupported(b.render())
        out.static.append(ExileInsteadOfDying(text, filter=noun_filter(b.what.noun)))
        return
    if isinstance(b, A.SearchInstead) and a.condition is None:
        # CR 614.1a: only an opponent's searches (the controller's own are whole).
        if b.who != A.DescRef("an", A.Noun((), ("opponent",))) or b.n.value is None:
            raise Unsupported(b.render())
        out.static.append(SearchTopInstead(text, n=b.n.value))
        return
    if isinstance(b, A.AsEnters | A.EntersWith) and a.condition is None:
        out.static.append(_as_enters(b, text))
        return
    if isinstance(b, A.EntersWithAdditional) and a.condition is None:
        out.static.append(_enters_with_additional(b, text))
        return
    if isinstance(b, A.CantBeActivated) and a.condition is None:
        from undercity.cards.language.static_abilities import ChosenNameCantActivate

        out.static.append(ChosenNameCantActivate(text))  # CR 602.5, the name chosen as it entered (201.3)
        return
    if isinstance(b, A.EveryCreatureType) and a.condition is None:
        out.static += _every_creature_type(b, text)
        return
    if isinstance(b, A.AlsoTypes) and a.condition is None:
        from undercity.cards.text.creature_types import CREATURE_TYPES

        if not set(b.subtypes) <= CREATURE_TYPES:
            raise Unsupported(b.render())
        # A characteristic-defining ability (CR 604.3): the card's own types, in every zone,
        # as changeling's are (registry.changeling).
        out.also_subtypes |= set(b.subtypes)
        return
    if isinstance(b, A.Phrase) and isinstance(b.who, A.SelfRef) and a.condition is None \
            and b.words == "is the chosen type in addition to its other types":
        from undercity.cards.language.entering import IsChosenType

        # Layer 4 (CR 613.1d): the creature type it chose as it entered (lower_card checks it chooses).
        out.static.append(Continuous(text, affects=m.SELF, mods=(IsChosenType(),)))
        return
    if isinstance(b, A.Phrase) and _attached(b.who) and a.condition is None \
            and b.words.startswith("has base power and toughness "):
        from undercity.cards.language.continuous import SetPT

        p, t = _pt(b.words.split()[-1])
        out.static.append(Continuous(text, affects=m.ENCHANTED, mods=(SetPT(p, t),)))  # CR 613.4b: layer 7b
        return
    if isinstance(b, A.Phrase) and isinstance(b.who, A.DescRef) and a.condition is None \
            and b.words.startswith("lose all abilities and have base power and toughness "):
        out.static.append(_lose_all_base_pt(b.who, b.words.split()[-1], text))
        return
    if isinstance(b, A.Phrase) and isinstance(b.who, A.DescRef) and a.condition is None \
            and b.words in ("enter the battlefield tapped", "enter tapped"):
        out.static.append(_others_enter_tapped(b.who, text))
        return
    if isinstance(b, A.EnterAsCopy) and a.condition is None:
        # CR 614.1c, 707.2: a replacement effect; the exception is a copiable value (707.9b).
        from undercity.cards.text.creature_types import CREATURE_TYPES
        from undercity.cards.text.parser import subtype_of

        if b.noun.card or b.other == "creature types" and subtype_of(b.subtype) not in CREATURE_TYPES:
            raise Unsupported(b.render())  # a copy of a card in a graveyard: not a permanent spell's choice
        has = _quoted_abilities((b.has,), b) if b.has is not None else None
        out.static.append(EntersAsCopy(text, filter=noun_filter(b.noun),
                                       add_subtypes=frozenset({b.subtype}) if b.subtype else frozenset(),
                                       add_abilities=(*has.triggered, *has.activated, *has.static)
                                       if has is not None else ()))
        return
    if a.unless and (cond := _named_condition(a.condition, "unless")) is not None and isinstance(b, A.Phrase) \
            and isinstance(b.who, A.SelfRef) and b.words in ("enters the battlefield tapped", "enters tapped"):
        # CR 614.1c, 614.12: a replacement effect on how it enters, checked as it would enter.
        out.static.append(StaticIf(text, kind="enters_tapped_unless", cond=cond))
        return
    if isinstance(b, A.IfStatic) and isinstance(b.body, A.Phrase) and isinstance(b.body.who, A.SelfRef) \
            and b.body.words in ("enters the battlefield tapped", "enters tapped"):
        c = b.condition
        # CR 614.1c, 614.12: checked as it would enter, when it isn't on the battlefield yet, so
        # "two or more other lands" are lands its controller already controls.
        c = replace(c, noun=replace(c.noun, quals=tuple(q for q in c.noun.quals if q != "other")))
        out.static.append(StaticIf(text, kind="enters_tapped_if", cond=_controls(c, "if")))
        return
    if isinstance(a.condition, A.Condition) and a.condition.words == "~ is monstrous" and not a.unless:
        out.static.append(_while_monstrous(b, text))
        return
    if a.condition is None and isinstance(b, A.IsTypeWith):
        out.static.append(_is_type_with(b, text))
        return
    if a.condition is None and isinstance(b, A.KeywordsIf) and _attached(b.what):
        for kw, c in b.items:
            if kw not in ENGINE_KEYWORDS:
                raise Unsupported(b.render())
            # CR 604.1, 613.1f: each keyword of the equipped creature while its own condition holds
            # for this permanent's controller.
            out.static.append(Continuous(text, affects=m.ENCHANTED, mods=(AddAbilities((), frozenset({kw})),),
                                         cond=_controls(c, "if")))
        return
    if isinstance(b, A.PreventAllTo) and _attached(b.what) and not a.unless and (
            a.condition is None or isinstance(a.condition, A.Condition) and a.condition.words in _CONDITIONS):
        from undercity.cards.language.replacements import PreventDamageToAttached

        what = _CONDITIONS[a.condition.words] if a.condition is not None else None
        cond = what if isinstance(what, m.Condition) or what is None else m.Condition(what)
        out.static.append(PreventDamageToAttached(text, cond=cond))  # CR 615.1
        return
    if a.condition is None and isinstance(b, A.DoubleDamage):
        from undercity.cards.language.replacements import DoubleDamage

        out.static.append(DoubleDamage(text, source=noun_filter(b.source)))  # CR 614.1a
        return
    if a.condition is None and isinstance(b, A.DefinedPT):
        out.static.append(_defined_pt(b, text))
        return
    if a.condition == A.Condition("it's untapped") and not a.unless and isinstance(b, A.Modify) \
            and isinstance(b.what, A.SelfRef) and not b.pt and b.keywords == ("hexproof",) and b.kw_verb == "has" \
            and b.duration is None and not b.loses and not b.quoted:
        # "~ has hexproof as long as it's untapped" (CR 702.11b, 604.1): asked by the rules on
        # the permanent as it is then (characteristics.py).
        out.static.append(m.Static(text, kind="hexproof_while_untapped"))
        return
    if a.condition is not None:
        _static_while(a, text, out)
        return
    if isinstance(b, A.Phrase) and isinstance(b.who, A.SelfRef) and b.words in (
            "enters the battlefield tapped", "enters tapped"):
        out.static.append(m.Static(text, kind="enters_tapped"))  # CR 614.1c
        return
    if isinstance(b, A.CostChange):
        out.static.append(_cost_change(b, text))
        return
    if isinstance(b, A.CostChangePer) and b.per.startswith("time you've cast a commander ") and not b.change.nth \
            and not b.change.targeting:
        # CR 903.8: every cast of a commander of yours from the command zone this game counts
        out.static.append(replace(_cost_change(b.change, text), per="commander_casts"))
        return
    if isinstance(b, A.SelfCostChange):
        out.static.append(_self_cost_change(b, text))
        return
    if isinstance(b, A.Phrase) and b.words == "can't block" and isinstance(b.who, A.DescRef) \
            and b.who.noun.quals == ("goaded",) and _many(replace(b.who, noun=replace(b.who.noun, quals=()))):
        # "Goaded creatures your opponents control can't block" (CR 509.1b, 701.15b).
        from undercity.cards.language.attack_requirements import GoadedCantBlock

        flt = noun_filter(replace(b.who.noun, quals=()))
        if "Creature" not in flt.types:
            raise Unsupported(b.render())
        out.static.append(GoadedCantBlock(text, filter=flt))
        return
    if isinstance(b, A.Phrase) and b.words in ("attacks each combat if able", "attack each combat if able"):
        out.static.append(_attacks_each_combat(b.who, text))  # CR 508.1d
        return
    if isinstance(b, A.Phrase) and b.words == "can't attack you or planeswalkers you control" and _many(b.who):
        from undercity.cards.language.attack_restrictions import CantAttackYou

        affects = object_ref(b.who, Ctx())  # "Creatures with flying" (CR 508.1c)
        if affects.kind != "all" or affects.filter is None or "Creature" not in affects.filter.types:
            raise Unsupported(b.render())
        out.static.append(CantAttackYou(text, filter=affects.filter))
        return
    if isinstance(b, A.Phrase) and b.words == "are goaded" and _many(b.who):
        from undercity.cards.language.attack_requirements import IsGoaded

        # "Creatures your opponents control with power less than ~'s power are goaded": each
        # creature it matches now, goaded by this permanent's controller (CR 701.15b, 611.3a).
        affects = object_ref(b.who, Ctx())
        if affects.kind != "all" or affects.filter is None or "Creature" not in affects.filter.types:
            raise Unsupported(b.render())
        out.static.append(IsGoaded(text, affects=affects))
        return
    if isinstance(b, A.AndAlso) and isinstance(b.first, A.Modify):
        # "… gets +2/+2 and is goaded", "… have double strike and attack each combat if able":
        # the modification, and the designation or requirement of the same objects.
        who = b.first.what
        if b.words == "is goaded" and _attached(who):
            _static(A.StaticAbility(b.first), text, out)
            from undercity.cards.language.attack_requirements import IsGoaded

            out.static.append(IsGoaded(text))  # CR 701.15b: goaded by this permanent's controller
            return
        if b.words in ("attacks each combat if able", "attack each combat if able"):
            _static(A.StaticAbility(b.first), text, out)
            out.static.append(_attacks_each_combat(who, text))
            return
        raise Unsupported(b.render())
    if isinstance(b, A.Phrase) and _attached(b.who) and (
            b.words == "can't be the target of spells or abilities your opponents control"):
        from undercity.cards.language.static_abilities import CantBeTargetedByOpponents

        out.static.append(CantBeTargetedByOpponents(text, affects=m.ENCHANTED))  # CR 115.1
        return
    if isinstance(b, A.Phrase) and b.who == A.WordRef("room abilities of dungeons you own") \
            and b.words == "trigger an additional time":
        from undercity.cards.language.static_abilities import RoomAbilitiesTriggerAgain

        out.static.append(RoomAbilitiesTriggerAgain(text))  # CR 603.2d, asked by dungeons
        return
    if isinstance(b, A.Phrase) and b.who == A.WordRef("each opponent") \
            and b.words == "can't venture into the dungeon more than once each turn":
        from undercity.cards.language.static_abilities import VentureOnceEachTurn

        out.static.append(VentureOnceEachTurn(text))  # CR 101.2, 701.49: asked by dungeons.venture
        return
    if isinstance(b, A.Phrase) and b.who == A.WordRef("cast this spell") and a.condition is None:
        from undercity.cards.language.cast_timing import CastOnly

        when, _, also = b.words.removeprefix("only ").partition(" and only ")
        out.static.append(CastOnly(text, when=when, also=also))  # CR 601.3, asked by casting.castable
        return
    if isinstance(b, A.Phrase) and b.words == "have no maximum hand size":
        out.static.append(NoMaximumHandSize(text))  # CR 402.2
        return
    if isinstance(b, A.Phrase) and b.words == "may have it assign its combat damage as though it weren't blocked" \
            and b.who in (A.WordRef("enchanted creature's controller"), A.WordRef("equipped creature's controller")):
        from undercity.cards.language.static_abilities import AssignsAsThoughUnblocked

        out.static.append(AssignsAsThoughUnblocked(text))  # CR 510.1b-c, asked by combat
        return
    if isinstance(b, A.Phrase) and b.who == A.WordRef("you") and b.words == "may cast spells as though they had flash":
        from undercity.cards.language.static_abilities import CastAsThoughFlash

        out.static.append(CastAsThoughFlash(text))  # CR 702.8a, asked by casting.timing_ok
        return
    if isinstance(b, A.Phrase) and b.who == A.WordRef("you") and b.words == "may look at the top card of your " \
            "library any time":
        from undercity.cards.language.library_top import LookAtTopAnyTime

        out.static.append(LookAtTopAnyTime(text))  # CR 401.5: a view of its controller's own
        return
    if isinstance(b, A.CastAsThoughFlash):
        from undercity.cards.language.static_abilities import CastAsThoughFlash

        flt = noun_filter(b.noun)
        if b.noun.quals or b.noun.suffix or flt != m.Filter(types=flt.types) or not flt.types:
            raise Unsupported(b.render())
        out.static.append(CastAsThoughFlash(text, spells=flt.types))  # CR 702.8a, asked by casting.timing_ok
        return
    if isinstance(b, A.CastFromTop):
        from undercity.cards.language.cast_permissions import CastFromTopOfLibrary

        flt = noun_filter(b.noun)
        if b.noun.quals or b.noun.suffix or flt.types - {"Creature", "Artifact", "Enchantment", "Instant", "Sorcery"}:
            raise Unsupported(b.render())
        out.static.append(CastFromTopOfLibrary(text, filter=flt))  # CR 601.3, asked by priority
        return
    if isinstance(b, A.PayRatherThanManaCost):
        from undercity.cards.language.cast_permissions import PayRatherThanManaCost

        flt = noun_filter(b.noun)
        if b.cost != "{0}" or b.noun.quals or b.noun.suffix or flt != m.Filter(types=flt.types) or not flt.types:
            raise Unsupported(b.render())  # a cost with mana to plan, or a spell described otherwise
        out.static.append(PayRatherThanManaCost(text, filter=flt, once_each_turn=b.once_each_turn))  # CR 118.9
        return
    if isinstance(b, A.AdditionalCostLine):
        out.additional_costs.append(_additional_cost(b, text))
        return
    if isinstance(b, A.OpeningHand) and b.action == "begin the game with it on the battlefield":
        from undercity.cards.language.opening_hand import BeginOnBattlefield

        out.static.append(BeginOnBattlefield(text))  # CR 103.6a (engine/opening_hand.py)
        return
    if isinstance(b, A.Phrase) and isinstance(b.who, A.SelfRef) and b.words == "can't block and can't be blocked":
        # Two restrictions of one static ability (CR 509.1b): on blocking with it and on blocking it.
        out.static += [m.Static(text, kind=SELF_CANT_BLOCK, affects=m.SELF),
                       m.Static(text, kind=SELF_UNBLOCKABLE, affects=m.SELF)]
        return
    if isinstance(b, A.CantBeBlockedBy) and a.condition is None:
        out.static.append(UnblockableBy(text, affects=m.SELF, filter=noun_filter(b.by)))  # CR 509.1b
        return
    if isinstance(b, A.Phrase) and isinstance(b.who, A.SelfRef) and b.who.word == "this spell" \
            and b.words == "can't be countered":
        # A spell's static ability, working on the stack (CR 113.6a); a counter asks it
        # (effects.counter_spell): "can't" wins (CR 101.2).
        out.static.append(m.Static(text, kind="cant_be_countered"))
        return
    if isinstance(b, A.Phrase) and b.words in ("doesn't untap during your untap step",
                                               "doesn't untap during its controller's untap step",
                                               "don't untap during their controllers' untap steps"):
        out.static.append(_doesnt_untap(b, text))  # CR 502.3
        return
    if isinstance(b, A.Phrase) and isinstance(b.who, A.SelfRef) and b.words in _SELF_RESTRICTIONS:
        # "~ can't block." (CR 509.1b), "~ can't attack." (CR 508.1c): restrictions the rules
        # check as attackers and blockers are declared.
        out.static.append(m.Static(text, kind=_SELF_RESTRICTIONS[b.words], affects=m.SELF))
        return
    if isinstance(b, A.Modify) and _attached(b.what) and b.duration is None:
        p, t = _pt(b.pt) if b.pt else (0, 0)
        kws = frozenset(b.keywords)
        if not kws | frozenset(b.loses) <= ENGINE_KEYWORDS:
            raise Unsupported(b.render())
        if b.loses:
            # CR 613.1f, 613.4c: "gets +10/+10 and loses flying" — layers 6 and 7c of the one
            # creature it's attached to (CR 301.5a, 303.4).
            from undercity.cards.language.continuous import LoseKeywords

            mods: tuple[Any, ...] = (*((AddAbilities((), kws),) if kws else ()), LoseKeywords(frozenset(b.loses)),
                                     *((ModifyPT(p, t),) if p or t else ()))
            out.static.append(Continuous(text, affects=m.ENCHANTED, mods=mods))
            return
        # CR 301.5a, 303.4: the Aura's or Equipment's static ability affects the object it's attached to.
        out.static.append(m.Static(text, kind="pump", affects=m.ENCHANTED, p=p, t=t, keywords=kws))
        return
    if isinstance(b, A.Modify) and b.duration is None and isinstance(b.what, A.SelfRef) and not b.loses:
        # "~ gets +3/+0 and has flying" (with "as long as …", _static_while): layers 6 and 7c of
        # this permanent itself (CR 613.1f, 613.4c).
        out.static.append(Continuous(text, affects=m.SELF, mods=_modify_mods(b)))
        return
    if isinstance(b, A.Modify) and b.duration is None and _many(b.what) and not b.loses:
        # An anthem: a static ability whose effect modifies every permanent matching the
        # description, evaluated continuously (CR 604.1, 611.3a; layers 6 and 7c, CR 613.1f, 613.4c).
        mods = _modify_mods(b)
        affects = object_ref(b.what, Ctx())
        if affects.filter is not None and (affects.filter.keywords or affects.filter.not_keywords):
            # "Creatures with flying get +1/+1": the set depends on layer 6 itself (CR 613.8),
            # which the layer system doesn't order.
            raise Unsupported(b.render())
        out.static.append(Continuous(text, affects=affects, mods=mods))
        return
    if isinstance(b, A.ModifyPer):
        out.static.append(_modify_per(b, text))
        return
    if isinstance(b, A.ModifyWhere):
        out.static.append(_modify_where(b, text))
        return
    if isinstance(b, A.Modify) and b.what == A.WordRef("you") and b.kw_verb == "have" and b.keywords == ("hexproof",) \
            and not (b.pt or b.duration or b.loses or b.quoted):
        from undercity.cards.language.static_abilities import PlayerHexproof

        out.static.append(PlayerHexproof(text))  # CR 702.11c: a player with hexproof, asked by targeting
        return
    raise Unsupported(b.render())


def _every_creature_type(b: A.EveryCreatureType, text: str) -> list[m.Static]:
    """"Creatures you control are every creature type" (layer 4, CR 205.3m, 613.1d), and "the same
    is true for creature spells you control and creature cards you own that aren't on the
    battlefield": the same effect on those objects, in the zones they are in."""
    from undercity.cards.language.continuous import AddTypes, EveryCreatureTypeElsewhere
    from undercity.cards.text.creature_types import CREATURE_TYPES

    affects = object_ref(b.who, Ctx())
    if not _many(b.who) or affects.filter != m.Filter(types=frozenset({"Creature"}), controller="you"):
        raise Unsupported(b.render())
    out: list[m.Static] = [Continuous(text, affects=affects, mods=(AddTypes(subtypes=frozenset(CREATURE_TYPES)),))]
    if b.spells is not None and b.cards is not None:
        if (b.spells.render(), b.cards.render()) != ("creature spells you control", "creature cards you own"):
            raise Unsupported(b.render())
        out.append(EveryCreatureTypeElsewhere(text))
    return out


def _modify_per(b: A.ModifyPer, text: str) -> Continuous:
    """"This creature gets +1/+0 for each other Illusion you control": layer 7c of this
    permanent, the amount counted continuously (CR 613.4c, 611.3a)."""
    from undercity.cards.language.continuous import PermanentsYouControl

    mod = b.modify
    if mod.duration is None and _attached(mod.what) and b.per.suffix == ("attached to it",) and not b.per.card \
            and not b.per.quals and set(b.per.heads) <= {"Aura", "Equipment"} and not mod.kw_verb:
        from undercity.cards.language.continuous import AttachedToHost

        # "Enchanted creature gets +1/+1 for each Aura and Equipment attached to it" (CR 613.4c)
        p, t = _pt(mod.pt)
        per = frozenset(b.per.heads)
        return Continuous(text, affects=m.ENCHANTED, mods=(
            ModifyPT(AttachedToHost(per, p) if p else 0, AttachedToHost(per, t) if t else 0),))
    if mod.duration is not None or not isinstance(mod.what, A.SelfRef) or b.per.card:
        raise Unsupported(b.render())
    p, t = _pt(mod.pt)
    flt = noun_filter(b.per)
    if flt.controller != "you":
        raise Unsupported(b.render())  # the permanents of its controller only
    return Continuous(text, affects=m.SELF, mods=(ModifyPT(PermanentsYouControl(flt, p) if p else 0,
                                                           PermanentsYouControl(flt, t) if t else 0),))


def _modify_where(b: A.ModifyWhere, text: str) -> Continuous:
    """"~ and enchanted creature each get +X/+X, where X is the number of creature cards in all
    graveyards", "Enchanted creature gets +X/+X, where X is …": layer 7c of the objects named (this
    permanent, what it is attached to, or both: CR 303.4m, 301.5a), X one of the layer system's
    counts, counted continuously (CR 107.3a, 611.3a, 613.4c)."""
    mod = b.modify
    what = mod.what
    if isinstance(what, A.SelfRef):
        affects = m.SELF
    elif _attached(what):
        affects = m.ENCHANTED
    elif isinstance(what, A.AndRef) and isinstance(what.first, A.SelfRef) and _attached(what.then) and what.each:
        affects = m.SELF_AND_ENCHANTED
    else:
        raise Unsupported(b.render())
    key = _CDA_COUNTS.get(b.where.noun.render())
    if mod.duration is not None or mod.keywords or mod.loses or key is None:
        raise Unsupported(b.render())
    amounts: list[Any] = []
    for part in mod.pt.replace("−", "-").split("/"):
        if part == "+X":
            amounts.append((key, 0))
        elif part.lstrip("+-").isdigit():
            amounts.append(int(part))
        else:
            raise Unsupported(b.render())  # "-X": the layer system's counts are added
    return Continuous(text, affects=affects, mods=(ModifyPT(amounts[0], amounts[1]),))


def _modify_mods(b: A.Modify) -> tuple[Any, ...]:
    """The layer-6 and layer-7c modifications of "get +1/+1 and have flying" (CR 613.1f, 613.4c)."""
    p, t = _pt(b.pt) if b.pt else (0, 0)
    kws = frozenset(b.keywords)
    granted: tuple[m.Ability, ...] = ()
    if "extort" in kws:  # CR 702.101a: a keyword that is a triggered ability, granted as it
        from undercity.cards.language.extort import extort

        granted, kws = (extort(),), kws - {"extort"}
    if not kws <= ENGINE_KEYWORDS:
        raise Unsupported(b.render())
    mods: list[Any] = []
    if kws or granted:
        mods.append(AddAbilities(granted, kws))
    if p or t:
        mods.append(ModifyPT(p, t))
    return tuple(mods)


def _is_type_with(b: A.IsTypeWith, text: str) -> Continuous:
    """"Enchanted permanent is a Treasure artifact with "…" and it loses all other abilities":
    its card types and subtypes become these (layer 4, CR 205.1a, 613.1d; its supertypes, name,
    colors and mana cost stay), then it loses all abilities and has the quoted one (layer 6, in
    that order: one effect, CR 613.1f)."""
    from undercity.cards.language.continuous import ARTIFACT_SUBTYPES, LoseAbilities, SetTypes

    if b.what.render().lower() != "enchanted permanent":  # the permanent this Aura enchants (CR 303.4)
        raise Unsupported(b.render())
    types = {_type(k) for k in b.kinds if _type(k) is not None}
    subtypes = {k for k in b.kinds if _type(k) is None}
    if types != {"Artifact"} or not subtypes <= ARTIFACT_SUBTYPES or len(types) + len(subtypes) != len(b.kinds):
        raise Unsupported(b.render())
    inner = Lowered()
    if isinstance(b.quoted.ability, A.SpellText | A.AbilityWord):
        raise Unsupported(b.quoted.render())
    _ability(b.quoted.ability, b.quoted.render().strip('"').rstrip(",") + ".", inner, lambda n: n.render())
    if inner.keywords or inner.static or inner.enchant is not None or inner.spell is not None:
        raise Unsupported(b.quoted.render())
    granted = (*inner.triggered, *inner.activated)
    return Continuous(text, affects=m.ENCHANTED, mods=(
        SetTypes(frozenset(types), frozenset(subtypes)), LoseAbilities(), AddAbilities(granted)))


def _attacks_each_combat(who: A.Node | None, text: str) -> m.Static:
    """"~ attacks each combat if able" / "Creatures your opponents control attack each combat if
    able" (CR 508.1d): a requirement of this creature, or of every creature the description
    matches from this permanent's controller's point of view (CR 611.3a)."""
    from undercity.cards.language.attack_requirements import AttacksEachCombat

    if isinstance(who, A.SelfRef):
        return AttacksEachCombat(text)
    if who is not None and _attached(who):
        return AttacksEachCombat(text, affects=m.ENCHANTED)  # the creature this Aura or Equipment is on
    if who is not None and _many(who):
        affects = object_ref(who, Ctx())
        if affects.kind == "all" and affects.filter is not None and "Creature" in affects.filter.types \
                and not (affects.filter.keywords or affects.filter.not_keywords):
            return AttacksEachCombat(text, affects=affects)
    raise Unsupported(f"{who.render() if who is not None else ''} attack each combat if able")


def _keyword_counter(kind: str) -> bool:
    """A keyword counter (CR 122.1b) whose keyword the engine implements: the layer system gives
    its permanent the keyword (layer 6, the counter's timestamp, CR 613.7c)."""
    from undercity.cards.language.counters import KEYWORD_COUNTERS

    return kind in KEYWORD_COUNTERS and kind in ENGINE_KEYWORDS


def _counters_then_goad(s: A.Sentence, ctx: Ctx) -> m.Effect | None:
    """"Put a double strike counter on target creature, then goad each creature that had a double
    strike counter put on it this way" (CR 608.2c, 701.15a), or None."""
    from undercity.cards.language.attack_requirements import CountersThenGoad

    if s.may or s.prefix or len(s.clauses) != 2 or s.joins != (", then ",):
        return None
    put, goad = s.clauses
    if not (isinstance(put, A.Counters) and isinstance(goad, A.ObjectAction) and goad.verb == "goad"
            and goad.who is None and not goad.to and isinstance(goad.what, A.EachRef)):
        return None
    n = goad.what.noun
    one = "an" if put.kind[0] in "aeiou" else "a"
    if n.suffix != (f"that had {one} {put.kind} counter put on it this way",) or n.quals or n.heads != ("creature",):
        return None
    counters = effect(put, ctx)
    if len(counters) != 1 or not isinstance(counters[0], m.PutCounters):
        raise Unsupported(s.render())
    return CountersThenGoad(put.kind, counters[0].n, counters[0].what)


#: Counters with rules of their own (CR 122.1b keyword counters, 122.1c shield, 122.1d stun,
#: 122.1h finality) that the engine doesn't implement: entering with them is refused.
_RULES_COUNTERS = frozenset({"shield", "stun", "finality", "flying", "first", "double", "deathtouch", "decayed",
                             "exalted", "haste", "hexproof", "indestructible", "lifelink", "menace", "reach",
                             "shadow", "trample", "vigilance", "loyalty", "defense"})


def _lose_all_base_pt(who: A.DescRef, pt: str, text: str) -> Continuous:
    """"Non-Horror creatures with slime counters on them lose all abilities and have base power
    and toughness 2/2" (CR 604.1): layers 6 and 7b (CR 613.1f, 613.4b) on every creature that
    matches as each layer applies (CR 611.3a)."""
    from undercity.cards.language.continuous import LoseAbilities, SetPT
    from undercity.cards.text.parser import _plural

    flt = noun_filter(who.noun)
    if who.det or not _plural(who.noun.heads[-1]) or flt.types != frozenset({"Creature"}):
        raise Unsupported(f"{who.render()} lose all abilities")
    p, t = _pt(pt)
    return Continuous(text, affects=m.ALL(flt), mods=(LoseAbilities(), SetPT(p, t)))


def _enters_with_additional(b: A.EntersWithAdditional, text: str) -> m.Static:
    """"Each other creature you control enters the battlefield with an additional +1/+1 counter
    on it" (CR 614.1d): permanents of this one's controller only."""
    from undercity.cards.language.entering import EntersWithAdditional
    from undercity.cards.text.parser import _plural

    s = b.subject
    noun = s.noun if isinstance(s, A.EachRef) and s.det == "each" or isinstance(s, A.DescRef) and s.det == "" \
        and s.noun.heads and _plural(s.noun.heads[0]) else None
    if noun is None or b.counter in _RULES_COUNTERS or noun.card:
        raise Unsupported(b.render())
    flt = noun_filter(noun)
    if flt.controller != "you" or not flt.types:
        raise Unsupported(b.render())
    return EntersWithAdditional(text, filter=replace(flt, controller=None), counter=b.counter, n=_n(b.num))


def _others_enter_tapped(who: A.DescRef, text: str) -> m.Static:
    """"Creatures your opponents control enter the battlefield tapped" (CR 614.1d)."""
    from undercity.cards.language.entering import OthersEnterTapped
    from undercity.cards.text.parser import _plural

    n = who.noun
    if who.det or n.card or not n.heads or not _plural(n.heads[0]) or n.quals and len(n.heads) > 1:
        raise Unsupported(f"{who.render()} enter the battlefield tapped")  # "creatures and nonbasic lands"
    flt = noun_filter(n)
    whose = {"you": "you", "opponent": "opponent", None: "any"}[flt.controller]
    if n.suffix not in ((), ("you control",), ("your opponents control",)):
        raise Unsupported(f"{who.render()} enter the battlefield tapped")
    return OthersEnterTapped(text, filter=replace(flt, controller=None), whose=whose)


def _as_enters(b: A.AsEnters | A.EntersWith, text: str) -> m.Static:
    """A replacement effect of the permanent's own on how it enters (CR 614.1c, 614.12)."""
    if isinstance(b, A.EntersWith):
        if b.num.value is None and b.num.word != "X" or b.counter in _RULES_COUNTERS:
            raise Unsupported(b.render())  # a counter with rules of its own the engine lacks (CR 122.1b-d, 122.1h)
        # CR 107.3m: X is the X paid for the spell that became it. "~ escapes with": only if it
        # escaped — was cast with escape (CR 702.138c-d).
        return EntersWithCounters(text, counter=b.counter, n="x" if b.num.value is None else b.num.value,
                                  escaped=b.verb == "escapes", per_kick=b.per == "time it was kicked")
    w = b.what
    if isinstance(w, A.EnterChoice):
        choice = w.what.split(" ", 1)[1]
        if choice not in ENTER_CHOICES:
            raise Unsupported(w.render())
        return AsEntersChoose(text, choice=choice, other_than=_COLORS[w.other_than] if w.other_than else None)
    if isinstance(w, A.RevealOrTapped):
        n = w.card
        from undercity.cards.text.parser import subtype_of

        if n.quals or n.card != "card" or n.suffix != ("from your hand",) or not n.heads \
                or not all(subtype_of(h) == h for h in n.heads):
            raise Unsupported(w.render())
        return AsEntersReveal(text, subtypes=frozenset(n.heads))
    raise Unsupported(w.render())


_ONCE_EACH_TURN = A.Phrase(None, "do this only once each turn")


def _may_once_each_turn(s: A.Sentence, then: A.Node | None, ctx: Ctx) -> m.Effect | None:
    """"You may [effects]. Do this only once each turn." (CR 608.2d): one choice, offered while
    this ability hasn't done it this turn. None if ``then`` isn't that limit."""
    if not (isinstance(then, A.Sentence) and then.clauses == (_ONCE_EACH_TURN,)):
        return None
    if not s.may or s.prefix or then.may or then.prefix or then.where is not None or then.at is not None:
        raise Unsupported(then.render())
    from undercity.cards.language.optional import MayOnceEachTurn

    return MayOnceEachTurn(effects(A.Effects((replace(s, may=""),)), ctx), text=_sentence_text(s))


def _may_copy_that_ability(s: A.Sentence, then: A.Node | None, ctx: Ctx) -> m.Effect | None:
    """"You may copy that ability. You may choose new targets for the copy." (CR 707.10,
    707.10c): of a trigger on an ability triggering. None if ``s`` isn't that."""
    copy = A.Phrase(None, "copy that ability")
    if not (ctx.ability_trigger and s.clauses == (copy,) and s.may == "you may"):
        return None
    new = A.Phrase(None, "choose new targets for the copy")
    if s.prefix or s.where is not None or not (isinstance(then, A.Sentence) and then.clauses == (new,)
                                               and then.may == "you may" and not then.prefix):
        raise Unsupported(s.render())
    from undercity.cards.language.spell_copies import CopyThatAbility

    return May((CopyThatAbility(new_targets=True),), text="copy that ability")


def _copy_cast_spell(sentences: tuple[A.Node, ...], ctx: Ctx) -> tuple[m.Effect, int] | None:
    """A cast trigger's "Copy it. You may choose new targets for the copy." (CR 707.10, 707.10c),
    and "If it's a permanent spell, the copy gains haste and "…"" after them (400.7a, 608.3f): the
    effect and how many sentences after the first it read. None if they aren't these."""
    def only(s: A.Node, words: str, may: str = "", prefix: str = "") -> A.Node | None:
        if not (isinstance(s, A.Sentence) and len(s.clauses) == 1 and s.may == may and s.prefix == prefix
                and s.where is None and s.at is None):
            return None
        c = s.clauses[0]
        return c if not words or isinstance(c, A.Phrase) and c.who is None and c.words == words else None

    if not (ctx.cast_trigger or ctx.activation_trigger) or only(sentences[0], "copy it") is None:
        return None
    if len(sentences) < 2 or only(sentences[1], "choose new targets for the copy", "you may") is None:
        raise Unsupported(sentences[0].render())  # "copy it" alone: same targets (not read)
    if ctx.activation_trigger:
        from undercity.cards.language.spell_copies import CopyThatAbility

        return CopyThatAbility(new_targets=True), 1  # the ability activated (CR 707.10, 707.10c)
    gains = only(sentences[2], "", prefix="if it's a permanent spell,") if len(sentences) > 2 else None
    if not isinstance(gains, A.CopyGains):
        return m.CopySpell(new_targets=True), 1
    from undercity.cards.language.spell_copies import CopySpellGaining

    kws = frozenset(k.lower() for k in gains.keywords)
    if not kws <= ENGINE_KEYWORDS:
        raise Unsupported(gains.render())
    inner = _quoted_abilities(gains.abilities, gains)
    return CopySpellGaining(True, kws, (*inner.static, *inner.triggered, *inner.activated)), 2


def _create_copy(c: A.CreateCopy, ctx: Ctx) -> Any:
    """"Create a token that's a copy of …[, except …]" (CR 707.2, 111.1) with the exceptions that
    change types, keywords and base power and toughness (CR 707.9b)."""
    from undercity.cards.language.token_copies import CreateTokenCopy
    from undercity.cards.text.parser import subtype_of

    who = player_ref(c.who, ctx) if c.who is not None else m.YOU
    if c.what == A.WordRef("the exiled card"):
        from undercity.cards.language.exile_until import EXILED_CARD

        what = EXILED_CARD  # what "exile … until ~ leaves the battlefield" exiled (CR 607.2a)
    else:
        what = object_ref(c.what, ctx)
    if what.kind == "all" or c.state and (c.num.value != 1 or who != m.YOU):
        raise Unsupported(c.render())
    kw: dict[str, Any] = {"add_types": set(), "add_subtypes": set(), "add_keywords": set()}
    for part in c.exceptions:
        w = part.split()
        if w[:1] == ["and"]:
            w = w[1:]
        verb, rest = None, w
        for subj, v in ((["it's"], "is"), (["they're"], "is"), (["it", "is"], "is"), (["the", "token", "is"], "is"),
                        (["the", "tokens", "are"], "is"), (["it", "has"], "has"), (["the", "token", "has"], "has"),
                        (["they", "have"], "has"), (["the", "tokens", "have"], "has")):
            if w[:len(subj)] == subj:
                verb, rest = v, w[len(subj):]
                break
        if verb == "has":
            for k in " ".join(rest).split(" and "):
                if k not in ENGINE_KEYWORDS:
                    raise Unsupported(part)
                kw["add_keywords"].add(k)
            continue
        if verb != "is" or not rest:
            raise Unsupported(part)
        if rest[0] in ("a", "an"):
            rest = rest[1:]
        if rest and "/" in rest[0]:
            kw["power"], kw["toughness"] = _pt(rest[0])
            rest = rest[1:]
        tail = rest[-6:]
        if tail[:3] == ["in", "addition", "to"] and tail[3] in ("its", "their"):
            if tail[4:] != ["other", "types"]:
                raise Unsupported(part)
            rest = rest[:-6]
        elif rest:
            raise Unsupported(part)  # "it's a green Frog": a replaced type or color, not read
        for word in rest:
            t = _type(word)
            if t is not None:
                kw["add_types"].add(t)
            elif (st := subtype_of(word)) is not None:
                kw["add_subtypes"].add(st)
            else:
                raise Unsupported(part)
    frozen = {k: frozenset(v) if isinstance(v, set) else v for k, v in kw.items()}
    if c.state:
        from undercity.cards.language.token_copies import CREATED_TOKENS

        ctx.it, ctx.it_is_target, ctx.created = CREATED_TOKENS, False, True  # "that token" (CR 608.2c)
    return CreateTokenCopy(what, _n(c.num, ctx), who, **frozen, attacking=bool(c.state))


def _check_chosen(card: A.ParsedCard, out: Lowered) -> None:
    """"The chosen color" and "the chosen type" are what this permanent chose as it entered
    (CR 607.1: linked abilities): a card that chooses otherwise (or not at all) is refused."""
    text = card.render().lower()
    made = {st.choice for st in out.static if isinstance(st, AsEntersChoose)}
    from undercity.cards.language.type_choice import ChooseCreatureType

    if out.spell is not None and any(isinstance(e, ChooseCreatureType) for e in out.spell.effects):
        made.add("creature type")  # the spell chooses as it resolves (CR 608.2d)
    for words, choice in (("chosen color", "color"), ("chosen type", "creature type"), ("of that type", "creature type"),
                          ("chosen player", "player"), ("chosen name", "nonland card name")):
        if words in text and choice not in made and (choice != "player" or "opponent" not in made):
            raise Unsupported(f"the {words}, chosen otherwise than as it enters")


#: "~ can't …" static abilities (CR 508.1c, 509.1b) and their ``Static.kind``.
_SELF_RESTRICTIONS = {"can't block": SELF_CANT_BLOCK, "can't be blocked": SELF_UNBLOCKABLE,
                      "can't attack": SELF_CANT_ATTACK, "can't attack or block": SELF_CANT_ATTACK_OR_BLOCK}


#: What a characteristic-defining ability may count (the layer system's counts, CR 604.3): cards
#: in a hand or graveyard have their printed characteristics; a party is read after layer 4.
_CDA_COUNTS = {"cards in your hand": "cards_in_hand", "cards in your graveyard": "cards_in_graveyard",
               "creature cards in your graveyard": "creature_cards_in_graveyard",
               "creature cards in all graveyards": "creature_cards_in_all_graveyards",
               "creatures in your party": "creatures_in_party",
               "cards in your opponents' graveyards": "cards_in_opponents_graveyards",
               "cards in the chosen player's graveyard": "cards_in_chosen_players_graveyard"}


def _defined_pt(b: A.DefinedPT, text: str) -> Continuous:
    """"~'s power and toughness are each equal to the number of …": layer 7a, in every zone
    (CR 604.3, 613.4a)."""
    key = _CDA_COUNTS.get(b.count.render())
    v: Any = (key, 0)
    if key is None:
        v = _cda_permanents(b)
    pt = {"power and toughness are each": DefinePT(v, v), "power is": DefinePT(power=v),
          "toughness is": DefinePT(toughness=v)}[b.which]
    return Continuous(text, affects=m.SELF, mods=(pt,))


def _cda_permanents(b: A.DefinedPT) -> Any:
    """"equal to the number of Crabs, Oozes, and/or Horrors you control" (CR 604.3): permanents
    of the types named, counted after layer 4."""
    from undercity.cards.language.continuous import PermanentsYouControl

    n = b.count
    if n.card or n.quals or n.suffix != ("you control",):
        raise Unsupported(b.render())
    flt = noun_filter(n)
    if flt.controller != "you" or not (flt.types or flt.subtypes):
        raise Unsupported(b.render())
    return PermanentsYouControl(flt)


def _many(node: A.Node) -> bool:
    """"creatures you control", "other Goblins you control", "all creatures": a description of
    every permanent it matches."""
    if isinstance(node, A.EachRef):
        return node.det == "all"
    return (isinstance(node, A.DescRef) and node.det == "" and not _attached(node) and bool(node.noun.heads)
            and node.noun.heads[0].lower() not in ("creature", "permanent", "land", "artifact", "enchantment"))


def _doesnt_untap(b: A.Phrase, text: str) -> DoesntUntap:
    """"~ doesn't untap during your untap step", "Enchanted creature doesn't untap during its
    controller's untap step", "Nonbasic lands don't untap during their controllers' untap
    steps" (CR 502.3): the permanents it keeps tapped."""
    if isinstance(b.who, A.SelfRef) and b.words.startswith("doesn't") and "your" in b.words:
        return DoesntUntap(text, affects=m.SELF)
    if _attached(b.who) and b.words.startswith("doesn't") and "its controller's" in b.words \
            or b.who == A.WordRef("enchanted permanent") or b.who == A.WordRef("enchanted land"):
        return DoesntUntap(text, affects=m.ENCHANTED)
    if b.words.startswith("don't") and _many(b.who) and isinstance(b.who, A.DescRef) and not b.who.noun.card:
        return DoesntUntap(text, affects=m.ALL(noun_filter(b.who.noun)))
    raise Unsupported(b.render())


def _self_cost_change(b: A.SelfCostChange, text: str) -> Any:
    """"This spell costs {1} less to cast for each creature on the battlefield" (CR 601.2f):
    generic mana only, per permanent matching the description now."""
    from undercity.cards.language.spell_costs import SelfCostChange

    if not b.cost.strip("{}").isdigit() or b.cost.count("{") != 1 or b.per is not None and b.per.card \
            or not (isinstance(b.what, A.SelfRef) and b.what.word in ("this spell", "~")):
        raise Unsupported(b.render())
    if b.per is not None and b.per.render() == "creature in your party" and not b.cap:
        n = int(b.cost.strip("{}"))  # CR 700.8: the caster's party
        return SelfCostChange(text, generic=-n if b.more_less == "less" else n, party=True)
    if b.per is not None and (any(sfx not in ("on the battlefield", "you control", "your opponents control",
                                               "an opponent controls") for sfx in b.per.suffix) or not b.per.heads):
        raise Unsupported(b.render())  # only permanents on the battlefield are counted
    if b.cap and not b.cap.strip("{}").isdigit():
        raise Unsupported(b.render())
    n = int(b.cost.strip("{}"))
    cap = int(b.cap.strip("{}")) if b.cap else None
    if b.per is None:  # "for each creature type among creatures you control" (Valiant Changeling)
        return SelfCostChange(text, generic=-n if b.more_less == "less" else n, per=m.F("Creature", controller="you"),
                              creature_types=True, cap=cap)
    return SelfCostChange(text, generic=-n if b.more_less == "less" else n, per=noun_filter(b.per), cap=cap)


def _cost_change_until(c: A.CostChangeUntil, ctx: Ctx) -> m.Effect:
    """"Until your next turn, instant, sorcery, and planeswalker spells that player casts cost {2}
    less to cast" (CR 601.2f, 611.2b): "that player" the target player of the sentence before."""
    from undercity.cards.language.spell_costs import CostChangeUntilYourNextTurn

    b = c.change
    if not b.cost.strip("{}").isdigit() or b.cost.count("{") != 1 or b.spells.suffix or b.spells.quals:
        raise Unsupported(c.render())
    n = int(b.cost.strip("{}"))
    return CostChangeUntilYourNextTurn(player_ref(A.WordRef("that player"), ctx), noun_filter(b.spells),
                                       -n if b.more_less == "less" else n)


def _cost_change(b: A.CostChange, text: str) -> CostChange:
    """"[Spells] you cast cost {N} less/more to cast" (CR 601.2f): generic mana only."""
    if not b.cost.strip("{}").isdigit() or b.cost.count("{") != 1:
        raise Unsupported(b.render())  # "{W} less": a colored reduction the engine doesn't make
    n = int(b.cost.strip("{}"))
    if b.spells.suffix or any(q.lower() in ("other", "tapped", "untapped", "attacking", "attacking or blocking")
                              for q in b.spells.quals):
        raise Unsupported(b.render())
    caster, _, chosen = b.caster.partition(" of the chosen ")
    if caster not in ("you cast", "your opponents cast"):
        raise Unsupported(b.render())  # "that player casts": of a resolved effect (CostChangeUntil)
    spells = noun_filter(b.spells)
    if chosen:  # "Creature spells you cast of the chosen type": what this permanent chose (CR 614.12a)
        spells = replace(spells, chosen="creature type" if chosen == "type" else "color")
    nth = {"": None, "first": 1, "second": 2}[b.nth]
    if nth is not None and (b.spells.quals or replace(spells, types=frozenset(), subtypes=frozenset()) != m.Filter()
                            or spells.types and spells.subtypes):
        raise Unsupported(b.render())  # the nth spell of one kind: counted by a card type or a subtype
    if b.targeting and (nth is not None or chosen or b.more_less != "more"):
        raise Unsupported(b.render())  # only "cost {N} more" of a spell targeting this permanent
    return CostChange(text, spells=spells, caster={"you cast": "you", "your opponents cast": "opponent"}[caster],
                      generic=-n if b.more_less == "less" else n, nth=nth,
                      nth_matching=nth is not None and bool(spells.types or spells.subtypes),
                      targeting_self=bool(b.targeting))


def _spell(body: A.Effects | A.Modal, text: str, x: m.Count | None = None) -> m.SpellAbility:
    """A spell's effect; ``x``: X of its mana cost (CR 107.3a)."""
    if isinstance(body, A.Modal):
        choose = {"one": (1, 1), "one or both": (1, 2), "two": (2, 2)}.get(body.choose)
        if choose is None:
            raise Unsupported(f"choose {body.choose} —")
        modes = []
        for mode, name in zip(body.modes, body.labels or ("",) * len(body.modes), strict=True):
            ctx = Ctx(cost_x=x, spell=True)
            said = f"{name} — {mode.render()}" if name else mode.render()  # a named mode (CR 207.2d)
            modes.append(m.Mode(said, effects(mode, ctx), tuple(ctx.targets)))
        return m.SpellAbility(text, modes=tuple(modes), choose=choose, choose_more=_choose_more(body))
    ctx = Ctx(cost_x=x, spell=True)
    effs = effects(body, ctx)
    # "Choose up to two target … cards": one word's targets, fewer chosen shift none of another's.
    one_group = ctx.chosen == (0, len(ctx.targets)) or ctx.together and not any(t.optional for t in ctx.targets[:-1])
    # "Target player gains control of up to three target creatures …": the optional targets are
    # one word's, last, and every effect on them is the same for each — fewer shift nothing else.
    several_last = bool(ctx.several) and [i for i, t in enumerate(ctx.targets) if t.optional] == [
        r.i for r in ctx.several] and ctx.several[-1].i == len(ctx.targets) - 1
    # "Return up to one target creature card …. Venture into the dungeon.": the one target, not
    # chosen, leaves the spell without targets; it resolves (CR 115.1a, 608.2b) and no other
    # target's place moves.
    alone = len(ctx.targets) == 1
    if (any(t.optional for t in ctx.targets) and not one_group and not alone or len(ctx.targets) > 1
            and not ctx.together and not all(t.same_word for t in ctx.targets[1:])) and not several_last:
        raise Unsupported(body.render())
    div = next((e for e in effs if isinstance(e, DamageDivided)), None)
    if div is not None:  # one to N targets and the division, as it is cast (CR 601.2c-d)
        return m.SpellAbility(text, effects=effs, targets=tuple(ctx.targets), divided=True,
                              max_targets=div.max_targets)
    return m.SpellAbility(text, effects=effs, targets=tuple(ctx.targets))


def _choose_more(body: A.Modal) -> tuple[m.Condition, tuple[int, int]] | None:
    """"If you control a commander as you cast this spell, you may choose both": the condition
    checked as the spell's modes are chosen (CR 601.2b) and how many it then allows."""
    if body.more is None:
        return None
    cond, more = body.more
    what = _CONDITIONS.get(cond.words) if isinstance(cond, A.Condition) else None
    if what is None or more != "both" or len(body.modes) != 2:
        raise Unsupported(body.render().split("\n")[0])
    return (what if isinstance(what, m.Condition) else m.Condition(what)), (1, 2)


#: The second event of "When[ever] ~ enters the battlefield or …" (Undercellar Myconid,
#: Nimblewright Schematic): leaving the battlefield, which looks back in time (CR 603.10a).
_ENTERS_OR_LEAVES = ("dies", "is put into a graveyard from the battlefield")


def _ability(inner: A.Node, text: str, out: Lowered, named: Any) -> None:
    """One permanent's ability (not a spell's effect) into ``out``."""
    if isinstance(inner, A.KeywordLine):
        for k in inner.keywords:
            _keyword(k, out, text)
    elif isinstance(inner, A.CostKeyword) and inner.name.lower() == "replicate":
        out.static.append(_replicate_tap(inner))  # CR 702.56a: "Replicate—Tap an untapped Horror you control."
    elif isinstance(inner, A.CostKeyword):
        out.alt_costs.append(_cost_keyword(inner))
    elif isinstance(inner, A.TriggeredAbility) and isinstance(inner.event.subject, A.SelfRef) and (
            inner.event.words in ("enters the battlefield or attacks", "enters or attacks") and inner.word == "whenever"
            or inner.event.words.split(" or ", 1)[-1] in _ENTERS_OR_LEAVES
            and inner.event.words.startswith(("enters the battlefield or ", "enters or "))
            or inner.event.words == "attacks or becomes the target of a spell an opponent controls"
            and inner.word == "whenever"):
        # One ability with two trigger events (CR 603.2), as its two halves: each event triggers it
        # ("dies", "is put into a graveyard from the battlefield" look back in time, CR 603.10a).
        first, second = inner.event.words.split(" or ", 1) if inner.event.words.startswith("attacks") \
            else ("enters the battlefield", inner.event.words.split(" or ", 1)[1])
        for words in (first, second):
            out.triggered.append(_triggered(dataclasses.replace(inner, event=dataclasses.replace(
                inner.event, words=words)), text))
    elif isinstance(inner, A.TriggeredAbility) and inner.event.also is not None:
        # "When ~ enters the battlefield or an opponent loses the game", "… and at the beginning
        # of your upkeep": one ability with two trigger events (CR 603.2), as its two halves (the
        # second a step's beginning, "at", CR 603.2b)
        second = dataclasses.replace(inner, event=inner.event.also,
                                     word="at" if inner.event.joiner == "and at" else inner.word)
        for half in (dataclasses.replace(inner, event=dataclasses.replace(inner.event, also=None)), second):
            out.triggered.append(_triggered(half, text))
    elif isinstance(inner, A.TriggeredAbility):
        out.triggered.append(_triggered(inner, text))
    elif isinstance(inner, A.ActivatedAbility):
        out.activated += _activated(inner, text)
    elif isinstance(inner, A.StaticAbility):
        _static(inner, text, out)
    elif isinstance(inner, A.Granted):
        out.static.append(_granted(inner, text, named))
    elif isinstance(inner, A.StaticWithTriggers):
        _static_with_triggers(inner, out, named)
    elif isinstance(inner, A.AnchorChoice):
        _anchor_choice(inner, out, named)
    elif isinstance(inner, A.KeywordCostsLess):
        _keyword_costs_less(inner, text, out)
    elif isinstance(inner, A.Chapter):
        out.triggered += _chapters(inner, text)
    else:
        raise Unsupported(inner.render())


def _static_with_triggers(a: A.StaticWithTriggers, out: Lowered, named: Any) -> None:
    """A permission and the triggers of its paragraph, linked to it (CR 607.2h): "When you cast
    an Equipment spell this way" is a spell cast with this permanent's permission to cast from
    the top of its controller's library."""
    from undercity.cards.language.cast_permissions import CastFromTopOfLibrary, PlayExiledWith

    before = len(out.static)
    _static(a.static, named(a.static), out)
    if len(out.static) != before + 1 or not isinstance(out.static[-1], CastFromTopOfLibrary | PlayExiledWith):
        raise Unsupported(a.render())
    # "When you cast an Equipment spell this way" of a top-of-library permission; "When they
    # do" of "that player may play a land or cast a spell from among cards exiled with ~".
    words = "they do" if isinstance(out.static[-1], PlayExiledWith) and out.static[-1].each_player else None
    for t in a.triggers:
        if not (t.event.words == words and t.event.subject is None if words else t.event.words.endswith(" this way")):
            raise Unsupported(t.render())
        _LINKED[0] = True
        try:
            out.triggered.append(_triggered(t, named(t)))
        finally:
            _LINKED[0] = False


def _chapters(a: A.Chapter, text: str) -> list[m.Triggered]:
    """"I, II — [Effect]": one chapter ability per numeral, "When one or more lore counters are
    put onto this Saga, if the number of lore counters on it was less than N and became at least
    N, [effect]" (CR 714.2b-c)."""
    from undercity.cards.language.sagas import ROMAN, Chapter

    if isinstance(a.body, A.Modal) or any(s.may for s in a.body.sentences):
        raise Unsupported(a.render())
    out = []
    for numeral in a.numerals:
        ctx = Ctx()
        effs = effects(a.body, ctx)
        out.append(m.Triggered(text, when=Chapter(n=ROMAN[numeral.lower()]), effects=effs, targets=tuple(ctx.targets)))
    return out


def _keyword_costs_less(a: A.KeywordCostsLess, text: str, out: Lowered) -> None:
    """"Equip {10}. This ability costs {X} less to activate, where X is the power of the creature
    it targets." (CR 601.2f, 602.2b): the keyword's one activated ability, its generic mana
    reduced by its target's power as its cost is determined."""
    from undercity.cards.language.spell_costs import TargetPower

    inner = Lowered()
    for k in a.line.keywords:
        _keyword(k, inner, a.line.render())
    if len(inner.activated) != 1 or inner.static or inner.triggered or inner.keywords or inner.alt_costs \
            or len(inner.activated[0].targets) != 1 or inner.activated[0].cost.mana is None:
        raise Unsupported(a.render())
    out.activated.append(replace(inner.activated[0], text=text, less_by=TargetPower()))


#: Lowering the triggers of a paragraph with a static ability (CR 607.2h): "this way" is theirs.
_LINKED = [False]


def _granted(g: A.Granted, text: str, named: Any) -> m.Grant:
    """A static ability granting abilities (CR 604.1; layer 6, CR 613.1f): the quoted abilities
    are the affected object's own, so "this creature" in them is that object and "you" its
    controller (CR 113.8)."""
    subj = g.subject
    if _attached(subj) or (isinstance(subj, A.DescRef) and subj.det == "" and not subj.noun.suffix
                           and subj.noun.quals in (("enchanted",), ("equipped",)) and not subj.noun.card
                           and subj.noun.heads in (("creature",), ("land",), ("permanent",))):
        to = "attached"  # the permanent this Aura or Equipment is attached to (CR 301.5, 303.4)
    elif (isinstance(subj, A.DescRef) and subj.det == "" and subj.noun.quals == ("commander",)
          and subj.noun.heads == ("creatures",) and subj.noun.suffix == ("you own",) and not subj.noun.card):
        to = "commanders_you_own"  # a Background's grant (CR 702.124k)
    elif isinstance(subj, A.DescRef) and subj.det == "" and not subj.noun.card and not g.pt \
            and all(isinstance(i, A.Keyword) for i in g.items):
        return _keywords_to_all(g, text, noun_filter(subj.noun))
    elif isinstance(subj, A.EachRef) and subj.det == "each" and subj.noun.card == "card" \
            and subj.noun.suffix[:1] == ("in your graveyard",) and not g.pt and not g.condition:
        return _to_graveyard_cards(g, text, subj.noun)
    elif isinstance(subj, A.EachRef) and subj.det == "all" and not (subj.noun.card or subj.noun.quals
                                                                    or subj.noun.suffix or g.pt or g.condition):
        return _abilities_to_every(g, text, noun_filter(subj.noun), named)
    else:
        raise Unsupported(g.subject.render() + " " + g.verb)
    if g.condition is not None:
        raise Unsupported(f"as long as {g.condition.render()}")
    p, t = _pt(g.pt) if g.pt else (0, 0)
    inner = Lowered()
    kws: set[str] = set()
    for item in g.items:
        if isinstance(item, A.Quoted):
            if isinstance(item.ability, A.SpellText | A.AbilityWord):
                raise Unsupported(item.render())
            _ability(item.ability, named(item.ability), inner, named)
        elif isinstance(item, A.Keyword) and item.name.lower() in ENGINE_KEYWORDS and not item.arg:
            kws.add(item.name.lower())
        elif isinstance(item, A.Keyword):
            _keyword(item, inner, item.render().replace("~", ""))
        else:
            raise Unsupported(item.render())
    if inner.keywords or inner.enchant is not None or inner.spell is not None:
        raise Unsupported(g.render())
    abilities = (*inner.triggered, *inner.activated, *inner.static)
    return m.Grant(text, to=to, p=p, t=t, keywords=frozenset(kws), abilities=abilities)


def _to_graveyard_cards(g: A.Granted, text: str, noun: A.Noun) -> m.Static:
    """"Each creature card in your graveyard that's a Cleric, Rogue, Warrior, and/or Wizard has
    unearth {1}{B}." (CR 604.1): keyword abilities that work from a graveyard (CR 113.6m), given
    to the matching cards of the controller's graveyard."""
    from undercity.cards.language.unearth import GraveyardCardsHave
    from undercity.engine.from_graveyard import ability_zone

    inner = Lowered()
    for item in g.items:
        if not isinstance(item, A.Keyword) or not item.arg:
            raise Unsupported(item.render())
        _keyword(item, inner, item.render())
    if inner.keywords or inner.static or inner.triggered or inner.alt_costs or not inner.activated \
            or any(ability_zone(a) != "graveyard" for a in inner.activated):
        raise Unsupported(g.render())
    flt = replace(noun_filter(replace(noun, suffix=noun.suffix[1:])), controller=None)
    return GraveyardCardsHave(text, filter=flt, abilities=tuple(inner.activated))


def _abilities_to_every(g: A.Granted, text: str, flt: m.Filter, named: Any) -> Continuous:
    """"All Slivers have "{3}, Sacrifice this permanent: Destroy target permanent."" (CR 604.1,
    613.1f): every permanent of the subtype, whoever controls it — this one too — has the quoted
    abilities as its own ("this permanent" is the one that has it, CR 113.8), in layer 6."""
    if not flt.subtypes or flt.types or flt.controller is not None:
        raise Unsupported(g.subject.render() + " " + g.verb)
    inner = Lowered()
    kws: set[str] = set()
    for item in g.items:
        if isinstance(item, A.Quoted) and not isinstance(item.ability, A.SpellText | A.AbilityWord):
            _ability(item.ability, named(item.ability), inner, named)
        elif isinstance(item, A.Keyword) and item.name.lower() in ENGINE_KEYWORDS and not item.arg:
            kws.add(item.name.lower())
        else:
            raise Unsupported(item.render())
    if inner.keywords or inner.enchant is not None or inner.spell is not None or inner.static:
        raise Unsupported(g.render())
    return Continuous(text, affects=m.ALL(flt),
                      mods=(AddAbilities((*inner.triggered, *inner.activated), frozenset(kws)),))


def _keywords_to_all(g: A.Granted, text: str, flt: m.Filter) -> Continuous:
    """"Other creatures you control have ward {3}." (CR 604.1, 613.1f): keyword abilities of each
    permanent you control matching the description, in layer 6 — a keyword that is an ability of
    its own (ward's trigger, CR 702.21a) as that ability."""
    if flt.controller != "you" or not (flt.types or flt.subtypes):
        raise Unsupported(g.subject.render() + " " + g.verb)
    inner = Lowered()
    kws: set[str] = set()
    for item in g.items:
        assert isinstance(item, A.Keyword)
        if item.name.lower() in ENGINE_KEYWORDS and not item.arg:
            kws.add(item.name.lower())
        elif item.name.lower() in ("ward", "extort"):
            _keyword(item, inner, item.render())
        elif item.name.lower() == "equip" and flt.subtypes == frozenset({"Equipment"}):
            _keyword(item, inner, item.render())  # CR 702.6a: an activated ability of each Equipment
        else:
            raise Unsupported(item.render())
    # "as long as you control three or more artifacts" (CR 604.1): checked continuously, for this
    # permanent's controller.
    cond = _controls(g.condition, "as long as") if g.condition is not None else None
    return Continuous(text, affects=m.ALL(flt), cond=cond,
                      mods=(AddAbilities((*inner.triggered, *inner.activated), frozenset(kws)),))


def _overloaded(alt: m.AltCost, parts: list[A.SpellText], named: Any) -> m.AltCost:
    """CR 702.96b: the spell's text with every "target" replaced by "each", read and lowered
    as the spell it is when its overload cost is paid — with no targets (702.96a)."""
    import re

    from undercity.cards.text.parser import parse_ability

    if len(parts) != 1:
        raise Unsupported("overload on a spell of several paragraphs")
    text = re.sub(r"\btarget\b", "each", parts[0].render())
    node = parse_ability(text, spell=True)
    if not isinstance(node, A.SpellText) or isinstance(node.body, A.Modal) or "targets" in text:
        raise Unsupported(f"overload: {text}")
    spell = _spell(node.body, named(node))
    if spell.targets:
        raise Unsupported(f"overload: {text}")
    return replace(alt, spell=spell)


#: CR 305.6: each basic land type gives its land the intrinsic ability "{T}: Add [mana]."
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def lower_card(card: A.ParsedCard, name: str, *, is_spell: bool, subtypes: tuple[str, ...] = (),
               mana_cost: str = "") -> Lowered:
    """Lower every ability of a parsed card, or raise :class:`Unsupported`. ``mana_cost``: the
    card's, whose {X} gives a spell's X (CR 107.3a, 601.2b)."""
    out = Lowered()
    _CARD_NAME[0] = name
    for st in subtypes:
        if st in BASIC_LAND_MANA:
            c = BASIC_LAND_MANA[st]
            out.activated.append(m.Activated(f"{{T}}: Add {{{c}}}.", cost=m.Cost(tap=True),
                                             effects=(m.AddMana(c),), mana_ability=True))

    def named(node: A.Node) -> str:
        return node.render().replace("~", name)

    spell_parts: list[A.SpellText] = []
    levels: list[tuple[A.LevelBar, Lowered]] = []  # a Class's level bars and their abilities (CR 716.2a)
    for ab in card.abilities:
        inner = ab.ability if isinstance(ab, A.AbilityWord) else ab
        if isinstance(inner, A.LevelBar):
            if "Class" not in subtypes or inner.level != len(levels) + 2:
                raise Unsupported(inner.render())
            levels.append((inner, Lowered()))
        elif isinstance(inner, A.SpellText):
            if not is_spell or levels:
                raise Unsupported(inner.render())
            spell_parts.append(inner)
        else:
            _ability(inner, named(ab), levels[-1][1] if levels else out, named)
    if levels:
        _class_levels(out, levels)
    if any(a.keyword == "flashback" for a in out.alt_costs) and not is_spell:
        # A permanent cast with flashback would be exiled instead of entering (CR 702.34a); the
        # engine's exile-instead is for instants and sorceries.
        raise Unsupported("flashback on a permanent card")
    out.alt_costs = [replace(a, mana=_mana_cost(mana_cost)) if a.keyword == "retrace" else a for a in out.alt_costs]
    if is_spell and not spell_parts and card.abilities and all(isinstance(a, A.KeywordLine) for a in card.abilities) \
            and out.keywords | {a.keyword for a in out.alt_costs}:
        # Only keyword abilities (Throes of Chaos: cascade, retrace): it does nothing as it resolves
        # (CR 608.2; ruling 2019-06-14).
        out.spell = m.SpellAbility("")
    elif is_spell:
        spell_x = m.X if "{X}" in mana_cost else None
        if not spell_parts:
            raise Unsupported("a spell without effects")
        if len(spell_parts) > 1:
            # Paragraphs of a spell's effect are done in order (CR 608.2c), as one text.
            if any(isinstance(p.body, A.Modal) for p in spell_parts):
                raise Unsupported("a modal spell with other effect paragraphs")
            body = A.Effects(tuple(s for p in spell_parts for s in p.body.sentences))
            out.spell = _spell(body, "\n".join(named(p) for p in spell_parts), spell_x)
        else:
            out.spell = _spell(spell_parts[0].body, named(spell_parts[0]), spell_x)
        if any(a.keyword == "overload" for a in out.alt_costs):  # CR 702.96b: and its changed text
            out.alt_costs = [_overloaded(a, spell_parts, named) if a.keyword == "overload" else a
                             for a in out.alt_costs]
    if "Saga" in subtypes:
        from undercity.cards.language.sagas import Chapter, enters_with_lore_counter

        if not any(isinstance(a.when, Chapter) for a in out.triggered):
            raise Unsupported("a Saga without chapter abilities")
        out.static.append(enters_with_lore_counter())  # CR 714.3a
    if _returns_self([out.spell, [t for t in out.triggered if t.when.event != "enters_while_in_graveyard"],
                      out.static]):
        # Only activated abilities are looked for in a graveyard (CR 113.6m, 602.2): a trigger
        # or a spell that returns its card from there isn't one the engine runs.
        raise Unsupported("return ~ from your graveyard outside an activated ability")
    _check_chosen(card, out)
    from undercity.cards.language import hideaway
    from undercity.cards.language.exiled_with import link_exiles

    out.activated, out.triggered = link_exiles(out.activated, out.triggered)  # CR 607.2a
    if not hideaway.linked(out.activated, out.triggered):
        raise Unsupported("the exiled card without a hideaway ability that exiles it")  # CR 607.2a
    if is_spell and "ascend" in out.keywords:
        raise Unsupported("Ascend on an instant or sorcery")  # CR 702.131a: a spell ability, not done
    if _has_count([out.spell, out.triggered, out.static], "sacrificed_stat"):
        raise Unsupported("the sacrificed creature outside an ability that sacrifices one as a cost")
    keys = _created([out.spell, out.triggered, out.activated, out.static])
    out.tokens = [_SPECS[k] for k in dict.fromkeys(keys) if k in _SPECS]
    return out
