"""Mana: costs, sources, the mana pool and paying costs (CR 106, 107.4, 118, 202, 601.2f-h).

This module is pure: it knows nothing about the game state. The engine describes
what can produce mana as :class:`ManaSource` objects and asks :func:`find_payment`
which sources to activate (CR 601.2g) and which mana to spend (CR 601.2h).

Mana types are indexed ``W, U, B, R, G, C`` = ``0..5`` internally (CR 106.1b).
Everything on the hot path avoids regular expressions; cost parsing is cached.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

__all__ = [
    "COLORS",
    "MANA_TYPES",
    "NO_COST",
    "ZERO_COST",
    "ManaCost",
    "ManaPool",
    "ManaSource",
    "Payment",
    "available_colors",
    "can_pay",
    "find_payment",
    "max_affordable_x",
    "parse_cost",
    "total_available",
]

COLORS: tuple[str, str, str, str, str] = ("W", "U", "B", "R", "G")
"""The five colors in WUBRG order (CR 105.1, 106.1a)."""

MANA_TYPES: tuple[str, str, str, str, str, str] = ("W", "U", "B", "R", "G", "C")
"""The six types of mana (CR 106.1b); the index of a type is its internal number."""

_TYPE_INDEX: dict[str, int] = {t: i for i, t in enumerate(MANA_TYPES)}
_COLOR_SET = frozenset(COLORS)
_ALL_TYPES_MASK = 0b111111
# The first type (in WUBRGC order) in each nonempty bitmask of types.
_LOWEST_TYPE: tuple[str, ...] = ("",) + tuple(MANA_TYPES[(m & -m).bit_length() - 1] for m in range(1, 64))
# Pool / produced mana is spent on generic costs in this order: colorless first,
# so that colored mana stays available for later colored requirements.
_GENERIC_SPEND_ORDER = (5, 0, 1, 2, 3, 4)
# Canonical ordering of the components of a hybrid symbol (for sorting symbols).
_COMPONENT_ORDER = {"2": 0, "C": 1, "W": 2, "U": 3, "B": 4, "R": 5, "G": 6, "P": 7}


# ---------------------------------------------------------------------------
# Mana costs
# ---------------------------------------------------------------------------


def _normalize_pair(a: str, b: str) -> tuple[str, str]:
    """Two different colors in the order printed on hybrid symbols (CR 107.4: {W/U}, {G/W}, {R/W}...)."""
    i, j = COLORS.index(a), COLORS.index(b)
    return (a, b) if (j - i) % 5 in (1, 2) else (b, a)


@lru_cache(maxsize=256)
def _normalize_hybrid(parts: tuple[str, ...]) -> tuple[str, ...]:
    """Validate and order the components of one hybrid or Phyrexian symbol (CR 107.4e, 107.4f).

    Returns e.g. ``("W", "U")``, ``("2", "W")``, ``("C", "W")``, ``("W", "P")`` or ``("G", "W", "P")``.
    Raises ``ValueError`` naming the symbol if it is not one of the symbols listed in CR 107.4.
    """
    shown = "{" + "/".join(parts) + "}"
    colors = [p for p in parts if p in _COLOR_SET]
    others = [p for p in parts if p not in _COLOR_SET]
    if len(set(colors)) != len(colors):
        raise ValueError(f"hybrid mana symbol {shown} repeats a color")
    if len(parts) == 2 and len(colors) == 2:
        return _normalize_pair(colors[0], colors[1])
    if len(parts) == 2 and len(colors) == 1:
        other = others[0]
        if other in ("2", "C"):
            return (other, colors[0])  # monocolored hybrid, CR 107.4e
        if other == "P":
            return (colors[0], "P")  # Phyrexian, CR 107.4f
    if len(parts) == 3 and len(colors) == 2 and others == ["P"]:
        return (*_normalize_pair(colors[0], colors[1]), "P")  # hybrid Phyrexian, CR 107.4f
    raise ValueError(
        f"unknown hybrid mana symbol {shown}; expected one of {{W/U}}, {{2/W}}, {{C/W}}, {{W/P}}, {{W/U/P}}"
    )


def _hybrid_sort_key(h: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(_COMPONENT_ORDER[p] for p in h)


@lru_cache(maxsize=8192)
def _canonical_text(generic: int, colored: tuple[int, ...], colorless: int,
                    hybrid: tuple[tuple[str, ...], ...], x: int) -> str:
    parts = ["{X}"] * x
    if generic or not (x or colorless or hybrid or any(colored)):
        parts.append(f"{{{generic}}}")
    parts.extend(["{C}"] * colorless)
    for color, n in zip(COLORS, colored, strict=True):
        if n:
            parts.extend([f"{{{color}}}"] * n)
    parts.extend("{" + "/".join(h) + "}" for h in hybrid)
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost (CR 202.1) or any other cost made of mana symbols (CR 107.4, 118).

    * ``generic``: total of the numerical symbols (CR 107.4b).
    * ``colored``: number of {W}, {U}, {B}, {R}, {G} symbols (CR 107.4a).
    * ``colorless``: number of {C} symbols (CR 107.4c).
    * ``hybrid``: one tuple of components per hybrid / Phyrexian symbol, sorted canonically:
      ``("W", "U")`` for {W/U}, ``("2", "W")`` for {2/W}, ``("C", "W")`` for {C/W},
      ``("W", "P")`` for {W/P}, ``("G", "W", "P")`` for {G/W/P} (CR 107.4e, 107.4f).
    * ``x``: number of {X} symbols (CR 107.3); use :meth:`with_x` once X is chosen (CR 601.2b).
    * ``text``: canonical text such as ``"{2}{W}{W}"``; it is always recomputed from the other
      fields, except that ``""`` marks an object with *no* mana cost (CR 202.1b), as opposed to
      ``"{0}"``. No mana cost is unpayable (CR 118.6); arithmetic treats it as {0}, so the engine
      must check :attr:`has_mana_cost` on the original cost (CR 118.6a).
    """

    generic: int = 0
    colored: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    colorless: int = 0
    hybrid: tuple[tuple[str, ...], ...] = ()
    x: int = 0
    text: str = ""

    def __post_init__(self) -> None:
        colored = self.colored
        if len(colored) != 5 or min(colored) < 0:
            raise ValueError(f"colored must be five counts >= 0 (W, U, B, R, G), got {colored!r}")
        if not isinstance(colored, tuple):
            colored = tuple(colored)
            object.__setattr__(self, "colored", colored)
        if self.generic < 0 or self.colorless < 0 or self.x < 0:
            raise ValueError("generic, colorless and x must be >= 0")
        hybrid = self.hybrid
        if hybrid:
            norm = tuple(sorted((_normalize_hybrid(tuple(h)) for h in hybrid), key=_hybrid_sort_key))
            if norm != hybrid:
                hybrid = norm
                object.__setattr__(self, "hybrid", hybrid)
        if self.text == "" and not (self.generic or self.colorless or self.x or hybrid or any(colored)):
            return  # no mana cost (CR 202.1b)
        object.__setattr__(self, "text", _canonical_text(self.generic, colored, self.colorless, hybrid, self.x))

    # -- derived values ----------------------------------------------------

    @property
    def mana_value(self) -> int:
        """Mana value (CR 202.3): X counts as 0 (CR 202.3e), a hybrid symbol counts its largest
        component (CR 202.3f: {2/W} is 2), a Phyrexian symbol counts 1 (CR 202.3g)."""
        mv = self.generic + self.colorless + sum(self.colored)
        for h in self.hybrid:
            mv += 2 if h[0] == "2" else 1
        return mv

    @property
    def colors(self) -> frozenset[str]:
        """The colors of the mana symbols in this cost (CR 202.2, 202.2c-d): hybrid and Phyrexian
        symbols are all of their component colors; {C} and generic symbols are colorless."""
        found = {c for c, n in zip(COLORS, self.colored, strict=True) if n}
        for h in self.hybrid:
            found.update(p for p in h if p in _COLOR_SET)
        return frozenset(found)

    @property
    def is_empty(self) -> bool:
        """True if there is no mana to pay: {0} or no mana cost at all (CR 118.5, 202.1b)."""
        return not (self.generic or self.colorless or self.x or self.hybrid or any(self.colored))

    @property
    def has_mana_cost(self) -> bool:
        """False only for an object with no mana cost (``parse_cost(None)`` / ``""``), which is an
        unpayable cost (CR 118.6, 202.1b); ``{0}`` has a mana cost."""
        return self.text != ""

    @property
    def min_mana(self) -> int:
        """Fewest mana that can pay this cost with X = 0: each hybrid symbol needs at least one mana."""
        return self.generic + self.colorless + sum(self.colored) + len(self.hybrid)

    # -- arithmetic --------------------------------------------------------

    def with_x(self, x: int) -> ManaCost:
        """This cost with every {X} replaced by ``x`` generic mana (CR 107.3a, 601.2b, 601.2f)."""
        if x < 0:
            raise ValueError(f"X must be >= 0, got {x}")
        if not self.x:
            return self
        return ManaCost(self.generic + x * self.x, self.colored, self.colorless, self.hybrid, 0, "{0}")

    def add_times(self, other: ManaCost | None, times: int) -> ManaCost:
        """This cost plus ``other`` paid ``times`` times — an additional cost paid as often as the
        player chose, multikicker's or replicate's (CR 601.2f, 702.33c, 702.56a)."""
        cost = self
        if other is not None:
            for _ in range(times):
                cost = cost.add(other)
        return cost

    def add(self, other: ManaCost) -> ManaCost:
        """The sum of two costs, e.g. a mana cost plus an additional cost (CR 601.2f, 118.8)."""
        if other.is_empty and (self.has_mana_cost or not other.has_mana_cost):
            return self
        if self.is_empty and (other.has_mana_cost or not self.has_mana_cost):
            return other
        return ManaCost(
            self.generic + other.generic,
            tuple(a + b for a, b in zip(self.colored, other.colored, strict=True)),  # type: ignore[arg-type]
            self.colorless + other.colorless,
            self.hybrid + other.hybrid,
            self.x + other.x,
            "{0}" if (self.has_mana_cost or other.has_mana_cost) else "",
        )

    __add__ = add

    def increase_generic(self, n: int) -> ManaCost:
        """This cost increased by ``n`` generic mana (a cost increase, CR 601.2f)."""
        if n < 0:
            raise ValueError(f"cannot increase a cost by {n}; use reduce_generic")
        if n == 0:
            return self
        return ManaCost(self.generic + n, self.colored, self.colorless, self.hybrid, self.x, "{0}")

    def reduce_generic(self, n: int) -> ManaCost:
        """This cost reduced by ``n`` generic mana. Only the generic component is reduced
        (CR 118.7a) and never below zero (CR 601.2f); a cost reduced to nothing is {0} (CR 118.7)."""
        if n < 0:
            raise ValueError(f"cannot reduce a cost by {n}; use increase_generic")
        if n == 0 or self.generic == 0:
            return self
        return ManaCost(max(0, self.generic - n), self.colored, self.colorless, self.hybrid, self.x, self.text)

    def spent_as_any(self, *, colorless_too: bool = False) -> ManaCost:
        """What paying this cost asks of the mana when it may be spent "as though it were mana of
        any color" (``colorless_too``: "of any type", CR 118.14): each colored symbol — and each
        two-color or {2/C}-style hybrid symbol — can be paid with one mana of any type, i.e. it is
        paid like a generic one. The cost itself doesn't change (CR 609.4b): this is only the
        demand handed to the payment planner. {C} stays colorless-only unless ``colorless_too``
        (colored mana can't be spent as though it were colorless, CR 106.1b); Phyrexian symbols
        keep their life option and stay as they are."""
        hybrid = tuple(h for h in self.hybrid if "P" in h)
        generic = self.generic + sum(self.colored) + len(self.hybrid) - len(hybrid)
        colorless = 0 if colorless_too else self.colorless
        if colorless_too:
            generic += self.colorless
        return ManaCost(generic, (0, 0, 0, 0, 0), colorless, hybrid, self.x, "{0}" if self.has_mana_cost else "")

    def spent_as_color(self, color: str) -> ManaCost:
        """What paying this cost asks of the mana when mana of ``color`` (a letter) may be spent
        "as though it were mana of any color" (Grell Philosopher's blue mana, CR 609.4b): each
        colored symbol of another color can be paid with that color or with ``color``, i.e. it is
        paid like a two-color hybrid symbol of the two. As with :meth:`spent_as_any`, the cost
        itself doesn't change; this is only the demand handed to the payment planner. Hybrid
        symbols stay as they are — a {R/G} that blue mana could pay would be a three-way choice,
        which a hybrid symbol can't express (they are paid their own ways only) — and so do {C}
        (colored mana can't be spent as though it were colorless, CR 106.1b) and generic mana."""
        k = COLORS.index(color)
        if not any(n for i, n in enumerate(self.colored) if i != k):
            return self
        colored = tuple(n if i == k else 0 for i, n in enumerate(self.colored))
        hybrid = self.hybrid + tuple((c, color) for i, c in enumerate(COLORS) if i != k for _ in range(self.colored[i]))
        return ManaCost(self.generic, colored, self.colorless, hybrid, self.x,  # type: ignore[arg-type]
                        "{0}" if self.has_mana_cost else "")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"ManaCost({self.text!r})"


