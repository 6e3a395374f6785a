"""Reading the JSON contract: a request's text into the core's values, every problem at once.

This module and :mod:`belot_core.json_write` are the JSON contract's two halves,
split as h11 splits ``_readers.py`` from ``_writers.py``: here the text of a
request becomes a :class:`~belot_core.model.Deal` or a
:class:`~belot_core.sheet.GameSheet`, or the list of everything wrong with it;
there the core's values become an answer's text. :mod:`belot_core.json_api`
(a deal, a game) and :mod:`belot_core.link` (a game in a link) are both built
from these two, so a game is read the same way whether it came as JSON or in a
link, and neither of them reaches into the other. The arrows point one way:
``json_read`` ← ``json_write`` ← ``json_api`` ← ``link``.

What is read here stays bounded whatever the input: :func:`parse` refuses a
text longer than :data:`MAX_INPUT_CHARS` or nested deeper than
:data:`MAX_DEPTH` before parsing it, a game of more than
:data:`~belot_core.sheet.MAX_DEALS` deals is refused by its count before any
deal is read, and a :class:`Reader` stops at :data:`MAX_ERRORS` problems
(:class:`Full`). A request's problems leave as one
:class:`Invalid`, which the writer turns into the answer's ``errors``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import partial
from typing import Any

from .cards import DECK, Card
from .errors import BelotError, InvalidInputError, Param, echo
from .house import DEFAULT_RULES, HOUSE_RULES, Rules
from .identity import IDENTITY_FIELDS, check_game_id, check_played
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
    clean_name,
    contests_for,
    deal_problems,
    open_questions,
)
from .sheet import MAX_DEALS, GameSheet, Passed
from .table import Match, Seats, check_seat, clean_note

__all__ = [
    "EXPLAIN",
    "JSON",
    "MAX_DEPTH",
    "MAX_ERRORS",
    "MAX_INPUT_CHARS",
    "VERSION",
    "Full",
    "Invalid",
    "Reader",
    "check_version",
    "deal_from_dict",
    "game_from_dict",
    "more",
    "parse",
    "read_deal_request",
    "read_explain",
    "read_game",
    "read_game_request",
    "request_names",
    "show",
    "too_deep",
]

VERSION = 1
"""The version of the JSON contract this core writes and reads."""

type JSON = Any
"""A value as :func:`json.loads` gives it: a dict, list, str, int, float, bool or None."""

MAX_INPUT_CHARS = 250_000
"""The longest request read, in characters. A game to 151 is a few kilobytes (a
deal is about 200 characters); the longest game the core takes
(:data:`~belot_core.sheet.MAX_DEALS` of the heaviest deals, every declaration
and house rule, the longest names) is some 38,000 as ``json.dumps`` writes it
and 64,000 indented by two, so a file another program wrote has room to spare.
The limit bounds the work of parsing: a text of
nothing but nested brackets costs CPython's parser about 0.3 ms a kilobyte,
so a quarter of a megabyte is read in well under 200 ms."""

MAX_ERRORS = 50
"""The most problems one answer reports. Reading stops there, so a request of a
million bad fields costs no more than one of fifty; a final ``too_many_errors``
says there are more."""

MAX_DEPTH = 64
"""Deepest JSON nesting read. Our documents nest five deep; in Pyodide a few
thousand levels overflow the JavaScript stack before Python's RecursionError can
be raised, which kills the worker, so depth is checked before parsing."""

EXPLAIN = ("all", "last", "none")
"""The words a game request's ``explain`` may be (else a list of deal indices)."""

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
#: A pile's fields besides its ``team``: its ``points``, or its ``cards`` (and ``tricks``).
_PILE_FIELDS = ("points", "cards", "tricks")
#: The declarations' names, in the core's order (an enum's ``.value`` is slow in a loop).
_KINDS = tuple(kind.value for kind in Declaration)
#: A deal in a game: the sheet carries hanging points and names are the game's; a
#: deal's own ``rules`` override the game's (absent or null: the game's).
_OPTIONAL_IN_GAME = ("doubling", "capot", "declarations", "announced", "higher", "rules")


