// Keeping the games, on the whole sheet (widget/sheet/score-sheet.js with keep-sheet.js)
// on a DOM (linkedom), a fake core and a fake browser: the state shown in "Games on this
// device" in both languages, Back up all games as one file brought back through Import
// with nothing doubled, and the games cleared while the page was closed — said, with a
// backup file or a game's link as the way back, or Start afresh.
import assert from "node:assert/strict";
import { test } from "node:test";

import { frames, installDom } from "../dom.mjs";
import { mountSheet, press as pressAndWait } from "./mount.mjs";
import { fakeEnv, fakeLocal, fakeStorage } from "./keep-fakes.mjs";

installDom();
const { KEEP_WORDS } = await import("../../../widget/i18n/keep-strings.js");
const { MemoryBackend } = await import("../../../widget/store/memory-store.js");
const { writeMark, readMark } = await import("../../../widget/store/kept-mark.js");
const { linkHash } = await import("../../../widget/sheet/keep-view.js");

// A download's blob is read back here; its revoke timer (a minute) does not hold the process.
const downloads = [];
URL.createObjectURL = (blob) => {
  downloads.push(blob);
  return "blob:test";
};
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = (fn, ms, ...args) => {
  const timer = realSetTimeout(fn, ms, ...args);
  if (ms >= 60_000) timer.unref?.();
  return timer;
};

async function mount({ lang = "bg", backend = new MemoryBackend(), env = fakeEnv() } = {}) {
  const mounted = await mountSheet({ lang, store: backend.store(), keepEnv: env, wait: 8 });
  return { ...mounted, env, backend };
}

const text = (element) => element.textContent.replace(/\s+/g, " ").trim();

const press = (element) => pressAndWait(element, 8);

/** A File as the sheet reads one. */
const file = (name, body) => ({ name, size: body.length, text: async () => body });

/** `chosen` picked in the file input `input` (as the file chooser does). */
async function choose(input, chosen) {
  Object.defineProperty(input, "files", { configurable: true, value: [chosen] });
  input.dispatchEvent(new window.Event("change"));
  await frames(10);
}

test("the state in Games on this device is the browser's answer, in the reader's words", async () => {
  const cases = [
    [fakeStorage({ persisted: true }), "persisted"],
    [fakeStorage({ persisted: false }), "best_effort"],
    [null, "unsupported"],
  ];
  for (const lang of ["bg", "en"]) {
    for (const [storage, state] of cases) {
      const { $ } = await mount({ lang, env: fakeEnv({ storage }) });
      assert.equal($(".games .keep").hidden, false);
      assert.equal($(".games .keep").dataset.state, state);
      assert.equal(text($(".games .keep-state")), KEEP_WORDS[lang][state]);
      assert.equal(text($(".games .keep-backup")), KEEP_WORDS[lang].noBackup);
      assert.equal($(".games button.back-up").disabled, true, "no game to back up yet");
      assert.equal($(".games .keep").previousElementSibling, $(".games summary"), "first thing in the list");
    }
  }
});

test("the first deal recorded asks the browser; its answer is what the list says", async () => {
  const env = fakeEnv({ storage: fakeStorage({ grant: true }) });
  const { $ } = await mount({ lang: "en", env });
  await press($("button.record"));
  assert.equal(env.storage.asked, 1);
  assert.equal(text($(".games .keep-state")), KEEP_WORDS.en.persisted);
});

