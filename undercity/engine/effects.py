"""Effect handlers: one function per effect type of the card language (CR 608.2c-h).

A handler runs inside the resolving job; it asks every question it needs (through
``g.ask``) before it changes anything, so that it can be re-run with the answers.
Keyword actions cite CR 701.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from undercity.cards import model as m
from undercity.cards.language.discard import DISCARDED_THIS_WAY
from undercity.cards.language.replacements import (
    AdditionalTreasure,
    DoubleDamage,
    PreventDamageToAttached,
    PreventDamageToSelfYourTurn,
)
from undercity.engine import abilities as ab
from undercity.engine import attacked_players, entering, targeting, zones
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.discard import discard as discard_card
from undercity.engine.state import ContinuousEffect, Job, StackItem
from undercity.engine.teams import teammates

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

Handler = Callable[["Game", Job, StackItem, Any, str], None]
HANDLERS: dict[type, Handler] = {}


def handles(*types: type) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        for t in types:
            HANDLERS[t] = fn
        return fn

    return deco


def card_option(g: Game, oid: int) -> Option:
    return Option(g.s.objs[oid].name, oid)


def card_identity(g: Game, oid: int) -> tuple[Any, ...]:
    """What tells a card in a hand, library or graveyard apart from another: its card and
    any counters on it. Two cards with the same identity are interchangeable — choosing one
    or the other leads to the same game, up to which physical card is which."""
    o = g.s.objs[oid]
    return (o.card.name, o.token, tuple(sorted(o.counters.items())) if o.counters else ())


def distinct_cards(g: Game, ids: Iterable[int]) -> list[int]:
    """The first card of each kind among ``ids``, in order (:func:`card_identity`)."""
    out: list[int] = []
    seen: set[tuple[Any, ...]] = set()
    for oid in ids:
        ident = card_identity(g, oid)
        if ident not in seen:
            seen.add(ident)
            out.append(oid)
    return out


def distinct_card_options(g: Game, ids: Iterable[int]) -> list[Option]:
    """One option per kind of card, in order: identical cards are the same choice."""
    return [Option(g.s.objs[oid].name, oid) for oid in distinct_cards(g, ids)]


def _mentions(value: Any, oid: int, depth: int = 0) -> bool:
    """Whether ``value`` (stack or job data: ids, tuples, lists, dicts) names object ``oid``."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == oid
    if depth > 4:
        return False
    if isinstance(value, dict):
        return any(_mentions(k, oid, depth + 1) or _mentions(v, oid, depth + 1) for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return any(_mentions(v, oid, depth + 1) for v in value)
    return False


def distinct_permanents(g: Game, job: Job, ids: Iterable[int], itself: Iterable[int] = ()) -> list[int]:
    """The first of each kind of interchangeable permanent among ``ids``, in order.

    Two permanents are interchangeable when they differ in nothing but their id and timestamp
    (:func:`undercity.engine.triggers.object_identity`: same card, controller, state, counters,
    damage, nothing attached, no effect or combat about them) and no spell, ability, waiting
    trigger or other procedure in progress names either. Then which one is sacrificed changes
    nothing (CR 701.21a), and the choice is one option. ``itself``: permanents the asking
    procedure names (the source of an ability being activated), each only itself."""
    from undercity.engine.triggers import object_identity

    s = g.s
    ids = list(ids)
    named: set[int] = set(itself)
    for oid in ids:
        if any(it.obj == oid or it.source == oid or _mentions(it.targets, oid) or _mentions(it.trigger_data, oid)
               for it in s.stack) or any(
                t.source == oid or _mentions(t.data, oid) for t in s.pending_triggers) or any(
                _mentions(j.data, oid) for j in s.jobs if j is not job):
            named.add(oid)
    out: list[int] = []
    seen: set[Any] = set()
    for oid in ids:
        ident = ("itself", oid) if oid in named else object_identity(g, oid)
        if ident not in seen:
            seen.add(ident)
            out.append(oid)
    return out


def choose_cards(g: Game, job: Job, key: str, player: int, kind: str, prompt: Callable[[int], str],
                 candidates: Sequence[int], n: int) -> list[int]:
    """``player`` chooses ``n`` of ``candidates`` (cards in a hand or graveyard), one at a time.

    Only real choices are asked ("Decisions that have exactly one legal answer are made
    automatically", scenario format): when there are no more candidates than cards still
    needed, they are all taken (choose N among exactly N); identical cards are one option.
    Each question's key is ``key`` + its number; ``prompt(k)`` words question ``k``."""
    chosen: list[int] = []
    for k in range(n):
        rest = [c for c in candidates if c not in chosen]
        if len(rest) <= n - k:
            chosen += rest
            break
        chosen.append(g.ask(job, f"{key}{k}", player, kind, prompt(k), distinct_card_options(g, rest)))
    return chosen


def run_in_order(g: Game, job: Job, item: StackItem, effects: Sequence[m.Effect], key: str) -> None:
    """Run ``effects`` one after the other, each at most once even if the job runs again
    after a question one of them asks (the jobs' "ask first, then act", CR 608.2c)."""
    pk = key + ":pc"
    while job.data.get(pk, 0) < len(effects):
        i = job.data.get(pk, 0)
        HANDLERS[type(effects[i])](g, job, item, effects[i], f"{key}:{i}")
        job.data[pk] = i + 1


# ---------------------------------------------------------------------------- references


def _legal(job: Job, i: int) -> bool:
    legal = job.data.get("legal")
    return legal is None or (i < len(legal) and legal[i])


def ref_players(g: Game, ref: m.Ref, item: StackItem, job: Job) -> list[int]:
    s = g.s
    k = ref.kind
    if k == "you":
        return [item.controller]
    if k == "spell_controller":
        # "that spell's controller": the controller of the spell that targeted, as it triggered.
        p = item.trigger_data.get("spell_controller")
        return [p] if p is not None and not s.players[p].left else []
    if k == "target":
        if ref.i < len(item.targets) and _legal(job, ref.i):
            t = item.targets[ref.i]
            if t[0] == "p":
                return [t[1]]
        return []
    if k == "target_controller":
        if ref.i < len(item.targets) and item.targets[ref.i][0] == "o":
            oid = item.targets[ref.i][1]
            o = s.objs.get(oid)
            if o is not None:
                return [o.controller]
            lki = s.lki.get(oid)
            if lki:
                return [lki["controller"]]
        return []
    if k == "each_opponent":
        return [p for p in s.living() if targeting._is_opponent(g, item.controller, p)]
    if k == "each_player":
        return s.living()
    if k == "each_other_player":  # language.discard.EACH_OTHER_PLAYER
        return [p for p in s.living() if p != item.controller]
    if k == "defending_player":
        d = item.trigger_data.get("defending")
        return [d] if d is not None and not s.players[d].left else []
    if k == "damaged_player":  # "that player" of "whenever ~ deals combat damage to a player" (CR 510.2)
        d = item.trigger_data.get("damaged")
        return [d] if d is not None and not s.players[d].left else []
    if k == "active_player":  # "At the beginning of each opponent's end step, that player …"
        return [s.active] if not s.players[s.active].left else []
    if k == "trigger_object_controller":
        # "it deals 1 damage to its controller": the controller of the object the trigger
        # names, now or as it last existed (CR 608.2h).
        oid = item.trigger_data.get("object")
        o = s.objs.get(oid) if oid is not None else None
        if o is not None and o.zone == "battlefield":
            return [o.controller]
        lki = s.lki.get(oid) if oid is not None else None
        return [lki["controller"]] if lki else []
    if k == "trigger_object_owner":  # its owner (CR 108.3): now, or as it last existed (CR 608.2h)
        oid = item.trigger_data.get("object")
        o = s.objs.get(oid) if oid is not None else None
        # a token that died has ceased to exist (CR 111.7): its owner as it last existed
        owner = o.owner if o is not None else (s.lki.get(item.trigger_data.get("died", oid)) or {}).get("owner")
        return [owner] if owner is not None and not s.players[owner].left else []
    if k == "caster":  # "that player" of "whenever enchanted player casts …": who cast it (CR 601.2i)
        p = item.trigger_data.get("caster")
        return [p] if p is not None and not s.players[p].left else []
    if k == "chosen_player":  # the player chosen as the source entered (CR 614.12a)
        return entering.chosen_player(g, item.source)
    if k in attacked_players.PLAYER_REFS:  # the attacked player (CR 508.3b), those attacking them
        return attacked_players.players(g, ref, item)
    if k == "player_to_your_right":
        # The player before the controller in turn order (CR 101.4: it passes to the left),
        # skipping those who left the game (CR 800.4a); no one else: nobody.
        n = len(s.players)
        return next(([q] for d in range(1, n) if not s.players[(q := (item.controller - d) % n)].left), [])
    raise ValueError(f"{k} does not name players")


def ref_objects(g: Game, ref: m.Ref, item: StackItem, job: Job) -> list[int]:
    s = g.s
    k = ref.kind
    if k == "target":
        if ref.i < len(item.targets) and _legal(job, ref.i):
            t = item.targets[ref.i]
            if t[0] == "o" and t[1] in s.objs:
                return [t[1]]
        return []
    if k == "self":
        return [item.source] if item.source in s.objs and s.objs[item.source].zone == "battlefield" else []
    if k == "each_target":  # "each of any number of target creatures": the legal ones (CR 608.2b)
        return [t[1] for j, t in enumerate(item.targets) if j >= ref.i and _legal(job, j) and t[0] == "o"
                and t[1] in s.objs]
    if k == "enchanted":
        src = s.objs.get(item.source) if item.source is not None else None
        if src is None and item.source is not None:
            # The Aura left: the permanent it was last attached to (CR 608.2h; ruling
            # 2021-07-23, Mantle of the Ancients), if that is still on the battlefield.
            host = (s.lki.get(item.source) or {}).get("attached_to")
            return [host] if host in s.objs and s.objs[host].zone == "battlefield" else []
        return [src.attached_to] if src is not None and src.attached_to in s.objs else []
    if k == "trigger_object":
        oid = item.trigger_data.get("object")
        return [oid] if oid in s.objs else []
    if k == "trigger_objects":  # a delayed ability's objects, as they still are (CR 603.7c)
        return [oid for oid in item.trigger_data.get("objects", ()) if oid in s.objs]
    if k == "all":
        return [oid for oid in s.battlefield
                if targeting.matches(g, s.objs[oid], ref.filter, item.controller, item.source)]
    if k == "exiled_until":  # "the exiled card" (CR 607.2a, 610.3): language.exile_until.EXILED_CARD
        from undercity.engine.exile_until import exiled_until

        return exiled_until(g, item.source)
    if k == "created_tokens":  # "that token" (CR 608.2c): language.token_copies.CREATED_TOKENS
        return [oid for oid in job.data.get("created_tokens", ()) if oid in s.objs]
    if k == "chosen_objects":  # "they" (CR 608.2d): language.object_choice.CHOSEN_OBJECTS
        return [oid for oid in job.data.get("chosen_objects", ()) if oid in s.objs and s.objs[oid].zone == "battlefield"]
    raise ValueError(f"{k} does not name objects")


def ref_objects_now(g: Game, ref: m.Ref, item: StackItem, job: Job) -> list[int]:
    """The objects ``ref`` named as the ability began to resolve, as they are now: a target that
    an earlier effect of the ability moved is followed to the new object it became (CR 400.7;
    "exile target creature. … that card"), if it was still a legal target (CR 608.2b)."""
    if ref.kind != "target":
        return ref_objects(g, ref, item, job)
    t = item.targets[ref.i] if ref.i < len(item.targets) else None
    if t is None or t[0] != "o" or not _legal(job, ref.i):
        return []
    now = zones.became(g, t[1])
    return [now] if now is not None else []


def amount(g: Game, a: m.Amount, item: StackItem, job: Job) -> int:
    if isinstance(a, int):
        return a
    s = g.s
    if a.what == "x":
        return item.x or 0
    if a.what == "permanents":
        whose = ref_players(g, a.whose or m.YOU, item, job)
        return sum(1 for oid in s.battlefield if s.objs[oid].controller in whose
                   and targeting.matches(g, s.objs[oid], a.filter, item.controller, item.source))
    if a.what == "power":
        # "damage equal to its power": the object's power now, or as it last existed on the
        # battlefield (CR 608.2h).
        oid = item.source if a.whose is None or a.whose.kind == "self" else damage_source(g, a.whose, item, job)
        if oid is None and (a.whose is None or a.whose.kind == "self"):
            oid = item.trigger_data.get("lki_source")  # a source that left as it triggered (CR 603.10a)
        o = s.objs.get(oid) if oid is not None else None
        if o is not None and o.zone == "battlefield":
            return max(ch.power(g, o), 0)
        return max((s.lki.get(oid) or {}).get("power") or 0, 0) if oid is not None else 0
    if a.what == "target_power":
        t = item.targets[0] if item.targets else None
        if t and t[0] == "o":
            o = s.objs.get(t[1])
            if o is not None and o.zone == "battlefield":
                return ch.power(g, o)
            lki = s.lki.get(t[1])
            return (lki or {}).get("power") or 0
        return 0
    if a.what == "hit_exile":
        whose = ref_players(g, a.whose or m.DEFENDING, item, job)
        return sum(1 for p in whose for oid in s.players[p].exile
                   if s.objs[oid].counters.get(a.counter or "hit", 0) > 0)
    count = COUNTS.get(type(a))
    if count is not None:
        return count(g, a, item, job)
    raise ValueError(f"unknown amount {a.what}")


#: How each typed quantity of the card language (a ``model.Count`` subclass: the greatest
#: power, a die's result, …) is counted, registered with :func:`counts` by the engine module
#: of its concept: type -> fn(game, count, item, job) -> int.
COUNTS: dict[type, Callable[..., int]] = {}


def counts(cls: type) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """Register ``fn(game, count, item, job)`` as the count of the quantity type ``cls``."""

    def deco(fn: Callable[..., int]) -> Callable[..., int]:
        COUNTS[cls] = fn
        return fn

    return deco


def source_name(g: Game, item: StackItem) -> str:
    return item.source_name


# ---------------------------------------------------------------------------- damage




def deal_damage(g: Game, source: int | None, src_name: str, target: targeting.Target, n: int,
                *, combat: bool = False, rule: str = "120.3") -> int:
    """Deal damage (CR 120.3), after prevention (CR 615). Returns the damage dealt."""
    s = g.s
    if n <= 0:
        return 0
    if ch.permanents_with(s, _has_double_damage):
        n = _doubled(g, source, n)  # CR 614.1a, before prevention (CR 616.1: the order doesn't matter here)
    tname = targeting.describe(g, target)
    from undercity.engine import prevention

    if not prevention.can_be_prevented(g):  # CR 615.12: no prevention effect applies
        return _deal_unprevented(g, source, src_name, target, n, combat=combat, rule=rule)
    for e in s.effects:
        if e.kind == "prevent_combat" and combat:
            protected = e.player is None or (
                target == ("p", e.player)
                or (target[0] == "o" and target[1] in s.objs and s.objs[target[1]].controller == e.player))
            if protected:
                g.emit(ev.DamagePrevented(rule="615.1", source_name=src_name, target_name=tname, amount=n))
                return 0
    if target[0] == "o":
        o = s.objs.get(target[1])
        if o is not None:
            for st in ab.static(g, o):
                if isinstance(st, PreventDamageToSelfYourTurn) and s.active == o.controller:
                    g.emit(ev.DamagePrevented(rule="615.1", source_name=src_name, target_name=tname, amount=n))
                    return 0
            if _prevented_by_attachment(g, o):
                g.emit(ev.DamagePrevented(rule="615.1", source_name=src_name, target_name=tname, amount=n))
                return 0
    from undercity.engine import protection, protection_from_creatures

    for prevents in (protection.prevents, protection_from_creatures.prevents):  # CR 702.16e
        if prevents(g, source, target):
            g.emit(ev.DamagePrevented(rule="702.16e", source_name=src_name, target_name=tname, amount=n))
            return 0
    return _deal_unprevented(g, source, src_name, target, n, combat=combat, rule=rule)


@lru_cache(maxsize=4096)
def _has_double_damage(card: m.CardDef) -> bool:
    return any(isinstance(st, DoubleDamage) for st in card.static)


def _doubled(g: Game, source: int | None, n: int) -> int:
    """``n`` damage from ``source``, doubled once by each permanent whose "If a creature you control
    would deal damage …, it deals double that damage … instead" names that source (CR 614.1a,
    614.5: each replacement applies once to the event)."""
    s = g.s
    src = s.objs.get(source) if source is not None else None
    if src is None:
        return n
    for pid in ch.permanents_with(s, _has_double_damage):
        p = s.objs[pid]
        for st in ab.static(g, p):
            if isinstance(st, DoubleDamage) and targeting.matches(g, src, st.source, p.controller):
                g.emit(ev.Note(rule="614.1a", message=f"{p.name}: {src.name} deals double that damage ({2 * n})"))
                n *= 2
    return n


@lru_cache(maxsize=4096)
def _has_attached_prevention(card: m.CardDef) -> bool:
    return any(isinstance(st, PreventDamageToAttached) for st in card.static)


def _prevented_by_attachment(g: Game, o: Obj) -> bool:
    """"Prevent all damage that would be dealt to equipped creature" of an Equipment or Aura
    attached to ``o``, while its condition holds for that permanent's controller (CR 615.1)."""
    from undercity.engine.resolve import condition_holds

    s = g.s
    for pid in ch.permanents_with(s, _has_attached_prevention):
        p = s.objs[pid]
        if p.attached_to == o.id and any(isinstance(st, PreventDamageToAttached) and condition_holds(
                g, st.cond, p.controller) for st in ab.static(g, p)):
            return True
    return False


def _deal_unprevented(g: Game, source: int | None, src_name: str, target: targeting.Target, n: int,
                      *, combat: bool = False, rule: str = "120.3") -> int:
    """Damage after prevention (CR 120.3, 615): dealt."""
    s = g.s
    src = s.objs.get(source) if source is not None else None
    kws = ch.keywords(g, src) if src is not None and src.zone == "battlefield" else (
        src.card.keywords if src is not None else frozenset())
    gone = s.lki.get(source) if src is None and source is not None else None
    if gone is not None:
        # A source that left the battlefield deals damage as it last existed there: its
        # lifelink and deathtouch still apply (CR 608.2h; ruling 2011-09-22, Warstorm Surge).
        kws = gone.get("keywords", frozenset())
    if target[0] == "p":
        p = s.players[target[1]]
        g.emit(ev.DamageDealt(rule=rule, source=source, source_name=src_name, target_player=p.idx,
                              target_name=p.name, amount=n, combat=combat))
        change_life(g, p.idx, -n, "120.3a")
        if combat and src is not None and src.card_uid in s.players[src.owner].commanders:
            from undercity.engine.commander import record_combat_damage

            record_combat_damage(g, src, p.idx, n)  # CR 903.10a
    else:
        o = s.objs[target[1]]
        g.emit(ev.DamageDealt(rule=rule, source=source, source_name=src_name, target_obj=o.id,
                              target_name=o.name, amount=n, combat=combat))
        if "Planeswalker" in o.card.types:
            zones.add_counters(g, o, "loyalty", -n, "120.3c")
        if ch.is_creature(o, g):  # after layer 4: an animated land is a creature (CR 613.1d)
            o.damage += n  # CR 120.3e
            if "deathtouch" in kws:
                o.deathtouched = True  # CR 702.2b
    if "lifelink" in kws and (src is not None or gone is not None):
        change_life(g, src.controller if src is not None else gone["controller"], n, "702.15b")
    return n


def change_life(g: Game, player: int, delta: int, rule: str) -> None:
    """Life gain or loss (CR 119). In Two-Headed Giant the team's shared total (CR 810.9)."""
    if delta == 0:
        return
    p = g.s.players[player]
    mates = teammates(g, player)
    for q in mates:  # CR 810.9: applied to the team's shared life total
        g.s.players[q].life += delta
    g.emit(ev.LifeChanged(rule=rule if len(mates) == 1 else "810.9", player=player, amount=delta, life=p.life))


# ---------------------------------------------------------------------------- handlers


@handles(m.DealDamage)
def h_damage(g: Game, job: Job, item: StackItem, e: m.DealDamage, key: str) -> None:
    n = amount(g, e.amount, item, job)
    src, name = item.source, item.source_name
    if e.source.kind != "self":
        # Another object deals the damage: a target ("target creature you control deals damage
        # equal to its power"), not dealing any if it is no longer a legal target (CR 608.2b);
        # the creature a trigger names, as it last existed if it left (CR 608.2h).
        src = damage_source(g, e.source, item, job)
        if src is None:
            return
        name = g.s.objs[src].name if src in g.s.objs else g.s.lki[src]["name"]
    if e.to.kind in ("target",):
        if not (e.to.i < len(item.targets) and _legal(job, e.to.i)):
            return
        deal_damage(g, src, name, item.targets[e.to.i], n)
        return
    try:
        for p in ref_players(g, e.to, item, job):
            deal_damage(g, src, name, ("p", p), n)
    except ValueError:
        for oid in ref_objects(g, e.to, item, job):
            deal_damage(g, src, name, ("o", oid), n)


def damage_source(g: Game, ref: m.Ref, item: StackItem, job: Job) -> int | None:
    """The object ``ref`` names as a source of damage: a legal target on the battlefield, or
    the object a trigger names — on the battlefield or as it last existed there."""
    s = g.s
    if ref.kind == "target":
        ids = ref_objects(g, ref, item, job)
        return ids[0] if ids and s.objs[ids[0]].zone == "battlefield" else None
    if ref.kind == "trigger_object":
        oid = item.trigger_data.get("object")
        on = oid in s.objs and s.objs[oid].zone == "battlefield"
        return oid if on or oid in s.lki else None
    raise ValueError(f"{ref.kind} does not name a source of damage")


@handles(m.DivideDamage)
def h_divide(g: Game, job: Job, item: StackItem, e: m.DivideDamage, key: str) -> None:
    # "Divided evenly" (Fireball, the only division the engine makes): the damage is divided
    # as the spell resolves, among only the targets still legal (CR 608.2b; ruling 2017-11-17).
    legal = [i for i in range(len(item.targets)) if _legal(job, i)]
    share = amount(g, e.amount, item, job) // len(legal) if legal else 0
    for i in legal:
        deal_damage(g, item.source, item.source_name, item.targets[i], share)


def move_asking(g: Game, job: Job, key: str, oid: int, to_zone: str, *, rule: str, verb: str,
                **kw: Any) -> Obj | None:
    """Move an object, asking its controller to order replacement effects first (CR 616.1),
    and its owner whether optional ones apply (CR 903.9b)."""
    o = g.s.objs[oid]
    reps = zones.replacements_for(g, o, o.zone, to_zone)
    order: list[str] = []
    for r in reps:
        if r.optional and not g.ask(job, f"{key}:{r.key}", o.owner, "yes_no", f"{r.label}?",
                                    [Option("yes", True), Option("no", False)]):
            order.append("!" + r.key)
    if order:
        reps = [r for r in reps if "!" + r.key not in order]
    if len(reps) > 1:
        first = g.ask(job, key + ":repl", o.controller, "replacement",
                      f"which replacement effect applies first to {o.name}?",
                      [Option(r.label, r.key) for r in zones.distinct_replacements(reps)])
        order.insert(0, first)
    return zones.move(g, oid, to_zone, rule=rule, verb=verb, order=order or None, **kw)


def destroy(g: Game, job: Job, key: str, oid: int, rule: str = "701.8a", *, regenerate: bool = True) -> None:
    from undercity.engine import regeneration

    o = g.s.objs[oid]
    if ch.has(g, o, "indestructible"):  # CR 702.12b
        return
    first = regeneration.choice(g, job, key, o, regenerate)  # CR 701.19a, 616.1
    if regeneration.replaces(g, o, regenerate, first):
        return
    move_asking(g, job, key, oid, "graveyard", rule=rule, verb="is destroyed")


@handles(m.Destroy)
def h_destroy(g: Game, job: Job, item: StackItem, e: m.Destroy, key: str) -> None:
    for n, oid in enumerate(ref_objects(g, e.what, item, job)):
        destroy(g, job, f"{key}:{n}", oid, regenerate=e.regenerate)


@handles(m.DestroyAll)
def h_destroy_all(g: Game, job: Job, item: StackItem, e: m.DestroyAll, key: str) -> None:
    moved = destroy_simultaneously(g, job, key, ref_objects(g, m.ALL(e.filter), item, job), e.regenerate)
    # "then return a creature card put into a graveyard this way" (CR 608.2c): the cards it put there
    job.data[PUT_INTO_GRAVEYARD] = [o.id for o in moved if o.zone == "graveyard"]


def destroy_simultaneously(g: Game, job: Job, key: str, ids: list[int], regenerate: bool = True) -> list[Obj]:
    """Destroy the permanents ``ids`` as one event ("destroy all …", "destroy six target
    creatures"; CR 701.8a, 608.2c); the new objects they became."""
    from undercity.engine import regeneration

    # Ask every replacement-order question first, then destroy simultaneously (CR 701.8).
    orders = {}
    regen = {}  # CR 701.19a, 616.1: a shield applies first, or the replacement chosen instead
    for oid in ids:
        o = g.s.objs[oid]
        if not ch.has(g, o, "indestructible") and (first := regeneration.choice(g, job, f"{key}:{oid}", o,
                                                                                regenerate)) is not None:
            regen[oid] = first
            if first != regeneration.REGENERATE:
                orders[oid] = [first]
            continue
        reps = zones.replacements_for(g, o, "battlefield", "graveyard")
        if len(reps) > 1 and not ch.has(g, o, "indestructible"):
            orders[oid] = [g.ask(job, f"{key}:{oid}:repl", o.controller, "replacement",
                                 f"which replacement effect applies first to {o.name}?",
                                 [Option(r.label, r.key) for r in zones.distinct_replacements(reps)])]
    moved: list[Obj] = []
    with zones.simultaneously(g):
        for oid in ids:
            if oid in g.s.objs and not ch.has(g, g.s.objs[oid], "indestructible"):
                if regeneration.replaces(g, g.s.objs[oid], regenerate, regen.get(oid)):
                    continue
                new = zones.move(g, oid, "graveyard", rule="701.8a", verb="is destroyed", order=orders.get(oid))
                if new is not None:
                    moved.append(new)
    return moved


@handles(m.ExileIt)
def h_exile(g: Game, job: Job, item: StackItem, e: m.ExileIt, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")


@handles(m.ReturnToHand)
def h_bounce(g: Game, job: Job, item: StackItem, e: m.ReturnToHand, key: str) -> None:
    for n, oid in enumerate(ref_objects(g, e.what, item, job)):
        move_asking(g, job, f"{key}:{n}", oid, "hand", rule="608.2c", verb="returns to its owner's hand")


@handles(m.ReturnToBattlefield)
def h_reanimate(g: Game, job: Job, item: StackItem, e: m.ReturnToBattlefield, key: str) -> None:
    under = ref_players(g, e.under, item, job)
    ids = ref_objects(g, e.what, item, job)
    for oid in ids:  # CR 614.12a: the choices each makes as it enters, before anything moves
        if oid in g.s.objs:
            entering.ask(g, job, f"{key}:enter{oid}", oid, under[0] if under else g.s.objs[oid].owner)
    for oid in ids:
        new = zones.put_onto_battlefield(g, oid, under[0] if under else None, rule="608.2c",
                                         counters=dict(e.counters))
        if new is not None and e.exile_if_leaves:
            # From the Catacombs: the replacement follows the creature, not the counter (CR 614.1a).
            new.corpse_exile = True


@handles(m.Draw)
def h_draw(g: Game, job: Job, item: StackItem, e: m.Draw, key: str) -> None:
    n = amount(g, e.n, item, job)
    for p in ref_players(g, e.who, item, job):
        for _ in range(n):
            zones.draw(g, p)


@handles(m.Discard)
def h_discard(g: Game, job: Job, item: StackItem, e: m.Discard, key: str) -> None:
    n = amount(g, e.n, item, job)
    players = ref_players(g, e.who, item, job)
    picks: dict[int, list[int]] = {}
    for p in players:  # CR 701.9b: the player chooses; ask everything first
        picks[p] = choose_cards(g, job, f"{key}:d{p}:", p, "discard",
                                lambda k, p=p: f"{g.player_name(p)}: discard a card ({k + 1} of {n})",
                                g.s.players[p].hand, n)
    for chosen in picks.values():
        for c in chosen:
            discard_card(g, c)
    job.data[DISCARDED_THIS_WAY] = sum(len(c) for c in picks.values())  # "for each card discarded this way"


@handles(m.LoseLife)
def h_lose(g: Game, job: Job, item: StackItem, e: m.LoseLife, key: str) -> None:
    n = amount(g, e.n, item, job)
    for p in ref_players(g, e.who, item, job):
        change_life(g, p, -n, "119.3")


@handles(m.GainLife)
def h_gain(g: Game, job: Job, item: StackItem, e: m.GainLife, key: str) -> None:
    n = amount(g, e.n, item, job)
    for p in ref_players(g, e.who, item, job):
        change_life(g, p, n, "119.3")


def counter_spell(g: Game, oid: int, rule: str = "701.6a") -> None:
    s = g.s
    o = s.objs.get(oid)
    if o is not None and any(st.kind == "cant_be_countered" for st in o.card.static):
        # "This spell can't be countered" (Wilson, Refined Grizzly): "can't" wins (CR 101.2).
        g.emit(ev.Note(rule="101.2", message=f"{o.name} can't be countered"))
        return
    for idx, it in enumerate(s.stack):
        if it.obj == oid:
            del s.stack[idx]
            g.emit(ev.Countered(rule=rule, player=it.controller, name=it.name))
            zones.move(g, oid, "graveyard", rule=rule, verb="is countered and put into the graveyard")
            return


@handles(m.CounterSpell)
def h_counter(g: Game, job: Job, item: StackItem, e: m.CounterSpell, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        counter_spell(g, oid)
    from undercity.engine import stack_targets

    stack_targets.counter_abilities(g, e.what, item, job)  # "counter target … ability" (CR 701.6a)


@handles(m.PutCounters)
def h_counters(g: Game, job: Job, item: StackItem, e: m.PutCounters, key: str) -> None:
    n = amount(g, e.n, item, job)
    for oid in ref_objects(g, e.what, item, job):
        zones.add_counters(g, g.s.objs[oid], e.counter, n)


@handles(m.Pump)
def h_pump(g: Game, job: Job, item: StackItem, e: m.Pump, key: str) -> None:
    p, t = amount(g, e.p, item, job), amount(g, e.t, item, job)
    for oid in ref_objects(g, e.what, item, job):
        pump_until_end_of_turn(g, oid, p, t, e.keywords)


def pump_until_end_of_turn(g: Game, oid: int, p: int, t: int, keywords: frozenset[str]) -> None:
    """Permanent ``oid`` gets +p/+t and gains ``keywords`` until end of turn (CR 611.2a, 514.2)."""
    g.s.effects.append(ContinuousEffect("pump", oid, p, t, keywords, "eot", timestamp=g.s.next_timestamp()))
    kw = f" and gains {', '.join(sorted(keywords))}" if keywords else ""
    g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.s.objs[oid].name} gets {p:+d}/{t:+d}{kw} "
                                                         "until end of turn"))


