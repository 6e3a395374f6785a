// The score sheet of <belot-calculator sheet>: a whole game to 151 under the calculator.
//
// The sheet keeps only what the players decided — the list of deals, in the core's
// game format — and asks the core (score_game_json, through the scorer's
// scoreGame) for everything else after every change: records, running totals, the
// hanging pot, the winner. An edit the core refuses (say, one that would end the
// game before later deals) is not applied; its message is shown instead.
//
// The element owns the form; the sheet uses it only through a SheetForm (below),
// and says when it has changed with a "change" event: the element then renders, and
// its next request reads the sheet's `pot`. Rendering the sheet writes only the
// sheet's own DOM: its section under the form, and the parts the view puts in the
// form's bar (the totals line, Record / Save / Cancel / New game, a refused change's
// message), beside the game (All passed) and above the form (the note while a deal
// is edited or the game is over). The element loads this module (with
// sheet/store.js, which keeps the games on the device) only when its `sheet`
// attribute is set. Games that travel — a link and its QR code, files, a game opened
// from a link, the games on this device — are in sheet/share.js, sheet/export.js and
// sheet/games-list.js; the games themselves stay here.
//
// Saving never loses a game without a word: a device that refuses (site data
// blocked, storage full) is said at once and tried again on the next change; a
// save made by another tab is joined game by game (sheet/store.js mergeStores),
// never overwritten, and followed here as soon as its `storage` event arrives.

import { MAX_NAME_LENGTH, NOUNS, TEAMS, VERSION } from "../core-tables.js";
import { afterNextFrame, h, setAttribute, setText } from "../ui/dom.js";
import { fileName, gameCsv, gameFile } from "./export.js";
import { GamesList, MAX_FILE_BYTES, UNDO_MS } from "./games-list.js";
import { dealsForAll, dealsFromNext } from "../deal/house-rules.js";
import { gameRequest } from "../deal/request.js";
import { rowRuleNote } from "../i18n/rule-words.js";
import { RulesPanel } from "./rules-panel.js";
import { clearLinkFromAddress, download, isGameLink, linkURL, SharedBanner, SharePanel } from "./share.js";
import { copyGame, mergeStores, newGame, parseStore, sameValue, SheetStorage } from "./store.js";
import { STORE_WORDS } from "../i18n/store-strings.js";
import { format, STRINGS } from "../i18n/strings.js";
import { plural } from "../i18n/format.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";
import { adoptTravelStyles } from "../styles/travel.js";

/**
 * What the sheet may do with the element's form:
 * `deal()` → the deal in the form as a game deal, once scored and valid, else null;
 * `save()` → the form's values, `restore(saved)` puts them back;
 * `load(deal)` fills the form with a recorded deal; `clear()` readies it for the
 * next deal (every fact of the deal cleared); `focus()` brings it into view and
 * focuses its first field; `announce(text)` says `text` in the form's one live region.
 * @typedef {object} SheetForm
 */
/**
 * What the sheet asks the core to explain: nothing. It shows no row's explanation
 * (tapping a row loads the deal into the form, which asks for its own), so a long
 * game's answer stays small (README "The JSON contract": `explain`).
 */
const EXPLAIN = Object.freeze({ explain: "none" });

/** At most this many notices are shown (the newest), each reason cut to MAX_REASON characters. */
const MAX_NOTICES = 5;
const MAX_REASON = 300;
const MAX_NOTICE = 600;

/** `text` cut to `max` characters, at a word if one is near, with an ellipsis. */
function clip(text, max) {
  text = String(text);
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(" ");
  return `${space > max * 0.8 ? head.slice(0, space) : head}…`;
}

const EMPTY_RESULT = Object.freeze({
  rows: [],
  totals: { us: 0, them: 0 },
  hanging: 0,
  winner: null,
  finished: false,
  unclaimed: 0,
  status: {
    code: "status_playing",
    params: { us: 0, them: 0 },
    message: { bg: "", en: "" },
  },
});

// One date format per language: making an Intl.DateTimeFormat costs about a millisecond,
// and the sheet shows a date for every game on the device.
const dateFormats = new Map();

function formatDate(iso, lang) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  try {
    if (!dateFormats.has(lang)) {
      dateFormats.set(lang, new Intl.DateTimeFormat(lang === "bg" ? "bg-BG" : "en-GB", { dateStyle: "medium", timeStyle: "short" }));
    }
    return dateFormats.get(lang).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace("T", " ");
  }
}

/** The team names to show: the game's own, or the defaults of `lang` (Ние/Вие, Us/Them). */
export function teamNames(game, lang) {
  const names = {};
  for (const team of TEAMS) names[team] = (game?.names?.[team] ?? "").trim() || STRINGS[lang].teams[team];
  return names;
}

/** A plain-text summary of a game, in the language of `s`. */
export function summaryText(game, result, s, lang, names = teamNames(game, lang)) {
  const t = s.sheet;
  const lines = [format(t.textTitle, { date: formatDate(game.created, lang) }), `${names.us} : ${names.them}`];
  (result?.rows ?? []).forEach((row, index) => {
    const n = `${index + 1}.`;
    if (row.passed) {
      lines.push(`${n} ${t.textPassed}`);
      return;
    }
    const notes = [];
    if (row.capot) notes.push(t.textCapot);
    if (row.hanging_out > 0) notes.push(format(t.textHanging, { points: row.hanging_out }));
    const note = notes.length ? ` (${notes.join(", ")})` : "";
    lines.push(`${n} ${row.record.us} : ${row.record.them}${note}`);
  });
  const totals = result?.totals ?? EMPTY_RESULT.totals;
  lines.push(`${t.textTotal}: ${names.us} ${totals.us} : ${totals.them} ${names.them}`);
  if (result?.winner) {
    lines.push(format(t.textWinner, { team: names[result.winner] }));
    if (result.unclaimed > 0) lines.push(format(t.textUnclaimed, { points: result.unclaimed }));
  } else {
    lines.push(statusText(result, lang));
    if (result?.hanging > 0) lines.push(format(t.textPot, { points: result.hanging }));
  }
  return lines.join("\n");
}

/** Where the game stands, in the core's words (its `status`), in `lang`. */
function statusText(result, lang) {
  const status = result?.status ?? EMPTY_RESULT.status;
  return status.message?.[lang] ?? status.message?.en ?? status.code;
}

/** The strings `s` with the words of games that travel (`s.travel`) and of saving them (`s.store`). */
function words(s, lang) {
  return s.store ? s : { ...s, travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang] };
}

/** A reply for a call the runtime could not answer (its message in both languages). */
function runtimeFailure(error) {
  const text = String(error?.message ?? error);
  return { ok: false, errors: [{ code: "runtime", message: { bg: text, en: text } }] };
}

/** The text of the core's errors (or a local message) in `lang`, at most `max` characters. */
function errorText(errors, lang, max = Infinity) {
  let text = "";
  for (const error of errors) {
    text += `${text ? " " : ""}${error.message?.[lang] ?? error.message?.en ?? error.code}`;
    if (text.length > max) break; // a game of 2,000 bad deals: no need to join them all
  }
  return clip(text, max);
}

