"""A rule-of-thumb agent: develops its board, points harmful effects at opponents and
helpful ones at itself, attacks when it is safe and blocks when it pays."""

from __future__ import annotations

import random
from typing import Any

from undercity.cards import model as m
from undercity.engine import characteristics as ch
from undercity.engine.decisions import Decision
from undercity.engine.game import Game
from undercity.engine.targeting import _is_opponent

HARMFUL = (m.DealDamage, m.DivideDamage, m.Destroy, m.ExileIt, m.ReturnToHand, m.CounterSpell,
           m.LoseLife, m.Discard, m.Mill, m.SacrificeChoice, m.Goad)


class HeuristicAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, d: Decision) -> int:
        fn = getattr(self, f"_{d.kind}", None)
        if fn is not None:
            v = fn(game, d)
            if v is not None:
                return v
        return 0

    # ------------------------------------------------------------------ helpers
    def _index(self, d: Decision, pred: Any) -> int | None:
        for i, o in enumerate(d.options):
            if pred(o.value):
                return i
        return None

    def _mulligan(self, g: Game, d: Decision) -> int:
        p = g.s.players[d.player]
        lands = sum(1 for c in p.hand if "Land" in g.s.objs[c].card.types)
        if p.mulligans >= 1 or 2 <= lands <= 5:
            return self._index(d, lambda v: v == "keep") or 0
        return self._index(d, lambda v: v == "mulligan") or 0

    def _bottom(self, g: Game, d: Decision) -> int:
        # Bottom the most expensive card.
        return max(range(len(d.options)), key=lambda i: g.s.objs[d.options[i].value].card.mana_value)

    _cleanup_discard = _bottom
    _discard = _bottom

    def _priority(self, g: Game, d: Decision) -> int:
        s = g.s
        best, best_score = 0, 0.0
        for i, o in enumerate(d.options):
            v = o.value
            score = 0.0
            if v[0] == "play":
                score = 100
            elif v[0] == "cast":
                card = s.objs[v[1]].card
                score = 10 + card.mana_value
                sa = card.spell
                if sa is not None and not sa.modes:
                    effs = sa.effects
                    if any(isinstance(e, m.CounterSpell) for e in effs):
                        top = s.stack[-1] if s.stack else None
                        score = 50 if top is not None and _is_opponent(g, d.player, top.controller) else -1
                    elif any(isinstance(e, m.Pump) for e in effs) and s.step not in ("declare-blockers",):
                        score = -1  # keep pump spells for combat
                if "Creature" in card.types and s.stack:
                    score = -1
            elif v[0] == "activate":
                score = 5
            if score > best_score:
                best, best_score = i, score
        return best

    def _spell_being_cast(self, g: Game) -> tuple[list[m.Effect], int] | None:
        if not g.s.jobs:
            return None
        job = g.s.jobs[-1]
        if job.kind == "cast":
            card = g.s.objs[job.data["obj"]].card
            sa = card.spell
            if card.enchant is not None:
                return [m.Pump(0, 0, m.SELF)], job.data["player"]
            if sa is None:
                return [], job.data["player"]
            effs = list(sa.effects) + [e for md in sa.modes for e in md.effects]
            return effs, job.data["player"]
        if job.kind == "triggers":
            return [], -1
        return None

    def _target(self, g: Game, d: Decision) -> int:
        info = self._spell_being_cast(g)
        harmful = True
        if info is not None and info[0]:
            harmful = any(isinstance(e, HARMFUL) for e in info[0])
        s = g.s

        def score(v: Any) -> float:
            if v is None:
                return -5
            kind, ident = v
            if kind == "p":
                mine = ident == d.player
                base = 3.0
            else:
                o = s.objs.get(ident)
                if o is None:
                    return -10
                mine = o.controller == d.player
                base = 2 + (ch.power(g, o) if ch.is_creature(o) else o.card.mana_value)
            return base if mine != harmful else -base

        return max(range(len(d.options)), key=lambda i: score(d.options[i].value))

    def _attacker(self, g: Game, d: Decision) -> int:
        s = g.s
        opp_blockers = [s.objs[o] for o in s.battlefield if _is_opponent(g, d.player, s.objs[o].controller)
                        and ch.is_creature(s.objs[o]) and not s.objs[o].tapped]
        for i, o in enumerate(d.options):
            if o.value is None:
                continue
            a = s.objs[o.value]
            pa, ta = ch.power(g, a), ch.toughness(g, a)
            if pa <= 0:
                continue
            safe = all(ch.power(g, b) < ta or ch.toughness(g, b) <= pa for b in opp_blockers)
            if safe or not opp_blockers:
                return i
        return self._index(d, lambda v: v is None) or 0

    def _blocker(self, g: Game, d: Decision) -> int:
        s = g.s
        c = s.combat
        incoming = sum(ch.power(g, s.objs[a]) for a in (c.attackers if c else {}) if a in s.objs
                       and a not in (c.blocked if c else set()))
        life = s.players[d.player].life
        for i, o in enumerate(d.options):
            if o.value is None:
                continue
            b = s.objs[o.value]
            for a in (c.attackers if c else {}):
                ao = s.objs.get(a)
                if ao is None:
                    continue
                if ch.toughness(g, b) > ch.power(g, ao) or ch.power(g, b) >= ch.toughness(g, ao) \
                        or incoming >= life:
                    return i
        return self._index(d, lambda v: v is None) or 0

    def _block_target(self, g: Game, d: Decision) -> int:
        s = g.s
        return max(range(len(d.options)), key=lambda i: ch.power(g, s.objs[d.options[i].value]))

    def _x(self, g: Game, d: Decision) -> int:
        return len(d.options) - 1

    def _mode(self, g: Game, d: Decision) -> int:
        return self.rng.randrange(len(d.options))

    def _yes_no(self, g: Game, d: Decision) -> int:
        return self._index(d, lambda v: v is True) or 0
