"""The vocabulary of a deal: teams, contracts, doubling, declarations.

Every value here is immutable and checks itself when built, so an invalid deal
cannot exist: :class:`Deal` raises the first problem it finds, and
:func:`deal_problems` reports all of them at once (for a form).

Declarations come in one of two ways: the accepted ones, as the players agreed
them (:attr:`Deal.declarations`), or what each team announced
(:class:`Announced`), from which :func:`accept` decides which count by the rule
book's "Which declarations count" -- a small table of contests
(:data:`CONTESTS`) and one function. A deal is scored by a rule set
(:class:`~belot_core.house.Rules`, the rule book unless the table plays house
rules); the house rule ``one_declaration_contest`` puts every declaration in
one contest (:data:`ONE_CONTEST`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import product
from typing import TypeGuard

from .cards import (
    CARDS_PER_TRICK,
    DECK,
    TRICKS,
    Card,
    Suit,
    card_values,
    in_deck_order,
    possible_tricks,
)
from .errors import BelotError, InvalidInputError, RuleViolationError, echo
from .house import DEFAULT_RULES, Rules
from .memo import hash_once
from .text import clean

__all__ = [
    "ASKED",
    "CAPOT_BONUS",
    "CARD_POINTS",
    "CARRES_IN_DECK",
    "CONTESTS",
    "DECLARATION_POINTS",
    "LAST_TRICK_POINTS",
    "MAX_HANGING",
    "MAX_NAME_LENGTH",
    "ONE_CONTEST",
    "SEQUENCE_CARDS",
    "Acceptance",
    "Announced",
    "Answer",
    "ByTeam",
    "Contest",
    "Contract",
    "Deal",
    "Declaration",
    "Declarations",
    "Doubling",
    "Higher",
    "Names",
    "Outcome",
    "Pile",
    "Question",
    "Team",
    "Verdict",
    "accept",
    "clean_name",
    "contests_for",
    "deal_problems",
    "open_questions",
]


class Team(enum.StrEnum):
    """One of the two partnerships. "Us" is the team named first on the sheet."""

    US = "us"
    """Ние -- the first team on the sheet."""
    THEM = "them"
    """Вие -- the second team on the sheet."""

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team.THEM if self is Team.US else Team.US


class Contract(enum.StrEnum):
    """The six contracts a deal can be played in."""

    CLUBS = "clubs"
    """Спатия ♣ -- clubs are trumps."""
    DIAMONDS = "diamonds"
    """Каро ♦ -- diamonds are trumps."""
    HEARTS = "hearts"
    """Купа ♥ -- hearts are trumps."""
    SPADES = "spades"
    """Пика ♠ -- spades are trumps."""
    NO_TRUMPS = "no_trumps"
    """Без коз -- no suit is trump; card points and the last trick count double."""
    ALL_TRUMPS = "all_trumps"
    """Всичко коз -- every suit is trump."""

    @property
    def is_suit(self) -> bool:
        """True for the four suit contracts."""
        return self not in (Contract.NO_TRUMPS, Contract.ALL_TRUMPS)

    @property
    def trumps(self) -> frozenset[Suit]:
        """The trump suits: "All trumps: every suit is trump; No trumps: no suit is"."""
        if self is Contract.ALL_TRUMPS:
            return frozenset(Suit)
        if self is Contract.NO_TRUMPS:
            return frozenset()
        return frozenset({Suit(self.value)})

    @property
    def deck_points(self) -> int:
        """Card points in the whole deck at face value, without the last trick: the
        sum of :data:`CARD_POINTS` -- 152 in a suit, 248 in All trumps, 120 in No
        trumps (then doubled)."""
        return _DECK_POINTS[self]

    def points_of(self, cards: Iterable[Card]) -> int:
        """The card points of ``cards`` at face value in this contract."""
        values = CARD_POINTS[self]
        return sum(values[card] for card in cards)

    @property
    def card_multiplier(self) -> int:
        """ "In No trumps card points and the last trick are doubled. Nothing else is." """
        return 2 if self is Contract.NO_TRUMPS else 1

    @property
    def has_declarations(self) -> bool:
        """ "No declarations and no belots exist in No trumps." """
        return self is not Contract.NO_TRUMPS

    @property
    def max_belots(self) -> int:
        """Belots possible in the deal: one per trump suit."""
        # "in All trumps one is possible in each suit, in a suit contract only one"
        if not self.has_declarations:
            return 0
        if self is Contract.ALL_TRUMPS:
            return 4
        return 1


#: Each card's points at face value in each contract, in deck order: the rule book's
#: values (:data:`~belot_core.cards.TRUMP_POINTS`, :data:`~belot_core.cards.PLAIN_POINTS`)
#: with the contract's trump suits.
CARD_POINTS: dict[Contract, dict[Card, int]] = {
    contract: card_values(contract.trumps) for contract in Contract
}
_DECK_POINTS: dict[Contract, int] = {
    contract: sum(values.values()) for contract, values in CARD_POINTS.items()
}


class Doubling(enum.StrEnum):
    """Contra and recontra multiply the whole deal."""

    NONE = "none"
    """No contra: each team records its own points."""
    CONTRA = "contra"
    """Контра -- the deal counts twice."""
    RECONTRA = "recontra"
    """Реконтра -- the deal counts four times."""

    @property
    def multiplier(self) -> int:
        """1, 2 or 4."""
        return {Doubling.NONE: 1, Doubling.CONTRA: 2, Doubling.RECONTRA: 4}[self]


class Outcome(enum.StrEnum):
    """What became of the bidders' contract."""

    MADE = "made"
    """The bidders have strictly more raw points than the defenders."""
    INSIDE = "inside"
    """Вътре -- the bidders have fewer; the defenders take the whole deal."""
    HANGING = "hanging"
    """Висяща -- equal raw points; the bidders' share waits for the next deal."""


