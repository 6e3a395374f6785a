"""A whole game in a link: compact, versioned, URL-safe, checked.

A game travels to another phone as the text after ``#game=`` in a link to the
standalone calculator (``…/calculator/#game=2A4B…``): the fragment of a URL is
never sent to a server. :func:`game_link` writes the text, :func:`read_game_link`
reads it back into a :class:`~belot_core.sheet.GameSheet` through the same
reader as a saved game (:func:`~belot_core.json_read.game_from_dict`), so a link
can carry nothing a saved game could not. ``game_link_json`` and
``read_game_link_json`` are the JSON contract's functions for it (they never
raise).

The text (format version 3; the writer writes it, the reader reads 1 to 3):

* The game's facts, bit-packed, most significant bit first -- the format
  version (5 bits, so it is the text's first character); six flags: which team
  names are there, whether house rules are, whether a deal keeps rules of its
  own, whether the table around the game is there, and whether a deal's pile
  was entered as its cards; each name (a 7-bit code for Bulgarian and Latin
  letters, digits and a little punctuation, else UTF-8), the house rules
  switched on; the table: four flags (seats, dealer, match, note), then the
  players' names by seat (a flag each, then the names as a team's), the
  first dealer's seat (2 bits), the match (its id as a name, the games to win
  less one in 2 bits) and the note (as a name, its length of any size); the
  number of deals, and per deal: passed, or the contract, bidder, doubling,
  capot, whose pile was counted and -- in a game with a pile of cards, a flag
  -- its cards or its card points (a capot's points follow from the capot),
  the last trick, the declarations (accepted, or as announced with the
  players' answers) as a short list of (team, kind, count), and -- only in a
  game whose rules changed during it -- whether the deal keeps rules of its
  own, and which.
* A pile's cards are written whichever way is shorter: a bitset over the deck
  (the contract's cards with points, in deck order, then a flag and, if any
  are listed, the cards worth nothing), or a list (how many, then each card's
  index in the deck, 5 bits, in deck order) -- a short list for a pile of
  three cards or fewer. Then the tricks the players said, 4 bits (0: not
  said, else tricks + 1). The points are counted from the cards, not written.
* Padded with zero bits to whole bytes, then the CRC-32 of those bytes (4
  bytes), so a link cut short, mistyped or edited by hand is refused
  (``link_damaged``) instead of read as another game.
* Written in base32hex (RFC 4648: ``0-9`` and ``A-V``), without padding. These
  characters are safe in any URL and are QR code's alphanumeric characters,
  which a QR code stores in 5.5 bits each (a byte in 8.8, against 10.7 for
  base64 in byte mode): the QR code of a 40-deal game stays small enough for a
  phone camera to read from another phone's screen. Lower case is read as
  upper case.

Format 3 adds, after the table, the game's id and when it was played
(:mod:`belot_core.identity`: two flags when it has neither); format 2 is format 3
without them. Format 1 is format 2 without the two last flags (no table, no pile of cards):
a game with neither costs two bits more in format 2 than it did in format 1,
and a link of format 1 reads exactly as it always did.

Not compressed: deflate makes a bit-packed game longer, not shorter (its
header and code tables cost more than the few repeats it finds). The tables
below fix each value's number in the link forever: a value is only ever
appended, so every link written by an older core stays readable.

The frame is the same in every format, present and future
(:mod:`belot_core.link_frame`): base32hex of whole bytes, the format version in
the first 5 bits, the CRC-32 of the bytes before it in the last 4. A reader
checks the frame first and only then looks at the version: a link whose
checksum verifies and whose version is newer than this core reads is
``link_version`` (reload the page); anything else it cannot read is
``link_damaged`` -- a mistyped first character too, which an older order
(version first) took for a newer calculator (issue 16). The checksum tells them
apart soundly: CRC-32 finds every change within 32 bits, and a character is 5,
so no single typo leaves a frame that verifies.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import DECK, TRICKS, Card, in_deck_order
from .errors import InvalidInputError
from .house import HOUSE_RULES, Rules
from .identity import identity_of, read_identity, write_identity
from .json_read import (
    JSON,
    MAX_INPUT_CHARS,
    VERSION,
    Invalid,
    Reader,
    check_version,
    game_from_dict,
    read_game_request,
    show,
)
from .json_write import Written, answer, game_result_text, game_to_dict, written
from .link_frame import ALPHABET, frame, unframe
from .link_frame import BitReader as _Bits
from .link_frame import BitWriter as _Writer
from .link_frame import Damaged as _Damaged
from .model import (
    CARD_POINTS,
    Answer,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    Names,
    Pile,
    Team,
)
from .sheet import MAX_DEALS, GameSheet, Passed
from .table import MAX_MATCH_WINS, SEATS, Match, Seats

__all__ = [
    "ALPHABET",
    "LINK_KEY",
    "LINK_VERSION",
    "MAX_LINK_CHARS",
    "game_link",
    "game_link_json",
    "link_to_dict",
    "read_game_link",
    "read_game_link_json",
]

LINK_VERSION = 3
"""The version of the link's format this core writes (the text's first character);
it reads every version from 1 to this one."""

LINK_KEY = "game"
"""The key of the link's fragment: ``…/calculator/#game=<text>``."""

