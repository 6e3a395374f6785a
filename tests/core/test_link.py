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
from strategies import entries, json_values, names, rule_sets, sheet_counted_deals, tables
from worst_inputs import json_heavy

import belot_core.link as link
import belot_core.link_frame as frame
from belot_core import (
    CARD_POINTS,
    DECK,
    HOUSE_RULES,
    Announced,
    Answer,
    BelotError,
    ByTeam,
    Card,
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
from belot_core.identity import _base36, _instant
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
from belot_core.table import Match, Seats


def play(
    entries_: list[Deal | Passed],
    names_: Names,
    rules: Rules,
    later: Rules,
    share: float,
    table: dict[str, Any],
) -> GameSheet:
    """The game these entries make at this ``table`` (seats, dealer, match, note),
    stopped where it ends, under ``rules`` if it can be, and then under ``later`` from a
    deal on (``share`` of the way): the deals before it keep the rules they were played
    under, as their own."""
    sheet = GameSheet(names=names_, **table)
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


#: Games of any deals -- piles as points or as cards -- with or without their table.
games = st.builds(
    play,
    st.lists(entries | sheet_counted_deals, max_size=30),
    names,
    rule_sets,
    rule_sets,
    st.floats(0, 1),
    tables,
)
#: Games as format 1 could carry them: no table, every pile's points typed.
plain_games = st.builds(
    play, st.lists(entries, max_size=30), names, rule_sets, rule_sets, st.floats(0, 1), st.just({})
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
    assert set(text) <= set(ALPHABET) and text[0] == "3"
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
    assert read_game_link(PINNED) == game  # written by the format-1 writer
    assert read_game_link(PINNED_2) == game  # written by the format-2 writer
    assert game_link(game) == PINNED_3
    assert read_game_link(PINNED_3) == game


PINNED = "1E14BCJ40FC04RKPJ411054MP0J055T0696Q8Q8"
PINNED_2 = "2E092R4P03R016T6CP088195M84O19F8VBN600O"
PINNED_3 = "3E092R4P03R016T6CP0220A9DI160ABQ4AKR3PG"

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


#: Links written by the format-2 writer (before a game's id and date travelled), with
#: the game each read as then: format 2 is read so forever. Made once, never regenerated.
V2_LINKS = json.loads((Path(__file__).parent / "data" / "link_v2.json").read_text("utf-8"))


@pytest.mark.parametrize("fixture", V2_LINKS, ids=lambda fixture: fixture["id"])
def test_links_of_format_2_read_as_they_always_did(fixture: dict[str, Any]) -> None:
    assert fixture["link"][0] == "2"
    assert game_to_dict(read_game_link(fixture["link"])) == fixture["game"]
    read = answer(read_game_link_json, {"version": 1, "link": fixture["link"]})
    assert read["result"]["game"] == fixture["game"]
    assert "id" not in read["result"]["game"] and "played" not in read["result"]["game"]


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
    newer than this core's: the only text that may be refused as ``link_version``."""
    try:
        data = frame.from_text(text.upper())
    except frame.Damaged:
        return False
    body, crc = data[:-4], data[-4:]
    return (
        bool(body)
        and binascii.crc32(body).to_bytes(4, "big") == crc
        and body[0] >> 3 > link.LINK_VERSION
    )


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
    return frame.frame(data)


@given(games, st.data())
def test_tampering_with_a_good_checksum_gives_only_our_errors(
    sheet: GameSheet, data: st.DataObject
) -> None:
    """Bits changed by someone who also fixed the checksum: a game, or our own errors."""
    body = bytearray(frame.from_text(game_link(sheet))[:-4])
    for _ in range(data.draw(st.integers(1, 4))):
        bit = data.draw(st.integers(5, len(body) * 8 - 1))  # not the version
        body[bit // 8] ^= 0x80 >> (bit % 8)
    reply = answer(read_game_link_json, {"version": 1, "link": with_checksum(bytes(body))})
    if not reply["ok"]:
        for error in reply["errors"]:
            assert error["message"]["bg"] and error["message"]["en"], error


@given(st.sampled_from([1, 2]), st.binary(max_size=80))
def test_any_bytes_with_a_good_checksum_give_a_game_or_our_errors(
    version: int, body: bytes
) -> None:
    text = with_checksum(bytes([version << 3]) + body)  # the version in the first 5 bits
    try:
        read_game_link(text)
    except BelotError as error:
        assert error.code  # our own, with a code; anything else fails the test


def test_a_game_the_rules_refuse_is_refused_as_a_saved_game_would_be() -> None:
    bits = frame.BitWriter()
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


@pytest.mark.parametrize("version", [4, 5, 31])
@pytest.mark.parametrize("rest", [b"", b"\x00\x07", bytes(range(40))], ids=["short", "2", "40"])
def test_a_newer_format_says_so(version: int, rest: bytes) -> None:
    """A whole frame (its checksum verifies) of a newer format, whatever it holds."""
    text = with_checksum(bytes([version << 3]) + rest)
    assert newer_frame(text)
    error = read_error(text)
    assert (error.code, error.field) == ("link_version", "link")
    assert dict(error.params) == {"value": version, "supported": 3}
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
    writer = frame.BitWriter()
    writer.put(link.LINK_VERSION, 5)
    writer.put(0, 8)  # no names, house rules, table, pile of cards, id or date
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
        "bg": "Играта има 39\u00a0900 раздавания; най-много са 100.",
        "en": "The game has 39,900 deals; a game can have at most 100.",
    }


def test_a_link_that_counts_more_deals_than_it_has_bits_is_damaged() -> None:
    assert read_error(link_of(MAX_DEALS + 1, (0, 8))).code == "link_damaged"
    # A count of 6,000 digits (Elias gamma: 19,950 zeros, then as many bits) is read at once.
    writer = frame.BitWriter()
    writer.put(link.LINK_VERSION, 5)
    writer.put(0, 8 + 19_950)
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
    for we_are, code in (("both", "invalid_choice"), (1, "wrong_type")):
        request = {"version": 1, "link": text, "we_are": we_are}
        [error] = json.loads(read_game_link_json(json.dumps(request)))["errors"]
        assert (error["code"], error["field"]) == (code, "we_are")


def test_the_receiver_sees_the_table_their_way() -> None:
    """Format 2 carries the seats and the dealer; "we_are": "them" turns them round
    (table.mirrored_seat): Ана, the sender's them[0] at seat 1, is the receiver's us[0]."""
    sheet = GameSheet(
        (Passed(), Passed()),
        seats=Seats(us=("Иван", "Петър"), them=("Ана", "Мария")),
        dealer=1,
        match=Match(id="m-1", to=2),
        note="На вилата",
    )
    text = game_link(sheet)
    reply = answer(read_game_link_json, {"version": 1, "link": text, "we_are": "them"})
    game = reply["result"]["game"]
    assert game["seats"] == {"us": ["Ана", "Мария"], "them": ["Петър", "Иван"]}
    assert game["dealer"] == 0  # Ана dealt the first deal: seat 1 for the sender, 0 here
    assert (game["match"], game["note"]) == ({"id": "m-1", "to": 2}, "На вилата")
    assert reply["result"]["score"]["next_dealer"] == 2  # Мария deals the third
    assert game == game_to_dict(sheet.mirrored())


@given(games)
def test_a_game_comes_back_from_its_link_for_either_team(sheet: GameSheet) -> None:
    text = game_link(sheet)
    for we_are, seen in (("us", sheet), ("them", sheet.mirrored())):
        reply = answer(read_game_link_json, {"version": 1, "link": text, "we_are": we_are})
        assert reply["result"]["game"] == game_to_dict(seen)
        assert reply["result"]["score"]["next_dealer"] == seen.next_dealer


# --- format 2: the table, a pile's cards, and what format 1 wrote ---------------------------


class _Measured(frame.BitReader):
    """A reader that notes where the game's bits end (before the padding)."""

    end = 0

    def rest_is_padding(self) -> bool:
        self.end = self.position
        return super().rest_is_padding()


def as_format_2(text: str) -> str:
    """The format-2 text of a game without id or date, made from its format-3 text:
    version 2, and the two flags format 3 added (before the deals) taken out."""
    body = frame.from_text(text)[:-4]
    reader = _Measured(body)
    where: list[int] = []
    original = link.read_identity

    def noting(bits: frame.BitReader) -> dict[str, str]:
        where.append(bits.position)
        return original(bits)

    link.read_identity = noting
    try:
        game = link._read_game(reader)
    finally:
        link.read_identity = original
    assert "id" not in game and "played" not in game
    end, at = reader.end, where[0]
    value = int.from_bytes(body, "big") >> (len(body) * 8 - end)
    assert value >> (end - 5) == 3 and (value >> (end - at - 2)) & 0b11 == 0
    writer = frame.BitWriter()
    writer.put(2, 5)
    writer.put((value >> (end - at)) & ((1 << (at - 5)) - 1), at - 5)
    writer.put(value & ((1 << (end - at - 2)) - 1), end - at - 2)
    return frame.frame(writer.to_bytes())


def as_format_1(text: str) -> str:
    """The format-1 text of a game without table or cards, made from its format-2 text
    (or format 3's, through :func:`as_format_2`): version 1, and the two flags format 2
    added after the first four taken out."""
    if text[0] == "3":
        text = as_format_2(text)
    body = frame.from_text(text)[:-4]
    reader = _Measured(body)
    link._read_game(reader)
    end = reader.end
    value = int.from_bytes(body, "big") >> (len(body) * 8 - end)
    assert value >> (end - 5) == 2 and (value >> (end - 11)) & 0b11 == 0
    writer = frame.BitWriter()
    writer.put(1, 5)
    writer.put((value >> (end - 9)) & 0b1111, 4)
    writer.put(value & ((1 << (end - 11)) - 1), end - 11)
    return frame.frame(writer.to_bytes())


@pytest.mark.parametrize("fixture", V1_LINKS, ids=lambda fixture: fixture["id"])
def test_format_1_is_format_2_without_two_flags(fixture: dict[str, Any]) -> None:
    """What the format-1 writer wrote is what as_format_1 makes of format 2."""
    assert as_format_1(game_link(read_game_link(fixture["link"]))) == fixture["link"]


@pytest.mark.parametrize("fixture", V2_LINKS, ids=lambda fixture: fixture["id"])
def test_format_2_is_format_3_without_two_flags(fixture: dict[str, Any]) -> None:
    """What the format-2 writer wrote is what as_format_2 makes of format 3."""
    assert as_format_2(game_link(read_game_link(fixture["link"]))) == fixture["link"]


@given(plain_games)
def test_a_game_format_1_could_carry_reads_the_same_from_either_format(sheet: GameSheet) -> None:
    """The same game from a text of each format reads the same, and format 3 costs
    four bits more: at most a byte (two characters) of the text."""
    text = game_link(sheet)
    old = as_format_1(text)
    assert read_game_link(old) == sheet
    assert link.link_to_dict(old) == link.link_to_dict(text)
    assert len(frame.from_text(text)) - len(frame.from_text(old)) <= 1
    assert len(text) - len(old) <= 2


#: A game with its table and two piles of cards (a list and a bitset; a capot's).
TABLED = GameSheet(
    (
        Deal(
            contract=Contract.SPADES,
            bidder=Team.THEM,
            pile=Pile.counted(
                team=Team.US,
                cards=["JS", "9S", "AS", "10H", "KD"],
                contract=Contract.SPADES,
                tricks=2,
            ),
            last_trick=Team.US,
            declarations=ByTeam(us=Declarations(belot=1), them=Declarations()),
        ),
        Passed(),
        Deal(
            contract=Contract.HEARTS,
            bidder=Team.US,
            pile=Pile.counted(team=Team.THEM, cards=["AC", "10C"], contract=Contract.HEARTS),
            last_trick=Team.US,
        ),
        Deal(
            contract=Contract.ALL_TRUMPS,
            bidder=Team.US,
            doubling=Doubling.CONTRA,
            pile=Pile.counted(team=Team.THEM, cards=[], contract=Contract.ALL_TRUMPS, tricks=0),
            last_trick=Team.US,
            capot=Team.US,
        ),
    ),
    names=Names(them="Ann & Ivo"),
    seats=Seats(us=("Иван", "Петър"), them=("", "Ана")),
    dealer=2,
    match=Match(id="m-1", to=2),
    note="На вилата",
)
PINNED_TABLED = (
    "29G92R4P03R016T6FTG4HTVET81CTHDVNR81NVANC0DHV04GL6BK0NUBKBNFN99O80A2I64P43M6E0L6T0BUGLJM"
)


def test_a_link_of_format_2_reads_the_same_forever() -> None:
    """Format 2 is fixed: this link (the table, piles of cards) must always read so."""
    assert as_format_2(game_link(TABLED)) == PINNED_TABLED
    back = read_game_link(PINNED_TABLED)
    assert back == TABLED
    assert [row.dealer for row in back.rows] == [2, 3, 0, 1]
    pile = back.deals[0].pile  # type: ignore[union-attr]
    assert (pile.points, pile.tricks) == (20 + 14 + 11 + 10 + 4, 2)


# --- format 3: which game it is (belot_core.identity) -----------------------------------

DEVICE_ID = "g-mf3x9k2a-1a2b3c4d"
STARTED = "2025-09-03T11:56:56.914Z"  # the instant in DEVICE_ID: the game began then
identities = st.fixed_dictionaries(
    {},
    optional={
        "id": st.one_of(
            st.just(DEVICE_ID),
            st.builds(
                lambda ms, rand: f"g-{_base36(ms)}-{rand:08x}",
                st.integers(1, 2**45 - 1),
                st.integers(0, 2**32 - 1),
            ),
            st.from_regex(r"[A-Za-z0-9_-]{1,64}", fullmatch=True),
        ),
        "played": st.integers(0, 2**45 - 1).map(_instant),
    },
)


@given(games, identities)
def test_a_game_keeps_its_id_and_date_in_its_link(
    sheet: GameSheet, identity: dict[str, str]
) -> None:
    """Whatever the id and the instant, the link gives them back, from either side."""
    request = {**game_to_dict(sheet), **identity}
    text = answer(game_link_json, request)["result"]["link"]
    assert text[0] == "3"
    for we_are in ("us", "them"):
        read = answer(read_game_link_json, {"version": 1, "link": text, "we_are": we_are})
        game = read["result"]["game"]
        assert {key: game[key] for key in ("id", "played") if key in game} == identity


def test_a_devices_id_and_its_start_cost_about_sixteen_characters() -> None:
    plain = game_link(TABLED)
    request = {**game_to_dict(TABLED), "id": DEVICE_ID, "played": STARTED}
    text = answer(game_link_json, request)["result"]["link"]
    assert link.link_to_dict(text)["played"] == STARTED
    assert len(text) - len(plain) <= 16


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("id", "g 1", "invalid_game_id"),
        ("id", "", "invalid_game_id"),
        ("id", "x" * 65, "invalid_game_id"),
        ("id", 5, "wrong_type"),
        ("played", "2026-02-30T10:00:00Z", "invalid_date"),
        ("played", "2026-05-14", "invalid_date"),
        ("played", "2026-05-14T10:00:00+02:00", "invalid_date"),
    ],
)
def test_an_id_or_date_that_is_none_is_refused(field: str, value: object, code: str) -> None:
    request = {"version": 1, "deals": [], field: value}
    reply = answer(game_link_json, request)
    assert [(error["code"], error["field"]) for error in reply["errors"]] == [(code, field)]
    assert all(reply["errors"][0]["message"][lang] != code for lang in ("bg", "en"))


