"""belot_core.cards: the deck, its values, and what a pile of cards can be.

The deck and the card values, checked against the rule book's words ("Contracts
and raw points"); the cards' spelling and their names as players say them; the
tricks a pile of cards can fill. A pile entered as its cards, in a deal and
through the JSON contract, is test_piles.py.
"""

from __future__ import annotations

import pytest

from belot_core import (
    CARD_POINTS,
    DECK,
    Card,
    Contract,
    InvalidInputError,
    Pile,
    Rank,
    Suit,
    Team,
)
from belot_core.cards import (
    CARDS_PER_TRICK,
    PLAIN_POINTS,
    TRICKS,
    TRUMP_POINTS,
    card_values,
    in_deck_order,
    possible_tricks,
)
from belot_core.i18n import CARD_NAMES, RANK_WORDS

# --- the deck and its values ------------------------------------------------------------

#: The rule book's values, as its text says them: "trumps J 20, 9 14, A 11, 10 10, K 4,
#: Q 3, 8 0, 7 0; non-trumps A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0" -- written here again,
#: apart from the core, so the core's table is checked against the rule book.
BOOK = {
    True: {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0},
    False: {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
}
#: "In All trumps every suit is trump, in No trumps none is"; a suit contract's suit is.
TRUMP_LETTERS = {
    Contract.CLUBS: "C",
    Contract.DIAMONDS: "D",
    Contract.HEARTS: "H",
    Contract.SPADES: "S",
    Contract.NO_TRUMPS: "",
    Contract.ALL_TRUMPS: "CDHS",
}


def book_points(contract: Contract, code: str) -> int:
    """A card's points by the rule book's words, from its code ("10S")."""
    rank, suit = code[:-1], code[-1]
    return BOOK[suit in TRUMP_LETTERS[contract]][rank]


def test_the_deck_is_32_cards_in_order() -> None:
    assert len(DECK) == len(set(DECK)) == 32 == TRICKS * CARDS_PER_TRICK
    assert [card.code for card in DECK[:8]] == ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]
    assert [card.suit for card in DECK[::8]] == list(Suit)
    assert {card.code[-1] for card in DECK} == {"C", "D", "H", "S"}
    assert in_deck_order(reversed(DECK)) == DECK


def test_suits_are_the_suit_contracts() -> None:
    assert [suit.value for suit in Suit] == [c.value for c in Contract if c.is_suit]
    assert [Contract(suit.value).trumps for suit in Suit] == [frozenset({suit}) for suit in Suit]
    assert Contract.ALL_TRUMPS.trumps == frozenset(Suit)
    assert Contract.NO_TRUMPS.trumps == frozenset()


@pytest.mark.parametrize("contract", Contract, ids=str)
def test_every_cards_value_is_the_rule_books(contract: Contract) -> None:
    table = CARD_POINTS[contract]
    assert list(table) == list(DECK)
    assert {card.code: points for card, points in table.items()} == {
        card.code: book_points(contract, card.code) for card in DECK
    }


@pytest.mark.parametrize(
    ("contract", "deck"),
    [
        (Contract.CLUBS, 152),
        (Contract.DIAMONDS, 152),
        (Contract.HEARTS, 152),
        (Contract.SPADES, 152),
        (Contract.ALL_TRUMPS, 248),
        (Contract.NO_TRUMPS, 120),
    ],
    ids=lambda value: str(value),
)
def test_the_deck_totals_are_the_rule_books_table(contract: Contract, deck: int) -> None:
    """ "a suit 152 | All trumps 248 | No trumps 120, then doubled" -- worked out from the cards."""
    assert contract.deck_points == sum(CARD_POINTS[contract].values()) == deck


def test_the_two_rank_tables_cover_every_rank() -> None:
    assert set(TRUMP_POINTS) == set(PLAIN_POINTS) == set(Rank)
    assert card_values(frozenset()) == CARD_POINTS[Contract.NO_TRUMPS]