MAX_LINK_CHARS = 8_000
"""The longest link text read. A 40-deal game is about 300 characters (400 with
every pile entered as its cards); the longest game (``MAX_DEALS``) of the heaviest
deals, with the longest names and table and every pile listed card by card, some
2,500 (tests/core/test_link.py checks it)."""

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
_NO_SEATS = Seats()
#: A card's number in a list of cards: its place in the deck (cards.DECK, fixed).
_CARD_INDEX = {card: index for index, card in enumerate(DECK)}

# Field widths, in bits.
_VERSION_BITS = 5
_RULE_COUNT_BITS = 5
_NAME_LENGTH_BITS = 8
_POINTS_BITS = 8
_CARD_BITS = 5
_TRICKS_BITS = 4  # 0: not said, else tricks + 1
_SEAT_BITS = 2
_MATCH_TO_BITS = 2  # the games to win, less one
#: A declaration's count is 1, or 2 + a 2-bit number: at most 5. A deal holds at
#: most 4 of a kind (four tierces, two in each player's eight cards; four carrés).
_MAX_COUNT = 5


def _damaged() -> InvalidInputError:
    return InvalidInputError("link_damaged", "link")


def _payload(text: str) -> str:
    """The link's text out of a whole link, its fragment or the text itself."""
    text = text.rpartition("#")[2]
    if text.startswith(f"{LINK_KEY}="):
        text = text[len(LINK_KEY) + 1 :]
    return "".join(text.split()).upper()  # a chat app may wrap or re-case it


def _width(table: tuple[object, ...]) -> int:
    return (len(table) - 1).bit_length()


# --- names and notes -------------------------------------------------------------------


def _write_name(bits: _Writer, name: str, *, long: bool = False) -> None:
    """A name in the 7-bit code if it can be, else in UTF-8; its length in 8 bits, or
    (``long``: a note) as a number of any size."""
    short = all(char in _NAME_CODES for char in name)
    codes = [_NAME_CODES[char] for char in name] if short else list(name.encode("utf-8"))
    bits.flag(not short)
    if long:
        bits.number(len(codes))
    else:
        bits.put(len(codes), _NAME_LENGTH_BITS)
    for code in codes:
        bits.put(code, 7 if short else 8)


def _read_name(bits: _Bits, *, long: bool = False) -> str:
    utf8 = bits.flag()
    length = bits.number() if long else bits.take(_NAME_LENGTH_BITS)
    if length * 7 > bits.left():
        raise _Damaged
    if not utf8:
        return "".join(bits.pick(_NAME_TABLE, 7) for _ in range(length))
    try:
        return bytes(bits.take(8) for _ in range(length)).decode("utf-8")
    except UnicodeDecodeError:
        raise _Damaged from None


# --- the table around the game (format 2) ----------------------------------------------


def _has_table(seats: Seats, dealer: int | None, match: Match | None, note: str) -> bool:
    return bool(seats) or dealer is not None or match is not None or bool(note)


def _write_table(
    bits: _Writer, seats: Seats, dealer: int | None, match: Match | None, note: str
) -> None:
    for present in (bool(seats), dealer is not None, match is not None, bool(note)):
        bits.flag(present)
    if seats:
        players = [seats.name(seat) for seat in range(SEATS)]
        for player in players:
            bits.flag(bool(player))
        for player in players:
            if player:
                _write_name(bits, player)
    if dealer is not None:
        bits.put(dealer, _SEAT_BITS)
    if match is not None:
        _write_name(bits, match.id)
        bits.put(match.to - 1, _MATCH_TO_BITS)
    if note:
        _write_name(bits, note, long=True)


