// Games that travel, on the score sheet: "Send the game" (the game's link, its QR code,
// and the game as a JSON or CSV file) and the banner of a game opened from a link
// (read only, with "Keep this game on this device").
//
// The link is the core's (`game_link_json`, through the scorer's gameLink): the text
// after `#game=` in a link to the standalone calculator, whose fragment never reaches a
// server. The QR code is drawn by sheet/qr.js, imported (with its encoder) only when a code is
// first drawn. Both panels report the reader's actions to the sheet and render plain
// data; the games stay the sheet's.

import { LINK_KEY } from "../core-tables.js";
import { h } from "../ui/dom.js";
import { format } from "../i18n/strings.js";
import { setIsolated } from "../ui/kit.js";

/**
 * The travel words the panels show (i18n/travel-strings.js), and what they read of the strings.
 * @typedef {"copied" | "copyFailed" | "shared"} LinkStatus
 * @typedef {Record<"share" | "shareHint" | "link" | "copyLink" | "shareLink" | "files" | "json" | "csv" | "qrLabel" | "qrLoading" | "qrFailed" | "linkLoading" | "linkFailed" | LinkStatus, string>} ShareWords
 * @typedef {Record<"sharedTitle" | "sharedText" | "keep" | "whichTeam" | "senderTeam" | "otherTeam" | "close", string>} BannerWords
 * @typedef {import("./table-mode.js").Team} Team
 */

/**
 * Whether `hash` (a URL's fragment, "#…") carries a game.
 * @param {unknown} hash
 * @returns {hash is string}
 */
export function isGameLink(hash) {
  return typeof hash === "string" && hash.startsWith(`#${LINK_KEY}=`);
}

/**
 * The link to `base` (the standalone calculator's URL) carrying the link text.
 * @param {string | URL} base
 * @param {string} text
 */
export function linkURL(base, text) {
  const url = new URL(base);
  url.hash = `${LINK_KEY}=${text}`;
  return url.href;
}

/** Take a game link out of the page's address (kept, closed or refused: it is done). */
export function clearLinkFromAddress() {
  if (!isGameLink(globalThis.location?.hash)) return;
  const { pathname, search } = globalThis.location;
  globalThis.history.replaceState(globalThis.history.state, "", pathname + search);
}

/**
 * Save `text` as a file named `name` (a download; nothing leaves the device).
 * @param {string} name
 * @param {string} type
 * @param {string} text
 */
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = h("a", { href: url, download: name, hidden: true });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Send the game": a <details> that, when opened, asks the sheet for the game's link
 * and draws its QR code; Copy / Send the link; the game as JSON or CSV.
 */
/**
 * @typedef {object} ShareActions
 * @property {() => Promise<{ url?: string, reason?: string }>} link the game's link, or why not
 * @property {(kind: "json" | "csv") => void} file
 * @property {() => unknown} key the sheet's key for the game shown
 * @property {() => string} [title]
 * @typedef {{ summary: HTMLElement, hint: HTMLElement, qr: HTMLElement, qrText: HTMLElement, linkLabel: HTMLElement, link: HTMLInputElement, copy: HTMLButtonElement, send: HTMLButtonElement, status: HTMLElement, files: HTMLElement, json: HTMLButtonElement, csv: HTMLButtonElement }} SharePanelParts
 * @typedef {SharePanelParts & { element: HTMLDetailsElement }} SharePanelUi
 */

/** A <button type="button"> of `className` (a cast: h() is typed for any tag). */
const button = (/** @type {string} */ className) => /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: className }));

export class SharePanel {
  /** @type {ShareActions} */ #actions;
  /** @type {{ travel: ShareWords } | null} */ #s = null;
  /** @type {unknown} */ #key = null; // the game the link shows (the sheet's key for it)
  /** @type {string | null} */ #url = null;
  #drawing = 0;
  /** @type {LinkStatus | null} */ #status = null;
  /** @type {SharePanelUi} */ ui;

