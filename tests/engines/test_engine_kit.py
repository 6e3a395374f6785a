"""The kit for site owners in Firefox and WebKit (issue 33): unpacked into a fresh
folder beside a blog post of the test's own (tests/shared/kit_site.py), served as a
static host serves it; the post's calculator opens and records a deal; then, with the
server stopped, the kit's standalone calculator finds the game. (Chromium:
tests/e2e/test_kit_host.py.)
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

from engine_ui import open_calculator, record, wait_game
from kit_site import CALCULATOR_PATH, KIT_PATH, KIT_WORKER_ACTIVE, POST_PATH, owner_site

from belot_core.json_api import score_deal_json
from sitebuild.server import serving

if TYPE_CHECKING:
    from conftest import Profile

WORKER_TIMEOUT_MS = 120_000  # the service worker's install: the whole kit, integrity-checked


def test_the_kit_on_another_site_records_a_deal_and_finds_it_offline(
    profile: Profile, tmp_path: Path
) -> None:
    www = owner_site(tmp_path)
    with contextlib.ExitStack() as online:
        url = online.enter_context(serving(www))
        page = profile.new_page(f"{url}{POST_PATH}")
        opened = open_calculator(page)
        reply = json.loads(score_deal_json(json.dumps(opened["request"])))
        assert reply["ok"] and opened["result"] == reply["result"], (opened, reply)
        record(page)
        assert len(wait_game(page, 1)["game"]["deals"]) == 1
        scope = page.evaluate(KIT_WORKER_ACTIVE, [KIT_PATH, WORKER_TIMEOUT_MS])
        assert scope == f"{url}{KIT_PATH}"
    # The server is stopped: only the kit's offline copy can answer.
    offline = profile.new_page(f"{url}{CALCULATOR_PATH}")
    game = wait_game(offline, 1)
    assert game["game"]["deals"] == wait_game(page, 1)["game"]["deals"]
