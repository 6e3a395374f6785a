"""Words for the codes: explanations and errors in Bulgarian and English.

The rules never build prose; they emit codes with parameters
(:class:`~belot_core.rules.Step`, :class:`~belot_core.errors.BelotError`).
This module turns a code into a sentence with :func:`render`. Parameters that
name a team, a contract, a declaration or a doubling are translated too.

Teams are "Ние"/"Вие" ("we"/"they") unless the players named them
(:class:`~belot_core.model.Names`). Bulgarian verbs agree with the team, so a
message may have a variant per team: "bg.us" (Ние взимаме), "bg.them" (Вие
взимате) and "bg.named" for a team with its own name, in the third person
plural (Иван и Петър взимат). English has the same keys where it needs them.
A message that says what hangs may have a variant "bg.nothing_hangs" for when
nothing does.

The house rules' names and one-line descriptions live here too
(:data:`HOUSE_RULE_WORDS`); :func:`house_rule_options` gives them as plain JSON
data, for the widget's generated tables.

This is the one place of every game word: the word tables below (teams,
contracts, declarations, doublings, outcomes, ranks and cards, a capot, all
passed, what hangs) are what the messages say and what :mod:`belot_core.tables`
exports to the widget, which writes no game word of its own. A parameter that
is a card's code (``card``, ``missing``, ``pile``) is named as players say it
("вале ♥", "J♥"), and one that counts cards or tricks takes its noun ("1 карта",
"3 ръце").
"""

from __future__ import annotations

import enum
import functools
import re
import string
from collections.abc import Mapping
from typing import TypedDict

from .cards import DECK, Suit
from .errors import BelotError, Param
from .house import HOUSE_RULES
from .model import Names

__all__ = [
    "CARD_NAME",
    "CARD_NAMES",
    "CONTRACT_ABBREVIATIONS",
    "CONTRACT_WORDS",
    "DECLARATION_WORDS",
    "DECLARATION_WORDS_SHORT",
    "DOUBLING_WORDS",
    "GAME_WORDS",
    "HOUSE_RULE_WORDS",
    "LANGUAGES",
    "MATCH_WORDS",
    "MESSAGES",
    "OUTCOME_WORDS",
    "RANK_WORDS",
    "STATISTICS_WORDS",
    "TEAM_LABELS",
    "TEAM_WORDS",
    "HouseRuleOption",
    "Language",
    "house_rule_options",
    "message",
    "render",
]


class Language(enum.StrEnum):
    """Languages the core speaks."""

    BG = "bg"
    """Български."""
    EN = "en"
    """English."""


LANGUAGES: tuple[Language, ...] = tuple(Language)

#: The teams as the subject of a sentence ("we take the whole deal"), unless the
#: players named them.
TEAM_WORDS = {
    "bg": {"us": "Ние", "them": "Вие"},
    "en": {"us": "we", "them": "they"},
}

#: The teams as labels: the score sheet's two columns, a form's options ("Us 82").
#: Bulgarian uses the same words; English says "us"/"them" there, not "we"/"they".
TEAM_LABELS = {
    "bg": {"us": "Ние", "them": "Вие"},
    "en": {"us": "Us", "them": "Them"},
}

#: The six contracts as nouns, a suit's ending with its symbol (tables.py splits it off).
CONTRACT_WORDS = {
    "bg": {
        "clubs": "спатия ♣",
        "diamonds": "каро ♦",
        "hearts": "купа ♥",
        "spades": "пика ♠",
        "no_trumps": "без коз",
        "all_trumps": "всичко коз",
    },
    "en": {
        "clubs": "clubs ♣",
        "diamonds": "diamonds ♦",
        "hearts": "hearts ♥",
        "spades": "spades ♠",
        "no_trumps": "No trumps",
        "all_trumps": "All trumps",
    },
}

#: What players call the two contracts without a suit symbol, where room is short.
CONTRACT_ABBREVIATIONS = {
    "bg": {"no_trumps": "БК", "all_trumps": "ВК"},
    "en": {"no_trumps": "NT", "all_trumps": "AT"},
}

#: The declarations in full, as the explanation names them.
DECLARATION_WORDS = {
    "bg": {
        "tierce": "терца",
        "quarte": "кварта",
        "quint": "квинта",
        "carre_jacks": "каре от валета",
        "carre_nines": "каре от деветки",
        "carre": "каре",
        "belot": "белот",
    },
    # English keeps the declarations' French names, as players do -- tierce, quarte,
    # quint, belot, and so carré: "carré of jacks", "carré of nines", and "carré" for
    # the 100 kind (four aces, kings, queens or tens), as Bulgarian says "каре".
    "en": {
        "tierce": "tierce",
        "quarte": "quarte",
        "quint": "quint",
        "carre_jacks": "carré of jacks",
        "carre_nines": "carré of nines",
        "carre": "carré",
        "belot": "belot",
    },
}

#: Declarations where room is short (a row of chips), as players say them: the carrés by
#: their rank ("каре валета", "nines"), the 100 kind plain "каре" / "carré". A chip adds a
#: carré's points, so that "Каре (100)" is never taken for the other two.
DECLARATION_WORDS_SHORT = {
    "bg": {
        "tierce": "терца",
        "quarte": "кварта",
        "quint": "квинта",
        "carre_jacks": "каре валета",
        "carre_nines": "каре деветки",
        "carre": "каре",
        "belot": "белот",
    },
    "en": {
        "tierce": "tierce",
        "quarte": "quarte",
        "quint": "quint",
        "carre_jacks": "jacks",
        "carre_nines": "nines",
        "carre": "carré",
        "belot": "belot",
    },
}

#: What became of the contract (model.Outcome), as a result names it; the
#: outcome_* messages end with the same words.
OUTCOME_WORDS = {
    "bg": {"made": "изкарана", "inside": "вътре", "hanging": "висяща"},
    "en": {"made": "made", "inside": "failed (inside)", "hanging": "hanging"},
}

