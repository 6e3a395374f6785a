"""Hypothesis strategies for deals and games, shared by the property tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from hypothesis import strategies as st

from belot_core import (
    CARD_POINTS,
    DECK,
    HOUSE_RULES,
    MAX_NAME_LENGTH,
    Announced,
    Answer,
    ByTeam,
    Card,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    Higher,
    Names,
    Passed,
    Pile,
    Question,
    Rules,
    Team,
    deal_problems,
)
from belot_core.errors import InvalidInputError
from belot_core.table import Match, Seats

teams = st.sampled_from(Team)
contracts = st.sampled_from(Contract)
doublings = st.sampled_from(Doubling)


@st.composite
def declarations(draw: st.DrawFn, contract: Contract) -> Declarations:
    """One team's declarations, small counts; the deal filter keeps legal ones."""
    if contract is Contract.NO_TRUMPS:
        return Declarations()
    counts = {
        kind.value: draw(st.integers(0, 2 if kind is Declaration.TIERCE else 1))
        for kind in Declaration
    }
    return Declarations(**counts)


def answers(question: Question, *, unanswered: bool = False) -> st.SearchStrategy[Answer | None]:
    """An answer to ``question`` (or none, when ``unanswered``)."""
    given = st.sampled_from(question.answers)
    return st.one_of(st.none(), given) if unanswered else given


@st.composite
def highers(draw: st.DrawFn, *, unanswered: bool = False) -> Higher:
    """Answers to both questions (some missing, when ``unanswered``)."""
    return Higher(
        sequence=draw(answers(Question.SEQUENCE, unanswered=unanswered)),
        carre=draw(answers(Question.CARRE, unanswered=unanswered)),
    )


@st.composite
def announcements(draw: st.DrawFn, contract: Contract, *, unanswered: bool = False) -> Announced:
    """What both teams announced, with answers; the deal filter keeps legal ones."""
    return Announced(
        declarations=ByTeam(us=draw(declarations(contract)), them=draw(declarations(contract))),
        higher=draw(highers(unanswered=unanswered)),
    )


@st.composite
def deal_fields(
    draw: st.DrawFn, *, hanging: bool = True, announced: bool = False, unanswered: bool = False
) -> dict[str, Any]:
    """Keyword arguments of a valid :class:`Deal` (declarations accepted, or announced)."""
    contract = draw(contracts)
    capot = draw(st.one_of(st.none(), teams)) if draw(st.integers(0, 9)) == 0 else None
    pile_team = draw(teams)
    if capot is None:
        points = draw(st.integers(0, contract.deck_points))
        last_trick = draw(teams)
    else:
        points = contract.deck_points if pile_team is capot else 0
        last_trick = capot
    fields = {
        "contract": contract,
        "bidder": draw(teams),
        "doubling": draw(st.sampled_from(Doubling)),
        "pile": Pile(team=pile_team, points=points),
        "last_trick": last_trick,
        "capot": capot,
        "declarations": ByTeam(us=draw(declarations(contract)), them=draw(declarations(contract))),
        "hanging_in": draw(st.integers(0, 60)) if hanging else 0,
    }
    if announced:
        fields["declarations"] = ByTeam(us=Declarations(), them=Declarations())
        fields["announced"] = draw(announcements(contract, unanswered=unanswered))
    return fields


def _valid(fields: dict[str, Any]) -> bool:
    return not deal_problems(**fields)


#: Deals whose declarations were entered as accepted.
accepted_deals = deal_fields().filter(_valid).map(lambda f: Deal(**f))
#: Deals entered as announced, every question that may arise answered.
announced_deals = deal_fields(announced=True).filter(_valid).map(lambda f: Deal(**f))
#: Deal fields entered as announced, some questions perhaps unanswered (maybe invalid).
announced_fields = deal_fields(announced=True, unanswered=True)
deals = st.one_of(accepted_deals, announced_deals)

#: Any rule set: each house rule on or off.
rule_sets = st.builds(Rules, **{option: st.booleans() for option in HOUSE_RULES})
#: Valid deals under a random rule set (a deal valid by the rule book is valid
#: under every house rule: one contest asks fewer questions, never more).
ruled_deals = st.builds(lambda deal, rules: replace(deal, rules=rules), deals, rule_sets)
ONE_CONTEST_RULES = Rules(one_declaration_contest=True)
#: Deals entered as announced under one contest for all declarations, answering only
#: what that rule asks (so the rule book might need an answer they lack).
pooled_deals = (
    deal_fields(announced=True, unanswered=True)
    .map(lambda fields: {**fields, "rules": ONE_CONTEST_RULES})
    .filter(_valid)
    .map(lambda fields: Deal(**fields))
)
sheet_deals = st.one_of(
    deal_fields(hanging=False).filter(_valid).map(lambda f: Deal(**f)),
    deal_fields(hanging=False, announced=True).filter(_valid).map(lambda f: Deal(**f)),
)

