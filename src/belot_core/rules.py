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


@dataclass(slots=True)
class _Reckoning:
    """The explanation as it is written, step by step, and the house rules that
    changed a number on the way."""

    steps: list[Step] = field(default_factory=list)
    applied: set[str] = field(default_factory=set)

    def add(self, step: Step) -> None:
        """A step of the rule book."""
        self.steps.append(step)

    def house(self, rule: str, step: Step) -> None:
        """A house rule changed a number: its step, right after the one it overrides."""
        self.steps.append(step)
        self.applied.add(rule)


def score_deal(deal: Deal) -> DealResult:
    """Score one deal, by its rules (``deal.rules``: the rule book unless house rules are on).

    A house rule that changes a number of the deal adds a step to the
    explanation, right after the step of the rule book it overrides, and its id
    to :attr:`DealResult.applied`; an option that changes nothing stays silent.
    """
    reckoning = _Reckoning()
    raw = _card_points(deal, reckoning)
    acceptance = deal.acceptance
    _declarations(deal, acceptance, raw, reckoning)
    total = ByTeam(us=raw[Team.US], them=raw[Team.THEM])
    reckoning.add(Step.of("raw", **_teams(total)))
    outcome = _outcome(deal, total)
    reckoning.add(
        Step.of(
            f"outcome_{outcome}",
            bidder=str(deal.bidder),
            bidders=total[deal.bidder],
            defenders=total[deal.defenders],
        )
    )
    settled = _settle_by_rules(deal, total, outcome, reckoning)
    record, hanging_out = _hanging_points_in(deal, settled, reckoning)
    reckoning.add(Step.of("record", hanging=hanging_out, **_teams(record)))
    return DealResult(
        raw=total,
        outcome=outcome,
        record=record,
        hanging_out=hanging_out,
        steps=tuple(reckoning.steps),
        accepted=acceptance.accepted,
        questions=acceptance.questions,
        rules=deal.rules,
        applied=tuple(rule for rule in HOUSE_RULES if rule in reckoning.applied),
        counted=None if deal.pile.cards is None else deal.pile,
    )


