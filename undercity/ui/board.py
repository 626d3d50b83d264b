"""The board as one player may see it, rendered with rich.

Everything shown is public information, except the viewer's own hand (and the top card of their
library when an effect lets them look at it any time, CR 401.5). Other players' hands and every
library are shown only as counts: their contents and order never reach the screen (CR 400.2:
libraries and hands are hidden zones).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from undercity.cards.language.adventure import AdventureSpell, adventure_of
from undercity.cards.language.split_cards import SplitCard, SplitHalf, has_aftermath
from undercity.engine import face_down

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Obj, StackItem


def board(game: Game, viewer: int) -> RenderableType:
    """The whole board for ``viewer``: a header, the players, each battlefield, the stack and
    the viewer's hand."""
    parts: list[RenderableType] = [header(game), players_table(game, viewer)]
    for p in game.s.players:
        if not p.left:
            parts.append(battlefield_table(game, p.idx, viewer))
    if game.s.stack:
        parts.append(stack_table(game))
    parts.append(hand_table(game, viewer))
    return Group(*parts)


def header(game: Game) -> Text:
    s = game.s
    if not s.started:  # CR 103.5: mulligans come before the first turn and its untap step
        t = Text("Before the game", style="bold")
        t.append(f" — opening hands and mulligans; {game.player_name(s.first_player)} plays first")
        return t
    step = s.step.replace("-", " ")
    t = Text(f"Turn {s.turn}", style="bold")
    t.append(f" — {game.player_name(s.active)}'s turn, {step} step")
    t.append(f"; initiative: {game.player_name(s.initiative) if s.initiative is not None else 'nobody'}")
    return t


def _dungeon(game: Game, idx: int) -> str:
    p = game.s.players[idx]
    if not p.dungeon:
        return "-"
    return f"{p.dungeon}: {p.room}" if p.room else p.dungeon


def _notes(game: Game, idx: int, viewer: int) -> str:
    s = game.s
    p = s.players[idx]
    notes = []
    if s.initiative == idx:
        notes.append("has the initiative")
    if p.lost or p.left:
        notes.append("out of the game")
    if p.team:
        notes.append(f"team {p.team}")
    if p.pool:
        notes.append("mana " + "".join(f"{{{c}}}" * n for c, n in sorted(p.pool.items()) if n > 0))
    command = [s.objs[o].name for o in p.command if o in s.objs and s.objs[o].name != p.dungeon]
    if command:  # the command zone is public (CR 408.2)
        notes.append("command: " + ", ".join(command))
    if p.commander_damage:
        from undercity.engine.commander import commander_name

        notes.append("commander damage: " + ", ".join(
            f"{commander_name(game, uid)} {n}" for uid, n in p.commander_damage.items() if n))
    return "; ".join(notes)


def players_table(game: Game, viewer: int) -> Table:
    s = game.s
    tab = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for col in ("Player", "Life", "Poison", "Library", "Hand", "Graveyard", "Exile", "Dungeon: room",
                "Completed", "Notes"):
        tab.add_column(col, justify="right" if col in ("Life", "Poison", "Library", "Hand", "Graveyard",
                                                        "Exile") else "left")
    for p in s.players:
        name = Text(p.name + (" (you)" if p.idx == viewer else ""),
                    style="bold" if p.idx == s.active else "")
        if s.initiative == p.idx:
            name.append(" ★", style="yellow")
        tab.add_row(name, str(p.life), str(p.poison), str(len(p.library)), str(len(p.hand)),
                    str(len(p.graveyard)), str(len(p.exile)), Text(_dungeon(game, p.idx)),
                    Text(", ".join(p.completed) or "-"), Text(_notes(game, p.idx, viewer)))
    return tab


def _pt(game: Game, o: Obj) -> str:
    from undercity.engine import characteristics as ch

    if not ch.is_creature(o):
        return ""
    pt = f"{ch.power(game, o)}/{ch.toughness(game, o)}"
    if o.damage:
        pt += f" ({o.damage} damage)"
    return pt


def _status(game: Game, o: Obj) -> str:
    from undercity.engine import characteristics as ch
    from undercity.engine import class_level

    s = game.s
    bits = []
    if o.tapped:
        bits.append("tapped")
    if o.sick and ch.is_creature(o) and not ch.has(game, o, "haste"):
        bits.append("summoning sick")
    if o.counters:
        bits.append(", ".join(f"{n} {c} counter{'s' if n != 1 else ''}"
                              for c, n in sorted(o.counters.items()) if n))
    if "Class" in o.card.subtypes or class_level.has_level(game, o):
        bits.append(f"level {class_level.level_of(game, o)}")  # CR 716.2b, 716.2d
    if o.token:
        bits.append("token")
    if o.attached_to is not None:
        target = s.objs.get(o.attached_to)
        if target is not None:
            bits.append(f"attached to {target.name}")
    if s.combat is not None:
        if o.id in s.combat.attackers:
            kind, ident = s.combat.attackers[o.id]
            if kind == "p":
                what = game.player_name(ident)
            else:
                what = s.objs[ident].name if ident in s.objs else "a planeswalker"
            bits.append(f"attacking {what}")
        if o.id in s.combat.blockers:
            names = [s.objs[a].name for a in s.combat.blockers[o.id] if a in s.objs]
            bits.append(f"blocking {', '.join(names)}" if names else "blocking")
    from undercity.engine import attack_requirements

    if attack_requirements.goaded_by(game, o):  # a resolved goad or an Aura's "is goaded" (CR 701.15b)
        bits.append("goaded")
    if o.controller != o.owner:
        bits.append(f"owned by {game.player_name(o.owner)}")
    kws = sorted(ch.keywords(game, o)) if ch.is_creature(o) else []
    if kws:
        bits.append(", ".join(kws))
    return "; ".join(b for b in bits if b)


