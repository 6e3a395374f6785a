"""belot_core.matches: a match ends exactly when a team has won the games it needs."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belot_core import ByTeam, Contract, Deal, GameSheet, Pile, SheetError, Team
from belot_core.json_api import game_to_dict
from belot_core.matches import MAX_MATCHES_LISTED, MatchScore, match_scores, match_scores_json
from belot_core.table import MAX_MATCH_WINS, Match

US, THEM = Team.US, Team.THEM


def made_by(team: Team) -> Deal:
    """A hearts deal ``team`` bids and makes 11 : 5."""
    return Deal(
        contract=Contract.HEARTS, bidder=team, pile=Pile(team=team, points=102), last_trick=team
    )


def game(winner: Team | None, match: Match | None) -> GameSheet:
    """A game ``winner`` wins 154 : 70 (None: still going on at 11 : 5)."""
    if winner is None:
        return GameSheet((made_by(US),), match=match)
    return GameSheet((made_by(winner),) * 14, match=match)


TO_2 = Match(id="m-1", to=2)


def test_a_best_of_three() -> None:
    games = [game(US, TO_2), game(THEM, TO_2), game(None, TO_2)]
    [score] = match_scores(games)
    assert (score.games, score.won, score.winner, score.finished) == (
        (0, 1, 2),
        ByTeam(us=1, them=1),
        None,
        False,
    )
    [score] = match_scores([*games[:2], game(THEM, TO_2)])
    assert score.winner is THEM and score.finished and (score.won.us, score.won.them) == (1, 2)


def test_games_of_other_matches_and_of_none_are_apart() -> None:
    other = Match(id="m-2", to=1)
    scores = match_scores([game(US, TO_2), game(US, None), game(THEM, other), game(US, TO_2)])
    assert [(s.match.id, s.games, s.winner) for s in scores] == [
        ("m-1", (0, 3), US),
        ("m-2", (2,), THEM),
    ]
    assert match_scores([game(US, TO_2)], [7])[0].games == (7,)  # the book's own indices


def test_a_game_after_the_end_or_to_another_number_is_refused() -> None:
    with pytest.raises(SheetError) as after:
        match_scores([game(US, TO_2), game(US, TO_2), game(None, TO_2)])
    assert (after.value.code, after.value.field) == ("game_after_match_end", "games[2].game.match")
    assert dict(after.value.params) == {"end": 2, "index": 3}
    with pytest.raises(SheetError) as mismatch:
        match_scores([game(US, TO_2), game(US, Match(id="m-1", to=3))])
    assert (mismatch.value.code, mismatch.value.field) == (
        "match_mismatch",
        "games[1].game.match.to",
    )


@given(st.integers(1, MAX_MATCH_WINS), st.lists(st.sampled_from([US, THEM, None]), max_size=12))
def test_a_match_ends_exactly_when_a_team_has_won_the_games_it_needs(
    to: int, winners: list[Team | None]
) -> None:
    match = Match(id="m-9", to=to)
    score = MatchScore(match=match)
    won = {US: 0, THEM: 0}
    for index, winner in enumerate(winners):
        if score.finished:
            with pytest.raises(SheetError) as refused:
                score.after(index, game(winner, match))
            assert refused.value.code == "game_after_match_end"
            return
        score = score.after(index, game(winner, match))
        if winner is not None:
            won[winner] += 1
        assert (score.won.us, score.won.them) == (won[US], won[THEM])
        # Finished exactly when a team has reached `to`, and that team won it.
        reached = [team for team in (US, THEM) if won[team] == to]
        assert score.finished == bool(reached)
        assert score.winner == (reached[0] if reached else None)
        assert max(won.values()) <= to
    assert [s.won for s in match_scores([game(w, match) for w in winners])] == (
        [score.won] if winners else []
    )


def book(*games: GameSheet, **more: Any) -> str:
    return json.dumps({"version": 1, "games": [{"game": game_to_dict(g)} for g in games], **more})


def test_match_scores_json() -> None:
    named = GameSheet((made_by(THEM),) * 14, match=TO_2)
    reply = json.loads(match_scores_json(book(game(THEM, TO_2), named)))
    assert reply == {
        "ok": True,
        "result": {
            "matches": [
                {
                    "id": "m-1",
                    "to": 2,
                    "games": [0, 1],
                    "won": {"us": 0, "them": 2},
                    "finished": True,
                    "winner": "them",
                    "status": {
                        "code": "match_won",
                        "params": {"us": 0, "them": 2, "winner": "them"},
                        "message": {
                            "bg": "Вие печелите мача: 0 : 2.",
                            "en": "They win the match: 0 : 2.",
                        },
                    },
                }
            ],
            "more_matches": 0,
        },
    }
    playing = json.loads(match_scores_json(book(game(US, Match(id="m-3", to=3)))))
    assert playing["result"]["matches"][0]["status"]["message"] == {
        "bg": "Мач до 3 победи: 1 : 0",
        "en": "Match, first to 3 wins: 1 : 0",
    }
    assert json.loads(match_scores_json(book(game(US, None)))) == {
        "ok": True,
        "result": {"matches": [], "more_matches": 0},
    }


def test_an_answer_lists_the_last_matches_begun() -> None:
    """Issue 32: a book of a thousand matches answered 259 KB; the sheet asks about the
    current game's match only, and the core lists at most MAX_MATCHES_LISTED."""
    games = [game(US, Match(id=f"m-{index}", to=2)) for index in range(MAX_MATCHES_LISTED + 5)]
    result = json.loads(match_scores_json(book(*games)))["result"]
    assert [score["id"] for score in result["matches"]] == [
        f"m-{index}" for index in range(5, MAX_MATCHES_LISTED + 5)
    ]
    assert result["more_matches"] == 5


def test_match_scores_json_refusals_name_the_game() -> None:
    [error] = json.loads(match_scores_json(book(game(US, TO_2), game(US, TO_2), game(US, TO_2))))[
        "errors"
    ]
    assert (error["code"], error["field"], error["game"]) == (
        "game_after_match_end",
        "games[2].game.match",
        2,
    )
    assert error["message"]["en"] == "The match ends with game 2; game 3 comes after its end."
    bad = {"version": 1, "games": [{"game": {"version": 1, "deals": [{"passed": 1}]}}]}
    [error] = json.loads(match_scores_json(json.dumps(bad)))["errors"]
    assert (error["field"], error["game"], error["deal"]) == ("games[0].game.deals[0].passed", 0, 0)
