"""Properties that hold for every deal and every game."""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    deal_like_requests,
    deals,
    entries,
    hanging_entries,
    json_values,
    names,
    pooled_deals,
    rule_sets,
    ruled_deals,
    table_like_fields,
    tables,
    typed_text,
)

from belot_core import (
    BelotError,
    ByTeam,
    Deal,
    Doubling,
    GameSheet,
    Higher,
    Names,
    Outcome,
    Passed,
    Rules,
    SheetError,
    link,
    memo,
    render,
    round_sum,
    score_deal,
)
from belot_core.json_api import (
    deal_from_dict,
    deal_to_dict,
    game_from_dict,
    game_to_dict,
    mirror_game_dict,
    mirror_game_json,
    score_deal_json,
    score_game_json,
)
from belot_core.json_read import Invalid, read_game_request
from belot_core.json_write import SEPARATORS, game_result  # what the answer is written from
from belot_core.link import read_game_link_json
from belot_core.matches import match_scores_json
from belot_core.sheet import TARGET
from belot_core.stats import statistics_json
from belot_core.table import Seats
from belot_core.text import BIDI_CONTROLS


@given(deals)
def test_swapping_the_team_labels_swaps_the_result(deal: Deal) -> None:
    result, mirrored = score_deal(deal), score_deal(deal.swapped())
    assert mirrored.raw == result.raw.swapped()
    assert mirrored.record == result.record.swapped()
    assert mirrored.outcome is result.outcome
    assert mirrored.hanging_out == result.hanging_out


#: Deals under any rule set, some entered as one contest for all declarations allows.
any_rules = ruled_deals | pooled_deals


@given(any_rules)
def test_recorded_and_hanging_points_are_never_negative(deal: Deal) -> None:
    result = score_deal(deal)
    assert min(result.record.us, result.record.them, result.hanging_out) >= 0


@given(deals)
def test_the_whole_deal_is_written_down_or_hangs(deal: Deal) -> None:
    """Points are conserved: both teams together record the whole deal."""
    result = score_deal(deal)
    whole = round_sum((result.raw.us + result.raw.them) * deal.doubling.multiplier)
    written = result.record.us + result.record.them + result.hanging_out
    assert written == whole + deal.hanging_in
    if deal.doubling is not Doubling.NONE or result.outcome is Outcome.INSIDE:
        # one team records everything, the other nothing
        assert min(result.record.us, result.record.them) == 0 or result.outcome is Outcome.HANGING


@given(deals.filter(lambda d: d.doubling is Doubling.NONE))
def test_a_made_deal_records_the_whole_deal_in_game_points(deal: Deal) -> None:
    result = score_deal(replace(deal, hanging_in=0))
    if result.outcome is Outcome.MADE:
        assert result.record.us + result.record.them == round_sum(result.raw.us + result.raw.them)


@given(deals)
def test_outcome_follows_the_raw_points(deal: Deal) -> None:
    result = score_deal(deal)
    bidders, defenders = result.raw[deal.bidder], result.raw[deal.defenders]
    expected = (
        Outcome.MADE
        if bidders > defenders
        else Outcome.INSIDE
        if bidders < defenders
        else Outcome.HANGING
    )
    assert result.outcome is expected


@given(deals | any_rules)
def test_deal_round_trips_through_json(deal: Deal) -> None:
    assert deal_from_dict(json.loads(json.dumps(deal_to_dict(deal)))) == deal


@given(deals | any_rules)
def test_json_answer_matches_the_python_answer(deal: Deal) -> None:
    answer = json.loads(score_deal_json(json.dumps(deal_to_dict(deal))))
    result = score_deal(deal)
    assert answer["ok"] is True
    assert answer["result"]["record"] == {"us": result.record.us, "them": result.record.them}
    assert answer["result"]["hanging_out"] == result.hanging_out


def _answers(text: str) -> None:
    functions = (score_deal_json, score_game_json, mirror_game_json)
    for function in (*functions, match_scores_json, statistics_json):
        answer = json.loads(function(text))
        assert answer["ok"] in (True, False)
        if not answer["ok"]:
            assert answer["errors"]
            for error in answer["errors"]:
                assert set(error) >= {"code", "field", "params", "message"}
                assert error["message"]["bg"] and error["message"]["en"]