class Declaration(enum.StrEnum):
    """Kinds of declarations (обяви), counted per team."""

    TIERCE = "tierce"
    """Терца -- three cards in sequence, 20."""
    QUARTE = "quarte"
    """Кварта -- four in sequence, 50."""
    QUINT = "quint"
    """Квинта -- five or more in sequence, 100."""
    CARRE_JACKS = "carre_jacks"
    """Каре от валета -- a carré of jacks (four jacks), 200."""
    CARRE_NINES = "carre_nines"
    """Каре от деветки -- a carré of nines (four nines), 150."""
    CARRE = "carre"
    """Каре -- four aces, kings, queens or tens, 100."""
    BELOT = "belot"
    """Белот -- king and queen of a trump suit, 20."""


#: Points of each declaration ("tierce 20, quarte 50, quint 100, four jacks 200,
#: four nines 150, four aces/kings/queens/tens 100 each, belot 20").
DECLARATION_POINTS: dict[Declaration, int] = {
    Declaration.TIERCE: 20,
    Declaration.QUARTE: 50,
    Declaration.QUINT: 100,
    Declaration.CARRE_JACKS: 200,
    Declaration.CARRE_NINES: 150,
    Declaration.CARRE: 100,
    Declaration.BELOT: 20,
}

#: Fewest cards each sequence takes (a quint is five or more).
SEQUENCE_CARDS: dict[Declaration, int] = {
    Declaration.TIERCE: 3,
    Declaration.QUARTE: 4,
    Declaration.QUINT: 5,
}

#: How many of each carré the deck holds (one rank each; four ranks for 100).
CARRES_IN_DECK: dict[Declaration, int] = {
    Declaration.CARRE_JACKS: 1,
    Declaration.CARRE_NINES: 1,
    Declaration.CARRE: 4,
}

#: Attribute names of the declaration kinds (enum ``.value`` is slow in a hot loop).
_NAMES: dict[Declaration, str] = {kind: kind.value for kind in Declaration}

LAST_TRICK_POINTS = 10
"""The last trick (последна ръка), before No trumps doubles it."""

CAPOT_BONUS = 90
"""Капо (валат): the bonus for taking all eight tricks; never doubled by No trumps."""

CARDS_PER_PLAYER = 8

MAX_HANGING = 10_000
"""Upper bound for hanging points carried in; far above any real game."""


def _is_int(value: object) -> TypeGuard[int]:
    """True for a whole number; ``True`` and ``False`` are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True, kw_only=True)
class ByTeam[T]:
    """A pair of values, one for each team."""

    us: T
    them: T

    def __getitem__(self, team: Team) -> T:
        return self.us if team is Team.US else self.them

    def swapped(self) -> ByTeam[T]:
        """The same pair with the team labels exchanged."""
        return ByTeam(us=self.them, them=self.us)

    @classmethod
    def of(cls, team: Team, mine: T, theirs: T) -> ByTeam[T]:
        """Build a pair from one team's value and the other team's value."""
        return cls(us=mine, them=theirs) if team is Team.US else cls(us=theirs, them=mine)


@dataclass(frozen=True, slots=True, kw_only=True)
class Declarations:
    """One team's declarations -- accepted, or as announced -- as counts of each kind."""

    tierce: int = 0
    quarte: int = 0
    quint: int = 0
    carre_jacks: int = 0
    carre_nines: int = 0
    carre: int = 0
    belot: int = 0

    def __post_init__(self) -> None:
        for name in _NAMES.values():
            count = getattr(self, name)
            if not _is_int(count):
                raise InvalidInputError("not_integer", name, value=repr(count))
            if count < 0:
                raise InvalidInputError("negative_count", name, value=count)

    def __getitem__(self, kind: Declaration) -> int:
        count: int = getattr(self, _NAMES[kind])
        return count

    def items(self) -> Iterator[tuple[Declaration, int]]:
        """(kind, count) for each kind declared at least once, in table order."""
        for kind, name in _NAMES.items():
            count: int = getattr(self, name)
            if count:
                yield kind, count

    @property
    def points(self) -> int:
        """Total points of these declarations, belots included."""
        return sum(DECLARATION_POINTS[kind] * count for kind, count in self.items())

    def __bool__(self) -> bool:
        return any(True for _ in self.items())