#: The game's other words, as the widget shows them alone: a capot (валат) in full
#: (the capot step and the form's label) and where room is short (a sheet's row), a
#: deal where all four passed (in full, as ``status_passed`` says it, and short), the
#: points that hang (a row's note, ``{points}`` a number), who deals (beside a
#: player's name) and the hanging points a deal collected (a row's note).
GAME_WORDS = {
    "bg": {
        "capot": "капо (валат)",
        "capot_short": "капо",
        "passed": "всички казаха пас",
        "passed_short": "пас",
        "hang": "висят {points}",
        "dealer": "раздава",
        "collected": "+{points} висящи",
    },
    "en": {
        "capot": "capot",
        "capot_short": "capot",
        "passed": "all passed",
        "passed_short": "passed",
        "hang": "{points} hanging",
        "dealer": "dealer",
        "collected": "+{points} hanging",
    },
}

#: The words of a match (table.Match): what it is, and what it is played to, by
#: ``to`` (the games a team must win).
MATCH_WORDS = {
    "bg": {
        "match": "мач",
        "to": {"1": "една игра", "2": "до 2 победи", "3": "до 3 победи", "4": "до 4 победи"},
    },
    "en": {
        "match": "match",
        "to": {"1": "one game", "2": "first to 2", "3": "first to 3", "4": "first to 4"},
    },
}

#: The statistics (stats.py), each count as its heading; and the range of days.
STATISTICS_WORDS = {
    "bg": {
        "statistics": "Статистика",
        "pairs": "Двойки",
        "players": "Играчи",
        "games": "Игри",
        "won": "Спечелени",
        "lost": "Загубени",
        "matches": "Мачове",
        "matches_won": "Спечелени мачове",
        "deals": "Раздавания",
        "average_deals": "Раздавания на игра",
        "biggest": "Най-много в едно раздаване",
        "capots": "Капо",
        "bids": "Казани игри",
        "made": "Изкарани",
        "inside": "Вътре",
        "hanging": "Висящи",
        "by_contract": "По игри",
        "from": "От",
        "to": "До",
        "all_time": "За цялото време",
        "no_games": "Няма игри за това време.",
    },
    "en": {
        "statistics": "Statistics",
        "pairs": "Pairs",
        "players": "Players",
        "games": "Games",
        "won": "Won",
        "lost": "Lost",
        "matches": "Matches",
        "matches_won": "Matches won",
        "deals": "Deals",
        "average_deals": "Deals per game",
        "biggest": "Most in one deal",
        "capots": "Capots",
        "bids": "Bids",
        "made": "Made",
        "inside": "Inside",
        "hanging": "Hanging",
        "by_contract": "By contract",
        "from": "From",
        "to": "To",
        "all_time": "All time",
        "no_games": "No games in this time.",
    },
}

#: The ranks as players say them; a card is its rank and its suit's symbol (the
#: symbol a suit contract's noun ends with).
RANK_WORDS = {
    "bg": {
        "seven": "7",
        "eight": "8",
        "nine": "9",
        "ten": "10",
        "jack": "вале",
        "queen": "дама",
        "king": "поп",
        "ace": "асо",
    },
    "en": {
        "seven": "7",
        "eight": "8",
        "nine": "9",
        "ten": "10",
        "jack": "J",
        "queen": "Q",
        "king": "K",
        "ace": "A",
    },
}

#: How a card is named from its rank's word and its suit's symbol: "вале ♥", "J♥".
CARD_NAME = {"bg": "{rank} {suit}", "en": "{rank}{suit}"}

#: Each suit's symbol, as its contract's noun ends ("купа ♥").
_SUIT_SYMBOLS = {suit: CONTRACT_WORDS["en"][suit.value].rpartition(" ")[2] for suit in Suit}

#: Every card by its code ("JH"), as players name it, in each language.
CARD_NAMES = {
    lang: {
        card.code: CARD_NAME[lang].format(
            rank=RANK_WORDS[lang][card.rank], suit=_SUIT_SYMBOLS[card.suit]
        )
        for card in DECK
    }
    for lang in ("bg", "en")
}

#: Parameters that count cards or tricks, written with their noun (one, many):
#: "9 карти", "1 ръка", "1 trick".
_COUNTED = {
    "cards": {"bg": ("карта", "карти"), "en": ("card", "cards")},
    "holds": {"bg": ("карта", "карти"), "en": ("card", "cards")},
    "tricks": {"bg": ("ръка", "ръце"), "en": ("trick", "tricks")},
    "needed": {"bg": ("ръка", "ръце"), "en": ("trick", "tricks")},
}
#: Parameters that are a card's code, or a list of them, written as players name them.
_CARD_PARAMS = frozenset({"card", "missing", "pile"})

#: The contests among declarations ("Which declarations count"), as plural nouns.
_CONTESTS = {
    "bg": {"sequences": "поредици", "carres": "карета", "declarations": "обяви"},
    "en": {"sequences": "sequences", "carres": "carrés", "declarations": "declarations"},
}