def create_token(g: Game, name: str, controller: int, rule: str = "111.1", *, tapped: bool = False) -> Obj:
    from undercity.cards.registry import get_token

    o = g.create_object(get_token(name), controller, "battlefield")
    o.controller = controller
    o.sick = True
    o.token = True
    # it enters tapped (CR 110.5b): no "becomes tapped" event; "… enter the battlefield tapped" (614.1d)
    o.tapped = tapped or entering.others_make_it_tapped(g, o, controller)
    more = entering.additional_counters(g, o, controller)  # CR 614.1d: "enters with an additional"
    for k, v in more.items():
        o.counters[k] = o.counters.get(k, 0) + v
    g.emit(ev.TokenCreated(rule=rule, obj=o.id, name=name, controller=controller))
    g.emit(ev.ZoneChanged(rule="111.1", obj=o.id, new_obj=o.id, name=name, owner=controller,
                          controller=controller, from_zone="nowhere", to_zone="battlefield",
                          verb="is created", token=True))
    for k, v in more.items():
        g.emit(ev.CountersChanged(rule="614.1d", obj=o.id, name=name, counter=k, amount=v, total=o.counters[k]))
    return o


@handles(m.CreateToken)
def h_token(g: Game, job: Job, item: StackItem, e: m.CreateToken, key: str) -> None:
    n = amount(g, e.n, item, job)
    for p in ref_players(g, e.who, item, job):
        extra = sum(1 for oid in g.s.battlefield for st in ab.static(g, g.s.objs[oid])
                    if isinstance(st, AdditionalTreasure) and g.s.objs[oid].controller == p
                    and e.token == "Treasure")
        if extra:
            g.emit(ev.Note(rule="614.1a", message=f"Replacement: {ev.plural(extra, 'additional Treasure token')}"))
        for _ in range(n + extra):
            create_token(g, e.token, p, tapped=e.tapped)


