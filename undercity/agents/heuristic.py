"""A rule-of-thumb agent that plays sensibly.

It plays a land, then casts its best spells on curve (a small knapsack over its mana);
holds pump spells and other tricks for combat, where they win a fight or save a creature;
aims removal and burn at the biggest threats it can kill, and burn at the face when that is
lethal or the opponent is in burn range; attacks when no blocker punishes it (or when the
attack is lethal, or to steal the initiative), keeping home what it needs to survive the
crack-back; blocks to kill attackers, to trade up, and chump-blocks to survive or to keep
the initiative; ventures into good rooms (Forge on its own creature, Trap! at an opponent,
Arena to goad an opponent's creature); and points every helpful effect — of spells,
activated and triggered abilities — at its own things and every harmful one at opponents.

Every kind of decision the engine asks has an answer; an unknown kind gets the first
option. Answers are pure functions of the game (plus a per-turn record of activations, so
that an ability isn't activated over and over), so the agent is deterministic.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from undercity.agents import animation
from undercity.agents import evaluation as ev
from undercity.agents import tactics as tx
from undercity.cards import model as m
from undercity.cards.language.adventure import ADVENTURE, adventure_of
from undercity.cards.language.bestow import BESTOW, ENCHANT_CREATURE
from undercity.cards.language.class_level import LevelUp
from undercity.cards.language.continuous import Continuous, ModifyPT
from undercity.cards.language.could_produce import OPPONENT_LAND_COLOR
from undercity.cards.language.damage import DamageEach
from undercity.cards.language.entering import CHOSEN_COLOR
from undercity.cards.language.exploit import EXPLOITS
from undercity.cards.language.face_down import face_down_card
from undercity.cards.language.mana_abilities import ChosenManaAbility
from undercity.cards.language.morph import FACE_DOWN_COST, MORPH
from undercity.cards.language.split_cards import SplitCard
from undercity.engine import abilities as ab
from undercity.engine import (
    adventure,
    alternative_costs,
    cast_permissions,
    casting,
    costs,
    face_down,
    split_cards,
    targeting,
)
from undercity.engine import characteristics as ch
from undercity.engine.decisions import Decision
from undercity.engine.game import Game
from undercity.engine.resolve import effects_of
from undercity.engine.teams import is_active

#: Preferred dungeons for "venture into the dungeon" (the fastest to complete first).
DUNGEON_PREFERENCE = ("Lost Mine of Phandelver", "Dungeon of the Mad Mage", "Tomb of Annihilation", "Undercity")
#: Minimum value for casting an instant or sorcery.
SPELL_THRESHOLD = 2.0
#: Minimum value for activating an ability.
ACTIVATE_THRESHOLD = 1.5
#: What casting a card as its Adventure adds to the spell's own score: the card itself is still
#: to be cast from exile afterwards (CR 715.3d).
ADVENTURE_BONUS = 8.0
#: The score of gaining a Class level (CR 716.2a), plus the level gained.
LEVEL_UP = 12.0

LAND = 1000.0


class HeuristicAgent:
    #: The decision kinds with a dedicated answer (method ``_<kind>``); others get option 0.
    KINDS = frozenset({
        "return_to_hand",
        "priority", "mulligan", "bottom", "target", "mode", "x", "attacker", "attack_target", "blocker",
        "block_target", "damage_assignment", "order_triggers", "discard", "cleanup_discard", "search", "scry",
        "order_top", "surveil", "sacrifice", "legend_rule", "replacement", "dungeon", "room", "yes_no",
        "put_on_top", "escape_exile", "choose_card", "unless_cost", "cast_free", "tap_cost", "pay_unless",
        "to_hand", "to_battlefield", "to_graveyard", "order_bottom",
        "pay_or_countered", "explore", "untap", "cast_permission", "additional_cost", "untap_choice", "color",
        "choose_color", "choose_creature_type", "choose_player", "reveal", "exploit", "divide", "echo",
        "mana_combination", "opening_hand",
        "choose_to_destroy", "choose_party", "die_result",
        "exile_from_hand", "attack_cost", "exile_until_leaves", "separate_piles", "choose_pile", "show_from_hand",
        "phyrexian", "change_target", "choose_anchor_word", "kicker", "mana_amount", "choose_card_name",
        "tap_for_opponent", "choose_object", "split_half", "replicate",
    })

    def __init__(self, seed: int = 0, *, strict: bool = False) -> None:
        """``strict``: let an error in a rule of thumb propagate (tests) instead of falling
        back to the first option."""
        self.rng = random.Random(seed)
        self.strict = strict
        # (turn, object id, ability index) -> activations, so that abilities aren't repeated forever.
        self._activated: dict[tuple[int, int, int], int] = {}
        self._memo: tuple[Any, Any, Any, Any] | None = None

    def choose(self, game: Game, d: Decision) -> int:
        v = self.decide(game, d)
        self.note(game, d, v)
        return v

    def decide(self, game: Game, d: Decision) -> int:
        """The option index this agent picks (without recording anything)."""
        if len(d.options) <= 1 or d.kind not in self.KINDS:
            return 0  # an unknown kind of decision: the first option
        try:
            v = getattr(self, f"_{d.kind}")(game, d)
        except Exception:
            if self.strict:
                raise
            return 0
        if not isinstance(v, int) or not 0 <= v < len(d.options):
            return 0
        return v

    def note(self, game: Game, d: Decision, choice: int) -> None:
        """Record an answer given to ``d`` (by this agent or another): activations per turn."""
        if d.kind == "priority":
            val = d.options[choice].value
            if val[0] == "activate":
                k = (game.s.turn, val[1], val[2])
                self._activated[k] = self._activated.get(k, 0) + 1

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _index(d: Decision, pred: Any) -> int | None:
        for i, o in enumerate(d.options):
            if pred(o.value):
                return i
        return None

    @staticmethod
    def _argmax(scores: list[float]) -> int:
        best, best_v = 0, float("-inf")
        for i, v in enumerate(scores):
            if v > best_v:
                best, best_v = i, v
        return best

    # ------------------------------------------------------------------ game start
    def _mulligan(self, g: Game, d: Decision) -> int:
        p = g.s.players[d.player]
        lands = sum(1 for c in p.hand if "Land" in g.s.objs[c].card.types)
        n = len(p.hand)
        keep = self._index(d, lambda v: v == "keep") or 0
        if p.mulligans >= 2 or n <= 5:
            return keep
        lo, hi = (2, 5) if n >= 7 else (2, 4)
        if lo <= lands <= hi:
            return keep
        return self._index(d, lambda v: v == "mulligan") or keep

    def _bottom(self, g: Game, d: Decision) -> int:
        from undercity.engine.variants import get_variant

        s = g.s
        p = s.players[d.player]
        free = 1 if get_variant(s.variant).free_first_mulligan else 0
        final = len(p.hand) - max(0, p.mulligans - free)  # the hand size after every card is bottomed
        lands = [i for i, o in enumerate(d.options) if "Land" in s.objs[o.value].card.types]
        spells = [i for i, o in enumerate(d.options) if i not in lands]
        if len(lands) > ev.land_count_target(final) or not spells:
            return self._spare_land(g, d.player, lands, d)
        return max(spells, key=lambda i: (s.objs[d.options[i].value].card.mana_value, -i))

    def _spare_land(self, g: Game, me: int, lands: list[int], d: Decision) -> int:
        """Of the land options, the one whose loss costs least: a land whose colors are
        most plentiful among the other lands (in hand and on the battlefield)."""
        s = g.s
        mine = [s.objs[o.value] for o in d.options] + [s.objs[x] for x in s.battlefield if s.objs[x].controller == me]

        def plenty(i: int) -> tuple[int, int]:
            colors = _land_colors(s.objs[d.options[i].value].card)
            same = sum(1 for o in mine if "Land" in o.card.types and _land_colors(o.card) & colors) - 1
            return (same if colors else 99, -i)

        return max(lands, key=plenty)

    # ------------------------------------------------------------------ hand choices
    def _worst_card(self, g: Game, d: Decision) -> int:
        s = g.s
        lands = [i for i, o in enumerate(d.options) if "Land" in s.objs[o.value].card.types]

        def keep(i: int) -> tuple[float, int]:
            return (ev.hand_keep_value(g, d.player, s.objs[d.options[i].value].card), i)

        worst = min(range(len(d.options)), key=keep)
        if worst in lands:  # a land goes: the one whose colors we have most of
            return self._spare_land(g, d.player, lands, d)
        return worst

    _discard = _worst_card
    #: "That player exiles a card from their hand. You may play that card …" (Fiend of the
    #: Shadows): the card least worth keeping is the one least worth giving away.
    _exile_from_hand = _worst_card
    #: "Target opponent chooses X cards from their hand. … You may cast a spell from among them"
    #: (Extract Brain): the cards least worth keeping are the least worth an opponent's casting.
    _show_from_hand = _worst_card
    _cleanup_discard = _worst_card
    _put_on_top = _worst_card

    def _escape_exile(self, g: Game, d: Decision) -> int:
        s = g.s
        return min(range(len(d.options)), key=lambda i: (ev.card_value(s.objs[d.options[i].value].card), i))

    def _needs_land(self, g: Game, me: int) -> bool:
        s = g.s
        lands = ev.lands_of(g, me) + sum(1 for c in s.players[me].hand if "Land" in s.objs[c].card.types)
        top_mv = max((s.objs[c].card.mana_value for c in s.players[me].hand), default=0)
        return lands < max(4, top_mv)

    def _card_wanted(self, g: Game, me: int, oid: int) -> float:
        """How much ``me`` wants to draw this card next."""
        card = g.s.objs[oid].card
        if "Land" in card.types:
            return 8.0 if self._needs_land(g, me) else 0.5
        lands = ev.lands_of(g, me)
        v = ev.card_value(card)
        if card.mana_value > lands + 2:
            v -= 2.0
        return v

    def _scry(self, g: Game, d: Decision) -> int:
        me = d.player
        for i, o in enumerate(d.options):
            if o.value[0] == "away" and self._card_wanted(g, me, o.value[1]) < 2.0:
                return i
        return self._index(d, lambda v: v[0] == "done") or 0

    _surveil = _scry

    def _order_top(self, g: Game, d: Decision) -> int:
        return max(range(len(d.options)), key=lambda i: (self._card_wanted(g, d.player, d.options[i].value), -i))

    # The rest of the cards looked at go to the bottom: the order matters little; the most
    # wanted nearest the top (CR 401.4).
    _order_bottom = _order_top

    def _to_hand(self, g: Game, d: Decision) -> int:
        """Of the cards looked at, the one to put into the hand (CR 401.5): the one most wanted
        now — a land when lands are short, else the best card castable soon. A card in hand is
        never worse than one on the bottom, so one is always taken when it may be."""
        cards = [i for i, o in enumerate(d.options) if o.value is not None]
        if not cards:
            return 0
        s = g.s
        # No land in hand while short of lands: the land first (the next turns' plays need it).
        landless = self._needs_land(g, d.player) and not any(
            "Land" in s.objs[c].card.types for c in s.players[d.player].hand)

        def score(i: int) -> float:
            oid = d.options[i].value
            land = "Land" in s.objs[oid].card.types
            return self._card_wanted(g, d.player, oid) + (10.0 if land and landless else 0.0)

        return max(cards, key=lambda i: (score(i), -i))

    def _to_graveyard(self, g: Game, d: Decision) -> int:
        """"Put any number of them into your graveyard": the cards not wanted soon (as scry
        bottoms them); when it must be one of them, the least wanted."""
        cards = [i for i, o in enumerate(d.options) if o.value is not None]
        done = [i for i, o in enumerate(d.options) if o.value is None]
        if not cards:
            return 0
        worst = min(cards, key=lambda i: (self._card_wanted(g, d.player, d.options[i].value), i))
        if done and self._card_wanted(g, d.player, d.options[worst].value) >= 2.0:
            return done[0]
        return worst

    def _search(self, g: Game, d: Decision) -> int:
        s = g.s
        me = d.player
        cards = [i for i, o in enumerate(d.options) if o.value is not None]
        if not cards:
            return 0
        if "battlefield tapped" in d.prompt:  # Cultivate: which goes onto the battlefield
            return cards[0]
        need = self._color_need(g, me)

        def score(i: int) -> float:
            card = s.objs[d.options[i].value].card
            if "Land" in card.types:
                return 5.0 + 2.0 * len(_land_colors(card) & need)
            return ev.card_value(card)

        return max(cards, key=lambda i: (score(i), -i))

    def _choose_card(self, g: Game, d: Decision) -> int:
        s = g.s
        cards = [i for i, o in enumerate(d.options) if o.value is not None]
        if not cards:
            return 0
        return max(cards, key=lambda i: (ev.card_value(s.objs[d.options[i].value].card), -i))

    # The card looked at to put onto the battlefield: the most valuable one, as any card chosen.
    _to_battlefield = _choose_card

    def _choose_to_destroy(self, g: Game, d: Decision) -> int:
        """A permanent to destroy (or none, ``None``): an opponent's most valuable one; never
        one of our own or a teammate's."""
        s = g.s
        theirs = [i for i, o in enumerate(d.options)
                  if o.value is not None and ev.is_opponent(g, d.player, s.objs[o.value].controller)]
        if not theirs:
            return self._index(d, lambda v: v is None) or 0
        return max(theirs, key=lambda i: (ev.permanent_value(g, s.objs[d.options[i].value]), -i))

    def _color_need(self, g: Game, me: int) -> set[str]:
        """Colors in ``me``'s hand that its lands don't make yet."""
        s = g.s
        have: set[str] = set()
        for oid in s.battlefield:
            o = s.objs[oid]
            if o.controller == me and "Land" in o.card.types:
                have |= _land_colors(o.card)
        want: set[str] = set()
        for c in s.players[me].hand:
            cost = s.objs[c].card.mana_cost
            if cost is not None:
                want |= set(cost.colors)
        return want - have

    # ------------------------------------------------------------------ permanents
    def _sacrifice(self, g: Game, d: Decision) -> int:
        s = g.s
        return min(range(len(d.options)), key=lambda i: (ev.permanent_value(g, s.objs[d.options[i].value]), i))

    def _choose_party(self, g: Game, d: Decision) -> int:
        """A party member (Stick Together, CR 700.8d): the most valuable creature of the type —
        every creature not chosen is sacrificed, so choosing none is never better."""
        s = g.s
        picks = [i for i, o in enumerate(d.options) if o.value is not None]
        return max(picks, key=lambda i: (ev.permanent_value(g, s.objs[d.options[i].value]), -i)) if picks else 0

    def _exploit(self, g: Game, d: Decision) -> int:
        """Exploit (CR 702.110): sacrifice the least valuable creature when what the creature
        with exploit does on exploiting is worth more; else nothing (option 0)."""
        s = g.s
        me = d.player
        src = s.objs.get(d.context.get("source"))
        if src is None or src.zone != "battlefield":
            return 0  # CR 702.110b: no bonus without the creature with exploit
        bonus = 0.0
        for a in ab.triggered(g, src):
            if a.when.event == EXPLOITS:
                v = tx.ability_value(g, me, a.effects, a.targets, src.id)
                bonus += v if v != float("-inf") else 0.0
        cands = [i for i, o in enumerate(d.options) if o.value is not None]
        if not cands:
            return 0
        worst = min(cands, key=lambda i: (ev.permanent_value(g, s.objs[d.options[i].value]), i))
        return worst if bonus > ev.permanent_value(g, s.objs[d.options[worst].value]) else 0

    def _tap_cost(self, g: Game, d: Decision) -> int:
        return self._sacrifice(g, d)

    def _return_to_hand(self, g: Game, d: Decision) -> int:
        """A permanent of one's own to return to hand (a Karoo's "return a land you control",
        CR 608.2d): a tapped one, whose mana was had this turn, of the least value; the
        returning permanent itself last (it would leave the battlefield for nothing)."""
        s = g.s
        job = s.jobs[-1] if s.jobs else None
        sid = job.data.get("item") if job is not None and job.kind == "resolve" else None
        item = next((it for it in s.stack if it.id == sid), None)
        source = item.source if item is not None else None
        return min(range(len(d.options)), key=lambda i: (
            d.options[i].value == source, not s.objs[d.options[i].value].tapped,
            ev.permanent_value(g, s.objs[d.options[i].value]), i))

    def _legend_rule(self, g: Game, d: Decision) -> int:
        s = g.s
        return max(range(len(d.options)),
                   key=lambda i: (ev.permanent_value(g, s.objs[d.options[i].value]),
                                  not s.objs[d.options[i].value].tapped, -i))

    def _untap(self, g: Game, d: Decision) -> int:
        s = g.s
        return max(range(len(d.options)), key=lambda i: (s.objs[d.options[i].value].tapped,
                                                         ev.permanent_value(g, s.objs[d.options[i].value]), -i))

    def _tap_for_opponent(self, g: Game, d: Decision) -> int:
        """"For each opponent, tap up to one untapped creature you control. When you do, gain
        control of target creature that player controls with power less than or equal to the
        tapped creature's power" (Nihiloor): aim at that opponent's most valuable creature some
        option's power reaches, with the least powerful creature that reaches it; tap nothing
        when none does."""
        s = g.s
        q = d.context.get("opponent")
        theirs = [o for oid in s.battlefield if (o := s.objs[oid]).controller == q and ch.is_creature(o, g)]
        mine = [(ch.power(g, s.objs[v]), i) for i, o in enumerate(d.options) if (v := o.value) is not None]
        best = max((o for o in theirs if any(pw >= ch.power(g, o) for pw, _ in mine)),
                   key=lambda o: ev.permanent_value(g, o), default=None)
        if best is None:
            return self._index(d, lambda v: v is None) or 0
        need = ch.power(g, best)
        return min((pw, i) for pw, i in mine if pw >= need)[1]

    def _untap_choice(self, g: Game, d: Decision) -> int:
        """"You may choose not to untap [it]" (Immovable Rod): keep it tapped while its effect
        holds an opponent's permanent; otherwise untap it (and venture)."""
        s = g.s
        job = s.jobs[-1] if s.jobs else None
        oid = int(d.key[len("untap"):]) if job is not None and job.kind == "untap" else None
        holding = any(e.until == "source_tapped" and e.source == oid and e.obj in s.objs
                      and s.objs[e.obj].controller != d.player for e in s.effects)
        return self._index(d, lambda v: v is holding) or 0

    def _replacement(self, g: Game, d: Decision) -> int:
        return 0

    def _order_triggers(self, g: Game, d: Decision) -> int:
        return 0

    def _color(self, g: Game, d: Decision) -> int:
        """A color for protection (CR 702.16): the one of what threatens the creature the
        protection is for (the ability's target), by ``tactics.threat_colors``."""
        s = g.s
        job = s.jobs[-1] if s.jobs else None
        sid = job.data.get("item") if job is not None and job.kind == "resolve" else None
        item = next((it for it in s.stack if it.id == sid), None)
        target = next((s.objs[t[1]] for t in (item.targets if item is not None else ())
                       if t[0] == "o" and t[1] in s.objs), None)
        if target is None:
            return 0
        order = tx.threat_colors(g, d.player, target)
        return min(range(len(d.options)), key=lambda i: order.index(d.options[i].value)
                   if d.options[i].value in order else len(order))

    # ------------------------------------------------------------------ as a permanent enters (CR 614.12a)
    @staticmethod
    def _own_cards(g: Game, me: int) -> list[Any]:
        """The cards ``me`` owns in every zone: what their deck is made of."""
        s = g.s
        p = s.players[me]
        ids = [*p.library, *p.hand, *p.graveyard, *p.exile, *p.command]
        ids += [oid for oid in s.battlefield if s.objs[oid].owner == me and not s.objs[oid].token]
        return [s.objs[i].card for i in ids if i in s.objs]

    def _choose_color(self, g: Game, d: Decision) -> int:
        """The color of the most mana symbols among its own cards ("choose a color" as a
        Thriving land or Coldsteel Heart enters: the mana the deck needs most)."""
        count: dict[str, int] = {}
        for card in self._own_cards(g, d.player):
            cost = card.mana_cost
            for c in (cost.colors if cost is not None else ()):
                count[c] = count.get(c, 0) + 1
        return max(range(len(d.options)), key=lambda i: (count.get(d.options[i].value, 0), -i))

    def _mana_combination(self, g: Game, d: Decision) -> int:
        """"X mana in any combination of {R} and/or {G}" (CR 106.1b): the split whose colors are
        nearest, in proportion, to the colored mana symbols of the cards in its hand."""
        need: dict[str, int] = {}
        for oid in g.s.players[d.player].hand:
            cost = g.s.objs[oid].card.mana_cost
            for c in (cost.colors if cost is not None else ()):
                need[c] = need.get(c, 0) + 1
        total = sum(need.get(c, 0) for c in set("".join(str(o.value) for o in d.options))) or 1

        def miss(i: int) -> float:
            mana = str(d.options[i].value)
            return sum(abs(mana.count(c) / len(mana) - need.get(c, 0) / total) for c in set(mana) | set(need))

        return min(range(len(d.options)), key=lambda i: (miss(i), i))

    def _mana_amount(self, g: Game, d: Decision) -> int:
        """"X mana in any combination of colors", color by color (CR 106.1b): this color's share
        of the mana left, in proportion to the cards of its hand of this color among those of the
        colors still to be asked (WUBRG order) — of its whole deck if the hand has none."""
        ctx = d.context or {}
        color, left = ctx.get("color", ""), int(ctx.get("left", 0))
        rest = "WUBRG"["WUBRG".index(color):] if color in "WUBRG" and color else ""
        need: dict[str, int] = {}
        for cards in ([g.s.objs[oid].card for oid in g.s.players[d.player].hand], self._own_cards(g, d.player)):
            for card in cards:
                cost = card.mana_cost
                for c in (cost.colors if cost is not None else ()):
                    need[c] = need.get(c, 0) + 1
            if sum(need.get(c, 0) for c in rest):
                break
            need = {}
        total = sum(need.get(c, 0) for c in rest)
        want = round(left * need.get(color, 0) / total) if total else 0
        return min(range(len(d.options)), key=lambda i: (abs(d.options[i].value - want), i))

    def _choose_creature_type(self, g: Game, d: Decision) -> int:
        """The creature type most of its own creature cards have (Herald's Horn)."""
        count: dict[str, int] = {}
        for card in self._own_cards(g, d.player):
            if "Creature" in card.types or "Tribal" in card.types:
                for t in card.subtypes:
                    count[t] = count.get(t, 0) + 1
        return max(range(len(d.options)), key=lambda i: (count.get(d.options[i].value, 0), -i))

    def _choose_card_name(self, g: Game, d: Decision) -> int:
        """A nonland card name whose sources' activated abilities can't be activated (Phyrexian
        Revoker, CR 201.3): that of the opponents' permanents with the most valuable activated
        abilities it can see (planeswalkers first, then by mana value), never one of its own
        cards; with none, the first name none of its cards has."""
        s = g.s
        mine = {c.name for c in self._own_cards(g, d.player)}
        value: dict[str, int] = {}
        for oid in s.battlefield:
            o = s.objs[oid]
            if o.controller == d.player or not ab.activated(g, o) or o.name in mine:
                continue
            v = o.card.mana_value + (10 if "Planeswalker" in o.card.types else 0) + 1
            value[o.name] = max(value.get(o.name, 0), v)
        return max(range(len(d.options)), key=lambda i: (value.get(d.options[i].value, 0),
                                                         d.options[i].value not in mine, -i))

    def _choose_anchor_word(self, g: Game, d: Decision) -> int:
        """"Choose Khans or Dragons" (CR 614.12c): the word whose abilities trigger at the
        beginning of a step — sure to happen every turn — unless it controls three or more
        creatures, when a word whose abilities trigger on other events is as likely to pay off."""
        from undercity.cards.language.entering import AnchorAbilities

        name = d.context.get("card")
        card = next((o.card for o in g.s.objs.values() if o.card.name == name), None)  # the entering card
        each_turn = {st.word for st in card.static if isinstance(st, AnchorAbilities) for md in st.mods
                     for a in getattr(md, "abilities", ()) if getattr(getattr(a, "when", None), "event", "")
                     == "beginning_of"} if card is not None else set()
        many = sum(1 for oid in g.s.battlefield if g.s.objs[oid].controller == d.player
                   and ch.is_creature(g.s.objs[oid], g)) >= 3
        return max(range(len(d.options)), key=lambda i: ((d.options[i].value in each_turn) != many, -i))

    def _choose_player(self, g: Game, d: Decision) -> int:
        """An opponent rather than itself, the one with the least life (Stuffy Doll's damage),
        then the most cards in their graveyard (Sewer Nemesis)."""
        s = g.s

        def score(i: int) -> tuple[int, int, int]:
            p = d.options[i].value
            return (p != d.player, -s.players[p].life, len(s.players[p].graveyard))
        return max(range(len(d.options)), key=score)

    def _pile_value(self, g: Game, me: int, pile: Any) -> float:
        return sum(ev.hand_keep_value(g, me, g.s.objs[c].card) for c in pile)

    def _separate_piles(self, g: Game, d: Decision) -> int:
        """Separating another player's cards into piles they choose from (CR 700.3): the split
        whose better pile is worth least to them; one's own cards, the split with the best pile."""
        who = d.context.get("for", d.player)
        worth = [[self._pile_value(g, who, p) for p in o.value] for o in d.options]
        if who == d.player:
            return max(range(len(d.options)), key=lambda i: (max(worth[i]), -i))
        return min(range(len(d.options)), key=lambda i: (max(worth[i]), -min(worth[i]), i))

    def _choose_pile(self, g: Game, d: Decision) -> int:
        """The pile worth more in hand (CR 700.3); for the graveyard, the one worth less."""
        piles = d.context.get("piles") or [[], []]
        worth = [self._pile_value(g, d.player, p) for p in piles]
        best = max(range(len(worth)), key=lambda i: (worth[i], -i))
        return best if d.context.get("to", "hand") == "hand" else 1 - best

    def _reveal(self, g: Game, d: Decision) -> int:
        """Reveal a card so that the land enters untapped: being untapped is worth more than
        what the card tells the opponents."""
        return self._index(d, lambda v: v is not None) or 0

    #: Decisions a look-ahead answers at most before it judges the position it reached.
    LOOKAHEAD_DECISIONS = 60

    def _die_result(self, g: Game, d: Decision) -> int:
        """"Roll two d6 and choose one result" (CR 706.4): play each choice out on a copy of the
        game — what this player can't see shuffled (``mcts.determinize``) — until the spell has
        resolved and a player would get priority, and keep the better position
        (``evaluation.static_eval``): more Beasts or more lands, a smaller sweep or a bigger one."""
        from undercity.agents.mcts import determinize

        scores = []
        for i in range(len(d.options)):
            c = g.copy()
            determinize(c, d.player, random.Random(i))
            c.apply(i)
            n = 0
            while not c.over and c.pending is not None and c.pending.kind != "priority" \
                    and n < self.LOOKAHEAD_DECISIONS:
                dd = c.pending
                c.apply(HeuristicAgent(n).decide(c, dd))
                n += 1
            scores.append(ev.static_eval(c, d.player))
        return self._argmax(scores)

    def _yes_no(self, g: Game, d: Decision) -> int:
        return self._index(d, lambda v: v is True) or 0

    def _phyrexian(self, g: Game, d: Decision) -> int:
        """A Phyrexian symbol (CR 107.4f): its mana if it can be paid, else 2 life — unless that
        would leave ``LIFE_FLOOR`` or less and mana can pay it."""
        life = self._index(d, lambda v: v is True)
        mana = self._index(d, lambda v: v is False)
        if mana is None or life is None:
            return 0
        return life if g.s.players[d.player].life - 2 > 2 * self.LIFE_FLOOR and tx.available_mana(g, d.player) < 2 \
            else mana

    def _change_target(self, g: Game, d: Decision) -> int:
        """Which target of a spell or ability becomes ours (CR 115.7b): one that is ours, or ourself."""
        s = g.s
        item = next((it for it in s.stack if it.id == d.context.get("item")), None)
        for i, o in enumerate(d.options):
            t = tuple(item.targets[o.value]) if item is not None and o.value < len(item.targets) else None
            if t is not None and (t[0] == "p" and tx.mine(g, d.player, t[1]) or t[0] == "o" and t[1] in s.objs
                                  and tx.mine(g, d.player, s.objs[t[1]].controller)):
                return i
        return 0

    def _exile_until_leaves(self, g: Game, d: Decision) -> int:
        """CR 610.3 (Glorious Protector): exile a creature of ours only to save it — from an
        opponent's spell or ability on the stack that targets it or destroys every creature;
        otherwise keep it (it would be gone until the source leaves)."""
        s = g.s
        threats = [it for it in s.stack if not tx.mine(g, d.player, it.controller)]
        targeted = {t[1] for it in threats for t in (it.targets or ()) if t[0] == "o"}
        wrath = any(isinstance(e, m.DestroyAll | DamageEach) for it in threats for e in effects_of(g, it))
        i = self._index(d, lambda v: v is not None and (wrath or v in targeted))
        return i if i is not None else (self._index(d, lambda v: v is None) or 0)

    def _opening_hand(self, g: Game, d: Decision) -> int:
        """CR 103.6a: a Leyline on the battlefield from the start costs nothing — always."""
        return self._index(d, lambda v: v is True) or 0

    def _cast_permission(self, g: Game, d: Decision) -> int:
        """Cast the card the permission offers (the engine only asks if it can be cast)."""
        return self._index(d, lambda v: v is True) or 0

    def _additional_cost(self, g: Game, d: Decision) -> int:
        """Reveal or choose something (free) rather than pay no additional cost; the least
        valuable permanent if it must be one we control."""
        s = g.s
        cands = [i for i, o in enumerate(d.options) if o.value is not None]
        if not cands:
            return 0

        def cost(i: int) -> float:
            v = d.options[i].value
            if isinstance(v, tuple | list) and v[0] == "life":  # CR 119.4: life, dearer as it runs low
                life = s.players[d.player].life
                return 99.0 if life - v[1] <= self.LIFE_FLOOR else 0.25 * v[1] * (20.0 / max(life, 1))
            o = s.objs.get(v[1]) if isinstance(v, tuple | list) and len(v) == 2 else None
            if o is None:
                return 0.0
            if isinstance(v, tuple | list) and v[0] == "discard":  # a card of the hand, for one of the costs
                return 0.5 * ev.card_value(o.card)
            if isinstance(v, tuple | list) and v[0] == "sacrifice":
                return ev.permanent_value(g, o)
            return 0.0 if o.zone == "hand" else 0.01 * ev.permanent_value(g, o)

        return min(cands, key=lambda i: (cost(i), i))

    #: Paying life for ward ("Ward—Pay 3 life") must leave at least this much.
    LIFE_FLOOR = 5

    def _pay_unless(self, g: Game, d: Decision) -> int:
        """Pay for ward (or any "counter unless you pay") rather than lose the spell — unless
        the payment is life (CR 119.4) that would leave us at ``LIFE_FLOOR`` or less."""
        life = d.context.get("life", 0) if d.context else 0
        if life and g.s.players[d.player].life - life <= self.LIFE_FLOOR:
            return self._index(d, lambda v: v is False) or 0
        return self._index(d, lambda v: v is True) or 0

    _pay_or_countered = _pay_unless

    def _attack_cost(self, g: Game, d: Decision) -> int:
        """Pay the cost to attack (Propaganda, CR 508.1h): the attackers were chosen knowing
        it, and only a payable total is ever reached."""
        return self._index(d, lambda v: v is True) or 0

    def _echo(self, g: Game, d: Decision) -> int:
        """Echo (CR 702.30a): keep the permanent if it is worth more than a card costing as much as
        the echo would (the mana it takes this turn), else let it go — often after its "enters"
        ability did its work (Karmic Guide)."""
        o = g.s.objs.get(d.context.get("obj", -1))
        if o is None:
            return self._index(d, lambda v: v is False) or 0
        keep = ev.permanent_value(g, o) >= 2.0 + 0.8 * d.context.get("mana_value", 0)
        return self._index(d, lambda v: v is keep) or 0

    def _explore(self, g: Game, d: Decision) -> int:
        # The revealed card is a nonland card: keep it on top if it's castable soon.
        s = g.s
        me = d.player
        top = s.players[me].library[0] if s.players[me].library else None
        keep = top is not None and self._card_wanted(g, me, top) >= 2.0
        return self._index(d, lambda v: v is (not keep)) or 0

    def _cast_free(self, g: Game, d: Decision) -> int:
        s = g.s
        best, best_v = None, float("-inf")
        for i, o in enumerate(d.options):
            if o.value is None or o.value is False:
                continue
            v = 1.0 if o.value is True else ev.card_value(s.objs[o.value].card)
            if v > best_v:
                best, best_v = i, v
        return best if best is not None else 0

    def _split_half(self, g: Game, d: Decision) -> int:
        """CR 709.3: the half of a split card an effect lets us cast (cascade, "you may cast it")
        whose effects are worth the most now."""
        o = g.s.objs.get(d.context.get("obj"))  # type: ignore[arg-type]
        if o is None or not isinstance(o.card, SplitCard):
            return 0
        card = o.card
        scores = []
        for opt in d.options:
            half = card.halves[opt.value] if opt.value in (0, 1) else None
            sa = half.spell if half is not None else None
            scores.append(tx.ability_value(g, d.player, sa.effects, casting.spell_target_specs(half), o.id)
                          if sa is not None else float("-inf"))
        return self._argmax(scores)

    def _unless_cost(self, g: Game, d: Decision) -> int:
        s = g.s
        me = d.player
        life_loss = d.context.get("life")
        decline = self._index(d, lambda v: v is None)
        if life_loss is not None:
            life = s.players[me].life
            cost_decline = -tx.player_damage_value(g, me, me, life_loss)
        elif d.context.get("discard"):  # declining discards that many cards instead (CR 118.12a)
            kept = sorted(ev.hand_keep_value(g, me, s.objs[c].card) for c in s.players[me].hand)
            cost_decline, life = sum(kept[:d.context["discard"]]), 99
        else:  # an opponent gets a token
            cost_decline = 3.0
            life = 99
        best, best_cost = decline, cost_decline
        for i, o in enumerate(d.options):
            if o.value is None:
                continue
            obj = s.objs[o.value]
            c = ev.hand_keep_value(g, me, obj.card) if obj.zone == "hand" else ev.permanent_value(g, obj)
            if c < best_cost or (life_loss is not None and life_loss >= life and best == decline):
                best, best_cost = i, c
        return best if best is not None else 0

    # ------------------------------------------------------------------ dungeons
    def _dungeon(self, g: Game, d: Decision) -> int:
        names = [o.value for o in d.options]
        for pref in DUNGEON_PREFERENCE:
            if pref in names:
                return names.index(pref)
        return 0

    def _room(self, g: Game, d: Decision) -> int:
        from undercity.cards.dungeons import get_dungeon

        me = d.player
        dungeon = get_dungeon(d.context.get("dungeon") or g.s.players[me].dungeon)

        def room_value(name: str, depth: int) -> float:
            r = dungeon.room(name)
            a = r.ability
            v = tx.ability_value(g, me, a.effects, a.targets, None)
            if v == float("-inf"):
                v = 0.0  # no legal target: the ability is removed (CR 603.3d)
            if depth and r.leads_to:
                v += 0.5 * max(room_value(n, depth - 1) for n in r.leads_to)
            return v

        return self._argmax([room_value(o.value, 2) for o in d.options])

    # ------------------------------------------------------------------ modes, targets, X
    def _x(self, g: Game, d: Decision) -> int:
        ctx = d.context or {}
        src = g.s.objs.get(ctx.get("source", -1))
        if ctx.get("remove_counters") and src is not None:
            # "Remove X storage counters: add X mana": as many as the spell it is for takes
            acts = [a for a in ab.activated(g, src) if isinstance(a, ChosenManaAbility)]
            need = self._chosen_mana_need(g, d.player, src, acts[0]) if acts else None
            fits = [i for i, opt in enumerate(d.options) if need is not None and opt.value >= need[0]]
            if fits:
                return fits[0]
        if ctx.get("sacrifice"):
            # "Sacrifice X Treasures: target creature gets -X/-X": as few as kill an opponent's
            # creature (its toughness less the damage on it), none for anything else.
            t = ctx.get("target")
            o = g.s.objs.get(t[1]) if t is not None and t[0] == "o" else None
            if o is None or o.zone != "battlefield" or not ch.is_creature(o, g) or tx.mine(g, d.player, o.controller):
                return 0
            need = max(ch.toughness(g, o) - o.damage, 0)
            fits = [i for i, opt in enumerate(d.options) if opt.value >= need]
            return fits[0] if fits else 0
        return max(range(len(d.options)), key=lambda i: d.options[i].value)

    def _kicker(self, g: Game, d: Decision) -> int:
        """Kick a spell as often as it can be paid (CR 702.33): only affordable times are offered,
        and each one makes the spell do more."""
        return max(range(len(d.options)), key=lambda i: d.options[i].value)

    def _replicate(self, g: Game, d: Decision) -> int:
        """How many times to pay a replicate cost (CR 702.56a; only payable times are offered): a
        spell without targets as often as it can; one with targets once for each legal target
        beyond the first — a copy aimed at what the spell already targets does little (707.10c),
        so a Horror stays untapped (to attack or block) when there is nothing more worth copying."""
        from undercity.engine import casting, targeting

        o = g.s.objs.get((d.context or {}).get("spell"))
        most = max(range(len(d.options)), key=lambda i: d.options[i].value)
        if o is None:
            return 0
        specs = casting.spell_target_specs(o.card)
        if not specs:
            return most
        worth = len(targeting.candidates(g, specs[0], d.player, o.id)) - 1
        fits = [i for i, opt in enumerate(d.options) if opt.value <= max(worth, 0)]
        return max(fits, key=lambda i: d.options[i].value) if fits else 0

    def _divide(self, g: Game, d: Decision) -> int:
        """How much divided damage (CR 601.2d) this target gets, the rest going to the later
        ones: an opponent's creature what kills it, as little as possible to anything of ours or
        to a player or planeswalker while other targets remain."""
        t = (d.context or {}).get("target")
        amounts = [o.value for o in d.options]
        o = g.s.objs.get(t[1]) if t is not None and t[0] == "o" else None
        if o is not None and o.zone == "battlefield" and ch.is_creature(o, g) and not tx.mine(g, d.player, o.controller):
            lethal = max(ch.toughness(g, o) - o.damage, 1)
            return amounts.index(min(lethal, max(amounts)))
        return amounts.index(min(amounts))

    def _mode(self, g: Game, d: Decision) -> int:
        s = g.s
        me = d.player
        job = s.jobs[-1] if s.jobs else None
        if job is not None and job.kind == "triggers" and d.key.startswith("m"):
            return self._trigger_mode(g, d, job)
        if job is None or job.kind != "cast":
            return 0
        o = s.objs[job.data["obj"]]
        card = adventure.card_being_cast(g, job)  # CR 715.3a: an Adventure's own modes
        sa = card.spell
        if sa is None or not sa.modes:
            return 0
        x = _estimate_x(g, me, card)
        scores = []
        for opt in d.options:
            if opt.value == -1:
                scores.append(0.0)
                continue
            md = sa.modes[opt.value]
            v = tx.ability_value(g, me, md.effects, md.targets, o.id, x)
            scores.append(v if v != float("-inf") else -100.0)
        return self._argmax(scores)

    def _trigger_mode(self, g: Game, d: Decision, job: Any) -> int:
        """A modal triggered ability's mode (CR 603.3c): the most valuable one, as for a
        modal spell; "no more modes" only when nothing left helps."""
        t = job.data["pending"][int(d.key[1:].split(":")[0])]
        scores = []
        for opt in d.options:
            if opt.value == -1:
                scores.append(0.0)
                continue
            md = t.ability.modes[opt.value]
            v = tx.ability_value(g, d.player, md.effects, md.targets, t.source, 0)
            scores.append(v if v != float("-inf") else -100.0)
        return self._argmax(scores)

    def _target(self, g: Game, d: Decision) -> int:
        if _is_divided_extra(g, d):
            return self._index(d, lambda v: v is None) or 0
        return self._argmax(self.target_scores(g, d))

    def target_scores(self, g: Game, d: Decision) -> list[float]:
        """A value for each option of a target decision, from what the spell or ability
        choosing it does (helpful effects score on our things, harmful ones on opponents')."""
        info = _target_context(g, d)
        if info is None:
            effects: tuple[m.Effect, ...] = (m.Destroy(m.T(0)),)  # unknown: treat it as harmful
            i, x, n = 0, 0, 1
        else:
            effects, i, x, n = info
        return [tx.target_value(g, d.player, effects, i, tuple(o.value) if o.value is not None else None, x, n)
                for o in d.options]

    # ------------------------------------------------------------------ combat
    def _job_memo(self, g: Game, what: str, fn: Any, me: int) -> Any:
        """``fn(g, me)`` computed once per job (a declaration asks once per creature, and the
        game doesn't change until it is complete)."""
        job = g.s.jobs[-1] if g.s.jobs else None
        memo = self._memo
        if job is not None and memo is not None and memo[0] is job and memo[1] == (what, me) and memo[2] is g.s:
            return memo[3]
        v = fn(g, me)
        self._memo = (job, (what, me), g.s, v)
        return v

    def _attack_plan(self, g: Game, me: int) -> tx.AttackPlan:
        return self._job_memo(g, "attack", tx.attack_plan, me)  # type: ignore[no-any-return]

    def _block_plan(self, g: Game, me: int) -> list[tuple[int, int]]:
        return self._job_memo(g, "block", tx.block_plan, me)  # type: ignore[no-any-return]

    def _attacker(self, g: Game, d: Decision) -> int:
        plan = self._attack_plan(g, d.player).attackers
        for i, o in enumerate(d.options):
            if o.value is not None and o.value in plan:
                return i
        done = self._index(d, lambda v: v is None)
        if done is not None:
            return done
        # Something must attack (goaded): the creature that risks least.
        s = g.s
        return min(range(len(d.options)), key=lambda i: (ev.creature_value(g, s.objs[d.options[i].value]), i))

    def _attack_target(self, g: Game, d: Decision) -> int:
        me = d.player
        s = g.s
        defs = [tuple(o.value) for o in d.options]
        attacker = None
        job = s.jobs[-1] if s.jobs else None
        if job is not None and job.kind == "attackers" and d.key.startswith("def"):
            attacker = job.answers.get("att" + d.key[3:])
        want = None
        if attacker is not None:
            want = self._attack_plan(g, me).attackers.get(attacker)
        if want is None or tuple(want) not in defs:
            want = tx.default_defender(g, me, defs)  # type: ignore[arg-type]
        return defs.index(tuple(want)) if want is not None and tuple(want) in defs else 0

    def _choose_object(self, g: Game, d: Decision) -> int:
        """"Choose any number of creatures. They block this turn if able." (Berserker's Frenzy):
        an opponent's creature that one of our untapped creatures would kill in a block; never
        one of ours."""
        s = g.s
        ours = [o for oid in s.battlefield if (o := s.objs[oid]).controller == d.player
                and ch.is_creature(o, g) and not o.tapped]
        most = max((ch.power(g, o) for o in ours), default=0)
        i = self._index(d, lambda v: v is not None and not tx.mine(g, d.player, s.objs[v].controller)
                        and ch.is_creature(s.objs[v], g) and 0 < ch.toughness(g, s.objs[v]) <= most)
        return i if i is not None else (self._index(d, lambda v: v is None) or 0)

    def _chosen_for_opponent(self, g: Game, d: Decision) -> bool:
        """Whether this blocker declaration is ours to make for an opponent's creatures ("you
        choose which creatures block this turn", CR 509.1a)."""
        s = g.s
        return any(o.value is not None and o.value in s.objs and not tx.mine(g, d.player, s.objs[o.value].controller)
                   for o in d.options)

    def _blocker(self, g: Game, d: Decision) -> int:
        s = g.s
        if self._chosen_for_opponent(g, d):
            # Their creatures block only where they die for nothing; no block at all otherwise.
            attackers = list(s.combat.attackers) if s.combat is not None else []

            def wasted(v: int) -> bool:
                return any(ev.duel(g, s.objs[a], s.objs[v]) == (False, True) for a in attackers if a in s.objs)

            i = self._index(d, lambda v: v is not None and wasted(v))
            if i is None:
                i = self._index(d, lambda v: v is None)
            return i if i is not None else max(range(len(d.options)), key=lambda i: (
                ev.creature_value(g, s.objs[d.options[i].value]), -i))
        plan = self._block_plan(g, d.player)
        planned = [b for b, _ in plan]
        for b in planned:
            for i, o in enumerate(d.options):
                if o.value == b:
                    return i
        done = self._index(d, lambda v: v is None)
        if done is not None:
            return done
        s = g.s  # a block is required (menace pair, lure): the cheapest blocker
        return min(range(len(d.options)), key=lambda i: (ev.creature_value(g, s.objs[d.options[i].value]), i))

    def _block_target(self, g: Game, d: Decision) -> int:
        s = g.s
        job = s.jobs[-1] if s.jobs else None
        blocker = None
        if job is not None and d.key.startswith("bt"):
            blocker = job.answers.get("blk" + d.key[2:])
        if blocker is not None:
            for b, a in self._block_plan(g, d.player):
                if b == blocker:
                    for i, o in enumerate(d.options):
                        if o.value == a:
                            return i
        if blocker is None or blocker not in s.objs:
            return 0
        bo = s.objs[blocker]
        if not tx.mine(g, d.player, bo.controller):  # we choose how their creature blocks (CR 509.1a)
            return max(range(len(d.options)), key=lambda i: (ev.duel(g, s.objs[d.options[i].value], bo) == (False, True),
                                                              ch.power(g, s.objs[d.options[i].value]), -i))

        def score(i: int) -> float:
            a = s.objs[d.options[i].value]
            a_dies, b_dies = ev.duel(g, a, bo)
            v = (ev.creature_value(g, a) if a_dies else 0.0) - (ev.creature_value(g, bo) if b_dies else 0.0)
            return v + 0.3 * ch.power(g, a)

        return self._argmax([score(i) for i in range(len(d.options))])

    def _damage_assignment(self, g: Game, d: Decision) -> int:
        s = g.s
        me = d.player

        def score(plan: Any) -> float:
            v = 0.0
            for kind, ident, n in plan:
                if kind == "p":
                    v += tx.player_damage_value(g, me, ident, n)
                    continue
                o = s.objs.get(ident)
                if o is None:
                    continue
                if ch.is_creature(o):
                    kv = tx._kill_value(g, o, n)
                    v += (kv or 0.0) * (-1 if tx.mine(g, me, o.controller) else 1)
                elif "Planeswalker" in o.card.types:
                    v += 0.8 * n
            return v

        return self._argmax([score(o.value) for o in d.options])

    # ------------------------------------------------------------------ priority
    def _priority(self, g: Game, d: Decision) -> int:
        scores = self.priority_scores(g, d)
        best = self._argmax(scores)
        return best if scores[best] > 0 else (self._index(d, lambda v: v[0] == "pass") or 0)

    def priority_scores(self, g: Game, d: Decision) -> list[float]:
        """A score for each priority option (pass: 0); the agent takes the best positive one."""
        s = g.s
        me = d.player
        top = s.stack[-1] if s.stack else None
        if top is not None and tx.mine(g, me, top.controller):
            return [0.0 for _ in d.options]  # let our own spell or ability resolve
        scores: list[float] = []
        mana = None
        for o in d.options:
            v = o.value
            if v[0] == "pass":
                scores.append(0.0)
            elif v[0] == "play":
                scores.append(LAND + 5.0 * len(_land_colors(s.objs[v[1]].card) & self._color_need(g, me)))
            elif v[0] == "cast":
                if mana is None:
                    mana = tx.available_mana(g, me)
                scores.append(self._cast_score(g, me, v[1], v[2], mana))
            elif v[0] == "activate":
                scores.append(self._activate_score(g, me, v[1], v[2]))
            elif v[0] == "special" and v[1] == "suspend":
                # CR 702.62a: a cheap way to have the card later, for free — worth doing with
                # spare mana when it can't be cast now (casting it scores higher when it can).
                card = s.objs[v[2]].card
                scores.append(0.0 if casting.castable(g, me, s.objs[v[2]]) else 10.0 + card.mana_value)
            elif v[0] == "special" and v[1] == "foretell":
                # CR 702.143a: {2} now for the card on a later turn — worth it with mana that
                # would go unspent this turn: in the second main phase or the end step, below
                # casting anything there (a spell scores by its value, a creature 30 and more).
                late = s.step in ("postcombat-main", "end") and not s.stack
                scores.append(5.0 + s.objs[v[2]].card.mana_value if late else 0.0)
            elif v[0] == "special" and v[1] == MORPH:
                scores.append(self._turn_face_up_score(g, v[2]))
            else:
                scores.append(0.0)
        if mana is not None and casting.sorcery_timing(g, me):
            self._knapsack_bonus(g, d, scores, mana)
        return scores

    def _turn_face_up_score(self, g: Game, oid: int) -> float:
        """CR 702.37e: turning a face-down creature face up (offered only when its morph cost can
        be paid) is worth what its card is worth more than the face-down 2/2 — below casting a
        spell (20 and more), so it spends the mana left over, at any time it has priority."""
        real = face_down.real_card(g, oid)
        if real is None or "Creature" not in real.types:
            return 0.0
        gain = ev.card_creature_value(real) - ev.card_creature_value(face_down_card())
        return 12.0 + 2.0 * gain if gain > 0 else 0.0

    def _face_down_cast_score(self, g: Game, me: int, oid: int, mana: int) -> float:
        """CR 702.37c: a 2/2 creature for {3} — worth casting like a small creature when nothing
        better is, and below casting the card face up when that is possible too."""
        if not casting.sorcery_timing(g, me):
            return 0.0
        o = g.s.objs[oid]
        v = 30.0 + 3.0 * FACE_DOWN_COST.mana_value - 4.0
        if casting.castable(g, me, o):
            v = min(v, self._cast_score(g, me, oid, None, mana) - 1.0)
        return max(v, 0.0)

    def _hand_alt_cost_score(self, g: Game, me: int, oid: int, alt: str) -> float:
        """Evoke (CR 702.74a): the creature is sacrificed as it enters, so it is worth only its
        "enters" abilities — below casting it for its mana cost. Dash (CR 702.109a): a hasty
        attacker for this turn only, before combat — also below casting it to keep."""
        s = g.s
        o = s.objs[oid]
        if alt == alternative_costs.OVERLOAD:
            # CR 702.96b: the same spell on each instead of one target — worth what it does then.
            sa = next(a.spell for a in o.card.alt_costs if a.keyword == alt)
            if sa is None or not casting.timing_ok(g, me, o.card):
                return 0.0
            value = tx.ability_value(g, me, sa.effects, (), oid)
            return 19.5 + value if value >= SPELL_THRESHOLD else 0.0  # a tie: the cheaper cast
        if alt == alternative_costs.DASH:
            if s.step != "precombat-main" or not casting.sorcery_timing(g, me):
                return 0.0
            return 12.0 + 2.0 * max(o.card.power or 0, 0)
        etb = 0.0
        for t in o.card.triggered:
            if t.when.event == "enters" and t.when.filter is None:
                v = max((tx.ability_value(g, me, md.effects, md.targets, oid) for md in t.modes),
                        default=float("-inf")) if t.modes else tx.ability_value(g, me, t.effects, t.targets, oid)
                etb += v if v != float("-inf") else 0.0
        return 10.0 + etb if etb >= SPELL_THRESHOLD else 0.0

    def _bestow_score(self, g: Game, me: int, oid: int, mana: int) -> float:
        """Bestow (CR 702.103a-b, f): cast as an Aura on a creature of its caster's, the card gives
        that creature what it would have itself, and stays as a creature when the creature goes.
        Worth it with a creature of our own worth pumping: above the creature cast alone (which
        is worth nothing if its own toughness would be 0 or less, CR 704.5f); otherwise not at all."""
        o = g.s.objs[oid]
        p, t = _bestow_bonus(g, me, o)
        if p <= 0 and t <= 0:
            return 0.0
        if not any(c[0] == "o" and g.s.objs[c[1]].controller == me
                   for c in targeting.candidates(g, ENCHANT_CREATURE, me, oid)):
            return 0.0
        body = self._cast_score(g, me, oid, None, mana) if (o.card.toughness or 0) + t > 0 else 0.0
        return max(body + 1.0, 25.0 + 2.0 * o.card.mana_value + p + t)

    def _knapsack_bonus(self, g: Game, d: Decision, scores: list[float], mana: int) -> None:
        """Spend the mana well: favour the spells of the set that uses the most of it."""
        s = g.s
        # A card castable for its spectacle cost: that cheaper option, not its mana cost, spends the mana.
        cheaper = {o.value[1] for o in d.options if o.value[0] == "cast" and o.value[2] in (
            alternative_costs.SPECTACLE, cast_permissions.PAY_ZERO)}
        cands = [(i, _option_mv(s.objs[d.options[i].value[1]], d.options[i].value[2]))
                 for i in range(len(d.options)) if d.options[i].value[0] == "cast" and 0 < scores[i] < LAND
                 # evoke, dash, overload, bestow: another way to cast a card also listed; not a use of spare mana
                 and d.options[i].value[2] not in (alternative_costs.EVOKE, alternative_costs.DASH,
                                                   alternative_costs.OVERLOAD, BESTOW, MORPH)
                 and not (d.options[i].value[2] is None and d.options[i].value[1] in cheaper)]
        if len(cands) < 2:
            return
        cands = sorted(cands, key=lambda c: -scores[c[0]])[:10]
        best: tuple[int, float] = (-1, 0.0)
        best_set: tuple[int, ...] = ()
        for r in range(1, len(cands) + 1):
            for combo in combinations(cands, r):
                total = sum(c[1] for c in combo)
                if total > mana:
                    continue
                key = (total, sum(scores[c[0]] for c in combo))
                if key > best:
                    best, best_set = key, tuple(c[0] for c in combo)
        for i in best_set:
            scores[i] += 25.0

    def _cast_score(self, g: Game, me: int, oid: int, alt: Any, mana: int) -> float:
        if alt == MORPH:
            return self._face_down_cast_score(g, me, oid, mana)
        if alt in (alternative_costs.EVOKE, alternative_costs.DASH, alternative_costs.OVERLOAD):
            return self._hand_alt_cost_score(g, me, oid, alt)
        if alt == BESTOW:
            return self._bestow_score(g, me, oid, mana)
        if alt in (alternative_costs.SPECTACLE, cast_permissions.PAY_ZERO):
            # CR 702.137a: the same spell for less mana — better than its mana cost when worth casting
            # (and "pay {0} rather than pay the mana cost", CR 118.9).
            v = self._cast_score(g, me, oid, None, mana)
            return v + 1.0 if v > 0 else 0.0
        if (half := split_cards.half_index(alt)) is not None:
            # CR 709.3a: the half cast is all that is evaluated — Dusk for the creatures it
            # destroys (the opponents' worth more than ours), Dawn for the cards it returns.
            with split_cards.as_half(g.s.objs[oid], half):
                return self._cast_score(g, me, oid, None, mana)
        if alt == ADVENTURE:
            # CR 715.3d: the Adventure's effect now, and the card still to cast from exile
            # afterwards: worth a little more than the same spell alone.
            o = g.s.objs[oid]
            with adventure.as_adventure(o):
                v = self._cast_score(g, me, oid, None, mana)
            return v + ADVENTURE_BONUS if v > 0 else 0.0
        s = g.s
        o = s.objs[oid]
        card = o.card
        mv = card.mana_value
        instant = "Instant" in card.types or "flash" in card.keywords
        if card.is_permanent_card:
            if "Legendary" in card.supertypes and any(
                    s.objs[x].controller == me and s.objs[x].name == card.name for x in s.battlefield):
                return 0.0
            if card.enchant is not None:
                effects = _aura_effects(card)
                v, _ = tx.best_targets(g, me, effects, (card.enchant,), oid)
                if v <= 0.5:
                    return 0.0
                return 25.0 + 2.0 * mv + v
            if not casting.sorcery_timing(g, me):
                # Flash: at the end of an opponent's turn, or as a surprise blocker.
                if not is_active(g, me) and s.step in ("end", "declare-attackers"):
                    return 30.0 + 3.0 * mv
                return 0.0
            etb = 0.0
            for t in card.triggered:
                if t.when.event == "enters" and t.when.filter is None:
                    # A modal one (CR 700.2b) is worth its best mode.
                    v = max((tx.ability_value(g, me, md.effects, md.targets, oid) for md in t.modes),
                            default=float("-inf")) if t.modes else tx.ability_value(g, me, t.effects, t.targets, oid)
                    etb += v if v != float("-inf") else 0.0
            return 30.0 + 3.0 * mv + etb
        sa = card.spell
        if sa is None:
            return 0.0
        x = _estimate_x(g, me, card, mana)
        if sa.modes:
            vals = []
            for md in sa.modes:
                if not all(t.optional or t.x_count or targeting.candidates(g, t, me, oid) for t in md.targets):
                    continue
                vals.append(tx.ability_value(g, me, md.effects, casting.with_x_targets(md.targets, x), oid, x))
            vals.sort(reverse=True)
            lo, hi = sa.choose
            value = sum(v for k, v in enumerate(vals[:hi]) if k < lo or v > 0) if vals else float("-inf")
        else:
            specs = casting.spell_target_specs(card, x=x)
            if sa.divided:
                specs = specs[:1]
            value = tx.ability_value(g, me, sa.effects, specs, oid, x)
        if value < SPELL_THRESHOLD:
            return 0.0
        if not instant and not casting.sorcery_timing(g, me):
            return 0.0
        if any(isinstance(e, m.Draw) for e in sa.effects) and instant and not s.stack:
            # Card draw at instant speed: at the end of an opponent's turn, or in our second main phase.
            if not ((not is_active(g, me) and s.step == "end") or s.step == "postcombat-main"):
                return 0.0
        return 20.0 + value

    def _chosen_mana_score(self, g: Game, me: int, o: Any, a: ChosenManaAbility) -> float:
        """"Remove X storage counters: add X mana … Spend this mana only to cast Dragon spells"
        (CR 605.3b, 106.6): worth it when the mana lets a spell it may pay for be cast now that
        the other mana can't (scored just below casting that spell), never for mana it would lose."""
        need = self._chosen_mana_need(g, me, o, a)
        return 0.0 if need is None else 19.0 + need[1]

    def _chosen_mana_need(self, g: Game, me: int, o: Any, a: ChosenManaAbility) -> tuple[int, int] | None:
        """(the X it takes, the spell's mana value) for the costliest spell in hand that this
        ability's mana may pay for and only it lets be cast now; None if there is none."""
        from undercity.cards.language.mana_abilities import AddManaCombination

        s = g.s
        add = next((e for e in a.effects if isinstance(e, AddManaCombination)), None)
        kind = a.cost.remove_x_counters
        if add is None or kind is None or not o.counters.get(kind, 0) or not casting.sorcery_timing(g, me):
            return None
        have = tx.available_mana(g, me)
        # tapped for the X mana, the source no longer makes its own mana ({T}: Add {C})
        other = have - (1 if costs.mana_abilities(g, o) else 0)
        best: tuple[int, int] | None = None
        for c in s.players[me].hand:
            card = s.objs[c].card
            if add.only is not None and not targeting.matches(g, s.objs[c], add.only.spells, me):
                continue
            if have < card.mana_value <= other + o.counters[kind] and casting.timing_ok(g, me, card) \
                    and (best is None or card.mana_value > best[1]):
                best = (card.mana_value - other, card.mana_value)
        return best

    def _activate_score(self, g: Game, me: int, oid: int, idx: int) -> float:
        s = g.s
        if self._activated.get((s.turn, oid, idx), 0) >= 1:
            return 0.0
        o = s.objs[oid]
        a = ab.activated(g, o)[idx]
        anim = animation.value(g, me, o, a)  # a creature land: to attack or block with (CR 611.2a)
        if anim is not None:
            return 10.0 + anim if anim >= ACTIVATE_THRESHOLD else 0.0
        if isinstance(a, ChosenManaAbility):
            return self._chosen_mana_score(g, me, o, a)
        if isinstance(a, LevelUp):
            # CR 716.2a: the level's abilities for as long as the Class stays — worth the mana
            # once nothing better is cast (spells score 20 and more).
            return LEVEL_UP + a.level
        attach = any(isinstance(e, (tx.ATTACH, tx.ATTACH_TO)) for e in a.effects)
        if attach and o.attached_to is not None and o.attached_to in s.objs \
                and s.objs[o.attached_to].controller == me:
            return 0.0
        # X of the cost (CR 602.2b): about the mana left, less what the cost's symbols take.
        x = max(0, tx.available_mana(g, me) - a.cost.mana.mana_value - 1) if a.cost.mana and a.cost.mana.x else 0
        v = tx.ability_value(g, me, a.effects, a.targets, oid, x)
        if v == float("-inf"):
            return 0.0
        cost = a.cost
        if cost.sacrifice_self or cost.exile_self and o.zone == "battlefield":
            v -= ev.permanent_value(g, o) if not o.token else 0.8
        elif cost.exile_self:
            v -= 0.5  # a card of the graveyard (eternalize, CR 702.129a): little lost
        if cost.sacrifice is not None:
            # the least valuable permanents it may sacrifice, as many as it takes (X: at least one)
            vals = sorted(ev.permanent_value(g, s.objs[x]) for x in casting._sacrificeable(g, me, cost.sacrifice, oid))
            v -= sum(vals[:max(cost.sacrifice_n, 1 if cost.sacrifice_x else 0)])
        if cost.tap_untapped is not None:
            v -= 0.8
        if cost.pay_life is not None:  # CR 119.4: the life paid, dearer when little is left
            life = costs.life_payment(g, me, cost) or 0
            v -= life * (0.15 if s.players[me].life > 10 else 0.5)
        if cost.discard is not None:  # the least valuable card it may discard (CR 701.9a)
            hand = [ev.card_value(s.objs[x].card) for x in casting._discardable(g, me, cost.discard, oid)]
            v -= min(hand) if hand else 0.0
        if cost.tap and ch.is_creature(o) and is_active(g, me) and s.step in ("precombat-main", "beginning-of-combat"):
            v -= 0.6 * max(ch.power(g, o), 0) + 0.5
        if v < ACTIVATE_THRESHOLD:
            return 0.0
        return 10.0 + v


