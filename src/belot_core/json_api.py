"""The JSON contract: the one surface JavaScript uses.

Functions here take a JSON string and return a JSON string, so nothing Python
leaks into the page (no proxies, no dict→Map surprises). They never raise: any
input gives either ``{"ok": true, "result": ...}`` or ``{"ok": false,
"errors": [...]}``, every error with a ``code``, the ``field`` it concerns,
its ``params`` and a ``message`` in Bulgarian and English.

Version 1 of a deal::

    {"version": 1, "contract": "hearts", "bidder": "us", "doubling": "none",
     "cards": {"team": "us", "points": 82}, "last_trick": "us", "capot": null,
     "declarations": {"us": {"tierce": 1}, "them": {}}, "hanging_in": 0}

``version``, ``contract``, ``bidder``, ``cards`` and ``last_trick`` are
required; ``doubling`` ("none"), ``capot`` (null), ``declarations`` (none) and
``hanging_in`` (0) are optional. Instead of its ``points`` a pile may be given as
its cards, counted by the core (:mod:`belot_core.cards`; ``tricks`` optional, a
check): ``"cards": {"team": "us", "cards": ["JH", "9H", "AS"], "tricks": 3}``; the
answer then holds ``"pile": {"team": "us", "cards": 3, "points": 45}`` and its
explanation begins with how the pile was counted. Instead of ``declarations`` (the accepted
ones) a deal may give what each team announced, and the answers to the
questions only the cards decide; the core then decides which count::

    "announced": {"us": {"tierce": 1, "belot": 1}, "them": {"quarte": 1}},
    "higher": {"sequence": "us" | "them" | "equal", "carre": "us" | "them"}

``names`` (``{"us": "Иван и Петър", "them": ""}``) puts the teams' own names
into every message, without their invisible characters (bidi controls and other
format characters: :mod:`belot_core.text`); a value an error echoes shows them
as escapes. ``rules`` (``{"round_before_multiply": true}``) switches on
house rules by id (:mod:`belot_core.house`); absent, ``null``, ``{}`` or
``false`` values are the rule book. A game is ``{"version": 1, "names": {...},
"rules": {...}, "deals": [...]}`` (``names`` and ``rules`` optional) with each
deal as above without ``hanging_in`` (the sheet carries it) and ``names`` (the
game's apply to every deal), or ``{"passed": true}`` for a deal where all four
passed. The game's ``rules`` score every deal, except a deal that gives its own
``rules`` (an object; ``{}`` is the rule book): a table that changed its rules
during the game keeps the earlier deals' rules and numbers that way. Results
echo the rules used (``"rules"``, the ids switched on) and name the house rules
that changed a deal's numbers (``"applied_rules"``).

Whatever the input, the work and the answer stay bounded: a text longer than
``MAX_INPUT_CHARS`` is refused (``input_too_large``), a game of more than
``MAX_DEALS`` deals is refused by its count before a deal is read
(``too_many_deals``, field ``deals``), reading stops at ``MAX_ERRORS`` problems
(then one more error, ``too_many_errors``, says there are more), and a name or
number echoed back is cut to ``MAX_SHOWN`` characters.

A game may also carry the table around it -- ``seats`` (the four players),
``dealer`` (the seat that dealt its first deal), ``match`` and ``note``
(:mod:`belot_core.table`) -- which change no number: every row then says who
dealt it, and the answer who deals next (``next_dealer``). A row is kept small:
``status`` only when the game does not simply go on (its code alone), no echo of
the deal's rules or answers, ``applied_rules`` only when one applied, and
``collected`` when its winner took hanging points. :func:`mirror_game_json` is a
game as the other team keeps it ("us" and "them" exchanged everywhere).

A game request may also say which rows need their explanation, so a long
sheet's answer carries only what the page shows: ``"explain": "all"`` (every
row, as without the option), ``"last"`` (the last row only), ``"none"``, or a
list of deal indices from 0 (``[0, 5]``). A row without one has no
``explanation`` field; nothing else in the answer changes. ``explain`` is a
request option, not part of the game: :func:`game_from_dict` does not read it.

A game's deals are read, scored and written through bounded memos
(:mod:`belot_core.memo`), so the whole game sent again after a change costs
only the deals that changed; the answers are the same as without them.

This module is the contract's front: what is read and written is in
:mod:`belot_core.json_read` (requests into the core's values, every problem at
once) and :mod:`belot_core.json_write` (values into answers, and the boundary
that never raises), which :mod:`belot_core.link` uses too. The names listed in
``__all__`` are the contract's, wherever they are written.
"""

from __future__ import annotations

from .errors import MAX_SHOWN
from .identity import identity_of
from .json_read import (
    EXPLAIN,
    JSON,
    MAX_DEPTH,
    MAX_ERRORS,
    MAX_INPUT_CHARS,
    VERSION,
    deal_from_dict,
    game_from_dict,
    read_deal_request,
    read_game_request,
)
from .json_write import (
    Written,
    answer,
    deal_to_dict,
    game_result_text,
    game_to_dict,
    result_to_dict,
    written,
)
from .rules import score_deal
from .sheet import MAX_DEALS

__all__ = [
    "EXPLAIN",
    "MAX_DEALS",
    "MAX_DEPTH",
    "MAX_ERRORS",
    "MAX_INPUT_CHARS",
    "MAX_SHOWN",
    "VERSION",
    "deal_from_dict",
    "deal_to_dict",
    "game_from_dict",
    "game_to_dict",
    "mirror_game_dict",
    "mirror_game_json",
    "result_to_dict",
    "score_deal_json",
    "score_game_json",
]


def _score_deal(data: JSON) -> dict[str, JSON]:
    deal, names = read_deal_request(data)
    return result_to_dict(score_deal(deal), names)


def score_deal_json(text: str) -> str:
    """Score one deal: a JSON request in, a JSON answer out. Never raises."""
    return answer(_score_deal, text)


def _score_game(data: JSON) -> Written:
    sheet, explain = read_game_request(data)
    return game_result_text(sheet, explain)


def score_game_json(text: str) -> str:
    """Score a whole game sheet: JSON in, JSON out. Never raises."""
    return answer(_score_game, text)


def mirror_game_dict(data: JSON) -> dict[str, JSON]:
    """A game's JSON value as the other team keeps it: "us" and "them" exchanged in
    its names, seats, first dealer and every deal
    (:meth:`~belot_core.sheet.GameSheet.mirrored`),
    written as :func:`game_to_dict` writes a game. Raises the game's first problem."""
    return {**game_to_dict(game_from_dict(data).mirrored()), **identity_of(data)}


def _mirror_game(data: JSON) -> Written:
    sheet, explain = read_game_request(data)
    mirrored = sheet.mirrored()
    game = {**game_to_dict(mirrored), **identity_of(data)}  # the same game, turned
    return written({"game": game, "score": game_result_text(mirrored, explain)})


def mirror_game_json(text: str) -> str:
    """A game as the other team keeps it: a game request in (as for
    :func:`score_game_json`, ``explain`` included), ``{"ok": true, "result":
    {"game": <the game mirrored>, "score": <its score>}}`` out. Never raises."""
    return answer(_mirror_game, text)
