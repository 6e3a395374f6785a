"""``python -m belot_core``: score a deal or a saved game from the command line.

The flags are turned into the JSON contract and scored by
:mod:`belot_core.json_api`, so the command line reports exactly the errors
the widget shows, in Bulgarian or English.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .i18n import render
from .json_api import VERSION, score_deal_json, score_game_json

__all__ = ["main"]


def _number(text: str) -> int | str:
    """A whole number if the text is one; otherwise the text, for the core to reject."""
    try:
        return int(text)
    except ValueError:
        return text


def _request(args: argparse.Namespace) -> dict[str, Any]:
    request: dict[str, Any] = {"version": VERSION}
    for name in ("contract", "bidder", "doubling", "last_trick", "capot"):
        value = getattr(args, name)
        if value is not None:
            request[name] = value
    if args.cards is not None:
        team, colon, points = args.cards.partition(":")
        request["cards"] = {"team": team, "points": _number(points)} if colon else {"team": team}
    declarations: dict[str, dict[str, Any]] = {}
    for item in args.declare:
        team, _, rest = item.partition(":")
        kind, equals, count = rest.partition("=")
        counts = declarations.setdefault(team, {})
        counts[kind] = counts.get(kind, 0) + (_number(count) if equals else 1)
    if declarations:
        request["declarations"] = declarations
    if args.hanging_in is not None:
        request["hanging_in"] = _number(args.hanging_in)
    return request


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m belot_core",
        description="Score Bulgarian belot: one deal, or a saved game sheet.",
    )
    parser.add_argument("--lang", choices=("bg", "en"), default="en", help="language of the text")
    parser.add_argument("--json", action="store_true", help="print the JSON answer")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score one deal")
    score.add_argument("--contract", help="clubs, diamonds, hearts, spades, no_trumps, all_trumps")
    score.add_argument("--bidder", help="us or them")
    score.add_argument("--doubling", help="none, contra or recontra")
    score.add_argument("--cards", metavar="TEAM:POINTS", help="one pile's card points, e.g. us:82")
    score.add_argument("--last-trick", dest="last_trick", help="us or them")
    score.add_argument("--capot", help="us or them: the team that took every trick")
    score.add_argument(
        "--declare",
        action="append",
        default=[],
        metavar="TEAM:KIND[=N]",
        help="an accepted declaration, e.g. us:tierce, them:belot, us:carre=2 (repeatable)",
    )
    score.add_argument("--hanging-in", dest="hanging_in", help="game points hanging from before")
    game = commands.add_parser("game", help="score a saved game sheet (JSON file, - for stdin)")
    game.add_argument("file")
    for sub in (score, game):
        sub.add_argument("--lang", choices=("bg", "en"), default=argparse.SUPPRESS)
        sub.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
    return parser


def _lines(answer: dict[str, Any], lang: str) -> list[str]:
    if not answer["ok"]:
        return [f"{error['field'] or '-'}: {error['message'][lang]}" for error in answer["errors"]]
    result = answer["result"]
    if "rows" in result:
        lines = []
        for number, row in enumerate(result["rows"], 1):
            lines.append(
                f"{number:>3}. {row['record']['us']:>4} {row['record']['them']:>4}"
                f"   {row['totals']['us']:>4} {row['totals']['them']:>4}"
                f"   {row['explanation'][-1]['message'][lang]}"
            )
        winner = result["winner"]
        if winner is not None:
            lines.append(render("game_over", {"winner": winner}, lang))
        return lines
    return [step["message"][lang] for step in result["explanation"]]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 scored, 1 bad input)."""
    args = _parser().parse_args(argv)
    if args.command == "score":
        text = score_deal_json(json.dumps(_request(args)))
    else:
        try:
            with open(args.file, encoding="utf-8") if args.file != "-" else sys.stdin as source:
                text = score_game_json(source.read())
        except OSError as error:
            print(f"{args.file}: {error.strerror}", file=sys.stderr)
            return 1
    answer = json.loads(text)
    if args.json:
        print(json.dumps(answer, ensure_ascii=False, indent=2))
    else:
        stream = sys.stdout if answer["ok"] else sys.stderr
        for line in _lines(answer, args.lang):
            print(line, file=stream)
    return 0 if answer["ok"] else 1
