"""Running scenario files (docs/scenarios.md, format 1): build the position, play the
script against the engine, check the expectations.

The runner is just another driver of the engine: every scripted action becomes answers
to the engine's decisions. A decision the script does not answer, or an action that is
not legal now, is an error naming who must decide what, with the legal options.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from undercity.cards.language.adventure import ADVENTURE
from undercity.cards.language.split_cards import HALVES, SplitCard
from undercity.cards.registry import ENGINE_KEYWORDS, get_card, get_token
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import costs
from undercity.engine.decisions import Decision, Option
from undercity.engine.dice import DiceScriptError
from undercity.engine.game import Game
from undercity.engine.state import PLAYER_ZONES, ContinuousEffect, Obj
from undercity.errors import IllegalActionError, ScenarioError, UndercityError, UnknownCardError
from undercity.scenario.schema import (
    Action,
    CardSpec,
    Expect,
    Scenario,
    _suggest,
    load_scenario,
    parse_scenario,
)

#: Decision kinds answered as part of a cast or activate action.
CASTING_KINDS = frozenset({"mode", "target", "x", "escape_exile", "sacrifice", "divide", "additional_cost",
                           "discard", "kicker", "replicate", "tap_cost"})


@dataclass
class RunResult:
    scenario: Scenario
    ok: bool
    failures: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    game: Game | None = None


class _Fail(Exception):  # noqa: N818
    pass


def _norm(s: str) -> str:
    s = unicodedata.normalize("NFKD", s)
    return "".join(c for c in s if not unicodedata.combining(c)).casefold().strip()


# ----------------------------------------------------------------------------- building


def build_game(sc: Scenario | str) -> Game:
    """The game position a scenario describes, stopped at its first decision."""
    if isinstance(sc, str):
        sc = parse_scenario(sc)
    names = [p.name for p in sc.players]
    g = Game.empty(names, seed=sc.game.seed, variant=sc.game.variant)
    g.stop_every_priority = True
    s = g.s
    g.setup = {"kind": "scenario", "scenario": Path(sc.file).read_text("utf-8") if Path(sc.file).is_file() else ""}
    ids: dict[str, int] = {}
    attach: list[tuple[Obj, str, CardSpec]] = []
    links: list[tuple[Obj, str]] = []  # cards exiled "until … leaves the battlefield" (CR 610.3)
    from undercity.engine.variants import get_variant

    # In Two-Headed Giant a player's `life` is the team's shared total (CR 810.4): listed for
    # one player of a team, it is the total of both.
    team_life = {ps.team: ps.life for ps in sc.players if ps.life is not None and ps.team is not None}
    for i, ps in enumerate(sc.players):
        p = s.players[i]
        if sc.game.variant == "two-headed-giant":
            p.team = ps.team
        if ps.life is not None:
            p.life = ps.life
        elif p.team is not None and p.team in team_life:
            p.life = team_life[p.team]
        else:
            p.life = get_variant(sc.game.variant).starting_life
        for zone in ("library", "hand", "battlefield", "graveyard", "exile", "command"):
            for spec in ps.zone(zone):
                card = _card(spec, sc.file)
                # A permanent listed with `owner:` is owned by that player and controlled by
                # the one whose battlefield lists it (CR 108.3, 108.4).
                o = g.create_object(card, names.index(spec.owner) if spec.owner else i, zone)
                o.counters = dict(spec.counters)
                if zone == "battlefield":
                    o.tapped = spec.tapped
                    o.sick = spec.sick
                    o.controller = names.index(spec.controller) if spec.controller else i
                    if spec.attached_to:
                        attach.append((o, spec.attached_to, spec))
                    _designations(g, o, spec, names, sc.file)
                if spec.exiled_by:
                    links.append((o, spec.exiled_by))
                if spec.token:
                    o.token = True
                if spec.id:
                    ids[spec.id] = o.card_uid
                if zone == "command" and sc.game.variant == "commander":
                    _designate(g, o, spec, sc.file)  # a card listed in `command:` is a commander
        if ps.dungeon is not None:
            _place_dungeon(g, i, ps.dungeon.name, ps.dungeon.room, sc.file, ps.line)
        p.completed = list(ps.completed)
    s.uid_names = ids
    for o, target, spec in attach:
        if target in names:
            o.attached_player = names.index(target)  # an Aura enchanting a player (CR 303.4b)
            continue
        t = _find_obj_for_setup(g, target, sc.file, spec.line)
        o.attached_to = t.id
    _link_exiled(g, links)
    for i, ps in enumerate(sc.players):
        for ref, n in ps.commander_damage.items():  # CR 903.10a, keyed by the commander's card
            s.players[i].commander_damage[ids[ref]] = n
    s.turn = sc.game.turn
    s.active = names.index(sc.game.active or names[0])
    s.first_player = 0 if sc.game.turn > 1 else s.active
    s.step = sc.game.step
    s.step_started = False
    s.priority = s.active
    if sc.game.initiative:
        s.initiative = names.index(sc.game.initiative)
    if sc.game.monarch:
        s.monarch = names.index(sc.game.monarch)  # CR 725
    if sc.game.dice is not None:
        s.fixed_dice = list(sc.game.dice)  # CR 706: results in order instead of random ones
    if s.step in ("declare-blockers", "first-strike-damage", "combat-damage", "end-of-combat"):
        from undercity.engine.state import Combat

        s.combat = Combat()
    g.advance()
    return g


def _designations(g: Game, o: Obj, spec: CardSpec, names: list[str], file: str) -> None:
    """What the rules remember about a permanent of the setup besides its status: goad
    (CR 701.15a, until each goading player's next turn), marked damage (CR 120.3), an "until
    end of turn" effect (CR 611.2a), being a commander (CR 903.3)."""
    s = g.s
    for who in spec.goaded_by:
        p = names.index(who)
        o.goaded_by = (*o.goaded_by, p)
        s.effects.append(ContinuousEffect("goad", o.id, until="your_next_turn", player=p))
    o.damage = spec.damage
    if spec.pumped is not None:
        pump = spec.pumped
        unknown = sorted(pump.keywords - ENGINE_KEYWORDS)
        if unknown:
            raise ScenarioError(f"unknown keyword {unknown[0]!r}{_suggest(unknown[0], sorted(ENGINE_KEYWORDS))} "
                                f"(the engine's keywords: {', '.join(sorted(ENGINE_KEYWORDS))})",
                                file, spec.line, "pumped.keywords")
        s.effects.append(ContinuousEffect("pump", o.id, pump.power, pump.toughness, pump.keywords, "eot",
                                          timestamp=s.next_timestamp()))
    if spec.commander:
        _designate(g, o, spec, file)
    if spec.face_down:  # CR 708.2a: face down (cast with morph, CR 702.37c), its card kept
        from undercity.engine import face_down, morph

        face_down.turn_face_down(g, o, "morph" if morph.morph_of(o.card) is not None else "face down")


def _designate(g: Game, o: Obj, spec: CardSpec, file: str) -> None:
    """Make ``o`` its owner's commander (CR 903.3); a third one is an error (CR 702.124g)."""
    from undercity.engine import commander

    try:
        commander.designate(g, o.owner, o)
    except UndercityError as e:
        raise ScenarioError(str(e), file, spec.line, "commander") from None


def _link_exiled(g: Game, links: list[tuple[Obj, str]]) -> None:
    """Each card listed with ``exiled_by`` returns when that permanent leaves the battlefield
    (CR 610.3a), as if its "until … leaves the battlefield" effect had exiled it."""
    if not links:
        return
    from undercity.engine.exile_until import EXILED_UNTIL

    s = g.s
    held = s.extra.setdefault(EXILED_UNTIL, {})
    for o, ref in links:
        src = next(x for x in s.objs.values() if x.card_uid == s.uid_names[ref])
        held.setdefault(src.id, []).append(o.id)


def _card(spec: CardSpec, file: str) -> Any:
    try:
        if spec.token:
            try:
                return get_token(spec.card)
            except KeyError:
                pass
        return get_card(spec.card)
    except UnknownCardError as e:
        raise ScenarioError(str(e), file, spec.line, "card") from None


def _place_dungeon(g: Game, player: int, name: str, room: str, file: str, line: int) -> None:
    try:
        from undercity.engine import dungeons
    except ImportError:  # pragma: no cover - dungeons module not built yet
        raise ScenarioError("dungeons are not implemented yet", file, line, "dungeon") from None
    try:
        dungeons.place(g, player, name, room)
    except UndercityError as e:
        raise ScenarioError(str(e), file, line, "dungeon") from None


def _find_obj_for_setup(g: Game, ref: str, file: str, line: int) -> Obj:
    uid = g.s.uid_names.get(ref)
    for o in g.s.objs.values():
        if (uid is not None and o.card_uid == uid) or (uid is None and o.name == ref):
            return o
    raise ScenarioError(f"no card with id or name {ref!r}", file, line, "attached_to")


# ----------------------------------------------------------------------------- naming things


class Runner:
    def __init__(self, sc: Scenario) -> None:
        self.sc = sc
        self.g = build_game(sc)
        self.names = [p.name for p in sc.players]
        self.failures: list[str] = []

    # -- lookup helpers
    def player(self, name: str, line: int) -> int:
        if name in self.names:
            return self.names.index(name)
        raise self.err(line, f"no player named {name!r} (players: {', '.join(self.names)})")

    def err(self, line: int, msg: str) -> ScenarioError:
        return ScenarioError(msg, self.sc.file, line)

    def obj_by_ref(self, ref: str) -> Obj | None:
        """An object by scenario id (following the card across zones) or by unique name."""
        s = self.g.s
        uid = s.uid_names.get(ref)
        if uid is not None:
            for o in s.objs.values():
                if o.card_uid == uid:
                    return o
            return None
        if ":" in ref:
            parts = ref.split(":")
            if len(parts) == 3 and parts[0] in self.names:
                p = s.players[self.names.index(parts[0])]
                zone = parts[1]
                lst = s.battlefield if zone == "battlefield" else p.zone(zone) if zone in PLAYER_ZONES else []
                for oid in lst:
                    o = s.objs[oid]
                    if _norm(o.name) == _norm(parts[2]) and (zone != "battlefield" or o.controller == p.idx):
                        return o
                return None
        return None

    def match_option(self, d: Decision, want: Any, line: int) -> Option:
        """The option of ``d`` that a scripted value names."""
        opts = d.options
        if isinstance(want, bool):
            for o in opts:
                if o.value is want:
                    return o
        if isinstance(want, int) and not isinstance(want, bool):
            for o in opts:
                if o.value == want and d.kind in ("x", "die_result", "kicker", "replicate", "mana_amount"):  # X, a die result, …
                    return o
        if want is None:
            for o in opts:
                if o.value is None:
                    return o
        if isinstance(want, str):
            w = _norm(want)
            if want in self.names:  # a player
                for o in opts:
                    if o.value == ("p", self.names.index(want)) or o.value == self.names.index(want) and \
                            d.kind in ("player",):
                        return o
            obj = self.obj_by_ref(want)
            if obj is not None and d.kind == "order_triggers":
                # The options are abilities (their values index the waiting triggers, not
                # objects); a card names the abilities it is the source of.
                mine = [o for o in opts if _norm(o.label).startswith(_norm(obj.name) + ":")]
                if mine and len({o.label for o in mine}) == 1:
                    return mine[0]
            elif obj is not None:
                for o in opts:
                    if _refers_to(o.value, obj.id):
                        return o
            exact = [o for o in opts if _norm(o.label) == w]
            if len(exact) == 1:
                return exact[0]
            if ", " in w:  # a list of parts ("2 to X, 1 to Y") in any order
                parts = sorted(x.strip() for x in w.split(","))
                same = [o for o in opts if sorted(x.strip() for x in _norm(o.label).split(",")) == parts]
                if len(same) == 1:
                    return same[0]
            named = [o for o in opts if _norm(_option_obj_name(self.g, o) or "") == w]
            if len(named) >= 1 and len({_option_obj_name(self.g, o) for o in named}) == 1:
                return named[0]
            if w == "initiative":
                hits = [o for o in opts if "initiative" in _norm(o.label)]
                if hits:
                    return hits[0]
            part = [o for o in opts if w in _norm(o.label)]
            if len(part) == 1:
                return part[0]
            if len(part) > 1 and len({_norm(o.label) for o in part}) == 1:
                return part[0]
        legal = "; ".join(o.label for o in opts)
        raise self.err(line, f"{want!r} is not a legal answer for {self.names[d.player]}'s {d.kind} decision "
                             f"({d.prompt}); legal: {legal}")

    # -- driving
    def pending(self, line: int) -> Decision:
        d = self.g.pending
        if d is None:
            raise self.err(line, "the game is over; no more actions can be taken")
        return d

    def answer(self, want: Any, line: int) -> None:
        d = self.pending(line)
        opt = self.match_option(d, want, line)
        self.g.apply(opt)

    def require_priority(self, line: int, what: str) -> Decision:
        d = self.pending(line)
        if d.kind != "priority":
            raise self.err(line, f"cannot {what}: {self.names[d.player]} must first decide {d.kind!r} "
                                 f"({d.prompt}); options: {'; '.join(o.label for o in d.options)} — "
                                 "answer it with `choose`")
        return d

    def run(self) -> None:
        for a in self.sc.actions:
            if self.g.over and a.kind not in ("expect",):
                raise self.err(a.line, f"the game is over; cannot {a.kind}")
            getattr(self, f"do_{a.kind}")(a)

    def do_expect(self, a: Action) -> None:
        self.failures += check(self.g, a.value, self.names)

    def do_pass(self, a: Action) -> None:
        d = self.require_priority(a.line, "pass")
        if a.by and self.names[d.player] != a.by:
            raise self.err(a.line, f"{a.by} doesn't have priority; {self.names[d.player]} does")
        self.g.apply(d.options[0])

    def do_resolve(self, a: Action) -> None:
        s = self.g.s
        if not s.stack:
            self.require_priority(a.line, "resolve")
        guard = 0
        while s.stack and not self.g.over:
            d = self.g.pending
            if d is None or d.kind != "priority":
                return  # stops at any other decision
            self.g.apply(d.options[0])
            guard += 1
            if guard > 10000:
                raise self.err(a.line, "the stack never empties")

    def do_advance(self, a: Action) -> None:
        s = self.g.s
        target = a.value
        self.require_priority(a.line, f"advance to {target}")
        start_turn = s.turn
        # Already in STEP with an empty stack: go on to its next occurrence (next turn).
        left = not (s.step == target and not s.stack)
        guard = 0
        while not self.g.over:
            d = self.g.pending
            if d is None or d.kind != "priority":
                return
            if s.step != target:
                left = True
            if s.step == target and not s.stack and guard > 0 and left:
                return
            if s.turn > start_turn + 1:
                raise self.err(a.line, f"did not reach step {target!r} in this or the next turn")
            self.g.apply(d.options[0])
            guard += 1

    def _priority_for(self, a: Action, what: str) -> Decision:
        d = self.require_priority(a.line, what)
        if a.by and self.names[d.player] != a.by:
            self.player(a.by, a.line)  # a clear error for an unknown name
            raise self.err(a.line, f"{a.by} doesn't have priority; {self.names[d.player]} does "
                                   "(add `pass` actions first)")
        return d

    def do_play(self, a: Action) -> None:
        d = self._priority_for(a, f"play {a.value}")
        zone = a.options.get("from")  # without `from`, the first land of that name offered (hand first)
        for o in d.options:
            if o.value[0] == "play" and _norm(self.g.s.objs[o.value[1]].name) == _norm(a.value) \
                    and zone in (None, self.g.s.objs[o.value[1]].zone):
                self.g.apply(o)
                return
        where = f" from {zone}" if zone else ""
        why = self._why_no_land(d.player, a) if zone in (None, "hand") else \
            f" (playing a land from {zone} needs an effect that allows it, CR 305.1)"
        raise self.err(a.line, f"{self.names[d.player]} cannot play {a.value!r}{where} now{why}; "
                               f"legal: {'; '.join(o.label for o in d.options)}")

    def _why_no_land(self, player: int, a: Action) -> str:
        """Why ``player`` may not play the land ``a`` names (CR 305.1, 305.2), as a clause."""
        from undercity.engine import casting, land_plays

        s = self.g.s
        p = s.players[player]
        cards = [s.objs[x] for x in p.hand if _norm(s.objs[x].name) == _norm(a.value)]
        if not cards:
            return f": there is no {a.value!r} in {p.name}'s hand"
        if "Land" not in cards[0].card.types:
            return f": {cards[0].name} is not a land (use `cast`)"
        if not land_plays.may_play_land(self.g, player):
            return f": {p.name} has already played a land this turn (CR 305.2)"
        if not casting.sorcery_timing(self.g, player):
            return " (CR 305.1: a land is played in its owner's main phase, with an empty stack)"
        return ""

    def do_cast(self, a: Action) -> None:
        d = self._priority_for(a, f"cast {a.value}")
        s = self.g.s
        zone = a.options.get("from", "hand")
        alt = a.options.get("cost")
        if a.options.get("adventure"):  # CR 715.3: the card cast as its Adventure
            if alt:
                raise self.err(a.line, f"cast {a.value}: `adventure: true` casts the Adventure for its own cost; "
                                       f"drop `cost: {alt}`")
            alt = ADVENTURE
        ref = self.obj_by_ref(a.value)
        half = a.options.get("half")  # CR 709.3: the half of a split card cast
        if half is None and ref is None and not alt:
            # `cast: Dawn`: a half named by its own name is that half of the split card
            half = next((h.name for oid in (s.players[d.player].zone(zone) if zone != "battlefield" else []) if isinstance(s.objs[oid].card, SplitCard)
                         for h in s.objs[oid].card.halves if _norm(h.name) == _norm(a.value)), None)
        if half is not None and alt:
            raise self.err(a.line, f"cast {a.value}: `half: {half}` casts that half for its own cost; drop `cost: {alt}`")
        chosen = None
        for o in d.options:
            if o.value[0] != "cast":
                continue
            obj = s.objs[o.value[1]]
            if half is not None:
                i = HALVES.index(o.value[2]) if o.value[2] in HALVES else None
                if i is None or _norm(obj.card.halves[i].name) != _norm(half):
                    continue
                if not (ref is not None and (obj.id == ref.id or (obj.name == ref.name and obj.zone == ref.zone))
                        or ref is None and obj.zone == zone):
                    continue
                chosen = (o, obj.id)
                alt = o.value[2]
                break
            if o.value[2] != alt:
                continue
            if ref is not None:
                if obj.id == ref.id or (obj.name == ref.name and obj.zone == ref.zone):
                    chosen = (o, ref.id)
                    break
            elif _norm(obj.name) == _norm(a.value) and obj.zone == zone:
                chosen = (o, obj.id)
                break
        if chosen is None:
            raise self.err(a.line, f"{self.names[d.player]} cannot cast {a.value!r}"
                                   f"{' as its Adventure' if alt == ADVENTURE else ' for its ' + alt + ' cost' if alt else ''}"
                                   f"{' as its half ' + half if half else ''}"
                                   f" from {zone} now; legal: "
                                   f"{'; '.join(o.label for o in d.options)}")
        opt, oid = chosen
        paying = self._pay_with(a, d.player)
        named_exile = (a.options.get("pay") or {}).get("exile") if isinstance(a.options.get("pay"), dict) else None
        before = paying[0] if paying else self.g.copy() if named_exile else None
        mark = len(self.g.events)
        self.g.apply(Option(opt.label, ("cast", oid, alt)) if opt.value[1] != oid else opt)
        self._answer_casting(a)
        self._paid_with(a, d.player, paying)
        if named_exile and before is not None:
            self._exiled_as_named(a, named_exile, mark, before)

    def _exiled_as_named(self, a: Action, named: Any, mark: int, before: Game) -> None:
        """``pay: {exile: [...]}``: each card named was exiled to pay the cost — also when the
        engine didn't have to ask (exactly as many cards as the cost exiles, or identical cards,
        which an id or a name stands for alike). Else the game goes back to before the cast."""
        if any(j.kind == "cast" for j in self.g.s.jobs):
            return  # the script left a choice open (`pause`): the cost isn't paid yet
        exiled = [e for e in self.g.events[mark:] if e.kind == "zone_changed" and e.to_zone == "exile"
                  and e.rule == "702.138a"]
        left = list(exiled)
        for ref in named if isinstance(named, list) else [named]:
            o = self.obj_by_ref(ref) if isinstance(ref, str) else None
            hit = next((e for e in left if o is not None and e.new_obj == o.id), None) or next(
                (e for e in left if _norm(e.name) == _norm(ref if o is None else o.name)), None)
            if hit is None:
                self.g = before
                what = ", ".join(e.name for e in exiled) or "nothing"
                raise self.err(a.line, f"pay.exile: {ref!r} was not exiled to pay for {a.value} "
                                       f"(the cost exiled {what}; name only cards in the graveyard, as many "
                                       "as the cost exiles)")
            left.remove(hit)

    def _pay_with(self, a: Action, player: int) -> tuple[Game, list[tuple[str, int]]] | None:
        """``pay: {mana: [ids]}``: check that each named object is a mana source ``player`` can
        activate now, and have their next mana cost paid with exactly those (CR 601.2g-h).
        Returns the game as it was (to go back to if they can't pay it) and (ref, id) pairs."""
        pay = a.options.get("pay")
        if not isinstance(pay, dict) or pay.get("mana") is None:
            return None
        refs = pay["mana"] if isinstance(pay["mana"], list) else [pay["mana"]]
        named: list[tuple[str, int]] = []
        for ref in refs:
            o = self.obj_by_ref(ref) if isinstance(ref, str) else None
            if o is None:
                raise self.err(a.line, f"pay.mana: {ref!r} is not the id of an object in the game; name mana "
                                       f"sources by their ids, e.g. {{card: Island, id: isl1}}{self._sources_hint(player)}")
            why = costs.unusable_source(self.g, player, o.id)
            if why:
                raise self.err(a.line, f"pay.mana: {ref} ({o.name}) can't pay: it {why}{self._sources_hint(player)}")
            if any(oid == o.id for _, oid in named):
                raise self.err(a.line, f"pay.mana: {ref} is named twice; each source is activated at most once")
            named.append((ref, o.id))
        before = self.g.copy()
        costs.pay_next_with(self.g, player, frozenset(oid for _, oid in named))
        return before, named

    def _sources_hint(self, player: int) -> str:
        s = self.g.s
        refs = {uid: ref for ref, uid in s.uid_names.items()}
        mine = sorted({refs.get(s.objs[src.key].card_uid, s.objs[src.key].name)
                       for src in costs.mana_sources(self.g, player)})
        return f" ({self.names[player]}'s untapped mana sources: {', '.join(mine)})" if mine else ""

    def _paid_with(self, a: Action, player: int, paying: tuple[Game, list[tuple[str, int]]] | None) -> None:
        """After the cast or activation: did the sources named with ``pay.mana`` pay its cost?
        If not, the game goes back to before the action and the script gets an error."""
        if paying is None:
            return
        before, named = paying
        s = self.g.s
        failed = s.extra.get(costs.PAY_WITH_FAILED, {}).pop(player, None)
        waiting = player in s.extra.get(costs.PAY_WITH, {})
        if failed is None and not waiting:
            return
        if failed is None and any(j.kind in ("cast", "activate") for j in s.jobs):
            return  # the script left a choice open (`pause`): the cost is paid later
        self.g = before
        refs = ", ".join(f"{ref} ({before.s.objs[oid].name})" for ref, oid in named)
        if failed is None:
            raise self.err(a.line, f"pay.mana: {a.value} costs no mana, so nothing is paid with {refs}")
        if failed["extra"]:
            extra = ", ".join(ref for ref, oid in named if oid in failed["unused"])
            raise self.err(a.line, f"pay.mana: {failed['cost']} is paid without {extra}; name only the sources "
                                   "that pay it (mana already in the pool is spent first, CR 601.2h)")
        if failed["short"]:
            raise self.err(a.line, f"pay.mana: {refs} make at most {failed['most']} mana (with the pool); "
                                   f"not enough to pay {failed['cost']} (CR 118.3)")
        raise self.err(a.line, f"pay.mana: {refs} can't make the colors of {failed['cost']} (CR 107.4a, 118.3)")

    def _answer_casting(self, a: Action) -> None:
        targets = list(a.options.get("targets") or [])
        modes = list(a.options.get("modes") or [])
        exile = list((a.options.get("pay") or {}).get("exile") or [])
        sac = list((a.options.get("pay") or {}).get("sacrifice") or [])
        discard = list((a.options.get("pay") or {}).get("discard") or [])
        chosen = list((a.options.get("pay") or {}).get("choose") or [])
        tap = list((a.options.get("pay") or {}).get("tap") or [])
        while True:
            d = self.g.pending
            if d is None or d.kind not in CASTING_KINDS:
                return
            jobs = self.g.s.jobs
            if jobs and jobs[-1].kind not in ("cast", "activate"):
                return  # the cast is complete: a trigger's target is for a later `choose`
            if a.options.get("pause") and not {"mode": modes, "target": targets, "x": "x" in a.options,
                                               "escape_exile": exile, "sacrifice": sac, "discard": discard,
                                               "additional_cost": chosen, "kicker": "kicked" in a.options,
                                               "replicate": "replicated" in a.options, "tap_cost": tap}.get(d.kind):
                return  # `pause: true`: the first choice the script doesn't give stays open
            if d.kind == "mode":
                if not modes:
                    if any(o.value == -1 for o in d.options):
                        self.g.apply(next(o for o in d.options if o.value == -1))
                        continue
                    raise self.err(a.line, f"{a.value}: choose modes with `modes:`; legal: "
                                           f"{'; '.join(o.label for o in d.options)}")
                m = modes.pop(0)
                if isinstance(m, int):
                    hit = [o for o in d.options if o.value == m - 1]
                    if not hit:
                        raise self.err(a.line, f"mode {m} is not available; legal: "
                                               f"{'; '.join(o.label for o in d.options)}")
                    self.g.apply(hit[0])
                else:
                    self.answer(m, a.line)
            elif d.kind == "target":
                if not targets:
                    if any(o.value is None for o in d.options):
                        self.answer(None, a.line)
                        continue
                    raise self.err(a.line, f"{a.value}: more targets are needed (`targets:`); legal: "
                                           f"{'; '.join(o.label for o in d.options)}")
                self.answer(targets.pop(0), a.line)
            elif d.kind == "x":
                if "x" not in a.options:
                    raise self.err(a.line, f"{a.value}: choose X with `x:`")
                self.answer(int(a.options["x"]), a.line)
            elif d.kind == "escape_exile":
                if not exile:
                    raise self.err(a.line, f"{a.value}: name the cards to exile with `pay: {{exile: [...]}}`; "
                                           f"legal: {'; '.join(o.label for o in d.options)}")
                self.answer(exile.pop(0), a.line)
            elif d.kind == "sacrifice":
                if not sac:
                    raise self.err(a.line, f"{a.value}: name what to sacrifice with `pay: {{sacrifice: [...]}}`")
                self.answer(sac.pop(0), a.line)
            elif d.kind == "discard":  # "Discard a card:" (CR 602.2b, 701.9a)
                if not discard:
                    raise self.err(a.line, f"{a.value}: name the card to discard with `pay: {{discard: [...]}}`; "
                                           f"legal: {'; '.join(o.label for o in d.options)}")
                self.answer(discard.pop(0), a.line)
            elif d.kind == "additional_cost":  # CR 601.2b; an optional one left unnamed isn't paid
                self.answer(chosen.pop(0) if chosen else None, a.line)
            elif d.kind == "kicker":  # CR 601.2b, 702.33: not kicked unless `kicked:` says so
                self.answer(int(a.options.get("kicked", 0)), a.line)
            elif d.kind == "replicate":  # CR 601.2b, 702.56a: not paid unless `replicated:` says so
                self.answer(int(a.options.get("replicated", 0)), a.line)
            elif d.kind == "tap_cost":  # "Replicate—Tap an untapped Horror you control" (CR 118.3)
                if not tap:
                    return  # left for a `choose`, as an activation's tap cost is
                self.answer(tap.pop(0), a.line)
            else:
                return

    def do_activate(self, a: Action) -> None:
        s = self.g.s
        d = self._priority_for(a, f"activate {a.value}")
        o = self.obj_by_ref(a.value)
        zone = a.options.get("from")
        if zone not in (None, "graveyard", "exile"):
            raise self.err(a.line, f"abilities are activated from the battlefield, the hand, the graveyard or "
                                   f"exile, not from {zone!r}")
        if o is None and zone in ("graveyard", "exile"):
            # "Return this card from your graveyard …" works from the graveyard (CR 113.6m); an
            # ability that works while its card is suspended, from exile (CR 113.6b, 702.62b).
            cands = [s.objs[x] for x in s.players[d.player].zone(zone) if _norm(s.objs[x].name) == _norm(a.value)]
            o = cands[0] if cands else None
            if o is None:
                raise self.err(a.line, f"no card {a.value!r} in {self.names[d.player]}'s {zone} to activate")
        if o is None:
            cands = [s.objs[x] for x in s.battlefield if _norm(s.objs[x].name) == _norm(a.value)
                     and s.objs[x].controller == d.player]
            # "Discard this card:" abilities are activated from the hand (CR 113.6j).
            cands += [s.objs[x] for x in s.players[d.player].hand if _norm(s.objs[x].name) == _norm(a.value)
                      and any(x.cost.discard_self for x in s.objs[x].card.activated)]
            o = cands[0] if cands else None
        if o is None or (o.zone != "battlefield" and not (
                o.zone == "hand" and any(x.cost.discard_self for x in o.card.activated))
                and o.zone not in ("graveyard", "exile")):
            raise self.err(a.line, f"no permanent {a.value!r} on the battlefield to activate")
        abil = a.options.get("ability", 1)
        acts = ab.activated(self.g, o)  # printed and granted abilities (CR 613.1f)
        if isinstance(abil, str):
            idx = next((i for i, x in enumerate(acts) if _norm(abil) in _norm(x.text)), None)
        else:
            idx = abil - 1 if 0 < abil <= len(acts) else None
        if idx is None:
            raise self.err(a.line, f"{o.name} has no activated ability {abil!r}")
        if acts[idx].mana_ability:
            mana_idx = sum(1 for x in acts[:idx] if x.mana_ability)
            if not costs.can_activate_mana(self.g, o, mana_idx) or o.controller != d.player:
                raise self.err(a.line, f"{o.name}'s mana ability can't be activated now")
            color = a.options.get("pay", {}).get("color") if isinstance(a.options.get("pay"), dict) else None
            costs.activate_mana_ability(self.g, o, color, mana_idx)
            self.g.pending = None
            self.g.advance()
            return
        for opt in d.options:
            if opt.value == ("activate", o.id, idx):
                paying = self._pay_with(a, d.player)
                self.g.apply(opt)
                self._answer_casting(a)
                self._paid_with(a, d.player, paying)
                return
        raise self.err(a.line, f"{self.names[d.player]} cannot activate {o.name}'s ability now; legal: "
                               f"{'; '.join(x.label for x in d.options)}")

    def _to_step(self, a: Action, step: str, kinds: tuple[str, ...]) -> None:
        s = self.g.s
        guard = 0
        while not self.g.over:
            d = self.pending(a.line)
            if d.kind in kinds:
                return
            if d.kind != "priority":
                raise self.err(a.line, f"cannot {a.kind}: {self.names[d.player]} must first decide {d.kind!r} "
                                       f"({d.prompt}); options: {'; '.join(o.label for o in d.options)}")
            forced = a.kind == "attack" and s.combat is not None and bool(s.combat.attackers)
            if s.step == step and guard > 0 and (not s.stack or forced):
                if a.kind in ("block", "attack"):
                    return  # the engine made the only legal declaration itself; do_block/do_attack check it
                raise self.err(a.line, f"no {a.kind} declaration is possible in {step}")
            if s.stack:
                raise self.err(a.line, f"cannot {a.kind}: the stack is not empty (`resolve` first)")
            self.g.apply(d.options[0])
            guard += 1
            if guard > 200:
                raise self.err(a.line, f"never reached {step}")

    def do_attack(self, a: Action) -> None:
        """Declare attackers. With shared team turns (CR 805.10b) each attacking player is asked
        in turn; the creatures named are declared by their controllers and a player none of
        whose creatures is named declares no attackers."""
        self._to_step(a, "declare-attackers", ("attacker", "attack_target"))
        plan = dict(a.value or {})
        job = self.g.s.jobs[-1] if self.g.s.jobs and self.g.s.jobs[-1].kind == "attackers" else None
        before = {v for k, v in job.answers.items() if k.startswith("att")} if job is not None else set()
        while True:
            d = self.g.pending
            if d is not None and d.kind == "attack_target" and job is not None:
                # The engine declared the attacker itself (a requirement left no other choice,
                # CR 508.1d); whom it attacks is still the script's.
                o = self.g.s.objs.get(job.answers.get("att" + d.key[3:]))
                att = next((x for x in plan if o is not None and (self.obj_by_ref(x) or self._named_any(x)) is o),
                           None)
                if att is None:
                    raise self.err(a.line, f"{o.name if o else 'a creature'} must attack; add it to the `attack:` "
                                           "declaration")
                self.answer(plan.pop(att), a.line)
                continue
            if d is None or d.kind != "attacker":
                break
            mine = [(att, dfn) for att, dfn in plan.items()
                    if (o := self.obj_by_ref(att) or self._named(att, d.player)) is not None
                    and o.controller == d.player]
            if not mine:
                if not any(x.value is None for x in d.options):
                    raise self.err(a.line, "the attack declaration is incomplete: a requirement forces more "
                                           f"attackers ({'; '.join(x.label for x in d.options)})")
                self.answer(None, a.line)
                continue
            att, dfn = mine[0]
            del plan[att]
            o = self.obj_by_ref(att) or self._named(att, d.player)
            hit = [x for x in d.options if o is not None and x.value == o.id]
            if not hit:
                raise self.err(a.line, f"{att} cannot attack; legal: {'; '.join(x.label for x in d.options)}")
            self._check_lone_defender(a, att, dfn, o)
            self.g.apply(hit[0])
            d2 = self.g.pending
            if d2 is not None and d2.kind == "attack_target":
                self.answer(dfn, a.line)
        d3 = self.g.pending
        if d3 is not None and d3.kind == "attack_cost":  # CR 508.1h: the total cost to attack
            answer = a.options.get("attack_cost")
            if answer is None:
                raise self.err(a.line, f"{d3.prompt}: add `attack_cost: pay` or `attack_cost: decline`")
            self.g.apply(next(x for x in d3.options if x.value is (answer == "pay")))
            if answer == "decline":
                return  # the declaration begins again (CR 508.1): the next `attack:` makes it
        # Attackers the engine declared by itself (a requirement left one choice, CR 508.1d)
        # count as declared when the script names them with that defender.
        c = self.g.s.combat
        for att, dfn in list(plan.items()):
            o = self.obj_by_ref(att) or self._named_any(att)
            d = c.attackers.get(o.id) if c is not None and o is not None else None
            if d is not None and self._names_defender(dfn, tuple(d)):
                del plan[att]
            elif d is not None:
                from undercity.engine import targeting

                raise self.err(a.line, f"{att} cannot attack {dfn}: it must attack {targeting.describe(self.g, tuple(d))} "
                                       "(a requirement left no other choice, CR 508.1d, 701.15b)")
        if c is not None:
            named = {o.id for x in (a.value or {}) if (o := self.obj_by_ref(x) or self._named_any(x)) is not None}
            forced = [self.g.s.objs[x].name for x in c.attackers
                      if x not in named and x not in before and x in self.g.s.objs]
            if forced and a.value:
                raise self.err(a.line, f"{', '.join(forced)} also attacked (a requirement left no other "
                                       "choice); add it to the `attack:` declaration")
        if plan:
            raise self.err(a.line, f"{', '.join(plan)} cannot attack: not a creature an attacking player controls "
                                   "on the battlefield")

    def _names_defender(self, dfn: Any, d: tuple[str, int]) -> bool:
        """Whether the script's ``dfn`` names the defender ``d`` (a player or a permanent)."""
        kind, ident = d
        if kind == "p":
            return str(dfn) == self.names[ident]
        o = self.obj_by_ref(dfn) or self._named_any(str(dfn))
        return o is not None and o.id == ident

    def _check_lone_defender(self, a: Action, att: str, dfn: Any, o: Obj | None) -> None:
        """When ``o`` may attack only one player or permanent (a goaded creature, CR 701.15b),
        the engine asks nothing: the script's defender must be that one."""
        from undercity.engine import combat, targeting

        legal = combat.legal_defenders(self.g, o) if o is not None else []
        if len(legal) != 1:
            return
        if self._names_defender(dfn, legal[0]):
            return
        raise self.err(a.line, f"{att} cannot attack {dfn}: it must attack {targeting.describe(self.g, legal[0])} "
                               "(a requirement, CR 508.1d, 701.15b)")

    def do_block(self, a: Action) -> None:
        self._to_step(a, "declare-blockers", ("blocker",))
        plan = dict(a.value or {})
        while True:
            d = self.g.pending
            if d is None or d.kind != "blocker":
                break
            mine = [(b, t) for b, t in plan.items()
                    if (ob := self.obj_by_ref(b) or self._named(b, d.player)) is not None and ob.controller == d.player]
            if not mine:
                if not any(x.value is None for x in d.options):
                    raise self.err(a.line, f"{self.names[d.player]} must block more (a requirement): "
                                           f"{'; '.join(x.label for x in d.options)}")
                self.answer(None, a.line)
                continue
            b, t = mine[0]
            del plan[b]
            ob = self.obj_by_ref(b) or self._named(b, d.player)
            assert ob is not None
            hit = [x for x in d.options if x.value == ob.id]
            if not hit:
                raise self.err(a.line, f"{b} cannot block; legal: {'; '.join(x.label for x in d.options)}")
            self.g.apply(hit[0])
            d2 = self.g.pending
            if isinstance(t, list):
                if len(t) != 1:
                    raise self.err(a.line, f"{b}: blocking several attackers is not supported yet")
                t = t[0]
            if d2 is not None and d2.kind == "block_target":
                self.answer(t, a.line)
        # Blocks the engine made by itself (the only legal choice left) count as declared.
        c = self.g.s.combat
        for b, t in list(plan.items()):
            ob = self.obj_by_ref(b) or self._named_any(b)
            t1 = t[0] if isinstance(t, list) and len(t) == 1 else t
            ot = self.obj_by_ref(t1) or self._named_any(t1) if isinstance(t1, str) else None
            if c is not None and ob is not None and ot is not None and ot.id in c.blockers.get(ob.id, []):
                del plan[b]
        if plan:
            raise self.err(a.line, f"could not declare these blocks: {', '.join(plan)}")
        if c is not None:
            named = {o.id for b in (a.value or {}) if (o := self.obj_by_ref(b) or self._named_any(b)) is not None}
            forced = [self.g.s.objs[b].name for b in c.blockers if b not in named and b in self.g.s.objs]
            if forced:
                raise self.err(a.line, f"{', '.join(forced)} also blocked (a requirement left no other "
                                       "choice); add it to the `block:` declaration")

    def _named(self, name: str, player: int) -> Obj | None:
        s = self.g.s
        for x in s.battlefield:
            if _norm(s.objs[x].name) == _norm(name) and s.objs[x].controller == player:
                return s.objs[x]
        return None

    def _named_any(self, name: str) -> Obj | None:
        s = self.g.s
        for x in s.battlefield:
            if _norm(s.objs[x].name) == _norm(name):
                return s.objs[x]
        return None

    def do_choose(self, a: Action) -> None:
        d = self.pending(a.line)
        if a.by and self.names[d.player] != a.by:
            raise self.err(a.line, f"{a.by} is not the one deciding: {self.names[d.player]} must decide "
                                   f"{d.kind!r} ({d.prompt})")
        values = a.value if isinstance(a.value, list) else [a.value]
        if d.kind in ("order_triggers",) and isinstance(a.value, list):
            for v in values[:-1] if len(values) > 1 else values:
                d = self.pending(a.line)
                if d.kind != "order_triggers":
                    break
                self.answer(v, a.line)
            return
        for v in values:
            self.answer(v, a.line)

    def do_concede(self, a: Action) -> None:
        who = self.player(a.value, a.line)
        try:
            self.g.concede(who)
        except IllegalActionError as e:
            raise self.err(a.line, str(e)) from None


def _refers_to(value: Any, oid: int) -> bool:
    if value == oid:
        return True
    if isinstance(value, tuple) and len(value) == 2 and value == ("o", oid):
        return True
    return isinstance(value, tuple | list) and len(value) >= 2 and value[0] in ("o",) and value[1] == oid


def _option_obj_name(g: Game, o: Option) -> str | None:
    v = o.value
    if isinstance(v, int) and not isinstance(v, bool) and v in g.s.objs:
        return g.s.objs[v].name
    if isinstance(v, tuple) and len(v) == 2 and v[0] == "o" and v[1] in g.s.objs:
        return g.s.objs[v[1]].name
    return None


# ----------------------------------------------------------------------------- expectations


def check(g: Game, e: Expect, names: list[str]) -> list[str]:
    """Failed expectations of ``e`` (empty if all hold)."""
    s = g.s
    out: list[str] = []
    where = f"line {e.line}"

    def fail(msg: str) -> None:
        out.append(f"{where}: {msg}")

    def pidx(n: str) -> int:
        return names.index(n)

    c = e.checks
    for n, life in (c.get("life") or {}).items():
        got = s.players[pidx(n)].life
        if got != life:
            fail(f"life of {n}: expected {life}, found {got}")
    if "initiative" in c:
        want = c["initiative"]
        got = names[s.initiative] if s.initiative is not None else None
        if got != want:
            fail(f"initiative: expected {want}, found {got}")
    if "monarch" in c:
        got = names[s.monarch] if s.monarch is not None else None
        if got != c["monarch"]:
            fail(f"monarch: expected {c['monarch']}, found {got}")
    for n, pos in (c.get("dungeon") or {}).items():
        p = s.players[pidx(n)]
        got = None if p.dungeon is None else (p.dungeon, p.room)
        wanted = None if pos is None else (pos.name, pos.room)
        if got != wanted:
            fail(f"dungeon of {n}: expected {wanted}, found {got}")
    for n, want in (c.get("completed") or {}).items():
        got = s.players[pidx(n)].completed
        if isinstance(want, int) and len(got) != want:
            fail(f"dungeons completed by {n}: expected {want}, found {len(got)} {got}")
        elif isinstance(want, list) and sorted(got) != sorted(want):
            fail(f"dungeons completed by {n}: expected {want}, found {got}")
    for key, ze in (c.get("zones") or {}).items():
        objs = _zone_objs(g, pidx(ze.player), ze.zone)
        if ze.count is not None and len(objs) != ze.count:
            fail(f"{key}: expected {ze.count} card(s), found {len(objs)}: {[o.name for o in objs]}")
        unused = list(objs)  # each listed card needs its own object: "Swamp*2" means two Swamps
        for cm in ze.contains:
            hit = next((o for o in unused if _card_matches(g, o, cm, names)), None)
            if hit is None:
                fail(f"{key}: expected to contain {_cm_text(cm)}, found {[_obj_text(o, names) for o in objs]}")
            else:
                unused.remove(hit)
        for cm in ze.excludes:
            if any(_card_matches(g, o, cm, names) for o in objs):
                fail(f"{key}: expected not to contain {_cm_text(cm)}")
    if "stack" in c:
        got_items = list(reversed(s.stack))
        want = c["stack"]
        ok = len(got_items) == len(want) and all(
            _norm(w) in (_norm(it.name), _norm(it.source_name)) or _norm(w) in _norm(it.name)
            for w, it in zip(want, got_items, strict=False))
        if not ok:
            fail(f"stack (top first): expected {want}, found {[it.name for it in got_items]}")
    for ref, counters in (c.get("counters") or {}).items():
        uid = s.uid_names.get(ref)
        o = next((x for x in s.objs.values() if (x.card_uid == uid if uid is not None else x.name == ref)), None)
        if o is None:
            fail(f"counters on {ref}: no such object in the game")
            continue
        for k, v in counters.items():
            if o.counters.get(k, 0) != v:
                fail(f"{k} counters on {ref}: expected {v}, found {o.counters.get(k, 0)}")
    out += [f"{where}: {m}" for m in _check_objects(g, c, names)]
    if "lost" in c:
        got = sorted(p.name for p in s.players if p.lost or p.left)
        if got != sorted(c["lost"]):
            fail(f"lost: expected {sorted(c['lost'])}, found {got}")
    if "log" in c:
        text = _norm("\n".join(g.log_lines()))
        for phrase in c["log"].get("contains", []):
            if _norm(str(phrase)) not in text:
                fail(f"log: expected to contain {phrase!r}")
        for phrase in c["log"].get("excludes", []):
            if _norm(str(phrase)) in text:
                fail(f"log: expected not to contain {phrase!r}")
    if "decision" in c:
        out += [f"{where}: {m}" for m in _check_decision(g, c["decision"], names)]
    return out


def _find(g: Game, ref: str) -> tuple[Obj | None, str]:
    """The object a scenario id or a card name stands for, or None and why not. A name
    must be unambiguous: one permanent of that name, or else one object in all zones."""
    s = g.s
    uid = s.uid_names.get(ref)
    if uid is not None:
        o = next((x for x in s.objs.values() if x.card_uid == uid), None)
        return o, "" if o is not None else "it is no longer in the game"
    parts = ref.split(":")
    if len(parts) == 3 and parts[0] in g.names and parts[1] in ("battlefield", *PLAYER_ZONES):
        # "Alice:battlefield:+2 Mace": the first object of that name there (a token has no id)
        p = s.players[g.names.index(parts[0])]
        lst = s.battlefield if parts[1] == "battlefield" else p.zone(parts[1])
        o = next((s.objs[x] for x in lst if _norm(s.objs[x].name) == _norm(parts[2])
                  and (parts[1] != "battlefield" or s.objs[x].controller == p.idx)), None)
        return o, "" if o is not None else f"{parts[0]} has no {parts[2]!r} in {parts[1]}"
    named = [x for x in s.objs.values() if _norm(x.name) == _norm(ref)]
    on_bf = [x for x in named if x.zone == "battlefield"]
    for group in (on_bf, named):
        if len(group) == 1:
            return group[0], ""
        if len(group) > 1:
            return None, f"{len(group)} objects are called {ref!r}; give the card an id"
    return None, "no object with that id or name is in the game"


def _check_objects(g: Game, c: dict[str, Any], names: list[str]) -> list[str]:
    """The expectations about single objects: characteristics after continuous effects
    (CR 613), attachment (CR 301.5, 303.4), control and ownership (CR 108.3, 108.4), marked
    damage (CR 120.3); and commander damage (CR 903.10a)."""
    s = g.s
    out: list[str] = []
    for key in ("characteristics", "attached_to", "controller", "owner", "damage"):
        for ref, want in (c.get(key) or {}).items():
            o, why = _find(g, ref)
            if o is None:
                out.append(f"{key} of {ref}: {why}")
                continue
            if key == "characteristics":
                out += [f"characteristics of {ref}: {m}" for m in _check_characteristics(g, o, want)]
            elif key == "attached_to" and (want in names or o.attached_player is not None):
                # An Aura enchanting a player (CR 303.4b), named by the player's name.
                got = names[o.attached_player] if o.attached_player is not None else None
                if got != want:
                    at = s.objs.get(o.attached_to) if o.attached_to is not None else None
                    out.append(f"attached_to of {ref}: expected {want}, found "
                               f"{got or (_ref_name(g, at) if at is not None else None)}")
            elif key == "attached_to":
                t, twhy = _find(g, want) if want is not None else (None, "")
                if want is not None and t is None:
                    out.append(f"attached_to of {ref}: {want}: {twhy}")
                elif o.attached_to != (t.id if t is not None else None):
                    at = s.objs.get(o.attached_to) if o.attached_to is not None else None
                    out.append(f"attached_to of {ref}: expected {want}, found "
                               f"{_ref_name(g, at) if at is not None else None}")
            elif key == "damage":
                if o.damage != want:
                    out.append(f"damage on {ref}: expected {want}, found {o.damage}")
            elif key == "controller" and o.zone != "battlefield" and not any(it.obj == o.id for it in s.stack):
                out.append(f"controller of {ref}: expected {want}, found none: it is in a {o.zone}, and only "
                           "permanents and spells have controllers (CR 108.4a)")
            else:
                got = names[o.controller if key == "controller" else o.owner]
                if got != want:
                    out.append(f"{key} of {ref}: expected {want}, found {got}")
    for player, by_commander in (c.get("commander_damage") or {}).items():
        taken = s.players[names.index(player)].commander_damage
        for ref, want in by_commander.items():
            uid = s.uid_names.get(ref)
            if uid is None:
                out.append(f"commander_damage of {player}: {ref!r} is not a card id of the scenario")
                continue
            if taken.get(uid, 0) != want:
                out.append(f"commander damage dealt to {player} by {ref}: expected {want}, found {taken.get(uid, 0)}")
    return out


def _ref_name(g: Game, o: Obj) -> str:
    """A scenario's id for ``o`` if it has one, else its name."""
    return next((ref for ref, uid in g.s.uid_names.items() if uid == o.card_uid), o.name)


def _check_characteristics(g: Game, o: Obj, want: dict[str, Any]) -> list[str]:
    """Compare what the engine computes for ``o`` now (CR 613): power and toughness after every
    layer, subtypes after type-changing effects (layer 4), keywords and abilities after layer 6.
    The name, card types, supertypes and colors come from the layer system's view of the object
    where the engine has one (``characteristics.view``: copy, type and color effects, layers
    1, 4 and 5), else from its card."""
    view = getattr(ch, "view", None)
    seen = view(g, o) if view is not None else o.card
    out: list[str] = []
    if "name" in want and _norm(seen.name) != _norm(want["name"]):
        out.append(f"name: expected {want['name']!r}, found {seen.name!r}")
    for k, fn in (("power", ch.power), ("toughness", ch.toughness)):
        if k in want and (got := fn(g, o)) != want[k]:
            out.append(f"{k}: expected {want[k]}, found {got}")
    if "mana_value" in want:  # CR 202.3 (a spell's X as chosen, 202.3e; a split card's both halves, 709.4b)
        from undercity.engine.targeting import _mana_value

        if (got := _mana_value(o, seen)) != want["mana_value"]:
            out.append(f"mana_value: expected {want['mana_value']}, found {got}")
    sets = {"types": seen.types, "subtypes": ch.subtypes(g, o), "supertypes": seen.supertypes,
            "colors": seen.colors}
    for k, got in sets.items():
        if k in want and {_norm(x) for x in got} != {_norm(x) for x in want[k]}:
            out.append(f"{k}: expected {sorted(want[k])}, found {sorted(got)}")
    if "abilities" in want:
        out += _check_abilities(g, o, want["abilities"])
    return out


def _check_abilities(g: Game, o: Obj, want: dict[str, list[str]]) -> list[str]:
    """An ability listed is a keyword ``o`` has (CR 702) or a phrase of the text of one of its
    triggered, activated or static abilities, after layer 6 (CR 613.1f)."""
    kws = {_norm(k) for k in ch.keywords(g, o)}
    abilities = (*ab.triggered(g, o), *ab.activated(g, o), *ab.static(g, o))
    texts = [_norm(x.text) for x in abilities]
    # one ability with two trigger events is two triggered abilities with one text (CR 603.2)
    found = sorted(kws) + list(dict.fromkeys(x.text for x in abilities))

    def has(phrase: str) -> bool:
        w = _norm(phrase)
        return w in kws or any(w in t for t in texts)

    out = [f"abilities: expected none, found {found}"] if "none" in want and (kws or texts) else []
    return out + _contains_excludes(want, has, "abilities", "", found or "none")


def _contains_excludes(want: dict[str, Any], has: Callable[[str], object], what: str, noun: str,
                       shown: object) -> list[str]:
    """Failures of ``want``'s ``contains`` (each phrase must be there) and ``excludes`` (none
    may be), ``has`` telling whether a phrase is."""
    out = [f"{what}: expected {noun}{phrase!r}, found {shown}" for phrase in want.get("contains", [])
           if not has(phrase)]
    return out + [f"{what}: expected no {noun.removeprefix('an ')}{phrase!r}, found {shown}"
                  for phrase in want.get("excludes", []) if has(phrase)]


def _check_decision(g: Game, want: dict[str, Any], names: list[str]) -> list[str]:
    """The pending decision: who decides, its kind, and its options by label. An expected
    option matches a label it equals or is part of (compared like log phrases)."""
    d = g.pending
    if d is None:
        return ["decision: expected a pending decision, found none (the game is over)"]
    out: list[str] = []
    labels = [_norm(o.label) for o in d.options]
    shown = [o.label for o in d.options]
    if "player" in want and names[d.player] != want["player"]:
        out.append(f"decision: expected {want['player']} to decide, found {names[d.player]} ({d.kind}: {d.prompt})")
    if "kind" in want and _norm(want["kind"]) != _norm(d.kind):
        out.append(f"decision: expected a {want['kind']!r} decision, found {d.kind!r} ({d.prompt})")

    def hits(phrase: str) -> list[int]:
        w = _norm(phrase)
        exact = [i for i, lab in enumerate(labels) if lab == w]
        return exact or [i for i, lab in enumerate(labels) if w in lab]

    if "options" in want:
        used: set[int] = set()
        ok = len(want["options"]) == len(labels)
        for phrase in want["options"]:
            free = [i for i in hits(phrase) if i not in used]
            if not free:
                ok = False
                break
            used.add(free[0])
        if not ok:
            out.append(f"decision: expected the options {want['options']}, found {shown}")
    return out + _contains_excludes(want, hits, "decision", "an option ", shown)


def _zone_objs(g: Game, p: int, zone: str) -> list[Obj]:
    s = g.s
    if zone == "battlefield":
        return [s.objs[x] for x in s.battlefield if s.objs[x].controller == p]
    return [s.objs[x] for x in s.players[p].zone(zone)]


def _card_matches(g: Game, o: Obj, cm: Any, names: list[str]) -> bool:
    if _norm(o.name) != _norm(cm.card):
        return False
    if cm.counters is not None:
        for k, v in cm.counters.items():
            if o.counters.get(k, 0) != v:
                return False
    if cm.tapped is not None and o.tapped != cm.tapped:
        return False
    if cm.controller is not None and names[o.controller] != cm.controller:
        return False
    return not (cm.token is not None and o.token != cm.token)


def _cm_text(cm: Any) -> str:
    extra = {k: v for k, v in (("counters", cm.counters), ("tapped", cm.tapped), ("controller", cm.controller),
                               ("token", cm.token)) if v is not None}
    return cm.card + (f" {extra}" if extra else "")


def _obj_text(o: Obj, names: list[str]) -> str:
    bits = [o.name]
    if o.counters:
        bits.append(str(o.counters))
    if o.tapped:
        bits.append("tapped")
    return " ".join(bits)


# ----------------------------------------------------------------------------- entry points


def run_scenario(sc: Scenario) -> RunResult:
    """Run a parsed scenario. Raises ScenarioError for a script that cannot be carried out."""
    r = Runner(sc)
    failures: list[str] = []
    try:
        r.run()
    except IllegalActionError as e:
        raise ScenarioError(str(e), sc.file) from None
    except DiceScriptError as e:  # game.dice ran out or doesn't fit a die (CR 706.1a)
        raise ScenarioError(str(e), sc.file, key="game.dice") from None
    failures = list(r.failures)
    for e in sc.expects:
        if e.final:
            failures += check(r.g, e, r.names)
    return RunResult(sc, not failures, failures, r.g.log_lines(), r.g)


def run_file(path: str | Path) -> RunResult:
    return run_scenario(load_scenario(path))


__all__ = ["RunResult", "build_game", "check", "run_file", "run_scenario"]
