"""Writing the JSON contract: the core's values into an answer's text.

The other half of :mod:`belot_core.json_read` (that module says why the two are
apart): a deal, a result, a game's rows and errors become JSON values here, in
the one form every answer has, and :func:`answer` is the boundary every
function of the contract goes through -- text in, ``{"ok": true, "result":
...}`` or ``{"ok": false, "errors": [...]}`` out, never an exception.

A long game's answer is written from its rows' texts: each row is written
once (:func:`_row_text` keeps it in a bounded memo, :mod:`belot_core.memo`) and
the rows are joined as they are (:class:`Written`), which is the same text
``json.dumps`` gives for the whole answer at once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping

from .cards import in_deck_order
from .errors import MAX_SHOWN, BelotError, Param, echo
from .house import DEFAULT_RULES, Rules
from .i18n import message, render
from .json_read import JSON, MAX_INPUT_CHARS, VERSION, Full, Invalid, more, parse
from .memo import memoized
from .model import ByTeam, Deal, Declarations, Higher, Names, Pile, Question, Team
from .rules import DealResult, Step
from .sheet import GameSheet, GameStatus, Passed, Row

__all__ = [
    "SEPARATORS",
    "Written",
    "answer",
    "deal_to_dict",
    "error_json",
    "game_result",
    "game_result_text",
    "game_to_dict",
    "result_to_dict",
    "rules_json",
    "written",
]


class Written(str):
    """A JSON value already written as text, put into an answer as it is: a long
    game's rows are written once each (:func:`_row_text`), then joined."""


SEPARATORS = (",", ":")
"""Between items and after keys: nothing more. The answers are read by programs, and a
long game's answer is a seventh shorter without the spaces ``json.dumps`` puts there."""

_write = json.JSONEncoder(ensure_ascii=False, separators=SEPARATORS).encode
"""JSON text as ``json.dumps(value, ensure_ascii=False, separators=SEPARATORS)`` writes
it (the answers' form)."""


def written(fields: Mapping[str, JSON | Written]) -> Written:
    """An object as JSON text, its :class:`Written` values put in as they are:
    the same text ``_write`` gives for the object the parts stand for."""
    items = (
        f"{_write(key)}:{value if isinstance(value, Written) else _write(value)}"
        for key, value in fields.items()
    )
    return Written("{" + ",".join(items) + "}")


def answer(
    work: Callable[[JSON], dict[str, JSON] | Written],
    text: object,
    limit: int = MAX_INPUT_CHARS,
) -> str:
    """Parse, work, and answer -- with errors, never an exception.

    ``work`` takes the request's JSON value and gives the ``result``; it raises
    :class:`~belot_core.json_read.Invalid` (every problem),
    :class:`~belot_core.json_read.Full` (a reader stopped at ``MAX_ERRORS``) or a
    :class:`~belot_core.errors.BelotError` (one) for a request it refuses. A text
    longer than ``limit`` characters is not read (``input_too_large``).
    """
    try:
        result = work(parse(text, limit))
        if isinstance(result, Written):
            return written({"ok": True, "result": result})
        reply = {"ok": True, "result": result}
    except Invalid as invalid:
        reply = {
            "ok": False,
            "errors": [error_json(error, invalid.names) for error in invalid.errors],
        }
    except Full as full:  # a reader of the request stopped at MAX_ERRORS
        reply = {"ok": False, "errors": [error_json(error) for error in more(full.errors)]}
    except BelotError as error:
        reply = {"ok": False, "errors": [error_json(error)]}
    return _write(reply)


# --- errors and steps ------------------------------------------------------------------


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


