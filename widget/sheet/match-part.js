// The sheet's part for a game's match, date and note: the match's score (the core's,
// book/matches.js), the note typed on the game, and what the next game will be. It
// wires the view (sheet/match-view.js) to the game book and places it under where the
// game stands; score-sheet.js asks it for the next game's fields when a new game starts.

import { TABLE_WORDS } from "../i18n/table-strings.js";
import { capitalize, format } from "../i18n/strings.js";
import { setHidden } from "../ui/dom.js";
import { messageText } from "../ui/kit.js";
import { defaultChoice, MatchScores, newMatch, nextChoices, nextMatch } from "../book/matches.js";
import { MatchView } from "./match-view.js";
import { formatDate, teamNames } from "./summary.js";

/**
 * @typedef {import("../book/game-book.js").GameBook} GameBook
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {import("./table-mode.js").Team} Team
 * @typedef {ConstructorParameters<typeof MatchScores>[0]} Scorer
 * @typedef {{ id: string, to: number }} Match a game's match, as the book stores it
 * @typedef {import("../book/types.js").Game} MatchGame a game as the book keeps it
 *   what this part reads of a stored game (docs/json-contract.md)
 * @typedef {{ sheet: { gameWon: string }, teams: Record<Team, string> }} MatchStrings what it reads of the sheet's strings
 * @typedef {{ validated: boolean, viewing: boolean, busy: boolean, game: MatchGame | null, games: readonly { game: MatchGame }[] }} MatchSheet
 *   what it reads of the sheet's snapshot
 */

/**
 * The team names to show for `game` (summary.js teamNames: a name per team; its type is inferred from untyped code).
 * @param {MatchGame} game
 * @param {MatchStrings} s
 */
const namesOf = (game, s) => /** @type {Record<Team, string>} */ (teamNames(game, s));

export class MatchPart extends EventTarget {
  /** @type {GameBook} */ #book;
  /** @type {MatchScores} */ #scores;
  /** @type {{ id: string | null, value: string } | null} */ #choice = null; // the next game chosen while game `id` is open
  /** @type {MatchView} */ view;

  /**
   * `book`: the sheet's GameBook; `scorer()` → the scorer (its matchScores).
   * @param {{ book: GameBook, scorer: Scorer }} options
   */
  constructor({ book, scorer }) {
    super();
    this.#book = book;
    this.#scores = new MatchScores(scorer);
    this.#scores.addEventListener("change", () => this.dispatchEvent(new Event("change")));
    this.view = new MatchView({
      note: (text) => this.setNote(text),
      saveTyping: () => this.#book.saveTyping(),
      choose: (value) => this.choose(value),
      print: () => globalThis.print?.(),
    });
  }

  /**
   * The note on the current game ("" takes it off), saved like a team name.
   * @param {string} text
   */
  setNote(text) {
    const book = this.#book;
    const game = this.#game();
    if (!game || book.viewing) return;
    const { note, ...rest } = game;
    const updated = book.now().toISOString();
    const op = { op: /** @type {const} */ ("set"), field: "note", value: text.trim() ? text : undefined, at: updated };
    book.replace({ ...rest, ...(text.trim() ? { note: text } : {}), updated }, null, op, { typing: true });
    book.emit({ type: "noted" });
  }

  /**
   * Before its first deal, a game that starts no match yet is played to `value` ("1": on
   * its own); after it, `value` is what the next game will be.
   * @param {string} value
   */
  choose(value) {
    const book = this.#book;
    const game = this.#game();
    if (!game || book.viewing) return;
    if (this.#forThisGame(game)) {
      const { match, ...rest } = game;
      const to = Number(value);
      const next = { ...rest, ...(to > 1 ? { match: match?.to === to ? match : newMatch(to, book.now()) } : {}), updated: book.now().toISOString() };
      book.replace(next, null, { op: "set", field: "match", value: next.match, at: next.updated });
      book.emit({ type: "matchChosen" });
      return;
    }
    this.#choice = { id: book.current, value };
    this.dispatchEvent(new Event("change"));
  }

