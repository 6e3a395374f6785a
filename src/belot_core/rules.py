"""Scoring one deal, as the rule book says.

:func:`score_deal` turns a valid :class:`~belot_core.model.Deal` into a
:class:`DealResult`: both teams' raw points, the outcome, what each team records
now, what hangs, and the steps of the reckoning as codes with parameters (the
words come from :mod:`belot_core.i18n`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import in_deck_order
from .errors import InvalidInputError, Param
from .house import DEFAULT_RULES, HOUSE_RULES, Rules
from .memo import hash_once
from .model import (
    CAPOT_BONUS,
    CONTESTS,
    DECLARATION_POINTS,
    LAST_TRICK_POINTS,
    Acceptance,
    Announced,
    ByTeam,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    Higher,
    Outcome,
    Pile,
    Team,
    accept,
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
    accepted: ByTeam[Declarations]
    """The declarations that counted (as entered, or decided from the announced ones)."""
    questions: Higher
    """The answers used to decide which declarations count: only the questions that arose."""
    rules: Rules = DEFAULT_RULES
    """The rule set the deal was scored by."""
    applied: tuple[str, ...] = ()
    """The house rules that changed a number of this deal (ids, in the order of
    :data:`~belot_core.house.HOUSE_RULES`); each has a step in the explanation."""
    counted: Pile | None = None
    """The deal's pile when its points were counted from its cards (None: typed)."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        # Hashed once: a result is looked up in the memo of its JSON on every request.
        return hash_once(self)

    @property
    def collected(self) -> tuple[Team, int] | None:
        """The team that took the hanging points carried in, and how many: "The
        hanging points go to whoever wins the NEXT deal" (they are in its
        ``record``). None when none were carried in, or the deal hung again."""
        for step in self.steps:
            if step.code == "hanging_claimed":
                team, points = step.params["team"], step.params["points"]
                assert isinstance(team, str) and isinstance(points, int)
                return Team(team), points
        return None


def _teams(values: ByTeam[int]) -> dict[str, Param]:
    return {"us": values.us, "them": values.them}