def _look_and_split(g: Game, job: Job, item: StackItem, n: int, key: str, rule: str,
                    other_zone: str) -> None:
    """Scry (CR 701.22) or surveil (CR 701.25): look at the top n, choose which go to the
    bottom (or graveyard), order the rest on top."""
    p = item.controller
    lib = g.s.players[p].library
    top = lib[:n]
    if not top:
        return
    away: list[int] = []
    for k in range(len(top)):
        opts = [Option(f"keep {g.s.objs[c].name} on top", ("keep", c)) for c in top if c not in away]
        # Identical cards are one choice (which Opt goes to the bottom makes no difference).
        opts = [Option(f"put {g.s.objs[c].name} {'on the bottom' if other_zone == 'bottom' else 'into the graveyard'}",
                       ("away", c)) for c in distinct_cards(g, (c for c in top if c not in away))]
        opts.append(Option("keep the rest on top", ("done", 0)))
        v = g.ask(job, f"{key}:a{k}", p, "scry" if other_zone == "bottom" else "surveil",
                  f"look at {', '.join(g.s.objs[c].name for c in top)}", opts)
        if v[0] == "done":
            break
        away.append(v[1])
    keep = [c for c in top if c not in away]
    ordered: list[int] = []
    for k in range(len(keep) - 1):
        opts = [Option(f"{g.s.objs[c].name} next from the top", c)
                for c in distinct_cards(g, (c for c in keep if c not in ordered))]
        ordered.append(g.ask(job, f"{key}:o{k}", p, "order_top", "order the cards you keep on top", opts))
    ordered += [c for c in keep if c not in ordered]
    del lib[:len(top)]
    lib[0:0] = ordered
    names = tuple(g.s.objs[c].name for c in top)
    g.emit(ev.LookedAt(rule=rule, player=p, cards=names, count=len(top), private_to=p,
                       top=tuple(g.s.objs[c].name for c in ordered),
                       bottom=tuple(g.s.objs[c].name for c in away)))
    for c in away:
        if other_zone == "bottom":
            lib.append(c)
        else:
            zones.move(g, c, "graveyard", rule=rule, verb="is put into the graveyard")