NO_COST = ManaCost()
"""An object with no mana cost (CR 202.1b): unpayable (CR 118.6), mana value 0 (CR 202.3a)."""

ZERO_COST = ManaCost(text="{0}")
"""The cost {0} (CR 107.4d, 118.5)."""


@lru_cache(maxsize=8192)
def parse_cost(text: str | None) -> ManaCost:
    """Parse mana symbols such as ``"{3}{B}"``, ``"{X}{R}"``, ``"{2/W}"``, ``"{W/U}"``, ``"{C}"``,
    ``"{W/P}"`` into a :class:`ManaCost` (CR 107.4, 202.1).

    ``None`` or ``""`` means no mana cost (CR 202.1b) and gives :data:`NO_COST`. Symbols may
    appear in any order, lower case is accepted and whitespace between symbols is ignored.
    Raises ``ValueError`` for malformed text and for symbols this engine does not support
    (snow {S}, {Y}/{Z}, half mana).
    """
    if text is None:
        return NO_COST
    s = text.strip()
    if not s:
        return NO_COST
    generic = colorless = x = 0
    colored = [0, 0, 0, 0, 0]
    hybrid: list[tuple[str, ...]] = []
    i, n = 0, len(s)
    while i < n:
        ch = s[i]
        if ch.isspace():
            i += 1
            continue
        if ch != "{":
            raise ValueError(f"malformed mana cost {text!r}: expected '{{' at position {i}, "
                             f"write symbols in braces like '{{2}}{{W}}'")
        end = s.find("}", i + 1)
        if end < 0:
            raise ValueError(f"malformed mana cost {text!r}: '{{' at position {i} is never closed")
        sym = s[i + 1:end].strip().upper()
        i = end + 1
        if not sym:
            raise ValueError(f"malformed mana cost {text!r}: empty symbol {{}}")
        if sym.isascii() and sym.isdigit():
            generic += int(sym)
        elif sym in _COLOR_SET:
            colored[COLORS.index(sym)] += 1
        elif sym == "C":
            colorless += 1
        elif sym == "X":
            x += 1
        elif "/" in sym:
            parts = tuple(p.strip() for p in sym.split("/"))
            try:
                hybrid.append(_normalize_hybrid(parts))
            except ValueError as exc:
                raise ValueError(f"malformed mana cost {text!r}: {exc}") from None
        elif sym == "S":
            raise ValueError(f"unsupported mana cost {text!r}: the snow mana symbol {{S}} is not supported")
        elif sym in ("Y", "Z"):
            raise ValueError(f"unsupported mana cost {text!r}: only {{X}} is supported as a variable symbol")
        elif sym in ("T", "Q", "E"):
            raise ValueError(f"malformed mana cost {text!r}: {{{sym}}} is not a mana symbol")
        else:
            raise ValueError(f"malformed mana cost {text!r}: unknown mana symbol {{{sym}}}")
    return ManaCost(generic, tuple(colored), colorless, tuple(hybrid), x, "{0}")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Sources and pool
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ManaSource:
    """Something that can be activated once to produce mana while paying (CR 106.3, 605).

    One activation adds ``amount`` mana of ONE type chosen from ``produces`` (a subset of
    ``"WUBRGC"``). Sol Ring is ``ManaSource(key, frozenset("C"), amount=2)``. ``cost_rank``
    says how reluctant the payer is to use it: lands 0, creatures 1, sacrificed Treasures 2;
    :func:`find_payment` prefers lower ranks. ``produces`` may be given as any iterable of
    type letters (``"WU"`` works); it is stored as a frozenset.
    """

    key: int
    produces: frozenset[str]
    amount: int = 1
    cost_rank: int = 0
    ability: int = 0
    """Which of the object's mana abilities this is. Sources with the same ``key`` are
    alternatives: one object, several mana abilities that each cost {T} — at most one of
    them is activated (Find the Path's land: "{T}: Add {G}" or "{T}: Add {G}{G}")."""
    cost: ManaCost | None = None
    """A mana ability that itself costs mana (a Signet's "{1}, {T}: Add {W}{B}", CR 605.1a):
    that cost, paid from other mana — never from what this ability makes (CR 601.2g-h,
    602.2b); such a source then adds every mana of ``yields`` (no choice of type)."""
    yields: str = ""
    """Exactly the mana one activation adds, e.g. ``"WB"``: for a source with a ``cost``, and
    for one adding mana of two or more types at once without a cost (a Karoo's "{T}: Add
    {W}{U}", CR 106.1, 605.1a), whose whole output is never one type of the player's choice."""
    mask: int = field(init=False, repr=False, compare=False)
    """Bit ``i`` set if the source can produce ``MANA_TYPES[i]`` (derived)."""
    types: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Indices of the producible types in WUBRGC order (derived)."""
    sort_key: tuple[int, int, int] = field(init=False, repr=False, compare=False)
    """(cost_rank, number of types, -amount): the order sources are tried in (derived)."""

    def __post_init__(self) -> None:
        produces = self.produces
        if not isinstance(produces, frozenset):
            produces = frozenset(produces)
            object.__setattr__(self, "produces", produces)
        mask = 0
        for t in produces:
            idx = _TYPE_INDEX.get(t)
            if idx is None:
                raise ValueError(f"mana source {self.key}: unknown mana type {t!r}; expected letters of WUBRGC")
            mask |= 1 << idx
        if self.amount < 1:
            raise ValueError(f"mana source {self.key}: amount must be >= 1, got {self.amount}")
        if self.cost is not None and (self.cost.x or any(h[0] == "2" for h in self.cost.hybrid)):
            raise ValueError(f"mana source {self.key}: its cost {self.cost} must not hold {{X}} or {{2/X}}")
        if self.cost is not None or self.yields:
            if not self.yields or frozenset(self.yields) != produces or len(self.yields) != self.amount:
                raise ValueError(f"mana source {self.key}: a source with a cost needs yields matching "
                                 f"produces and amount, got {self.yields!r}")
        types = tuple(i for i in range(6) if mask >> i & 1)
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "sort_key", (self.cost_rank, len(types), -self.amount))


@dataclass(slots=True)
class ManaPool:
    """A player's mana pool (CR 106.4): unspent mana of each of the six types."""

    W: int = 0
    U: int = 0
    B: int = 0
    R: int = 0
    G: int = 0
    C: int = 0

    def add(self, color: str, n: int = 1) -> None:
        """Add ``n`` mana of type ``color`` (one of ``"WUBRGC"``) (CR 106.4)."""
        if color not in _TYPE_INDEX:
            raise ValueError(f"unknown mana type {color!r}; expected one of W, U, B, R, G, C")
        if n < 0:
            raise ValueError(f"cannot add {n} mana")
        setattr(self, color, getattr(self, color) + n)

    def remove(self, color: str, n: int = 1) -> None:
        """Spend ``n`` mana of type ``color`` (CR 118.3a); ``ValueError`` if there is not enough."""
        if color not in _TYPE_INDEX:
            raise ValueError(f"unknown mana type {color!r}; expected one of W, U, B, R, G, C")
        have = getattr(self, color)
        if n < 0 or n > have:
            raise ValueError(f"cannot spend {n} {color} mana: the pool has {have}")
        setattr(self, color, have - n)

    def __getitem__(self, color: str) -> int:
        if color not in _TYPE_INDEX:
            raise KeyError(color)
        return getattr(self, color)

    def total(self) -> int:
        """Total amount of mana in the pool."""
        return self.W + self.U + self.B + self.R + self.G + self.C

    def empty(self) -> dict[str, int]:
        """Empty the pool (CR 106.4, end of each step and phase); returns the mana lost."""
        lost = self.as_dict()
        self.W = self.U = self.B = self.R = self.G = self.C = 0
        return lost

    def copy(self) -> ManaPool:
        return ManaPool(self.W, self.U, self.B, self.R, self.G, self.C)

    def as_dict(self) -> dict[str, int]:
        """The nonzero amounts, e.g. ``{"R": 1, "C": 2}``; ``{}`` for an empty pool."""
        return {t: n for t, n in zip(MANA_TYPES, self.counts(), strict=True) if n}

    def counts(self) -> tuple[int, int, int, int, int, int]:
        """Amounts in WUBRGC order."""
        return (self.W, self.U, self.B, self.R, self.G, self.C)

    def apply(self, payment: Payment) -> None:
        """Spend ``payment.from_pool`` and add ``payment.leftover`` (CR 118.3a, 106.4a)."""
        for t, n in payment.from_pool.items():
            self.remove(t, n)
        for t, n in payment.leftover.items():
            self.add(t, n)


