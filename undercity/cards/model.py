"""The card effect language: what a card *is* and *does*, as typed, immutable data.

A :class:`CardDef` is a card's Oracle characteristics plus its abilities, written with the
small closed vocabulary below (design.md §2). The engine never runs per-card Python: every
effect type here has a registered handler in :mod:`undercity.engine.effects`.

Abilities are registered in a global table when a card is defined, which gives each a small
integer ``uid`` (a cheap key within one process); a pickled game refers to each ability by the
definition holding it instead (:mod:`undercity.cards.addresses`), which holds in any process.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from undercity.mana import ManaCost

# ---------------------------------------------------------------------------------------
# References: who or what an effect is about. Resolved against the resolving object.


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference resolved on resolution (CR 608.2c-h).

    kind: ``target`` (index ``i`` of the chosen targets), ``self`` (the source object),
    ``you`` (its controller), ``target_controller`` (controller of target ``i``, CR 608.2h
    last known information), ``each_opponent``, ``each_player``, ``defending_player``,
    ``enchanted`` (the permanent this Aura enchants), ``self_and_enchanted`` (both: "~ and
    enchanted creature each get +X/+X", a static ability's, CR 611.3a), ``trigger_object`` (the object named by
    the trigger event), ``all`` (every permanent matching ``filter``), ``chosen`` (cards chosen
    during resolution).
    """

    kind: str
    i: int = 0
    filter: Filter | None = None


def T(i: int = 0) -> Ref:
    return Ref("target", i)


SELF = Ref("self")
YOU = Ref("you")
EACH_OPPONENT = Ref("each_opponent")
EACH_PLAYER = Ref("each_player")
DEFENDING = Ref("defending_player")
ENCHANTED = Ref("enchanted")
SELF_AND_ENCHANTED = Ref("self_and_enchanted")
TRIGGER_OBJECT = Ref("trigger_object")


def TARGET_CONTROLLER(i: int = 0) -> Ref:
    return Ref("target_controller", i)


def ALL(flt: Filter) -> Ref:
    return Ref("all", 0, flt)


#: Every target chosen for an ``any_number`` specification, from its index on ("each of any
#: number of target creatures"): ``Ref("each_target", i)``.
def EACH_TARGET(i: int = 0) -> Ref:
    return Ref("each_target", i)


# ---------------------------------------------------------------------------------------
# Filters and target specifications.


