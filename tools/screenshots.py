"""Every screenshot of the docs, from the built site, in one run (by hand, after a change
a player sees):

    python3 build.py build && .venv/bin/python tools/screenshots.py [--only PREFIX]

Phones of 360x740 and 390x844 (touch), Bulgarian and English, light and dark, with the
docs' example table (Иван и Петър / Мария и Ана, four players). Each set is a module:
docs_screenshots (the entry screen and its states, an article's calculator closed and
folded, keeping the games), cards_screenshots (the card grid), dealer_screenshots (who
deals), table_screenshots (table mode, matches, statistics), travel_screenshots (a game
shared and imported), conflict_screenshots (a game kept twice, the keep-both question).

A shot goes to docs/ when a page of the docs shows it (its file name is on the page),
else to .cache/screenshots/ to be looked at: every combination is taken and can be
read, the repository keeps only what a reader sees. `--only PREFIX` takes the shots whose
names start so (`entry`, `article-fold`, `keep`, `cards`, `dealer`, `table`, `shared`, …).
PNGs are made small with pngquant when it is installed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cards_screenshots
import conflict_screenshots
import dealer_screenshots
import docs_screenshots
import table_screenshots
import travel_screenshots

SETS = (
    docs_screenshots,
    cards_screenshots,
    dealer_screenshots,
    table_screenshots,
    travel_screenshots,
    conflict_screenshots,
)


def main() -> None:
    with docs_screenshots.session(__doc__) as (browser, url, only, pngquant):
        for shots in SETS:
            shots.take(browser, url, only, pngquant)


if __name__ == "__main__":
    main()
