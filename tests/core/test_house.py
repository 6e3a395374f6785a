"""House rules: each option's worked case, its words, and that it changes only
the deals it is about (the rule book stays the default)."""

from __future__ import annotations

import doctest
import json
from dataclasses import dataclass, fields, replace
from typing import Any

import pytest
from hypothesis import given
from strategies import deals, pooled_deals, rule_sets, ruled_deals

import belot_core.house
from belot_core import (
    DEFAULT_RULES,
    HOUSE_RULES,
    Contract,
    Deal,
    DealResult,
    Declaration,
    Doubling,
    InvalidInputError,
    Outcome,
    Rules,
    Team,
    house_rule_options,
    render,
    round_sum,
    score_deal,
)
from belot_core.i18n import HOUSE_RULE_WORDS, LANGUAGES
from belot_core.json_api import deal_from_dict, deal_to_dict, score_deal_json
from belot_core.model import CONTESTS, DECLARATION_POINTS, ONE_CONTEST

# --- the worked cases: rule book → with the option -------------------------------


def request(contract: str, bidder: str, points: int, last: str, **extra: Any) -> dict[str, Any]:
    """A deal request of the JSON contract (our pile's card points)."""
    return {
        "version": 1,
        "contract": contract,
        "bidder": bidder,
        "cards": {"team": "us", "points": points},
        "last_trick": last,
        **extra,
    }


@dataclass(frozen=True)
class Case:
    """A deal, scored by the rule book and with the house rules ``rules``."""

    name: str
    rules: tuple[str, ...]
    request: dict[str, Any]
    book: tuple[int, int, int] | None  # record us, them, hanging out; None: needs an answer
    house: tuple[int, int, int]
    step: dict[str, str] | None  # the house rule's step in the explanation, both languages

    def deal(self, rules: Rules) -> Deal:
        """The deal under ``rules`` (which decide the questions it must answer)."""
        deal = deal_from_dict({**self.request, "rules": dict.fromkeys(rules.active, True)})
        assert deal.rules == rules
        return deal

    def result(self, rules: Rules) -> DealResult:
        return score_deal(self.deal(rules))


D7 = {
    "announced": {"us": {"quarte": 1, "carre": 1}, "them": {"tierce": 1, "carre": 1}},
    "higher": {"carre": "them"},
}