@given(json_values)
def test_json_functions_answer_any_json(value: Any) -> None:
    _answers(json.dumps(value))


@given(st.text(max_size=200))
def test_json_functions_answer_any_text(text: str) -> None:
    _answers(text)


@given(deal_like_requests)
def test_json_functions_answer_near_miss_requests(request: dict[str, Any]) -> None:
    _answers(json.dumps(request))
    _answers(json.dumps({"version": 1, "deals": [request, {"passed": True}]}))


@given(table_like_fields, st.sampled_from(["2026-05-14", "2026-02-30", "", None]) | json_values)
def test_json_functions_answer_near_miss_tables_and_books(table: dict[str, Any], day: Any) -> None:
    game = {"version": 1, "deals": [{"passed": True}], **table}
    _answers(json.dumps(game))
    _answers(json.dumps({"version": 1, "games": [{"date": day, "game": game}, game], "to": day}))


@given(
    st.dictionaries(
        st.sampled_from(
            [
                "contract",
                "bidder",
                "doubling",
                "pile",
                "last_trick",
                "capot",
                "declarations",
                "hanging_in",
                "announced",
            ]
        ),
        json_values,
    )
)
def test_bad_python_values_only_raise_our_errors(values: dict[str, Any]) -> None:
    try:
        Deal(**values)
    except BelotError:
        pass
    except TypeError as error:  # a required keyword missing: Python's own call check
        assert "required" in str(error)


@given(
    st.dictionaries(st.sampled_from(["us", "them"]), json_values | st.text(max_size=60)),
    st.dictionaries(st.sampled_from(["sequence", "carre"]), json_values),
)
def test_bad_names_and_answers_only_raise_our_errors(
    team_names: dict[str, Any], answers: dict[str, Any]
) -> None:
    for build, values in ((Names, team_names), (Higher, answers)):
        with contextlib.suppress(BelotError):  # anything else fails the test
            build(**values)


#: Each language's default words for the two teams, as whole words.
DEFAULT_WORDS = {
    "bg": {"us": re.compile(r"\bНие\b"), "them": re.compile(r"\bВие\b")},
    "en": {
        "us": re.compile(r"\b[Ww]e\b|\b[Oo]ur\b"),
        "them": re.compile(r"\b[Tt]hey\b|\b[Tt]heir\b"),
    },
}


@given(deals | any_rules, names)
def test_every_step_has_words_whatever_the_names(deal: Deal, names_: Names) -> None:
    """Every parameter is filled in, and a named team is never called Ние/Вие, we/they."""
    for step in score_deal(deal).steps:
        for language, words in DEFAULT_WORDS.items():
            plain = render(step.code, step.params, language)
            assert plain != step.code and "?" not in plain
            text = render(step.code, step.params, language, names_)
            for team, word in words.items():
                custom = getattr(names_, team)
                if custom and not any(word.search(name) for name in (names_.us, names_.them)):
                    assert not word.search(text), (team, text)


def play(entries_: list[Deal | Passed]) -> GameSheet:
    sheet = GameSheet()
    for entry in entries_:
        if sheet.finished:
            break
        sheet = sheet.append(entry)
    return sheet


@given(st.lists(entries, max_size=40))
def test_random_games(entries_: list[Deal | Passed]) -> None:
    sheet = play(entries_)
    total_us = total_them = 0
    for index, row in enumerate(sheet.rows):
        assert min(row.record.us, row.record.them, row.hanging) >= 0
        total_us, total_them = total_us + row.record.us, total_them + row.record.them
        assert (row.totals.us, row.totals.them) == (total_us, total_them)
        decides = (
            not isinstance(row.entry, Passed)
            and row.entry.capot is None
            and max(total_us, total_them) >= TARGET
            and total_us != total_them
        )
        # The game ends at the first deal that satisfies the rule, and not before.
        assert decides == (sheet.ended_at == index)
    assert sheet.totals.us == sum(row.record.us for row in sheet.rows)
    if sheet.finished:
        try:
            sheet.append(Passed())
        except SheetError as error:
            assert error.code == "game_over"
        else:
            raise AssertionError("a finished game took another deal")