#: Each house rule's name and one-line description, by id (see :mod:`belot_core.house`),
#: in the words players use at the table.
HOUSE_RULE_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "round_before_multiply": {
        "name": {"bg": "Закръгляне преди контрата", "en": "Rounding before contra"},
        "description": {
            "bg": "При контра и реконтра сборът се закръглява и чак после се умножава: "
            "162 → 16, × 4 = 64 (вместо 648 → 65).",
            "en": "Under contra or recontra the sum is rounded first, then multiplied: "
            "162 → 16, × 4 = 64 (not 648 → 65).",
        },
    },
    "capot_cancels_contra": {
        "name": {"bg": "Капото отменя контрата", "en": "Capot cancels contra"},
        "description": {
            "bg": "Раздаване с капо се пише като без контра и реконтра: "
            "252 → 25 (вместо 504 → 50).",
            "en": "A deal with a capot is scored as if nobody had doubled: "
            "252 → 25 (not 504 → 50).",
        },
    },
    "larger_six_rounds_up": {
        "name": {"bg": "86 : 76 е 9 : 7", "en": "86 : 76 is 9 : 7"},
        "description": {
            "bg": "На цвят, когато и двата сбора завършват на 6, по-големият се закръглява "
            "нагоре, а по-малкият – надолу: 86 : 76 → 9 : 7 (вместо 8 : 8).",
            "en": "In a suit, when both totals end in 6, the larger rounds up and the smaller "
            "down: 86 : 76 → 9 : 7 (not 8 : 8).",
        },
    },
    "no_trumps_capot_44": {
        "name": {"bg": "Капо на без коз е 44", "en": "Capot in No trumps is 44"},
        "description": {
            "bg": "На без коз и бонусът за капо се удвоява: "
            "(120 + 10 + 90) × 2 = 440 → 44 (вместо 35).",
            "en": "In No trumps the capot bonus is doubled too: "
            "(120 + 10 + 90) × 2 = 440 → 44 (not 35).",
        },
    },
    "hanging_rounds_down": {
        "name": {"bg": "Висящите се закръглят надолу", "en": "Hanging points round down"},
        "description": {
            "bg": "При висяща на границата (106 : 106) и висящите се закръглят надолу: "
            "пишат се 10, висят 10 (вместо 11).",
            "en": "When a deal hangs on the boundary (106 : 106), the hanging share rounds "
            "down too: 10 recorded, 10 hang (not 11).",
        },
    },
    "one_declaration_contest": {
        "name": {"bg": "Обявите се сравняват заедно", "en": "One contest for all declarations"},
        "description": {
            "bg": "Поредици и карета се сравняват заедно – по точки, а при равни точки каре "
            "бие поредица; отборът с най-силната обява брои всичките си обяви.",
            "en": "Sequences and carrés compete together – by points, a carré beating a "
            "sequence of equal points; the team with the strongest declaration scores "
            "all its declarations.",
        },
    },
}

#: The questions only the cards decide, as asked after "Both teams have a …:".
_QUESTIONS = {
    "bg": {"sequence": "чия е по-висока, или са равни", "carre": "чие е по-старшо"},
    "en": {"sequence": "whose is higher, or are they equal", "carre": "whose rank is higher"},
}

#: No contra, contra and recontra, as the explanation names them.
DOUBLING_WORDS = {
    "bg": {"none": "без контра", "contra": "контра", "recontra": "реконтра"},
    "en": {"none": "no contra", "contra": "contra", "recontra": "recontra"},
}

_EXPECTED = {
    "bg": {
        "object": "обект",
        "string": "текст",
        "integer": "цяло число",
        "boolean": "да/не",
        "array": "списък",
        "string_or_array": "текст или списък",
    },
    "en": {
        "object": "an object",
        "string": "a string",
        "integer": "a whole number",
        "boolean": "true or false",
        "array": "a list",
        "string_or_array": "a string or a list",
    },
}

