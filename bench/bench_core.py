"""Throughput of the scoring core in CPython (or any Python that runs it).

    python bench/bench_core.py [--seconds 2] [--samples 40] [--sizes 20 60 100] [--json FILE]

Reports deals scored per second through the Python API and through the JSON
contract, how long the 100-deal game sheet of ``bench/long_games.py`` takes to
work out from nothing (the core's memos empty) and when it is sent again
unchanged, and the long games
of ``bench/long_games.py`` (20, 60 and 100 deals) through ``score_game_json``,
the way the score sheet uses it: the page sends the whole game after every
change, so each sample first sends the game as it was (what the page sent
last), then times the request after the change --

* record: one more deal recorded (a different one each sample);
* edit 1: deal 1 corrected (entered from the other pile);

each with every ``explain`` option the core reads (``all`` is what a request
without the option gets), p50 and p95 of the samples, and the size of the
answer, in wall-clock time and in the CPU time of the thread (``time.thread_time``:
what the change costs when the machine is busy with other work, as a shared
2-core machine often is -- wall-clock p95 then mostly measures the others).
"cold" times the same change with the core's memos emptied just before
(the whole game worked out again). ``BELOT_CORE_SRC=DIR`` measures the core in
DIR instead of this checkout's ``src`` (say, an older commit's, unpacked with
``git archive``). Results go to ``bench/results/core.json`` (then run
``bench/report.py``), or where ``--json`` says; a run with ``BELOT_CORE_SRC``
writes only where ``--json`` says, so another core's numbers never replace this
one's. A benchmark, not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# The script's folder (bench/, for long_games) is on the path already.
sys.path.insert(0, os.environ.get("BELOT_CORE_SRC") or str(Path(__file__).parent.parent / "src"))

from long_games import long_game, scenarios
from report import Table, machine, table, write_results

from belot_core import (
    ByTeam,
    Contract,
    Deal,
    Declarations,
    Doubling,
    Pile,
    Team,
    deal_problems,
    score_deal,
)
from belot_core.json_api import deal_to_dict, score_deal_json, score_game_json

try:
    from belot_core.memo import clear as clear_memos
except ImportError:  # a core without memos: every request is worked out in full

    def clear_memos() -> None:
        """Nothing to clear."""


EXPLAIN = ("all", "last", "none")
"""The ``explain`` options timed (a core that does not read one is skipped)."""


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


def rate(work: Callable[[], int], seconds: float) -> float:
    """Items per second of ``work`` (which returns how many it did), best of 5 runs."""
    rates = []
    for _ in range(5):
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / 5:
            done += work()
        rates.append(done / elapsed)
    return max(rates)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (share 0.5 = median)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))]


def changed_requests(scenario: dict[str, Any], op: str) -> list[dict[str, Any]]:
    """The game after each sample's change: one more deal, or deal 1 corrected."""
    base = scenario["base"]
    assert isinstance(base, dict)
    deals = base["deals"]
    if op == "record":
        return [{**base, "deals": [*deals, item]} for item in scenario["append"]]
    return [{**base, "deals": [item, *deals[1:]]} for item in scenario["edits"]]


def long_games(sizes: tuple[int, ...], samples: int) -> list[dict[str, Any]]:
    """Time every change of every long game under every explain option."""
    rows: list[dict[str, Any]] = []
    for scenario in scenarios(sizes, samples):
        base = scenario["base"]
        for op in ("record", "edit 1"):
            changed = changed_requests(scenario, op)
            for explain in EXPLAIN:
                extra = {} if explain == "all" else {"explain": explain}
                before_text = json.dumps({**base, **extra}, ensure_ascii=False)
                texts = [json.dumps({**game, **extra}, ensure_ascii=False) for game in changed]
                if not json.loads(score_game_json(texts[0]))["ok"]:
                    continue  # this core does not read the option
                warm, cpu, cold = [], [], []
                for text in texts:
                    clear_memos()
                    score_game_json(before_text)
                    start, used = time.perf_counter(), time.thread_time()
                    answer = score_game_json(text)
                    warm.append(time.perf_counter() - start)
                    cpu.append(time.thread_time() - used)
                    clear_memos()
                    start = time.perf_counter()
                    score_game_json(text)
                    cold.append(time.perf_counter() - start)
                assert json.loads(answer)["ok"], answer[:300]
                rows.append(
                    {
                        "deals": scenario["size"],
                        "change": op,
                        "explain": explain,
                        "p50_ms": round(percentile(warm, 0.5) * 1000, 2),
                        "p95_ms": round(percentile(warm, 0.95) * 1000, 2),
                        "cpu_p50_ms": round(percentile(cpu, 0.5) * 1000, 2),
                        "cpu_p95_ms": round(percentile(cpu, 0.95) * 1000, 2),
                        "cold_p50_ms": round(percentile(cold, 0.5) * 1000, 2),
                        "cold_p95_ms": round(percentile(cold, 0.95) * 1000, 2),
                        "answer_bytes": len(answer.encode()),
                        "request_bytes": len(texts[-1].encode()),
                        "samples": len(texts),
                        "shape": scenario["shape"],
                    }
                )
    return rows


