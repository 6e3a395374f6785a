"""A game in a link: round trips, damage and tampering, the JSON functions."""

from __future__ import annotations

import binascii
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import entries, json_values, names, rule_sets

import belot_core.link as link
from belot_core import (
    HOUSE_RULES,
    Announced,
    Answer,
    BelotError,
    ByTeam,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    GameSheet,
    Higher,
    Names,
    Passed,
    Pile,
    Rules,
    SheetError,
    Team,
)
from belot_core.json_api import MAX_DEALS, MAX_ERRORS, game_to_dict, score_game_json
from belot_core.link import (
    ALPHABET,
    LINK_KEY,
    MAX_LINK_CHARS,
    game_link,
    game_link_json,
    read_game_link,
    read_game_link_json,
)


def play(
    entries_: list[Deal | Passed], names_: Names, rules: Rules, later: Rules, share: float
) -> GameSheet:
    """The game these entries make, stopped where it ends, under ``rules`` if it can be,
    and then under ``later`` from a deal on (``share`` of the way): the deals before it
    keep the rules they were played under, as their own."""
    sheet = GameSheet(names=names_)
    for entry in entries_:
        if sheet.finished:
            break
        sheet = sheet.append(entry)
    for new, from_deal in ((rules, 0), (later, int(share * len(sheet.deals)))):
        try:
            sheet = sheet.with_rules(new, from_deal=from_deal)
        except SheetError as error:  # the house rules may end the game earlier
            assert error.code == "deals_after_end"
    return sheet


games = st.builds(
    play, st.lists(entries, max_size=30), names, rule_sets, rule_sets, st.floats(0, 1)
)


def answer(function: Any, request: Any) -> dict[str, Any]:
    text = request if isinstance(request, str) else json.dumps(request, ensure_ascii=False)
    result: dict[str, Any] = json.loads(function(text))
    return result


def codes(reply: dict[str, Any]) -> list[str]:
    assert reply["ok"] is False, reply
    return [error["code"] for error in reply["errors"]]


def read_error(text: str) -> BelotError:
    with pytest.raises(BelotError) as caught:
        read_game_link(text)
    return caught.value


# --- round trips ---------------------------------------------------------------------


@given(games)
def test_a_game_comes_back_from_its_link(sheet: GameSheet) -> None:
    text = game_link(sheet)
    assert set(text) <= set(ALPHABET) and text[0] == "1"
    back = read_game_link(text)
    assert back == sheet
    assert back.rows == sheet.rows


@given(games)
def test_the_json_functions_agree_with_score_game_json(sheet: GameSheet) -> None:
    game = game_to_dict(sheet)
    made = answer(game_link_json, game)
    assert made == {"ok": True, "result": {"link": game_link(sheet)}}
    url = f"https://belot.example/calculator/#{LINK_KEY}={made['result']['link']}"
    read = answer(read_game_link_json, {"version": 1, "link": url})
    assert read["ok"], read
    assert read["result"]["game"] == game
    # Without explanations unless asked, as score_game_json gives them when asked so.
    assert read["result"]["score"] == answer(score_game_json, {**game, "explain": "none"})["result"]
    explained = answer(read_game_link_json, {"version": 1, "link": url, "explain": "all"})
    assert explained["result"]["score"] == answer(score_game_json, game)["result"]


@given(games, st.data())
def test_a_link_reads_whole_or_in_parts_in_any_case(sheet: GameSheet, data: st.DataObject) -> None:
    text = game_link(sheet)
    cut = data.draw(st.integers(1, len(text)))
    wrapped = f"  {text[:cut]}\n {text[cut:].lower()} "  # a chat app wrapped and re-cased it
    for form in (
        text.lower(),
        f"#{LINK_KEY}={text}",
        f"{LINK_KEY}={wrapped}",
        f"https://x/#{LINK_KEY}={text}",
    ):
        assert read_game_link(form) == sheet


