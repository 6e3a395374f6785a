"""The rule book's answers, as the core gave them before house rules existed.

``data/rulebook_golden.json`` holds a few hundred deals and a few games, drawn with
a fixed seed, and the numbers the core answered for them at :data:`BEFORE` -- the
parent of the first commit of ``src/belot_core/house.py`` (``git log --oneline --
src/belot_core/house.py``), the last core that knew only the rule book.
``test_rulebook_golden.py`` checks that today's default (no ``rules``) gives exactly
those numbers, so a house rule that leaks into the default is caught even where
every option switched off agrees with it.

Regenerate (only if the drawing below changes; the answers must stay the old core's):

    .venv/bin/python tests/core/rulebook_golden.py

which exports ``src/`` of :data:`BEFORE` into a temporary folder with ``git
archive``, runs this script there (``--answer``, with ``PYTHONPATH`` set to that
``src``, so ``belot_core`` is the old core) and writes the JSON file.

What is drawn (plain :mod:`random`, seed :data:`SEED`, like ``strategies.py``'s
deals): every contract; no doubling, contra and recontra; capots of either team;
hanging deals (the bidders' card points that tie the raw points, about one deal in
five) and hanging points carried in; declarations accepted or announced, with the
answers to whose sequence or carré is higher. A deal the old core refuses is drawn
again. Each game is drawn deal by deal (contra as often as at a table, ties, a few
passed deals) until a team wins, at most :data:`GAME_DEALS` deals.

Only the numbers are kept (no explanations, no words): for a deal its ``raw``,
``outcome``, ``record``, ``hanging_out`` and ``accepted``; for a game its
``totals``, ``hanging``, ``winner``, ``finished``, ``unclaimed`` and each row's
numbers. Only the JSON contract's version 1 functions are used, which both cores
have.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

BEFORE = "9b47bcd2c2cf518bd23db45387830e81325be2cf"
"""The core that answered: the parent of a7f30b0, house.py's first commit."""
SEED = 20261201
DEALS = 320
GAMES = 6
GAME_DEALS = 40
DATA = Path(__file__).resolve().parent / "data" / "rulebook_golden.json"

type JSON = Any

CONTRACTS = ("clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps")
DECK = {"no_trumps": 120, "all_trumps": 248}  # a suit: 152
FACTOR = {"no_trumps": 2}  # card points and the last trick are doubled in No trumps
TEAMS = ("us", "them")
DOUBLINGS = ("none", "contra", "recontra")
KINDS = ("tierce", "quarte", "quint", "carre_jacks", "carre_nines", "carre", "belot")


# --- the numbers of an answer ------------------------------------------------------------


def deal_numbers(result: dict[str, JSON]) -> dict[str, JSON]:
    """The numbers of a deal's result (the JSON contract's)."""
    return {key: result[key] for key in ("raw", "outcome", "record", "hanging_out", "accepted")}


def row_numbers(row: dict[str, JSON]) -> dict[str, JSON]:
    """The numbers of a game's row: what it records and leaves, and the deal's own."""
    numbers = {key: row[key] for key in ("passed", "record", "hanging", "totals")}
    if not row["passed"]:
        numbers.update(deal_numbers(row))
    return numbers


def game_numbers(result: dict[str, JSON]) -> dict[str, JSON]:
    """The numbers of a game's result."""
    numbers = {key: result[key] for key in ("totals", "hanging", "winner", "finished", "unclaimed")}
    numbers["rows"] = [row_numbers(row) for row in result["rows"]]
    return numbers


# --- drawing ------------------------------------------------------------------------------


def _deck(contract: str) -> int:
    return DECK.get(contract, 152)


def _counts(rng: random.Random, contract: str) -> dict[str, dict[str, int]]:
    """Both teams' declarations, small counts (the core refuses impossible ones)."""
    counts: dict[str, dict[str, int]] = {"us": {}, "them": {}}
    if contract == "no_trumps" or rng.random() < 0.45:
        return counts
    for team in TEAMS:
        for kind in KINDS:
            if rng.random() < (0.25 if kind in ("tierce", "belot") else 0.1):
                counts[team][kind] = 2 if kind == "tierce" and rng.random() < 0.2 else 1
    return counts


def _draw(rng: random.Random, *, in_game: bool) -> dict[str, JSON]:
    """A deal request (without ``version``), perhaps one the core refuses."""
    contract = rng.choice(CONTRACTS)
    deck = _deck(contract)
    deal: dict[str, JSON] = {
        "contract": contract,
        "bidder": rng.choice(TEAMS),
        # Alone, every doubling often; in a game as often as at a table, so it lasts.
        "doubling": rng.choices(DOUBLINGS, (88, 10, 2) if in_game else (6, 3, 2))[0],
    }
    if rng.random() < 0.1:
        capot = rng.choice(TEAMS)
        pile = rng.choice(TEAMS)
        deal["cards"] = {"team": pile, "points": deck if pile == capot else 0}
        deal["last_trick"] = deal["capot"] = capot
    else:
        deal["cards"] = {"team": rng.choice(TEAMS), "points": rng.randint(0, deck)}
        deal["last_trick"] = rng.choice(TEAMS)
    counts = _counts(rng, contract)
    if any(counts.values()):
        if rng.random() < 0.5:
            deal["declarations"] = counts
        else:
            deal["announced"] = counts
            deal["higher"] = {
                "sequence": rng.choice(("us", "them", "equal")),
                "carre": rng.choice(TEAMS),
            }
    if not in_game and rng.random() < 0.3:
        deal["hanging_in"] = rng.randint(0, 60)
    return deal