def test_every_mistyped_character_of_a_format_2_link_is_refused_as_damage() -> None:
    for index in range(len(PINNED_TABLED)):
        for typo in typos(PINNED_TABLED, index):
            assert_refused_as_damage(typo)


def written_bits(pile: Pile, contract: Contract, capot: Team | None = None) -> int:
    bits = frame.BitWriter()
    link._write_cards(bits, pile, contract, capot)
    return bits.length


@pytest.mark.parametrize("count", range(9))
def test_a_pile_is_written_as_a_list_or_a_bitset_whichever_is_shorter(count: int) -> None:
    """A bitset: a bit per card with points (21 in a suit contract), a flag for the cards
    worth nothing; a list: how many (Elias gamma), 5 bits a card. Then 4 bits of tricks."""
    cards = [card for card in DECK if CARD_POINTS[Contract.HEARTS][card]][:count]
    pile = Pile.counted(team=Team.US, cards=cards, contract=Contract.HEARTS)
    as_list = 2 * (count + 1).bit_length() - 1 + 5 * count
    assert written_bits(pile, Contract.HEARTS) == 1 + min(as_list, 21 + 1) + 4
    assert (as_list < 22) == (count <= 3)
    # The cards worth nothing cost a bit each, when any is listed (11 in a suit contract).
    with_nothing = Pile.counted(team=Team.US, cards=[*cards, "7H"], contract=Contract.HEARTS)
    as_list = 2 * (count + 2).bit_length() - 1 + 5 * (count + 1)
    assert written_bits(with_nothing, Contract.HEARTS) == 1 + min(as_list, 21 + 1 + 11) + 4


