// The widget's own answer to "who deals first, so that this seat deals now"
// (widget/book/seats.js firstDealerFor), for tests/agreement/test_seats_agree.py:
// [[seat, played]…] on stdin, the first dealers on stdout.
import { readFileSync } from "node:fs";
import { firstDealerFor } from "../../widget/book/seats.js";

const asked = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(asked.map(([seat, played]) => firstDealerFor(seat, played))));
