"""What the human seat can look up besides the board: the cards it may see and their text and
rulings, the graveyards and exile, and the attackers or blockers declared so far.

A player may look at the public zones — battlefield, stack, graveyards (CR 404.2), exile
(CR 406.3: cards are exiled face up; one exiled face down only by those allowed to look at it)
and the command zone (CR 408.2) — and at their own hand.
Nothing here reads another player's hand or any library (CR 400.2), but for the top card of
the viewer's own when an effect lets them look at it any time (CR 401.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from undercity.engine import face_down
from undercity.ui.parse import normalize

if TYPE_CHECKING:
    from undercity.cards.model import CardDef
    from undercity.engine.decisions import Decision
    from undercity.engine.game import Game


def visible_objects(game: Game, viewer: int) -> list[int]:
    """The ids of every object ``viewer`` may see (an id may repeat: a stack item's source):
    the battlefield, their own hand, every graveyard, exile and command zone, the stack, and the
    top card of their library when they may look at it any time (CR 401.5)."""
    from undercity.engine.library_top import top_seen_by

    s = game.s
    ids: list[int] = list(s.battlefield) + list(s.players[viewer].hand)
    if (top := top_seen_by(game, viewer)) is not None:
        ids.append(top.id)
    for p in s.players:
        ids += p.graveyard + [o for o in p.exile if face_down.may_look(game, o, viewer)] + p.command
    ids += [item.obj for item in s.stack if item.obj is not None]
    ids += [item.source for item in s.stack if item.source is not None]
    return ids


def visible_cards(game: Game, viewer: int) -> dict[str, CardDef]:
    """Every card ``viewer`` may see, by name (copies of a card are one entry)."""
    s = game.s
    out: dict[str, CardDef] = {}
    for oid in visible_objects(game, viewer):
        o = s.objs.get(oid)
        if o is not None:
            out.setdefault(o.card.name, o.card)
            if o.controller == viewer and (real := face_down.real_card(game, oid)) is not None:
                out.setdefault(real.name, real)  # CR 708.5: a face-down object its controller may look at
    return out


def find_visible(game: Game, viewer: int, query: str, decision: Decision | None = None) -> CardDef | str:
    """The visible card ``query`` names — a card name or its unique beginning, or an option
    number (the card that option names) — or a message saying why there is none."""
    cards = visible_cards(game, viewer)
    q = normalize(query)
    if not q:
        return "Which card? Type `card NAME` or `card N` (the card in option N)."
    if q.isdigit() and decision is not None:
        k = int(q)
        if not 1 <= k <= len(decision.options):
            return f"There is no option {k}: choose a number from 1 to {len(decision.options)}."
        label = normalize(decision.options[k - 1].label)
        named = [n for n in cards if normalize(n) in label]
        if not named:
            return f"Option {k} ({decision.options[k - 1].label}) names no card you can see."
        return cards[max(named, key=len)]
    by_norm = {normalize(n): n for n in cards}
    if q in by_norm:
        return cards[by_norm[q]]
    found = sorted({n for k, n in by_norm.items() if k.startswith(q) or any(w.startswith(q) for w in k.split())})
    if len(found) == 1:
        return cards[found[0]]
    if found:
        return f"{query!r} is ambiguous: it matches {', '.join(found[:8])}. Type more of the name."
    from rapidfuzz import fuzz, process

    best = process.extractOne(q, list(by_norm), scorer=fuzz.WRatio, score_cutoff=80)
    hint = f" (did you mean {by_norm[best[0]]}?)" if best else ""
    return f"No card you can see is named {query!r}{hint}."


def card_text(card: CardDef) -> list[str]:
    """A card's name, cost, type line, Oracle text, P/T or loyalty, and its rulings."""
    from undercity.cards.oracle import load_oracle

    lines = [card.name + (f"  {card.mana_cost.text}" if card.mana_cost is not None else "")]
    lines.append(card.type_line)
    lines += [line for line in (card.oracle_text or "").split("\n") if line]
    if card.power is not None:
        lines.append(f"{card.power}/{card.toughness}")
    if card.loyalty is not None:
        lines.append(f"Loyalty {card.loyalty}")
    oracle = None if card.token else load_oracle().get(card.name)
    rulings = oracle.rulings if oracle is not None else ()
    lines.append("Rulings:" if rulings else "Rulings: (none)")
    lines += [f"  {r.date}  {r.text}" for r in rulings]
    return lines


def zone_lines(game: Game, zone: str, viewer: int | None = None) -> list[str]:
    """Each player's graveyard (top card last, CR 404.2) or exile, one line per player, as
    ``viewer`` sees it (a card exiled face down unnamed, CR 406.3)."""
    s = game.s
    lines = []
    for p in s.players:
        ids = p.graveyard if zone == "graveyard" else p.exile
        names = [face_down.shown_name(game, o, viewer) for o in ids if o in s.objs]
        lines.append(f"{p.name}'s {zone} ({len(names)}): {', '.join(names) if names else '(empty)'}")
    return lines


def declared_so_far(game: Game, decision: Decision) -> str | None:
    """While attackers (CR 508.1a) or blockers (CR 509.1a) are being declared one by one, the
    ones already chosen: "Attacking so far: Grizzly Bears → Bob"."""
    from undercity.engine.targeting import describe

    s = game.s
    job = s.jobs[-1] if s.jobs else None
    if job is None or decision.kind not in ("attacker", "attack_target", "blocker", "block_target"):
        return None
    p = decision.player
    attacking = decision.kind in ("attacker", "attack_target")
    first, second = (f"att{p}", f"def{p}") if attacking else (f"blk{p}", f"bt{p}")
    parts = []
    k = 0
    while f"{first}:{k}" in job.answers:
        oid = job.answers[f"{first}:{k}"]
        if oid is None or f"{second}:{k}" not in job.answers:
            break
        what = job.answers[f"{second}:{k}"]
        name = s.objs[oid].name if oid in s.objs else "?"
        if attacking:
            parts.append(f"{name} → {describe(game, tuple(what))}")
        else:
            parts.append(f"{name} blocks {s.objs[what].name if what in s.objs else '?'}")
        k += 1
    title = "Attacking so far" if attacking else "Blocking so far"
    return f"{title}: {', '.join(parts) if parts else 'nothing yet'}"