# fmt: off
CASES = [
    # The six, each on its case in docs/rules-cases.md.
    Case("round_before_multiply-case17", ("round_before_multiply",),
         request("spades", "us", 100, "us", doubling="recontra"), (65, 0, 0), (64, 0, 0),
         {"bg": "Домашно правило „Закръгляне преди контрата“: 162 → 16, × 4 = 64.",
          "en": "House rule “Rounding before contra”: 162 → 16, × 4 = 64."}),
    Case("capot_cancels_contra-case20", ("capot_cancels_contra",),
         request("clubs", "us", 152, "us", doubling="contra", capot="us"), (50, 0, 0), (25, 0, 0),
         {"bg": "Домашно правило „Капото отменя контрата“: раздаването се пише като без контра.",
          "en": "House rule “Capot cancels contra”: the deal is scored as if there were no contra."}),
    Case("larger_six_rounds_up-86-76", ("larger_six_rounds_up",),
         request("hearts", "us", 76, "us"), (8, 8, 0), (9, 7, 0),
         {"bg": "Домашно правило „86 : 76 е 9 : 7“: по-големият сбор се закръглява нагоре – 86 → 9, 76 → 7.",
          "en": "House rule “86 : 76 is 9 : 7”: the larger total rounds up – 86 → 9, 76 → 7."}),
    Case("no_trumps_capot_44-case19", ("no_trumps_capot_44",),
         request("no_trumps", "them", 0, "them", capot="them"), (0, 35, 0), (0, 44, 0),
         {"bg": "Домашно правило „Капо на без коз е 44“: и бонусът за капо се удвоява – 90 × 2 = 180.",
          "en": "House rule “Capot in No trumps is 44”: the capot bonus is doubled too – 90 × 2 = 180."}),
    Case("hanging_rounds_down-case8", ("hanging_rounds_down",),
         request("hearts", "us", 56, "them", declarations={"us": {"quarte": 1}}), (0, 10, 11), (0, 10, 10),
         {"bg": "Домашно правило „Висящите се закръглят надолу“: 106 → 10 висят.",
          "en": "House rule “Hanging points round down”: 106 → 10 hanging."}),
    Case("one_declaration_contest-D7", ("one_declaration_contest",),
         request("clubs", "us", 70, "us", **D7), (0, 31, 0), (0, 28, 0),
         {"bg": "Домашно правило „Обявите се сравняват заедно“: обявите дават Ние 0, Вие 120 (без него: 50 и 100).",
          "en": "House rule “One contest for all declarations”: declarations score we 0, they 120 (without it: 50 and 100)."}),
    # The choices where the issue is silent.
    Case("round_before_multiply-hanging-recontra", ("round_before_multiply",),  # 81 : 81 → 16 × 4
         request("spades", "us", 81, "them", doubling="recontra"), (0, 0, 65), (0, 0, 64),
         {"bg": "Домашно правило „Закръгляне преди контрата“: 162 → 16, × 4 = 64.",
          "en": "House rule “Rounding before contra”: 162 → 16, × 4 = 64."}),
    Case("round_before_multiply-same-number", ("round_before_multiply",),  # 324 → 32 = 16 × 2
         request("spades", "us", 100, "us", doubling="contra"), (32, 0, 0), (32, 0, 0), None),
    Case("no_trumps_capot_44-contra-and-hanging-in", ("no_trumps_capot_44",),  # 880 → 88, + 9
         request("no_trumps", "us", 120, "us", capot="us", doubling="contra", hanging_in=9), (79, 0, 0), (97, 0, 0),
         {"bg": "Домашно правило „Капо на без коз е 44“: и бонусът за капо се удвоява – 90 × 2 = 180.",
          "en": "House rule “Capot in No trumps is 44”: the capot bonus is doubled too – 90 × 2 = 180."}),
    Case("no_trumps_capot_44-and-capot_cancels_contra", ("no_trumps_capot_44", "capot_cancels_contra"),
         request("no_trumps", "us", 120, "us", capot="us", doubling="recontra"), (140, 0, 0), (44, 0, 0),
         {"bg": "Домашно правило „Капо на без коз е 44“: и бонусът за капо се удвоява – 90 × 2 = 180.",
          "en": "House rule “Capot in No trumps is 44”: the capot bonus is doubled too – 90 × 2 = 180."}),
    Case("larger_six_rounds_up-96-66", ("larger_six_rounds_up",),  # case 7's deal
         request("spades", "us", 86, "us"), (9, 7, 0), (10, 6, 0),
         {"bg": "Домашно правило „86 : 76 е 9 : 7“: по-големият сбор се закръглява нагоре – 96 → 10, 66 → 6.",
          "en": "House rule “86 : 76 is 9 : 7”: the larger total rounds up – 96 → 10, 66 → 6."}),
    Case("larger_six_rounds_up-not-all-trumps", ("larger_six_rounds_up",),  # case 15: 134 : 124
         request("all_trumps", "us", 124, "us"), (13, 13, 0), (13, 13, 0), None),
    Case("hanging_rounds_down-all-trumps-case9", ("hanging_rounds_down",),  # 154 : 154
         request("all_trumps", "us", 104, "them", declarations={"us": {"quarte": 1}}), (0, 15, 16), (0, 15, 15),
         {"bg": "Домашно правило „Висящите се закръглят надолу“: 154 → 15 висят.",
          "en": "House rule “Hanging points round down”: 154 → 15 hanging."}),
    Case("hanging_rounds_down-off-the-boundary-case5", ("hanging_rounds_down",),  # 81 : 81
         request("diamonds", "us", 81, "them"), (0, 8, 8), (0, 8, 8), None),
    Case("one_declaration_contest-carre-beats-quint", ("one_declaration_contest",),  # 100 and 100
         request("hearts", "us", 90, "us", announced={"us": {"quint": 1}, "them": {"carre": 1}}),
         (20, 16, 0), (0, 26, 0),
         {"bg": "Домашно правило „Обявите се сравняват заедно“: обявите дават Ние 0, Вие 100 (без него: 100 и 100).",
          "en": "House rule “One contest for all declarations”: declarations score we 0, they 100 (without it: 100 and 100)."}),
    Case("one_declaration_contest-asks-less", ("one_declaration_contest",),  # jacks decide at once
         request("hearts", "us", 90, "us", announced={"us": {"quarte": 1, "carre_jacks": 1}, "them": {"quarte": 1}}),
         None, (35, 6, 0),
         {"bg": "Домашно правило „Обявите се сравняват заедно“: обявите дават Ние 250, Вие 0; "
                "без него първо трябва да се каже чия кварта е по-висока.",
          "en": "House rule “One contest for all declarations”: declarations score we 250, they 0; "
                "without it the cards would first have to say whose quarte is higher."}),
]
# fmt: on
IDS = [case.name for case in CASES]


