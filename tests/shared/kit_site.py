"""A site owner's site with the kit (tools/sitebuild/kit.py): the kit built from dist/,
unpacked into a fresh folder as /static/belot/, beside a blog post of the test's own at
/blog/2026/post.html that embeds the calculator with a score sheet. Shared by the kit's
tests in Chromium (tests/e2e/test_kit_host.py) and in Firefox and WebKit
(tests/engines/test_engine_kit.py).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from sitebuild.kit import KIT_FOLDER, write_kit
from sitebuild.paths import DIST

KIT_PATH = "/static/belot/"
POST_PATH = "/blog/2026/post.html"
CALCULATOR_PATH = f"{KIT_PATH}calculator/?lang=en"
# The owner's post: their own page (no policy of ours in it), the kit's snippet, a
# calculator with a sheet, prefilled as an article would be.
POST = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>How we keep score at the cottage</title>
  <script type="module" src="/static/belot/widget/index.js"></script>
</head>
<body>
  <article>
    <h1>How we keep score at the cottage</h1>
    <p>Last summer's games, and the calculator we keep them with.</p>
    <belot-calculator lazy sheet lang="en" contract="hearts" bidder="us" doubling="none"
        pile-team="us" pile-points="82" last-trick="us" capot="none">
      <p>The calculator needs JavaScript.</p>
    </belot-calculator>
  </article>
</body>
</html>
"""
# Wait until the kit's service worker is active for its folder (it registers once the
# runtime is in); its scope.
KIT_WORKER_ACTIVE = """async ([scope, ms]) => {
  const deadline = performance.now() + ms;
  for (;;) {
    const registration = await navigator.serviceWorker.getRegistration(scope);
    if (registration?.active?.state === "activated") return registration.scope;
    if (performance.now() > deadline) throw new Error(`no active service worker for ${scope}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}"""


def owner_site(folder: Path) -> Path:
    """The kit built from dist/ and unpacked into `folder`/www as a static host's files."""
    archive = write_kit(DIST, folder / "kit", base=KIT_PATH)
    www = folder / "www"
    with zipfile.ZipFile(archive) as packed:
        packed.extractall(folder / "unpacked")
    (www / "static").mkdir(parents=True)
    (folder / "unpacked" / KIT_FOLDER).rename(www / KIT_PATH.strip("/"))
    post = www / POST_PATH.lstrip("/")
    post.parent.mkdir(parents=True)
    post.write_text(POST, encoding="utf-8")
    return www