def total_available(sources: Iterable[ManaSource], pool: ManaPool | None = None) -> int:
    """Most mana that could be had: the pool plus one activation of every source (the
    largest alternative of an object with several); a source that costs mana counts what it
    adds beyond its cost (a Signet: one)."""
    total = pool.total() if pool is not None else 0
    best: dict[int, int] = {}
    for s in sources:
        a = s.amount if s.cost is None else max(0, s.amount - s.cost.min_mana)
        if a > best.get(s.key, 0):
            best[s.key] = a
    return total + sum(best.values())


# ---------------------------------------------------------------------------
# Objects with several mana abilities
# ---------------------------------------------------------------------------

#: Most combinations of alternatives tried; beyond it, extra objects keep their first ability.
_MAX_COMBINATIONS = 64


def _dominates(a: ManaSource, b: ManaSource) -> bool:
    """``a`` is at least as good as ``b`` for any payment: every type ``b`` makes, ``a`` makes
    as much of (same reluctance to use)."""
    if a.yields or b.yields:  # a Signet's or a Karoo's fixed mana: only an identical one
        return a.cost == b.cost and a.yields == b.yields and a.cost_rank <= b.cost_rank
    return a.cost_rank <= b.cost_rank and a.amount >= b.amount and (b.mask & ~a.mask) == 0