def test_a_capots_piles_cost_what_the_capot_does_not_say() -> None:
    """Every card with points is the capot's, and the tricks are 8 and 0: left to say are
    whether the tricks were said, and which cards worth nothing were listed."""
    deck = [card for card in DECK if CARD_POINTS[Contract.CLUBS][card]]
    whole = Pile.counted(team=Team.US, cards=deck, contract=Contract.CLUBS, tricks=8)
    assert written_bits(whole, Contract.CLUBS, Team.US) == 1 + 1
    every = Pile.counted(team=Team.US, cards=DECK, contract=Contract.CLUBS)
    assert written_bits(every, Contract.CLUBS, Team.US) == 1 + 1 + 11
    empty = Pile.counted(team=Team.THEM, cards=[], contract=Contract.CLUBS)
    assert written_bits(empty, Contract.CLUBS, Team.US) == 1
    # A pile no deal could hold under a capot: the writer refuses, rather than drop a card.
    seven = Pile.counted(team=Team.THEM, cards=["7C"], contract=Contract.CLUBS)
    for pile, capot in ((empty, Team.THEM), (seven, Team.US), (replace(whole, tricks=7), Team.US)):
        with pytest.raises(ValueError, match="capot"):
            written_bits(pile, Contract.CLUBS, capot)


