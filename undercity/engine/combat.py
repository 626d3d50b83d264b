"""Combat (CR 506-511): declaring attackers and blockers, and combat damage.

Declarations are asked one creature at a time ("attack with X" … "done"), so every
decision is a short list of options that any agent can answer; the "done" option is only
offered when the declaration so far satisfies every requirement and restriction
(CR 508.1c-d, 509.1b-c): goaded creatures attack if able (CR 701.15b), a creature with
menace is blocked by two or more creatures or not at all (CR 702.110b).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from undercity.engine import (
    attack_costs,
    attack_requirements,
    attack_restrictions,
    block_requirements,
    block_restrictions,
    layers,
    protection,
    protection_from_creatures,
    static_abilities,
    targeting,
    zones,
)
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import deal_damage
from undercity.engine.game import RECHECK, job_runner
from undercity.engine.state import Combat, Job
from undercity.engine.teams import teammates

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj

Defender = tuple[str, int]


def can_attack(g: Game, o: Obj) -> bool:
    """CR 508.1a: untapped creature, controlled continuously since the turn began (or haste),
    without defender."""
    if o.tapped:
        return False
    c = layers.chars(g, o)  # one look-up for its types (layer 4) and keywords (layer 6)
    if "Creature" not in (o.card if c is None else c).types:
        return False
    kws = ch.keywords_of(o, c)
    if "defender" in kws:
        return False
    if any(e.kind == "cant_attack" and e.obj == o.id for e in g.s.effects):
        return False
    if not attack_restrictions.allows(g, o):  # CR 508.1c: "can't attack unless …"
        return False
    return not (o.sick and "haste" not in kws)


def defenders_for(g: Game, player: int) -> list[Defender]:
    """Opponents and the planeswalkers and battles they control (CR 506.2, 802.1)."""
    s = g.s
    out: list[Defender] = [("p", p) for p in s.living() if targeting._is_opponent(g, player, p)]
    view = ch.viewer(g)  # after type-changing effects (CR 613.1d)
    for oid in s.battlefield:
        o = s.objs[oid]
        if "Planeswalker" in view(o).types and targeting._is_opponent(g, player, o.controller):
            out.append(("o", oid))
    return out


def legal_defenders(g: Game, o: Obj) -> list[Defender]:
    """Whom ``o`` may attack as it is declared: its controller's defenders, narrowed by goad
    (CR 701.15b)."""
    defs = defenders_for(g, o.controller)
    return [d for d in defs if _goad_ok(g, o, d, defs)]


def _defender_label(g: Game, d: Defender) -> str:
    return targeting.describe(g, d)


def _goad_ok(g: Game, o: Obj, d: Defender, all_defs: list[Defender]) -> bool:
    """Whether ``o`` may attack ``d``: not if a restriction forbids it ("can't attack you",
    CR 508.1c); a goaded creature attacks a player other than the goading players if able
    (CR 701.15b); goaded by every opponent, it may attack any of them or a planeswalker
    (ruling 2020-04-17)."""
    if not attack_restrictions.may_attack(g, o, d):
        return False
    by = attack_requirements.goaded_by(g, o)
    chosen = attack_requirements.chosen_defender(g, o)
    if not by and chosen is None:
        return True

    def obeyed(x: Defender) -> int:
        """The requirements on whom it attacks that attacking ``x`` obeys: goad's "a player
        other than …" (701.15b), "attacks that player this combat if able" (508.1d)."""
        return int(bool(by) and x[0] == "p" and x[1] not in by) + int(x == ("p", chosen))

    # CR 508.1d: as many requirements as can be obeyed — nobody has to pay a cost to attack to
    # obey one: with only taxed other players (Propaganda), attacking a goading player obeys as
    # many as can be obeyed.
    free = [x for x in all_defs if attack_costs.tax(g, x) == 0 and attack_restrictions.may_attack(g, o, x)]
    return obeyed(d) >= max((obeyed(x) for x in free), default=0)


