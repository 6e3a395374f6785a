"""The table around a game: who sits where, who deals, the match it is part of, a note.

None of this changes a score; all of it is part of the game a table keeps.

**Seats.** Four players, two a team, partners opposite. A game may name them
(:class:`Seats`): ``us`` and ``them``, two names each, cleaned like the teams'
names (:func:`~belot_core.model.clean_name`: no invisible characters, trimmed,
at most :data:`~belot_core.model.MAX_NAME_LENGTH` characters; empty: not named).
The seats are numbered in the order the deal passes -- counter-clockwise, to
the dealer's right -- starting from the first player of "us" (:data:`SEAT_ORDER`)::

    seat 0: us[0]    seat 1: them[0]    seat 2: us[1]    seat 3: them[1]

so the player to the right of us[0] is them[0], and partners sit two seats apart.

**The dealer.** "The deal passes counter-clockwise after every deal", a deal
where all four passed included (it is dealt again by the next player). A game
that knows who dealt its first deal (a seat, or None: not chosen) knows who
deals every deal after it: :func:`dealer_of`. The game after it continues the
rotation: its first dealer is the seat after the last deal's dealer.

**The other team's view.** The sender of a shared game is "us" on the sheet;
for the receiver, that team is "them". Seen from the other team the same table
is :meth:`Seats.mirrored`: ``us`` becomes the other team in its order, and
``them`` the first team with its two players in the other order -- the only
way to keep seat 0 at "us" and the deal passing from seat to seat + 1. So
every seat moves one place back (:func:`mirrored_seat`): the player at seat 1
is at seat 0 in the other team's view. Mirrored twice, the table is the same
table seen from the other player of the first team (each team's two players
listed the other way round, every seat two places on); four times, the very
same value. No seat numbering can do better: a mirror that swaps the teams and
keeps the direction of the deal moves every seat an odd number of places, and
moved twice by an odd number a seat is never where it was.

**A match.** A series of games won by the first team to win :attr:`Match.to`
of them (1 to :data:`MAX_MATCH_WINS`); the games of one match carry the same
:class:`Match` (an ``id`` the device makes up, and ``to``) and keep the teams:
"us" is the same team in every game of a match (:mod:`belot_core.matches`).

**A note.** A line the players write about the game ("At the cabin"), cleaned
like a name (:func:`clean_note`), at most :data:`MAX_NOTE_LENGTH` characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InvalidInputError, echo
from .model import Team, clean_name
from .text import clean

__all__ = [
    "MAX_MATCH_ID_LENGTH",
    "MAX_MATCH_WINS",
    "MAX_NOTE_LENGTH",
    "SEATS",
    "SEAT_ORDER",
    "Match",
    "Seats",
    "check_seat",
    "clean_note",
    "dealer_of",
    "mirrored_seat",
    "seat_of",
]

SEAT_ORDER: tuple[tuple[Team, int], ...] = (
    (Team.US, 0),
    (Team.THEM, 0),
    (Team.US, 1),
    (Team.THEM, 1),
)
"""Who sits at each seat (team, which of its two players), in the order the deal
passes: counter-clockwise, "to the dealer's right"."""

SEATS = len(SEAT_ORDER)
"""Four players at a belot table."""

MAX_NOTE_LENGTH = 200
"""The longest note on a game, in characters, counted once it is cleaned."""

MAX_MATCH_WINS = 4
"""The most games a match can be played to: to 1, 2, 3 or 4 won games (best of
1, 3, 5 or 7)."""

MAX_MATCH_ID_LENGTH = 64
"""The longest id of a match, in characters."""

#: What a match's id is made of: letters, digits and ``. _ : -`` (the device makes it up).
_MATCH_ID = re.compile(r"[A-Za-z0-9._:-]+")


def seat_of(team: Team, player: int) -> int:
    """The seat (0 to 3) of ``team``'s player 0 or 1."""
    return SEAT_ORDER.index((team, player))


def check_seat(value: object, where: str) -> int:
    """``value`` as a seat: ``not_integer`` or ``seat_out_of_range`` (at ``where``) if none."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError("not_integer", where, value=echo(repr(value)))
    if not 0 <= value < SEATS:
        raise InvalidInputError("seat_out_of_range", where, value=value, max=SEATS - 1)
    return value


def dealer_of(first: int | None, index: int) -> int | None:
    """The seat that deals deal ``index`` (from 0) when seat ``first`` dealt the first
    one (None: nobody chose a first dealer). "The deal passes counter-clockwise
    after every deal", passed deals included."""
    return None if first is None else (first + index) % SEATS


