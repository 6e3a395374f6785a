"""Everything the web page asks of belot_core, in one call: `exercise()`.

Run inside Pyodide twice: at build time by tools/trace_stdlib.mjs, which then
records which standard-library modules got imported (the trimmed stdlib ships
exactly those), and in Chromium by tests/e2e/test_perf_stdlib.py against the
trimmed archive, so a module the page needs but the trace missed fails a test.

It imports every module of the core except the command line (the page never
runs it) and drives the JSON contract through valid, invalid and malformed
input -- declarations accepted and as announced, the cards' questions, team
names, every house rule -- a whole game and a finished one, in both languages,
and a game in a link and back (a damaged one too). It returns a small
summary and raises AssertionError if an answer is not what the contract says.
"""

from __future__ import annotations

import importlib
import json
import os
import zipfile
from typing import Any

# Not part of what the page runs: the command line (argparse), `python -m`, and
# the generator of widget/core-tables.js (the page reads the generated module).
SKIPPED_MODULES = frozenset({"cli", "__main__", "tables"})


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
    from belot_core import Contract, Doubling

    deals = []
    for contract in Contract:
        deck = contract.deck_points
        declared = {"tierce": 1, "belot": 1} if contract.has_declarations else {}
        for doubling in Doubling:
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
    return deals + announced_deals() + house_rule_deals()


def house_rule_deals() -> list[dict[str, Any]]:
    """Each house rule on a deal it changes, alone and all together."""
    from belot_core.house import HOUSE_RULES

    on_their_deals = {
        "round_before_multiply": _deal("spades", 100, doubling="recontra"),  # spec case 17
        "capot_cancels_contra": _deal("clubs", 152, doubling="contra", capot="us"),  # case 20
        "larger_six_rounds_up": _deal("hearts", 76),  # 86 : 76
        "no_trumps_capot_44": _deal("no_trumps", 120, capot="us"),  # case 19, mirrored
        "hanging_rounds_down": _deal(
            "hearts", 56, last_trick="them", declarations={"us": {"quarte": 1}, "them": {}}
        ),
        "one_declaration_contest": {
            **{k: v for k, v in _deal("clubs", 70).items() if k != "declarations"},
            "announced": {"us": {"quarte": 1, "carre_jacks": 1}, "them": {"quarte": 1}},
        },
    }
    assert set(on_their_deals) == set(HOUSE_RULES), "a house rule without a deal here"
    deals = []
    for option, deal in on_their_deals.items():
        deals.append({**deal, "rules": {option: True}})
        if option != "one_declaration_contest":  # the rule book needs an answer there
            deals.append({**deal, "rules": dict.fromkeys(HOUSE_RULES, True)})
    return deals


def announced_deals() -> list[dict[str, Any]]:
    """Deals entered as announced (every way a contest is decided), some with names."""
    deals = []
    contests = [
        ({"tierce": 1, "belot": 1}, {"quint": 1}, {}),
        ({"carre_nines": 1}, {"carre_jacks": 1, "carre": 1}, {}),
        ({"quarte": 1, "tierce": 1}, {"quarte": 1}, {"sequence": "us"}),
        ({"quarte": 1}, {"quarte": 1}, {"sequence": "equal"}),
        ({"quarte": 1, "carre": 1}, {"tierce": 1, "carre": 1}, {"carre": "them"}),
        ({"tierce": 1}, {}, {"sequence": "them"}),
    ]
    for ours, theirs, higher in contests:
        for contract in ("hearts", "all_trumps"):
            deal = _deal(contract, 60, announced={"us": ours, "them": theirs}, higher=higher)
            del deal["declarations"]
            deals.append(deal)
            deals.append({**deal, "names": {"us": " Иван  и Петър ", "them": "Ann & Ivo"}})
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
        _deal("hearts", 82, announced={"us": {"quarte": 1}, "them": {"quarte": 1}}),
        _deal("hearts", 82, announced={"us": {"carre": 1}, "them": {"carre": 1}}, higher={}),
        _deal("hearts", 82, announced={"us": {}}, higher={"carre": "equal"}),
        _deal("hearts", 82, names={"us": "x" * 41, "them": 3}),
        _deal("hearts", 82, capot="them", names={"them": "Ann & Ivo"}),
        _deal("hearts", 82, rules={"round_after": True, "capot_cancels_contra": 1}),
        _deal("hearts", 82, rules=["round_before_multiply"]),
    ]


