"""Which declarations count (announced → accepted): the rule book's cases D1 to D7,
every question the cards decide, and the properties that always hold."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import announced_deals, announced_fields, contracts, deals

from belot_core import (
    Announced,
    Answer,
    BelotError,
    ByTeam,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Higher,
    InvalidInputError,
    Outcome,
    Pile,
    Question,
    Rules,
    RuleViolationError,
    Team,
    accept,
    deal_problems,
    render,
    score_deal,
)
from belot_core.json_api import deal_from_dict, deal_to_dict, score_deal_json
from belot_core.model import ASKED, CONTESTS, ONE_CONTEST, contests_for, open_questions

US, THEM = Team.US, Team.THEM
C, H, S, AT = Contract.CLUBS, Contract.HEARTS, Contract.SPADES, Contract.ALL_TRUMPS
MADE, INSIDE = Outcome.MADE, Outcome.INSIDE
NO = Declarations()


@dataclass(frozen=True)
class Case:
    """One of the rule book's cases D1 to D7 (team "us" is the first named)."""

    name: str
    contract: Contract
    bidder: Team
    points: int  # our pile
    last: Team
    ours: Declarations  # announced
    theirs: Declarations
    higher: Higher
    accepted: tuple[int, int]  # points of the accepted declarations
    record: tuple[int, int]
    raw: tuple[int, int]
    outcome: Outcome
    questions: dict[str, str]  # the answers used, as the JSON result has them
    why: tuple[str, ...]  # the explanation's steps about which declarations counted

    def deal(self) -> Deal:
        return Deal(
            contract=self.contract,
            bidder=self.bidder,
            pile=Pile(team=US, points=self.points),
            last_trick=self.last,
            announced=Announced(
                declarations=ByTeam(us=self.ours, them=self.theirs), higher=self.higher
            ),
        )

    def request(self) -> dict[str, Any]:
        """The same deal as a request of the JSON contract."""
        return {
            "version": 1,
            "contract": str(self.contract),
            "bidder": str(self.bidder),
            "cards": {"team": "us", "points": self.points},
            "last_trick": str(self.last),
            "announced": {
                "us": dict(_counts(self.ours)),
                "them": dict(_counts(self.theirs)),
            },
            "higher": {str(q): str(a) for q in Question if (a := self.higher[q]) is not None},
        }


def _counts(declarations: Declarations) -> dict[str, int]:
    return {str(kind): count for kind, count in declarations.items()}


TIERCE, QUARTE, QUINT = Declarations(tierce=1), Declarations(quarte=1), Declarations(quint=1)
ASK_NOTHING = Higher()