def one_deal_with_cards(*fields: tuple[int, int], listed: list[int], tricks: int) -> str:
    """A format-2 link of one hearts deal whose pile is the cards at ``listed`` (deck
    indices, as written) with ``tricks`` (as written: 0 for none, else tricks + 1)."""
    bits = frame.BitWriter()
    bits.put(2, 5)
    bits.put(0b000001, 6)  # a pile of cards, nothing else
    bits.number(1)
    bits.flag(False)  # played
    bits.put(link.CONTRACTS.index(Contract.HEARTS), 3)
    bits.put(0, 1 + 2 + 1 + 1)  # us bid, no contra, no capot, our pile
    bits.flag(True)  # of cards
    bits.flag(True)  # as a list
    bits.number(len(listed))
    for index in listed:
        bits.put(index, 5)
    bits.put(tricks, 4)
    bits.put(0, 1 + 1)  # last trick ours, accepted declarations
    bits.number(0)
    for value, width in fields:
        bits.put(value, width)
    return with_checksum(bits.to_bytes())


def test_a_pile_of_cards_no_writer_writes_is_damage() -> None:
    aces = [DECK.index(Card.parse(code)) for code in ("AC", "AD")]
    good = read_game_link(one_deal_with_cards(listed=aces, tricks=2))
    assert good.deals[0].pile == Pile.counted(  # type: ignore[union-attr]
        team=Team.US, cards=["AC", "AD"], contract=Contract.HEARTS, tricks=1
    )
    for listed, tricks in ((aces[::-1], 0), ([aces[0]] * 2, 0), (aces, 10), (aces, 15)):
        assert read_error(one_deal_with_cards(listed=listed, tricks=tricks)).code == "link_damaged"


