// Every string the widget shows, in Bulgarian and English.
// Messages about the deal itself (errors, explanations) come from the core,
// already translated, and so do the game's nouns and words (contracts, teams,
// doublings, declarations, outcomes, a capot, all passed, what hangs:
// core-words.js NOUNS) and its numbers; this file holds only the widget's own
// words and puts the core's in, as labels or through {placeholders}.

import { CARRES, DECLARATION_POINTS, HUNDRED_CARRE_RANKS, LAST_TRICK_POINTS, MESSAGES } from "../core-tables.js";
import { NOUNS } from "../core-words.js";
import { format } from "./format.js";

export { format };

/** @type {Readonly<Record<string, number>>} */
const POINTS_OF = DECLARATION_POINTS; // looked up by a carré's name, a string

/** @typedef {"bg" | "en"} Lang A language the widget speaks (LANGUAGES). */

/** @type {readonly Lang[]} */
export const LANGUAGES = Object.freeze(["bg", "en"]);

const WORDS = {
  bg: {
    loading: "Калкулаторът се зарежда…",
    loadingBytes: "{loaded} от {total} MB",
    failedLoad: "Калкулаторът не можа да се зареди. Проверете връзката с интернет и опитайте отново.",
    failedUnsupported: "Този браузър не може да стартира калкулатора: нужни са WebAssembly и module workers. Обновете браузъра или опитайте с друг.",
    failedScore: "Калкулаторът спря неочаквано. Опитайте отново.",
    // Why a start failed, by the scorer's error code (else failedLoad).
    failures: {
      http_error: "Сайтът не изпрати файл, нужен на калкулатора. Опитайте отново по-късно.",
      cut_off: "Изтеглянето на калкулатора прекъсна. Проверете връзката с интернет и опитайте отново.",
      corrupt: "Файл на калкулатора пристигна повреден. Опитайте отново; ако се повтори, копието на сайта е повредено.",
      stalled: "Изтеглянето на калкулатора спря: дълго време не пристига нищо. Проверете връзката с интернет и опитайте отново.",
      wasm_blocked:
        "Настройките за сигурност на страницата (Content-Security-Policy) не позволяват WebAssembly, а калкулаторът работи с него. Собственикът на сайта трябва да добави 'wasm-unsafe-eval'.",
      policy_blocked: "Настройките за сигурност на страницата (Content-Security-Policy) не позволяват на калкулатора да тръгне.",
      foreign_origin: "Калкулаторът отказа да зареди файлове от друг сайт. Собственикът на сайта трябва да сложи копие на калкулатора на своя сайт.",
      build_mismatch: "Калкулаторът на сайта беше обновен, докато страницата беше отворена. Презаредете страницата.",
    },
    retry: "Опитай отново",
    reload: "Презареди страницата",
    sheetFailed: "Листът с резултатите не се зареди. Презаредете страницата: записаните игри са си на това устройство.",
    updateReady: "Има нова версия на калкулатора. Тя ще тръгне при следващото отваряне, след като затворите всички раздели с него. Играта ви остава.",
    offlineLost:
      "Калкулаторът засега не може да работи без интернет на това устройство: браузърът е изтрил копието му. То ще се възстанови само, щом сте онлайн.",
    details: "Подробности",

    game: "Кой какво каза",
    gameHint: "Изберете играта, после въведете точките.",
    gameOption: "{team} – {contract}",
    points: "Точки",
    pointsHint: "без {points}-те от последната ръка",
    pointsWorkedOut: "сметнато: {deck} − {points}",
    countCards: "Преброй картите",
    countedCards: { one: "Картата: {count}", other: "Картите: {count}" },
    pointsCounted: { one: "преброено от {count} карта", other: "преброено от {count} карти" },
    lastTrick: "Последна ръка",
    doubling: "Контра и реконтра",
    capotOption: "{capot}: {team}",
    capotLead: "{capot}:",
    capotHint: "При капо картите, последната ръка и бонусът {bonus} отиват при отбора с капото.",
    declarations: "Обяви",
    declarationsHint: "всички казани, дори да не се броят",
    declarationsTeam: "Обяви – {team}",
    chip: "{name}: {count}",
    remove: "Махни едно: {name}, {team}",
    chipsHelp: "Натиснете обява, за да добавите една; Delete или „−“ маха една. Стрелките минават между обявите.",
    questions: { sequence: "Чия {kind} е по-старша?", carre: "Чие {kind} е по-старшо?" },
    questionHints: { carre: "Старшинство: {ranks}" },
    equal: "Еднакви",
    hangingIn: "Висящи точки от предното раздаване",
    hangingInHint: "Точки, които висят от предно раздаване (вече закръглени).",
    missing: { game: "Изберете играта", points: "Въведете точките", last_trick: "Кой взе последната ръка?" },

    result: "Резултат",
    teamsHead: "Отбор",
    raw: "Точки",
    record: "Записват",
    hangingOut: "Висят {points} т. за следващото раздаване.",
    explanation: "Как е сметнато",
    summary: "{usName} {us} : {them} {themName} · {outcome}",
    summaryShort: "Раздаване: {us} : {them} · {outcome}",
    toDetails: "Подробно",
    incomplete: "Резултатът ще се покаже, щом раздаването е въведено цялото.",
    invalid: "Поправете отбелязаното по-горе.",
    waiting: "Резултатът ще се покаже, щом калкулаторът се зареди.",
    failedShort: "Калкулаторът не работи – вижте горе.",
    language: "Език",

    // House rules (deal/house-rules.js, sheet/rules-panel.js); the rules' names and descriptions are the core's.
    houseRules: {
      house: "Домашни правила: {names}",
      book: "Без домашни правила",
      from: "{rules} (от раздаване {n})",
      rowOne: "домашно правило",
      rowMany: "домашни правила",
      panel: "Правила",
      legend: "Домашни правила",
      lead: "Без отметки се играе по правилника. Отметнете правилата, по които вашата маса играе другояче.",
      reset: "Само по правилника",
      question: "Правилата се сменят. Какво да стане с записаните раздавания?",
      questionOne: "Правилата се сменят. Какво да стане със записаното раздаване?",
      all: "Пресметни отново всички {n} по новите правила",
      allOne: "Пресметни го отново по новите правила",
      next: "Само от следващото раздаване нататък",
      nextHint: "Записаните раздавания остават със своите правила и точки.",
      failed: "Правилата не са сменени. {reason}",
      failedDeal: "Раздаване {n}: {message}",
      fix: "Поправи раздаване {n}",
      fixing: "Раздаване {n} по новите правила: отговорете на въпроса и натиснете „Запази промените“.",
      changed: "Правилата са сменени: {rules}. Общо {totalUs} : {totalThem}.",
      changedNext: "Правилата са сменени от раздаване {n}: {rules}. Записаните остават както са.",
    },
    sheet: {
      caption: "Лист с резултатите",
      number: "№",
      note: "Бележка",
      total: "Общо",
      record: "Запиши",
      undo: "Отмени последното раздаване",
      newGame: "Нова игра",
      save: "Запази промените",
      deleteDeal: "Изтрий раздаването",
      cancel: "Отказ",
      editRow: "Раздаване {n}: промени или изтрий",
      editingForm: "Променяте раздаване {n}.",
      editingPassed: "Раздаване {n}: всички казаха „пас“. Можете да го изтриете.",
      empty: "Още няма записани раздавания. Въведете раздаването горе и натиснете „Запиши“.",
      pot: "Висят {points} т. — отиват при спечелилите следващото раздаване.",
      totals: "Общо {usName} {us}\u00a0:\u00a0{them} {themName}",
      winner: "Победители: {team} ({won}\u00a0:\u00a0{lost})",
      unclaimed: "Неприбрани висящи точки: {points} (никой не ги записва).",
      recorded: "Раздаване {n} е записано: {usName} {us}, {themName} {them}. Общо {totalUs} : {totalThem}.",
      recordedPassed: "Раздаване {n} е записано: всички казаха пас. Общо {totalUs} : {totalThem}.",
      undone: "Последното раздаване е отменено. Общо {totalUs} : {totalThem}.",
      newGameStarted: "Започна нова игра.",
      loading: "Листът с резултатите се зарежда…",
      names: "Имена на отборите и играчите",
      nameUs: "Първи отбор",
      nameThem: "Втори отбор",
      confirmNewGame: "Да започнем ли нова игра? Тази остава запазена в списъка с игри.",
      confirmNewGameYes: "Да, нова игра",
      confirmPassed: "Във формата има въведено раздаване. Всички казаха пас — да го изтрием ли?",
      confirmPassedYes: "Да, всички казаха пас",
      redo: "Възстанови отмененото",
      undoShort: "Отмени",
      undoneInForm: "Раздаване {n} е отменено: във формата е, за поправка",
      redone: "Раздаване {n} е записано отново: {usName} {us}, {themName} {them}. Общо {totalUs} : {totalThem}.",
      games: "Игри на това устройство ({count})",
      moreGames: "Покажи още {count} по-стари",
      gameCurrent: "текущата",
      gameInProgress: "незавършена",
      gameWon: "победител: {team}",
      gameDeals: { one: "{count}\u00a0раздаване", other: "{count}\u00a0раздавания" }, // never split from its number
      openGame: "Отвори",
      deleteGame: "Изтрий",
      openGameLabel: "Отвори играта от {date}",
      deleteGameLabel: "Изтрий играта от {date}",
      share: "Сподели резултата",
      copy: "Копирай резултата",
      copied: "Копирано.",
      shared: "Споделено.",
      copyFailed: "Не можа да се копира. Маркирайте текста по-долу.",
      text: "Резултатът като текст",
      textTitle: "Белот · {date}",
      textTotal: "Общо",
      textWinner: "Победители: {team}",
      textPot: "Висят: {points}",
      textUnclaimed: "Неприбрани висящи: {points}",
      dismiss: "Скрий",
      downloadAside: "Изтегли оставеното настрана",
      noticeUnreadable:
        "Запазените игри не можаха да се прочетат. Започваме начисто; старите данни са оставени настрана на това устройство и можете да ги изтеглите.",
      noticeVersion:
        "Запазените игри са от непозната версия ({version}). Започваме начисто; те са оставени настрана на това устройство и можете да ги изтеглите.",
      noticeBadGames: "Някои запазени игри са повредени. Оставени са настрана на това устройство и можете да ги изтеглите.",
      noticeRejected: "Играта от {date} не мина проверката („{reason}“). Оставена е настрана на това устройство и можете да я изтеглите.",
      noticeNotSaved: "Това устройство не позволява записване: листът ще се загуби при презареждане. Запазените данни не са пипани.",
      unavailable: "Този калкулатор не поддържа лист с резултати.",
    },
  },
  en: {
    loading: "Loading the calculator…",
    loadingBytes: "{loaded} of {total} MB",
    failedLoad: "The calculator could not be loaded. Check your internet connection and try again.",
    failedUnsupported: "This browser cannot run the calculator: it needs WebAssembly and module workers. Update the browser or try another one.",
    failedScore: "The calculator stopped unexpectedly. Please try again.",
    // Why a start failed, by the scorer's error code (else failedLoad).
    failures: {
      http_error: "The site did not send a file the calculator needs. Please try again later.",
      cut_off: "The calculator's download broke off. Check your internet connection and try again.",
      corrupt: "A file of the calculator arrived damaged. Try again; if it happens again, the site's copy is damaged.",
      stalled: "The calculator's download stopped: nothing has arrived for a long time. Check your internet connection and try again.",
      wasm_blocked:
        "The page's security settings (Content-Security-Policy) do not allow WebAssembly, which the calculator runs on. The site's owner needs to add 'wasm-unsafe-eval'.",
      policy_blocked: "The page's security settings (Content-Security-Policy) do not let the calculator start.",
      foreign_origin: "The calculator refused to load files from another site. The site's owner needs to host a copy of the calculator on this site.",
      build_mismatch: "The calculator on this site was updated while this page was open. Reload the page.",
    },
    retry: "Try again",
    reload: "Reload the page",
    sheetFailed: "The score sheet did not load. Reload the page: the saved games are still on this device.",
    updateReady:
      "A new version of the calculator is ready. It starts the next time you open the calculator, once every tab with it is closed. Your game is kept.",
    offlineLost: "For now the calculator cannot work offline on this device: the browser deleted its copy. It restores itself as soon as you are online.",
    details: "Details",

    game: "Who bid what",
    gameHint: "Choose the game, then type the points.",
    gameOption: "{team} – {contract}",
    points: "Points",
    pointsHint: "without the {points} for the last trick",
    pointsWorkedOut: "worked out: {deck} − {points}",
    countCards: "Count the cards",
    countedCards: { one: "Card: {count}", other: "Cards: {count}" },
    pointsCounted: { one: "counted from {count} card", other: "counted from {count} cards" },
    lastTrick: "Last trick",
    doubling: "Doubling",
    capotOption: "{capot}: {team}",
    capotLead: "{capot}:",
    capotHint: "With a capot, all cards, the last trick and the {bonus} bonus go to the team that took every trick.",
    declarations: "Declarations",
    declarationsHint: "all called, even those that don’t count",
    declarationsTeam: "Declarations – {team}",
    chip: "{name}: {count}",
    remove: "Remove one: {name}, {team}",
    chipsHelp: "Press a declaration to add one; Delete or “−” removes one. The arrow keys move between them.",
    questions: { sequence: "Whose {kind} is higher?", carre: "Whose {kind} ranks higher?" },
    questionHints: { carre: "Highest first: {ranks}" },
    equal: "Equal",
    hangingIn: "Hanging points carried in",
    hangingInHint: "Points hanging from an earlier deal (already rounded).",
    missing: { game: "Choose who bid what", points: "Enter the points", last_trick: "Who took the last trick?" },

    result: "Result",
    teamsHead: "Team",
    raw: "Points",
    record: "Recorded",
    hangingOut: "{points} points hang over to the next deal.",
    explanation: "How it was worked out",
    summary: "{usName} {us} : {them} {themName} · {outcome}",
    summaryShort: "This deal: {us} : {them} · {outcome}",
    toDetails: "Details",
    incomplete: "The result shows once the whole deal is entered.",
    invalid: "Fix the marked fields above.",
    waiting: "The result appears as soon as the calculator has loaded.",
    failedShort: "The calculator stopped – see above.",
    language: "Language",

    // House rules (deal/house-rules.js, sheet/rules-panel.js); the rules' names and descriptions are the core's.
    houseRules: {
      house: "House rules: {names}",
      book: "No house rules",
      from: "{rules} (from deal {n})",
      rowOne: "house rule",
      rowMany: "house rules",
      panel: "Rules",
      legend: "House rules",
      lead: "With nothing ticked the game follows the rule book. Tick the rules your table plays differently.",
      reset: "Rule book only",
      question: "The rules change. What about the deals already recorded?",
      questionOne: "The rules change. What about the deal already recorded?",
      all: "Rescore all {n} deals with the new rules",
      allOne: "Rescore it with the new rules",
      next: "Only from the next deal on",
      nextHint: "The deals recorded keep their rules and their numbers.",
      failed: "The rules were not changed. {reason}",
      failedDeal: "Deal {n}: {message}",
      fix: "Fix deal {n}",
      fixing: "Deal {n} under the new rules: answer the question and press “Save changes”.",
      changed: "The rules changed: {rules}. Totals {totalUs} : {totalThem}.",
      changedNext: "The rules changed from deal {n} on: {rules}. The deals recorded stay as they are.",
    },
    sheet: {
      caption: "Score sheet",
      number: "#",
      note: "Note",
      total: "Total",
      record: "Record",
      undo: "Undo last deal",
      newGame: "New game",
      save: "Save changes",
      deleteDeal: "Delete deal",
      cancel: "Cancel",
      editRow: "Deal {n}: edit or delete",
      editingForm: "Editing deal {n}.",
      editingPassed: "Deal {n}: all four passed. You can delete it.",
      empty: "No deals recorded yet. Enter the deal above and press “Record”.",
      pot: "{points} points hang — they go to whoever wins the next deal.",
      totals: "Total {usName} {us}\u00a0:\u00a0{them} {themName}",
      winner: "Winners: {team} ({won}\u00a0:\u00a0{lost})",
      unclaimed: "Hanging points left unclaimed: {points} (nobody records them).",
      recorded: "Deal {n} recorded: {usName} {us}, {themName} {them}. Totals {totalUs} : {totalThem}.",
      recordedPassed: "Deal {n} recorded: all passed. Totals {totalUs} : {totalThem}.",
      undone: "The last deal was undone. Totals {totalUs} : {totalThem}.",
      newGameStarted: "A new game has started.",
      loading: "Loading the score sheet…",
      names: "Team and player names",
      nameUs: "First team",
      nameThem: "Second team",
      confirmNewGame: "Start a new game? This one stays saved in the list of games.",
      confirmNewGameYes: "Yes, new game",
      confirmPassed: "A deal is entered in the form. All passed — throw it away?",
      confirmPassedYes: "Yes, all passed",
      redo: "Redo",
      undoShort: "Undo",
      undoneInForm: "Deal {n} undone: it is back in the form, to fix",
      redone: "Deal {n} recorded again: {usName} {us}, {themName} {them}. Totals {totalUs} : {totalThem}.",
      games: "Games on this device ({count})",
      moreGames: "Show {count} older",
      gameCurrent: "current",
      gameInProgress: "in progress",
      gameWon: "winner: {team}",
      gameDeals: { one: "{count}\u00a0deal", other: "{count}\u00a0deals" },
      openGame: "Open",
      deleteGame: "Delete",
      openGameLabel: "Open the game of {date}",
      deleteGameLabel: "Delete the game of {date}",
      share: "Share the score",
      copy: "Copy the score",
      copied: "Copied.",
      shared: "Shared.",
      copyFailed: "Could not copy. Select the text below.",
      text: "The score as text",
      textTitle: "Belot · {date}",
      textTotal: "Total",
      textWinner: "Winners: {team}",
      textPot: "Hanging: {points}",
      textUnclaimed: "Unclaimed hanging points: {points}",
      dismiss: "Dismiss",
      downloadAside: "Download what was kept aside",
      noticeUnreadable: "The saved games could not be read. Starting afresh; the old data is kept aside on this device, and you can download it.",
      noticeVersion: "The saved games are from an unknown version ({version}). Starting afresh; they are kept aside on this device, and you can download them.",
      noticeBadGames: "Some saved games were damaged. They are kept aside on this device, and you can download them.",
      noticeRejected: "The game of {date} failed the check (“{reason}”). It is kept aside on this device, and you can download it.",
      noticeNotSaved: "This device does not allow saving: the sheet will be lost on reload. The saved data was not touched.",
      unavailable: "This calculator cannot keep a score sheet.",
    },
  },
};

