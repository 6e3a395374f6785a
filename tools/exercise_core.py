"""Everything the web page asks of belot_core, in one call: `exercise()`.

Run inside Pyodide twice: at build time by tools/trace_stdlib.mjs, which then
records which standard-library modules got imported (the trimmed stdlib ships
exactly those), and in Chromium by tests/e2e/test_perf_stdlib.py against the
trimmed archive, so a module the page needs but the trace missed fails a test.

It imports every module of the core except the command line (the page never
runs it) and drives the JSON contract through valid, invalid and malformed
input, a whole game and a finished one, in both languages. It returns a small
summary and raises AssertionError if an answer is not what the contract says.
"""

from __future__ import annotations

import importlib
import json
import os
from typing import Any

# Not part of what the page runs: the command line (argparse) and `python -m`.
SKIPPED_MODULES = frozenset({"cli", "__main__"})

CONTRACTS = ("clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps")
DECK_POINTS = {"no_trumps": 120, "all_trumps": 248}


def _deal(contract: str, points: int, **extra: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "version": 1,
        "contract": contract,
        "bidder": "us",
        "doubling": "none",
        "cards": {"team": "us", "points": points},
        "last_trick": "us",
        "capot": None,
        "declarations": {"us": {}, "them": {}},
        "hanging_in": 0,
    }
    deal.update(extra)
    return deal


def _answer(function: Any, value: Any) -> dict[str, Any]:
    text = value if isinstance(value, str) else json.dumps(value)
    answer: dict[str, Any] = json.loads(function(text))
    assert isinstance(answer.get("ok"), bool), answer
    if not answer["ok"]:
        for error in answer["errors"]:
            assert error["code"] and error["message"]["bg"] and error["message"]["en"], error
    return answer


def valid_deals() -> list[dict[str, Any]]:
    """Deals of every contract, doubling, capot and declaration the UI can send."""
    deals = []
    for contract in CONTRACTS:
        deck = DECK_POINTS.get(contract, 152)
        declared = {} if contract == "no_trumps" else {"tierce": 1, "belot": 1}
        for doubling in ("none", "contra", "recontra"):
            for points in (0, deck // 3, deck // 2, deck):
                deals.append(
                    _deal(
                        contract,
                        points,
                        doubling=doubling,
                        declarations={"us": declared, "them": {}},
                        hanging_in=points % 7,
                    )
                )
        deals.append(_deal(contract, deck, capot="us", declarations={"us": {}, "them": declared}))
    return deals


def invalid_inputs() -> list[Any]:
    """Requests the core must refuse with its own error codes."""
    return [
        _deal("trumps", 82),
        _deal("hearts", 400),
        _deal("hearts", -1),
        _deal("hearts", 82, bidder="nobody", last_trick=3),
        _deal("hearts", 82, declarations={"us": {"quint": "x"}, "them": {}}),
        _deal("no_trumps", 60, declarations={"us": {"belot": 1}, "them": {}}),
        {"version": 2},
        {},
        [],
        "{not json",
        "[" * 100 + "]" * 100,
        '"\\ud800"',
    ]


def exercise() -> dict[str, int]:
    """Import the core and use its whole JSON contract; return counts of answers."""
    import belot_core

    package_dir = os.path.dirname(belot_core.__file__)
    modules = sorted(
        name[:-3]
        for name in os.listdir(package_dir)
        if name.endswith(".py") and name[:-3] not in SKIPPED_MODULES
    )
    for name in modules:
        importlib.import_module(f"belot_core.{name}")
    from belot_core.json_api import score_deal_json, score_game_json

    made = refused = 0
    for deal in valid_deals():
        answer = _answer(score_deal_json, deal)
        made += answer["ok"]
        refused += not answer["ok"]
    for bad in invalid_inputs():
        answer = _answer(score_deal_json, bad)
        assert not answer["ok"], (bad, answer)
        refused += 1
    assert json.loads(score_deal_json(None))["ok"] is False  # type: ignore[arg-type]

    in_game: list[dict[str, Any]] = []
    for deal in valid_deals()[:40]:
        entry = {key: value for key, value in deal.items() if key not in ("version", "hanging_in")}
        in_game.append(entry)
        if len(in_game) % 3 == 0:
            in_game.append({"passed": True})
    short_game = _answer(score_game_json, {"version": 1, "deals": in_game[:6]})
    assert short_game["ok"], short_game
    passes = _answer(score_game_json, {"version": 1, "deals": [{"passed": True}] * 200})
    assert passes["ok"], passes
    # Forty deals run past 151: the sheet refuses the deals after the end.
    past_end = _answer(score_game_json, {"version": 1, "deals": in_game})
    bad_game = _answer(score_game_json, {"version": 1, "deals": [{"contract": "x"}, 5]})
    assert not past_end["ok"] and not bad_game["ok"], (past_end, bad_game)
    return {
        "modules": len(modules),
        "deals_scored": made,
        "deals_refused": refused,
        "games_scored": 2,
        "games_refused": 2,
    }