test("Back up all games is one file; brought back through Import, nothing is doubled", async () => {
  const backend = new MemoryBackend();
  const { $, $$, form } = await mount({ lang: "en", backend });
  await press($("button.record"));
  await press($(".sheet-toolbar button.new-game"));
  await press($(".confirm button.confirm-yes"));
  form.next = { fake: [20, 0] };
  await press($("button.record"));
  downloads.length = 0;
  await press($(".games button.back-up"));
  assert.equal(downloads.length, 1);
  const backup = JSON.parse(await downloads[0].text());
  assert.equal(backup.belot_backup, 1);
  assert.equal(backup.games.length, 2);
  assert.match(text($(".games .keep-status")), /^Backup downloaded: “belot-backup-\d{4}-\d\d-\d\d-\d{4}\.json”/);
  assert.equal(form.said.at(-1), text($(".games .keep-status")), "and said");
  assert.match(text($(".games .keep-backup")), /^Last backup: /);

  const fresh = await mount({ lang: "en" });
  const body = await downloads[0].text();
  await choose(fresh.$(".games input.import-file"), file("belot-backup.json", body));
  assert.equal(fresh.$$(".games-list li").length, 2, "both games, and the empty one gave way");
  assert.equal(fresh.form.said.at(-1).startsWith("The backup “belot-backup.json” is restored. Games added: 2; already here: 0."), true, fresh.form.said.at(-1));
  await choose(fresh.$(".games input.import-file"), file("belot-backup.json", body));
  assert.equal(fresh.$$(".games-list li").length, 2, "brought back twice: still two");
  assert.match(fresh.form.said.at(-1), /Games added: 0; already here: 2\./);
  assert.equal($$(".games-list li").length, 2);

  await choose(fresh.$(".games input.import-file"), file("game.json", JSON.stringify({ version: 1, deals: [{ fake: [3, 3] }] })));
  assert.equal(fresh.$$(".games-list li").length, 3, "a single game's file still imports as it did");
  await choose(fresh.$(".games input.import-file"), file("notes.txt", "not json"));
  assert.match(
    text(fresh.$(".notices")),
    /“notes.txt” is not a game the calculator can read\. The file is neither JSON nor a CSV from the calculator\./,
    "and a file that is neither is said as before",
  );
});

test("games cleared while the page was closed: said instead of an empty sheet, with the way back", async () => {
  const local = fakeLocal();
  writeMark(local, "k", { games: 3, saved: "2026-02-14T19:30:00.000Z", backup: "2026-02-01T10:00:00.000Z" });
  const { $, form, sheet } = await mount({ lang: "en", env: fakeEnv({ local }) });
  const notice = $(".keep-notice");
  assert.equal(notice.hidden, false);
  assert.equal(notice.dataset.kind, "cleared");
  assert.equal(text($(".keep-title")), "The games are gone");
  assert.match(
    text($(".keep-text")),
    /^The browser cleared the games saved on this device while the calculator was closed \(3 games, last saved on 14 Feb 2026, \d\d:30\)\..* Your last backup is from 1 Feb 2026/,
  );
  assert.equal(form.said.at(-1), text($(".keep-text")), "said in the live region once");
  assert.equal($(".keep-notice button.restore-backup").hidden, false);
  assert.equal($(".keep-notice .keep-link").hidden, false);
  assert.equal(notice.previousElementSibling, $(".notices"), "at the top of the sheet");

  const input = $(".keep-link-input");
  input.value = "https://example.test/some/page";
  await press($(".keep-link button.open-link"));
  await frames(8);
  assert.equal(text($(".keep-link-error")), KEEP_WORDS.en.notALink);
  assert.equal(input.hasAttribute("aria-invalid"), true);
  input.value = "https://example.test/calculator/#game=ok";
  const enter = new window.Event("keydown", { cancelable: true });
  enter.key = "Enter";
  input.dispatchEvent(enter);
  await frames(8);
  assert.equal(sheet.viewing, true, "the game the link carries is shown, read only");
  assert.equal(notice.hidden, true, "while a shared game is shown");
  await press($(".shared button.keep-game"));
  assert.equal(notice.hidden, true, "a game kept: the notice is answered");
  assert.equal(readMark(local, "k").games, 1);
});

