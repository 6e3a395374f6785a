"""Rounding raw points to game points, rule by rule."""

from __future__ import annotations

import pytest

from belot_core import Contract, round_pair, round_sum

H, AT, NT = Contract.HEARTS, Contract.ALL_TRUMPS, Contract.NO_TRUMPS


@pytest.mark.parametrize(
    ("contract", "first", "second", "expected"),
    [
        pytest.param(H, 112, 70, (11, 7), id="suit-2-and-0-down"),
        pytest.param(H, 97, 65, (10, 6), id="suit-7-up-5-down"),
        pytest.param(H, 96, 66, (9, 7), id="suit-both-6-smaller-up"),
        pytest.param(H, 66, 96, (7, 9), id="suit-both-6-order-free"),
        pytest.param(H, 106, 106, (10, 11), id="suit-equal-6-first-down"),
        pytest.param(H, 88, 74, (9, 7), id="suit-8-up-4-down"),
        pytest.param(AT, 134, 124, (13, 13), id="all-trumps-both-4"),
        pytest.param(AT, 154, 154, (15, 16), id="all-trumps-equal-4-first-down"),
        pytest.param(AT, 129, 129, (13, 13), id="all-trumps-9-up"),
        pytest.param(AT, 135, 123, (14, 12), id="all-trumps-5-up-3-down"),
        pytest.param(NT, 130, 130, (13, 13), id="no-trumps-5-up"),
        pytest.param(NT, 146, 114, (15, 11), id="no-trumps-6-up-4-down"),
        pytest.param(H, 6, 150, (1, 15), id="suit-lone-6-rounds-up"),
        pytest.param(AT, 4, 250, (0, 25), id="all-trumps-lone-4-rounds-down"),
    ],
)
def test_round_pair(contract: Contract, first: int, second: int, expected: tuple[int, int]) -> None:
    assert round_pair(contract, first, second) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(298, 30), (520, 52), (324, 32), (648, 65), (504, 50), (162, 16), (0, 0), (5, 1), (4, 0)],
)
def test_round_sum_five_and_up_rounds_up(raw: int, expected: int) -> None:
    assert round_sum(raw) == expected
