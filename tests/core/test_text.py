"""belot_core.text: invisible characters out of names, escaped in what errors echo."""

from __future__ import annotations

import doctest
import re
import sys
import unicodedata

import pytest
from hypothesis import given
from strategies import typed_text

import belot_core.text
from belot_core import MAX_NAME_LENGTH, Names
from belot_core.errors import MAX_SHOWN, InvalidInputError, echo
from belot_core.text import BIDI_CONTROLS, INVISIBLE, JOINERS, shown, visible

FAMILY = "👨\u200d👩\u200d👧"
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
TAGS = range(0xE0020, 0xE0080)


def test_the_examples_in_the_docstrings() -> None:
    assert doctest.testmod(belot_core.text).failed == 0


def test_the_list_is_unicodes_controls_formats_and_surrogates() -> None:
    """Every Cc that is not white space, every Cf and Cs of this Python's Unicode is
    listed (removed everywhere, or one of the two joiners and the tags, removed but
    where they join or spell a flag); and nothing else but what this Unicode does not
    assign yet (a list from a newer Unicode, on an older Python)."""
    removed = re.compile(f"[{INVISIBLE}]")
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        kind = unicodedata.category(char)
        invisible = kind in ("Cc", "Cf", "Cs") and not char.isspace()
        listed = bool(removed.match(char)) or char in JOINERS or code in TAGS
        assert listed == invisible or (listed and kind == "Cn"), f"U+{code:04X} {kind}"


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        pytest.param("Ivan\u202e", "Ivan", id="bidi-override"),
        pytest.param("\u2067Мария\u2069 и Ана", "Мария и Ана", id="bidi-isolate"),
        pytest.param("\u200bИ\u200eв\u200fа\u2060н\ufeff", "Иван", id="zero-width-and-marks"),
        pytest.param("Пе\xadтър", "Петър", id="soft-hyphen"),
        pytest.param("a\x00b\x1bc\x7fd", "abcd", id="controls"),
        pytest.param("a\ud800b", "ab", id="lone-surrogate"),
        pytest.param("a\tb\n", "a\tb\n", id="white-space-is-the-names-to-trim"),
        pytest.param(FAMILY, FAMILY, id="emoji-joined"),
        pytest.param("\u200dИван\u200c", "Иван", id="joiners-at-the-ends"),
        pytest.param("a\u200d b \u200cc", "a b c", id="joiners-by-a-space"),
        pytest.param("a\u200d\u200db", "ab", id="joiners-side-by-side"),
        pytest.param("ک\u200cه", "ک\u200cه", id="non-joiner-in-a-word"),
        pytest.param(SCOTLAND + " Шотландия", SCOTLAND + " Шотландия", id="flag-of-a-region"),
        pytest.param("hi\U000e0068\U000e0069", "hi", id="tags-hiding-text"),
        pytest.param("🏴\U000e0041\U000e007f", "🏴", id="tags-no-flag-spells"),
        pytest.param("\u200b\u2060\ufeff\u202e", "", id="nothing-visible"),
    ],
)
def test_visible_removes_what_cannot_be_seen(typed: str, kept: str) -> None:
    assert visible(typed) == kept


@given(typed_text)
def test_visible_keeps_no_bidi_control_and_a_joiner_only_between_visible_characters(
    text: str,
) -> None:
    kept = visible(text)
    assert visible(kept) == kept
    assert not any(control in kept for control in BIDI_CONTROLS)
    assert not re.search(f"[{INVISIBLE}]", kept)
    for place, char in enumerate(kept):
        if char in JOINERS:
            before, after = kept[place - 1 : place], kept[place + 1 : place + 2]
            assert before and after and not (before + after).isspace()
            assert before not in JOINERS and after not in JOINERS


def test_a_name_is_cleaned_then_trimmed_then_measured() -> None:
    assert Names(us="\u200b\u202e ").us == ""  # nothing visible: the default
    assert Names(us=" Иван \u200b и \u2066Петър\u2069 ").us == "Иван и Петър"
    padded = "Ж" * MAX_NAME_LENGTH + "\u200b" * 100
    assert Names(us=padded).us == "Ж" * MAX_NAME_LENGTH  # the invisible do not count
    with pytest.raises(InvalidInputError) as longer:
        Names(them="Ж" * (MAX_NAME_LENGTH + 1) + "\u202e")
    assert longer.value.code == "name_too_long"
    assert longer.value.params["length"] == MAX_NAME_LENGTH + 1


def test_an_error_shows_the_invisible_as_escapes() -> None:
    assert shown("hearts\u200b") == "hearts\\u200b"
    assert shown("a\u202eb") == "a\\u202eb"
    assert shown(FAMILY) == FAMILY and shown(SCOTLAND) == SCOTLAND
    assert shown("\U000e0041") == "\\U000e0041"
    assert echo("hearts\u202e") == "hearts\\u202e"
    assert echo("\u202e" * 30) == "\\u202e" * 6 + "\\u2…"
    assert len(echo("\u202e" * 30)) == MAX_SHOWN


@given(typed_text)
def test_an_echo_is_short_and_reorders_nothing(text: str) -> None:
    echoed = echo(text * 3)
    assert len(echoed) <= MAX_SHOWN
    assert not any(control in echoed for control in BIDI_CONTROLS)
