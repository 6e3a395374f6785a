"""The benchmarks' numbers: each bench writes bench/results/<bench>.json; this writes RESULTS.md.

    python3 bench/report.py           write bench/RESULTS.md from bench/results/*.json
    python3 bench/report.py --check   exit 1 if RESULTS.md is not what it would write

Standard library only. A bench calls `write_results()` at its end: the file holds when
it ran (UTC), the machine, its numbers as tables (cells already formatted by the bench)
and its raw data. The generator turns every file into one section of RESULTS.md, in the
order of `BENCHES`, with what the bench measures and the command that runs it; a bench
with no file yet says "not run yet". Both the JSON files and RESULTS.md are committed:
run the bench, then this script, and commit the two together (tests/docs checks that
RESULTS.md is up to date). The numbers live only there: the hand-written docs explain
why the calculator is fast and link to RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
REPORT = HERE / "RESULTS.md"
FORMAT = 1
"""The version of a results file's layout (`format` in every file)."""

Cell = str | int | float | None
Table = dict[str, Any]
"""``{"title": str, "columns": [str, ...], "rows": [[Cell, ...], ...]}``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Bench:
    """One benchmark: its results file's name, its title, what it measures, how to run it."""

    name: str
    title: str
    command: str
    measures: str


BENCHES = (
    Bench(
        name="startup",
        title="Start-up against stock Pyodide",
        command="python3 build.py build && .venv/bin/python bench/startup.py",
        measures=(
            "In headless Chromium, interleaved with a page of the bench's own that runs "
            "stock `loadPyodide()` and `1+1` (on the page's thread, and in a module "
            "worker): from the first sign of intent on an article's open button to the "
            "frame that shows the first result, cold (fresh profile) and on a second, "
            "offline visit (warm, from the start-up snapshot); under normal and "
            "phone-like conditions (40 ms latency, 10 Mbit/s, the page's thread 4× "
            "slower); bytes on the wire; main-thread long tasks; memory after a full GC; "
            "200 edits timed to the DOM and to the frame that shows them, against a "
            "synchronous control; an article whose calculator is never opened; the "
            "core's throughput. The bench's docstring says how each is taken."
        ),
    ),
    Bench(
        name="startup-engines",
        title="Start-up in every engine",
        command="python3 build.py build && .venv/bin/python bench/startup_engines.py",
        measures=(
            "The same start-up in Chromium, Firefox ESR and WebKitGTK, driven alike "
            "(`tools/browsers`), each against stock Pyodide in a module worker in the "
            "same engine: intent to the runtime's first result, cold (fresh profile and "
            "origin) and warm (second visit, offline), whether the warm start restored "
            "the snapshot, and a probe that times the steps inside `loadPyodide`."
        ),
    ),
    Bench(
        name="core",
        title="The core in CPython",
        command=".venv/bin/python bench/bench_core.py",
        measures=(
            "Deals scored per second through the Python API and through the JSON contract "
            "(1,000 random deals, best of five runs); the 150-deal game of "
            "`bench/long_games.py` worked out from nothing (the core's memos empty) and "
            "sent again unchanged; and the long games of 20, 60 and 150 deals (the most "
            "a game holds) through "
            "`score_game_json` the way the score sheet uses it: each sample first sends "
            "the game as it was, then times the game after the change (one more deal "
            "recorded, or deal 1 corrected) under each `explain` option. Wall-clock "
            "p50 / p95, the CPU time of the thread (what the change costs when other work "
            'shares the machine), "cold" with the memos emptied first, and the size of '
            "the answer."
        ),
    ),
    Bench(
        name="pyodide",
        title="The long games inside Pyodide",
        command="python3 build.py build && node bench/bench_pyodide.mjs",
        measures=(
            "The long games of `bench/bench_core.py` inside Pyodide in Node, with the "
            "runtime, lock file and wheel of `dist/` as the page loads them: the worker's "
            "whole part of a change to the sheet, one step after the other — "
            "`JSON.stringify` of the request, `score_game_json` (the strings converted "
            "both ways), `JSON.parse` of the answer and `structuredClone` of it (what "
            '`postMessage` copies to the page). p50 / p95 in ms; "all" in wall-clock '
            'and in the process\'s CPU time; "cold" with the memos emptied first.'
        ),
    ),
    Bench(
        name="sheet-dom",
        title="Long games on the score sheet, in the browser",
        command="python3 build.py build && .venv/bin/python bench/sheet_dom.py",
        measures=(
            "The standalone calculator in headless Chromium, with the real core, opens a "
            "stored game of 60 and of 149 deals (150, the most a game holds, with the "
            "one recorded) and times "
            "Record (one more deal) and Save "
            "(deal 1 corrected) from the click to the new totals in the DOM and to the "
            "frame that shows them, at normal speed and with the page's thread 4× slower "
            "(the worker is not slowed). The first changes after opening are kept out of "
            "p50 / p95. Targets (p95, DOM): 60 deals 16 ms (50 ms at 4× CPU), 149 deals "
            "(set for 200) 50 ms (150 ms at 4× CPU)."
        ),
    ),
    Bench(
        name="table-entry",
        title="A game entered at the table",
        command="python3 build.py build && .venv/bin/python bench/table_entry.py",
        measures=(
            "One 8-deal game (a hanging deal, an inside deal, contra, a capot, a carré and "
            "a belot, No trumps, recontra with a tierce) entered through the real UI on "
            "the standalone calculator at 390×844 and 360×740 (touch, 2× scale) by a "
            "player who touches only what the screen does not already show right: taps "
            "and digits per deal, pixels scrolled, whether the focus moved into the "
            "points inside the tap, how many deals a player who never touches the "
            "last trick gets recorded with a wrong one, and how far the player must scroll "
            "to see the row just recorded (goal 0). Then who deals, checked after every "
            "step of a 12-deal game with a pass, an edit and an Undo (goal: right every "
            "time)."
        ),
    ),
    Bench(
        name="card-count",
        title="Counting a pile by its cards",
        command="python3 build.py build && .venv/bin/python bench/card_count.py",
        measures=(
            "Random real piles (the 32 cards dealt into 8 tricks, each taken by a team at "
            "random; seeded), 20 per contract: the smaller pile counted by taps on the "
            "standalone calculator at 360×740 (touch, 2× scale, every target on screen, "
            "never a scroll): the taps it took (Count the cards, each card with points, "
            "Done for the pile's team; the points box checked), beside the digits that "
            "typing the pile's points takes, and the point cards of the bigger pile. The "
            "issue's goal: the median of the taps is at most the pile's point cards + 2."
        ),
    ),
    Bench(
        name="article-open",
        title="Opening and closing an article's calculator",
        command="python3 build.py build && .venv/bin/python bench/article_open.py",
        measures=(
            "Every article's calculator opened with a tap on a phone (390×844 and 360×740, "
            "a first visit, the runtime held back 1.5 s as on a slow network), with the "
            "open button low on the screen (the example above it in view) or high (the "
            "example scrolled past): the layout shift score from the tap until the runtime "
            "is in and the page stands still (a PerformanceObserver of `layout-shift`; "
            "CLS leaves out the entries within 0.5 s of the tap, shown apart), how far the "
            "content above the calculator moved on screen, how far the page scrolled by "
            "itself, and whether the form's first part is in view; then Close, tapped "
            "after reading down to the explanation: how far the open button ends from "
            "where it was tapped, and whether it has the focus."
        ),
    ),
    Bench(
        name="statistics",
        title="Statistics and matches of a device's games",
        command=".venv/bin/python bench/book_stats.py",
        measures=(
            "A device's book of 100, 300 and 1,000 games to 151 (realistic deals drawn "
            "as `bench/long_games.py` draws them, stored with every field as the widget "
            "stores them; four players of eight at each game, matches to 3): "
            "`statistics_json` over the whole book and `match_scores_json` over one "
            "match's three games, with the core's memos emptied first (median of 3), "
            "and the size of the request and the answers."
        ),
    ),
    Bench(
        name="worst_inputs",
        title="The worst inputs within the limits",
        command=".venv/bin/python bench/worst_inputs.py",
        measures=(
            "Each input of `tests/shared/worst_inputs.py` — a stranger's link or request "
            "at the size limits: the most deals, the heaviest deals with the heaviest "
            "table, error floods, huge names and values, deep nesting — through the "
            "contract's function that reads it, with the core's memos emptied first: "
            "wall-clock median and slowest, the thread's CPU time, the answer's size in "
            "UTF-8 bytes, and what it said. The goal (issue 22): under 200 ms and 100 KB."
        ),
    ),
    Bench(
        name="stranger-page",
        title="A stranger's worst link and file in the page",
        command="python3 build.py build && .venv/bin/python bench/stranger_page.py",
        measures=(
            "In headless Chromium with the page's thread at 4× CPU (the worker, where "
            "the core runs, at full speed), on a calculator opened once before: opening "
            "a link of 100 heavy deals (the most a game holds), keeping it, importing "
            "a file of 100 other heavy deals, and opening the link of 39,900 passed "
            "deals (refused); picking files of 1, 5 and 20 MB, nested and flat; "
            "restoring a backup of 1,000 games, then with them here pressing All "
            "passed, opening the statistics, typing a team name and importing one more "
            "file of 100 heavy deals. Per step, when the player sees its end, the "
            "page's longest task and how many took over 50 and 200 ms. The goal "
            "(issues 22 and 32): no long task over 200 ms."
        ),
    ),
    Bench(
        name="link-sizes",
        title="Game links and their QR codes",
        command=".venv/bin/python bench/link_sizes.py",
        measures=(
            "How long a game's link is, on `https://belot.example.bg/calculator/`, and "
            "the version of its QR code at error correction M as the widget's encoder "
            "(lean-qr) draws it; each row the largest of 20 seeds. *game*: a game as the "
            "calculator keeps it (every deal entered as announced; a game to 151 cannot "
            "last 40 played deals, so the 40-deal game holds passed deals). *played*: "
            "that many played deals, each with announcements (the upper bound of a real "
            "game). *worst*: as *played* with three times the announcements, two team "
            "names of 40 Cyrillic letters and every house rule. *table*: as *game*, with "
            "the four players named, the first dealer, a match and a note. *cards*: as "
            "*game*, every played pile entered as its cards the way the widget's grid "
            "enters them (the deck dealt at random into eight tricks; the pile with "
            "fewer cards with points, those cards, and its tricks). Also the same bytes "
            "as base64url and deflated before base32hex, the two encodings the link "
            "format did not take; and the bits of 2,000 random such piles per contract "
            "as typed points, as a bitset, as a list of cards and as the link writes "
            "them (the shorter)."
        ),
    ),
)


