"""Rolling dice (CR 706): the effect and its results table.

``RollDie(sides, n)`` rolls ``n`` dice with ``sides`` faces (CR 706.1a: "a d20" is a
twenty-sided die). With ``ignore_lowest`` the lowest rolls are ignored (CR 706.6: they never
happened). A results table (CR 706.3a) is a tuple of :class:`ResultRow`; after the roll the
row whose range holds the result happens. The roll, the table and any effect reading the
result are one ability (CR 706.3b): no player can respond between them. ``DIE_RESULT`` is
the result as an amount ("Scry X, where X is the result").

Two trigger events (``model.Trigger(event=…)``) watch the controller's rolls: ``roll_dice``
— "Whenever you roll one or more dice", once per instruction to roll; and
``roll_highest_natural`` — "Whenever you roll a die's highest natural result", once per die
showing its highest face before modifiers (CR 706.2).

:class:`RollAsEnters` is "As this enters, roll X d6. It enters with that many +1/+1
counters" (Neverwinter Hydra): a replacement effect on how the permanent enters (CR 614.1c),
so the roll happens as it moves, with no chance to respond.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from undercity.cards.model import YOU, Amount, Count, Effect, Filter, Ref, Static


@dataclass(frozen=True, slots=True)
class DieResult(Count):
    """"X, where X is the result" (CR 706.2: the result after modifiers)."""

    what: str = "die_result"


DIE_RESULT = DieResult()


@dataclass(frozen=True, slots=True)
class OtherResult(Count):
    """"the other result" of "roll two d6 and choose one result" (CR 706.4: the text says how
    the results are used): the roll the player didn't choose. The chosen one is
    :data:`DIE_RESULT` ("that result")."""

    what: str = "other_die_result"


OTHER_RESULT = OtherResult()

#: The static ability (``model.Static.kind``) "If you would roll one or more dice, instead roll
#: that many dice plus one and ignore the lowest roll" (Pixie Guide, Barbarian Class; CR 614.1a,
#: 706.6). With several, one more die and one more ignored roll each (ruling 2021-07-23).
ROLL_ADVANTAGE = "roll_advantage"

#: The trigger events (``model.Trigger.event``) of die rolls.
ROLL_DICE = "roll_dice"
ROLL_HIGHEST_NATURAL = "roll_highest_natural"


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One line of a results table (CR 706.3a): if the result is from ``low`` to ``high``
    (``high`` None: "N+", no upper end), ``effects`` happen."""

    low: int
    high: int | None
    effects: tuple[Effect, ...]

    def holds(self, result: int) -> bool:
        return result >= self.low and (self.high is None or result <= self.high)


_RANGE = re.compile(r"^\s*(\d+)\s*(?:[—–-]\s*(\d+)|(\+))?\s*$")


def row(rng: str, *effects: Effect) -> ResultRow:
    """A table row from its printed range: ``"1—9"``, ``"20"`` or ``"10+"`` (CR 706.3a)."""
    mt = _RANGE.match(rng)
    if mt is None:
        raise ValueError(f"bad results-table range {rng!r}: expected 'N', 'N1—N2' or 'N+'")
    low = int(mt.group(1))
    high = None if mt.group(3) else int(mt.group(2) or low)
    if high is not None and high < low:
        raise ValueError(f"bad results-table range {rng!r}: {high} is below {low}")
    return ResultRow(low, high, tuple(effects))


@dataclass(frozen=True, slots=True)
class IfResult(Effect):
    """After a roll with no results table (CR 706.4): "If the result is greater than
    ``greater_than`` or the result is one of ``equal_to``, ``effects``" (Sword of Hours)."""

    effects: tuple[Effect, ...]
    greater_than: Amount | None = None
    equal_to: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class IfTriggerRollAtLeast(Effect):
    """"If any of those results was 10 or higher, draw a card." in a "whenever you roll one or
    more dice" trigger (Farideh, Devil's Chosen): ``effects`` if a kept result of the roll that
    triggered it — the ignored dice were never rolled (CR 706.6) — is at least ``at_least``
    (CR 706.4: the text says how the results are used)."""

    effects: tuple[Effect, ...]
    at_least: int


@dataclass(frozen=True, slots=True)
class RollDie(Effect):
    """``who`` rolls ``n`` ``sides``-sided dice (CR 706.1), ignores the ``ignore_lowest``
    lowest (CR 706.6), and the results table ``table`` is applied to the total of the kept
    dice (CR 706.3a) — with one die, its result. When ``who`` names several players ("each
    player rolls a d20") each rolls in turn order; a results table is then not allowed, since
    it would not say whose result it reads."""

    sides: int
    n: int = 1
    table: tuple[ResultRow, ...] = ()
    ignore_lowest: int = 0
    who: Ref = YOU
    #: "Roll a d20 and add …": added to the total (CR 706.2: a modified result), counted as the
    #: die is rolled.
    plus: Amount = 0
    #: "Roll two d6 and choose one result" (CR 706.4): the results aren't added up; the roller
    #: chooses one as "that result" (:data:`DIE_RESULT`), the other is :data:`OTHER_RESULT`.
    choose: bool = False

    def __post_init__(self) -> None:
        if self.sides < 1 or self.n < 1 or not 0 <= self.ignore_lowest < self.n:
            raise ValueError(f"can't roll {self.n} d{self.sides} ignoring {self.ignore_lowest}")
        if self.choose and (self.n != 2 or self.table or self.who != YOU or self.plus):
            raise ValueError("'choose one result' is one of two dice the ability's controller rolls")
        if self.table and self.who.kind in ("each_player", "each_opponent"):
            raise ValueError("a results table reads one player's roll; several players roll here")


@dataclass(frozen=True, slots=True)
class DestroyAllPowerAtLeast(Effect):
    """"Destroy each creature with power greater than or equal to that result" (CR 706.4,
    701.8a): every permanent matching ``filter`` whose power is at least ``power`` (counted as
    it resolves) is destroyed as one event."""

    filter: Filter
    power: Amount


@dataclass(frozen=True, slots=True, eq=False)
class RollAsEnters(Static):
    """"As this enters the battlefield, roll ``n`` d``sides``. It enters with a number of
    ``counter`` counters on it equal to the total of those results" (CR 614.1c, 706.1).
    ``n="x"``: the X paid for the spell (0 if it wasn't cast)."""

    kind: str = "roll_as_enters"
    sides: int = 6
    n: int | str = "x"
    counter: str | None = "+1/+1"