/**
 * A noun at the start of a label: "спатия" → "Спатия" (as the core starts a sentence).
 * @param {string} text
 * @returns {string}
 */
export function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Each word of `words` as a label, capitalized, under the same key.
 * @template {string} K
 * @param {Readonly<Record<K, string>>} words
 * @returns {Record<K, string>}
 */
function labels(words) {
  return /** @type {Record<K, string>} */ (Object.fromEntries(Object.entries(words).map(([key, word]) => [key, capitalize(/** @type {string} */ (word))])));
}

/**
 * The core's words for a sheet's row and the shared text, by the widget's keys: all
 * passed, a capot, the contract failed, what hangs (`{points}` left to fill).
 * @param {(typeof NOUNS)[Lang]} nouns
 */
function sheetWords(nouns) {
  const words = nouns.words;
  return {
    passed: capitalize(words.passed),
    rowPassed: words.passed_short,
    rowHanging: words.hang,
    rowCollected: words.collected,
    rowCapot: words.capot_short,
    rowInside: nouns.outcomes.inside,
    totalsHanging: words.hang,
    textPassed: words.passed_short,
    textHanging: words.hang,
    textCapot: words.capot_short,
  };
}

/**
 * The widget's words of `lang` with the core's nouns and numbers put in.
 * @param {Lang} lang
 */
