"""Random games as a table plays them, for the link's size table and the browser tests.

`sample_game(deals, seed)` is a game of that many deals, each drawn the way deals
come at a table (mostly suits, a contra now and then, declarations as announced
with the answers the cards give), redrawn while it would end the game before the
last deal. `played_deals(count, seed)` are deals alone (no game: a game to 151
cannot last 40 played deals), for the upper bound of a link's size.
"""

from __future__ import annotations

import random
from dataclasses import replace

from belot_core import (
    DEFAULT_RULES,
    Announced,
    Answer,
    ByTeam,
    Contract,
    Deal,
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
    deal_problems,
)

DEFAULT_NAMES = Names()

CONTRACT_WEIGHTS = {
    Contract.CLUBS: 3,
    Contract.DIAMONDS: 3,
    Contract.HEARTS: 3,
    Contract.SPADES: 3,
    Contract.NO_TRUMPS: 2,
    Contract.ALL_TRUMPS: 2,
}
#: How often a team announces each kind in a deal (suits and All trumps).
ANNOUNCE_ODDS = {
    "tierce": 0.3,
    "quarte": 0.1,
    "quint": 0.05,
    "carre": 0.04,
    "carre_nines": 0.02,
    "carre_jacks": 0.02,
    "belot": 0.3,
}


def _announced(rng: random.Random, contract: Contract, busy: bool) -> Announced:
    if not contract.has_declarations:
        return Announced(declarations=ByTeam(us=Declarations(), them=Declarations()))
    odds = {kind: min(1.0, p * (3 if busy else 1)) for kind, p in ANNOUNCE_ODDS.items()}
    teams = [
        Declarations(**{kind: int(rng.random() < p) for kind, p in odds.items()}) for _ in Team
    ]
    higher = Higher(
        sequence=rng.choice((Answer.US, Answer.THEM, Answer.EQUAL)),
        carre=rng.choice((Answer.US, Answer.THEM)),
    )
    return Announced(declarations=ByTeam(us=teams[0], them=teams[1]), higher=higher)


def random_deal(rng: random.Random, *, busy: bool = False) -> Deal:
    """A valid deal as entered at the table (``busy``: three times the announcements)."""
    while True:
        contract = rng.choices(list(CONTRACT_WEIGHTS), weights=list(CONTRACT_WEIGHTS.values()))[0]
        capot = rng.choice(list(Team)) if rng.random() < 0.03 else None
        team = rng.choice(list(Team))
        deck = contract.deck_points
        if capot is None:
            points, last_trick = rng.randint(0, deck), rng.choice(list(Team))
        else:
            points, last_trick = (deck if team is capot else 0), capot
        fields = dict(
            contract=contract,
            bidder=rng.choice(list(Team)),
            doubling=rng.choices(list(Doubling), weights=(85, 12, 3))[0],
            pile=Pile(team=team, points=points),
            last_trick=last_trick,
            capot=capot,
            declarations=ByTeam(us=Declarations(), them=Declarations()),
            hanging_in=0,
            announced=_announced(rng, contract, busy),
        )
        if not deal_problems(**fields):
            return Deal(**fields)  # type: ignore[arg-type]


def sample_game(
    deals: int, seed: int = 151, *, names: Names = DEFAULT_NAMES, rules: Rules = DEFAULT_RULES
) -> GameSheet:
    """A game of ``deals`` deals that does not end before its last one."""
    rng = random.Random(seed)
    sheet = GameSheet((), names=names, rules=rules)
    while len(sheet.deals) < deals:
        for _ in range(200):
            entry: Deal | Passed = random_deal(rng)
            try:
                candidate = sheet.append(entry)
            except SheetError:
                continue
            if candidate.winner is None or len(candidate.deals) == deals:
                sheet = candidate
                break
        else:
            sheet = sheet.append(Passed())
    return sheet


def played_deals(count: int, seed: int = 151, *, busy: bool = False) -> list[Deal]:
    """``count`` played deals (no game around them)."""
    rng = random.Random(seed)
    return [replace(random_deal(rng, busy=busy), hanging_in=0) for _ in range(count)]
