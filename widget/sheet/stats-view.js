// The statistics of the games on this device (at the end of the sheet): a range of
// days, per pair and per player the core's counts (book/stats.js asks the core), each
// with the games it was counted from — their date, score and whether it won them — so
// that every figure can be checked; and the statistics as a CSV file. It renders what
// the Statistics hold and reports presses back; it never counts anything itself.

import { NOUNS } from "../core-words.js";
import { format } from "../i18n/strings.js";
import { plural } from "../i18n/format.js";
import { countsText } from "../i18n/table-strings.js";
import { h, setText } from "../ui/dom.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";
import { errorsText } from "../ui/kit.js";
import { SHOWN, whoText } from "../book/stats.js";
import { formatDate } from "./summary.js";

/**
 * What the view reads of the Statistics (book/stats.js) and of the core's answer (docs/game-book.md, "Statistics").
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {import("./table-mode.js").Team} Team
 * @typedef {Readonly<Record<string, string>>} TeamNames this device's word for each team (Ние / Вие)
 * @typedef {{ players?: string[], player?: string, name?: string, team?: Team, biggest?: { points: number, game: number, deal: number } | null, by_contract?: Record<string, Record<string, number>>, played?: number[], won_games?: number[], [count: string]: unknown }} StatsEntry
 *   a pair or a player: who, its counts, its bids by contract, and the games it is counted from (indices of `games`)
 * @typedef {{ games: number[], message?: Partial<Record<Lang, string>> }} StatsConflict a game that does not fit its match
 * @typedef {{ games?: number, conflicts?: StatsConflict[], pairs: StatsEntry[], players: StatsEntry[], more_pairs?: number, more_players?: number }} StatsResult
 * @typedef {{ id: string, created: string, names?: { us?: string, them?: string }, totals: Record<Team, number> }} StatsGame a game counted, by the answer's index
 * @typedef {object} StatsModel what the view reads of a Statistics
 * @property {string} state "idle", "loading", "ready" or "failed"
 * @property {unknown} result the core's answer (a StatsResult once ready), or null
 * @property {{ code: string, message?: Partial<Record<string, string>> | null }[] | null} errors
 * @property {StatsGame[]} games
 * @property {number} left games played but not counted
 * @typedef {string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>)} PluralWords a text, or one per plural form
 * @typedef {Record<"statistics" | "statsShow" | "statsCsv" | "statsLoading" | "statsWon" | "statsWhere" | "statsMore" | "statsLatest", string> & { statsGamesOf: PluralWords, statsCounts: Record<"bids" | "made" | "inside" | "hanging", PluralWords> }} StatsWords
 * @typedef {Record<string, string>} StatsNouns the core's words of the statistics: headings, counts, "no games"
 * @typedef {{ show(range: { from: string, to: string }): void, csv(): void, open?(id: string): void, remove?(id: string): void }} StatsActions
 * @typedef {{ summary: HTMLElement, from: HTMLInputElement, to: HTMLInputElement, fromLabel: HTMLElement, toLabel: HTMLElement, show: HTMLButtonElement, csv: HTMLButtonElement, status: HTMLElement, results: HTMLElement, element: HTMLDetailsElement }} StatsUi
 * @typedef {(n: number) => string} Level the heading tag of level `n` (1: the kinds, 2: each pair or player)
 */

/** A <button type="button"> of `className` (a cast: h() is typed for any tag). */
const button = (/** @type {string} */ className) => /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: className }));

export class StatsView {
  /** @type {StatsActions} */ #actions;
  /** @type {unknown[] | null} */ #key = null;
  /** @type {StatsUi} */ ui;

