// Sending the game shown: its link (the core writes it), a file (JSON, or CSV with the
// link), and its text shared or copied (the Web Share API where the browser has one, else
// the clipboard). The score sheet asks; what came of a share or copy is `status`.

import { format, STRINGS } from "../i18n/strings.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";
import { gameFile } from "../files/export.js";
import { errorsText } from "../ui/kit.js";
import { exportGame } from "./files.js";
import { linkURL } from "./share.js";
import { summaryText, teamNames } from "./summary.js";
import { words } from "./sheet-words.js";

/** @import { GameBook } from "../book/game-book.js"; */
/** @import { Game, Language, ShareStatus } from "./view-types.js"; */

export class GameSender {
  /** @type {GameBook} */ #book;
  /** @type {() => string} */ #linkBase;
  /** @type {() => Language} */ #lang;
  /** @type {() => void} */ #changed;
  /** @type {() => void} */ #selectText;
  /** @type {ShareStatus | null} What the last share or copy came to (null: none since the game changed). */
  status = null;

  /**
   * `linkBase()`: the URL a link points at; `lang()`: the reader's language; `changed()`:
   * the status changed (render again); `selectText()`: a copy failed, the text is selected
   * for the reader to copy.
   * @param {{book: GameBook, linkBase: () => string, lang: () => Language, changed: () => void, selectText: () => void}} options
   */
  constructor({ book, linkBase, lang, changed, selectText }) {
    this.#book = book;
    this.#linkBase = linkBase;
    this.#lang = lang;
    this.#changed = changed;
    this.#selectText = selectText;
  }

  /** Save the game shown as a file: the contract's JSON, or CSV for a spreadsheet. @param {"json" | "csv"} kind */
  async exportFile(kind) {
    const game = this.#book.game; // the CSV carries the game's link: Import gives back the same game
    if (game) exportGame(game, this.#book.result, kind, this.#lang(), kind === "csv" ? ((await this.linkOf(game)).url ?? "") : "");
  }

  /** The link to `game`: `{url}`, or `{reason}` in the UI language. @param {Game | null} game @returns {Promise<{url?: string, reason?: string}>} */
  async linkOf(game) {
    if (!game) return { reason: "" }; // no game shown: nothing to send
    try {
      const reply = await this.#book.scorer().gameLink(gameFile(game));
      if (reply?.ok) return { url: linkURL(this.#linkBase(), reply.result.link) };
      return { reason: errorsText(reply?.errors ?? [], this.#lang()) };
    } catch (error) {
      return { reason: String(/** @type {{message?: unknown} | null | undefined} */ (error)?.message ?? error) };
    }
  }

  /** The title a shared game goes with: the teams and their totals. */
  title() {
    const lang = this.#lang();
    const names = teamNames(this.#book.game, STRINGS[lang]);
    const totals = this.#book.result.totals;
    return format(TRAVEL_WORDS[lang].shareTitle, { usName: names.us, themName: names.them, us: totals.us, them: totals.them });
  }

  /** The game as text, shared (the browser's sheet) or else copied. */
  async share() {
    const lang = this.#lang();
    const game = this.#book.game;
    if (!game) return; // nothing shown: nothing to share
    const text = summaryText(game, this.#book.result, words(STRINGS[lang], lang), lang);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: STRINGS[lang].sheet.caption, text });
        this.#set("shared");
        return;
      } catch (error) {
        if (/** @type {{name?: unknown} | null | undefined} */ (error)?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      this.#set("copied");
    } catch {
      this.#set("copyFailed");
      this.#selectText();
    }
  }

  /** @param {ShareStatus} status */
  #set(status) {
    this.status = status;
    this.#changed();
  }
}
