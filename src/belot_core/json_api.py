"""The JSON contract: the one surface JavaScript uses.

Functions here take a JSON string and return a JSON string, so nothing Python
leaks into the page (no proxies, no dict→Map surprises). They never raise: any
input gives either ``{"ok": true, "result": ...}`` or ``{"ok": false,
"errors": [...]}``, every error with a ``code``, the ``field`` it concerns,
its ``params`` and a ``message`` in Bulgarian and English.

Version 1 of a deal::

    {"version": 1, "contract": "hearts", "bidder": "us", "doubling": "none",
     "cards": {"team": "us", "points": 82}, "last_trick": "us", "capot": null,
     "declarations": {"us": {"tierce": 1}, "them": {}}, "hanging_in": 0}

``version``, ``contract``, ``bidder``, ``cards`` and ``last_trick`` are
required; ``doubling`` ("none"), ``capot`` (null), ``declarations`` (none) and
``hanging_in`` (0) are optional. A game is ``{"version": 1, "deals": [...]}``
with each deal as above without ``hanging_in`` (the sheet carries it), or
``{"passed": true}`` for a deal where all four passed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from .errors import BelotError, InvalidInputError, Param
from .i18n import message, render
from .model import (
    ByTeam,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    Pile,
    Team,
    deal_problems,
)
from .rules import DealResult, Step, score_deal
from .sheet import GameSheet, Passed, Row

__all__ = [
    "MAX_DEPTH",
    "VERSION",
    "deal_from_dict",
    "deal_to_dict",
    "game_from_dict",
    "game_to_dict",
    "result_to_dict",
    "score_deal_json",
    "score_game_json",
]

VERSION = 1
"""The version of the JSON contract this core writes and reads."""

type JSON = Any
_REQUIRED = ("version", "contract", "bidder", "cards", "last_trick")
_OPTIONAL = ("doubling", "capot", "declarations", "hanging_in")


class _Reader:
    """Collects every problem in a JSON value instead of stopping at the first."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix
        self.errors: list[BelotError] = []

    def path(self, name: str) -> str:
        return f"{self.prefix}{name}" if name else self.prefix.rstrip(".")

    def fail(self, code: str, where: str, /, **params: Param) -> None:
        self.errors.append(InvalidInputError(code, self.path(where), **params))

    def fields(
        self, value: JSON, name: str, required: tuple[str, ...], optional: tuple[str, ...]
    ) -> dict[str, JSON] | None:
        """An object's fields, or None (with an error) when it is not an object."""
        if not isinstance(value, dict):
            self.fail("wrong_type", name, expected="object", value=_show(value))
            return None
        dot = f"{name}." if name else ""
        for key in value:
            if key not in required and key not in optional:
                self.fail("unknown_field", f"{dot}{key}", name=f"{dot}{key}")
        for key in required:
            if key not in value:
                self.fail("missing_field", f"{dot}{key}", name=f"{dot}{key}")
        return value

    def choice[E: (Contract, Team, Doubling)](
        self, value: JSON, name: str, kind: type[E]
    ) -> E | None:
        if not isinstance(value, str):
            self.fail("wrong_type", name, expected="string", value=_show(value))
            return None
        try:
            return kind(value)
        except ValueError:
            self.fail(
                "invalid_choice",
                name,
                value=value[:40],
                choices=tuple(member.value for member in kind),
            )
            return None

    def integer(self, value: JSON, name: str) -> int | None:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail("not_integer", name, value=_show(value))
            return None
        return value