  /**
   * `actions`: `{show(range), csv(), open(id), remove(id)}`; `range`: {from, to} as typed ("" = open).
   * @param {StatsActions} actions
   */
  constructor(actions) {
    this.#actions = actions;
    const summary = h("summary", {});
    const from = /** @type {HTMLInputElement} */ (h("input", { type: "date", name: "stats-from" }));
    const to = /** @type {HTMLInputElement} */ (h("input", { type: "date", name: "stats-to" }));
    const range = () => ({ from: from.value, to: to.value });
    const fromLabel = h("span", {});
    const toLabel = h("span", {});
    const show = button("stats-show");
    show.addEventListener("click", () => this.#actions.show(range()));
    const csv = button("stats-csv");
    csv.addEventListener("click", () => this.#actions.csv());
    const status = h("p", { class: "stats-status", role: "status" });
    const results = h("div", { class: "stats-results" });
    const element = /** @type {HTMLDetailsElement} */ (
      h(
        "details",
        { class: "stats", part: "sheet-stats" },
        summary,
        h("div", { class: "stats-range" }, h("label", { class: "field" }, fromLabel, from), h("label", { class: "field" }, toLabel, to)),
        h("div", { class: "sheet-actions" }, show, csv),
        status,
        results,
      )
    );
    /** @type {StatsUi} */
    const ui = { summary, from, to, fromLabel, toLabel, show, csv, status, results, element };
    this.ui = ui;
    // Opened the first time: worked out at once over every day.
    ui.element.addEventListener("toggle", () => {
      if (ui.element.open && this.#key === null) this.#actions.show(range());
    });
  }

  get element() {
    return this.ui.element;
  }

  /**
   * `model`: {t (table words), s, lang, stats (a Statistics), teamNames, busy, headingLevel (the sheet's)}.
   * @param {{ t: StatsWords, s?: unknown, lang: Lang, stats: StatsModel, teamNames: TeamNames, busy: boolean, headingLevel?: number }} model
   */
  render({ t, lang, stats, teamNames, busy, headingLevel = 3 }) {
    const ui = this.ui;
    /** @type {StatsNouns} */
    const words = NOUNS[lang].statistics;
    setText(ui.summary, t.statistics);
    setText(ui.fromLabel, words.from);
    setText(ui.toLabel, words.to);
    setText(ui.show, t.statsShow);
    setText(ui.csv, t.statsCsv);
    ui.show.disabled = busy || stats.state === "loading";
    ui.csv.disabled = stats.state !== "ready";
    const result = /** @type {StatsResult | null} */ (stats.result); // the core's answer, as read here
    const left =
      stats.state === "ready" && stats.left
        ? format(t.statsLatest, { count: new Intl.NumberFormat(lang).format(stats.games.length), left: new Intl.NumberFormat(lang).format(stats.left) })
        : "";
    const status =
      stats.state === "loading"
        ? t.statsLoading
        : stats.state === "failed"
          ? errorsText(stats.errors ?? [], lang)
          : result && !result.games
            ? words.no_games
            : left;
    setText(ui.status, status);
    // Rendered again only when what it shows changed: the answer (a new object per answer,
    // never re-stringified), the language, the teams' words, the heading level.
    const key = [lang, stats.state, result, teamNames?.us, teamNames?.them, headingLevel];
    const last = this.#key;
    if (stats.state === "idle" || (last && key.every((part, i) => part === last[i]))) return;
    this.#key = key;
    // "Двойки" at the level of the element's own headings ("Резултат", one above the
    // sheet's), each pair one below: the sheet comes before them in the page's order.
    /** @type {Level} */
    const level = (n) => `h${Math.min(6, Math.max(2, headingLevel - 1) + n - 1)}`;
    const ready = stats.state === "ready" ? result : null; // (ready, the answer is there)
    const conflicts = ready?.conflicts ?? [];
    ui.results.replaceChildren(
      ...conflicts.map((conflict) => this.#conflict(lang, stats, conflict, teamNames)),
      ...(ready?.games ? this.#sections(t, lang, ready, stats, teamNames, level) : []),
    );
  }

  /**
   * A game that does not fit its match (the same game kept twice, a game after the
   * match was won): the core's words, and the games it names, each to open or remove.
   * The statistics still count it, as a game on its own.
   * @param {Lang} lang
   * @param {StatsModel} stats
   * @param {StatsConflict} conflict
   * @param {TeamNames} teamNames
   */
  #conflict(lang, stats, conflict, teamNames) {
    /** @type {Record<"conflictGame" | "conflictOpen" | "conflictRemove" | "conflictHelp", string>} */
    const words = TRAVEL_WORDS[lang];
    const games = conflict.games.map((index) => {
      const game = stats.games[index];
      if (!game) return h("li", {});
      const names = { us: game.names?.us || teamNames.us, them: game.names?.them || teamNames.them };
      const text = format(words.conflictGame, {
        n: index + 1,
        date: formatDate(game.created, lang),
        usName: names.us,
        themName: names.them,
        us: game.totals.us,
        them: game.totals.them,
      });
      const open = h("button", { type: "button", class: "conflict-open", "aria-label": `${words.conflictOpen}: ${text}` }, words.conflictOpen);
      const remove = h("button", { type: "button", class: "conflict-remove", "aria-label": `${words.conflictRemove}: ${text}` }, words.conflictRemove);
      open.addEventListener("click", () => this.#actions.open?.(game.id));
      remove.addEventListener("click", () => this.#actions.remove?.(game.id));
      return h("li", { "data-game": game.id }, h("span", {}, text), h("span", { class: "sheet-actions" }, open, remove));
    });
    return h("div", { class: "stats-conflict", role: "note" }, h("p", {}, `${conflict.message?.[lang] ?? ""} ${words.conflictHelp}`), h("ul", {}, ...games));
  }

  /**
   * The pairs and the players of the answer `result`, each kind under its heading.
   * @param {StatsWords} t
   * @param {Lang} lang
   * @param {StatsResult} result
   * @param {StatsModel} stats
   * @param {TeamNames} teamNames
   * @param {Level} level
   */
  #sections(t, lang, result, stats, teamNames, level) {
    /** @type {StatsNouns} */
    const words = NOUNS[lang].statistics;
    const more = { pairs: result.more_pairs ?? 0, players: result.more_players ?? 0 };
    return /** @type {const} */ (["pairs", "players"])
      .filter((kind) => result[kind].length)
      .map((kind) =>
        h(
          "section",
          { class: `stats-${kind}` },
          h(level(1), { class: "stats-kind" }, words[kind]),
          ...result[kind].map((entry) => this.#entry(t, lang, stats, entry, teamNames, level)),
          ...(more[kind] ? [h("p", { class: "stats-more" }, format(t.statsMore, { count: new Intl.NumberFormat(lang).format(more[kind]) }))] : []),
        ),
      );
  }

  /**
   * One pair or player: its counts, what it bid by contract, and the games it is counted from.
   * @param {StatsWords} t
   * @param {Lang} lang
   * @param {StatsModel} stats
   * @param {StatsEntry} entry
   * @param {TeamNames} teamNames
   * @param {Level} level
   */
  #entry(t, lang, stats, entry, teamNames, level) {
    /** @type {StatsNouns} */
    const words = NOUNS[lang].statistics;
    /** @type {Record<string, string>} */
    const contractNames = NOUNS[lang].contracts;
    const gameDate = (/** @type {number} */ index) => formatDate(stats.games[index]?.created, lang);
    const biggest = entry.biggest;
    const counts = SHOWN.map((/** @type {string} */ key) => {
      const value =
        key !== "biggest" ? entry[key] : biggest ? format(t.statsWhere, { points: biggest.points, date: gameDate(biggest.game), n: biggest.deal + 1 }) : "–";
      return [h("dt", {}, words[key]), h("dd", { "data-count": key }, String(value))];
    });
    const contracts = Object.entries(entry.by_contract ?? {}).map(([contract, bid]) => [
      h("dt", {}, contractNames[contract]),
      h("dd", { "data-contract": contract }, countsText(t, bid, lang)),
    ]);
    // The games it is counted from: listed when their <details> is opened, not before
    // (a pair of a thousand games is a thousand rows nobody asked to see).
    const played = entry.played ?? [];
    const list = h("ul", {});
    const gamesOf = /** @type {HTMLDetailsElement} */ (
      h("details", { class: "stats-games" }, h("summary", {}, plural(t.statsGamesOf, played.length, lang)), list)
    );
    gamesOf.addEventListener("toggle", () => {
      if (gamesOf.open && !list.childElementCount) list.append(...this.#games(t, lang, stats, entry, teamNames));
    });
    return h(
      "article",
      { class: "stats-entry" },
      h(level(2), { class: "stats-who" }, h("bdi", {}, whoText(entry, teamNames))),
      h("dl", { class: "stats-counts" }, ...counts.flat()),
      ...(contracts.length ? [h("p", { class: "stats-by" }, words.by_contract), h("dl", { class: "stats-contracts" }, ...contracts.flat())] : []),
      gamesOf,
    );
  }

  /**
   * The rows of the games `entry` is counted from: date, teams, score, and whether it won.
   * @param {StatsWords} t
   * @param {Lang} lang
   * @param {StatsModel} stats
   * @param {StatsEntry} entry
   * @param {TeamNames} teamNames
   */
  #games(t, lang, stats, entry, teamNames) {
    const won = new Set(entry.won_games ?? []);
    return (entry.played ?? []).map((index) => {
      const game = stats.games[index];
      const names = { us: game?.names?.us || teamNames.us, them: game?.names?.them || teamNames.them };
      const text = `${formatDate(game?.created, lang)} · ${names.us} ${game?.totals.us} : ${game?.totals.them} ${names.them}${won.has(index) ? ` · ${t.statsWon}` : ""}`;
      return h("li", { class: won.has(index) ? "won" : "", "data-game": game?.id ?? "" }, text);
    });
  }
}
