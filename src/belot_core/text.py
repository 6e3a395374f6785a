"""What the core keeps of the text people type: names without invisible characters.

A team name comes from a player's keyboard or a stranger's link or file, and is
shown on the sheet, in every explanation and in a shared game's banner. A few
characters there are invisible and act on the text around them: a bidi control
(U+202A-U+202E, U+2066-U+2069) reorders it -- ``Ivan\\u202e`` made the Keep banner
read "IvanpeeK .laed 1 ,airaM" (issue 22) -- and the other format characters
(Unicode's category Cf: U+200B zero width space, U+200E/F marks, U+2060 word
joiner, U+FEFF, U+00AD soft hyphen, ...) hide in a name that looks like another.

The core removes them rather than refusing the name: a stranger's link still
opens, and a name pasted with a stray mark is the name the players meant.
:func:`visible` removes every control character (Cc) that is not white space,
every format character (Cf) and any lone surrogate (Cs), with two exceptions
that are part of what people write:

* U+200D ZERO WIDTH JOINER and U+200C ZERO WIDTH NON-JOINER stay where they sit
  between two visible characters: they join emoji (👨‍👩‍👧) and shape letters in
  several scripts. Anywhere else (at either end, next to a space or to another
  joiner) they go.
* The tag characters (U+E0020-U+E007F) stay where they spell an emoji flag of a
  region (🏴 + a region's code in tags + U+E007F CANCEL TAG: Scotland, Wales,
  England); anywhere else they go.

A name of nothing but such characters is then empty: the default name.
:func:`shown` is the same rule for a value an error echoes back: what
:func:`visible` would remove is written as its escape (``\\u202e``), so the error
shows what was wrong without reordering its own sentence.

The characters are listed here from Unicode 15.1 (CPython 3.13) rather than
looked up at run time, so the core decides alike in CPython and in Pyodide
without loading ``unicodedata``; tests/core/test_text.py checks the list against
the ``unicodedata`` of the Python that runs it.
"""

from __future__ import annotations

import re

__all__ = [
    "BIDI_CONTROLS",
    "FLAG",
    "INVISIBLE",
    "JOINERS",
    "SPACES",
    "TAGS",
    "clean",
    "shown",
    "visible",
]

BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""The characters that reorder text: embeddings, overrides and isolates."""

JOINERS = "\u200c\u200d"
"""Zero width non-joiner and joiner: kept between two visible characters."""

INVISIBLE = (
    "\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f"  # Cc that is not white space
    "\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"  # Cf
    "\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001"
    "\ud800-\udfff"  # Cs: a lone surrogate (JSON's "\ud800") is no character
)
"""The characters :func:`visible` removes everywhere, as a regular expression's
character class: Cc but white space, Cf but the joiners and the tags, Cs."""

SPACES = "\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
"""White space as a regular expression's character class: what ``str.isspace`` and
``str.split`` take for it, written out so that the widget's copy of the rule
(widget/text.js, from the generated widget/core-tables.js) splits alike."""

TAGS = "\U000e0020-\U000e007f"
"""The tag characters, as a character class: kept only where they spell a flag."""

FLAG = "\U0001f3f4[\U000e0030-\U000e0039\U000e0061-\U000e007a]{3,6}\U000e007f"
"""An emoji flag of a region, as a regular expression: a black flag, the region's code
in tag letters and digits (gbsct, gbwls, gbeng: "2-letter country and 1-3 more"), a
cancel tag."""
#: A joiner without a visible character on each side.
_LONE_JOINER = f"(?<![^{SPACES}{JOINERS}])[{JOINERS}]|[{JOINERS}](?![^{SPACES}{JOINERS}])"

_REMOVED = re.compile(f"[{INVISIBLE}]+")
_TAG_RUNS = re.compile(f"({FLAG})|[{TAGS}]+")
_LONE_JOINERS = re.compile(_LONE_JOINER)
_ANY = re.compile(f"[{INVISIBLE}{TAGS}{JOINERS}]")
_ESCAPED = re.compile(f"({FLAG})|[{INVISIBLE}{TAGS}]|{_LONE_JOINER}")


def visible(text: str) -> str:
    """``text`` without its invisible characters (see the module's rules).

    >>> visible("Ivan\\u202e")
    'Ivan'
    >>> visible("\\u200b\\u2060\\ufeff")
    ''
    >>> visible("👨\\u200d👩") == "👨\\u200d👩", visible("\\u200dIvan\\u200c")
    (True, 'Ivan')
    """
    if not _ANY.search(text):
        return text  # the usual name: nothing to take out
    text = _REMOVED.sub("", text)
    text = _TAG_RUNS.sub(lambda tags: tags[1] or "", text)  # called only for tags
    return _LONE_JOINERS.sub("", text)


def clean(text: str) -> str:
    """``text`` as the core keeps a name, a player or a note: :func:`visible`, trimmed,
    and white space inside shrunk to one space.

    >>> clean(" Ivan\\u202e \\t Petar\\u200b ")
    'Ivan Petar'
    """
    return " ".join(visible(text).split())


def shown(text: str) -> str:
    """``text`` with what :func:`visible` removes written as escapes (``\\u202e``).

    >>> shown("hearts\\u200b")
    'hearts\\\\u200b'
    """
    if not _ANY.search(text):
        return text
    return _ESCAPED.sub(lambda found: found[1] or _escape(found[0]), text)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
