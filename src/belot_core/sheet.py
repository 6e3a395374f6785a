"""The game sheet: deals in order, hanging points carried, the end of the game.

A :class:`GameSheet` is immutable. Appending, undoing, replacing or deleting a
deal returns a new sheet, and every row after the change is worked out again
from the deals themselves: hanging points are carried from deal to deal by the
sheet, never typed by hand.

End of the game, as the rule book has it: a team at 151 or more wins; if both
reach 151 in the same deal the higher total wins, and if they are equal play
continues. A game cannot end on a capot: the first later deal that is not a
capot decides. Choices where the rule book is silent (documented in the
README): a deal where all four passed is replayed, so it never ends the game
either; hanging points left when the game ends are shown as unclaimed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .errors import InvalidInputError, SheetError
from .model import ByTeam, Deal, Team
from .rules import DealResult, score_deal

__all__ = ["TARGET", "GameSheet", "Passed", "Row"]

TARGET = 151
"""Game points that win the game."""


@dataclass(frozen=True, slots=True)
class Passed:
    """A deal where all four players passed: replayed, it scores nothing."""


type Entry = Deal | Passed


@dataclass(frozen=True, slots=True, kw_only=True)
class Row:
    """One line of the sheet."""

    entry: Entry
    """The deal as entered (its ``hanging_in`` is the sheet's, not typed)."""
    result: DealResult | None
    """The deal's score; None for a passed deal."""
    record: ByTeam[int]
    """What each team writes down for this deal."""
    hanging: int
    """Points hanging after this deal."""
    totals: ByTeam[int]
    """Running totals after this deal."""


def _rows(deals: tuple[Entry, ...]) -> tuple[tuple[Row, ...], Team | None, int | None]:
    """Rows, the winner and the index of the deal that ended the game."""
    rows: list[Row] = []
    totals = ByTeam(us=0, them=0)
    hanging = 0
    for index, entry in enumerate(deals):
        if isinstance(entry, Passed):
            # "A deal where all four players passed is replayed: it scores nothing
            # and leaves hanging points where they are."
            result = None
            record = ByTeam(us=0, them=0)
        else:
            result = score_deal(replace(entry, hanging_in=hanging))
            record = result.record
            hanging = result.hanging_out
        totals = ByTeam(us=totals.us + record.us, them=totals.them + record.them)
        rows.append(Row(entry=entry, result=result, record=record, hanging=hanging, totals=totals))
        winner = _winner(entry, totals)
        if winner is not None:
            if index + 1 < len(deals):
                raise SheetError(
                    "deals_after_end", f"deals[{index + 1}]", end=index + 1, index=index + 2
                )
            return tuple(rows), winner, index
    return tuple(rows), None, None


def _winner(entry: Entry, totals: ByTeam[int]) -> Team | None:
    """The team that wins after this deal, if the game ends here."""
    # "A game cannot end on a capot"; a passed deal is replayed, not played.
    if isinstance(entry, Passed) or entry.capot is not None:
        return None
    if max(totals.us, totals.them) < TARGET or totals.us == totals.them:
        # "if they are equal, play continues until one leads"
        return None
    return Team.US if totals.us > totals.them else Team.THEM


@dataclass(frozen=True, slots=True)
class GameSheet:
    """A whole game: the deals in order and everything that follows from them."""

    deals: tuple[Entry, ...] = ()
    rows: tuple[Row, ...] = field(init=False, repr=False, compare=False)
    winner: Team | None = field(init=False, repr=False, compare=False)
    """The team that won, or None while the game goes on."""
    ended_at: int | None = field(init=False, repr=False, compare=False)
    """Index of the deal that ended the game, or None."""

    def __post_init__(self) -> None:
        if not isinstance(self.deals, tuple):
            raise InvalidInputError("wrong_type", "deals", expected="array", value=repr(self.deals))
        for index, entry in enumerate(self.deals):
            if not isinstance(entry, Deal | Passed):
                raise InvalidInputError(
                    "wrong_type", f"deals[{index}]", expected="object", value=repr(entry)
                )
            if isinstance(entry, Deal) and entry.hanging_in:
                raise InvalidInputError(
                    "hanging_in_on_sheet", f"deals[{index}].hanging_in", value=entry.hanging_in
                )
        rows, winner, ended_at = _rows(self.deals)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "ended_at", ended_at)

    @property
    def totals(self) -> ByTeam[int]:
        """Each team's game points so far."""
        return self.rows[-1].totals if self.rows else ByTeam(us=0, them=0)

    @property
    def hanging(self) -> int:
        """Points hanging now; once the game is over, nobody's (unclaimed)."""
        return self.rows[-1].hanging if self.rows else 0

    @property
    def finished(self) -> bool:
        """True once a team has won."""
        return self.winner is not None

    def append(self, entry: Entry) -> GameSheet:
        """The sheet with one more deal; an error once the game is over."""
        if self.winner is not None:
            raise SheetError("game_over", f"deals[{len(self.deals)}]", winner=str(self.winner))
        return GameSheet((*self.deals, entry))

    def undo(self) -> GameSheet:
        """The sheet without its last deal."""
        if not self.deals:
            raise SheetError("nothing_to_undo", "deals")
        return GameSheet(self.deals[:-1])

    def replace(self, index: int, entry: Entry) -> GameSheet:
        """The sheet with deal ``index`` (from 0) changed; later rows are recomputed."""
        self._check_index(index)
        return GameSheet((*self.deals[:index], entry, *self.deals[index + 1 :]))

    def delete(self, index: int) -> GameSheet:
        """The sheet without deal ``index`` (from 0); later rows are recomputed."""
        self._check_index(index)
        return GameSheet((*self.deals[:index], *self.deals[index + 1 :]))

    def _check_index(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int):
            raise SheetError("no_such_deal", "index", index=repr(index))
        if not 0 <= index < len(self.deals):
            raise SheetError("no_such_deal", "index", index=index + 1)