@given(st.lists(entries, min_size=1, max_size=25), st.data())
def test_editing_a_deal_leaves_earlier_rows_alone(
    entries_: list[Deal | Passed], data: st.DataObject
) -> None:
    sheet = play(entries_)
    index = data.draw(st.integers(0, len(sheet.deals) - 1))
    try:
        edited = sheet.replace(index, Passed())
    except SheetError as error:  # the edit may end the game earlier
        assert error.code == "deals_after_end"
        return
    assert edited.rows[:index] == sheet.rows[:index]


@given(st.lists(entries, max_size=25), names, rule_sets)
def test_saved_games_replay_identically(
    entries_: list[Deal | Passed], names_: Names, rules: Rules
) -> None:
    sheet = replace(play(entries_), names=names_)
    try:
        sheet = sheet.with_rules(rules)
    except SheetError as error:  # the house rules may end the game earlier
        assert error.code == "deals_after_end"
    loaded = game_from_dict(json.loads(json.dumps(game_to_dict(sheet))))
    assert loaded.rows == sheet.rows
    assert loaded == sheet


# --- the memos: a sheet worked out from a warm memo is the sheet worked out afresh ----

changes = st.lists(
    st.tuples(
        st.sampled_from(["append", "replace", "delete", "undo"]),
        st.integers(0, 60),
        hanging_entries,
    ),
    max_size=12,
)


def rescored(sheet: GameSheet) -> None:
    """Every row's result is what :func:`score_deal` gives for the deal with the hanging
    points carried into it, and the totals add up."""
    hanging, totals = 0, ByTeam(us=0, them=0)
    for row in sheet.rows:
        if isinstance(row.entry, Deal):
            assert row.result == score_deal(replace(row.entry, hanging_in=hanging))
            hanging = row.result.hanging_out
        totals = ByTeam(us=totals.us + row.record.us, them=totals.them + row.record.them)
        assert (row.hanging, row.totals) == (hanging, totals)


@given(st.lists(hanging_entries, max_size=20), changes, names, rule_sets)
def test_a_changed_sheet_equals_the_sheet_built_afresh(
    entries_: list[Deal | Passed],
    changes_: list[tuple[str, int, Deal | Passed]],
    names_: Names,
    rules: Rules,
) -> None:
    sheet = replace(play(entries_), names=names_)
    with contextlib.suppress(SheetError):  # the house rules may end the game earlier
        sheet = sheet.with_rules(rules)
    for change, index, entry in changes_:
        place = index % len(sheet.deals) if sheet.deals else 0
        try:
            if change == "append":
                changed = sheet.append(entry)
            elif change == "replace":
                changed = sheet.replace(place, entry)
            elif change == "delete":
                changed = sheet.delete(place)
            else:
                changed = sheet.undo()
        except SheetError:
            continue  # refused (game over, deals after the end, nothing to undo): as afresh
        memo.clear()
        afresh = GameSheet(changed.deals, names=changed.names, rules=changed.rules)
        assert changed.rows == afresh.rows  # row by row: deal, result, record, hanging, totals
        assert (changed.winner, changed.ended_at) == (afresh.winner, afresh.ended_at)
        rescored(changed)
        sheet = changed


def game_text(sheet: GameSheet, names_: Names, rules: Rules, **more: Any) -> str:
    game = game_to_dict(sheet)
    game["names"] = {"us": names_.us, "them": names_.them}
    game["rules"] = dict.fromkeys(rules.active, True)
    return json.dumps({**game, **more}, ensure_ascii=False)


