"""The score sheet in Firefox and WebKit: a saved game survives reloads and grows.

A game in the documented store format (docs/sheet.md, "What the sheet stores") is put
in localStorage, the standalone calculator loads it and the core scores it; one more
deal is recorded through the UI, and after a reload all of it is there. Every figure
is compared with score_game_json in CPython.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine_ui import STORAGE_KEY, enter, record, wait_game
from games_store import seed, stored

from belot_core.json_api import score_deal_json, score_game_json

if TYPE_CHECKING:
    from conftest import Profile

GAME_ID = "g-engines-test"
# A game in the store's format: a hanging deal, all passed, recontra with the hanging
# points carried in, No trumps with contra.
SAVED_DEALS: list[dict[str, Any]] = [
    {"contract": "diamonds", "bidder": "us", "doubling": "none",
     "cards": {"team": "us", "points": 81}, "last_trick": "them", "capot": None,
     "declarations": {"us": {}, "them": {}}},
    {"passed": True},
    {"contract": "spades", "bidder": "us", "doubling": "recontra",
     "cards": {"team": "us", "points": 100}, "last_trick": "us", "capot": None,
     "declarations": {"us": {}, "them": {}}},
    {"contract": "no_trumps", "bidder": "us", "doubling": "contra",
     "cards": {"team": "us", "points": 70}, "last_trick": "us", "capot": None,
     "declarations": {"us": {}, "them": {}}},
]  # fmt: skip
STORE = {
    "version": 1,
    "current": GAME_ID,
    "games": [
        {
            "id": GAME_ID,
            "created": "2026-11-28T19:30:00.000Z",
            "updated": "2026-11-28T20:05:00.000Z",
            "names": {"us": "", "them": ""},
            "deals": SAVED_DEALS,
        }
    ],
}
# Recorded through the UI: hearts with a belot.
NEW_DEAL: dict[str, Any] = {
    "contract": "hearts", "bidder": "us", "doubling": "none",
    "cards": {"team": "us", "points": 82}, "last_trick": "us", "capot": None,
    "declarations": {"us": {"belot": 1}, "them": {}},
}  # fmt: skip


def core_game(deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The game as the sheet asks for it: no row's explanation (it shows none)."""
    request = {"version": 1, "deals": deals, "explain": "none"}
    reply = json.loads(score_game_json(json.dumps(request)))
    assert reply["ok"], reply
    result: dict[str, Any] = reply["result"]
    return result


def expect_sheet(shown: dict[str, Any], deals: list[dict[str, Any]]) -> None:
    """The widget's game is these deals, scored as the core in CPython scores them."""
    assert shown["game"]["id"] == GAME_ID
    assert shown["game"]["deals"] == deals
    expected = core_game(deals)
    assert shown["result"] == expected
    totals = expected["totals"]
    assert shown["shown"] == {"us": str(totals["us"]), "them": str(totals["them"])}, shown["shown"]


def test_a_saved_game_loads_grows_through_the_ui_and_survives_a_reload(
    profile: Profile, dist_url: str
) -> None:
    page = profile.new_page(f"{dist_url}/en/scoring.html")  # the origin, no sheet on it
    seed(page, STORE, STORAGE_KEY)  # as an earlier version left it: moved in on opening
    page.goto(f"{dist_url}/calculator/?lang=en")
    expect_sheet(wait_game(page, len(SAVED_DEALS)), SAVED_DEALS)

    entered = enter(page, NEW_DEAL)
    request = entered["request"]
    # The sheet carries the hanging points in (none after the last saved deal).
    assert request["hanging_in"] == core_game(SAVED_DEALS)["hanging"]
    assert entered["result"] == json.loads(score_deal_json(json.dumps(request)))["result"]
    record(page)
    after = wait_game(page, len(SAVED_DEALS) + 1)
    stored_deal = after["game"]["deals"][-1]
    for field in ("contract", "bidder", "doubling", "cards", "last_trick", "capot"):
        assert stored_deal[field] == NEW_DEAL[field], (field, stored_deal)
    # The form sends what was announced; the core decides what counts.
    assert stored_deal["announced"]["us"].get("belot") == 1, stored_deal
    deals = [*SAVED_DEALS, stored_deal]
    expect_sheet(after, deals)

    page.reload()
    expect_sheet(wait_game(page, len(deals)), deals)
    kept = stored(page, STORAGE_KEY)
    assert kept is not None and kept["current"] == GAME_ID
    assert [game["deals"] for game in kept["games"] if game["id"] == GAME_ID] == [deals]