#: Every message, by code: explanation steps first, then errors.
MESSAGES: dict[str, dict[str, str]] = {
    # --- explanation steps -------------------------------------------------
    "cards": {
        "bg.us": "Карти: нашата купчина – {points}; другата е {deck} − {points} = {other}.",
        "bg.them": "Карти: вашата купчина – {points}; другата е {deck} − {points} = {other}.",
        "bg.named": "Карти: купчината на {team} – {points}; другата е {deck} − {points} = {other}.",
        "en": "Cards: {team} counted {points}; the other pile is {deck} − {points} = {other}.",
    },
    "pile_cards": {
        "bg.us": "Нашата купчина: {cards}, {points} точки.",
        "bg.them": "Вашата купчина: {cards}, {points} точки.",
        "bg.named": "Купчината на {team}: {cards}, {points} точки.",
        "en.us": "Our pile: {cards}, {points} points.",
        "en.them": "Their pile: {cards}, {points} points.",
        "en.named": "{team}'s pile: {cards}, {points} points.",
    },
    "no_trumps_doubled": {
        "bg": "Без коз: картите се удвояват – {us_name} {us}, {them_name} {them}.",
        "en": "No trumps doubles the card points: {us_name} {us}, {them_name} {them}.",
    },
    "last_trick": {
        "bg": "Последна ръка: {team}, +{points}.",
        "en": "{team} took the last trick: +{points}.",
    },
    "capot": {
        "bg.us": "Капо (валат): Ние взехме всички ръце, +{points}.",
        "bg.them": "Капо (валат): Вие взехте всички ръце, +{points}.",
        "bg.named": "Капо (валат): {team} взеха всички ръце, +{points}.",
        "en": "Capot: {team} took all eight tricks, +{points}.",
    },
    "contest_won": {
        "bg.us": "{contest}: {best} бие {beaten} – само Ние си броим {contest}.",
        "bg.them": "{contest}: {best} бие {beaten} – само Вие си броите {contest}.",
        "bg.named": "{contest}: {best} бие {beaten} – само {team} си броят {contest}.",
        "en": "{contest}: {best} beats {beaten} – only {team} score {contest}.",
    },
    "contest_higher": {
        "bg.us": "{contest}: и двата отбора имат {kind}, по-старши сме Ние "
        "– само Ние си броим {contest}.",
        "bg.them": "{contest}: и двата отбора имат {kind}, по-старши сте Вие "
        "– само Вие си броите {contest}.",
        "bg.named": "{contest}: и двата отбора имат {kind}, по-старши са {team} "
        "– само {team} си броят {contest}.",
        "en": "{contest}: both teams have a {kind} and {team} hold the higher one "
        "– only {team} score {contest}.",
    },
    "contest_equal": {
        "bg": "{contest}: и двата отбора имат {kind} до една и съща карта "
        "– никой не си брои {contest}.",
        "en": "{contest}: both teams have a {kind} ending on the same card "
        "– neither team scores {contest}.",
    },
    "belot_counts": {
        "bg": "Белот – {team}: винаги се брои, +{points}.",
        "en": "A belot always counts: {team} keep +{points}.",
    },
    "declarations": {
        "bg": "Обяви – {team}: {items}, +{points}.",
        "en": "{team} declared {items}: +{points}.",
    },
    "raw": {
        "bg": "Общо: {us_name} {us}, {them_name} {them}.",
        "en": "Raw points: {us_name} {us}, {them_name} {them}.",
    },
    "outcome_made": {
        "bg.us": "Ние играем: {bidders} срещу {defenders} – изкарана.",
        "bg.them": "Вие играете: {bidders} срещу {defenders} – изкарана.",
        "bg.named": "{bidder} играят: {bidders} срещу {defenders} – изкарана.",
        "en": "{bidder} bid: {bidders} against {defenders} – made.",
    },
    "outcome_inside": {
        "bg.us": "Ние играем: {bidders} срещу {defenders} – вътре.",
        "bg.them": "Вие играете: {bidders} срещу {defenders} – вътре.",
        "bg.named": "{bidder} играят: {bidders} срещу {defenders} – вътре.",
        "en": "{bidder} bid: {bidders} against {defenders} – failed (inside).",
    },
    "outcome_hanging": {
        "bg.us": "Ние играем: {bidders} срещу {defenders} – равни, висяща.",
        "bg.them": "Вие играете: {bidders} срещу {defenders} – равни, висяща.",
        "bg.named": "{bidder} играят: {bidders} срещу {defenders} – равни, висяща.",
        "en": "{bidder} bid: {bidders} against {defenders} – equal, the deal hangs.",
    },
    "round_own": {
        "bg": "{team}: {raw} → {points}.",
        "en": "{team} record {raw} → {points}.",
    },
    "hangs": {
        "bg": "{team}: {raw} → {points}, които висят до следващото раздаване.",
        "en": "{team} have {raw} → {points}, which hang until the next deal.",
    },
    "hangs_doubled": {
        "bg": "Никой не пише: {raw} × {multiplier} = {product} → {points} висят.",
        "en": "Nobody records: {raw} × {multiplier} = {product} → {points} hanging.",
    },
    "doubled": {
        "bg.us": "Ние взимаме всички точки ({doubling}): "
        "{raw} × {multiplier} = {product} → {points}.",
        "bg.them": "Вие взимате всички точки ({doubling}): "
        "{raw} × {multiplier} = {product} → {points}.",
        "bg.named": "{team} взимат всички точки ({doubling}): "
        "{raw} × {multiplier} = {product} → {points}.",
        "en": "{team} take the whole deal ({doubling}): "
        "{raw} × {multiplier} = {product} → {points}.",
    },
    "inside_sum": {
        "bg.us": "Ние взимаме всички точки: {raw} → {points}.",
        "bg.them": "Вие взимате всички точки: {raw} → {points}.",
        "bg.named": "{team} взимат всички точки: {raw} → {points}.",
        "en": "{team} take the whole deal: {raw} → {points}.",
    },
    "hanging_claimed": {
        "bg.us": "Ние взимаме и висящите {points}.",
        "bg.them": "Вие взимате и висящите {points}.",
        "bg.named": "{team} взимат и висящите {points}.",
        "en": "{team} also take the {points} hanging points.",
    },
    "hanging_carried": {
        "bg": "Висящите {carried} остават и към тях се добавят {new}: висят {points}.",
        "en": "The {carried} points already hanging stay, plus {new}: {points} now hang.",
    },
    "record": {
        "bg": "Пише се: {us_name} {us}, {them_name} {them}; висят {hanging}.",
        "bg.nothing_hangs": "Пише се: {us_name} {us}, {them_name} {them}.",
        "en": "Recorded: {us_name} {us}, {them_name} {them}; hanging {hanging}.",
        "en.nothing_hangs": "Recorded: {us_name} {us}, {them_name} {them}.",
    },
    "passed": {
        "bg": "Всички казаха „пас“: раздаването се повтаря; висящите {hanging} остават.",
        "bg.nothing_hangs": "Всички казаха „пас“: раздаването се повтаря.",
        "en": "All four passed: the deal is replayed; {hanging} hanging points stay.",
        "en.nothing_hangs": "All four passed: the deal is replayed.",
    },
    # --- where the game stands (sheet.GameStatus), after each deal ---------------
    "status_playing": {
        "bg": "Играта продължава.",
        "en": "The game goes on.",
    },
    "status_won": {
        "bg.us": "Ние печелим играта: {us} : {them}.",
        "bg.them": "Вие печелите играта: {us} : {them}.",
        "bg.named": "{winner} печелят играта: {us} : {them}.",
        "en": "{winner} win the game: {us} : {them}.",
    },
    "status_capot": {
        "bg": "Капо – играта не свършва с капо; решава следващото раздаване.",
        "en": "Capot – a game never ends on a capot; one more deal decides.",
    },
    "status_tied": {
        "bg": "Равни на {us} – играе се още.",
        "en": "Tied at {us} – play on.",
    },
    "status_passed": {
        "bg": "Всички казаха пас – раздаването се повтаря.",
        "en": "All passed – the deal is replayed.",
    },
    # --- explanation steps: house rules (each right after the step it overrides) ---
    "house_round_before_multiply": {
        "bg": "Домашно правило „{rule}“: {raw} → {rounded}, × {multiplier} = {points}.",
        "en": "House rule “{rule}”: {raw} → {rounded}, × {multiplier} = {points}.",
    },
    "house_capot_cancels_contra": {
        "bg": "Домашно правило „{rule}“: раздаването се пише като без {doubling}.",
        "en": "House rule “{rule}”: the deal is scored as if there were no {doubling}.",
    },
    "house_larger_six_rounds_up": {
        "bg": "Домашно правило „{rule}“: по-големият сбор се закръглява нагоре – "
        "{larger_raw} → {larger}, {smaller_raw} → {smaller}.",
        "en": "House rule “{rule}”: the larger total rounds up – "
        "{larger_raw} → {larger}, {smaller_raw} → {smaller}.",
    },
    "house_no_trumps_capot_44": {
        "bg": "Домашно правило „{rule}“: и бонусът за капо се удвоява – "
        "{bonus} × {factor} = {points}.",
        "en": "House rule “{rule}”: the capot bonus is doubled too – "
        "{bonus} × {factor} = {points}.",
    },
    "house_hanging_rounds_down": {
        "bg": "Домашно правило „{rule}“: {raw} → {points} висят.",
        "en": "House rule “{rule}”: {raw} → {points} hanging.",
    },
    "house_one_declaration_contest": {
        "bg": "Домашно правило „{rule}“: обявите дават {us_name} {us}, {them_name} {them} "
        "(без него: {book_us} и {book_them}).",
        "en": "House rule “{rule}”: declarations score {us_name} {us}, {them_name} {them} "
        "(without it: {book_us} and {book_them}).",
    },
    "house_one_declaration_contest_unasked": {
        "bg": "Домашно правило „{rule}“: обявите дават {us_name} {us}, {them_name} {them}; "
        "без него първо трябва да се каже чия {kind} е по-висока.",
        "en": "House rule “{rule}”: declarations score {us_name} {us}, {them_name} {them}; "
        "without it the cards would first have to say whose {kind} is higher.",
    },
    # --- where a match stands (matches.py) -------------------------------------
    "match_playing": {
        "bg": "Мач до {to} победи: {us} : {them}",
        "en": "Match, first to {to} wins: {us} : {them}",
    },
    "match_won": {
        "bg.us": "Ние печелим мача: {us} : {them}.",
        "bg.them": "Вие печелите мача: {us} : {them}.",
        "bg.named": "{winner} печелят мача: {us} : {them}.",
        "en": "{winner} win the match: {us} : {them}.",
    },
    # --- errors: the input ---------------------------------------------------
    "invalid_json": {
        "bg": "Входът не е валиден JSON.",
        "en": "The input is not valid JSON.",
    },
    "input_too_large": {
        "bg": "Входът е твърде голям: {length} знака; най-много се четат {max}.",
        "en": "The input is too large: {length} characters; the most read is {max}.",
    },
    "too_many_deals": {
        "bg": "Играта има {deals} раздавания; най-много са {max}.",
        "en": "The game has {deals} deals; a game can have at most {max}.",
    },
    "too_many_errors": {
        "bg": "Има още грешки; показани са първите {max}.",
        "en": "There are more problems; only the first {max} are shown.",
    },
    "unsupported_version": {
        "bg": "Непозната версия на формата: {value}; поддържа се версия {supported}.",
        "en": "Unknown format version {value}; this calculator reads version {supported}.",
    },
    "unknown_field": {
        "bg": "Непознато поле „{name}“.",
        "en": "Unknown field “{name}”.",
    },
    "missing_field": {
        # {name} in words (FIELD_WORDS): a player reads this, not a programmer.
        "bg": "Липсва: {name}.",
        "en": "Missing: {name}.",
    },
    "wrong_type": {
        "bg": "Очаква се {expected}, а е дадено {value}.",
        "en": "Expected {expected}, got {value}.",
    },
    "invalid_choice": {
        "bg": "„{value}“ не е сред възможните: {choices}.",
        "en": "“{value}” is not one of: {choices}.",
    },
    "not_integer": {
        "bg": "Въведете цяло число (въведено е {value}).",
        "en": "Enter a whole number (got {value}).",
    },
    "points_out_of_range": {
        "bg": "Точките от картите трябва да са от 0 до {max}; въведено е {value}.",
        "en": "Card points must be from 0 to {max}; got {value}.",
    },
    "hanging_out_of_range": {
        "bg": "Висящите точки трябва да са от 0 до {max}; въведено е {value}.",
        "en": "Hanging points must be from 0 to {max}; got {value}.",
    },
    "hanging_in_on_sheet": {
        "bg": "В листа висящите точки се пренасят сами; не ги въвеждайте (въведено е {value}).",
        "en": "On the game sheet hanging points carry over by themselves; "
        "do not enter them (got {value}).",
    },
    "negative_count": {
        "bg": "Броят не може да е отрицателен (въведено е {value}).",
        "en": "A count cannot be negative (got {value}).",
    },
    "name_too_long": {
        "bg": "Името на отбор може да е до {max} знака; това е {length}.",
        "en": "A team name can have at most {max} characters; this one has {length}.",
    },
    "declarations_and_announced": {
        "bg": "Въведете или приетите обяви, или обявеното от отборите – не и двете.",
        "en": "Enter either the accepted declarations or what the teams announced – not both.",
    },
    "needs_answer": {
        "bg": "И двата отбора имат {kind}: {question}?",
        "en": "Both teams have a {kind}: {question}?",
    },
    "unknown_rule": {
        "bg": "Непознато домашно правило „{value}“; възможните са: {choices}.",
        "en": "Unknown house rule “{value}”; the house rules are: {choices}.",
    },
    "points_and_cards": {
        "bg": "Въведете или точките на купчината, или картите ѝ – не и двете.",
        "en": "Enter either the pile's points or its cards – not both.",
    },
    "tricks_without_cards": {
        "bg": "Ръцете на купчината се проверяват по картите ѝ: въведете картите "
        "или махнете ръцете.",
        "en": "A pile's tricks are checked against its cards: enter the cards, "
        "or leave the tricks out.",
    },
    "tricks_out_of_range": {
        "bg": "Ръцете трябва да са от 0 до {max}; въведено е {value}.",
        "en": "Tricks must be from 0 to {max}; got {value}.",
    },
    "unknown_card": {
        "bg": "„{value}“ не е карта; картите се пишат така: JH, 10S, 9C, AD.",
        "en": "“{value}” is not a card; cards are written like this: JH, 10S, 9C, AD.",
    },
    "card_twice": {
        "bg": "Картата {card} е избрана два пъти.",
        "en": "{card} is chosen twice.",
    },
    "too_many_cards": {
        "bg": "Тестето има {max} карти, а са избрани {count}.",
        "en": "The deck has {max} cards, and {count} are chosen.",
    },
    "cards_points_mismatch": {
        "bg": "Точките на купчината ({value}) не са точките на картите ѝ ({counted}).",
        "en": "The pile's points ({value}) are not its cards' points ({counted}).",
    },
    # --- errors: impossible under the rules ----------------------------------
    "cards_over_tricks": {
        "bg": "В {tricks} има {holds}, а избраните карти са повече: {count}.",
        "en": "There are {holds} in {tricks}, and more cards are chosen: {count}.",
    },
    "cards_under_tricks": {
        "bg": "В {tricks} има {holds}, а избраните карти ({count}) и останалите карти "
        "без точки ({fill}) не стигат – не е избрана някоя карта с точки.",
        "en": "There are {holds} in {tricks}, but the cards chosen ({count}) and the other "
        "cards worth nothing ({fill}) are fewer – a card with points is missing.",
    },
    "cards_not_whole_tricks": {
        "bg": "Купчината е от цели ръце по 4 карти, а избраните ({count}) не се допълват "
        "до цели ръце с картите без точки – не е избрана някоя карта с точки.",
        "en": "A pile is whole tricks of 4 cards, and the {count} chosen cannot be made up "
        "to whole tricks with cards worth nothing – a card with points is missing.",
    },
    "tricks_mean_capot": {
        "bg.us": "Ние взехме всички ръце – това е капо (валат); отбележете го.",
        "bg.them": "Вие взехте всички ръце – това е капо (валат); отбележете го.",
        "bg.named": "{team} взеха всички ръце – това е капо (валат); отбележете го.",
        "en": "{team} took all eight tricks – that is a capot; mark it.",
    },
    "capot_needs_tricks": {
        "bg.us": "Капо (валат): Ние взехме всички ръце, така че в тази купчина има "
        "{needed}, а не {tricks}.",
        "bg.them": "Капо (валат): Вие взехте всички ръце, така че в тази купчина има "
        "{needed}, а не {tricks}.",
        "bg.named": "Капо (валат): {team} взеха всички ръце, така че в тази купчина има "
        "{needed}, а не {tricks}.",
        "en": "Capot: {team} took all eight tricks, so this pile holds {needed}, not {tricks}.",
    },
    "capot_pile_incomplete": {
        "bg.us": "Капо (валат): Ние взехме всички ръце, така че в нашата купчина са всички "
        "карти с точки – тук са всички без {missing}.",
        "bg.them": "Капо (валат): Вие взехте всички ръце, така че във вашата купчина са "
        "всички карти с точки – тук са всички без {missing}.",
        "bg.named": "Капо (валат): {team} взеха всички ръце, така че в купчината им са всички "
        "карти с точки – тук са всички без {missing}.",
        "en.us": "Capot: we took all eight tricks, so our pile holds every card with points "
        "– here all but {missing}.",
        "en.them": "Capot: they took all eight tricks, so their pile holds every card with "
        "points – here all but {missing}.",
        "en.named": "Capot: {team} took all eight tricks, so their pile holds every card with "
        "points – here all but {missing}.",
    },
    "capot_pile_not_empty": {
        "bg.us": "Капо (валат): Ние взехме всички ръце, така че вашата купчина е празна – "
        "махнете избраните карти.",
        "bg.them": "Капо (валат): Вие взехте всички ръце, така че нашата купчина е празна – "
        "махнете избраните карти.",
        "bg.named": "Капо (валат): {team} взеха всички ръце, така че другата купчина е "
        "празна – махнете избраните карти.",
        "en": "Capot: {team} took all eight tricks, so the other pile is empty – take the "
        "chosen cards out of it.",
    },
    "declarations_in_no_trumps": {
        "bg": "При „без коз“ няма обяви и белоти.",
        "en": "No trumps has no declarations and no belots.",
    },
    "too_many_belots": {
        "bg": "При {contract} белотите са най-много {max}; въведени са {count}.",
        "en": "{contract} allows at most {max} belot(s); {count} entered.",
    },
    "too_many_carres": {
        "bg": "В тестето има само {max} × {kind}; въведени са {count}.",
        "en": "The deck holds only {max} × {kind}; {count} entered.",
    },
    "too_many_sequences": {
        "bg": "{team}: толкова поредици не се събират в 16-те карти на двама играчи.",
        "en.us": "Our two players' sixteen cards cannot hold that many sequences.",
        "en.them": "Their two players' sixteen cards cannot hold that many sequences.",
        "en.named": "The sixteen cards of {team} cannot hold that many sequences.",
    },
    "capot_without_all_tricks": {
        "bg.us": "Капо (валат) значи, че Ние сме взели всички ръце: всичките {deck} точки "
        "от картите и последната ръка.",
        "bg.them": "Капо (валат) значи, че Вие сте взели всички ръце: всичките {deck} точки "
        "от картите и последната ръка.",
        "bg.named": "Капо (валат) значи, че {team} са взели всички ръце: всичките {deck} точки "
        "от картите и последната ръка.",
        "en": "A capot means {team} took every trick: all {deck} card points and the last trick.",
    },
    # --- errors: the game sheet ----------------------------------------------
    "game_over": {
        "bg.us": "Играта свърши – спечелихме Ние. Започнете нова игра.",
        "bg.them": "Играта свърши – спечелихте Вие. Започнете нова игра.",
        "bg.named": "Играта свърши – спечелиха {winner}. Започнете нова игра.",
        "en": "The game is over – {winner} won. Start a new game.",
    },
    "deals_after_end": {
        "bg": "Играта свършва с раздаване {end}; раздаване {index} е след края ѝ.",
        "en": "The game ends with deal {end}; deal {index} comes after the end.",
    },
    "no_such_deal": {
        "bg": "Няма раздаване номер {index}.",
        "en": "There is no deal number {index}.",
    },
    "nothing_to_undo": {
        "bg": "Няма какво да се отмени: листът е празен.",
        "en": "Nothing to undo: the sheet is empty.",
    },
    # --- errors: the table around a game (table.py) ---------------------------
    "two_players": {
        "bg": "Отборът е от двама играчи; дадени са {count}.",
        "en": "A team has two players; got {count}.",
    },
    "player_twice": {
        "bg": "Двама играчи са с едно и също име – „{name}“; различете ги.",
        "en": "Two players have the same name, “{name}”; tell them apart.",
    },
    "seat_out_of_range": {
        "bg": "Местата на масата са от 0 до {max}; дадено е {value}.",
        "en": "The seats at the table are 0 to {max}; got {value}.",
    },
    "note_too_long": {
        "bg": "Бележката може да е до {max} знака; тази е {length}.",
        "en": "A note can have at most {max} characters; this one has {length}.",
    },
    "invalid_match_id": {
        "bg": "„{value}“ не е мач: до {max} латински букви, цифри и . _ : -.",
        "en": "“{value}” is no match: up to {max} Latin letters, digits and . _ : -.",
    },
    "invalid_game_id": {
        "bg": "„{value}“ не е игра от калкулатора: до {max} латински букви, цифри, - и _.",
        "en": "“{value}” is no calculator's game: up to {max} Latin letters, digits, - and _.",
    },
    "match_to_out_of_range": {
        "bg": "Мачът се играе до 1, 2, 3 или {max} победи; дадено е {value}.",
        "en": "A match is played to 1, 2, 3 or {max} won games; got {value}.",
    },
    # --- errors: the games on a device (book.py) ------------------------------
    "too_many_games": {
        "bg": "Игрите са {games}; най-много се четат {max}.",
        "en": "There are {games} games; the most read at once is {max}.",
    },
    "invalid_date": {
        "bg": "„{value}“ не е дата (ГГГГ-ММ-ДД).",
        "en": "“{value}” is not a date (YYYY-MM-DD).",
    },
    "date_range_reversed": {
        "bg": "Началото ({start}) е след края ({end}).",
        "en": "The start ({start}) is after the end ({end}).",
    },
    "match_mismatch": {
        "bg": "Игрите на един мач са до един и същ брой победи: тук {to}, а в първата {first}.",
        "en": "The games of one match are played to the same number of wins: {to} here, "
        "{first} in its first game.",
    },
    "game_after_match_end": {
        "bg": "Мачът свършва с игра {end}; игра {index} е след края му.",
        "en": "The match ends with game {end}; game {index} comes after its end.",
    },
    # --- errors: a game in a link (link.py) -----------------------------------
    "link_damaged": {
        "bg": "Връзката към играта е повредена или непълна. Копирайте я цялата и опитайте пак.",
        "en": "The game link is damaged or incomplete. Copy the whole link and try again.",
    },
    "link_version": {
        "bg": "Връзката е от по-нова версия на калкулатора (формат {value}; тази чете "
        "формат {supported}). Презаредете страницата, за да я обновите.",
        "en": "The link comes from a newer calculator (format {value}; this one reads "
        "format {supported}). Reload the page to update it.",
    },
}

