"""The vocabulary of a deal: teams, contracts, doubling, declarations.

Every value here is immutable and checks itself when built, so an invalid deal
cannot exist: :class:`Deal` raises the first problem it finds, and
:func:`deal_problems` reports all of them at once (for a form).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product
from typing import TypeGuard

from .errors import BelotError, InvalidInputError, RuleViolationError

__all__ = [
    "CAPOT_BONUS",
    "DECLARATION_POINTS",
    "LAST_TRICK_POINTS",
    "MAX_HANGING",
    "ByTeam",
    "Contract",
    "Deal",
    "Declaration",
    "Declarations",
    "Doubling",
    "Outcome",
    "Pile",
    "Team",
    "deal_problems",
]


class Team(enum.StrEnum):
    """One of the two partnerships. "Us" is the team named first on the sheet."""

    US = "us"
    """Ние -- the first team on the sheet."""
    THEM = "them"
    """Вие -- the second team on the sheet."""

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team.THEM if self is Team.US else Team.US


class Contract(enum.StrEnum):
    """The six contracts a deal can be played in."""

    CLUBS = "clubs"
    """Спатия ♣ -- clubs are trumps."""
    DIAMONDS = "diamonds"
    """Каро ♦ -- diamonds are trumps."""
    HEARTS = "hearts"
    """Купа ♥ -- hearts are trumps."""
    SPADES = "spades"
    """Пика ♠ -- spades are trumps."""
    NO_TRUMPS = "no_trumps"
    """Без коз -- no suit is trump; card points and the last trick count double."""
    ALL_TRUMPS = "all_trumps"
    """Всичко коз -- every suit is trump."""

    @property
    def is_suit(self) -> bool:
        """True for the four suit contracts."""
        return self not in (Contract.NO_TRUMPS, Contract.ALL_TRUMPS)

    @property
    def deck_points(self) -> int:
        """Card points in the whole deck at face value, without the last trick."""
        # "a suit 152 | All trumps 248 | No trumps 120, then doubled"
        if self is Contract.ALL_TRUMPS:
            return 248
        if self is Contract.NO_TRUMPS:
            return 120
        return 152

    @property
    def card_multiplier(self) -> int:
        """ "In No trumps card points and the last trick are doubled. Nothing else is." """
        return 2 if self is Contract.NO_TRUMPS else 1

    @property
    def max_belots(self) -> int:
        """Belots possible in the deal: one per trump suit."""
        # "in All trumps one is possible in each suit, in a suit contract only one";
        # "No declarations and no belots exist in No trumps".
        if self is Contract.ALL_TRUMPS:
            return 4
        if self is Contract.NO_TRUMPS:
            return 0
        return 1


class Doubling(enum.StrEnum):
    """Contra and recontra multiply the whole deal."""

    NONE = "none"
    """No contra: each team records its own points."""
    CONTRA = "contra"
    """Контра -- the deal counts twice."""
    RECONTRA = "recontra"
    """Реконтра -- the deal counts four times."""

    @property
    def multiplier(self) -> int:
        """1, 2 or 4."""
        return {Doubling.NONE: 1, Doubling.CONTRA: 2, Doubling.RECONTRA: 4}[self]


class Outcome(enum.StrEnum):
    """What became of the bidders' contract."""

    MADE = "made"
    """The bidders have strictly more raw points than the defenders."""
    INSIDE = "inside"
    """Вътре -- the bidders have fewer; the defenders take the whole deal."""
    HANGING = "hanging"
    """Висяща -- equal raw points; the bidders' share waits for the next deal."""


class Declaration(enum.StrEnum):
    """Kinds of declarations (обявявания), counted per team."""

    TIERCE = "tierce"
    """Терца -- three cards in sequence, 20."""
    QUARTE = "quarte"
    """Кварта -- four in sequence, 50."""
    QUINT = "quint"
    """Квинта -- five or more in sequence, 100."""
    CARRE_JACKS = "carre_jacks"
    """Каре от валета -- four jacks, 200."""
    CARRE_NINES = "carre_nines"
    """Каре от деветки -- four nines, 150."""
    CARRE = "carre"
    """Каре -- four aces, kings, queens or tens, 100."""
    BELOT = "belot"
    """Белот -- king and queen of a trump suit, 20."""


#: Points of each declaration ("tierce 20, quarte 50, quint 100, four jacks 200,
#: four nines 150, four aces/kings/queens/tens 100 each, belot 20").
DECLARATION_POINTS: dict[Declaration, int] = {
    Declaration.TIERCE: 20,
    Declaration.QUARTE: 50,
    Declaration.QUINT: 100,
    Declaration.CARRE_JACKS: 200,
    Declaration.CARRE_NINES: 150,
    Declaration.CARRE: 100,
    Declaration.BELOT: 20,
}

