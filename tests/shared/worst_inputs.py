"""The worst inputs a stranger can send the core within its size limits.

A link of at most ``MAX_LINK_CHARS`` characters or a request of at most
``MAX_INPUT_CHARS``: what costs the core the most time and makes the largest
answer. bench/worst_inputs.py times each one; tests/core/test_worst_inputs.py
holds the answers' size and the refusals. Each input is built the same every
time (no randomness), from the shapes that cost the most:

* many deals: the most passed deals a text can hold (a passed deal is one bit of a
  link, 17 characters of JSON), and the most played deals (a capot is the shortest
  played deal, and a game never ends on one, so any number of capots is a game);
* heavy deals: each with every declaration the deck allows, announced with the
  cards' answers, under recontra, with house rules of its own, between teams with
  the longest names, explained;
* heavy words: error floods that name the teams, a name, a key or a value of nearly
  a million characters, a million-character link;
* heavy text: nesting at the depth limit over a megabyte, strings of escapes, an
  ``explain`` list of a hundred thousand indices, a deal count of thousands of digits.

The link inputs are written with the link module's own writer (``link._encode``,
``link_frame.BitWriter``): a link a stranger crafts is any text whose checksum verifies,
including games no calculator would write.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from belot_core import HOUSE_RULES, Deal, Names, Passed, Rules
from belot_core import link as link_module
from belot_core.book import MAX_GAMES
from belot_core.cards import DECK as CARDS
from belot_core.json_api import MAX_DEALS, MAX_INPUT_CHARS, deal_from_dict
from belot_core.link import MAX_LINK_CHARS
from belot_core.link_frame import BitWriter, frame

type Item = dict[str, Any]

#: The longest names (40 characters), in Cyrillic: two bytes each in UTF-8, and in
#: every message that names a team.
LONG_NAMES = {
    "us": "Александър Константинов и Светослав Петров"[:40],
    "them": "Екатерина Константинова и Анастасия Иванова"[:40],
}
#: The table around a game at its heaviest: four players with the longest names, a
#: first dealer (so every row says who dealt it), a match and the longest note.
LONG_TABLE = {
    "seats": {
        "us": [(name * 3)[:40] for name in ("Александър Петров-", "Светослав Илиев-")],
        "them": [(name * 3)[:40] for name in ("Екатерина Иванова-", "Анастасия Стоянова-")],
    },
    "dealer": 3,
    "match": {"id": "m-" + "0" * 62, "to": 4},
    "note": ("Рожден ден на вилата, " * 10)[:200],
}
EVERY_RULE = {rule: True for rule in HOUSE_RULES}
CONTRACTS = ("clubs", "diamonds", "hearts", "spades", "all_trumps")
DOUBLINGS = ("none", "contra", "recontra")
DECK = {"clubs": 152, "diamonds": 152, "hearts": 152, "spades": 152, "all_trumps": 248}
#: Every declaration a suit deal's deck allows, as announced: both teams' best
#: sequences of one kind (the cards answer whose is higher), carrés of jacks and of
#: nines against each other, the one belot a suit holds.
HEAVY_SUIT = {
    "us": {"tierce": 1, "quarte": 1, "carre_jacks": 1, "carre": 1, "belot": 1},
    "them": {"quarte": 1, "tierce": 1, "carre_nines": 1, "carre": 1},
}
#: The same in All trumps, which holds a belot in each suit.
HEAVY_ALL_TRUMPS = {
    "us": {"tierce": 1, "quarte": 1, "carre_jacks": 1, "carre": 1, "belot": 2},
    "them": {"quarte": 1, "tierce": 1, "carre_nines": 1, "carre": 1, "belot": 2},
}


def _rule_set(index: int) -> Item:
    """The index-th of the 64 sets of house rules (bit i: the i-th rule on)."""
    return {rule: True for bit, rule in enumerate(HOUSE_RULES) if index >> bit & 1}


def capot(index: int, *, heavy: bool = False) -> Item:
    """The index-th capot deal: all different, each the shortest played deal (or with
    every declaration, ``heavy``); no game ends on a capot, so any number is a game."""
    contract = CONTRACTS[index % len(CONTRACTS)]
    team = ("us", "them")[index // len(CONTRACTS) % 2]
    deal: Item = {
        "contract": contract,
        "bidder": ("us", "them")[index // 10 % 2],
        "doubling": DOUBLINGS[index // 20 % 3],
        "cards": {"team": team, "points": DECK[contract]},
        "last_trick": team,
        "capot": team,
    }
    if heavy:
        deal["announced"] = HEAVY_ALL_TRUMPS if contract == "all_trumps" else HEAVY_SUIT
        deal["higher"] = {"sequence": ("us", "them", "equal")[index % 3], "carre": "us"}
        deal["rules"] = _rule_set(index // 60 % 64)
    return deal


def game(deals: list[Item], **extra: Any) -> str:
    """A game request's text, as the page sends one (no spaces)."""
    request = {"version": 1, **extra, "deals": deals}
    return json.dumps(request, separators=(",", ":"), ensure_ascii=False)