#: Counts shown with their thousands apart, as each language writes numbers (its
#: CLDR grouping, what Intl.NumberFormat does in the page): in Bulgarian by a no-break
#: space from five digits on ("3327 раздавания", "39 900 раздавания"), in English by a
#: comma from four ("3,327 deals", "39,900 deals"), so two counts in one message or
#: side by side are written alike (issue 32).
_GROUPED_PARAMS = frozenset({"deals", "games", "length", "max", "count"})
_GROUPED_FROM = {"bg": 10_000, "en": 1_000}
_THOUSANDS = {"bg": "\u00a0", "en": ","}

_TEAM_PARAMS = frozenset({"team", "bidder", "winner"})
#: The parameters whose team chooses a message's variant, in order ("bg.us", …).
_VARIANT_PARAMS = ("team", "winner", "bidder")
#: A message may have a variant "<lang>.nothing_hangs" for when its `hanging` is 0:
#: "Пише се: Ние 11, Вие 7." says all there is, without "висят 0".
_NOTHING_HANGS = "nothing_hangs"
_KIND_PARAMS = frozenset({"kind", "best", "beaten"})

#: Template fields that are not parameters: the two teams' labels.
_LABEL_FIELDS = {"us_name": "us", "them_name": "them"}


def _custom(names: Names | None, team: object) -> str:
    """The players' own name for ``team`` ("us"/"them"), or "" for the default."""
    if names is None:
        return ""
    if team == "us":
        return names.us
    if team == "them":
        return names.them
    return ""


