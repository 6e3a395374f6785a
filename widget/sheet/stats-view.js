// The statistics of the games on this device (at the end of the sheet): a range of
// days, per pair and per player the core's counts (book/stats.js asks the core), each
// with the games it was counted from — their date, score and whether it won them — so
// that every figure can be checked; and the statistics as a CSV file. It renders what
// the Statistics hold and reports presses back; it never counts anything itself.

import { NOUNS } from "../core-tables.js";
import { format } from "../i18n/strings.js";
import { plural } from "../i18n/format.js";
import { countsText } from "../i18n/table-strings.js";
import { h, setText } from "../ui/dom.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";
import { errorsText } from "../ui/kit.js";
import { SHOWN, whoText } from "../book/stats.js";
import { formatDate } from "./summary.js";

export class StatsView {
  #actions;
  #key = null;
  ui = {};

  /** `actions`: `{show(range), csv(), open(id), remove(id)}`; `range`: {from, to} as typed ("" = open). */
  constructor(actions) {
    this.#actions = actions;
    const ui = this.ui;
    const range = () => ({ from: ui.from.value, to: ui.to.value });
    ui.summary = h("summary", {});
    ui.from = h("input", { type: "date", name: "stats-from" });
    ui.to = h("input", { type: "date", name: "stats-to" });
    ui.fromLabel = h("span", {});
    ui.toLabel = h("span", {});
    ui.show = h("button", { type: "button", class: "stats-show" });
    ui.show.addEventListener("click", () => this.#actions.show(range()));
    ui.csv = h("button", { type: "button", class: "stats-csv" });
    ui.csv.addEventListener("click", () => this.#actions.csv());
    ui.status = h("p", { class: "stats-status", role: "status" });
    ui.results = h("div", { class: "stats-results" });
    ui.element = h(
      "details",
      { class: "stats", part: "sheet-stats" },
      ui.summary,
      h("div", { class: "stats-range" }, h("label", { class: "field" }, ui.fromLabel, ui.from), h("label", { class: "field" }, ui.toLabel, ui.to)),
      h("div", { class: "sheet-actions" }, ui.show, ui.csv),
      ui.status,
      ui.results,
    );
    // Opened the first time: worked out at once over every day.
    ui.element.addEventListener("toggle", () => {
      if (ui.element.open && this.#key === null) this.#actions.show(range());
    });
  }

  get element() {
    return this.ui.element;
  }

  /** `model`: {t (table words), s, lang, stats (a Statistics), teamNames, busy, headingLevel (the sheet's)}. */
  render({ t, s, lang, stats, teamNames, busy, headingLevel = 3 }) {
    const ui = this.ui;
    const words = NOUNS[lang].statistics;
    setText(ui.summary, t.statistics);
    setText(ui.fromLabel, words.from);
    setText(ui.toLabel, words.to);
    setText(ui.show, t.statsShow);
    setText(ui.csv, t.statsCsv);
    ui.show.disabled = busy || stats.state === "loading";
    ui.csv.disabled = stats.state !== "ready";
    const result = stats.result;
    const left = stats.state === "ready" && stats.left ? format(t.statsLatest, { count: new Intl.NumberFormat(lang).format(stats.games.length), left: new Intl.NumberFormat(lang).format(stats.left) }) : "";
    const status = stats.state === "loading" ? t.statsLoading : stats.state === "failed" ? errorsText(stats.errors ?? [], lang) : result && !result.games ? words.no_games : left;
    setText(ui.status, status);
    // Rendered again only when what it shows changed: the answer (a new object per answer,
    // never re-stringified), the language, the teams' words, the heading level.
    const key = [lang, stats.state, result, teamNames?.us, teamNames?.them, headingLevel];
    if (stats.state === "idle" || (this.#key && key.every((part, i) => part === this.#key[i]))) return;
    this.#key = key;
    // "Двойки" at the level of the element's own headings ("Резултат", one above the
    // sheet's), each pair one below: the sheet comes before them in the page's order.
    const level = (n) => `h${Math.min(6, Math.max(2, headingLevel - 1) + n - 1)}`;
    const conflicts = stats.state === "ready" ? (result.conflicts ?? []) : [];
    ui.results.replaceChildren(
      ...conflicts.map((conflict) => this.#conflict(lang, stats, conflict, teamNames)),
      ...(stats.state === "ready" && result.games ? this.#sections(t, s, lang, stats, teamNames, level) : []),
    );
  }

  /**
   * A game that does not fit its match (the same game kept twice, a game after the
   * match was won): the core's words, and the games it names, each to open or remove.
   * The statistics still count it, as a game on its own.
   */
  #conflict(lang, stats, conflict, teamNames) {
    const words = TRAVEL_WORDS[lang];
    const games = conflict.games.map((index) => {
      const game = stats.games[index];
      if (!game) return h("li", {});
      const names = { us: game.names?.us || teamNames.us, them: game.names?.them || teamNames.them };
      const text = format(words.conflictGame, { n: index + 1, date: formatDate(game.created, lang), usName: names.us, themName: names.them, us: game.totals.us, them: game.totals.them });
      const open = h("button", { type: "button", class: "conflict-open", "aria-label": `${words.conflictOpen}: ${text}` }, words.conflictOpen);
      const remove = h("button", { type: "button", class: "conflict-remove", "aria-label": `${words.conflictRemove}: ${text}` }, words.conflictRemove);
      open.addEventListener("click", () => this.#actions.open?.(game.id));
      remove.addEventListener("click", () => this.#actions.remove?.(game.id));
      return h("li", { "data-game": game.id }, h("span", {}, text), h("span", { class: "sheet-actions" }, open, remove));
    });
    return h("div", { class: "stats-conflict", role: "note" }, h("p", {}, `${conflict.message?.[lang] ?? ""} ${words.conflictHelp}`), h("ul", {}, ...games));
  }

  #sections(t, s, lang, stats, teamNames, level) {
    const words = NOUNS[lang].statistics;
    const more = { pairs: stats.result.more_pairs ?? 0, players: stats.result.more_players ?? 0 };
    return ["pairs", "players"]
      .filter((kind) => stats.result[kind].length)
      .map((kind) =>
        h(
          "section",
          { class: `stats-${kind}` },
          h(level(1), { class: "stats-kind" }, words[kind]),
          ...stats.result[kind].map((entry) => this.#entry(t, s, lang, stats, entry, teamNames, level)),
          ...(more[kind] ? [h("p", { class: "stats-more" }, format(t.statsMore, { count: new Intl.NumberFormat(lang).format(more[kind]) }))] : []),
        ),
      );
  }

  /** One pair or player: its counts, what it bid by contract, and the games it is counted from. */
  #entry(t, s, lang, stats, entry, teamNames, level) {
    const words = NOUNS[lang].statistics;
    const gameDate = (index) => formatDate(stats.games[index]?.created, lang);
    const counts = SHOWN.map((key) => {
      let value = entry[key];
      if (key === "biggest") value = value ? format(t.statsWhere, { points: value.points, date: gameDate(value.game), n: value.deal + 1 }) : "–";
      return [h("dt", {}, words[key]), h("dd", { "data-count": key }, String(value))];
    });
    const contracts = Object.entries(entry.by_contract ?? {}).map(([contract, bid]) => [h("dt", {}, NOUNS[lang].contracts[contract]), h("dd", { "data-contract": contract }, countsText(t, bid, lang))]);
    // The games it is counted from: listed when their <details> is opened, not before
    // (a pair of a thousand games is a thousand rows nobody asked to see).
    const played = entry.played ?? [];
    const list = h("ul", {});
    const gamesOf = h("details", { class: "stats-games" }, h("summary", {}, plural(t.statsGamesOf, played.length, lang)), list);
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

  /** The rows of the games `entry` is counted from: date, teams, score, and whether it won. */
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
