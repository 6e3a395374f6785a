// The widget's own answer to "the game's house rules change" (widget/deal/house-rules.js),
// for tests/agreement/test_house_rules_agree.py: JSON questions on stdin
// ([{deals, old}]), the deals the book writes for "from the next deal" and for "all
// deals" on stdout. The book answers at once, in pure code (book/book-ops.js merges it
// with another tab's changes), so the test holds it to the core's GameSheet.with_rules.
import { readFileSync } from "node:fs";
import { dealsForAll, dealsFromNext } from "../../widget/deal/house-rules.js";

const asked = JSON.parse(readFileSync(0, "utf8"));
const answers = asked.map(({ deals, old }) => ({ fromNext: dealsFromNext(deals, old), forAll: dealsForAll(deals) }));
process.stdout.write(JSON.stringify(answers));
