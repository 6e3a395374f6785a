"""A game keeps its identity between two phones (issue 30): sent by link and by file
both ways, kept twice, it stays one game with the day it was played, and the
statistics still answer (two browser contexts: two phones that share nothing)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from games_store import seed as keep_on_device
from games_store import stored
from playwright.sync_api import BrowserContext, Page, expect
from test_travel import new_page, no_errors, phones, share_link, sheet_of

from belot_core import Names
from belot_core.json_api import game_to_dict
from sample_games import sample_game  # tools/, on pytest's path

__all__ = ["phones"]  # the fixture, used by name

PLAYED = "2026-05-14T18:30:00.000Z"
GAME_ID = "g-mp5k2x0g-1a2b3c4d"


def played(page: Page) -> list[dict[str, Any]]:
    """The games with deals on the phone."""
    data = stored(page) or {"games": []}
    return [game for game in data["games"] if game["deals"]]


def import_file(page: Page, path: Path) -> None:
    calculator = sheet_of(page)
    games = calculator.part("details.games")
    if games.get_attribute("open") is None:
        games.locator("summary").click()
    with page.expect_file_chooser() as chooser:
        games.locator("button.import-game").click()
    chooser.value.set_files(path)


def export_json(page: Page, tmp_path: Path, name: str) -> Path:
    calculator = sheet_of(page)
    share_link(calculator)
    with page.expect_download() as download:
        calculator.part("button.export-json").click()
    path = tmp_path / name
    download.value.save_as(path)
    return path


def test_a_game_sent_both_ways_and_kept_twice_stays_one_game(
    phones: tuple[BrowserContext, BrowserContext], dist_url: str, tmp_path: Path
) -> None:
    first, second = phones
    sender = new_page(first)
    sender.goto(f"{dist_url}/calculator/?lang=bg")
    game = game_to_dict(sample_game(9, 5, names=Names(us="Иван и Петър", them="Мария и Ана")))
    record = {
        "id": GAME_ID,
        "created": PLAYED,
        "updated": PLAYED,
        "names": game["names"],
        "seats": {"us": ["Иван", "Петър"], "them": ["Мария", "Ана"]},
        "match": {"id": "m-1", "to": 1},
        "deals": game["deals"],
    }
    keep_on_device(sender, {"version": 1, "current": GAME_ID, "games": [record]})
    sender.reload()
    calculator = sheet_of(sender)
    link = share_link(calculator)
    sent = export_json(sender, tmp_path, "sent.json")
    assert json.loads(sent.read_text("utf-8"))["id"] == GAME_ID

    receiver = new_page(second)
    for _ in range(2):  # kept from its link twice
        receiver.goto(link)
        other = sheet_of(receiver)
        other.part("button.keep-game").click()
        expect(other.part(".shared")).to_be_hidden()
        # Saved: the link leaves the address, so the next goto is a navigation of its own
        # (the same address again would be no navigation at all on a slow phone).
        expect(receiver).not_to_have_url(re.compile("#game="))
    import_file(receiver, sent)  # and from its file
    expect(sheet_of(receiver).part(".notices")).to_contain_text("вече е на това устройство")
    [kept] = played(receiver)
    assert (kept["id"], kept["created"]) == (GAME_ID, PLAYED), "its id and the day it was played"

    # The other way: the receiver's file back to the sender, still one game there.
    back = export_json(receiver, tmp_path, "back.json")
    import_file(sender, back)
    expect(sheet_of(sender).part(".notices")).to_contain_text("вече е на това устройство")
    assert [game["id"] for game in played(sender)] == [GAME_ID]

    # The statistics answer, with nothing to name and the CSV to download.
    stats = sheet_of(receiver).part("details.stats")
    stats.locator("summary").click()
    expect(stats.locator(".stats-entry").first).to_be_visible()
    expect(stats.locator(".stats-conflict")).to_have_count(0)
    expect(sheet_of(receiver).part("button.stats-csv")).to_be_enabled()
    no_errors(sender, receiver)