  /** @param {ShareActions} actions `{link() → Promise<{url} | {errors}>, file("json" | "csv"), key()}` */
  constructor(actions) {
    this.#actions = actions;
    /** @type {SharePanelParts} */
    const ui = {
      summary: h("summary", {}),
      hint: h("p", { class: "hint share-hint" }),
      qr: h("div", { class: "qr", part: "qr" }),
      qrText: h("p", { class: "hint qr-text" }),
      linkLabel: h("label", { for: "share-link" }),
      link: /** @type {HTMLInputElement} */ (
        h("input", { type: "text", id: "share-link", class: "share-link", readonly: true, autocomplete: "off", spellcheck: "false" })
      ),
      copy: button("copy-link"),
      send: button("send-link"),
      status: h("p", { class: "link-status", role: "status" }),
      files: h("span", { class: "files-label" }),
      json: button("export-json"),
      csv: button("export-csv"),
    };
    ui.link.addEventListener("focus", () => ui.link.select());
    ui.copy.addEventListener("click", () => this.#copy());
    ui.send.addEventListener("click", () => this.#send());
    ui.json.addEventListener("click", () => this.#actions.file("json"));
    ui.csv.addEventListener("click", () => this.#actions.file("csv"));
    const element = /** @type {HTMLDetailsElement} */ (
      h(
        "details",
        { class: "send-game", part: "sheet-share" },
        ui.summary,
        ui.hint,
        h("figure", { class: "qr-figure" }, ui.qr, h("figcaption", {}, ui.qrText)),
        h("div", { class: "field share-field" }, ui.linkLabel, ui.link),
        h("div", { class: "sheet-actions" }, ui.copy, ui.send),
        ui.status,
        h("p", { class: "sheet-actions files" }, ui.files, " ", ui.json, " ", ui.csv),
      )
    );
    this.ui = { ...ui, element };
    element.addEventListener("toggle", () => this.#refresh());
  }

  get element() {
    return this.ui.element;
  }

  /**
   * Render in the strings `s`; an open panel follows the game (a new link when it changed).
   * @param {{ travel: ShareWords }} s
   */
  render(s) {
    const ui = this.ui;
    const t = s.travel;
    this.#s = s;
    ui.summary.textContent = t.share;
    ui.hint.textContent = t.shareHint;
    ui.linkLabel.textContent = t.link;
    ui.copy.textContent = t.copyLink;
    ui.send.textContent = t.shareLink;
    ui.send.hidden = typeof navigator.share !== "function";
    ui.files.textContent = t.files;
    ui.json.textContent = t.json;
    ui.csv.textContent = t.csv;
    ui.status.textContent = this.#status ? t[this.#status] : "";
    ui.qr.querySelector("svg")?.setAttribute("aria-label", t.qrLabel);
    if (this.#drawing) ui.qrText.textContent = t.qrLoading;
    this.#refresh();
  }

  /** When open: make the link (and its code) again if the game changed since. */
  async #refresh() {
    const ui = this.ui;
    const key = this.#actions.key();
    if (!ui.element.open || key === this.#key) return;
    this.#key = key;
    this.#url = null;
    this.#status = null;
    const drawing = ++this.#drawing;
    const first = this.#s;
    if (!first) return; // opened before any render: the first render refreshes it
    const t = () => (this.#s ?? first).travel; // the words of the latest render
    ui.link.value = "";
    ui.link.placeholder = t().linkLoading;
    ui.qrText.textContent = t().qrLoading;
    ui.copy.disabled = ui.send.disabled = true;
    const made = await this.#actions.link();
    if (drawing !== this.#drawing) return;
    if (!made.url) {
      this.#drawing = 0;
      ui.link.placeholder = "";
      ui.qr.replaceChildren();
      ui.qrText.textContent = format(t().linkFailed, { reason: made.reason ?? "" });
      return;
    }
    this.#url = made.url;
    ui.link.value = made.url;
    ui.copy.disabled = ui.send.disabled = false;
    try {
      // sheet/qr.js and its encoder load on the first code drawn, never with the sheet.
      const { qrCode } = await import("./qr.js");
      const { svg, version } = await qrCode(made.url, { label: t().qrLabel });
      if (drawing !== this.#drawing) return;
      svg.dataset.version = String(version);
      ui.qr.replaceChildren(svg);
      ui.qrText.textContent = "";
    } catch (error) {
      if (drawing !== this.#drawing) return;
      console.warn("[belot-calculator] the QR code could not be drawn:", error instanceof Error ? error.message : error);
      ui.qr.replaceChildren();
      ui.qrText.textContent = t().qrFailed;
    }
    this.#drawing = 0;
  }

  async #copy() {
    try {
      await navigator.clipboard.writeText(this.#url ?? "");
      this.#setStatus("copied");
    } catch {
      this.ui.link.focus();
      this.#setStatus("copyFailed");
    }
  }

  async #send() {
    try {
      await navigator.share({ title: this.#actions.title?.() ?? "", url: this.#url ?? undefined });
      this.#setStatus("shared");
    } catch (error) {
      if (!(error instanceof Error && error.name === "AbortError")) await this.#copy();
    }
  }

  /** @param {LinkStatus} key */
  #setStatus(key) {
    this.#status = key;
    this.ui.status.textContent = this.#s ? this.#s.travel[key] : "";
  }

  /** Forget the link (another game is shown): the next open makes it again. */
  reset() {
    this.#key = null;
  }
}

/**
 * The banner over a game opened from a link: read only, with "which team are you?", Keep
 * and Close. `actions`: `{keep(), close(), side(team)}`.
 */
/**
 * @typedef {{ keep(): void, close(): void, side(team: Team): void }} BannerActions
 * @typedef {{ title: HTMLElement, text: HTMLElement, rules: HTMLElement, blocked: HTMLElement, keep: HTMLButtonElement, close: HTMLButtonElement, sideLabel: HTMLElement, sides: Record<Team, HTMLButtonElement>, side: HTMLElement }} BannerParts
 * @typedef {BannerParts & { element: HTMLElement }} BannerUi
 */

export class SharedBanner {
  /** @type {BannerUi} */ ui;

  /** @param {BannerActions} actions */
  constructor(actions) {
    /** @type {(team: Team) => HTMLButtonElement} */
    const side = (team) => /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: `side side-${team}`, dir: "auto", "aria-pressed": "false" }));
    // "Кой отбор сте вие?": the sender's two teams by name; the pressed one is "Ние" here.
    const sideLabel = h("p", { class: "side-label", id: "shared-side" });
    const sides = { us: side("us"), them: side("them") };
    /** @type {BannerParts} */
    const ui = {
      title: h("h3", { class: "shared-title", id: "shared-title", tabindex: "-1" }),
      text: h("p", { class: "shared-text" }),
      rules: h("p", { class: "shared-rules" }),
      blocked: h("p", { class: "hint shared-blocked", id: "shared-blocked", hidden: true }),
      keep: button("primary keep-game"),
      close: button("close-shared"),
      sideLabel,
      sides,
      side: h("div", { class: "shared-side", role: "group", "aria-labelledby": "shared-side" }, sideLabel, h("div", { class: "sides" }, sides.us, sides.them)),
    };
    ui.keep.addEventListener("click", () => actions.keep());
    ui.close.addEventListener("click", () => actions.close());
    for (const team of /** @type {Team[]} */ (["us", "them"])) ui.sides[team].addEventListener("click", () => actions.side(team));
    const element = h(
      "section",
      { class: "shared", part: "sheet-shared", "aria-labelledby": "shared-title", hidden: true },
      ui.title,
      ui.text,
      ui.rules,
      ui.side,
      h("div", { class: "sheet-actions" }, ui.keep, ui.close),
      ui.blocked,
    );
    this.ui = { ...ui, element };
  }

  get element() {
    return this.ui.element;
  }

  /**
   * Show it (`params`: totals, names and the number of deals) or hide it (null); its
   * title is a heading of `level`, the level of the element's own headings. `rules`: the
   * game's house rules in a few words; `blocked`: why Keep cannot be pressed now, or "".
   * `side`: the sender's team names and which of them the reader is, or null.
   * @param {{ travel: BannerWords }} s
   * @param {Record<string, string | number> | null} params
   * @param {boolean} busy
   * @param {number} [level]
   * @param {{ rules?: string, blocked?: string, side?: { sender?: Partial<Record<Team, string>>, weAre?: Team | null } | null }} [options]
   */
  render(s, params, busy, level = 3, { rules = "", blocked = "", side = null } = {}) {
    const ui = this.ui;
    ui.element.hidden = !params;
    if (!params) return;
    if (ui.title.localName !== `h${level}`) {
      const title = h(`h${level}`, { class: "shared-title", id: "shared-title", tabindex: "-1" });
      ui.title.replaceWith(title);
      ui.title = title;
    }
    const t = s.travel;
    ui.title.textContent = t.sharedTitle;
    setIsolated(ui.text, t.sharedText, params);
    ui.keep.textContent = t.keep;
    ui.sideLabel.textContent = t.whichTeam;
    ui.side.hidden = !side;
    for (const team of /** @type {Team[]} */ (["us", "them"])) {
      const button = ui.sides[team];
      const name = side?.sender?.[team]?.trim() || (team === "us" ? t.senderTeam : t.otherTeam);
      if (button.textContent !== name) button.textContent = name;
      button.setAttribute("aria-pressed", String(side?.weAre === team));
      button.disabled = busy;
    }
    ui.close.textContent = t.close;
    ui.rules.textContent = rules;
    ui.rules.hidden = !rules;
    ui.blocked.textContent = blocked;
    ui.blocked.hidden = !blocked;
    ui.keep.disabled = busy || Boolean(blocked);
    if (blocked) ui.keep.setAttribute("aria-describedby", "shared-blocked");
    else ui.keep.removeAttribute("aria-describedby");
  }
}