def _alternative_sets(sources: Sequence[ManaSource]) -> list[Sequence[ManaSource]]:
    """The source lists to plan with: ``sources`` itself when every key is unique (nearly
    always), else one list per combination of one alternative per object, after dropping
    alternatives another alternative of the same object dominates."""
    keys = [s.key for s in sources]
    if len(set(keys)) == len(keys):
        return [sources]
    groups: dict[int, list[ManaSource]] = {}
    for s in sources:
        groups.setdefault(s.key, []).append(s)
    options: list[list[ManaSource]] = []
    for alts in groups.values():
        kept: list[ManaSource] = []
        for a in alts:
            if not any(_dominates(b, a) for b in kept):
                kept = [b for b in kept if not _dominates(a, b)] + [a]
        options.append(kept)
    combos: list[list[ManaSource]] = [[]]
    for kept in options:
        if len(combos) * len(kept) > _MAX_COMBINATIONS:
            kept = kept[:1]
        combos = [c + [a] for c in combos for a in kept]
    return combos


def _payment_cost(p: Payment) -> tuple[int, int]:
    """How much a payment spends: activations, then mana wasted (left over in the pool)."""
    return len(p.activations), sum(p.leftover.values())


def available_colors(sources: Iterable[ManaSource], pool: ManaPool | None = None) -> frozenset[str]:
    """Mana types (letters of ``"WUBRGC"``) the sources could produce or the pool holds."""
    mask = 0
    for s in sources:
        mask |= s.mask
    if pool is not None:
        for i, n in enumerate(pool.counts()):
            if n:
                mask |= 1 << i
    return frozenset(t for i, t in enumerate(MANA_TYPES) if mask >> i & 1)


# ---------------------------------------------------------------------------
# Paying costs
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class Payment:
    """How to pay a cost (CR 601.2g-h).

    ``activations``: (source key, mana type produced) for each source to activate.
    ``from_pool``: mana taken from the pool. ``leftover``: mana produced beyond the cost
    (sources with ``amount > 1``); it stays in the pool (CR 106.4a). Dicts hold nonzero
    entries only. ``ManaPool.apply(payment)`` updates a pool accordingly.
    """

    activations: list[tuple[int, str]] = field(default_factory=list)
    from_pool: dict[str, int] = field(default_factory=dict)
    leftover: dict[str, int] = field(default_factory=dict)
    abilities: dict[int, int] = field(default_factory=dict)
    """For a source key with alternatives: the ``ability`` chosen (absent: 0)."""


def _pool_counts(pool: ManaPool | None) -> tuple[int, ...]:
    return pool.counts() if pool is not None else (0, 0, 0, 0, 0, 0)


def _sort_key(s: ManaSource) -> tuple[int, int, int]:
    return s.sort_key


