"""What the widget ships for an embedder's tools (issue 31): the types of
<belot-calculator> (dist/widget/index.d.ts, from widget/index.d.ts) and the Custom
Elements Manifest (dist/widget/custom-elements.json, written by the analyzer from npm).
An embedder's TypeScript file type-checks against the types with tsc (TypeScript from
npm), and one that misuses the element does not.

Needs `python3 build.py build` first.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sitebuild.paths import DIST, NODE_MODULES, ROOT

TSC = NODE_MODULES / "typescript" / "bin" / "tsc"
TSC_OPTIONS = ("--noEmit", "--strict", "--target", "es2022", "--module", "esnext",
               "--moduleResolution", "bundler", "--lib", "es2022,dom")  # fmt: skip

EMBEDDER = """\
import { BelotCalculatorElement, TAG, CONTRACTS, type ScoreResult } from "./widget/index.js";

const element = document.querySelector("belot-calculator");
if (element) {
  element.lazy = false;
  element.sheet = true;
  element.rules = "round-before-multiply";
  element.rules = ["capot_cancels_contra"];
  const state: "closed" | "loading" | "ready" | "failed" = element.state;
  element.addEventListener("belot-calculator-result", (event) => {
    const us: number = event.detail.result.record.us;
    console.log(us, state, event.detail.request.contract);
  });
  element.addEventListener("belot-calculator-toggle", (event) => console.log(event.detail.open));
  element.open();
}
const made: BelotCalculatorElement = document.createElement(TAG);
made.contract = CONTRACTS[0];
made.setAttribute("pile-points", "71");
document.body.append(made);
document.addEventListener("belot-calculator-sheet", (event) => console.log(event.detail.game.deals));
document.addEventListener("belot-calculator-before-new-game", (event) => event.preventDefault());
const last: ScoreResult | null = made.result;
console.log(last, made.game?.result.totals.us);
"""
MISUSE = """\
import "./widget/index.js";
const element = document.querySelector("belot-calculator")!;
element.state = "ready";
element.contract = "trumps";
element.addEventListener("belot-calculator-toggle", (event) => {
  const open: string = event.detail.open;
  console.log(open);
});
"""


def tsc(folder: Path, source: str) -> subprocess.CompletedProcess[str]:
    if not (DIST / "widget" / "index.d.ts").is_file():
        pytest.fail("dist/widget/index.d.ts is missing: run 'python3 build.py build' first")
    (folder / "widget").mkdir(exist_ok=True)
    shutil.copy(DIST / "widget" / "index.d.ts", folder / "widget" / "index.d.ts")
    (folder / "page.ts").write_text(source, encoding="utf-8")
    node = shutil.which("node") or "node"
    return subprocess.run(
        [node, str(TSC), *TSC_OPTIONS, "page.ts"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_an_embedders_typescript_type_checks_against_the_shipped_types(tmp_path: Path) -> None:
    done = tsc(tmp_path, EMBEDDER)
    assert done.returncode == 0, done.stdout + done.stderr


def test_misusing_the_element_is_a_type_error(tmp_path: Path) -> None:
    done = tsc(tmp_path, MISUSE)
    assert done.returncode != 0
    assert "Cannot assign to 'state' because it is a read-only property" in done.stdout
    assert "'\"trumps\"' is not assignable to type 'Contract | null'" in done.stdout
    assert "Type 'boolean' is not assignable to type 'string'" in done.stdout


def test_the_custom_elements_manifest_names_every_attribute_and_event() -> None:
    path = DIST / "widget" / "custom-elements.json"
    if not path.is_file():
        pytest.fail("dist/widget/custom-elements.json is missing: run 'python3 build.py build'")
    manifest = json.loads(path.read_text(encoding="utf-8"))
    [element] = [
        declaration
        for module in manifest["modules"]
        for declaration in module.get("declarations", [])
        if declaration.get("customElement")
    ]
    assert element["tagName"] == "belot-calculator"
    source = (ROOT / "widget" / "element" / "belot-calculator.js").read_text(encoding="utf-8")
    own = re.search(r"static observedAttributes = \[(.*?), \.\.\.DEAL_ATTRIBUTES\]", source)
    assert own is not None
    request = (ROOT / "widget" / "deal" / "request.js").read_text(encoding="utf-8")
    deal = re.search(r"DEAL_ATTRIBUTES = Object\.freeze\(\[(.*?)\]\)", request, re.DOTALL)
    assert deal is not None
    observed = re.findall(r'"([a-z-]+)"', own.group(1) + deal.group(1))
    assert sorted(attribute["name"] for attribute in element["attributes"]) == sorted(observed)
    events = {event["name"] for event in element["events"]}
    dispatched = set(re.findall(r'new CustomEvent\("(belot-calculator-[a-z-]+)"', _widget_text()))
    assert events == dispatched
    types = (ROOT / "widget" / "index.d.ts").read_text(encoding="utf-8")
    assert all(f'"{event}": CustomEvent<' in types for event in events)


def _widget_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "widget").rglob("*.js"))
