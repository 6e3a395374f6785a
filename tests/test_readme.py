"""The README's Python examples run as doctests, and its CLI example is real."""

from __future__ import annotations

import doctest
import pathlib
import re

import pytest

from belot_core.cli import main

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
    assert result.failed == 0


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


def test_readme_command_line_examples(capsys: pytest.CaptureFixture[str]) -> None:
    sessions = console_sessions(README.read_text(encoding="utf-8"))
    assert len(sessions) == 2
    for argv, expected in sessions:
        status = main(argv)
        captured = capsys.readouterr()
        assert (captured.out + captured.err).splitlines() == expected
        assert status == (0 if captured.out else 1)