# fmt: off
CASES = [
    #    name  contract bidder pts last  announced us                               / them                                          higher                          accepted    record    raw         outcome  questions           why
    Case("D1", H,  US,   80,  US,   TIERCE,                                  QUARTE,                                         ASK_NOTHING,                     (0, 50),   (0, 21),  (90, 122),  INSIDE, {},                  ("contest_won",)),
    Case("D2", S,  THEM, 60,  THEM, Declarations(tierce=1, belot=1),         QUINT,                                          ASK_NOTHING,                     (20, 100), (8, 20),  (80, 202),  MADE,   {},                  ("contest_won", "belot_counts")),
    Case("D3", AT, US,   130, US,   Declarations(carre_nines=1),             Declarations(carre_jacks=1, carre=1),           ASK_NOTHING,                     (0, 300),  (0, 56),  (140, 418), INSIDE, {},                  ("contest_won",)),
    Case("D4", H,  US,   90,  US,   Declarations(quarte=1, tierce=1),        QUARTE,                                         Higher(sequence=Answer.US),      (70, 0),   (17, 6),  (170, 62),  MADE,   {"sequence": "us"},    ("contest_higher",)),
    Case("D5", H,  US,   90,  US,   Declarations(quarte=1, tierce=1),        QUARTE,                                         Higher(sequence=Answer.EQUAL),   (0, 0),    (10, 6),  (100, 62),  MADE,   {"sequence": "equal"}, ("contest_equal",)),
    Case("D6", AT, THEM, 100, THEM, Declarations(carre=1),                   Declarations(carre=1),                          Higher(carre=Answer.THEM),       (0, 100),  (10, 26), (100, 258), MADE,   {"carre": "them"},     ("contest_higher",)),
    Case("D7", C,  US,   70,  US,   Declarations(quarte=1, carre=1),         Declarations(tierce=1, carre=1),                Higher(carre=Answer.THEM),       (50, 100), (0, 31),  (130, 182), INSIDE, {"carre": "them"},     ("contest_won", "contest_higher")),
]
# fmt: on
IDS = [case.name for case in CASES]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_rule_book_case(case: Case) -> None:
    result = score_deal(case.deal())
    assert (result.accepted.us.points, result.accepted.them.points) == case.accepted
    assert (result.raw.us, result.raw.them) == case.raw
    assert result.outcome is case.outcome
    assert (result.record.us, result.record.them) == case.record
    assert {str(q): str(a) for q in Question if (a := result.questions[q])} == case.questions
    why = {"contest_won", "contest_higher", "contest_equal", "belot_counts"}
    assert tuple(step.code for step in result.steps if step.code in why) == case.why


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_rule_book_case_mirrored(case: Case) -> None:
    """The same deal with the teams exchanged (and the answers with them)."""
    result = score_deal(case.deal().swapped())
    assert (result.accepted.them.points, result.accepted.us.points) == case.accepted
    assert (result.record.them, result.record.us) == case.record


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_rule_book_case_through_json(case: Case) -> None:
    answer = json.loads(score_deal_json(json.dumps(case.request())))
    assert answer["ok"] is True, answer
    result = answer["result"]
    assert (result["record"]["us"], result["record"]["them"]) == case.record
    assert (result["raw"]["us"], result["raw"]["them"]) == case.raw
    assert result["outcome"] == str(case.outcome)
    expected = score_deal(case.deal()).accepted
    assert result["accepted"] == {"us": _counts(expected.us), "them": _counts(expected.them)}
    assert result["questions"] == case.questions


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_rule_book_case_round_trips(case: Case) -> None:
    deal = case.deal()
    data = deal_to_dict(deal)
    assert "declarations" not in data
    assert data["announced"] == case.request()["announced"]
    assert deal_from_dict(json.loads(json.dumps(data))) == deal


def steps(deal: Deal, language: str) -> list[str]:
    result = score_deal(deal)
    return [render(step.code, step.params, language) for step in result.steps]


def test_explanation_says_which_counted_and_why() -> None:
    d1, d2, d4, d5, d6, d7 = (CASES[i].deal() for i in (0, 1, 3, 4, 5, 6))
    assert "Sequences: quarte beats tierce – only they score sequences." in steps(d1, "en")
    assert "Поредици: кварта бие терца – само Вие си броите поредици." in steps(d1, "bg")
    assert "A belot always counts: we keep +20." in steps(d2, "en")
    assert "Белот – Ние: винаги се брои, +20." in steps(d2, "bg")
    assert (
        "Sequences: both teams have a quarte and we hold the higher one "
        "– only we score sequences." in steps(d4, "en")
    )
    assert (
        "Поредици: и двата отбора имат кварта, по-старши сме Ние "
        "– само Ние си броим поредици." in steps(d4, "bg")
    )
    assert (
        "Sequences: both teams have a quarte ending on the same card "
        "– neither team scores sequences." in steps(d5, "en")
    )
    assert (
        "Поредици: и двата отбора имат кварта до една и съща карта "
        "– никой не си брои поредици." in steps(d5, "bg")
    )
    assert (
        "Карета: и двата отбора имат каре, по-старши сте Вие "
        "– само Вие си броите карета." in steps(d6, "bg")
    )
    assert steps(d7, "en")[2:5] == [
        "Sequences: quarte beats tierce – only we score sequences.",
        "Carrés: both teams have a carré and they hold the higher one – only they score carrés.",
        "We declared quarte: +50.",
    ]


def test_the_explanation_comes_before_the_declarations_that_count() -> None:
    codes = [step.code for step in score_deal(CASES[1].deal()).steps]  # D2
    assert codes[:6] == [
        "cards",
        "last_trick",
        "contest_won",
        "belot_counts",
        "declarations",
        "declarations",
    ]


def test_one_team_alone_needs_no_explanation() -> None:
    alone = replace(CASES[2], theirs=NO, raw=(0, 0)).deal()  # D3 with nothing of theirs
    codes = [step.code for step in score_deal(alone).steps]
    assert "contest_won" not in codes and "belot_counts" not in codes
    assert alone.acceptance.accepted.us == Declarations(carre_nines=1)


# --- the questions only the cards decide ------------------------------------------


def request(**changes: Any) -> dict[str, Any]:
    """D4 as a JSON request, without the answer, with some fields changed."""
    base = CASES[3].request()
    del base["higher"]
    base.update(changes)
    return base


