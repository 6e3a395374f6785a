// The words of the table around a game (book/seats.js, sheet/dealer-view.js and the
// players' names beside the team names), in Bulgarian and English. The sheet hands them
// on as `s.seats`. "Раздава" / "Dealer" is the core's word (core-words.js NOUNS).

import { NOUNS } from "../core-words.js";
import { capitalize } from "./strings.js";

/** @import { Lang } from "./strings.js"; */

const WORDS = {
  bg: {
    players: "Играчи",
    playersHint: "По желание. В реда, в който се раздава (обратно на часовниковата стрелка): партньорите седят един срещу друг.",
    seatUnnamed: "{team} ({n})",
    chooseFirst: "Кой раздава първи?",
    chooseNow: "Кой раздава сега?",
    changeLabel: "Смени кой раздава",
    newGameSame: "Нова игра (същите отбори)",
    dealerChosen: "Раздава {dealer}.",
    setupTitle: "Нова игра",
    setupOpen: "Настрой масата",
    setupClose: "Затвори",
    setupHint: "Всичко е по желание. Играчите — в реда на раздаване (обратно на часовниковата стрелка), всеки под отбора си.",
    setupDone: "Готово — към раздаването",
  },
  en: {
    players: "Players",
    playersHint: "Optional. In the order the deal passes (counter-clockwise): partners sit opposite each other.",
    seatUnnamed: "{team} ({n})",
    chooseFirst: "Who deals first?",
    chooseNow: "Who deals now?",
    changeLabel: "Change who deals",
    newGameSame: "New game (same teams)",
    dealerChosen: "{dealer} deals.",
    setupTitle: "New game",
    setupOpen: "Set up the table",
    setupClose: "Close",
    setupHint: "All of it is optional. The players in the order the deal passes (counter-clockwise), each under their team.",
    setupDone: "Done — to the first deal",
  },
};

/**
 * The words of `lang`, with the core's word for who deals ("Раздава: {dealer}").
 * @param {Lang} lang
 */
function seatWords(lang) {
  return Object.freeze({ ...WORDS[lang], dealer: `${capitalize(NOUNS[lang].words.dealer)}: {dealer}` });
}

export const SEAT_WORDS = Object.freeze({ bg: seatWords("bg"), en: seatWords("en") });
