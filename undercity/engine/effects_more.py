"""Effect handlers for the dungeon rooms' effects (CR 309.4c) that the core language lacked.

Effects "until your next turn" are ended by :func:`undercity.engine.turn.begin_turn`.

Like every handler, each asks all its questions (``g.ask``) before it changes anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.cards import model as m
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.effects import (
    amount,
    card_option,
    change_life,
    distinct_card_options,
    distinct_permanents,
    handles,
    ref_objects,
    ref_players,
)
from undercity.engine.state import ContinuousEffect, Job, StackItem

if TYPE_CHECKING:
    from undercity.engine.game import Game


def _until_text(g: Game, until: str, player: int) -> str:
    return f"until {g.player_name(player)}'s next turn" if until == "your_next_turn" else "until end of turn"


def _apnap(g: Game, players: list[int]) -> list[int]:
    """``players`` in APNAP order (CR 101.4): choices are made in that order."""
    s = g.s
    n = len(s.players)
    order = [(s.active + k) % n for k in range(n)]
    return [p for p in order if p in players]


@handles(m.PumpUntil)
def h_pump_until(g: Game, job: Job, item: StackItem, e: m.PumpUntil, key: str) -> None:
    p, t = amount(g, e.p, item, job), amount(g, e.t, item, job)
    for oid in ref_objects(g, e.what, item, job):
        g.s.effects.append(ContinuousEffect("pump", oid, p, t, e.keywords, e.until, player=item.controller,
                                            timestamp=g.s.next_timestamp()))
        kw = f" and gains {', '.join(sorted(e.keywords))}" if e.keywords else ""
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.s.objs[oid].name} gets {p:+d}/{t:+d}{kw} "
                                                         f"{_until_text(g, e.until, item.controller)}"))


@handles(m.CantAttack)
def h_cant_attack(g: Game, job: Job, item: StackItem, e: m.CantAttack, key: str) -> None:
    for oid in ref_objects(g, e.what, item, job):
        g.s.effects.append(ContinuousEffect("cant_attack", oid, until=e.until, player=item.controller,
                                            timestamp=g.s.next_timestamp()))
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.s.objs[oid].name} can't attack "
                                                         f"{_until_text(g, e.until, item.controller)}"))


@handles(m.RevealPutCreature)
def h_reveal_put(g: Game, job: Job, item: StackItem, e: m.RevealPutCreature, key: str) -> None:
    """Throne of the Dead Three: reveal the top ``n`` (CR 701.20), put a creature card from
    among them onto the battlefield with counters (mandatory if there is one); it gains
    hexproof until your next turn; then shuffle (CR 701.24)."""
    s = g.s
    p = item.controller
    top = list(s.players[p].library[:e.n])
    cands = [c for c in top if targeting.matches(g, s.objs[c], e.filter, p)]
    chosen = None
    if cands:
        opts = distinct_card_options(g, cands)
        chosen = g.ask(job, key + ":put", p, "choose_card",
                       f"{g.player_name(p)}: put a creature card from among the revealed cards onto the "
                       "battlefield", opts, {"revealed": [s.objs[c].name for c in top]})
    g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(s.objs[c].name for c in top)))
    if chosen is not None:
        new = zones.put_onto_battlefield(g, chosen, p, rule="608.2c", counters=dict(e.counters))
        if new is not None and e.keywords:
            s.effects.append(ContinuousEffect("pump", new.id, 0, 0, e.keywords, "your_next_turn", player=p,
                                              timestamp=s.next_timestamp()))
            g.emit(ev.EffectBegan(rule="611.2a", description=f"{new.name} gains {', '.join(sorted(e.keywords))} "
                                                             f"{_until_text(g, 'your_next_turn', p)}"))
    elif top:
        g.emit(ev.Note(rule="608.2c", message="no creature card among them"))
    zones.shuffle(g, p)


@handles(m.ExileTopMayPlay)
def h_exile_top_may_play(g: Game, job: Job, item: StackItem, e: m.ExileTopMayPlay, key: str) -> None:
    """Runestone Caverns: exile the top ``n`` cards; their owner may play them. The permission
    is recorded in ``State.extra["may_play"]`` (exiled object id -> player)."""
    s = g.s
    p = item.controller
    allowed = s.extra.setdefault("may_play", {})
    names = []
    for oid in list(s.players[p].library[:e.n]):
        new = zones.move(g, oid, "exile", rule="701.13a", verb="is exiled")
        if new is not None:
            allowed[new.id] = p
            names.append(new.name)
    if names:
        g.emit(ev.EffectBegan(rule="611.2a", description=f"{g.player_name(p)} may play {', '.join(names)} "
                                                         "from exile"))


@handles(m.DrawRevealMayCastFree)
def h_draw_reveal_cast(g: Game, job: Job, item: StackItem, e: m.DrawRevealMayCastFree, key: str) -> None:
    """Mad Wizard's Lair: draw ``n`` cards and reveal them. Casting one of them without paying
    its mana cost during the resolution is not supported by the engine yet (see the note)."""
    p = item.controller
    s = g.s
    done = f"{key}:drawn"
    if done not in job.data:  # draw once, even when this handler runs again after the choice
        drawn = []
        for _ in range(amount(g, e.n, item, job)):
            new = zones.draw(g, p)
            if new is not None:
                drawn.append(new.id)
        job.data[done] = drawn
        if drawn:
            g.emit(ev.Revealed(rule="701.20a", player=p, cards=tuple(s.objs[c].name for c in drawn)))
    from undercity.engine import casting

    cands = [c for c in job.data[done] if c in s.objs and s.objs[c].zone == "hand"
             and casting.castable(g, p, s.objs[c], free=True)]
    if not cands:
        return
    opts = [Option(f"cast {s.objs[c].name} without paying its mana cost", c) for c in cands]
    opts.append(Option("cast nothing", None))
    pick = g.ask(job, f"{key}:free", p, "cast_free", "you may cast one of them without paying its mana cost", opts)
    if pick is not None:
        # Cast as this ability finishes resolving (CR 608.2g); the cast asks its own questions.
        g.push("cast", player=p, obj=pick, alt=None, free=True)


@handles(m.LoseLifeUnless)
def h_lose_unless(g: Game, job: Job, item: StackItem, e: m.LoseLifeUnless, key: str) -> None:
    """Veils of Fear, Sandfall Cell: each player in APNAP order (CR 101.4) chooses whether to
    discard / sacrifice; then the discards, sacrifices and life losses happen."""
    s = g.s
    n = amount(g, e.n, item, job)
    picks: dict[int, int | None] = {}
    for p in _apnap(g, ref_players(g, e.who, item, job)):
        if e.unless == "discard":
            pool = list(s.players[p].hand)
        else:
            pool = [oid for oid in s.battlefield if s.objs[oid].controller == p
                    and targeting.matches(g, s.objs[oid], e.filter, p)]
        verb = e.unless
        opts = [Option(f"{verb} {s.objs[c].name}", c) for c in pool] + [Option(f"lose {n} life", None)]
        picks[p] = g.ask(job, f"{key}:u{p}", p, "unless_cost", f"{g.player_name(p)}: {verb} or lose {n} life",
                         opts, {"unless": verb, "life": n})
    for p, c in picks.items():
        if c is None:
            change_life(g, p, -n, "119.3")
        elif e.unless == "discard":
            zones.move(g, c, "graveyard", rule="701.9a", verb="is discarded")
        else:
            zones.move(g, c, "graveyard", rule="701.21a", verb="is sacrificed")


@handles(m.SacrificeEach)
def h_sacrifice_each(g: Game, job: Job, item: StackItem, e: m.SacrificeEach, key: str) -> None:
    """Oubliette: sacrifice a creature, an artifact, and a land — different permanents, each
    chosen by the sacrificing player (CR 701.21a); none of a kind: nothing for that one."""
    s = g.s
    chosen: list[int] = []
    for p in _apnap(g, ref_players(g, e.who, item, job)):
        for k, flt in enumerate(e.filters):
            pool = [oid for oid in s.battlefield if s.objs[oid].controller == p and oid not in chosen
                    and targeting.matches(g, s.objs[oid], flt, p)]
            if pool:
                what = " or ".join(sorted(flt.types)).lower() or "permanent"
                chosen.append(g.ask(job, f"{key}:s{p}:{k}", p, "sacrifice",
                                    f"{g.player_name(p)}: sacrifice a {what}",
                                    [card_option(g, c) for c in distinct_permanents(g, job, pool)]))
    for c in chosen:
        zones.move(g, c, "graveyard", rule="701.21a", verb="is sacrificed")