# --- writing (the benches) ----------------------------------------------------------------


def machine(**extra: Any) -> dict[str, Any]:
    """The machine a bench runs on: CPU model, cores, OS, Python, load average now."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    info: dict[str, Any] = {
        "cpu": model,
        "cores": os.cpu_count(),
        "platform": platform.platform(terse=True),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "load_average_start": round(os.getloadavg()[0], 2),
    }
    info.update(extra)
    return info


def table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Cell]]) -> Table:
    """A table for `write_results` (every row as long as `columns`)."""
    for row in rows:
        if len(row) != len(columns):
            raise ValueError(f"table {title!r}: a row of {len(row)} cells for {len(columns)}")
    return {"title": title, "columns": list(columns), "rows": [list(row) for row in rows]}


def tables_from_markdown(text: str, titles: Sequence[str] = ()) -> list[Table]:
    """The Markdown tables a bench printed: a table starts at a header row followed by its
    |---| row and takes every table row after it, up to the next header (blank lines and
    other lines between them are skipped)."""
    lines = [line.strip() for line in text.strip().splitlines()]
    tables: list[Table] = []
    rows: list[list[str]] = []
    header: list[str] | None = None

    def cells(line: str) -> list[str]:
        return [cell.strip() for cell in line.strip("|").split("|")]

    def close() -> None:
        if header is not None:
            title = titles[len(tables)] if len(tables) < len(titles) else ""
            tables.append(table(title, header, rows))

    for index, line in enumerate(lines):
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if line.startswith("|") and following.startswith("|") and set(following) <= set("|-: "):
            close()
            header, rows = cells(line), []
        elif line.startswith("|") and not set(line) <= set("|-: ") and header is not None:
            row = cells(line)
            width = len(header)
            # A short row (a note under a table) is padded; a long one keeps its extras
            # in the last cell.
            rows.append(
                [*row, *[""] * (width - len(row))]
                if len(row) <= width
                else [*row[: width - 1], " | ".join(row[width - 1 :])]
            )
    close()
    if not tables:
        raise ValueError(f"no Markdown table in {text[:60]!r}")
    return tables


def write_results(
    bench: str,
    *,
    tables: Sequence[Table],
    data: Any,
    machine_info: Mapping[str, Any] | None = None,
    path: Path | None = None,
) -> Path:
    """Write one bench's results file (by default bench/results/<bench>.json)."""
    if bench not in {known.name for known in BENCHES}:
        raise ValueError(f"unknown bench {bench!r}: add it to BENCHES in bench/report.py")
    info = dict(machine_info) if machine_info is not None else machine()
    info["load_average_end"] = round(os.getloadavg()[0], 2)
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    document = {
        "format": FORMAT,
        "bench": bench,
        "date": now.isoformat().replace("+00:00", "Z"),
        "machine": info,
        "tables": list(tables),
        "data": data,
    }
    out = path or RESULTS / f"{bench}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, indent=1, ensure_ascii=False, default=str) + "\n"
    out.write_text(text, encoding="utf-8")
    return out


