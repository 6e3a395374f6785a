"""The score sheet's games on the device, as the browser tests see them.

The sheet keeps its games in IndexedDB (widget/store/idb-store.js): a database named by
the storage key, a record per game in "games", what could not be read in "aside", and
the game to open next in "meta". These helpers read it from a page of the origin, and
seed games the way an earlier version left them (one localStorage text, which the sheet
moves in when it opens).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

KEY = "belot-calculator"

# Reads the sheet's database without creating it: indexedDB.open() of a database that
# does not exist would make an empty one, which the sheet would then find without stores.
READ_STORE = """async (key) => {
  const names = (await indexedDB.databases()).map((db) => db.name);
  if (!names.includes(key)) return null;
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const stores = ["games", "meta", "aside"];
  if (!stores.every((name) => db.objectStoreNames.contains(name))) { db.close(); return null; }
  const tx = db.transaction(stores, "readonly");
  const read = (request) => new Promise((resolve) => { request.onsuccess = () => resolve(request.result); });
  const [games, current, aside] = await Promise.all([
    read(tx.objectStore("games").getAll()),
    read(tx.objectStore("meta").get("current")),
    read(tx.objectStore("aside").getAll()),
  ]);
  db.close();
  return { current: current ?? null, games, aside };
}"""

CLEAR_STORE = """async (key) => {
  localStorage.removeItem(key);
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(key);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}"""


class Evaluates(Protocol):
    """A Playwright page (or frame) of the sheet's origin."""

    def evaluate(self, expression: str, arg: Any = None, /) -> Any: ...


def stored(page: Evaluates, key: str = KEY) -> dict[str, Any] | None:
    """The games saved under `key`: {"current", "games", "aside"}, or None if there are none."""
    data: dict[str, Any] | None = page.evaluate(READ_STORE, key)
    return data


def stored_once(
    page: Evaluates, check: Callable[[dict[str, Any]], bool], key: str = KEY, timeout: float = 15.0
) -> dict[str, Any]:
    """The games saved under `key` once `check` holds of them. The sheet saves a change a
    moment after it shows it (under the games' lock, in one transaction), so a test that
    reads the store right after the screen may find it not yet written: it waits, as a
    reload a moment later would find it. Fails with what was stored at the end."""
    deadline = time.monotonic() + timeout
    while True:
        data = stored(page, key)
        if data is not None and check(data):
            return data
        if time.monotonic() > deadline:
            raise AssertionError(f"the store never held what was expected: {data!r}")
        time.sleep(0.1)


def content(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """`data` (as stored() gives it) without the records' revisions: what the games are,
    whichever save wrote them."""
    if data is None:
        return None
    games = [{k: v for k, v in game.items() if k != "rev"} for game in data["games"]]
    return {**data, "games": sorted(games, key=lambda game: str(game["id"]))}


def aside(page: Evaluates, key: str = KEY) -> list[dict[str, Any]]:
    """What was kept aside under `key`: [{reason, date, value}] (value as it was stored)."""
    data = stored(page, key)
    return [] if data is None else list(data["aside"])


def seed(page: Evaluates, store: dict[str, Any] | str, key: str = KEY) -> None:
    """Leave `store` (the store of earlier versions, or its text) where they kept it."""
    text = store if isinstance(store, str) else json.dumps(store)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])


def clear(page: Evaluates, key: str = KEY) -> None:
    """No games saved under `key` (the database and the old text removed)."""
    page.evaluate(CLEAR_STORE, key)