def _read_table(bits: _Bits) -> dict[str, JSON]:
    """The table's fields as a saved game has them (checked by the game's reader)."""
    seated, dealt, matched, noted = (bits.flag() for _ in range(4))
    table: dict[str, JSON] = {}
    if seated:
        named = [bits.flag() for _ in range(SEATS)]
        players = [_read_name(bits) if present else "" for present in named]
        # Seats 0 to 3 are us[0], them[0], us[1], them[1] (table.SEAT_ORDER).
        table["seats"] = {"us": players[0::2], "them": players[1::2]}
    if dealt:
        table["dealer"] = bits.take(_SEAT_BITS)
    if matched:
        match_id = _read_name(bits)
        table["match"] = {"id": match_id, "to": bits.take(_MATCH_TO_BITS) + 1}
    if noted:
        table["note"] = _read_name(bits, long=True)
    return table


# --- a pile's cards (format 2) ---------------------------------------------------------


def _gamma_bits(value: int) -> int:
    """How many bits ``_Writer.number(value)`` writes."""
    return 2 * (value + 1).bit_length() - 1


def _write_cards(bits: _Writer, pile: Pile, contract: Contract, capot: Team | None) -> None:
    """The cards of a pile, as a bitset or a list, whichever is shorter; then its tricks.
    A capot's piles are the whole deck and nothing: only the cards worth nothing listed
    in the whole deck, and whether the tricks were said, are not known from the capot."""
    assert pile.cards is not None
    cards, values = pile.cards, CARD_POINTS[contract]
    with_points = [card for card in DECK if values[card]]
    worth_nothing = [card for card in DECK if not values[card]]
    nothing_listed = any(card in cards for card in worth_nothing)
    if capot is not None:
        # "Capot: one team took all eight tricks" (the deal's checks hold its piles to it).
        forced = set(with_points) if pile.team is capot else set()
        if {card for card in cards if values[card] or pile.team is not capot} != forced or (
            pile.tricks not in (None, TRICKS if pile.team is capot else 0)
        ):
            raise ValueError("a capot's piles are the whole deck and nothing")
        bits.flag(pile.tricks is not None)
        if pile.team is capot:
            bits.flag(nothing_listed)
            for card in worth_nothing if nothing_listed else ():
                bits.flag(card in cards)
        return
    as_set = len(with_points) + 1 + (len(worth_nothing) if nothing_listed else 0)
    as_list = _gamma_bits(len(cards)) + _CARD_BITS * len(cards)
    bits.flag(as_list < as_set)
    if as_list < as_set:
        bits.number(len(cards))
        for card in in_deck_order(cards):
            bits.put(_CARD_INDEX[card], _CARD_BITS)
    else:
        for card in with_points:
            bits.flag(card in cards)
        bits.flag(nothing_listed)
        for card in worth_nothing if nothing_listed else ():
            bits.flag(card in cards)
    bits.put(0 if pile.tricks is None else pile.tricks + 1, _TRICKS_BITS)


def _read_cards(bits: _Bits, contract: Contract, team: Team, capot: Team | None) -> dict[str, JSON]:
    """A pile's ``cards`` (in deck order) and ``tricks`` as a saved game has them."""
    values = CARD_POINTS[contract]
    cards: list[Card] = []
    if capot is not None:
        # "Capot: one team took all eight tricks": its pile is every card, the other none.
        tricks = (TRICKS if team is capot else 0) if bits.flag() else None
        if team is capot:
            cards = [card for card in DECK if values[card]]
            if bits.flag():
                cards += [card for card in DECK if not values[card] and bits.flag()]
    else:
        cards = _read_listed(bits) if bits.flag() else _read_bitset(bits, values)
        said = bits.take(_TRICKS_BITS)
        if said > TRICKS + 1:
            raise _Damaged
        tricks = said - 1 if said else None
    pile: dict[str, JSON] = {"team": team.value}
    pile["cards"] = [card.code for card in in_deck_order(cards)]
    if tricks is not None:
        pile["tricks"] = tricks
    return pile


