"""Continuous effects as data: what an effect does to an object's characteristics, in the
layer it applies in (CR 613.1), and the static ability that creates such effects (CR 604.1).

Each modification names its layer (``layer``): ``"1"`` copy (CR 707.2), ``"2"`` control,
``"3"`` text, ``"4"`` type, ``"5"`` color, ``"6"`` abilities, ``"7a"`` characteristic-defining
P/T (CR 604.3), ``"7b"`` P/T setting, ``"7c"`` P/T modifying, ``"7d"`` P/T switching. The
engine's layer system (:mod:`undercity.engine.layers`) applies them in that order, in
timestamp order within a layer, dependencies first (CR 613.7, 613.8).

:class:`Continuous` is a static ability that applies modifications to what ``affects`` names:
``ENCHANTED`` (the permanent this Aura or Equipment is attached to), ``SELF``, or
``ALL(filter)`` (every permanent matching the filter, from its controller's point of view,
evaluated continuously, CR 611.3a). Resolved spells and abilities create the same
modifications with a duration (``undercity.engine.layers.add_effect``, CR 611.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from undercity.cards.model import (
    ENCHANTED,
    YOU,
    Ability,
    CardDef,
    Condition,
    Effect,
    Filter,
    Ref,
    Static,
    TargetSpec,
)

#: Land subtypes (CR 205.3i): kept by a permanent that becomes a land and loses its other types.
LAND_SUBTYPES = frozenset({
    "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Power-Plant",
    "Sphere", "Swamp", "Tower", "Urza’s", "Urza's", "Town", "Planet",
})
#: Artifact and enchantment subtypes (CR 205.3g, 205.3h).
ARTIFACT_SUBTYPES = frozenset({
    "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification", "Gold",
    "Incubator", "Junk", "Map", "Powerstone", "Spacecraft", "Treasure", "Vehicle",
})
ENCHANTMENT_SUBTYPES = frozenset({
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard", "Shrine",
})
#: The planeswalker types (CR 205.3j), known to the grammar though no shipped card has some
#: ("target Dragon creature card or Ugin planeswalker card").
PLANESWALKER_SUBTYPES = frozenset({
    "Ajani", "Aminatou", "Angrath", "Arlinn", "Ashiok", "Bahamut", "Basri", "Bolas", "Calix", "Chandra", "Comet",
    "Dack", "Dakkon", "Daretti", "Davriel", "Dellian", "Dihada", "Domri", "Dovin", "Ellywick", "Elminster",
    "Elspeth", "Estrid", "Freyalise", "Garruk", "Gideon", "Grist", "Guff", "Huatli", "Jace", "Jared", "Jaya",
    "Jeska", "Kaito", "Karn", "Kasmina", "Kaya", "Kiora", "Koth", "Liliana", "Lolth", "Lukka", "Minsc",
    "Mordenkainen", "Nahiri", "Narset", "Niko", "Nissa", "Nixilis", "Oko", "Quintorius", "Ral", "Rowan", "Saheeli",
    "Samut", "Sarkhan", "Serra", "Sivitri", "Sorin", "Szat", "Tamiyo", "Tasha", "Teferi", "Teyo", "Tezzeret",
    "Tibalt", "Tyvar", "Ugin", "Urza", "Venser", "Vivien", "Vraska", "Vronos", "Will", "Windgrace", "Wrenn",
    "Xenagos", "Yanggu", "Yanling", "Zariel",
})

@dataclass(frozen=True, slots=True)
class PermanentsYouControl:
    """"the number of Crabs, Oozes, and/or Horrors you control": the permanents the source's
    controller controls that match ``filter`` after layer 4 (CR 604.3, 613.1d); ``n`` for each
    ("gets +1/+0 for each other Illusion you control", 613.4c, counted continuously, 611.3a)."""

    filter: Filter
    n: int = 1


@dataclass(frozen=True, slots=True)
class AttachedToHost:
    """"Enchanted creature gets +1/+1 for each Aura and Equipment attached to it": the
    permanents with one of ``subtypes`` (after layer 4, CR 613.1d) attached to the permanent
    the source is attached to (CR 301.5, 303.4), the source itself included; ``n`` for each,
    counted continuously (CR 611.3a)."""

    subtypes: frozenset[str]
    n: int = 1


#: Numbers a characteristic-defining ability or a modification counts (CR 604.3): the name of
#: a count the layer system knows (``undercity.engine.layers.COUNTS``) plus a fixed part, or a
#: typed count.
PTValue = int | tuple[str, int] | PermanentsYouControl | AttachedToHost


@dataclass(frozen=True, slots=True)
class Mod:
    """One modification of a continuous effect; ``layer`` says where it applies (CR 613.1)."""

    layer: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class CopyOf(Mod):
    """Layer 1 (CR 707.2): the object's copiable values become ``card``'s, with the copy
    effect's exceptions (CR 707.9b): ``add_subtypes`` (and card types ``add_types``) in addition
    to its other types, the abilities ``add_abilities`` and keywords ``add_keywords``, and the
    base power and toughness ``power``/``toughness`` if given, the colors ``colors`` if given, and
    no mana cost with ``no_mana_cost`` (eternalize, CR 702.129a)."""

    layer: ClassVar[str] = "1"
    card: CardDef | None = None
    add_subtypes: frozenset[str] = frozenset()
    add_abilities: tuple[Ability, ...] = ()
    add_types: frozenset[str] = frozenset()
    add_keywords: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    colors: frozenset[str] | None = None
    no_mana_cost: bool = False


@dataclass(frozen=True, slots=True)
class GainControl(Mod):
    """Layer 2 (CR 613.1b): ``player`` controls the object."""

    layer: ClassVar[str] = "2"
    player: int = 0


@dataclass(frozen=True, slots=True)
class SetTypes(Mod):
    """Layer 4 (CR 613.1d, 205.1a): the object is ``types`` and loses its other card types.
    ``subtypes``: its new subtypes, replacing all of them ("is a green Elk creature … loses
    all other creature types"); None: it keeps the subtypes that go with its new card types
    (a permanent that becomes a land keeps its land types, CR 205.3d)."""

    layer: ClassVar[str] = "4"
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class SetSubtypes(Mod):
    """Layer 4: the object's subtypes become ``subtypes`` (its card types unchanged)."""

    layer: ClassVar[str] = "4"
    subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class AddTypes(Mod):
    """Layer 4: the object is ``types`` and ``subtypes`` in addition to its other types."""

    layer: ClassVar[str] = "4"
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class SetColors(Mod):
    """Layer 5 (CR 613.1e, 105.2): the object is ``colors`` (empty: colorless) and no others."""

    layer: ClassVar[str] = "5"
    colors: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class AddColors(Mod):
    """Layer 5 (CR 613.1e, 105.3): the object is ``colors`` in addition to its other colors (a
    colorless object becomes just those, CR 105.2c)."""

    layer: ClassVar[str] = "5"
    colors: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class LoseAbilities(Mod):
    """Layer 6 (CR 613.1f): the object loses all abilities (keywords included)."""

    layer: ClassVar[str] = "6"


@dataclass(frozen=True, slots=True)
class LoseKeywords(Mod):
    """Layer 6 (CR 613.1f): the object loses the keyword abilities ``keywords`` ("Equipped
    creature gets +10/+10 and loses flying"); one granted by a later effect it has again."""

    layer: ClassVar[str] = "6"
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class AddAbilities(Mod):
    """Layer 6: the object has ``abilities`` and ``keywords``; ``enchant``: it has that enchant
    ability (CR 702.5a; a bestowed spell or Aura "gains enchant creature", 702.103b)."""

    layer: ClassVar[str] = "6"
    abilities: tuple[Ability, ...] = ()
    keywords: frozenset[str] = frozenset()
    enchant: TargetSpec | None = None
    #: "You may spend blue mana as though it were mana of any color to activate those abilities"
    #: (CR 609.4b): a color whose mana pays any colored symbol of the costs of ``abilities``.
    spend_as_any: str = ""


@dataclass(frozen=True, slots=True)
class DefinePT(Mod):
    """Layer 7a (CR 604.3, 613.4a): a characteristic-defining ability sets power and/or
    toughness (None: that one is printed). It functions in every zone (CR 604.3)."""

    layer: ClassVar[str] = "7a"
    power: PTValue | None = None
    toughness: PTValue | None = None


@dataclass(frozen=True, slots=True)
class SetPT(Mod):
    """Layer 7b (CR 613.4b): base power and toughness become ``p``/``t``."""

    layer: ClassVar[str] = "7b"
    p: int = 0
    t: int = 0


@dataclass(frozen=True, slots=True)
class ModifyPT(Mod):
    """Layer 7c (CR 613.4c): +``p``/+``t`` (each a number or a count)."""

    layer: ClassVar[str] = "7c"
    p: PTValue = 0
    t: PTValue = 0


@dataclass(frozen=True, slots=True)
class SwitchPT(Mod):
    """Layer 7d (CR 613.4d): power and toughness are switched."""

    layer: ClassVar[str] = "7d"


@dataclass(frozen=True, slots=True, eq=False)
class Continuous(Static):
    """A static ability whose effect is the modifications ``mods`` to ``affects`` (CR 604.1,
    611.3), while ``cond`` holds for this permanent's controller (None: always). A
    characteristic-defining ability (CR 604.3) is one whose only modification is
    :class:`DefinePT` of ``SELF``."""

    kind: str = "continuous"
    affects: Ref = ENCHANTED
    mods: tuple[Mod, ...] = ()
    cond: Condition | None = None

    @property
    def is_cda(self) -> bool:
        return all(isinstance(m, DefinePT) for m in self.mods) and self.affects.kind == "self"


@dataclass(frozen=True, slots=True, eq=False)
class EveryCreatureTypeElsewhere(Static):
    """"The same is true for creature spells you control and creature cards you own that aren't
    on the battlefield" (Maskwood Nexus): off the battlefield, the creature spells this
    permanent's controller controls and the creature cards they own are every creature type
    (CR 205.3m, 613.1d) — asked by the layer system's view of objects outside the battlefield
    (:func:`undercity.engine.layers.off_battlefield`)."""

    kind: str = "every_creature_type_elsewhere"


@dataclass(frozen=True, slots=True, eq=False)
class EntersAsCopy(Static):
    """"You may have this enter the battlefield as a copy of any creature on the battlefield,
    except …" (Phantasmal Image): a replacement effect on how it enters (CR 614.1c) whose copy
    effect (layer 1, CR 707.2) has the exceptions ``add_subtypes`` and ``add_abilities``
    (707.9b). The copied object matches ``filter``."""

    kind: str = "enters_as_copy"
    filter: Filter | None = None
    add_subtypes: frozenset[str] = frozenset()
    add_abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class GainControlOf(Effect):
    """"Gain control of ``what``" (layer 2, CR 613.1b): the resolving ability's controller
    controls it — ``until`` ``source_controlled``: "for as long as you control [this
    permanent]" (CR 611.2b); ``eot``: until end of turn; ``always``: indefinitely."""

    what: Ref = Ref("target", 0)
    until: str = "source_controlled"
    #: Who gains control: the ability's controller, or "the player to your right" (Bucknard's
    #: Everfull Purse: :data:`PLAYER_TO_YOUR_RIGHT`).
    who: Ref = YOU


#: "The player to your right": the player before you in turn order (CR 101.4: turn order usually
#: passes to the left), among those still in the game (CR 800.4a).
PLAYER_TO_YOUR_RIGHT = Ref("player_to_your_right")


@dataclass(frozen=True, slots=True)
class BecomeUntilEOT(Effect):
    """``what`` becomes a ``creature_type`` with base power and toughness ``base`` and gains
    ``keywords`` until end of turn; it loses its other creature types (CR 205.1b, 613.4b;
    Eccentric Apprentice)."""

    what: Ref
    creature_type: str
    base: tuple[int, int]
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class LoseAllAbilitiesWhileTapped(Effect):
    """For as long as this permanent remains tapped, ``what`` loses all abilities (layer 6,
    CR 613.1f) and, with ``cant_attack_or_block``, can't attack or block (Immovable Rod).
    The duration ends when this permanent untaps or leaves the battlefield; if it is already
    untapped as the effect would begin, the effect does nothing (CR 611.2b)."""

    what: Ref
    cant_attack_or_block: bool = True


@dataclass(frozen=True, slots=True)
class LoseAllAbilitiesWhileOnBattlefield(Effect):
    """"For as long as ~ remains on the battlefield, … it loses all abilities, and it can't attack
    or block." (Opportunistic Dragon): ``what`` loses all abilities (layer 6, CR 613.1f) and, with
    ``cant_attack_or_block``, can't attack or block (CR 508.1c, 509.1b) until this permanent leaves
    the battlefield — whoever controls either (CR 611.2b; rulings 2019-10-04). If it has already
    left as the effect would begin, the effect does nothing."""

    what: Ref
    cant_attack_or_block: bool = False


@dataclass(frozen=True, slots=True)
class GainsKeywords(Effect):
    """"It gains haste." with no duration, after an effect put ``what`` onto the battlefield
    (Puppeteer Clique): a layer-6 effect on the permanent it became (CR 400.7, 611.2e "gains …
    applies after the permanent is on the battlefield") for as long as it is that object — no
    duration stated lasts until the end of the game (CR 611.2a)."""

    what: Ref
    keywords: frozenset[str]


@dataclass(frozen=True, slots=True)
class PutWithCharacteristics(Effect):
    """"… return a creature card put into a graveyard this way to the battlefield under your
    control. It's a black Zombie in addition to its other colors and types." (Necromantic
    Selection): each permanent the effect ``put`` puts onto the battlefield is ``mods`` (types,
    layer 4; colors, layer 5) as it enters — an effect saying the permanent "is [characteristic]"
    applies simultaneously with its entering (CR 611.2e), so "whenever a Zombie enters" sees a
    Zombie — for as long as it is that object (no duration stated, CR 611.2a, 400.7)."""

    put: Effect
    mods: tuple[Mod, ...]


@dataclass(frozen=True, slots=True, eq=False)
class SpellGains(Effect):
    """'When you cast an Equipment spell this way, it gains "When this Equipment enters the
    battlefield, …"' (Galea, Kindler of Hope): the spell the trigger names gains ``abilities``
    (layer 6) with no duration; the effect continues to apply to the permanent the spell becomes
    (CR 112.4, 400.7) and does nothing if the spell has left the stack."""

    abilities: tuple[Ability, ...]


@dataclass(frozen=True, slots=True, eq=False)
class GainAbilitiesUntilEOT(Effect):
    """'Until end of turn, Angels you control gain "{T}: Destroy target creature …"': each
    object ``what`` names as this resolves (CR 611.2c) has ``abilities`` until end of turn
    (layer 6, CR 613.1f); "this creature" in them is the object that has them (CR 113.8)."""

    what: Ref
    abilities: tuple[Ability, ...]


@dataclass(frozen=True, slots=True)
class GainActivatedAbilitiesOf(Effect):
    """"Each Horror you control gains all activated abilities of target artifact an opponent
    controls until end of turn" (Grell Philosopher): each object ``what`` names as this resolves
    (CR 611.2c) gains, in layer 6 (CR 613.1f), the activated abilities — mana abilities among
    them (CR 605.1a) — that ``of`` has as it resolves (CR 608.2h); its name in them means the
    object that gained them (CR 201.5b). ``spend_as_any``: the color whose mana may be spent as
    though it were mana of any color to activate them (CR 609.4b)."""

    what: Ref
    of: Ref
    spend_as_any: str = ""


@dataclass(frozen=True, slots=True)
class DoubleToughness(Effect):
    """Double the toughness of ``what`` until end of turn: each gets +0/+X, X its toughness
    as this resolves (CR 701.10b-c)."""

    what: Ref
