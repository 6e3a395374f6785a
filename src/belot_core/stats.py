"""Statistics of the games on a device: per pair, and per player where seats are named.

Worked out by the core from the games themselves (a book, :mod:`belot_core.book`),
so the widget only shows them, and each number can be checked against the rows
of the games it came from. Over the games played within a range of days (``from``
and ``to``, both included; either open).

**Who is who.** A team is counted as a pair, and each named player as a player:

* a pair whose two players are named (``seats``) is those two players, whichever
  of them is listed first and in whichever column they played
  (``{"players": ["Иван", "Петър"]}``);
* else a team with a name of its own is that name (``{"name": "Иван и Петър"}``);
* else it is this device's "us" or "them" (``{"team": "us"}``): a team without a
  name, or named by the words the sheet shows for its column when it has none
  (Ние/Us/we for us, Вие/Them/they for them).

Names are compared without regard to letter case and shown as first met. A
player is counted in every game where a seat bears their name.

**What is counted**, for each pair and player, over its games in the range:
``games``; ``won`` and ``lost`` (finished games; a game still going on is
neither); ``matches`` and ``matches_won`` (the matches any of its games were in,
and those its column won); ``deals`` (every deal dealt in its games, passed ones
included) and ``average_deals`` (per game, to one decimal); ``biggest``, the
most points it recorded in one deal (hanging points it collected included), and
where (``game``: the book's index, ``deal``: the deal's), or null while it
recorded none; ``capots`` it took; and its bids: ``bids``, ``made``, ``inside``
(вътре) and ``hanging`` (висяща), also ``by_contract`` (only the contracts it
bid). So that each figure can be checked against the games it came from, ``played``
and ``won_games`` list its games and the games it won (the book's indices). The
words for each are the core's (``STATISTICS_WORDS``, in the widget's
tables).

**How many are listed.** The pairs and the players with the most games, at most
:data:`MAX_LISTED` of each; ``more_pairs`` and ``more_players`` count the others. A
table's own pairs and players are a handful; a stranger's backup of a thousand games
of four new players each would otherwise answer 6,000 entries (1.74 MB, issue 32),
and the answer stays under 100 KB for any book the core reads
(tests/core/test_worst_inputs.py): each game is in two pairs and at most four
players' lists, and each listed entry is at most some 800 bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .book import MAX_BOOK_CHARS, Book, read_book
from .errors import SheetError
from .i18n import LANGUAGES, TEAM_LABELS, TEAM_WORDS
from .json_read import JSON
from .json_write import answer
from .matches import MatchScore, conflict_json, match_scores
from .model import Contract, Deal, Outcome, Team
from .sheet import GameSheet

__all__ = [
    "COUNTS",
    "MAX_LISTED",
    "OUTCOME_COUNTS",
    "Tally",
    "pair_of",
    "statistics",
    "statistics_json",
]

MAX_LISTED = 30
"""The most pairs, and the most players, an answer lists: those with the most games."""

COUNTS = (
    "games",
    "won",
    "lost",
    "matches",
    "matches_won",
    "deals",
    "average_deals",
    "biggest",
    "capots",
    "bids",
    "made",
    "inside",
    "hanging",
    "by_contract",
)
"""What is counted for each pair and player, in the order the answer lists it."""

OUTCOME_COUNTS: dict[Outcome, str] = {
    Outcome.MADE: "made",
    Outcome.INSIDE: "inside",
    Outcome.HANGING: "hanging",
}
"""The count of a bid by what became of it."""

#: What is counted of a team's bids, in all and by contract.
_BID_COUNTS = ("bids", *OUTCOME_COUNTS.values())

#: A team without a name of its own, by the words the sheet shows for it.
_DEFAULT_NAMES = {
    team: {
        table[lang][team].casefold() for table in (TEAM_WORDS, TEAM_LABELS) for lang in LANGUAGES
    }
    for team in Team
}

type Key = tuple[str, ...]


def pair_of(sheet: GameSheet, team: Team) -> tuple[Key, dict[str, JSON]]:
    """Who ``team`` of ``sheet`` is among the games: a key to compare (letter case
    aside) and how the answer names it (the module says how)."""
    players = sheet.seats[team]
    if all(players):
        key = ("players", *sorted(player.casefold() for player in players))
        return key, {"players": list(players)}
    name = sheet.names[team]
    if name and name.casefold() not in _DEFAULT_NAMES[team]:
        return ("name", name.casefold()), {"name": name}
    return ("team", team.value), {"team": team.value}


@dataclass(slots=True)
class Tally:
    """The counts of one pair or player, added up game by game."""

    who: dict[str, JSON]
    games: int = 0
    won: int = 0
    lost: int = 0
    matches: set[str] = field(default_factory=set)
    matches_won: set[str] = field(default_factory=set)
    deals: int = 0
    biggest: tuple[int, int, int] | None = None
    """(points, game, deal) of the most points recorded in one deal."""
    capots: int = 0
    bids: dict[Contract, dict[str, int]] = field(default_factory=dict)
    played: list[int] = field(default_factory=list)
    """The book's indices of its games, and of those it won (to check the counts by)."""
    won_games: list[int] = field(default_factory=list)

    def add(self, index: int, sheet: GameSheet, team: Team) -> None:
        """Count game ``index`` of the book, ``sheet``, where this side is ``team``."""
        self.games += 1
        self.played.append(index)
        self.deals += len(sheet.deals)
        if sheet.winner is team:
            self.won_games.append(index)
        if sheet.winner is not None:
            self.won += sheet.winner is team
            self.lost += sheet.winner is not team
        for number, row in enumerate(sheet.rows):
            deal = row.entry
            if row.result is None or not isinstance(deal, Deal):
                continue  # all four passed: nothing recorded, nobody bid
            points = row.record[team]
            if points and (self.biggest is None or points > self.biggest[0]):
                self.biggest = (points, index, number)
            self.capots += deal.capot is team
            if deal.bidder is team:
                counts = self.bids.setdefault(deal.contract, dict.fromkeys(_BID_COUNTS, 0))
                counts["bids"] += 1
                counts[OUTCOME_COUNTS[row.result.outcome]] += 1

    def json(self) -> dict[str, JSON]:
        """The counts as the answer lists them (:data:`COUNTS`), after ``who``."""
        totals = {name: sum(counts[name] for counts in self.bids.values()) for name in _BID_COUNTS}
        biggest = self.biggest
        data: dict[str, Any] = {
            **self.who,
            "games": self.games,
            "won": self.won,
            "lost": self.lost,
            "matches": len(self.matches),
            "matches_won": len(self.matches_won),
            "deals": self.deals,
            "average_deals": round(self.deals / self.games, 1) if self.games else 0,
            "biggest": None
            if biggest is None
            else {"points": biggest[0], "game": biggest[1], "deal": biggest[2]},
            "capots": self.capots,
            **totals,
            "by_contract": {
                str(contract): dict(counts)
                for contract in Contract
                if (counts := self.bids.get(contract))
            },
            "played": list(self.played),
            "won_games": list(self.won_games),
        }
        return data


