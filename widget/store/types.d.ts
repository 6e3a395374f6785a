// The shapes of the game stores (store/idb-store.js, store/memory-store.js): the
// GameStore interface the book saves through. Types only: nothing here runs.

import type { Game, StoredGame } from "../book/types.js";

export type { StoredGame };

/** Why something was kept aside: a game no version reads, a name cut, an old store's text. */
export type AsideReason = "bad_game" | "names_cut" | "unreadable" | "unknown_version" | "rejected";

/** What load() says was kept aside (`version`: of an old store this one does not read). */
export type AsideNote = { reason: AsideReason; version?: string };

/** A record kept aside: never read back as a game. */
export type AsideRecord = { reason: AsideReason; date: string; value: unknown; version?: string };

/** Why a save failed: no room, or anything else (or the store taken away: its `lost`). */
export type StoreError = "full" | "failed" | "locked" | "deleted";

/** What a store says when it is taken away while open. */
export type LostReason = "locked" | "deleted";

/** A write's outcome: done (the new revision, null when removed), a conflict, or an error. */
export type Swap =
  | { ok: true; rev: string | null }
  | { conflict: true; theirs: StoredGame | null; ok?: undefined; error?: undefined }
  | { error: StoreError | null; ok?: undefined };

/** What a write beside the games answers. */
export type Written = { ok: true; error?: undefined } | { error: StoreError; ok?: undefined };

/** The GameStore interface (store/memory-store.js lists it in words). */
export interface GameStore {
  available: boolean;
  locked: boolean;
  lost: LostReason | null;
  open?(): Promise<boolean>;
  load(): Promise<{ games: Game[]; current: string | null; aside: AsideNote[] }>;
  put(game: Game, base: string | null): Promise<Swap>;
  remove(id: string, base: string | null): Promise<Swap>;
  get(ids: string[]): Promise<Map<string, StoredGame | null>>;
  keepAside(value: unknown, reason: AsideReason): Promise<Written>;
  asideRecords(): Promise<AsideRecord[]>;
  remember(id: string): void;
  readMeta(key: string): Promise<unknown>;
  writeMeta(key: string, value: unknown): Promise<Written>;
  subscribe(listener: (news: { ids: string[] }) => void): () => void;
  /** Optional for a store of one page only (then work runs at once). */
  lock?<T>(work: () => Promise<T>): Promise<T>;
  onLost?(listener: (reason: LostReason) => void): void;
  close(): void;
}
