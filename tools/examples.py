"""The worked answer of every prefilled calculator in the built pages, at build time.

An article's calculator is prefilled with the article's example and closed (`lazy`).
So that the reader sees the example's result at once, with no runtime, this scores
each one with the core in CPython and writes into the page, inside the element:

- ``<div class="belot-example" slot="example">``: the record, the outcome, the points
  that hang and the core's explanation, step by step, in the page's language. The
  closed calculator shows it above its open button (widget/element/launcher.js), and a
  reader without JavaScript sees it too.
- ``<script type="application/json" data-belot-example>``: the request and the
  core's whole answer, which the opened calculator shows until the runtime has
  scored the same request again (so opening it changes nothing on screen).

The request is made by the widget's own builder (tools/example_requests.mjs, in
Node), so it is exactly what the calculator sends. A calculator whose deal is
incomplete or wrong, or with a score sheet, gets nothing. tests/e2e/test_examples.py
checks every example against what the runtime computes in the browser.

    python tools/examples.py DIST        (the build runs it in .venv on its staging dist/)
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from belot_core.json_api import score_deal_json

TAG = "belot-calculator"
START_TAG = re.compile(rf"<{TAG}\b[^>]*>", re.IGNORECASE)
HTML_LANG = re.compile(r"<html\b[^>]*\blang=\"([^\"]+)\"", re.IGNORECASE)
REQUESTS_TOOL = Path(__file__).with_name("example_requests.mjs")
# The widget's plain modules (dist/widget/ holds their bundles, which have other names).
WIDGET_SOURCE = Path(__file__).resolve().parent.parent / "widget"


class _Attributes(HTMLParser):
    """The attributes of the one start tag fed to it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attributes: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attributes = {name: value or "" for name, value in attrs}


def attributes_of(start_tag: str) -> dict[str, str]:
    parser = _Attributes()
    parser.feed(start_tag)
    parser.close()
    return parser.attributes


def language(attributes: dict[str, str], page_lang: str) -> str:
    lang = (attributes.get("lang") or page_lang).strip().lower()
    return "bg" if lang == "bg" or lang.startswith("bg-") else "en"


def fill(template: str, **params: object) -> str:
    """The widget's ``format``: ``{name}`` placeholders filled from ``params``."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), template)


def example_markup(result: dict[str, Any], words: dict[str, Any], lang: str) -> str:
    """The result as the page shows it while the calculator is closed (escaped HTML)."""
    teams, record = words["teams"], result["record"]
    outcome = words["outcomes"].get(result["outcome"], result["outcome"])
    score = fill(
        words["summary"],
        usName=teams["us"],
        themName=teams["them"],
        us=record["us"],
        them=record["them"],
        outcome=outcome,
    )
    lines = [
        f'<div class="belot-example" slot="example" lang="{lang}">',
        f'  <p class="belot-example-score">{html.escape(score)}</p>',
    ]
    if result["hanging_out"] > 0:
        hanging = fill(words["hangingOut"], points=result["hanging_out"])
        lines.append(f'  <p class="belot-example-hanging">{html.escape(hanging)}</p>')
    title = html.escape(words["explanation"])
    lines.append(f'  <p class="belot-example-title">{title}</p>')
    lines.append(f'  <ol class="belot-example-steps" aria-label="{title}">')
    for step in result["explanation"]:
        text = step["message"][lang]
        lines.append(f"    <li>{html.escape(text)}</li>")
    lines += ["  </ol>", "</div>"]
    return "\n".join(lines)


def data_block(request: dict[str, Any], reply: dict[str, Any]) -> str:
    """The request and the core's answer as a JSON data block (never run as a script)."""
    text = json.dumps(
        {"request": request, "reply": reply}, ensure_ascii=False, separators=(",", ":")
    )
    # Inside <script>, "</script" or "<!--" would end it or change how it is read.
    text = text.replace("<", "\\u003c")
    return f'<script type="application/json" data-belot-example>{text}</script>'


def widgets_in(text: str) -> list[tuple[re.Match[str], dict[str, str]]]:
    """The prefilled, closed calculators of a page (no score sheet): their start tags."""
    found = []
    for match in START_TAG.finditer(text):
        attributes = attributes_of(match.group(0))
        if "lazy" in attributes and "sheet" not in attributes:
            found.append((match, attributes))
    return found


def requests_for(
    widgets: list[dict[str, str]], widget_dir: Path
) -> tuple[list[Any], dict[str, Any]]:
    payload = json.dumps({"widgets": [{"attributes": attributes} for attributes in widgets]})
    done = subprocess.run(
        ["node", str(REQUESTS_TOOL), str(widget_dir)],
        input=payload,
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(done.stdout)
    return answer["requests"], answer["words"]


def fill_pages(dist: Path) -> int:
    pages = {page: page.read_text(encoding="utf-8") for page in sorted(dist.rglob("*.html"))}
    found = [
        (page, match, attributes)
        for page, text in pages.items()
        for match, attributes in widgets_in(text)
    ]
    if not found:
        return 0
    requests, words = requests_for([attributes for _, _, attributes in found], WIDGET_SOURCE)
    inserts: dict[Path, list[tuple[int, str]]] = {}
    count = 0
    for (page, match, attributes), request in zip(found, requests, strict=True):
        if request is None:
            continue
        reply = json.loads(score_deal_json(json.dumps(request)))
        if not reply.get("ok"):
            continue
        page_lang = HTML_LANG.search(pages[page])
        lang = language(attributes, page_lang.group(1) if page_lang else "bg")
        indent = "\n" + " " * (match.start() - pages[page].rfind("\n", 0, match.start()) + 1)
        markup = (
            example_markup(reply["result"], words[lang], lang) + "\n" + data_block(request, reply)
        )
        inserts.setdefault(page, []).append((match.end(), indent + markup.replace("\n", indent)))
        count += 1
    for page, places in inserts.items():
        text = pages[page]
        for at, markup in sorted(places, reverse=True):
            text = text[:at] + markup + text[at:]
        page.write_text(text, encoding="utf-8")
        print(f"    {page.relative_to(dist).as_posix()}: {len(places)}")
    return count


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    print(f"    {fill_pages(Path(argv[1]))} examples scored")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
