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
``hanging_in`` (0) are optional. Instead of ``declarations`` (the accepted
ones) a deal may give what each team announced, and the answers to the
questions only the cards decide; the core then decides which count::

    "announced": {"us": {"tierce": 1, "belot": 1}, "them": {"quarte": 1}},
    "higher": {"sequence": "us" | "them" | "equal", "carre": "us" | "them"}

``names`` (``{"us": "Иван и Петър", "them": ""}``) puts the teams' own names
into every message. ``rules`` (``{"round_before_multiply": true}``) switches on
house rules by id (:mod:`belot_core.house`); absent, ``null``, ``{}`` or
``false`` values are the rule book. A game is ``{"version": 1, "names": {...},
"rules": {...}, "deals": [...]}`` (``names`` and ``rules`` optional) with each
deal as above without ``hanging_in`` (the sheet carries it) and ``names`` (the
game's apply to every deal), or ``{"passed": true}`` for a deal where all four
passed. The game's ``rules`` score every deal, except a deal that gives its own
``rules`` (an object; ``{}`` is the rule book): a table that changed its rules
during the game keeps the earlier deals' rules and numbers that way. Results
echo the rules used (``"rules"``, the ids switched on) and name the house rules
that changed a deal's numbers (``"applied_rules"``).

Whatever the input, the work and the answer stay bounded: a text longer than
``MAX_INPUT_CHARS`` is refused (``input_too_large``), reading stops at
``MAX_ERRORS`` problems (then one more error, ``too_many_errors``, says there
are more), and a name or number echoed back is cut to ``MAX_SHOWN`` characters.

A game request may also say which rows need their explanation, so a long
sheet's answer carries only what the page shows: ``"explain": "all"`` (every
row, as without the option), ``"last"`` (the last row only), ``"none"``, or a
list of deal indices from 0 (``[0, 5]``). A row without one has no
``explanation`` field; nothing else in the answer changes. ``explain`` is a
request option, not part of the game: :func:`game_from_dict` does not read it.

A game's deals are read, scored and written through bounded memos
(:mod:`belot_core.memo`), so the whole game sent again after a change costs
only the deals that changed; the answers are the same as without them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from itertools import accumulate
from typing import Any

from .errors import MAX_SHOWN, BelotError, InvalidInputError, Param, echo
from .house import DEFAULT_RULES, HOUSE_RULES, Rules
from .i18n import message, render
from .memo import memoized
from .model import (
    Announced,
    Answer,
    ByTeam,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    Higher,
    Names,
    Pile,
    Question,
    Team,
    contests_for,
    deal_problems,
    open_questions,
)
from .rules import DealResult, Step, score_deal
from .sheet import GameSheet, GameStatus, Passed, Row

__all__ = [
    "EXPLAIN",
    "MAX_DEPTH",
    "MAX_ERRORS",
    "MAX_INPUT_CHARS",
    "MAX_SHOWN",
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

MAX_INPUT_CHARS = 1_000_000
"""The longest request read, in characters. A whole game to 151 is a few
kilobytes (a deal is about 200 characters); this is thousands of deals."""

MAX_ERRORS = 50
"""The most problems one answer reports. Reading stops there, so a request of a
million bad fields costs no more than one of fifty; a final ``too_many_errors``
says there are more."""

#: Floats hold every integer up to this exactly; beyond, their digits are not the sender's.
_EXACT_FLOAT = 2**53
_REQUIRED = ("version", "contract", "bidder", "cards", "last_trick")
_OPTIONAL = (
    "doubling",
    "capot",
    "declarations",
    "announced",
    "higher",
    "names",
    "rules",
    "hanging_in",
)
#: A deal in a game: the sheet carries hanging points and names are the game's; a
#: deal's own ``rules`` override the game's (absent or null: the game's).
_OPTIONAL_IN_GAME = ("doubling", "capot", "declarations", "announced", "higher", "rules")


class _Full(Exception):
    """``MAX_ERRORS`` problems are collected: reading stops here."""


class _Reader:
    """Collects every problem in a JSON value instead of stopping at the first.

    Readers of one request share their list of errors (``errors``), so the cap of
    ``MAX_ERRORS`` holds for the whole request: the next problem raises ``_Full``.
    """

    def __init__(self, prefix: str = "", errors: list[BelotError] | None = None) -> None:
        self.prefix = prefix
        self.errors: list[BelotError] = [] if errors is None else errors

    def path(self, name: str) -> str:
        return f"{self.prefix}{name}" if name else self.prefix.rstrip(".")

    def add(self, error: BelotError) -> None:
        if len(self.errors) >= MAX_ERRORS:
            raise _Full
        self.errors.append(error)

    def fail(self, code: str, where: str, /, **params: Param) -> None:
        self.add(InvalidInputError(code, self.path(where), **params))

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
                shown = f"{dot}{echo(key)}"
                self.fail("unknown_field", shown, name=shown)
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
                value=echo(value),
                choices=tuple(member.value for member in kind),
            )
            return None

    def integer(self, value: JSON, name: str) -> int | None:
        # A whole float (82.0, 1e3) is a whole number while a float holds it exactly;
        # beyond 2**53 its digits are the float's (1e23 is 99999999999999991611392),
        # so it is shown as it came instead.
        if isinstance(value, float) and value.is_integer() and abs(value) <= _EXACT_FLOAT:
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
    return echo(text)