@handles(m.Scry)
def h_scry(g: Game, job: Job, item: StackItem, e: m.Scry, key: str) -> None:
    # "Scry X, where X is the result" (Netherese Puzzle-Ward, CR 706.2): an amount.
    _look_and_split(g, job, item, amount(g, e.n, item, job), key, "701.22a", "bottom")


@handles(m.Surveil)
def h_surveil(g: Game, job: Job, item: StackItem, e: m.Surveil, key: str) -> None:
    _look_and_split(g, job, item, e.n, key, "701.25a", "graveyard")


#: The land types (CR 205.3i), for "cards that share a land type".
_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair", "Locus",
                         "Mine", "Power-Plant", "Tower", "Urza's", "Cave", "Sphere"})


def _shares_land_type(g: Game, c: int, found: list[int]) -> bool:
    """Whether card ``c`` has a land type in common with each card in ``found`` (a Wastes,
    which has none, shares none: it can only be found alone)."""
    types = g.s.objs[c].card.subtypes & _LAND_TYPES
    return all(types & g.s.objs[f].card.subtypes for f in found)


@handles(m.Search)
def h_search(g: Game, job: Job, item: StackItem, e: m.Search, key: str) -> None:
    """Search a library (CR 701.23): the searcher may fail to find (CR 701.23b)."""
    from undercity.engine.search import searchable

    for p in ref_players(g, e.who, item, job):
        lib = searchable(g, p, p)  # CR 614.1a: a search may see only the top of it
        found: list[int] = []
        for k in range(amount(g, e.n, item, job)):
            uniq = distinct_card_options(g, (c for c in lib if c not in found
                                             and targeting.matches(g, g.s.objs[c], e.filter, p)
                                             and (not e.share_land_type or _shares_land_type(g, c, found))))
            uniq.append(Option("find nothing more", None))
            v = g.ask(job, f"{key}:s{p}:{k}", p, "search", f"{g.player_name(p)}: search for {e.filter_text()}"
                      if hasattr(e, "filter_text") else f"{g.player_name(p)}: search your library", uniq)
            if v is None:
                break
            found.append(v)
        if e.split and len(found) == 2:
            # Two identical cards (Cultivate finding two Forests): no question.
            v = g.ask(job, f"{key}:split{p}", p, "search", "which card goes onto the battlefield tapped?",
                      distinct_card_options(g, found))
            bf, hand = [v], [c for c in found if c != v]
        elif e.to == "battlefield":
            bf, hand = found, []
        else:
            bf, hand = [], found
        for c in bf:  # CR 614.12a: the choices a card makes as it enters, before anything moves
            entering.ask(g, job, f"{key}:enter{p}:{c}", c, p)
        if found:
            g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(g.s.objs[c].name for c in found)))
        with zones.simultaneously(g):  # "put them onto the battlefield": one event (CR 603.2c)
            for c in bf:
                zones.put_onto_battlefield(g, c, p, rule="701.23a", tapped=e.tapped)
        for c in hand:
            zones.move(g, c, "hand", rule="701.23a", verb="is put into its owner's hand")
        zones.shuffle(g, p)