def house_steps(result: DealResult) -> list[Any]:
    return [step for step in result.steps if step.code.startswith("house_")]


def numbers(result: DealResult) -> tuple[int, int, int]:
    return result.record.us, result.record.them, result.hanging_out


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_worked_case(case: Case) -> None:
    house = case.result(Rules.of(*case.rules))
    assert numbers(house) == case.house
    if case.book is None:
        with pytest.raises(InvalidInputError) as raised:
            deal_from_dict(case.request)
        assert raised.value.code == "needs_answer"
    else:
        assert numbers(case.result(DEFAULT_RULES)) == case.book
    steps = house_steps(house)
    if case.step is None:
        assert steps == [] and house.applied == ()
        return
    (step,) = [step for step in steps if step.params["rule"] == case.rules[0]]
    assert {lang: render(step.code, step.params, lang) for lang in ("bg", "en")} == case.step
    assert case.rules[0] in house.applied


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_worked_case_through_json(case: Case) -> None:
    rules = dict.fromkeys(case.rules, True)
    answer = json.loads(score_deal_json(json.dumps({**case.request, "rules": rules})))
    assert answer["ok"] is True, answer
    result = answer["result"]
    assert (result["record"]["us"], result["record"]["them"], result["hanging_out"]) == case.house
    assert result["rules"] == rules  # the rule set used, echoed
    messages = [step["message"] for step in result["explanation"]]
    if case.step is None:
        assert result["applied_rules"] == []
    else:
        assert case.step in messages
        assert case.rules[0] in result["applied_rules"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_worked_case_mirrored(case: Case) -> None:
    """The same deal with the teams' seats exchanged gives the mirrored score."""
    mirrored = score_deal(case.deal(Rules.of(*case.rules)).swapped())
    us, them, hanging = case.house
    assert numbers(mirrored) == (them, us, hanging)


def test_the_house_step_follows_the_step_it_overrides() -> None:
    case17, case20, case19 = CASES[0], CASES[1], CASES[3]
    codes = [step.code for step in case17.result(Rules.of(*case17.rules)).steps]
    assert codes[-3:] == ["doubled", "house_round_before_multiply", "record"]
    codes = [step.code for step in case20.result(Rules.of(*case20.rules)).steps]
    assert codes[-5:] == [
        "outcome_made",
        "house_capot_cancels_contra",
        "round_own",
        "round_own",
        "record",
    ]
    codes = [step.code for step in case19.result(Rules.of(*case19.rules)).steps]
    assert codes[codes.index("capot") + 1] == "house_no_trumps_capot_44"
    assert case19.result(Rules.of(*case19.rules)).raw.them == 440


def test_house_steps_name_the_teams_by_their_names() -> None:
    d7 = CASES[5]
    request = {**d7.request, "rules": {"one_declaration_contest": True}, "names": {"them": "Ана"}}
    answer = json.loads(score_deal_json(json.dumps(request)))
    assert {
        "bg": "Домашно правило „Обявите се сравняват заедно“: обявите дават Ние 0, Ана 120 "
        "(без него: 50 и 100).",
        "en": "House rule “One contest for all declarations”: declarations score we 0, Ана 120 "
        "(without it: 50 and 100).",
    } in [step["message"] for step in answer["result"]["explanation"]]


def test_one_contest_ranks_by_value_and_a_carre_beats_an_equal_sequence() -> None:
    (pool,) = ONE_CONTEST
    assert set(pool.ranks) == {kind for contest in CONTESTS for kind in contest.ranks}
    points = [DECLARATION_POINTS[kind] for kind in pool.ranks]  # weakest first
    assert points == sorted(points)
    assert pool.ranks.index(Declaration.CARRE) > pool.ranks.index(Declaration.QUINT)


# --- the rule set -------------------------------------------------------------------


def test_the_default_is_the_rule_book() -> None:
    assert Rules() == DEFAULT_RULES
    assert DEFAULT_RULES.active == ()
    assert not any(getattr(DEFAULT_RULES, option) for option in HOUSE_RULES)


def test_ids_are_the_fields_in_snake_case() -> None:
    assert tuple(field.name for field in fields(Rules)) == HOUSE_RULES
    assert len(HOUSE_RULES) >= 6
    for option in HOUSE_RULES:
        assert option == option.lower() and " " not in option and "-" not in option


def test_rules_by_id() -> None:
    rules = Rules.of("capot_cancels_contra", "round_before_multiply")
    assert rules.active == ("round_before_multiply", "capot_cancels_contra")  # table order
    assert "capot_cancels_contra" in rules and "no_trumps_capot_44" not in rules
    assert rules.without("capot_cancels_contra") == Rules.of("round_before_multiply")
    assert Rules.from_ids([]) == DEFAULT_RULES


@pytest.mark.parametrize(
    ("build", "code", "field"),
    [
        pytest.param(lambda: Rules.of("round_after"), "unknown_rule", "rules.round_after", id="id"),
        pytest.param(
            lambda: Rules(round_before_multiply=1),  # type: ignore[arg-type]
            "wrong_type",
            "rules.round_before_multiply",
            id="not-a-bool",
        ),
        pytest.param(
            lambda: Rules(capot_cancels_contra="yes"),  # type: ignore[arg-type]
            "wrong_type",
            "rules.capot_cancels_contra",
            id="a-string",
        ),
    ],
)
def test_bad_rules_raise_specific_errors(build: Any, code: str, field: str) -> None:
    with pytest.raises(InvalidInputError) as raised:
        build()
    assert (raised.value.code, raised.value.field) == (code, field)


def test_a_deal_needs_a_rule_set() -> None:
    fields_ = deal_from_dict(CASES[0].request)
    with pytest.raises(InvalidInputError) as raised:
        replace(fields_, rules={"round_before_multiply": True})  # type: ignore[arg-type]
    assert (raised.value.code, raised.value.field) == ("wrong_type", "rules")


def test_the_module_example_runs() -> None:
    assert doctest.testmod(belot_core.house).failed == 0


# --- the words ----------------------------------------------------------------------


def test_every_option_has_a_name_and_a_description_in_every_language() -> None:
    assert set(HOUSE_RULE_WORDS) == set(HOUSE_RULES)
    for option in HOUSE_RULES:
        for part in ("name", "description"):
            for language in LANGUAGES:
                assert HOUSE_RULE_WORDS[option][part][language], (option, part, language)


def test_the_options_are_plain_json_data_for_the_widget() -> None:
    options = house_rule_options()
    assert json.loads(json.dumps(options, ensure_ascii=False)) == options
    assert [option["id"] for option in options] == list(HOUSE_RULES)
    assert options[0] == {
        "id": "round_before_multiply",
        "name": {"bg": "Закръгляне преди контрата", "en": "Rounding before contra"},
        "description": {
            "bg": "При контра и реконтра сборът се закръглява и чак после се умножава: "
            "162 → 16, × 4 = 64 (вместо 648 → 65).",
            "en": "Under contra or recontra the sum is rounded first, then multiplied: "
            "162 → 16, × 4 = 64 (not 648 → 65).",
        },
    }


def test_every_house_step_names_its_rule() -> None:
    """Each step of a house rule starts with the rule's name, in both languages."""
    for case in CASES:
        for step in house_steps(case.result(Rules.of(*case.rules))):
            names = HOUSE_RULE_WORDS[str(step.params["rule"])]["name"]
            assert render(step.code, step.params, "bg").startswith(
                f"Домашно правило „{names['bg']}“: "
            )
            assert render(step.code, step.params, "en").startswith(f"House rule “{names['en']}”: ")


# --- properties ---------------------------------------------------------------------


def everything(result: DealResult) -> tuple[Any, ...]:
    """The whole result but the rule set it echoes."""
    return (
        result.raw,
        result.outcome,
        result.record,
        result.hanging_out,
        result.accepted,
        result.questions,
        result.steps,
        result.applied,
    )


def the_numbers(result: DealResult) -> tuple[Any, ...]:
    return result.raw, result.outcome, result.record, result.hanging_out, result.accepted


@given(deals)
def test_with_every_option_off_the_result_is_the_rule_books(deal: Deal) -> None:
    """The same code on both sides: that the default itself is still the rule book's
    is test_rulebook_golden.py's (the answers of the core before house rules)."""
    every_off = Rules(**dict.fromkeys(HOUSE_RULES, False))
    book = score_deal(deal)
    assert book.rules == DEFAULT_RULES and book.applied == ()
    assert not house_steps(book)
    assert everything(score_deal(replace(deal, rules=every_off))) == everything(book)
    # Through JSON: every option false, or none, or null, is the same answer.
    plain = deal_to_dict(deal)
    answer = score_deal_json(json.dumps(plain))
    for rules in ({}, None, dict.fromkeys(HOUSE_RULES, False)):
        assert score_deal_json(json.dumps({**plain, "rules": rules})) == answer


def about_round_before_multiply(deal: Deal, book: DealResult) -> bool:
    return deal.doubling is not Doubling.NONE


def about_capot_cancels_contra(deal: Deal, book: DealResult) -> bool:
    return deal.capot is not None and deal.doubling is not Doubling.NONE


def about_larger_six_rounds_up(deal: Deal, book: DealResult) -> bool:
    return (
        deal.contract.is_suit
        and deal.doubling is Doubling.NONE
        and book.outcome is Outcome.MADE
        and book.raw.us % 10 == book.raw.them % 10 == 6
    )


def about_no_trumps_capot_44(deal: Deal, book: DealResult) -> bool:
    return deal.contract is Contract.NO_TRUMPS and deal.capot is not None


def about_hanging_rounds_down(deal: Deal, book: DealResult) -> bool:
    split = {Contract.ALL_TRUMPS: 4, Contract.NO_TRUMPS: None}.get(deal.contract, 6)
    return (
        book.outcome is Outcome.HANGING
        and deal.doubling is Doubling.NONE
        and book.raw.us % 10 == split
    )


def about_one_declaration_contest(deal: Deal, book: DealResult) -> bool:
    """Both teams announced declarations that compete (belots never do)."""
    if deal.announced is None:
        return False
    declared = deal.announced.declarations
    return all(
        any(kind is not Declaration.BELOT for kind, _ in declared[team].items()) for team in Team
    )


ABOUT = {
    "round_before_multiply": about_round_before_multiply,
    "capot_cancels_contra": about_capot_cancels_contra,
    "larger_six_rounds_up": about_larger_six_rounds_up,
    "no_trumps_capot_44": about_no_trumps_capot_44,
    "hanging_rounds_down": about_hanging_rounds_down,
    "one_declaration_contest": about_one_declaration_contest,
}
#: Options that always change the deals they are about (the others may not:
#: 162 × 2 = 324 → 32 is 16 × 2 either way).
ALWAYS_CHANGE = {
    "capot_cancels_contra",
    "larger_six_rounds_up",
    "no_trumps_capot_44",
    "hanging_rounds_down",
}


def test_every_option_says_which_deals_it_is_about() -> None:
    assert set(ABOUT) == set(HOUSE_RULES)


@pytest.mark.parametrize("option", HOUSE_RULES)
@given(deal=deals)
def test_an_option_changes_only_the_deals_it_is_about(option: str, deal: Deal) -> None:
    book = score_deal(deal)
    house = score_deal(replace(deal, rules=Rules.of(option)))
    about = ABOUT[option](deal, book)
    if not about:
        assert everything(house) == everything(book)
    elif option in ALWAYS_CHANGE:
        assert the_numbers(house) != the_numbers(book)
    assert house.applied in ((), (option,))
    assert (option in house.applied) == (the_numbers(house) != the_numbers(book))


@given(ruled_deals | pooled_deals)
def test_a_house_rule_is_named_exactly_when_it_changes_a_number(deal: Deal) -> None:
    """Each option on: its step is there if and only if switching it off alone
    changes a number of the deal (raw points, outcome, record, hanging, or what counts)."""
    result = score_deal(deal)
    named = [step.params["rule"] for step in house_steps(result)]
    assert sorted(named) == sorted(result.applied)  # one step per rule applied
    for option in deal.rules.active:
        try:
            without = score_deal(replace(deal, rules=deal.rules.without(option)))
        except InvalidInputError as error:
            # Only one contest can decide without an answer the rule book needs.
            assert (option, error.code) == ("one_declaration_contest", "needs_answer")
            assert option in result.applied
            continue
        assert (option in result.applied) == (the_numbers(without) != the_numbers(result))


@given(ruled_deals)
def test_round_before_multiply_is_the_rounded_sum_times_the_multiplier(deal: Deal) -> None:
    rules = replace(deal.rules, round_before_multiply=True, capot_cancels_contra=False)
    result = score_deal(replace(deal, rules=rules, hanging_in=0))
    if deal.doubling is Doubling.NONE:
        return
    whole = round_sum(result.raw.us + result.raw.them) * deal.doubling.multiplier
    assert result.record.us + result.record.them + result.hanging_out == whole


@given(ruled_deals)
def test_house_rules_keep_the_teams_symmetric(deal: Deal) -> None:
    result, mirrored = score_deal(deal), score_deal(deal.swapped())
    assert mirrored.record == result.record.swapped()
    assert mirrored.raw == result.raw.swapped()
    assert mirrored.hanging_out == result.hanging_out
    assert mirrored.applied == result.applied


@given(ruled_deals | pooled_deals)
def test_deals_with_rules_round_trip_through_json(deal: Deal) -> None:
    data = json.loads(json.dumps(deal_to_dict(deal)))
    assert ("rules" in data) == (deal.rules != DEFAULT_RULES)
    assert deal_from_dict(data) == deal
    answer = json.loads(score_deal_json(json.dumps(data)))["result"]
    assert answer["rules"] == dict.fromkeys(deal.rules.active, True)
    assert answer["applied_rules"] == list(score_deal(deal).applied)


@given(rule_sets)
def test_rule_sets_round_trip_by_their_ids(rules: Rules) -> None:
    assert Rules.of(*rules.active) == rules
    assert Rules(**dict.fromkeys(rules.active, True)) == rules