# ----------------------------------------------------------------------------- module helpers


def _land_colors(card: Any) -> set[str]:
    out: set[str] = set()
    for a in card.activated:
        if a.mana_ability:
            for e in a.effects:
                if isinstance(e, m.AddMana):
                    if e.mana in (CHOSEN_COLOR, OPPONENT_LAND_COLOR):
                        continue  # depends on the choice made as it entered, or on the opponents' lands
                    out |= set("WUBRG") if e.mana == "any" else set(e.mana) - {"C"}
    return out


def _cost_mv(card: Any) -> int:
    return card.mana_value


def _option_mv(o: Any, alt: Any) -> int:
    """The mana a ``cast`` option spends, about: an alternative cost's (CR 118.9) if it has one."""
    if alt == cast_permissions.PAY_ZERO:
        return 0  # "pay {0} rather than pay the mana cost" (CR 118.9)
    if alt == MORPH:
        return FACE_DOWN_COST.mana_value  # CR 702.37c: {3} rather than its mana cost
    cost = next((a.mana for a in o.card.alt_costs if a.keyword == alt), None)
    return cost.mana_value if cost is not None else _cost_mv(_cast_card(o, alt))


def _cast_card(o: Any, alt: Any) -> Any:
    """What a ``cast`` option casts: the Adventure for ``alt`` ADVENTURE (CR 715.3a), a split
    card's half (CR 709.3a)."""
    if (half := split_cards.half_index(alt)) is not None and isinstance(o.card, SplitCard):
        return o.card.halves[half]
    return (adventure_of(o.card) or o.card) if alt == ADVENTURE else o.card