@given(
    st.lists(hanging_entries, max_size=25),
    names,
    rule_sets,
    st.lists(st.tuples(st.integers(0, 25), hanging_entries, names, rule_sets), max_size=4),
)
def test_answers_are_the_same_with_the_memos_full_or_empty(
    entries_: list[Deal | Passed],
    names_: Names,
    rules: Rules,
    others: list[tuple[int, Deal | Passed, Names, Rules]],
) -> None:
    sheet = play(entries_)
    text = game_text(sheet, names_, rules)
    memo.clear()
    cold = score_game_json(text)
    memo.clear()
    # Fill the memos with the same deals under other names and rules, with a deal
    # changed, with deals taken away or added -- then ask again.
    for cut, entry, other_names, other_rules in others:
        deals = (*sheet.deals[:cut], entry, *sheet.deals[cut + 1 :])
        with contextlib.suppress(BelotError):
            score_game_json(game_text(GameSheet(deals), other_names, other_rules))
        score_game_json(game_text(GameSheet(sheet.deals[:cut]), names_, other_rules))
        score_game_json(game_text(sheet, other_names, rules, explain="last"))
    assert score_game_json(text) == cold
    assert score_game_json(text) == cold  # and from memos filled by this very game


explains = st.one_of(
    st.sampled_from([None, "all", "last", "none"]), st.lists(st.integers(0, 30), max_size=5)
)


@given(st.lists(hanging_entries, max_size=25), names, rule_sets, explains, st.booleans())
def test_a_game_answer_written_from_its_rows_is_the_answer_written_whole(
    entries_: list[Deal | Passed], names_: Names, rules: Rules, explain: Any, cold: bool
) -> None:
    # score_game_json joins each row's text, written once and kept (json_write._row_text); the
    # text must be exactly what writing the whole answer at once gives, memos full or not.
    text = game_text(play(entries_), names_, rules, explain=explain)
    if cold:
        memo.clear()
    answer = score_game_json(text)
    try:
        whole = {"ok": True, "result": game_result(*read_game_request(json.loads(text)))}
    except Invalid:
        assert not json.loads(answer)["ok"]
        return
    assert answer == json.dumps(whole, ensure_ascii=False, separators=SEPARATORS)


@given(st.lists(entries, max_size=25), names, explains)
def test_explain_never_changes_the_numbers(
    entries_: list[Deal | Passed], names_: Names, explain: Any
) -> None:
    sheet = play(entries_)
    full = json.loads(score_game_json(game_text(sheet, names_, Rules())))
    asked = json.loads(score_game_json(game_text(sheet, names_, Rules(), explain=explain)))
    count = len(sheet.deals)
    if isinstance(explain, list) and any(index >= count for index in explain):
        assert not asked["ok"]
        assert {error["code"] for error in asked["errors"]} == {"no_such_deal"}
        return
    assert full["ok"] and asked["ok"]
    if explain is None or explain == "all":
        chosen = set(range(count))
    elif explain == "last":
        chosen = {count - 1} if count else set()
    elif explain == "none":
        chosen = set()
    else:
        chosen = set(explain)
    rows = asked["result"].pop("rows")
    for index, (row, whole) in enumerate(zip(rows, full["result"].pop("rows"), strict=True)):
        explanation = whole.pop("explanation")
        assert row.pop("explanation", None) == (explanation if index in chosen else None)
        assert row == whole
    assert asked == full


@given(json_values)
def test_any_explain_value_is_read_or_refused_with_our_errors(value: Any) -> None:
    game = {"version": 1, "deals": [{"passed": True}] * 3, "explain": value}
    answer = json.loads(score_game_json(json.dumps(game)))
    if answer["ok"]:
        return
    for error in answer["errors"]:
        assert error["code"] in {"invalid_choice", "wrong_type", "not_integer", "no_such_deal"}
        assert re.fullmatch(r"explain(\[\d+\])?", error["field"]), error
        assert error["message"]["bg"] and error["message"]["en"]


def _ruled(sheet: GameSheet, rules: Rules) -> GameSheet | None:
    """``sheet`` under ``rules`` (every deal), or None if they end the game earlier."""
    try:
        return sheet.with_rules(rules)
    except SheetError as error:
        assert error.code == "deals_after_end"
        return None


@given(st.lists(entries, max_size=25), rule_sets)
def test_deals_that_carry_the_games_rules_are_the_game_without_them(
    entries_: list[Deal | Passed], rules: Rules
) -> None:
    sheet = _ruled(play(entries_), rules)
    if sheet is None:
        return
    carried = GameSheet(sheet.deals, rules=rules, deal_rules=(rules,) * len(sheet.deals))
    assert carried == sheet and carried.rows == sheet.rows
    data = game_to_dict(sheet)
    own = dict.fromkeys(rules.active, True)
    with_own = {
        **data,
        "deals": [
            entry if "passed" in entry else {**entry, "rules": own} for entry in data["deals"]
        ],
    }
    assert score_game_json(json.dumps(with_own)) == score_game_json(json.dumps(data))
    assert game_from_dict(with_own) == sheet