@job_runner("attackers")
def run_declare_attackers(g: Game, job: Job) -> None:
    s = g.s
    c = s.combat or Combat()
    s.combat = c
    declared: list[tuple[int, Defender]] = []
    # CR 805.10b: with shared team turns the active team makes one combined attack; each
    # attacking player declares their own creatures.
    to_pay: list[tuple[int, int]] = []
    for player in job.data.get("players", [job.data["player"]]):
        if not s.players[player].left:
            mine, n = _declare_for(g, job, player)
            declared += mine
            if n:
                to_pay.append((player, n))
    for oid, d in declared:
        o = s.objs[oid]
        if attack_requirements.must_attack(g, o):
            c.required.add(oid)  # it had to attack this combat (CR 508.1d), as it was declared
        if not ch.has(g, o, "vigilance"):
            zones.set_tapped(g, o, True, "508.1f")
        c.attackers[oid] = d
    for player, n in to_pay:  # CR 508.1j: after the attackers are tapped (508.1f)
        attack_costs.pay(g, player, n)
    attack_requirements.record_attacks(g, job.data.get("players", [job.data["player"]]), declared)
    s.jobs.pop()
    if declared:
        s.extra["attacked"] = True
    for oid, d in declared:
        o = s.objs[oid]
        g.emit(ev.AttackDeclared(rule="508.1", player=o.controller, attacker=oid, name=o.name,
                                 defender=_defender_label(g, d)))
    if not declared:
        g.emit(ev.Note(rule="508.8", message="no creatures attack"))


def _declare_for(g: Game, job: Job, player: int) -> tuple[list[tuple[int, Defender]], int]:
    """``player``'s attackers and the total cost to attack they pay (CR 508.1h): declared again
    for as long as they decline to pay it (CR 508.1: an unpaid cost makes the declaration
    illegal; decision ``attack_cost``)."""
    s = g.s
    r = 0
    while True:
        declared = _declare_round(g, job, player, "" if r == 0 else f"{r}.")
        n = attack_costs.total(g, declared) if declared else 0
        if not n:
            return declared, 0
        opts = [Option(f"pay {{{n}}} to attack", True), Option("don't pay: declare attackers again", False)]
        if g.ask(job, f"atcost{player}:{r}", player, "attack_cost",
                 f"{s.players[player].name}: pay {{{n}}} to attack?", opts):
            return declared, n
        r += 1


#: ``Job.data`` key of the declare-attackers job: for each player's round of declarations, what
#: its first run found (:func:`_round_start`).
_ROUNDS = "rounds"


def _round_start(g: Game, job: Job, player: int, rnd: str) -> tuple[tuple[int, ...], list[Defender], bool]:
    """The creatures ``player`` could declare as attackers in this round (CR 508.1a, 508.1c),
    the players and permanents they may attack (508.1b), and whether attacking any of them has
    a cost (508.1d, 508.1h). The job asks one question per attacker and runs again from its
    start after each answer; nothing changes the game in between (a job asks before it acts,
    see ``Game.answered``), so what its first run found is kept in the job and used again —
    unless a player left the game since (``RECHECK``: then it is found again)."""
    key = f"{player}:{rnd}"
    kept = job.data.get(_ROUNDS)
    if kept is not None and key in kept and RECHECK not in job.data:
        return kept[key]
    s = g.s
    able = [oid for oid in s.battlefield if s.objs[oid].controller == player and can_attack(g, s.objs[oid])]
    defs = defenders_for(g, player)
    if attack_restrictions.limits_defenders(g):
        # CR 508.1c: a creature that may attack none of them can't attack at all.
        able = [oid for oid in able if any(attack_restrictions.may_attack(g, s.objs[oid], d) for d in defs)]
    found = (tuple(able), defs, bool(defs) and any(attack_costs.tax(g, d) for d in defs))
    job.data.setdefault(_ROUNDS, {})[key] = found
    return found