# --- the report ---------------------------------------------------------------------------


def _cell(value: Cell) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value).replace("|", "\\|").replace("\n", " ")


def _markdown_table(entry: Table) -> list[str]:
    lines = [f"### {entry['title']}", ""] if entry.get("title") else []
    lines.append("| " + " | ".join(map(_cell, entry["columns"])) + " |")
    lines.append("|" + "---|" * len(entry["columns"]))
    lines.extend("| " + " | ".join(map(_cell, row)) + " |" for row in entry["rows"])
    return [*lines, ""]


def _machine_line(info: Mapping[str, Any]) -> str:
    parts = [str(info.get("cpu") or "unknown CPU")]
    if info.get("cores"):
        parts.append(f"{info['cores']} cores")
    parts.extend(str(info[key]) for key in ("platform", "python") if info.get(key))
    known = {"cpu", "cores", "platform", "python", "load_average_start", "load_average_end"}
    parts.extend(f"{key} {value}" for key, value in info.items() if key not in known)
    load = [
        f"{info[key]} at the {when}"
        for key, when in (("load_average_start", "start"), ("load_average_end", "end"))
        if info.get(key) is not None
    ]
    line = ", ".join(parts)
    return f"{line}; load average {' and '.join(load)}" if load else line


def _date(stamp: str) -> str:
    when = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return when.astimezone(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


def load_results(folder: Path = RESULTS) -> dict[str, dict[str, Any]]:
    """Every results file in `folder`, by bench; a file of no known bench is an error."""
    found: dict[str, dict[str, Any]] = {}
    known = {bench.name for bench in BENCHES}
    for path in sorted(folder.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        name = document.get("bench") if isinstance(document, dict) else None
        if name not in known or path.stem != name or document.get("format") != FORMAT:
            raise ValueError(
                f"{path.name}: not a results file of bench/report.py "
                f"(format {FORMAT}, 'bench' one of {sorted(known)} and the file's name)"
            )
        found[name] = document
    return found


def render(folder: Path = RESULTS) -> str:
    """RESULTS.md as it should be for the results files in `folder`."""
    results = load_results(folder)
    lines = [
        "# Benchmark results",
        "",
        "Written by `python3 bench/report.py` from `bench/results/*.json`; do not edit by "
        "hand. Each benchmark writes its own file when it runs; run the generator after it "
        "and commit both. Why the calculator is fast, and how each number is taken, is in "
        "[docs/performance.md](../docs/performance.md); a benchmark's docstring has the "
        "details.",
        "",
    ]
    for bench in BENCHES:
        ran = results.get(bench.name)
        status = _date(ran["date"]) if ran else "not run yet"
        lines.append(f"- [{bench.title}](#{_slug(bench.title)}) — {status}")
    lines.append("")
    for bench in BENCHES:
        lines += [f"## {bench.title}", "", bench.measures, "", f"    {bench.command}", ""]
        ran = results.get(bench.name)
        if ran is None:
            lines += [f"Not run yet: no `bench/results/{bench.name}.json`.", ""]
            continue
        lines += [f"Ran {_date(ran['date'])} on {_machine_line(ran['machine'])}.", ""]
        for entry in ran["tables"]:
            lines += _markdown_table(entry)
    return "\n".join(lines).rstrip("\n") + "\n"


def _slug(title: str) -> str:
    """The anchor GitHub gives a heading."""
    kept = "".join(ch for ch in title.lower() if ch.isalnum() or ch in " -")
    return kept.replace(" ", "-")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check RESULTS.md is current")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = REPORT.read_text(encoding="utf-8") if REPORT.is_file() else ""
        if current != text:
            print("bench/RESULTS.md is out of date: run python3 bench/report.py", file=sys.stderr)
            return 1
        print("bench/RESULTS.md is up to date")
        return 0
    REPORT.write_text(text, encoding="utf-8")
    print(f"written: {REPORT.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