def test_the_largest_counts_a_deal_can_hold() -> None:
    counts = Declarations(tierce=4, belot=4)
    deal = Deal(
        contract=Contract.ALL_TRUMPS,
        bidder=Team.THEM,
        doubling=Doubling.RECONTRA,
        pile=Pile(team=Team.THEM, points=248),
        last_trick=Team.THEM,
        capot=Team.THEM,
        announced=Announced(
            declarations=ByTeam(us=Declarations(carre=4), them=counts),
            higher=Higher(sequence=Answer.EQUAL, carre=Answer.THEM),
        ),
    )
    sheet = GameSheet(
        (deal,), names=Names(us="Ѝ ❤ 😀", them="x" * 40), rules=Rules.from_ids(HOUSE_RULES)
    )
    assert read_game_link(game_link(sheet)) == sheet


def test_a_link_written_today_reads_the_same_forever() -> None:
    """Format 1 is fixed: this link (a named game) must always read so."""
    text = "1G1I7NTRL03504THDVNRAG7V5GDMU"
    assert read_game_link(text) == GameSheet((Passed(),), names=Names(us="Иван и Петър"))
    game = GameSheet(
        (
            Deal(
                contract=Contract.HEARTS,
                bidder=Team.US,
                pile=Pile(team=Team.US, points=82),
                last_trick=Team.US,
                announced=Announced(
                    declarations=ByTeam(us=Declarations(belot=1), them=Declarations(tierce=1))
                ),
            ),
            Passed(),
            Deal(
                contract=Contract.NO_TRUMPS,
                bidder=Team.THEM,
                doubling=Doubling.CONTRA,
                pile=Pile(team=Team.THEM, points=120),
                last_trick=Team.THEM,
                capot=Team.THEM,
            ),
        ),
        names=Names(them="Ann & Ivo"),
    ).with_rules(Rules.of("capot_cancels_contra"), from_deal=1)  # the first deal keeps the book
    assert game.deal_rules[0] == Rules()
    assert game_link(game) == PINNED
    assert read_game_link(PINNED) == game


PINNED = "1E14BCJ40FC04RKPJ411054MP0J055T0696Q8Q8"

#: Links written by the format-1 writer (before format 2 existed), with the game each
#: read as then: format 1 is read so forever. Made once, never regenerated.
V1_LINKS = json.loads((Path(__file__).parent / "data" / "link_v1.json").read_text("utf-8"))


@pytest.mark.parametrize("fixture", V1_LINKS, ids=lambda fixture: fixture["id"])
def test_links_of_format_1_read_as_they_always_did(fixture: dict[str, Any]) -> None:
    assert fixture["link"][0] == "1"
    sheet = read_game_link(fixture["link"])
    assert game_to_dict(sheet) == fixture["game"]
    read = answer(read_game_link_json, {"version": 1, "link": fixture["link"]})
    assert read["result"]["game"] == fixture["game"]


# --- damage and tampering ---------------------------------------------------------------


#: What a mistyped character may be: the link's alphabet, letters past it, lower case
#: and punctuation -- all but '#' and spaces, which are not a character of the text
#: but where it begins and what a chat app put in (they cut or shorten it).
TYPOS = ALPHABET + "WXYZ" + ALPHABET.lower() + "wxyz" + "!=-_.,:/?&%+"


def typos(text: str, index: int) -> list[str]:
    """Every text that differs from ``text`` in the character at ``index`` alone."""
    return [
        text[:index] + char + text[index + 1 :] for char in TYPOS if char.upper() != text[index]
    ]


def newer_frame(text: str) -> bool:
    """Whether ``text`` is a whole frame (base32hex, CRC-32 that verifies) of a format
    newer than 1: the only text that may be refused as ``link_version``."""
    try:
        data = link._from_text(text.upper())
    except link._Damaged:
        return False
    body, crc = data[:-4], data[-4:]
    return bool(body) and binascii.crc32(body).to_bytes(4, "big") == crc and body[0] >> 3 > 1


def assert_refused_as_damage(text: str) -> None:
    error = read_error(text)
    expected = "link_version" if newer_frame(text) else "link_damaged"
    assert (error.code, error.field) == (expected, "link"), text


@given(games, st.data())
def test_any_mistyped_character_is_refused_as_damage(sheet: GameSheet, data: st.DataObject) -> None:
    """Never another game, and "newer calculator" only for a newer format's whole frame.

    CRC-32 finds every change within 32 bits and a character is 5, so no typo makes a
    frame that verifies: every one is ``link_damaged``."""
    text = game_link(sheet)
    index = data.draw(st.integers(0, len(text) - 1))
    typo = data.draw(st.sampled_from(typos(text, index)))
    assert not newer_frame(typo)
    assert_refused_as_damage(typo)


