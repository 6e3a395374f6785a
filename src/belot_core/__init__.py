"""Exact scoring for Bulgarian belot, the game to 151.

>>> from belot_core import Contract, Deal, Declarations, ByTeam, Pile, Team, score_deal
>>> deal = Deal(
...     contract=Contract.HEARTS,
...     bidder=Team.US,
...     pile=Pile(team=Team.US, points=82),
...     last_trick=Team.US,
...     declarations=ByTeam(us=Declarations(tierce=1), them=Declarations()),
... )
>>> result = score_deal(deal)
>>> result.raw, result.outcome.value, result.record
(ByTeam(us=112, them=70), 'made', ByTeam(us=11, them=7))
"""

from .cards import DECK, Card, Rank, Suit
from .errors import BelotError, InvalidInputError, RuleViolationError, SheetError
from .house import DEFAULT_RULES, HOUSE_RULES, Rules
from .i18n import Language, house_rule_options, render
from .json_api import score_deal_json, score_game_json
from .link import game_link, read_game_link
from .model import (
    CARD_POINTS,
    MAX_NAME_LENGTH,
    Announced,
    Answer,
    ByTeam,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    Higher,
    Names,
    Outcome,
    Pile,
    Question,
    Team,
    accept,
    deal_problems,
)
from .rounding import round_pair, round_sum
from .rules import DealResult, Step, score_deal
from .sheet import TARGET, GameSheet, GameStatus, Passed, Row
from .table import Match, Seats

__all__ = [
    "CARD_POINTS",
    "DECK",
    "DEFAULT_RULES",
    "HOUSE_RULES",
    "MAX_NAME_LENGTH",
    "TARGET",
    "Announced",
    "Answer",
    "BelotError",
    "ByTeam",
    "Card",
    "Contract",
    "Deal",
    "DealResult",
    "Declaration",
    "Declarations",
    "Doubling",
    "GameSheet",
    "GameStatus",
    "Higher",
    "InvalidInputError",
    "Language",
    "Match",
    "Names",
    "Outcome",
    "Passed",
    "Pile",
    "Question",
    "Rank",
    "Row",
    "RuleViolationError",
    "Rules",
    "Seats",
    "SheetError",
    "Step",
    "Suit",
    "Team",
    "__version__",
    "accept",
    "deal_problems",
    "game_link",
    "house_rule_options",
    "read_game_link",
    "render",
    "round_pair",
    "round_sum",
    "score_deal",
    "score_deal_json",
    "score_game_json",
]

__version__ = "0.1.0"
