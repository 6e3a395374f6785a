// The sheet's notices — what the player is told until they dismiss it (a game kept aside,
// saving refused, another tab's change) — as plain data: `{words, key, params?, errors?,
// kind?, info?}`, where `words` names the group of the widget's words the text is in
// ("sheet", "store", "travel"), `errors` are the core's (their text becomes {reason}),
// a `kind` replaces the notice of that kind shown before, `info` marks news that asks
// nothing of the reader, `about` what it is about ("file": a file's import, taken away
// when the next file comes in), and `aside` one about something kept aside (it can be
// downloaded). The view words them (sheet/sheet-view.js).

/** At most this many notices are shown (the newest), each reason cut to MAX_REASON characters. */
export const MAX_NOTICES = 5;
export const MAX_REASON = 300;
export const MAX_NOTICE = 600;

/** @import { Notice } from "./types.js"; */

export class Notices {
  /** @type {Readonly<Notice>[]} */ list = [];
  /** Counts the changes of `list`: the view builds the notices again only when it moved. */
  version = 0;

  /** @param {Notice} notice */
  add(notice) {
    if (notice.kind) this.list = this.list.filter((shown) => shown.kind !== notice.kind);
    this.list.push(Object.freeze({ ...notice }));
    this.version++;
  }

  /** Take away the notices `predicate` picks (an earlier file's error, once a file came in). */
  /** @param {(notice: Readonly<Notice>) => boolean} predicate */
  drop(predicate) {
    const kept = this.list.filter((notice) => !predicate(notice));
    if (kept.length === this.list.length) return;
    this.list = kept;
    this.version++;
  }

  clear() {
    if (!this.list.length) return;
    this.list = [];
    this.version++;
  }

  /** Whether a notice tells of something kept aside (the list offers its download). */
  get aside() {
    return this.list.some((notice) => notice.aside);
  }

  /** The newest MAX_NOTICES, and how many earlier ones are not shown. */
  shown() {
    const shown = this.list.slice(-MAX_NOTICES);
    return { shown, earlier: this.list.length - shown.length };
  }
}