def _declarations(
    reader: _Reader, value: JSON, where: str = "declarations"
) -> ByTeam[Declarations] | None:
    """Both teams' counts, accepted (``declarations``) or announced (``announced``)."""
    teams = reader.fields(value, where, (), ("us", "them"))
    if teams is None:
        return None
    parsed: dict[Team, Declarations] = {}
    for team in Team:
        name = f"{where}.{team}"
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


def _higher(reader: _Reader, value: JSON) -> Higher | None:
    """The answers to the questions only the cards decide (null = not answered)."""
    answers = reader.fields(value, "higher", (), tuple(question.value for question in Question))
    if answers is None:
        return None
    before = len(reader.errors)
    good: dict[str, Answer] = {}
    for question in Question:
        raw = answers.get(question.value)
        if raw is None:
            continue
        where = f"higher.{question}"
        choices = tuple(str(answer) for answer in question.answers)
        if not isinstance(raw, str):
            reader.fail("wrong_type", where, expected="string", value=_show(raw))
        elif raw not in choices:
            reader.fail("invalid_choice", where, value=echo(raw), choices=choices)
        else:
            good[question.value] = Answer(raw)
    return Higher(**good) if len(reader.errors) == before else None


def _names(reader: _Reader, value: JSON) -> Names | None:
    """The teams' own names; a missing, null or empty name is the default."""
    teams = reader.fields(value, "names", (), ("us", "them"))
    if teams is None:
        return None
    before = len(reader.errors)
    good: dict[str, str] = {}
    for team in Team:
        name = teams.get(team.value)
        if name is None:
            continue
        if not isinstance(name, str):
            reader.fail("wrong_type", f"names.{team}", expected="string", value=_show(name))
            continue
        try:
            good[team.value] = Names(**{team.value: name})[team]
        except BelotError as error:
            error.field = reader.path(error.field)
            reader.add(error)
    return Names(**good) if len(reader.errors) == before else None


def _rules(reader: _Reader, value: JSON) -> Rules | None:
    """The house rules switched on: ``{"<id>": true, ...}``; null or false = off."""
    if value is None:
        return DEFAULT_RULES
    if not isinstance(value, dict):
        reader.fail("wrong_type", "rules", expected="object", value=_show(value))
        return None
    before = len(reader.errors)
    chosen: list[str] = []
    for option, on in value.items():
        where = f"rules.{echo(option)}"
        if option not in HOUSE_RULES:
            reader.fail("unknown_rule", where, value=echo(option), choices=HOUSE_RULES)
        elif not isinstance(on, bool):
            reader.fail("wrong_type", where, expected="boolean", value=_show(on))
        elif on:
            chosen.append(option)
    return Rules.from_ids(chosen) if len(reader.errors) == before else None