#: Fewest cards each sequence takes (a quint is five or more).
_SEQUENCE_CARDS: dict[Declaration, int] = {
    Declaration.TIERCE: 3,
    Declaration.QUARTE: 4,
    Declaration.QUINT: 5,
}

#: How many of each carré the deck holds (one rank each; four ranks for 100).
_CARRES_IN_DECK: dict[Declaration, int] = {
    Declaration.CARRE_JACKS: 1,
    Declaration.CARRE_NINES: 1,
    Declaration.CARRE: 4,
}

#: Attribute names of the declaration kinds (enum ``.value`` is slow in a hot loop).
_NAMES: dict[Declaration, str] = {kind: kind.value for kind in Declaration}

LAST_TRICK_POINTS = 10
"""The last trick (последна ръка), before No trumps doubles it."""

CAPOT_BONUS = 90
"""Валат: the bonus for taking all eight tricks; never doubled by No trumps."""

CARDS_PER_PLAYER = 8

MAX_HANGING = 10_000
"""Upper bound for hanging points carried in; far above any real game."""


def _is_int(value: object) -> TypeGuard[int]:
    """True for a whole number; ``True`` and ``False`` are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True, kw_only=True)
class ByTeam[T]:
    """A pair of values, one for each team."""

    us: T
    them: T

    def __getitem__(self, team: Team) -> T:
        return self.us if team is Team.US else self.them

    def swapped(self) -> ByTeam[T]:
        """The same pair with the team labels exchanged."""
        return ByTeam(us=self.them, them=self.us)

    @classmethod
    def of(cls, team: Team, mine: T, theirs: T) -> ByTeam[T]:
        """Build a pair from one team's value and the other team's value."""
        return cls(us=mine, them=theirs) if team is Team.US else cls(us=theirs, them=mine)


@dataclass(frozen=True, slots=True, kw_only=True)
class Declarations:
    """One team's accepted declarations, as counts of each kind."""

    tierce: int = 0
    quarte: int = 0
    quint: int = 0
    carre_jacks: int = 0
    carre_nines: int = 0
    carre: int = 0
    belot: int = 0

    def __post_init__(self) -> None:
        for name in _NAMES.values():
            count = getattr(self, name)
            if not _is_int(count):
                raise InvalidInputError("not_integer", name, value=repr(count))
            if count < 0:
                raise InvalidInputError("negative_count", name, value=count)

    def __getitem__(self, kind: Declaration) -> int:
        count: int = getattr(self, _NAMES[kind])
        return count

    def items(self) -> Iterator[tuple[Declaration, int]]:
        """(kind, count) for each kind declared at least once, in table order."""
        for kind, name in _NAMES.items():
            count: int = getattr(self, name)
            if count:
                yield kind, count

    @property
    def points(self) -> int:
        """Total points of these declarations, belots included."""
        return sum(DECLARATION_POINTS[kind] * count for kind, count in self.items())

    def __bool__(self) -> bool:
        return any(True for _ in self.items())


@dataclass(frozen=True, slots=True, kw_only=True)
class Pile:
    """The card points counted in one team's pile, at face value, without the last trick."""

    team: Team
    points: int


def _sequences_fit(declarations: Declarations) -> bool:
    """Can two players of eight cards each hold these sequences?"""
    counts = [declarations[kind] for kind in _SEQUENCE_CARDS]
    sizes = list(_SEQUENCE_CARDS.values())
    cards = sum(c * s for c, s in zip(counts, sizes, strict=True))
    if cards <= CARDS_PER_PLAYER:
        return True
    if cards > 2 * CARDS_PER_PLAYER:
        return False
    for split in product(*(range(c + 1) for c in counts)):
        first = sum(n * s for n, s in zip(split, sizes, strict=True))
        second = sum((c - n) * s for c, n, s in zip(counts, split, sizes, strict=True))
        if first <= CARDS_PER_PLAYER and second <= CARDS_PER_PLAYER:
            return True
    return False