export class ScoreSheet extends EventTarget {
  #form;
  #scorer;
  #target;
  #linkBase;
  #viewing = null; // {game, result}: a game opened from a link, shown read only
  #link = null; // a game link waiting for the games to be checked
  #deleted = null; // {game, index, current, result, timer}: a deleted game's Undo
  #gamesList; // games-list.js: the games on this device
  #sendPanel; // sheet-share.js: "Send the game" (link, QR code, files)
  #banner; // sheet-share.js: over a game opened from a link
  #lang = "bg";
  #storage;
  #data;
  #results = new Map(); // game id → the core's game result
  #notices = []; // [{key, params, errors?} or {text(s, lang)}, kind?, info?] shown until dismissed
  #noticesVersion = 0; // counts the changes of #notices
  #noticesShown = ""; // the language and version the notice list was built for
  #saving = "saved"; // "saved", or why not: "blocked" "full" "failed" "locked"
  #syncing = false; // another tab's save is being joined (#follow)
  #syncPending = false; // one more arrived meanwhile, or a write found it
  #validated = false;
  #validating = false;
  #editing = null; // index of the deal loaded into the form, or null
  #editedDeal = null; // that deal as it was when loaded (another tab may change it)
  #fixing = false; // the deal being edited is fixed for the Rules panel's pending rules
  #houseRules; // the Rules panel (sheet-rules.js)
  #draft = null; // the form's attributes before editing began
  #busy = false;
  #error = null; // [{message: {bg, en}}] from the last refused change
  #confirm = null; // {anchor, text(s), yes(s), action, back, root}: the open question
  #status = null; // {key, params}: copy/share status
  #live = null; // {key, params}: the last change, to announce once the sheet shows it
  #focusAfterRender = null;
  #rowsKey = ""; // the language and words the rows were built in
  #rowKeys = []; // per row, what it was built from
  #rowsFrom = null; // [result, editing, disabled] the rows were last checked against
  #textFrom = null; // [game, names, result, lang] the text summary was written from
  #gamesKey = "";
  #labels = [];
  ui = {};