@given(st.lists(entries, min_size=1, max_size=25), rule_sets, st.data())
def test_deals_with_rules_of_their_own_round_trip_through_json(
    entries_: list[Deal | Passed], rules: Rules, data: st.DataObject
) -> None:
    played = play(entries_)
    own = tuple(data.draw(st.none() | rule_sets) for _ in played.deals)
    try:
        sheet = GameSheet(played.deals, rules=rules, deal_rules=own)
    except SheetError as error:  # other rules may end the game earlier
        assert error.code == "deals_after_end"
        return
    for entry, rules_, row in zip(sheet.deals, own, sheet.rows, strict=True):
        if row.result is not None:
            assert row.result.rules == (rules if rules_ is None else rules_)
            assert isinstance(entry, Deal) and entry.rules == row.result.rules
    loaded = game_from_dict(json.loads(json.dumps(game_to_dict(sheet))))
    assert loaded == sheet and loaded.rows == sheet.rows
    answer = json.loads(score_game_json(json.dumps(game_to_dict(sheet))))["result"]
    # A row does not echo the rules its deal carries (or the game's): the request has them.
    assert not any("rules" in row for row in answer["rows"])
    assert answer["rules"] == dict.fromkeys(rules.active, True)


@given(st.lists(entries, min_size=1, max_size=25), rule_sets, st.data())
def test_new_rules_from_a_deal_on_leave_the_rows_before_it_alone(
    entries_: list[Deal | Passed], rules: Rules, data: st.DataObject
) -> None:
    sheet = play(entries_)
    from_deal = data.draw(st.integers(0, len(sheet.deals)))
    try:
        changed = sheet.with_rules(rules, from_deal=from_deal)
    except SheetError as error:  # the new rules may end the game earlier
        assert error.code == "deals_after_end"
        return
    assert changed.rows[:from_deal] == sheet.rows[:from_deal]
    assert changed.rules == rules
    # From the next deal on changes nothing written so far.
    assert sheet.with_rules(rules, from_deal=len(sheet.deals)).rows == sheet.rows


# --- names and echoed text carry no bidi control (issue 22) --------------------------


def no_bidi(text: str) -> bool:
    return not any(control in text for control in BIDI_CONTROLS)


@given(typed_text, typed_text)
def test_no_name_the_core_keeps_carries_a_bidi_control(us: str, them: str) -> None:
    try:
        kept = Names(us=us, them=them)
    except BelotError as error:
        assert error.code == "name_too_long"
        return
    assert no_bidi(kept.us) and no_bidi(kept.them)
    assert Names(us=kept.us, them=kept.them) == kept  # cleaning a clean name changes nothing


@given(typed_text, typed_text, typed_text, st.booleans())
def test_no_answer_of_the_core_carries_a_bidi_control(
    us: str, them: str, junk: str, in_link: bool
) -> None:
    """Names as a request, a saved game or a stranger's link gives them, and a bad value
    or key echoed in an error: nothing the core answers can reorder the page's text."""
    deal = {"contract": "hearts", "bidder": "us", "cards": {"team": "us", "points": 82}}
    deal |= {"last_trick": "us", junk: 1, "doubling": junk}
    game = {"version": 1, "names": {"us": us, "them": them}, "deals": [{"passed": True}]}
    answers = [
        score_game_json(json.dumps(game)),
        score_game_json(json.dumps({**game, "deals": [deal]})),
        score_deal_json(json.dumps({**deal, "version": 1, "names": {"us": us}})),
    ]
    if in_link:  # names the link carries as they came, not as a sheet would keep them
        # (A link is UTF-8: a lone surrogate cannot be in one, so it becomes "?" here.)
        def utf8(text: str) -> str:
            return text.encode("utf-8", "replace").decode()

        raw = SimpleNamespace(us=utf8(us)[:60], them=utf8(them)[:1])
        text = link._encode(raw, Rules(), [Passed()])
        answers.append(read_game_link_json(json.dumps({"version": 1, "link": text})))
    for answer in answers:
        assert no_bidi(answer), answer


