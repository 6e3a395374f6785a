"""A whole game in a link: compact, versioned, URL-safe, checked.

A game travels to another phone as the text after ``#game=`` in a link to the
standalone calculator (``…/calculator/#game=1A2B…``): the fragment of a URL is
never sent to a server. :func:`game_link` writes the text, :func:`read_game_link`
reads it back into a :class:`~belot_core.sheet.GameSheet` through the same
reader as a saved game (:func:`~belot_core.json_read.game_from_dict`), so a link
can carry nothing a saved game could not. ``game_link_json`` and
``read_game_link_json`` are the JSON contract's functions for it (they never
raise).

The text (format version 1):

* The game's facts, bit-packed, most significant bit first -- the format
  version (5 bits, so it is the text's first character), which team names and
  whether house rules are there, each name (a 7-bit code for Bulgarian and
  Latin letters, digits and a little punctuation, else UTF-8), the house rules
  switched on, the number of deals, and per deal: passed, or the contract,
  bidder, doubling, capot, whose pile was counted and its card points (a
  capot's follow from the capot), the last trick, the declarations (accepted,
  or as announced with the players' answers) as a short list of (team, kind,
  count), and -- only in a game whose rules changed during it -- whether the
  deal keeps rules of its own, and which.
* Padded with zero bits to whole bytes, then the CRC-32 of those bytes (4
  bytes), so a link cut short, mistyped or edited by hand is refused
  (``link_damaged``) instead of read as another game.
* Written in base32hex (RFC 4648: ``0-9`` and ``A-V``), without padding. These
  characters are safe in any URL and are QR code's alphanumeric characters,
  which a QR code stores in 5.5 bits each (a byte in 8.8, against 10.7 for
  base64 in byte mode): the QR code of a 40-deal game stays small enough for a
  phone camera to read from another phone's screen. Lower case is read as
  upper case.

Not compressed: deflate makes a bit-packed game longer, not shorter (its
header and code tables cost more than the few repeats it finds). The tables
below fix each value's number in the link forever: a value is only ever
appended, so every link written by an older core stays readable.

The frame is the same in every format, present and future: base32hex of whole
bytes, the format version in the first 5 bits, the CRC-32 of the bytes before it
in the last 4. A reader checks the frame first and only then looks at the version:
a link whose checksum verifies and whose version is newer than this core reads is
``link_version`` (reload the page); anything else it cannot read is
``link_damaged`` -- a mistyped first character too, which an older order (version
first) took for a newer calculator (issue 16). The checksum tells them apart
soundly: CRC-32 finds every change within 32 bits, and a character is 5, so no
single typo leaves a frame that verifies.
"""

from __future__ import annotations

import binascii
from collections.abc import Sequence

from .errors import InvalidInputError
from .house import HOUSE_RULES, Rules
from .json_read import (
    JSON,
    VERSION,
    Invalid,
    Reader,
    check_version,
    game_from_dict,
    read_game_request,
    show,
)
from .json_write import Written, answer, game_result_text, game_to_dict, written
from .model import Answer, Contract, Deal, Declaration, Declarations, Doubling, Names, Team
from .sheet import MAX_DEALS, GameSheet, Passed

__all__ = [
    "LINK_KEY",
    "LINK_VERSION",
    "MAX_LINK_CHARS",
    "game_link",
    "game_link_json",
    "link_to_dict",
    "read_game_link",
    "read_game_link_json",
]

LINK_VERSION = 1
"""The version of the link's format this core writes (the text's first character)."""

LINK_KEY = "game"
"""The key of the link's fragment: ``…/calculator/#game=<text>``."""

MAX_LINK_CHARS = 8_000
"""The longest link text read. A 40-deal game is about 300 characters, the
longest game (``MAX_DEALS``) of the heaviest deals some 7,000."""

#: base32hex (RFC 4648, section 7): URL-safe, and QR code's alphanumeric characters.
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
_VALUES = {char: value for value, char in enumerate(ALPHABET)}

# --- every value's number in the link: append only, never reorder ---------------------

