// Keeping the games, wired into the score sheet: whether the browser keeps them and what
// the sheet says about it (store/persistence.js), backing up every game and bringing a
// backup back (book/book-backup.js), and their views (sheet/keep-view.js), placed in the
// sheet's section. The score sheet hands it a few of its own actions (import a file,
// open a game link, say a text in the live region) and renders it with the rest.

import { format } from "../i18n/format.js";
import { adoptKeepStyles } from "../styles/keep.js";
import { backupText } from "../files/backup.js";
import { BookBackup } from "../book/book-backup.js";
import { fileName } from "../files/export.js";
import { readFile } from "./files.js";
import { KeepNotice, KeepState, noticeWords } from "./keep-view.js";
import { Persistence } from "../store/persistence.js";
import { download } from "./share.js";

export { KEEP_WORDS } from "../i18n/keep-strings.js";

/**
 * @typedef {import("../book/game-book.js").GameBook} GameBook
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {import("./files.js").FileRead} FileRead
 * @typedef {import("./files.js").GameRead} GameRead
 * @typedef {import("./keep-view.js").KeepMessage} KeepMessage
 * @typedef {import("./keep-view.js").KeepSnapshot} KeepSnapshot
 * @typedef {import("./keep-view.js").KeepWords} KeepWords
 * @typedef {object} KeepOptions
 * @property {GameBook} book the game book
 * @property {string} storageKey the games' key
 * @property {(file: File, read: GameRead | import("./files.js").Refused) => unknown} importGame
 * @property {(hash: string) => void} openLink
 * @property {(text: string) => void} announce
 * @property {() => void} [focusSheet]
 * @property {ReturnType<typeof import("../store/persistence.js").browserEnvironment>} [env]
 */

export class KeepSheet extends EventTarget {
  /** @type {(text: string) => void} */ #announce;
  /** @type {KeepOptions["importGame"]} */ #importGame;
  /** @type {() => void} */ #focusSheet;
  /** @type {KeepWords | null} */ #t = null; // the words of the last render
  /** @type {{ file: string } | null} */ #status = null; // {file} of the backup just made, until the next change of the games
  /** @type {KeepMessage | null} */ #said = null; // the message last said in the live region
  /** @type {Persistence} */ persistence;
  /** @type {BookBackup} */ backup;
  /** @type {KeepState} */ state;
  /** @type {KeepNotice} */ notice;

  /**
   * `book`: the game book; `storageKey`: the games' key; `importGame(file, read)` (`read`:
   * the file's game as sheet/files.js readGameFile gives it), `openLink(hash)`,
   * `announce(text)`, `focusSheet()` (where the focus goes when the message it was on is
   * gone): the sheet's; `env`: the browser (store/persistence.js browserEnvironment).
   * @param {KeepOptions} options
   */
  constructor({ book, storageKey, importGame, openLink, announce, focusSheet = () => {}, env }) {
    super();
    this.#announce = announce;
    this.#importGame = importGame;
    this.#focusSheet = focusSheet;
    book.addEventListener("change", (event) => {
      // The book announces every change as a CustomEvent (book/book-changes.js).
      const { detail } = /** @type {CustomEvent<{ type: string }>} */ (event);
      if (!["busy", "saving"].includes(detail.type)) this.#status = null;
    });
    this.persistence = new Persistence({ book, storageKey, ...(env ? { env } : {}) });
    this.backup = new BookBackup(book);
    this.persistence.addEventListener("change", () => this.#changed());
    this.state = new KeepState({ backUp: () => this.backUp() });
    this.notice = new KeepNotice({
      restore: (file) => this.importFile(file),
      openLink: (hash) => openLink(hash),
      refusedLink: () => this.#changed(),
      dismiss: () => {
        this.persistence.dismiss();
        this.#focusSheet();
      },
      backUp: () => {
        this.backUp();
        this.#focusSheet();
      },
    });
  }

  /**
   * Place the views: the message under the sheet's notices, the state at the top of the games list.
   * @param {{ notices: Element, games: { ui: { summary: Element } } }} places
   */
  attach({ notices, games }) {
    notices.after(this.notice.element);
    games.ui.summary.after(this.state.element);
  }

  close() {
    this.persistence.close();
  }

  /**
   * A file to import, read off the page's thread (sheet/files.js readFile: refused by its
   * size first, its nesting counted before it is parsed): a backup is brought back here;
   * anything else goes to the sheet as one game (or its refusal, said there).
   * @param {File} file
   */
  async importFile(file) {
    const read = await readFile(file);
    if ("backup" in read) return this.backup.restoreRead(read.backup, file.name);
    return this.#importGame(file, "game" in read ? read.game : read);
  }

  /** Save every game with deals as one file (a download), and remember it was made. */
  backUp() {
    const file = this.backup.file();
    if (!file.games.length) return;
    const name = fileName({ created: file.saved }, "json").replace(/^belot-/, "belot-backup-");
    download(name, "application/json", backupText(file));
    this.#status = { file: name };
    if (this.#t) this.#announce(format(this.#t.backedUp, this.#status));
    this.persistence.backedUp();
    this.#changed();
  }

  #changed() {
    this.dispatchEvent(new Event("change"));
  }

  /**
   * Render with the sheet (`sheet`: the book's snapshot); a new message is said once.
   * @param {{ keep: KeepWords }} s the sheet's strings
   * @param {Lang} lang
   * @param {{ validated: boolean, viewing: boolean, busy: boolean }} sheet
   */
  render(s, lang, sheet) {
    adoptKeepStyles(this.state.element.getRootNode());
    const t = s.keep;
    this.#t = t;
    const keep = /** @type {KeepSnapshot} */ (this.persistence.snapshot());
    const shown = sheet.validated && !sheet.viewing;
    this.state.render(t, lang, keep, { busy: sheet.busy, status: this.#status });
    this.notice.render(t, lang, shown ? keep.message : null, { busy: sheet.busy });
    if (!shown) return;
    if (keep.message && keep.message !== this.#said) this.#announce(noticeWords(t, lang, keep.message));
    this.#said = keep.message;
  }
}