@lru_cache(maxsize=1024)
def _hybrid_plan(hybrid: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...],
                                                                tuple[tuple[int, int], ...]]:
    """Split hybrid symbols into (extra need per type, (mask, count) demand nodes, ({2/X} type, count)).

    {W/P} needs one {W} (the 2-life half is not a mana payment: the engine decides on life
    before asking for a payment, CR 118.13a, 601.2b). {W/U}, {C/W} and {W/U/P} become nodes
    accepting either type (CR 107.4e-f). {2/W} is resolved later: one {W} or two generic."""
    extra = [0, 0, 0, 0, 0, 0]
    nodes: dict[int, int] = {}
    twos: dict[int, int] = {}
    for h in hybrid:
        types = [_TYPE_INDEX[p] for p in h if p in _TYPE_INDEX]
        if h[0] == "2":
            twos[types[0]] = twos.get(types[0], 0) + 1
        elif len(types) == 1:
            extra[types[0]] += 1
        else:
            mask = 0
            for t in types:
                mask |= 1 << t
            nodes[mask] = nodes.get(mask, 0) + 1
    return tuple(extra), tuple(nodes.items()), tuple(twos.items())


def _two_resolutions(need: Sequence[int], generic: int,
                     twos: tuple[tuple[int, int], ...]) -> list[tuple[list[int], int]]:
    """Every way to pay the {2/X} symbols (CR 107.4e): per symbol one mana of its color or two
    generic; colored choices (less mana) first."""
    out = [(list(need), generic)]
    for t, m in twos:
        nxt = []
        for n, g in out:
            for j in range(m + 1):  # j of the m symbols paid with two generic
                n2 = n.copy()
                n2[t] += m - j
                nxt.append((n2, g + 2 * j))
        out = nxt
    out.sort(key=lambda r: sum(r[0]) + r[1])
    return out


class _Match:
    """Bipartite b-matching of mana units to the demand of a cost.

    Demand nodes are the colored / {C} symbols per type, each group of identical hybrid
    symbols, and the generic total; node ``k`` accepts a unit whose type bitmask meets
    ``nmask[k]`` and takes ``ncap[k]`` units. Units are offered one at a time; a unit is
    kept if an augmenting path makes room for it. The sets of units that can be matched
    form a transversal matroid, so offering units cheapest first yields a cheapest payment."""

    __slots__ = ("nmask", "ncap", "load", "members", "imask", "itag", "matched", "need", "failed")

    def __init__(self, nmask: list[int], ncap: list[int]) -> None:
        self.nmask = nmask
        self.ncap = ncap
        self.load = [0] * len(nmask)
        self.members: list[list[int]] = [[] for _ in nmask]
        self.imask: list[int] = []
        self.itag: list[object] = []
        self.matched = 0
        self.need = sum(ncap)
        self.failed: list[int] = []

    def offer(self, m: int, tag: object) -> bool:
        """Try to add a unit producing any type in bitmask ``m``; True if it is matched."""
        for f in self.failed:
            if m | f == f:  # a unit with no more options than a rejected one is rejected too
                return False
        nmask, ncap, load, members = self.nmask, self.ncap, self.load, self.members
        i = len(self.imask)
        nn = len(nmask)
        for k in range(nn):
            if m & nmask[k] and load[k] < ncap[k]:
                self.imask.append(m)
                self.itag.append(tag)
                members[k].append(i)
                load[k] += 1
                self.matched += 1
                return True
        # Augmenting path search over demand nodes (all the ones ``m`` reaches are full).
        imask = self.imask
        prev = [-2] * nn
        via = [0] * nn
        queue = []
        for k in range(nn):
            if m & nmask[k]:
                prev[k] = -1
                via[k] = i
                queue.append(k)
        end = -1
        qi = 0
        while qi < len(queue) and end < 0:
            k = queue[qi]
            qi += 1
            for u in members[k]:
                um = imask[u]
                for k2 in range(nn):
                    if prev[k2] == -2 and um & nmask[k2]:
                        prev[k2] = k
                        via[k2] = u
                        if load[k2] < ncap[k2]:
                            end = k2
                            break
                        queue.append(k2)
                if end >= 0:
                    break
        if end < 0:
            self.failed.append(m)
            return False
        imask.append(m)
        self.itag.append(tag)
        cur = end
        while True:
            u = via[cur]
            members[cur].append(u)
            p = prev[cur]
            if p < 0:
                break
            members[p].remove(u)
            cur = p
        load[end] += 1
        self.matched += 1
        return True


def _run_match(need: Sequence[int], generic: int, hyb_nodes: tuple[tuple[int, int], ...],
               pool6: Sequence[int], fixed: list[tuple[ManaSource, int]],
               small: Sequence[ManaSource]) -> _Match | None:
    """Match pool mana, then the mana of ``fixed`` (source, type) activations, then one-mana
    ``small`` sources in order, to the resolved cost. None if the cost cannot be covered."""
    nmask: list[int] = []
    ncap: list[int] = []
    for t in range(6):
        if need[t]:
            nmask.append(1 << t)
            ncap.append(need[t])
    for mask, cnt in hyb_nodes:
        nmask.append(mask)
        ncap.append(cnt)
    if generic:
        nmask.append(_ALL_TYPES_MASK)
        ncap.append(generic)
    mt = _Match(nmask, ncap)
    total = mt.need
    if any(pool6):
        for t in range(6):
            for _ in range(pool6[t]):
                if mt.matched == total or not mt.offer(1 << t, t):
                    break
    for j, (s, t) in enumerate(fixed):
        for _ in range(s.amount):
            if mt.matched == total or not mt.offer(1 << t, -1 - j):
                break
    if mt.matched < total:
        load, members, imask, itag = mt.load, mt.members, mt.imask, mt.itag
        nodes = range(len(nmask))
        for s in small:
            m = s.mask
            for k in nodes:  # inline fast path of _Match.offer: a node with room
                if m & nmask[k] and load[k] < ncap[k]:
                    members[k].append(len(imask))
                    imask.append(m)
                    itag.append(s)
                    load[k] += 1
                    mt.matched += 1
                    break
            else:
                if not mt.offer(m, s):
                    continue
            if mt.matched == total:
                return mt
    return mt if mt.matched == total else None


def _big_options(classes: list[tuple[list[ManaSource], tuple[int, ...]]],
                 demanded: int) -> list[list[list[tuple[ManaSource, int]]]]:
    """For each class of identical multi-mana sources, every way to use its members: each
    unused or producing one type. Only demanded types, plus one other type for generic, are
    worth trying."""
    per_class = []
    for members, types in classes:
        opts: list[int] = [t for t in types if demanded >> t & 1]
        other = next((t for t in types if not demanded >> t & 1), None)
        if other is not None:
            opts.append(other)
        opts.append(-1)  # unused
        choices = []
        for combo in combinations_with_replacement(opts, len(members)):
            choices.append([(members[j], t) for j, t in enumerate(combo) if t >= 0])
        per_class.append(choices)
    return per_class


