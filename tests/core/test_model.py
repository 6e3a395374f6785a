"""Validation of a deal: one test per error, and the vocabulary's tables."""

from __future__ import annotations

from typing import Any

import pytest

from belot_core import (
    BelotError,
    ByTeam,
    Contract,
    Deal,
    Declarations,
    Doubling,
    InvalidInputError,
    Pile,
    RuleViolationError,
    Team,
    deal_problems,
)

US, THEM = Team.US, Team.THEM


def fields(**changes: Any) -> dict[str, Any]:
    """A valid deal's fields (case 12), with some changed."""
    base: dict[str, Any] = {
        "contract": Contract.HEARTS,
        "bidder": US,
        "doubling": Doubling.NONE,
        "pile": Pile(team=US, points=82),
        "last_trick": US,
        "capot": None,
        "declarations": ByTeam(us=Declarations(tierce=1), them=Declarations()),
        "hanging_in": 0,
    }
    base.update(changes)
    return base


def decl(us: Declarations | None = None, them: Declarations | None = None) -> ByTeam[Declarations]:
    return ByTeam(us=us or Declarations(), them=them or Declarations())


@pytest.mark.parametrize(
    ("changes", "error", "code", "field"),
    [
        pytest.param(
            {"contract": "hearts"}, InvalidInputError, "wrong_type", "contract", id="contract-str"
        ),
        pytest.param({"bidder": None}, InvalidInputError, "wrong_type", "bidder", id="bidder-none"),
        pytest.param(
            {"doubling": 2}, InvalidInputError, "wrong_type", "doubling", id="doubling-int"
        ),
        pytest.param(
            {"last_trick": "us"}, InvalidInputError, "wrong_type", "last_trick", id="last-str"
        ),
        pytest.param({"capot": "us"}, InvalidInputError, "wrong_type", "capot", id="capot-str"),
        pytest.param({"pile": 82}, InvalidInputError, "wrong_type", "cards", id="pile-int"),
        pytest.param(
            {"pile": Pile(team="us", points=82)},
            InvalidInputError,
            "wrong_type",
            "cards.team",
            id="pile-team-str",
        ),
        pytest.param(
            {"pile": Pile(team=US, points=82.5)},
            InvalidInputError,
            "not_integer",
            "cards.points",
            id="points-fraction",
        ),
        pytest.param(
            {"pile": Pile(team=US, points=True)},
            InvalidInputError,
            "not_integer",
            "cards.points",
            id="points-bool",
        ),
        pytest.param(
            {"pile": Pile(team=US, points=153)},
            InvalidInputError,
            "points_out_of_range",
            "cards.points",
            id="points-over-deck",
        ),
        pytest.param(
            {"pile": Pile(team=US, points=-1)},
            InvalidInputError,
            "points_out_of_range",
            "cards.points",
            id="points-negative",
        ),
        pytest.param(
            {"contract": Contract.NO_TRUMPS, "pile": Pile(team=US, points=121)},
            InvalidInputError,
            "points_out_of_range",
            "cards.points",
            id="points-over-no-trumps",
        ),
        pytest.param(
            {"hanging_in": -1},
            InvalidInputError,
            "hanging_out_of_range",
            "hanging_in",
            id="hanging-negative",
        ),
        pytest.param(
            {"hanging_in": "9"}, InvalidInputError, "not_integer", "hanging_in", id="hanging-str"
        ),
        pytest.param(
            {"declarations": Declarations()},
            InvalidInputError,
            "wrong_type",
            "declarations",
            id="declarations-not-by-team",
        ),
        pytest.param(
            {"contract": Contract.NO_TRUMPS, "pile": Pile(team=US, points=60)},
            RuleViolationError,
            "declarations_in_no_trumps",
            "declarations.us",
            id="no-trumps-declarations",
        ),
        pytest.param(
            {
                "contract": Contract.NO_TRUMPS,
                "pile": Pile(team=US, points=60),
                "declarations": decl(them=Declarations(belot=1)),
            },
            RuleViolationError,
            "declarations_in_no_trumps",
            "declarations.them",
            id="no-trumps-belot",
        ),
        pytest.param(
            {"declarations": decl(Declarations(belot=1), Declarations(belot=1))},
            RuleViolationError,
            "too_many_belots",
            "declarations.them.belot",
            id="two-belots-in-a-suit",
        ),
        pytest.param(
            {"contract": Contract.ALL_TRUMPS, "declarations": decl(Declarations(belot=5))},
            RuleViolationError,
            "too_many_belots",
            "declarations.us.belot",
            id="five-belots-in-all-trumps",
        ),
        pytest.param(
            {"declarations": decl(Declarations(carre_jacks=1), Declarations(carre_jacks=1))},
            RuleViolationError,
            "too_many_carres",
            "declarations.them.carre_jacks",
            id="two-carres-of-jacks",
        ),
        pytest.param(
            {"declarations": decl(Declarations(carre_nines=2))},
            RuleViolationError,
            "too_many_carres",
            "declarations.us.carre_nines",
            id="two-carres-of-nines",
        ),
        pytest.param(
            {"declarations": decl(Declarations(carre=3), Declarations(carre=2))},
            RuleViolationError,
            "too_many_carres",
            "declarations.them.carre",
            id="five-carres",
        ),
        pytest.param(
            {"declarations": decl(Declarations(quint=3))},
            RuleViolationError,
            "too_many_sequences",
            "declarations.us",
            id="three-quints",
        ),
        pytest.param(
            {"declarations": decl(them=Declarations(tierce=5))},
            RuleViolationError,
            "too_many_sequences",
            "declarations.them",
            id="five-tierces",
        ),
        pytest.param(
            {"declarations": decl(Declarations(quint=2, quarte=1, tierce=1))},
            RuleViolationError,
            "too_many_sequences",
            "declarations.us",
            id="two-quints-quarte-tierce",
        ),
        pytest.param(
            {"capot": US},
            RuleViolationError,
            "capot_without_all_tricks",
            "capot",
            id="capot-without-all-points",
        ),
        pytest.param(
            {"capot": US, "pile": Pile(team=THEM, points=0), "last_trick": THEM},
            RuleViolationError,
            "capot_without_all_tricks",
            "capot",
            id="capot-without-last-trick",
        ),
    ],
)
def test_each_problem_has_its_error(
    changes: dict[str, Any], error: type[BelotError], code: str, field: str
) -> None:
    problems = deal_problems(**fields(**changes))
    assert problems, "expected a problem"
    first = problems[0]
    assert type(first) is error
    assert (first.code, first.field) == (code, field)
    with pytest.raises(error) as raised:
        Deal(**fields(**changes))
    assert raised.value == first