TEAMS: tuple[Team, ...] = (Team.US, Team.THEM)
CONTRACTS: tuple[Contract, ...] = (
    Contract.CLUBS,
    Contract.DIAMONDS,
    Contract.HEARTS,
    Contract.SPADES,
    Contract.NO_TRUMPS,
    Contract.ALL_TRUMPS,
)
DOUBLINGS: tuple[Doubling, ...] = (Doubling.NONE, Doubling.CONTRA, Doubling.RECONTRA)
KINDS: tuple[Declaration, ...] = (
    Declaration.TIERCE,
    Declaration.QUARTE,
    Declaration.QUINT,
    Declaration.CARRE_JACKS,
    Declaration.CARRE_NINES,
    Declaration.CARRE,
    Declaration.BELOT,
)
#: The answer to "whose sequence is higher" (0: not answered) and to "whose carré".
SEQUENCE_ANSWERS: tuple[Answer | None, ...] = (None, Answer.US, Answer.THEM, Answer.EQUAL)
CARRE_ANSWERS: tuple[Answer | None, ...] = (None, Answer.US, Answer.THEM)
#: House rules, by their number in the link's rule mask.
RULES: tuple[str, ...] = (
    "round_before_multiply",
    "capot_cancels_contra",
    "larger_six_rounds_up",
    "no_trumps_capot_44",
    "hanging_rounds_down",
    "one_declaration_contest",
)
#: The characters of a name's 7-bit code (a name with any other is written as UTF-8).
NAME_CHARACTERS = (
    " 0123456789"
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    "abcdefghijklmnopqrstuvwxyz"
    "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЬЮЯ"
    "абвгдежзийклмнопрстуфхцчшщъьюя"
    "&-.',"
)
_NAME_CODES = {char: code for code, char in enumerate(NAME_CHARACTERS)}
_NAME_TABLE = tuple(NAME_CHARACTERS)

# Field widths, in bits.
_VERSION_BITS = 5
_RULE_COUNT_BITS = 5
_NAME_LENGTH_BITS = 8
_POINTS_BITS = 8
_CRC_BYTES = 4
#: A declaration's count is 1, or 2 + a 2-bit number: at most 5. A deal holds at
#: most 4 of a kind (four tierces, two in each player's eight cards; four carrés).
_MAX_COUNT = 5


class _Damaged(Exception):
    """The text is not a link this format could have written."""


def _damaged() -> InvalidInputError:
    return InvalidInputError("link_damaged", "link")


# --- bits ----------------------------------------------------------------------------


class _Writer:
    """Bits, most significant first, in one integer."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, value: int, width: int) -> None:
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        self.value = (self.value << width) | value
        self.length += width

    def flag(self, value: bool) -> None:
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


class _Bits:
    """Reading what :class:`_Writer` wrote; running past the end is damage."""

    def __init__(self, data: bytes) -> None:
        self.value = int.from_bytes(data, "big")
        self.length = len(data) * 8
        self.position = 0

    def take(self, width: int) -> int:
        if self.position + width > self.length:
            raise _Damaged
        self.position += width
        return (self.value >> (self.length - self.position)) & ((1 << width) - 1)

    def flag(self) -> bool:
        return self.take(1) == 1

    def number(self) -> int:
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
        index = self.take(width)
        if index >= len(table):
            raise _Damaged
        return table[index]

    def rest_is_padding(self) -> bool:
        left = self.length - self.position
        return left < 8 and self.take(left) == 0


def _width(table: tuple[object, ...]) -> int:
    return (len(table) - 1).bit_length()


# --- text ------------------------------------------------------------------------------


def _to_text(data: bytes) -> str:
    bits = len(data) * 8
    padding = -bits % 5
    value = int.from_bytes(data, "big") << padding
    count = (bits + padding) // 5
    return "".join(ALPHABET[(value >> (5 * (count - 1 - i))) & 31] for i in range(count))


def _from_text(text: str) -> bytes:
    value = 0
    for char in text:
        if char not in _VALUES:
            raise _Damaged
        value = (value << 5) | _VALUES[char]
    bits = len(text) * 5
    padding = bits % 8
    if padding >= 5 or value & ((1 << padding) - 1):
        raise _Damaged  # a character too many, or bits no writer sets
    return (value >> padding).to_bytes(bits // 8, "big")


def _payload(text: str) -> str:
    """The link's text out of a whole link, its fragment or the text itself."""
    text = text.rpartition("#")[2]
    if text.startswith(f"{LINK_KEY}="):
        text = text[len(LINK_KEY) + 1 :]
    return "".join(text.split()).upper()  # a chat app may wrap or re-case it


# --- names -----------------------------------------------------------------------------


def _write_name(bits: _Writer, name: str) -> None:
    if all(char in _NAME_CODES for char in name):
        bits.flag(False)
        bits.put(len(name), _NAME_LENGTH_BITS)
        for char in name:
            bits.put(_NAME_CODES[char], 7)
    else:
        data = name.encode("utf-8")
        bits.flag(True)
        bits.put(len(data), _NAME_LENGTH_BITS)
        for byte in data:
            bits.put(byte, 8)


