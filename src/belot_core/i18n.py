"""Words for the codes: explanations and errors in Bulgarian and English.

The rules never build prose; they emit codes with parameters
(:class:`~belot_core.rules.Step`, :class:`~belot_core.errors.BelotError`).
This module turns a code into a sentence with :func:`render`. Parameters that
name a team, a contract, a declaration or a doubling are translated too.
"""

from __future__ import annotations

import enum
import functools
import string
from collections.abc import Mapping

from .errors import BelotError, Param

__all__ = ["LANGUAGES", "MESSAGES", "Language", "message", "render"]


class Language(enum.StrEnum):
    """Languages the core speaks."""

    BG = "bg"
    """Български."""
    EN = "en"
    """English."""


LANGUAGES: tuple[Language, ...] = tuple(Language)

#: Team labels, as on the score sheet's two columns.
_TEAMS = {
    "bg": {"us": "Ние", "them": "Вие"},
    "en": {"us": "we", "them": "they"},
}

_CONTRACTS = {
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

_DECLARATIONS = {
    "bg": {
        "tierce": "терца",
        "quarte": "кварта",
        "quint": "квинта",
        "carre_jacks": "каре от валета",
        "carre_nines": "каре от деветки",
        "carre": "каре",
        "belot": "белот",
    },
    "en": {
        "tierce": "tierce",
        "quarte": "quarte",
        "quint": "quint",
        "carre_jacks": "four jacks",
        "carre_nines": "four nines",
        "carre": "carré",
        "belot": "belot",
    },
}

_DOUBLINGS = {
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
    },
    "en": {
        "object": "an object",
        "string": "a string",
        "integer": "a whole number",
        "boolean": "true or false",
        "array": "a list",
    },
}

