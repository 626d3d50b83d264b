"""Turn structure: phases, steps and their turn-based actions (CR 500-514)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import mana_pool, mana_spending, phasing, static_abilities, tap_untap, zones
from undercity.engine.decisions import Option
from undercity.engine.discard import discard as discard_card
from undercity.engine.game import job_runner
from undercity.engine.state import DURING_NEXT_TURN, STEPS, Combat, ContinuousEffect, Job
from undercity.engine.teams import active_players, is_active, next_team_start
from undercity.engine.variants import get_variant

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game

STEP_RULE = {
    "untap": "502", "upkeep": "503", "draw": "504", "precombat-main": "505",
    "beginning-of-combat": "507", "declare-attackers": "508", "declare-blockers": "509",
    "first-strike-damage": "510.4", "combat-damage": "510", "end-of-combat": "511",
    "postcombat-main": "505", "end": "513", "cleanup": "514",
}
HAND_SIZE = 7

def max_hand_size(g: Game, player: int) -> int | None:
    """``player``'s maximum hand size (CR 402.2), or None if they have none: the static
    abilities in play that change it ("You have no maximum hand size") are asked here."""
    if static_abilities.no_maximum_hand_size(g, player):
        return None
    return HAND_SIZE


def begin_step(g: Game) -> None:
    """Start the current step: its turn-based actions (CR 703), then priority (CR 117.3a)."""
    s = g.s
    step = s.step
    s.priority = s.active
    s.passes = 0
    g.emit(ev.StepBegan(rule=STEP_RULE[step], step=step, player=s.active))
    if step == "untap":
        phasing.untap_step(g)  # CR 702.26a: before permanents untap
        optional = _optional_untaps(g)
        if optional:  # "You may choose not to untap [it]": ask first, then untap (job "untap")
            g.push("untap", optional=optional)
        else:
            _untap(g, frozenset())
    elif step == "draw":
        rules = get_variant(s.variant)
        for p in active_players(g):  # CR 805.4b: each player on the active team draws
            if s.turn == 1 and rules.first_player_skips_draw:
                g.emit(ev.Note(rule="810.6" if rules.teams else "103.8a",
                               message=f"{g.player_name(p)} skips the first draw"))
            else:
                zones.draw(g, p, "504.1")
    elif step == "precombat-main":
        from undercity.engine.sagas import add_lore_counters

        add_lore_counters(g)  # CR 714.3c
    elif step == "beginning-of-combat":
        s.combat = Combat()
    elif step == "declare-attackers":
        if s.combat is None:
            s.combat = Combat()
        g.push("attackers", player=s.active, players=active_players(g))
    elif step == "declare-blockers":
        g.push("blockers")
    elif step == "first-strike-damage":
        g.push("damage", first_strike=True)
    elif step == "combat-damage":
        g.push("damage", first_strike=False)
    elif step == "cleanup":
        g.push("cleanup")


def _held(g: Game) -> set[int]:
    """"Doesn't untap during its controller's next untap step" (Tie Up), and what static
    abilities keep tapped ("Enchanted creature doesn't untap during its controller's untap
    step", CR 502.3)."""
    return {e.obj for e in _untap_next(g)} | tap_untap.kept_tapped(g)


def _untap_next(g: Game) -> list[ContinuousEffect]:
    """The "doesn't untap during its controller's next untap step" effects this untap step uses up."""
    s = g.s
    return [e for e in s.effects if e.kind == "doesnt_untap_next" and is_active(g, e.player)] if s.effects else []


def _optional_untaps(g: Game) -> list[int]:
    """Tapped permanents of the active players that would untap, but whose controller "may
    choose not to untap" them (Immovable Rod)."""
    s = g.s
    # Pre-filtered by card, plus the permanents whose abilities changed (layer 6): nearly
    # always none may stay tapped, and the untap step asks nothing more.
    could = ab.with_abilities(g, ch.permanents_with(s, _may_not_untap))
    if not could:
        return []
    held = _held(g)
    return [oid for oid in s.battlefield
            if oid in could and s.objs[oid].tapped and oid not in held and is_active(g, s.objs[oid].controller)
            and any(st.kind == "may_not_untap" for st in ab.static(g, s.objs[oid]))]


def _may_not_untap(card: CardDef) -> bool:
    return any(st.kind == "may_not_untap" for st in card.static)


@job_runner("untap")
def run_untap(g: Game, job: Job) -> None:
    """The untap step's turn-based action (CR 502.3) when some permanent may stay tapped: its
    controller chooses, then everything else untaps at once."""
    s = g.s
    keep = set()
    for oid in job.data["optional"]:
        o = s.objs[oid]
        stay = g.ask(job, f"untap{oid}", o.controller, "untap_choice", f"untap {o.name}?",
                     [Option(f"untap {o.name}", False), Option(f"leave {o.name} tapped", True)])
        if stay:
            keep.add(oid)
    s.jobs.pop()
    _untap(g, frozenset(keep))


def _untap(g: Game, keep: frozenset[int]) -> None:
    """CR 502.3: the active players' permanents untap, except those held by an effect and
    those their controller chose to leave tapped."""
    s = g.s
    # "Doesn't untap during its controller's next untap step" (Tie Up): used up by the
    # untap step of the player it names, whether or not the permanent was tapped.
    held = _held(g)
    for oid in list(s.battlefield):
        o = s.objs[oid]
        if is_active(g, o.controller):  # CR 502.3; every player of the active team (805.4)
            o.sick = False  # CR 302.6: controlled continuously since this turn began
            if o.tapped and oid not in held and oid not in keep:
                zones.set_tapped(g, o, False, "502.3")
            elif o.tapped:
                g.emit(ev.Note(rule="502.3", message=f"{o.name} doesn't untap" if oid in held
                               else f"{g.player_name(o.controller)} chooses not to untap {o.name}"))
    if used := _untap_next(g):
        s.effects = [e for e in s.effects if e not in used]


def _needs_first_strike_step(g: Game) -> bool:
    c = g.s.combat
    if c is None:
        return False
    ids = list(c.attackers) + list(c.blockers)
    return any(ch.has(g, g.s.objs[i], "first strike") or ch.has(g, g.s.objs[i], "double strike")
               for i in ids if i in g.s.objs)


def next_step_name(g: Game) -> str | None:
    """The step after the current one, skipping combat steps per CR 508.8 and 510.4."""
    s = g.s
    i = STEPS.index(s.step)
    while i + 1 < len(STEPS):
        i += 1
        nxt = STEPS[i]
        if nxt in ("declare-blockers", "first-strike-damage", "combat-damage"):
            if s.combat is None or not s.combat.attackers and not s.extra.get("attacked"):
                continue  # CR 508.8: no attackers, skip to end of combat
            if nxt == "first-strike-damage" and not _needs_first_strike_step(g):
                continue
        return nxt
    return None


def end_step(g: Game) -> None:
    """End the current step: mana empties (CR 500.4) and the game moves on."""
    s = g.s
    for p in s.players:
        if p.pool:
            p.pool = mana_pool.remaining(g, p.idx, p.pool)  # CR 106.4: mana kept until end of turn stays
            if mana_spending.TAGS in s.extra:
                mana_spending.trim(g, p.idx)  # the restricted mana it lost is no longer there
    s.extra.pop("priority_in_cleanup", None)
    if s.step == "cleanup" and s.extra.pop("cleanup_again", False):
        s.step_started = False  # CR 514.3a: another cleanup step
        return
    if s.step == "end-of-combat":
        s.combat = None  # CR 511.3
        s.extra.pop("attacked", None)
    nxt = next_step_name(g)
    if nxt is None:
        next_turn(g)
    else:
        s.step = nxt
        s.step_started = False


def next_turn(g: Game) -> None:
    s = g.s
    if s.turn_cap and s.turn >= s.turn_cap:
        g.end_game((), f"turn limit of {s.turn_cap} reached", "104.4a")
        return
    s.turn += 1
    if get_variant(s.variant).teams:
        nxt = next_team_start(g, s.active)  # CR 805.4: teams take turns
    else:
        nxt = next_in_turn_order(g, s.active)
    skipped = _skipped_players(g, s.active, nxt)
    if skipped:  # CR 800.4m: the turns they would have had end their "until your next turn" effects
        expire_until_next_turn(g, skipped)
        phasing.turns_would_have_begun(g, skipped)  # CR 702.26n
    s.active = nxt
    begin_turn(g)


def begin_turn(g: Game) -> None:
    s = g.s
    for p in s.players:
        p.lands_played = 0
        p.spells_cast_this_turn = 0
        p.cards_drawn_this_turn = 0
    s.spells_cast_turn_log = []
    s.extra["left_battlefield"] = set()
    s.step = "untap"
    s.step_started = False
    s.combat = None
    expire_until_next_turn(g, {s.active})
    g.emit(ev.TurnBegan(rule="805.4" if get_variant(s.variant).teams else "500.1", turn=s.turn,
                        player=s.active, team=tuple(active_players(g))))


def expire_until_next_turn(g: Game, players: set[int]) -> None:
    """Effects "until your next turn" end as that player's turn begins (CR 611.2b); goad
    too (CR 701.15a). Effects "during [that player's] next turn" begin, lasting until that
    turn's cleanup (CR 611.2a, 514.2)."""
    s = g.s
    if any(e.until == DURING_NEXT_TURN and e.player in players for e in s.effects):
        s.effects = [replace(e, until="eot") if e.until == DURING_NEXT_TURN and e.player in players else e
                     for e in s.effects]
    if not any(e.until == "your_next_turn" and e.player in players for e in s.effects):
        return
    s.effects = [e for e in s.effects if not (e.until == "your_next_turn" and e.player in players)]
    for oid in s.battlefield:
        o = s.objs[oid]
        if o.goaded_by and set(o.goaded_by) & players:
            o.goaded_by = tuple(p for p in o.goaded_by if p not in players)


def _skipped_players(g: Game, frm: int, to: int) -> set[int]:
    n = len(g.s.players)
    out, j = set(), (frm + 1) % n
    while j != to and j != frm:
        if g.s.players[j].left:
            out.add(j)
        j = (j + 1) % n
    return out


def next_in_turn_order(g: Game, idx: int) -> int:
    """The next player still in the game after ``idx`` (CR 101.4, 800.4)."""
    s = g.s
    n = len(s.players)
    for k in range(1, n + 1):
        j = (idx + k) % n
        if not s.players[j].left:
            return j
    return idx


@job_runner("cleanup")
def run_cleanup(g: Game, job: Job) -> None:
    """Cleanup step (CR 514): discard to hand size, then damage and "until end of turn" end."""
    s = g.s
    if job.pc == 0:
        from undercity.engine.effects import choose_cards

        plan: list[int] = []
        for pi in active_players(g):  # each player of the active team (CR 805.4)
            p = s.players[pi]
            limit = max_hand_size(g, pi)
            excess = 0 if limit is None else len(p.hand) - limit
            if excess > 0:
                # Identical cards are one option, and discarding N of exactly N cards asks
                # nothing (the scenario format's "exactly one legal answer").
                plan += choose_cards(g, job, f"discard{pi}:", pi, "cleanup_discard",
                                     lambda _k, p=p, limit=limit: f"{p.name}: discard down to {limit} cards",
                                     list(p.hand), excess)
        for c in plan:
            discard_card(g, c, rule="514.1")
        job.pc = 1
    # CR 514.2: simultaneously remove damage and end "until end of turn" effects.
    n = 0
    for oid in s.battlefield:
        o = s.objs[oid]
        if o.damage or o.deathtouched:
            o.damage = 0
            o.deathtouched = False
            n += 1
    if any(e.until == "eot" for e in s.effects):  # else the same list: caches compare it by identity
        before = len(s.effects)
        s.effects = [e for e in s.effects if e.until != "eot"]
        n += before - len(s.effects)
    if n:
        g.emit(ev.EffectsEnded(rule="514.2", count=n))
    s.jobs.pop()
