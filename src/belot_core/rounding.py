"""Rounding raw points to game points.

"Divide by 10, then round" -- but how depends on the contract and on whether a
team rounds its own points or one team records a sum:

* Suit contract, each team its own: 7 and up rounds up, 5 and below down; if
  both totals end in 6, the smaller rounds up and the larger down (96 : 66 → 9
  and 7).
* All trumps, each team its own: 5 and up rounds up; if both end in 4, the
  smaller rounds up and the larger down (134 : 124 → 13 and 13).
* No trumps (after doubling): 5 and up rounds up.
* A sum recorded by one team (inside, contra, recontra): 5 and up rounds up.

The rule book is silent on a suit total ending in 6 whose partner does not end
in 6 (or an All-trumps 4 alone). With real cards this cannot happen: the two
totals of a deal always add up to the deck (162 or 258) plus declarations and
capot, which are all multiples of ten, so their last digits pair up (6 with 6,
4 with 4). For completeness a lone 6 rounds up (it is nearer) and a lone 4
rounds down (below 5).
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Contract

__all__ = ["RoundingRule", "round_pair", "round_sum", "rounding_rule"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundingRule:
    """How one contract rounds each team's own points."""

    up_from: int
    """The last digit from which a total rounds up."""
    split_digit: int | None
    """If both totals end in this digit, the smaller rounds up, the larger down."""


_SUIT = RoundingRule(up_from=7, split_digit=6)
_ALL_TRUMPS = RoundingRule(up_from=5, split_digit=4)
_NO_TRUMPS = RoundingRule(up_from=5, split_digit=None)


def rounding_rule(contract: Contract) -> RoundingRule:
    """The rule by which each team rounds its own points in ``contract``."""
    if contract is Contract.ALL_TRUMPS:
        return _ALL_TRUMPS
    if contract is Contract.NO_TRUMPS:
        return _NO_TRUMPS
    return _SUIT


def _round(raw: int, up_from: int) -> int:
    tens, digit = divmod(raw, 10)
    return tens + 1 if digit >= up_from else tens


def round_sum(raw: int) -> int:
    """A sum recorded by one team: divide by 10, 5 and up rounds up (298 → 30)."""
    return _round(raw, 5)


def round_pair(
    contract: Contract,
    first: int,
    second: int,
    *,
    larger_up: bool = False,
    equal_down: bool = False,
) -> tuple[int, int]:
    """Round two teams' own totals in ``contract``; returns (first, second).

    When both end in the contract's split digit, the smaller rounds up and the
    larger down. When they are also equal (a hanging deal: 106 : 106), the FIRST
    rounds down and the second up -- so pass the defenders first and the
    hanging bidders second ("the defenders round down and the hanging points
    round up").

    Two house rules change the split (see :mod:`belot_core.house`):
    ``larger_up`` rounds the larger up and the smaller down (86 : 76 → 9 : 7),
    and ``equal_down`` rounds both of two equal totals down (106 : 106 → 10 : 10).
    """
    rule = rounding_rule(contract)
    split = rule.split_digit
    if split is not None and first % 10 == split and second % 10 == split:
        first_tens, second_tens = first // 10, second // 10
        if first == second:
            return first_tens, second_tens + (0 if equal_down else 1)
        # The rule book rounds the smaller up; the house rule the larger.
        up_first = (first > second) if larger_up else (first < second)
        return first_tens + up_first, second_tens + (not up_first)
    return _round_alone(first, rule), _round_alone(second, rule)


def _round_alone(raw: int, rule: RoundingRule) -> int:
    if rule.split_digit is not None and raw % 10 == rule.split_digit:
        # A split digit without its partner cannot come from real cards (see the
        # module doc); round it to the nearer ten.
        return _round(raw, 5)
    return _round(raw, rule.up_from)