#: Every message, by code: explanation steps first, then errors.
MESSAGES: dict[str, dict[str, str]] = {
    # --- explanation steps -------------------------------------------------
    "cards": {
        "bg": "Карти: {team} – {points}; другата купчина е {deck} − {points} = {other}.",
        "en": "Cards: {team} counted {points}; the other pile is {deck} − {points} = {other}.",
    },
    "no_trumps_doubled": {
        "bg": "Без коз: картите се удвояват – Ние {us}, Вие {them}.",
        "en": "No trumps doubles the card points: we {us}, they {them}.",
    },
    "last_trick": {
        "bg": "Последна ръка: {team}, +{points}.",
        "en": "{team} took the last trick: +{points}.",
    },
    "capot": {
        "bg.us": "Валат: Ние взехме всички ръце, +{points}.",
        "bg.them": "Валат: Вие взехте всички ръце, +{points}.",
        "en": "Capot: {team} took all eight tricks, +{points}.",
    },
    "declarations": {
        "bg": "Обявявания – {team}: {items}, +{points}.",
        "en": "{team} declared {items}: +{points}.",
    },
    "raw": {
        "bg": "Общо: Ние {us}, Вие {them}.",
        "en": "Raw points: we {us}, they {them}.",
    },
    "outcome_made": {
        "bg": "Игра на {bidder}: {bidders} срещу {defenders} – изкарана.",
        "en": "{bidder} bid: {bidders} against {defenders} – made.",
    },
    "outcome_inside": {
        "bg": "Игра на {bidder}: {bidders} срещу {defenders} – вътре.",
        "en": "{bidder} bid: {bidders} against {defenders} – inside.",
    },
    "outcome_hanging": {
        "bg": "Игра на {bidder}: {bidders} срещу {defenders} – равни, играта е висяща.",
        "en": "{bidder} bid: {bidders} against {defenders} – equal, the deal hangs.",
    },
    "round_own": {
        "bg": "{team}: {raw} → {points}.",
        "en": "{team} record {raw} → {points}.",
    },
    "hangs": {
        "bg": "{team}: {raw} → {points}, които висят до следващата игра.",
        "en": "{team} have {raw} → {points}, which hang until the next deal.",
    },
    "hangs_doubled": {
        "bg": "Никой не пише: {raw} × {multiplier} = {product} → {points} висят.",
        "en": "Nobody records: {raw} × {multiplier} = {product} → {points} hang.",
    },
    "doubled": {
        "bg.us": "Ние взимаме цялата игра ({doubling}): "
        "{raw} × {multiplier} = {product} → {points}.",
        "bg.them": "Вие взимате цялата игра ({doubling}): "
        "{raw} × {multiplier} = {product} → {points}.",
        "en": "{team} take the whole deal ({doubling}): "
        "{raw} × {multiplier} = {product} → {points}.",
    },
    "inside_sum": {
        "bg.us": "Ние взимаме цялата игра: {raw} → {points}.",
        "bg.them": "Вие взимате цялата игра: {raw} → {points}.",
        "en": "{team} take the whole deal: {raw} → {points}.",
    },
    "hanging_claimed": {
        "bg.us": "Ние взимаме и висящите {points}.",
        "bg.them": "Вие взимате и висящите {points}.",
        "en": "{team} also take the {points} hanging points.",
    },
    "hanging_carried": {
        "bg": "Висящите {carried} остават и към тях се добавят {new}: висят {points}.",
        "en": "The {carried} points already hanging stay, plus {new}: {points} now hang.",
    },
    "record": {
        "bg": "Пише се: Ние {us}, Вие {them}; висят {hanging}.",
        "en": "Recorded: we {us}, they {them}; hanging {hanging}.",
    },
    "passed": {
        "bg": "Всички казаха „пас“: раздаването се повтаря; висящите {hanging} остават.",
        "en": "All four passed: the deal is replayed; {hanging} hanging points stay.",
    },
    # --- errors: the input ---------------------------------------------------
    "invalid_json": {
        "bg": "Входът не е валиден JSON.",
        "en": "The input is not valid JSON.",
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
        "bg": "Липсва поле „{name}“.",
        "en": "The field “{name}” is missing.",
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
        "bg": "Въведете цяло число (дадено е {value}).",
        "en": "Enter a whole number (got {value}).",
    },
    "points_out_of_range": {
        "bg": "Точките от картите трябва да са от 0 до {max}; дадено е {value}.",
        "en": "Card points must be from 0 to {max}; got {value}.",
    },
    "hanging_out_of_range": {
        "bg": "Висящите точки трябва да са от 0 до {max}; дадено е {value}.",
        "en": "Hanging points must be from 0 to {max}; got {value}.",
    },
    "hanging_in_on_sheet": {
        "bg": "В листа висящите точки се пренасят сами; не ги въвеждайте (дадено е {value}).",
        "en": "On the game sheet hanging points carry over by themselves; "
        "do not enter them (got {value}).",
    },
    "negative_count": {
        "bg": "Броят не може да е отрицателен (дадено е {value}).",
        "en": "A count cannot be negative (got {value}).",
    },
    # --- errors: impossible under the rules ----------------------------------
    "declarations_in_no_trumps": {
        "bg": "При „без коз“ няма обявявания и белоти.",
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
    },
    "capot_without_all_tricks": {
        "bg.us": "Валат значи, че Ние сме взели всички ръце: всичките {deck} точки "
        "от картите и последната ръка.",
        "bg.them": "Валат значи, че Вие сте взели всички ръце: всичките {deck} точки "
        "от картите и последната ръка.",
        "en": "A capot means {team} took every trick: all {deck} card points and the last trick.",
    },
    # --- errors: the game sheet ----------------------------------------------
    "game_over": {
        "bg.us": "Играта свърши – спечелихме Ние. Започнете нова игра.",
        "bg.them": "Играта свърши – спечелихте Вие. Започнете нова игра.",
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
}

_TEAM_PARAMS = frozenset({"team", "bidder", "winner"})


def _text(language: str, name: str, value: Param) -> str:
    """One parameter, translated when it names something in the game."""
    if name in _TEAM_PARAMS and isinstance(value, str):
        return _TEAMS[language].get(value, value)
    if name == "contract" and isinstance(value, str):
        return _CONTRACTS[language].get(value, value)
    if name == "kind" and isinstance(value, str):
        return _DECLARATIONS[language].get(value, value)
    if name == "doubling" and isinstance(value, str):
        return _DOUBLINGS[language].get(value, value)
    if name == "expected" and isinstance(value, str):
        return _EXPECTED[language].get(value, value)
    if name == "items" and isinstance(value, tuple):
        words = []
        for item in value:
            kind, _, count = item.partition(":")
            word = _DECLARATIONS[language].get(kind, kind)
            words.append(word if count in ("", "1") else f"{count} × {word}")
        return ", ".join(words)
    if isinstance(value, tuple):
        return ", ".join(value)
    if value is None:
        return "—"
    return str(value)


@functools.cache
def _names(template: str) -> frozenset[str]:
    """The parameter names a template uses."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def render(code: str, params: Mapping[str, Param], language: str) -> str:
    """The sentence for ``code`` in ``language`` ("bg" or "en").

    Unknown codes render as the code itself, and unknown languages as English,
    so a newer core never breaks an older view.
    """
    lang = language if language in _TEAMS else Language.EN.value
    # Bulgarian verbs agree with the team ("Ние взимаме", "Вие взимате"): a
    # message may have a variant per team, keyed "bg.us" / "bg.them".
    variants = MESSAGES.get(code, {})
    team = params.get("team", params.get("winner"))
    template = variants.get(f"{lang}.{team}") or variants.get(lang)
    if template is None:
        return code
    values = {
        name: _text(lang, name, params[name]) if name in params else "?"
        for name in _names(template)
    }
    text = template.format_map(values)
    return text[:1].upper() + text[1:]


def message(error: BelotError) -> dict[str, str]:
    """An error's message in every language."""
    return {lang: render(error.code, error.params, lang) for lang in LANGUAGES}