#: ``Job.data`` key of the permanents the resolving effect's latest "sacrifices a creature" had
#: sacrificed (counted by ``quantities.SacrificedThisWayStat``).
SACRIFICED = "sacrificed_by_effect"


#: ``Job.data`` keys: who sacrificed which permanent ("the creature you sacrificed this way"), and
#: the cards the sacrifices put into graveyards ("a creature card put into a graveyard this way").
SACRIFICED_BY = "sacrificed_by_player"
PUT_INTO_GRAVEYARD = "put_into_graveyard_this_way"


@handles(m.SacrificeChoice)
def h_sacrifice(g: Game, job: Job, item: StackItem, e: m.SacrificeChoice, key: str) -> None:
    picks = []
    by: dict[int, int] = {}
    for p in apnap(g, ref_players(g, e.who, item, job)):  # each player chooses in APNAP order (CR 101.4)
        mine = targeting.controlled_matching(g, p, e.filter)
        if mine:
            by[p] = g.ask(job, f"{key}:{p}", p, "sacrifice", f"{g.player_name(p)}: sacrifice a permanent",
                          [card_option(g, c) for c in distinct_permanents(g, job, mine)])
            picks.append(by[p])
    job.data[SACRIFICED] = picks  # "that creature" of a later part of the effect (CR 608.2c)
    job.data[SACRIFICED_BY] = by
    with zones.simultaneously(g):  # all sacrificed at once, after every choice (CR 101.4, 701.21a)
        moved = [zones.move(g, oid, "graveyard", rule="701.21a", verb="is sacrificed") for oid in picks]
    job.data[PUT_INTO_GRAVEYARD] = [o.id for o in moved if o is not None and o.zone == "graveyard"]