def _read_listed(bits: _Bits) -> list[Card]:
    """Cards written as a list: how many, then each one's place in the deck, in order."""
    count = bits.number()
    if count > len(DECK):
        raise _Damaged
    cards: list[Card] = []
    for _ in range(count):
        card = DECK[bits.take(_CARD_BITS)]
        if cards and _CARD_INDEX[card] <= _CARD_INDEX[cards[-1]]:
            raise _Damaged  # the writer lists each card once, in deck order
        cards.append(card)
    return cards


def _read_bitset(bits: _Bits, values: dict[Card, int]) -> list[Card]:
    """Cards written as a bitset: the cards with points, then (if listed) the others."""
    cards = [card for card in DECK if values[card] and bits.flag()]
    if bits.flag():
        cards += [card for card in DECK if not values[card] and bits.flag()]
    return cards


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


def _write_deal(bits: _Writer, deal: Deal | Passed, carded: bool) -> None:
    """A deal; ``carded``: the game has a pile of cards, so each pile says if it is one."""
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
    counted = deal.pile.cards is not None
    if carded:
        bits.flag(counted)
    if counted:
        _write_cards(bits, deal.pile, deal.contract, deal.capot)  # the points: counted
    elif deal.capot is None:
        # A capot holds every card point and the last trick: nothing more to say.
        bits.put(deal.pile.points, _POINTS_BITS)
    if deal.capot is None:
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


def _read_deal(bits: _Bits, carded: bool) -> dict[str, JSON]:
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
    if carded and bits.flag():
        deal["cards"] = _read_cards(bits, contract, pile, capot)
    elif capot is None:
        deal["cards"] = {"team": pile.value, "points": bits.take(_POINTS_BITS)}
    else:
        deal["cards"] = {"team": pile.value, "points": contract.deck_points if pile is capot else 0}
    deal["last_trick"] = (TEAMS[bits.take(1)] if capot is None else capot).value
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


def game_link(sheet: GameSheet, identity: dict[str, str] | None = None) -> str:
    """The link text of a game: what follows ``#game=`` in the link to the calculator;
    ``identity``: its ``id`` and ``played`` (:mod:`belot_core.identity`), if known.

    >>> from belot_core import GameSheet, Names, Passed
    >>> game_link(GameSheet((Passed(),), names=Names(us="Иван и Петър")))
    '3G0CHTVET80P810LPJUVP9NH7VGTC'
    """
    return _encode(
        sheet.names,
        sheet.rules,
        sheet.deals,
        sheet.deal_rules,
        seats=sheet.seats,
        dealer=sheet.dealer,
        match=sheet.match,
        note=sheet.note,
        identity=identity or {},
    )


def _encode(
    names: Names,
    rules: Rules,
    deals: Sequence[Deal | Passed],
    deal_rules: Sequence[Rules | None] = (),
    *,
    seats: Seats = _NO_SEATS,
    dealer: int | None = None,
    match: Match | None = None,
    note: str = "",
    identity: dict[str, str] | None = None,
) -> str:
    """The link text of these facts (a game's, or for measuring, any deals)."""
    bits = _Writer()
    bits.put(LINK_VERSION, _VERSION_BITS)
    pair = (names.us, names.them)
    own = [*deal_rules, *(None,) * (len(deals) - len(deal_rules))]
    ruled = any(mine is not None for mine in own)
    tabled = _has_table(seats, dealer, match, note)
    carded = any(isinstance(deal, Deal) and deal.pile.cards is not None for deal in deals)
    for present in (*map(bool, pair), bool(rules.active), ruled, tabled, carded):
        bits.flag(present)
    for name in pair:
        if name:
            _write_name(bits, name)
    if rules.active:
        _write_rules(bits, rules)
    if tabled:
        _write_table(bits, seats, dealer, match, note)
    write_identity(bits, identity or {})  # format 3
    bits.number(len(deals))
    for deal, mine in zip(deals, own, strict=True):
        _write_deal(bits, deal, carded)
        if ruled and isinstance(deal, Deal):
            # A deal played under other rules than the game's keeps them ({} = the rule book).
            bits.flag(mine is not None)
            if mine is not None:
                _write_rules(bits, mine)
    return frame(bits.to_bytes())


