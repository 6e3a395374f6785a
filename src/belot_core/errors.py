"""Errors raised by the core.

Every error is a :class:`BelotError` (a :class:`ValueError`) with a stable
``code``, the ``field`` of the input it concerns and the ``params`` needed to
explain it. Messages in Bulgarian and English come from :mod:`belot_core.i18n`
by ``code``; the English ``str()`` of an error is for developers and logs.

Three kinds, as in the rule book:

* :class:`InvalidInputError` -- the input is malformed: wrong type, unknown
  name, a number out of range.
* :class:`RuleViolationError` -- the input is well formed but impossible under
  the rules: a capot without all the tricks, a belot in No trumps.
* :class:`SheetError` -- the game sheet was misused: a deal added to a
  finished game, an index that does not exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .text import shown

__all__ = [
    "MAX_SHOWN",
    "BelotError",
    "InvalidInputError",
    "Param",
    "RuleViolationError",
    "SheetError",
    "echo",
]

#: A parameter of an error or an explanation step: JSON-friendly scalars only.
type Param = int | str | tuple[str, ...] | None

MAX_SHOWN = 40
"""The longest value an error echoes back, in characters: a name, a number, an id
or a field the input gave (cut with "…"). The one limit of the core, here at the
bottom so every module cuts by it; the widget takes it from core-tables.js."""


def echo(text: str) -> str:
    """``text`` as an error shows it: whole, or its first ``MAX_SHOWN - 1``
    characters and "…" (so at most ``MAX_SHOWN``) -- its invisible characters
    written as escapes (``\\u202e``, :func:`~belot_core.text.shown`), so a value
    that reorders text or hides in it is seen, and cannot reorder the message."""
    escaped = shown(text[:MAX_SHOWN])  # an escape is longer: nothing later is shown
    if len(text) <= MAX_SHOWN and len(escaped) <= MAX_SHOWN:
        return escaped
    return escaped[: MAX_SHOWN - 1] + "…"


class BelotError(ValueError):
    """Base class of every error the core raises on purpose."""

    code: str
    field: str
    params: Mapping[str, Param]

    def __init__(self, code: str, field: str = "", **params: Param) -> None:
        self.code = code
        self.field = field
        self.params = MappingProxyType(dict(params))
        detail = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        where = f" at {field!r}" if field else ""
        super().__init__(f"{code}{where}" + (f" ({detail})" if detail else ""))

    def __eq__(self, other: object) -> bool:
        return (
            type(self) is type(other)
            and isinstance(other, BelotError)
            and (self.code, self.field, dict(self.params))
            == (other.code, other.field, dict(other.params))
        )

    def __hash__(self) -> int:
        return hash((type(self), self.code, self.field))


class InvalidInputError(BelotError):
    """Malformed input: a wrong type, an unknown name, a number out of range."""


class RuleViolationError(BelotError):
    """Well-formed input that cannot happen under the rules of belot."""


class SheetError(BelotError):
    """Misuse of the game sheet: a deal after the end of the game, a bad index."""
