"""How a permanent enters the battlefield because of its own static abilities (CR 614.1c,
614.12): "As this enters, choose a color" and "As this enters, you may reveal a Plains or
Island card from your hand. If you don't, this enters tapped" — choices made before it enters
(614.12a) and remembered on the permanent (the object that entered, CR 400.7) — and "This
enters with N counters on it" (122.6).

The choices are asked by whoever moves the permanent while it still can ask (:func:`ask`: a
resolving permanent spell, a land being played, an effect putting a card onto the battlefield)
and used by :func:`undercity.engine.zones.move` as the permanent enters (:func:`arrive`). A
permanent put onto the battlefield by an effect that didn't ask gets its choices asked at once
afterwards by the job ``as_enters``, before any player could act or any ability could be put
on the stack (CR 117.3, 603.3); if its controller then declines to reveal, it becomes tapped.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from undercity.cards.language.entering import (
    AnchorAbilities,
    AsEntersChoose,
    AsEntersReveal,
    EntersWithAdditional,
    EntersWithCounters,
    OthersEnterTapped,
)
from undercity.engine import abilities as ab
from undercity.engine import characteristics as ch
from undercity.engine import events as ev
from undercity.engine import targeting, zones
from undercity.engine.decisions import Option
from undercity.engine.game import job_runner

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.game import Game
    from undercity.engine.layers import Chars
    from undercity.engine.state import Job, Obj

#: ``State.extra`` key: id of an object about to enter -> the choices made for it.
PENDING = "as_enters_pending"
#: ``State.extra`` key: id of a permanent -> the choices made as it entered ({"color": "R"}).
CHOSEN = "as_enters_chosen"

COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _choice_statics(card: CardDef) -> list[AsEntersChoose | AsEntersReveal]:
    return [st for st in card.static if isinstance(st, AsEntersChoose | AsEntersReveal)]


def has_choices(card: CardDef) -> bool:
    """Whether a permanent of ``card`` makes a choice as it enters (CR 614.12a)."""
    return any(isinstance(st, AsEntersChoose | AsEntersReveal) for st in card.static)


def _entering_card(g: Game, o: Obj) -> CardDef:
    """The card whose "as enters" abilities apply: the copied one if it enters as a copy
    (CR 707.5, 614.12)."""
    from undercity.engine.continuous import ENTERS_AS

    pending = g.s.extra.get(ENTERS_AS, {}).get(o.id)
    return pending[0].card if pending else o.card


def _options(g: Game, st: AsEntersChoose | AsEntersReveal, controller: int) -> list[Option]:
    s = g.s
    if isinstance(st, AsEntersReveal):
        from undercity.engine.effects import distinct_card_options

        fits = [c for c in s.players[controller].hand if st.subtypes & ch.view(g, s.objs[c]).subtypes]
        return [Option(f"reveal {o.label}", o.value) for o in distinct_card_options(g, fits)] + [
            Option("reveal nothing", None)]
    if st.choice == "color":
        return [Option(name, c) for c, name in COLOR_NAMES.items() if c != st.other_than]
    if st.choice == "creature type":
        from undercity.cards.text.creature_types import CREATURE_TYPES

        return [Option(t, t) for t in sorted(CREATURE_TYPES)]
    if st.choice == "anchor word":
        return [Option(w, w) for w in st.anchors]  # CR 614.12c
    if st.choice in ("opponent", "player"):
        from undercity.engine.zones import _opponents

        return [Option(p.name, i) for i, p in enumerate(s.players) if not p.left
                and (st.choice == "player" or _opponents(g, controller, i))]
    if st.choice == "nonland card name":
        return [Option(n, n) for n in nonland_card_names(g)]
    raise ValueError(f"unknown choice {st.choice!r} as a permanent enters; expected color, creature type, "
                     "opponent, player, anchor word or nonland card name")


def nonland_card_names(g: Game) -> list[str]:
    """The nonland card names a player may choose (CR 201.3): every real card's — the corpus
    and the shipped set cards, a card of several faces by each face's name (709.3). The same list
    in every game: listing the names of the cards in this game would reveal what the hidden
    zones hold (CR 400.2)."""
    return _known_nonland_names()


@cache
def _known_nonland_names() -> list[str]:
    from undercity.cards.corpus import known_cards
    from undercity.cards.oracle import load_oracle

    names = {name for c in load_oracle().values() if "Land" not in c.types for name in c.name.split(" // ")}
    names |= {name for c in known_cards().values() if "Land" not in c["types"] for name in c["name"].split(" // ")}
    return sorted(names)


_KINDS = {"color": "choose_color", "creature type": "choose_creature_type", "opponent": "choose_player",
          "player": "choose_player", "anchor word": "choose_anchor_word",
          "nonland card name": "choose_card_name"}


def _ask_all(g: Game, job: Job, key: str, card: CardDef, name: str, controller: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, st in enumerate(_choice_statics(card)):
        opts = _options(g, st, controller)
        if isinstance(st, AsEntersReveal):
            out["reveal"] = g.ask(job, f"{key}:{i}", controller, "reveal",
                                  f"{g.player_name(controller)}: {st.text}", opts)
        elif opts:  # choosing an opponent with none left: nothing is chosen
            # An anchor word: the card whose words give abilities, for whoever chooses (CR 614.12c).
            ctx = {"card": card.name} if st.choice == "anchor word" else None
            out[st.choice] = g.ask(job, f"{key}:{i}", controller, _KINDS[st.choice],
                                   f"{g.player_name(controller)}: as {name} enters, choose "
                                   f"{'an' if st.choice in ('opponent', 'anchor word') else 'a'} {st.choice}", opts,
                                   ctx)
    return out


def ask(g: Game, job: Job, key: str, oid: int, controller: int) -> None:
    """Ask ``controller`` the choices object ``oid`` makes as it enters the battlefield
    (CR 614.12a), before it moves; :func:`arrive` uses them."""
    s = g.s
    o = s.objs.get(oid)
    if o is None:
        return
    card = _entering_card(g, o)
    if not has_choices(card):
        return
    s.extra.setdefault(PENDING, {})[oid] = _ask_all(g, job, key, card, o.name, controller)


def revealed(g: Game, o: Obj) -> bool:
    """Whether ``o``'s controller revealed a card as it enters ("if you don't, it enters
    tapped"); True while not yet asked (the job ``as_enters`` taps it if they decline)."""
    pending = g.s.extra.get(PENDING, {}).get(o.id)
    return pending is None or pending.get("reveal") is not None