#: Any set of cards, from none to the whole deck -- often nearly the whole deck, where
#: a set stops being a pile (not whole tricks, or every trick).
card_sets = st.frozensets(st.sampled_from(DECK)) | st.frozensets(
    st.sampled_from(DECK), max_size=4
).map(lambda left_out: frozenset(DECK) - left_out)


@st.composite
def tricks_dealt(
    draw: st.DrawFn, *, capot: bool = False
) -> tuple[tuple[Card, ...], tuple[Team, ...]]:
    """The 32 cards in the order they were played, and who took each trick of four
    (with ``capot``, one team took them all)."""
    played = tuple(draw(st.permutations(DECK)))
    if capot:
        return played, (draw(teams),) * 8
    winners = tuple(draw(st.lists(teams, min_size=8, max_size=8)))
    return played, winners


def piles_of(played: tuple[Card, ...], winners: tuple[Team, ...]) -> ByTeam[tuple[Card, ...]]:
    """Each team's pile: the cards of the tricks it took."""
    tricks = [played[4 * index : 4 * index + 4] for index in range(8)]
    return ByTeam(
        us=tuple(
            c for trick, w in zip(tricks, winners, strict=True) if w is Team.US for c in trick
        ),
        them=tuple(
            c for trick, w in zip(tricks, winners, strict=True) if w is Team.THEM for c in trick
        ),
    )


@st.composite
def counted_deal_fields(
    draw: st.DrawFn, *, hanging: bool = True, capot: bool = False
) -> dict[str, Any]:
    """Keyword arguments of a :class:`Deal` whose pile is counted from its cards: the
    deck dealt at random into eight tricks, one team's pile listed -- every card, or
    only those with points, or some of its cards worth nothing -- with its tricks or
    without (``capot``: one team took every trick). Declarations may be illegal
    (filter with :func:`deal_problems`)."""
    contract = draw(contracts)
    played, winners = draw(tricks_dealt(capot=capot))
    team = draw(teams)
    values = CARD_POINTS[contract]
    listing = draw(st.sampled_from(["all", "points", "some"]))
    listed = [
        card
        for card in piles_of(played, winners)[team]
        if values[card] or listing == "all" or (listing == "some" and draw(st.booleans()))
    ]
    listed = draw(st.permutations(listed))  # the order cards are tapped in does not matter
    tricks = winners.count(team) if draw(st.booleans()) else None
    fields = {
        "contract": contract,
        "bidder": draw(teams),
        "doubling": draw(doublings),
        "pile": Pile.counted(team=team, cards=listed, contract=contract, tricks=tricks),
        "last_trick": winners[-1],
        "capot": winners[0] if len(set(winners)) == 1 else None,
        "declarations": ByTeam(us=draw(declarations(contract)), them=draw(declarations(contract))),
        "hanging_in": draw(st.integers(0, 60)) if hanging else 0,
    }
    return fields


#: Valid deals whose pile was counted from cards dealt at random.
counted_deals = counted_deal_fields().filter(_valid).map(lambda f: Deal(**f))
#: Deals where one team took every trick (a capot), its pile counted from its cards.
capot_deals = counted_deal_fields(capot=True).filter(_valid).map(lambda f: Deal(**f))

#: Deals whose pile was counted from its cards, as a sheet takes them (nothing carried
#: in): the deck dealt at random, a capot now and then.
sheet_counted_deals = (
    st.one_of(counted_deal_fields(hanging=False), counted_deal_fields(hanging=False, capot=True))
    .filter(_valid)
    .map(lambda f: Deal(**f))
)

#: Team names, often empty, sometimes padded with white space.
team_names = st.one_of(
    st.just(""),
    st.text(max_size=MAX_NAME_LENGTH).map(lambda name: name.strip()),
    st.sampled_from(["Иван и Петър", "  Мария  и Ана ", "Ann & Ivo", "the boys"]),
)
names = st.builds(Names, us=team_names, them=team_names)

#: Players' names, as tables name them (often not at all).
PLAYERS = ["", "", "Иван", "Петър", "Мария", "Георги", "ана", "Ана Иванова", "Ivo", " Ivo  B "]


def _seats(names: list[str]) -> Seats | None:
    try:
        return Seats(us=(names[0], names[2]), them=(names[1], names[3]))
    except InvalidInputError:  # two players alike
        return None


#: The four seats, any of them named, no two players alike (letter case aside).
seatings = (
    st.lists(st.sampled_from(PLAYERS) | st.text(max_size=12), min_size=4, max_size=4)
    .map(_seats)
    .filter(lambda seats: seats is not None)
    .map(lambda seats: cast(Seats, seats))
)
matches = st.builds(
    Match, id=st.sampled_from(["m-1", "m-2", "g-lx3k:7f.2_a"]), to=st.integers(1, 4)
)
#: The table around a game, as GameSheet's keyword arguments: seats, a first dealer, a
#: match and a note, each often absent.
tables = st.fixed_dictionaries(
    {},
    optional={
        "seats": seatings,
        "dealer": st.none() | st.integers(0, 3),
        "match": st.none() | matches,
        "note": st.sampled_from(["", "На вилата", " two  words "]),
    },
)