@dataclass(frozen=True, slots=True)
class Filter:
    """Which objects qualify. Empty fields mean "no restriction".

    ``types`` needs any of the card types; ``not_types`` none of them; ``not_colors`` none of
    those colors; ``controller`` is ``you``/``opponent`` relative to the ability's controller;
    ``other`` excludes the source itself; ``nontoken`` excludes tokens; ``basic`` requires the
    Basic supertype; ``not_supertypes`` excludes e.g. Legendary; ``max_mv`` caps mana value.
    """

    types: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    not_colors: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    controller: str | None = None
    other: bool = False
    nontoken: bool = False
    basic: bool = False
    not_supertypes: frozenset[str] = frozenset()
    max_mv: int | None = None
    attacking_or_blocking: bool = False
    supertypes: frozenset[str] = frozenset()  # needs any of them ("legendary creature")
    #: ``True``: only tapped permanents, ``False``: only untapped ones ("destroy all tapped creatures").
    tapped: bool | None = None
    #: "with power 4 or greater", "with toughness 4 or greater", "with mana value 4 or greater".
    min_power: int | None = None
    min_toughness: int | None = None
    min_mv: int | None = None
    #: "with power 2 or less": its power now on the battlefield, else its card's (as printed or
    #: as a characteristic-defining ability says, CR 208.2, 604.3) — a creature card in a graveyard too.
    max_power: int | None = None
    #: Attacking creatures only (CR 506.4: declared as attackers and not removed from combat).
    attacking: bool = False
    #: Blocking creatures only (CR 509.1g, 506.4).
    blocking: bool = False
    #: "with {X} in its mana cost" (CR 107.3): its card's mana cost has an {X}.
    x_in_cost: bool = False
    not_subtypes: frozenset[str] = frozenset()  # none of them ("non-Warrior creature")
    #: "with flying" / "without flying": keyword abilities it has, or lacks, after layer 6
    #: (CR 702, 613.1f) — all of ``keywords``, none of ``not_keywords``.
    keywords: frozenset[str] = frozenset()
    not_keywords: frozenset[str] = frozenset()
    #: "of the chosen type" / "of the chosen color": the creature type or color the source
    #: permanent chose as it entered (CR 614.12a, 607.1; ``"creature type"`` or ``"color"``);
    #: nothing matches while it has chosen none (ruling 2017-08-25, Herald's Horn).
    chosen: str | None = None
    #: "that aren't of the chosen type": not of the type the source chose (CR 608.2d).
    not_chosen: str | None = None
    #: "with mana value less than or equal to the number of cards in its controller's graveyard"
    #: (Drown in the Loch): compared as it is checked — as the target is chosen and as the
    #: spell resolves (CR 608.2b); a spell's X counts as chosen (CR 202.3e).
    max_mv_controllers_graveyard: bool = False
    #: "that shares a creature type with this creature" (Folk Hero): one of the source's creature
    #: types (CR 205.3m), after the layers, is one of its own.
    shares_creature_type: bool = False
    #: "that aren't enchanted" (False) / enchanted (True): whether an Aura is attached to it
    #: (ruling 2005-08-01, Winds of Rath; CR 303.4).
    enchanted: bool | None = None
    #: Power less than the source's power, or than its power as it last existed on the
    #: battlefield (mentor, CR 702.134a).
    less_power_than_source: bool = False
    #: "Aura and/or Equipment cards that could be attached to enchanted creature": an Aura whose
    #: enchant ability allows that creature, or an Equipment (it may be attached to a creature,
    #: CR 301.5c), with no protection of the creature forbidding it (CR 702.16c-d); the creature
    #: the source enchants, or last enchanted if it left (rulings 2021-07-23, Mantle of the
    #: Ancients).
    attachable_to_enchanted: bool = False
    #: "with slime counters on them": one or more counters of that kind on it (CR 122.1).
    counter: str | None = None
    #: "whose controller was dealt combat damage by ~ this turn" (CR 510.2): its controller now is
    #: one of the players the source dealt combat damage to this turn.
    controller_dealt_combat_damage_by_source: bool = False
    #: "Dragon creature card or Ugin planeswalker card": an object matching this filter instead
    #: of the rest of it qualifies too.
    alternative: Filter | None = None
    #: "that was put there from their library this turn": the zone a card in a graveyard was put
    #: there from, this turn (a new object as it arrived, CR 400.7; ``engine.zone_history``).
    came_from: str | None = None
    #: "a nonland permanent an opponent owns": ``opponent`` — owned by an opponent of the ability's
    #: controller (CR 108.3, 102.3), whoever controls it.
    owner: str | None = None
    #: Goaded creatures only, by any player (CR 701.15b).
    goaded: bool = False
    #: "nonattacking": not attacking (CR 506.4).
    nonattacking: bool = False
    #: "with the same name as this creature": the name of the ability's source, after copy
    #: effects (CR 201.2, 613.1a).
    same_name: bool = False
    #: "that entered the battlefield this turn": the permanent is an object that entered this
    #: turn (CR 400.7, 603.6a; ``engine.zone_history``).
    entered_this_turn: bool = False


def F(*types: str, **kw: Any) -> Filter:
    """Shorthand: ``F("Creature", not_colors={"B"})``."""
    conv = {k: frozenset(v) if isinstance(v, set | list | tuple) else v for k, v in kw.items()}
    return Filter(types=frozenset(types), **conv)


