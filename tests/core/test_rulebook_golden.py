"""The rule book, golden: today's default gives the numbers the core gave before
house rules existed (data/rulebook_golden.json; see rulebook_golden.py).

test_house.py compares the default with every option switched off, in the same
code: a regression of both at once passes there. These numbers were written by
another core, so they do not move with this one."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from rulebook_golden import BEFORE, DATA, deal_numbers, game_numbers

from belot_core import HOUSE_RULES
from belot_core.json_api import score_deal_json, score_game_json

GOLDEN: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
DEALS: list[dict[str, Any]] = GOLDEN["deals"]
GAMES: list[dict[str, Any]] = GOLDEN["games"]


def deal_id(case: dict[str, Any]) -> str:
    deal = case["deal"]
    words = [deal["contract"], deal["doubling"], case["numbers"]["outcome"]]
    words += [
        word for word in ("capot", "announced", "declarations", "hanging_in") if deal.get(word)
    ]
    return "-".join(words)


def answer(function: Any, request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(function(json.dumps(request, ensure_ascii=False)))
    assert reply["ok"], reply
    result: dict[str, Any] = reply["result"]
    return result


def deal_request(case: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"version": 1, **case["deal"], **extra}


@pytest.mark.parametrize(
    "case", DEALS, ids=[f"{index:03}-{deal_id(case)}" for index, case in enumerate(DEALS)]
)
def test_a_deal_scores_as_the_rule_book_did(case: dict[str, Any]) -> None:
    assert deal_numbers(answer(score_deal_json, deal_request(case))) == case["numbers"]


@pytest.mark.parametrize(
    "game",
    GAMES,
    ids=[f"game-{index}-{len(game['deals'])}-deals" for index, game in enumerate(GAMES)],
)
def test_a_game_scores_as_the_rule_book_did(game: dict[str, Any]) -> None:
    request = {"version": 1, "names": game["names"], "deals": game["deals"]}
    assert game_numbers(answer(score_game_json, request)) == game["numbers"]


def test_the_numbers_are_the_old_cores() -> None:
    assert GOLDEN["core"] == BEFORE
    assert DATA.stat().st_size < 200_000


def test_the_deals_cover_what_the_rule_book_decides() -> None:
    deals = [case["deal"] for case in DEALS]
    outcomes = Counter((case["deal"]["doubling"], case["numbers"]["outcome"]) for case in DEALS)
    assert {deal["contract"] for deal in deals} == {
        "clubs",
        "diamonds",
        "hearts",
        "spades",
        "no_trumps",
        "all_trumps",
    }
    for doubling in ("none", "contra", "recontra"):
        for outcome in ("made", "inside", "hanging"):
            assert outcomes[doubling, outcome] >= 3, (doubling, outcome)
    assert sum(1 for deal in deals if deal.get("capot") and deal["doubling"] != "none") >= 5
    assert sum(1 for deal in deals if deal.get("hanging_in")) >= 20
    assert sum(1 for deal in deals if "declarations" in deal) >= 20
    assert sum(1 for deal in deals if "announced" in deal) >= 20
    games = [game["numbers"] for game in GAMES]
    assert {game["winner"] for game in games} == {"us", "them"}
    assert any(row["passed"] for game in games for row in game["rows"])
    assert any(row["hanging"] for game in games for row in game["rows"])


@pytest.mark.parametrize("rule", HOUSE_RULES)
def test_the_deals_would_show_every_house_rule_in_the_default(rule: str) -> None:
    """Each option changes some of these deals' numbers: leaked into the default, it fails."""
    changed = [
        case
        for case in DEALS
        if deal_numbers(answer(score_deal_json, deal_request(case, rules={rule: True})))
        != case["numbers"]
    ]
    assert len(changed) >= 3, rule