def test_a_pile_of_cards_the_rules_refuse_is_refused_as_a_saved_game_would_be() -> None:
    aces = [DECK.index(Card.parse(code)) for code in ("AC", "AD")]
    reply = answer(
        read_game_link_json, {"version": 1, "link": one_deal_with_cards(listed=aces, tricks=9)}
    )
    assert codes(reply) == ["cards_under_tricks"]  # 8 tricks cannot be two aces
    assert reply["errors"][0]["field"] == "deals[0].cards.tricks"


def test_the_longest_table_travels() -> None:
    """Four names of 40 characters, the longest match id, a note of 200 characters --
    in UTF-8 too (a note's length has no 8-bit limit: 200 emoji are 800 bytes)."""
    for letter in ("ж", "😀"):
        sheet = GameSheet(
            (Passed(),),
            seats=Seats(
                us=(letter * 39 + "1", letter * 39 + "2"),
                them=(letter * 39 + "3", letter * 39 + "4"),
            ),
            dealer=3,
            match=Match(id="a_:." + "z" * 60, to=4),
            note=letter * 200,
        )
        text = game_link(sheet)
        assert read_game_link(text) == sheet
        assert len(text) < MAX_LINK_CHARS


def test_the_heaviest_game_with_every_pile_as_cards_fits_in_a_link() -> None:
    """MAX_DEALS capots, every declaration, the longest names and table, every pile
    listed card by card (the whole deck): a link the reader takes."""
    heavy = json.loads(json_heavy(MAX_DEALS))
    for deal in heavy["deals"]:
        deal["cards"] = {"team": deal["capot"], "cards": [card.code for card in DECK], "tricks": 8}
    made = answer(game_link_json, heavy)
    assert made["ok"], made["errors"][:3]
    text = made["result"]["link"]
    assert len(text) <= MAX_LINK_CHARS
    assert answer(read_game_link_json, {"version": 1, "link": text})["result"][
        "game"
    ] == game_to_dict(read_game_link(text))


def test_a_link_of_two_megabytes_is_refused_naming_the_links_own_limit() -> None:
    """Issue 32: a 2 MB link was "too large: … the most read is 250000" -- the limit of
    a request, not of a link (8,000). Counts are grouped as each language writes them."""
    text = "A" * 2_000_000
    [error] = answer(read_game_link_json, {"version": 1, "link": text})["errors"]
    assert (error["code"], error["field"]) == ("input_too_large", "link")
    assert error["params"]["max"] == MAX_LINK_CHARS
    assert error["message"]["en"].endswith("the most read is 8,000.")
    assert error["message"]["bg"].endswith("най-много се четат 8000.")
    assert "2,000,0" in error["message"]["en"] and "2\u00a0000\u00a00" in error["message"]["bg"]


def test_counts_in_one_message_are_written_alike() -> None:
    """Issue 32: "3327 deals" beside "39,919 deals": English groups from four digits."""
    text = link_of(3_327, (0, 3_327))
    [error] = answer(read_game_link_json, {"version": 1, "link": text})["errors"]
    assert error["message"] == {
        "bg": "Играта има 3327 раздавания; най-много са 100.",
        "en": "The game has 3,327 deals; a game can have at most 100.",
    }
