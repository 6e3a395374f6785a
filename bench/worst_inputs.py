"""The worst inputs within the size limits: how long the core takes, how much it answers.

    .venv/bin/python bench/worst_inputs.py [--repeat 5] [--only ID ...] [--out FILE]

Each input of ``tests/shared/worst_inputs.py`` (a stranger's link of at most
MAX_LINK_CHARS characters, a request of at most MAX_INPUT_CHARS: the most deals,
the heaviest deals, error floods, huge names and values, deep nesting) goes
through the contract's function that reads it, with the core's memos emptied
first (a stranger's input is new to the core), ``--repeat`` times (once if it
takes over a second). Prints per input the median and slowest wall-clock time,
the median CPU time of the thread (what the work costs when other work shares the
machine), the answer's size in UTF-8 bytes and what it said (ok, or its first
error's code),
and writes the same to ``bench/results/worst_inputs.json`` (or ``--out``).

The goal (issue 22): any input within the size limits answered in under 200 ms in
CPython with an answer under 100 KB. ``BELOT_CORE_SRC=DIR`` measures the core in
DIR instead of this checkout's ``src`` (an older commit's, unpacked with
``git archive``), for a before-and-after. A benchmark, not a test: nothing here
asserts a time; tests/core/test_worst_inputs.py holds the sizes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [os.environ.get("BELOT_CORE_SRC") or str(ROOT / "src"), str(ROOT / "tests/shared")]

from report import table, write_results  # noqa: E402
from worst_inputs import worst_inputs  # noqa: E402

from belot_core import json_api, link, memo  # noqa: E402
from belot_core.matches import match_scores_json  # noqa: E402
from belot_core.stats import statistics_json  # noqa: E402

FUNCTIONS = {
    "score_game_json": json_api.score_game_json,
    "game_link_json": link.game_link_json,
    "read_game_link_json": link.read_game_link_json,
    "statistics_json": statistics_json,
    "match_scores_json": match_scores_json,
}
GOAL_MS = 200
GOAL_BYTES = 100 * 1024
RESULTS = ROOT / "bench" / "results" / "worst_inputs.json"


def measure(function: str, text: str, repeat: int) -> dict[str, Any]:
    """Time ``function`` on ``text`` with empty memos, ``repeat`` times (once if slow)."""
    call = FUNCTIONS[function]
    times: list[float] = []
    cpu: list[float] = []
    answer = ""
    while len(times) < repeat:
        memo.clear()
        start, start_cpu = time.perf_counter(), time.thread_time()
        answer = call(text)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        times.append((time.perf_counter() - start) * 1000)
        if times[-1] > 1000:
            break
    reply = json.loads(answer)
    return {
        "median_ms": round(statistics.median(times), 1),
        "max_ms": round(max(times), 1),
        "cpu_median_ms": round(statistics.median(cpu), 1),
        "runs": len(times),
        "answer_bytes": len(answer.encode()),
        "answer_chars": len(answer),
        "says": "ok" if reply["ok"] else reply["errors"][0]["code"],
    }


def main() -> int:
    """Measure every worst input (or ``--only`` those), print and write the results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per input (default 5)")
    parser.add_argument("--only", nargs="*", default=[], help="only these input ids")
    parser.add_argument("--out", type=Path, default=RESULTS, help=f"default: {RESULTS}")
    args = parser.parse_args()
    max_deals = getattr(json_api, "MAX_DEALS", 300)
    rows = []
    header = f"{'input':16} {'function':19} {'chars':>7} {'median':>9} {'max':>9} {'cpu':>9}"
    header += f" {'answer':>11}"
    print(f"{header}  says")
    for worst in worst_inputs(max_deals):
        if args.only and worst.id not in args.only:
            continue
        text = worst.make()
        row = {"id": worst.id, "function": worst.function, "what": worst.what}
        row |= {"input_chars": len(text), **measure(worst.function, text, args.repeat)}
        rows.append(row)
        print(
            f"{worst.id:16} {worst.function:19} {len(text):>7,} {row['median_ms']:>6} ms "
            f"{row['max_ms']:>6} ms {row['cpu_median_ms']:>6} ms {row['answer_bytes']:>9,} B  "
            f"{row['says']}",
            flush=True,
        )
    over = [
        row["id"] for row in rows if row["max_ms"] > GOAL_MS or row["answer_bytes"] > GOAL_BYTES
    ]
    print(f"over {GOAL_MS} ms or {GOAL_BYTES:,} B: {', '.join(over) or 'none'}")
    results = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "core": os.environ.get("BELOT_CORE_SRC") or "src",
        "limits": {
            "max_input_chars": json_api.MAX_INPUT_CHARS,
            "max_link_chars": link.MAX_LINK_CHARS,
            "max_deals": getattr(json_api, "MAX_DEALS", None),
        },
        "goal": {"ms": GOAL_MS, "answer_bytes": GOAL_BYTES},
        "inputs": rows,
    }
    columns = ["input", "function", "chars", "median", "max", "CPU", "answer", "says"]
    cells = [
        [
            row["id"],
            f"`{row['function']}`",
            f"{row['input_chars']:,}",
            f"{row['median_ms']} ms",
            f"{row['max_ms']} ms",
            f"{row['cpu_median_ms']} ms",
            f"{row['answer_bytes']:,} B",
            row["says"],
        ]
        for row in rows
    ]
    title = f"Each worst input, memos empty (over {GOAL_MS} ms or {GOAL_BYTES:,} B: "
    title += f"{', '.join(over) or 'none'})"
    path = write_results(
        "worst_inputs", tables=[table(title, columns, cells)], data=results, path=args.out
    )
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
