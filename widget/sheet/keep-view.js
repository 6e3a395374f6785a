// Keeping the games, as the reader sees it — two views rendering store/persistence.js's
// snapshot, reporting presses back:
//
//   KeepState   in "Games on this device": whether the browser keeps these games (or
//               may clear them, or does not say), the last backup, Back up all games
//   KeepNotice  above the sheet, one message at a time: the games the browser cleared
//               (restore from a backup file, open a game's link, or start afresh), the
//               monthly reminder to back up, or the one word about Safari's Home Screen
//
// Text only through textContent (ui/dom.js); the games stay the sheet's.

import { format, plural } from "../i18n/format.js";
import { h, setHidden, setText } from "../ui/dom.js";
import { isGameLink } from "./share.js";
import { formatDate } from "./summary.js";

/**
 * What the views read of store/persistence.js's snapshot, and the words they show it in.
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {"checking" | "persisted" | "best_effort" | "asking" | "unsupported" | "not_saved"} KeepStateName
 * @typedef {{ kind: "cleared", games: number, saved?: string, backup?: string | null }} ClearedMessage
 * @typedef {ClearedMessage | { kind: "remind", count: number } | { kind: "install" }} KeepMessage
 * @typedef {{ state: KeepStateName, message: KeepMessage | null, backup: string | null, games: number }} KeepSnapshot
 * @typedef {(typeof import("../i18n/keep-strings.js").KEEP_WORDS)[Lang]} KeepWords
 */

/**
 * The game link in what was pasted — a whole address or its "#game=…" — or null.
 * @param {unknown} text
 */
export function linkHash(text) {
  const value = String(text ?? "").trim();
  const at = value.indexOf("#");
  const hash = at >= 0 ? value.slice(at) : `#${value}`;
  return isGameLink(hash) ? hash : null;
}

/** @typedef {{ state: HTMLElement, backup: HTMLElement, backUp: HTMLButtonElement, status: HTMLElement, element: HTMLElement }} KeepStateUi */

export class KeepState {
  /** @type {{ backUp(): void }} */ #actions;
  /** @type {KeepStateUi} */ ui;

  /** @param {{ backUp(): void }} actions */
  constructor(actions) {
    this.#actions = actions;
    const state = h("p", { class: "keep-state" });
    const backup = h("p", { class: "keep-backup" });
    const backUp = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "back-up" }));
    backUp.addEventListener("click", () => this.#actions.backUp());
    const status = h("p", { class: "keep-status", role: "status" });
    const element = h("div", { class: "keep", part: "sheet-keep", hidden: true }, state, backup, h("p", { class: "sheet-actions" }, backUp), status);
    this.ui = { state, backup, backUp, status, element };
  }

  get element() {
    return this.ui.element;
  }

  /**
   * `keep`: the persistence snapshot; `status`: {file} of the backup just made, or null.
   * @param {KeepWords} t
   * @param {Lang} lang
   * @param {KeepSnapshot} keep
   * @param {{ busy?: boolean, status?: { file: string } | null }} [options]
   */
  render(t, lang, keep, { busy = false, status = null } = {}) {
    const ui = this.ui;
    setHidden(ui.element, keep.state === "checking");
    ui.element.dataset.state = keep.state;
    setText(ui.state, keep.state === "checking" ? "" : t[keep.state]);
    setText(ui.backup, keep.backup ? format(t.lastBackup, { date: formatDate(keep.backup, lang) }) : t.noBackup);
    setHidden(ui.backup, keep.state === "not_saved");
    setText(ui.backUp, t.backUp);
    ui.backUp.disabled = busy || keep.games === 0;
    setText(ui.status, status ? format(t.backedUp, status) : "");
  }
}

/**
 * @typedef {object} NoticeActions
 * @property {(file: File) => void} restore
 * @property {(hash: string) => void} openLink
 * @property {() => void} [refusedLink]
 * @property {() => void} dismiss
 * @property {() => void} backUp
 * @typedef {{ form: HTMLElement, input: HTMLInputElement, label: HTMLElement, open: HTMLButtonElement, error: HTMLElement }} LinkForm
 * @typedef {{ title: HTMLElement, text: HTMLElement, file: HTMLInputElement, restore: HTMLButtonElement, backUp: HTMLButtonElement, dismiss: HTMLButtonElement, link: LinkForm, element: HTMLElement }} KeepNoticeUi
 */

export class KeepNotice {
  /** @type {NoticeActions} */ #actions;
  /** @type {KeepNoticeUi} */ ui;

