"""The rule book's worked cases, and the rules one by one."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from belot_core import (
    ByTeam,
    Contract,
    Deal,
    Declarations,
    Doubling,
    Outcome,
    Pile,
    Team,
    score_deal,
)
from belot_core.rules import whole_deal_points

US, THEM = Team.US, Team.THEM
NONE, CONTRA, RECONTRA = Doubling.NONE, Doubling.CONTRA, Doubling.RECONTRA


@dataclass(frozen=True)
class Case:
    """One of the worked cases of docs/rules-cases.md (team "us" is the first named)."""

    number: int
    contract: Contract
    bidder: Team
    doubling: Doubling
    pile: Team
    points: int
    last: Team
    capot: Team | None
    ours: Declarations
    theirs: Declarations
    hanging_in: int
    record: tuple[int, int]
    hanging_out: int
    raw: tuple[int, int]
    outcome: Outcome

    def deal(self) -> Deal:
        return Deal(
            contract=self.contract,
            bidder=self.bidder,
            doubling=self.doubling,
            pile=Pile(team=self.pile, points=self.points),
            last_trick=self.last,
            capot=self.capot,
            declarations=ByTeam(us=self.ours, them=self.theirs),
            hanging_in=self.hanging_in,
        )


NO = Declarations()
TIERCE = Declarations(tierce=1)
QUARTE = Declarations(quarte=1)
BELOT = Declarations(belot=1)
C, H, S, D = Contract.CLUBS, Contract.HEARTS, Contract.SPADES, Contract.DIAMONDS
AT, NT = Contract.ALL_TRUMPS, Contract.NO_TRUMPS
MADE, INSIDE, HANGING = Outcome.MADE, Outcome.INSIDE, Outcome.HANGING

# fmt: off
CASES = [
    #    contract bidder ×  pile pts  last  capot decl us/them  in  record  out   raw         outcome
    Case(1,  C,  US,   NONE,     US, 71,  THEM, None, TIERCE, NO,     0, (0, 9),   9, (91, 91),   HANGING),
    Case(2,  H,  US,   NONE,     US, 100, US,   None, NO,     NO,     9, (20, 5),  0, (110, 52),  MADE),
    Case(3,  S,  THEM, NONE,     US, 52,  US,   None, NO,     NO,     9, (6, 19),  0, (62, 100),  MADE),
    Case(4,  H,  US,   NONE,     US, 70,  THEM, None, NO,     NO,     9, (0, 25),  0, (70, 92),   INSIDE),
    Case(5,  D,  US,   NONE,     US, 81,  THEM, None, NO,     NO,     0, (0, 8),   8, (81, 81),   HANGING),
    Case(6,  AT, THEM, NONE,     US, 119, US,   None, NO,     NO,     8, (13, 0), 21, (129, 129), HANGING),
    Case(7,  S,  US,   NONE,     US, 86,  US,   None, NO,     NO,    21, (30, 7),  0, (96, 66),   MADE),
    Case(8,  H,  US,   NONE,     US, 56,  THEM, None, QUARTE, NO,     0, (0, 10), 11, (106, 106), HANGING),
    Case(9,  AT, US,   NONE,     US, 104, THEM, None, QUARTE, NO,     0, (0, 15), 16, (154, 154), HANGING),
    Case(10, S,  US,   CONTRA,   US, 81,  THEM, None, NO,     NO,     0, (0, 0),  32, (81, 81),   HANGING),
    Case(11, H,  THEM, NONE,     US, 70,  THEM, None, NO,     NO,    32, (7, 41),  0, (70, 92),   MADE),
    Case(12, H,  US,   NONE,     US, 82,  US,   None, TIERCE, NO,     0, (11, 7),  0, (112, 70),  MADE),
    Case(13, AT, US,   NONE,     US, 120, THEM, None, BELOT,  BELOT,  0, (0, 30),  0, (140, 158), INSIDE),
    Case(14, NT, US,   CONTRA,   US, 70,  US,   None, NO,     NO,     0, (52, 0),  0, (160, 100), MADE),
    Case(15, AT, US,   NONE,     US, 124, US,   None, NO,     NO,     0, (13, 13), 0, (134, 124), MADE),
    Case(16, NT, US,   NONE,     US, 65,  THEM, None, NO,     NO,     0, (0, 13), 13, (130, 130), HANGING),
    Case(17, S,  US,   RECONTRA, US, 100, US,   None, NO,     NO,     0, (65, 0),  0, (110, 52),  MADE),
    Case(18, H,  US,   NONE,     US, 152, US,   US,   NO,     NO,     0, (25, 0),  0, (252, 0),   MADE),
    Case(19, NT, THEM, NONE,     US, 0,   THEM, THEM, NO,     NO,     0, (0, 35),  0, (0, 350),   MADE),
    Case(20, C,  US,   CONTRA,   US, 152, US,   US,   NO,     NO,     0, (50, 0),  0, (252, 0),   MADE),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"case{case.number}")
def test_worked_case(case: Case) -> None:
    result = score_deal(case.deal())
    assert (result.raw.us, result.raw.them) == case.raw
    assert result.outcome is case.outcome
    assert (result.record.us, result.record.them) == case.record
    assert result.hanging_out == case.hanging_out


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"case{case.number}")
def test_worked_case_mirrored(case: Case) -> None:
    """The same deal with the teams' seats exchanged gives the mirrored score."""
    result = score_deal(case.deal().swapped())
    assert (result.raw.them, result.raw.us) == case.raw
    assert (result.record.them, result.record.us) == case.record
    assert result.hanging_out == case.hanging_out