def battlefield_table(game: Game, idx: int, viewer: int) -> RenderableType:
    """The permanents ``idx`` controls; identical ones (same name, P/T and status) are grouped."""
    s = game.s
    who = "Your" if idx == viewer else f"{game.player_name(idx)}'s"
    rows: Counter[tuple[int, str, str, str]] = Counter()
    for oid in s.battlefield:
        o = s.objs[oid]
        if o.controller != idx:
            continue
        # Lands last, creatures first: sort key 0 creatures, 1 other, 2 lands.
        order = 2 if "Land" in o.card.types else (0 if "Creature" in o.card.types else 1)
        # CR 708.5: its controller may look at a face-down permanent; the others see no name.
        rows[(order, face_down.shown_name(game, oid, viewer), _pt(game, o), _status(game, o))] += 1
    if not rows:
        return Text(f"{who} battlefield: (nothing)", style="italic")
    tab = Table(title=f"{who} battlefield", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                pad_edge=False)
    tab.add_column("Permanent")
    tab.add_column("P/T", justify="right")
    tab.add_column("Status")
    for (_, name, pt, status), n in sorted(rows.items()):
        tab.add_row(Text(name + (f" ×{n}" if n > 1 else "")), Text(pt), Text(status))
    return tab


def _item_text(game: Game, item: StackItem) -> str:
    from undercity.engine.targeting import describe

    kind = {"spell": "spell", "activated": "activated ability", "triggered": "triggered ability"}.get(
        item.kind, item.kind)
    o = game.s.objs.get(item.obj) if item.kind == "spell" and item.obj is not None else None
    if o is not None and isinstance(o.card, AdventureSpell):  # CR 715.3b: which half is cast
        kind = f"Adventure of {o.card.main.name}"
    elif o is not None and isinstance(o.card, SplitHalf):  # CR 709.3b: which half is cast
        kind = f"half of {o.card.whole.name}"
    s = f"{item.name} ({kind}, {game.player_name(item.controller)})"
    if item.x is not None:
        s += f" X={item.x}"
    if item.targets:
        s += " → " + ", ".join(describe(game, t) for t in item.targets)  # type: ignore[arg-type]
    return s


def stack_table(game: Game) -> Table:
    tab = Table(title="Stack (top first)", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                show_header=False)
    tab.add_column("#", justify="right")
    tab.add_column("Spell or ability")
    for i, item in enumerate(reversed(game.s.stack), 1):
        tab.add_row(str(i), Text(_item_text(game, item)))
    return tab


def hand_table(game: Game, viewer: int) -> RenderableType:
    """The viewer's own hand (and nobody else's); copies of a card are grouped. Below it, the top
    card of their library when they may look at it any time (CR 401.5)."""
    from undercity.engine.library_top import top_seen_by

    s = game.s
    hand = s.players[viewer].hand
    top = top_seen_by(game, viewer)
    if not hand:
        empty = Text("Your hand: (empty)", style="italic")
        return empty if top is None else Group(empty, Text(f"Top of your library: {top.name}"))
    tab = Table(title=f"Your hand ({len(hand)})", title_justify="left", box=None, show_edge=False,
                pad_edge=False, show_header=False)
    tab.add_column("Card")
    tab.add_column("Cost")
    tab.add_column("Type")
    counts = Counter(s.objs[oid].card.name for oid in hand)
    shown: set[str] = set()
    for oid in hand:
        card = s.objs[oid].card
        if card.name in shown:
            continue
        shown.add(card.name)
        n = counts[card.name]
        cost = card.mana_cost.text if card.mana_cost is not None else ""
        pt = f" {card.power}/{card.toughness}" if card.power is not None else ""
        tab.add_row(Text(card.name + (f" ×{n}" if n > 1 else "")), Text(cost), Text(card.type_line + pt))
        adv = adventure_of(card)
        if adv is not None:  # CR 715.3: it may also be cast as its Adventure
            tab.add_row(Text(f"  // {adv.name} (Adventure)"), Text(adv.mana_cost.text if adv.mana_cost else ""),
                        Text(adv.type_line))
        if isinstance(card, SplitCard):  # CR 709.3: a half is cast; 702.127a: aftermath's from the graveyard
            for half in card.halves:
                tab.add_row(Text(f"  {half.name}" + (" (aftermath)" if has_aftermath(half) else "")),
                            Text(half.mana_cost.text if half.mana_cost else ""), Text(half.type_line))
    if top is not None:
        cost = top.card.mana_cost.text if top.card.mana_cost is not None else ""
        tab.add_row(Text(f"Top of your library: {top.name}", style="italic"), Text(cost), Text(top.card.type_line))
    return tab