def _big_classes(sources: Sequence[ManaSource]) -> list[tuple[list[ManaSource], tuple[int, ...]]]:
    """The sources making more than one mana, grouped into classes of identical ones."""
    index: dict[tuple[int, int, int], int] = {}
    classes: list[tuple[list[ManaSource], tuple[int, ...]]] = []
    for s in sources:
        if s.amount > 1:
            k = (s.mask, s.amount, s.cost_rank)
            if k in index:
                classes[index[k]][0].append(s)
            else:
                index[k] = len(classes)
                classes.append(([s], s.types))
    return classes


def _solve(need6: Sequence[int], generic: int, hybrid: tuple[tuple[str, ...], ...],
           sources: Sequence[ManaSource], pool6: Sequence[int], optimal: bool) -> Payment | None:
    """Pay a resolved (X-free) cost; with ``optimal`` false the first payment found is returned."""
    if hybrid:
        extra, hyb_nodes, twos = _hybrid_plan(hybrid)
        need = [a + b for a, b in zip(need6, extra, strict=True)]
    else:
        hyb_nodes, twos = (), ()
        need = list(need6)
    if not generic and not hyb_nodes and not twos and not any(need):
        return Payment()
    small = [s for s in sources if s.amount == 1]
    if len(small) == len(sources):
        classes: list[tuple[list[ManaSource], tuple[int, ...]]] = []
    else:
        classes = _big_classes(sources)
    small.sort(key=_sort_key)
    resolutions = _two_resolutions(need, generic, twos) if twos else [(need, generic)]

    if not classes and len(resolutions) == 1:  # the common case: one pass is optimal
        mt = _run_match(need, generic, hyb_nodes, pool6, [], small)
        return None if mt is None else _build(mt, [], pool6)

    weight = _weights(sources) if optimal else None
    flex_base = 6 * len(sources) + 1
    best: tuple[int, _Match, list[tuple[ManaSource, int]]] | None = None
    hyb_mask = 0
    for mask, _ in hyb_nodes:
        hyb_mask |= mask
    for rneed, rgen in resolutions:
        demanded = hyb_mask  # types some colored / {C} / hybrid symbol asks for
        for t in range(6):
            if rneed[t]:
                demanded |= 1 << t
        for parts in product(*_big_options(classes, demanded)):
            fixed = [st for part in parts for st in part]
            if weight is not None:
                fixed_obj = sum(weight[id(s)] for s, _ in fixed)
                if best is not None and fixed_obj >= best[0]:
                    continue
            mt = _run_match(rneed, rgen, hyb_nodes, pool6, fixed, small)
            if mt is None:
                continue
            if weight is None:
                return _build(mt, fixed, pool6)
            produced = sum(s.amount for s, _ in fixed)
            used_fixed = sum(1 for tag in mt.itag if type(tag) is int and tag < 0)
            obj = fixed_obj + (produced - used_fixed) * flex_base + sum(
                weight[id(tag)] for tag in mt.itag if type(tag) is ManaSource)
            if best is None or obj < best[0]:
                best = (obj, mt, fixed)
    return None if best is None else _build(best[1], best[2], pool6)


def _weights(sources: Sequence[ManaSource]) -> dict[int, int]:
    """Objective weight of activating each source (by key). Lower total is better: fewest
    activations of the highest cost_rank, then of the next rank, ...; then least wasted mana
    (leftover, weighted ``6n+1`` per mana by the caller); then fewest producible types."""
    n = len(sources)
    flex_base = 6 * n + 1
    lf = (sum(s.amount for s in sources) + 1) * flex_base
    ranks = sorted({s.cost_rank for s in sources})
    rank_weight = {r: (n + 1) ** i * lf for i, r in enumerate(ranks)}
    return {id(s): rank_weight[s.cost_rank] + len(s.types) for s in sources}


def _build(mt: _Match, fixed: list[tuple[ManaSource, int]], pool6: Sequence[int]) -> Payment:
    """Turn a complete matching into a :class:`Payment`."""
    activations = [(s.key, MANA_TYPES[t]) for s, t in fixed]
    from_pool: dict[str, int] = {}
    spent_fixed = [0] * len(fixed)
    nmask, imask, itag = mt.nmask, mt.imask, mt.itag
    for k, members in enumerate(mt.members):
        nm = nmask[k]
        for i in members:
            tag = itag[i]
            if type(tag) is ManaSource:
                activations.append((tag.key, _LOWEST_TYPE[imask[i] & nm]))
            elif tag >= 0:  # type: ignore[operator]
                c = MANA_TYPES[tag]  # type: ignore[index]
                from_pool[c] = from_pool.get(c, 0) + 1
            else:
                spent_fixed[-1 - tag] += 1  # type: ignore[operator]
    leftover: dict[str, int] = {}
    for (s, t), spent in zip(fixed, spent_fixed, strict=True):
        if s.amount > spent:
            c = MANA_TYPES[t]
            leftover[c] = leftover.get(c, 0) + s.amount - spent
    return Payment(activations, from_pool, leftover)


# A source with a mana cost (a Signet) is planned with twelve type bits: bits 0-5 are mana
# that can pay anything (the pool, sources without a cost), bits 6-11 the same types made by
# a source with a cost. The spell's symbols accept both; the sources' own costs accept only
# the first six, so a Signet's {1} is never paid with mana a Signet makes (CR 601.2g-h,
# 605.3a: the cost is paid before the ability adds its mana). This is sound and complete
# except for chains (one Signet's mana paying another's cost), which it does not plan.
_MADE_SHIFT = 6
_ANY_MANA = (1 << 12) - 1
#: Most sources with a mana cost considered in one payment (their subsets are enumerated).
_MAX_COSTED = 6


def _has_costed(sources: Sequence[ManaSource]) -> bool:
    """Whether some source adds a fixed combination of mana (``yields``): a Signet's, with a
    cost, or a Karoo's, without."""
    for s in sources:  # a plain loop: this runs on every payability test
        if s.yields:
            return True
    return False


def _demand(cost: ManaCost, own: bool, twos_as: Sequence[int] | None = None,
            generic: int | None = None) -> tuple[list[int], list[int]]:
    """Demand nodes (masks, capacities) for ``cost``: a spell's (``own`` False: any mana pays
    it) or the sources' own costs (``own`` True: only mana from elsewhere)."""
    extra, hyb_nodes, _twos = _hybrid_plan(cost.hybrid) if cost.hybrid else (_NO_EXTRA, (), ())
    need = twos_as if twos_as is not None else [a + b for a, b in zip((*cost.colored, cost.colorless), extra,
                                                                      strict=True)]
    widen = (lambda m: m) if own else (lambda m: m | m << _MADE_SHIFT)
    masks: list[int] = []
    caps: list[int] = []
    for t in range(6):
        if need[t]:
            masks.append(widen(1 << t))
            caps.append(need[t])
    for mask, n in hyb_nodes:
        masks.append(widen(mask))
        caps.append(n)
    g = cost.generic if generic is None else generic
    if g:
        masks.append(_ALL_TYPES_MASK if own else _ANY_MANA)
        caps.append(g)
    return masks, caps