@dataclass(frozen=True, slots=True, kw_only=True)
class Pile:
    """The card points counted in one team's pile, at face value, without the last trick.

    The points are typed, or counted from the pile's ``cards``
    (:meth:`counted`); then the deal checks that the cards can be a pile, and
    the explanation says how the points were counted.
    """

    team: Team
    points: int
    cards: frozenset[Card] | None = None
    """The cards entered for the pile, whose points are ``points`` (None: the points
    were typed). Perhaps only its cards with points: the deck's cards worth
    nothing fill the rest of its tricks."""
    tricks: int | None = None
    """How many tricks the pile holds, if the players said (only with ``cards``):
    checked against the cards, never scored."""

    @classmethod
    def counted(
        cls,
        *,
        team: Team,
        cards: Iterable[Card | str],
        contract: Contract,
        tricks: int | None = None,
    ) -> Pile:
        """The pile of ``cards`` (cards, or codes such as ``"JH"``), its points counted
        in ``contract``. Raises ``unknown_card`` or ``card_twice``."""
        chosen: set[Card] = set()
        for item in cards:
            card = item if isinstance(item, Card) else Card.parse(item)
            if card in chosen:
                raise InvalidInputError("card_twice", "cards.cards", card=card.code)
            chosen.add(card)
        points = contract.points_of(chosen)
        return cls(team=team, points=points, cards=frozenset(chosen), tricks=tricks)

    def __repr__(self) -> str:
        # The cards in the deck's order: a frozenset's own order changes from run to run.
        cards = self.cards
        if isinstance(cards, frozenset) and all(isinstance(card, Card) for card in cards):
            shown = ", ".join(repr(card) for card in in_deck_order(cards))
            cards_repr = f"frozenset({{{shown}}})" if cards else "frozenset()"
        else:
            cards_repr = repr(cards)
        return (
            f"Pile(team={self.team!r}, points={self.points!r}, cards={cards_repr}, "
            f"tricks={self.tricks!r})"
        )

    def swapped(self) -> Pile:
        """The same pile with the team label exchanged."""
        return Pile(team=self.team.other, points=self.points, cards=self.cards, tricks=self.tricks)


# --- Which declarations count (announced → accepted) ------------------------------


class Question(enum.StrEnum):
    """The two questions only the cards decide; also the keys of ``higher``."""

    SEQUENCE = "sequence"
    """Both teams' best sequences are of the same kind: whose is higher, or equal?"""
    CARRE = "carre"
    """Both teams hold a carré worth 100: whose rank is higher?"""

    @property
    def answers(self) -> tuple[Answer, ...]:
        """The answers the question allows: "Each rank exists once in the deck, so
        carrés never tie"; two sequences may be equal."""
        if self is Question.CARRE:
            return (Answer.US, Answer.THEM)
        return (Answer.US, Answer.THEM, Answer.EQUAL)


class Answer(enum.StrEnum):
    """An answer to a :class:`Question`."""

    US = "us"
    """Ours is higher."""
    THEM = "them"
    """Theirs is higher."""
    EQUAL = "equal"
    """Equal (sequences only: same length, same top card) -- neither team's counts."""

    @property
    def team(self) -> Team | None:
        """The team whose declaration is higher; None for equal."""
        return None if self is Answer.EQUAL else Team(self.value)

    @property
    def other(self) -> Answer:
        """The same answer with the team labels exchanged."""
        if self is Answer.EQUAL:
            return self
        return Answer.THEM if self is Answer.US else Answer.US