def link_to_dict(text: str) -> dict[str, JSON]:
    """The game a link text carries, as the JSON value :func:`game_from_dict` reads.

    Accepts the text alone, ``#game=<text>`` or a whole link, of any format from
    1 to :data:`LINK_VERSION`. Raises
    :class:`~belot_core.errors.InvalidInputError` ``link_damaged`` for a text no
    format can have written (cut short, mistyped, changed by hand: the checksum
    fails), ``link_version`` for a whole frame (its checksum verifies) of a
    newer format, ``input_too_large`` beyond :data:`MAX_LINK_CHARS`, and
    ``too_many_deals`` when the link counts more than
    :data:`~belot_core.sheet.MAX_DEALS` deals (counted, not read). The game
    itself is not checked here.
    """
    payload = _payload(text)
    if len(payload) > MAX_LINK_CHARS:
        raise InvalidInputError("input_too_large", "link", max=MAX_LINK_CHARS, length=len(payload))
    try:
        body = unframe(payload)
        # The frame verifies, so the first character is the version its writer meant:
        # read before the checksum, a mistyped '1' would say "a newer calculator".
        version = body[0] >> (8 - _VERSION_BITS)
        if version > LINK_VERSION:
            raise InvalidInputError("link_version", "link", value=version, supported=LINK_VERSION)
        return _read_game(_Bits(body))
    except _Damaged:
        raise _damaged() from None


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
    version = bits.take(_VERSION_BITS)
    if not 1 <= version <= LINK_VERSION:
        raise _Damaged  # version 0: no writer's
    named = (bits.flag(), bits.flag())
    ruled, deals_ruled = bits.flag(), bits.flag()
    # Format 1 had neither flag: no table, no pile of cards.
    tabled, carded = (bits.flag(), bits.flag()) if version >= 2 else (False, False)
    game: dict[str, JSON] = {"version": VERSION}
    names = [_read_name(bits) if present else "" for present in named]
    if any(named):
        game["names"] = {"us": names[0], "them": names[1]}
    if ruled:
        game["rules"] = _read_rules(bits)
    if tabled:
        game.update(_read_table(bits))
    if version >= 3:  # which game it is: its id and when it was played
        game.update(read_identity(bits))
    count = bits.number()
    if count > bits.left():
        raise _Damaged  # every deal takes a bit at least
    if count > MAX_DEALS:
        # Counted, not read: a link of 39,900 passed deals costs what its count does.
        raise InvalidInputError("too_many_deals", "link", deals=count, max=MAX_DEALS)
    deals = []
    for _ in range(count):
        deal = _read_deal(bits, carded)
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
    return {"link": game_link(sheet, identity_of(data))}


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
    # The game keeps its id and the moment it was played, from either side.
    kept = {**game_to_dict(sheet), **identity_of(game)}
    return written({"game": kept, "score": game_result_text(sheet, explain)})


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
    if isinstance(text, str) and len(text) > MAX_INPUT_CHARS:
        # Too long to read, and far too long for any link: refused naming the link's own
        # limit, not the core's for a request (a 2 MB link was "the most read is 250000",
        # issue 32). A shorter request is read, and its link measured (read_game_link).
        return answer(_too_long(len(text)), "null")
    return answer(_read_link, text)


def _too_long(length: int) -> Callable[[JSON], Written]:
    """The reading of a request whose link is longer than any link read."""

    def refuse(_: JSON) -> Written:
        raise InvalidInputError("input_too_large", "link", max=MAX_LINK_CHARS, length=length)

    return refuse


def _check() -> None:
    """Fail loudly at import if a table here lost a value of the core's enums."""
    for table, kind in ((TEAMS, Team), (CONTRACTS, Contract), (DOUBLINGS, Doubling)):
        if set(table) != set(kind):
            raise RuntimeError(f"link table for {kind.__name__} is incomplete")
    if set(KINDS) != set(Declaration) or len(NAME_CHARACTERS) != 128:
        raise RuntimeError("link tables are incomplete")
    if not set(HOUSE_RULES) <= set(RULES):
        raise RuntimeError("link.RULES must list every house rule (a new one appended)")
    if SEATS != 1 << _SEAT_BITS or MAX_MATCH_WINS > 1 << _MATCH_TO_BITS or len(DECK) != 32:
        raise RuntimeError("the table or the deck outgrew its field in the link")


_check()