@handles(m.Goad)
def h_goad(g: Game, job: Job, item: StackItem, e: m.Goad, key: str) -> None:
    """Goad (CR 701.15): until the goading player's next turn."""
    for oid in ref_objects(g, e.what, item, job):
        goad(g, oid, item.controller)


def goad(g: Game, oid: int, player: int) -> None:
    """``player`` goads the permanent ``oid`` until their next turn (CR 701.15a; 701.15d: the
    same player again adds no requirement)."""
    o = g.s.objs[oid]
    if player not in o.goaded_by:
        o.goaded_by = o.goaded_by + (player,)
    g.s.effects.append(ContinuousEffect("goad", oid, until="your_next_turn", player=player))
    g.emit(ev.Goaded(rule="701.15a", obj=oid, name=o.name, player=player))


@handles(m.AddMana)
def h_add_mana(g: Game, job: Job, item: StackItem, e: m.AddMana, key: str) -> None:
    p = g.s.players[item.controller]
    for c in e.mana if e.mana != "any" else "W":
        p.pool[c] = p.pool.get(c, 0) + 1


@handles(m.PutFromHandOnTop)
def h_put_back(g: Game, job: Job, item: StackItem, e: m.PutFromHandOnTop, key: str) -> None:
    p = item.controller
    hand = g.s.players[p].hand
    chosen: list[int] = []
    for k in range(min(e.n, len(hand))):
        opts = distinct_card_options(g, (c for c in hand if c not in chosen))  # identical cards: one
        chosen.append(g.ask(job, f"{key}:{k}", p, "put_on_top",
                            f"put a card from your hand on top of your library ({k + 1} of {e.n})", opts))
    for c in chosen:  # the last chosen ends on top
        zones.move(g, c, "library", rule="608.2c", verb="is put on top of its owner's library")


