"""The games kept on a device, as the core reads them all at once: a game book.

The statistics (:mod:`belot_core.stats`) and the matches' scores
(:mod:`belot_core.matches`) are worked out from every game a device keeps, sent
in one request::

    {"version": 1, "games": [{"date": "2026-05-14", "game": {<a game>}}, ...]}

Each game is in the format :func:`~belot_core.json_api.score_game_json` reads
(the table around it included: seats, dealer, match, note) and is read and
scored as that function would: the core believes no number the device sends,
only the deals. ``date`` is the day the game was played, ``YYYY-MM-DD`` or an
ISO 8601 date and time of which the day is taken as written (so a device that
wants its own days sends its local date); it is needed where a date range is
asked for (:func:`read_book`).

A problem of a game is reported with its field under ``games[i].game.`` (and
the answer's error carries ``"game": i``); every problem is reported at once,
up to MAX_ERRORS. What is read stays bounded: a request of at most
:data:`MAX_BOOK_CHARS` characters (a book is larger than one game: the
statistics of a year of evenings), at most :data:`MAX_GAMES` games, counted
before any is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date as Date

from .errors import BelotError, InvalidInputError, echo
from .json_read import JSON, Full, Invalid, Reader, check_version, more, read_game, show
from .sheet import GameSheet

__all__ = [
    "MAX_BOOK_CHARS",
    "MAX_GAMES",
    "Book",
    "SavedGame",
    "read_book",
    "read_date",
]

MAX_GAMES = 1_000
"""The most games a book request holds: three games an evening, every evening,
for most of a year. A device that keeps more sends the games of the range it asks about."""

MAX_BOOK_CHARS = 4_000_000
"""The longest book request read, in characters: :data:`MAX_GAMES` games of some
15 deals as the widget stores them (every field written: about 175 characters a
deal, 2.4 million in all), with room for longer games. It bounds the work as
:data:`~belot_core.json_read.MAX_INPUT_CHARS` bounds a game's: reading and
scoring every deal, some 25,000 at most (bench/book_stats.py measures it)."""

#: A day as ISO 8601 writes it, and maybe the time after it.
_DAY = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})(?:T.*)?", re.DOTALL)


@dataclass(frozen=True, slots=True, kw_only=True)
class SavedGame:
    """One game of a book: the day it was played (None: not given) and the game."""

    date: str | None
    """``YYYY-MM-DD``."""
    sheet: GameSheet


@dataclass(frozen=True, slots=True, kw_only=True)
class Book:
    """The games of a book request, in the order sent, and the range asked for."""

    games: tuple[SavedGame, ...]
    start: str | None = None
    """The first day of the range (``from``), None: from the first game."""
    end: str | None = None
    """The last day of the range (``to``), None: up to the last game."""

    def in_range(self) -> tuple[int, ...]:
        """The indices of the games played within the range (every game without one)."""
        return tuple(
            index
            for index, game in enumerate(self.games)
            if (self.start is None or (game.date is not None and game.date >= self.start))
            and (self.end is None or (game.date is not None and game.date <= self.end))
        )


def read_date(value: object, where: str) -> str:
    """The day ``value`` says (``YYYY-MM-DD``, or an ISO date and time: its day);
    ``wrong_type`` or ``invalid_date`` at ``where`` if it says none."""
    if not isinstance(value, str):
        raise InvalidInputError("wrong_type", where, expected="string", value=show(value))
    day = _DAY.fullmatch(value)
    try:
        if day is None:
            raise ValueError(value)
        Date.fromisoformat(day[1])  # a real day: no 2026-02-30
    except ValueError:
        raise InvalidInputError("invalid_date", where, value=echo(value)) from None
    return day[1]


def read_book(data: JSON, *, dated: bool = False, ranged: bool = False) -> Book:
    """The games of a book request; raises :class:`~belot_core.json_read.Invalid`
    with every problem. ``dated``: every game needs its ``date``; ``ranged``: the
    request may give ``from`` and ``to`` (days, null or absent: open), and then
    every game needs its date."""
    errors: list[BelotError] = []
    try:
        book = _book(data, errors, dated=dated or ranged, ranged=ranged)
    except Full:
        raise Invalid(more(errors)) from None
    if book is None or errors:
        raise Invalid(errors)
    return book


def _book(data: JSON, errors: list[BelotError], *, dated: bool, ranged: bool) -> Book | None:
    reader = Reader(errors=errors)
    fields = reader.fields(data, "", ("version", "games"), ("from", "to") if ranged else ())
    if fields is None:
        return None
    if "version" in fields:
        check_version(reader, fields["version"])
    start, end = (_day(reader, fields.get(name), name) for name in ("from", "to"))
    if start is not None and end is not None and start > end:
        reader.fail("date_range_reversed", "to", start=start, end=end)
    items = fields.get("games")
    if "games" not in fields:
        return None
    if not isinstance(items, list):
        reader.fail("wrong_type", "games", expected="array", value=show(items))
        return None
    if len(items) > MAX_GAMES:  # counted, not read
        reader.fail("too_many_games", "games", games=len(items), max=MAX_GAMES)
        return None
    games = [_saved(reader, item, index, dated) for index, item in enumerate(items)]
    if errors:
        return None
    return Book(games=tuple(game for game in games if game is not None), start=start, end=end)


def _day(reader: Reader, value: JSON, where: str) -> str | None:
    if value is None:
        return None
    try:
        return read_date(value, where)
    except BelotError as error:
        reader.add(error)
        return None


def _saved(reader: Reader, item: JSON, index: int, dated: bool) -> SavedGame | None:
    """One game of the book: ``{"date": ..., "game": {...}}``."""
    where = f"games[{index}]"
    fields = reader.fields(item, where, ("game", "date") if dated else ("game",), ("date",))
    if fields is None:
        return None
    day = _day(reader, fields.get("date"), f"{where}.date")
    if "game" not in fields:
        return None
    sheet = read_game(fields["game"], reader.errors, f"{where}.game.")
    return None if sheet is None else SavedGame(date=day, sheet=sheet)