# --- the table around a game, and the other team's view of it ---------------------------


def tabled(entries_: list[Deal | Passed], names_: Names, table: dict[str, Any]) -> GameSheet:
    """The game these entries play, with its names and its table."""
    return replace(play(entries_), names=names_, **table)


@given(st.lists(hanging_entries, max_size=30), names, tables)
def test_a_game_and_its_table_round_trip_through_json(
    entries_: list[Deal | Passed], names_: Names, table: dict[str, Any]
) -> None:
    sheet = tabled(entries_, names_, table)
    assert game_from_dict(json.loads(json.dumps(game_to_dict(sheet)))) == sheet
    result = json.loads(score_game_json(json.dumps(game_to_dict(sheet))))["result"]
    first = table.get("dealer")
    # Every deal is dealt by the next seat, passed deals included.
    assert [row.get("dealer") for row in result["rows"]] == [
        None if first is None else (first + index) % 4 for index in range(len(sheet.deals))
    ]
    assert result["next_dealer"] == (None if first is None else (first + len(sheet.deals)) % 4)


@given(st.lists(hanging_entries, max_size=30), names, tables)
def test_the_other_teams_game_is_this_game_swapped(
    entries_: list[Deal | Passed], names_: Names, table: dict[str, Any]
) -> None:
    sheet = tabled(entries_, names_, table)
    mirrored = sheet.mirrored()
    assert mirrored.totals == sheet.totals.swapped()
    assert mirrored.winner == (None if sheet.winner is None else sheet.winner.other)
    assert (mirrored.hanging, mirrored.ended_at) == (sheet.hanging, sheet.ended_at)
    assert (mirrored.names.us, mirrored.names.them) == (sheet.names.them, sheet.names.us)
    for row, other in zip(sheet.rows, mirrored.rows, strict=True):
        assert (other.record, other.totals) == (row.record.swapped(), row.totals.swapped())
        assert (other.hanging, other.status) == (row.hanging, row.status)
        if row.result is not None:
            assert other.result is not None
            assert other.result.collected == (
                None
                if row.result.collected is None
                else (row.result.collected[0].other, row.result.collected[1])
            )
        # The same player deals each deal, on the other team in the other's view.
        if row.dealer is None:
            assert other.dealer is None
        else:
            assert other.dealer is not None
            assert mirrored.seats.name(other.dealer) == sheet.seats.name(row.dealer)
            assert other.dealer % 2 != row.dealer % 2
    # Twice: the same game and table, each team's players listed the other way round
    # (and so every seat two places on); four times: the very same game.
    twice = mirrored.mirrored()
    assert twice.deals == sheet.deals
    assert [replace(row, dealer=None) for row in twice.rows] == [
        replace(row, dealer=None) for row in sheet.rows
    ]
    assert twice == replace(
        sheet,
        seats=Seats(us=sheet.seats.us[::-1], them=sheet.seats.them[::-1]),
        dealer=None if sheet.dealer is None else (sheet.dealer + 2) % 4,
    )
    assert twice.mirrored().mirrored() == sheet
    # The same through JSON: the game's value, and a link read for "them".
    assert mirror_game_dict(game_to_dict(sheet)) == game_to_dict(mirrored)


@given(st.lists(hanging_entries, max_size=20), names)
def test_a_link_read_for_them_is_the_game_mirrored(
    entries_: list[Deal | Passed], names_: Names
) -> None:
    sheet = replace(play(entries_), names=names_)
    text = link.game_link(sheet)
    for we_are, seen in (("us", sheet), ("them", sheet.mirrored())):
        request = json.dumps({"version": 1, "link": text, "we_are": we_are})
        reply = json.loads(read_game_link_json(request))
        assert reply["ok"], reply
        assert game_from_dict(reply["result"]["game"]) == seen
        assert reply["result"]["score"]["totals"] == {
            "us": seen.totals.us,
            "them": seen.totals.them,
        }
