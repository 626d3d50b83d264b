"""Myriad (CR 702.116a; language :mod:`undercity.cards.language.myriad`).

As the trigger resolves, its controller chooses, for each opponent other than the defending
player (the player the creature attacked, or whose planeswalker it attacked, as it was declared
— rulings 2015-11-04), whether to create a token copy attacking that player or a planeswalker
they control. Every choice is made first and the tokens enter at the same time (ruling
2015-11-04), tapped and attacking but never declared as attackers (CR 508.4), with the copiable
values of the creature — as it last existed if it has left the battlefield (CR 608.2h, 707.2).
If any were created, a delayed triggered ability exiles them at end of combat (CR 603.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.delayed_triggers import NextStep
from undercity.cards.language.myriad import TRIGGER_OBJECTS, Myriad
from undercity.cards.model import ExileIt
from undercity.engine import combat, entering, targeting, token_copies
from undercity.engine.decisions import Option
from undercity.engine.delayed_triggers import DELAYED, Waiting
from undercity.engine.effects import handles
from undercity.engine.tokens import enter_attacking

if TYPE_CHECKING:
    from undercity.engine.game import Game
    from undercity.engine.state import Job, StackItem


@handles(Myriad)
def h_myriad(g: Game, job: Job, item: StackItem, e: Myriad, key: str) -> None:
    s = g.s
    p = item.controller
    base = token_copies.copiable_of(g, item.source)
    if base is None or base.card is None or s.combat is None:
        return
    card = base.card
    defending = item.trigger_data.get("defending")
    defenders = combat.defenders_for(g, p)
    chosen: list[tuple[str, int]] = []
    for q in s.living():
        if q == defending or not targeting._is_opponent(g, p, q):
            continue
        if not g.ask(job, f"{key}:{q}", p, "yes_no",
                     f"{g.player_name(p)}: create a token copy of {card.name} attacking {g.player_name(q)} "
                     "or a planeswalker they control?",
                     [Option(f"create a copy of {card.name} attacking {g.player_name(q)}", True),
                      Option("no", False)]):
            continue
        theirs = [d for d in defenders if d == ("p", q) or d[0] == "o" and s.objs[d[1]].controller == q]
        d = theirs[0] if len(theirs) == 1 else g.ask(
            job, f"{key}:{q}:d", p, "attack_target", f"what does the copy of {card.name} attack?",
            [Option(f"{card.name} token attacks {targeting.describe(g, d)}", d) for d in theirs])
        chosen.append(tuple(d))  # type: ignore[arg-type]
    if not chosen:
        return
    # CR 614.12a: each token's choices as it enters are asked before any is created.
    choices: list[dict[str, Any]] = [entering.ask_card(g, job, f"{key}:t{k}", card, card.name, p)
                                     for k in range(len(chosen))]
    plain = base == type(base)(card=card)
    made: list[int] = []
    for d, ch in zip(chosen, choices, strict=True):
        o = token_copies.create_copy(g, card, p, base, plain, ch, tapped=True)
        enter_attacking(g, o.id, d)
        made.append(o.id)
    s.extra.setdefault(DELAYED, []).append(Waiting(
        NextStep("end-of-combat"), p, item.source, item.source_name, (ExileIt(TRIGGER_OBJECTS),),
        "Exile the tokens at end of combat.", None, s.turn, objs=tuple(made)))