def error_json(error: BelotError, names: Names | None = None) -> dict[str, JSON]:
    """An error as an answer lists it: ``code``, ``field``, ``params``, ``message`` in
    every language (with the teams' ``names``), and the ``game`` (among a book's) and
    ``deal`` indices if it has them."""
    params = {key: _shown(value) for key, value in error.params.items()}
    if params != dict(error.params):
        error = type(error)(error.code, error.field, **params)
    data: dict[str, JSON] = {
        "code": error.code,
        "field": error.field,
        "params": _json_params(error.params),
        "message": message(error, names),
    }
    field = error.field
    game = re.match(r"games\[(\d+)\](?:\.game\b)?\.?", field)
    if game:  # the game it is about, among a book's ("games[2].game.deals[3].cards")
        data["game"] = int(game[1])
        field = field[game.end() :]
    deal = re.match(r"deals\[(\d+)\]", field)
    if deal:  # the deal it is about ("deals[3].cards"); an unknown field "deals[" is none
        data["deal"] = int(deal[1])
    return data


# --- a deal ------------------------------------------------------------------------------


def rules_json(rules: Rules) -> dict[str, JSON]:
    """The house rules switched on, as the contract writes them."""
    return dict.fromkeys(rules.active, True)


def _teams(values: ByTeam[int]) -> dict[str, int]:
    return {"us": values.us, "them": values.them}


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


def _pile(pile: Pile) -> dict[str, JSON]:
    """A pile as it was entered: its points, or its cards (in the deck's order) and
    the tricks if given."""
    if pile.cards is None:
        return {"team": str(pile.team), "points": pile.points}
    data: dict[str, JSON] = {
        "team": str(pile.team),
        "cards": [card.code for card in in_deck_order(pile.cards)],
    }
    if pile.tricks is not None:
        data["tricks"] = pile.tricks
    return data


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
        "cards": _pile(deal.pile),
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
            data["rules"] = rules_json(deal.rules)
        data["hanging_in"] = deal.hanging_in
    else:
        del data["version"]
    return data


def result_to_dict(result: DealResult, names: Names | None = None) -> dict[str, JSON]:
    """The JSON value of a deal's result; messages name the teams by ``names``."""
    data = _result_fields(result)
    data["explanation"] = [_step(step, names) for step in result.steps]
    return data


def _result_fields(result: DealResult) -> dict[str, JSON]:
    """:func:`result_to_dict` without the explanation."""
    data: dict[str, JSON] = {
        "raw": _teams(result.raw),
        "outcome": str(result.outcome),
        "record": _teams(result.record),
        "hanging_out": result.hanging_out,
        "accepted": _counts(result.accepted),
        "questions": _answers(result.questions),
        "rules": rules_json(result.rules),
        "applied_rules": list(result.applied),
    }
    if result.counted is not None:
        # The points counted from the pile's cards (only then: a typed pile's are the request's).
        pile = result.counted
        data["pile"] = {
            "team": str(pile.team),
            "cards": len(pile.cards or ()),
            "points": pile.points,
        }
    return data


# --- a game ------------------------------------------------------------------------------


def game_to_dict(sheet: GameSheet) -> dict[str, JSON]:
    """The JSON value of a game sheet's deals, as :func:`score_game_json` reads them.

    A deal that keeps rules of its own (``deal_rules``) carries them as ``rules``
    (``{}``: the rule book); the others take the game's.
    """
    data: dict[str, JSON] = {"version": VERSION}
    if sheet.names != Names():
        data["names"] = {"us": sheet.names.us, "them": sheet.names.them}
    if sheet.rules != DEFAULT_RULES:
        data["rules"] = rules_json(sheet.rules)
    data["deals"] = [
        {"passed": True} if isinstance(entry, Passed) else deal_to_dict(entry, in_game=True)
        for entry in sheet.deals
    ]
    for entry, own in zip(data["deals"], sheet.deal_rules, strict=True):
        if own is not None:
            entry["rules"] = rules_json(own)
    data.update(_table(sheet))
    return data


def _table(sheet: GameSheet) -> dict[str, JSON]:
    """The table around a game, as far as it is known: the seats when a player is
    named, the first dealer when chosen, the match, the note when written."""
    table: dict[str, JSON] = {}
    if sheet.seats:
        table["seats"] = {"us": list(sheet.seats.us), "them": list(sheet.seats.them)}
    if sheet.dealer is not None:
        table["dealer"] = sheet.dealer
    if sheet.match is not None:
        table["match"] = {"id": sheet.match.id, "to": sheet.match.to}
    if sheet.note:
        table["note"] = sheet.note
    return table


