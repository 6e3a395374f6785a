"""Statistics and match scores of the games on a device: what a year of evenings costs.

    .venv/bin/python bench/book_stats.py [--games 100 300 1000] [--repeat 3]

Builds a device's book (the same every run, seeded): games to 151 of realistic deals
(bench/long_games.py draws them: suits, All trumps, No trumps, declarations mostly as
announced, contra, hanging deals, capots, passed deals), each stored as the widget
stores it (every field of every deal written), four players of eight at each game,
the games in matches to 3 three at a time. Then times, with the core's memos emptied
first (the book is new to the core), ``statistics_json`` over the whole book and
``match_scores_json`` over one match's games, and the size of the request and the
answer. Writes bench/results/statistics.json (bench/report.py makes RESULTS.md).
Nothing here asserts a time: tests/core/test_book.py holds the limits.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.environ.get("BELOT_CORE_SRC") or str(Path(__file__).parent.parent / "src"))

from long_games import random_item
from report import Table, table, write_results

from belot_core import BelotError, GameSheet, Passed
from belot_core.book import MAX_BOOK_CHARS, MAX_GAMES
from belot_core.json_api import deal_from_dict, game_to_dict
from belot_core.matches import match_scores_json
from belot_core.memo import clear
from belot_core.stats import statistics_json

PLAYERS = ("Иван", "Петър", "Мария", "Георги", "Ана", "Иво", "Стоян", "Елена")
MATCH = 3
"""Games in a match, each match played to 3 (so three games never go past its end)."""


def game(rng: random.Random) -> GameSheet:
    """A game to 151 of deals drawn as bench/long_games.py draws them."""
    sheet = GameSheet()
    while not sheet.finished:
        item = random_item(rng)
        if item.get("passed"):
            sheet = sheet.append(Passed())
            continue
        for _ in range(3):  # the cards' questions, answered as the players would
            try:
                sheet = sheet.append(deal_from_dict({"version": 1, **item}))
                break
            except BelotError as error:
                if error.code != "needs_answer":
                    break
                question = str(error.params["question"])
                answers = ["us", "them"] + (["equal"] if question == "sequence" else [])
                item = {**item, "higher": {**item.get("higher", {}), question: rng.choice(answers)}}
    return sheet


def book(count: int, seed: int = 2026) -> dict[str, Any]:
    """A device's book of ``count`` games, a day each, in matches of three."""
    rng = random.Random(seed)
    games = []
    for index in range(count):
        players = rng.sample(PLAYERS, 4)
        data = game_to_dict(game(rng))
        data["seats"] = {"us": players[:2], "them": players[2:]}
        data["dealer"] = rng.randrange(4)
        data["match"] = {"id": f"m-{index // MATCH}", "to": MATCH}
        day = f"2026-{1 + index * 12 // count:02d}-{1 + index % 28:02d}"
        games.append({"date": day, "game": data})
    return {"version": 1, "games": games}


def timed(call: Any, text: str, repeat: int) -> tuple[float, str]:
    """The median wall-clock ms of ``call(text)``, memos emptied before each, and the answer."""
    times, answer = [], ""
    for _ in range(repeat):
        clear()
        start = time.perf_counter()
        answer = call(text)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), answer


def main() -> int:
    """Measure the books, print and write the results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="*", default=[100, 300, MAX_GAMES])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows, data = [], []
    for count in args.games:
        whole = book(count)
        text = json.dumps(whole, ensure_ascii=False, separators=(",", ":"))
        deals = sum(len(item["game"]["deals"]) for item in whole["games"])
        stats_ms, stats_answer = timed(statistics_json, text, args.repeat)
        reply = json.loads(stats_answer)
        assert reply["ok"], reply["errors"][:1]
        match = json.dumps({"version": 1, "games": whole["games"][:MATCH]}, ensure_ascii=False)
        match_ms, match_answer = timed(match_scores_json, match, args.repeat)
        assert json.loads(match_answer)["ok"]
        row = {
            "games": count,
            "deals": deals,
            "request_chars": len(text),
            "statistics_ms": round(stats_ms, 1),
            "statistics_bytes": len(stats_answer.encode()),
            "pairs": len(reply["result"]["pairs"]),
            "match_ms": round(match_ms, 1),
            "match_bytes": len(match_answer.encode()),
        }
        data.append(row)
        rows.append(
            [
                f"{count:,}",
                f"{deals:,}",
                f"{len(text):,}",
                f"{row['statistics_ms']} ms",
                f"{row['statistics_bytes']:,} B",
                f"{row['match_ms']} ms",
                f"{row['match_bytes']:,} B",
            ]
        )
        print(row, flush=True)
    columns = ["games", "deals", "request (chars)", "statistics", "answer", "a match", "answer"]
    tables: list[Table] = [table("A device's book, memos empty (median)", columns, rows)]
    path = write_results("statistics", tables=tables, data={"limit": MAX_BOOK_CHARS, "books": data})
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
