// Fakes for keeping the games (store/persistence.js): the browser's Storage API as each
// engine answers it — granted, refused, a question left open (Firefox asks the player),
// or none at all (WebKitGTK) — a localStorage, and a book with its Persistence opened on
// a memory store, with a clock the test moves.

import { GameBook } from "../../../widget/book/game-book.js";
import { MemoryBackend } from "../../../widget/store/memory-store.js";
import { Persistence } from "../../../widget/store/persistence.js";
import { clock, fakeScorer, fakeTimers } from "./fakes.mjs";

/** navigator.storage: `persisted` now; persist() answers `grant`, or stays open until `answer(granted)` when `pending`. */
export function fakeStorage({ persisted = false, grant = false, pending = false } = {}) {
  const storage = {
    now: persisted,
    asked: 0,
    answer: null,
    async persisted() {
      return storage.now;
    },
    persist() {
      storage.asked++;
      if (!pending) {
        storage.now = storage.now || grant;
        return Promise.resolve(storage.now);
      }
      return new Promise((resolve) => {
        storage.answer = (granted) => {
          storage.now = granted;
          resolve(granted);
        };
      });
    },
  };
  return storage;
}

/** A localStorage (getItem/setItem) over `items`. */
export function fakeLocal(items = {}) {
  return {
    items,
    getItem: (key) => (Object.hasOwn(items, key) ? items[key] : null),
    setItem: (key, value) => {
      items[key] = String(value);
    },
  };
}

/** The browser as Persistence sees it; `install()` fires "appinstalled". */
export function fakeEnv({ storage = fakeStorage(), webkit = false, standalone = false, permission = "prompt", local = fakeLocal() } = {}) {
  const listeners = new Set();
  const env = {
    storage,
    webkit,
    standaloneNow: standalone,
    standalone: () => env.standaloneNow,
    permission: async () => permission,
    onInstalled: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    install: () => {
      for (const listener of listeners) listener();
    },
    local,
  };
  return env;
}

/** A clock at `start` the test moves with `days(n)`. */
export function testClock(start = "2026-03-01T19:00:00.000Z") {
  let now = new Date(start);
  const tick = () => new Date(now);
  tick.days = (n) => {
    now = new Date(now.getTime() + n * 24 * 60 * 60 * 1000);
  };
  return tick;
}

/**
 * A book on `backend` (one "device"; default a new one) with its Persistence, opened as the
 * sheet opens it; what the Persistence settles is awaited.
 */
export async function keptBook({ backend = new MemoryBackend(), env = fakeEnv(), now = testClock(), scorer = fakeScorer(), available = true } = {}) {
  const store = backend.store();
  store.available = available;
  const book = new GameBook({ scorer: () => scorer, store, clock, timers: fakeTimers() });
  const persistence = new Persistence({ book, storageKey: "k", env, clock: now });
  book.changes = [];
  book.addEventListener("change", (event) => book.changes.push(event.detail));
  await book.open();
  await settle(book, persistence);
  return { book, persistence, env, backend, now, scorer };
}

/** Everything the book and the persistence started is done. */
export async function settle(book, persistence) {
  for (let i = 0; i < 3; i++) {
    await book.saver.settled();
    await persistence.settled();
    await new Promise((resolve) => setImmediate(resolve));
  }
}