def counters(g: Game, o: Obj) -> dict[str, int]:
    """The counters ``o`` enters with by its own "enters with" abilities (CR 614.1c, 122.6); X is
    the X paid for it as a spell (CR 107.3m)."""
    out: dict[str, int] = {}
    for st in _entering_card(g, o).static:
        if isinstance(st, EntersWithCounters):
            if st.escaped:
                from undercity.engine.alternative_costs import ESCAPE, was_paid

                if was_paid(g, o.id) != ESCAPE:  # CR 702.138c-d: it escaped only if cast with escape
                    continue
            n = (o.x or 0) if st.n == "x" else int(st.n)
            if st.per_kick:
                from undercity.engine.kicker import times_kicked

                n *= times_kicked(g, o.id)  # CR 702.33d-e: the times the spell was kicked
            if n > 0:
                out[st.counter] = out.get(st.counter, 0) + n
    return out


def ask_card(g: Game, job: Job, key: str, card: CardDef, name: str, controller: int) -> dict[str, Any]:
    """The choices a new object of ``card`` makes as it enters (a token that's a copy of a
    permanent with "As this enters, choose …", CR 707.5, 614.12a), asked now; see :func:`record`."""
    return _ask_all(g, job, key, card, name, controller) if has_choices(card) else {}


def record(g: Game, new: Obj, choices: dict[str, Any]) -> list[ev.Event]:
    """``new`` entered with ``choices`` (:func:`ask_card`): they are its own; the events to emit."""
    if not choices:
        return []
    g.s.extra.setdefault(CHOSEN, {})[new.id] = {k: v for k, v in choices.items() if k != "reveal"}
    return _describe(g, new.controller, new.name, choices)


def card_counters(card: CardDef) -> dict[str, int]:
    """The counters an object of ``card`` that wasn't cast enters with by its own "enters with"
    abilities (X is 0, CR 107.3m)."""
    return {st.counter: int(st.n) for st in card.static
            if isinstance(st, EntersWithCounters) and st.n != "x" and int(st.n) > 0 and not st.escaped
            and not st.per_kick}


