"""Who deals, in Firefox and WebKit: an old game without a dealer asks who deals now;
one tap on a seat, then the deal passes after every deal — a pass included — and an
Undo gives it back; after a reload it is still right. Who deals is compared with the
core's `next_dealer` in CPython (the widget never counts seats itself).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine_ui import (
    STORAGE_KEY,
    choose_dealer,
    dealer,
    enter,
    pressed_seat,
    record,
    undo,
    wait_game,
)
from games_store import seed, stored
from test_engine_sheet import NEW_DEAL, SAVED_DEALS, STORE

from belot_core.json_api import score_game_json

if TYPE_CHECKING:
    from conftest import Profile

# The seats in the order the deal passes, as the sheet names players without names.
SEATS = ["Us (1)", "Them (1)", "Us (2)", "Them (2)"]


def next_dealer(deals: list[dict[str, Any]], first: int) -> int:
    """Who deals next, as the core says it."""
    request = {"version": 1, "deals": deals, "dealer": first, "explain": "none"}
    reply = json.loads(score_game_json(json.dumps(request)))
    assert reply["ok"], reply
    seat: int = reply["result"]["next_dealer"]
    return seat


def test_the_deal_passes_round_the_table(profile: Profile, dist_url: str) -> None:
    page = profile.new_page(f"{dist_url}/en/scoring.html")
    seed(page, STORE, STORAGE_KEY)  # four deals (one passed), no dealer: an old game
    page.goto(f"{dist_url}/calculator/?lang=en")
    wait_game(page, len(SAVED_DEALS))
    assert dealer(page) is None  # none shown until one is chosen

    choose_dealer(page, 3)  # "Who deals now?": them[1]
    assert dealer(page, "Dealer: Them (2)") == "Dealer: Them (2)"
    first = int(stored_game(page, "dealer"))
    assert next_dealer(SAVED_DEALS, first) == 3  # the first deal's dealer, kept

    enter(page, NEW_DEAL)
    record(page)
    deals = wait_game(page, len(SAVED_DEALS) + 1)["game"]["deals"]
    want = f"Dealer: {SEATS[next_dealer(deals, first)]}"
    assert want == "Dealer: Us (1)"
    assert dealer(page, want) == want

    undo(page)  # the deal goes back into the form: the bar shows it, not who deals
    assert pressed_seat(page) == "Them (2)"
    record(page)  # recorded again
    assert dealer(page, "Dealer: Us (1)") == "Dealer: Us (1)"
    undo(page)

    page.reload()
    wait_game(page, len(SAVED_DEALS))
    assert dealer(page, "Dealer: Them (2)") == "Dealer: Them (2)"


def stored_game(page: Any, field: str) -> Any:
    """A field of the current game as saved, once it is there."""
    for _ in range(100):
        kept = stored(page, STORAGE_KEY)
        game = next(
            (g for g in (kept or {"games": []})["games"] if g["id"] == (kept or {}).get("current")),
            None,
        )
        if game is not None and field in game:
            return game[field]
        page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 50))")
    raise AssertionError(f"no {field} saved")
