// The words of the grid that counts a pile by its cards (form/cards-view.js), in Bulgarian
// and English. Loaded with the grid, on its first opening. The cards' and suits' names
// are the core's (core-tables.js NOUNS: "вале ♥", "J♥", "купа"); these are the grid's own.

export const CARDS_WORDS = Object.freeze({
  bg: Object.freeze({
    title: "Преброй картите",
    whose: "Чия купчина броите",
    whoseHint: "по-малката е по-бърза",
    trump: "коз",
    row: "{suit} {symbol}",
    trumpRow: "{suit} {symbol} – коз",
    card: "{rank}{suit}: {points}",
    chosen: { one: "{team}: {points} точки, {count} карта", other: "{team}: {points} точки, {count} карти" },
    rest: "{team}: {points} точки (остатъкът)",
    tricks: "Ръце в купчината",
    tricksHint: "по желание: калкулаторът проверява картите",
    tricksNone: "не казвам",
    clear: "Изчисти",
    cancel: "Отказ",
    done: "Готово",
  }),
  en: Object.freeze({
    title: "Count the cards",
    whose: "Whose pile you count",
    whoseHint: "the smaller one is quicker",
    trump: "trumps",
    row: "{suit} {symbol}",
    trumpRow: "{suit} {symbol} – trumps",
    card: "{rank}{suit}: {points}",
    chosen: { one: "{team}: {points} points, {count} card", other: "{team}: {points} points, {count} cards" },
    rest: "{team}: {points} points (the rest)",
    tricks: "Tricks in the pile",
    tricksHint: "optional: the calculator checks the cards",
    tricksNone: "not given",
    clear: "Clear",
    cancel: "Cancel",
    done: "Done",
  }),
});