def _declare_round(g: Game, job: Job, player: int, rnd: str) -> list[tuple[int, Defender]]:
    s = g.s
    able, defs, taxed = _round_start(g, job, player, rnd)
    declared: list[tuple[int, Defender]] = []
    if defs:
        k = 0
        while True:
            key = f"att{player}:{rnd}{k}"
            if g.answered(job, key):  # asked in an earlier run of this job: its options were not empty
                v = job.answers[key]
            else:
                chosen = {a for a, _ in declared}
                rest = [oid for oid in able if oid not in chosen]
                # CR 508.1d: each able creature with a requirement to attack (goad, "attacks each
                # combat if able") must be declared before the declaration can end — unless it
                # could obey it only by paying a cost to attack, which nobody is required to pay.
                must = [oid for oid in rest if attack_requirements.must_attack(g, s.objs[oid]) and (
                    not taxed or any(attack_costs.tax(g, d) == 0 for d in defs if _goad_ok(g, s.objs[oid], d, defs)))]
                opts = [Option(f"attack with {s.objs[oid].name}", oid) for oid in rest
                        if not taxed or _defender_options(g, player, s.objs[oid], declared, defs)]
                if not must:
                    opts.append(Option("no more attackers", None))
                if not opts:
                    break
                v = g.ask(job, key, player, "attacker", f"{s.players[player].name}: declare attackers", opts)
            if v is None:
                break
            key = f"def{player}:{rnd}{k}"
            if g.answered(job, key):
                d = job.answers[key]
            else:
                o = s.objs[v]
                dopts = _defender_options(g, player, o, declared, defs) if taxed else [
                    Option(f"{o.name} attacks {_defender_label(g, d)}", d) for d in defs if _goad_ok(g, o, d, defs)]
                d = g.ask(job, key, player, "attack_target", f"what does {o.name} attack?", dopts)
            declared.append((v, tuple(d)))  # type: ignore[arg-type]
            k += 1
    return declared


def _defender_options(g: Game, player: int, o: Obj, declared: list[tuple[int, Defender]],
                      defs: list[Defender]) -> list[Option]:
    """Whom ``o`` may attack with the total cost to attack still payable (CR 508.1h-j: no
    partial payments), each taxed defender labelled with its cost."""
    s = g.s
    tapped = [a for a, _ in declared if not ch.has(g, s.objs[a], "vigilance")]
    if not ch.has(g, o, "vigilance"):
        tapped.append(o.id)
    so_far = attack_costs.total(g, declared)
    out = []
    for d in defs:
        if not _goad_ok(g, o, d, defs):
            continue
        n = attack_costs.tax(g, d)
        label = f"{o.name} attacks {_defender_label(g, d)}"
        if not n:
            out.append(Option(label, d))
        elif attack_costs.affordable(g, player, so_far + n, tapped):
            out.append(Option(f"{label} (pay {{{n}}})", d))
    return out




def can_block(g: Game, blocker: Obj, attacker: Obj) -> bool:
    """Flying (CR 702.9b) and reach (CR 702.17b); other restrictions (CR 509.1b)."""
    if ch.has(g, attacker, "flying"):
        kws = ch.keywords(g, blocker)
        if "flying" not in kws and "reach" not in kws:
            return False
    if not protection.may_block(g, blocker, attacker):  # CR 702.16f
        return False
    if not attack_requirements.may_block(g, blocker):  # "Goaded creatures … can't block" (CR 509.1b)
        return False
    # CR 509.1b: "can't block", "can't be blocked by/except by …"; 702.16f: protection from creatures
    return block_restrictions.allows(g, blocker, attacker) and protection_from_creatures.may_block(g, blocker, attacker)