def _text(language: str, name: str, value: Param, names: Names | None = None) -> str:
    """One parameter, translated when it names something in the game."""
    if name in _COUNTED and isinstance(value, int):
        one, many = _COUNTED[name][language]
        return f"{value} {one if value == 1 else many}"
    if name in _CARD_PARAMS and isinstance(value, str | tuple):
        codes = (value,) if isinstance(value, str) else value
        return ", ".join(CARD_NAMES[language].get(code, code) for code in codes)
    if name in _TEAM_PARAMS and isinstance(value, str):
        return _custom(names, value) or TEAM_WORDS[language].get(value, value)
    if name == "contract" and isinstance(value, str):
        return CONTRACT_WORDS[language].get(value, value)
    if name in _KIND_PARAMS and isinstance(value, str):
        return DECLARATION_WORDS[language].get(value, value)
    if name == "contest" and isinstance(value, str):
        return _CONTESTS[language].get(value, value)
    if name == "question" and isinstance(value, str):
        return _QUESTIONS[language].get(value, value)
    if name == "doubling" and isinstance(value, str):
        return DOUBLING_WORDS[language].get(value, value)
    if name == "expected" and isinstance(value, str):
        return _EXPECTED[language].get(value, value)
    if name == "rule" and isinstance(value, str) and value in HOUSE_RULE_WORDS:
        return HOUSE_RULE_WORDS[value]["name"][language]
    if name == "items" and isinstance(value, tuple):
        words = []
        for item in value:
            kind, _, count = item.partition(":")
            word = DECLARATION_WORDS[language].get(kind, kind)
            words.append(word if count in ("", "1") else f"{count} × {word}")
        return ", ".join(words)
    if name in _GROUPED_PARAMS and isinstance(value, int) and abs(value) >= _GROUPED_FROM[language]:
        return f"{value:,}".replace(",", _THOUSANDS[language])
    if isinstance(value, tuple):
        return ", ".join(value)
    if value is None:
        return "—"
    return str(value)


