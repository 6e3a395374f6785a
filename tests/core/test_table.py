"""belot_core.table: the seats, the dealer's rotation, a match and a note."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import seatings

from belot_core import MAX_NAME_LENGTH, Team
from belot_core.errors import InvalidInputError
from belot_core.table import (
    MAX_MATCH_WINS,
    MAX_NOTE_LENGTH,
    SEAT_ORDER,
    SEATS,
    Match,
    Seats,
    check_seat,
    clean_note,
    dealer_of,
    mirrored_seat,
    seat_of,
)

TABLE = Seats(us=("Иван", "Петър"), them=("Мария", "Георги"))


def test_the_seats_go_round_as_the_deal_passes() -> None:
    # Counter-clockwise, to the dealer's right: us[0], them[0], us[1], them[1].
    assert [TABLE.name(seat) for seat in range(SEATS)] == ["Иван", "Мария", "Петър", "Георги"]
    assert [seat_of(team, player) for team, player in SEAT_ORDER] == [0, 1, 2, 3]
    assert seat_of(Team.THEM, 1) == 3
    # Partners sit opposite: two seats apart.
    assert all(SEAT_ORDER[seat][0] is SEAT_ORDER[(seat + 2) % SEATS][0] for seat in range(SEATS))


def test_the_dealer_passes_to_the_right_after_every_deal() -> None:
    assert [dealer_of(2, index) for index in range(6)] == [2, 3, 0, 1, 2, 3]
    assert dealer_of(None, 5) is None  # nobody chose a first dealer


def test_names_are_cleaned_like_team_names() -> None:
    seats = Seats(us=("  Иван \u202e", ""), them=("Мария\u200b", "Георги  Иванов"))
    assert seats.us == ("Иван", "") and seats.them == ("Мария", "Георги Иванов")
    assert bool(seats) and not Seats()
    assert Seats(us=("x" * MAX_NAME_LENGTH, ""), them=("", "")).us[0] == "x" * MAX_NAME_LENGTH


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        pytest.param({"us": ("x" * 41, "")}, "name_too_long", "seats.us[0]", id="too-long"),
        pytest.param({"them": ("Ана",)}, "two_players", "seats.them", id="one-player"),
        pytest.param({"us": ["Ана", "Иво"]}, "wrong_type", "seats.us", id="a-list"),
        pytest.param({"us": ("Ана", 7)}, "wrong_type", "seats.us[1]", id="a-number"),
        pytest.param(
            {"us": ("Ана", "Иво"), "them": ("иво", "")}, "player_twice", "seats.them[0]", id="twice"
        ),
    ],
)
def test_bad_seats_are_refused(fields: dict[str, Any], code: str, field: str) -> None:
    with pytest.raises(InvalidInputError) as raised:
        Seats(**fields)
    assert (raised.value.code, raised.value.field) == (code, field)


def test_the_other_team_sees_the_same_table_from_its_side() -> None:
    mirrored = TABLE.mirrored()
    assert mirrored == Seats(us=("Мария", "Георги"), them=("Петър", "Иван"))
    # Every player keeps their chair; the seats are numbered from the other side.
    assert all(mirrored.name(mirrored_seat(seat)) == TABLE.name(seat) for seat in range(SEATS))
    # Twice: the same table seen by the other player of the first team; four times: itself.
    twice = mirrored.mirrored()
    assert twice == Seats(us=("Петър", "Иван"), them=("Георги", "Мария"))
    assert twice.mirrored().mirrored() == TABLE


@given(seatings, st.integers(0, SEATS - 1), st.integers(0, 400))
def test_a_mirrored_table_deals_in_the_same_order(seats: Seats, first: int, deal: int) -> None:
    """Whoever deals a deal at the table deals it in the other team's view too."""
    dealer = dealer_of(first, deal)
    mirrored = dealer_of(mirrored_seat(first), deal)
    assert dealer is not None and mirrored is not None
    assert seats.mirrored().name(mirrored) == seats.name(dealer)
    assert SEAT_ORDER[mirrored][0] is SEAT_ORDER[dealer][0].other


@pytest.mark.parametrize(
    ("value", "code"),
    [
        (4, "seat_out_of_range"),
        (-1, "seat_out_of_range"),
        (True, "not_integer"),
        ("1", "not_integer"),
    ],
)
def test_a_seat_is_0_to_3(value: object, code: str) -> None:
    assert [check_seat(seat, "dealer") for seat in range(SEATS)] == [0, 1, 2, 3]
    with pytest.raises(InvalidInputError) as raised:
        check_seat(value, "dealer")
    assert (raised.value.code, raised.value.field) == (code, "dealer")


def test_a_match_is_to_1_to_4_won_games() -> None:
    assert [Match(id="m-1", to=to).to for to in range(1, MAX_MATCH_WINS + 1)] == [1, 2, 3, 4]
    for to, code in (
        (0, "match_to_out_of_range"),
        (5, "match_to_out_of_range"),
        (2.0, "not_integer"),
    ):
        with pytest.raises(InvalidInputError) as raised:
            Match(id="m-1", to=to)  # type: ignore[arg-type]
        assert (raised.value.code, raised.value.field) == (code, "match.to")


@pytest.mark.parametrize("match_id", ["", "мач", "m 1", "m\u202e1", "x" * 65])
def test_a_match_id_is_a_few_plain_characters(match_id: str) -> None:
    assert Match(id="g-m3k2-1f2e3d4c:2026.5_x", to=2).id == "g-m3k2-1f2e3d4c:2026.5_x"
    with pytest.raises(InvalidInputError) as raised:
        Match(id=match_id, to=2)
    assert (raised.value.code, raised.value.field) == ("invalid_match_id", "match.id")


def test_a_note_is_one_clean_line() -> None:
    assert clean_note("  На вилата\n\tпри Иван\u202e ") == "На вилата при Иван"
    assert clean_note("ж" * MAX_NOTE_LENGTH) == "ж" * MAX_NOTE_LENGTH
    with pytest.raises(InvalidInputError) as raised:
        clean_note("ж" * (MAX_NOTE_LENGTH + 1))
    assert raised.value.code == "note_too_long" and raised.value.params["length"] == 201
    with pytest.raises(InvalidInputError) as raised:
        clean_note(7)
    assert (raised.value.code, raised.value.field) == ("wrong_type", "note")