def _rules_json(rules: Rules) -> dict[str, JSON]:
    """The house rules switched on, as the contract writes them."""
    return dict.fromkeys(rules.active, True)


def _request_names(data: JSON) -> Names | None:
    """The names of a request, if it gives valid ones (for the words of its errors)."""
    if not isinstance(data, dict) or "names" not in data:
        return None
    return _names(_Reader(), data["names"])


def _deal(
    reader: _Reader, data: JSON, *, in_game: bool, rules: Rules = DEFAULT_RULES
) -> Deal | None:
    """A deal from its JSON value; problems go to ``reader``.

    A deal alone is scored by its own ``rules`` (absent or null: the rule book); a
    deal in a game by its own if it gives them (an object), else by the game's
    ``rules``.
    """
    optional = _OPTIONAL_IN_GAME if in_game else _OPTIONAL
    required = _REQUIRED[1:] if in_game else _REQUIRED
    before = len(reader.errors)
    fields = reader.fields(data, "", required, optional)
    if fields is None:
        return None
    if "version" in fields and not in_game:
        _check_version(reader, fields["version"])
    if "rules" in fields and (not in_game or fields["rules"] is not None):
        rules = _rules(reader, fields["rules"]) or DEFAULT_RULES
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
    announced: Announced | None = None
    answers = fields.get("higher")
    if fields.get("announced") is not None:
        if "declarations" in fields:
            # Either what was accepted, or what was announced -- never both.
            reader.fail("declarations_and_announced", "announced")
        by_team = _declarations(reader, fields["announced"], "announced")
        higher = _higher(reader, {} if answers is None else answers)
        if by_team is not None and higher is not None:
            announced = Announced(declarations=by_team, higher=higher)
    elif answers is not None:
        _higher(reader, answers)  # checked, then ignored: no question arises
    if "names" in fields and fields["names"] is not None:
        _names(reader, fields["names"])
    hanging_in = reader.integer(fields.get("hanging_in", 0), "hanging_in")
    if len(reader.errors) > before:
        if announced is not None and "declarations" not in fields:
            # Ask the cards' questions now, with the other problems, so a form can
            # show the question as soon as it arises.
            for error in open_questions(announced, contests_for(rules)):
                error.field = reader.path(error.field)
                reader.add(error)
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
        announced=announced,
        rules=rules,
    )
    problems = deal_problems(**values)
    if problems:
        for problem in problems:
            problem.field = reader.path(problem.field)
            reader.add(problem)
        return None
    return Deal(**values)


def _check_version(reader: _Reader, version: JSON) -> None:
    if isinstance(version, bool) or version != VERSION:
        reader.fail("unsupported_version", "version", value=_show(version), supported=VERSION)


def deal_from_dict(data: JSON) -> Deal:
    """A :class:`Deal` from its JSON value; raises the first problem."""
    reader = _Reader()
    try:
        deal = _deal(reader, data, in_game=False)
    except _Full:
        deal = None
    if reader.errors:
        raise reader.errors[0]
    assert deal is not None
    return deal


def _counts(declarations: ByTeam[Declarations]) -> dict[str, JSON]:
    """Both teams' declarations as counts, kinds with none left out."""
    return {
        str(team): {str(kind): count for kind, count in declarations[team].items()} for team in Team
    }


def _answers(higher: Higher) -> dict[str, JSON]:
    """The given answers, unanswered questions left out."""
    return {
        str(question): str(answer)
        for question in Question
        if (answer := higher[question]) is not None
    }


def deal_to_dict(deal: Deal, *, in_game: bool = False) -> dict[str, JSON]:
    """The JSON value of a deal (every field written out).

    A deal entered as announced is written as ``announced`` and ``higher``;
    otherwise as ``declarations``. House rules are written as ``rules`` (the
    rule book as nothing); a deal in a game has the game's.
    """
    data: dict[str, JSON] = {
        "version": VERSION,
        "contract": str(deal.contract),
        "bidder": str(deal.bidder),
        "doubling": str(deal.doubling),
        "cards": {"team": str(deal.pile.team), "points": deal.pile.points},
        "last_trick": str(deal.last_trick),
        "capot": None if deal.capot is None else str(deal.capot),
    }
    if deal.announced is None:
        data["declarations"] = _counts(deal.declarations)
    else:
        data["announced"] = _counts(deal.announced.declarations)
        data["higher"] = _answers(deal.announced.higher)
    if not in_game:
        if deal.rules != DEFAULT_RULES:
            data["rules"] = _rules_json(deal.rules)
        data["hanging_in"] = deal.hanging_in
    else:
        del data["version"]
    return data