def _fill(item: str, room: int) -> int:
    """How many copies of ``item`` (and a comma each) fit in ``room`` characters."""
    return room // (len(item) + 1)


# --- JSON requests -----------------------------------------------------------------------


def json_passed() -> str:
    """The most passed deals a request holds: about 59,000 (issue 22 found 61,872)."""
    passed = '{"passed":true}'
    return game([{"passed": True}] * _fill(passed, MAX_INPUT_CHARS - 40))


def json_capots() -> str:
    """The most played deals a request holds: capots, about 9,000."""
    room = MAX_INPUT_CHARS - 40
    deals: list[Item] = []
    while room > 200:
        deals.append(capot(len(deals)))
        room -= len(json.dumps(deals[-1], separators=(",", ":"))) + 1
    return game(deals)


def json_heavy(count: int, explain: Any = None) -> str:
    """``count`` heavy capots with the longest names, every house rule and the heaviest table."""
    extra: dict[str, Any] = {"names": LONG_NAMES, "rules": EVERY_RULE, **LONG_TABLE}
    if explain is not None:
        extra["explain"] = explain
    return game([capot(index, heavy=True) for index in range(count)], **extra)


def json_passed_count(count: int, explain: Any = None) -> str:
    """``count`` passed deals with the longest names and the heaviest table."""
    extra: dict[str, Any] = {"names": LONG_NAMES, **LONG_TABLE}
    if explain is not None:
        extra["explain"] = explain
    return game([{"passed": True}] * count, **extra)


def json_error_flood() -> str:
    """Bad deals whose every error names a team: capots without every trick."""
    bad = {**capot(0), "cards": {"team": "us", "points": 0}}
    return game([bad] * MAX_DEALS, names=LONG_NAMES)


def json_unknown_keys() -> str:
    """49 keys that fill the request, each echoed back (cut)."""
    length = MAX_INPUT_CHARS // 49 - 20
    keys = {f"{index:02}" + "ж" * length: 1 for index in range(49)}
    return json.dumps({"version": 1, "deals": [], **keys}, ensure_ascii=False)


def json_long_name() -> str:
    """A team name of nearly a million characters."""
    return game([], names={"us": "Щ" * (MAX_INPUT_CHARS - 100)})


def json_invisible_name() -> str:
    """A team name of nearly a million invisible characters (zero-width spaces)."""
    return json.dumps(
        {"version": 1, "names": {"us": "\u200b" * (MAX_INPUT_CHARS - 100)}, "deals": []},
        ensure_ascii=False,
    )


