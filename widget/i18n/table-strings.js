// The widget's own words for table mode (a screen that stays on, the totals large),
// matches, a game's date and note, and the statistics view, in Bulgarian and English.
// The game's words (what a match is played to, the statistics' headings) are the
// core's (core-words.js NOUNS); loaded with the score sheet, handed on as `s.table`.

import { plural } from "./format.js";

/** @import { PluralForms } from "./format.js"; */
/** @import { Lang } from "./strings.js"; */

/**
 * A contract's line in the statistics, the number agreeing with each word: "1 казана:
 * 1 изкарана, 0 вътре, 0 висящи" (`t`: TABLE_WORDS[lang]; `bid`: {bids, made, inside, hanging}).
 * @param {{ statsCounts: Record<"bids" | "made" | "inside" | "hanging", PluralForms> }} t
 * @param {{ bids?: number, made?: number, inside?: number, hanging?: number }} bid
 * @param {Lang} lang
 * @returns {string}
 */
export function countsText(t, bid, lang) {
  const [bids, made, inside, hanging] = /** @type {const} */ (["bids", "made", "inside", "hanging"]).map((key) =>
    plural(t.statsCounts[key], bid[key] ?? 0, lang),
  );
  return `${bids}: ${made}, ${inside}, ${hanging}`;
}

export const TABLE_WORDS = Object.freeze({
  bg: Object.freeze({
    tableMode: "Маса",
    tableModeLabel: "Маса: големи резултати, екранът остава включен",
    tableClose: "Обратно към листа",
    tableTitle: "Резултат",
    needs: "Остават {n} до {target}",
    reached: "{target} или повече",
    lockOn: "Екранът остава включен.",
    lockPending: "Екранът се задържа включен…",
    lockHidden: "Екранът ще се задържи включен, щом страницата се покаже отново.",
    lockUnsupported: "Екранът може да угасне — този браузър не може да го държи включен.",
    lockRefused: "Екранът може да угасне — браузърът не позволи да го държим включен (може би пестене на батерия).",
    matchScore: "Мач {to}: {us} : {them}",
    matchGame: "игра {n}",
    nextGame: "Следващата игра",
    thisGame: "Тази игра",
    nextInMatch: "продължава мача ({us} : {them})",
    gameDate: "Играна на {date}",
    note: "Бележка",
    notePlaceholder: "напр. на вилата, реванш",
    statistics: "Статистика",
    statsShow: "Покажи статистиката",
    statsCsv: "Статистиката като CSV",
    statsLoading: "Статистиката се изчислява…",
    statsWon: "спечелена",
    statsWhere: "{points} ({date}, раздаване {n})",
    statsCounts: {
      bids: { one: "{count} казана", other: "{count} казани" },
      made: { one: "{count} изкарана", other: "{count} изкарани" },
      inside: "{count} вътре",
      hanging: { one: "{count} висяща", other: "{count} висящи" },
    },
    statsGamesOf: { one: "Изчислено от {count} игра", other: "Изчислено от {count} игри" },
    statsMore: "Още {count} с по-малко игри не са показани тук.",
    statsLatest: "Сметнати са последните {count} игри; по-старите {left} не са.",
    printMatch: "Отпечатай мача",
  }),
  en: Object.freeze({
    tableMode: "Table",
    tableModeLabel: "Table: large totals, the screen stays on",
    tableClose: "Back to the sheet",
    tableTitle: "Score",
    needs: "Needs {n} to {target}",
    reached: "{target} or more",
    lockOn: "The screen stays on.",
    lockPending: "Keeping the screen on…",
    lockHidden: "The screen will be kept on once the page is shown again.",
    lockUnsupported: "The screen may turn off — this browser cannot keep it on.",
    lockRefused: "The screen may turn off — the browser did not let us keep it on (a battery saver, perhaps).",
    matchScore: "Match {to}: {us} : {them}",
    matchGame: "game {n}",
    nextGame: "Next game",
    thisGame: "This game",
    nextInMatch: "goes on with the match ({us} : {them})",
    gameDate: "Played {date}",
    note: "Note",
    notePlaceholder: "e.g. at the cabin, a rematch",
    statistics: "Statistics",
    statsShow: "Show the statistics",
    statsCsv: "Statistics as CSV",
    statsLoading: "Working out the statistics…",
    statsWon: "won",
    statsWhere: "{points} ({date}, deal {n})",
    statsCounts: { bids: "{count} bid", made: "{count} made", inside: "{count} inside", hanging: "{count} hanging" },
    statsGamesOf: { one: "Counted from {count} game", other: "Counted from {count} games" },
    statsMore: "{count} more with fewer games are not shown here.",
    statsLatest: "Counted from the latest {count} games; the {left} older ones are not.",
    printMatch: "Print the match",
  }),
});