  /** The current game, if one is open. */
  #game() {
    const id = this.#book.current;
    return id === null ? undefined : this.#book.games.get(id);
  }

  /**
   * True while the choice is this game's own: no deal yet, and no earlier game of its match.
   * @param {MatchGame} game
   */
  #forThisGame(game) {
    return game.deals.length === 0 && !(game.match && (this.#current()?.number ?? 2) > 1);
  }

  /** The score of the current game's match ({score, number}), or null. */
  #current() {
    return this.#book.current ? this.#scores.scoreOf(this.#book.current) : null;
  }

  /**
   * The choices offered for the next game, the one chosen, and whether the choice is this game's own.
   * @param {MatchGame} game
   * @param {import("../book/types.js").MatchScore | null} score the score of its match, or null
   * @returns {{ choices: string[], choice: string, own?: boolean }}
   */
  #chosen(game, score) {
    if (this.#forThisGame(game)) return { choices: ["1", "2", "3", "4"], choice: String(game.match?.to ?? 1), own: true };
    const choices = nextChoices(game, score);
    const picked = this.#choice?.id === this.#book.current ? this.#choice.value : null;
    return { choices, choice: picked !== null && choices.includes(picked) ? picked : defaultChoice(game, score) };
  }

  /** The match of the next game, as chosen (the book adds the players and the dealer: seats.js nextTable). */
  nextTable() {
    const book = this.#book;
    const game = this.#game();
    if (!game) return {}; // no game open: the next one starts on its own (New game needs one open)
    const score = this.#current()?.score ?? null;
    return nextMatch(game, score, this.#chosen(game, score).choice, book.now());
  }

  /**
   * "Мач до 2: 1 : 0 победи. · игра 2" for the current game, or "".
   * @param {Lang} lang
   */
  matchLine(lang) {
    const found = this.#current();
    if (!found || this.#book.viewing) return "";
    return `${messageText(found.score.status?.message, lang)} · ${format(TABLE_WORDS[lang].matchGame, { n: found.number })}`;
  }

  /**
   * A line per game of the current game's match: "Игра 1 · 14.05.2026 г., 20:00 · Ние 160 : 80 Вие · Ние печелят".
   * @param {MatchStrings} s
   * @param {Lang} lang
   * @returns {{ text: string, current: boolean }[]}
   */
  #matchGames(s, lang) {
    const book = this.#book;
    const found = this.#current();
    if (!found) return [];
    return found.games.map((/** @type {string} */ id, /** @type {number} */ n) => {
      const game = book.games.get(id);
      /** @type {{ winner?: Team | null, totals: Record<Team, number> } | undefined} */
      const result = book.results.get(id); // the core's game result, as read here
      if (!game || !result) return { text: "", current: false };
      const names = namesOf(game, s);
      const won = result.winner ? ` · ${format(s.sheet.gameWon, { team: names[result.winner] })}` : "";
      const text = `${capitalize(format(TABLE_WORDS[lang].matchGame, { n: n + 1 }))} · ${formatDate(game.created, lang)} · ${names.us} ${result.totals.us} : ${result.totals.them} ${names.them}${won}`;
      return { text, current: id === book.current };
    });
  }

  /**
   * Render from the sheet's snapshot; asks the core again when a game of a match changed.
   * @param {MatchStrings} s
   * @param {Lang} lang
   * @param {MatchSheet} sheet
   */
  render(s, lang, sheet) {
    const shown = sheet.validated && !sheet.viewing && Boolean(sheet.game);
    setHidden(this.view.element, !shown);
    if (!sheet.validated) return;
    this.#scores.refresh(
      sheet.games.map(({ game }) => game),
      this.#book.current,
    );
    const game = sheet.game;
    if (!shown || !game) return; // (shown has a game)
    const score = this.#current()?.score ?? null;
    this.view.render({
      t: TABLE_WORDS[lang],
      lang,
      match: this.matchLine(lang),
      date: formatDate(game.created, lang),
      note: game.note ?? "",
      ...this.#chosen(game, score),
      score,
      games: this.#matchGames(s, lang),
      disabled: sheet.busy,
    });
  }
}