CREATURE = F("Creature")
ANY_PERMANENT = Filter()


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target of a spell or ability (CR 115).

    kind: ``any`` (creature, player, planeswalker or battle), ``player``, ``opponent``,
    ``permanent`` (with ``filter``), ``spell`` (an object on the stack, with ``filter``),
    ``card`` (a card in ``zone`` — graveyard — with ``filter``), ``player_or_planeswalker``,
    ``opponent_or_planeswalker``, ``creature_or_planeswalker``.
    """

    kind: str
    filter: Filter | None = None
    zone: str | None = None
    text: str = ""
    #: "up to one target" (CR 115.1, 601.2c): zero targets may be chosen. Optional target
    #: specifications come after the required ones.
    optional: bool = False
    #: Another target of the previous specification's "target" word ("six target creatures"):
    #: it must differ from the others chosen for that word (CR 115.3).
    same_word: bool = False
    #: "target creature that player controls": a target controlled by the player the trigger
    #: event names (``attacked_player``: the player attacked, CR 508.3e), as it is chosen and
    #: as the ability resolves (CR 115.1, 608.2b).
    controlled_by: Ref | None = None
    #: "X target creatures", "up to X target artifacts": this specification stands for X
    #: different targets of one "target" word, X the spell's, announced before targets are
    #: chosen (CR 601.2b-c, 115.3). Always the spell's last specification.
    x_count: bool = False
    #: "each of any number of target creatures …" (a triggered ability's): this specification
    #: stands for zero or more different targets of one "target" word, as many as its controller
    #: chooses (CR 115.1, 603.3d, 115.3), named together by :data:`EACH_TARGET`. Always the
    #: ability's last specification.
    any_number: bool = False
    #: "with power less than or equal to the tapped creature's power": at most the power of the
    #: creature the ability was created about (trigger data ``tapped``), as it last existed on
    #: the battlefield if it left (ruling 2021-07-23, Nihiloor), checked as the target is chosen
    #: and as the ability resolves (CR 608.2b).
    max_power_of_tapped: bool = False


def target_creature(**kw: Any) -> TargetSpec:
    return TargetSpec("permanent", F("Creature", **kw), text="target creature")


ANY_TARGET = TargetSpec("any", text="any target")
TARGET_PLAYER = TargetSpec("player", text="target player")
TARGET_OPPONENT = TargetSpec("opponent", text="target opponent")


# ---------------------------------------------------------------------------------------
# Amounts.


@dataclass(frozen=True, slots=True)
class Count:
    """A number computed on resolution: ``what`` is ``permanents`` (matching ``filter``
    controlled by ``whose``), ``x`` (the spell's X), ``hit_exile`` (cards the player owns in
    exile with a ``counter`` counter on them)."""

    what: str
    filter: Filter | None = None
    whose: Ref | None = None
    counter: str | None = None


X = Count("x")
Amount = int | Count


# ---------------------------------------------------------------------------------------
# Effects. Each has a handler registered in undercity.engine.effects.


@dataclass(frozen=True, slots=True)
class Effect:
    pass


@dataclass(frozen=True, slots=True)
class DealDamage(Effect):
    amount: Amount
    to: Ref
    source: Ref = SELF


@dataclass(frozen=True, slots=True)
class DivideDamage(Effect):
    """Deal ``amount`` damage divided evenly, rounded down, among the targets that are still
    legal as it resolves (Fireball; CR 608.2b)."""

    amount: Amount


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    what: Ref
    #: False: "It can't be regenerated" (CR 701.19c) — shields don't apply to this destruction.
    regenerate: bool = True


@dataclass(frozen=True, slots=True)
class ExileIt(Effect):
    what: Ref


@dataclass(frozen=True, slots=True)
class ReturnToHand(Effect):
    what: Ref


@dataclass(frozen=True, slots=True)
class ReturnToBattlefield(Effect):
    """Put a card (from a graveyard) onto the battlefield under ``under``'s control."""

    what: Ref
    under: Ref = YOU
    counters: tuple[tuple[str, int], ...] = ()
    #: "If that creature would leave the battlefield, exile it instead" (CR 614.1a).
    exile_if_leaves: bool = False


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    n: Amount = 1
    who: Ref = YOU


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    n: Amount = 1
    who: Ref = YOU