def _json_params(params: Mapping[str, Param]) -> dict[str, JSON]:
    return {
        key: list(value) if isinstance(value, tuple) else value for key, value in params.items()
    }


def _step(step: Step, names: Names | None = None) -> dict[str, JSON]:
    return {
        "code": step.code,
        "params": _json_params(step.params),
        "message": {lang: render(step.code, step.params, lang, names) for lang in ("bg", "en")},
    }


def _shown(value: Param) -> Param:
    """A parameter as an answer shows it: an integer of more than MAX_SHOWN digits cut."""
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
        return value if len(text) <= MAX_SHOWN else echo(text)
    return value


_DEAL_FIELD = re.compile(r"deals\[(\d+)\]")


def _error(error: BelotError, names: Names | None = None) -> dict[str, JSON]:
    params = {key: _shown(value) for key, value in error.params.items()}
    if params != dict(error.params):
        error = type(error)(error.code, error.field, **params)
    data: dict[str, JSON] = {
        "code": error.code,
        "field": error.field,
        "params": _json_params(error.params),
        "message": message(error, names),
    }
    # A deal's own error names it ("deals[3].contract"); a field merely spelled like
    # that (an unknown key of a game in a link) names none.
    deal = _DEAL_FIELD.match(error.field)
    if deal:
        data["deal"] = int(deal.group(1))
    return data


def _teams(values: ByTeam[int]) -> dict[str, int]:
    return {"us": values.us, "them": values.them}


def result_to_dict(result: DealResult, names: Names | None = None) -> dict[str, JSON]:
    """The JSON value of a deal's result; messages name the teams by ``names``."""
    data = _result_fields(result)
    data["explanation"] = [_step(step, names) for step in result.steps]
    return data


def _result_fields(result: DealResult) -> dict[str, JSON]:
    """:func:`result_to_dict` without the explanation."""
    return {
        "raw": _teams(result.raw),
        "outcome": str(result.outcome),
        "record": _teams(result.record),
        "hanging_out": result.hanging_out,
        "accepted": _counts(result.accepted),
        "questions": _answers(result.questions),
        "rules": _rules_json(result.rules),
        "applied_rules": list(result.applied),
    }


class _Written(str):
    """A JSON value already written as text, put into an answer as it is: a long
    game's rows are written once each (:func:`_row_text`), then joined."""


_write = json.JSONEncoder(ensure_ascii=False).encode
"""JSON text as ``json.dumps(value, ensure_ascii=False)`` writes it (the answers' form)."""


def _written(fields: Mapping[str, JSON | _Written]) -> _Written:
    """An object as JSON text, its :class:`_Written` values put in as they are:
    the same text ``_write`` gives for the object the parts stand for."""
    items = (
        f"{_write(key)}: {value if isinstance(value, _Written) else _write(value)}"
        for key, value in fields.items()
    )
    return _Written("{" + ", ".join(items) + "}")


