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
#: Every Markdown file whose links must resolve.
LINKED = [*DOCUMENTS, ROOT / "widget" / "README.md", ROOT / "bench" / "RESULTS.md"]
README_LINES = 150
PAGE_LINES = 400


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


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_LINES, f"README.md has {lines} lines; at most {README_LINES}"


@pytest.mark.parametrize("path", PAGES, ids=name)
def test_page_is_at_most_400_lines(path: pathlib.Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= PAGE_LINES, f"{name(path)} has {lines} lines; at most {PAGE_LINES}"


def test_every_page_is_linked_from_the_readme() -> None:
    linked = {target.split("#")[0] for _, target in links(README)}
    missing = [name(page) for page in PAGES if name(page) not in linked]
    assert PAGES and not missing, f"not linked from README.md: {missing}"


def test_readme_has_exactly_the_two_set_up_commands() -> None:
    text = README.read_text(encoding="utf-8")
    commands = re.findall(r"^ {4}(python3 build\.py .*)$", text, re.M)
    assert commands == ["python3 build.py serve", "python3 build.py test"]
    assert "build.py check" not in text  # the fast loop is in docs/development.md


def links(path: pathlib.Path) -> list[tuple[str, str]]:
    """(text, target) of every Markdown link and image outside code, in order."""
    prose = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    prose = re.sub(r"`[^`\n]*`", "", prose)
    return re.findall(r"!?\[((?:[^\]\\]|\\.)*)\]\(([^)\s]+)\)", prose)


def anchors(path: pathlib.Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        found.add(slug)
    return found


@pytest.mark.parametrize("path", LINKED, ids=name)
def test_relative_links_resolve(path: pathlib.Path) -> None:
    """Every link to a file of the repository finds it, and its #anchor a heading."""
    broken = []
    for text, target in links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto: and the like
        file, _, anchor = target.partition("#")
        resolved = (path.parent / file).resolve() if file else path
        if not resolved.exists():
            broken.append(f"[{text}]({target}): no such file")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            broken.append(f"[{text}]({target}): no heading #{anchor}")
    assert not broken, "\n".join(broken)