def _show(value: JSON) -> str:
    """A short JSON rendering of a bad value for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _declarations(reader: _Reader, value: JSON) -> ByTeam[Declarations] | None:
    teams = reader.fields(value, "declarations", (), ("us", "them"))
    if teams is None:
        return None
    parsed: dict[Team, Declarations] = {}
    for team in Team:
        name = f"declarations.{team}"
        counts = reader.fields(
            teams.get(team.value, {}), name, (), tuple(kind.value for kind in Declaration)
        )
        if counts is None:
            continue
        good: dict[str, int] = {}
        for kind in Declaration:
            if kind.value not in counts:
                continue
            count = reader.integer(counts[kind.value], f"{name}.{kind}")
            if count is None:
                continue
            if count < 0:
                reader.fail("negative_count", f"{name}.{kind}", value=count)
            else:
                good[kind.value] = count
        parsed[team] = Declarations(**good)
    if len(parsed) < 2:
        return None
    return ByTeam(us=parsed[Team.US], them=parsed[Team.THEM])


def _deal(reader: _Reader, data: JSON, *, in_game: bool) -> Deal | None:
    """A deal from its JSON value; problems go to ``reader``."""
    optional = _OPTIONAL[:-1] if in_game else _OPTIONAL
    required = _REQUIRED[1:] if in_game else _REQUIRED
    before = len(reader.errors)
    fields = reader.fields(data, "", required, optional)
    if fields is None:
        return None
    if "version" in fields and not in_game:
        _check_version(reader, fields["version"])
    contract = (
        reader.choice(fields.get("contract"), "contract", Contract)
        if "contract" in fields
        else None
    )
    bidder = reader.choice(fields["bidder"], "bidder", Team) if "bidder" in fields else None
    doubling = reader.choice(fields.get("doubling", "none"), "doubling", Doubling)
    last_trick = (
        reader.choice(fields["last_trick"], "last_trick", Team) if "last_trick" in fields else None
    )
    capot: Team | None = None
    if fields.get("capot") is not None:
        capot = reader.choice(fields["capot"], "capot", Team)
    pile: Pile | None = None
    if "cards" in fields:
        cards = reader.fields(fields["cards"], "cards", ("team", "points"), ())
        if cards is not None:
            team = reader.choice(cards["team"], "cards.team", Team) if "team" in cards else None
            points = reader.integer(cards["points"], "cards.points") if "points" in cards else None
            if team is not None and points is not None:
                pile = Pile(team=team, points=points)
    declarations = _declarations(reader, fields.get("declarations", {}))
    hanging_in = reader.integer(fields.get("hanging_in", 0), "hanging_in")
    if len(reader.errors) > before:
        return None
    # Every field is well formed: now the ranges and the rules, all at once.
    values: dict[str, Any] = dict(
        contract=contract,
        bidder=bidder,
        doubling=doubling,
        pile=pile,
        last_trick=last_trick,
        capot=capot,
        declarations=declarations,
        hanging_in=hanging_in,
    )
    problems = deal_problems(**values)
    if problems:
        for problem in problems:
            problem.field = reader.path(problem.field)
        reader.errors.extend(problems)
        return None
    return Deal(**values)


def _check_version(reader: _Reader, version: JSON) -> None:
    if isinstance(version, bool) or version != VERSION:
        reader.fail("unsupported_version", "version", value=_show(version), supported=VERSION)


def deal_from_dict(data: JSON) -> Deal:
    """A :class:`Deal` from its JSON value; raises the first problem."""
    reader = _Reader()
    deal = _deal(reader, data, in_game=False)
    if reader.errors:
        raise reader.errors[0]
    assert deal is not None
    return deal


def deal_to_dict(deal: Deal, *, in_game: bool = False) -> dict[str, JSON]:
    """The JSON value of a deal (every field written out)."""
    data: dict[str, JSON] = {
        "version": VERSION,
        "contract": str(deal.contract),
        "bidder": str(deal.bidder),
        "doubling": str(deal.doubling),
        "cards": {"team": str(deal.pile.team), "points": deal.pile.points},
        "last_trick": str(deal.last_trick),
        "capot": None if deal.capot is None else str(deal.capot),
        "declarations": {
            str(team): {str(kind): count for kind, count in deal.declarations[team].items()}
            for team in Team
        },
        "hanging_in": deal.hanging_in,
    }
    if in_game:
        del data["version"], data["hanging_in"]
    return data


def _json_params(params: Mapping[str, Param]) -> dict[str, JSON]:
    return {
        key: list(value) if isinstance(value, tuple) else value for key, value in params.items()
    }


def _step(step: Step) -> dict[str, JSON]:
    return {
        "code": step.code,
        "params": _json_params(step.params),
        "message": {lang: render(step.code, step.params, lang) for lang in ("bg", "en")},
    }


def _error(error: BelotError) -> dict[str, JSON]:
    data: dict[str, JSON] = {
        "code": error.code,
        "field": error.field,
        "params": _json_params(error.params),
        "message": message(error),
    }
    if error.field.startswith("deals["):
        data["deal"] = int(error.field[6 : error.field.index("]")])
    return data


def _teams(values: ByTeam[int]) -> dict[str, int]:
    return {"us": values.us, "them": values.them}


def result_to_dict(result: DealResult) -> dict[str, JSON]:
    """The JSON value of a deal's result."""
    return {
        "raw": _teams(result.raw),
        "outcome": str(result.outcome),
        "record": _teams(result.record),
        "hanging_out": result.hanging_out,
        "explanation": [_step(step) for step in result.steps],
    }