@dataclass(frozen=True, slots=True)
class LoseLife(Effect):
    n: Amount
    who: Ref


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    n: Amount
    who: Ref = YOU


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    what: Ref = field(default_factory=lambda: T(0))


@dataclass(frozen=True, slots=True)
class PutCounters(Effect):
    counter: str
    n: Amount
    what: Ref


@dataclass(frozen=True, slots=True)
class Pump(Effect):
    """``what`` gets +p/+t (and gains keywords) until end of turn (CR 611.2a, 514.2)."""

    p: Amount
    t: Amount
    what: Ref
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    token: str
    n: Amount = 1
    who: Ref = YOU
    tapped: bool = False  # "create two tapped 1/1 … tokens" (CR 111.1)


@dataclass(frozen=True, slots=True)
class Scry(Effect):
    n: Amount  # "Scry X, where X is the result" (CR 706.2)


@dataclass(frozen=True, slots=True)
class Surveil(Effect):
    n: int


@dataclass(frozen=True, slots=True)
class Search(Effect):
    """Search your library for up to ``n`` cards matching ``filter`` (CR 701.23), put them
    ``to`` a zone (``tapped`` if the battlefield), then shuffle."""

    filter: Filter
    n: Amount = 1  # "a number of basic land cards equal to the other result" (CR 706.4)
    to: str = "hand"
    tapped: bool = False
    who: Ref = YOU
    split: bool = False  # Cultivate: one to the battlefield tapped, the other to hand
    #: "… cards that share a land type" (Myriad Landscape): every card found after the first
    #: has a land type each one found before has (CR 205.3i).
    share_land_type: bool = False


@dataclass(frozen=True, slots=True)
class SacrificeChoice(Effect):
    """``who`` sacrifices a permanent matching ``filter`` of their choice (CR 701.21)."""

    who: Ref
    filter: Filter = CREATURE


@dataclass(frozen=True, slots=True)
class Goad(Effect):
    what: Ref


@dataclass(frozen=True, slots=True)
class AddMana(Effect):
    mana: str  # e.g. "G", "CC", or "any" (one mana of any color)


@dataclass(frozen=True, slots=True)
class DestroyAll(Effect):
    filter: Filter
    #: False: "They can't be regenerated" (CR 701.19c).
    regenerate: bool = True


@dataclass(frozen=True, slots=True)
class PutFromHandOnTop(Effect):
    n: int


@dataclass(frozen=True, slots=True)
class Mill(Effect):
    """``who`` mills ``n`` cards (CR 701.17)."""

    n: Amount
    who: Ref = YOU


@dataclass(frozen=True, slots=True)
class MustBeBlocked(Effect):
    """All creatures able to block ``what`` this turn do so (CR 509.1c requirement)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class PreventCombatDamage(Effect):
    """Prevent all combat damage that would be dealt this turn (CR 615)."""

    to_you_and_yours_only: bool = False


@dataclass(frozen=True, slots=True)
class ExileGraveyards(Effect):
    pass


@dataclass(frozen=True, slots=True)
class CopySpell(Effect):
    """Copy the spell that triggered this ability (CR 707.10), ``times`` times, or
    ``times_if`` times if ``if_`` holds; the controller may choose new targets (707.10c)."""

    times: int = 1
    times_if: int = 1
    if_: Condition | None = None
    new_targets: bool = True


@dataclass(frozen=True, slots=True)
class Venture(Effect):
    """Venture into the dungeon (CR 701.49); ``into="Undercity"`` is venture into Undercity."""

    into: str | None = None
    who: Ref = YOU


@dataclass(frozen=True, slots=True)
class TakeInitiative(Effect):
    who: Ref = YOU


# Effects of dungeon rooms (CR 309.4c) that the rest of the language lacked.


@dataclass(frozen=True, slots=True)
class PumpUntil(Effect):
    """``what`` gets +p/+t (and gains ``keywords``) until ``until`` — ``your_next_turn``: until
    the next turn of the resolving ability's controller (CR 611.2a). Fungi Cavern."""

    p: Amount
    t: Amount
    what: Ref
    keywords: frozenset[str] = frozenset()
    until: str = "your_next_turn"


