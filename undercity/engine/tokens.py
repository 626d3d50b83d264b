"""Creating tokens that are tapped and attacking (CR 508.4: their controller chooses what each
attacks; they never "attacked").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from undercity.cards.language.tokens import CreateForEach, CreateTokenGaining, CreateTokensAttacking
from undercity.cards.model import ALL
from undercity.engine import combat, targeting
from undercity.engine import effects as fx
from undercity.engine import events as ev
from undercity.engine.decisions import Option
from undercity.engine.effects import amount, handles, pump_until_end_of_turn, ref_objects, ref_players
from undercity.engine.state import Job, StackItem
from undercity.engine.teams import is_active

if TYPE_CHECKING:
    from undercity.engine.game import Game

#: ``Job.data`` key: the tokens a :class:`CreateForEach` made and the permanents it counted, in
#: order (for "each of those Beasts fights a different one of those creatures").
CREATED_FOR_EACH = "created_for_each"

@handles(CreateTokensAttacking)
def h_tokens_attacking(g: Game, job: Job, item: StackItem, e: CreateTokensAttacking, key: str) -> None:
    """CR 508.4: the tokens enter tapped and attacking; their controller chooses, for each,
    which defending player or planeswalker it attacks. Not an attacking player (or no combat):
    they enter tapped but never attacking (CR 506.3b)."""
    from undercity.cards.registry import get_token

    p = item.controller
    n = amount(g, e.n, item, job)
    name = get_token(e.token).name
    chosen = [attack_choice(g, job, f"{key}:d{k}", p, f"{name} token", f"{name} token {k + 1}") for k in range(n)]
    for d in chosen:
        o = fx.create_token(g, e.token, p)
        o.tapped = True  # enters tapped: it never "becomes tapped"
        enter_attacking(g, o.id, d)


def attack_choice(g: Game, job: Job, key: str, p: int, name: str, which: str) -> Any:
    """What a token ``p`` creates tapped and attacking attacks, chosen by ``p`` (CR 508.4); None
    if ``p`` isn't an attacking player in a combat (it enters tapped, not attacking, 506.3b)."""
    attacking = g.s.combat is not None and is_active(g, p)
    defs = combat.defenders_for(g, p) if attacking else []
    if not defs:
        return None
    return g.ask(job, key, p, "attack_target", f"what does {which} attack?",
                 [Option(f"{name} attacks {targeting.describe(g, d)}", d) for d in defs])


def enter_attacking(g: Game, oid: int, d: Any) -> None:
    """The token ``oid`` is attacking ``d`` (CR 508.4: it was never declared an attacker), or,
    with no ``d``, only tapped (CR 506.3b)."""
    s = g.s
    name = s.objs[oid].name
    if d is not None and s.combat is not None:
        s.combat.attackers[oid] = tuple(d)  # type: ignore[assignment]
        g.emit(ev.Note(rule="508.4", message=f"{name} enters tapped and attacking "
                                             f"{targeting.describe(g, tuple(d))}"))  # type: ignore[arg-type]
    else:
        g.emit(ev.Note(rule="506.3b", message=f"{name} enters tapped (not attacking)"))


@handles(CreateTokenGaining)
def h_token_gaining(g: Game, job: Job, item: StackItem, e: CreateTokenGaining, key: str) -> None:
    """The token is created, then gains the keywords until end of turn (CR 611.2a) — if it is
    still on the battlefield."""
    for p in ref_players(g, e.who, item, job):
        token = fx.create_token(g, e.token, p)
        if token.id in g.s.objs and token.zone == "battlefield":
            pump_until_end_of_turn(g, token.id, 0, 0, e.keywords)


@handles(CreateForEach)
def h_create_for_each(g: Game, job: Job, item: StackItem, e: CreateForEach, key: str) -> None:
    """One token for each permanent matching as it resolves (CR 608.2c), under the controller's
    control (CR 111.2); both kept, in order, for the rest of this resolution."""
    counted = ref_objects(g, ALL(e.per), item, job)
    made = [fx.create_token(g, e.token, item.controller).id for _ in counted]
    job.data[CREATED_FOR_EACH] = (made, counted)