def score_deal(deal: Deal) -> DealResult:
    """Score one deal, by its rules (``deal.rules``: the rule book unless house rules are on).

    A house rule that changes a number of the deal adds a step to the
    explanation, right after the step of the rule book it overrides, and its id
    to :attr:`DealResult.applied`; an option that changes nothing stays silent.
    """
    contract, rules = deal.contract, deal.rules
    steps: list[Step] = []
    applied: set[str] = set()
    cards = deal.card_points()
    pile = deal.pile
    if pile.cards is not None:
        # Counted from its cards: how, then the rest exactly as if the points were typed.
        steps.append(
            Step.of(
                "pile_cards",
                team=str(pile.team),
                cards=len(pile.cards),
                points=pile.points,
                tricks=pile.tricks,
                pile=tuple(card.code for card in in_deck_order(pile.cards)),
            )
        )
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
        if rules.no_trumps_capot_44 and factor != 1:
            # House rule: No trumps doubles the capot bonus too, (120 + 10 + 90) × 2 = 440.
            raw[deal.capot] += CAPOT_BONUS * (factor - 1)
            steps.append(
                Step.of(
                    "house_no_trumps_capot_44",
                    rule="no_trumps_capot_44",
                    bonus=CAPOT_BONUS,
                    factor=factor,
                    points=CAPOT_BONUS * factor,
                )
            )
            applied.add("no_trumps_capot_44")
    acceptance = deal.acceptance
    steps.extend(_acceptance_steps(acceptance))
    if rules.one_declaration_contest and deal.announced is not None:
        pooled = _one_contest_step(deal.announced, acceptance.accepted)
        if pooled is not None:
            steps.append(pooled)
            applied.add("one_declaration_contest")
    for team in Team:
        declared = acceptance.accepted[team]
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

    settled = _settle(deal, total, outcome, deal.doubling)
    if rules.capot_cancels_contra and deal.capot is not None and deal.doubling is not Doubling.NONE:
        # House rule: a capot deal is scored as if nobody had doubled.
        undoubled = _settle(deal, total, outcome, Doubling.NONE)
        if (undoubled.record, undoubled.hanging) != (settled.record, settled.hanging):
            steps.append(
                Step.of(
                    "house_capot_cancels_contra",
                    rule="capot_cancels_contra",
                    doubling=str(deal.doubling),
                )
            )
            applied.add("capot_cancels_contra")
            settled = undoubled
    steps.extend(settled.steps)
    applied.update(settled.applied)
    record, winner = dict(settled.record), settled.winner

    hanging_out = deal.hanging_in + settled.hanging
    if deal.hanging_in:
        if winner is None:
            # "If the next deal hangs too, its hanging points are added to the ones
            # already hanging and everything waits for the deal after."
            steps.append(
                Step.of(
                    "hanging_carried",
                    carried=deal.hanging_in,
                    new=settled.hanging,
                    points=hanging_out,
                )
            )
        else:
            # "The hanging points go to whoever wins the NEXT deal", added after any
            # multiplying, "never multiplied again".
            record[winner] += deal.hanging_in
            hanging_out = settled.hanging
            steps.append(Step.of("hanging_claimed", team=str(winner), points=deal.hanging_in))
    result_record = ByTeam(us=record[Team.US], them=record[Team.THEM])
    steps.append(Step.of("record", hanging=hanging_out, **_teams(result_record)))
    return DealResult(
        raw=total,
        outcome=outcome,
        record=result_record,
        hanging_out=hanging_out,
        steps=tuple(steps),
        accepted=acceptance.accepted,
        questions=acceptance.questions,
        rules=rules,
        applied=tuple(rule for rule in HOUSE_RULES if rule in applied),
        counted=None if pile.cards is None else pile,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class _Settlement:
    """Who writes what once the outcome is known (before hanging points carried in)."""

    record: dict[Team, int]
    hanging: int
    """Game points this deal adds to the hanging ones."""
    winner: Team | None
    """The team that takes the deal (and any hanging points carried in)."""
    steps: tuple[Step, ...]
    applied: tuple[str, ...]


def _settle(deal: Deal, total: ByTeam[int], outcome: Outcome, doubling: Doubling) -> _Settlement:
    """The rule book's "Who made it", "Contra and recontra" and "The hanging deal",
    with the house rules of ``deal.rules`` that change them."""
    contract, rules = deal.contract, deal.rules
    bidder, defenders = deal.bidder, deal.defenders
    multiplier = doubling.multiplier
    whole = total.us + total.them
    record = {Team.US: 0, Team.THEM: 0}
    steps: list[Step] = []
    applied: list[str] = []
    hanging = 0
    winner: Team | None
    if outcome is Outcome.HANGING:
        winner = None
        if doubling is Doubling.NONE:
            # "the defenders record their own points now ... the bidders' points are
            # rounded at once and hang"; on the boundary the defenders round down.
            record[defenders], hanging = round_pair(contract, total[defenders], total[bidder])
            steps.append(
                Step.of(
                    "round_own", team=str(defenders), raw=total[defenders], points=record[defenders]
                )
            )
            steps.append(Step.of("hangs", team=str(bidder), raw=total[bidder], points=hanging))
            if rules.hanging_rounds_down:
                # House rule: on the boundary the hanging share rounds down too.
                mine, hang = round_pair(contract, total[defenders], total[bidder], equal_down=True)
                if (mine, hang) != (record[defenders], hanging):
                    record[defenders], hanging = mine, hang
                    steps.append(
                        Step.of(
                            "house_hanging_rounds_down",
                            rule="hanging_rounds_down",
                            team=str(bidder),
                            raw=total[bidder],
                            points=hanging,
                        )
                    )
                    applied.append("hanging_rounds_down")
        else:
            # "Under contra or recontra: nobody records anything; (both teams' raw
            # points) × multiplier, rounded as a sum, hang"
            hanging = round_sum(whole * multiplier)
            steps.append(
                Step.of(
                    "hangs_doubled",
                    raw=whole,
                    multiplier=multiplier,
                    product=whole * multiplier,
                    points=hanging,
                )
            )
            hanging, house = _rounded_first(whole, multiplier, hanging, rules)
            if house is not None:
                steps.append(house)
                applied.append("round_before_multiply")
    elif doubling is not Doubling.NONE:
        # "The winner of the deal records everything ... × multiplier, and only then
        # rounded as a sum. The loser records 0."
        winner = bidder if outcome is Outcome.MADE else defenders
        record[winner] = round_sum(whole * multiplier)
        steps.append(
            Step.of(
                "doubled",
                team=str(winner),
                doubling=str(doubling),
                raw=whole,
                multiplier=multiplier,
                product=whole * multiplier,
                points=record[winner],
            )
        )
        record[winner], house = _rounded_first(whole, multiplier, record[winner], rules)
        if house is not None:
            steps.append(house)
            applied.append("round_before_multiply")
    elif outcome is Outcome.MADE:
        winner = bidder
        record[Team.US], record[Team.THEM] = round_pair(contract, total.us, total.them)
        for team in Team:
            steps.append(Step.of("round_own", team=str(team), raw=total[team], points=record[team]))
        if rules.larger_six_rounds_up and contract.is_suit:
            # House rule: "86 : 76 gives 9 : 7" -- of two totals ending in 6, the larger up.
            ours, theirs = round_pair(contract, total.us, total.them, larger_up=True)
            if (ours, theirs) != (record[Team.US], record[Team.THEM]):
                record[Team.US], record[Team.THEM] = ours, theirs
                larger = Team.US if total.us > total.them else Team.THEM
                steps.append(
                    Step.of(
                        "house_larger_six_rounds_up",
                        rule="larger_six_rounds_up",
                        larger_raw=total[larger],
                        larger=record[larger],
                        smaller_raw=total[larger.other],
                        smaller=record[larger.other],
                    )
                )
                applied.append("larger_six_rounds_up")
    else:
        # "The defenders record the points of the whole deal ... rounded as a sum;
        # the bidders record 0."
        winner = defenders
        record[defenders] = round_sum(whole)
        steps.append(
            Step.of("inside_sum", team=str(defenders), raw=whole, points=record[defenders])
        )
    return _Settlement(
        record=record, hanging=hanging, winner=winner, steps=tuple(steps), applied=tuple(applied)
    )


def _rounded_first(whole: int, multiplier: int, book: int, rules: Rules) -> tuple[int, Step | None]:
    """The points of a doubled sum under ``rules``, and the step of the house rule
    ``round_before_multiply`` if it changed the rule book's ``book``."""
    rounded = round_sum(whole)
    if not rules.round_before_multiply or rounded * multiplier == book:
        return book, None
    step = Step.of(
        "house_round_before_multiply",
        rule="round_before_multiply",
        raw=whole,
        rounded=rounded,
        multiplier=multiplier,
        points=rounded * multiplier,
    )
    return rounded * multiplier, step


def _one_contest_step(announced: Announced, pooled: ByTeam[Declarations]) -> Step | None:
    """The house rule ``one_declaration_contest``: its step, if the declarations that
    count differ from the rule book's separate contests (or the rule book would
    have had to ask a question that one contest does not)."""
    points: dict[str, Param] = {"us": pooled.us.points, "them": pooled.them.points}
    try:
        book = accept(announced, CONTESTS).accepted
    except InvalidInputError as unasked:
        # Two sequences of the same kind that one contest never compares.
        return Step.of(
            "house_one_declaration_contest_unasked",
            rule="one_declaration_contest",
            kind=unasked.params["kind"],
            **points,
        )
    if book == pooled:
        return None
    return Step.of(
        "house_one_declaration_contest",
        rule="one_declaration_contest",
        book_us=book.us.points,
        book_them=book.them.points,
        **points,
    )


def _acceptance_steps(acceptance: Acceptance) -> Iterator[Step]:
    """Which announced declarations counted, and why: one step per contest both
    teams took part in, and the belots of a team that lost one."""
    losers: set[Team] = set()
    for verdict in acceptance.verdicts:
        if not verdict.contested:
            continue  # one team alone: its declarations count, nothing to explain
        contest, best, winner = verdict.contest.name, verdict.best, verdict.winner
        if winner is None:
            # "if the two best sequences are equal ..., no sequence of either team counts"
            losers.update(Team)
            yield Step.of("contest_equal", contest=contest, kind=str(best.us))
            continue
        losers.add(winner.other)
        if verdict.answer is not None:
            yield Step.of("contest_higher", contest=contest, team=str(winner), kind=str(best.us))
        else:
            yield Step.of(
                "contest_won",
                contest=contest,
                team=str(winner),
                best=str(best[winner]),
                beaten=str(best[winner.other]),
            )
    for team in Team:
        belots = acceptance.accepted[team].belot
        if belots and team in losers:
            # "Belots are never compared: each always counts for the team that holds it."
            points = belots * DECLARATION_POINTS[Declaration.BELOT]
            yield Step.of("belot_counts", team=str(team), count=belots, points=points)


def whole_deal_points(contract: Contract) -> int:
    """Raw points of a whole deal without declarations: 162, 258 or 260."""
    return (contract.deck_points + LAST_TRICK_POINTS) * contract.card_multiplier