  /** @param {NoticeActions} actions */
  constructor(actions) {
    this.#actions = actions;
    const title = h("p", { class: "keep-title", id: "keep-title" });
    const text = h("p", { class: "keep-text" });
    const file = /** @type {HTMLInputElement} */ (h("input", { type: "file", accept: ".json,application/json", class: "restore-file", hidden: true }));
    file.addEventListener("change", () => {
      const [picked] = file.files ?? [];
      file.value = "";
      if (picked) this.#actions.restore(picked);
    });
    const restore = this.#button("restore-backup", () => file.click());
    const backUp = this.#button("back-up-now", () => this.#actions.backUp());
    const dismiss = this.#button("keep-dismiss", () => this.#actions.dismiss());
    const link = this.#linkForm();
    const element = h(
      "div",
      { class: "keep-notice", part: "sheet-keep-notice", role: "group", "aria-labelledby": "keep-title", hidden: true },
      title,
      text,
      h("p", { class: "sheet-actions" }, restore, backUp, file),
      link.form,
      h("p", { class: "sheet-actions" }, dismiss),
    );
    this.ui = { title, text, file, restore, backUp, dismiss, link, element };
  }

  get element() {
    return this.ui.element;
  }

  /**
   * @param {string} className
   * @param {() => void} onClick
   */
  #button(className, onClick) {
    const button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: className }));
    button.addEventListener("click", onClick);
    return button;
  }

  /**
   * A game's link, pasted: opened as one in the page's address is (read only, then kept or closed).
   * @returns {LinkForm}
   */
  #linkForm() {
    const input = /** @type {HTMLInputElement} */ (
      h("input", { type: "text", inputmode: "url", autocomplete: "off", spellcheck: "false", class: "keep-link-input", id: "keep-link-input", dir: "ltr" })
    );
    const label = h("label", { for: "keep-link-input" });
    const open = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "open-link" }));
    const error = h("p", { class: "error keep-link-error", id: "keep-link-error" });
    // Not a <form>: the element's form is the deal's (and selectors, print styles, know it so).
    const form = h("div", { class: "keep-link" }, label, h("span", { class: "keep-link-row" }, input, open), error);
    open.addEventListener("click", () => this.#openLink(input));
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      this.#openLink(input);
    });
    return { form, input, label, open, error };
  }

  /**
   * The pasted link opened, or said to be none.
   * @param {HTMLInputElement} input
   */
  #openLink(input) {
    const hash = linkHash(input.value);
    this.linkRefused = !hash;
    input.toggleAttribute("aria-invalid", !hash);
    if (hash) {
      input.value = "";
      this.#actions.openLink(hash);
    } else this.#actions.refusedLink?.();
  }

  linkRefused = false;

  /**
   * `message`: the persistence snapshot's, or null; `busy`: a change is on its way.
   * @param {KeepWords} t
   * @param {Lang} lang
   * @param {KeepMessage | null} message
   * @param {{ busy?: boolean }} [options]
   */
  render(t, lang, message, { busy = false } = {}) {
    const ui = this.ui;
    setHidden(ui.element, !message);
    if (!message) return;
    ui.element.dataset.kind = message.kind;
    setText(ui.title, t[`${message.kind}Title`]);
    setText(ui.text, noticeWords(t, lang, message));
    const cleared = message.kind === "cleared";
    setHidden(ui.restore, !cleared);
    setHidden(ui.link.form, !cleared);
    setHidden(ui.backUp, message.kind !== "remind");
    setText(ui.restore, t.restore);
    setText(ui.backUp, t.backUp);
    setText(ui.link.label, t.link);
    setText(ui.link.open, t.openLink);
    setText(ui.link.error, this.linkRefused ? t.notALink : "");
    if (this.linkRefused) ui.link.input.setAttribute("aria-describedby", "keep-link-error");
    else ui.link.input.removeAttribute("aria-describedby");
    setText(ui.dismiss, cleared ? t.startAfresh : message.kind === "remind" ? t.notNow : t.gotIt);
    for (const button of [ui.restore, ui.backUp, ui.link.open]) button.disabled = busy;
  }
}

/**
 * The message's text in the reader's words (also what the live region says when it appears).
 * @param {KeepWords} t
 * @param {Lang} lang
 * @param {KeepMessage} message
 */
export function noticeWords(t, lang, message) {
  if (message.kind === "cleared") {
    const params = { count: message.games, games: plural(t.games, message.games, lang), saved: message.saved ? formatDate(message.saved, lang) : "" };
    const text = format(message.saved ? t.cleared : t.clearedUndated, params);
    return message.backup ? `${text} ${format(t.clearedBackup, { date: formatDate(message.backup, lang) })}` : text;
  }
  if (message.kind === "remind") return format(t.remind, { count: message.count });
  return t.install;
}