def _solve_costed(cost: ManaCost, sources: Sequence[ManaSource], pool6: Sequence[int],
                  optimal: bool) -> Payment | None:
    """Pay an X-free ``cost`` when some sources themselves cost mana: every subset of those
    (fewest first) is tried, its costs added to the demand and its mana offered as made mana;
    the rest as in :func:`_solve`. With ``optimal``, the payment activating the fewest sources
    of the highest ``cost_rank`` first, then wasting the least mana, wins."""
    costed = sorted((s for s in sources if s.yields), key=_sort_key)[:_MAX_COSTED]
    plain = [s for s in sources if not s.yields]
    small = sorted((s for s in plain if s.amount == 1), key=_sort_key)
    classes = _big_classes(plain)
    rank = {s.key: s.cost_rank for s in sources}
    ranks = sorted(set(rank.values()), reverse=True)
    extra, _nodes, twos = _hybrid_plan(cost.hybrid) if cost.hybrid else (_NO_EXTRA, (), ())
    base_need = [a + b for a, b in zip((*cost.colored, cost.colorless), extra, strict=True)]
    resolutions = _two_resolutions(base_need, cost.generic, twos) if twos else [(base_need, cost.generic)]
    best: tuple[tuple[int, ...], Payment] | None = None
    for r in range(len(costed) + 1):
        for chosen in combinations(costed, r):
            own = ZERO_COST
            made: list[int] = []
            free: list[int] = []
            for s in chosen:
                if s.cost is None:
                    # Without a cost of its own it can be activated first, so its mana pays
                    # anything, another source's cost included (CR 605.3a).
                    free.extend(_TYPE_INDEX[c] for c in s.yields)
                    continue
                own = own + s.cost
                made.extend(_TYPE_INDEX[c] for c in s.yields)
            own_masks, own_caps = _demand(own, True)
            demanded = 0
            for m in own_masks:
                demanded |= m & _ALL_TYPES_MASK
            for rneed, rgen in resolutions:
                masks, caps = _demand(cost, False, rneed, rgen)
                nmask, ncap = masks + own_masks, caps + own_caps
                dem = demanded
                for m in masks:
                    if m != _ANY_MANA:
                        dem |= (m | m >> _MADE_SHIFT) & _ALL_TYPES_MASK
                for parts in product(*_big_options(classes, dem)):
                    fixed = [st for part in parts for st in part]
                    p = _match_costed(nmask, ncap, pool6, made, fixed, small, free)
                    if p is None:
                        continue
                    p.activations[:0] = [(s.key, s.yields) for s in chosen]
                    if not optimal:
                        return p
                    used = [rank[key] for key, _ in p.activations]
                    score = (*(used.count(x) for x in ranks), sum(p.leftover.values()))
                    if best is None or score < best[0]:
                        best = (score, p)
    return None if best is None else best[1]


def _match_costed(nmask: list[int], ncap: list[int], pool6: Sequence[int], made: list[int],
                  fixed: list[tuple[ManaSource, int]], small: Sequence[ManaSource],
                  free: Sequence[int] = ()) -> Payment | None:
    """Match pool mana, made mana, then ``fixed`` activations, then ``small`` sources in order
    to the demand; the payment, or None if the demand cannot be covered. ``free``: mana made
    by sources without a cost, which may pay the other sources' costs too."""
    mt = _Match(nmask, ncap)
    total = mt.need
    units: list[tuple[int, object]] = [(1 << t, t) for t in range(6) for _ in range(pool6[t])]
    units += [(1 << t, ("made", t)) for t in free]
    units += [(1 << (t + _MADE_SHIFT), ("made", t)) for t in made]
    made = [*made, *free]
    units += [(1 << t, -1 - j) for j, (s, t) in enumerate(fixed) for _ in range(s.amount)]
    for m, tag in units:
        if mt.matched < total:
            mt.offer(m, tag)
    for s in small:
        if mt.matched == total:
            break
        mt.offer(s.mask, s)
    if mt.matched < total:
        return None
    activations = [(s.key, MANA_TYPES[t]) for s, t in fixed]
    from_pool: dict[str, int] = {}
    leftover: dict[str, int] = {}
    spent_fixed = [0] * len(fixed)
    for k, members in enumerate(mt.members):
        for i in members:
            tag = mt.itag[i]
            if type(tag) is ManaSource:
                activations.append((tag.key, _LOWEST_TYPE[mt.imask[i] & nmask[k] & _ALL_TYPES_MASK]))
            elif type(tag) is tuple:
                made.remove(tag[1])
            elif tag >= 0:  # type: ignore[operator]
                c = MANA_TYPES[tag]  # type: ignore[index]
                from_pool[c] = from_pool.get(c, 0) + 1
            else:
                spent_fixed[-1 - tag] += 1  # type: ignore[operator]
    for t in made:  # made mana no symbol took stays in the pool (CR 106.4a)
        leftover[MANA_TYPES[t]] = leftover.get(MANA_TYPES[t], 0) + 1
    for (s, t), spent in zip(fixed, spent_fixed, strict=True):
        if s.amount > spent:
            leftover[MANA_TYPES[t]] = leftover.get(MANA_TYPES[t], 0) + s.amount - spent
    return Payment(activations, from_pool, leftover)


