"""Scoring one deal, as the rule book says.

:func:`score_deal` turns a valid :class:`~belot_core.model.Deal` into a
:class:`DealResult`: both teams' raw points, the outcome, what each team records
now, what hangs, and the steps of the reckoning as codes with parameters (the
words come from :mod:`belot_core.i18n`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import Param
from .model import (
    CAPOT_BONUS,
    LAST_TRICK_POINTS,
    ByTeam,
    Contract,
    Deal,
    Doubling,
    Outcome,
    Team,
)
from .rounding import round_pair, round_sum

__all__ = ["DealResult", "Step", "score_deal"]


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the explanation: a message code and its parameters."""

    code: str
    params: Mapping[str, Param] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, code: str, **params: Param) -> Step:
        """A step with keyword parameters."""
        return cls(code, MappingProxyType(params))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Step)
            and self.code == other.code
            and dict(self.params) == dict(other.params)
        )

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params))))


@dataclass(frozen=True, slots=True, kw_only=True)
class DealResult:
    """What a deal is worth."""

    raw: ByTeam[int]
    """Each team's raw points: cards, last trick, capot bonus, declarations."""
    outcome: Outcome
    record: ByTeam[int]
    """Game points each team writes down now (hanging points claimed included)."""
    hanging_out: int
    """Game points left hanging after this deal (carried ones included)."""
    steps: tuple[Step, ...]
    """The reckoning, step by step, as message codes."""


def _teams(values: ByTeam[int]) -> dict[str, Param]:
    return {"us": values.us, "them": values.them}


def score_deal(deal: Deal) -> DealResult:
    """Score one deal."""
    contract = deal.contract
    steps: list[Step] = []
    cards = deal.card_points()
    pile = deal.pile
    steps.append(
        Step.of(
            "cards",
            team=str(pile.team),
            points=pile.points,
            other=cards[pile.team.other],
            deck=contract.deck_points,
        )
    )
    # "In No trumps card points and the last trick are doubled. Nothing else is."
    factor = contract.card_multiplier
    if factor != 1:
        cards = ByTeam(us=cards.us * factor, them=cards.them * factor)
        steps.append(Step.of("no_trumps_doubled", factor=factor, **_teams(cards)))
    last_trick = LAST_TRICK_POINTS * factor
    steps.append(Step.of("last_trick", team=str(deal.last_trick), points=last_trick))
    raw = {team: cards[team] + (last_trick if team is deal.last_trick else 0) for team in Team}
    if deal.capot is not None:
        # "gets a capot bonus of 90, which is never doubled"
        raw[deal.capot] += CAPOT_BONUS
        steps.append(Step.of("capot", team=str(deal.capot), points=CAPOT_BONUS))
    for team in Team:
        declared = deal.declarations[team]
        if declared:
            raw[team] += declared.points
            steps.append(
                Step.of(
                    "declarations",
                    team=str(team),
                    points=declared.points,
                    items=tuple(f"{kind}:{count}" for kind, count in declared.items()),
                )
            )
    total = ByTeam(us=raw[Team.US], them=raw[Team.THEM])
    steps.append(Step.of("raw", **_teams(total)))

    bidder, defenders = deal.bidder, deal.defenders
    # "The bidders need strictly more than the defenders."
    if total[bidder] > total[defenders]:
        outcome = Outcome.MADE
    elif total[bidder] < total[defenders]:
        outcome = Outcome.INSIDE
    else:
        outcome = Outcome.HANGING
    steps.append(
        Step.of(
            f"outcome_{outcome}",
            bidder=str(bidder),
            bidders=total[bidder],
            defenders=total[defenders],
        )
    )

    multiplier = deal.doubling.multiplier
    whole = total.us + total.them
    record = {Team.US: 0, Team.THEM: 0}
    hanging_new = 0
    winner: Team | None
    if outcome is Outcome.HANGING:
        winner = None
        if deal.doubling is Doubling.NONE:
            # "the defenders record their own points now ... the bidders' points are
            # rounded at once and hang"; on the boundary the defenders round down.
            record[defenders], hanging_new = round_pair(contract, total[defenders], total[bidder])
            steps.append(
                Step.of(
                    "round_own", team=str(defenders), raw=total[defenders], points=record[defenders]
                )
            )
            steps.append(Step.of("hangs", team=str(bidder), raw=total[bidder], points=hanging_new))
        else:
            # "Under contra or recontra: nobody records anything; (both teams' raw
            # points) × multiplier, rounded as a sum, hang"
            hanging_new = round_sum(whole * multiplier)
            steps.append(
                Step.of(
                    "hangs_doubled",
                    raw=whole,
                    multiplier=multiplier,
                    product=whole * multiplier,
                    points=hanging_new,
                )
            )
    elif deal.doubling is not Doubling.NONE:
        # "The winner of the deal records everything ... × multiplier, and only then
        # rounded as a sum. The loser records 0."
        winner = bidder if outcome is Outcome.MADE else defenders
        record[winner] = round_sum(whole * multiplier)
        steps.append(
            Step.of(
                "doubled",
                team=str(winner),
                doubling=str(deal.doubling),
                raw=whole,
                multiplier=multiplier,
                product=whole * multiplier,
                points=record[winner],
            )
        )
    elif outcome is Outcome.MADE:
        winner = bidder
        record[Team.US], record[Team.THEM] = round_pair(contract, total.us, total.them)
        for team in Team:
            steps.append(Step.of("round_own", team=str(team), raw=total[team], points=record[team]))
    else:
        # "The defenders record the points of the whole deal ... rounded as a sum;
        # the bidders record 0."
        winner = defenders
        record[defenders] = round_sum(whole)
        steps.append(
            Step.of("inside_sum", team=str(defenders), raw=whole, points=record[defenders])
        )

    hanging_out = deal.hanging_in + hanging_new
    if deal.hanging_in:
        if winner is None:
            # "If the next deal hangs too, its hanging points are added to the ones
            # already hanging and everything waits for the deal after."
            steps.append(
                Step.of(
                    "hanging_carried", carried=deal.hanging_in, new=hanging_new, points=hanging_out
                )
            )
        else:
            # "The hanging points go to whoever wins the NEXT deal", added after any
            # multiplying, "never multiplied again".
            record[winner] += deal.hanging_in
            hanging_out = hanging_new
            steps.append(Step.of("hanging_claimed", team=str(winner), points=deal.hanging_in))
    result_record = ByTeam(us=record[Team.US], them=record[Team.THEM])
    steps.append(Step.of("record", hanging=hanging_out, **_teams(result_record)))
    return DealResult(
        raw=total,
        outcome=outcome,
        record=result_record,
        hanging_out=hanging_out,
        steps=tuple(steps),
    )


def whole_deal_points(contract: Contract) -> int:
    """Raw points of a whole deal without declarations: 162, 258 or 260."""
    return (contract.deck_points + LAST_TRICK_POINTS) * contract.card_multiplier