def _card_points(deal: Deal, reckoning: _Reckoning) -> dict[Team, int]:
    """Each team's points before declarations: its cards, the last trick, the capot."""
    contract, pile = deal.contract, deal.pile
    cards = deal.card_points()
    if pile.cards is not None:
        # Counted from its cards: how, then the rest exactly as if the points were typed.
        reckoning.add(
            Step.of(
                "pile_cards",
                team=str(pile.team),
                cards=len(pile.cards),
                points=pile.points,
                tricks=pile.tricks,
                pile=tuple(card.code for card in in_deck_order(pile.cards)),
            )
        )
    reckoning.add(
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
        reckoning.add(Step.of("no_trumps_doubled", factor=factor, **_teams(cards)))
    last_trick = LAST_TRICK_POINTS * factor
    reckoning.add(Step.of("last_trick", team=str(deal.last_trick), points=last_trick))
    raw = {team: cards[team] + (last_trick if team is deal.last_trick else 0) for team in Team}
    if deal.capot is not None:
        raw[deal.capot] += _capot_bonus(deal, reckoning)
    return raw


def _capot_bonus(deal: Deal, reckoning: _Reckoning) -> int:
    """The capot bonus: "a capot bonus of 90, which is never doubled"."""
    assert deal.capot is not None
    reckoning.add(Step.of("capot", team=str(deal.capot), points=CAPOT_BONUS))
    factor = deal.contract.card_multiplier
    if not deal.rules.no_trumps_capot_44 or factor == 1:
        return CAPOT_BONUS
    # House rule: No trumps doubles the capot bonus too, (120 + 10 + 90) × 2 = 440.
    reckoning.house(
        "no_trumps_capot_44",
        Step.of(
            "house_no_trumps_capot_44",
            rule="no_trumps_capot_44",
            bonus=CAPOT_BONUS,
            factor=factor,
            points=CAPOT_BONUS * factor,
        ),
    )
    return CAPOT_BONUS * factor


def _declarations(
    deal: Deal, acceptance: Acceptance, raw: dict[Team, int], reckoning: _Reckoning
) -> None:
    """The declarations that count, added to their team's points (never doubled)."""
    for step in _acceptance_steps(acceptance):
        reckoning.add(step)
    if deal.rules.one_declaration_contest and deal.announced is not None:
        pooled = _one_contest_step(deal.announced, acceptance.accepted)
        if pooled is not None:
            reckoning.house("one_declaration_contest", pooled)
    for team in Team:
        declared = acceptance.accepted[team]
        if declared:
            raw[team] += declared.points
            reckoning.add(
                Step.of(
                    "declarations",
                    team=str(team),
                    points=declared.points,
                    items=tuple(f"{kind}:{count}" for kind, count in declared.items()),
                )
            )


def _outcome(deal: Deal, total: ByTeam[int]) -> Outcome:
    """Made, inside or hanging: the bidders' points against the defenders'."""
    # "The bidders need strictly more than the defenders." Equal, the deal hangs.
    bidders, defenders = total[deal.bidder], total[deal.defenders]
    if bidders > defenders:
        return Outcome.MADE
    if bidders < defenders:
        return Outcome.INSIDE
    return Outcome.HANGING


def _settle_by_rules(
    deal: Deal, total: ByTeam[int], outcome: Outcome, reckoning: _Reckoning
) -> _Settlement:
    """Who writes what, under the deal's doubling, or as if nobody had doubled when
    the house rule ``capot_cancels_contra`` says so and that changes a number."""
    settled = _settle(deal, total, outcome, deal.doubling)
    if (
        deal.rules.capot_cancels_contra
        and deal.capot is not None
        and deal.doubling is not Doubling.NONE
    ):
        # House rule: a capot deal is scored as if nobody had doubled.
        undoubled = _settle(deal, total, outcome, Doubling.NONE)
        if (undoubled.record, undoubled.hanging) != (settled.record, settled.hanging):
            reckoning.house(
                "capot_cancels_contra",
                Step.of(
                    "house_capot_cancels_contra",
                    rule="capot_cancels_contra",
                    doubling=str(deal.doubling),
                ),
            )
            settled = undoubled
    reckoning.steps.extend(settled.steps)
    reckoning.applied.update(settled.applied)
    return settled


def _hanging_points_in(
    deal: Deal, settled: _Settlement, reckoning: _Reckoning
) -> tuple[ByTeam[int], int]:
    """What each team writes down and what hangs after the deal, once the hanging
    points carried in from earlier deals are claimed or carried on."""
    record = dict(settled.record)
    hanging_out = deal.hanging_in + settled.hanging
    if deal.hanging_in and settled.winner is None:
        # "If the next deal hangs too, its hanging points are added to the ones
        # already hanging and everything waits for the deal after."
        reckoning.add(
            Step.of(
                "hanging_carried", carried=deal.hanging_in, new=settled.hanging, points=hanging_out
            )
        )
    elif deal.hanging_in and settled.winner is not None:
        # "The hanging points go to whoever wins the NEXT deal", added after any
        # multiplying, "never multiplied again".
        record[settled.winner] += deal.hanging_in
        hanging_out = settled.hanging
        reckoning.add(Step.of("hanging_claimed", team=str(settled.winner), points=deal.hanging_in))
    return ByTeam(us=record[Team.US], them=record[Team.THEM]), hanging_out


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
    reckoning = _Reckoning()
    record = {Team.US: 0, Team.THEM: 0}
    hanging = 0
    winner: Team | None = None
    if outcome is Outcome.HANGING and doubling is Doubling.NONE:
        record[deal.defenders], hanging = _hangs(deal, total, reckoning)
    elif outcome is Outcome.HANGING:
        hanging = _hangs_doubled(deal, total, doubling, reckoning)
    elif doubling is not Doubling.NONE:
        winner = deal.bidder if outcome is Outcome.MADE else deal.defenders
        record[winner] = _doubled(deal, total, winner, doubling, reckoning)
    elif outcome is Outcome.MADE:
        winner = deal.bidder
        record[Team.US], record[Team.THEM] = _made(deal, total, reckoning)
    else:
        winner = deal.defenders
        record[winner] = _inside(deal, total, reckoning)
    return _Settlement(
        record=record,
        hanging=hanging,
        winner=winner,
        steps=tuple(reckoning.steps),
        applied=tuple(rule for rule in HOUSE_RULES if rule in reckoning.applied),
    )


def _hangs(deal: Deal, total: ByTeam[int], reckoning: _Reckoning) -> tuple[int, int]:
    """A hanging deal, nobody doubled: the defenders' own points, and what hangs."""
    # "the defenders record their own points now ... the bidders' points are rounded
    # at once and hang"; on the boundary the defenders round down.
    contract, bidder, defenders = deal.contract, deal.bidder, deal.defenders
    own, hanging = round_pair(contract, total[defenders], total[bidder])
    reckoning.add(Step.of("round_own", team=str(defenders), raw=total[defenders], points=own))
    reckoning.add(Step.of("hangs", team=str(bidder), raw=total[bidder], points=hanging))
    if not deal.rules.hanging_rounds_down:
        return own, hanging
    # House rule: on the boundary the hanging share rounds down too.
    house = round_pair(contract, total[defenders], total[bidder], equal_down=True)
    if house == (own, hanging):
        return own, hanging
    reckoning.house(
        "hanging_rounds_down",
        Step.of(
            "house_hanging_rounds_down",
            rule="hanging_rounds_down",
            team=str(bidder),
            raw=total[bidder],
            points=house[1],
        ),
    )
    return house


def _hangs_doubled(
    deal: Deal, total: ByTeam[int], doubling: Doubling, reckoning: _Reckoning
) -> int:
    """A hanging deal under contra or recontra: what hangs (nobody records anything)."""
    # "Under contra or recontra: nobody records anything; (both teams' raw points) ×
    # multiplier, rounded as a sum, hang"
    whole, multiplier = total.us + total.them, doubling.multiplier
    hanging = round_sum(whole * multiplier)
    reckoning.add(
        Step.of(
            "hangs_doubled",
            raw=whole,
            multiplier=multiplier,
            product=whole * multiplier,
            points=hanging,
        )
    )
    return _rounded_first(whole, multiplier, hanging, deal.rules, reckoning)


def _doubled(
    deal: Deal, total: ByTeam[int], winner: Team, doubling: Doubling, reckoning: _Reckoning
) -> int:
    """A doubled deal that did not hang: what its winner records (the loser records 0)."""
    # "The winner of the deal records everything ... × multiplier, and only then
    # rounded as a sum. The loser records 0."
    whole, multiplier = total.us + total.them, doubling.multiplier
    points = round_sum(whole * multiplier)
    reckoning.add(
        Step.of(
            "doubled",
            team=str(winner),
            doubling=str(doubling),
            raw=whole,
            multiplier=multiplier,
            product=whole * multiplier,
            points=points,
        )
    )
    return _rounded_first(whole, multiplier, points, deal.rules, reckoning)


def _made(deal: Deal, total: ByTeam[int], reckoning: _Reckoning) -> tuple[int, int]:
    """A made deal, nobody doubled: each team rounds its own points (us, them)."""
    contract = deal.contract
    ours, theirs = round_pair(contract, total.us, total.them)
    for team, points in zip(Team, (ours, theirs), strict=True):
        reckoning.add(Step.of("round_own", team=str(team), raw=total[team], points=points))
    if not (deal.rules.larger_six_rounds_up and contract.is_suit):
        return ours, theirs
    # House rule: "86 : 76 gives 9 : 7" -- of two totals ending in 6, the larger up.
    house = round_pair(contract, total.us, total.them, larger_up=True)
    if house == (ours, theirs):
        return ours, theirs
    record = dict(zip(Team, house, strict=True))
    larger = Team.US if total.us > total.them else Team.THEM
    reckoning.house(
        "larger_six_rounds_up",
        Step.of(
            "house_larger_six_rounds_up",
            rule="larger_six_rounds_up",
            larger_raw=total[larger],
            larger=record[larger],
            smaller_raw=total[larger.other],
            smaller=record[larger.other],
        ),
    )
    return house


def _inside(deal: Deal, total: ByTeam[int], reckoning: _Reckoning) -> int:
    """The bidders went inside, nobody doubled: what the defenders record."""
    # "The defenders record the points of the whole deal ... rounded as a sum; the
    # bidders record 0."
    whole = total.us + total.them
    points = round_sum(whole)
    reckoning.add(Step.of("inside_sum", team=str(deal.defenders), raw=whole, points=points))
    return points


def _rounded_first(
    whole: int, multiplier: int, book: int, rules: Rules, reckoning: _Reckoning
) -> int:
    """The points of a doubled sum under ``rules``: the rule book's ``book``, or
    the sum rounded first, then multiplied, if the house rule
    ``round_before_multiply`` is on and that changes it (with its step)."""
    rounded = round_sum(whole)
    if not rules.round_before_multiply or rounded * multiplier == book:
        return book
    reckoning.house(
        "round_before_multiply",
        Step.of(
            "house_round_before_multiply",
            rule="round_before_multiply",
            raw=whole,
            rounded=rounded,
            multiplier=multiplier,
            points=rounded * multiplier,
        ),
    )
    return rounded * multiplier


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
