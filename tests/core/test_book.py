"""belot_core.book: the games on a device read at once, every problem reported, bounded."""

from __future__ import annotations

import json
from typing import Any

import pytest

from belot_core.book import MAX_BOOK_CHARS, MAX_GAMES, Book, read_book, read_date
from belot_core.errors import InvalidInputError
from belot_core.json_read import MAX_ERRORS, MAX_INPUT_CHARS, Invalid
from belot_core.stats import statistics_json

PASSED = {"version": 1, "deals": [{"passed": True}]}


def problems(data: Any, **options: bool) -> list[tuple[str, str]]:
    with pytest.raises(Invalid) as refused:
        read_book(data, **options)
    return [(error.code, error.field) for error in refused.value.errors]


def test_a_book_of_games() -> None:
    book = read_book(
        {
            "version": 1,
            "games": [
                {"date": "2026-05-14T21:30:00.000Z", "game": PASSED},
                {"game": {**PASSED, "note": " Вила "}},
            ],
        }
    )
    assert [(game.date, len(game.sheet.deals)) for game in book.games] == [
        ("2026-05-14", 1),
        (None, 1),
    ]
    assert book.games[1].sheet.note == "Вила"


@pytest.mark.parametrize(
    ("value", "day"),
    [
        ("2026-05-14", "2026-05-14"),
        ("2026-05-14T23:59:59+03:00", "2026-05-14"),
        ("2024-02-29", "2024-02-29"),
    ],
)
def test_a_date_is_its_day_as_written(value: str, day: str) -> None:
    assert read_date(value, "date") == day


@pytest.mark.parametrize(
    "value", ["2026-02-30", "14.05.2026", "2026-5-14", "2026-05-14 20:00", "", "２０２６-05-14"]
)
def test_a_date_that_is_no_day_is_refused(value: str) -> None:
    with pytest.raises(InvalidInputError) as refused:
        read_date(value, "games[0].date")
    assert (refused.value.code, refused.value.field) == ("invalid_date", "games[0].date")


def test_every_problem_of_a_book_at_once() -> None:
    data = {
        "version": 2,
        "games": [
            {"date": "2026-13-01", "game": PASSED},
            {"game": {**PASSED, "dealer": 5}, "id": "g-1"},
            "a game",
            {"date": "2026-05-14"},
        ],
        "from": "2026-06-01",
        "to": "2026-05-01",
    }
    assert problems(data, ranged=True) == [
        ("unsupported_version", "version"),
        ("date_range_reversed", "to"),
        ("invalid_date", "games[0].date"),
        ("unknown_field", "games[1].id"),
        ("missing_field", "games[1].date"),
        ("seat_out_of_range", "games[1].game.dealer"),
        ("wrong_type", "games[2]"),
        ("missing_field", "games[3].game"),
    ]
    assert problems({"version": 1, "games": [], "from": None}) == [("unknown_field", "from")]
    assert problems({"version": 1}) == [("missing_field", "games")]
    assert problems({"version": 1, "games": {}}) == [("wrong_type", "games")]


def test_a_book_is_bounded() -> None:
    assert problems({"version": 1, "games": [PASSED] * (MAX_GAMES + 1)}) == [
        ("too_many_games", "games")
    ]
    # Reading stops at MAX_ERRORS problems, however many games have them.
    flood = {"version": 1, "games": [{"game": {"version": 1, "deals": [{}] * 30}}] * 10}
    found = problems(flood)
    assert len(found) == MAX_ERRORS + 1 and found[-1] == ("too_many_errors", "")
    # A book may be longer than one game's request, up to MAX_BOOK_CHARS.
    games = [{"date": "2026-05-14", "game": PASSED}] * MAX_GAMES
    text = json.dumps({"version": 1, "games": games, "note": "x" * (MAX_INPUT_CHARS + 1)})
    assert MAX_INPUT_CHARS < len(text) < MAX_BOOK_CHARS
    [unknown] = json.loads(statistics_json(text))["errors"]  # read, not refused by length
    assert unknown["code"] == "unknown_field"
    [large] = json.loads(statistics_json(" " * (MAX_BOOK_CHARS + 1)))["errors"]
    assert large["code"] == "input_too_large" and large["params"]["max"] == MAX_BOOK_CHARS


def test_the_range_chooses_the_games_of_its_days() -> None:
    days = ["2026-05-01", "2026-05-14", None, "2026-06-02"]
    games = tuple(read_book({"version": 1, "games": [{"game": PASSED}] * 4}).games)
    dated = tuple(
        type(game)(date=day, sheet=game.sheet) for game, day in zip(games, days, strict=True)
    )
    assert Book(games=dated).in_range() == (0, 1, 2, 3)
    assert Book(games=dated, start="2026-05-14").in_range() == (1, 3)
    assert Book(games=dated, end="2026-05-14").in_range() == (0, 1)
    assert Book(games=dated, start="2026-05-02", end="2026-06-01").in_range() == (1,)