class Full(Exception):
    """``MAX_ERRORS`` problems are collected (``errors``): reading stops here."""

    def __init__(self, errors: list[BelotError]) -> None:
        super().__init__(len(errors))
        self.errors = errors


class Invalid(Exception):
    """Every problem of a request, and the names to word them with (if valid)."""

    def __init__(self, errors: list[BelotError], names: Names | None = None) -> None:
        super().__init__(errors)
        self.errors = errors
        self.names = names


def more(errors: list[BelotError]) -> list[BelotError]:
    """The errors of a request whose reading stopped at MAX_ERRORS, and the one that says so."""
    return [*errors, InvalidInputError("too_many_errors", "", max=MAX_ERRORS)]


class Reader:
    """Collects every problem in a JSON value instead of stopping at the first.

    Readers of one request share their list of errors (``errors``), so the cap of
    ``MAX_ERRORS`` holds for the whole request: the next problem raises :class:`Full`.
    A reader's ``prefix`` (``"deals[3]."``) goes before the field of each problem.
    """

    def __init__(self, prefix: str = "", errors: list[BelotError] | None = None) -> None:
        self.prefix = prefix
        self.errors: list[BelotError] = [] if errors is None else errors

    def path(self, name: str) -> str:
        """The field ``name`` as the request spells it, from its top (prefix included)."""
        return f"{self.prefix}{name}" if name else self.prefix.rstrip(".")

    def add(self, error: BelotError) -> None:
        """Keep ``error``; raises :class:`Full` once ``MAX_ERRORS`` are kept."""
        if len(self.errors) >= MAX_ERRORS:
            raise Full(self.errors)
        self.errors.append(error)

    def fail(self, code: str, where: str, /, **params: Param) -> None:
        """Keep an :class:`~belot_core.errors.InvalidInputError` ``code`` at field ``where``."""
        self.add(InvalidInputError(code, self.path(where), **params))

    def fields(
        self, value: JSON, name: str, required: tuple[str, ...], optional: tuple[str, ...]
    ) -> dict[str, JSON] | None:
        """An object's fields, or None (with an error) when it is not an object."""
        if not isinstance(value, dict):
            self.fail("wrong_type", name, expected="object", value=show(value))
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
        """One of an enum's values, or None (with an error)."""
        if not isinstance(value, str):
            self.fail("wrong_type", name, expected="string", value=show(value))
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
        """A whole number, or None (with an error)."""
        # A whole float (82.0, 1e3) is a whole number while a float holds it exactly;
        # beyond 2**53 its digits are the float's (1e23 is 99999999999999991611392),
        # so it is shown as it came instead.
        if isinstance(value, float) and value.is_integer() and abs(value) <= _EXACT_FLOAT:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail("not_integer", name, value=show(value))
            return None
        return value


def show(value: JSON) -> str:
    """A short JSON rendering of a bad value for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return echo(text)


def check_version(reader: Reader, version: JSON) -> None:
    """An error in ``reader`` unless ``version`` is the contract's :data:`VERSION`."""
    if isinstance(version, bool) or version != VERSION:
        reader.fail("unsupported_version", "version", value=show(version), supported=VERSION)


# --- the text ----------------------------------------------------------------------


