"""How long a game's link is, and how large its QR code.

    python3 build.py setup && .venv/bin/python bench/link_sizes.py [--json out.json]

For games of 10, 20 and 40 deals it prints the link text's length, the whole
link's (on an example origin, ``BASE`` below) and the version of its QR code at
error correction M, drawn by the widget's encoder (lean-qr from node_modules, in
Node, with the options the widget uses: auto modes, correction M or better if it
fits the same size). Each row is the largest of 20 seeds.

- "game": a game as the calculator keeps it (tools/sample_games.py: random deals
  as a table plays them, every one entered as announced, redrawn while it would
  end the game early). No game to 151 lasts 40 played deals (each played deal
  writes at least 8 points), so a 40-deal game holds passed deals too.
- "played": that many played deals, each with announcements, none passed
  (what a link would hold if a game could last that long): the upper bound.
- "worst": as "played" with three times the announcements, both team names of 40
  Cyrillic characters, every house rule on.
- "table": as "game", with the table around it (format 2): the four players named,
  the first dealer, a match and a short note.
- "identity": as "table", with which game it is (format 3): an id as the widget makes
  one (``g-<ms in base 36>-<8 hex digits>``) and the instant it was played (the id's).
- "cards": as "game", with every played deal's pile entered as its cards, as the
  widget's grid enters them: the deck dealt at random into eight tricks, the pile
  with fewer cards with points, those cards only, and its tricks (a capot's pile: the
  whole deck).

Then, over random real piles (the same way, 2,000 per contract), the bits a pile
costs as its typed points, as a bitset, as a list, and as format 2 writes it (the
shorter of the two).

Also, for the choices in link.py: the same bytes as base64url (QR byte mode),
and deflated (zlib, raw) before base32. Writes bench/results/link-sizes.json
(then run bench/report.py), or where --json says. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import subprocess
import sys
import zlib
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tools"), str(ROOT / "bench")]

from report import machine, table, write_results  # noqa: E402

from belot_core import (  # noqa: E402
    CARD_POINTS,
    DECK,
    HOUSE_RULES,
    Card,
    Contract,
    Deal,
    GameSheet,
    Names,
    Passed,
    Pile,
    Rules,
    Team,
)
from belot_core.identity import _base36, _instant  # noqa: E402
from belot_core.link import LINK_KEY, _encode, _write_cards, game_link  # noqa: E402
from belot_core.link_frame import BitWriter, frame, from_text  # noqa: E402
from belot_core.table import Match, Seats  # noqa: E402
from sample_games import played_deals, sample_game  # noqa: E402

BASE = "https://belot.example.bg/calculator/"
SEEDS = range(20)
SIZES = (10, 20, 40)
LONG_NAMES = Names(us="Владимир и Константин" + "щ" * 19, them="Александра и Екатерина" + "ж" * 18)


NODE = r"""
const { generate, correction } = await import(process.argv[1]);
let text = "";
for await (const chunk of process.stdin) text += chunk;
const out = [];
for (const url of JSON.parse(text)) {
  const code = generate(url, { minCorrectionLevel: correction.M });
  out.push((code.size - 17) / 4);
}
console.log(JSON.stringify(out));
"""


def qr_versions(urls: list[str]) -> list[int]:
    """The QR version of each URL, from lean-qr (the widget's encoder) in Node."""
    module = ROOT / "node_modules" / "lean-qr" / "index.mjs"
    done = subprocess.run(
        ["node", "--input-type=module", "-e", NODE, module.as_uri()],
        input=json.dumps(urls),
        capture_output=True,
        text=True,
        check=True,
    )
    return [int(v) for v in json.loads(done.stdout)]


def base64_url(text: str) -> str:
    """The same bytes as base64url, for comparison."""
    return base64.urlsafe_b64encode(from_text(text)).decode().rstrip("=")


def deflated(text: str) -> str:
    """The link's bit-packed bytes deflated (raw), then base32 as the link: for comparison."""
    data = from_text(text)[:-4]
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return frame(packer.compress(data) + packer.flush())


TABLE = {
    "seats": Seats(us=("Иван", "Петър"), them=("Мария", "Ана")),
    "dealer": 1,
    "match": Match(id="m-2026-12-03-1830", to=2),
    "note": "На вилата",
}


def dealt_pile(rng: random.Random, contract: Contract, capot: Team | None) -> Pile:
    """A pile as the widget's grid enters it: the deck dealt at random into eight tricks,
    the pile with fewer cards with points (the quicker to count), those cards only, and
    its tricks; a capot's pile is the capot's, every card."""
    values = CARD_POINTS[contract]
    if capot is not None:
        cards = [card for card in DECK if values[card]]
        return Pile.counted(team=capot, cards=cards, contract=contract, tricks=8)
    deck = list(DECK)
    rng.shuffle(deck)
    winners = [rng.choice(list(Team)) for _ in range(8)]
    while len(set(winners)) < 2:
        winners = [rng.choice(list(Team)) for _ in range(8)]
    piles: dict[Team, list[Card]] = {team: [] for team in Team}
    for trick, winner in enumerate(winners):
        piles[winner] += [card for card in deck[4 * trick : 4 * trick + 4] if values[card]]
    team = min(Team, key=lambda team: len(piles[team]))
    return Pile.counted(team=team, cards=piles[team], contract=contract, tricks=winners.count(team))


def with_cards(sheet: GameSheet, seed: int) -> list[Deal | Passed]:
    """The game's deals, every played deal's pile entered as its cards."""
    rng = random.Random(seed)
    return [
        deal
        if isinstance(deal, Passed)
        else replace(deal, pile=dealt_pile(rng, deal.contract, deal.capot))
        for deal in sheet.deals
    ]


def texts(kind: str, size: int, seed: int) -> str:
    names = Names(us="Иван и Петър", them="Мария и Ана")
    if kind == "game":
        return game_link(sample_game(size, seed, names=names))
    if kind == "table":
        return game_link(replace(sample_game(size, seed, names=names), **TABLE))
    if kind == "identity":
        start = 1_778_785_200_000 + seed * 86_400_000  # May 2026, a game a day
        identity = {
            "id": f"g-{_base36(start)}-{random.Random(seed).getrandbits(32):08x}",
            "played": _instant(start),
        }
        return game_link(replace(sample_game(size, seed, names=names), **TABLE), identity)
    if kind == "cards":
        return _encode(names, Rules(), with_cards(sample_game(size, seed, names=names), seed))
    if kind == "played":
        return _encode(
            Names(us="Иван и Петър", them="Мария и Ана"), Rules(), played_deals(size, seed)
        )
    return _encode(LONG_NAMES, Rules.from_ids(HOUSE_RULES), played_deals(size, seed, busy=True))


PILES = 2_000
GROUPS = {
    "a suit": Contract.HEARTS,
    "No trumps": Contract.NO_TRUMPS,
    "All trumps": Contract.ALL_TRUMPS,
}


def pile_bits() -> list[list[object]]:
    """Per kind of contract: the median cards of a pile, and its bits as typed points (8),
    as a bitset, as a list, and as written (the shorter), with the largest as written."""
    rows: list[list[object]] = []
    rng = random.Random(151)
    for name, contract in GROUPS.items():
        values = CARD_POINTS[contract]
        with_points = sum(1 for card in DECK if values[card])
        counts, bitsets, lists, written = [], [], [], []
        for _ in range(PILES):
            pile = dealt_pile(rng, contract, None)
            count = len(pile.cards or ())
            counts.append(count)
            # The choice flag, the cards, 4 bits of tricks (link.py's format 2).
            bitsets.append(1 + with_points + 1 + 4)
            lists.append(1 + 2 * (count + 1).bit_length() - 1 + 5 * count + 4)
            bits = BitWriter()
            _write_cards(bits, pile, contract, None)
            written.append(bits.length)
        as_lists = sum(1 for bits_, set_ in zip(written, bitsets, strict=True) if bits_ < set_)
        rows.append(
            [
                name,
                _median(counts),
                8,
                _median(bitsets),
                _median(lists),
                _median(written),
                max(written),
                f"{100 * as_lists / PILES:.1f} %",
            ]
        )
    return rows


def _median(values: list[int]) -> float | int:
    middle = statistics.median(values)
    return int(middle) if middle == int(middle) else middle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--json", type=Path, help="where to write (default: bench/results/link-sizes.json)"
    )
    args = parser.parse_args()
    info = machine()
    rows = []
    for kind in ("game", "table", "identity", "cards", "played", "worst"):
        for size in SIZES:
            links = [texts(kind, size, seed) for seed in SEEDS]
            urls = [f"{BASE}#{LINK_KEY}={link}" for link in links]
            b64 = [f"{BASE}#{LINK_KEY}={base64_url(link)}" for link in links]
            packed = [f"{BASE}#{LINK_KEY}={deflated(link)}" for link in links]
            versions = qr_versions(urls + b64 + packed)
            n = len(links)
            rows.append(
                {
                    "kind": kind,
                    "deals": size,
                    "link": max(map(len, links)),
                    "url": max(map(len, urls)),
                    "qr": max(versions[:n]),
                    "qr_median": sorted(versions[:n])[n // 2],
                    "base64_url": max(map(len, b64)),
                    "base64_qr": max(versions[n : 2 * n]),
                    "deflated_link": max(len(url) - len(BASE) - 6 for url in packed),
                    "deflated_qr": max(versions[2 * n :]),
                }
            )
    print(
        f"links on {BASE}#{LINK_KEY}=…, QR code at correction M; the largest of {len(SEEDS)} seeds"
    )
    columns = ("kind", "deals", "link", "url", "qr", "base64_url", "base64_qr", "deflated_link")
    heads = ("", "deals", "text", "url", "QR", "b64 url", "QR", "deflated", "QR")
    print(" ".join(f"{head:>8}" for head in heads))
    for row in rows:
        print(" ".join(f"{row[key]:>8}" for key in (*columns, "deflated_qr")))
    columns = (
        "game",
        "deals",
        "link text",
        "whole link",
        "QR version",
        "QR version, median",
        "base64url: whole link",
        "its QR version",
        "deflated: link text",
        "its QR version",
    )
    cells = [
        [row[key] for key in ("kind", "deals", "link", "url", "qr", "qr_median")]
        + [row[key] for key in ("base64_url", "base64_qr", "deflated_link", "deflated_qr")]
        for row in rows
    ]
    title = f"Characters and QR version (correction M), the largest of {len(SEEDS)} seeds"
    piles = pile_bits()
    print("bits of a pile: typed points, bitset, list, as written (median / largest)")
    for row in piles:
        print(" ".join(f"{cell:>14}" for cell in row))
    pile_columns = (
        "contract",
        "cards (median)",
        "typed points",
        "bitset",
        "list",
        "as written",
        "as written, largest",
        "written as a list",
    )
    out = write_results(
        "link-sizes",
        tables=[
            table(title, columns, cells),
            table(
                f"Bits of a pile entered as its cards, median of {PILES} random piles",
                pile_columns,
                piles,
            ),
        ],
        data={"base": BASE, "seeds": len(SEEDS), "rows": rows, "piles": piles},
        machine_info=info,
        path=args.json,
    )
    print(f"written: {out}")


if __name__ == "__main__":
    main()
