"""The README and the guides in docs/: their Python examples run, their CLI examples are real."""

from __future__ import annotations

import doctest
import pathlib
import re

import pytest

from belot_core.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))
DOCUMENTS = [README, *PAGES]


def name(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_python_examples(path: pathlib.Path) -> None:
    """Every `>>>` example of a page runs as a doctest (each page on its own)."""
    text = path.read_text(encoding="utf-8")
    result = doctest.testfile(
        str(path), module_relative=False, optionflags=doctest.ELLIPSIS, encoding="utf-8"
    )
    assert result.failed == 0
    assert result.attempted == text.count("\n>>> ")


def test_readme_has_a_python_example() -> None:
    assert "```pycon\n>>> " in README.read_text(encoding="utf-8")


def console_sessions(text: str) -> list[tuple[list[str], list[str]]]:
    """(argv, output lines) for each `$ python -m belot_core` command in console blocks."""
    sessions: list[tuple[list[str], list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        joined = block.replace("\\\n", " ")
        for command in re.split(r"^\$ ", joined, flags=re.M)[1:]:
            first, *output = command.rstrip("\n").split("\n")
            argv = first.split()
            assert argv[:3] == ["python", "-m", "belot_core"]
            sessions.append((argv[3:], output))
    return sessions


def test_command_line_examples(capsys: pytest.CaptureFixture[str]) -> None:
    """Every `$ python -m belot_core …` session prints what the page says it prints."""
    sessions = [
        session for path in DOCUMENTS for session in console_sessions(path.read_text("utf-8"))
    ]
    assert len(sessions) >= 2
    for argv, expected in sessions:
        status = main(argv)
        captured = capsys.readouterr()
        assert (captured.out + captured.err).splitlines() == expected
        assert status == (0 if captured.out else 1)
