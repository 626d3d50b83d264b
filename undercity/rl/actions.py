"""Actions: ``Discrete(N)`` over the pending decision's options, in the engine's order.

Action ``k`` answers the decision with its option ``k`` (``Decision.options[k]``: the order
the engine lists them in, e.g. for priority "pass" first, then playing lands and casting
spells from the hand in hand order, then activations). Multi-part answers are already a
sequence of single decisions in the engine (attackers and blockers one at a time, then
"no more attackers"; targets one at a time), so the space stays small.

**More options than actions.** A decision with more than ``N`` options is paged: each page
shows ``N - 1`` options as actions ``0 … N - 2`` and action ``N - 1`` is "more options",
which shows the next page (after the last page, the first again) without answering; the
same seat decides again. The observation's ``global`` row gives the page and the number of
pages, and its option rows are those of the page shown. With ``N`` options or fewer there
is one page and every action is an option.
"""

from __future__ import annotations

from dataclasses import dataclass

from undercity.engine.decisions import Decision, Option


@dataclass(frozen=True, slots=True)
class Page:
    """The options a decision shows as actions now."""

    options: list[Option]
    #: The index in ``Decision.options`` of action 0.
    start: int
    page: int
    pages: int
    #: Whether the last action is "more options".
    more: bool


def page_of(decision: Decision, page: int, max_options: int) -> Page:
    """Page ``page`` (wrapping around) of ``decision``'s options as actions."""
    n = len(decision.options)
    if n <= max_options:
        return Page(list(decision.options), 0, 0, 1, False)
    size = max_options - 1
    pages = -(-n // size)
    page %= pages
    start = page * size
    return Page(list(decision.options[start:start + size]), start, page, pages, True)


def option_index(page: Page, action: int) -> int | None:
    """The option an action answers with (an index into ``Decision.options``), or None for
    "more options". An action out of range raises ValueError naming the legal range."""
    shown = len(page.options) + (1 if page.more else 0)
    if isinstance(action, bool) or not 0 <= action < shown:
        raise ValueError(f"action {action!r} is not legal: this decision offers actions 0 to {shown - 1}"
                         + (f" ({shown - 1} shows more options)" if page.more else ""))
    if page.more and action == shown - 1:
        return None
    return page.start + action


def mask_length(page: Page) -> int:
    """How many actions are legal (the first ones)."""
    return len(page.options) + (1 if page.more else 0)