def _core_modules(package_dir: str) -> list[str]:
    """The core's modules but SKIPPED_MODULES: from its folder, or from the library zip
    the page imports it from (bytecode: tools/trace_stdlib.py)."""
    if os.path.isdir(package_dir):
        names = os.listdir(package_dir)
    else:
        archive, _, inside = package_dir.partition(".zip/")
        # Its names are ASCII: no need for the cp437 codec, which the page does not ship.
        with zipfile.ZipFile(archive + ".zip", metadata_encoding="utf-8") as library:
            names = [
                name[len(inside) + 1 :]
                for name in library.namelist()
                if name.startswith(inside + "/") and "/" not in name[len(inside) + 1 :]
            ]
    stems = {name.rsplit(".", 1)[0] for name in names if name.endswith((".py", ".pyc"))}
    return sorted(stems - SKIPPED_MODULES)


def exercise() -> dict[str, int]:
    """Import the core and use its whole JSON contract; return counts of answers."""
    import belot_core

    modules = _core_modules(os.path.dirname(belot_core.__file__))
    for name in modules:
        importlib.import_module(f"belot_core.{name}")
    from belot_core.house import HOUSE_RULES
    from belot_core.i18n import house_rule_options
    from belot_core.json_api import MAX_DEALS, score_deal_json, score_game_json

    assert tuple(option["id"] for option in house_rule_options()) == HOUSE_RULES

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
    announced = [
        {key: value for key, value in deal.items() if key not in ("version", "hanging_in")}
        for deal in announced_deals()
        if "names" not in deal and deal["contract"] == "hearts"
    ]
    # A named game of deals entered as announced: 14 : 148, short of the end.
    named_game = {"version": 1, "names": {"us": "Иван и Петър"}, "deals": announced}
    short_game = _answer(score_game_json, named_game)
    assert short_game["ok"], short_game
    passes = _answer(score_game_json, {"version": 1, "deals": [{"passed": True}] * MAX_DEALS})
    assert passes["ok"], passes
    # The same game by house rules, and one with a rule that does not exist (counted
    # apart: tests/e2e/test_perf_stdlib.py checks the counts above).
    house = {**named_game, "rules": dict.fromkeys(HOUSE_RULES, True)}
    house_game = _answer(score_game_json, house)
    assert house_game["ok"] and house_game["result"]["rules"] == house["rules"], house_game
    unknown = _answer(score_game_json, {**named_game, "rules": {"round_after": True}})
    assert not unknown["ok"], unknown
    # Forty deals run past 151: the sheet refuses the deals after the end.
    past_end = _answer(score_game_json, {"version": 1, "deals": in_game})
    bad_game = _answer(score_game_json, {"version": 1, "deals": [{"contract": "x"}, 5]})
    assert not past_end["ok"] and not bad_game["ok"], (past_end, bad_game)
    # A game in a link, and back; a damaged link and one of a newer format.
    from belot_core.link import game_link_json, read_game_link_json

    linked = _answer(game_link_json, house)
    assert linked["ok"], linked
    url = f"https://belot.example/calculator/#game={linked['result']['link']}"
    read = _answer(read_game_link_json, {"version": 1, "link": url})
    assert read["ok"] and read["result"]["game"]["rules"] == house["rules"], read
    for bad in (url[:-3], "2ABC", url + "W"):
        assert not _answer(read_game_link_json, {"version": 1, "link": bad})["ok"], bad
    # A match of two games and the statistics of a dated book (the sheet's matches view).
    from belot_core.matches import match_scores_json
    from belot_core.stats import statistics_json

    match = {**named_game, "match": {"id": "m-1", "to": 2}, "note": "у дома"}
    dated = [{"date": "2026-05-14", "game": match}, {"date": "2026-05-15T20:00", "game": house}]
    assert _answer(match_scores_json, {"version": 1, "games": dated})["ok"]
    ranged = {"version": 1, "games": dated, "from": "2026-05-15", "to": None}
    assert _answer(statistics_json, ranged)["result"]["games"] == 1
    return {
        "modules": len(modules),
        "deals_scored": made,
        "deals_refused": refused,
        "games_scored": 2,
        "games_refused": 2,
        "house_rule_games": 2,
        "links": 4,
    }