def _read_name(bits: _Bits) -> str:
    utf8 = bits.flag()
    length = bits.take(_NAME_LENGTH_BITS)
    if not utf8:
        return "".join(bits.pick(_NAME_TABLE, 7) for _ in range(length))
    try:
        return bytes(bits.take(8) for _ in range(length)).decode("utf-8")
    except UnicodeDecodeError:
        raise _Damaged from None


# --- deals -----------------------------------------------------------------------------


def _write_counts(bits: _Writer, counts: tuple[Declarations, Declarations]) -> None:
    items = [
        (team, kind, declarations[kind])
        for team, declarations in enumerate(counts)
        for kind in KINDS
        if declarations[kind]
    ]
    bits.number(len(items))
    for team, kind, count in items:
        if count > _MAX_COUNT:
            raise ValueError(f"{count} × {kind} cannot be in a deal")
        bits.put(team, 1)
        bits.put(KINDS.index(kind), 3)
        bits.flag(count > 1)
        if count > 1:
            bits.put(count - 2, 2)


def _read_counts(bits: _Bits) -> dict[str, JSON]:
    counts: dict[str, dict[str, int]] = {"us": {}, "them": {}}
    last = (-1, -1)
    for _ in range(bits.number()):
        team, kind = bits.take(1), bits.take(3)
        if kind >= len(KINDS) or (team, kind) <= last:
            raise _Damaged  # the writer lists each (team, kind) once, in order
        last = (team, kind)
        count = 2 + bits.take(2) if bits.flag() else 1
        counts[TEAMS[team].value][KINDS[kind].value] = count
    return dict(counts)


def _write_deal(bits: _Writer, deal: Deal | Passed) -> None:
    bits.flag(isinstance(deal, Passed))
    if isinstance(deal, Passed):
        return
    bits.put(CONTRACTS.index(deal.contract), _width(CONTRACTS))
    bits.put(TEAMS.index(deal.bidder), 1)
    bits.put(DOUBLINGS.index(deal.doubling), _width(DOUBLINGS))
    bits.flag(deal.capot is not None)
    if deal.capot is not None:
        bits.put(TEAMS.index(deal.capot), 1)
    bits.put(TEAMS.index(deal.pile.team), 1)
    if deal.capot is None:
        # A capot holds every card point and the last trick: nothing more to say.
        bits.put(deal.pile.points, _POINTS_BITS)
        bits.put(TEAMS.index(deal.last_trick), 1)
    announced = deal.announced
    bits.flag(announced is not None)
    if announced is None:
        _write_counts(bits, (deal.declarations.us, deal.declarations.them))
        return
    _write_counts(bits, (announced.declarations.us, announced.declarations.them))
    higher = announced.higher
    answered = higher.sequence is not None or higher.carre is not None
    bits.flag(answered)
    if answered:
        bits.put(SEQUENCE_ANSWERS.index(higher.sequence), 2)
        bits.put(CARRE_ANSWERS.index(higher.carre), 2)


def _read_deal(bits: _Bits) -> dict[str, JSON]:
    if bits.flag():
        return {"passed": True}
    contract = bits.pick(CONTRACTS, _width(CONTRACTS))
    deal: dict[str, JSON] = {
        "contract": contract.value,
        "bidder": TEAMS[bits.take(1)].value,
        "doubling": bits.pick(DOUBLINGS, _width(DOUBLINGS)).value,
    }
    capot = TEAMS[bits.take(1)] if bits.flag() else None
    pile = TEAMS[bits.take(1)]
    if capot is None:
        points = bits.take(_POINTS_BITS)
        last_trick = TEAMS[bits.take(1)]
    else:
        points = contract.deck_points if pile is capot else 0
        last_trick = capot
    deal["cards"] = {"team": pile.value, "points": points}
    deal["last_trick"] = last_trick.value
    deal["capot"] = None if capot is None else capot.value
    if not bits.flag():
        deal["declarations"] = _read_counts(bits)
        return deal
    deal["announced"] = _read_counts(bits)
    higher: dict[str, str] = {}
    if bits.flag():
        sequence = bits.pick(SEQUENCE_ANSWERS, 2)
        carre = bits.pick(CARRE_ANSWERS, 2)
        if sequence is not None:
            higher["sequence"] = sequence.value
        if carre is not None:
            higher["carre"] = carre.value
    deal["higher"] = higher
    return deal