@memoized
def _result_json(result: DealResult, names: Names, explained: bool) -> dict[str, JSON]:
    """A played row's fields from its deal's result: :func:`result_to_dict`'s, kept
    small -- without what the game request says already (the deal's ``rules``
    and the ``questions`` its answers answered), ``applied_rules`` only when a
    house rule changed a number, the explanation only if ``explained`` -- and
    ``collected``, the hanging points carried in that the deal's winner took.
    Memoized: the value is shared, so it is copied into each row and never changed."""
    # A row not explained has no explanation: its steps are not worded for nothing.
    data = _result_fields(result)
    del data["rules"], data["questions"]
    if not data["applied_rules"]:
        del data["applied_rules"]
    if (collected := result.collected) is not None:
        data["collected"] = {"team": str(collected[0]), "points": collected[1]}
    if explained:
        data["explanation"] = [_step(step, names) for step in result.steps]
    return data


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
    """A row of the sheet as the answer has it: ``status`` (its code: the words are
    in the widget's core tables, and the game's own ``status`` has them) only when
    the game does not simply go on, ``dealer`` when the sheet knows it."""
    data: dict[str, JSON] = {
        "passed": row.result is None,
        "record": _teams(row.record),
        "hanging": row.hanging,
        "totals": _teams(row.totals),
    }
    if row.status is not GameStatus.PLAYING:
        data["status"] = _ROW_STATUS[row.status]
    if row.dealer is not None:
        data["dealer"] = row.dealer
    if row.result is not None:
        assert isinstance(row.entry, Deal)
        data["capot"] = None if row.entry.capot is None else str(row.entry.capot)
        data["doubling"] = str(row.entry.doubling)
        data.update(_result_json(row.result, names, explained))
    elif explained:
        data["explanation"] = _passed_explanation(row.hanging, names)
    return data


#: A row's status: its code alone (shared: never changed).
_ROW_STATUS: dict[GameStatus, JSON] = {
    status: {"code": f"status_{status}"} for status in GameStatus
}


@memoized
def _row_text(row: Row, names: Names, explained: bool) -> Written:
    """A row of the sheet written as JSON text. Memoized: one more deal on a long
    sheet writes one row; the rows before it, unchanged, are joined as they were."""
    return Written(_write(_row(row, names, explained)))


def _game_result(sheet: GameSheet, rows: JSON | Written) -> dict[str, JSON]:
    return {
        "rules": rules_json(sheet.rules),
        "rows": rows,
        "totals": _teams(sheet.totals),
        "hanging": sheet.hanging,
        "winner": None if sheet.winner is None else str(sheet.winner),
        "finished": sheet.finished,
        "status": _status(sheet.status, sheet.totals, sheet.names),
        "unclaimed": sheet.hanging if sheet.finished else 0,
        "next_dealer": sheet.next_dealer,
    }


def _row_args(sheet: GameSheet, explain: frozenset[int] | None) -> list[tuple[Row, Names, bool]]:
    """Each row's arguments of :func:`_row`: the row, the names, and whether it is
    explained (its index in ``explain``; None: every row)."""
    return [(row, sheet.names, explain is None or i in explain) for i, row in enumerate(sheet.rows)]


def game_result(sheet: GameSheet, explain: frozenset[int] | None = None) -> dict[str, JSON]:
    """What ``score_game_json`` answers for a sheet, as a value: every row, each with
    its explanation if its index is in ``explain`` (None: every row)."""
    return _game_result(sheet, [_row(*args) for args in _row_args(sheet, explain)])


def game_result_text(sheet: GameSheet, explain: frozenset[int] | None = None) -> Written:
    """:func:`game_result` written as JSON text, each row taken from :func:`_row_text`."""
    texts = [_row_text(*args) for args in _row_args(sheet, explain)]
    return written(_game_result(sheet, Written("[" + ",".join(texts) + "]")))
