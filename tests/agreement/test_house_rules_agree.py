"""The game book changes a game's house rules at once, in pure code (widget/deal/
house-rules.js: "only from the next deal" keeps each deal played under the rules it was
scored by; "all deals" rescoring every one): over many random games, some deals with
rules of their own, some passed, every change of rules, its deals are the core's
`GameSheet.with_rules` (from the next deal: `from_deal=len(deals)`; all: from 0) —
each deal scored by the same rules, so every row and total is the core's."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

from node_answers import ask_widget

from belot_core import GameSheet, Passed
from belot_core.errors import SheetError
from belot_core.house import Rules
from belot_core.json_read import game_from_dict
from belot_core.json_write import game_to_dict
from sample_games import sample_game  # tools/, on pytest's path

ROOT = Path(__file__).resolve().parents[2]
GAMES = 300
RULE_IDS = [field.name for field in dataclasses.fields(Rules)]


def random_rules(rng: random.Random) -> dict[str, bool]:
    return {rule: True for rule in RULE_IDS if rng.random() < 0.35}


def question(seed: int) -> dict[str, Any]:
    """A game of up to 12 deals under rules `old`, some deals under rules of their own."""
    rng = random.Random(seed)
    data = game_to_dict(sample_game(rng.randint(0, 12), seed))
    deals = data["deals"]
    assert isinstance(deals, list)
    for deal in deals:
        if isinstance(deal, dict) and rng.random() < 0.3:
            deal["rules"] = random_rules(rng)
    for _ in range(rng.randint(0, 2)):  # a deal all passed, somewhere before the end
        deals.insert(rng.randint(0, max(len(deals) - 1, 0)), {"passed": True})
    old = random_rules(rng)
    try:
        assert (
            read(old, deals).rows is not None
        )  # a game the book can hold: it does not end before its last deal
    except SheetError:
        old = {}
        for deal in deals:
            deal.pop("rules", None)
    return {"deals": deals, "old": old, "new": random_rules(rng)}


def widget(questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    asked = [{"deals": q["deals"], "old": q["old"]} for q in questions]
    answers: list[dict[str, Any]] = ask_widget(
        ROOT / "tests" / "agreement" / "house_rules.mjs", asked
    )
    return answers


def rules_by_deal(sheet: GameSheet) -> list[Rules | None]:
    """The rules each deal is scored by (None for a deal all passed: no rule scores it)."""
    return [
        None if isinstance(deal, Passed) else sheet.rules_of(index)
        for index, deal in enumerate(sheet.deals)
    ]


def outcome(sheet: GameSheet) -> object:
    """The rules of each deal and every row's totals, or the core's refusal: new rules
    may end the game before its last deal, and the book then refuses the change as the
    core does."""
    try:
        return rules_by_deal(sheet), [row.totals for row in sheet.rows]
    except SheetError as error:
        return error.code


def read(rules: dict[str, bool], deals: list[Any]) -> GameSheet:
    return game_from_dict({"version": 1, "rules": rules, "deals": deals})


def book_outcome(rules: dict[str, bool], deals: list[Any]) -> object:
    """The game as the book writes it, read by the core: its outcome, or its refusal."""
    try:
        return outcome(read(rules, deals))
    except SheetError as error:
        return error.code


def core_outcome(sheet: GameSheet, rules: Rules, from_deal: int) -> object:
    """`sheet.with_rules(rules, from_deal=…)`: its outcome, or its refusal."""
    try:
        return outcome(sheet.with_rules(rules, from_deal=from_deal))
    except SheetError as error:
        return error.code


def test_changing_the_rules_writes_the_deals_the_core_would() -> None:
    questions = [question(seed) for seed in range(GAMES)]
    refused = 0
    for q, answer in zip(questions, widget(questions), strict=True):
        sheet = read(q["old"], q["deals"])
        new = read(q["new"], []).rules
        book = book_outcome(q["new"], answer["fromNext"])
        assert book == core_outcome(sheet, new, len(sheet.deals)), q
        refused += isinstance(book, str)
        book = book_outcome(q["new"], answer["forAll"])
        assert book == core_outcome(sheet, new, 0), q
        refused += isinstance(book, str)
    assert 0 < refused < GAMES, "some changes end the game early, most do not"


def test_the_games_asked_cover_the_cases() -> None:
    """Deals with rules of their own and without, passed deals, empty games: all asked."""
    questions = [question(seed) for seed in range(GAMES)]
    deals = [deal for q in questions for deal in q["deals"]]
    assert any("rules" in deal for deal in deals)
    assert any(not deal.get("passed") and "rules" not in deal for deal in deals)
    assert any(deal.get("passed") for deal in deals)
    assert any(not q["deals"] for q in questions)
