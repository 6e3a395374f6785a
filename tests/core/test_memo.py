"""The core's memos: bounded, emptied on demand, keyed by values that hash once."""

from __future__ import annotations

import json
from dataclasses import replace

from belot_core import Contract, Deal, GameSheet, Pile, Team, memo, score_deal
from belot_core.json_api import MAX_ERRORS, deal_to_dict, score_game_json

US, THEM = Team.US, Team.THEM


def many_deals(count: int) -> list[Deal]:
    """``count`` different valid deals."""
    deals = []
    for contract in (Contract.HEARTS, Contract.ALL_TRUMPS, Contract.NO_TRUMPS, Contract.CLUBS):
        for points in range(contract.deck_points + 1):
            for last in (US, THEM):
                deals.append(
                    Deal(
                        contract=contract,
                        bidder=US,
                        pile=Pile(team=US, points=points),
                        last_trick=last,
                    )
                )
                if len(deals) == count:
                    return deals
    raise AssertionError("not enough deals")


def test_every_memo_keeps_at_most_memo_size_entries() -> None:
    memo.clear()
    for deal in many_deals(memo.MEMO_SIZE + 40):
        GameSheet((deal,))
        game = {"version": 1, "deals": [deal_to_dict(deal, in_game=True)]}
        assert json.loads(score_game_json(json.dumps(game)))["ok"]
    sizes = {name: info["size"] for name, info in memo.stats().items()}
    assert sizes["belot_core.sheet._scored"] == memo.MEMO_SIZE
    assert sizes["belot_core.json_read._game_deal"] == memo.MEMO_SIZE
    assert max(sizes.values()) <= memo.MEMO_SIZE


def test_clear_empties_every_memo() -> None:
    GameSheet(tuple(many_deals(3)[:1]))
    memo.clear()
    assert all(info["size"] == 0 for info in memo.stats().values())


def test_a_game_sent_again_is_read_and_scored_from_the_memos() -> None:
    memo.clear()
    deals = many_deals(3)
    game = {"version": 1, "deals": [deal_to_dict(deal, in_game=True) for deal in deals]}
    first = score_game_json(json.dumps(game))
    before = memo.stats()
    game["deals"].append({"passed": True})
    game["deals"].append(deal_to_dict(many_deals(4)[-1], in_game=True))
    second = json.loads(score_game_json(json.dumps(game)))
    after = memo.stats()
    scored = "belot_core.sheet._scored"
    # The three deals come from the memo; only the new one is scored.
    assert after[scored]["hits"] - before[scored]["hits"] == 3
    assert after[scored]["misses"] - before[scored]["misses"] == 1
    assert second["result"]["rows"][:3] == json.loads(first)["result"]["rows"]


def test_equal_deals_hash_alike_and_a_changed_copy_hashes_afresh() -> None:
    deal = many_deals(1)[0]
    twin = Deal(contract=deal.contract, bidder=US, pile=deal.pile, last_trick=deal.last_trick)
    assert deal == twin and hash(deal) == hash(twin) == hash(deal)
    moved = replace(deal, hanging_in=5)
    built = Deal(
        contract=deal.contract, bidder=US, pile=deal.pile, last_trick=deal.last_trick, hanging_in=5
    )
    assert moved != deal and hash(moved) == hash(built)
    assert hash(score_deal(deal)) == hash(score_deal(twin))
    assert score_deal(moved) != score_deal(deal)


def test_a_game_deal_with_more_problems_than_an_answer_holds_is_still_capped() -> None:
    # The memo reads a deal with a reader of its own; when that one fills up, the deal
    # is read again with the request's, which stops at the cap and says so.
    deal = {f"unknown{i}": 1 for i in range(MAX_ERRORS + 10)}
    for _ in range(2):  # from an empty memo, then from a full one
        answer = json.loads(score_game_json(json.dumps({"version": 1, "deals": [deal]})))
        errors = answer["errors"]
        assert len(errors) == MAX_ERRORS + 1 and errors[-1]["code"] == "too_many_errors"
        assert errors[0]["field"] == "deals[0].unknown0"