@dataclass(frozen=True, slots=True)
class CantAttack(Effect):
    """``what`` can't attack until ``until`` (CR 508.1c restriction). Twisted Caverns."""

    what: Ref
    until: str = "your_next_turn"


@dataclass(frozen=True, slots=True)
class RevealPutCreature(Effect):
    """Reveal the top ``n`` cards of your library, put a card matching ``filter`` from among
    them onto the battlefield with ``counters``; it gains ``keywords`` until your next turn;
    then shuffle. Throne of the Dead Three."""

    n: int
    filter: Filter = CREATURE
    counters: tuple[tuple[str, int], ...] = ()
    keywords: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class ExileTopMayPlay(Effect):
    """Exile the top ``n`` cards of your library; you may play them. Runestone Caverns."""

    n: int


@dataclass(frozen=True, slots=True)
class DrawRevealMayCastFree(Effect):
    """Draw ``n`` cards and reveal them; you may cast one of them without paying its mana
    cost. Mad Wizard's Lair."""

    n: int


@dataclass(frozen=True, slots=True)
class LoseLifeUnless(Effect):
    """Each of ``who`` loses ``n`` life unless they ``unless``: ``discard`` a card or
    ``sacrifice`` a permanent matching ``filter`` of their choice. Veils of Fear, Sandfall Cell."""

    n: Amount
    who: Ref
    unless: str
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class SacrificeEach(Effect):
    """``who`` sacrifices one permanent for each of ``filters``, all different, chosen by them
    (CR 701.21). Oubliette: a creature, an artifact, and a land."""

    filters: tuple[Filter, ...]
    who: Ref = YOU


# ---------------------------------------------------------------------------------------
# Conditions (intervening "if" clauses, CR 603.4).


@dataclass(frozen=True, slots=True)
class Condition:
    what: str  # "completed_dungeon", "have_initiative", "revolt" (a permanent you controlled left
    # the battlefield this turn)
    who: Ref = YOU


# ---------------------------------------------------------------------------------------
# Triggers.


