"""A game's identity: its ``id`` and when it was ``played``, wherever it travels.

A game a device keeps has an id (made up by the device that started it) and the
moment it began. Both travel with the game -- in the JSON game format, in a link
(format 3) and in the widget's CSV and backup -- so that the same game arriving
again by another route is recognised, and a game keeps the day it was played
(the order of a match's games follows it). Neither changes a number of the game:
the core checks them and carries them, the sheet never sees them.

* ``id``: 1 to :data:`MAX_GAME_ID_LENGTH` Latin letters, digits, ``-`` and ``_``
  (``invalid_game_id``). The widget's ids are ``g-<milliseconds in base 36>-<8
  hex digits>``; a link writes such an id in 77 bits (about 16 characters), any
  other in 6 bits a character.
* ``played``: an instant in UTC as JavaScript's ``toISOString`` writes it,
  ``YYYY-MM-DDTHH:MM:SS.sssZ`` (the milliseconds may be left out; they are
  written back, ``.000``); anything else is ``invalid_date``. A link writes it in
  1 bit when it is the instant in the id (a game's id is made when it starts),
  else as milliseconds since 1970 (45 bits: until the year 3084).
"""

from __future__ import annotations

import re
import string
from datetime import UTC, datetime

from .errors import InvalidInputError, echo
from .link_frame import BitReader, BitWriter, Damaged

__all__ = [
    "IDENTITY_FIELDS",
    "MAX_GAME_ID_LENGTH",
    "check_game_id",
    "check_played",
    "identity_of",
    "read_identity",
    "write_identity",
]

IDENTITY_FIELDS = ("id", "played")
"""The fields of a game's JSON value that say which game it is."""

MAX_GAME_ID_LENGTH = 64
"""The longest game id: room for any device's made-up ids."""

#: The characters of a game id, each a 6-bit code in a link: append only.
ID_CHARACTERS = string.digits + string.ascii_lowercase + string.ascii_uppercase + "-_"
_ID_CODES = {char: code for code, char in enumerate(ID_CHARACTERS)}
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: The widget's own ids: ``g-<ms in base 36>-<8 hex digits>``.
_DEVICE_ID = re.compile(r"g-([1-9a-z][0-9a-z]{0,9})-([0-9a-f]{8})")
_PLAYED = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{3})?Z")
_TIME_BITS = 45  # milliseconds since 1970 until the year 3084
_RANDOM_BITS = 32
_ID_LENGTH_BITS = 6  # the length less one


def check_game_id(value: object, where: str = "id") -> str:
    """``value`` if it is a game id; raises ``wrong_type`` or ``invalid_game_id``."""
    if not isinstance(value, str):
        raise InvalidInputError("wrong_type", where, expected="string", value=echo(repr(value)))
    if not _ID.fullmatch(value):
        raise InvalidInputError("invalid_game_id", where, value=echo(value), max=MAX_GAME_ID_LENGTH)
    return value


def _milliseconds(played: str) -> int:
    moment = datetime.fromisoformat(played.replace("Z", "+00:00"))
    return round(moment.timestamp() * 1000)


def _instant(milliseconds: int) -> str:
    moment = datetime.fromtimestamp(milliseconds / 1000, UTC)
    return f"{moment:%Y-%m-%dT%H:%M:%S}.{milliseconds % 1000:03d}Z"


def check_played(value: object, where: str = "played") -> str:
    """``value`` as ``YYYY-MM-DDTHH:MM:SS.sssZ``; raises ``wrong_type`` or ``invalid_date``."""
    if not isinstance(value, str):
        raise InvalidInputError("wrong_type", where, expected="string", value=echo(repr(value)))
    try:
        if not _PLAYED.fullmatch(value):
            raise ValueError(value)
        milliseconds = _milliseconds(value)
        if not 0 <= milliseconds < 1 << _TIME_BITS:
            raise ValueError(value)
    except ValueError:
        raise InvalidInputError("invalid_date", where, value=echo(value)) from None
    return _instant(milliseconds)


def identity_of(data: object) -> dict[str, str]:
    """The ``id`` and ``played`` of a game's JSON value that were checked (a
    value the game reader accepted), ``played`` as written back; the absent ones left out."""
    if not isinstance(data, dict):
        return {}
    found: dict[str, str] = {}
    if isinstance(data.get("id"), str):
        found["id"] = check_game_id(data["id"])
    if isinstance(data.get("played"), str):
        found["played"] = check_played(data["played"])
    return found


def _device_time(game_id: str) -> int | None:
    """The milliseconds in a device's id, or None for another id."""
    found = _DEVICE_ID.fullmatch(game_id)
    return None if found is None else int(found[1], 36)


def _base36(value: int) -> str:
    digits = string.digits + string.ascii_lowercase
    text = ""
    while True:
        value, digit = divmod(value, 36)
        text = digits[digit] + text
        if not value:
            return text


def write_identity(bits: BitWriter, identity: dict[str, str]) -> None:
    """A game's id (a flag, then compact or as characters) and when it was played
    (a flag, then "the id's instant" or its milliseconds)."""
    game_id, played = identity.get("id"), identity.get("played")
    bits.flag(game_id is not None)
    at = None
    if game_id is not None:
        at = _device_time(game_id)
        device = _DEVICE_ID.fullmatch(game_id)
        bits.flag(device is not None and at is not None and at < 1 << _TIME_BITS)
        if device is not None and at is not None and at < 1 << _TIME_BITS:
            bits.put(at, _TIME_BITS)
            bits.put(int(device[2], 16), _RANDOM_BITS)
        else:
            at = None
            bits.put(len(game_id) - 1, _ID_LENGTH_BITS)
            for char in game_id:
                bits.put(_ID_CODES[char], 6)
    bits.flag(played is not None)
    if played is not None:
        milliseconds = _milliseconds(played)
        if at is not None:
            bits.flag(milliseconds == at)
            if milliseconds == at:
                return
        bits.put(milliseconds, _TIME_BITS)


def read_identity(bits: BitReader) -> dict[str, str]:
    """What :func:`write_identity` wrote, as a game's JSON fields."""
    found: dict[str, str] = {}
    at = None
    if bits.flag():
        if bits.flag():
            at = bits.take(_TIME_BITS)
            if at == 0:
                raise Damaged  # no device's id: its base 36 starts with a digit 1-z
            found["id"] = f"g-{_base36(at)}-{bits.take(_RANDOM_BITS):08x}"
        else:
            length = bits.take(_ID_LENGTH_BITS) + 1
            if length * 6 > bits.left():
                raise Damaged
            found["id"] = "".join(bits.pick(tuple(ID_CHARACTERS), 6) for _ in range(length))
    if bits.flag():
        same = at is not None and bits.flag()
        found["played"] = _instant(at if same and at is not None else bits.take(_TIME_BITS))
    return found