def deal_problems(
    *,
    contract: object,
    bidder: object,
    doubling: object,
    pile: object,
    last_trick: object,
    capot: object,
    declarations: object,
    hanging_in: object,
) -> tuple[BelotError, ...]:
    """Every problem with these deal fields, in field order; empty when valid.

    Fields are the same as :class:`Deal`'s; the values may be of any type.
    """
    problems: list[BelotError] = []

    def check_enum(name: str, value: object, kind: type[enum.StrEnum]) -> None:
        if not isinstance(value, kind):
            problems.append(
                InvalidInputError("wrong_type", name, expected=kind.__name__, value=repr(value))
            )

    check_enum("contract", contract, Contract)
    check_enum("bidder", bidder, Team)
    check_enum("doubling", doubling, Doubling)
    check_enum("last_trick", last_trick, Team)
    if capot is not None:
        check_enum("capot", capot, Team)
    if not isinstance(pile, Pile):
        problems.append(InvalidInputError("wrong_type", "cards", expected="Pile", value=repr(pile)))
    else:
        check_enum("cards.team", pile.team, Team)
        if not _is_int(pile.points):
            problems.append(
                InvalidInputError("not_integer", "cards.points", value=repr(pile.points))
            )
        elif isinstance(contract, Contract) and not 0 <= pile.points <= contract.deck_points:
            problems.append(
                InvalidInputError(
                    "points_out_of_range",
                    "cards.points",
                    value=pile.points,
                    max=contract.deck_points,
                )
            )
    if not _is_int(hanging_in):
        problems.append(InvalidInputError("not_integer", "hanging_in", value=repr(hanging_in)))
    elif not 0 <= hanging_in <= MAX_HANGING:
        problems.append(
            InvalidInputError(
                "hanging_out_of_range", "hanging_in", value=hanging_in, max=MAX_HANGING
            )
        )
    if not (
        isinstance(declarations, ByTeam)
        and isinstance(declarations.us, Declarations)
        and isinstance(declarations.them, Declarations)
    ):
        problems.append(
            InvalidInputError(
                "wrong_type",
                "declarations",
                expected="ByTeam[Declarations]",
                value=repr(declarations),
            )
        )
    elif isinstance(contract, Contract):
        problems.extend(_declaration_problems(contract, declarations))
    if problems:
        return tuple(problems)
    # The fields are well formed; now the rules of the game.
    assert isinstance(pile, Pile) and isinstance(contract, Contract)
    if capot is not None:
        # "Capot: one team took all eight tricks. It then holds all card points and
        # the last trick."
        holds = pile.points if pile.team is capot else contract.deck_points - pile.points
        if holds != contract.deck_points or last_trick is not capot:
            problems.append(
                RuleViolationError(
                    "capot_without_all_tricks",
                    "capot",
                    team=str(capot),
                    points=holds,
                    deck=contract.deck_points,
                    last_trick=str(last_trick),
                )
            )
    return tuple(problems)


def _declaration_problems(
    contract: Contract, declarations: ByTeam[Declarations]
) -> Iterator[BelotError]:
    """Declarations that the contract or the deck cannot hold."""
    if contract is Contract.NO_TRUMPS:
        # "No declarations and no belots exist in No trumps."
        for team in Team:
            if declarations[team]:
                yield RuleViolationError(
                    "declarations_in_no_trumps", f"declarations.{team}", team=str(team)
                )
        return
    belots = declarations.us.belot + declarations.them.belot
    if belots > contract.max_belots:
        team = Team.US if declarations.us.belot > contract.max_belots else Team.THEM
        yield RuleViolationError(
            "too_many_belots",
            f"declarations.{team}.belot",
            count=belots,
            max=contract.max_belots,
            contract=str(contract),
        )
    for kind, in_deck in _CARRES_IN_DECK.items():
        count = declarations.us[kind] + declarations.them[kind]
        if count > in_deck:
            team = Team.US if declarations.us[kind] > in_deck else Team.THEM
            yield RuleViolationError(
                "too_many_carres",
                f"declarations.{team}.{kind}",
                kind=str(kind),
                count=count,
                max=in_deck,
            )
    for team in Team:
        if not _sequences_fit(declarations[team]):
            yield RuleViolationError("too_many_sequences", f"declarations.{team}", team=str(team))


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """One deal as the players enter it.

    ``pile`` is the card points of ONE pile (usually the smaller), at face value
    and without the last trick; the other pile is the deck's total minus it.
    ``hanging_in`` is game points still hanging from earlier deals.
    """

    contract: Contract
    bidder: Team
    pile: Pile
    last_trick: Team
    doubling: Doubling = Doubling.NONE
    capot: Team | None = None
    declarations: ByTeam[Declarations] = field(
        default_factory=lambda: ByTeam(us=Declarations(), them=Declarations())
    )
    hanging_in: int = 0

    def __post_init__(self) -> None:
        problems = deal_problems(
            contract=self.contract,
            bidder=self.bidder,
            doubling=self.doubling,
            pile=self.pile,
            last_trick=self.last_trick,
            capot=self.capot,
            declarations=self.declarations,
            hanging_in=self.hanging_in,
        )
        if problems:
            raise problems[0]

    @property
    def defenders(self) -> Team:
        """The team that did not bid."""
        return self.bidder.other

    def card_points(self) -> ByTeam[int]:
        """Each team's card points at face value (before No trumps doubles them)."""
        mine = self.pile.points
        return ByTeam.of(self.pile.team, mine, self.contract.deck_points - mine)

    def swapped(self) -> Deal:
        """The same deal with the team labels exchanged."""
        return Deal(
            contract=self.contract,
            bidder=self.bidder.other,
            pile=Pile(team=self.pile.team.other, points=self.pile.points),
            last_trick=self.last_trick.other,
            doubling=self.doubling,
            capot=None if self.capot is None else self.capot.other,
            declarations=self.declarations.swapped(),
            hanging_in=self.hanging_in,
        )
