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
    assert out[-1] == "Recorded: we 11, they 7; hanging 0."


def test_scores_a_deal_in_bulgarian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "bg", *CASE_12]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Пише се: Ние 11, Вие 7; висят 0."


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