def _tie(deal: dict[str, JSON], raw: dict[str, int]) -> dict[str, JSON] | None:
    """The deal with the pile's card points that tie the raw points, if there are any.

    Each card point moves from one pile to the other: the pile's team's lead changes
    by twice the point, doubled in No trumps.
    """
    if deal.get("capot"):
        return None
    cards = deal["cards"]
    other = "them" if cards["team"] == "us" else "us"
    lead = raw[cards["team"]] - raw[other]
    step = 2 * FACTOR.get(deal["contract"], 1)
    points = cards["points"] - lead / step
    if not points.is_integer() or not 0 <= points <= _deck(deal["contract"]):
        return None
    return {**deal, "cards": {**cards, "points": int(points)}}


def _score_deal(deal: dict[str, JSON]) -> dict[str, JSON] | None:
    from belot_core.json_api import score_deal_json

    reply = json.loads(score_deal_json(json.dumps({"version": 1, **deal})))
    return reply["result"] if reply["ok"] else None


def _score_game(deals: list[dict[str, JSON]], names: dict[str, str]) -> dict[str, JSON] | None:
    from belot_core.json_api import score_game_json

    game = {"version": 1, "names": names, "deals": deals}
    reply = json.loads(score_game_json(json.dumps(game, ensure_ascii=False)))
    return reply["result"] if reply["ok"] else None


def draw_deal(rng: random.Random, *, in_game: bool = False) -> dict[str, JSON]:
    """A deal the core accepts; about one in five made to hang."""
    while True:
        deal = _draw(rng, in_game=in_game)
        result = _score_deal(deal)
        if result is None:
            continue
        if rng.random() < 0.2:
            tied = _tie(deal, result["raw"])
            if tied is not None and _score_deal(tied) is not None:
                return tied
        return deal


def draw_game(rng: random.Random, names: dict[str, str]) -> list[dict[str, JSON]]:
    """A game's deals, drawn one by one until a team wins (a deal after the end is not)."""
    deals: list[dict[str, JSON]] = []
    while len(deals) < GAME_DEALS:
        deal: dict[str, JSON] = (
            {"passed": True} if rng.random() < 0.07 else draw_deal(rng, in_game=True)
        )
        result = _score_game([*deals, deal], names)
        if result is None:
            continue
        deals.append(deal)
        if result["finished"]:
            break
    return deals


def answer() -> dict[str, JSON]:
    """Draw everything and answer it with the ``belot_core`` that Python imports."""
    rng = random.Random(SEED)
    deals = []
    for _ in range(DEALS):
        deal = draw_deal(rng)
        result = _score_deal(deal)
        assert result is not None
        deals.append({"deal": deal, "numbers": deal_numbers(result)})
    games = []
    for index in range(GAMES):
        names = {"us": "Иван и Петър", "them": "Ann & Ivo"} if index % 2 else {"us": "", "them": ""}
        game_deals = draw_game(rng, names)
        result = _score_game(game_deals, names)
        assert result is not None
        games.append({"names": names, "deals": game_deals, "numbers": game_numbers(result)})
    return {"core": BEFORE, "seed": SEED, "deals": deals, "games": games}


def write(answers: dict[str, JSON]) -> str:
    """The file's text: a line per deal and per game, so a diff shows which changed."""
    head = {key: answers[key] for key in ("core", "seed")}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ","]
    for key in ("deals", "games"):
        items = [
            json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in answers[key]
        ]
        lines.append(f'"{key}": [')
        lines.append(",\n".join(items))
        lines.append("]," if key == "deals" else "]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def regenerate() -> None:
    """Export the old core's src, answer under it, write the data file."""
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", BEFORE, "src"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        src = Path(folder) / "src"
        env = {**os.environ, "PYTHONPATH": str(src)}
        text = subprocess.run(
            [sys.executable, __file__, "--answer", str(src)],
            check=True,
            capture_output=True,
            env=env,
            text=True,
        ).stdout
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(text, encoding="utf-8")
    print(f"{DATA.relative_to(root)}: {len(text.encode()):,} bytes, answered by {BEFORE[:7]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--answer", metavar="SRC", help="answer with the belot_core in SRC, to stdout"
    )
    arguments = parser.parse_args()
    if arguments.answer is None:
        regenerate()
        return
    import belot_core

    origin = Path(belot_core.__file__).resolve()
    if not origin.is_relative_to(Path(arguments.answer).resolve()):
        raise SystemExit(f"belot_core came from {origin}, not from {arguments.answer}")
    sys.stdout.write(write(answer()))


if __name__ == "__main__":
    main()