@given(games)
def test_a_mistyped_first_character_is_damage_not_a_newer_format(sheet: GameSheet) -> None:
    """The first character is the format version: '2'...'V' there is a typo, not a
    link from a newer calculator (issue 16)."""
    for typo in typos(game_link(sheet), 0):
        assert read_error(typo).code == "link_damaged", typo


def test_every_mistyped_character_of_a_link_is_refused_as_damage() -> None:
    for index in range(len(PINNED)):
        for typo in typos(PINNED, index):
            assert_refused_as_damage(typo)


@given(games, st.data())
def test_a_link_cut_short_or_lengthened_is_refused(sheet: GameSheet, data: st.DataObject) -> None:
    text = game_link(sheet)
    cut = data.draw(st.integers(0, len(text) - 1))
    assert read_error(text[:cut]).code == "link_damaged"
    extra = data.draw(st.text(ALPHABET, min_size=1, max_size=3))
    assert read_error(text + extra).code == "link_damaged"


def with_checksum(data: bytes) -> str:
    return link._to_text(data + binascii.crc32(data).to_bytes(4, "big"))


@given(games, st.data())
def test_tampering_with_a_good_checksum_gives_only_our_errors(
    sheet: GameSheet, data: st.DataObject
) -> None:
    """Bits changed by someone who also fixed the checksum: a game, or our own errors."""
    body = bytearray(link._from_text(game_link(sheet))[:-4])
    for _ in range(data.draw(st.integers(1, 4))):
        bit = data.draw(st.integers(5, len(body) * 8 - 1))  # not the version
        body[bit // 8] ^= 0x80 >> (bit % 8)
    reply = answer(read_game_link_json, {"version": 1, "link": with_checksum(bytes(body))})
    if not reply["ok"]:
        for error in reply["errors"]:
            assert error["message"]["bg"] and error["message"]["en"], error


@given(st.binary(max_size=80))
def test_any_bytes_with_a_good_checksum_give_a_game_or_our_errors(body: bytes) -> None:
    text = with_checksum(bytes([0x08]) + body)  # version 1 in the first 5 bits
    try:
        read_game_link(text)
    except BelotError as error:
        assert error.code  # our own, with a code; anything else fails the test


def test_a_game_the_rules_refuse_is_refused_as_a_saved_game_would_be() -> None:
    bits = link._Writer()
    bits.put(1, 5)
    bits.put(0, 4)  # no names, no rules, no deal with rules of its own
    bits.number(1)
    bits.flag(False)  # played
    bits.put(link.CONTRACTS.index(Contract.HEARTS), 3)
    bits.put(0, 1 + 2 + 1 + 1)  # us bid, no contra, no capot, our pile
    bits.put(200, 8)  # 200 card points in hearts
    bits.put(0, 1 + 1)  # last trick ours, accepted declarations
    bits.number(0)
    reply = answer(read_game_link_json, {"version": 1, "link": with_checksum(bits.to_bytes())})
    assert codes(reply) == ["points_out_of_range"]
    assert reply["errors"][0]["field"] == "deals[0].cards.points"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "link_damaged"),
        ("#game=", "link_damaged"),
        ("https://belot.example/calculator/", "link_damaged"),
        ("0" * 12, "link_damaged"),
        ("1ABC!DEF", "link_damaged"),
        ("1W", "link_damaged"),  # W is not base32hex
        ("2" + "0" * 12, "link_damaged"),  # a 2 first, but the checksum fails: a typo
        ("V", "link_damaged"),
        (with_checksum(bytes([0x00, 0x01])), "link_damaged"),  # a whole frame of version 0
        ("1" * (MAX_LINK_CHARS + 1), "input_too_large"),
    ],
    ids=[
        "empty",
        "no-text",
        "no-fragment",
        "version-0",
        "bad-char",
        "w",
        "v2-unchecked",
        "v31-unchecked",
        "v0-framed",
        "too-long",
    ],
)
def test_texts_that_are_no_link(text: str, code: str) -> None:
    error = read_error(text)
    assert (error.code, error.field) == (code, "link")
    reply = answer(read_game_link_json, {"version": 1, "link": text})
    assert codes(reply) == [code]
    assert all(reply["errors"][0]["message"][lang] for lang in ("bg", "en"))