def _guarded(work: Callable[[JSON], dict[str, JSON] | _Written], text: object) -> str:
    """Parse, work, and answer -- with errors, never an exception."""
    try:
        if not isinstance(text, str):
            raise InvalidInputError("wrong_type", "", expected="string", value=type(text).__name__)
        if len(text) > MAX_INPUT_CHARS:
            raise InvalidInputError("input_too_large", "", max=MAX_INPUT_CHARS, length=len(text))
        if _too_deep(text):
            raise InvalidInputError("invalid_json", "", detail=f"nested deeper than {MAX_DEPTH}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise InvalidInputError("invalid_json", "", detail=str(exc)[:80]) from None
        result = work(data)
        if isinstance(result, _Written):
            return _written({"ok": True, "result": result})
        answer = {"ok": True, "result": result}
    except _Invalid as invalid:
        answer = {
            "ok": False,
            "errors": [_error(error, invalid.names) for error in invalid.errors],
        }
    except BelotError as error:
        answer = {"ok": False, "errors": [_error(error)]}
    return json.dumps(answer, ensure_ascii=False)


MAX_DEPTH = 64
"""Deepest JSON nesting read. Our documents nest five deep; in Pyodide a few
thousand levels overflow the JavaScript stack before Python's RecursionError can
be raised, which kills the worker, so depth is checked before parsing."""


#: A JSON string, escapes included, up to its closing quote or the end of the text.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
#: Everything but brackets.
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
#: The bytes a UTF-8 text keeps for the check without escapes: quotes and brackets.
_NOT_QUOTES_OR_BRACKETS = bytes(set(range(256)) - set(b'"[]{}'))
#: An innermost pair of brackets.
_PAIR = re.compile(rb"\[\]|\{\}")
_DEPTH_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _too_deep(text: str) -> bool:
    """Does ``text`` open more than MAX_DEPTH arrays/objects at once (outside strings)?"""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False  # cannot nest deeper than it has brackets
    # Strings out, then all but the brackets, each step in C (in Pyodide a Python loop
    # over a 200-deal game's characters took milliseconds, a regex over its strings 0.6).
    if "\\" in text:  # escapes: the strings found one by one
        brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text)).encode()
    else:
        # Only quotes and brackets kept; quotes then alternate opening and closing, so
        # the pieces between them are outside and inside strings in turn, and two quotes
        # side by side (a string with no bracket in it) go without changing that.
        quoted = text.encode().translate(None, _NOT_QUOTES_OR_BRACKETS).replace(b'""', b"")
        brackets = b"".join(quoted.split(b'"')[::2])
    # Brackets that pair up lose one level of nesting with each pass that takes out
    # the innermost pairs: empty within MAX_DEPTH passes is not too deep.
    peeled = brackets
    for _ in range(MAX_DEPTH):
        if not peeled:
            return False
        inner = _PAIR.sub(b"", peeled)
        if inner == peeled:
            break  # brackets that do not pair up: counted below
        peeled = inner
    if not peeled:
        return False
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH


class _Invalid(Exception):
    """Every problem of a request, and the names to word them with (if valid)."""

    def __init__(self, errors: list[BelotError], names: Names | None = None) -> None:
        super().__init__(errors)
        self.errors = errors
        self.names = names


def _more(errors: list[BelotError]) -> list[BelotError]:
    """The errors of a request whose reading stopped at MAX_ERRORS, and the one that says so."""
    return [*errors, InvalidInputError("too_many_errors", "", max=MAX_ERRORS)]


def _score_deal(data: JSON) -> dict[str, JSON]:
    reader = _Reader()
    names = _request_names(data)
    try:
        deal = _deal(reader, data, in_game=False)
    except _Full:
        raise _Invalid(_more(reader.errors), names) from None
    if deal is None:
        raise _Invalid(reader.errors, names)
    return result_to_dict(score_deal(deal), names)


def score_deal_json(text: str) -> str:
    """Score one deal: a JSON request in, a JSON answer out. Never raises."""
    return _guarded(_score_deal, text)


def game_from_dict(data: JSON) -> GameSheet:
    """A :class:`GameSheet` from its JSON value; raises the first problem."""
    errors: list[BelotError] = []
    try:
        sheet = _game(data, errors)
    except _Full:
        sheet = None
    if errors:
        raise errors[0]
    assert sheet is not None
    return sheet