def mirrored_seat(seat: int) -> int:
    """The same chair in the other team's view of the table (:meth:`Seats.mirrored`)."""
    return (seat - 1) % SEATS


def clean_note(value: object, where: str = "note") -> str:
    """A note as the core keeps it: cleaned like a name, on one line; ``wrong_type``
    for a value that is no string, ``note_too_long`` beyond :data:`MAX_NOTE_LENGTH`."""
    if not isinstance(value, str):
        raise InvalidInputError("wrong_type", where, expected="string", value=echo(repr(value)))
    note = clean(value)
    if len(note) > MAX_NOTE_LENGTH:
        raise InvalidInputError("note_too_long", where, max=MAX_NOTE_LENGTH, length=len(note))
    return note


def _pair(value: object, team: Team) -> tuple[str, str]:
    """One team's two names, cleaned (errors at ``seats.<team>`` and ``seats.<team>[i]``)."""
    if not isinstance(value, tuple):
        raise InvalidInputError(
            "wrong_type", f"seats.{team}", expected="array", value=echo(repr(value))
        )
    if len(value) != 2:
        raise InvalidInputError("two_players", f"seats.{team}", count=len(value))
    return (clean_name(value[0], f"seats.{team}[0]"), clean_name(value[1], f"seats.{team}[1]"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Seats:
    """The four players' names: two for each team ("" where a player is not named).

    Each team's first player and second sit opposite each other; the seats are
    numbered as :data:`SEAT_ORDER` says. Names are cleaned like the teams'
    (``name_too_long`` at ``seats.us[1]``), and two players of one table cannot
    have the same name (``player_twice``, letter case aside): the sheet says who
    deals by name, and the statistics count a player by name.
    """

    us: tuple[str, str] = ("", "")
    them: tuple[str, str] = ("", "")

    def __post_init__(self) -> None:
        for team in Team:
            object.__setattr__(self, team.value, _pair(getattr(self, team.value), team))
        seen: set[str] = set()
        for team in Team:  # as a form lists them: the later of two alike is the one said
            for player, name in enumerate(self[team]):
                if name and name.casefold() in seen:
                    raise InvalidInputError(
                        "player_twice", f"seats.{team}[{player}]", name=echo(name)
                    )
                seen.add(name.casefold())

    def __getitem__(self, team: Team) -> tuple[str, str]:
        return self.us if team is Team.US else self.them

    def __bool__(self) -> bool:
        """True when any player is named."""
        return any(self.us) or any(self.them)

    def name(self, seat: int) -> str:
        """The name of the player at ``seat`` ("" if not named)."""
        team, player = SEAT_ORDER[seat]
        return self[team][player]

    def mirrored(self) -> Seats:
        """The same table seen from the other team: it is "us" now, in its order, and
        the first team is "them", its players in the other order (see the module)."""
        return Seats(us=self.them, them=(self.us[1], self.us[0]))


@dataclass(frozen=True, slots=True, kw_only=True)
class Match:
    """The match a game is part of: the first team to win ``to`` games wins it."""

    id: str
    """Made up by the device that started the match; the same in each of its games."""
    to: int
    """The games a team must win: 1 to :data:`MAX_MATCH_WINS`."""

    def __post_init__(self) -> None:
        if not isinstance(self.id, str):
            raise InvalidInputError(
                "wrong_type", "match.id", expected="string", value=echo(repr(self.id))
            )
        if len(self.id) > MAX_MATCH_ID_LENGTH or not _MATCH_ID.fullmatch(self.id):
            raise InvalidInputError(
                "invalid_match_id", "match.id", value=echo(self.id), max=MAX_MATCH_ID_LENGTH
            )
        if isinstance(self.to, bool) or not isinstance(self.to, int):
            raise InvalidInputError("not_integer", "match.to", value=echo(repr(self.to)))
        if not 1 <= self.to <= MAX_MATCH_WINS:
            raise InvalidInputError(
                "match_to_out_of_range", "match.to", value=self.to, max=MAX_MATCH_WINS
            )
