"""Throughput of the scoring core in CPython (or any Python that runs it).

    python bench/bench_core.py [--seconds 2] [--json out.json]

Reports deals scored per second through the Python API and through the JSON
contract, and how long a 200-deal game sheet takes to recompute. A benchmark,
not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from belot_core import (
    ByTeam,
    Contract,
    Deal,
    Declarations,
    Doubling,
    GameSheet,
    Passed,
    Pile,
    Team,
    deal_problems,
    score_deal,
)
from belot_core.json_api import deal_to_dict, game_to_dict, score_deal_json, score_game_json


def random_deals(count: int, seed: int = 151) -> list[Deal]:
    """Valid deals drawn at random (declarations included), the same every run."""
    rng = random.Random(seed)
    deals: list[Deal] = []
    while len(deals) < count:
        contract = rng.choice(list(Contract))
        declared = contract is not Contract.NO_TRUMPS and rng.random() < 0.4
        fields = {
            "contract": contract,
            "bidder": rng.choice(list(Team)),
            "doubling": rng.choices(list(Doubling), weights=(8, 2, 1))[0],
            "pile": Pile(team=rng.choice(list(Team)), points=rng.randint(0, contract.deck_points)),
            "last_trick": rng.choice(list(Team)),
            "capot": None,
            "declarations": ByTeam(
                us=Declarations(tierce=rng.randint(0, 1), belot=rng.randint(0, 1))
                if declared
                else Declarations(),
                them=Declarations(),
            ),
            "hanging_in": 0,
        }
        if not deal_problems(**fields):
            deals.append(Deal(**fields))
    return deals


def level_game(count: int) -> list[Deal | Passed]:
    """A long game that never ends: every deal leaves the two totals equal.

    All trumps 134 : 124 records 13 and 13; a suit 86 : 76 records 8 and 8
    (both end in 6); now and then all four pass. "If they are equal, play
    continues", so the sheet can hold any number of deals.
    """
    cycle: list[Deal | Passed] = [
        Deal(
            contract=Contract.ALL_TRUMPS,
            bidder=Team.US,
            pile=Pile(team=Team.US, points=124),
            last_trick=Team.US,
        ),
        Deal(
            contract=Contract.HEARTS,
            bidder=Team.US,
            pile=Pile(team=Team.US, points=76),
            last_trick=Team.US,
        ),
        Deal(
            contract=Contract.SPADES,
            bidder=Team.THEM,
            pile=Pile(team=Team.THEM, points=76),
            last_trick=Team.THEM,
        ),
        Passed(),
    ]
    return [cycle[index % len(cycle)] for index in range(count)]


def rate(work: Callable[[], int], seconds: float) -> float:
    """Items per second of ``work`` (which returns how many it did), best of 5 runs."""
    rates = []
    for _ in range(5):
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / 5:
            done += work()
        rates.append(done / elapsed)
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()

    deals = random_deals(1000)
    requests = [json.dumps(deal_to_dict(deal)) for deal in deals]

    def python_api() -> int:
        for deal in deals:
            score_deal(deal)
        return len(deals)

    def json_api() -> int:
        for text in requests:
            score_deal_json(text)
        return len(requests)

    game_deals = level_game(200)
    sheet = GameSheet(tuple(game_deals))
    assert len(sheet.rows) == 200 and not sheet.finished
    game = json.dumps(game_to_dict(sheet))
    timings = []
    for _ in range(20):
        start = time.perf_counter()
        answer = json.loads(score_game_json(game))
        timings.append(time.perf_counter() - start)
    assert answer["ok"], answer

    results = {
        "python": platform.python_implementation() + " " + platform.python_version(),
        "machine": platform.machine(),
        "deals_per_second_python_api": round(rate(python_api, args.seconds)),
        "deals_per_second_json_contract": round(rate(json_api, args.seconds)),
        "game_sheet_deals": len(sheet.deals),
        "game_sheet_recompute_ms_median": round(statistics.median(timings) * 1000, 2),
    }
    width = max(map(len, results))
    for key, value in results.items():
        print(f"{key:<{width}}  {value}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
