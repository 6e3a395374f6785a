"""The frame of a game link, the same in every format, and the bits inside it.

A link's text is base32hex (RFC 4648, section 7: ``0-9`` and ``A-V``, no padding)
of whole bytes: the format's bits, padded with zeros to whole bytes, then the
CRC-32 of those bytes (4 bytes). :func:`frame` writes it and :func:`unframe`
reads it back, refusing (:class:`Damaged`) any text whose checksum fails. What the
bits mean is the format's (:mod:`belot_core.link`); the format version is their
first 5 bits, so it is the text's first character.

:class:`BitWriter` and :class:`BitReader` write and read the bits, most
significant first: fixed widths, flags, and whole numbers of any size (Elias gamma).
Nothing here knows a game.
"""

from __future__ import annotations

import binascii

__all__ = [
    "ALPHABET",
    "CRC_BYTES",
    "BitReader",
    "BitWriter",
    "Damaged",
    "frame",
    "from_text",
    "to_text",
    "unframe",
]

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
"""base32hex (RFC 4648, section 7): URL-safe, and QR code's alphanumeric characters."""
_VALUES = {char: value for value, char in enumerate(ALPHABET)}

CRC_BYTES = 4
"""The CRC-32 at the end of every frame."""


class Damaged(Exception):
    """The text is not a link any format could have written (the link module says
    ``link_damaged``)."""


class BitWriter:
    """Bits, most significant first, in one integer."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, value: int, width: int) -> None:
        """``value`` in ``width`` bits (a ValueError if it does not fit)."""
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        self.value = (self.value << width) | value
        self.length += width

    def flag(self, value: bool) -> None:
        """One bit: 1 for True."""
        self.put(int(value), 1)

    def number(self, value: int) -> None:
        """A whole number ≥ 0 of any size (Elias gamma of value + 1: 0 → 1 bit)."""
        width = (value + 1).bit_length()
        self.put(0, width - 1)
        self.put(value + 1, width)

    def to_bytes(self) -> bytes:
        """The bits, padded with zeros to whole bytes."""
        padding = -self.length % 8
        return (self.value << padding).to_bytes((self.length + padding) // 8, "big")


class BitReader:
    """Reading what :class:`BitWriter` wrote; running past the end is :class:`Damaged`."""

    def __init__(self, data: bytes) -> None:
        self.value = int.from_bytes(data, "big")
        self.length = len(data) * 8
        self.position = 0

    def take(self, width: int) -> int:
        """The next ``width`` bits as a number."""
        if self.position + width > self.length:
            raise Damaged
        self.position += width
        return (self.value >> (self.length - self.position)) & ((1 << width) - 1)

    def flag(self) -> bool:
        """The next bit, as True for 1."""
        return self.take(1) == 1

    def number(self) -> int:
        """A number :meth:`BitWriter.number` wrote."""
        # The zeros before the first one, counted at once: a crafted link may send
        # 20,000 of them, and a bit at a time each would shift the whole link.
        left = self.length - self.position
        zeros = left - (self.value & ((1 << left) - 1)).bit_length()
        self.position += zeros
        return self.take(zeros + 1) - 1

    def left(self) -> int:
        """How many bits are still to read."""
        return self.length - self.position

    def pick[T](self, table: tuple[T, ...], width: int) -> T:
        """The value of ``table`` whose index the next ``width`` bits are."""
        index = self.take(width)
        if index >= len(table):
            raise Damaged
        return table[index]

    def rest_is_padding(self) -> bool:
        """Whether all that is left is the zeros padding the last byte."""
        left = self.length - self.position
        return left < 8 and self.take(left) == 0


def to_text(data: bytes) -> str:
    """``data`` in base32hex, without padding (its last character padded with zeros)."""
    bits = len(data) * 8
    padding = -bits % 5
    value = int.from_bytes(data, "big") << padding
    count = (bits + padding) // 5
    return "".join(ALPHABET[(value >> (5 * (count - 1 - i))) & 31] for i in range(count))


def from_text(text: str) -> bytes:
    """The bytes :func:`to_text` wrote as ``text`` (upper case); :class:`Damaged` for a
    character outside the alphabet, or a length or last character no writer makes."""
    value = 0
    for char in text:
        if char not in _VALUES:
            raise Damaged
        value = (value << 5) | _VALUES[char]
    bits = len(text) * 5
    padding = bits % 8
    if padding >= 5 or value & ((1 << padding) - 1):
        raise Damaged  # a character too many, or bits no writer sets
    return (value >> padding).to_bytes(bits // 8, "big")


def frame(data: bytes) -> str:
    """The text of a link whose bits are ``data``: base32hex of them and their CRC-32."""
    return to_text(data + binascii.crc32(data).to_bytes(CRC_BYTES, "big"))


def unframe(text: str) -> bytes:
    """The bytes a link's frame carries (upper-case ``text``), if the frame is whole:
    base32hex that decodes to whole bytes, ending in the CRC-32 of the bytes before it.
    Raises :class:`Damaged` if not."""
    if not text:
        raise Damaged
    data = from_text(text)
    body, crc = data[:-CRC_BYTES], data[-CRC_BYTES:]
    if not body or binascii.crc32(body).to_bytes(CRC_BYTES, "big") != crc:
        raise Damaged
    return body
