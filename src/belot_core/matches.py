"""Matches: a series of games won by the first team to win 1, 2, 3 or 4 of them.

A game in a match carries the match (:class:`~belot_core.table.Match`: an ``id``
the device made up and ``to``, the games a team needs); the match's games are
the games of a book with that ``id``, in the order the book lists them (the
order they were played). A match keeps the teams: "us" is the same team in each
of its games, so a won game counts for its column. A game still being played,
or left unfinished, counts for nobody.

A match ends exactly when a team has won ``to`` games: that team wins it, and a
game of the match after that one is refused (``game_after_match_end``: the next
game belongs to a new match), as is a game of the match played to another
number of wins than its first (``match_mismatch``).

:func:`match_scores` works on game sheets; :func:`match_scores_json` is the JSON
contract's function for a book of games (:mod:`belot_core.book`)::

    {"version": 1, "games": [{"game": {..., "match": {"id": "m-1", "to": 2}}}, ...]}
    → {"ok": true, "result": {"matches": [{"id": "m-1", "to": 2, "games": [0, 1],
        "won": {"us": 1, "them": 1}, "finished": false, "winner": null,
        "status": {"code": "match_playing", "params": {...}, "message": {...}}}],
        "more_matches": 0}}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from .book import MAX_BOOK_CHARS, read_book
from .errors import Param, SheetError
from .i18n import LANGUAGES, render
from .json_read import JSON
from .json_write import answer
from .model import ByTeam, Names, Team
from .sheet import GameSheet
from .table import Match

__all__ = ["MAX_MATCHES_LISTED", "MatchScore", "match_scores", "match_scores_json", "score_json"]


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchScore:
    """Where a match stands after the games played so far."""

    match: Match
    games: tuple[int, ...] = ()
    """The indices of its games among the book's, in order."""
    won: ByTeam[int] = field(default_factory=lambda: ByTeam(us=0, them=0))
    """Games won by each team."""
    winner: Team | None = None
    """The team that won the match: the first to win ``match.to`` games."""

    @property
    def finished(self) -> bool:
        """True once a team has won the match."""
        return self.winner is not None

    def after(self, index: int, game: GameSheet) -> MatchScore:
        """The score after ``game`` (the book's game ``index``), one more of this match.

        Raises :class:`~belot_core.errors.SheetError` ``game_after_match_end`` once
        the match is won, ``match_mismatch`` for a game played to another number
        of wins.
        """
        where = f"games[{index}].game.match"
        if game.match is not None and game.match.to != self.match.to:
            raise SheetError("match_mismatch", f"{where}.to", to=game.match.to, first=self.match.to)
        if self.winner is not None:
            raise SheetError("game_after_match_end", where, end=self.games[-1] + 1, index=index + 1)
        won = self.won
        if game.winner is not None:
            won = ByTeam.of(game.winner, won[game.winner] + 1, won[game.winner.other])
        # "The first team to win `to` games": the match ends exactly there.
        winner = next((team for team in Team if won[team] == self.match.to), None)
        return replace(self, games=(*self.games, index), won=won, winner=winner)


def match_scores(
    games: Sequence[GameSheet],
    indices: Sequence[int] | None = None,
    conflicts: list[SheetError] | None = None,
) -> tuple[MatchScore, ...]:
    """Each match's score, in the order of its first game among ``games`` (games
    without a match are no match's); ``indices`` are the games' indices in the
    book (default: 0, 1, ...), as the scores and errors give them. Raises
    SheetError as :meth:`MatchScore.after` -- unless ``conflicts`` is given: then
    each such error goes there, and its game counts as a game on its own."""
    scores: dict[str, MatchScore] = {}
    for index, game in zip(range(len(games)) if indices is None else indices, games, strict=True):
        if game.match is None:
            continue
        score = scores.get(game.match.id) or MatchScore(match=game.match)
        try:
            scores[game.match.id] = score.after(index, game)
        except SheetError as error:
            if conflicts is None:
                raise
            conflicts.append(error)
    return tuple(scores.values())


def conflict_json(error: SheetError, games: Sequence[int]) -> dict[str, JSON]:
    """A game that does not fit its match, as the statistics answer names it:
    ``{"code", "games": [the match's last game, the game after it], "params",
    "message"}`` (the indices are the book's)."""
    params = dict(error.params)
    return {
        "code": error.code,
        "games": list(games),
        "params": params,
        "message": {lang.value: render(error.code, params, lang.value) for lang in LANGUAGES},
    }


def score_json(score: MatchScore, names: Names | None = None) -> dict[str, JSON]:
    """A match's score as the contract writes it, with where it stands in words
    (``status``: ``match_playing`` or ``match_won``, the teams by ``names``)."""
    params: dict[str, Param] = {"us": score.won.us, "them": score.won.them}
    if score.winner is None:
        params["to"] = score.match.to
    else:
        params["winner"] = str(score.winner)
    code = "match_playing" if score.winner is None else "match_won"
    return {
        "id": score.match.id,
        "to": score.match.to,
        "games": list(score.games),
        "won": {"us": score.won.us, "them": score.won.them},
        "finished": score.finished,
        "winner": None if score.winner is None else str(score.winner),
        "status": {
            "code": code,
            "params": dict(params),
            "message": {lang.value: render(code, params, lang, names) for lang in LANGUAGES},
        },
    }


MAX_MATCHES_LISTED = 30
"""The most matches an answer lists: the last ones begun (``more_matches`` counts the
others). The sheet asks about the current game's match alone; a book of a thousand
matches, each worded in both languages, would answer half a megabyte (issue 32)."""


def _match_scores(data: JSON) -> dict[str, JSON]:
    games = [game.sheet for game in read_book(data).games]
    scores = match_scores(games)
    listed = scores[-MAX_MATCHES_LISTED:]
    # Each match in the words of its last game's names (a match keeps the teams).
    return {
        "matches": [score_json(score, games[score.games[-1]].names) for score in listed],
        "more_matches": len(scores) - len(listed),
    }


def match_scores_json(text: str) -> str:
    """Every match's score in a book of games: JSON in, JSON out. Never raises.

    ``{"version": 1, "games": [{"game": <a game>, "date"?: ...}, ...]}`` →
    ``{"ok": true, "result": {"matches": [{"id", "to", "games", "won",
    "finished", "winner", "status"}, ...], "more_matches": <count>}}`` (the last
    :data:`MAX_MATCHES_LISTED` matches begun; ``more_matches`` earlier ones not
    listed), or every problem of the book and its games.
    """
    return answer(_match_scores, text, MAX_BOOK_CHARS)
