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

from .i18n import house_rule_options, render
from .json_api import VERSION, score_deal_json, score_game_json
from .model import Names

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
    for name, items in (("declarations", args.declare), ("announced", args.announce)):
        if items:
            request[name] = _counts(items)
    if args.higher:
        answers = (item.partition("=") for item in args.higher)
        request["higher"] = {question: answer for question, _, answer in answers}
    if args.name:
        request["names"] = {team: text for team, _, text in (n.partition(":") for n in args.name)}
    if args.rule:
        request["rules"] = dict.fromkeys(args.rule, True)
    if args.hanging_in is not None:
        request["hanging_in"] = _number(args.hanging_in)
    return request


def _with_rules(game: str, rules: list[str]) -> str:
    """A saved game with the house rules of ``--rule`` switched on as well."""
    try:
        data = json.loads(game)
    except ValueError:
        return game  # the core reports it
    if not isinstance(data, dict) or not isinstance(data.get("rules", {}), dict):
        return game
    data["rules"] = {**data.get("rules", {}), **dict.fromkeys(rules, True)}
    return json.dumps(data, ensure_ascii=False)


def _counts(items: list[str]) -> dict[str, dict[str, Any]]:
    """Each team's counts from items like "us:tierce", "them:carre=2"."""
    teams: dict[str, dict[str, Any]] = {}
    for item in items:
        team, _, rest = item.partition(":")
        kind, equals, count = rest.partition("=")
        counts = teams.setdefault(team, {})
        counts[kind] = counts.get(kind, 0) + (_number(count) if equals else 1)
    return teams


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
    score.add_argument(
        "--announce",
        action="append",
        default=[],
        metavar="TEAM:KIND[=N]",
        help="an announced declaration; the rules decide which count (repeatable)",
    )
    score.add_argument(
        "--higher",
        action="append",
        default=[],
        metavar="QUESTION=ANSWER",
        help="what only the cards decide: sequence=us|them|equal, carre=us|them",
    )
    score.add_argument(
        "--name",
        action="append",
        default=[],
        metavar="TEAM:TEXT",
        help='a team\'s own name for the explanation, e.g. "us:Иван и Петър"',
    )
    score.add_argument("--hanging-in", dest="hanging_in", help="game points hanging from before")
    game = commands.add_parser("game", help="score a saved game sheet (JSON file, - for stdin)")
    game.add_argument("file")
    for sub in (score, game):
        sub.add_argument(
            "--rule",
            action="append",
            default=[],
            metavar="ID",
            help="a house rule to play by, e.g. round_before_multiply (repeatable; "
            "'rules' lists them)",
        )
    rules = commands.add_parser("rules", help="list the house rules (ids for --rule)")
    for sub in (score, game, rules):
        sub.add_argument("--lang", choices=("bg", "en"), default=argparse.SUPPRESS)
        sub.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
    return parser


def _lines(answer: dict[str, Any], lang: str, names: Names | None = None) -> list[str]:
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
            lines.append(render("game_over", {"winner": winner}, lang, names))
        return lines
    return [step["message"][lang] for step in result["explanation"]]


def _game_names(game: str) -> Names:
    """The names of a game the core has read without a problem."""
    given = json.loads(game).get("names") or {}
    return Names(us=given.get("us") or "", them=given.get("them") or "")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 scored, 1 bad input)."""
    args = _parser().parse_args(argv)
    names: Names | None = None
    if args.command == "rules":
        for option in house_rule_options():
            name, description = option["name"][args.lang], option["description"][args.lang]
            print(f"{option['id']}: {name} – {description}")
        return 0
    if args.command == "score":
        text = score_deal_json(json.dumps(_request(args)))
    else:
        try:
            with open(args.file, encoding="utf-8") if args.file != "-" else sys.stdin as source:
                game = source.read()
        except OSError as error:
            print(f"{args.file}: {error.strerror}", file=sys.stderr)
            return 1
        if args.rule:
            game = _with_rules(game, args.rule)
        text = score_game_json(game)
        if json.loads(text)["ok"]:
            names = _game_names(game)
    answer = json.loads(text)
    if args.json:
        print(json.dumps(answer, ensure_ascii=False, indent=2))
    else:
        stream = sys.stdout if answer["ok"] else sys.stderr
        for line in _lines(answer, args.lang, names):
            print(line, file=stream)
    return 0 if answer["ok"] else 1
