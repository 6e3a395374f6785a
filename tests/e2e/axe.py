"""axe-core (pinned in package.json) on a page that runs under the site's strict policy.

The policy (`script-src 'self'`, Trusted Types) lets no inline or foreign script in,
so axe is not added as a <script>: Playwright evaluates its source through the
DevTools protocol, which a page's policy does not govern (the page keeps its policy,
and axe itself needs no eval). Nothing is loosened for the test.

`violations(page)` runs the WCAG 2.2 A/AA rules and axe's best practices on the whole
document, open shadow roots included, and returns each violation with the elements it
found, small enough to print.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from sitebuild.paths import NODE_MODULES

AXE_SOURCE = NODE_MODULES / "axe-core" / "axe.min.js"
#: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices.
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice")

_RUN = """async (tags) => {
  const results = await axe.run(document, {
    runOnly: { type: "tag", values: tags },
    resultTypes: ["violations"],
  });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => ({
      target: node.target.flat().join(" >>> "),
      html: node.html.slice(0, 160),
      summary: (node.failureSummary ?? "").slice(0, 300),
    })),
  }));
}"""


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's violations on `page` as it is now (axe is put into the page once)."""
    if not page.evaluate("typeof globalThis.axe?.run === 'function'"):
        page.evaluate(AXE_SOURCE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(_RUN, list(TAGS))
    return found


def describe(found: list[dict[str, Any]]) -> str:
    """The violations as lines a failing test can print."""
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {len(violation['nodes'])}")
        for node in violation["nodes"][:6]:
            lines.append(f"    {node['target']}  {node['html']}")
            lines.append(f"        {node['summary']}".replace("\n", " / "))
    return "\n".join(lines)