# --- the game ----------------------------------------------------------------------------


def game_link(sheet: GameSheet) -> str:
    """The link text of a game: what follows ``#game=`` in the link to the calculator.

    >>> from belot_core import GameSheet, Names, Passed
    >>> game_link(GameSheet((Passed(),), names=Names(us="Иван и Петър")))
    '1G1I7NTRL03504THDVNRAG7V5GDMU'
    """
    return _encode(sheet.names, sheet.rules, sheet.deals, sheet.deal_rules)


def _encode(
    names: Names,
    rules: Rules,
    deals: Sequence[Deal | Passed],
    deal_rules: Sequence[Rules | None] = (),
) -> str:
    """The link text of these facts (a game's, or for measuring, any deals)."""
    bits = _Writer()
    bits.put(LINK_VERSION, _VERSION_BITS)
    pair = (names.us, names.them)
    own = [*deal_rules, *(None,) * (len(deals) - len(deal_rules))]
    for name in pair:
        bits.flag(bool(name))
    bits.flag(bool(rules.active))
    bits.flag(any(mine is not None for mine in own))
    for name in pair:
        if name:
            _write_name(bits, name)
    if rules.active:
        _write_rules(bits, rules)
    bits.number(len(deals))
    ruled = any(mine is not None for mine in own)
    for deal, mine in zip(deals, own, strict=True):
        _write_deal(bits, deal)
        if ruled and isinstance(deal, Deal):
            # A deal played under other rules than the game's keeps them ({} = the rule book).
            bits.flag(mine is not None)
            if mine is not None:
                _write_rules(bits, mine)
    data = bits.to_bytes()
    return _to_text(data + binascii.crc32(data).to_bytes(_CRC_BYTES, "big"))


def link_to_dict(text: str) -> dict[str, JSON]:
    """The game a link text carries, as the JSON value :func:`game_from_dict` reads.

    Accepts the text alone, ``#game=<text>`` or a whole link. Raises
    :class:`~belot_core.errors.InvalidInputError` ``link_damaged`` for a text this
    format cannot have written (cut short, mistyped, changed by hand: the
    checksum fails), ``link_version`` for a whole frame (its checksum verifies)
    of a newer format, ``input_too_large`` beyond :data:`MAX_LINK_CHARS`, and
    ``too_many_deals`` when the link counts more than
    :data:`~belot_core.sheet.MAX_DEALS` deals (counted, not read). The game
    itself is not checked here.
    """
    payload = _payload(text)
    if len(payload) > MAX_LINK_CHARS:
        raise InvalidInputError("input_too_large", "link", max=MAX_LINK_CHARS, length=len(payload))
    try:
        body = _unframe(payload)
        # The frame verifies, so the first character is the version its writer meant:
        # read before the checksum, a mistyped '1' would say "a newer calculator".
        version = body[0] >> (8 - _VERSION_BITS)
        if version > LINK_VERSION:
            raise InvalidInputError("link_version", "link", value=version, supported=LINK_VERSION)
        return _read_game(_Bits(body))
    except _Damaged:
        raise _damaged() from None


def _unframe(payload: str) -> bytes:
    """The bytes a link's frame carries, if the frame is whole: base32hex that decodes
    to whole bytes, ending in the CRC-32 of the bytes before it (every format's frame).
    """
    if not payload:
        raise _Damaged
    data = _from_text(payload)
    body, crc = data[:-_CRC_BYTES], data[-_CRC_BYTES:]
    if not body or binascii.crc32(body).to_bytes(_CRC_BYTES, "big") != crc:
        raise _Damaged
    return body


def _write_rules(bits: _Writer, rules: Rules) -> None:
    """The house rules switched on: how many the mask holds, then a bit per rule."""
    bits.put(len(RULES), _RULE_COUNT_BITS)
    for rule in RULES:
        bits.flag(rule in rules.active)


def _read_rules(bits: _Bits) -> dict[str, JSON]:
    count = bits.take(_RULE_COUNT_BITS)
    mask = [bits.flag() for _ in range(count)]
    if any(mask[len(RULES) :]):
        raise _Damaged  # a rule this core does not know: a version number would say
    return {rule: True for rule, on in zip(RULES, mask, strict=False) if on}


