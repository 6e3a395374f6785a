// Firefox and Chromium for Python: puppeteer-core drives Debian's firefox-esr or chromium
// through WebDriver BiDi (Chromium's through puppeteer's chromium-bidi mapper), and this
// script exposes it to tools/browsers/puppeteer.py as JSON lines on stdin/stdout.
//
//   node puppeteer.mjs <firefox|chrome> <executable> <options JSON> [browser argument...]
//
// The options are puppeteer.launch's own few that the Python side sets, as JSON:
// {"acceptInsecureCerts": true} for a server with a certificate made for the run.
//
// Started, it launches the browser (headless, a fresh temporary profile) and prints
// {"ready": true, "version": "firefox/153…"}. Then every line on stdin is one command
// and gets one line back with the same id:
//
//   {id, op: "newContext"}                         → {id, ok: true, value: <context id>}
//   {id, op: "newPage", context}                   → {id, ok: true, value: <page id>}
//   {id, op: "goto", page, url}                    → {id, ok: true}     (after "load")
//   {id, op: "reload", page}                       → {id, ok: true}     (after "load")
//   {id, op: "evaluate", page, script, args}       → {id, ok: true, value}
//        script is the source of a JS function; it is called with args (JSON) and
//        awaited; the value must be JSON (undefined → null).
//   {id, op: "move", page, x, y}                   → {id, ok: true}
//        the pointer moves to (x, y), CSS pixels of the viewport (BiDi input actions)
//   {id, op: "click", page, x, y}                  → {id, ok: true}
//        the pointer moves to (x, y) and the primary button is pressed and released there
//   {id, op: "errors", page}                       → {id, ok: true, value: [uncaught errors]}
//   {id, op: "closePage", page} / {id, op: "closeContext", context}
//   {op: "close"}, or stdin closed                → closes the browser, prints {closed: true}, exits
//
// Commands run one at a time, in order. A failure is {id, ok: false, error: "<message>"}.
// Console messages of the pages go to stderr. A context is a BiDi user context: its own
// cookies, storage, caches and service workers, like a fresh profile.

import readline from "node:readline";
import puppeteer from "puppeteer-core";

const [product, executablePath, options, ...args] = process.argv.slice(2);
const { acceptInsecureCerts = false } = JSON.parse(options || "{}");
const browser = await puppeteer.launch({
  browser: product,
  acceptInsecureCerts,
  protocol: "webDriverBiDi",
  executablePath,
  args,
  headless: true,
  defaultViewport: { width: 1000, height: 900 },
});

const contexts = new Map();
const pages = new Map();
const errors = new Map();
let nextId = 1;

function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function page(id) {
  const found = pages.get(id);
  if (!found) throw new Error(`no page ${id}`);
  return found;
}

const ops = {
  async newContext() {
    const id = nextId++;
    contexts.set(id, await browser.createBrowserContext());
    return id;
  },
  async newPage({ context }) {
    const owner = context === null || context === undefined ? browser : contexts.get(context);
    if (!owner) throw new Error(`no context ${context}`);
    const created = await owner.newPage();
    const id = nextId++;
    pages.set(id, created);
    errors.set(id, []);
    created.on("pageerror", (error) => errors.get(id)?.push(String(error?.stack ?? error)));
    created.on("console", (message) => process.stderr.write(`[page ${id}] ${message.type()}: ${message.text()}\n`));
    return id;
  },
  async goto({ page: id, url }) {
    await page(id).goto(url, { waitUntil: "load", timeout: 0 });
  },
  async reload({ page: id }) {
    await page(id).reload({ waitUntil: "load", timeout: 0 });
  },
  async evaluate({ page: id, script, args }) {
    // An expression (not eval inside the page, which a page's CSP could forbid);
    // puppeteer awaits the promise it gives.
    const expression = `(async () => { const value = await (${script})(...${JSON.stringify(args ?? [])}); return value === undefined ? null : value; })()`;
    return page(id).evaluate(expression);
  },
  async move({ page: id, x, y }) {
    await page(id).mouse.move(x, y);
  },
  async click({ page: id, x, y }) {
    await page(id).mouse.click(x, y);
  },
  async errors({ page: id }) {
    return errors.get(id) ?? [];
  },
  async closePage({ page: id }) {
    const closing = page(id);
    pages.delete(id);
    errors.delete(id);
    await closing.close();
  },
  async closeContext({ context }) {
    const closing = contexts.get(context);
    contexts.delete(context);
    for (const [id, open] of pages) if (open.browserContext() === closing) pages.delete(id);
    await closing?.close();
  },
};

send({ ready: true, version: await browser.version() });

// One command at a time, in order.
for await (const line of readline.createInterface({ input: process.stdin })) {
  let command;
  try {
    command = JSON.parse(line);
  } catch {
    continue;
  }
  if (command.op === "close") break;
  try {
    const value = await ops[command.op](command);
    send({ id: command.id, ok: true, value: value ?? null });
  } catch (error) {
    send({ id: command.id, ok: false, error: String(error?.stack ?? error) });
  }
}
await browser.close();
send({ closed: true });