#: What a keyboard, a paste or a stranger may put in a name: letters, spaces, emoji
#: and their joiners, a flag's tags, bidi controls, other invisible characters, a
#: lone surrogate (JSON's "\ud800") -- and any character at all.
TYPED = [
    *"aЖ 9-",
    "\t",
    "\u0301",  # a combining accent
    "👨",
    "👩",
    "🏴",
    *"\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",  # bidi controls
    *"\u200b\u200c\u200d\u200e\u2060\ufeff\xad\x00\x1b",
    "\ud800",
    *"\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f\U000e0041",
]
typed_text = st.lists(st.sampled_from(TYPED) | st.characters(), max_size=50).map("".join)
entries = st.one_of(sheet_deals, sheet_deals, sheet_deals, st.just(Passed()))

#: Deals whose raw points are equal, so they hang: 81 : 81 in a suit, 129 : 129 in All
#: trumps, 130 : 130 in No trumps (the pile and the other team's last trick), any doubling.
HANGING_PILES = {Contract.HEARTS: 81, Contract.ALL_TRUMPS: 129, Contract.NO_TRUMPS: 65}
hanging_deals = st.builds(
    lambda contract, bidder, doubling: Deal(
        contract=contract,
        bidder=bidder,
        doubling=doubling,
        pile=Pile(team=Team.US, points=HANGING_PILES[contract]),
        last_trick=Team.THEM,
    ),
    st.sampled_from(list(HANGING_PILES)),
    teams,
    doublings,
)
#: Sheet entries where hanging points are often carried from deal to deal.
hanging_entries = st.one_of(entries, hanging_deals)

#: Any JSON value at all.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=12,
)

#: Both teams' declaration counts (accepted or announced), often wrong.
counts_like = (
    st.fixed_dictionaries(
        {},
        optional={
            team: st.dictionaries(
                st.sampled_from([*Declaration, "fours"]), st.integers(-2, 5) | json_values
            )
            for team in ("us", "them", "others")
        },
    )
    | json_values
)

#: JSON objects that look like deal requests, with fields often wrong.
FIELD_VALUES: dict[str, Any] = {
    "version": st.sampled_from([1, 1, 2, "1", None]),
    "contract": st.sampled_from([*Contract, "trumps", 3]),
    "bidder": st.sampled_from([*Team, "both", None]),
    "doubling": st.sampled_from([*Doubling, "double"]),
    "cards": st.fixed_dictionaries(
        {"team": st.sampled_from([*Team, "x"]), "points": st.integers(-20, 300) | json_values}
    )
    | st.fixed_dictionaries(
        {
            "team": st.sampled_from([*Team, "x"]),
            "cards": st.lists(
                st.sampled_from([*(card.code for card in DECK), "TS", "jh", "1H", "", 10])
                | json_values,
                max_size=34,
            )
            | json_values,
        },
        optional={"tricks": st.integers(-1, 9) | json_values, "points": st.integers(0, 152)},
    )
    | json_values,
    "last_trick": st.sampled_from([*Team, 1]),
    "capot": st.sampled_from([None, *Team, "all"]),
    "declarations": counts_like,
    "hanging_in": st.integers(-5, 20_000) | json_values,
    "announced": counts_like,
    "higher": st.fixed_dictionaries(
        {},
        optional={
            key: st.sampled_from([*Answer, "both", None, 1])
            for key in ("sequence", "carre", "belot")
        },
    )
    | json_values,
    "names": st.fixed_dictionaries(
        {}, optional={key: st.text(max_size=50) | json_values for key in ("us", "them", "x")}
    )
    | json_values,
    "rules": st.dictionaries(
        st.sampled_from([*HOUSE_RULES, "round_after", ""]), st.booleans() | json_values
    )
    | json_values,
}
deal_like_requests = st.fixed_dictionaries({}, optional=FIELD_VALUES)

#: A game's table fields (seats, dealer, match, note), often wrong.
table_like_fields = st.fixed_dictionaries(
    {},
    optional={
        "seats": st.fixed_dictionaries(
            {},
            optional={
                key: st.lists(st.sampled_from(PLAYERS) | json_values, max_size=3) | json_values
                for key in ("us", "them", "x")
            },
        )
        | json_values,
        "dealer": st.integers(-2, 6) | json_values,
        "match": st.fixed_dictionaries(
            {},
            optional={
                "id": st.sampled_from(["m-1", "", "мач"]) | json_values,
                "to": st.integers(-1, 6) | json_values,
            },
        )
        | json_values,
        "note": st.text(max_size=20) | json_values,
    },
)