@pytest.mark.parametrize(
    ("counts", "code"),
    [
        ({"tierce": -1}, "negative_count"),
        ({"belot": 1.0}, "not_integer"),
        ({"quint": None}, "not_integer"),
    ],
    ids=["negative", "float", "none"],
)
def test_declaration_counts_must_be_whole_and_not_negative(
    counts: dict[str, Any], code: str
) -> None:
    with pytest.raises(InvalidInputError) as raised:
        Declarations(**counts)
    assert raised.value.code == code


def test_every_problem_is_reported_at_once() -> None:
    problems = deal_problems(
        **fields(bidder="x", pile=Pile(team=US, points=999), hanging_in=-3, doubling=None)
    )
    assert [(p.code, p.field) for p in problems] == [
        ("wrong_type", "bidder"),
        ("wrong_type", "doubling"),
        ("points_out_of_range", "cards.points"),
        ("hanging_out_of_range", "hanging_in"),
    ]


def test_legal_sequences_fit_two_hands() -> None:
    # A quint and a tierce in one hand, two quartes in the other: 16 cards.
    deal = Deal(**fields(declarations=decl(Declarations(quint=1, tierce=1, quarte=2))))
    assert deal.declarations.us.points == 100 + 20 + 100


def test_a_capot_with_all_tricks_is_accepted_whoever_counted() -> None:
    deal = Deal(
        **fields(capot=THEM, pile=Pile(team=US, points=0), last_trick=THEM, declarations=decl())
    )
    assert deal.card_points() == ByTeam(us=0, them=152)


def test_errors_are_value_errors_with_a_readable_str() -> None:
    error = InvalidInputError("points_out_of_range", "cards.points", value=153, max=152)
    assert isinstance(error, ValueError)
    assert str(error) == "points_out_of_range at 'cards.points' (max=152, value=153)"


def test_team_other_and_contract_tables() -> None:
    assert US.other is THEM and THEM.other is US
    assert [c.deck_points for c in Contract] == [152, 152, 152, 152, 120, 248]
    assert [c.max_belots for c in Contract] == [1, 1, 1, 1, 0, 4]
    assert [d.multiplier for d in Doubling] == [1, 2, 4]