def call(data: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(score_deal_json(json.dumps(data)))
    return answer


def errors(data: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    answer = call(data)
    assert answer["ok"] is False, answer
    return [(e["code"], e["field"], e["params"]) for e in answer["errors"]]


SEQUENCE_CHOICES = ["us", "them", "equal"]
CARRE_CHOICES = ["us", "them"]


@pytest.mark.parametrize(
    ("announced", "expected"),
    [
        pytest.param(
            {"us": {"quarte": 1, "tierce": 1}, "them": {"quarte": 1}},
            [("sequence", "quarte", SEQUENCE_CHOICES)],
            id="equal-quartes",
        ),
        pytest.param(
            {"us": {"tierce": 1}, "them": {"tierce": 2}},
            [("sequence", "tierce", SEQUENCE_CHOICES)],
            id="equal-tierces",
        ),
        pytest.param(
            {"us": {"quint": 1}, "them": {"quint": 1, "tierce": 1}},
            [("sequence", "quint", SEQUENCE_CHOICES)],
            id="two-quints-of-any-length",
        ),
        pytest.param(
            {"us": {"carre": 1}, "them": {"carre": 1}},
            [("carre", "carre", CARRE_CHOICES)],
            id="two-100-carres",
        ),
        pytest.param(
            {"us": {"carre": 2}, "them": {"carre": 1, "belot": 1}},
            [("carre", "carre", CARRE_CHOICES)],
            id="two-against-one-100-carre",
        ),
        pytest.param(
            {"us": {"quarte": 1, "carre": 1}, "them": {"quarte": 1, "carre": 1}},
            [("sequence", "quarte", SEQUENCE_CHOICES), ("carre", "carre", CARRE_CHOICES)],
            id="both-questions",
        ),
        pytest.param(
            {"us": {"quarte": 1, "carre": 1}, "them": {"tierce": 1, "carre": 1}},
            [("carre", "carre", CARRE_CHOICES)],
            id="D7-only-the-carres-ask",
        ),
    ],
)
def test_a_question_without_an_answer_is_asked(
    announced: dict[str, Any], expected: list[tuple[str, str, list[str]]]
) -> None:
    assert errors(request(announced=announced)) == [
        ("needs_answer", f"higher.{q}", {"question": q, "kind": kind, "choices": choices})
        for q, kind, choices in expected
    ]


def test_the_question_has_words_in_both_languages() -> None:
    answer = call(request())
    assert answer["errors"][0]["message"] == {
        "bg": "И двата отбора имат кварта: чия е по-висока, или са равни?",
        "en": "Both teams have a quarte: whose is higher, or are they equal?",
    }
    answer = call(request(announced={"us": {"carre": 1}, "them": {"carre": 1}}))
    assert answer["errors"][0]["message"] == {
        "bg": "И двата отбора имат каре: чие е по-старшо?",
        "en": "Both teams have a carré: whose rank is higher?",
    }


@pytest.mark.parametrize(
    "higher",
    [None, {}, {"sequence": None}, {"carre": "us"}],
    ids=["null", "empty", "null-answer", "other-question"],
)
def test_no_answer_is_the_same_as_an_absent_one(higher: dict[str, Any] | None) -> None:
    assert [e[0] for e in errors(request(higher=higher))] == ["needs_answer"]


def test_the_question_is_asked_alongside_other_missing_fields() -> None:
    """A form can show the question as soon as it arises, before the deal is complete."""
    incomplete = request()
    del incomplete["last_trick"]
    assert [(code, field) for code, field, _ in errors(incomplete)] == [
        ("missing_field", "last_trick"),
        ("needs_answer", "higher.sequence"),
    ]


def test_the_question_waits_for_legal_declarations() -> None:
    impossible = request(announced={"us": {"quarte": 1}, "them": {"quarte": 1, "quint": 3}})
    assert [(code, field) for code, field, _ in errors(impossible)] == [
        ("too_many_sequences", "announced.them")
    ]


def test_an_answer_to_a_question_that_does_not_arise_is_ignored() -> None:
    d1 = CASES[0].request()
    plain = call(d1)["result"]
    for higher in ({"sequence": "us"}, {"sequence": "equal", "carre": "them"}):
        answered = call({**d1, "higher": higher})["result"]
        assert answered == plain
        assert answered["questions"] == {}


def test_answers_without_announced_declarations_are_checked_then_ignored() -> None:
    plain = {key: value for key, value in CASES[0].request().items() if key != "announced"}
    assert call({**plain, "higher": {"sequence": "us"}}) == call(plain)
    assert errors({**plain, "higher": {"sequence": "both"}}) == [
        (
            "invalid_choice",
            "higher.sequence",
            {"value": "both", "choices": SEQUENCE_CHOICES},
        )
    ]


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        pytest.param(
            {"higher": {"carre": "equal"}},
            [("invalid_choice", "higher.carre")],
            id="carres-never-tie",
        ),
        pytest.param(
            {"higher": {"sequence": "both"}},
            [("invalid_choice", "higher.sequence")],
            id="unknown-answer",
        ),
        pytest.param(
            {"higher": {"sequence": 1}}, [("wrong_type", "higher.sequence")], id="answer-type"
        ),
        pytest.param({"higher": "us"}, [("wrong_type", "higher")], id="higher-type"),
        pytest.param({"higher": 0}, [("wrong_type", "higher")], id="higher-falsy"),
        pytest.param(
            {"higher": {"belot": "us"}},
            [("unknown_field", "higher.belot"), ("needs_answer", "higher.sequence")],
            id="no-such-question",
        ),
        pytest.param(
            {"declarations": {"us": {}, "them": {}}},
            [("declarations_and_announced", "announced")],
            id="declarations-and-announced",
        ),
        pytest.param(
            {"announced": {"us": {"fours": 1}}},
            [("unknown_field", "announced.us.fours")],
            id="unknown-declaration",
        ),
        pytest.param(
            {"announced": {"all": {}}}, [("unknown_field", "announced.all")], id="unknown-team"
        ),
        pytest.param(
            {"announced": {"us": {"tierce": -1}}},
            [("negative_count", "announced.us.tierce")],
            id="negative-count",
        ),
        pytest.param(
            {"announced": {"us": {"tierce": 0.5}}},
            [("not_integer", "announced.us.tierce")],
            id="not-a-whole-number",
        ),
        pytest.param({"announced": [1]}, [("wrong_type", "announced")], id="announced-type"),
        pytest.param(
            {"announced": {"us": {"belot": 1}, "them": {"belot": 1}}},
            [("too_many_belots", "announced.them.belot")],
            id="belots-per-contract",
        ),
        pytest.param(
            {"announced": {"us": {"carre_jacks": 1}, "them": {"carre_jacks": 1}}},
            [("too_many_carres", "announced.them.carre_jacks")],
            id="carres-in-the-deck",
        ),
        pytest.param(
            {"announced": {"us": {"quint": 2, "quarte": 1, "tierce": 1}}},
            [("too_many_sequences", "announced.us")],
            id="sequences-fit-sixteen-cards",
        ),
        pytest.param(
            {"contract": "no_trumps", "announced": {"us": {}, "them": {"belot": 1}}},
            [("declarations_in_no_trumps", "announced.them")],
            id="nothing-in-no-trumps",
        ),
    ],
)
def test_bad_announcements_get_specific_errors(
    changes: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    assert [(code, field) for code, field, _ in errors(request(**changes))] == expected


def test_null_announced_is_no_announcement() -> None:
    plain = CASES[0].request()
    del plain["announced"]
    assert call({**plain, "announced": None}) == call(plain)
    with_declarations = {**plain, "declarations": {"us": {"tierce": 1}}}
    assert call({**with_declarations, "announced": None}) == call(with_declarations)


def test_nothing_announced_in_no_trumps_is_fine() -> None:
    no_trumps = request(
        contract="no_trumps", cards={"team": "us", "points": 60}, announced={"us": {}}
    )
    assert call(no_trumps)["result"]["accepted"] == {"us": {}, "them": {}}


# --- the same rules through the Python values ----------------------------------


def deal(announced: Announced | None = None, **changes: Any) -> Deal:
    fields: dict[str, Any] = {
        "contract": H,
        "bidder": US,
        "pile": Pile(team=US, points=90),
        "last_trick": US,
        "announced": announced,
    }
    fields.update(changes)
    return Deal(**fields)


def announced(us: Declarations, them: Declarations, **answers: Answer) -> Announced:
    return Announced(declarations=ByTeam(us=us, them=them), higher=Higher(**answers))


def test_python_needs_an_answer_too() -> None:
    with pytest.raises(InvalidInputError) as raised:
        deal(announced(QUARTE, QUARTE))
    assert (raised.value.code, raised.value.field) == ("needs_answer", "higher.sequence")
    assert dict(raised.value.params) == {
        "question": "sequence",
        "kind": "quarte",
        "choices": ("us", "them", "equal"),
    }
    assert [e.field for e in open_questions(announced(QUARTE, QUARTE))] == ["higher.sequence"]
    with pytest.raises(InvalidInputError):
        accept(announced(QUARTE, QUARTE))


@pytest.mark.parametrize(
    ("build", "error", "code", "field"),
    [
        pytest.param(
            lambda: Higher(carre=Answer.EQUAL),
            InvalidInputError,
            "invalid_choice",
            "higher.carre",
            id="carre-equal",
        ),
        pytest.param(
            lambda: Higher(sequence="us"),
            InvalidInputError,
            "wrong_type",
            "higher.sequence",
            id="answer-str",
        ),
        pytest.param(
            lambda: Announced(declarations=TIERCE),
            InvalidInputError,
            "wrong_type",
            "announced",
            id="not-by-team",
        ),
        pytest.param(
            lambda: Announced(declarations=ByTeam(us=NO, them=NO), higher={"sequence": "us"}),
            InvalidInputError,
            "wrong_type",
            "higher",
            id="higher-dict",
        ),
        pytest.param(
            lambda: deal(announced(NO, NO), declarations=ByTeam(us=TIERCE, them=NO)),
            InvalidInputError,
            "declarations_and_announced",
            "announced",
            id="both",
        ),
        pytest.param(
            lambda: deal(ByTeam(us=TIERCE, them=NO)),
            InvalidInputError,
            "wrong_type",
            "announced",
            id="announced-not-announced",
        ),
        pytest.param(
            lambda: deal(
                announced(NO, Declarations(belot=1)),
                contract=Contract.NO_TRUMPS,
                pile=Pile(team=US, points=60),
            ),
            RuleViolationError,
            "declarations_in_no_trumps",
            "announced.them",
            id="no-trumps",
        ),
        pytest.param(
            lambda: deal(announced(Declarations(carre_nines=1), Declarations(carre_nines=1))),
            RuleViolationError,
            "too_many_carres",
            "announced.them.carre_nines",
            id="two-carres-of-nines",
        ),
    ],
)
def test_bad_python_values_raise_specific_errors(
    build: Any, error: type[BelotError], code: str, field: str
) -> None:
    with pytest.raises(error) as raised:
        build()
    assert (type(raised.value), raised.value.code, raised.value.field) == (error, code, field)


def test_empty_accepted_declarations_and_announced_ones_may_be_given_together() -> None:
    """In Python an empty ``declarations`` is the default, not a second answer."""
    both = deal(announced(TIERCE, NO), declarations=ByTeam(us=NO, them=NO))
    assert both.acceptance.accepted.us == TIERCE


def test_accept_is_a_pure_function_of_a_contest_table() -> None:
    """A house rule passes its own table: one contest for all declarations."""
    d7 = announced(
        Declarations(quarte=1, carre=1), Declarations(tierce=1, carre=1), carre=Answer.THEM
    )
    assert accept(d7).accepted == ByTeam(us=Declarations(quarte=1), them=Declarations(carre=1))
    assert contests_for(Rules()) == CONTESTS
    assert contests_for(Rules.of("one_declaration_contest")) == ONE_CONTEST
    assert accept(d7, ONE_CONTEST).accepted == ByTeam(us=NO, them=Declarations(tierce=1, carre=1))


def test_contests_are_disjoint_and_ask_one_question_per_kind() -> None:
    seen: set[Declaration] = set()
    for contest in CONTESTS:
        assert not seen & set(contest.ranks)
        seen |= set(contest.ranks)
        assert len({ASKED[kind] for kind in contest.ranks}) == 1
    # "Belots are never compared": the one kind in no contest.
    assert set(Declaration) - seen == {Declaration.BELOT}


def test_answers_swap_with_the_teams() -> None:
    assert Higher(sequence=Answer.US, carre=Answer.THEM).swapped() == Higher(
        sequence=Answer.THEM, carre=Answer.US
    )
    assert Higher(sequence=Answer.EQUAL).swapped() == Higher(sequence=Answer.EQUAL)
    assert Answer.US.team is US and Answer.EQUAL.team is None


# --- properties ------------------------------------------------------------------


def kinds(deal: Deal, team: Team, contest_index: int) -> dict[Declaration, int]:
    assert deal.announced is not None
    return {kind: deal.announced.declarations[team][kind] for kind in CONTESTS[contest_index].ranks}


@given(announced_deals)
def test_the_winner_scores_all_its_declarations_of_a_contest(deal: Deal) -> None:
    assert deal.announced is not None
    accepted = deal.acceptance.accepted
    for index, contest in enumerate(CONTESTS):
        scoring = [team for team in Team if any(accepted[team][k] for k in contest.ranks)]
        assert len(scoring) <= 1, "only one team scores in a contest"
        for team in scoring:
            assert {k: accepted[team][k] for k in contest.ranks} == kinds(deal, team, index)
        alone = [team for team in Team if any(kinds(deal, team, index).values())]
        if len(alone) == 1:
            assert scoring == alone, "a team alone in a contest scores"


@given(announced_deals)
def test_a_belot_always_counts(deal: Deal) -> None:
    assert deal.announced is not None
    for team in Team:
        assert deal.acceptance.accepted[team].belot == deal.announced.declarations[team].belot
        assert score_deal(deal).accepted[team].belot == deal.announced.declarations[team].belot


@given(announced_deals)
def test_the_accepted_are_some_of_the_announced(deal: Deal) -> None:
    assert deal.announced is not None
    for team in Team:
        for kind in Declaration:
            assert deal.acceptance.accepted[team][kind] in (
                0,
                deal.announced.declarations[team][kind],
            )


@given(announced_deals)
def test_swapping_the_teams_swaps_what_counts(deal: Deal) -> None:
    mirrored = deal.swapped()
    assert mirrored.acceptance.accepted == deal.acceptance.accepted.swapped()
    assert mirrored.acceptance.questions == deal.acceptance.questions.swapped()
    assert score_deal(mirrored).record == score_deal(deal).record.swapped()


@given(announced_deals, st.randoms(use_true_random=False))
def test_the_order_of_entry_does_not_matter(deal: Deal, rng: random.Random) -> None:
    """Declarations entered one by one, in any order, give the same answer."""
    assert deal.announced is not None
    entries = [
        (str(team), str(kind))
        for team in Team
        for kind, count in deal.announced.declarations[team].items()
        for _ in range(count)
    ]
    answers = []
    for _ in range(3):
        rng.shuffle(entries)
        teams: dict[str, dict[str, int]] = {}
        for team, kind in entries:
            teams.setdefault(team, {})
            teams[team][kind] = teams[team].get(kind, 0) + 1
        data = deal_to_dict(deal)
        data["announced"] = teams
        data["higher"] = dict(reversed(list(data["higher"].items())))
        answers.append(json.loads(score_deal_json(json.dumps(data))))
    assert answers[0]["ok"] is True
    assert answers[0] == answers[1] == answers[2]


@given(announced_deals, st.sampled_from(Team))
def test_without_a_contest_the_announced_are_the_accepted(deal: Deal, silent: Team) -> None:
    """Only one team announces: the answer is the one for those declarations accepted."""
    assert deal.announced is not None
    alone = ByTeam.of(silent.other, deal.announced.declarations[silent.other], NO)
    as_announced = replace(deal, announced=Announced(declarations=alone))
    as_accepted = replace(deal, announced=None, declarations=alone)
    first, second = score_deal(as_announced), score_deal(as_accepted)
    assert first == second
    assert first.steps == second.steps


@given(deals)
def test_the_json_result_tells_what_counted(deal: Deal) -> None:
    answer = json.loads(score_deal_json(json.dumps(deal_to_dict(deal))))
    result = score_deal(deal)
    counted = answer["result"]["accepted"]
    for team in Team:
        assert Declarations(**counted[str(team)]) == result.accepted[team]
    assert Higher(**{q: Answer(a) for q, a in answer["result"]["questions"].items()}) == (
        result.questions
    )


@given(announced_fields)
def test_unanswered_questions_are_all_asked_and_only_ours_raised(fields: dict[str, Any]) -> None:
    problems = deal_problems(**fields)
    try:
        built = Deal(**fields)
    except BelotError as error:
        assert problems and error == problems[0]
        return
    assert not problems
    assert built.announced is not None
    questions = {verdict.contest.name for verdict in built.acceptance.verdicts}
    assert questions <= {contest.name for contest in CONTESTS}


@given(contracts, st.dictionaries(st.sampled_from(["declarations", "higher"]), st.integers()))
def test_bad_announcements_only_raise_our_errors(
    contract: Contract, values: dict[str, Any]
) -> None:
    try:
        Announced(**values)
    except BelotError:
        pass
    except TypeError as error:  # a required keyword missing: Python's own call check
        assert "required" in str(error)
