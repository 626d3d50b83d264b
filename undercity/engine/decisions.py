"""Decisions: the only way the engine asks anything of anyone (design.md §2).

The engine stops with a :class:`Decision` — who decides, what kind, the legal options —
and whoever drives it answers with one option. Every option is a plain, JSON-friendly
value so that replays, scenario scripts, AIs and RL policies all speak the same language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from undercity.errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer. ``value`` is what the engine acts on; ``label`` is for people."""

    label: str
    value: Any

    def __str__(self) -> str:
        return self.label


@dataclass(slots=True)
class Decision:
    """A question put to one player.

    kind is one of: ``priority``, ``mulligan``, ``bottom`` (London mulligan, CR 103.5),
    ``target``, ``mode``, ``x``, ``divide``, ``attacker``, ``attack_target``, ``blocker``,
    ``block_target``, ``damage_assignment``, ``order_triggers``, ``discard``, ``search``,
    ``scry``, ``order_top``, ``surveil``, ``sacrifice``, ``legend_rule``, ``replacement``,
    ``dungeon``, ``room``, ``yes_no``, ``put_on_top``, ``cleanup_discard``, ``mana_combination``
    ("X mana in any combination of {R} and/or {G}": one option per split, CR 106.1b), ``echo``
    (pay an echo cost or sacrifice, CR 702.30a), ``opening_hand`` (begin the game with a card on
    the battlefield, CR 103.6a), ``choose_to_destroy`` (a permanent to destroy, or none: ``None``;
    each player in turn, CR 101.4), ``choose_party`` (a party member of one type, or none:
    CR 700.8d), ``die_result`` (CR 706.4: which of two rolls is "that result"),
    ``exile_from_hand`` (a card of the deciding player's hand to exile, CR 406.3),
    ``show_from_hand`` (a card of the deciding player's hand another player will look at and may
    cast, Extract Brain),
    ``attack_cost`` (pay the total cost to attack, or decline it and declare attackers again,
    CR 508.1h), ``phyrexian`` (pay a Phyrexian symbol with mana, ``False``, or 2 life, ``True``:
    CR 107.4f), ``change_target`` (which target of a spell or ability, by its index, an effect
    changes: CR 115.7b), ``exile_until_leaves`` (one more permanent of "exile any number of … until
    ~ leaves the battlefield", or ``None``: no more, CR 610.3), ``separate_piles`` (a split of cards
    into two piles, each option's value the two piles; ``context["for"]``: the player who will choose
    between them, CR 700.3), ``choose_pile`` (0 or 1: which pile goes to ``context["to"]``),
    ``choose_anchor_word`` (one of the words of "choose Khans or Dragons" as a permanent enters,
    CR 614.12c; ``context["card"]``: the card whose words they are), ``kicker`` (how many times to pay
    a spell's kicker or multikicker cost, 0 for none: CR 702.33, 601.2b), ``mana_amount`` (how much
    of the mana left, ``context["left"]``, is of ``context["color"]``: "X mana in any combination of
    colors", color by color, CR 106.1b), ``choose_card_name`` (a
    nonland card name, each option's value the name, as Phyrexian Revoker enters: CR 201.3),
    ``tap_for_opponent`` (an untapped creature of the deciding player's to tap for the opponent
    ``context["opponent"]``, or ``None``: none — "for each opponent, tap up to one untapped
    creature you control", CR 701.26a, 603.12), ``choose_object`` (one more permanent of "choose
    any number of creatures", or ``None``: no more, CR 608.2d), ``split_half`` (the half of split
    card ``context["obj"]`` cast when an effect lets its player cast the card, 0 left or 1 right:
    CR 709.3). A ``blocker`` or ``block_target``
    decision may be asked of a player other than the defending player ("you choose which
    creatures block this turn", CR 509.1a).
    """

    player: int
    kind: str
    prompt: str
    options: list[Option]
    key: str = ""
    context: dict[str, Any] = field(default_factory=dict)

    def option_for(self, choice: Any) -> Option:
        """The option a choice names: an :class:`Option`, its index, its value or its label."""
        if isinstance(choice, Option):
            if choice in self.options:
                return choice
        elif isinstance(choice, int) and not isinstance(choice, bool) and self.kind not in _VALUE_INT:
            if 0 <= choice < len(self.options):
                return self.options[choice]
        else:
            for o in self.options:
                if o.value == choice or (isinstance(choice, list) and o.value == tuple(choice)):
                    return o
            if isinstance(choice, str):
                low = choice.casefold()
                for o in self.options:
                    if o.label.casefold() == low:
                        return o
        if isinstance(choice, int) and self.kind in _VALUE_INT:
            for o in self.options:
                if o.value == choice:
                    return o
        legal = "; ".join(f"{i}: {o.label}" for i, o in enumerate(self.options))
        raise IllegalActionError(
            f"{choice!r} is not a legal answer to {self.kind!r} ({self.prompt}); legal: {legal}")


# Decisions whose option values are themselves integers (X, a number of damage): an int
# answer means the value, not the index.
_VALUE_INT = frozenset({"x", "kicker", "mana_amount"})


class NeedChoice(Exception):  # noqa: N818 - control flow, not an error
    """Raised inside a job when an answer is missing; the engine turns it into a pending decision."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
