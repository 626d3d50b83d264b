"""Priority (CR 117): what the player with priority may do, and passing.

Options are listed cheaply: mana sources are computed once per listing, identical cards
in hand are offered once (casting either copy is the same action), and mana abilities are
not listed (they are activated while paying, CR 605.3; scenarios may still activate them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards.language.adventure import AdventurerCard
from undercity.cards.language.cast_permissions import CastFromTopOfLibrary, PlayExiledWith
from undercity.cards.language.face_down import FACE_DOWN_OBJECTS
from undercity.cards.language.morph import MORPH
from undercity.cards.language.spell_costs import SelfCostChange
from undercity.cards.language.split_cards import SplitCard, has_aftermath
from undercity.cards.language.static_abilities import CastAsThoughFlash
from undercity.cards.language.undaunted import Undaunted
from undercity.cards.model import Activated, CardDef
from undercity.engine import abilities as ab
from undercity.engine import (
    adventure,
    alternative_costs,
    cast_permissions,
    casting,
    costs,
    entering,
    foretell,
    from_graveyard,
    land_plays,
    layers,
    mana_spending,
    morph,
    phyrexian_mana,
    spell_costs,
    split_cards,
    static_abilities,
    suspend,
    turn,
    unearth,
    zones,
)
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.game import job_runner
from undercity.errors import IllegalActionError

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job

PASS = ("pass",)
PASS_OPTION = Option("pass priority", PASS)  # options are immutable: one shared instance
LANDS_PER_TURN = 1


def options(g: Game, player: int) -> list[Option]:
    s = g.s
    p = s.players[player]
    opts = [PASS_OPTION]
    sorcery_ok = casting.sorcery_timing(g, player)
    # Whether a spell without flash may be cast now (casting.timing_ok), asked once per listing
    # and only if the hand holds such a spell that sorcery timing doesn't already allow.
    flash_ok: bool | None = True if sorcery_ok else None
    mana = costs.PlayerMana(g, player)  # the sources only if some cost is within reach
    # Which of the hand's other options (below) any card in hand could give, and the first card
    # of each name (a second copy gives the same answer), in hand order.
    hand_kinds, firsts, spells, instants = _hand_summary(s, p)
    if not sorcery_ok:
        # Lands and spells without flash need sorcery timing, or a permission for the latter.
        if spells is not instants and flash_ok is None:
            # CR 702.8a: every spell for "the next spell you cast this turn" (Ride the Avalanche)
            # or "You may cast spells as though …"; only some for "… creature spells …".
            perms = static_abilities.flash_permissions(g, player)
            if cast_permissions.next_spell_flash(g, player) or any(not t for t in perms):
                flash_ok = True
            elif perms:
                instant_ids = set(instants)
                instants = tuple(oid for oid in spells
                                 if oid in instant_ids or static_abilities.covers(perms, s.objs[oid].card))
        firsts = spells if flash_ok else instants
    for oid in firsts:
        o = s.objs[oid]
        card = o.card
        if "Land" in card.types:
            if sorcery_ok and land_plays.may_play_land(g, player):  # CR 305.2, 305.2a
                opts.append(Option(f"play {card.name}", ("play", oid)))
            continue
        if hand_kinds & _SPLIT and isinstance(card, SplitCard):
            continue  # CR 709.3: a half is cast, listed below
        if casting.castable(g, player, o, None, mana=mana):
            opts.append(Option(f"cast {card.name}", ("cast", oid, None)))
    graveyard_kinds = _graveyard_summary(s, p)
    if hand_kinds & _SPLIT or graveyard_kinds & _AFTERMATH:
        opts += split_cards.options(g, player, mana)  # CR 709.3: a half; 702.127a: aftermath's from the graveyard
    if hand_kinds & _ADVENTURER or s.extra.get(adventure.ON_ADVENTURE):
        # CR 715.3: as an Adventure; 715.3d: from exile after one
        opts += adventure.options(g, player, mana.sources, mana.pool)
    if hand_kinds & _ALT_COST or (p.commanders and p.command):
        opts += alternative_costs.options(g, player, mana.sources, mana.pool)  # CR 118.9: evoke, dash from the hand
    if hand_kinds & _SUSPEND:
        opts += suspend.options(g, player, mana.sources, mana.pool)  # CR 702.62a, 116.2f: a special action
    if hand_kinds & _FORETELL:
        opts += foretell.options(g, player, mana)  # CR 702.143a, 116.2h: a special action
    if s.extra.get(foretell.FORETOLD):
        opts += foretell.cast_options(g, player, mana)  # CR 702.143a: on a later turn, from exile
    if hand_kinds & _MORPH:
        opts += morph.options(g, player, mana)  # CR 702.37c: face down for {3}
    if s.extra.get(FACE_DOWN_OBJECTS):
        opts += morph.turn_up_options(g, player, mana)  # CR 702.37e, 116.2b: a special action
    for oid in p.graveyard if graveyard_kinds & _GRAVEYARD_CAST else ():
        o = s.objs[oid]
        for alt in o.card.alt_costs:
            if alt.zone == "graveyard":
                if casting.castable(g, player, o, alt, mana=mana):
                    opts.append(Option(f"cast {o.name} ({alt.keyword})", ("cast", oid, alt.keyword)))
    may_play = s.extra.get("may_play")
    if may_play:  # "You may play them" from exile (Runestone Caverns; CR 305.1, 601.2 permissions)
        for oid, who in may_play.items():
            o = s.objs.get(oid)
            if who != player or o is None or o.zone != "exile":
                continue
            if "Land" in o.card.types:
                if sorcery_ok and land_plays.may_play_land(g, player):  # CR 305.2, 305.2a
                    opts.append(Option(f"play {o.name} from exile", ("play", oid)))
                continue
            if not sorcery_ok and not casting.timing_ok(g, player, o.card):
                continue
            if casting.castable(g, player, o, None, mana=mana):
                opts.append(Option(f"cast {o.name} from exile", ("cast", oid, None)))
            opts += cast_permissions.rather_options(g, player, o, f"cast {o.name} from exile")
    if p.commanders and p.command:  # CR 903.8: its owner may cast a commander from the command zone
        for oid in p.command:
            o = s.objs[oid]
            if o.card_uid in p.commanders:
                if casting.castable(g, player, o, None, mana=mana):
                    opts.append(Option(f"cast {o.name} from the command zone", ("cast", oid, None)))
    for oid in p.hand if hand_kinds & _FROM_HAND else ():  # "Discard this card:" abilities work from the hand (CR 113.6j)
        o = s.objs[oid]
        for i in _hand_abilities(o.card):
            if casting.activatable(g, player, o, i):
                opts.append(Option(f"activate {o.name}: {o.card.activated[i].text}", ("activate", oid, i)))
    if graveyard_kinds & _GRAVEYARD_ABILITY or p.graveyard and unearth.gives_to(g, player):
        # CR 113.6m: "Return this card from your graveyard …", printed or given (604.1, 702.84a)
        opts += from_graveyard.options(g, player)
    if p.exile:
        opts += suspend.ability_options(g, player)  # CR 113.6b: "Activate only if ~ is suspended"
    plain = ab.plain(g)
    listed = ch.permanents_with(s, _listed_abilities)
    for oid in listed if plain else ab.with_abilities(g, listed):
        o = s.objs[oid]
        if o.controller != player:
            continue
        # Layer 6 (CR 613.1f): granted abilities are listed too, lost ones are not.
        acts = o.card.activated if plain else ab.activated(g, o)
        for i in _listed_abilities(o.card) if plain else _listed(acts):
            if casting.activatable(g, player, o, i):
                opts.append(Option(f"activate {o.name}: {acts[i].text}", ("activate", oid, i)))
    opts += cast_permissions.play_options(g, player)  # "you may play that card this turn" (from exile)
    opts += cast_permissions.top_of_library_options(g, player, mana)  # CR 601.3: from the top
    opts += cast_permissions.exiled_with_options(g, player, mana)  # CR 607.2a: "cards exiled with ~"
    return opts

def only_pass(g: Game, player: int) -> bool:
    """Whether :func:`options` would list passing priority and nothing else, answered without
    listing: most windows a player receives priority in (CR 117.3) end that way, and this asks
    only whether each source of an option could give one at all, from summaries of the zones
    kept while their contents are the same (:func:`_hand_summary`), the battlefield index
    (``characteristics.permanents_with``) and a bound of the player's mana
    (``costs.mana_bound``); only a card in hand that may be cast at this timing and is within
    that bound is asked whether its cost can be paid and its targets chosen (:func:`_cannot_cast`,
    the two tests ``casting.castable`` ends with). False means "list them": it may
    be False when the listing is only "pass" too, never the reverse
    (``tests/property/test_priority_fast_path.py`` and ``invariants.check`` compare the two).

    Each test below stands for one listing of :func:`options`, in its order; a new listing
    there needs its test here, or this would say "pass only" while it has an option.

    A True answer is kept while only a step beginning, a card drawn into another hand or a
    note that nothing happened followed it, at the same timing (:func:`_still_passing`):
    most steps find every player as the last one left them."""
    s = g.s
    # Sorcery timing (CR 307.1): every spell in hand is at its normal timing, a land may be played
    # (305.1), sorcery-speed and loyalty abilities may be activated (602.5d, 606.3).
    sorcery = casting.sorcery_timing(g, player)
    p = s.players[player]
    kept = _PASSING.get(player)
    if kept is not None and _still_passing(g, kept, p, sorcery):
        return True
    if _lists_something(g, player, p, sorcery):
        return False
    events = g.events
    _PASSING[player] = _Passing(s, events, len(events), sorcery, s.effects, len(s.effects), _combat_now(s),
                                list(p.hand), p.pool, _zones_now(s, p), layers.token(g))
    return True


@dataclass(slots=True)
class _Passing:
    """What :func:`only_pass` last answered True in, for a player."""

    state: Any
    events: list[Any]
    seen: int  # how many of the events it had seen
    sorcery: bool
    effects: list[Any]
    n_effects: int
    combat: Any  # _combat_now
    hand: list[int]
    pool: Any
    zones: tuple[int, ...]  # _zones_now
    chars: object  # layers.token


_PASSING: dict[int, _Passing] = {}


def forget() -> None:
    """Drop what :func:`only_pass` kept: the position may have been changed from outside the
    engine, without events (``Game.advance``)."""
    _PASSING.clear()


def _still_passing(g: Game, kept: _Passing, p: Any, sorcery: bool) -> bool:
    """Whether ``p`` can still only pass, as :func:`only_pass` last found: at the same timing, with
    the same effects, combat, hand, mana pool and zone sizes, the characteristics of then
    (``layers.unchanged_since``), and since then only events that change none of what it reads —
    a step beginning (CR 500.1; the timing is compared, and nothing it asks names a step), a card
    drawn (into another hand: the hand is compared), a note that nothing happened. A pool that
    empties as a step ends (CR 500.4) is a new one, and so is a combat that ends with attackers
    (CR 511.3): they are compared (:func:`_combat_now`)."""
    s = g.s
    events = g.events
    if (kept.state is not s or kept.events is not events or kept.sorcery != sorcery or kept.effects is not s.effects
            or kept.n_effects != len(s.effects) or kept.combat is not _combat_now(s) or kept.pool is not p.pool
            or kept.hand != p.hand or kept.zones != _zones_now(s, p)):
        return False
    quiet = _QUIET_FOR_PASSING
    for i in range(kept.seen, len(events)):
        e = events[i]
        t = type(e)
        if t is ev.Note:
            if e.rule not in _NOTHING_HAPPENED:
                return False
        elif t not in quiet:
            return False
    if not layers.unchanged_since(g, kept.chars):
        return False
    kept.seen = len(events)
    return True


def _combat_now(s: Any) -> Any:
    """The combat, for :func:`_still_passing`: None while no creature attacks or blocks — a
    combat begins with none (CR 506.1) and declaring them are events."""
    c = s.combat
    return c if c is not None and (c.attackers or c.blockers) else None


def _zones_now(s: Any, p: Any) -> tuple[int, ...]:
    """The battlefield's size and last permanent, and the sizes of ``p``'s graveyard, exile and
    command zone: every change to them is an event, and these say so even of one made from
    outside the engine without (a test, a tool: ``Game.advance`` forgets anyway)."""
    bf = s.battlefield
    return len(bf), bf[-1] if bf else 0, len(p.graveyard), len(p.exile), len(p.command)


#: The events after which :func:`_still_passing` compares the rest.
_QUIET_FOR_PASSING = frozenset({ev.StepBegan, ev.CardDrawn})
#: Notes that say nothing happened: no attackers (CR 508.8), no blockers (509.1) — the part of
#: ``sba._NOTHING_HAPPENED`` a step brings; its triggered abilities' notes follow events that
#: aren't kept here anyway.
_NOTHING_HAPPENED = frozenset({"508.8", "509.1"})


def _lists_something(g: Game, player: int, p: Any, sorcery: bool) -> bool:
    """:func:`only_pass`'s tests, in the order of :func:`options`'s listings: True as soon as one
    could list an option."""
    s = g.s
    hand_kinds, firsts, spells, instants = _hand_summary(s, p)
    # The hand's other listings (Adventure, alternative costs, suspend, foretell, morph, abilities that
    # work from the hand) are left to them, whatever their timing.
    if hand_kinds & _HAND_LISTINGS:
        return True
    if sorcery:
        if len(firsts) != len(spells) and land_plays.may_play_land(g, player):
            return True  # a land card in hand, and a land play left (CR 305.2)
        instants = spells
    bound = _UNKNOWN
    if instants:
        # A spell that may be cast at this timing (outside sorcery timing an instant or a flash
        # card, CR 304.5, 702.8a) whose cost is more mana than the player could have at all
        # can't be cast (``casting.castable`` reaches ``PlayerMana.affords``, whose first test
        # this is), while nothing could change its cost (CR 601.2f) and no mana is restricted
        # (CR 106.6: then ``castable`` asks the sources per spell).
        bound = _bound_without_changes(g, player)
        if bound is None:
            return True
        objs = s.objs
        mana = None
        for oid in instants:
            o = objs[oid]
            need = _spell_min_mana(o.card)
            if need is None:
                return True
            if need <= bound:
                if mana is None:
                    mana = costs.PlayerMana(g, player)
                if not _cannot_cast(g, player, o, mana):
                    return True
    commanders = p.commanders and p.command
    if commanders:  # CR 903.8: a commander in the command zone, at its normal timing too
        for oid in p.command:
            o = s.objs[oid]
            if o.card_uid in p.commanders and (sorcery or _hand_kinds(o.card) & (_INSTANT_SPEED | _ALT_COST)):
                return True
    graveyard = _graveyard_summary(s, p)
    # "You may cast [creature] spells as though they had flash" (CR 702.8a) lets (some of) the
    # other spells be cast: from the hand, the command zone and the graveyard (flashback, escape:
    # CR 702.34a, 702.138a); any such permission leaves them to the listing.
    plain = ab.plain(g)
    if sorcery:
        if graveyard & _GRAVEYARD_CAST:
            return True  # flashback, escape at their normal timing (CR 702.34a, 702.138a)
    elif (spells or commanders or graveyard & _GRAVEYARD_CAST) and (
            cast_permissions.next_spell_flash(g, player)
            # the battlefield index first: most games have no such permanent, nor a granted ability
            or (not plain or ch.permanents_with(s, _FLASH)) and static_abilities.flash_permissions(g, player)):
        return True
    if graveyard & _GRAVEYARD_CAST_NOW:
        return True
    # A face-down permanent of theirs they may turn face up (CR 702.37e, 116.2b: any time they
    # have priority).
    if (fd := s.extra.get(FACE_DOWN_OBJECTS)) and any(
            oid in s.objs and s.objs[oid].controller == player and s.objs[oid].zone == "battlefield" for oid in fd):
        return True
    # Cards in exile with a permission for this player: on an Adventure (CR 715.3d), foretold
    # (702.143a), "you may play them" (601.2), "you may play that card this turn".
    if _permission_for(s, player):
        return True
    if p.exile and _exile_summary(s, p):  # CR 113.6b: abilities that work while suspended
        return True
    objs = s.objs
    if p.graveyard and unearth.gives_to(g, player):
        return True  # CR 604.1: a permanent gives the cards of this graveyard abilities (Solemn Doomguide)
    if graveyard & _GRAVEYARD_ABILITY:  # CR 113.6m: "Return this card from your graveyard …"
        for oid in p.graveyard:
            o = objs[oid]
            for i in from_graveyard.graveyard_abilities(o.card):
                a = o.card.activated[i]
                if not _cannot_activate(a, o, "graveyard", sorcery):
                    need = _ability_min_mana(a)
                    if bound is _UNKNOWN:
                        bound = costs.mana_bound(g, player)
                    if need is None or bound is None or need <= bound:
                        return True
    listed = ch.permanents_with(s, _listed_abilities)
    for oid in listed if plain else ab.with_abilities(g, listed):
        o = objs[oid]
        if o.controller != player:
            continue
        # Layer 6 (CR 613.1f): granted abilities are listed too, lost ones are not.
        acts = o.card.activated if plain else ab.activated(g, o)
        for i in _listed_abilities(o.card) if plain else _listed(acts):
            a = acts[i]
            if _cannot_activate(a, o, "battlefield", sorcery):
                continue
            # More mana than the player could have (``mana.can_pay``'s first test), for a cost
            # no target lowers ("costs {X} less", CR 601.2f) and no life may pay (CR 107.4f).
            need = _ability_min_mana(a)
            if need is not None:
                if bound is _UNKNOWN:
                    bound = costs.mana_bound(g, player)
                if bound is not None and need > bound:
                    continue
            return True
    # From the top of the library (CR 601.3) and from among cards exiled with a permanent
    # (CR 607.2a): the permanents whose cards give such a permission, or that were given one.
    if ch.permanents_with(s, cast_permissions._casts_from_top) or ch.permanents_with(s, cast_permissions._plays_exiled_with):
        return True
    if not plain:
        for oid in ab.receivers(g):
            if oid in objs and any(isinstance(st, (CastFromTopOfLibrary, PlayExiledWith)) for st in ab.static(g, objs[oid])):
                return True
    return False


def _cannot_cast(g: Game, player: int, o: Any, mana: costs.PlayerMana) -> bool:
    """Certainties of ``casting.castable`` for a card in hand whose cost is within the player's
    mana bound, while nothing changes spells' costs and no mana is restricted
    (:func:`_bound_without_changes`): its mana cost can't be paid (``PlayerMana.affords``, the
    answer exactly, kept across listings while the player's mana is the same), or it has no
    legal targets (CR 601.2c). A cost with {X} or a permission to spend mana as though it were
    any color (CR 609.4b) is left to the listing."""
    cost = o.card.mana_cost
    if not cost.x and not g.s.extra.get(cast_permissions.PLAY_THIS_TURN) and not mana.affords(cost):
        return True
    return not casting.targets_exist(g, player, o, o.card)


def _cannot_activate(a: Activated, o: Any, zone: str, sorcery: bool) -> bool:
    """Cheap certainties of ``casting.activatable``: the ability works from another zone
    (CR 113.6), it is activated only as a sorcery or is a loyalty ability and the timing isn't
    sorcery timing (``sorcery`` False; CR 602.5d, 606.3), its {T} needs an untapped permanent
    and its {Q} a tapped one (CR 107.5, 107.6)."""
    cost = a.cost
    return ((not sorcery and (a.sorcery_speed or cost.loyalty is not None)) or (cost.tap and o.tapped)
            or (cost.untap and not o.tapped) or from_graveyard.ability_zone(a) != zone)


def _permission_for(s: Any, player: int) -> bool:
    """Whether a record of a permission to cast a card from exile names ``player`` (its caster, or
    a foretold card's owner); the listings then check the card and its timing."""
    extra = s.extra
    on_adventure = extra.get(adventure.ON_ADVENTURE)
    if on_adventure and player in on_adventure.values():
        return True
    told = extra.get(foretell.FORETOLD)
    if told and any(oid in s.objs and s.objs[oid].owner == player for oid in told):
        return True
    may_play = extra.get("may_play")
    if may_play and player in may_play.values():
        return True
    perms = extra.get(cast_permissions.PLAY_THIS_TURN)
    return bool(perms) and any(v[0] == player for v in perms.values())


#: The ``cast`` option's cost keyword for casting "without paying its mana cost" (CR 118.9).
FREE = "free"


# What a card in a zone could add to the priority options beyond casting it: asked of every
# card at every priority, so that the listings below run only for a hand or graveyard that has
# such a card (most have none).
_ALT_COST, _SUSPEND, _FROM_HAND, _GRAVEYARD_CAST, _GRAVEYARD_ABILITY = 1, 2, 4, 8, 16
#: A graveyard card castable from there at instant speed by its own types or keywords.
_GRAVEYARD_CAST_NOW = 256
#: Also asked of each card in hand: an adventurer card (``adventure.options``), and a spell
#: that may be cast at instant speed by its own types or keywords (the first test of
#: ``casting.timing_ok``).
_ADVENTURER, _INSTANT_SPEED = 32, 64
#: A card with foretell (``foretell.options``: the special action from the hand, CR 116.2h).
_FORETELL = 128
#: A card with morph (``morph.options``: cast face down, CR 702.37c).
_MORPH = 512
#: A split card in hand (``split_cards.options``: each half, CR 709.3), and one in a graveyard
#: with a half that has aftermath (CR 702.127a; it is a _GRAVEYARD_CAST card too).
_SPLIT, _AFTERMATH = 1024, 2048


#: The battlefield index's test of "You may cast [such] spells as though they had flash" (CR 702.8a).
_FLASH = static_abilities.static_kind(CastAsThoughFlash)
#: ``only_pass``'s mana bound before it is computed.
_UNKNOWN: Any = object()


def _bound_without_changes(g: Game, player: int) -> int | None:
    """``costs.mana_bound`` where it bounds what a spell from the hand could be paid with: no
    permanent changes spells' costs (CR 601.2f) and ``player`` has no restricted mana (CR 106.6);
    else None."""
    s = g.s
    if ch.permanents_with(s, spell_costs._has_cost_change) or ch.permanents_with(s, spell_costs._grants_cost_change):
        return None
    if mana_spending.present(g, player):
        return None
    return costs.mana_bound(g, player)


@lru_cache(maxsize=4096)
def _spell_min_mana(card: CardDef) -> int | None:
    """The fewest mana a card's own mana cost can be paid with (X = 0), if nothing on the card
    changes it (undaunted, "costs {1} less for each …": CR 702.125a, 601.2f), it asks no
    additional cost, and no symbol may be paid with life (CR 107.4f); else None."""
    cost = card.mana_cost
    if cost is None or card.additional_costs or phyrexian_mana.count(cost) \
            or any(isinstance(st, (Undaunted, SelfCostChange)) for st in card.static):
        return None
    return cost.min_mana


@lru_cache(maxsize=4096)
def _ability_min_mana(a: Activated) -> int | None:
    """The fewest mana an activated ability's mana cost can be paid with (X = 0), if it has one,
    no target lowers it and no symbol may be paid with life; else None."""
    mana = a.cost.mana
    if mana is None or mana.is_empty or a.less_by is not None or phyrexian_mana.count(mana):
        return None
    return mana.min_mana


#: The hand's kinds whose listings :func:`only_pass` leaves to :func:`options` whatever the timing.
_HAND_LISTINGS = _ADVENTURER | _ALT_COST | _SUSPEND | _FORETELL | _FROM_HAND | _MORPH | _SPLIT


@lru_cache(maxsize=4096)
def _hand_kinds(card: CardDef) -> int:
    from undercity.engine.suspend import _card_suspend

    return ((_ALT_COST if any(alt.zone == "hand" for alt in card.alt_costs) else 0)
            | (_SUSPEND if _card_suspend(card) is not None else 0)
            | (_FROM_HAND if _hand_abilities(card) else 0)
            | (_ADVENTURER if isinstance(card, AdventurerCard) else 0)
            | (_SPLIT if isinstance(card, SplitCard) else 0)
            | (_INSTANT_SPEED if "Instant" in card.types or "flash" in card.keywords else 0)
            | (_FORETELL if foretell.foretell_of(card) is not None else 0)
            | (_MORPH if morph.morph_of(card) is not None else 0))


#: player -> (state, the zone's ids, its summary), for the last state asked about: an object's
#: card never changes (a new object has a new id, CR 400.7), so the same ids have the same cards.
_HANDS: dict[int, tuple[Any, tuple[int, ...], tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = {}
_GRAVEYARDS: dict[int, tuple[Any, tuple[int, ...], int]] = {}


def _hand_summary(s: Any, p: Any) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(the kinds any card in ``p``'s hand has, the first card of each name in hand order, those
    that aren't lands, those that may be cast at instant speed by their own types or keywords —
    the same tuple as the spells when all are)."""
    ids = tuple(p.hand)
    c = _HANDS.get(p.idx)
    if c is not None and c[0] is s and c[1] == ids:
        return c[2]
    objs = s.objs
    kinds_all = 0
    seen: set[str] = set()
    firsts: list[int] = []
    spells: list[int] = []
    instants: list[int] = []
    for oid in ids:
        card = objs[oid].card
        kinds = _hand_kinds(card)
        kinds_all |= kinds
        if card.name in seen:
            continue
        seen.add(card.name)
        firsts.append(oid)
        if "Land" not in card.types:
            spells.append(oid)
            if kinds & _INSTANT_SPEED:  # casting.timing_ok, its per-card test cached
                instants.append(oid)
    t_spells = tuple(spells)
    summary = (kinds_all, tuple(firsts), t_spells, t_spells if len(instants) == len(spells) else tuple(instants))
    _HANDS[p.idx] = (s, ids, summary)
    return summary


def _graveyard_summary(s: Any, p: Any) -> int:
    """The kinds any card in ``p``'s graveyard has."""
    return _kept(_GRAVEYARDS, s, p, tuple(p.graveyard), _graveyard_kinds)


_EXILES: dict[int, tuple[Any, tuple[int, ...], int]] = {}


def _exile_summary(s: Any, p: Any) -> int:
    """Whether a card in ``p``'s exile has an ability that works from exile
    (``suspend.ability_options``): 1 if one does."""
    return _kept(_EXILES, s, p, tuple(p.exile), _exile_kinds)


def _kept(cache: dict[int, tuple[Any, tuple[int, ...], int]], s: Any, p: Any, ids: tuple[int, ...],
          kinds_of: Any) -> int:
    """The union of ``kinds_of`` over the cards ``ids`` of one of ``p``'s zones, kept in ``cache``
    while the zone holds the same ids (the same ids have the same cards, CR 400.7)."""
    c = cache.get(p.idx)
    if c is not None and c[0] is s and c[1] == ids:
        return c[2]
    objs = s.objs
    kinds = 0
    for oid in ids:
        kinds |= kinds_of(objs[oid].card)
    cache[p.idx] = (s, ids, kinds)
    return kinds


@lru_cache(maxsize=4096)
def _exile_kinds(card: CardDef) -> int:
    from undercity.engine.suspend import _exile_abilities

    return 1 if _exile_abilities(card) else 0


def summaries_current(s: Any, p: Any) -> bool:
    """Whether the kept summaries of ``p``'s hand, graveyard and exile are what their contents
    give now (asked by ``invariants.check``: a stale one would make :func:`only_pass` wrong)."""
    kept = (_hand_summary(s, p), _graveyard_summary(s, p), _exile_summary(s, p))
    for cache in (_HANDS, _GRAVEYARDS, _EXILES):
        cache.pop(p.idx, None)
    return kept == (_hand_summary(s, p), _graveyard_summary(s, p), _exile_summary(s, p))


@lru_cache(maxsize=4096)
def _graveyard_kinds(card: CardDef) -> int:
    cast = any(alt.zone == "graveyard" for alt in card.alt_costs)
    # CR 702.127a: a split card's half with aftermath is cast from the graveyard, at its own timing.
    after = [h for h in card.halves if has_aftermath(h)] if isinstance(card, SplitCard) else ()
    now = any("Instant" in c.types or "flash" in c.keywords for c in ([card] if cast else []) + list(after))
    return ((_GRAVEYARD_CAST if cast or after else 0)
            | (_AFTERMATH if after else 0)
            | (_GRAVEYARD_CAST_NOW if now else 0)
            | (_GRAVEYARD_ABILITY if from_graveyard.graveyard_abilities(card) else 0))


@lru_cache(maxsize=4096)
def _hand_abilities(card: CardDef) -> tuple[int, ...]:
    """Indexes of a card's activated abilities that are activated from its owner's hand."""
    return tuple(i for i, a in enumerate(card.activated) if a.cost.discard_self)


@lru_cache(maxsize=4096)
def _listed_abilities(card: CardDef) -> tuple[int, ...]:
    """Indexes of a card's activated abilities that are offered with priority (not mana abilities)."""
    return _listed(card.activated)


def _listed(acts: tuple[Activated, ...]) -> tuple[int, ...]:
    return tuple(i for i, a in enumerate(acts) if not a.mana_ability)


def act(g: Game, player: int, value: Any) -> None:
    """Carry out a priority option already validated against :func:`options`."""
    s = g.s
    kind = value[0]
    if kind == "pass":
        do_pass(g)
    elif kind == "play":
        play_land(g, player, value[1])
    elif kind in ("cast", "activate"):
        # What to return to if the proposal can't be completed (CR 733.2: the player keeps priority).
        before = {"priority": s.priority, "passes": s.passes}
        s.passes = 0
        if kind == "cast":
            # CR 118.9: "without paying its mana cost", or paying {0} rather than it
            g.push("cast", player=player, obj=value[1], alt=value[2],
                   free=value[2] in (FREE, cast_permissions.PAY_ZERO), before=before)
        else:
            g.push("activate", player=player, obj=value[1], index=value[2], before=before)
    elif kind == "special" and value[1] == "suspend":
        suspend.suspend(g, player, value[2])  # CR 116.2f: no stack; the player keeps priority
    elif kind == "special" and value[1] == "foretell":
        foretell.foretell(g, player, value[2])  # CR 116.2h: no stack; the player keeps priority
    elif kind == "special" and value[1] == MORPH:
        morph.turn_face_up(g, player, value[2])  # CR 702.37e, 116.2b: no stack; the player keeps priority
    else:  # pragma: no cover - options() never produces anything else
        raise IllegalActionError(f"unknown priority action {value!r}")


def play_land(g: Game, player: int, oid: int) -> None:
    """Playing a land is a special action (CR 305.1, 116.2a); it doesn't use the stack. A land
    that makes a choice as it enters ("As this enters, choose a color") is played by the job
    ``play_land``, which asks it first (CR 614.12a)."""
    s = g.s
    if s.objs[oid].zone == "exile":  # "play a land … from among cards exiled with ~" (CR 607.2a, 607.2h)
        cast_permissions.use_exiled_with(g, player, s.objs[oid])
    s.players[player].lands_played += 1
    s.passes = 0
    if entering.has_choices(s.objs[oid].card):
        g.push("play_land", player=player, obj=oid)
        return
    _put_land(g, player, oid)


@job_runner("play_land")
def run_play_land(g: Game, job: Job) -> None:
    player, oid = job.data["player"], job.data["obj"]
    if oid not in g.s.objs or g.s.players[player].left:
        g.s.jobs.remove(job)  # CR 800.4a: the player left the game, and their cards with them
        return
    entering.ask(g, job, "as_enters", oid, player)
    g.s.jobs.remove(job)
    _put_land(g, player, oid)


def _put_land(g: Game, player: int, oid: int) -> None:
    o = g.s.objs[oid]
    new = zones.move(g, oid, "battlefield", rule="305.1", verb="is played", controller=player)
    if new is not None:
        g.emit(ev.LandPlayed(rule="305.1", player=player, obj=new.id, name=o.name))


def do_pass(g: Game) -> None:
    """CR 117.3d, 117.4: pass; when all players pass in succession, resolve or move on."""
    s = g.s
    s.passes += 1
    if s.passes >= sum(1 for p in s.players if not p.left):  # all living players (s.living())
        s.passes = 0
        if s.stack:
            g.push("resolve")
        else:
            turn.end_step(g)
    else:
        s.priority = turn.next_in_turn_order(g, s.priority)