def additional_counters(g: Game, o: Obj, controller: int) -> dict[str, int]:
    """The counters other permanents' "each other creature you control enters with an
    additional +1/+1 counter" give ``o`` as it enters under ``controller`` (CR 614.1d): those on
    the battlefield as the event began (a Grumgully entering at the same time gives none), each
    matching ``o`` as it would exist on the battlefield — as a copy, if it enters as one (614.12)."""
    out: dict[str, int] = {}
    if _none_could(g, _has_additional):
        return out
    card: CardDef | Chars | None = None
    for sid, src_card, src_controller, _ in zones.static_sources(g):
        if src_controller != controller or sid == o.id:
            continue
        src = g.s.objs.get(sid)
        statics = ab.static(g, src) if src is not None and src.zone == "battlefield" else src_card.static
        for st in statics:
            if not isinstance(st, EntersWithAdditional):
                continue
            if card is None:  # a token already there: with its copy effect's exceptions (707.9b)
                card = ch.view(g, o) if o.zone == "battlefield" else _types_as_it_would_enter(
                    g, o, _entering_card(g, o), controller)
            if targeting.matches_view(g, o, card, st.filter, controller, sid):
                out[st.counter] = out.get(st.counter, 0) + st.n
    return out


def _types_as_it_would_enter(g: Game, o: Obj, card: CardDef, controller: int) -> CardDef:
    """``card`` as it would exist on the battlefield under ``controller`` (CR 614.12): with the
    types that static abilities adding types to the permanents they describe would give it
    ("Creatures you control are every creature type", layer 4, CR 613.1d; ruling 2021-02-05,
    Maskwood Nexus)."""
    from dataclasses import replace

    from undercity.cards.language.continuous import AddTypes, Continuous

    for sid, src_card, src_controller, _ in zones.static_sources(g):
        src = g.s.objs.get(sid)
        statics = ab.static(g, src) if src is not None and src.zone == "battlefield" else src_card.static
        for st in statics:
            if not (isinstance(st, Continuous) and st.affects.kind == "all" and st.cond is None and st.mods
                    and all(isinstance(md, AddTypes) for md in st.mods)):
                continue
            flt = st.affects.filter
            if flt is not None and flt.controller == "you":
                if src_controller != controller:
                    continue
                flt = replace(flt, controller=None)  # it will be under that player's control
            if flt is not None and (flt.controller is not None or flt.owner is not None):
                continue  # whose it would be, other than its controller's: not read here
            if targeting.matches_view(g, o, card, flt, src_controller, sid) if flt is not None else True:
                for md in st.mods:
                    card = replace(card, types=card.types | md.types, subtypes=card.subtypes | md.subtypes)
    return card


def _describe(g: Game, controller: int, name: str, choices: dict[str, Any]) -> list[ev.Event]:
    out: list[ev.Event] = []
    for what, v in choices.items():
        if what == "reveal":
            if v is not None and v in g.s.objs:
                out.append(ev.Revealed(rule="701.20a", player=controller, cards=(g.s.objs[v].name,)))
            else:
                out.append(ev.Note(rule="614.12", message=f"{g.player_name(controller)} reveals no card for "
                                                          f"{name}"))
            continue
        label = COLOR_NAMES.get(v, v) if what == "color" else (g.player_name(v) if isinstance(v, int) else v)
        out.append(ev.Note(rule="614.12", message=f"{g.player_name(controller)} chooses {label} as {name} enters"))
    return out


def arrive(g: Game, o: Obj, new: Obj) -> list[ev.Event]:
    """``o`` enters as ``new``: the choices made for it become ``new``'s; if none were asked,
    the job ``as_enters`` asks them now. Returns the events to emit once it has entered."""
    s = g.s
    card = _entering_card(g, o)
    if not has_choices(card):
        return []
    pending = s.extra.get(PENDING)
    if pending is None or o.id not in pending:
        g.push("as_enters", obj=new.id, controller=new.controller, name=new.name)
        return []
    choices = pending.pop(o.id)
    if not pending:
        s.extra.pop(PENDING, None)
    s.extra.setdefault(CHOSEN, {})[new.id] = {k: v for k, v in choices.items() if k != "reveal"}
    return _describe(g, new.controller, new.name, choices)