#: The question asked when both teams' best declaration is of this kind. A quint
#: is "5 or more" cards, so two quints are the same kind too: the question is then
#: whose quint is higher -- longer, or as long and ending on a higher card.
ASKED: dict[Declaration, Question] = {
    Declaration.TIERCE: Question.SEQUENCE,
    Declaration.QUARTE: Question.SEQUENCE,
    Declaration.QUINT: Question.SEQUENCE,
    Declaration.CARRE_JACKS: Question.CARRE,
    Declaration.CARRE_NINES: Question.CARRE,
    Declaration.CARRE: Question.CARRE,
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Higher:
    """The players' answers to the questions only the cards decide; None = not answered.

    An answer to a question that does not arise is kept but ignored: the core,
    not the form, knows whether a question arises.
    """

    sequence: Answer | None = None
    carre: Answer | None = None

    def __post_init__(self) -> None:
        for question in Question:
            answer = getattr(self, question.value)
            if answer is None:
                continue
            if not isinstance(answer, Answer):
                raise InvalidInputError(
                    "wrong_type", f"higher.{question}", expected="Answer", value=repr(answer)
                )
            if answer not in question.answers:
                raise InvalidInputError(
                    "invalid_choice",
                    f"higher.{question}",
                    value=str(answer),
                    choices=tuple(str(choice) for choice in question.answers),
                )

    def __getitem__(self, question: Question) -> Answer | None:
        answer: Answer | None = getattr(self, question.value)
        return answer

    def swapped(self) -> Higher:
        """The same answers with the team labels exchanged."""
        return Higher(
            sequence=None if self.sequence is None else self.sequence.other,
            carre=None if self.carre is None else self.carre.other,
        )


def _is_declarations_by_team(value: object) -> TypeGuard[ByTeam[Declarations]]:
    return (
        isinstance(value, ByTeam)
        and isinstance(value.us, Declarations)
        and isinstance(value.them, Declarations)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Announced:
    """What each team announced at the table, with the answers only the cards give.

    A :class:`Deal` built with it scores the declarations :func:`accept` lets count.
    """

    declarations: ByTeam[Declarations]
    """Each team's announced declarations, belots included."""
    higher: Higher = Higher()
    """The answers to the questions that may arise."""

    def __post_init__(self) -> None:
        if not _is_declarations_by_team(self.declarations):
            raise InvalidInputError(
                "wrong_type",
                "announced",
                expected="ByTeam[Declarations]",
                value=repr(self.declarations),
            )
        if not isinstance(self.higher, Higher):
            raise InvalidInputError(
                "wrong_type", "higher", expected="Higher", value=repr(self.higher)
            )

    def swapped(self) -> Announced:
        """The same announcement with the team labels exchanged."""
        return Announced(declarations=self.declarations.swapped(), higher=self.higher.swapped())


@dataclass(frozen=True, slots=True, kw_only=True)
class Contest:
    """Declarations that compete: "only the team holding the highest ... scores, and
    then ALL its" declarations of the contest."""

    name: str
    """The contest in the explanation's words: "sequences", "carres"."""
    ranks: tuple[Declaration, ...]
    """The kinds that compete, weakest first. When both teams' best is the same
    kind, the kind's question (:data:`ASKED`) decides."""

    def best(self, declarations: Declarations) -> Declaration | None:
        """The strongest kind of this contest among one team's declarations."""
        for kind in reversed(self.ranks):
            if declarations[kind]:
                return kind
        return None


#: The rule book's contests. "Sequences (tierce 3 cards, quarte 4, quint 5 or more)
#: are one contest ... Longer beats shorter"; "Carrés are a separate contest ...
#: Rank: jacks > nines > aces > tens > kings > queens" (the four 100-carrés are one
#: kind here, so two of them ask whose rank is higher). "Belots are never
#: compared": a kind in no contest always counts. A house rule may pass another
#: table to :func:`accept` (one contest for all declarations, say).
CONTESTS: tuple[Contest, ...] = (
    Contest(name="sequences", ranks=(Declaration.TIERCE, Declaration.QUARTE, Declaration.QUINT)),
    Contest(
        name="carres",
        ranks=(Declaration.CARRE, Declaration.CARRE_NINES, Declaration.CARRE_JACKS),
    ),
)


#: The house rule ``one_declaration_contest``: sequences and carrés in one contest,
#: "value first; a carré beats a sequence of equal value" -- a quint and a 100-carré
#: are both worth 100, and the carré wins. Two best declarations of the same kind
#: still ask the kind's question (two quartes: whose is higher).
ONE_CONTEST: tuple[Contest, ...] = (
    Contest(
        name="declarations",
        ranks=(
            Declaration.TIERCE,
            Declaration.QUARTE,
            Declaration.QUINT,
            Declaration.CARRE,
            Declaration.CARRE_NINES,
            Declaration.CARRE_JACKS,
        ),
    ),
)


def contests_for(rules: Rules) -> tuple[Contest, ...]:
    """The contests among declarations under ``rules``."""
    return ONE_CONTEST if rules.one_declaration_contest else CONTESTS


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """How one contest was decided, for the explanation."""

    contest: Contest
    best: ByTeam[Declaration | None]
    """Each team's strongest declaration in the contest (None: it had none)."""
    winner: Team | None
    """The team whose declarations of the contest count; None when the two best
    were equal and neither team's count."""
    answer: Answer | None = None
    """The players' answer that decided, when the cards had to."""

    @property
    def contested(self) -> bool:
        """True when both teams had a declaration in this contest."""
        return self.best.us is not None and self.best.them is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class Acceptance:
    """Which declarations count, and why."""

    accepted: ByTeam[Declarations]
    """The declarations that count, per team."""
    verdicts: tuple[Verdict, ...] = ()
    """One per contest in which anything was announced, in table order."""
    questions: Higher = Higher()
    """The answers used, only for the questions that arose."""


def _decide(
    announced: Announced, contests: tuple[Contest, ...]
) -> tuple[Acceptance, tuple[InvalidInputError, ...]]:
    """The acceptance, and a ``needs_answer`` error per unanswered question."""
    declared = announced.declarations
    counts = {team: dict(declared[team].items()) for team in Team}
    verdicts: list[Verdict] = []
    missing: list[InvalidInputError] = []
    used: dict[str, Answer] = {}
    for contest in contests:
        best = ByTeam(us=contest.best(declared.us), them=contest.best(declared.them))
        answer: Answer | None = None
        if best.us is None and best.them is None:
            continue
        if best.us is None or best.them is None:
            # Only one team has declarations in this contest: they all count.
            winner: Team | None = Team.US if best.them is None else Team.THEM
        elif best.us is not best.them:
            # "Longer beats shorter"; "jacks > nines > ..." -- later in ``ranks``.
            ours, theirs = contest.ranks.index(best.us), contest.ranks.index(best.them)
            winner = Team.US if ours > theirs else Team.THEM
        else:
            # "The only facts the calculator cannot know from the announcements."
            question = ASKED[best.us]
            answer = announced.higher[question]
            if answer is None:
                missing.append(
                    InvalidInputError(
                        "needs_answer",
                        f"higher.{question}",
                        question=str(question),
                        kind=str(best.us),
                        choices=tuple(str(choice) for choice in question.answers),
                    )
                )
                continue
            used[question.value] = answer
            # "if the two best sequences are equal ..., no sequence of either team counts"
            winner = answer.team
        for team in Team:
            if team is not winner:
                for kind in contest.ranks:
                    counts[team].pop(kind, None)
        verdicts.append(Verdict(contest=contest, best=best, winner=winner, answer=answer))
    accepted = ByTeam(
        us=Declarations(**{str(kind): n for kind, n in counts[Team.US].items()}),
        them=Declarations(**{str(kind): n for kind, n in counts[Team.THEM].items()}),
    )
    acceptance = Acceptance(accepted=accepted, verdicts=tuple(verdicts), questions=Higher(**used))
    return acceptance, tuple(missing)


def accept(announced: Announced, contests: tuple[Contest, ...] = CONTESTS) -> Acceptance:
    """The declarations that count, by the rule book's "Which declarations count".

    Each contest is won by the team holding its strongest declaration, which then
    scores all its declarations of the contest; kinds in no contest (belots)
    always count. Raises :class:`InvalidInputError` ``needs_answer`` when a
    question arises that ``announced.higher`` does not answer.
    """
    acceptance, missing = _decide(announced, contests)
    if missing:
        raise missing[0]
    return acceptance


def open_questions(
    announced: Announced, contests: tuple[Contest, ...] = CONTESTS
) -> tuple[InvalidInputError, ...]:
    """A ``needs_answer`` error for each question that arises without an answer."""
    return _decide(announced, contests)[1]


# --- Team names --------------------------------------------------------------------

MAX_NAME_LENGTH = 40
"""The longest team name, in characters, counted once it is cleaned: trimmed, and
without invisible characters (a pasted name is not refused for what nobody sees)."""


def clean_name(value: object, where: str) -> str:
    """A player's or a team's name as the core keeps it: without invisible characters
    (:func:`~belot_core.text.visible`), trimmed, white space inside shrunk to one space;
    ``wrong_type`` for a value that is no string, ``name_too_long`` (at ``where``) for
    one longer than :data:`MAX_NAME_LENGTH` once cleaned."""
    if not isinstance(value, str):
        raise InvalidInputError("wrong_type", where, expected="string", value=echo(repr(value)))
    name = clean(value)
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidInputError("name_too_long", where, max=MAX_NAME_LENGTH, length=len(name))
    return name


@dataclass(frozen=True, slots=True, kw_only=True)
class Names:
    """The teams' own names for the explanation; empty = the language's (Ние/Вие, we/they).

    Names are cleaned: their invisible characters removed (bidi controls and other
    format characters, :func:`~belot_core.text.visible`), then trimmed (white
    space inside shrinks to one space). A cleaned name is at most
    :data:`MAX_NAME_LENGTH` characters long; one of nothing but invisible
    characters is empty, the default.
    """

    us: str = ""
    them: str = ""

    def __post_init__(self) -> None:
        for team in Team:
            object.__setattr__(
                self, team.value, clean_name(getattr(self, team.value), f"names.{team}")
            )

    def __getitem__(self, team: Team) -> str:
        return self.us if team is Team.US else self.them


def _sequences_fit(declarations: Declarations) -> bool:
    """Can two players of eight cards each hold these sequences?"""
    counts = [declarations[kind] for kind in SEQUENCE_CARDS]
    sizes = list(SEQUENCE_CARDS.values())
    cards = sum(c * s for c, s in zip(counts, sizes, strict=True))
    if cards <= CARDS_PER_PLAYER:
        return True
    if cards > 2 * CARDS_PER_PLAYER:
        return False
    for split in product(*(range(c + 1) for c in counts)):
        first = sum(n * s for n, s in zip(split, sizes, strict=True))
        second = sum((c - n) * s for c, n, s in zip(counts, split, sizes, strict=True))
        if first <= CARDS_PER_PLAYER and second <= CARDS_PER_PLAYER:
            return True
    return False


def deal_problems(
    *,
    contract: object,
    bidder: object,
    doubling: object,
    pile: object,
    last_trick: object,
    capot: object,
    declarations: object,
    hanging_in: object,
    announced: object = None,
    rules: object = DEFAULT_RULES,
) -> tuple[BelotError, ...]:
    """Every problem with these deal fields, in field order; empty when valid.

    Fields are the same as :class:`Deal`'s; the values may be of any type.
    """
    problems = list(
        _field_problems(
            contract=contract,
            bidder=bidder,
            doubling=doubling,
            pile=pile,
            last_trick=last_trick,
            capot=capot,
            declarations=declarations,
            hanging_in=hanging_in,
            announced=announced,
            rules=rules,
        )
    )
    if problems:
        return tuple(problems)
    # The fields are well formed; now the rules of the game.
    assert isinstance(pile, Pile) and isinstance(contract, Contract)
    assert isinstance(last_trick, Team) and (capot is None or isinstance(capot, Team))
    if pile.cards is not None:
        problems.extend(_card_problems(contract, pile, capot))
    if capot is not None and not problems:
        problems.extend(_capot_problems(contract, pile, capot, last_trick))
    return tuple(problems)


def _field_problems(
    *,
    contract: object,
    bidder: object,
    doubling: object,
    pile: object,
    last_trick: object,
    capot: object,
    declarations: object,
    hanging_in: object,
    announced: object,
    rules: object,
) -> Iterator[BelotError]:
    """Each field of a deal of the right type and in range, in field order."""
    if not isinstance(rules, Rules):
        yield InvalidInputError("wrong_type", "rules", expected="Rules", value=echo(repr(rules)))
        rules = DEFAULT_RULES
    yield from _wrong_enum("contract", contract, Contract)
    yield from _wrong_enum("bidder", bidder, Team)
    yield from _wrong_enum("doubling", doubling, Doubling)
    yield from _wrong_enum("last_trick", last_trick, Team)
    if capot is not None:
        yield from _wrong_enum("capot", capot, Team)
    if not isinstance(pile, Pile):
        yield InvalidInputError("wrong_type", "cards", expected="Pile", value=repr(pile))
    else:
        yield from _wrong_enum("cards.team", pile.team, Team)
        yield from _pile_problems(pile, contract)
    if not _is_int(hanging_in):
        yield InvalidInputError("not_integer", "hanging_in", value=repr(hanging_in))
    elif not 0 <= hanging_in <= MAX_HANGING:
        yield InvalidInputError(
            "hanging_out_of_range", "hanging_in", value=hanging_in, max=MAX_HANGING
        )
    if not _is_declarations_by_team(declarations):
        yield InvalidInputError(
            "wrong_type", "declarations", expected="ByTeam[Declarations]", value=repr(declarations)
        )
    elif isinstance(contract, Contract):
        yield from _declaration_problems(contract, declarations, "declarations")
    if announced is not None:
        yield from _announced_problems(contract, declarations, announced, rules)


def _wrong_enum(name: str, value: object, kind: type[enum.StrEnum]) -> Iterator[BelotError]:
    """The field ``name`` is not one of ``kind``'s members."""
    if not isinstance(value, kind):
        yield InvalidInputError("wrong_type", name, expected=kind.__name__, value=repr(value))


def _capot_problems(
    contract: Contract, pile: Pile, capot: Team, last_trick: Team
) -> Iterator[BelotError]:
    """A capot's team holds every card point and the last trick."""
    # "Capot: one team took all eight tricks. It then holds all card points and the
    # last trick."
    holds = pile.points if pile.team is capot else contract.deck_points - pile.points
    if holds != contract.deck_points or last_trick is not capot:
        yield RuleViolationError(
            "capot_without_all_tricks",
            "capot",
            team=str(capot),
            points=holds,
            deck=contract.deck_points,
            last_trick=str(last_trick),
        )


def _pile_problems(pile: Pile, contract: object) -> Iterator[BelotError]:
    """A pile's points, cards and tricks: of the right types and in range."""
    if not _is_int(pile.points):
        yield InvalidInputError("not_integer", "cards.points", value=repr(pile.points))
    elif isinstance(contract, Contract) and not 0 <= pile.points <= contract.deck_points:
        yield InvalidInputError(
            "points_out_of_range", "cards.points", value=pile.points, max=contract.deck_points
        )
    if pile.cards is None:
        if pile.tricks is not None:
            # The tricks are a check of the cards: without cards there is nothing to check.
            yield InvalidInputError("tricks_without_cards", "cards.tricks")
        return
    if pile.tricks is not None:
        if not _is_int(pile.tricks):
            yield InvalidInputError("not_integer", "cards.tricks", value=repr(pile.tricks))
        elif not 0 <= pile.tricks <= TRICKS:
            yield InvalidInputError(
                "tricks_out_of_range", "cards.tricks", value=pile.tricks, max=TRICKS
            )
    if not isinstance(pile.cards, frozenset) or not all(
        isinstance(card, Card) for card in pile.cards
    ):
        yield InvalidInputError(
            "wrong_type", "cards.cards", expected="frozenset[Card]", value=echo(repr(pile.cards))
        )
    elif isinstance(contract, Contract) and _is_int(pile.points):
        counted = contract.points_of(pile.cards)
        if pile.points != counted:
            yield InvalidInputError(
                "cards_points_mismatch", "cards.points", value=pile.points, counted=counted
            )


def _card_problems(contract: Contract, pile: Pile, capot: Team | None) -> Iterator[BelotError]:
    """Can these cards be the pile, in whole tricks, with its tricks and the capot?"""
    assert pile.cards is not None
    cards, tricks, values = pile.cards, pile.tricks, CARD_POINTS[contract]
    possible = possible_tricks(cards, values)
    if capot is not None:
        # "Capot: one team took all eight tricks": its pile is the whole deck, the
        # other pile is empty.
        needed = TRICKS if pile.team is capot else 0
        if tricks is not None and tricks != needed:
            yield RuleViolationError(
                "capot_needs_tricks", "cards.tricks", team=str(capot), tricks=tricks, needed=needed
            )
        elif needed not in possible and needed:
            # Every card with points is in the capot's pile.
            missing = tuple(card.code for card in DECK if values[card] and card not in cards)
            yield RuleViolationError(
                "capot_pile_incomplete", "cards.cards", team=str(capot), missing=missing
            )
        elif needed not in possible:
            # Not a card is in the other team's pile.
            yield RuleViolationError(
                "capot_pile_not_empty", "cards.cards", team=str(capot), count=len(cards)
            )
        return
    if tricks is not None:
        holds = tricks * CARDS_PER_TRICK
        if len(cards) > holds:
            yield RuleViolationError(
                "cards_over_tricks", "cards.tricks", tricks=tricks, holds=holds, count=len(cards)
            )
        elif tricks not in possible:
            fill = sum(1 for card in DECK if not values[card] and card not in cards)
            yield RuleViolationError(
                "cards_under_tricks",
                "cards.tricks",
                tricks=tricks,
                holds=holds,
                count=len(cards),
                fill=fill,
            )
        elif tricks in (0, TRICKS):
            # "0 or 8 tricks means a capot" -- which the deal must say.
            taker = pile.team if tricks else pile.team.other
            yield RuleViolationError("tricks_mean_capot", "capot", team=str(taker), tricks=tricks)
    elif not possible:
        yield RuleViolationError("cards_not_whole_tricks", "cards.cards", count=len(cards))
    elif possible.start == TRICKS:
        # So many cards that the pile can only be every trick: a capot.
        yield RuleViolationError("tricks_mean_capot", "capot", team=str(pile.team), tricks=TRICKS)


def _announced_problems(
    contract: object, declarations: object, announced: object, rules: Rules
) -> Iterator[BelotError]:
    """Announced declarations: alone, within the deck's limits, their questions answered."""
    if not isinstance(announced, Announced):
        yield InvalidInputError(
            "wrong_type", "announced", expected="Announced", value=repr(announced)
        )
        return
    if _is_declarations_by_team(declarations) and (declarations.us or declarations.them):
        # Either what was accepted, or what was announced -- never both.
        yield InvalidInputError("declarations_and_announced", "announced")
        return
    if not isinstance(contract, Contract):
        return
    # The deck limits the announced declarations as it limits the accepted ones.
    limits = tuple(_declaration_problems(contract, announced.declarations, "announced"))
    yield from limits
    if not limits:
        yield from open_questions(announced, contests_for(rules))


def _declaration_problems(
    contract: Contract, declarations: ByTeam[Declarations], where: str
) -> Iterator[BelotError]:
    """Declarations that the contract or the deck cannot hold."""
    if not contract.has_declarations:
        for team in Team:
            if declarations[team]:
                yield RuleViolationError(
                    "declarations_in_no_trumps", f"{where}.{team}", team=str(team)
                )
        return
    belots = declarations.us.belot + declarations.them.belot
    if belots > contract.max_belots:
        team = Team.US if declarations.us.belot > contract.max_belots else Team.THEM
        yield RuleViolationError(
            "too_many_belots",
            f"{where}.{team}.belot",
            count=belots,
            max=contract.max_belots,
            contract=str(contract),
        )
    for kind, in_deck in CARRES_IN_DECK.items():
        count = declarations.us[kind] + declarations.them[kind]
        if count > in_deck:
            team = Team.US if declarations.us[kind] > in_deck else Team.THEM
            yield RuleViolationError(
                "too_many_carres",
                f"{where}.{team}.{kind}",
                kind=str(kind),
                count=count,
                max=in_deck,
            )
    for team in Team:
        if not _sequences_fit(declarations[team]):
            yield RuleViolationError("too_many_sequences", f"{where}.{team}", team=str(team))


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """One deal as the players enter it.

    ``pile`` is the card points of ONE pile (usually the smaller), at face value
    and without the last trick; the other pile is the deck's total minus it.
    ``hanging_in`` is game points still hanging from earlier deals.

    Declarations are either ``declarations`` (the accepted ones, as the players
    agreed them) or ``announced`` (what each team announced; the rules decide which
    count), not both. ``acceptance`` holds the outcome either way.

    ``rules`` is the rule set the deal is scored by: the rule book unless the
    table plays house rules (they may change which announced declarations count,
    and so which questions arise).
    """

    contract: Contract
    bidder: Team
    pile: Pile
    last_trick: Team
    doubling: Doubling = Doubling.NONE
    capot: Team | None = None
    declarations: ByTeam[Declarations] = field(
        default_factory=lambda: ByTeam(us=Declarations(), them=Declarations())
    )
    hanging_in: int = 0
    announced: Announced | None = None
    rules: Rules = DEFAULT_RULES
    acceptance: Acceptance = field(init=False, repr=False, compare=False)
    """The declarations that count, and why (worked out when the deal is built)."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        # Hashed once: a deal is looked up in the sheet's memos on every request.
        return hash_once(self)

    def __post_init__(self) -> None:
        problems = deal_problems(
            contract=self.contract,
            bidder=self.bidder,
            doubling=self.doubling,
            pile=self.pile,
            last_trick=self.last_trick,
            capot=self.capot,
            declarations=self.declarations,
            hanging_in=self.hanging_in,
            announced=self.announced,
            rules=self.rules,
        )
        if problems:
            raise problems[0]
        if self.announced is None:
            acceptance = Acceptance(accepted=self.declarations)
        else:
            acceptance = accept(self.announced, contests_for(self.rules))
        object.__setattr__(self, "acceptance", acceptance)

    @property
    def defenders(self) -> Team:
        """The team that did not bid."""
        return self.bidder.other

    def card_points(self) -> ByTeam[int]:
        """Each team's card points at face value (before No trumps doubles them)."""
        mine = self.pile.points
        return ByTeam.of(self.pile.team, mine, self.contract.deck_points - mine)

    def swapped(self) -> Deal:
        """The same deal with the team labels exchanged."""
        return Deal(
            contract=self.contract,
            bidder=self.bidder.other,
            pile=self.pile.swapped(),
            last_trick=self.last_trick.other,
            doubling=self.doubling,
            capot=None if self.capot is None else self.capot.other,
            declarations=self.declarations.swapped(),
            hanging_in=self.hanging_in,
            announced=None if self.announced is None else self.announced.swapped(),
            rules=self.rules,
        )
