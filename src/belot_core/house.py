"""House rules: the table's own rules, as named options.

The rule book is the default and never changes. Where kitchen tables play a
point differently ("Where players' rules differ"), the table switches on a
named option; a :class:`Rules` value is the whole rule set a deal or a game is
scored by. ``Rules()`` is the rule book.

Each option has a stable snake_case id -- the field's name, the key in the JSON
contract's ``"rules"`` object and in the widget's ``rules`` attribute. Its name
and one-line description in Bulgarian and English come from
:mod:`belot_core.i18n` (:func:`~belot_core.i18n.house_rule_options`).

>>> Rules.of("round_before_multiply").active
('round_before_multiply',)
>>> Rules().active
()
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from .errors import InvalidInputError, echo

__all__ = ["DEFAULT_RULES", "HOUSE_RULES", "Rules"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The rule set a deal is scored by: the rule book, with some house rules on.

    Every option is off by default; ``Rules()`` is exactly the rule book. The
    worked case of each option is in its docstring (rule book → with the option).
    """

    round_before_multiply: bool = False
    """Under contra or recontra the sum is rounded first, then multiplied -- what
    the winner records and what hangs (docs/rules-cases.md, case 17: 162 → 16, × 4 = 64, not
    648 → 65)."""
    capot_cancels_contra: bool = False
    """A deal with a capot is scored as if nobody had doubled (docs/rules-cases.md, case 20:
    25 : 0, not 504 → 50 : 0)."""
    larger_six_rounds_up: bool = False
    """In a suit, when both teams' own totals end in 6, the larger rounds up and
    the smaller down (86 : 76 → 9 : 7, not 8 : 8). All trumps (both ending in 4)
    keeps the rule book."""
    no_trumps_capot_44: bool = False
    """In No trumps the capot bonus is doubled like the cards (90 × 2 = 180), so a
    capot writes (120 + 10 + 90) × 2 = 440 → 44 (docs/rules-cases.md, case 19: 0 : 44, not
    0 : 35). Contra and recontra multiply that as any deal; hanging points
    carried in are added as usual."""
    hanging_rounds_down: bool = False
    """On the boundary of a hanging deal (both totals ending in 6 in a suit, in 4
    in All trumps) the hanging share rounds down as the defenders' does (rules-cases.md
    case 8, 106 : 106: 10 recorded, 10 hang, not 11)."""
    one_declaration_contest: bool = False
    """Sequences and carrés compete in one contest: the strongest declaration by
    points (a carré beats a sequence of equal points) wins, and its team scores
    all its declarations (rule-book case D7: 0 : 28, not 0 : 31)."""

    def __post_init__(self) -> None:
        for option in HOUSE_RULES:
            value = getattr(self, option)
            if not isinstance(value, bool):
                raise InvalidInputError(
                    "wrong_type", f"rules.{option}", expected="boolean", value=echo(repr(value))
                )

    @classmethod
    def of(cls, *options: str) -> Rules:
        """The rule book with these house rules (ids) switched on."""
        return cls.from_ids(options)

    @classmethod
    def from_ids(cls, options: Iterable[str]) -> Rules:
        """The rule book with the house rules named in ``options`` switched on.

        An id that names no house rule is an :class:`InvalidInputError`
        ``unknown_rule``.
        """
        chosen: dict[str, bool] = {}
        for option in options:
            if option not in HOUSE_RULES:
                shown = echo(str(option))
                raise InvalidInputError(
                    "unknown_rule", f"rules.{shown}", value=shown, choices=HOUSE_RULES
                )
            chosen[option] = True
        return cls(**chosen)

    @property
    def active(self) -> tuple[str, ...]:
        """The ids of the house rules switched on, in the order of :data:`HOUSE_RULES`."""
        return tuple(option for option in HOUSE_RULES if getattr(self, option))

    def __contains__(self, option: object) -> bool:
        return option in HOUSE_RULES and bool(getattr(self, str(option)))

    def without(self, option: str) -> Rules:
        """The same rules with one house rule switched off."""
        return Rules.from_ids(other for other in self.active if other != option)


#: Every house rule's id, in the order players see them.
HOUSE_RULES: tuple[str, ...] = tuple(option.name for option in fields(Rules))

DEFAULT_RULES = Rules()
"""The rule book: no house rule switched on."""
