"""belot_core.stats: statistics per pair and per player, equal to a count of the rows."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from strategies import hanging_entries, matches, seatings

from belot_core import Contract, Deal, GameSheet, Names, Passed, Pile, Team
from belot_core.json_api import game_to_dict, score_game_json
from belot_core.stats import COUNTS, MAX_LISTED, pair_of, statistics_json
from belot_core.table import Match, Seats

US, THEM = Team.US, Team.THEM


def deal(contract: Contract, bidder: Team, points: int, last: Team, **more: Any) -> Deal:
    return Deal(
        contract=contract, bidder=bidder, pile=Pile(team=US, points=points), last_trick=last, **more
    )


WIN_US = deal(Contract.HEARTS, US, 102, US)  # 112 : 50 → 11 : 5
INSIDE_US = deal(Contract.HEARTS, US, 70, THEM)  # 70 : 92, inside → 0 : 16
HANGS = deal(Contract.DIAMONDS, US, 81, THEM)  # 81 : 81 → 0 : 8, 8 hang
CAPOT_THEM = deal(Contract.ALL_TRUMPS, THEM, 0, THEM, capot=THEM)  # 0 : 348 → 0 : 35
TABLE = Seats(us=("Иван", "Петър"), them=("Мария", "Георги"))


def book(*games: tuple[str, GameSheet], **more: Any) -> dict[str, Any]:
    """A book request: each game with its day."""
    items = [{"date": day, "game": game_to_dict(sheet)} for day, sheet in games]
    return {"version": 1, "games": items, **more}


def stats(data: dict[str, Any]) -> dict[str, Any]:
    reply = json.loads(statistics_json(json.dumps(data)))
    assert reply["ok"], reply
    result: dict[str, Any] = reply["result"]
    return result


def test_the_statistics_of_an_evening() -> None:
    match = Match(id="m-1", to=2)
    first = GameSheet((HANGS, *(WIN_US,) * 13), seats=TABLE, match=match)  # 151 : 73
    # The next day the other team keeps the sheet: Мария and Георги are "us" now.
    second = GameSheet((CAPOT_THEM, INSIDE_US, Passed(), *(WIN_US,) * 14), seats=TABLE.mirrored())
    assert first.winner is US and second.winner is US
    third = GameSheet((WIN_US, HANGS))  # no names: this device's "us" and "them"
    result = stats(book(("2026-05-01", first), ("2026-05-02", second), ("2026-06-01", third)))
    assert (result["games"], result["matches"], result["from"], result["to"]) == (3, 1, None, None)
    ivan_petar, maria_georgi, us, them = result["pairs"]
    assert ivan_petar["players"] == ["Иван", "Петър"] and maria_georgi["players"] == [
        "Мария",
        "Георги",
    ]
    assert (us["team"], them["team"]) == ("us", "them")
    assert {key: ivan_petar[key] for key in COUNTS} == {
        "games": 2,
        "won": 1,
        "lost": 1,
        "matches": 1,
        "matches_won": 0,  # one game of a match to two: not won yet
        "deals": 31,
        "average_deals": 15.5,
        "biggest": {"points": 35, "game": 1, "deal": 0},  # their capot
        "capots": 1,
        "bids": 15,
        "made": 14,
        "inside": 0,
        "hanging": 1,
        "by_contract": {
            "diamonds": {"bids": 1, "made": 0, "inside": 0, "hanging": 1},
            "hearts": {"bids": 13, "made": 13, "inside": 0, "hanging": 0},
            "all_trumps": {"bids": 1, "made": 1, "inside": 0, "hanging": 0},
        },
    }
    assert (maria_georgi["bids"], maria_georgi["inside"], maria_georgi["won"]) == (15, 1, 1)
    # 8 as defenders of a hanging deal, then 11 a deal; the 8 hanging went to Иван and Петър.
    assert maria_georgi["biggest"] == {"points": 11, "game": 1, "deal": 3}
    assert ivan_petar["by_contract"]["all_trumps"] == {
        "bids": 1,
        "made": 1,
        "inside": 0,
        "hanging": 0,
    }
    ivan = result["players"][0]
    assert ivan["player"] == "Иван" and {k: ivan[k] for k in COUNTS} == {
        k: ivan_petar[k] for k in COUNTS
    }
    assert [player["player"] for player in result["players"]] == [
        "Иван",
        "Петър",
        "Мария",
        "Георги",
    ]
    # Over a range of days: only the games played within it.
    may = stats(
        book(
            ("2026-05-01", first),
            ("2026-05-02", second),
            ("2026-06-01", third),
            **{"from": "2026-05-02", "to": "2026-05-31"},
        )
    )
    assert (may["games"], may["matches"], may["from"], may["to"]) == (
        1,
        0,
        "2026-05-02",
        "2026-05-31",
    )
    assert [pair["players"] for pair in may["pairs"]] == [["Мария", "Георги"], ["Петър", "Иван"]]
    empty = stats(book(("2026-05-01", first), **{"from": "2027-01-01"}))
    assert (empty["games"], empty["pairs"], empty["players"]) == (0, [], [])


def test_who_a_team_is() -> None:
    assert pair_of(GameSheet(seats=TABLE), THEM) == (
        ("players", "георги", "мария"),
        {"players": ["Мария", "Георги"]},
    )
    half = GameSheet(seats=Seats(us=("Иван", "")), names=Names(us="Иван и Петър"))
    assert pair_of(half, US) == (("name", "иван и петър"), {"name": "Иван и Петър"})
    # A team without a name, or named by the words the sheet shows for its column, is the device's.
    for name in ("", "Ние", "us", "WE"):
        assert pair_of(GameSheet(names=Names(us=name)), US) == (("team", "us"), {"team": "us"})
    assert pair_of(GameSheet(names=Names(them="Вие")), THEM) == (("team", "them"), {"team": "them"})
    assert pair_of(GameSheet(names=Names(them="Ние")), THEM) == (("name", "ние"), {"name": "Ние"})


# --- the statistics are a count of the games' rows ----------------------------------------

DAYS = ["2026-05-01", "2026-05-02", "2026-06-30"]
NAMES = ["", "Иван и Петър", "Ние", "вие", "Them", "Ана и Иво"]


@st.composite
def saved_games(draw: st.DrawFn) -> tuple[str, GameSheet]:
    """A day and a game: any deals, names, seats and match (no first dealer: it counts nothing)."""
    sheet = GameSheet()
    for entry in draw(st.lists(hanging_entries, max_size=25)):
        if sheet.finished:
            break
        sheet = sheet.append(entry)
    names = Names(us=draw(st.sampled_from(NAMES)), them=draw(st.sampled_from(NAMES)))
    seats = draw(st.one_of(st.just(Seats()), seatings, st.just(TABLE), st.just(TABLE.mirrored())))
    match = draw(st.none() | matches)
    return draw(st.sampled_from(DAYS)), replace(sheet, names=names, seats=seats, match=match)


def recount(data: dict[str, Any]) -> dict[str, Any]:
    """The statistics counted straight from each game's rows (score_game_json) and deals."""
    start, end = data.get("from"), data.get("to")
    chosen = [
        i
        for i, item in enumerate(data["games"])
        if (start is None or item["date"] >= start) and (end is None or item["date"] <= end)
    ]
    tallies: dict[str, dict[Any, dict[str, Any]]] = {"pairs": {}, "players": {}}
    played: dict[str, list[tuple[int, str | None, int]]] = {}  # match id → (game, winner, to)

    def sides(game: dict[str, Any], team: str) -> list[dict[str, Any]]:
        seats = game.get("seats", {}).get(team, ["", ""])
        name = game.get("names", {}).get(team, "")
        defaults = {"us": {"ние", "we", "us"}, "them": {"вие", "they", "them"}}[team]
        if all(seats):
            kind, key, who = (
                "pairs",
                ("players", *sorted(s.casefold() for s in seats)),
                {"players": seats},
            )
        elif name and name.casefold() not in defaults:
            kind, key, who = "pairs", ("name", name.casefold()), {"name": name}
        else:
            kind, key, who = "pairs", ("team", team), {"team": team}
        found = [
            tallies[kind].setdefault(
                key,
                {
                    **who,
                    "games": 0,
                    "won": 0,
                    "lost": 0,
                    "matches": set(),
                    "matches_won": set(),
                    "deals": 0,
                    "biggest": None,
                    "capots": 0,
                    "by_contract": {},
                    "played": [],
                    "won_games": [],
                },
            )
        ]
        for player in seats:
            if player:
                found.append(
                    tallies["players"].setdefault(
                        player.casefold(),
                        {
                            "player": player,
                            "games": 0,
                            "won": 0,
                            "lost": 0,
                            "matches": set(),
                            "matches_won": set(),
                            "deals": 0,
                            "biggest": None,
                            "capots": 0,
                            "by_contract": {},
                            "played": [],
                            "won_games": [],
                        },
                    )
                )
        return found

    for index in chosen:
        game = data["games"][index]["game"]
        result = json.loads(score_game_json(json.dumps(game)))["result"]
        for team in ("us", "them"):
            for tally in sides(game, team):
                tally["games"] += 1
                tally["played"].append(index)
                if result["winner"] == team:
                    tally["won_games"].append(index)
                tally["deals"] += len(game["deals"])
                if result["winner"] is not None:
                    tally["won" if result["winner"] == team else "lost"] += 1
                for number, (row, entry) in enumerate(
                    zip(result["rows"], game["deals"], strict=True)
                ):
                    if row["passed"]:
                        continue
                    points = row["record"][team]
                    if points > 0 and (
                        tally["biggest"] is None or points > tally["biggest"]["points"]
                    ):
                        tally["biggest"] = {"points": points, "game": index, "deal": number}
                    tally["capots"] += row["capot"] == team
                    if entry["bidder"] == team:
                        counts = tally["by_contract"].setdefault(
                            entry["contract"], {"bids": 0, "made": 0, "inside": 0, "hanging": 0}
                        )
                        counts["bids"] += 1
                        counts[row["outcome"]] += 1
        if "match" in game:
            played.setdefault(game["match"]["id"], []).append(
                (index, result["winner"], game["match"]["to"])
            )
    conflicts: list[tuple[str, list[int]]] = []
    for match_id, games in played.items():
        won = {"us": 0, "them": 0}
        winner = None
        members: list[int] = []
        for index, game_winner, to in games:
            # A game that does not fit its match is named, and counts as a game on its own.
            if to != games[0][2]:
                conflicts.append(("match_mismatch", [games[0][0], index]))
                continue
            if winner is not None:
                conflicts.append(("game_after_match_end", [members[-1], index]))
                continue
            members.append(index)
            if game_winner is not None:
                won[game_winner] += 1
                winner = game_winner if won[game_winner] == to else None
            for team in ("us", "them"):
                for tally in sides(data["games"][index]["game"], team):
                    tally["matches"].add(match_id)
        for index in members:
            for tally in sides(data["games"][index]["game"], winner) if winner else []:
                tally["matches_won"].add(match_id)
    out: dict[str, Any] = {"from": start, "to": end, "games": len(chosen), "matches": len(played)}
    for kind in ("pairs", "players"):
        listed = []
        for tally in tallies[kind].values():
            counts = tally.pop("by_contract")
            tally.update(
                {
                    name: sum(c[name] for c in counts.values())
                    for name in ("bids", "made", "inside", "hanging")
                }
            )
            tally["by_contract"] = {
                contract: counts[contract] for contract in Contract if contract in counts
            }
            tally["matches"], tally["matches_won"] = (
                len(tally["matches"]),
                len(tally["matches_won"]),
            )
            tally["average_deals"] = round(tally["deals"] / tally["games"], 1)
            tally["played"], tally["won_games"] = tally.pop("played"), tally.pop("won_games")
            listed.append(tally)
        ranked = sorted(listed, key=lambda tally: (-tally["games"], -tally["won"]))
        out[kind] = ranked[:MAX_LISTED]
    out["more_pairs"] = max(0, len(tallies["pairs"]) - MAX_LISTED)
    out["more_players"] = max(0, len(tallies["players"]) - MAX_LISTED)
    ordered = sorted(conflicts, key=lambda conflict: conflict[1][1])
    out["conflicts"] = ordered[:MAX_LISTED]
    out["more_conflicts"] = max(0, len(ordered) - MAX_LISTED)
    return out