def _read_game(bits: _Bits) -> dict[str, JSON]:
    if bits.take(_VERSION_BITS) != LINK_VERSION:
        raise _Damaged  # version 0: no writer's
    named = (bits.flag(), bits.flag())
    ruled, deals_ruled = bits.flag(), bits.flag()
    game: dict[str, JSON] = {"version": VERSION}
    names = [_read_name(bits) if present else "" for present in named]
    if any(named):
        game["names"] = {"us": names[0], "them": names[1]}
    if ruled:
        game["rules"] = _read_rules(bits)
    count = bits.number()
    if count > bits.left():
        raise _Damaged  # every deal takes a bit at least
    if count > MAX_DEALS:
        # Counted, not read: a link of 39,900 passed deals costs what its count does.
        raise InvalidInputError("too_many_deals", "link", deals=count, max=MAX_DEALS)
    deals = []
    for _ in range(count):
        deal = _read_deal(bits)
        if deals_ruled and "passed" not in deal and bits.flag():
            deal["rules"] = _read_rules(bits)
        deals.append(deal)
    game["deals"] = deals
    if not bits.rest_is_padding():
        raise _Damaged
    return game


def read_game_link(text: str) -> GameSheet:
    """The game a link carries, read and checked as a saved game; raises the first problem.

    >>> sheet = read_game_link("#game=1G1I7NTRL03504THDVNRAG7V5GDMU")
    >>> sheet.names.us, len(sheet.deals)
    ('Иван и Петър', 1)
    """
    return game_from_dict(link_to_dict(text))


# --- the JSON contract -------------------------------------------------------------------


def _game_link(data: JSON) -> dict[str, JSON]:
    # Every problem at once, as score_game_json reports them; a link explains nothing.
    sheet, _ = read_game_request(data, explain=False)
    return {"link": game_link(sheet)}


def game_link_json(text: str) -> str:
    """The link text of a game: a game request in (as ``score_game_json``), JSON out.

    Answers ``{"ok": true, "result": {"link": "<text>"}}``, or the game's
    problems as ``score_game_json`` reports them. Never raises.
    """
    return answer(_game_link, text)


def _read_link(data: JSON) -> Written:
    reader = Reader()
    fields = reader.fields(data, "", ("version", "link"), ("explain", "we_are"))
    we_are = Team.US
    if fields is not None:
        if "version" in fields:
            check_version(reader, fields["version"])
        link = fields.get("link")
        if "link" in fields and not isinstance(link, str):
            reader.fail("wrong_type", "link", expected="string", value=show(link))
        if fields.get("we_are") is not None:
            we_are = reader.choice(fields["we_are"], "we_are", Team) or we_are
    if reader.errors:
        raise Invalid(reader.errors)
    game = link_to_dict(str(data["link"]))
    # The rows are explained only if the request asks: the page shows none of them.
    sheet, explain = read_game_request({**game, "explain": data.get("explain", "none")})
    if we_are is Team.THEM:  # the receiver is the sender's "them": the game their way
        sheet = sheet.mirrored()
    return written({"game": game_to_dict(sheet), "score": game_result_text(sheet, explain)})


def read_game_link_json(text: str) -> str:
    """Read a link: ``{"version": 1, "link": "<text, #game=… or the whole link>"}`` in.

    Answers ``{"ok": true, "result": {"game": <the game, as score_game_json
    reads it>, "score": <what score_game_json answers for it>}}``, or
    ``link_damaged`` / ``link_version`` / ``too_many_deals`` / the game's
    problems. Never raises.

    The score's rows carry no explanation unless the request asks for them with
    ``explain``, as a game request does (``"all"``, ``"last"``, ``"none"`` or a
    list of deal indices); without it, ``"none"``: the sheet shows a game from a
    link without its rows' explanations, and a long game's answer stays small.

    ``"we_are": "them"`` reads the link for the team the sender called "them":
    the game and its score come mirrored (:meth:`~belot_core.sheet.GameSheet.mirrored`:
    "us" and "them" exchanged everywhere), so the receiver's team is "us".
    ``"us"``, null or absent: as the sender wrote it.
    """
    return answer(_read_link, text)


def _check() -> None:
    """Fail loudly at import if a table here lost a value of the core's enums."""
    for table, kind in ((TEAMS, Team), (CONTRACTS, Contract), (DOUBLINGS, Doubling)):
        if set(table) != set(kind):
            raise RuntimeError(f"link table for {kind.__name__} is incomplete")
    if set(KINDS) != set(Declaration) or len(NAME_CHARACTERS) != 128:
        raise RuntimeError("link tables are incomplete")
    if not set(HOUSE_RULES) <= set(RULES):
        raise RuntimeError("link.RULES must list every house rule (a new one appended)")


_check()
