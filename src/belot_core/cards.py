"""The deck: 32 cards, what each is worth, and what a pile of them can be.

The rule book's card values ("Contracts and raw points") are two small tables
by rank, :data:`TRUMP_POINTS` and :data:`PLAIN_POINTS`; which suits are trumps
is the contract's (:attr:`~belot_core.model.Contract.trumps`: one suit, every
suit in All trumps, none in No trumps), and
:func:`card_values` gives each card's points for a set of trump suits. The deck's
total in each contract (152, 248, 120) is worked out from these tables, not
written again.

A card is written in the JSON contract as its rank and its suit's letter:
``"JH"`` (the jack of hearts), ``"10S"``, ``"9C"``, ``"AD"`` -- ranks ``7 8 9 10
J Q K A``, suits ``C D H S`` (clubs ♣, diamonds ♦, hearts ♥, spades ♠), upper
case. ``T`` for the ten (``"TS"``) is read too, as card software often writes
it, and nothing else is: a spelling is accepted only when it cannot be another
card.

A pile is whole tricks of four cards. The players may list only the cards that
carry points (the widget's grid shows no others): the deck's cards worth
nothing fill the rest. :func:`possible_tricks` says how many tricks a pile of
the cards listed can hold; the checks that use it are the deal's
(:func:`~belot_core.model.deal_problems`).
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from .errors import InvalidInputError, echo

__all__ = [
    "CARDS_PER_TRICK",
    "DECK",
    "HUNDRED_CARRE_RANKS",
    "PLAIN_POINTS",
    "TRICKS",
    "TRUMP_POINTS",
    "Card",
    "Rank",
    "Suit",
    "card_values",
    "in_deck_order",
    "possible_tricks",
    "spellings",
]

TRICKS = 8
"""Tricks in a deal: each of the four players plays eight cards."""

CARDS_PER_TRICK = 4
"""Cards in a trick: one from each player."""


class Suit(enum.StrEnum):
    """The four suits; a suit contract's value is its suit's (``"hearts"``)."""

    CLUBS = "clubs"
    """Спатия ♣, written ``C``."""
    DIAMONDS = "diamonds"
    """Каро ♦, written ``D``."""
    HEARTS = "hearts"
    """Купа ♥, written ``H``."""
    SPADES = "spades"
    """Пика ♠, written ``S``."""

    @property
    def letter(self) -> str:
        """The letter a card's code ends with: ``C``, ``D``, ``H``, ``S``."""
        return self.value[0].upper()


class Rank(enum.StrEnum):
    """The eight ranks of the belot deck, lowest first."""

    SEVEN = "seven"
    """7 (седмица)."""
    EIGHT = "eight"
    """8 (осмица)."""
    NINE = "nine"
    """9 (деветка): 14 in a trump suit, nothing in another."""
    TEN = "ten"
    """10 (десетка)."""
    JACK = "jack"
    """J, вале: 20 in a trump suit, 2 in another."""
    QUEEN = "queen"
    """Q, дама."""
    KING = "king"
    """K, поп."""
    ACE = "ace"
    """A, асо."""

    @property
    def code(self) -> str:
        """How a card's code begins: ``7 8 9 10 J Q K A``."""
        return _RANK_CODES[self]


HUNDRED_CARRE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)
"""The ranks of the carrés worth 100, highest first: the rule book's "Rank: jacks >
nines > aces > tens > kings > queens". Two teams with a 100-carré are asked whose is
higher; the question names these ranks so that nobody has to remember the order."""


_RANK_CODES = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}

#: "trumps J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 0, 7 0"
TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20,
    Rank.NINE: 14,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}

#: "non-trumps A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0"
PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class Card:
    """One card of the 32: a rank and a suit. Written ``"JH"`` (:attr:`code`)."""

    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise InvalidInputError(
                "wrong_type", "card", expected="Card", value=echo(f"{self.rank!r}, {self.suit!r}")
            )

    @property
    def code(self) -> str:
        """The card as the JSON contract writes it: rank and suit letter, ``"10S"``."""
        return f"{self.rank.code}{self.suit.letter}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written ``text`` (``"JH"``, ``"10S"``, or ``"TS"`` for the ten);
        raises :class:`~belot_core.errors.InvalidInputError` ``unknown_card``."""
        card = _BY_CODE.get(text) if isinstance(text, str) else None
        if card is None:
            raise InvalidInputError("unknown_card", "card", value=echo(str(text)))
        return card


DECK: tuple[Card, ...] = tuple(Card(rank=rank, suit=suit) for suit in Suit for rank in Rank)
"""The 32 cards in order: ♣ ♦ ♥ ♠, each from 7 to the ace."""

#: Every spelling read: the codes, and T for the ten.
_BY_CODE: dict[str, Card] = {card.code: card for card in DECK} | {
    f"T{card.suit.letter}": card for card in DECK if card.rank is Rank.TEN
}
_ORDER: dict[Card, int] = {card: index for index, card in enumerate(DECK)}


def spellings() -> dict[str, Card]:
    """Every spelling :meth:`Card.parse` reads, with its card: the codes, and T for a ten."""
    return dict(_BY_CODE)


def in_deck_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in the deck's order (:data:`DECK`): how a pile is written back."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def card_values(trumps: Collection[Suit]) -> dict[Card, int]:
    """Each card's points, in deck order, when ``trumps`` are the trump suits."""
    return {
        card: (TRUMP_POINTS if card.suit in trumps else PLAIN_POINTS)[card.rank] for card in DECK
    }


def possible_tricks(cards: Collection[Card], values: Mapping[Card, int]) -> range:
    """How many tricks a pile holding ``cards`` can be (empty: none), with ``values``
    each card's points.

    The pile is whole tricks of :data:`CARDS_PER_TRICK` cards: ``cards`` and as
    many of the deck's cards worth nothing as make them up (the players need not
    list those). Every card with points not in ``cards`` is in the other pile.
    So ``t`` tricks are possible when ``cards`` fit in them and the cards worth
    nothing can fill the rest: ``len(cards) <= 4t <= (cards with points) + (the
    deck's cards worth nothing)``.
    """
    worth_nothing = sum(1 for card in DECK if not values[card])
    with_points = sum(1 for card in cards if values[card])
    fewest = -(-len(cards) // CARDS_PER_TRICK)
    most = min(TRICKS, (with_points + worth_nothing) // CARDS_PER_TRICK)
    return range(fewest, most + 1)