def test_whole_deal_points_per_contract() -> None:
    assert whole_deal_points(Contract.HEARTS) == 162
    assert whole_deal_points(Contract.ALL_TRUMPS) == 258
    assert whole_deal_points(Contract.NO_TRUMPS) == 260


def test_the_other_pile_is_derived_from_the_deck() -> None:
    deal = CASES[11].deal()  # case 12: we counted 82 in hearts
    counted_by_them = score_deal(replace(deal, pile=Pile(team=THEM, points=70)))
    counted_by_us = score_deal(deal)
    assert counted_by_them.raw == counted_by_us.raw == ByTeam(us=112, them=70)
    assert counted_by_them.record == counted_by_us.record


def test_capot_bonus_is_not_doubled_in_no_trumps() -> None:
    # case 19: 120 × 2 + 10 × 2 + 90 = 350
    result = score_deal(CASES[18].deal())
    assert result.raw.them == 2 * 120 + 2 * 10 + 90


def test_hanging_under_recontra_multiplies_by_four() -> None:
    deal = replace(CASES[9].deal(), doubling=RECONTRA)  # 81 : 81 in spades
    result = score_deal(deal)
    assert result.record == ByTeam(us=0, them=0)
    assert result.hanging_out == 65  # 162 × 4 = 648 → 65


def test_hanging_points_are_not_multiplied_again() -> None:
    # "Hanging points carried in from earlier deals are added after that,
    # never multiplied again": case 17 with 9 hanging records 65 + 9.
    result = score_deal(replace(CASES[16].deal(), hanging_in=9))
    assert result.record == ByTeam(us=74, them=0)


def test_contra_inside_gives_the_defenders_everything() -> None:
    deal = replace(CASES[3].deal(), doubling=CONTRA, hanging_in=0)  # 70 : 92 in hearts
    result = score_deal(deal)
    assert result.outcome is INSIDE
    assert result.record == ByTeam(us=0, them=32)  # 162 × 2 = 324 → 32


def test_a_second_hanging_deal_adds_to_the_pot() -> None:
    result = score_deal(replace(CASES[4].deal(), hanging_in=9))  # case 5 with 9 hanging
    assert result.record == ByTeam(us=0, them=8)
    assert result.hanging_out == 17
    assert [step.code for step in result.steps][-2] == "hanging_carried"


def test_all_trumps_four_belots_count() -> None:
    deal = Deal(
        contract=AT,
        bidder=US,
        pile=Pile(team=US, points=124),
        last_trick=US,
        declarations=ByTeam(us=Declarations(belot=3), them=Declarations(belot=1)),
    )
    result = score_deal(deal)
    assert result.raw == ByTeam(us=124 + 10 + 60, them=124 + 20)


def test_explanation_follows_the_reckoning() -> None:
    result = score_deal(CASES[11].deal())  # case 12
    codes = [step.code for step in result.steps]
    assert codes == [
        "cards",
        "last_trick",
        "declarations",
        "raw",
        "outcome_made",
        "round_own",
        "round_own",
        "record",
    ]
    assert dict(result.steps[4].params) == {"bidder": "us", "bidders": 112, "defenders": 70}
    assert dict(result.steps[-1].params) == {"us": 11, "them": 7, "hanging": 0}