@pytest.mark.parametrize("card", DECK, ids=str)
def test_a_card_is_read_back_from_its_code(card: Card) -> None:
    assert Card.parse(card.code) == card
    assert repr(card) == f"Card.parse({card.code!r})"
    assert str(card) == card.code


def test_the_ten_may_be_written_t() -> None:
    assert Card.parse("TS") == Card.parse("10S") == Card(rank=Rank.TEN, suit=Suit.SPADES)
    assert Card.parse("TS").code == "10S"


@pytest.mark.parametrize(
    "text", ["jh", "J", "H", "1H", "10", "JX", "JHH", " JH", "J♥", "", "01S", "1S", "T"]
)
def test_anything_else_is_not_a_card(text: str) -> None:
    with pytest.raises(InvalidInputError) as caught:
        Card.parse(text)
    assert caught.value.code == "unknown_card"
    assert caught.value.params["value"] == text


def test_a_card_is_a_rank_and_a_suit() -> None:
    with pytest.raises(InvalidInputError, match="wrong_type"):
        Card(rank="jack", suit=Suit.HEARTS)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("contract", "codes", "points"),
    [
        (Contract.HEARTS, ["JH", "9H", "AS"], 45),
        (Contract.HEARTS, ["JH", "9H", "AS", "10S", "KS", "QS", "JC", "7C", "8C"], 64),
        (Contract.SPADES, ["JH", "9H", "AS"], 13),
        (Contract.ALL_TRUMPS, ["JH", "9H", "AS", "JC"], 65),
        (Contract.NO_TRUMPS, ["JH", "9H", "AS", "JC"], 15),
        (Contract.CLUBS, [], 0),
    ],
    ids=lambda value: "-".join(value) if isinstance(value, list) else str(value),
)
def test_a_piles_points(contract: Contract, codes: list[str], points: int) -> None:
    cards = [Card.parse(code) for code in codes]
    assert contract.points_of(cards) == points
    assert Pile.counted(team=Team.US, cards=codes, contract=contract).points == points


@pytest.mark.parametrize(
    ("contract", "codes", "tricks"),
    [
        (Contract.HEARTS, [], range(0, 3)),  # up to two tricks of the 11 cards worth nothing
        (Contract.HEARTS, ["JH"], range(1, 4)),
        (Contract.HEARTS, ["JH", "9H", "AH", "10H", "KH"], range(2, 5)),
        (Contract.ALL_TRUMPS, ["7C", "8C", "7D", "8D", "7H", "8H", "7S", "8S"], range(2, 3)),
        (Contract.ALL_TRUMPS, ["7C", "8C", "7D", "8D", "7H", "8H", "7S", "8S", "AS"], range(3, 3)),
    ],
)
def test_possible_tricks(contract: Contract, codes: list[str], tricks: range) -> None:
    cards = [Card.parse(code) for code in codes]
    assert possible_tricks(cards, CARD_POINTS[contract]) == tricks


# --- the words ------------------------------------------------------------------------


def test_cards_are_named_as_players_say_them() -> None:
    assert list(RANK_WORDS["bg"].values()) == ["7", "8", "9", "10", "вале", "дама", "поп", "асо"]
    assert list(RANK_WORDS["en"].values()) == ["7", "8", "9", "10", "J", "Q", "K", "A"]
    assert list(RANK_WORDS["bg"]) == list(RANK_WORDS["en"]) == [rank.value for rank in Rank]
    assert CARD_NAMES["bg"]["JH"] == "вале ♥" and CARD_NAMES["bg"]["10C"] == "10 ♣"
    assert CARD_NAMES["en"]["QS"] == "Q♠" and CARD_NAMES["en"]["AD"] == "A♦"
    for language in ("bg", "en"):
        assert list(CARD_NAMES[language]) == [card.code for card in DECK]
        assert len(set(CARD_NAMES[language].values())) == 32