@pytest.mark.parametrize("version", [2, 3, 31])
@pytest.mark.parametrize("rest", [b"", b"\x00\x07", bytes(range(40))], ids=["short", "2", "40"])
def test_a_newer_format_says_so(version: int, rest: bytes) -> None:
    """A whole frame (its checksum verifies) of a newer format, whatever it holds."""
    text = with_checksum(bytes([version << 3]) + rest)
    assert newer_frame(text)
    error = read_error(text)
    assert (error.code, error.field) == ("link_version", "link")
    assert dict(error.params) == {"value": version, "supported": 1}
    reply = answer(read_game_link_json, {"version": 1, "link": f"#game={text.lower()}"})
    assert codes(reply) == ["link_version"]


@pytest.mark.parametrize(
    ("request_", "expected"),
    [
        ({"link": "1"}, ["missing_field"]),
        ({"version": 2, "link": "1"}, ["unsupported_version"]),
        ({"version": 1, "link": 5}, ["wrong_type"]),
        ({"version": 1, "link": "1", "game": {}}, ["unknown_field"]),
        ([], ["wrong_type"]),
        ("{not json", ["invalid_json"]),
    ],
    ids=["no-version", "version-2", "not-a-string", "unknown-field", "array", "not-json"],
)
def test_bad_requests_to_read_a_link(request_: Any, expected: list[str]) -> None:
    assert codes(answer(read_game_link_json, request_)) == expected


@given(json_values)
def test_reading_never_raises(value: Any) -> None:
    for request in (value, {"version": 1, "link": value}):
        assert answer(read_game_link_json, request)["ok"] in (True, False)


def test_a_request_of_a_thousand_unknown_fields_is_answered_not_raised() -> None:
    """Its reader stops at MAX_ERRORS; that used to escape read_game_link_json."""
    request = {"version": 1, "link": "1", **{f"field{i}": 1 for i in range(1000)}}
    reply = answer(read_game_link_json, request)
    assert codes(reply) == ["unknown_field"] * MAX_ERRORS + ["too_many_errors"]


def test_a_bad_game_gets_no_link_but_all_its_problems() -> None:
    game = {"version": 1, "deals": [{"contract": "trumps"}, {"passed": 1}]}
    assert codes(answer(game_link_json, game)) == codes(answer(score_game_json, game))
    assert codes(answer(game_link_json, "[")) == ["invalid_json"]


# --- the tables -----------------------------------------------------------------------------


def test_every_value_has_its_number_in_the_link() -> None:
    assert set(link.TEAMS) == set(Team)
    assert set(link.CONTRACTS) == set(Contract)
    assert set(link.DOUBLINGS) == set(Doubling)
    assert set(link.KINDS) == set(Declaration)
    assert set(link.RULES) == set(HOUSE_RULES)
    assert len(set(link.NAME_CHARACTERS)) == 128
    assert len(set(ALPHABET)) == 32


def test_names_in_the_short_code_and_in_utf8() -> None:
    for pair in (("Иван и Петър", "Ann & Ivo"), ("Ёжик", "Ωmega")):
        sheet = GameSheet((Passed(),), names=Names(us=pair[0], them=pair[1]))
        assert read_game_link(game_link(sheet)).names == sheet.names
    short = game_link(GameSheet((), names=Names(us="Иван и Петър")))
    utf8 = game_link(GameSheet((), names=Names(us="Иван и Пётр")))
    assert len(short) < len(utf8)


def test_a_game_without_deals_travels_too() -> None:
    sheet = replace(GameSheet(), names=Names(them="Вие"))
    assert read_game_link(game_link(sheet)) == sheet


# --- the longest game: a link's count, checked before its deals are read -------------


def link_of(count: int, *bits: tuple[int, int]) -> str:
    """A link of ``count`` deals, as a stranger may write it: the header and the count,
    then ``bits`` ((value, width) pairs) where the deals would be."""
    writer = link._Writer()
    writer.put(link.LINK_VERSION, 5)
    writer.put(0, 4)  # no names, no house rules
    writer.number(count)
    for value, width in bits:
        writer.put(value, width)
    return with_checksum(writer.to_bytes())