def _estimate_x(g: Game, me: int, card: Any, mana: int | None = None) -> int:
    cost = card.mana_cost
    if cost is None or not cost.x:
        return 0
    if mana is None:
        mana = tx.available_mana(g, me)
    return max(0, (mana - cost.mana_value) // cost.x)


def _bestow_bonus(g: Game, me: int, o: Any) -> tuple[int, int]:
    """What a card with bestow would give the creature it enchants: its static "~ and enchanted
    creature each get +X/+X" (X counted now), or its own power and toughness (the usual bestow
    Aura's "Enchanted creature gets +N/+N" is the body's size)."""
    from undercity.engine import layers

    p = t = 0
    found = False
    for st in o.card.static:
        if isinstance(st, Continuous) and st.affects in (m.ENCHANTED, m.SELF_AND_ENCHANTED):
            for md in st.mods:
                if isinstance(md, ModifyPT):
                    found = True
                    p += layers.value(g, md.p, me, o.id)
                    t += layers.value(g, md.t, me, o.id)
        elif st.kind == "pump" and st.affects == m.ENCHANTED:
            found = True
            p, t = p + st.p, t + st.t
    if not found:
        return max(o.card.power or 0, 0), max(o.card.toughness or 0, 0)
    return p, t


def _aura_effects(card: Any) -> tuple[m.Effect, ...]:
    if card.enchant is not None and card.enchant.kind == "player":
        # A Curse (CR 303.4b): on the opponent nearest to losing, the one others attack most.
        return (m.LoseLife(max(1, card.mana_value), m.T(0)),)
    p = t = 0
    kws: frozenset[str] = frozenset()
    for st in card.static:
        if st.affects == m.ENCHANTED:
            p += st.p
            t += st.t
            kws = kws | st.keywords
    if p == t == 0 and not kws:
        return (m.Pump(0, 0, m.T(0), frozenset({"aura"})),) if ev.aura_polarity(card) > 0 else (m.Destroy(m.T(0)),)
    return (m.Pump(p, t, m.T(0), kws),)


def _is_divided_extra(g: Game, d: Decision) -> bool:
    """Fireball's second and later targets: one target keeps the damage together."""
    job = g.s.jobs[-1] if g.s.jobs else None
    if job is None or job.kind != "cast" or not d.key.startswith("target"):
        return False
    sa = adventure.card_being_cast(g, job).spell
    return bool(sa is not None and sa.divided and any(o.value is None for o in d.options))


def _target_context(g: Game, d: Decision) -> tuple[tuple[m.Effect, ...], int, int, int] | None:
    """(effects, target index, X estimate, number of targets) of whatever is choosing targets."""
    s = g.s
    job = s.jobs[-1] if s.jobs else None
    if job is None:
        return None
    key = d.key
    try:
        if job.kind == "cast" and key.startswith("target"):
            card = adventure.card_being_cast(g, job)  # CR 715.3a: an Adventure's own targets
            i = int(key[len("target"):])
            x = _estimate_x(g, d.player, card)
            if job.data.get("alt") == BESTOW:  # an Aura spell: what the card gives what it enchants (CR 702.103b)
                p, t = _bestow_bonus(g, d.player, s.objs[job.data["obj"]])
                return (m.Pump(p, t, m.T(0)),), 0, x, 1
            if card.enchant is not None:
                return _aura_effects(card), 0, x, 1
            sa = card.spell
            if sa is None:
                return None
            if sa.divided:
                return tuple(sa.effects), 0, x, 1
            if sa.modes:
                picked = sorted(v for k, v in job.answers.items() if k.startswith("mode") and v != -1)
                for mi in picked:
                    md = sa.modes[mi]
                    if i < len(md.targets):
                        return tuple(md.effects), i, x, 1
                    i -= len(md.targets)
                return None
            return tuple(sa.effects), i, x, 1
        if job.kind == "activate" and key.startswith("target"):
            o = s.objs[job.data["obj"]]
            a = ab.activated(g, o)[job.data["index"]]
            return tuple(a.effects), int(key[len("target"):]), 0, 1
        if job.kind == "triggers" and key.startswith("t"):
            i_s, j_s = key[1:].split(":")
            t = job.data["pending"][int(i_s)]
            if t.ability is not None and getattr(t.ability, "modes", ()):
                # A modal trigger (CR 700.2c): the chosen mode whose targets this one is among.
                j = int(j_s)
                picked = sorted(v for k, v in job.answers.items() if k.startswith(f"m{i_s}:") and v != -1)
                for mi in picked:
                    md = t.ability.modes[mi]
                    if j < len(md.targets):
                        return tuple(md.effects), j, 0, 1
                    j -= len(md.targets)
                return None
            effects = t.ability.effects if t.ability is not None else t.data.get("effects", ())
            return tuple(effects), int(j_s), 0, 1
        if job.kind == "resolve" and ":t" in key:
            sid = job.data.get("item")
            item = next((it for it in s.stack if it.id == sid), None)
            snap = item.trigger_data.get("spell_lki") if item is not None else None
            if not snap or snap.get("ability") is None:
                return None
            a = snap["ability"]
            if isinstance(a, m.SpellAbility) and a.modes:
                effects = tuple(e for mi in snap.get("modes", ()) for e in a.modes[mi].effects)
            else:
                effects = tuple(getattr(a, "effects", ()))
            return effects, int(key.rsplit(":t", 1)[1]), snap.get("x") or 0, 1
    except (KeyError, ValueError, IndexError, AttributeError):
        return None
    return None