def parse(text: object, limit: int = MAX_INPUT_CHARS) -> JSON:
    """The JSON value of a request's text; raises InvalidInputError for a text not
    read: not a string, longer than ``limit`` (MAX_INPUT_CHARS), too deep, or not JSON."""
    if not isinstance(text, str):
        raise InvalidInputError("wrong_type", "", expected="string", value=type(text).__name__)
    if len(text) > limit:
        raise InvalidInputError("input_too_large", "", max=limit, length=len(text))
    if too_deep(text):
        raise InvalidInputError("invalid_json", "", detail=f"nested deeper than {MAX_DEPTH}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidInputError("invalid_json", "", detail=str(exc)[:80]) from None


#: A JSON string, escapes included, up to its closing quote or the end of the text.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
#: Everything but brackets.
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
#: The bytes a UTF-8 text keeps for the check without escapes: quotes and brackets.
_NOT_QUOTES_OR_BRACKETS = bytes(set(range(256)) - set(b'"[]{}'))
#: Both kinds of bracket as one: nesting is nesting, whichever opens it.
_ONE_KIND = bytes.maketrans(b"{}", b"[]")
#: Runs of opening or of closing brackets.
_RUNS = re.compile(rb"\[+|\]+")
#: Passes that take out the innermost pairs before the runs are counted.
_PEELS = 8


def too_deep(text: str) -> bool:
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
    # The depth is the highest count of opened less closed brackets at any point,
    # counted run by run. Closing brackets added at the end, as many as are open
    # there, do not change it; then every highest point is an innermost pair "[]",
    # so each pass that takes out all of those lowers the depth by exactly one --
    # and leaves fewer runs to count: a text of pairs side by side is one pass.
    peeled = brackets.translate(_ONE_KIND)
    peeled += b"]" * max(0, peeled.count(b"[") - peeled.count(b"]"))
    for _ in range(_PEELS):
        peeled = peeled.replace(b"[]", b"")
    depth = deepest = 0
    for run in _RUNS.findall(peeled):
        if run[0] == 0x5B:  # [
            depth += len(run)
            deepest = max(deepest, depth)
        else:
            depth -= len(run)
    return deepest > 0 and deepest + _PEELS > MAX_DEPTH


# --- a deal --------------------------------------------------------------------------


def _declarations(
    reader: Reader, value: JSON, where: str = "declarations"
) -> ByTeam[Declarations] | None:
    """Both teams' counts, accepted (``declarations``) or announced (``announced``)."""
    teams = reader.fields(value, where, (), ("us", "them"))
    if teams is None:
        return None
    parsed: dict[Team, Declarations] = {}
    for team in Team:
        name = f"{where}.{team}"
        counts = reader.fields(teams.get(team.value, {}), name, (), _KINDS)
        if counts is None:
            continue
        good: dict[str, int] = {}
        for kind in _KINDS:
            if kind not in counts:
                continue
            count = reader.integer(counts[kind], f"{name}.{kind}")
            if count is None:
                continue
            if count < 0:
                reader.fail("negative_count", f"{name}.{kind}", value=count)
            else:
                good[kind] = count
        parsed[team] = Declarations(**good)
    if len(parsed) < 2:
        return None
    return ByTeam(us=parsed[Team.US], them=parsed[Team.THEM])


def _higher(reader: Reader, value: JSON) -> Higher | None:
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
            reader.fail("wrong_type", where, expected="string", value=show(raw))
        elif raw not in choices:
            reader.fail("invalid_choice", where, value=echo(raw), choices=choices)
        else:
            good[question.value] = Answer(raw)
    return Higher(**good) if len(reader.errors) == before else None


def _names(reader: Reader, value: JSON) -> Names | None:
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
            reader.fail("wrong_type", f"names.{team}", expected="string", value=show(name))
            continue
        try:
            good[team.value] = Names(**{team.value: name})[team]
        except BelotError as error:
            error.field = reader.path(error.field)
            reader.add(error)
    return Names(**good) if len(reader.errors) == before else None


def _rules(reader: Reader, value: JSON) -> Rules | None:
    """The house rules switched on: ``{"<id>": true, ...}``; null or false = off."""
    if value is None:
        return DEFAULT_RULES
    if not isinstance(value, dict):
        reader.fail("wrong_type", "rules", expected="object", value=show(value))
        return None
    before = len(reader.errors)
    chosen: list[str] = []
    for option, on in value.items():
        where = f"rules.{echo(option)}"
        if option not in HOUSE_RULES:
            reader.fail("unknown_rule", where, value=echo(option), choices=HOUSE_RULES)
        elif not isinstance(on, bool):
            reader.fail("wrong_type", where, expected="boolean", value=show(on))
        elif on:
            chosen.append(option)
    return Rules.from_ids(chosen) if len(reader.errors) == before else None


def request_names(data: JSON) -> Names | None:
    """The names of a request, if it gives valid ones (for the words of its errors)."""
    if not isinstance(data, dict) or "names" not in data:
        return None
    return _names(Reader(), data["names"])


def _pile(reader: Reader, value: JSON, contract: Contract | None) -> Pile | None:
    """The counted pile: ``{"team": ..., "points": ...}``, or instead of its points
    its cards, ``{"team": ..., "cards": ["JH", ...], "tricks": ...}`` (``tricks``
    optional), counted in ``contract`` (None: not known, so not counted)."""
    pile = reader.fields(value, "cards", ("team",), _PILE_FIELDS)
    if pile is None:
        return None
    team = reader.choice(pile["team"], "cards.team", Team) if "team" in pile else None
    tricks = pile.get("tricks")
    if "cards" not in pile:
        if "points" not in pile:
            reader.fail("missing_field", "cards.points", name="cards.points")
        if tricks is not None:
            reader.fail("tricks_without_cards", "cards.tricks")
        points = reader.integer(pile["points"], "cards.points") if "points" in pile else None
        return None if team is None or points is None else Pile(team=team, points=points)
    if "points" in pile:
        # Either the points typed, or the cards they are counted from -- never both.
        reader.fail("points_and_cards", "cards")
    cards = _cards(reader, pile["cards"])
    count = None if tricks is None else reader.integer(tricks, "cards.tricks")
    if team is None or cards is None or contract is None or "points" in pile:
        return None
    if tricks is not None and count is None:
        return None
    return Pile(team=team, points=contract.points_of(cards), cards=cards, tricks=count)


def _cards(reader: Reader, value: JSON) -> frozenset[Card] | None:
    """A pile's cards (``["JH", "10S", ...]``), each once; None (with errors) if not."""
    where = "cards.cards"
    if not isinstance(value, list):
        reader.fail("wrong_type", where, expected="array", value=show(value))
        return None
    if len(value) > len(DECK):
        # Counted, not read: a list longer than the deck has a card twice or a non-card.
        reader.fail("too_many_cards", where, count=len(value), max=len(DECK))
        return None
    before = len(reader.errors)
    first: dict[Card, int] = {}
    for index, item in enumerate(value):
        at = f"{where}[{index}]"
        if not isinstance(item, str):
            reader.fail("wrong_type", at, expected="string", value=show(item))
            continue
        try:
            card = Card.parse(item)
        except InvalidInputError:
            reader.fail("unknown_card", at, value=echo(item))
            continue
        if card in first:
            reader.fail("card_twice", at, card=card.code, first=first[card])
        else:
            first[card] = index
    return frozenset(first) if len(reader.errors) == before else None


def _announced(reader: Reader, fields: dict[str, JSON]) -> Announced | None:
    """What the teams announced, with the cards' answers (None: not given, or bad)."""
    answers = fields.get("higher")
    if fields.get("announced") is None:
        if answers is not None:
            _higher(reader, answers)  # checked, then ignored: no question arises
        return None
    if "declarations" in fields:
        # Either what was accepted, or what was announced -- never both.
        reader.fail("declarations_and_announced", "announced")
    by_team = _declarations(reader, fields["announced"], "announced")
    higher = _higher(reader, {} if answers is None else answers)
    if by_team is None or higher is None:
        return None
    return Announced(declarations=by_team, higher=higher)


def _deal(
    reader: Reader, data: JSON, *, in_game: bool, rules: Rules = DEFAULT_RULES
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
        check_version(reader, fields["version"])
    if "rules" in fields and (not in_game or fields["rules"] is not None):
        rules = _rules(reader, fields["rules"]) or DEFAULT_RULES
    values: dict[str, Any] = {
        name: reader.choice(fields[name], name, kind) if name in fields else None
        for name, kind in (("contract", Contract), ("bidder", Team))
    }
    values["doubling"] = reader.choice(fields.get("doubling", "none"), "doubling", Doubling)
    values["last_trick"] = (
        reader.choice(fields["last_trick"], "last_trick", Team) if "last_trick" in fields else None
    )
    capot = fields.get("capot")
    values["capot"] = None if capot is None else reader.choice(capot, "capot", Team)
    if "cards" in fields:
        values["pile"] = _pile(reader, fields["cards"], values["contract"])
    else:
        values["pile"] = None
    values["declarations"] = _declarations(reader, fields.get("declarations", {}))
    values["announced"] = announced = _announced(reader, fields)
    if "names" in fields and fields["names"] is not None:
        _names(reader, fields["names"])
    values["hanging_in"] = reader.integer(fields.get("hanging_in", 0), "hanging_in")
    values["rules"] = rules
    if len(reader.errors) > before:
        if announced is not None and "declarations" not in fields:
            # Ask the cards' questions now, with the other problems, so a form can
            # show the question as soon as it arises.
            for error in open_questions(announced, contests_for(rules)):
                error.field = reader.path(error.field)
                reader.add(error)
        return None
    # Every field is well formed: now the ranges and the rules, all at once.
    try:
        return Deal(**values)  # checks itself: a good deal is checked once, not twice
    except BelotError:
        for problem in deal_problems(**values):
            problem.field = reader.path(problem.field)
            reader.add(problem)
        return None


def deal_from_dict(data: JSON) -> Deal:
    """A :class:`Deal` from its JSON value; raises the first problem."""
    reader = Reader()
    try:
        deal = _deal(reader, data, in_game=False)
    except Full:
        deal = None
    if reader.errors:
        raise reader.errors[0]
    assert deal is not None
    return deal


def read_deal_request(data: JSON) -> tuple[Deal, Names | None]:
    """A deal request's deal and the names it gives (None: the default words);
    raises :class:`Invalid` with every problem."""
    reader = Reader()
    names = request_names(data)
    try:
        deal = _deal(reader, data, in_game=False)
    except Full:
        raise Invalid(more(reader.errors), names) from None
    if deal is None:
        raise Invalid(reader.errors, names)
    return deal, names


# --- a game --------------------------------------------------------------------------


def game_from_dict(data: JSON) -> GameSheet:
    """A :class:`GameSheet` from its JSON value; raises the first problem."""
    errors: list[BelotError] = []
    try:
        sheet = _game(data, errors)
    except Full:
        sheet = None
    if errors:
        raise errors[0]
    assert sheet is not None
    return sheet


#: A game's optional fields: the teams' names, its house rules, the table around it,
#: and which game it is (:mod:`belot_core.identity`: checked and carried, never scored).
_GAME_FIELDS = ("names", "rules", "seats", "dealer", "match", "note", *IDENTITY_FIELDS)


def _game(data: JSON, errors: list[BelotError], options: tuple[str, ...] = ()) -> GameSheet | None:
    """The game sheet of a JSON value, or None; its problems go to ``errors``.
    ``options`` are the request's fields that are not the game's (read elsewhere)."""
    reader = Reader(errors=errors)
    fields = reader.fields(data, "", ("version", "deals"), (*_GAME_FIELDS, *options))
    if fields is None:
        return None
    if "version" in fields:
        check_version(reader, fields["version"])
    names: Names | None = Names()
    if fields.get("names") is not None:
        names = _names(reader, fields["names"])
    rules: Rules | None = DEFAULT_RULES
    if "rules" in fields:
        rules = _rules(reader, fields["rules"])
    table = _table(reader, fields)
    if fields.get("id") is not None:
        _kept(reader, partial(check_game_id, fields["id"]))
    if fields.get("played") is not None:
        _kept(reader, partial(check_played, fields["played"]))
    deals: list[Deal | Passed] = []
    own: list[Rules | None] = []  # the rules a deal gives itself (None: the game's)
    if "deals" in fields:
        if not isinstance(fields["deals"], list):
            reader.fail("wrong_type", "deals", expected="array", value=show(fields["deals"]))
        elif len(fields["deals"]) > MAX_DEALS:
            # Counted, not read: a game over the cap costs no more than its length.
            reader.fail("too_many_deals", "deals", deals=len(fields["deals"]), max=MAX_DEALS)
        else:
            deals, own = _game_deals(fields["deals"], rules, errors)
    if errors or names is None or rules is None or table is None:
        return None
    try:
        return GameSheet(tuple(deals), names=names, rules=rules, deal_rules=tuple(own), **table)
    except BelotError as error:
        errors.append(error)
        return None


def _game_deals(
    items: list[JSON], rules: Rules | None, errors: list[BelotError]
) -> tuple[list[Deal | Passed], list[Rules | None]]:
    """A game's deals, and the rules each gives itself (None: the game's ``rules``;
    None there: the game's rules are bad, the deals are read by the rule book)."""
    deals: list[Deal | Passed] = []
    own: list[Rules | None] = []
    for index, item in enumerate(items):
        if isinstance(item, dict) and "passed" in item:
            deal_reader = Reader(f"deals[{index}].", errors)
            before = len(errors)
            extra = deal_reader.fields(item, "", ("passed",), ())
            if extra is not None and item["passed"] is not True:
                deal_reader.fail(
                    "wrong_type", "passed", expected="boolean", value=show(item["passed"])
                )
            if len(errors) == before:
                deals.append(Passed())
                own.append(None)
            continue
        deal = None if rules is None else _game_deal(json.dumps(item), rules)
        if deal is None:  # read it again, for its problems
            deal_reader = Reader(f"deals[{index}].", errors)
            deal = _deal(deal_reader, item, in_game=True, rules=rules or DEFAULT_RULES)
        if deal is not None:
            deals.append(deal)
            own.append(deal.rules if item.get("rules") is not None else None)
    return deals, own


# --- the table around a game: seats, the dealer, a match, a note -----------------------


def _table(reader: Reader, fields: dict[str, JSON]) -> dict[str, Any] | None:
    """The game's ``seats``, ``dealer``, ``match`` and ``note`` as the sheet takes them
    (each absent or null: none), or None (with the errors)."""
    before = len(reader.errors)
    table: dict[str, Any] = {}
    if fields.get("seats") is not None:
        table["seats"] = _seats(reader, fields["seats"])
    if fields.get("dealer") is not None:
        dealer = reader.integer(fields["dealer"], "dealer")
        table["dealer"] = (
            None if dealer is None else _kept(reader, partial(check_seat, dealer, "dealer"))
        )
    if fields.get("match") is not None:
        table["match"] = _match(reader, fields["match"])
    note = fields.get("note")
    if isinstance(note, str):
        table["note"] = _kept(reader, partial(clean_note, note))
    elif note is not None:
        reader.fail("wrong_type", "note", expected="string", value=show(note))
    return table if len(reader.errors) == before else None


def _kept[T](reader: Reader, make: Callable[[], T]) -> T | None:
    """What ``make()`` makes, or None with the error it raised kept in ``reader``."""
    try:
        return make()
    except BelotError as error:
        error.field = reader.path(error.field)
        reader.add(error)
        return None


def _seats(reader: Reader, value: JSON) -> Seats | None:
    """The players' names: ``{"us": [name, name], "them": [name, name]}``; a missing
    or null team, or a null name, is not named."""
    teams = reader.fields(value, "seats", (), ("us", "them"))
    if teams is None:
        return None
    before = len(reader.errors)
    pairs: dict[str, tuple[str, str]] = {}
    for team in Team:
        pair, where = teams.get(team.value), f"seats.{team}"
        if pair is None:
            continue
        if not isinstance(pair, list):
            reader.fail("wrong_type", where, expected="array", value=show(pair))
        elif len(pair) != 2:
            reader.fail("two_players", where, count=len(pair))
        else:
            names = ["" if name is None else name for name in pair]
            for index, name in enumerate(names):
                if not isinstance(name, str):
                    reader.fail(
                        "wrong_type", f"{where}[{index}]", expected="string", value=show(name)
                    )
                else:
                    names[index] = (
                        _kept(reader, partial(clean_name, name, f"{where}[{index}]")) or ""
                    )
            pairs[team.value] = (names[0], names[1])
    if len(reader.errors) > before:
        return None
    return _kept(reader, partial(Seats, **pairs))


def _match(reader: Reader, value: JSON) -> Match | None:
    """The match a game is part of: ``{"id": "<made up>", "to": 1..4}``."""
    fields = reader.fields(value, "match", ("id", "to"), ())
    if fields is None:
        return None
    match_id = fields.get("id")
    to = reader.integer(fields["to"], "match.to") if "to" in fields else None
    if "id" in fields and not isinstance(match_id, str):
        reader.fail("wrong_type", "match.id", expected="string", value=show(match_id))
    if not isinstance(match_id, str) or to is None:
        return None
    return _kept(reader, partial(Match, id=match_id, to=to))


def read_game(data: JSON, errors: list[BelotError], prefix: str = "") -> GameSheet | None:
    """The game sheet of a JSON value, or None; its problems go to ``errors``, each
    field with ``prefix`` before it (``"games[3].game."``: a game among others).
    Raises :class:`Full` when ``errors`` reach MAX_ERRORS."""
    found: list[BelotError] = []
    try:
        sheet = _game(data, found)
    except Full:
        sheet = None
    reader = Reader(errors=errors)
    for error in found:
        error.field = f"{prefix}{error.field}" if error.field else prefix.rstrip(".")
        reader.add(error)
    if len(found) >= MAX_ERRORS:  # the game's own reader stopped: there are more
        raise Full(errors)
    return None if found else sheet


@memoized
def _game_deal(item: str, rules: Rules) -> Deal | None:
    """A deal of a game from its JSON text, scored by the game's ``rules``; None if
    it has a problem (then read again by the caller, for the problems and where)."""
    try:
        return _deal(Reader(), json.loads(item), in_game=True, rules=rules)
    except Full:  # more problems than one answer reports
        return None


def read_explain(reader: Reader, value: JSON, count: int | None) -> frozenset[int] | None:
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
        reader.fail("wrong_type", "explain", expected="string_or_array", value=show(value))
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


def read_game_request(
    data: JSON, *, explain: bool = True
) -> tuple[GameSheet, frozenset[int] | None]:
    """A game request's sheet and the rows to explain (None: all); raises
    :class:`Invalid` with every problem. Without ``explain`` the request is the
    game alone: an ``explain`` field is unknown there."""
    errors: list[BelotError] = []
    rows: frozenset[int] | None = None
    try:
        sheet = _game(data, errors, ("explain",) if explain else ())
        if explain and isinstance(data, dict) and "explain" in data:
            deals = data.get("deals")
            count = len(deals) if isinstance(deals, list) else None
            rows = read_explain(Reader(errors=errors), data["explain"], count)
    except Full:
        raise Invalid(more(errors), request_names(data)) from None
    if sheet is None or errors:
        raise Invalid(errors, request_names(data))
    return sheet, rows