def print_long_games(rows: list[dict[str, Any]]) -> None:
    """The long-game rows as a table."""
    if not rows:
        return
    print()
    print(
        "| deals | change | explain | p50 ms | p95 ms | CPU p50 / p95 ms "
        "| cold p50 / p95 ms | answer KB |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(
            f"| {row['deals']} | {row['change']} | {row['explain']} | {row['p50_ms']} "
            f"| {row['p95_ms']} | {row['cpu_p50_ms']} / {row['cpu_p95_ms']} "
            f"| {row['cold_p50_ms']} / {row['cold_p95_ms']} "
            f"| {int(row['answer_bytes']) / 1024:.1f} |"
        )


def report_tables(results: dict[str, Any]) -> list[Table]:
    """The numbers as the tables of bench/RESULTS.md."""
    tables = [
        table(
            "Throughput",
            ("", "result"),
            (
                ("deals per second, Python API", results["deals_per_second_python_api"]),
                ("deals per second, JSON contract", results["deals_per_second_json_contract"]),
                (
                    f"the {results['game_sheet_deals']}-deal game from nothing, median",
                    f"{results['game_sheet_recompute_ms_median']} ms",
                ),
                (
                    f"the {results['game_sheet_deals']}-deal game sent again unchanged, median",
                    f"{results['game_sheet_sent_again_ms_median']} ms",
                ),
            ),
        )
    ]
    if results["long_games"]:
        tables.append(
            table(
                "Long games: the game after one change, ms",
                (
                    "deals",
                    "change",
                    "explain",
                    "p50 / p95",
                    "CPU p50 / p95",
                    "cold p50 / p95",
                    "answer",
                ),
                [
                    (
                        row["deals"],
                        row["change"],
                        row["explain"],
                        f"{row['p50_ms']} / {row['p95_ms']}",
                        f"{row['cpu_p50_ms']} / {row['cpu_p95_ms']}",
                        f"{row['cold_p50_ms']} / {row['cold_p95_ms']}",
                        f"{int(row['answer_bytes']) / 1024:.1f} KB",
                    )
                    for row in results["long_games"]
                ],
            )
        )
    return tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--samples", type=int, default=40, help="changes timed per long game")
    parser.add_argument(
        "--sizes", type=int, nargs="*", default=[20, 60, 100], help="long games (none: skip)"
    )
    parser.add_argument(
        "--json",
        type=Path,
        help="where to write the results (default: bench/results/core.json)",
    )
    args = parser.parse_args()
    info = machine()

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

    # The whole 100-deal game worked out from nothing (empty memos), and sent again.
    game = json.dumps(long_game(100), ensure_ascii=False)
    timings, again = [], []
    for _ in range(20):
        clear_memos()
        start = time.perf_counter()
        answer = json.loads(score_game_json(game))
        timings.append(time.perf_counter() - start)
        start = time.perf_counter()
        score_game_json(game)
        again.append(time.perf_counter() - start)
    assert answer["ok"] and len(answer["result"]["rows"]) == 100, answer

    results: dict[str, Any] = {
        "python": platform.python_implementation() + " " + platform.python_version(),
        "machine": platform.machine(),
        "deals_per_second_python_api": round(rate(python_api, args.seconds)),
        "deals_per_second_json_contract": round(rate(json_api, args.seconds)),
        "game_sheet_deals": len(answer["result"]["rows"]),
        "game_sheet_recompute_ms_median": round(statistics.median(timings) * 1000, 2),
        "game_sheet_sent_again_ms_median": round(statistics.median(again) * 1000, 2),
    }
    width = max(map(len, results))
    for key, value in results.items():
        print(f"{key:<{width}}  {value}")
    results["long_games"] = long = long_games(tuple(args.sizes), args.samples)
    print_long_games(long)
    if args.json is None and os.environ.get("BELOT_CORE_SRC"):
        print("\nnot written: BELOT_CORE_SRC is set and --json is not")
        return
    out = write_results(
        "core", tables=report_tables(results), data=results, machine_info=info, path=args.json
    )
    print(f"\nwritten: {out}")


if __name__ == "__main__":
    main()