@handles(m.PreventCombatDamage)
def h_fog(g: Game, job: Job, item: StackItem, e: m.PreventCombatDamage, key: str) -> None:
    who = item.controller if e.to_you_and_yours_only else None
    g.s.effects.append(ContinuousEffect("prevent_combat", None, player=who, timestamp=g.s.next_timestamp()))
    g.emit(ev.EffectBegan(rule="615.1", description="combat damage "
                          + (f"to {g.player_name(who)} and their creatures " if who is not None else "")
                          + "will be prevented this turn"))


@handles(m.ExileGraveyards)
def h_exile_graveyards(g: Game, job: Job, item: StackItem, e: m.ExileGraveyards, key: str) -> None:
    with zones.simultaneously(g):  # "exile all graveyards": one event (CR 603.2c)
        for p in g.s.players:
            for oid in list(p.graveyard):
                zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")


@handles(m.Mill)
def h_mill(g: Game, job: Job, item: StackItem, e: m.Mill, key: str) -> None:
    from undercity.engine.mill import mill  # the rule of milling and its triggers (CR 701.17)

    n = amount(g, e.n, item, job)
    for p in ref_players(g, e.who, item, job):
        mill(g, p, n)


@handles(m.MustBeBlocked)
def h_lure(g: Game, job: Job, item: StackItem, e: m.MustBeBlocked, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        g.s.effects.append(ContinuousEffect("lure", oid, player=item.controller, timestamp=g.s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="509.1c", description=f"all creatures able to block {g.s.objs[oid].name} "
                                                         "this turn do so"))


def until_text(g: Game, until: str, player: int) -> str:
    """The log's words for a duration: "until end of turn" or "until [player]'s next turn" (CR 611.2a)."""
    return f"until {g.player_name(player)}'s next turn" if until == "your_next_turn" else "until end of turn"


def apnap(g: Game, players: list[int]) -> list[int]:
    """``players`` in APNAP order (CR 101.4): choices are made in that order."""
    s = g.s
    n = len(s.players)
    order = [(s.active + k) % n for k in range(n)]
    return [p for p in order if p in players]
