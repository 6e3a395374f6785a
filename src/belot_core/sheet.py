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

A sheet is one table, so it has one rule set (:class:`~belot_core.house.Rules`):
every deal on it is scored by the sheet's rules, whatever rules the deal was
built with -- unless the deal keeps rules of its own (``deal_rules``). That is
how a table changes its rules in the middle of a game without rescoring what it
has already written: :meth:`GameSheet.with_rules` rescores every deal, or, with
``from_deal``, only the deals from that one on, the earlier ones keeping the
rules they were scored by.

A sheet is worked out from its deals alone, but only what changed is scored
again: each deal's score comes from a bounded memo keyed by the deal (its rules
included) and the hanging points carried into it (:mod:`belot_core.memo`), so
recording one more deal scores one deal, and editing a deal scores it and the
later deals whose hanging points carried in changed. The rows are the same as
if every deal were scored afresh.

Every row also says where the game stands after it (:class:`GameStatus`), so a
sheet can say why a game at 151 goes on.

A sheet also keeps the table around the game (:mod:`belot_core.table`): the
players' seats, who dealt the first deal -- so every row says who dealt it, and
:attr:`GameSheet.next_dealer` who deals next, passed deals counted -- the match
it is part of, and a note. None of them changes a number; :meth:`GameSheet.mirrored`
is the whole game as the other team keeps it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from .errors import BelotError, InvalidInputError, SheetError, echo
from .house import DEFAULT_RULES, Rules
from .memo import memoized
from .model import ByTeam, Deal, Names, Team
from .rules import DealResult, score_deal
from .table import Match, Seats, check_seat, clean_note, dealer_of, mirrored_seat

__all__ = ["MAX_DEALS", "TARGET", "GameSheet", "GameStatus", "Passed", "Row"]

TARGET = 151
"""Game points that win the game."""

MAX_DEALS = 100
"""The most deals a game sheet holds: a number no real game reaches.

A game to 151 is 10 to 30 deals: every played deal writes 16 to 26 points or
more, except the rare hanging deal under contra, and a deal where all four
passed is replayed at once. A hundred is more than three times a long game, so a
table never meets it. What it is for: a stranger's link or file. Each passed
deal costs one bit of a link, so a link of 8,000 characters could carry 39,900
deals, and a 990 KB file 61,872 -- seconds of work and tens of megabytes of
answer for the phone. The JSON contract checks the count before it reads a
single deal (``too_many_deals``: a request's ``deals``, a link's count), so a
game over the cap costs no more than counting it.

Why 100 and not more: it is the budget of the worst game. A capot never ends a
game, so a stranger's game can be that many capots, each with every declaration
the deck allows, every pile given as its 32 cards, every other deal under house
rules of its own, and the longest names and table. Reading such a link answers
the game (the cards echoed, some 530 bytes a deal) and its score (some 370 bytes
a row): 96.7 KB at 100, under the 100 KB an answer may be
(tests/core/test_worst_inputs.py), where 150 deals answered 144.6 KB (issue 32;
300 deals without cards had answered 198 KB and held a phone's page a quarter
of a second when it opened with that game). The answer loses nothing to fit:
the page keeps and edits the cards, the rules and the rows as they are.

A game saved before the cap existed that is longer (only a crafted one can be)
is refused the same way when the sheet checks the games it stores: the answer
is ``too_many_deals`` with the count, and nothing in storage changes, so the
page can say so and offer to export or delete the game."""


@dataclass(frozen=True, slots=True)
class Passed:
    """A deal where all four players passed: replayed, it scores nothing."""


type Entry = Deal | Passed


