"""Offline, the start-up snapshot and updates in Firefox and WebKit.

Each test serves its own copy of dist/ (the `site` fixture, under /site/ of its
server) and takes it offline by stopping the server, so nothing but the browser's own
storage can answer. A page outside the site (`site.probe`) watches the site's service
worker without being one of its pages, which would keep an old build alive.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine_ui import enter, open_calculator, record, scorer_info, update_notice, wait_game
from games_store import stored
from site_versions import SERVICE_WORKER_BUILD, build_of, deploy, make_version_b

from belot_core.json_api import score_deal_json
from browsers import Browser, Page

if TYPE_CHECKING:
    from conftest import Profile, Site

WORKER_TIMEOUT_MS = 90_000  # the service worker's install: the whole build, integrity-checked
SNAPSHOT_TIMEOUT_MS = 90_000  # saved after 3 s idle: 31.5 MB written to Cache Storage
SNAPSHOT_CACHE = "belot-calculator-snapshot /site/"
HEARTS: dict[str, Any] = {
    "contract": "hearts", "bidder": "us", "doubling": "none",
    "cards": {"team": "us", "points": 82}, "last_trick": "us", "capot": None,
    "declarations": {"us": {"belot": 1}, "them": {}},
}  # fmt: skip


def expect_core(scored: dict[str, Any]) -> None:
    """A result equal to the core's in CPython for the same request, and shown."""
    reply = json.loads(score_deal_json(json.dumps(scored["request"])))
    assert reply["ok"] and scored["result"] == reply["result"], (scored, reply)
    record = reply["result"]["record"]
    assert scored["shown"] == {"us": str(record["us"]), "them": str(record["them"])}, scored


def wait_service_worker(page: Page) -> str:
    """Wait until the page's scope has an active service worker; its build."""
    return str(page.evaluate(SERVICE_WORKER_BUILD, WORKER_TIMEOUT_MS))


def wait_site_worker(probe: Page, state: str, build: str) -> None:
    """From a page outside the site: wait until the site's registration has a worker of
    `build` as its `state` ("waiting" or "active", then activated)."""
    probe.evaluate(
        """async (state, build, ms) => {
          // A worker that turns redundant while asked (the old build, as the new one
          // activates) never answers: each question gets a second, then the loop asks again.
          const ask = (worker) => new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (e) => resolve(e.data.build);
            worker.postMessage({ type: "build" }, [channel.port2]);
            setTimeout(() => resolve(null), 1000);
          });
          const deadline = performance.now() + ms;
          let seen = null;
          for (;;) {
            const registration = await navigator.serviceWorker.getRegistration("/site/");
            const worker = registration?.[state];
            if (worker && (state !== "active" || worker.state === "activated")) {
              seen = await ask(worker);
              if (seen === build) return;
            }
            if (performance.now() > deadline) {
              throw new Error(`the site's ${state} worker is ${seen}, not ${build}`);
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }""",
        state,
        build,
        WORKER_TIMEOUT_MS,
    )


def snapshot_sizes(page: Page) -> dict[str, int]:
    """URL → bytes of every start-up snapshot the Pyodide worker saved for the site."""
    return dict(
        page.evaluate(
            """async (name) => {
              if (!(await caches.has(name))) return {};
              const cache = await caches.open(name);
              const sizes = {};
              for (const request of await cache.keys()) {
                sizes[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
              }
              return sizes;
            }""",
            SNAPSHOT_CACHE,
        )
    )


def wait_snapshot(page: Page, build: str, larger_than: int = 0) -> dict[str, int]:
    """Wait until the worker has saved a snapshot of `build` (of more than `larger_than`
    bytes); every snapshot entry then, URL → bytes."""
    page.evaluate(
        """async (name, build, larger, ms) => {
          const deadline = performance.now() + ms;
          for (;;) {
            if (await caches.has(name)) {
              const cache = await caches.open(name);
              for (const request of await cache.keys()) {
                if (!request.url.includes(`/__belot-snapshot__/${build}-`)) continue;
                const body = await (await cache.match(request)).arrayBuffer();
                if (body.byteLength > larger) return;
              }
            }
            if (performance.now() > deadline) throw new Error(`no start-up snapshot of ${build}`);
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }""",
        SNAPSHOT_CACHE,
        build,
        larger_than,
        SNAPSHOT_TIMEOUT_MS,
    )
    return snapshot_sizes(page)


def unreachable(page: Page, url: str) -> bool:
    """Whether a fetch the service worker does not answer fails: the network is gone."""
    return bool(
        page.evaluate(
            "(url) => fetch(url, { cache: 'no-store' }).then(() => false, () => true)", url
        )
    )


def test_opened_once_then_offline_it_reloads_and_scores(profile: Profile, site: Site) -> None:
    page = profile.new_page(f"{site.url}/en/hanging-deal.html")
    expect_core(open_calculator(page))
    assert wait_service_worker(page) == build_of(site.root)

    site.stop()
    assert unreachable(page, site.probe)
    page.reload()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    opened = open_calculator(page)
    expect_core(opened)
    assert opened["info"]["build"] == build_of(site.root)
    expect_core(enter(page, HEARTS))


