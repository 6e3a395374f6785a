"""The widget's copy of the cleaning (widget/text.js) against the core's (text.py).

Every name, player and note is cleaned on every route the widget takes (typed, pasted,
a file, a backup, another tab) by widget/text.js, built on the character classes
generated from the core (core-tables.js TEXT_RULE). Here Node runs it over thousands of
texts -- the invisible characters of issue 32 (U+202E, U+2067, U+200B, U+0000, U+0007),
joiners, tag flags, every kind of white space, lone surrogates, letters, and random
code points -- and each must come out exactly as the core cleans it. The same texts
as a bad value in an error (the widget's own errors on what is typed, deal/request.js)
must be shown as the core shows them (errors.echo, json_read.show): cut at the same
place, every invisible character written as an escape.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

from belot_core.errors import echo
from belot_core.json_read import show
from belot_core.model import MAX_NAME_LENGTH
from belot_core.text import clean, visible

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import { readFileSync } from "node:fs";
import { clean, cleanName, echo, visible } from "./widget/text.js";
const texts = JSON.parse(readFileSync(0, "utf8"));
const answer = (text) => [visible(text), clean(text), cleanName(text), echo(text), echo(JSON.stringify(text))];
process.stdout.write(JSON.stringify(texts.map(answer)));
"""
#: What a name may carry: the characters of the attack, the rule's exceptions, spaces.
POOL = [
    "\u202e", "\u2067", "\u200b", "\x00", "\x07", "\u202a", "\u2069", "\u200e", "\ufeff",
    "\xad", "\u2060", "\u200c", "\u200d", "\u200d", "\U000e0067", "\U000e007f", "\U000e0001",
    "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "🏴", "👨", "👩",
    " ", "  ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u1680",
    "\u2003", "\u2028", "\u202f", "\u3000", "\x1b", "\x9f", "\ud800", "\udfff",
    "Иван", "Петър", "a", "b", "1", "=", "@", "é", "ß", "漢",
]  # fmt: skip


def texts(count: int, seed: int) -> list[str]:
    """``count`` texts of the pool's pieces and random code points (surrogates too)."""
    rng = random.Random(seed)
    out = ["Ivan\u202eKeep", "\u2067Мария\u2069", "\u200b", "\x00\x07ctl", "a" * 45 + " b"]
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(0, 12)):
            if rng.random() < 0.8:
                parts.append(rng.choice(POOL))
            else:
                parts.append(chr(rng.randint(0, sys.maxunicode)))
        out.append("".join(parts))
    return out


def run_node(values: list[str]) -> list[list[str]]:  # [visible, clean, name, echo, shown]
    node = shutil.which("node")
    assert node, "node is needed to run the widget's cleaning"
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT],
        input=json.dumps(values),  # lone surrogates travel as \\ud800 escapes
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        check=True,
    )
    answer: list[list[str]] = json.loads(done.stdout)
    return answer


def test_the_widget_cleans_every_text_as_the_core_does() -> None:
    # As JSON carries it: a high and a low surrogate side by side are one character.
    values = [json.loads(json.dumps(text)) for text in texts(6_000, seed=32)]
    for text, (seen, cleaned, name, echoed, json_shown) in zip(
        values, run_node(values), strict=True
    ):
        assert seen == visible(text), ascii(text)
        assert cleaned == clean(text), ascii(text)
        assert name == clean(clean(text)[:MAX_NAME_LENGTH]), ascii(text)
        # A bad value in an error: the widget's own errors show it as the core's do.
        assert echoed == echo(text), ascii(text)
        assert json_shown == show(text), ascii(text)


def test_the_names_of_the_attack_come_out_clean() -> None:
    """Issue 32: a reversed name, an isolate, a zero width space, controls in a backup."""
    values = ["Ivan\u202eKeep", "\u2067Мария", "Пе\u200bтър", "\x00\x07ctl", "a" * 50]
    assert [answer[:3] for answer in run_node(values)] == [
        ["IvanKeep", "IvanKeep", "IvanKeep"],
        ["Мария", "Мария", "Мария"],
        ["Петър", "Петър", "Петър"],
        ["ctl", "ctl", "ctl"],
        ["a" * 50, "a" * 50, "a" * MAX_NAME_LENGTH],
    ]
    # …and in an error, each invisible character is seen, as an escape.
    assert [answer[3] for answer in run_node(values[:2])] == ["Ivan\\u202eKeep", "\\u2067Мария"]
