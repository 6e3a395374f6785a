"""Long games for the benchmarks: realistic deals, a sheet that does not end early.

    python bench/long_games.py [--deals 60 100] > scenarios.json

A real game to 151 lasts about 10-25 deals; a long evening's 30-60 deals are
several such games, each its own sheet. A single sheet of 60 or 100 deals is a
stress shape, and it can only exist one way: the sheet refuses deals after the
end, and a game ends at the first deal (not a capot, not passed) after which a
team has 151 or more and the totals differ. So each game here is built deal by
deal from realistic random deals (a seeded draw, the same every run):

* the opening, while both totals are under 151, takes any deal that keeps the
  game open: suits, All trumps and No trumps; declarations, mostly as announced,
  with the questions the cards decide answered; contra and recontra; hanging
  deals, forced now and then by an exact tie, carried and claimed; capots; deals
  where all four passed;
* from about 100 points on, among several drawn deals the one that brings the
  totals closest is taken, so the sheet reaches the target level;
* past the target only deals that record the same for both teams (or are
  passed) keep a game open, so the rest of the sheet is such deals -- still
  real deals with declarations, contests and belots, drawn the same way.

What a benchmark measures per change -- parsing, scoring and explaining every
deal on the sheet -- depends on how many deals there are and how much each one
says, not on whether the totals are level, so these games cost what a real
sheet of that length would. The module uses only the public API of the core,
so it runs against any version of it, in CPython and inside Pyodide.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from belot_core import BelotError, Contract, score_deal
from belot_core.json_api import deal_from_dict

type Item = dict[str, Any]
"""One deal of a game, as the JSON contract writes it (or ``{"passed": true}``)."""

NAMES = {"us": "Иван и Петър", "them": "Мария и Ана"}
"""A long evening has names on the sheet; they reach every explanation."""

TARGET = 151
#: Contracts as often as they are played: All trumps and No trumps are popular bids.
CONTRACT_WEIGHTS = {
    Contract.CLUBS: 13,
    Contract.DIAMONDS: 13,
    Contract.HEARTS: 13,
    Contract.SPADES: 13,
    Contract.ALL_TRUMPS: 28,
    Contract.NO_TRUMPS: 20,
}
PASSED = 0.07
CAPOT = 0.03
FORCED_TIE = 0.05
ANNOUNCED = 0.7
#: Per team: the best sequence (none, tierce, quarte, quint, two tierces).
SEQUENCES = ((None, 55), ("tierce", 30), ("quarte", 10), ("quint", 4), ("tierce2", 1))
#: Per team: a carré (none, of a hundred, of jacks, of nines).
CARRES = ((None, 95), ("carre", 3), ("carre_jacks", 1), ("carre_nines", 1))
NEAR = 120
"""From here on, the deal that brings the totals closest is taken."""
LEAD = 60
"""The largest lead taken (a larger one could not be caught up before 151)."""
"""From here on, the deal that brings the totals closest is taken."""
CANDIDATES = 60
"""Deals drawn for each place on the sheet; one that keeps the game open is taken."""


def _pick[T](rng: random.Random, weighted: tuple[tuple[T, int], ...]) -> T:
    values, weights = zip(*weighted, strict=True)
    return rng.choices(values, weights)[0]


def _declarations(rng: random.Random, contract: Contract) -> dict[str, dict[str, int]]:
    """Both teams' declarations as the players call them; no belot twice in a suit."""
    counts: dict[str, dict[str, int]] = {"us": {}, "them": {}}
    if contract is Contract.NO_TRUMPS:
        return counts
    taken: set[str] = set()
    for team in counts:
        sequence = _pick(rng, SEQUENCES)
        if sequence == "tierce2":
            counts[team]["tierce"] = 2
        elif sequence is not None:
            counts[team][sequence] = 1
        carre = _pick(rng, CARRES)
        if carre is not None and carre not in taken:
            counts[team][carre] = 1
            taken.add(carre)
    if contract is Contract.ALL_TRUMPS:
        for team in counts:
            belots = _pick(rng, ((0, 70), (1, 25), (2, 5)))
            if belots:
                counts[team]["belot"] = belots
    elif rng.random() < 0.3:
        counts[rng.choice(("us", "them"))]["belot"] = 1
    return counts


def _raw(
    contract: Contract, declared: dict[str, dict[str, int]], last: str, team: str, cards: int
) -> int:
    """A team's raw points (for forcing a tie), declarations as if all counted."""
    points = {
        "tierce": 20,
        "quarte": 50,
        "quint": 100,
        "carre": 100,
        "carre_jacks": 200,
        "carre_nines": 150,
        "belot": 20,
    }
    factor = contract.card_multiplier
    extra = sum(points[kind] * count for kind, count in declared[team].items())
    return (cards + (10 if last == team else 0)) * factor + extra


