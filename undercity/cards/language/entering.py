"""How a permanent enters the battlefield (CR 614.1c, 614.12): the replacement effects of its
own static abilities that apply as it enters — "As this enters the battlefield, choose a color"
(the choice is made as it enters and remembered on the permanent, CR 614.12, 607.1), "As this
enters, you may reveal a Plains or Island card from your hand. If you don't, this enters
tapped", "This enters the battlefield with N +1/+1 counters on it" (CR 122.6), and of other
permanents' ("each other creature you control enters with an additional +1/+1 counter",
614.1d) — and the mana of the chosen color (CR 106.1). The rules are :mod:`undercity.engine.entering`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from undercity.cards.language.continuous import Continuous, Mod
from undercity.cards.model import SELF, Filter, Ref, Static

#: The kinds of choice made as a permanent enters ("choose a color", …; "choose Khans or Dragons":
#: an anchor word, CR 614.12c; "choose a nonland card name", CR 201.3).
CHOICES = ("color", "creature type", "opponent", "player", "anchor word", "nonland card name")

#: "The chosen player" / "the chosen opponent": the player this permanent chose as it entered.
CHOSEN_PLAYER = Ref("chosen_player")

#: ``AddMana.mana`` for "one mana of the chosen color" (CR 106.1): the color chosen as the
#: source entered; no mana at all if none was chosen.
CHOSEN_COLOR = "chosen"


@dataclass(frozen=True, slots=True, eq=False)
class AsEntersChoose(Static):
    """"As this enters the battlefield, choose a ``choice`` [other than ``other_than``]": the
    permanent's controller chooses as it enters (CR 614.1c, 614.12), before any of its
    abilities could see it on the battlefield; ``other_than`` is a color letter it may not be.
    The choice belongs to this object (CR 400.7: a new object chooses anew)."""

    kind: str = "as_enters_choose"
    choice: str = "color"
    other_than: str | None = None
    #: ``choice`` "anchor word": the words to choose from ("Khans", "Dragons"; CR 614.12c).
    anchors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class AnchorAbilities(Continuous):
    """"• Khans — [ability]" (CR 614.12c, 607.2m): "As long as ``word`` was chosen as this
    permanent entered the battlefield, this permanent has [ability]" — ``mods`` (its abilities,
    layer 6) applied to it while its choice is that word; a new object chooses anew (CR 400.7:
    a copy entering makes its own choice)."""

    kind: str = "anchor_abilities"
    affects: Ref = SELF
    word: str = ""


@dataclass(frozen=True, slots=True, eq=False)
class AsEntersReveal(Static):
    """"As this enters the battlefield, you may reveal a ``subtypes`` card from your hand. If you
    don't, this enters the battlefield tapped" (CR 614.1c, 614.12): the controller chooses as
    it enters whether to reveal a card with one of those subtypes (CR 701.20a)."""

    kind: str = "as_enters_reveal"
    subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True, eq=False)
class EntersWithCounters(Static):
    """"This enters the battlefield with ``n`` ``counter`` counters on it" (CR 614.1c, 122.6):
    they are on it as it enters; ``n`` ``"x"`` is the X paid for it as a spell (CR 107.3m:
    0 if it wasn't cast)."""

    kind: str = "enters_with_counters"
    counter: str = "+1/+1"
    n: int | str = 1
    #: "~ escapes with …" (CR 702.138c): only if it escaped, that is, was cast with escape (702.138d).
    escaped: bool = False
    #: "… for each time it was kicked" (CR 702.33d-e): ``n`` for each time the spell that became
    #: it was kicked (none if it wasn't cast).
    per_kick: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class EntersWithAdditional(Static):
    """"Each other non-Human creature you control enters the battlefield with an additional +1/+1
    counter on it" (CR 614.1d, 122.6): each permanent matching ``filter`` — as it would exist on
    the battlefield (CR 614.12), and under this permanent's controller — enters with ``n`` more
    ``counter`` counters; ``filter.other`` leaves out this permanent."""

    kind: str = "enters_with_additional"
    filter: Filter = Filter()
    counter: str = "+1/+1"
    n: int = 1


@dataclass(frozen=True, slots=True, eq=False)
class OthersEnterTapped(Static):
    """"Creatures your opponents control enter the battlefield tapped" (CR 614.1d, 614.12): each
    permanent matching ``filter`` — as it would exist on the battlefield — enters tapped;
    ``whose`` is whose permanents: ``"opponent"`` (this permanent's controller's opponents'),
    ``"you"`` or ``"any"``."""

    kind: str = "others_enter_tapped"
    filter: Filter = Filter()
    whose: str = "any"


@dataclass(frozen=True, slots=True)
class IsChosenType(Mod):
    """Layer 4 (CR 613.1d, 205.3m): "~ is the chosen type in addition to its other types" — the
    creature type its source chose as it entered (none while it chose none)."""

    layer: ClassVar[str] = "4"
