"""A pile entered as its cards (issue 24), in a deal and through the JSON contract.

Its points and its explanation, every refusal with its code and words in both
languages, what is written back, and the properties that must always hold: for
any set of cards the points are the table's sum, sets that cannot be a pile are
refused with the code that says why, and a deck dealt at random into tricks
scores the same with one pile's cards as with its points typed.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    capot_deals,
    card_sets,
    contracts,
    counted_deals,
    names,
    piles_of,
    teams,
    tricks_dealt,
)

from belot_core import (
    CARD_POINTS,
    DECK,
    BelotError,
    Card,
    Contract,
    Deal,
    InvalidInputError,
    Names,
    Pile,
    RuleViolationError,
    Team,
    game_link,
    read_game_link,
    render,
    score_deal,
)
from belot_core.cards import (
    CARDS_PER_TRICK,
    TRICKS,
)
from belot_core.errors import Param
from belot_core.i18n import MESSAGES
from belot_core.json_api import (
    deal_from_dict,
    deal_to_dict,
    game_from_dict,
    game_to_dict,
    score_deal_json,
    score_game_json,
)

# --- the words of a counted pile ----------------------------------------------------------


def test_counts_of_cards_and_tricks_take_their_noun() -> None:
    step: dict[str, Param] = {"team": "us", "cards": 1, "points": 20}
    assert render("pile_cards", step, "bg") == "Нашата купчина: 1 карта, 20 точки."
    assert render("pile_cards", step, "en") == "Our pile: 1 card, 20 points."
    over: dict[str, Param] = {"tricks": 1, "holds": 4, "count": 5}
    assert render("cards_over_tricks", over, "bg") == (
        "В 1 ръка има 4 карти, а избраните карти са повече: 5."
    )
    assert render("cards_over_tricks", over, "en") == (
        "There are 4 cards in 1 trick, and more cards are chosen: 5."
    )


# --- a pile of cards in a deal ----------------------------------------------------------

#: Rule-book case 12 (hearts, we bid, our pile 82, last trick ours, our tierce → 11 / 7)
#: with our pile entered as its eight cards with points, in three tricks.
CASE_12: dict[str, Any] = {
    "version": 1,
    "contract": "hearts",
    "bidder": "us",
    "cards": {
        "team": "us",
        "cards": ["JH", "9H", "AH", "10H", "AS", "10S", "KS", "JS"],
        "tricks": 3,
    },
    "last_trick": "us",
    "declarations": {"us": {"tierce": 1}, "them": {}},
}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(score_deal_json(json.dumps(request)))
    return reply


def test_a_pile_of_cards_scores_as_its_points_typed() -> None:
    counted = answer(CASE_12)["result"]
    typed = answer({**CASE_12, "cards": {"team": "us", "points": 82}})["result"]
    assert counted["record"] == typed["record"] == {"us": 11, "them": 7}
    assert counted["pile"] == {"team": "us", "cards": 8, "points": 82}
    assert "pile" not in typed
    first, *rest = counted["explanation"]
    assert rest == typed["explanation"]
    assert first == {
        "code": "pile_cards",
        "params": {
            "team": "us",
            "cards": 8,
            "points": 82,
            "tricks": 3,
            "pile": ["9H", "10H", "JH", "AH", "10S", "JS", "KS", "AS"],
        },
        "message": {
            "bg": "Нашата купчина: 8 карти, 82 точки.",
            "en": "Our pile: 8 cards, 82 points.",
        },
    }


def test_the_explanation_names_the_team_as_the_players_do() -> None:
    step: dict[str, Param] = {"team": "them", "cards": 9, "points": 64}
    assert render("pile_cards", step, "bg") == "Вашата купчина: 9 карти, 64 точки."
    assert render("pile_cards", step, "en") == "Their pile: 9 cards, 64 points."
    named = Names(them="Иван и Петър")
    assert render("pile_cards", step, "bg", named) == (
        "Купчината на Иван и Петър: 9 карти, 64 точки."
    )
    assert render("pile_cards", step, "en", named) == "Иван и Петър's pile: 9 cards, 64 points."


def test_a_pile_keeps_its_cards_when_written_back() -> None:
    request = {**CASE_12, "cards": {"team": "us", "cards": ["TS", "AS", "JH"]}}
    deal = deal_from_dict(request)
    assert deal.pile == Pile.counted(
        team=Team.US, cards=["JH", "10S", "AS"], contract=Contract.HEARTS
    )
    # In the deck's order and spelling; no tricks given, none written.
    assert deal_to_dict(deal)["cards"] == {"team": "us", "cards": ["JH", "10S", "AS"]}
    assert deal_to_dict(deal_from_dict(CASE_12))["cards"] == CASE_12["cards"] | {
        "cards": ["9H", "10H", "JH", "AH", "10S", "JS", "KS", "AS"]
    }


def test_a_saved_game_keeps_what_was_entered() -> None:
    deal = {key: value for key, value in CASE_12.items() if key != "version"}
    typed = {**deal, "cards": {"team": "them", "points": 70}}
    game = {"version": 1, "deals": [deal, typed]}
    sheet = game_from_dict(game)
    saved = game_to_dict(sheet)
    assert [entry["cards"] for entry in saved["deals"]] == [
        deal_to_dict(deal_from_dict(CASE_12))["cards"],
        {"team": "them", "points": 70},
    ]
    assert game_from_dict(json.loads(json.dumps(saved))) == sheet
    rows = json.loads(score_game_json(json.dumps(saved)))["result"]["rows"]
    assert rows[0]["pile"] == {"team": "us", "cards": 8, "points": 82}
    assert "pile" not in rows[1]
    assert rows[0]["explanation"][0]["code"] == "pile_cards"


def test_a_link_carries_a_counted_piles_cards() -> None:
    """Format 2 of the link keeps what was entered: the cards, and the points they count."""
    sheet = game_from_dict(
        {"version": 1, "deals": [{k: v for k, v in CASE_12.items() if k != "version"}]}
    )
    read = read_game_link(game_link(sheet))
    assert read == sheet
    deal = read.deals[0]
    assert isinstance(deal, Deal) and deal.pile == sheet.deals[0].pile  # type: ignore[union-attr]
    assert deal.pile.cards is not None and deal.pile.points == 82
    assert [row.record for row in read.rows] == [row.record for row in sheet.rows]


def test_pile_counted_refuses_a_card_twice_and_a_non_card() -> None:
    with pytest.raises(InvalidInputError) as twice:
        Pile.counted(team=Team.US, cards=["JH", Card.parse("JH")], contract=Contract.HEARTS)
    assert (twice.value.code, twice.value.params["card"]) == ("card_twice", "JH")
    with pytest.raises(InvalidInputError, match="unknown_card"):
        Pile.counted(team=Team.US, cards=["JH", "ZZ"], contract=Contract.HEARTS)


def test_a_pile_shows_its_cards_in_the_decks_order() -> None:
    pile = Pile.counted(team=Team.US, cards=["AS", "JH", "9H"], contract=Contract.HEARTS)
    assert repr(pile) == (
        "Pile(team=<Team.US: 'us'>, points=45, cards=frozenset({Card.parse('9H'), "
        "Card.parse('JH'), Card.parse('AS')}), tricks=None)"
    )
    assert pile.swapped() == replace(pile, team=Team.THEM)


# --- refusals ---------------------------------------------------------------------------

#: The cards of the deck with points in hearts (21 of them: 11 are worth nothing).
WITH_POINTS = [card.code for card in DECK if CARD_POINTS[Contract.HEARTS][card]]


def pile(cards: Any, **more: Any) -> dict[str, Any]:
    return {**CASE_12, "declarations": {}, "cards": {"team": "us", "cards": cards, **more}}


#: (id, request, [(code, field, params)]): every way a pile of cards is refused.
REFUSED: list[tuple[str, dict[str, Any], list[tuple[str, str, dict[str, Any]]]]] = [
    (
        "unknown card",
        pile(["JH", "ZZ", 7]),
        [
            ("unknown_card", "cards.cards[1]", {"value": "ZZ"}),
            ("wrong_type", "cards.cards[2]", {"expected": "string", "value": "7"}),
        ],
    ),
    (
        "a card twice",
        pile(["JH", "9H", "JH", "TS", "10S"]),
        [
            ("card_twice", "cards.cards[2]", {"card": "JH", "first": 0}),
            ("card_twice", "cards.cards[4]", {"card": "10S", "first": 3}),
        ],
    ),
    (
        "more than the deck",
        pile([card.code for card in DECK] + ["JH"]),
        [("too_many_cards", "cards.cards", {"count": 33, "max": 32})],
    ),
    (
        "not a list",
        pile("JH 9H"),
        [("wrong_type", "cards.cards", {"expected": "array", "value": '"JH 9H"'})],
    ),
    (
        "points and cards",
        pile(["JH"], points=20),
        [("points_and_cards", "cards", {})],
    ),
    (
        "neither",
        {**CASE_12, "cards": {"team": "us"}},
        [("missing_field", "cards.points", {"name": "cards.points"})],
    ),
    (
        "tricks without cards",
        {**CASE_12, "cards": {"team": "us", "points": 82, "tricks": 3}},
        [("tricks_without_cards", "cards.tricks", {})],
    ),
    (
        "tricks not a number",
        pile(["JH"], tricks="3"),
        [("not_integer", "cards.tricks", {"value": '"3"'})],
    ),
    (
        "nine tricks",
        pile(["JH"], tricks=9),
        [("tricks_out_of_range", "cards.tricks", {"value": 9, "max": 8})],
    ),
    (
        "more cards than the tricks hold",
        pile(["JH", "9H", "AH", "10H", "KH"], tricks=1),
        [("cards_over_tricks", "cards.tricks", {"tricks": 1, "holds": 4, "count": 5})],
    ),
    (
        "fewer cards than the tricks hold",
        pile(["JH"], tricks=4),
        [
            (
                "cards_under_tricks",
                "cards.tricks",
                {"tricks": 4, "holds": 16, "count": 1, "fill": 11},
            )
        ],
    ),
    (
        "not whole tricks",
        pile([card.code for card in DECK if card.code != "JH"]),
        [("cards_not_whole_tricks", "cards.cards", {"count": 31})],
    ),
    (
        "eight tricks and no capot",
        pile(WITH_POINTS, tricks=8),
        [("tricks_mean_capot", "capot", {"team": "us", "tricks": 8})],
    ),
    (
        "no tricks and no capot",
        pile([], tricks=0),
        [("tricks_mean_capot", "capot", {"team": "them", "tricks": 0})],
    ),
    (
        "the whole deck and no capot",
        pile([card.code for card in DECK]),
        [("tricks_mean_capot", "capot", {"team": "us", "tricks": 8})],
    ),
    (
        "a capot's pile without every card with points",
        {**pile([code for code in WITH_POINTS if code not in ("JH", "AS")]), "capot": "us"},
        [("capot_pile_incomplete", "cards.cards", {"team": "us", "missing": ["JH", "AS"]})],
    ),
    (
        "a card in the pile of a team that took no trick",
        {**pile(["7C"]), "cards": {"team": "them", "cards": ["7C"]}, "capot": "us"},
        [("capot_pile_not_empty", "cards.cards", {"team": "us", "count": 1})],
    ),
    (
        "a capot's pile of seven tricks",
        {**pile(WITH_POINTS, tricks=7), "capot": "us"},
        [("capot_needs_tricks", "cards.tricks", {"team": "us", "tricks": 7, "needed": 8})],
    ),
]


@pytest.mark.parametrize(
    ("request_", "expected"), [case[1:] for case in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_a_pile_that_cannot_be_is_refused_in_the_players_words(
    request_: dict[str, Any], expected: list[tuple[str, str, dict[str, Any]]]
) -> None:
    reply = answer(request_)
    assert reply["ok"] is False
    assert [(e["code"], e["field"], e["params"]) for e in reply["errors"]] == expected
    for error in reply["errors"]:
        for language in ("bg", "en"):
            words = error["message"][language]
            assert words != error["code"] and "?" not in words and "{" not in words


def test_every_refusal_code_is_refused_here_and_has_words() -> None:
    """Each card code of the contract has its own words in both languages."""
    codes = {code for _, _, errors in REFUSED for code, _, _ in errors}
    cards = {
        "unknown_card",
        "card_twice",
        "too_many_cards",
        "points_and_cards",
        "tricks_without_cards",
        "tricks_out_of_range",
        "cards_over_tricks",
        "cards_under_tricks",
        "cards_not_whole_tricks",
        "tricks_mean_capot",
        "capot_pile_incomplete",
        "capot_pile_not_empty",
        "capot_needs_tricks",
    }
    assert cards <= codes
    for code in [*cards, "cards_points_mismatch", "pile_cards"]:
        for language in ("bg", "en"):
            assert any(key.split(".")[0] == language for key in MESSAGES[code]), (code, language)


def test_a_capots_pile_is_the_whole_deck() -> None:
    """Rule-book case 18 (hearts, our capot → 25 / 0) with our pile as its cards."""
    for cards in (WITH_POINTS, [card.code for card in DECK]):
        for tricks in ({}, {"tricks": 8}):
            reply = answer({**pile(cards, **tricks), "capot": "us"})
            assert reply["result"]["record"] == {"us": 25, "them": 0}
            assert reply["result"]["pile"]["points"] == 152
    # Their pile, then, is empty: no cards, no tricks.
    for tricks in ({}, {"tricks": 0}):
        empty = {**CASE_12, "declarations": {}, "cards": {"team": "them", "cards": [], **tricks}}
        reply = answer({**empty, "capot": "us"})
        assert reply["result"]["record"] == {"us": 25, "them": 0}


def test_python_refuses_a_pile_whose_points_are_not_its_cards() -> None:
    counted = Pile.counted(team=Team.US, cards=["JH"], contract=Contract.HEARTS)
    fields: dict[str, Any] = {"contract": Contract.HEARTS, "bidder": Team.US, "last_trick": Team.US}
    with pytest.raises(InvalidInputError) as caught:
        Deal(**fields, pile=replace(counted, points=21))
    assert (caught.value.code, caught.value.field) == ("cards_points_mismatch", "cards.points")
    assert dict(caught.value.params) == {"value": 21, "counted": 20}
    for bad, code in (
        (replace(counted, cards=["JH"]), "wrong_type"),  # type: ignore[arg-type]
        (replace(counted, tricks=1.5), "not_integer"),  # type: ignore[arg-type]
        (replace(counted, tricks=-1), "tricks_out_of_range"),
        (Pile(team=Team.US, points=20, tricks=1), "tricks_without_cards"),
    ):
        with pytest.raises(InvalidInputError) as refused:
            Deal(**fields, pile=bad)
        assert refused.value.code == code
    with pytest.raises(RuleViolationError, match="cards_over_tricks"):
        Deal(**fields, pile=replace(counted, tricks=0))


# --- properties -------------------------------------------------------------------------


@given(card_sets, contracts)
def test_any_cards_count_to_the_sum_of_the_tables_values(
    cards: frozenset[Card], contract: Contract
) -> None:
    """For any set of cards and any contract, the core's points are the table's sum
    (test_cards.py checks the table against the rule book's words), in Python and in
    the JSON answer."""
    pile = Pile.counted(team=Team.US, cards=cards, contract=contract)
    assert pile.points == sum(CARD_POINTS[contract][card] for card in cards)
    reply = answer(listed(cards, contract))
    if reply["ok"]:
        assert reply["result"]["pile"]["points"] == pile.points
        assert reply["result"]["explanation"][0]["params"]["points"] == pile.points


def listed(cards: frozenset[Card], contract: Contract, **more: Any) -> dict[str, Any]:
    """A deal request in ``contract`` whose pile (ours) is ``cards``, with ``more`` fields
    of the pile (``tricks``)."""
    return {
        "version": 1,
        "contract": contract.value,
        "bidder": "us",
        "cards": {"team": "us", "cards": [card.code for card in cards], **more},
        "last_trick": "us",
    }


def fits(cards: frozenset[Card], contract: Contract, tricks: int) -> bool:
    """Can a pile of ``tricks`` tricks hold ``cards`` and, to fill it, cards worth nothing
    that are not among them? (Every card with points not listed is the other pile's.)"""
    free = [card for card in DECK if not CARD_POINTS[contract][card] and card not in cards]
    return len(cards) <= CARDS_PER_TRICK * tricks <= len(cards) + len(free)


@given(card_sets, contracts)
def test_a_set_of_cards_is_a_pile_when_whole_tricks_can_hold_it(
    cards: frozenset[Card], contract: Contract
) -> None:
    """Without a capot a pile is 1 to 7 tricks; any other set is refused, with the
    code that says why."""
    reply = answer(listed(cards, contract))
    can = any(fits(cards, contract, tricks) for tricks in range(1, TRICKS))
    assert reply["ok"] is can
    if not can:
        codes = [error["code"] for error in reply["errors"]]
        whole_deck = fits(cards, contract, TRICKS)
        assert codes == ["tricks_mean_capot" if whole_deck else "cards_not_whole_tricks"]


@given(card_sets, contracts, st.integers(0, TRICKS))
def test_tricks_given_are_checked_against_the_cards(
    cards: frozenset[Card], contract: Contract, tricks: int
) -> None:
    codes = [
        error["code"] for error in answer(listed(cards, contract, tricks=tricks)).get("errors", [])
    ]
    if len(cards) > CARDS_PER_TRICK * tricks:
        assert codes == ["cards_over_tricks"]
    elif not fits(cards, contract, tricks):
        assert codes == ["cards_under_tricks"]
    elif tricks in (0, TRICKS):
        assert codes == ["tricks_mean_capot"]
    else:
        assert codes == []


@given(counted_deals | capot_deals)
def test_a_dealt_pile_scores_as_its_points_typed(deal: Deal) -> None:
    """The deck dealt at random into tricks: scoring with one pile's cards is scoring
    with its points typed, the explanation one step longer."""
    typed = replace(deal, pile=Pile(team=deal.pile.team, points=deal.pile.points))
    counted, plain = score_deal(deal), score_deal(typed)
    assert replace(counted, steps=plain.steps, counted=None) == plain
    assert counted.steps[0].code == "pile_cards" and counted.steps[1:] == plain.steps
    assert counted.counted == deal.pile
    # And through the JSON contract.
    reply = answer(deal_to_dict(deal))["result"]
    typed_reply = answer(deal_to_dict(typed))["result"]
    assert reply.pop("pile") == {
        "team": str(deal.pile.team),
        "cards": len(deal.pile.cards or ()),
        "points": deal.pile.points,
    }
    assert reply.pop("explanation")[1:] == typed_reply.pop("explanation")
    assert reply == typed_reply


@given(tricks_dealt(), contracts, teams)
def test_the_two_piles_of_a_deal_add_up_to_the_deck(
    dealt: tuple[tuple[Card, ...], tuple[Team, ...]], contract: Contract, team: Team
) -> None:
    piles = piles_of(*dealt)
    assert sorted(piles.us + piles.them, key=DECK.index) == list(DECK)
    mine = contract.points_of(piles[team])
    assert mine + contract.points_of(piles[team.other]) == contract.deck_points


@given(counted_deals | capot_deals)
def test_a_counted_deal_round_trips_and_mirrors(deal: Deal) -> None:
    assert deal_from_dict(json.loads(json.dumps(deal_to_dict(deal)))) == deal
    result, mirrored = score_deal(deal), score_deal(deal.swapped())
    assert mirrored.record == result.record.swapped()
    assert mirrored.steps[0].params["team"] == str(deal.pile.team.other)


@given(capot_deals)
def test_a_capots_pile(deal: Deal) -> None:
    """A capot's pile holds every card with points; the other team's holds none."""
    assert deal.capot is not None and deal.pile.cards is not None
    values = CARD_POINTS[deal.contract]
    held = {card for card in deal.pile.cards if values[card]}
    if deal.pile.team is deal.capot:
        assert held == {card for card in DECK if values[card]}
        assert deal.pile.points == deal.contract.deck_points
        # Leaving out any card with points is refused with that card.
        dropped = next(iter(held))
        fewer = deal_to_dict(deal)
        fewer["cards"]["cards"].remove(dropped.code)
        errors = answer(fewer)["errors"]
        assert [(e["code"], e["params"].get("missing")) for e in errors] == [
            ("capot_pile_incomplete", [dropped.code])
        ]
    else:
        assert deal.pile.cards == frozenset() and deal.pile.points == 0
        more = deal_to_dict(deal)
        more["cards"]["cards"] = ["7C"]
        more["cards"].pop("tricks", None)
        assert [e["code"] for e in answer(more)["errors"]] == ["capot_pile_not_empty"]


@given(counted_deals, names)
def test_a_counted_piles_words_have_every_parameter(deal: Deal, names_: Names) -> None:
    step = score_deal(deal).steps[0]
    for language in ("bg", "en"):
        assert "?" not in render(step.code, step.params, language)
        text = render(step.code, step.params, language, names_)
        assert f"{deal.pile.points} " in text and (names_[deal.pile.team] or "") in text


@given(st.lists(st.sampled_from([card.code for card in DECK]), max_size=40))
def test_a_list_of_cards_is_read_or_refused_never_raised(codes: list[str]) -> None:
    request = pile(codes)
    reply = answer(request)
    unique = len(set(codes)) == len(codes)
    if len(codes) > 32:
        assert [e["code"] for e in reply["errors"]] == ["too_many_cards"]
    elif not unique:
        assert {e["code"] for e in reply["errors"]} == {"card_twice"}
        assert len(reply["errors"]) == len(codes) - len(set(codes))
    if reply["ok"]:
        assert deal_from_dict(request).pile.cards == frozenset(map(Card.parse, codes))
    else:
        with pytest.raises(BelotError):
            deal_from_dict(request)