@given(
    st.lists(saved_games(), max_size=6),
    st.sampled_from([None, *DAYS]),
    st.sampled_from([None, *DAYS]),
)
def test_the_statistics_are_a_count_of_the_games_rows(
    games: list[tuple[str, GameSheet]], start: str | None, end: str | None
) -> None:
    if start is not None and end is not None and start > end:
        start, end = end, start
    data = book(*games, **{"from": start, "to": end})
    reply = json.loads(statistics_json(json.dumps(data)))
    expected = recount(data)
    # Never refused: a game after its match's end, or to another number of wins, is named.
    assert reply["ok"], reply
    conflicts = reply["result"].pop("conflicts")
    assert [(c["code"], c["games"]) for c in conflicts] == expected.pop("conflicts")
    assert all(c["message"]["bg"] and c["message"]["en"] for c in conflicts)
    assert reply == {"ok": True, "result": expected}


def test_the_same_match_game_kept_twice_is_named_not_refused() -> None:
    """Issue 30: a game kept from a link and again from a backup made the statistics
    refuse ("the match ends with game 3; game 5 comes after its end"). Now they answer,
    count the second copy as a game on its own, and name both games."""
    deal = {
        "contract": "hearts",
        "bidder": "us",
        "cards": {"team": "us", "points": 102},
        "last_trick": "us",
    }
    won = {"version": 1, "match": {"id": "m-1", "to": 1}, "deals": [deal] * 14}
    data = {"version": 1, "games": [{"date": "2026-05-14", "game": won}] * 2}
    reply = json.loads(statistics_json(json.dumps(data)))
    assert reply["ok"]
    [conflict] = reply["result"]["conflicts"]
    assert (conflict["code"], conflict["games"]) == ("game_after_match_end", [0, 1])
    assert conflict["message"]["bg"] == "Мачът свършва с игра 1; игра 2 е след края му."
    assert (reply["result"]["games"], reply["result"]["matches"]) == (2, 1)


def test_a_book_of_too_many_games_says_both_counts_alike() -> None:
    """Issue 32: "There are 1002 games; the most read at once is 1,000."."""
    games = [{"game": {"version": 1, "deals": [{"passed": True}]}}] * 1_002
    reply = json.loads(statistics_json(json.dumps({"version": 1, "games": games})))
    [error] = reply["errors"]
    assert error["code"] == "too_many_games"
    assert "1,002" in error["message"]["en"] and "1,000" in error["message"]["en"]
