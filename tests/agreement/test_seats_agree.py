"""When a game without a dealer is asked "who deals now?", the book writes the first
dealer at once (widget/book/seats.js firstDealerFor: the seat tapped, `played` deals
back). Over every seat and every number of deals a game can hold, that first dealer is
the one the core's rotation (`belot_core.table.dealer_of`) makes deal now; and on real
games, the core's own answer for who deals next is the seat tapped."""

from __future__ import annotations

import json
from pathlib import Path

from node_answers import ask_widget

from belot_core.json_api import score_game_json
from belot_core.json_write import game_to_dict
from belot_core.sheet import MAX_DEALS
from belot_core.table import SEATS, dealer_of
from sample_games import sample_game  # tools/, on pytest's path

ROOT = Path(__file__).resolve().parents[2]
ASKED = [[seat, played] for seat in range(SEATS) for played in range(MAX_DEALS + 1)]


def widget(asked: list[list[int]]) -> list[int]:
    answers: list[int] = ask_widget(ROOT / "tests" / "agreement" / "seats.mjs", asked)
    return answers


def test_the_first_dealer_written_makes_the_seat_tapped_deal_now() -> None:
    for (seat, played), first in zip(ASKED, widget(ASKED), strict=True):
        assert 0 <= first < SEATS, (seat, played, first)
        assert dealer_of(first, played) == seat, (seat, played, first)


def test_the_cores_next_dealer_is_the_seat_tapped_on_real_games() -> None:
    asked = [[seat, played] for seat in range(SEATS) for played in (0, 1, 2, 3, 7, 12)]
    for (seat, played), first in zip(asked, widget(asked), strict=True):
        game = game_to_dict(sample_game(played, 40 + played)) | {"version": 1, "dealer": first}
        reply = json.loads(score_game_json(json.dumps(game)))
        assert reply["ok"], reply
        assert reply["result"]["next_dealer"] == seat, (seat, played, first)