def _sides(sheet: GameSheet, team: Team) -> Iterator[tuple[str, Key, dict[str, JSON]]]:
    """The pair ``team`` is in ``sheet``, and each of its named players."""
    key, who = pair_of(sheet, team)
    yield "pairs", key, who
    for player in sheet.seats[team]:
        if player:
            yield "players", (player.casefold(),), {"player": player}


def statistics(book: Book) -> dict[str, JSON]:
    """The statistics of a book's games within its range, as the answer has them."""
    chosen = book.in_range()
    tallies: dict[str, dict[Key, Tally]] = {"pairs": {}, "players": {}}

    def sides(index: int, team: Team) -> Iterator[Tally]:
        for kind, key, who in _sides(book.games[index].sheet, team):
            yield tallies[kind].setdefault(key, Tally(who=who))

    for index in chosen:
        for team in Team:
            for tally in sides(index, team):
                tally.add(index, book.games[index].sheet, team)
    # The device's own games never make the statistics refuse: a game that does not
    # fit its match (the same game kept twice, a game after the match's end) counts
    # as a game on its own, and the answer names it, so the player can open or remove it.
    found: list[SheetError] = []
    scores = match_scores([book.games[index].sheet for index in chosen], chosen, found)
    conflicts = [conflict_json(error, _conflict_games(error, book, scores)) for error in found]
    for score in scores:
        for index in score.games:
            for team in Team:
                for tally in sides(index, team):
                    tally.matches.add(score.match.id)
                    if score.winner is team:
                        tally.matches_won.add(score.match.id)
    pairs = sorted(tallies["pairs"].values(), key=_most_games)
    players = sorted(tallies["players"].values(), key=_most_games)
    return {
        "from": book.start,
        "to": book.end,
        "games": len(chosen),
        "matches": len(scores),
        "pairs": [tally.json() for tally in pairs[:MAX_LISTED]],
        "players": [tally.json() for tally in players[:MAX_LISTED]],
        "more_pairs": max(0, len(pairs) - MAX_LISTED),
        "more_players": max(0, len(players) - MAX_LISTED),
        "conflicts": conflicts[:MAX_LISTED],
        "more_conflicts": max(0, len(conflicts) - MAX_LISTED),
    }


def _conflict_games(error: SheetError, book: Book, scores: tuple[MatchScore, ...]) -> list[int]:
    """The book's indices of the games a conflict is about: a game of the match that
    it does not fit (the match's last game, or its first when played to another
    number of wins), then the game itself."""
    index = int(error.field.split("]", 1)[0].removeprefix("games["))
    if error.code == "game_after_match_end":
        return [int(str(error.params["end"])) - 1, index]
    match = book.games[index].sheet.match
    first = next((score.games[0] for score in scores if match and score.match.id == match.id), None)
    return [index] if first is None else [first, index]


def _most_games(tally: Tally) -> tuple[int, int]:
    """The answer's order: most games first, then most won; else as first met."""
    return -tally.games, -tally.won


def _statistics(data: JSON) -> dict[str, JSON]:
    return statistics(read_book(data, ranged=True))


def statistics_json(text: str) -> str:
    """The statistics of a book of games: JSON in, JSON out. Never raises.

    ``{"version": 1, "games": [{"date": "YYYY-MM-DD", "game": <a game>}, ...],
    "from": "YYYY-MM-DD" | null, "to": "YYYY-MM-DD" | null}`` → ``{"ok": true,
    "result": {"from", "to", "games", "matches", "pairs": [...], "players":
    [...], "more_pairs", "more_players"}}`` (the module says what each holds), or
    every problem of the request.
    """
    return answer(_statistics, text, MAX_BOOK_CHARS)
