"""Where the widget answers at once without asking the core (the other pile while
points are typed, a pile's running sum while cards are tapped, which spellings are
cards), its answers are the core's, over every input it can take.

Node runs the widget's own modules (answers.mjs) on the questions; the core answers
the same questions here. The running sum of a pile is a sum over its cards, so every
card in every contract is asked alone, and then many piles drawn at random."""

from __future__ import annotations

import itertools
import json
import pathlib
import random
import shutil
import subprocess
from typing import Any

import pytest

from belot_core import BelotError, Card, Contract, Team
from belot_core.cards import DECK
from belot_core.json_api import deal_from_dict

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CONTRACTS = [contract.value for contract in Contract]
#: Every string of up to three of these characters is asked as a card spelling.
SPELLING_CHARACTERS = "0123456789TJQKACDHSXtjcdhs "


def pile_questions() -> list[dict[str, Any]]:
    """Every pile the points box can hold, for every contract, team and capot."""
    questions = []
    for contract in [*CONTRACTS, None]:
        deck = Contract(contract).deck_points if contract else 152
        texts = [str(points) for points in range(-2, deck + 3)] + ["", "x", "1e2", " 7 ", "07"]
        for capot, team, text in itertools.product(("none", "us", "them"), ("us", "them"), texts):
            questions.append(
                {
                    "contract": contract,
                    "bidder": "us",
                    "last-trick": "them",
                    "capot": capot,
                    "pile-team": team,
                    "pile-points": text,
                }
            )
    return questions


def spellings() -> list[str]:
    return [
        "".join(chars)
        for length in (1, 2, 3)
        for chars in itertools.product(SPELLING_CHARACTERS, repeat=length)
    ]


def random_piles(count: int) -> list[tuple[list[str], str, str]]:
    chooser = random.Random(31)
    codes = [card.code for card in DECK]
    return [
        (
            chooser.sample(codes, chooser.randint(0, len(codes))),
            chooser.choice(CONTRACTS),
            chooser.choice(("us", "them")),
        )
        for _ in range(count)
    ]


@pytest.fixture(scope="module")
def asked() -> dict[str, Any]:
    singles = [([text], contract) for text in spellings() for contract in CONTRACTS]
    piles = random_piles(2000)
    return {
        "piles": pile_questions(),
        "codes": spellings(),
        "sums": singles + [(codes, contract) for codes, contract, _ in piles],
        "counts": piles,
    }


@pytest.fixture(scope="module")
def widget(asked: dict[str, Any]) -> dict[str, Any]:
    node = shutil.which("node") or "node"
    done = subprocess.run(
        [node, str(HERE / "answers.mjs")],
        input=json.dumps(asked),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    answers: dict[str, Any] = json.loads(done.stdout)
    return answers


def core_card(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except BelotError:
        return None


def test_the_other_pile_is_the_cores(asked: dict[str, Any], widget: dict[str, Any]) -> None:
    """piles() and the request's capot fill: what the widget shows under the points box
    is what the core reads from the request it sends (null: the core refuses it)."""
    assert len(widget["piles"]) == len(asked["piles"])
    for question, answer in zip(asked["piles"], widget["piles"], strict=True):
        request = answer["request"]
        try:
            deal = None if request is None else deal_from_dict(request)
        except BelotError:
            deal = None
        if deal is None:
            assert answer["piles"] is None, question
            continue
        points = deal.card_points()
        assert answer["piles"] == {team.value: points[team] for team in Team}, question


def test_a_spelling_is_a_card_exactly_when_the_core_reads_it(
    asked: dict[str, Any], widget: dict[str, Any]
) -> None:
    for text, code in zip(asked["codes"], widget["codes"], strict=True):
        card = core_card(text.strip())
        assert code == (None if card is None else card.code), repr(text)


def test_a_piles_running_sum_is_the_cores(asked: dict[str, Any], widget: dict[str, Any]) -> None:
    for (codes, contract), points in zip(asked["sums"], widget["sums"], strict=True):
        cards = {card for card in map(core_card, (code.strip() for code in codes)) if card}
        assert points == Contract(contract).points_of(cards), (codes, contract)


def test_the_count_of_tapped_cards_is_the_cores(
    asked: dict[str, Any], widget: dict[str, Any]
) -> None:
    """The grid's sums as cards are tapped: a card with no points is not in the grid
    (a tap on it does nothing); the other pile is the rest of the deck."""
    for (codes, contract, _team), answer in zip(asked["counts"], widget["counts"], strict=True):
        kind = Contract(contract)
        tapped = {card for card in map(Card.parse, codes) if kind.points_of([card])}
        assert answer["points"] == kind.points_of(tapped)
        assert answer["otherPoints"] == kind.deck_points - kind.points_of(tapped)
        assert answer["cards"] == [card.code for card in DECK if card in tapped]


def test_every_input_was_asked(asked: dict[str, Any]) -> None:
    assert len(asked["piles"]) > 6 * 3 * 2 * 150
    assert {"TS", "10S", "JH", "ts", "T", " JH"} <= set(asked["codes"])