function strings(lang) {
  const nouns = NOUNS[lang];
  const own = WORDS[lang];
  const capot = capitalize(nouns.words.capot_short);
  /** @type {Readonly<Record<string, string>>} */
  const RANKS = nouns.ranks;
  return Object.freeze({
    ...own,
    pointsHint: format(own.pointsHint, { points: LAST_TRICK_POINTS }),
    capot: capitalize(nouns.words.capot),
    capotOption: format(own.capotOption, { capot }),
    capotLead: format(own.capotLead, { capot }),
    outcomes: labels(nouns.outcomes),
    barHanging: nouns.words.hang,
    sheet: { ...own.sheet, ...sheetWords(nouns) },
    contracts: labels(nouns.contracts),
    contractWords: nouns.contracts,
    contractsShort: nouns.contracts_short,
    // A team as a label (a column, an option): "Us", not the sentence's "We".
    teams: labels(nouns.team_labels),
    doublings: labels(nouns.doublings),
    declarationNames: labels(nouns.declarations),
    declarationWords: nouns.declarations,
    declarationsShort: labels(nouns.declarations_short),
    // A carré on a chip says what it is worth ("Каре (100)" is never taken for the others).
    declarationPoints: Object.fromEntries(Object.keys(CARRES).map((kind) => [kind, `(${POINTS_OF[kind]})`])),
    declarationsNone: MESSAGES.declarations_in_no_trumps[lang],
    // The carré question names the ranks, highest first: "асо > 10 > поп > дама".
    questionHints: { carre: format(own.questionHints.carre, { ranks: HUNDRED_CARRE_RANKS.map((rank) => RANKS[rank]).join(" > ") }) },
  });
}

/** @typedef {ReturnType<typeof strings>} Strings The widget's words in one language. */

/** Every language's words. */
export const STRINGS = /** @type {Readonly<Record<Lang, Strings>>} */ (Object.freeze(Object.fromEntries(LANGUAGES.map((lang) => [lang, strings(lang)]))));