#: A missing field in the players' words (the last part of its path), for ``missing_field``.
FIELD_WORDS: dict[str, dict[str, str]] = {
    "cards": {"bg": "точките или картите на купчината", "en": "the pile's points or cards"},
    "points": {"bg": "точките на купчината", "en": "the pile's points"},
    "team": {"bg": "чия е купчината", "en": "whose pile it is"},
    "last_trick": {"bg": "кой взе последната ръка", "en": "who took the last trick"},
    "contract": {"bg": "играта (боя, без коз или всичко коз)", "en": "the contract"},
    "bidder": {"bg": "кой каза играта", "en": "who made the bid"},
    "deals": {"bg": "раздаванията", "en": "the deals"},
    "passed": {"bg": "дали всички казаха пас", "en": "whether everyone passed"},
    "version": {"bg": "версията на файла", "en": "the file's version"},
    "games": {"bg": "игрите", "en": "the games"},
    "game": {"bg": "играта", "en": "the game"},
    "date": {"bg": "датата на играта", "en": "the game's date"},
    "link": {"bg": "връзката", "en": "the link"},
    "id": {"bg": "кой мач е", "en": "which match it is"},
    "to": {"bg": "до колко победи е мачът", "en": "how many wins the match is played to"},
}


def field_words(path: str, language: str) -> str:
    """A field's path (``deals[3].cards``) in words, else "поле „…“" / "the field “…”"."""
    key = re.sub(r"\[[0-9]+\]", "", path).rsplit(".", 1)[-1]
    lang = language if language in TEAM_WORDS else Language.EN.value
    if key in FIELD_WORDS:
        return FIELD_WORDS[key][lang]
    return f"поле „{path}“" if lang == "bg" else f"the field “{path}”"