def defending_players(g: Game) -> list[int]:
    s = g.s
    c = s.combat
    out: list[int] = []
    if c is None:
        return out
    n = len(s.players)
    for k in range(n):
        p = (s.active + k) % n
        if s.players[p].left:
            continue
        for d in c.attackers.values():
            who = d[1] if d[0] == "p" else (s.objs[d[1]].controller if d[1] in s.objs else None)
            # CR 805.10d: every player of the defending team declares blockers.
            if who is not None and p in teammates(g, who) and p not in out:
                out.append(p)
    return out


def _attacks_player(g: Game, d: Defender, p: int) -> bool:
    """Whether an attack on ``d`` is one ``p`` may block: on ``p``, their permanents, or (shared
    team turns, CR 805.10d) their teammates and their permanents."""
    mates = teammates(g, p)
    if d[0] == "p":
        return d[1] in mates
    o = g.s.objs.get(d[1])
    return o is not None and o.controller in mates


@job_runner("blockers")
def run_declare_blockers(g: Game, job: Job) -> None:
    s = g.s
    c = s.combat
    assert c is not None
    plan: list[tuple[int, int]] = []
    chooser = block_requirements.block_chooser(g)  # "you choose which creatures block" (CR 509.1a)
    # Whether a creature can block an attacker (CR 509.1b) is asked for each pair again and again
    # while the blocks are built (the requirements, menace, the options, the targets); nothing
    # changes the game while the job asks, so each pair's answer is found once per run.
    answers: dict[tuple[int, int], bool] = {}

    def may_block(b: int, a: int) -> bool:
        r = answers.get((b, a))
        if r is None:
            r = answers[(b, a)] = can_block(g, s.objs[b], s.objs[a])
        return r

    for dp in defending_players(g):
        who = dp if chooser is None else chooser
        by = "" if who == dp else f" (chosen by {s.players[who].name})"
        attackers = [a for a, d in c.attackers.items() if _attacks_player(g, d, dp)]
        able = [oid for oid in s.battlefield if s.objs[oid].controller == dp and ch.is_creature(s.objs[oid], g)
                and not s.objs[oid].tapped]
        mine: list[tuple[int, int]] = []
        k = 0
        while True:
            # A block already declared in an earlier run of this job (its questions answered):
            # the options it was chosen from needn't be built again (``Game.answered``).
            key = f"blk{dp}:{k}"
            if g.answered(job, key) and (job.answers[key] is None or g.answered(job, f"bt{dp}:{k}")):
                if job.answers[key] is None:
                    break
                mine.append((job.answers[key], job.answers[f"bt{dp}:{k}"]))
                k += 1
                continue
            used = {b for b, _ in mine}
            count = {a: sum(1 for _, x in mine if x == a) for a in attackers}
            free = [b for b in able if b not in used]

            def legal_targets(b: int, free: list[int] = free, count: dict[int, int] = count,
                              attackers: list[int] = attackers) -> list[int]:
                out = []
                for a in attackers:
                    if not may_block(b, a):
                        continue
                    if ch.has(g, s.objs[a], "menace") and count[a] == 0:
                        others = [x for x in free if x != b and may_block(x, a)]
                        if not others:
                            continue  # a lone blocker could never make this block legal
                    out.append(a)
                return out

            menace_open = [a for a in attackers if ch.has(g, s.objs[a], "menace") and count[a] == 1]
            # CR 509.1c: "all creatures able to block it do so" is a requirement to obey.
            lured = {e.obj for e in s.effects if e.kind == "lure"} & set(attackers)
            must = [b for b in free if lured and lured & set(legal_targets(b))
                    or block_requirements.must_block(g, s.objs[b]) and legal_targets(b)]  # "blocks … if able"
            opts = [Option(f"block with {s.objs[b].name}", b) for b in free if legal_targets(b)]
            if not menace_open and not must:
                opts.append(Option("no more blockers", None))
            v = g.ask(job, key, who, "blocker", f"{s.players[dp].name}: declare blockers{by}", opts)
            if v is None:
                break
            tgt = legal_targets(v)
            if menace_open:  # finish the menace block first
                tgt = [a for a in tgt if a in menace_open] or tgt
            if lured & set(tgt):
                tgt = [a for a in tgt if a in lured]
            a = g.ask(job, f"bt{dp}:{k}", who, "block_target", f"which attacker does {s.objs[v].name} block?",
                      [Option(f"{s.objs[v].name} blocks {s.objs[x].name}", x) for x in tgt])
            mine.append((v, a))
            k += 1
        plan.extend(mine)
    for b, a in plan:
        c.blockers[b] = [a]
        c.blocked_by.setdefault(a, []).append(b)
        c.blocked.add(a)
    s.jobs.pop()
    for b, a in plan:
        g.emit(ev.BlockDeclared(rule="509.1", player=s.objs[b].controller, blocker=b, name=s.objs[b].name,
                                attacker=a, attacker_name=s.objs[a].name))
    if not plan:
        g.emit(ev.Note(rule="509.1", message="no creatures block"))
    # CR 509.3g: "whenever … attacks and isn't blocked" triggers now.
    g.emit(ev.BlockersDeclared(rule="509.1h", unblocked=tuple(a for a in c.attackers if a not in c.blocked)))