class GameStatus(enum.StrEnum):
    """Where the game stands after a deal; each has a message (``status_<value>``)."""

    PLAYING = "playing"
    """Nobody has reached 151: the game goes on."""
    WON = "won"
    """A team has won."""
    CAPOT = "capot"
    """A team is at 151 or more after a capot: "A game cannot end on a capot", the
    first later deal that is not a capot decides."""
    TIED = "tied"
    """Both teams are at 151 or more with equal totals: "play continues until one
    leads"."""
    PASSED = "passed"
    """All four passed: the deal is replayed (and nothing above applies)."""


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
    status: GameStatus = GameStatus.PLAYING
    """Where the game stands after this deal."""
    dealer: int | None = None
    """The seat that dealt this deal (None: the sheet has no first dealer)."""


@memoized
def _scored(deal: Deal, hanging_in: int) -> DealResult:
    """``deal`` scored with ``hanging_in`` points carried in (a pure function of both)."""
    if deal.hanging_in != hanging_in:
        deal = replace(deal, hanging_in=hanging_in)
    return score_deal(deal)


def _rows(
    deals: tuple[Entry, ...], first_dealer: int | None = None
) -> tuple[tuple[Row, ...], Team | None, int | None]:
    """Rows, the winner and the index of the deal that ended the game (seat
    ``first_dealer`` dealt the first deal)."""
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
            result = _scored(entry, hanging)
            record = result.record
            hanging = result.hanging_out
        totals = ByTeam(us=totals.us + record.us, them=totals.them + record.them)
        winner = _winner(entry, totals)
        status = _status(entry, totals, winner)
        rows.append(
            Row(
                entry=entry,
                result=result,
                record=record,
                hanging=hanging,
                totals=totals,
                status=status,
                dealer=dealer_of(first_dealer, index),
            )
        )
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


def _status(entry: Entry, totals: ByTeam[int], winner: Team | None) -> GameStatus:
    """Where the game stands after ``entry`` (``winner``: the team that won with it)."""
    if winner is not None:
        return GameStatus.WON
    if max(totals.us, totals.them) >= TARGET:
        # Nobody won at 151: the totals are equal, or the last deal played was a capot
        # (a passed deal after it changes nothing).
        return GameStatus.TIED if totals.us == totals.them else GameStatus.CAPOT
    return GameStatus.PASSED if isinstance(entry, Passed) else GameStatus.PLAYING


def _under(
    rules: Rules, deals: tuple[object, ...], own: tuple[Rules | None, ...]
) -> tuple[Entry, ...]:
    """The deals, each under its ``own`` rules or else the sheet's ``rules`` --
    which may ask a question the rules the deal was built with did not (raised
    with the deal's index in its field)."""
    ruled: list[Entry] = []
    for index, entry in enumerate(deals):
        if not isinstance(entry, Deal | Passed):
            raise InvalidInputError(
                "wrong_type", f"deals[{index}]", expected="object", value=repr(entry)
            )
        mine = own[index]
        scored_by = rules if mine is None else mine
        if isinstance(entry, Deal) and entry.rules != scored_by:
            try:
                entry = replace(entry, rules=scored_by)
            except BelotError as error:
                error.field = f"deals[{index}].{error.field}"
                raise
        ruled.append(entry)
    return tuple(ruled)


def _own_rules(sheet: GameSheet) -> tuple[Rules | None, ...]:
    """``sheet.deal_rules`` checked, one per deal: None where a deal takes the
    sheet's rules -- also where its own are the sheet's, and for a passed deal,
    which no rule scores."""
    own = sheet.deal_rules
    if not isinstance(own, tuple) or len(own) > len(sheet.deals):
        raise InvalidInputError(
            "wrong_type", "deal_rules", expected="a tuple, one per deal", value=echo(repr(own))
        )
    for index, rules in enumerate(own):
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidInputError(
                "wrong_type", f"deal_rules[{index}]", expected="Rules", value=echo(repr(rules))
            )
    padded = own + (None,) * (len(sheet.deals) - len(own))
    return tuple(
        None if rules == sheet.rules or isinstance(entry, Passed) else rules
        for entry, rules in zip(sheet.deals, padded, strict=True)
    )