def random_item(rng: random.Random, near_tie: int | None = None) -> Item:
    """One deal as a player enters it at the table (hanging points are the sheet's).

    ``near_tie``: the bidders' card points are that many off an exact tie (and
    nobody doubles): the deals that end near-level, which a long sheet needs.
    """
    if near_tie is None and rng.random() < PASSED:
        return {"passed": True}
    contract = Contract(_pick(rng, tuple(CONTRACT_WEIGHTS.items())))
    deck = contract.deck_points
    bidder = rng.choice(("us", "them"))
    defenders = "them" if bidder == "us" else "us"
    doubling = _pick(rng, (("none", 88), ("contra", 10), ("recontra", 2)))
    declared = _declarations(rng, contract)
    item: Item = {"contract": str(contract), "bidder": bidder, "doubling": doubling}
    if near_tie is None and rng.random() < CAPOT:
        capot = bidder if rng.random() < 0.85 else defenders
        item.update(cards={"team": capot, "points": deck}, last_trick=capot, capot=capot)
    else:
        # The bidders usually take most of the cards; the smaller pile is counted.
        share = min(max(rng.gauss(0.58, 0.16), 0.0), 1.0)
        mine = round(deck * share)
        last = bidder if rng.random() < (0.7 if share >= 0.5 else 0.3) else defenders
        if near_tie is not None or rng.random() < FORCED_TIE:
            # Висяща: the bidders' cards that give them exactly the defenders' total.
            theirs = _raw(contract, declared, last, defenders, 0)
            ours = _raw(contract, declared, last, bidder, 0)
            factor = contract.card_multiplier
            tie = (deck * factor + theirs - ours) / (2 * factor)
            if near_tie is not None:
                item["doubling"] = "none"
                mine = min(max(round(tie) + near_tie, 0), deck)
            elif tie.is_integer() and 0 <= tie <= deck:
                mine = int(tie)
        smaller, points = (bidder, mine) if mine <= deck - mine else (defenders, deck - mine)
        item.update(cards={"team": smaller, "points": points}, last_trick=last, capot=None)
    if any(declared.values()):
        if rng.random() < ANNOUNCED:
            item["announced"] = declared
        else:
            item["declarations"] = declared
    return item


def _scored(item: Item, hanging: int) -> tuple[dict[str, int], int, bool] | None:
    """(record, hanging out, capot) of ``item`` with ``hanging`` carried in; None if invalid.

    A question the cards decide is answered at random, as the players would.
    """
    request = {"version": 1, **item, "hanging_in": hanging}
    try:
        deal = deal_from_dict(request)
    except BelotError as error:
        if error.code != "needs_answer":
            return None
        raise _Unanswered(error.field.removeprefix("higher.")) from None
    result = score_deal(deal)
    record = {"us": result.record.us, "them": result.record.them}
    return record, result.hanging_out, deal.capot is not None


class _Unanswered(Exception):
    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.question = question


def _answered(rng: random.Random, item: Item, hanging: int) -> tuple[Item, Any]:
    """The item with every question that arises answered, and its score (or None)."""
    while True:
        try:
            return item, _scored(item, hanging)
        except _Unanswered as missing:
            choices = ["us", "them"] + (["equal"] if missing.question == "sequence" else [])
            item = {
                **item,
                "higher": {**item.get("higher", {}), missing.question: rng.choice(choices)},
            }


type _Drawn = tuple[Item, dict[str, int], int, bool]


def _draw(rng: random.Random, hanging: int, near_tie: int | None = None) -> _Drawn | None:
    """A deal drawn at random, scored with ``hanging`` carried in: (item, record, hanging
    out, capot); None when it is passed or invalid."""
    item = random_item(rng, near_tie)
    if item.get("passed"):
        return None
    item, score = _answered(rng, item, hanging)
    return None if score is None else (item, *score)


@dataclass(slots=True)
class _State:
    totals: dict[str, int]
    hanging: int

    def after(self, record: dict[str, int], hanging: int) -> _State:
        return _State({team: self.totals[team] + record[team] for team in record}, hanging)

    def ends(self, capot: bool) -> bool:
        """Does the game end now (the rule book's end, as the sheet applies it)?"""
        us, them = self.totals["us"], self.totals["them"]
        return not capot and max(us, them) >= TARGET and us != them


