"""Errors a user can cause. Each names the problem and, where one exists, a fix.

The command line catches :class:`UndercityError` and prints its message: a user
mistake never produces a traceback.
"""

from __future__ import annotations


class UndercityError(Exception):
    """Base class of every error caused by input from outside the engine."""


class UnknownCardError(UndercityError):
    """A card name that is not in the card pool."""

    def __init__(self, name: str, suggestions: list[str] | None = None) -> None:
        self.name = name
        self.suggestions = suggestions or []
        msg = f"unknown card {name!r}"
        if self.suggestions:
            msg += "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        super().__init__(msg)


class UnimplementedCardError(UnknownCardError):
    """A real card (it is in the Oracle data) that the engine does not implement yet."""

    def __init__(self, name: str) -> None:
        from undercity.cards.registry import not_implemented_reason

        why = not_implemented_reason(name)
        UndercityError.__init__(self, f"{name!r} is a real card but Undercity does not implement it yet"
                                      + (f" ({why})" if why else "")
                                      + " — `undercity cards --coverage` lists what is missing and why")
        self.name = name
        self.suggestions = []


class IllegalActionError(UndercityError):
    """A choice that is not legal for the pending decision. The game is unchanged."""


class ScenarioError(UndercityError):
    """A malformed scenario file: names the file, the place in it and what was expected."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 key: str | None = None) -> None:
        self.file, self.line, self.key, self.detail = file, line, key, message
        where = file or "<scenario>"
        if line is not None:
            where += f":{line}"
        if key:
            where += f": {key}"
        super().__init__(f"{where}: {message}")


class DecklistError(UndercityError):
    """A decklist that cannot be read."""