def json_deep() -> str:
    """Nesting at the depth limit (64, with the outer list), over and over: the
    slowest text for the depth check and for the parser."""
    block = "[" * 63 + "]" * 63 + ","
    return "[" + block * ((MAX_INPUT_CHARS - 4) // len(block)) + "[]]"


def json_escapes() -> str:
    """A name of escapes and brackets, nearly a megabyte: the depth check must find
    the strings one by one (brackets inside a string do not nest)."""
    body = "[\\u0416" * ((MAX_INPUT_CHARS - 200) // 7)
    return '{"version":1,"names":{"us":"' + body + '"},"deals":[]}'


def json_explain_list() -> str:
    """An ``explain`` list that fills the request, every index one of a deal there is."""
    return game([{"passed": True}], explain=[0] * ((MAX_INPUT_CHARS - 100) // 2))


def json_big_value() -> str:
    """Names that are a list of numbers filling the request: shown in an error, cut."""
    numbers = [0] * ((MAX_INPUT_CHARS - 100) // 2)
    return json.dumps({"version": 1, "names": numbers, "deals": []}, separators=(",", ":"))


# --- links -----------------------------------------------------------------------------------


def _deal(item: Item) -> Deal:
    return deal_from_dict({"version": 1, **item})


def _link(deals: list[Deal | Passed], own: list[Rules | None] | None = None, **names: str) -> str:
    """A link text of these deals, however many (the link module's own writer)."""
    encode: Callable[..., str] = link_module._encode
    return encode(Names(**names), Rules(), deals, own or [])


def link_of_most(make: Callable[[int], Deal | Passed]) -> str:
    """About as many deals as a link of at most MAX_LINK_CHARS holds (within 8): the
    count from the length of two shorter links, then stepped down until it fits."""

    def text(count: int) -> str:
        return _link([make(index) for index in range(count)])

    small, large = len(text(1_000)), len(text(2_000))
    count = 1_000 + (MAX_LINK_CHARS - small) * 1_000 // (large - small)
    while len(written := text(count)) > MAX_LINK_CHARS:
        count -= 8
    return written


_CAPOTS = [_deal(capot(index)) for index in range(60)]


def link_passed() -> str:
    """The most passed deals a link holds: about 39,900 (one bit each)."""
    return link_of_most(lambda index: Passed())


def link_capots() -> str:
    """The most played deals a link holds: capots, about 3,000."""
    return link_of_most(lambda index: _CAPOTS[index % len(_CAPOTS)])


def link_heavy(count: int) -> str:
    """``count`` heavy capots with the longest names, each with house rules of its own."""
    items = [capot(index, heavy=True) for index in range(count)]
    own = [Rules.from_ids(item.pop("rules")) for item in items]
    return _link([_deal(item) for item in items], list(own), **LONG_NAMES)


def link_heavy_cards(count: int) -> str:
    """``count`` heavy capots with the longest names and table, every pile given as its
    32 cards (the longest list of cards an answer echoes) and every other deal with
    every house rule of its own (the game has none): the largest answer a link within
    the limits reads to (issue 32: at 150 deals, some 3,400 characters answered 144 KB)."""
    request = json.loads(json_heavy(count))
    request["rules"] = {}
    for index, item in enumerate(request["deals"]):
        item["cards"] = {"team": item["capot"], "cards": [card.code for card in CARDS], "tricks": 8}
        item["rules"] = EVERY_RULE if index % 2 else {}
    made = json.loads(link_module.game_link_json(json.dumps(request)))
    return str(made["result"]["link"])


def link_huge_count() -> str:
    """A link whose deal count has 6,000 digits (Elias gamma: 19,950 zero bits, a one, 19,950 bits)."""
    bits = BitWriter()
    bits.put(link_module.LINK_VERSION, 5)
    bits.put(0, 6)  # no names, no house rules, no table, no pile of cards
    zeros = (MAX_LINK_CHARS * 5 - 100) // 2  # all the room there is: 2 * zeros + 1 bits
    bits.put(0, zeros)
    bits.put(1, 1)
    bits.put(0, zeros)  # the count: 2 ** zeros - 1
    data = bits.to_bytes()
    return frame(data)


# --- books (the statistics and the match scores of every game on a device) --------------


def book_strangers(games: int = MAX_GAMES) -> str:
    """A book of ``games`` games (the most a book holds), each between four players seen
    nowhere else with the longest names, both teams bidding every contract they can, each
    a match of its own: the most pairs, players and matches a book can count, each with
    every count by contract (issue 32: a backup of 999 such games answered 1.74 MB, the
    matches 259 KB)."""
    deals = [capot(index) for index in (*range(5), *range(10, 15))]

    def player(name: str, index: int) -> str:
        return f"{(name * 3)[:35]}-{index:04d}"

    items = []
    for index in range(games):
        seats = {
            "us": [player("Александър Петров-", index), player("Светослав Илиев-", index)],
            "them": [player("Екатерина Иванова-", index), player("Анастасия Стоянова-", index)],
        }
        names = {"us": player("Отбор на масата-", index), "them": player("Гости от града-", index)}
        match = {"id": f"m-{index:062d}", "to": 4}
        game = {"version": 1, "names": names, "seats": seats, "match": match, "deals": deals}
        items.append({"date": f"2026-{index % 12 + 1:02d}-{index % 28 + 1:02d}", "game": game})
    request = {"version": 1, "games": items}
    return json.dumps(request, separators=(",", ":"), ensure_ascii=False)


def link_request(text: str, explain: Any = None, we_are: str | None = None) -> str:
    """A request to read a link, as the page sends one (``explain``, ``we_are`` if given)."""
    request: dict[str, Any] = {"version": 1, "link": text}
    if explain is not None:
        request["explain"] = explain
    if we_are is not None:
        request["we_are"] = we_are
    return json.dumps(request)


# --- the list --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Worst:
    """One worst input: which function of the contract reads it, and the text."""

    id: str
    function: str
    """``score_game_json``, ``read_game_link_json``, ``game_link_json``,
    ``statistics_json`` or ``match_scores_json``."""
    what: str
    make: Callable[[], str]


def worst_inputs(max_deals: int = MAX_DEALS) -> list[Worst]:
    """Every worst input; ``max_deals`` is the longest game accepted (the heavy games
    are that long)."""
    return [
        Worst("json-passed", "score_game_json", "most passed deals", json_passed),
        Worst("json-capots", "score_game_json", "most played deals (capots)", json_capots),
        Worst(
            "json-heavy-none",
            "score_game_json",
            f"{max_deals} heavy deals, explain none (as the sheet asks)",
            lambda: json_heavy(max_deals, "none"),
        ),
        Worst(
            "json-heavy-all",
            "score_game_json",
            f"{max_deals} heavy deals, every row explained",
            lambda: json_heavy(max_deals),
        ),
        Worst(
            "json-passed-all",
            "score_game_json",
            f"{max_deals} passed deals, every row explained",
            lambda: json_passed_count(max_deals),
        ),
        Worst("json-errors", "score_game_json", "an error flood naming teams", json_error_flood),
        Worst("json-keys", "score_game_json", "49 unknown keys that fill it", json_unknown_keys),
        Worst("json-name", "score_game_json", "a name of a million chars", json_long_name),
        Worst(
            "json-invisible",
            "score_game_json",
            "a name of a million invisible chars",
            json_invisible_name,
        ),
        Worst("json-deep", "score_game_json", "nesting at the limit, a megabyte", json_deep),
        Worst("json-escapes", "score_game_json", "a megabyte of string escapes", json_escapes),
        Worst(
            "json-explain", "score_game_json", "an explain list that fills it", json_explain_list
        ),
        Worst("json-big-value", "score_game_json", "a bad value that fills it", json_big_value),
        Worst(
            "link-json-heavy",
            "game_link_json",
            f"the link of {max_deals} heavy deals",
            lambda: json_heavy(max_deals),
        ),
        Worst(
            "link-passed",
            "read_game_link_json",
            "most passed deals",
            lambda: link_request(link_passed()),
        ),
        Worst(
            "link-capots",
            "read_game_link_json",
            "most played deals (capots)",
            lambda: link_request(link_capots()),
        ),
        Worst(
            "link-heavy",
            "read_game_link_json",
            f"{max_deals} heavy deals (as the page asks)",
            lambda: link_request(link_heavy(max_deals)),
        ),
        Worst(
            "link-heavy-all",
            "read_game_link_json",
            f"{max_deals} heavy deals, every row explained",
            lambda: link_request(link_heavy(max_deals), "all"),
        ),
        Worst(
            "link-heavy-them",
            "read_game_link_json",
            f"{max_deals} heavy deals, read as the other team",
            lambda: link_request(link_heavy(max_deals), we_are="them"),
        ),
        Worst(
            "link-cards",
            "read_game_link_json",
            f"{max_deals} heavy deals, every pile its 32 cards",
            lambda: link_request(link_heavy_cards(max_deals)),
        ),
        Worst(
            "link-cards-them",
            "read_game_link_json",
            f"{max_deals} heavy deals of 32 cards, as the other team",
            lambda: link_request(link_heavy_cards(max_deals), we_are="them"),
        ),
        Worst(
            "link-count",
            "read_game_link_json",
            "a deal count of 6,000 digits",
            lambda: link_request(link_huge_count()),
        ),
        Worst(
            "link-long",
            "read_game_link_json",
            "a link of a million chars",
            lambda: link_request("1" * (MAX_INPUT_CHARS - 100)),
        ),
        Worst(
            "stats-strangers",
            "statistics_json",
            f"{MAX_GAMES} games of four new players each",
            book_strangers,
        ),
        Worst(
            "matches-strangers",
            "match_scores_json",
            f"{MAX_GAMES} games of four new players each",
            book_strangers,
        ),
    ]