@job_runner("as_enters")
def run_as_enters(g: Game, job: Job) -> None:
    """The choices of a permanent that entered without being asked them (put onto the
    battlefield by an effect that doesn't ask): asked now, before anything else happens."""
    s = g.s
    oid, controller, name = job.data["obj"], job.data["controller"], job.data["name"]
    o = s.objs.get(oid)
    choices = _ask_all(g, job, "enter", o.card, name, controller) if o is not None and o.zone == "battlefield" \
        else {}
    s.jobs.remove(job)
    if o is None or o.zone != "battlefield":
        return
    s.extra.setdefault(CHOSEN, {})[oid] = {k: v for k, v in choices.items() if k != "reveal"}
    for e in _describe(g, controller, name, choices):
        g.emit(e)
    if "reveal" in choices and choices["reveal"] is None and not o.tapped:
        from undercity.engine.zones import set_tapped

        set_tapped(g, o, True, "614.12")


def remember(g: Game, oid: int | None, what: str, value: Any) -> None:
    """Object ``oid`` chose ``value`` as its ``what`` otherwise than as it entered — a spell
    choosing a creature type as it resolves (CR 608.2d): :func:`chosen` reads it the same way."""
    if oid is not None:
        g.s.extra.setdefault(CHOSEN, {}).setdefault(oid, {})[what] = value


def chosen(g: Game, oid: int, what: str) -> Any:
    """What permanent ``oid`` chose as it entered (``"color"``, ``"creature type"``,
    ``"opponent"``, ``"player"``), or None."""
    return g.s.extra.get(CHOSEN, {}).get(oid, {}).get(what)


def anchor_applies(g: Game, src: Obj, st: Any) -> bool:
    """CR 614.12c: an anchor word's abilities apply only while ``src`` chose that word as it
    entered (none while it chose nothing: a permanent put onto the battlefield by a scenario);
    any other static ability: True. Asked by the layer system."""
    return not isinstance(st, AnchorAbilities) or chosen(g, src.id, "anchor word") == st.word


def chosen_color_mana(g: Game, o: Obj) -> str:
    """"One mana of the chosen color" (CR 106.1): the color ``o`` chose as it entered; no mana
    if it chose none."""
    return chosen(g, o.id, "color") or ""


def chosen_player(g: Game, source: int | None) -> list[int]:
    """"The chosen player": the player or opponent ``source`` chose as it entered, if still in
    the game (CR 800.4a); read even after ``source`` left the battlefield (its last choice)."""
    if source is None:
        return []
    p = chosen(g, source, "player")
    if p is None:
        p = chosen(g, source, "opponent")
    return [p] if p is not None and not g.s.players[p].left else []


def others_make_it_tapped(g: Game, o: Obj, controller: int) -> bool:
    """Whether another permanent's "creatures your opponents control enter the battlefield
    tapped" applies to ``o`` entering under ``controller`` (CR 614.1d) — checked on ``o`` as it
    would exist on the battlefield (614.12), from the permanents there as the event began."""
    if _none_could(g, _has_enter_tapped):
        return False
    card: CardDef | Chars | None = None
    for sid, src_card, src_controller, _ in zones.static_sources(g):
        if sid == o.id:
            continue
        src = g.s.objs.get(sid)
        for st in ab.static(g, src) if src is not None and src.zone == "battlefield" else src_card.static:
            if not isinstance(st, OthersEnterTapped):
                continue
            if st.whose == "you" and controller != src_controller or st.whose == "opponent" and not zones._opponents(
                    g, src_controller, controller):
                continue
            if card is None:
                card = ch.view(g, o) if o.zone == "battlefield" else _entering_card(g, o)
            if targeting.matches_view(g, o, card, st.filter, src_controller, sid):
                return True
    return False


def _has_additional(card: CardDef) -> bool:
    return any(isinstance(st, EntersWithAdditional) for st in card.static)


def _has_enter_tapped(card: CardDef) -> bool:
    return any(isinstance(st, OthersEnterTapped) for st in card.static)


def _none_could(g: Game, pred: Any) -> bool:
    """No permanent's card has such an ability and none was granted one (layer 6 adds nothing;
    the common case, checked cheaply), outside a group of objects moving at once."""
    return zones._SIMULTANEOUS not in g.s.extra and ab.plain(g) and not ch.permanents_with(g.s, pred)