def assigned_damage(g: Game, o: Obj) -> int:
    """How much combat damage ``o`` assigns: its power (CR 510.1a), or its toughness when a
    static ability says so (Rasaad yn Bashir)."""
    if static_abilities.assigns_damage_by_toughness(g, o):
        return ch.toughness(g, o)
    return ch.power(g, o)


def _deals_now(g: Game, o: Obj, first_strike: bool, c: Combat) -> bool:
    kws = ch.keywords(g, o)
    fs = "first strike" in kws
    ds = "double strike" in kws
    if first_strike:
        return fs or ds
    if not c.first_strike_step:
        return True
    return ds or o.id not in c.first_strike_dealt  # CR 510.4


def _lethal(g: Game, blocker: Obj, attacker: Obj) -> int:
    """Lethal damage (CR 702.19c): considering damage already marked and deathtouch."""
    if ch.has(g, attacker, "deathtouch"):
        return 1
    return max(0, ch.toughness(g, blocker) - blocker.damage)


@job_runner("damage")
def run_combat_damage(g: Game, job: Job) -> None:
    s = g.s
    c = s.combat
    assert c is not None
    first = job.data["first_strike"]
    if first:
        c.first_strike_step = True
    assignments: list[tuple[int, Defender, int]] = []
    for a in list(c.attackers):
        o = s.objs.get(a)
        if o is None or not _deals_now(g, o, first, c):
            continue
        power = assigned_damage(g, o)
        if power <= 0:
            continue
        d = c.attackers[a]
        trample = ch.has(g, o, "trample")
        if a not in c.blocked:  # CR 510.1b
            if _attacked_exists(g, d):
                assignments.append((a, d, power))
            continue
        blockers = [b for b in c.blocked_by.get(a, []) if b in s.objs]
        # "… may have it assign its combat damage as though it weren't blocked": all of it to
        # what it attacks, or assigned as a blocked creature's (ruling 2021-07-23, Indomitable Might).
        unblocked = [Option(f"{power} to {targeting.describe(g, d)} (as though it weren't blocked)",
                            [[*d, power]])] if static_abilities.assigns_as_though_unblocked(g, o) \
            and _attacked_exists(g, d) else []
        if not blockers:
            if trample:  # CR 702.19e
                assignments.append((a, d, power))
            elif unblocked and g.ask(job, f"unblocked{a}", o.controller, "damage_assignment",
                                     f"{o.name}: assign {power} combat damage",
                                     [*unblocked, Option("no damage", [])]):
                assignments.append((a, d, power))
            continue
        if len(blockers) == 1 and not trample and not unblocked:
            assignments.append((a, ("o", blockers[0]), power))
            continue
        # CR 510.1c: divide among the blockers as the controller chooses — every division is
        # offered; with trample the rest may go to the player once each blocker has been
        # assigned lethal damage (CR 702.19b).
        divisions = _divisions(g, o, blockers, power, d if trample else None)
        if len(divisions) > MAX_DIVISIONS:  # a huge creature: lethal-in-some-order divisions only
            divisions = [_split(g, o, list(order), power, d if trample else None)
                         for order in (permutations(blockers) if len(blockers) <= 3 else [tuple(blockers)])]
        opts = []
        for parts in divisions:
            label = ", ".join(f"{n} to {targeting.describe(g, t)}" for t, n in parts if n)
            opts.append(Option(label or "no damage", [list(t) + [n] for t, n in parts]))
        uniq = {str(x.value): x for x in [*opts, *unblocked]}
        plan = g.ask(job, f"assign{a}", o.controller, "damage_assignment",
                     f"{o.name}: assign {power} combat damage", list(uniq.values()))
        for kind, ident, n in plan:
            assignments.append((a, (kind, ident), n))
    for b in list(c.blockers):
        o = s.objs.get(b)
        if o is None or not _deals_now(g, o, first, c):
            continue
        power = assigned_damage(g, o)
        targets = [x for x in c.blockers[b] if x in s.objs]
        if power > 0 and targets:
            assignments.append((b, ("o", targets[0]), power))  # CR 510.1d
    s.jobs.pop()
    # CR 510.2: all combat damage is dealt simultaneously.
    dealt_to_players: dict[int, set[int]] = {}
    for src, t, n in assignments:
        o = s.objs.get(src)
        if o is None or n <= 0:
            continue
        if first:
            c.first_strike_dealt.add(src)
        if t[0] == "o" and t[1] not in s.objs:
            continue
        done = deal_damage(g, src, o.name, t, n, combat=True, rule="510.2")
        if done and t[0] == "p":
            dealt_to_players.setdefault(t[1], set()).add(o.controller)
    g.emit(ev.CombatDamageDealt(rule="510.2", to_players={k: tuple(sorted(v)) for k, v in dealt_to_players.items()},
                                first_strike=first))


