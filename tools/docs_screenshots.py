"""The docs' screenshots of the entry screen, taken from the built site (run by hand).

    python3 build.py build && .venv/bin/python tools/docs_screenshots.py

The standalone calculator on a phone (360x740 and 390x844, touch), one deal entered
(hearts, we bid, 82 points, the last trick ours, our belot and their tierce: the bar
says 11 : 9), in Bulgarian and English; light, dark, and with the text at 200% (the
root font size, as Android's font scale). Also an article's closed
calculator, which shows the example's result as the build scored it (no runtime
yet), at 360x740 and 390x844, in Bulgarian and English, light and dark. Written to
docs/ as PNGs made small with pngquant when it is installed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from e2e_ui import Calculator, Deal

from sitebuild.paths import CHROMIUM, DIST, ROOT
from sitebuild.server import serving

DOCS = ROOT / "docs"
DEAL = Deal(
    "hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}, "them": {"tierce": 1}}
)
#: name → (width, height, language, colour scheme, text size in %)
SHOTS = {
    "entry-360-bg": (360, 740, "bg", "light", 100),
    "entry-360-en": (360, 740, "en", "light", 100),
    "entry-390-bg": (390, 844, "bg", "light", 100),
    "entry-390-en": (390, 844, "en", "light", 100),
    "entry-360-bg-dark": (360, 740, "bg", "dark", 100),
    "entry-390-en-dark": (390, 844, "en", "dark", 100),
    "entry-390-bg-text200": (390, 844, "bg", "light", 200),
    "entry-390-en-text200": (390, 844, "en", "light", 200),
}
#: name → (width, height, article, colour scheme): the closed calculator of an article
ARTICLE_SHOTS = {
    "article-360-bg": (360, 740, "bg/visyashta.html", "light"),
    "article-390-en": (390, 844, "en/scoring.html", "light"),
    "article-390-bg-dark": (390, 844, "bg/tochki.html", "dark"),
    "article-360-en-dark": (360, 740, "en/hanging-deal.html", "dark"),
}


def phone(browser: Browser, width: int, height: int, scheme: str) -> BrowserContext:
    """A phone-sized, touch, reduced-motion context in the colour scheme `scheme`."""
    return browser.new_context(
        viewport={"width": width, "height": height},
        color_scheme=scheme,  # type: ignore[arg-type]
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )


def shrink(path: Path, pngquant: str | None) -> None:
    if pngquant:
        options = ["--force", "--ext", ".png", "--speed", "1"]
        subprocess.run([pngquant, *options, str(path)], check=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")


def main() -> None:
    pngquant = shutil.which("pngquant")
    with serving(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        for name, (width, height, lang, scheme, text) in SHOTS.items():
            context = phone(browser, width, height, scheme)
            page = context.new_page()
            page.goto(f"{url}/calculator/?lang={lang}")
            page.evaluate(f"document.documentElement.style.fontSize = '{text}%'")
            calculator = Calculator(page.locator("belot-calculator"))
            expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
            calculator.enter(DEAL)
            expect(calculator.part(".bar-deal")).to_contain_text("11 : 9")
            page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)")
            path = DOCS / f"{name}.png"
            page.screenshot(path=path)
            shrink(path, pngquant)
            context.close()
        for name, (width, height, article, scheme) in ARTICLE_SHOTS.items():
            context = phone(browser, width, height, scheme)
            page = context.new_page()
            page.goto(f"{url}/{article}")
            element = page.locator("belot-calculator").first
            expect(element.locator("button.open")).to_be_visible()
            # The example's heading and text above the calculator, then the calculator.
            page.evaluate(
                """() => {
                  const element = document.querySelector("belot-calculator");
                  const top = element.getBoundingClientRect().top + scrollY;
                  scrollTo(0, top - innerHeight * 0.12);
                }"""
            )
            assert page.workers == [], "the closed calculator started no runtime"
            path = DOCS / f"{name}.png"
            page.screenshot(path=path)
            shrink(path, pngquant)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
