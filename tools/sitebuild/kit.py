"""The kit for site owners: what a site hosts to embed the calculator, and no more.

`python3 build.py kit` builds dist/ (the bundled widget), then writes
`dist-kit/belot-calculator-<version>-<build>.zip`: one folder,
`belot-calculator/`, to unpack anywhere on a site (say, as /static/belot/):

- widget/ — the bundles, their source maps, the vendored QR encoder, `build.js`;
  `index.d.ts` (types) and `custom-elements.json` (the Custom Elements
  Manifest) where the build made them;
- runtime/ — Pyodide, the trimmed standard library, the lock file and the core's wheel;
- calculator/ (with style.css, icons, favicon, web app manifest) — the standalone page
  a game's link opens (the sheet's links point at `calculator/` beside manifest.json);
- manifest.json of these files only (the same build id: the worker checks it) and
  sw.js precaching them (offline use covers pages inside the kit's folder);
- `_headers`, deploy/nginx.conf, deploy/apache.htaccess for static hosts (`--base`:
  the path the kit is served at, for `_headers`' rules);
- README.md: the snippet and what to send.

No articles, no index pages. tests/e2e/test_kit_host.py and tests/engines/test_engine_kit.py
unpack it beside a page of their own, as a static host serves it, in Chromium,
Firefox and WebKit.
"""

from __future__ import annotations

import gzip
import json
import shutil
import tempfile
import zipfile
from pathlib import Path

from sitebuild.dist import write_service_worker
from sitebuild.hosts import NETLIFY, write_host_configs
from sitebuild.paths import CACHE, DIST, ENCODED_SUFFIXES, ROOT
from sitebuild.steps import StepFailed, step

KIT_FOLDER = "belot-calculator"
KIT_OUT = ROOT / "dist-kit"
# What of dist/ a site hosts: folders, and single files.
KIT_FOLDERS = ("widget/", "runtime/", "calculator/", "icons/")
KIT_FILES = ("style.css", "favicon.svg", "manifest.webmanifest")

README = """# <belot-calculator> {version} (build {build})

A Bulgarian belot score calculator as one custom element, with its Python runtime
(Pyodide) and offline copy. Unpack this folder anywhere on your site — say as
`/static/belot/` — and put the element in any page of the same origin:

```html
<script type="module" src="/static/belot/widget/index.js"></script>

<belot-calculator lazy lang="bg" contract="clubs" bidder="us"
    pile-team="us" pile-points="71" last-trick="them">
  <p>Калкулаторът има нужда от JavaScript.</p>
</belot-calculator>
```

Add `sheet` for a score sheet of a whole game (saved on the reader's device). The
widget finds `manifest.json` beside its `widget/` folder, so keep the folder whole.

- Serve `.wasm` as `application/wasm`; send the Content Security Policy of `_headers`
  (for Netlify and Cloudflare Pages, rules for `{base}*`: `python3 build.py kit --base
  /your/path/` writes them for another path), or use deploy/nginx.conf or
  deploy/apache.htaccess.
- Deploy a new kit as a whole (a new folder and a switch): the page's widget, its
  worker and manifest.json must be one build.
- Offline: `sw.js` covers the pages inside this folder — `calculator/`, the page a
  game's link opens, works offline after one visit. Your own pages stay online pages.
- Types: `widget/index.d.ts` (beside `index.js`); the Custom Elements Manifest:
  `widget/custom-elements.json`.

Everything else (attributes, events, styling): docs/embedding.md of the project.
"""


def project_version() -> str:
    for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("version = "):
            return line.split("=", 1)[1].strip().strip('"')
    raise StepFailed("pyproject.toml has no version")


def kit_name(name: str) -> bool:
    return name.startswith(KIT_FOLDERS) or name in KIT_FILES


def write_kit(dist: Path = DIST, out: Path = KIT_OUT, base: str = "/static/belot/") -> Path:
    """The kit's archive from a built (bundled) dist/; its path."""
    with step(f"the kit for site owners ({out}/, served at {base})"):
        manifest = json.loads((dist / "manifest.json").read_text(encoding="utf-8"))
        if not (dist / "widget" / "chunks").is_dir():
            raise StepFailed("dist/ holds the widget's plain modules: build it bundled first")
        build, version = manifest["build"], project_version()
        CACHE.mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="kit-", dir=CACHE) as scratch:
            root = Path(scratch) / KIT_FOLDER
            files = {name: entry for name, entry in manifest["files"].items() if kit_name(name)}
            for name in files:
                for suffix in ("", *ENCODED_SUFFIXES):
                    source = dist / (name + suffix)
                    if source.is_file():
                        (root / name).parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(source, root / (name + suffix))
            kit_manifest = {**manifest, "files": files}
            (root / "manifest.json").write_text(
                json.dumps(kit_manifest, indent=2) + "\n", encoding="utf-8"
            )
            write_service_worker(root)
            for name in ("manifest.json", "sw.js"):
                raw = (root / name).read_bytes()
                (root / f"{name}.gz").write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
            write_host_configs(root)
            headers = (root / NETLIFY).read_text(encoding="utf-8").splitlines()
            prefix = base.rstrip("/")
            (root / NETLIFY).write_text(
                "".join(
                    f"{prefix}{line}\n" if line.startswith("/") else f"{line}\n" for line in headers
                ),
                encoding="utf-8",
            )
            (root / "README.md").write_text(
                README.format(version=version, build=build, base=base), encoding="utf-8"
            )
            out.mkdir(exist_ok=True)
            archive = out / f"{KIT_FOLDER}-{version}-{build}.zip"
            for old in out.glob(f"{KIT_FOLDER}-*.zip"):
                old.unlink()
            with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as packed:
                for path in sorted(root.rglob("*")):
                    if path.is_file():
                        packed.write(path, path.relative_to(root.parent).as_posix())
        print(f"    {archive.name}: {archive.stat().st_size} bytes, {len(files)} files")
        return archive