MAX_DIVISIONS = 120


def _attacked_exists(g: Game, d: Defender) -> bool:
    """Whether what a creature attacks is still there to be assigned damage (CR 510.1b): a
    player still in the game (800.4e), a planeswalker or battle still on the battlefield."""
    return not g.s.players[d[1]].left if d[0] == "p" else d[1] in g.s.objs


def _divisions(g: Game, attacker: Obj, blockers: list[int], power: int,
               trample_to: Defender | None) -> list[list[tuple[Defender, int]]]:
    """Every legal division of ``power`` among ``blockers`` (and the player, with trample)."""
    lethal = [_lethal(g, g.s.objs[b], attacker) for b in blockers]
    out: list[list[tuple[Defender, int]]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if len(out) > MAX_DIVISIONS:
            return
        if i == len(blockers):
            parts: list[tuple[Defender, int]] = [(("o", b), n) for b, n in zip(blockers, acc, strict=True)]
            if left == 0:
                out.append(parts)
            elif trample_to is not None and all(n >= lv for n, lv in zip(acc, lethal, strict=True)):
                out.append(parts + [(trample_to, left)])
            return
        for n in range(left + 1):
            rec(i + 1, left - n, acc + [n])

    rec(0, power, [])
    return out


def _split(g: Game, attacker: Obj, order: list[int], power: int,
           trample_to: Defender | None) -> list[tuple[Defender, int]]:
    left = power
    parts: list[tuple[Defender, int]] = []
    for i, b in enumerate(order):
        bo = g.s.objs[b]
        last = i == len(order) - 1 and trample_to is None
        n = left if last else min(left, _lethal(g, bo, attacker))
        parts.append((("o", b), n))
        left -= n
    if trample_to is not None and left > 0:
        parts.append((trample_to, left))
    return parts
