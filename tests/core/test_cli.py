"""The command line: flags in, the same answers and errors out."""

from __future__ import annotations

import json
import pathlib

import pytest

from belot_core.cli import main

CASE_12 = [
    "score",
    "--contract",
    "hearts",
    "--bidder",
    "us",
    "--cards",
    "us:82",
    "--last-trick",
    "us",
    "--declare",
    "us:tierce",
]


def test_scores_a_deal_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(CASE_12) == 0
    out = capsys.readouterr().out.splitlines()
    assert "We bid: 112 against 70 – made." in out
    assert out[-1] == "Recorded: we 11, they 7."


def test_scores_a_deal_in_bulgarian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "bg", *CASE_12]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Пише се: Ние 11, Вие 7."


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*CASE_12, "--json", "--doubling", "contra", "--hanging-in", "9"]) == 0
    answer = json.loads(capsys.readouterr().out)
    # 112 + 70 = 182, × 2 = 364 → 36, then the 9 hanging points: 45.
    assert answer["result"]["record"] == {"us": 45, "them": 0}


def test_bad_flags_print_clear_errors_and_fail(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "score",
                "--contract",
                "hearts",
                "--bidder",
                "both",
                "--cards",
                "us:x",
                "--declare",
                "us:belot=2",
                "--last-trick",
                "us",
            ]
        )
        == 1
    )
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "bidder: “both” is not one of: us, them.",
        'cards.points: Enter a whole number (got "x").',
    ]


def test_a_saved_game(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = {
        "version": 1,
        "deals": [
            {
                "contract": "diamonds",
                "bidder": "us",
                "cards": {"team": "us", "points": 81},
                "last_trick": "them",
            },
        ],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main(["game", str(path), "--lang", "en"]) == 0
    assert "Recorded: we 0, they 8; hanging 8." in capsys.readouterr().out
    assert main(["game", str(tmp_path / "missing.json")]) == 1


D7 = [
    "score",
    "--contract",
    "clubs",
    "--bidder",
    "us",
    "--cards",
    "us:70",
    "--last-trick",
    "us",
    "--announce",
    "us:quarte",
    "--announce",
    "us:carre",
    "--announce",
    "them:tierce",
    "--announce",
    "them:carre",
]


def test_announced_declarations_and_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*D7, "--higher", "carre=them"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2:4] == [
        "Sequences: quarte beats tierce – only we score sequences.",
        "Carrés: both teams have a carré and they hold the higher one – only they score carrés.",
    ]
    assert out[-1] == "Recorded: we 0, they 31."


def test_a_missing_answer_is_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "bg", *D7]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "higher.carre: И двата отбора имат каре: чие е по-старшо?"
    ]


def test_team_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "bg", *CASE_12, "--name", "us:Иван и Петър", "--name", "them:Ann"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Пише се: Иван и Петър 11, Ann 7."
    assert main([*CASE_12, "--name", "us:" + "x" * 41]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "names.us: A team name can have at most 40 characters; this one has 41."
    ]


def test_a_saved_game_with_names(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    won = {
        "contract": "all_trumps",
        "bidder": "them",
        "cards": {"team": "us", "points": 0},
        "last_trick": "them",
        "doubling": "recontra",
    }
    game = {"version": 1, "names": {"them": "Мария и Ана"}, "deals": [won, won]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main(["--lang", "bg", "game", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "Играта свърши – спечелиха Мария и Ана. Започнете нова игра."


def test_house_rules_by_id(capsys: pytest.CaptureFixture[str]) -> None:
    case17 = [
        "score",
        "--contract",
        "spades",
        "--bidder",
        "us",
        "--doubling",
        "recontra",
        "--cards",
        "us:100",
        "--last-trick",
        "us",
    ]
    assert main([*case17, "--rule", "round_before_multiply"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2:] == [
        "House rule “Rounding before contra”: 162 → 16, × 4 = 64.",
        "Recorded: we 64, they 0.",
    ]
    assert main([*case17, "--rule", "round_after"]) == 1
    assert (
        capsys.readouterr()
        .err.splitlines()[0]
        .startswith("rules.round_after: Unknown house rule “round_after”")
    )


def test_the_house_rules_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "bg", "rules"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 6
    assert out[0].startswith("round_before_multiply: Закръгляне преди контрата – При контра")


def test_a_saved_game_with_house_rules(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capot = {
        "contract": "clubs",
        "bidder": "us",
        "doubling": "contra",
        "capot": "us",
        "cards": {"team": "us", "points": 152},
        "last_trick": "us",
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"version": 1, "deals": [capot]}), encoding="utf-8")
    assert main(["game", str(path)]) == 0
    assert "Recorded: we 50, they 0." in capsys.readouterr().out
    # The game's own rules, and --rule on top of them.
    assert main(["game", str(path), "--rule", "capot_cancels_contra"]) == 0
    assert "Recorded: we 25, they 0." in capsys.readouterr().out
    path.write_text(
        json.dumps({"version": 1, "rules": {"capot_cancels_contra": True}, "deals": [capot]}),
        encoding="utf-8",
    )
    assert main(["game", str(path)]) == 0
    assert "Recorded: we 25, they 0." in capsys.readouterr().out