def find_payment(cost: ManaCost, sources: Sequence[ManaSource],
                 pool: ManaPool | None = None) -> Payment | None:
    """Choose which sources to activate, for which type of mana, and which pool mana to spend to
    pay ``cost`` exactly (CR 601.2g-h, 118.3); ``None`` if it cannot be paid (CR 118.3).

    Pool mana is spent first. Colored and {C} symbols are paid only with mana of their type
    (CR 107.4a, 107.4c), generic with any type (CR 107.4b), hybrid with either half
    (CR 107.4e); Phyrexian symbols are paid with mana here (decide on life beforehand,
    CR 118.13a). Each source is activated at most once; sources sharing a key are
    alternatives of one object, of which at most one is activated (each combination is
    planned, and the cheapest payment wins). Among all payments it returns one that uses the fewest sources of the
    highest ``cost_rank``, then of the next rank, and so on (lands before creatures before
    Treasures); then wastes the least mana; then taps sources with the fewest options.

    How: sources are offered greedily, lowest rank and fewest options first, to a bipartite
    matching against the cost's symbols; an augmenting path re-routes earlier choices when
    a plain greedy assignment would get stuck (e.g. a {W/U} land taken for {W} when a
    Plains could have paid it). Matchable sets form a matroid, so this one pass is exact.
    Only {2/X} symbols and sources making more than one mana (whose whole output is one
    type) are enumerated, pruned by the best payment found so far.

    The cost must be X-free: call ``cost.with_x(n)`` first (CR 107.3a, 601.2b).
    """
    if cost.x:
        raise ValueError(f"cost {cost.text} has an unchosen X; call cost.with_x(n) first (CR 601.2b)")
    need6, pool6 = (*cost.colored, cost.colorless), _pool_counts(pool)
    best: Payment | None = None
    for combo in _alternative_sets(sources):
        if _has_costed(combo):
            p = _solve_costed(cost, combo, pool6, True)
        else:
            p = _solve(need6, cost.generic, cost.hybrid, combo, pool6, True)
        if p is not None and (best is None or _payment_cost(p) < _payment_cost(best)):
            best = p
            chosen = {s.key: s.ability for s in combo if s.ability}
            if chosen:
                p.abilities = chosen
    return best


_NO_EXTRA = (0, 0, 0, 0, 0, 0)
_HALL_MAX_NODES = 6


def _hall(cost: ManaCost, sources: Sequence[ManaSource], pool6: Sequence[int]) -> tuple[bool, bool, int]:
    """Counting test of payability at X = 0, by Hall's theorem on mana units vs. symbols.

    Returns ``(ok, exact, slack)``. ``ok`` False means the cost certainly cannot be paid: for
    some set of colored / {C} / hybrid symbols, fewer mana could be made that pays any of
    them than they need (for a single color this is "not enough mana of that color"), or
    there is too little mana in total. ``exact`` True means ``ok`` is the final answer:
    every source makes one mana and there is no {2/X} symbol, so the test is Hall's
    condition itself. ``slack`` is the mana available beyond the cost (when exact, the
    largest generic increase that stays payable)."""
    if cost.hybrid:
        extra, hyb_nodes, twos = _hybrid_plan(cost.hybrid)
    else:
        extra, hyb_nodes, twos = _NO_EXTRA, (), ()
    exact = not twos
    units: dict[int, int] = {}
    total = 0
    for t in range(6):
        if pool6[t]:
            units[1 << t] = pool6[t]
            total += pool6[t]
    for s in sources:
        a = s.amount
        if a != 1:
            exact = False
        units[s.mask] = units.get(s.mask, 0) + a
        total += a
    colored = cost.colored
    masks: list[int] = []
    caps: list[int] = []
    for t in range(6):
        n = (colored[t] if t < 5 else cost.colorless) + extra[t]
        if n:
            masks.append(1 << t)
            caps.append(n)
    for mask, n in hyb_nodes:
        masks.append(mask)
        caps.append(n)
    # A {2/X} symbol needs at least one mana of any type (relaxation when not exact).
    slack = total - sum(caps) - cost.generic - sum(m for _, m in twos)
    if slack < 0:
        return False, True, slack
    k = len(masks)
    if k > _HALL_MAX_NODES:  # too many subsets: test single symbols only
        exact = False
        subsets: Iterable[int] = (1 << j for j in range(k))
    else:
        subsets = range(1, 1 << k)
    items = list(units.items())
    for sub in subsets:
        union = need = 0
        for j in range(k):
            if sub >> j & 1:
                union |= masks[j]
                need += caps[j]
        have = 0
        for m, n in items:
            if m & union:
                have += n
        if have < need:
            return False, True, slack
    return True, exact, slack


def can_pay(cost: ManaCost, sources: Sequence[ManaSource], pool: ManaPool | None = None) -> bool:
    """Whether ``cost`` can be paid (CR 118.3, 601.2h), with any {X} taken as 0 (CR 107.3).

    A counting test (Hall's condition on mana per color and in total) runs first; it is the
    whole answer when every source makes one mana and there is no {2/X} symbol. Otherwise
    a payment is searched for when the counts allow one."""
    pool6 = _pool_counts(pool)
    sets = _alternative_sets(sources)
    if len(sets) > 1:
        return any(can_pay(cost, combo, pool) for combo in sets)
    sources = sets[0]
    if _has_costed(sources):
        return _solve_costed(cost.with_x(0), sources, pool6, False) is not None
    ok, exact, _ = _hall(cost, sources, pool6)
    if not ok or exact:
        return ok
    return _solve((*cost.colored, cost.colorless), cost.generic, cost.hybrid, sources, pool6, False) is not None


def max_affordable_x(cost: ManaCost, sources: Sequence[ManaSource], pool: ManaPool | None = None) -> int:
    """The largest X for which ``cost`` can be paid (CR 107.3a, 601.2b); -1 if it cannot be paid
    even with X = 0. For a cost without {X} this is 0 or -1.

    When the counting test is exact, every spare mana can go to X. Otherwise payability only
    gets harder as X grows, so X is binary-searched up to the bound given by the spare mana."""
    sets = _alternative_sets(sources)
    if len(sets) > 1:
        return max(max_affordable_x(cost, combo, pool) for combo in sets)
    sources = sets[0]
    pool6 = _pool_counts(pool)
    if _has_costed(sources):
        return _max_x_costed(cost, sources, pool, pool6)
    ok, exact, slack = _hall(cost, sources, pool6)
    if not ok:
        return -1
    need6 = (*cost.colored, cost.colorless)
    if not exact and _solve(need6, cost.generic, cost.hybrid, sources, pool6, False) is None:
        return -1
    if not cost.x:
        return 0
    hi = slack // cost.x
    if exact:
        return hi
    lo = 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _solve(need6, cost.generic + mid * cost.x, cost.hybrid, sources, pool6, False) is not None:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _max_x_costed(cost: ManaCost, sources: Sequence[ManaSource], pool: ManaPool | None,
                  pool6: Sequence[int]) -> int:
    """:func:`max_affordable_x` when some sources cost mana: X is binary-searched."""
    if _solve_costed(cost.with_x(0), sources, pool6, False) is None:
        return -1
    if not cost.x:
        return 0
    lo, hi = 0, max(0, total_available(sources, pool) - cost.min_mana) // cost.x
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _solve_costed(cost.with_x(mid), sources, pool6, False) is not None:
            lo = mid
        else:
            hi = mid - 1
    return lo
