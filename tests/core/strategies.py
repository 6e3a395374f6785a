"""Hypothesis strategies for deals and games, shared by the property tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from belot_core import (
    ByTeam,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    Passed,
    Pile,
    Team,
    deal_problems,
)

teams = st.sampled_from(Team)
contracts = st.sampled_from(Contract)
doublings = st.sampled_from(Doubling)


@st.composite
def declarations(draw: st.DrawFn, contract: Contract) -> Declarations:
    """One team's declarations, small counts; the deal filter keeps legal ones."""
    if contract is Contract.NO_TRUMPS:
        return Declarations()
    counts = {
        kind.value: draw(st.integers(0, 2 if kind is Declaration.TIERCE else 1))
        for kind in Declaration
    }
    return Declarations(**counts)


@st.composite
def deal_fields(draw: st.DrawFn, *, hanging: bool = True) -> dict[str, Any]:
    """Keyword arguments of a valid :class:`Deal`."""
    contract = draw(contracts)
    capot = draw(st.one_of(st.none(), teams)) if draw(st.integers(0, 9)) == 0 else None
    pile_team = draw(teams)
    if capot is None:
        points = draw(st.integers(0, contract.deck_points))
        last_trick = draw(teams)
    else:
        points = contract.deck_points if pile_team is capot else 0
        last_trick = capot
    fields = {
        "contract": contract,
        "bidder": draw(teams),
        "doubling": draw(st.sampled_from(Doubling)),
        "pile": Pile(team=pile_team, points=points),
        "last_trick": last_trick,
        "capot": capot,
        "declarations": ByTeam(us=draw(declarations(contract)), them=draw(declarations(contract))),
        "hanging_in": draw(st.integers(0, 60)) if hanging else 0,
    }
    return fields


deals = deal_fields().filter(lambda fields: not deal_problems(**fields)).map(lambda f: Deal(**f))
sheet_deals = (
    deal_fields(hanging=False)
    .filter(lambda fields: not deal_problems(**fields))
    .map(lambda f: Deal(**f))
)
entries = st.one_of(sheet_deals, sheet_deals, sheet_deals, st.just(Passed()))

#: Any JSON value at all.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=12,
)

#: JSON objects that look like deal requests, with fields often wrong.
FIELD_VALUES: dict[str, Any] = {
    "version": st.sampled_from([1, 1, 2, "1", None]),
    "contract": st.sampled_from([*Contract, "trumps", 3]),
    "bidder": st.sampled_from([*Team, "both", None]),
    "doubling": st.sampled_from([*Doubling, "double"]),
    "cards": st.fixed_dictionaries(
        {"team": st.sampled_from([*Team, "x"]), "points": st.integers(-20, 300) | json_values}
    )
    | json_values,
    "last_trick": st.sampled_from([*Team, 1]),
    "capot": st.sampled_from([None, *Team, "all"]),
    "declarations": st.fixed_dictionaries(
        {},
        optional={
            team: st.dictionaries(
                st.sampled_from([*Declaration, "fours"]), st.integers(-2, 5) | json_values
            )
            for team in ("us", "them", "others")
        },
    )
    | json_values,
    "hanging_in": st.integers(-5, 20_000) | json_values,
}
deal_like_requests = st.fixed_dictionaries({}, optional=FIELD_VALUES)