test("Start afresh answers the notice for good", async () => {
  const local = fakeLocal();
  writeMark(local, "k", { games: 2, saved: "2026-02-14T19:30:00.000Z" });
  const { $ } = await mount({ lang: "bg", env: fakeEnv({ local }) });
  assert.equal(text($(".keep-title")), "Игрите ги няма");
  assert.equal(text($(".keep-notice button.keep-dismiss")), "Започни на чисто");
  await press($(".keep-notice button.keep-dismiss"));
  assert.equal($(".keep-notice").hidden, true);
  assert.equal(readMark(local, "k").games, 0);
  const again = await mount({ lang: "bg", env: fakeEnv({ local }) });
  assert.equal(again.$(".keep-notice").hidden, true);
});

test("a restore from the notice's own button takes a backup file", async () => {
  const local = fakeLocal();
  writeMark(local, "k", { games: 1, saved: "2026-02-14T19:30:00.000Z" });
  const { $, $$ } = await mount({ lang: "en", env: fakeEnv({ local }) });
  const game = {
    id: "g-back",
    created: "2026-02-14T19:00:00.000Z",
    updated: "2026-02-14T19:30:00.000Z",
    names: { us: "A", them: "B" },
    rules: {},
    deals: [{ fake: [30, 10] }],
  };
  await choose($(".keep-notice input.restore-file"), file("b.json", JSON.stringify({ belot_backup: 1, saved: "2026-02-14T20:00:00.000Z", games: [game] })));
  assert.equal($(".keep-notice").hidden, true);
  assert.equal(text($(".sheet-table tfoot td.us")), "30", "the restored game is the one shown");
  assert.equal($$(".games-list li").length, 1);
});

test("a game's link is found in what was pasted: the whole address or its fragment", () => {
  assert.equal(linkHash("https://x.test/calculator/?lang=bg#game=ABC"), "#game=ABC");
  assert.equal(linkHash("  #game=ABC "), "#game=ABC");
  assert.equal(linkHash("game=ABC"), "#game=ABC");
  assert.equal(linkHash("https://x.test/#other=1"), null);
  assert.equal(linkHash(""), null);
});

test("every word about keeping the games is there in both languages", () => {
  const keys = (lang) => Object.keys(KEEP_WORDS[lang]).sort();
  assert.deepEqual(keys("bg"), keys("en"));
  for (const lang of ["bg", "en"]) {
    for (const [key, value] of Object.entries(KEEP_WORDS[lang])) {
      const forms = typeof value === "string" ? [value] : Object.values(value);
      assert.ok(
        forms.every((form) => form.trim().length > 0),
        `${lang}.${key}`,
      );
    }
  }
});

test("a picked file is refused by its size unread, and a deeply nested one is called so (issue 32)", async () => {
  const { $ } = await mount({ lang: "en" });
  let reads = 0;
  const huge = { name: "brackets.json", size: 19_000_000, text: async () => (reads++, "[".repeat(9_500_000)) };
  await choose($("input.import-file"), huge);
  assert.equal(reads, 0, "19 MB is never read");
  assert.match(text($(".notices")), /“brackets\.json” .* too large even for a backup: 19,000 KB, and 5,000 KB is the most\./);
  await choose($("input.import-file"), file("deep.json", "[".repeat(125_000) + "]".repeat(125_000)));
  assert.match(text($(".notices")), /“deep\.json” .* nested too deeply: more than 64 levels/);
});

test("the names of a backup come in cleaned: no control, no bidi override (issue 32)", async () => {
  const { $, $$ } = await mount({ lang: "en" });
  const game = {
    id: "g-ctl",
    created: "2026-02-14T19:00:00.000Z",
    updated: "2026-02-14T19:30:00.000Z",
    names: { us: "\u0000\u0007ctl", them: "Ivan\u202eKeep" },
    rules: {},
    deals: [{ fake: [30, 10] }],
  };
  await choose($("input.import-file"), file("b.json", JSON.stringify({ belot_backup: 1, saved: "2026-02-14T20:00:00.000Z", games: [game] })));
  assert.deepEqual(
    $$(".games li .game-text bdi").map((bdi) => bdi.textContent),
    ["ctl", "IvanKeep"],
  );
});