def _guarded(work: Callable[[JSON], dict[str, JSON]], text: object) -> str:
    """Parse, work, and answer -- with errors, never an exception."""
    try:
        if not isinstance(text, str):
            raise InvalidInputError("wrong_type", "", expected="string", value=type(text).__name__)
        if _too_deep(text):
            raise InvalidInputError("invalid_json", "", detail=f"nested deeper than {MAX_DEPTH}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise InvalidInputError("invalid_json", "", detail=str(exc)[:80]) from None
        answer = {"ok": True, "result": work(data)}
    except _Invalid as invalid:
        answer = {"ok": False, "errors": [_error(error) for error in invalid.errors]}
    except BelotError as error:
        answer = {"ok": False, "errors": [_error(error)]}
    return json.dumps(answer, ensure_ascii=False)


MAX_DEPTH = 64
"""Deepest JSON nesting read. Our documents nest five deep; in Pyodide a few
thousand levels overflow the JavaScript stack before Python's RecursionError can
be raised, which kills the worker, so depth is checked before parsing."""


def _too_deep(text: str) -> bool:
    """Does ``text`` open more than MAX_DEPTH arrays/objects at once (outside strings)?"""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False  # cannot nest deeper than it has brackets
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


class _Invalid(Exception):
    def __init__(self, errors: list[BelotError]) -> None:
        super().__init__(errors)
        self.errors = errors


def _score_deal(data: JSON) -> dict[str, JSON]:
    reader = _Reader()
    deal = _deal(reader, data, in_game=False)
    if deal is None:
        raise _Invalid(reader.errors)
    return result_to_dict(score_deal(deal))


def score_deal_json(text: str) -> str:
    """Score one deal: a JSON request in, a JSON answer out. Never raises."""
    return _guarded(_score_deal, text)


def game_from_dict(data: JSON) -> GameSheet:
    """A :class:`GameSheet` from its JSON value; raises the first problem."""
    errors: list[BelotError] = []
    sheet = _game(data, errors)
    if errors:
        raise errors[0]
    assert sheet is not None
    return sheet


def _game(data: JSON, errors: list[BelotError]) -> GameSheet | None:
    reader = _Reader()
    fields = reader.fields(data, "", ("version", "deals"), ())
    if fields is not None and "version" in fields:
        _check_version(reader, fields["version"])
    deals: list[Deal | Passed] = []
    if fields is not None and "deals" in fields:
        if not isinstance(fields["deals"], list):
            reader.fail("wrong_type", "deals", expected="array", value=_show(fields["deals"]))
        else:
            for index, item in enumerate(fields["deals"]):
                deal_reader = _Reader(f"deals[{index}].")
                if isinstance(item, dict) and "passed" in item:
                    extra = deal_reader.fields(item, "", ("passed",), ())
                    if extra is not None and item["passed"] is not True:
                        deal_reader.fail(
                            "wrong_type", "passed", expected="boolean", value=_show(item["passed"])
                        )
                    if not deal_reader.errors:
                        deals.append(Passed())
                else:
                    deal = _deal(deal_reader, item, in_game=True)
                    if deal is not None:
                        deals.append(deal)
                reader.errors.extend(deal_reader.errors)
    errors.extend(reader.errors)
    if errors:
        return None
    try:
        return GameSheet(tuple(deals))
    except BelotError as error:
        errors.append(error)
        return None


def _row(row: Row) -> dict[str, JSON]:
    data: dict[str, JSON] = {
        "passed": row.result is None,
        "record": _teams(row.record),
        "hanging": row.hanging,
        "totals": _teams(row.totals),
    }
    if row.result is not None:
        assert isinstance(row.entry, Deal)
        data["capot"] = None if row.entry.capot is None else str(row.entry.capot)
        data.update(result_to_dict(row.result))
    else:
        data["explanation"] = [_step(Step.of("passed", hanging=row.hanging))]
    return data


def game_to_dict(sheet: GameSheet) -> dict[str, JSON]:
    """The JSON value of a game sheet's deals, as :func:`score_game_json` reads them."""
    return {
        "version": VERSION,
        "deals": [
            {"passed": True} if isinstance(entry, Passed) else deal_to_dict(entry, in_game=True)
            for entry in sheet.deals
        ],
    }


def _score_game(data: JSON) -> dict[str, JSON]:
    errors: list[BelotError] = []
    sheet = _game(data, errors)
    if sheet is None:
        raise _Invalid(errors)
    return {
        "rows": [_row(row) for row in sheet.rows],
        "totals": _teams(sheet.totals),
        "hanging": sheet.hanging,
        "winner": None if sheet.winner is None else str(sheet.winner),
        "finished": sheet.finished,
        "unclaimed": sheet.hanging if sheet.finished else 0,
    }


def score_game_json(text: str) -> str:
    """Score a whole game sheet: JSON in, JSON out. Never raises."""
    return _guarded(_score_game, text)