@dataclass(frozen=True, slots=True)
class Trigger:
    """When the ability triggers (CR 603.2).

    event: ``enters`` (``filter`` None = this object), ``dies``, ``attacks`` (this; with a
    ``filter``, any attacking creature matching it; ``whose="opponent"``: attacking one of
    your opponents),
    ``beginning_of`` (``step``, ``whose`` = you/each/opponent), ``cast`` (a spell matching ``filter`` by
    you), ``leaves`` (this goes from the battlefield to ``to_zone``), ``put_into_graveyard``.
    """

    event: str
    filter: Filter | None = None
    step: str | None = None
    whose: str = "you"
    to_zone: str | None = None
    nth: int | None = None  # "your second spell each turn"
    #: ``cast``: "a spell ... from your hand" — the zone the spell was cast from (CR 601.2a).
    from_zone: str | None = None


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost (CR 602.1a, 118)."""

    mana: ManaCost | None = None
    tap: bool = False
    #: {Q}: "Untap this permanent" — only a tapped one (CR 107.6), with summoning sickness for a
    #: creature as for {T} (CR 302.6).
    untap: bool = False
    sacrifice_self: bool = False
    sacrifice: Filter | None = None  # "Sacrifice an artifact:" (CR 118.3)
    #: "Exile ~:" — the permanent itself exiled as the cost is paid (CR 118.3, 602.2b).
    exile_self: bool = False
    #: "Tap an untapped [creature] you control:" — any such permanent, even one that came under
    #: your control this turn (CR 302.6 restricts only {T}); ``other=True`` for "another".
    tap_untapped: Filter | None = None
    #: "Discard this card:" — the ability functions from its owner's hand, where that cost can
    #: be paid (CR 113.6j, 602.2b).
    discard_self: bool = False
    #: "Discard a card:" — a card matching this filter from its controller's hand (CR 701.9a).
    discard: Filter | None = None
    #: A loyalty ability's cost: put on (+N) or remove (-N) loyalty counters (CR 606.4).
    loyalty: int | None = None
    #: "Remove N [kind] counters from this permanent:" — (kind, N); it can't be paid without
    #: that many (CR 118.3, 602.2b).
    remove_counters: tuple[str, int] | None = None
    #: "Remove all [kind] counters from this permanent:" — the kind; payable with none (CR 118.3),
    #: the number removed kept for "the number of counters removed this way" (CR 602.2b).
    remove_all_counters: str | None = None
    #: "Remove X [kind] counters from this permanent:" — the kind; X announced as it is activated,
    #: at most the number of such counters on it (CR 107.3, 601.2b, 602.2b).
    remove_x_counters: str | None = None
    #: "Pay N life:" — N, or a quantity counted as the cost is paid (CR 119.4: only with a life
    #: total at least that large; ``engine.costs.life_payment``).
    pay_life: Amount | None = None
    #: "Sacrifice three Rats:" — how many permanents matching ``sacrifice`` (CR 118.3);
    #: ``sacrifice_x``: "Sacrifice X Treasures:", X announced as it is activated (CR 601.2b, 602.2b).
    sacrifice_n: int = 1
    sacrifice_x: bool = False
    #: "Roll a d8:" — a die of that many sides rolled as the cost is paid (CR 602.2b, 706.1;
    #: ruling 2021-07-23, Clay Golem); "the result" is that roll's.
    roll: int | None = None


@dataclass(frozen=True, slots=True)
class Mode:
    text: str
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Ability:
    """Base of all abilities. ``uid`` is filled in by :func:`register_ability`."""

    text: str
    uid: int = -1

    def __reduce__(self) -> tuple[Any, tuple[str, str, int]]:
        # By the definition holding it, not by uid: uids depend on the order a process met
        # the cards in, and a snapshot must load in any process (undercity.cards.addresses).
        from undercity.cards.addresses import ability_at, address

        return (ability_at, address(self))


@dataclass(frozen=True, slots=True, eq=False)
class SpellAbility(Ability):
    """What an instant or sorcery does (CR 113.3a), or a modal spell (CR 700.2)."""

    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple[Mode, ...] = ()
    choose: tuple[int, int] = (1, 1)
    #: "If you control a commander as you cast this spell, you may choose both" (CR 700.2, 601.2b):
    #: the condition, checked as the modes are chosen, and (fewest, most) modes while it holds.
    choose_more: tuple[Condition, tuple[int, int]] | None = None
    divided: bool = False  # damage divided among targets (Fireball)
    extra_target_cost: int = 0  # "costs {1} more for each target beyond the first"
    max_targets: int = 1


@dataclass(frozen=True, slots=True, eq=False)
class Triggered(Ability):
    when: Trigger = Trigger("enters")
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    if_: Condition | None = None
    optional: bool = False
    #: A modal triggered ability (CR 700.2b, 603.3c): its modes, chosen as it is put on the
    #: stack, between ``choose`` = (fewest, most) of them; ``effects``/``targets`` are then empty.
    modes: tuple[Mode, ...] = ()
    choose: tuple[int, int] = (1, 1)


@dataclass(frozen=True, slots=True, eq=False)
class Activated(Ability):
    cost: Cost = Cost()
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    #: "This ability costs {X} less to activate, where X is …": the generic mana its cost is
    #: reduced by, known once its targets are chosen (CR 601.2f, 602.2b; engine.spell_costs).
    less_by: Count | None = None
    mana_ability: bool = False
    sorcery_speed: bool = False
    #: "Activate only if [condition]" (CR 602.5b): it can't be activated while the condition is
    #: false — a mana ability neither (Tainted Isle's "only if you control a Swamp").
    only_if: Condition | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Static(Ability):
    """A static ability (CR 604).

    kind: ``pump`` (``affects`` get +p/+t and ``keywords``); the replacement and prevention
    effects of static abilities are types of their own (:mod:`undercity.cards.language.replacements`).
    """

    kind: str = "pump"
    affects: Ref = ENCHANTED
    p: int = 0
    t: int = 0
    keywords: frozenset[str] = frozenset()
    counter: str | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Grant(Static):
    """A static ability that gives other objects abilities (layer 6, CR 613.1f).

    ``to``: ``attached`` — the permanent this Aura or Equipment is attached to ("Enchanted
    land has '{T}: Add {G}{G}.'", Find the Path); ``commanders_you_own`` — commander creatures
    this permanent's controller owns (the Backgrounds of CR 702.124k, "Commander creatures you
    own have …"). The affected objects have ``abilities`` (triggered, activated or static)
    and ``keywords``, and get +``p``/+``t``. Nested abilities are registered by
    :func:`undercity.cards.registry.define`.
    """

    kind: str = "grant"
    to: str = "attached"
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class AltCost:
    """An alternative cost (CR 118.9), e.g. escape (CR 702.138)."""

    keyword: str
    mana: ManaCost
    exile_other_graveyard: int = 0
    zone: str = "graveyard"
    #: Flashback (CR 702.34a): a spell cast this way is exiled instead of going anywhere else
    #: whenever it would leave the stack.
    exile_leaving_stack: bool = False
    #: What the spell does when cast for this cost, if not its own text: overload's, with every
    #: "target" replaced by "each" (CR 702.96a-b) — no targets.
    spell: SpellAbility | None = None
    #: The cost may be paid only while this holds (spectacle: "if an opponent lost life this
    #: turn", CR 702.137a), checked as the spell is proposed (CR 601.2b).
    only_if: Condition | None = None
    #: Discard a card matching this from the hand in addition to paying the other costs:
    #: retrace (CR 702.81a), whose ``mana`` is the card's own mana cost — a permission to cast it
    #: from the graveyard, not an alternative to that cost.
    discard: Filter | None = None
    #: Cast for this cost, the spell is an Aura spell with this enchant ability, and its target
    #: is chosen by it (bestow, CR 702.103b, 303.4a, 601.2c): the cast adds the layer effect of
    #: :mod:`undercity.engine.bestow`.
    enchant: TargetSpec | None = None


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """An additional cost to cast a spell (CR 118.8, 601.2b, 601.2h).

    kind ``reveal_or_choose``: reveal a card matching ``filter`` from your hand or choose a
    permanent matching it that you control (Dragon's Fire). ``optional``: "you may". The
    choice is part of the spell, and copies of it keep it (CR 707.10).
    """

    kind: str
    filter: Filter
    optional: bool = True
    text: str = ""


_ABILITIES: list[Ability] = []


def register_ability(a: Ability) -> Ability:
    object.__setattr__(a, "uid", len(_ABILITIES))
    _ABILITIES.append(a)
    return a


# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class CardDef:
    """A card: its Oracle characteristics (CR 109.3) and its abilities."""

    name: str
    mana_cost: ManaCost | None
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    power: int | None
    toughness: int | None
    oracle_text: str
    type_line: str
    keywords: frozenset[str] = frozenset()
    spell: SpellAbility | None = None
    triggered: tuple[Triggered, ...] = ()
    activated: tuple[Activated, ...] = ()
    static: tuple[Static, ...] = ()
    enchant: TargetSpec | None = None
    alt_costs: tuple[AltCost, ...] = ()
    additional_costs: tuple[AdditionalCost, ...] = ()
    token: bool = False
    loyalty: int | None = None  # a planeswalker's printed loyalty (CR 306.5a)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        from undercity.cards.registry import get_card, get_token

        # Tokens live in their own registry (copying a game with a Treasure must work).
        return (get_token if self.token else get_card, (self.name,))

    @property
    def mana_value(self) -> int:
        return self.mana_cost.mana_value if self.mana_cost else 0

    @property
    def is_permanent_card(self) -> bool:
        return not ({"Instant", "Sorcery"} & self.types)

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"