def test_a_link_of_max_deals_reads_and_one_more_is_refused_by_its_count() -> None:
    full = link_of(MAX_DEALS, (2**MAX_DEALS - 1, MAX_DEALS))  # every deal passed
    assert len(read_game_link(full).deals) == MAX_DEALS
    longer = link_of(MAX_DEALS + 1, (2 ** (MAX_DEALS + 1) - 1, MAX_DEALS + 1))
    reply = answer(read_game_link_json, {"version": 1, "link": longer})
    [error] = reply["errors"]
    assert (error["code"], error["field"]) == ("too_many_deals", "link")
    assert error["params"] == {"deals": MAX_DEALS + 1, "max": MAX_DEALS}


def test_a_link_of_39900_passed_deals_is_refused_by_its_count_alone() -> None:
    """Issue 22: 7,996 characters that carried 39,900 deals. The deals' bits are not
    read: zeros where passed deals would be ones are no deals at all."""
    text = link_of(39_900, (0, 39_900))
    assert len(text) <= MAX_LINK_CHARS
    [error] = answer(read_game_link_json, {"version": 1, "link": text})["errors"]
    assert error["code"] == "too_many_deals"
    assert error["message"] == {
        "bg": "Играта има 39\u00a0900 раздавания; най-много са 300.",
        "en": "The game has 39,900 deals; a game can have at most 300.",
    }


def test_a_link_that_counts_more_deals_than_it_has_bits_is_damaged() -> None:
    assert read_error(link_of(MAX_DEALS + 1, (0, 8))).code == "link_damaged"
    # A count of 6,000 digits (Elias gamma: 19,950 zeros, then as many bits) is read at once.
    writer = link._Writer()
    writer.put(link.LINK_VERSION, 5)
    writer.put(0, 4 + 19_950)
    writer.put(1, 1)
    writer.put(0, 19_950)
    assert read_error(with_checksum(writer.to_bytes())).code == "link_damaged"


def test_no_link_is_written_for_a_game_over_the_cap() -> None:
    game = {"version": 1, "deals": [{"passed": True}] * (MAX_DEALS + 1)}
    assert codes(answer(game_link_json, game)) == ["too_many_deals"]


def test_a_link_is_read_without_explanations_unless_the_request_asks() -> None:
    """The page sends {version, link} and shows no row's explanation (issue 22)."""
    text = game_link(GameSheet((Passed(), Passed())))
    plain = answer(read_game_link_json, {"version": 1, "link": text})
    assert ["explanation" in row for row in plain["result"]["score"]["rows"]] == [False, False]
    last = answer(read_game_link_json, {"version": 1, "link": text, "explain": "last"})
    assert ["explanation" in row for row in last["result"]["score"]["rows"]] == [False, True]
    bad = answer(read_game_link_json, {"version": 1, "link": text, "explain": ["x", 5]})
    assert [(error["code"], error["field"]) for error in bad["errors"]] == [
        ("not_integer", "explain[0]"),
        ("no_such_deal", "explain[1]"),
    ]


def test_a_link_is_read_for_the_team_that_receives_it() -> None:
    sheet = GameSheet((Passed(),), names=Names(us="Иван и Петър"))
    text = game_link(sheet)
    reply = json.loads(
        read_game_link_json(json.dumps({"version": 1, "link": text, "we_are": "them"}))
    )
    assert reply["result"]["game"]["names"] == {"us": "", "them": "Иван и Петър"}
    same = json.loads(read_game_link_json(json.dumps({"version": 1, "link": text, "we_are": None})))
    assert same["result"]["game"]["names"] == {"us": "Иван и Петър", "them": ""}
    # A link carries no table yet (another change adds it): a game with one still links.
    tabled = {**game_to_dict(sheet), "seats": {"us": ["Иван", "Петър"]}, "dealer": 1}
    linked = json.loads(game_link_json(json.dumps(tabled)))["result"]["link"]
    assert linked == text
    for we_are, code in (("both", "invalid_choice"), (1, "wrong_type")):
        request = {"version": 1, "link": text, "we_are": we_are}
        [error] = json.loads(read_game_link_json(json.dumps(request)))["errors"]
        assert (error["code"], error["field"]) == (code, "we_are")