def _game(data: JSON, errors: list[BelotError], options: tuple[str, ...] = ()) -> GameSheet | None:
    """The game sheet of a JSON value, or None; its problems go to ``errors``.
    ``options`` are the request's fields that are not the game's (read elsewhere)."""
    reader = _Reader(errors=errors)
    fields = reader.fields(data, "", ("version", "deals"), ("names", "rules", *options))
    if fields is not None and "version" in fields:
        _check_version(reader, fields["version"])
    names: Names | None = Names()
    if fields is not None and fields.get("names") is not None:
        names = _names(reader, fields["names"])
    rules: Rules | None = DEFAULT_RULES
    if fields is not None and "rules" in fields:
        rules = _rules(reader, fields["rules"])
    deals: list[Deal | Passed] = []
    own: list[Rules | None] = []  # the rules a deal gives itself (None: the game's)
    if fields is not None and "deals" in fields:
        if not isinstance(fields["deals"], list):
            reader.fail("wrong_type", "deals", expected="array", value=_show(fields["deals"]))
        else:
            for index, item in enumerate(fields["deals"]):
                if isinstance(item, dict) and "passed" in item:
                    deal_reader = _Reader(f"deals[{index}].", errors)
                    before = len(errors)
                    extra = deal_reader.fields(item, "", ("passed",), ())
                    if extra is not None and item["passed"] is not True:
                        deal_reader.fail(
                            "wrong_type", "passed", expected="boolean", value=_show(item["passed"])
                        )
                    if len(errors) == before:
                        deals.append(Passed())
                        own.append(None)
                else:
                    deal = None if rules is None else _game_deal(json.dumps(item), rules)
                    if deal is None:  # read it again, for its problems
                        deal_reader = _Reader(f"deals[{index}].", errors)
                        deal = _deal(deal_reader, item, in_game=True, rules=rules or DEFAULT_RULES)
                    if deal is not None:
                        deals.append(deal)
                        own.append(deal.rules if item.get("rules") is not None else None)
    if errors or names is None or rules is None:
        return None
    try:
        return GameSheet(tuple(deals), names=names, rules=rules, deal_rules=tuple(own))
    except BelotError as error:
        errors.append(error)
        return None


@memoized
def _game_deal(item: str, rules: Rules) -> Deal | None:
    """A deal of a game from its JSON text, scored by the game's ``rules``; None if
    it has a problem (then read again by the caller, for the problems and where)."""
    try:
        return _deal(_Reader(), json.loads(item), in_game=True, rules=rules)
    except _Full:  # more problems than one answer reports
        return None


@memoized
def _result_json(result: DealResult, names: Names, explained: bool) -> dict[str, JSON]:
    """:func:`result_to_dict`, its explanation only if ``explained``. Memoized: the
    value is shared, so it is copied into each row and never changed."""
    # A row not explained has no explanation: its steps are not worded for nothing.
    return result_to_dict(result, names) if explained else _result_fields(result)


@memoized
def _passed_explanation(hanging: int, names: Names) -> list[JSON]:
    """The explanation of a passed deal (shared: never changed)."""
    return [_step(Step.of("passed", hanging=hanging), names)]


@memoized
def _status(status: GameStatus, totals: ByTeam[int], names: Names) -> dict[str, JSON]:
    """Where the game stands, with its words: ``{"code", "params", "message"}``.
    Memoized (shared: never changed): a row's status is the same while its totals are."""
    params: dict[str, Param] = {"us": totals.us, "them": totals.them}
    if status is GameStatus.WON:
        params["winner"] = "us" if totals.us > totals.them else "them"
    return _step(Step.of(f"status_{status}", **params), names)


def _row(row: Row, names: Names, explained: bool = True) -> dict[str, JSON]:
    data: dict[str, JSON] = {
        "passed": row.result is None,
        "record": _teams(row.record),
        "hanging": row.hanging,
        "totals": _teams(row.totals),
        "status": _status(row.status, row.totals, names),
    }
    if row.result is not None:
        assert isinstance(row.entry, Deal)
        data["capot"] = None if row.entry.capot is None else str(row.entry.capot)
        data["doubling"] = str(row.entry.doubling)
        data.update(_result_json(row.result, names, explained))
    elif explained:
        data["explanation"] = _passed_explanation(row.hanging, names)
    return data


@memoized
def _row_text(row: Row, names: Names, explained: bool) -> _Written:
    """:func:`_row` written as JSON text. Memoized: one more deal on a long sheet
    writes one row; the rows before it, unchanged, are joined as they were."""
    return _Written(_write(_row(row, names, explained)))