  /**
   * `form`: a SheetForm; `scorer()` → the scorer (its `scoreGame`); `target`: where
   * the sheet's events go (the element); `storageKey`: see sheet/store.js;
   * `linkBase()` → the URL a game's link points at (the standalone calculator).
   */
  constructor({ storageKey, form, scorer, target, linkBase }) {
    super();
    this.#form = form;
    this.#scorer = scorer;
    this.#target = target;
    this.#linkBase = linkBase;
    this.#storage = new SheetStorage(storageKey);
    this.#build();
    this.#houseRules = new RulesPanel({
      apply: (rules, how) => this.#applyRules(rules, how),
      fix: (index) => this.#fixDeal(index),
      announce: (text) => this.#form.announce(text),
      totals: () => this.#result.totals,
      changed: () => this.#changedView(),
    });
    this.#houseRules.place(this.ui);
    this.#read();
    // Site data blocked: said at once, before anything is entered; the game lives in memory.
    if (!this.#storage.available) this.#savingProblem("blocked");
    globalThis.addEventListener("storage", this.#onStorage);
  }

  /** Stop following other tabs (the element turned its sheet off). */
  close() {
    globalThis.removeEventListener("storage", this.#onStorage);
  }

  /**
   * The sheet's DOM, for the view to place: `section` (the sheet under the form),
   * `note` (above the form), `gameAction` (All passed, beside the game), and in the
   * bar `totals`, `error` and `actions`.
   */
  get parts() {
    const ui = this.ui;
    return {
      section: ui.section,
      note: ui.formNote,
      gameAction: ui.passed,
      totals: ui.barTotals,
      error: ui.error,
      actions: [ui.record, ui.save, ui.barNewGame],
    };
  }
  get storageKey() {
    return this.#storage.key;
  }

  /** The current game, or the one opened from a link (a copy is handed out in events; this one is live). */
  get #game() {
    if (this.#viewing) return this.#viewing.game;
    return this.#data.games.find((game) => game.id === this.#data.current) ?? null;
  }
  get #result() {
    if (this.#viewing) return this.#viewing.result;
    const game = this.#game;
    return (game && this.#results.get(game.id)) ?? EMPTY_RESULT;
  }

  /** True while a game opened from a link is shown (read only: the form stays hidden). */
  get viewing() {
    return Boolean(this.#viewing);
  }

  /**
   * The hanging points the deal in the form starts with: the pot before the deal
   * being edited, or the game's pot (after the end nothing more is recorded: the
   * unclaimed points go nowhere). 0 until the games are checked.
   */
  get pot() {
    if (!this.#validated) return 0;
    const result = this.#result;
    if (this.#editing !== null) return this.#editing > 0 ? (result.rows[this.#editing - 1]?.hanging ?? 0) : 0;
    return result.finished ? 0 : result.hanging;
  }

  /** Something to show changed (the element renders, and re-scores: the pot may differ). */
  #changedView() {
    // Another tab's save that came while this sheet was busy is joined once it is not.
    if (this.#syncPending && !this.#busy && !this.#syncing && this.#validated) queueMicrotask(() => this.#sync());
    this.dispatchEvent(new Event("change"));
  }

  /** The current game's own team names as typed ("" = the default), or null before loading. */
  get teamNames() {
    return this.#validated ? { ...this.#game?.names } : null;
  }

  /**
   * The house rules the deal in the form is scored by: the game's, or, while a deal
   * is edited, the rules it was played under (while it is fixed for the Rules
   * panel, the rules it is fixed for); null before loading.
   */
  get formRules() {
    const game = this.#game;
    if (!this.#validated || !game) return null;
    if (this.#editing === null) return game.rules ?? {};
    if (this.#fixing && this.#houseRules.pending) return this.#houseRules.pending;
    return game.deals[this.#editing]?.rules ?? game.rules ?? {};
  }

  /** The team names for the form's labels: the current game's own, or null before loading. */
  names(lang) {
    return this.#validated ? teamNames(this.#game, lang) : null;
  }

  /** A public snapshot: {game, result} (copies). */
  snapshot() {
    const game = this.#game;
    return { game: game ? structuredClone(game) : null, result: structuredClone(this.#result) };
  }

  /**
   * The sheet's event detail: the snapshot of now, copied only when a listener reads
   * it (a 200-deal game and its result are some hundred kilobytes to copy on every
   * deal recorded, listened to or not).
   */
  #eventDetail() {
    // The game's fields are replaced, never changed in place (its deals are a new array
    // on every change): a shallow copy keeps this moment until it is read.
    const game = this.#game && { ...this.#game, names: { ...this.#game.names } };
    const result = this.#result;
    let copy = null;
    const take = () => (copy ??= { game: game ? structuredClone(game) : null, result: structuredClone(result) });
    return Object.freeze({
      get game() {
        return take().game;
      },
      get result() {
        return take().result;
      },
    });
  }

  // --- loading ---------------------------------------------------------------------

  #read() {
    const text = this.#storage.read();
    const { data, problem, cut } = parseStore(text);
    this.#data = data;
    this.#keepUnread(text, problem, cut);
  }

  /**
   * Keep aside what `text` (the stored games) holds that the games read from it do
   * not (parseStore's `problem` and `cut`), and say so. False if a copy failed: then
   * the main key is locked, never to be overwritten this session.
   */
  #keepUnread(text, problem, cut) {
    if (problem) {
      const key = this.#keepAside(problem.code === "bad_games" ? JSON.stringify(problem.games) : text);
      if (!key) return false;
      if (problem.code === "unreadable") this.#notice({ key: "noticeUnreadable", params: { key } });
      else if (problem.code === "unknown_version") this.#notice({ key: "noticeVersion", params: { key, version: problem.version } });
      else this.#notice({ key: "noticeBadGames", params: { key } });
    }
    if (cut.length) {
      const key = this.#keepAside(JSON.stringify(cut));
      if (!key) return false;
      this.#notice({ text: (s) => format(s.store.namesCut, { max: MAX_NAME_LENGTH, key }) });
    }
    return true;
  }

  /** A copy of `text` aside (sheet/store.js keepAside): its key, or null, said, if it failed. */
  #keepAside(text) {
    const key = this.#storage.keepAside(text);
    if (!key) this.#savingProblem("locked");
    return key;
  }

  // --- notices -----------------------------------------------------------------------

  /** Show `notice` until dismissed; one of its `kind` replaces the one shown before. */
  #notice(notice) {
    if (notice.kind) this.#notices = this.#notices.filter((shown) => shown.kind !== notice.kind);
    this.#notices.push(notice);
    this.#noticesVersion++;
  }

  /**
   * Saving stopped working ("blocked", "full", "failed", "locked") or works again
   * ("saved"): said once when it changes, in the one notice about saving.
   */
  #savingProblem(state) {
    if (state === this.#saving) return;
    const was = this.#saving;
    this.#saving = state;
    if (state === "saved") {
      if (was === "full" || was === "failed") this.#notice({ kind: "saving", info: true, text: (s) => s.store.savedAgain });
      return;
    }
    if (state === "locked") this.#notice({ kind: "saving", key: "noticeNotSaved" });
    else this.#notice({ kind: "saving", text: (s) => s.store[state] });
  }

  /** Check every stored game with the core (once it is ready); keep rejected ones aside. */
  async #validate() {
    if (this.#validated || this.#validating) return;
    this.#validating = true;
    const scorer = this.#scorer();
    try {
      if (typeof scorer.scoreGame !== "function") {
        this.#error = [{ message: { bg: STRINGS.bg.sheet.unavailable, en: STRINGS.en.sheet.unavailable } }];
        return;
      }
      const kept = [];
      for (const game of this.#data.games) {
        if (!game.deals.length) {
          this.#results.set(game.id, EMPTY_RESULT);
          kept.push(game);
          continue;
        }
        const reply = await scorer.scoreGame(gameRequest(game.deals, game.names, game.rules, EXPLAIN));
        if (reply?.ok) {
          this.#results.set(game.id, reply.result);
          kept.push(game);
          continue;
        }
        this.#reject(game, reply);
      }
      this.#data.games = kept;
      if (!this.#game) {
        const open = kept.filter((game) => !this.#results.get(game.id)?.finished);
        open.sort((a, b) => b.updated.localeCompare(a.updated));
        if (open.length) this.#data.current = open[0].id;
        else this.#startGame(kept.at(-1)?.names, kept.at(-1)?.rules);
      }
      // Empty games other than the current one are not worth keeping (another tab
      // that shows one keeps it: #follow).
      this.#data.games = this.#data.games.filter((game) => game.deals.length || game.id === this.#data.current);
      this.#validated = true;
      this.#save();
      if (this.#link) this.openLink(this.#link);
    } catch {
      // The runtime failed: the element shows it; try again once it is ready.
    } finally {
      this.#validating = false;
      this.#changedView();
    }
  }

  /** A stored game the core refused: kept aside, and said why. */
  #reject(game, reply) {
    const key = this.#keepAside(JSON.stringify(game));
    if (key) this.#notice({ key: "noticeRejected", params: { key, date: game.created }, errors: reply?.errors ?? [] });
  }

  #startGame(names, rules) {
    const game = newGame(names, undefined, rules);
    this.#data.games.push(game);
    this.#data.current = game.id;
    this.#results.set(game.id, EMPTY_RESULT);
    return game;
  }

  /**
   * Write the games. A refusal is said (once) and the next change tries again; a
   * save of another tab since the last read or write is joined first (#sync), and
   * the join written then: this sheet's change waits in memory meanwhile.
   */
  #save() {
    if (this.#storage.write(this.#data)) {
      this.#savingProblem("saved");
      return;
    }
    const problem = this.#storage.problem;
    if (problem === "newer") this.#sync();
    else this.#savingProblem({ unavailable: "blocked" }[problem] ?? problem);
  }

  // --- other tabs ----------------------------------------------------------------------

  /** Another tab (or window) of this origin changed the key: follow it. */
  #onStorage = (event) => {
    if (event.key !== null && event.key !== this.#storage.key) return;
    if (!this.ui.section.isConnected) return; // a sheet not on the page follows when written to (#save)
    this.#sync();
  };

  /**
   * Join the save another tab made since this sheet last read or wrote (if it did).
   * While this sheet is busy (a change waits for the core), it waits its turn.
   */
  async #sync() {
    if (!this.#validated || this.#busy || this.#syncing) {
      this.#syncPending = true;
      return;
    }
    this.#syncPending = false;
    const text = this.#storage.changed();
    if (text === undefined) return;
    this.#syncing = true;
    this.#busy = true;
    this.#changedView();
    try {
      await this.#follow(text);
    } catch {
      // The runtime failed: the element shows it; the next change or save tries again.
    } finally {
      this.#syncing = false;
      this.#busy = false;
      this.#changedView();
    }
  }

  /**
   * Follow `text`, the games as another tab saved them: joined with this sheet's
   * (mergeStores), the games that came from it checked by the core, and the current
   * game shown as it is now; the deal in the form stays. What this sheet has that
   * the save has not (its own change, a game changed in both tabs) is written back.
   */
  async #follow(text) {
    for (;;) {
      if (text === null) {
        // The games were removed (site data cleared): this sheet's are the only copy left.
        this.#storage.follow(null);
        this.#save();
        return;
      }
      const { data: theirs, problem, cut } = parseStore(text);
      if (problem && problem.code !== "bad_games") {
        // Another version of the calculator wrote what this one cannot read: never overwrite it.
        this.#storage.locked = true;
        this.#notice({ kind: "saving", text: (s) => s.store.otherVersion });
        this.#saving = "locked";
        return;
      }
      if (!this.#keepUnread(text, problem, cut)) return;
      const base = parseStore(this.#storage.known).data;
      // The games that are theirs now, checked by the core as a saved game is.
      const scored = new Map();
      const refused = new Set();
      let plan = mergeStores(base, this.#data, theirs);
      while (plan.taken.some((id) => !scored.has(id) && !refused.has(id))) {
        for (const id of plan.taken) {
          if (scored.has(id) || refused.has(id)) continue;
          const game = theirs.games.find((each) => each.id === id);
          const reply = game.deals.length
            ? await this.#scorer().scoreGame(gameRequest(game.deals, game.names, game.rules, EXPLAIN))
            : { ok: true, result: EMPTY_RESULT };
          if (reply?.ok) scored.set(id, reply.result);
          else {
            refused.add(id);
            this.#reject(game, reply);
          }
        }
        const now = this.#storage.changed();
        if (now !== text) {
          if (now === undefined) return; // back to what this sheet had: nothing to follow
          text = now; // saved again meanwhile: follow that
          plan = null;
          break;
        }
        plan = mergeStores(base, this.#data, theirs); // this sheet may have changed meanwhile (a name typed)
      }
      if (!plan) continue;
      this.#apply(plan, scored, refused);
      this.#storage.follow(text);
      if (plan.ahead || refused.size || plan.conflicts.length) this.#save();
      return;
    }
  }

  /** Make the join of #follow this sheet's games (`scored`: the core's results of theirs). */
  #apply(plan, scored, refused) {
    const ours = new Map(this.#data.games.map((game) => [game.id, game]));
    const current = this.#game;
    const data = plan.data;
    // A game of theirs the core refused (it is kept aside): ours stays, if we have it.
    data.games = data.games.flatMap((game) => (refused.has(game.id) ? (ours.has(game.id) ? [ours.get(game.id)] : []) : [game]));
    const conflicts = plan.conflicts.filter((game) => !refused.has(game.id));
    for (const game of conflicts) {
      const copy = copyGame(game);
      data.games.push(copy);
      this.#results.set(copy.id, this.#results.get(game.id) ?? EMPTY_RESULT);
    }
    for (const [id, result] of scored) if (!refused.has(id)) this.#results.set(id, result);
    for (const game of plan.deleted) this.#results.delete(game.id);
    if (this.#deleted && data.games.some((game) => game.id === this.#deleted.game.id)) this.#forgetDeleted();
    this.#data = data;
    if (!current || this.#viewing) return;

    // The current game: deleted there, changed there, or as it was.
    if (!data.games.some((game) => game.id === current.id)) {
      if (!current.deals.length) {
        // Another tab dropped it as an empty game not its own (#validate): nothing to follow.
        data.games.push(current);
        this.#results.set(current.id, EMPTY_RESULT);
        data.current = current.id;
        return;
      }
      if (this.#editing !== null) this.#stopEditing(null);
      this.#notice({ kind: "other-tab", info: true, text: (s, lang) => format(s.store.deletedElsewhere, { date: formatDate(current.created, lang) }) });
      const open = data.games.filter((game) => !this.#results.get(game.id)?.finished);
      open.sort((a, b) => b.updated.localeCompare(a.updated));
      if (open.length) data.current = open[0].id;
      else this.#startGame(current.names, current.rules);
      return;
    }
    data.current = current.id;
    if (!plan.taken.includes(current.id) || refused.has(current.id)) return;
    const conflict = conflicts.some((game) => game.id === current.id);
    this.#notice({ kind: "other-tab", info: !conflict, text: (s) => (conflict ? s.store.conflict : s.store.otherTab) });
    this.#error = null;
    if (conflict) this.#live = null; // the change just announced went to the copy: the notice says so
    // The deal being edited: followed to where it is now, or, if it changed there, the edit stops.
    if (this.#editing !== null) {
      const deals = this.#game.deals;
      const index = sameValue(deals[this.#editing], this.#editedDeal) ? this.#editing : deals.findIndex((deal) => sameValue(deal, this.#editedDeal));
      if (index >= 0) this.#editing = index;
      else {
        const n = this.#editing + 1;
        this.#stopEditing(null);
        this.#notice({ kind: "edit-stopped", text: (s) => format(s.store.editStopped, { n }) });
      }
    }
  }

  /** Leaving the current game for another: an empty one is not worth keeping. */
  #leave() {
    const game = this.#game;
    if (!game || this.#viewing || game.deals.length) return;
    this.#data.games = this.#data.games.filter((other) => other !== game);
    this.#results.delete(game.id);
  }

  #changed() {
    this.#forgetDeleted();
    this.#save();
    this.#target.dispatchEvent(
      new CustomEvent("belot-calculator-sheet", { bubbles: true, composed: true, detail: this.#eventDetail() }),
    );
  }

  // --- changes (each one goes through the core) -----------------------------------

  /**
   * Score `deals` as the current game (under `rules`, else the game's); apply them
   * only if the core accepts. A refusal goes to `refused(errors)` if given, else to
   * the bar's error line.
   */
  async #change(deals, after, { rules, refused } = {}) {
    const game = this.#game;
    if (!game || this.#busy || this.#viewing) return false;
    this.#busy = true;
    // Rendered now only to take an old error or status away: the core answers in a few
    // milliseconds, and a render meanwhile (Record off, then on again) would only compete
    // with it for the processor. A press meanwhile is ignored (#busy).
    if (this.#error || this.#status) {
      this.#error = null;
      this.#status = null;
      this.#changedView();
    }
    let reply;
    try {
      const request = gameRequest(deals, game.names, rules ?? game.rules, EXPLAIN);
      reply = deals.length ? await this.#scorer().scoreGame(request) : { ok: true, result: EMPTY_RESULT };
    } catch (error) {
      reply = runtimeFailure(error);
    } finally {
      this.#busy = false;
    }
    if (!reply?.ok) {
      if (refused) refused(reply?.errors ?? []);
      else this.#error = reply?.errors ?? [];
      this.#changedView();
      return false;
    }
    game.deals = deals;
    if (rules) game.rules = { ...rules };
    game.updated = new Date().toISOString();
    this.#results.set(game.id, reply.result);
    after?.();
    this.#changed();
    this.#changedView();
    return true;
  }

  async record() {
    const deal = this.#form.deal();
    if (!deal || this.#editing !== null) return;
    const deals = [...this.#game.deals, deal];
    // Nothing of this deal may carry over: the form is cleared, back to its first field.
    await this.#change(deals, () => {
      this.#form.clear();
      this.#live = { key: "recorded", n: deals.length };
      this.#focusAfterRender = () => this.#form.focus();
    });
  }

  async passed() {
    if (this.#editing !== null) return;
    const deals = [...this.#game.deals, { passed: true }];
    await this.#change(deals, () => {
      this.#form.clear();
      this.#live = { key: "recordedPassed", n: deals.length };
      this.#focusAfterRender = () => this.#form.focus();
    });
  }

  async undo() {
    const deals = this.#game.deals.slice(0, -1);
    await this.#change(deals, () => {
      this.#live = { key: "undone" };
      this.#focusAfterRender = () => (this.ui.undo.disabled ? this.ui.table : this.ui.undo).focus();
    });
  }

  /** Load deal `index` into the form (or, for a passed deal, offer to delete it). */
  edit(index) {
    const game = this.#game;
    const deal = game?.deals[index];
    if (!deal || this.#busy || this.#viewing) return;
    if (this.#editing === null) this.#draft = this.#form.save();
    this.#editing = index;
    this.#editedDeal = deal;
    this.#fixing = false;
    this.#error = null;
    this.#closeConfirm();
    if (deal.passed) {
      this.#focusAfterRender = () => this.ui.deleteDeal.focus();
    } else {
      this.#form.load(deal);
      this.#focusAfterRender = () => this.#form.focus();
    }
    this.#changedView();
  }

  async saveEdit() {
    const index = this.#editing;
    const entered = this.#form.deal();
    if (index === null || !entered) return;
    // The deal keeps the rules it was played under (a fixed deal too: its answer is
    // for the new rules, which the Rules panel then tries again on every deal).
    const own = this.#game.deals[index]?.rules;
    const deal = own == null ? entered : { ...entered, rules: own };
    const fixing = this.#fixing;
    const deals = this.#game.deals.map((old, i) => (i === index ? deal : old));
    if ((await this.#change(deals, () => this.#stopEditing(index))) && fixing) this.#houseRules.retry();
  }

  /** The Rules panel's "fix deal": the deal into the form, scored by the rules it is to be fixed for. */
  #fixDeal(index) {
    this.edit(index);
    if (this.#editing === index) this.#fixing = true;
    this.#changedView();
  }

  /**
   * The current game under other house rules: every deal rescored ("all"), or the
   * deals so far kept as they are, each with the rules it was played under
   * ("next"). Resolves to null, or to the core's errors (then nothing changed).
   */
  async #applyRules(rules, how) {
    const game = this.#game;
    if (!game) return [];
    const deals = how === "next" ? dealsFromNext(game.deals, game.rules) : dealsForAll(game.deals);
    let errors = [];
    const applied = await this.#change(deals, null, { rules, refused: (refused) => (errors = refused) });
    return applied ? null : errors;
  }

  async deleteDeal() {
    const index = this.#editing;
    if (index === null) return;
    const deals = this.#game.deals.filter((_, i) => i !== index);
    await this.#change(deals, () => this.#stopEditing(Math.min(index, deals.length - 1)));
  }

  cancelEdit() {
    const index = this.#editing;
    if (index === null) return;
    this.#error = null;
    this.#stopEditing(index);
    this.#changedView();
  }

  #stopEditing(focusIndex) {
    this.#editing = null;
    this.#editedDeal = null;
    this.#fixing = false;
    if (this.#draft) this.#form.restore(this.#draft);
    this.#draft = null;
    if (focusIndex != null) this.#focusRow(focusIndex);
  }

  #focusRow(index) {
    this.#focusAfterRender = () => {
      const button = this.ui.tbody.querySelector(`tr[data-index="${index}"] button`);
      (button ?? this.ui.table).focus();
    };
  }

  /** Ask first (in the widget, next to `anchor`), then start a new game; a "before" event may refuse it. */
  askNewGame(anchor = this.ui.toolbar, back = this.ui.newGame) {
    this.#ask(anchor, (t) => t.confirmNewGame, (t) => t.confirmNewGameYes, () => this.#newGame(), back);
  }

  #newGame() {
    const current = this.#game;
    const before = new CustomEvent("belot-calculator-before-new-game", {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail: this.snapshot(),
    });
    if (!this.#target.dispatchEvent(before)) return;
    if (this.#editing !== null) this.#stopEditing(null);
    this.#error = null;
    this.#startGame(current?.names, current?.rules);
    this.#form.clear();
    this.#live = { key: "newGameStarted" };
    this.#changed();
    this.#focusAfterRender = () => this.#form.focus();
  }

  openGame(id) {
    if (this.#busy || !this.#data.games.some((game) => game.id === id)) return;
    if (this.#editing !== null) this.#stopEditing(null);
    if (id !== this.#data.current) this.#leave();
    this.#data.current = id;
    this.#error = null;
    this.#changed();
    this.#focusAfterRender = () => this.ui.table.focus();
    this.#changedView();
  }

  /** Delete game `id` at once; its Undo stands for UNDO_MS, until the next change. */
  removeGame(id) {
    const index = this.#data.games.findIndex((game) => game.id === id);
    if (index < 0 || this.#busy) return;
    const [game] = this.#data.games.splice(index, 1);
    const current = id === this.#data.current;
    const result = this.#results.get(id);
    this.#results.delete(id);
    if (current) {
      if (this.#editing !== null) this.#stopEditing(null);
      this.#startGame(this.#data.games.at(-1)?.names, this.#data.games.at(-1)?.rules);
    }
    this.#changed();
    const timer = setTimeout(() => {
      const focused = this.#gamesList.undoFocused;
      this.#forgetDeleted();
      if (focused) this.#gamesList.focusUndo();
      this.#changedView();
    }, UNDO_MS);
    this.#deleted = { game, index, current, result, timer };
    this.#live = { text: (s, lang) => format(s.travel.deleted, { date: formatDate(game.created, lang) }) };
    this.#focusAfterRender = () => this.#gamesList.focusUndo();
    this.#changedView();
  }

  /** Bring back the game deleted last (while its Undo stands). */
  undoDelete() {
    const deleted = this.#deleted;
    if (!deleted || this.#busy) return;
    this.#forgetDeleted();
    const { game, index, current, result } = deleted;
    if (current) {
      if (this.#editing !== null) this.#stopEditing(null);
      this.#leave();
      this.#data.current = game.id;
    }
    this.#data.games.splice(Math.min(index, this.#data.games.length), 0, game);
    if (result) this.#results.set(game.id, result);
    this.#changed();
    this.#live = { text: (s, lang) => format(s.travel.restored, { date: formatDate(game.created, lang) }) };
    this.#focusAfterRender = () => this.#gamesList.focusGame(game.id);
    this.#changedView();
  }

  #forgetDeleted() {
    clearTimeout(this.#deleted?.timer);
    this.#deleted = null;
  }

  // --- games that travel: a link, files, a game opened from a link -------------

  /** The link to the game shown: `{url}`, or `{reason}` in the UI language. */
  async #linkOf(game) {
    try {
      const reply = await this.#scorer().gameLink(gameFile(game));
      if (reply?.ok) return { url: linkURL(this.#linkBase(), reply.result.link) };
      return { reason: errorText(reply?.errors ?? [], this.#lang) };
    } catch (error) {
      return { reason: String(error?.message ?? error) };
    }
  }

  /** Save the game shown as a file: the contract's JSON, or CSV for a spreadsheet. */
  exportFile(kind) {
    const game = this.#game;
    if (!game) return;
    if (kind === "json") {
      download(fileName(game, "json"), "application/json", `${JSON.stringify(gameFile(game), null, 1)}\n`);
      return;
    }
    const s = words(STRINGS[this.#lang], this.#lang);
    const names = teamNames(game, this.#lang);
    const csv = gameCsv(game, this.#result, s, this.#lang, names, (row) => this.#notes(row, s.sheet, this.#lang).join(", "));
    // A byte-order mark, so a spreadsheet reads the Cyrillic as UTF-8.
    download(fileName(game, "csv"), "text/csv;charset=utf-8", `\ufeff${csv}`);
  }

  /** Add a game from a JSON file (the contract's game format), checked by the core; a new game, never over another. */
  async importFile(file) {
    const name = file.name;
    const refuse = (reason) => {
      this.#notice({ text: (s, lang) => format(s.travel.badFile, { file: clip(name, MAX_REASON), reason: clip(reason(s, lang), MAX_REASON) }) });
      this.#focusAfterRender = () => this.ui.notices.focus();
      this.#changedView();
    };
    if (this.#busy || this.#viewing) return;
    let data;
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error("too large");
      data = JSON.parse(await file.text());
    } catch {
      refuse((s) => s.travel.notJson);
      return;
    }
    this.#busy = true;
    let reply;
    try {
      // The file is a game (checked by the core); what the sheet asks of the answer is its own.
      reply = await this.#scorer().scoreGame(data !== null && typeof data === "object" && !Array.isArray(data) ? { ...data, ...EXPLAIN } : data);
    } catch (error) {
      reply = runtimeFailure(error);
    } finally {
      this.#busy = false;
    }
    if (!reply?.ok) {
      refuse((s, lang) => errorText(reply?.errors ?? [], lang, MAX_REASON));
      return;
    }
    this.#addGame(data, reply.result);
    this.#live = { text: (s) => format(s.travel.imported, { file: name }) };
  }

  /** A new game on this device from a checked game (a file's or a link's): the current one. */
  #addGame(data, result) {
    if (this.#editing !== null) this.#stopEditing(null);
    this.#leave();
    const names = data.names ?? {};
    const text = (name) => (typeof name === "string" ? name : "");
    const game = newGame({ us: text(names.us), them: text(names.them) }, undefined, data.rules ?? {});
    game.deals = data.deals;
    this.#data.games.push(game);
    this.#data.current = game.id;
    this.#results.set(game.id, result);
    this.#form.clear();
    this.#changed();
    this.#focusAfterRender = () => this.#form.focus();
    this.#changedView();
  }

  /**
   * Show the game a link carries (`hash`, the page's "#game=…"), read only, once the
   * games on this device are checked. A link the core refuses changes nothing: a notice says why.
   */
  async openLink(hash) {
    if (!isGameLink(hash)) return;
    if (!this.#validated) {
      this.#link = hash;
      return;
    }
    this.#link = null;
    let reply;
    try {
      reply = await this.#scorer().readGameLink({ version: VERSION, link: hash });
    } catch (error) {
      reply = runtimeFailure(error);
    }
    if (!reply?.ok) {
      clearLinkFromAddress();
      this.#notice({ text: (s, lang) => format(s.travel.badLink, { reason: errorText(reply?.errors ?? [], lang, MAX_REASON) }) });
      this.#focusAfterRender = () => this.ui.notices.focus();
      this.#changedView();
      return;
    }
    if (this.#editing !== null) this.#stopEditing(null);
    const { game, score } = reply.result;
    const stamp = new Date().toISOString();
    const names = { us: game.names?.us ?? "", them: game.names?.them ?? "" };
    this.#viewing = { game: { id: "shared", created: stamp, updated: stamp, names, rules: game.rules ?? {}, deals: game.deals }, result: score };
    this.#closeConfirm();
    this.#error = null;
    this.#sendPanel.reset();
    this.#live = { key: "opened", travel: true };
    this.#focusAfterRender = () => this.#banner.ui.title.focus({ preventScroll: true });
    this.#changedView();
  }

  /** Keep the game opened from a link: a new game on this device (never over another), now the current one. */
  keepShared() {
    const viewing = this.#viewing;
    if (!viewing || this.#busy) return;
    this.#viewing = null;
    clearLinkFromAddress();
    this.#sendPanel.reset();
    const { game, result } = viewing;
    this.#addGame(game, result);
    this.#live = { key: "kept", travel: true };
  }

  /** Close the game opened from a link; nothing is kept. */
  closeShared() {
    if (!this.#viewing) return;
    this.#viewing = null;
    clearLinkFromAddress();
    this.#sendPanel.reset();
    this.#live = { key: "closed", travel: true };
    this.#focusAfterRender = () => this.ui.table.focus();
    this.#changedView();
  }

  setName(team, value) {
    const game = this.#game;
    if (!game) return;
    game.names = { ...game.names, [team]: value };
    game.updated = new Date().toISOString();
    this.#changed();
    this.#changedView();
  }

  #ask(anchor, text, yes, action, back) {
    this.#closeConfirm();
    // Escape answers "no" wherever the focus is in the calculator: the question's own
    // buttons get the focus only after the frame that shows them, and a key pressed
    // before then lands on whatever asked (New game in the toolbar or in the bar).
    const root = this.ui.section.getRootNode();
    root.addEventListener("keydown", this.#escape);
    this.#confirm = { anchor, text, yes, action, back, root };
    this.#focusAfterRender = () => this.ui.confirmYes.focus();
    this.#changedView();
  }

  #escape = (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      this.#answer(false);
    }
  };

  /** Closes the open question, if any, and returns it. */
  #closeConfirm() {
    const confirm = this.#confirm;
    this.#confirm = null;
    confirm?.root.removeEventListener("keydown", this.#escape);
    return confirm;
  }

  #answer(yes) {
    const confirm = this.#closeConfirm();
    if (!confirm) return;
    if (yes) confirm.action();
    else this.#focusAfterRender = () => confirm.back?.isConnected && confirm.back.focus();
    this.#changedView();
  }

  async share() {
    const lang = this.#lang;
    const text = summaryText(this.#game, this.#result, words(STRINGS[lang], lang), lang);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: STRINGS[this.#lang].sheet.caption, text });
        this.#status = { key: "shared" };
        this.#changedView();
        return;
      } catch (error) {
        if (error?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      this.#status = { key: "copied" };
    } catch {
      this.#status = { key: "copyFailed" };
      this.ui.textDetails.open = true;
      this.#focusAfterRender = () => this.ui.text.select();
    }
    this.#changedView();
  }

  dismissNotices() {
    this.#notices = [];
    this.#noticesVersion++;
    this.#changedView();
  }

  // --- building (once) -------------------------------------------------------------

  #t(element, text, attribute = null) {
    this.#labels.push((s, lang) => {
      const value = text(s.sheet, lang, s);
      if (attribute) setAttribute(element, attribute, value);
      else setText(element, value);
    });
    return element;
  }

  #button(className, text, onClick, extra = {}) {
    const button = this.#t(h("button", { type: "button", class: className, ...extra }), text);
    button.addEventListener("click", onClick);
    return button;
  }

  #build() {
    const ui = this.ui;
    const t = (element, text, attribute) => this.#t(element, text, attribute);

    // Above the form: what is being edited (with Delete and Cancel), or that the game is over.
    ui.actionHint = h("p", { class: "action-hint", id: "sheet-action-hint" });
    ui.deleteDeal = this.#button("delete-deal", (t) => t.deleteDeal, () => this.deleteDeal());
    ui.cancel = this.#button("cancel", (t) => t.cancel, () => this.cancelEdit());
    ui.formNote = h("div", { class: "editing-note form-note", part: "editing-note", hidden: true }, ui.actionHint, ui.deleteDeal, ui.cancel);

    ui.noticeList = h("ul", {});
    ui.notices = h(
      "div",
      { class: "notices", part: "sheet-notice", role: "alert", hidden: true, tabindex: "-1" },
      ui.noticeList,
      this.#button("dismiss", (t) => t.dismiss, () => this.dismissNotices()),
    );
    ui.loading = t(h("p", { class: "message sheet-loading" }), (t) => t.loading);

    // In the form's bar: the totals line, and what can be done with the deal in the form.
    ui.barTotals = h("p", { class: "bar-totals", part: "bar-totals" });
    ui.record = this.#button("primary record", (t) => t.record, () => this.record());
    ui.save = this.#button("primary save", (t) => t.save, () => this.saveEdit());
    ui.barNewGame = this.#button("primary bar-new-game", (t) => t.newGame, () => this.askNewGame(this.ui.section.firstElementChild, this.ui.barNewGame));
    ui.error = h("p", { class: "error sheet-error", part: "sheet-error", role: "alert" });
    // Beside the game: a deal where all four passed is recorded with one press.
    ui.passed = this.#button("passed", (t) => t.passed, () => this.passed());

    // The banner: winner, or where the game stands and what hangs.
    ui.banner = h("p", { class: "banner", part: "sheet-banner" });
    ui.unclaimed = h("p", { class: "unclaimed" });
    ui.live = h("div", { class: "sheet-status" }, ui.banner, ui.unclaimed);

    // The table: a row per deal, totals in the foot.
    ui.caption = h("caption", {}, t(h("span", { class: "caption-title" }), (t) => t.caption));
    ui.heads = {};
    const headRow = h("tr", {}, t(h("th", { scope: "col", class: "number" }), (t) => t.number));
    for (const team of TEAMS) {
      ui.heads[team] = h("th", { scope: "col", class: team });
      headRow.append(ui.heads[team]);
    }
    headRow.append(t(h("th", { scope: "col", class: "note" }), (t) => t.note));
    ui.tbody = h("tbody", {});
    ui.tbody.addEventListener("click", (event) => {
      const row = event.target.closest?.("tr[data-index]");
      if (row) this.edit(Number(row.dataset.index));
    });
    ui.totals = {};
    const footRow = h("tr", { class: "totals" }, t(h("th", { scope: "row" }), (t) => t.total));
    for (const team of TEAMS) {
      ui.totals[team] = h("td", { class: team });
      footRow.append(ui.totals[team]);
    }
    ui.pot = h("td", { class: "note pot" });
    footRow.append(ui.pot);
    ui.table = h(
      "table",
      { class: "sheet-table", part: "sheet-table", tabindex: "-1" },
      ui.caption,
      h("thead", {}, headRow),
      ui.tbody,
      h("tfoot", {}, footRow),
    );
    ui.empty = t(h("p", { class: "message sheet-empty" }), (t) => t.empty);

    // Undo, new game, share.
    ui.undo = this.#button("undo", (t) => t.undo, () => this.undo());
    ui.newGame = this.#button("new-game", (t) => t.newGame, () => this.askNewGame());
    ui.share = this.#button("share", (t) => (typeof navigator.share === "function" ? t.share : t.copy), () => this.share());
    ui.status = h("p", { class: "copy-status", role: "status" });
    ui.toolbar = h("div", { class: "sheet-toolbar", part: "sheet-toolbar" }, ui.undo, ui.newGame, ui.share, ui.status);

    // The in-widget confirmation (moved next to what asked for it).
    ui.confirmText = h("p", {});
    ui.confirmYes = h("button", { type: "button", class: "primary confirm-yes" });
    ui.confirmYes.addEventListener("click", () => this.#answer(true));
    ui.confirmNo = this.#button("confirm-no", (t) => t.cancel, () => this.#answer(false));
    ui.confirm = h(
      "div",
      { class: "confirm", part: "sheet-confirm", role: "group", hidden: true },
      ui.confirmText,
      h("div", { class: "sheet-actions" }, ui.confirmYes, ui.confirmNo),
    );

    // Team names.
    ui.names = {};
    const nameFields = TEAMS.map((team) => {
      const input = h("input", { type: "text", name: `name-${team}`, autocomplete: "off", maxlength: String(MAX_NAME_LENGTH), part: "input team-name" });
      input.addEventListener("input", () => this.setName(team, input.value));
      ui.names[team] = input;
      return h("label", { class: "field" }, t(h("span"), (t) => (team === "us" ? t.nameUs : t.nameThem)), input);
    });
    ui.namesDetails = h(
      "details",
      { class: "names", part: "sheet-names" },
      t(h("summary"), (t) => t.names),
      h("div", { class: "name-fields" }, ...nameFields),
    );

    // Games kept on this device (sheet/games-list.js), sending the game (sheet/share.js), and
    // the banner over a game opened from a link.
    this.#gamesList = new GamesList({
      open: (id) => this.openGame(id),
      remove: (id) => this.removeGame(id),
      undo: () => this.undoDelete(),
      import: (file) => this.importFile(file),
    });
    ui.games = this.#gamesList.element;
    this.#sendPanel = new SharePanel({
      link: () => this.#linkOf(this.#game),
      key: () => `${this.#game?.id} ${this.#game?.updated}`,
      file: (kind) => this.exportFile(kind),
      title: () => {
        const names = teamNames(this.#game, this.#lang);
        const totals = this.#result.totals;
        return format(TRAVEL_WORDS[this.#lang].shareTitle, { usName: names.us, themName: names.them, us: totals.us, them: totals.them });
      },
    });
    this.#banner = new SharedBanner({ keep: () => this.keepShared(), close: () => this.closeShared() });

    // The summary as text.
    ui.text = h("textarea", { class: "summary-text", readonly: true, rows: "8", "aria-label": "" });
    ui.textDetails = h("details", { class: "text", part: "sheet-text" }, t(h("summary"), (t) => t.text), ui.text);
    t(ui.text, (t) => t.text, "aria-label");

    // Shown only on paper: what game this is ("Белот · 2 яну 2026 г., 20:00").
    ui.printTitle = h("p", { class: "print-title", part: "sheet-print-title" });

    ui.section = h(
      "section",
      { class: "sheet", part: "sheet" },
      ui.printTitle,
      ui.notices,
      this.#banner.element,
      ui.loading,
      ui.live,
      ui.table,
      ui.empty,
      ui.toolbar,
      ui.confirm,
      ui.namesDetails,
      this.#sendPanel.element,
      ui.games,
      ui.textDetails,
    );
  }

  // --- rendering -------------------------------------------------------------------

  /**
   * Called by the element's render with the (team-named) strings and the deal in the
   * form (`deal` of SheetForm, or null), and the level of the element's headings (a
   * game opened from a link is titled at that level, as the result is).
   */
  render(s, lang, state, deal, headingLevel = 3) {
    s = words(s, lang);
    this.#lang = lang;
    adoptTravelStyles(this.ui.section.getRootNode());
    const ui = this.ui;
    const t = s.sheet;
    for (const label of this.#labels) label(s, lang);
    ui.section.hidden = state === "closed";
    this.#houseRules.render({ s, lang, game: this.#game, result: this.#result, validated: this.#validated, ready: state === "ready", busy: this.#busy });

    ui.notices.hidden = !this.#notices.length;
    // Built only when they change (a saved game of 2,000 bad deals must not cost every
    // edit), the newest few, each cut to a readable length.
    const noticesShown = `${lang} ${this.#noticesVersion}`;
    if (noticesShown !== this.#noticesShown) {
      this.#noticesShown = noticesShown;
      const shown = this.#notices.slice(-MAX_NOTICES);
      const earlier = this.#notices.length - shown.length;
      ui.noticeList.replaceChildren(
        ...(earlier ? [h("li", { class: "earlier" }, format(s.store.moreNotices, { count: earlier }))] : []),
        ...shown.map((notice) => h("li", {}, clip(this.#noticeText(notice, s, lang), MAX_NOTICE))),
      );
      // News that asks nothing of the reader (saved again, followed another tab) is no warning.
      ui.notices.classList.toggle("info", shown.every((notice) => notice.info));
    }

    const barParts = [ui.barTotals, ui.record, ui.save, ui.barNewGame, ui.passed];
    if (!this.#validated) {
      if (state === "ready") this.#validate();
      ui.loading.hidden = false;
      for (const element of [ui.formNote, ui.live, ui.table, ui.empty, ui.toolbar, ui.namesDetails, ui.games, ui.textDetails, ui.confirm, this.#sendPanel.element, ...barParts]) {
        element.hidden = true;
      }
      setText(ui.error, this.#error ? errorText(this.#error, lang) : "");
      return;
    }
    ui.loading.hidden = true;
    // A game opened from a link is read only: its table and where it stands, Keep and Close.
    const viewing = Boolean(this.#viewing);
    for (const element of [ui.live, ui.table, ui.barTotals]) element.hidden = false;
    for (const element of [ui.toolbar, ui.namesDetails, ui.games, ui.textDetails, this.#sendPanel.element]) element.hidden = viewing;
    // Its rules are summed up by the title; they are the sender's, not to be changed here.
    if (viewing) this.#houseRules.ui.panel.hidden = true;

    const game = this.#game;
    const result = this.#result;
    const names = teamNames(game, lang);
    const editing = this.#editing;
    const ready = state === "ready";
    setText(ui.printTitle, format(t.textTitle, { date: formatDate(game.created, lang) }));

    // The bar's actions: Record; while editing, Save changes and Cancel; once the game
    // is over, New game. Record waits for a whole deal, scored for the form as it is.
    const editedDeal = editing === null ? null : game.deals[editing];
    ui.record.hidden = editing !== null || result.finished;
    ui.barNewGame.hidden = editing !== null || !result.finished;
    ui.passed.hidden = editing !== null || result.finished;
    ui.save.hidden = editing === null || Boolean(editedDeal?.passed);
    ui.deleteDeal.hidden = ui.cancel.hidden = editing === null;
    ui.record.disabled = !deal || result.finished || this.#busy || !ready;
    ui.passed.disabled = result.finished || this.#busy || !ready;
    ui.save.disabled = !deal || this.#busy || !ready;
    ui.deleteDeal.disabled = this.#busy || !ready;
    ui.barNewGame.disabled = this.#busy;
    if (editing !== null) {
      const editingText = this.#fixing ? s.houseRules.fixing : editedDeal?.passed ? t.editingPassed : t.editingForm;
      setText(ui.actionHint, format(editingText, { n: editing + 1 }));
    } else {
      setText(ui.actionHint, result.finished ? t.gameOver : "");
    }
    ui.formNote.hidden = !ui.actionHint.textContent;
    setText(ui.error, this.#error ? errorText(this.#error, lang) : "");

    // The totals line: the game so far (or its winner), what hangs, and why a game at
    // 151 goes on, in the core's words.
    const totals = format(t.totals, { usName: names.us, themName: names.them, us: result.totals.us, them: result.totals.them });
    const status = result.status?.code;
    const line = [];
    if (result.winner) line.push(format(t.winner, { team: names[result.winner], us: result.totals.us, them: result.totals.them }));
    else line.push(totals);
    if (!result.winner && result.hanging > 0) line.push(format(t.totalsHanging, { points: result.hanging }));
    if (status === "status_capot" || status === "status_tied") line.push(statusText(result, lang));
    // While nothing is saved, the bar (in view on a phone) says so on every deal.
    const notSaved = this.#saving !== "saved" ? `· ${s.store.notSaved}` : "";
    const barTotals = line.join(" · ");
    if (ui.barTotals.firstChild?.textContent !== barTotals || (ui.barTotals.querySelector(".not-saved")?.textContent ?? "") !== notSaved) {
      setText(ui.barTotals, barTotals);
      if (notSaved) ui.barTotals.append(" ", h("span", { class: "not-saved" }, notSaved));
    }
    ui.barTotals.classList.toggle("winner", Boolean(result.winner));

    // Banner (under the bar): the winner, or where the game stands and what hangs.
    ui.banner.className = result.winner ? "banner winner" : "banner";
    const banner = [];
    if (result.winner) {
      banner.push(format(t.winner, { team: names[result.winner], us: result.totals.us, them: result.totals.them }));
    } else if (result.rows.length) {
      if (status !== "status_playing" || !(result.hanging > 0)) banner.push(statusText(result, lang));
      if (result.hanging > 0) banner.push(format(t.pot, { points: result.hanging }));
    }
    setText(ui.banner, banner.join(" "));
    ui.banner.hidden = !ui.banner.textContent;
    ui.unclaimed.hidden = !(result.winner && result.unclaimed > 0);
    setText(ui.unclaimed, format(t.unclaimed, { points: result.unclaimed }));

    // The change just made, said once in the form's live region.
    const live = this.#live;
    this.#live = null;
    if (live) {
      const { us, them } = result.totals;
      const params = { totalUs: us, totalThem: them, usName: names.us, themName: names.them, us, them };
      const row = live.n ? result.rows[live.n - 1] : null;
      if (row) Object.assign(params, { n: live.n, us: row.record.us, them: row.record.them });
      const text = live.text ? live.text(s, lang) : format((live.travel ? s.travel : t)[live.key], params);
      this.#form.announce(text);
    }
    this.#banner.render(
      s,
      this.#viewing && { usName: names.us, themName: names.them, us: result.totals.us, them: result.totals.them, deals: plural(s.sheet.gameDeals, game.deals.length, lang) },
      this.#busy,
      headingLevel,
    );
    this.#sendPanel.render(s);

    // Table.
    for (const team of TEAMS) {
      setText(ui.heads[team], names[team]);
      setText(ui.totals[team], String(result.totals[team]));
    }
    setText(ui.pot, result.hanging > 0 ? format(t.rowHanging, { points: result.hanging }) : "");
    // Only the rows that changed are built again: recording a deal on a long sheet adds
    // one row, instead of building (and laying out) every row anew.
    const rowsKey = JSON.stringify([lang, t.editRow]);
    if (rowsKey !== this.#rowsKey) {
      this.#rowsKey = rowsKey;
      this.#rowKeys = [];
      ui.tbody.replaceChildren();
    }
    // A row's button is off only for a game opened from a link. While a change is with
    // the core (some milliseconds) a press is ignored (edit()): turning 200 buttons
    // off and on again for it would cost more style work than the change itself.
    const disabled = viewing;
    // Rendered on every change of the form too: the rows only when the game's result,
    // the deal being edited or the buttons' state changed.
    const rowsFrom = [rowsKey, result, editing, disabled];
    const rowsChanged = !this.#rowsFrom || rowsFrom.some((value, i) => value !== this.#rowsFrom[i]);
    this.#rowsFrom = rowsFrom;
    if (rowsChanged) this.#renderRows(result, editing, disabled, t, lang);
    ui.empty.hidden = result.rows.length > 0;

    // Toolbar.
    ui.undo.disabled = !game.deals.length || editing !== null || this.#busy || !ready;
    ui.newGame.disabled = !game.deals.length || this.#busy;
    ui.share.disabled = !game.deals.length;
    setText(ui.status, this.#status ? t[this.#status.key] : "");

    // Confirmation.
    const confirm = this.#confirm;
    ui.confirm.hidden = !confirm;
    if (confirm) {
      if (ui.confirm.previousElementSibling !== confirm.anchor) confirm.anchor.after(ui.confirm);
      setText(ui.confirmText, confirm.text(t, lang));
      setText(ui.confirmYes, confirm.yes(t, lang));
    }

    // Names (never overwrite what is being typed).
    for (const team of TEAMS) {
      const input = ui.names[team];
      input.placeholder = STRINGS[lang].teams[team];
      if (input !== input.getRootNode().activeElement && input.value !== (game.names[team] ?? "")) input.value = game.names[team] ?? "";
    }

    this.#renderGames(s, lang);
    // The text summary (every row of the game): written again only when it changed.
    const textFrom = [game, names.us, names.them, result, lang];
    if (!this.#textFrom || textFrom.some((value, i) => value !== this.#textFrom[i])) {
      this.#textFrom = textFrom;
      ui.text.value = summaryText(game, result, s, lang, names);
    }

    // The focus moves once the change is on screen: moving it now would make the browser
    // lay the page out then and there (5 ms on a 60-deal sheet here, 20 ms at 4x CPU),
    // before the frame that shows the new totals.
    const focus = this.#focusAfterRender;
    this.#focusAfterRender = null;
    if (focus) afterNextFrame().then(focus);
  }

  /** The table's rows: only those whose numbers or notes changed are built again. */
  #renderRows(result, editing, disabled, t, lang) {
    const ui = this.ui;
    result.rows.forEach((row, index) => {
      const key = JSON.stringify([row.record, row.totals, row.hanging_out, row.passed, row.capot, row.outcome, row.doubling, row.status?.message, row.applied_rules, index === editing]);
      if (key === this.#rowKeys[index]) return;
      this.#rowKeys[index] = key;
      const built = this.#row(row, index, t, lang);
      const old = ui.tbody.children[index];
      if (old) old.replaceWith(built);
      else ui.tbody.append(built);
    });
    this.#rowKeys.length = result.rows.length;
    while (ui.tbody.children.length > result.rows.length) ui.tbody.lastElementChild.remove();
    for (const button of ui.tbody.querySelectorAll("button")) if (button.disabled !== disabled) button.disabled = disabled;
  }

  #noticeText(notice, s, lang) {
    if (notice.text) return notice.text(s, lang);
    const params = { ...notice.params };
    if (params.date) params.date = formatDate(params.date, lang);
    if (notice.errors) params.reason = errorText(notice.errors, lang, MAX_REASON);
    return format(s.sheet[notice.key], params);
  }

  #row(row, index, t, lang) {
    const n = index + 1;
    const classes = ["deal"];
    if (row.passed) classes.push("passed");
    if (index === this.#editing) classes.push("editing");
    const button = h("button", { type: "button", class: "row-button", "aria-label": format(t.editRow, { n }) }, String(n));
    if (index === this.#editing) button.setAttribute("aria-current", "true");
    const cells = TEAMS.map((team) =>
      h(
        "td",
        { class: team },
        h("span", { class: "rec" }, row.passed ? "–" : String(row.record[team])),
        h("span", { class: "run", "aria-hidden": "true" }, String(row.totals[team])),
      ),
    );
    const notes = this.#notes(row, t, lang);
    // Why a game at 151 goes on after this deal, in the core's words.
    const why = ["status_capot", "status_tied"].includes(row.status?.code) ? statusText(row, lang) : "";
    return h(
      "tr",
      { class: classes.join(" "), "data-index": index },
      h("th", { scope: "row" }, button),
      ...cells,
      h("td", { class: "note" }, notes.join(", "), why ? h("span", { class: "why" }, why) : ""),
    );
  }

  /** A row's note: passed, contra/recontra, capot, inside, what hangs, a house rule that counted. */
  #notes(row, t, lang) {
    const notes = [];
    if (row.passed) notes.push(t.rowPassed);
    if (row.doubling && row.doubling !== "none") notes.push(NOUNS[lang].doublings[row.doubling]);
    if (row.capot) notes.push(t.rowCapot);
    if (row.outcome === "inside") notes.push(t.rowInside);
    if (row.hanging_out > 0) notes.push(format(t.rowHanging, { points: row.hanging_out }));
    if (row.applied_rules?.length) notes.push(rowRuleNote(row, lang));
    return notes;
  }

  #renderGames(s, lang) {
    const t = s.sheet;
    const games = [...this.#data.games].sort((a, b) => b.created.localeCompare(a.created));
    const items = games.map((game) => {
      const result = this.#results.get(game.id) ?? EMPTY_RESULT;
      const names = teamNames(game, lang);
      const current = game.id === this.#data.current;
      const date = formatDate(game.created, lang);
      const status = result.winner ? format(t.gameWon, { team: names[result.winner] }) : current ? t.gameCurrent : t.gameInProgress;
      const text = `${date} · ${names.us} ${result.totals.us} : ${result.totals.them} ${names.them} · ${plural(t.gameDeals, game.deals.length, lang)} · ${status}`;
      return { id: game.id, date, text, current };
    });
    const deleted = this.#deleted && { date: formatDate(this.#deleted.game.created, lang) };
    this.#gamesList.render(s, items, { deleted, busy: this.#busy });
  }
}