def test_second_start_restores_the_snapshot_and_a_bad_one_falls_back(
    profile: Profile, site: Site
) -> None:
    """Both engines take Pyodide's (private) memory snapshot after a cold start and
    restore it on the next one; a snapshot the engine cannot restore is dropped, the
    start goes the cold way and a good snapshot is saved again."""
    build = build_of(site.root)
    first = profile.new_page(f"{site.url}/en/hanging-deal.html")
    opened = open_calculator(first)
    assert opened["info"]["snapshot"] is False, "the first start is cold"
    expect_core(opened)
    sizes = wait_snapshot(first, build)
    [(entry, size)] = sizes.items()
    assert f"/site/__belot-snapshot__/{build}-" in entry and size > 16 * 2**20, sizes
    wait_service_worker(first)
    profile.close_page(first)

    site.stop()  # the warm start is offline too
    second = profile.new_page(f"{site.url}/en/hanging-deal.html")
    opened = open_calculator(second)
    assert opened["info"]["snapshot"] is True, "the second start restores the snapshot"
    expect_core(opened)
    expect_core(enter(second, HEARTS))
    # The restored core answers the whole contract, errors and game sheets included.
    replies = second.evaluate(
        """async () => {
          const scorer = document.querySelector("belot-calculator").scorer;
          return [await scorer.score({ version: 1, contract: "clubs" }), await scorer.scoreGame({})];
        }"""
    )
    assert all(reply["ok"] is False and reply["errors"] for reply in replies), replies
    # A snapshot Pyodide cannot restore, saved with its own SHA-256 where the real one
    # had its hash, so the widget's check passes and the engine's restore fails.
    rehashed = second.evaluate(
        """async (name, url) => {
          const hex = async (bytes) => Array.from(new Uint8Array(await crypto.subtle.digest(
            "SHA-256", bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
          const cache = await caches.open(name);
          const hit = await cache.match(url);
          const genuine = await hex(await hit.arrayBuffer());
          const bad = new Uint8Array(1024);
          const headers = new Headers(hit.headers);
          let replaced = 0;
          for (const [header, value] of hit.headers) {
            if (value === genuine) { headers.set(header, await hex(bad)); replaced += 1; }
          }
          await cache.put(url, new Response(bad, { headers }));
          return replaced;
        }""",
        SNAPSHOT_CACHE,
        entry,
    )
    assert rehashed == 1, "the snapshot is saved with its SHA-256 in one header"
    profile.close_page(second)

    third = profile.new_page(f"{site.url}/en/hanging-deal.html")
    opened = open_calculator(third)
    assert opened["info"]["snapshot"] is False, "a snapshot that fails to restore is not used"
    expect_core(opened)
    assert wait_snapshot(third, build, larger_than=1024)[entry] == size


def test_update_is_announced_then_taken_on_the_next_open_keeping_the_game(
    browser: Browser, profile: Profile, site: Site, tmp_path: Path
) -> None:
    version_a, version_b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(site.root, version_a)
    make_version_b(version_a, version_b)
    build_a, build_b = build_of(version_a), build_of(version_b)
    calculator_url = f"{site.url}/calculator/?lang=en"

    # Version A: the standalone calculator, a deal recorded on its sheet.
    first = profile.new_page(calculator_url)
    expect_core(enter(first, HEARTS))
    record(first)
    wait_game(first, 1)
    assert wait_service_worker(first) == build_a
    saved = stored(first)

    # Version B is deployed into the same folder.
    deploy(version_b, site.root)

    # A second visit still runs A, all of it, and hears that B is ready.
    second = profile.new_page(calculator_url)
    assert scorer_info(second)["build"] == build_a
    assert second.evaluate("() => globalThis.belotTestBuild ?? null") is None
    notice = update_notice(second, wait_ms=WORKER_TIMEOUT_MS)
    assert notice is not None and "new version" in notice, notice
    probe = profile.new_page(site.probe)
    wait_site_worker(probe, "waiting", build_b)

    # Every page of A closed: B takes over, and the next open is B with the game kept.
    profile.close_page(first)
    profile.close_page(second)
    wait_site_worker(probe, "active", build_b)
    third = profile.new_page(calculator_url)
    assert scorer_info(third)["build"] == build_b, f"{browser.engine} still runs A"
    assert third.evaluate("() => globalThis.belotTestBuild ?? null") == "B"
    assert third.evaluate("() => document.querySelector('meta[name=test-build]') !== null")
    assert update_notice(third) is None
    caches = third.evaluate("() => caches.keys()")
    assert [name for name in caches if name.startswith("belot-calculator /site/ ")] == [
        f"belot-calculator /site/ {build_b}"
    ], caches
    # B saves its own start-up snapshot, and none of A's is left: B's activation deletes
    # them, and B's save deletes any that a closing page of A was still writing.
    assert [url for url in wait_snapshot(third, build_b) if build_a in url] == []
    assert stored(third) == saved
    assert len(wait_game(third, 1)["game"]["deals"]) == 1