EXPLAIN = ("all", "last", "none")
"""The words a game request's ``explain`` may be (else a list of deal indices)."""


def _explained(reader: _Reader, value: JSON, count: int | None) -> frozenset[int] | None:
    """The indices of the rows to explain (``count`` deals; None: unknown, not
    checked), or None for every row. Problems go to ``reader``."""
    if value is None or value == "all":
        return None
    if isinstance(value, str):
        if value == "none":
            return frozenset()
        if value == "last":
            return frozenset() if not count else frozenset({count - 1})
        reader.fail("invalid_choice", "explain", value=echo(value), choices=EXPLAIN)
        return frozenset()
    if not isinstance(value, list):
        reader.fail("wrong_type", "explain", expected="string_or_array", value=_show(value))
        return frozenset()
    chosen: set[int] = set()
    for place, raw in enumerate(value):
        index = reader.integer(raw, f"explain[{place}]")
        if index is None:
            continue
        if count is not None and not 0 <= index < count:
            reader.fail("no_such_deal", f"explain[{place}]", index=index + 1)
        chosen.add(index)
    return frozenset(chosen)


def game_to_dict(sheet: GameSheet) -> dict[str, JSON]:
    """The JSON value of a game sheet's deals, as :func:`score_game_json` reads them.

    A deal that keeps rules of its own (``deal_rules``) carries them as ``rules``
    (``{}``: the rule book); the others take the game's.
    """
    data: dict[str, JSON] = {"version": VERSION}
    if sheet.names != Names():
        data["names"] = {"us": sheet.names.us, "them": sheet.names.them}
    if sheet.rules != DEFAULT_RULES:
        data["rules"] = _rules_json(sheet.rules)
    data["deals"] = [
        {"passed": True} if isinstance(entry, Passed) else deal_to_dict(entry, in_game=True)
        for entry in sheet.deals
    ]
    for entry, own in zip(data["deals"], sheet.deal_rules, strict=True):
        if own is not None:
            entry["rules"] = _rules_json(own)
    return data


def _read_game(data: JSON) -> tuple[GameSheet, frozenset[int] | None]:
    """A game request's sheet and the rows to explain (None: all); raises its problems."""
    errors: list[BelotError] = []
    explain: frozenset[int] | None = None
    try:
        sheet = _game(data, errors, ("explain",))
        if isinstance(data, dict) and "explain" in data:
            deals = data.get("deals")
            count = len(deals) if isinstance(deals, list) else None
            explain = _explained(_Reader(errors=errors), data["explain"], count)
    except _Full:
        raise _Invalid(_more(errors), _request_names(data)) from None
    if sheet is None or errors:
        raise _Invalid(errors, _request_names(data))
    return sheet, explain


def _game_result(sheet: GameSheet, rows: JSON | _Written) -> dict[str, JSON]:
    return {
        "rules": _rules_json(sheet.rules),
        "rows": rows,
        "totals": _teams(sheet.totals),
        "hanging": sheet.hanging,
        "winner": None if sheet.winner is None else str(sheet.winner),
        "finished": sheet.finished,
        "status": _status(sheet.status, sheet.totals, sheet.names),
        "unclaimed": sheet.hanging if sheet.finished else 0,
    }


def _score_game(data: JSON) -> dict[str, JSON]:
    """What ``score_game_json`` answers for a game request, as a value."""
    sheet, explain = _read_game(data)
    rows = enumerate(sheet.rows)
    return _game_result(
        sheet, [_row(row, sheet.names, explain is None or i in explain) for i, row in rows]
    )


def _score_game_text(data: JSON) -> _Written:
    """:func:`_score_game` written as JSON text, each row taken from :func:`_row_text`."""
    sheet, explain = _read_game(data)
    rows = enumerate(sheet.rows)
    written = [_row_text(row, sheet.names, explain is None or i in explain) for i, row in rows]
    return _written(_game_result(sheet, _Written("[" + ", ".join(written) + "]")))


def score_game_json(text: str) -> str:
    """Score a whole game sheet: JSON in, JSON out. Never raises."""
    return _guarded(_score_game_text, text)
