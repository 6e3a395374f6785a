// The words of the grid that counts a pile by its cards (form/cards-view.js), in Bulgarian
// and English. Loaded with the grid, on its first opening. The cards' and suits' names
// are the core's (core-words.js NOUNS: "вале ♥", "J♥", "купа"); these are the grid's own.

export const CARDS_WORDS = Object.freeze({
  bg: Object.freeze({
    title: "Преброй картите",
    titleContract: "{title} · {contract}",
    hint: "Докоснете картите на едната купчина (по-малката е по-бърза), после чия е.",
    row: "{suit} {symbol}",
    trumpRow: "{suit} {symbol} – коз",
    card: "{rank}{suit}: {points}",
    chosen: { one: "Тази купчина: {points} точки, {count} карта", other: "Тази купчина: {points} точки, {count} карти" },
    rest: "Другата: {points} точки",
    tricks: "Ръце в купчината",
    tricksHint: "по желание: калкулаторът проверява картите",
    tricksNone: "—",
    tooMany: { one: "{tricks} ръка побира {holds} карти, а избраните са {count}", other: "{tricks} ръце побират {holds} карти, а избраните са {count}" },
    clear: "Изчисти",
    cancel: "Отказ",
    done: "Готово: {team}",
  }),
  en: Object.freeze({
    title: "Count the cards",
    titleContract: "{title} · {contract}",
    hint: "Tap the cards of one pile (the smaller one is quicker), then whose it is.",
    row: "{suit} {symbol}",
    trumpRow: "{suit} {symbol} – trumps",
    card: "{rank}{suit}: {points}",
    chosen: { one: "This pile: {points} points, {count} card", other: "This pile: {points} points, {count} cards" },
    rest: "The other: {points} points",
    tricks: "Tricks in the pile",
    tricksHint: "optional: the calculator checks the cards",
    tricksNone: "—",
    tooMany: { one: "{tricks} trick holds {holds} cards, and {count} are chosen", other: "{tricks} tricks hold {holds} cards, and {count} are chosen" },
    clear: "Clear",
    cancel: "Cancel",
    done: "Done: {team}",
  }),
});