def long_game(deals: int, seed: int = 151) -> dict[str, Any]:
    """A game request (the contract's format) of ``deals`` deals that stays open."""
    rng = random.Random(seed)
    items: list[Item] = []
    state = _State({"us": 0, "them": 0}, 0)
    while len(items) < deals:
        if rng.random() < PASSED:
            items.append({"passed": True})
            continue
        near = max(state.totals.values()) >= NEAR
        fitting: list[tuple[int, Item, _State]] = []
        for _ in range(CANDIDATES * 10):
            offsets = [None, *rng.sample(range(-12, 13), 25)] if near else [None]
            template = rng.getstate()
            for offset in offsets:
                rng.setstate(template)  # the same deal, other card points
                drawn = _draw(rng, state.hanging, offset)
                if drawn is None:
                    continue
                item, record, hanging, capot = drawn
                after = state.after(record, hanging)
                distance = abs(after.totals["us"] - after.totals["them"])
                if after.ends(capot) or (near and (hanging or capot)) or distance > LEAD:
                    continue
                fitting.append((distance if near else 0, item, after))
            if len(fitting) >= CANDIDATES or (near and any(fit[0] == 0 for fit in fitting)):
                break
        if not fitting:
            raise RuntimeError(f"no deal keeps the game open after {len(items)} deals: {state}")
        best = min(distance for distance, _, _ in fitting)
        chosen = [(item, after) for distance, item, after in fitting if distance == best]
        item, state = rng.choice(chosen)
        items.append(item)
    return {"version": 1, "names": dict(NAMES), "deals": items}


def next_items(game: dict[str, Any], count: int, seed: int = 61) -> list[Item]:
    """``count`` different deals, each of which keeps ``game`` open when recorded next."""
    from belot_core.json_api import game_from_dict

    sheet = game_from_dict(game)
    state = _State({"us": sheet.totals.us, "them": sheet.totals.them}, sheet.hanging)
    rng = random.Random(seed)
    found: list[Item] = []
    while len(found) < count:
        drawn = _draw(rng, state.hanging)
        if drawn is None:
            continue
        item, record, hanging, capot = drawn
        if not state.after(record, hanging).ends(capot) and item not in found:
            found.append(item)
    return found


def first_deal_edits(game: dict[str, Any], count: int, tries: int = 30) -> list[Item]:
    """Corrections of deal 1 that the sheet accepts, ``count`` of them (repeating).

    The same deal entered from the other pile always fits (the most common
    correction: the pile was counted for the wrong team); other deals where the
    game still stays open after them, if ``tries`` random ones find any. A long
    sheet past 151 is level, so a correction that changed deal 1's record would
    end the game at once and be refused; the cost of one that is accepted is
    the same: deal 1 is read and scored again, every total after it is added
    again.
    """
    from belot_core.json_api import game_from_dict

    first = game["deals"][0]
    edits: list[Item] = []
    if "cards" in first:
        contract = Contract(first["contract"])
        cards = first["cards"]
        other = "them" if cards["team"] == "us" else "us"
        edits.append(
            {**first, "cards": {"team": other, "points": contract.deck_points - cards["points"]}}
        )
    rng = random.Random(7)
    for _ in range(tries):
        drawn = _draw(rng, 0)
        if drawn is None or drawn[0] in edits:
            continue
        item = drawn[0]
        try:
            sheet = game_from_dict({**game, "deals": [item, *game["deals"][1:]]})
        except BelotError:
            continue
        if not sheet.finished:
            edits.append(item)
    if not edits:
        raise RuntimeError("no correction of deal 1 keeps this game open")
    return [edits[index % len(edits)] for index in range(count)]


def describe(game: dict[str, Any]) -> dict[str, Any]:
    """What a game holds: how many deals of each kind (for the bench's notes)."""
    from belot_core.json_api import game_from_dict

    sheet = game_from_dict(game)
    items = game["deals"]
    played = [item for item in items if not item.get("passed")]
    return {
        "deals": len(items),
        "passed": len(items) - len(played),
        "with_declarations": sum(
            1 for item in played if item.get("announced") or item.get("declarations")
        ),
        "announced": sum(1 for item in played if "announced" in item),
        "doubled": sum(1 for item in played if item.get("doubling", "none") != "none"),
        "capot": sum(1 for item in played if item.get("capot")),
        "hanging": sum(1 for row in sheet.rows if row.result and row.result.outcome == "hanging"),
        "contracts": sorted({item["contract"] for item in played}),
        "totals": {"us": sheet.totals.us, "them": sheet.totals.them},
        "finished": sheet.finished,
    }


def scenarios(sizes: tuple[int, ...] = (20, 60, 100), samples: int = 40) -> list[dict[str, Any]]:
    """For each size: the game, and the changes the bench times on it.

    ``base`` is the sheet before the change (the request the page sent last);
    ``append`` are different deals to record next, ``edits`` corrections of deal 1.
    """
    out = []
    for size in sizes:
        game = long_game(size)
        out.append(
            {
                "size": size,
                "base": game,
                "append": next_items(game, samples),
                "edits": first_deal_edits(game, samples),
                "shape": describe(game),
            }
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[20, 60, 100])
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    json.dump(scenarios(tuple(args.deals), args.samples), sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
