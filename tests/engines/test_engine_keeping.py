"""Keeping the games in Firefox and WebKit: the state shown is what each engine answers.

Each engine is asked what it says itself (`navigator.storage.persisted()`, or no Storage
API at all), and the sheet's "Games on this device" must say the same before and after
the first game with a deal is saved (when the sheet asks `persist()`): Firefox ESR asks
the player with a prompt, which stays open under automation ("the browser is asking");
WebKitGTK has no `navigator.storage` ("this browser does not say") and, being WebKit in
a tab, hears once that the Home Screen keeps the games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine_ui import enter, keep_state, record, wait_game

if TYPE_CHECKING:
    from conftest import Profile

    from browsers import Browser

DEAL: dict[str, Any] = {
    "contract": "hearts", "bidder": "us", "doubling": "none",
    "cards": {"team": "us", "points": 82}, "last_trick": "us", "capot": None,
    "declarations": {"us": {"belot": 1}, "them": {}},
}  # fmt: skip
STATES = {
    "persisted": "Kept on this device: the browser will not clear these games on its own.",
    "best_effort": "The browser may clear these games if it needs room, or if the site is not opened for a while. Keep a backup.",
    "asking": "The browser is asking whether to keep these games on this device: allow it, so that it does not clear them on its own.",
    "unsupported": "This browser does not say whether it will keep these games: it may clear them. Keep a backup.",
}  # fmt: skip

# What the engine says itself, asked directly.
ENGINE = """async () => {
  const storage = navigator.storage;
  if (typeof storage?.persist !== "function") return { api: false, webkit: navigator.vendor === "Apple Computer, Inc." };
  return { api: true, persisted: await storage.persisted(), webkit: navigator.vendor === "Apple Computer, Inc." };
}"""


def test_the_state_shown_is_what_the_engine_answers(
    browser: Browser, profile: Profile, dist_url: str
) -> None:
    page = profile.new_page(f"{dist_url}/calculator/?lang=en")
    wait_game(page, 0)
    engine = page.evaluate(ENGINE)
    before = keep_state(page)
    if not engine["api"]:
        assert before["state"] == "unsupported", before
    else:
        assert before["state"] == ("persisted" if engine["persisted"] else "best_effort"), before
    assert before["text"] == STATES[before["state"]]
    assert before["notice"] is None, "nothing is said before a game is saved"

    enter(page, DEAL)
    record(page)
    wait_game(page, 1)
    if engine["api"] and not engine["persisted"]:
        # persist() was asked: the sheet shows the engine's answer, or its open question.
        after = keep_state(page, settled="best_effort")
        answer = page.evaluate("() => navigator.storage.persisted()")
        if after["state"] == "asking":
            assert answer is False, "a question still open: nothing granted yet"
        else:
            assert after["state"] == ("persisted" if answer else "best_effort"), (after, answer)
    else:
        after = keep_state(page, notice="install" if engine["webkit"] else None)
        assert after["state"] == before["state"], after
    assert after["text"] == STATES[after["state"]]
    if browser.engine == "firefox":
        assert after["state"] == "asking", "Firefox asks the player: its prompt is open"
    if browser.engine == "webkit":
        assert after["state"] == "unsupported", "WebKitGTK has no Storage API"

    # WebKit in a tab, its games not kept: the Home Screen is said once, never again.
    if engine["webkit"] and after["state"] != "persisted":
        assert after["notice"] is not None and after["notice"]["kind"] == "install", after
        assert "Add the calculator to your Home Screen" in after["notice"]["text"]
    else:
        assert after["notice"] is None, after
    page.reload()
    wait_game(page, 1)
    assert keep_state(page)["notice"] is None, "said once"