def _check_table(sheet: GameSheet) -> None:
    """The table's fields of ``sheet`` checked, its note cleaned."""
    if not isinstance(sheet.seats, Seats):
        raise InvalidInputError(
            "wrong_type", "seats", expected="Seats", value=echo(repr(sheet.seats))
        )
    if sheet.dealer is not None:
        check_seat(sheet.dealer, "dealer")
    if sheet.match is not None and not isinstance(sheet.match, Match):
        raise InvalidInputError(
            "wrong_type", "match", expected="Match", value=echo(repr(sheet.match))
        )
    object.__setattr__(sheet, "note", clean_note(sheet.note))


@dataclass(frozen=True, slots=True)
class GameSheet:
    """A whole game: the deals in order and everything that follows from them.

    A sheet holds at most :data:`MAX_DEALS` deals (``too_many_deals``).
    ``names`` are the teams' names at the head of the sheet (for the explanation);
    ``rules`` the table's rules, by which every deal is scored (a deal built
    with other rules is taken with the sheet's) unless ``deal_rules`` gives the
    deal rules of its own.
    """

    deals: tuple[Entry, ...] = ()
    names: Names = field(default=Names(), kw_only=True)
    rules: Rules = field(default=DEFAULT_RULES, kw_only=True)
    deal_rules: tuple[Rules | None, ...] = field(default=(), kw_only=True)
    """The rules of each deal, by index, that keeps its own rather than the
    sheet's (None: the sheet's). Shorter than ``deals`` is filled with None;
    kept as one per deal, with None wherever a deal's own rules are the sheet's
    (so a sheet whose deals all carry its rules equals the sheet without them)."""
    seats: Seats = field(default=Seats(), kw_only=True)
    """The players' names at their seats (none named by default)."""
    dealer: int | None = field(default=None, kw_only=True)
    """The seat that dealt the first deal (None: not chosen)."""
    match: Match | None = field(default=None, kw_only=True)
    """The match the game is part of (None: a game on its own)."""
    note: str = field(default="", kw_only=True)
    """The players' note on the game, cleaned (:func:`~belot_core.table.clean_note`)."""
    rows: tuple[Row, ...] = field(init=False, repr=False, compare=False)
    winner: Team | None = field(init=False, repr=False, compare=False)
    """The team that won, or None while the game goes on."""
    ended_at: int | None = field(init=False, repr=False, compare=False)
    """Index of the deal that ended the game, or None."""

    def __post_init__(self) -> None:
        if not isinstance(self.deals, tuple):
            raise InvalidInputError("wrong_type", "deals", expected="array", value=repr(self.deals))
        if not isinstance(self.names, Names):
            raise InvalidInputError("wrong_type", "names", expected="Names", value=repr(self.names))
        if not isinstance(self.rules, Rules):
            raise InvalidInputError("wrong_type", "rules", expected="Rules", value=repr(self.rules))
        if len(self.deals) > MAX_DEALS:
            raise InvalidInputError("too_many_deals", "deals", deals=len(self.deals), max=MAX_DEALS)
        _check_table(self)
        object.__setattr__(self, "deal_rules", _own_rules(self))
        object.__setattr__(self, "deals", _under(self.rules, self.deals, self.deal_rules))
        for index, entry in enumerate(self.deals):
            if isinstance(entry, Deal) and entry.hanging_in:
                raise InvalidInputError(
                    "hanging_in_on_sheet", f"deals[{index}].hanging_in", value=entry.hanging_in
                )
        rows, winner, ended_at = _rows(self.deals, self.dealer)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "ended_at", ended_at)

    def with_rules(self, rules: Rules, *, from_deal: int = 0) -> GameSheet:
        """The same game under other rules, from deal ``from_deal`` (from 0) on.

        By default every deal is rescored. With ``from_deal`` the deals before it
        keep the rules they were scored by (their own, or the sheet's until now),
        so their numbers stay; ``from_deal=len(sheet.deals)`` changes the rules
        only for the deals still to come.
        """
        if isinstance(from_deal, bool) or not isinstance(from_deal, int):
            raise SheetError("no_such_deal", "from_deal", index=repr(from_deal))
        if not 0 <= from_deal <= len(self.deals):
            raise SheetError("no_such_deal", "from_deal", index=from_deal + 1)
        kept = tuple(self.rules if own is None else own for own in self.deal_rules[:from_deal])
        return replace(self, rules=rules, deal_rules=kept)

    def rules_of(self, index: int) -> Rules:
        """The rules deal ``index`` (from 0) is scored by: its own, or the sheet's."""
        self._check_index(index)
        own = self.deal_rules[index]
        return self.rules if own is None else own

    @property
    def totals(self) -> ByTeam[int]:
        """Each team's game points so far."""
        return self.rows[-1].totals if self.rows else ByTeam(us=0, them=0)

    @property
    def hanging(self) -> int:
        """Points hanging now; once the game is over, nobody's (unclaimed)."""
        return self.rows[-1].hanging if self.rows else 0

    @property
    def status(self) -> GameStatus:
        """Where the game stands now (after the last deal)."""
        return self.rows[-1].status if self.rows else GameStatus.PLAYING

    @property
    def next_dealer(self) -> int | None:
        """The seat that deals the next deal -- after the game's end, the first deal
        of the next game at the same table (None: no first dealer was chosen)."""
        return dealer_of(self.dealer, len(self.deals))

    def mirrored(self) -> GameSheet:
        """The same game as the other team keeps it: "us" and "them" exchanged in every
        deal (bidder, pile, last trick, capot, declarations, the answers of whose is
        higher), in the names and at the table (:meth:`~belot_core.table.Seats.mirrored`);
        the same rules, match and note. Its totals are this game's, swapped."""
        return GameSheet(
            tuple(entry if isinstance(entry, Passed) else entry.swapped() for entry in self.deals),
            names=Names(us=self.names.them, them=self.names.us),
            rules=self.rules,
            deal_rules=self.deal_rules,
            seats=self.seats.mirrored(),
            dealer=None if self.dealer is None else mirrored_seat(self.dealer),
            match=self.match,
            note=self.note,
        )

    @property
    def finished(self) -> bool:
        """True once a team has won."""
        return self.winner is not None

    def append(self, entry: Entry) -> GameSheet:
        """The sheet with one more deal; an error once the game is over."""
        if self.winner is not None:
            raise SheetError("game_over", f"deals[{len(self.deals)}]", winner=str(self.winner))
        return replace(self, deals=(*self.deals, entry), deal_rules=(*self.deal_rules, None))

    def undo(self) -> GameSheet:
        """The sheet without its last deal."""
        if not self.deals:
            raise SheetError("nothing_to_undo", "deals")
        return replace(self, deals=self.deals[:-1], deal_rules=self.deal_rules[:-1])

    def replace(self, index: int, entry: Entry) -> GameSheet:
        """The sheet with deal ``index`` (from 0) changed; later rows are recomputed.

        The new deal is scored by the rules the old one was (its own, if it had them).
        """
        self._check_index(index)
        return replace(self, deals=(*self.deals[:index], entry, *self.deals[index + 1 :]))

    def delete(self, index: int) -> GameSheet:
        """The sheet without deal ``index`` (from 0); later rows are recomputed."""
        self._check_index(index)
        return replace(
            self,
            deals=(*self.deals[:index], *self.deals[index + 1 :]),
            deal_rules=(*self.deal_rules[:index], *self.deal_rules[index + 1 :]),
        )

    def _check_index(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int):
            raise SheetError("no_such_deal", "index", index=repr(index))
        if not 0 <= index < len(self.deals):
            raise SheetError("no_such_deal", "index", index=index + 1)