@functools.cache
def _names(template: str) -> frozenset[str]:
    """The parameter names a template uses."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def render(
    code: str, params: Mapping[str, Param], language: str, names: Names | None = None
) -> str:
    """The sentence for ``code`` in ``language`` ("bg" or "en").

    ``names`` are the teams' own names, used wherever a team is named; a team
    without one (or ``names`` None) is "Ние"/"Вие", "we"/"they". Unknown codes
    render as the code itself, and unknown languages as English, so a newer core
    never breaks an older view.
    """
    lang = language if language in TEAM_WORDS else Language.EN.value
    # Bulgarian verbs agree with the team ("Ние взимаме", "Вие взимате", "Иван и
    # Петър взимат"): a message may have a variant per team, keyed "bg.us" /
    # "bg.them", and "bg.named" for a team with its own name.
    variants = MESSAGES.get(code, {})
    team = next((params[name] for name in _VARIANT_PARAMS if name in params), None)
    named = bool(_custom(names, team))
    variant = variants.get(f"{lang}.named") if named else variants.get(f"{lang}.{team}")
    if params.get("hanging") == 0:
        variant = variants.get(f"{lang}.{_NOTHING_HANGS}", variant)
    template = variant or variants.get(lang)
    if template is None:
        return code
    values: dict[str, str] = {}
    for name in _names(template):
        if code == "missing_field" and name == "name" and isinstance(params.get(name), str):
            values[name] = field_words(str(params[name]), lang)
        elif name in _LABEL_FIELDS:
            label = _LABEL_FIELDS[name]
            values[name] = _custom(names, label) or TEAM_WORDS[lang][label]
        else:
            values[name] = _text(lang, name, params[name], names) if name in params else "?"
    text = template.format_map(values)
    if _starts_with_a_name(template, params, names):
        return text  # a name is written as the players wrote it
    return text[:1].upper() + text[1:]


def _starts_with_a_name(template: str, params: Mapping[str, Param], names: Names | None) -> bool:
    """Does the sentence begin with a team's own name?"""
    if names is None or not template.startswith("{"):
        return False
    first = template[1 : template.index("}")]
    if first in _LABEL_FIELDS:
        return bool(_custom(names, _LABEL_FIELDS[first]))
    return first in _TEAM_PARAMS and bool(_custom(names, params.get(first)))


class HouseRuleOption(TypedDict):
    """One house rule as JSON data: its id, and its name and description by language."""

    id: str
    name: dict[str, str]
    description: dict[str, str]


def house_rule_options() -> list[HouseRuleOption]:
    """Every house rule as plain JSON data, in the order players see them.

    ``[{"id": "round_before_multiply", "name": {"bg": ..., "en": ...},
    "description": {"bg": ..., "en": ...}}, ...]`` -- for the widget's generated
    tables (its "Rules" panel and the ``rules`` attribute use the same ids).
    """
    return [
        HouseRuleOption(
            id=option,
            name={lang.value: HOUSE_RULE_WORDS[option]["name"][lang] for lang in LANGUAGES},
            description={
                lang.value: HOUSE_RULE_WORDS[option]["description"][lang] for lang in LANGUAGES
            },
        )
        for option in HOUSE_RULES
    ]


def message(error: BelotError, names: Names | None = None) -> dict[str, str]:
    """An error's message in every language (with the teams' own names, if given)."""
    return {lang: render(error.code, error.params, lang, names) for lang in LANGUAGES}
