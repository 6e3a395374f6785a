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

from .errors import BelotError, InvalidInputError, RuleViolationError, SheetError
from .i18n import Language, render
from .json_api import score_deal_json, score_game_json
from .model import (
    ByTeam,
    Contract,
    Deal,
    Declaration,
    Declarations,
    Doubling,
    Outcome,
    Pile,
    Team,
    deal_problems,
)
from .rounding import round_pair, round_sum
from .rules import DealResult, Step, score_deal
from .sheet import TARGET, GameSheet, Passed, Row

__all__ = [
    "TARGET",
    "BelotError",
    "ByTeam",
    "Contract",
    "Deal",
    "DealResult",
    "Declaration",
    "Declarations",
    "Doubling",
    "GameSheet",
    "InvalidInputError",
    "Language",
    "Outcome",
    "Passed",
    "Pile",
    "Row",
    "RuleViolationError",
    "SheetError",
    "Step",
    "Team",
    "__version__",
    "deal_problems",
    "render",
    "round_pair",
    "round_sum",
    "score_deal",
    "score_deal_json",
    "score_game_json",
]

__version__ = "0.1.0"
