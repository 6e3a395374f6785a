// The calculator's shadow DOM: built once with createElement and textContent (never
// innerHTML), then rendered from a plain snapshot of the state (see render()), writing
// only what changed. What the reader does goes back through `actions`; the view
// never reads or writes the element's attributes.
//
// The form is laid out for the table, top to bottom: the game (contract and bidder
// in one grid of twelve), the two piles' points, the last trick, contra/recontra and
// capot, each team's announced declarations as chips, the core's questions (only
// when it asks them), and a sticky bar that is the result: it says the first thing
// still missing, or the score, and holds the score sheet's Record button.

import { ANSWERS, CAPOT_BONUS, CARRES, CONTRACTS, DECLARATIONS, HAS_DECLARATIONS, SEQUENCES, SUITS, TEAMS } from "../core-tables.js";
import { afterNextFrame, h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { countLimit, QUESTIONS } from "../deal/request.js";
import { format } from "../i18n/strings.js";

const RED_SUITS = new Set(["diamonds", "hearts"]);
const STATES = ["closed", "loading", "ready", "failed"];
/** The core's explanation steps that say which declarations counted and why (a house rule's too). */
const WHY_STEPS = new Set([
  "contest_won",
  "contest_higher",
  "contest_equal",
  "belot_counts",
  "house_one_declaration_contest",
  "house_one_declaration_contest_unasked",
]);
/** The contest of the core's explanation (`contest_higher` params) each question decides. */
const ASKED_IN = { sequences: "sequence", carres: "carre" };
/** The chips' order on screen: sequences from short to long, carrés from 100 up, then the rest. */
const CHIPS = [...Object.keys(SEQUENCES), ...Object.keys(CARRES).reverse()];
CHIPS.push(...DECLARATIONS.filter((kind) => !CHIPS.includes(kind)));

/**
 * What the reader can do, as the view reports it:
 * `set(name, value)` (a choice or a number field, by attribute name),
 * `game(bidder, contract)`, `toggle(name, value)` (doubling, capot: pressed again = none),
 * `pile(team, text)` (points typed into a team's box), `badInput(name, flag)` (a
 * number field holds text the browser rejects), `count(team, kind, delta)`,
 * `retry()`, `details()` (show the result).
 * @typedef {object} ViewActions
 */

export class CalculatorView {
  #root;
  #actions;
  #internals;
  #ui = {};
  #labels = []; // [(strings) => void] run on every render
  #formParts = []; // the form's parts not yet in the form (an opened calculator shows them a few frames apart)
  #revealing = null; // the gradual reveal under way (a promise), or null
  #steps = []; // the explanation shown: [code, text] per step
  #stepsQueued = false;
  #resultInView = true;
  #rendered = null; // the last snapshot, for the observer's re-render
  #pointerOnGrid = false; // the game is being chosen with a pointer (not the keyboard)
  #announce = false; // the reader changed something: say the bar's text once it settles
  #asked = {}; // question → the core's words for it, while it stays on screen
  #roving = { us: 0, them: 0 }; // the chip of each team that takes the team's tab stop
  #barSpace = -1; // the room the sticky bar takes at the bottom of the screen (px)

  /**
   * Build the DOM into `root` (a shadow root); `actions`: see ViewActions;
   * `internals`: the element's ElementInternals (for its custom states), or null.
   */
  constructor(root, actions, internals = null) {
    this.#root = root;
    this.#actions = actions;
    this.#internals = internals;
    this.#build();
  }

  /** The form, for the score sheet's note at its top. */
  get form() {
    return this.#ui.form;
  }

  /**
   * Put the score sheet in: `section` between the bar and the result, `note` at the
   * top of the form, `gameAction` beside the game's legend, and in the bar its
   * `totals` line, its `error` and its `actions` (Record and the like).
   */
  attachSheet({ section, note, gameAction, totals, error, actions }) {
    const ui = this.#ui;
    ui.result.before(section);
    ui.form.prepend(note);
    ui.gameHead.append(gameAction);
    ui.barText.prepend(totals);
    ui.bar.prepend(error);
    ui.barActions.prepend(...actions);
  }

  /** Take the score sheet's parts out again (the `sheet` attribute was removed). */
  detachSheet({ section, note, gameAction, totals, error, actions }) {
    for (const part of [section, note, gameAction, totals, error, ...actions]) part.remove();
  }

  /**
   * Put the form's parts in. At once, or `gradually`: the first now and one more
   * after each frame, so the browser lays the opened form out in steps, none of which
   * blocks the page for long (on a slow phone the whole form at once takes ~50 ms).
   */
  revealForm(gradually) {
    const parts = this.#formParts;
    if (!gradually) {
      this.#ui.form.append(...parts.splice(0));
      return;
    }
    if (parts.length) this.#ui.form.append(parts.shift());
    if (this.#revealing || !parts.length) return;
    this.#revealing = (async () => {
      while (parts.length) {
        await afterNextFrame();
        if (parts.length) this.#ui.form.append(parts.shift());
      }
      this.#revealing = null;
    })();
  }

  /** The game's checked option, or its first (the form's first stop). */
  #firstField() {
    const radios = this.#ui.radios.game;
    return radios.find((input) => input.checked) ?? radios[0];
  }

  /**
   * Focus the form once the opened form has had its frame: focus() in the press
   * itself made the browser lay the form out then and there, ~15–20 ms of a slow
   * phone's press task (which went over 50 ms); after the frame the layout is done.
   * `stillOpen()` says whether to go on.
   */
  focusAfterOpening(stillOpen) {
    afterNextFrame()
      .then(() => {
        if (!stillOpen()) return false;
        this.#firstField().focus({ preventScroll: true });
        return this.#revealing ?? true;
      })
      .then((open) => {
        if (open !== false && stillOpen()) this.#showOpened();
      });
  }

  /**
   * The opened form on screen, as much of it as fits: the page scrolls until the
   * form's end is in view, but never past the calculator's top. (Left where the button
   * was, a form opened low on a phone would have its lower half under the bar.)
   */
  #showOpened() {
    const top = this.#ui.root.getBoundingClientRect().top;
    const below = this.#ui.form.getBoundingClientRect().bottom + Math.max(this.#barSpace, 0) - innerHeight;
    const by = Math.min(top, below);
    if (by <= 1) return;
    const smooth = !globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    scrollBy({ top: by, behavior: smooth ? "smooth" : "auto" });
  }

  /** Bring the form into view and focus its first field (a deal was loaded, or recorded). */
  focusForm() {
    this.revealForm(false);
    const field = this.#firstField();
    const box = field.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) {
      const smooth = !globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      this.#ui.form.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
    }
    field.focus({ preventScroll: true });
  }

  /** Follow the screen's height (for the bar) while the element is connected. */
  watchViewport(on) {
    if (on) {
      addEventListener("resize", this.#measureBar);
      this.#measureBar();
    } else removeEventListener("resize", this.#measureBar);
  }

  /**
   * The sticky bar keeps the focused control clear of itself: every focusable part
   * scrolls with a bottom margin of the bar's height (--_bar-space). A bar that would
   * cover more than a quarter of the screen (400% zoom, a phone held sideways, large
   * text) stops sticking and stays in the flow, under the form.
   *
   * The margin is the tallest the bar has been on this screen (measured again when the
   * window's size changes), not its height of the moment: the bar grows and shrinks by
   * a line as a deal is entered, and a new value of an inherited property restyles the
   * whole calculator (2,600 elements with a 200-deal sheet, 15 ms a time here).
   */
  #measureBar = (event) => {
    const ui = this.#ui;
    const height = ui.bar.hidden ? 0 : ui.bar.offsetHeight;
    const loose = height > innerHeight / 4;
    if (ui.bar.classList.contains("loose") !== loose) ui.bar.classList.toggle("loose", loose);
    const resized = event?.type === "resize";
    const space = loose ? 0 : resized || this.#barSpace < 0 ? height : Math.max(height, this.#barSpace);
    if (space === this.#barSpace) return;
    this.#barSpace = space;
    ui.root.style.setProperty("--_bar-space", `${space}px`);
  };

  /** Say `text` in the one live region (the sheet recorded a deal, say). */
  announce(text) {
    this.#announce = false;
    const live = this.#ui.live;
    // The same words again are still news: clear first, so they are read again.
    if (live.textContent === text) live.textContent = "";
    setText(live, text);
  }

  // --- building (once) -------------------------------------------------------------

  #label(element, text, attribute = null) {
    this.#labels.push((strings) => {
      const value = text(strings);
      if (attribute) setAttribute(element, attribute, value);
      else setText(element, value);
    });
    return element;
  }

  /** A reader's change: the bar's text is announced once the result for it is in. */
  #changed() {
    this.#announce = true;
  }

  /**
   * A typed number is settled (the field's change, or Enter): say the bar's text now
   * if the result for it is already in, else once it is.
   */
  #settled() {
    this.#announce = true;
    const view = this.#rendered;
    if (view?.settled && view.state === "ready") {
      this.#announce = false;
      // Enter and then leaving the field settle the same number: say it once.
      if (this.#ui.live.textContent !== this.#ui.barDeal.textContent) this.announce(this.#ui.barDeal.textContent);
    }
  }

  /** Radio options in a row: `text(value, strings)` labels each. */
  #radioOptions(name, values, text) {
    const inputs = [];
    const options = h("div", { class: "options" });
    for (const value of values) {
      const input = h("input", { type: "radio", name, value });
      input.addEventListener("change", () => {
        if (!input.checked) return;
        this.#changed();
        this.#actions.set(name, value);
      });
      inputs.push(input);
      const face = h("span", { class: "face" }, this.#label(h("span", { class: "text" }), (s) => text(value, s)));
      options.append(h("label", { class: "opt", part: "option" }, input, face));
    }
    this.#ui.radios[name] = inputs;
    return options;
  }

  /** An error slot for the core's fields `keys` (by field prefix). */
  #errorSlot(id, ...keys) {
    const error = h("p", { class: "error", part: "error", id });
    for (const key of keys) this.#ui.errors[key] = error;
    return error;
  }

  /** The game: contract and bidder in one radio group of twelve, a row per team. */
  #gameGrid() {
    const ui = this.#ui;
    ui.radios.game = [];
    const grid = h("div", { class: "game-grid" });
    for (const team of TEAMS) {
      grid.append(this.#label(h("span", { class: "row-team", "aria-hidden": "true" }), (s) => s.teams[team]));
      for (const contract of CONTRACTS) {
        const input = h("input", { type: "radio", name: "game", value: `${team}:${contract}` });
        this.#label(input, (s) => format(s.gameOption, { team: s.teams[team], contract: s.contractWords[contract] }), "aria-label");
        const suit = SUITS[contract];
        const face = suit
          ? h("span", { class: RED_SUITS.has(contract) ? "face suit red" : "face suit", "aria-hidden": "true" }, suit)
          : this.#label(h("span", { class: "face short", "aria-hidden": "true" }), (s) => s.contractsShort[contract]);
        input.addEventListener("change", () => {
          if (!input.checked) return;
          this.#changed();
          this.#actions.game(team, contract);
        });
        // Chosen with a finger or a mouse, the game is followed by the points: focus
        // moves into them inside the same tap (a phone opens its keypad only then),
        // and only while they are still empty. Arrow keys move through the grid.
        input.addEventListener("click", () => {
          const pointer = this.#pointerOnGrid;
          this.#pointerOnGrid = false;
          const deal = this.#rendered?.deal;
          if (pointer && deal && deal.capot === "none" && deal.pilePoints === "") {
            ui.piles[deal.pileTeam].focus();
          }
        });
        ui.radios.game.push(input);
        grid.append(h("label", { class: "cell", part: "option game-option" }, input, face));
      }
    }
    grid.addEventListener("pointerdown", () => {
      this.#pointerOnGrid = true;
    });
    grid.addEventListener("keydown", () => {
      this.#pointerOnGrid = false;
    });
    ui.gameHead = h("div", { class: "head" }, this.#label(h("span", { class: "legend", id: "game-legend" }), (s) => s.game));
    return h(
      "div",
      {
        class: "group game",
        part: "fieldset game",
        role: "radiogroup",
        "aria-labelledby": "game-legend",
        "aria-describedby": "game-hint game-error",
      },
      ui.gameHead,
      grid,
      // Told beforehand (WCAG 3.2.2): a tap on the game moves on to the points.
      this.#label(h("p", { class: "hint", id: "game-hint" }), (s) => s.gameHint),
      this.#errorSlot("game-error", "contract", "bidder"),
    );
  }

  /** The two piles: type into either team's box, the other shows the rest of the deck. */
  #points() {
    const ui = this.#ui;
    ui.piles = {};
    ui.pileNotes = {};
    const boxes = TEAMS.map((team) => {
      const note = h("span", { class: "visually-hidden", id: `points-${team}-note` });
      const input = h("input", {
        type: "text",
        inputmode: "numeric",
        pattern: "[0-9]*",
        enterkeyhint: "done",
        autocomplete: "off",
        name: `points-${team}`,
        id: `points-${team}`,
        part: `input points points-${team}`,
        "aria-describedby": `points-hint points-${team}-note cards-error`,
      });
      // The box showing the other pile: a tap selects it, so typing replaces it.
      input.addEventListener("focus", () => {
        if (input.classList.contains("other")) input.select();
      });
      input.addEventListener("input", () => {
        this.#actions.pile(team, input.value);
      });
      input.addEventListener("change", () => this.#settled());
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") this.#settled();
      });
      ui.piles[team] = input;
      ui.pileNotes[team] = note;
      return h(
        "label",
        { class: "pile", for: `points-${team}` },
        this.#label(h("span", { class: "pile-team" }), (s) => s.teams[team]),
        input,
        note,
      );
    });
    return h(
      "div",
      { class: "group points", part: "fieldset cards", role: "group", "aria-labelledby": "points-legend" },
      h(
        "div",
        { class: "head" },
        this.#label(h("span", { class: "legend", id: "points-legend" }), (s) => s.points),
        this.#label(h("span", { class: "hint", id: "points-hint" }), (s) => s.pointsHint),
      ),
      h("div", { class: "piles" }, ...boxes),
      this.#errorSlot("cards-error", "cards"),
    );
  }

  /** A row of radio options with its legend inline. */
  #inlineGroup(name, values, legend, text) {
    const options = this.#radioOptions(name, values, text);
    const key = name.replace("-", "_");
    return h(
      "fieldset",
      { class: `inline ${name}`, part: `fieldset ${name}`, "aria-describedby": `${name}-error` },
      this.#label(h("legend"), legend),
      options,
      this.#errorSlot(`${name}-error`, key),
    );
  }

  /** Contra/recontra and capot: toggle buttons, at most one of each pressed. */
  #toggles() {
    const ui = this.#ui;
    ui.toggles = { doubling: {}, capot: {} };
    const group = (name, values, label, text, full = null) => {
      const buttons = values.map((value) => {
        const button = this.#label(h("button", { type: "button", class: `toggle ${name}-${value}`, part: `toggle ${name}-${value}`, "aria-pressed": "false" }), (s) => text(value, s));
        // Shown short ("Капо: [Ние] [Вие]"), named in full ("Капо: Ние").
        if (full) {
          this.#label(button, (s) => full(value, s), "aria-label");
          button.setAttribute("aria-describedby", "capot-hint");
        }
        button.addEventListener("click", () => {
          this.#changed();
          this.#actions.toggle(name, value);
        });
        ui.toggles[name][value] = button;
        return button;
      });
      const lead = full ? this.#label(h("span", { class: "toggle-lead", "aria-hidden": "true" }), (s) => s.capotLead) : "";
      return this.#label(h("div", { class: `toggle-group ${name}`, part: `fieldset ${name}`, role: "group" }, lead, ...buttons), label, "aria-label");
    };
    // What a capot does, for a screen reader (the boxes and the last trick show it).
    ui.capotHint = h("p", { class: "visually-hidden capot-hint", id: "capot-hint" });
    return h(
      "div",
      { class: "group toggles" },
      h(
        "div",
        { class: "toggle-row" },
        group("doubling", ["contra", "recontra"], (s) => s.doubling, (value, s) => s.doublings[value]),
        group("capot", TEAMS, (s) => s.capot, (value, s) => s.teams[value], (value, s) => format(s.capotOption, { team: s.teams[value] })),
      ),
      ui.capotHint,
      this.#errorSlot("doubling-error", "doubling"),
      this.#errorSlot("capot-error", "capot"),
    );
  }

  /** One team's announced declarations: a chip per kind, one tab stop (roving tabindex). */
  #chips(team) {
    const ui = this.#ui;
    ui.chips[team] = {};
    const toolbar = h("div", { class: "chips", role: "toolbar", part: "chips", "aria-describedby": "chips-help" });
    this.#label(toolbar, (s) => format(s.declarationsTeam, { team: s.teams[team] }), "aria-label");
    const buttons = [];
    CHIPS.forEach((kind, index) => {
      const name = this.#label(h("span", { class: "chip-name" }), (s) => s.declarationsShort[kind]);
      const badge = h("span", { class: "badge", "aria-hidden": "true" });
      // Named by what it shows and its count ("Каре 9: 1", WCAG 2.5.3); the space keeps
      // the name and the badge two words for anything that reads the text.
      const add = h("button", { type: "button", class: `chip ${kind}`, part: `chip chip-${kind}`, tabindex: index === 0 ? "0" : "-1" }, name, " ", badge);
      const minus = h("button", { type: "button", class: "chip-minus", part: "chip-minus", tabindex: "-1", hidden: true }, "−");
      this.#label(minus, (s) => format(s.remove, { name: s.declarationNames[kind], team: s.teams[team] }), "aria-label");
      add.addEventListener("click", () => {
        this.#changed();
        this.#actions.count(team, kind, +1);
      });
      minus.addEventListener("click", () => {
        this.#changed();
        this.#actions.count(team, kind, -1);
        add.focus();
      });
      add.addEventListener("focus", () => this.#rove(team, index));
      add.addEventListener("keydown", (event) => {
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        let to = null;
        if (step) to = (index + step + buttons.length) % buttons.length;
        else if (event.key === "Home") to = 0;
        else if (event.key === "End") to = buttons.length - 1;
        else if (event.key === "Delete" || event.key === "Backspace") {
          event.preventDefault();
          this.#changed();
          this.#actions.count(team, kind, -1);
          return;
        }
        if (to === null) return;
        event.preventDefault();
        buttons[to].focus();
      });
      buttons.push(add);
      ui.chips[team][kind] = { add, minus, badge };
      toolbar.append(h("span", { class: "chip-wrap" }, add, minus));
    });
    // The team's name leads its row of chips, which wrap under it using the whole width.
    toolbar.prepend(this.#label(h("span", { class: "row-team", "aria-hidden": "true" }), (s) => s.teams[team]));
    const error = this.#errorSlot(`declarations-${team}-error`, `declarations.${team}`, `announced.${team}`);
    ui.declarationSets[team] = h(
      "div",
      { class: `team-chips declarations-${team}`, part: `fieldset declarations-${team}`, "aria-describedby": error.id },
      toolbar,
      error,
    );
    return ui.declarationSets[team];
  }

  /** The roving tab stop of a team's chips moves to the chip at `index`. */
  #rove(team, index) {
    this.#roving[team] = index;
    CHIPS.forEach((kind, i) => setAttribute(this.#ui.chips[team][kind].add, "tabindex", i === index ? "0" : "-1"));
  }

  /** The questions only the cards decide, each shown only while the core asks it (or used its answer). */
  #questions() {
    const ui = this.#ui;
    ui.questions = {};
    const sets = QUESTIONS.map((question) => {
      const name = `higher-${question}`;
      const legend = h("p", { class: "question-text legend", id: `${name}-legend` });
      const options = this.#radioOptions(name, ANSWERS[question], (answer, s) => (answer === "equal" ? s.equal : s.teams[answer]));
      const fieldset = h(
        "div",
        {
          class: `question ${name}`,
          part: `fieldset question ${name}`,
          role: "radiogroup",
          hidden: true,
          "aria-labelledby": legend.id,
          "aria-describedby": `${name}-error`,
        },
        legend,
        options,
        this.#errorSlot(`${name}-error`, `higher.${question}`),
      );
      ui.questions[question] = { fieldset, legend };
      return fieldset;
    });
    return h("div", { class: "questions" }, ...sets);
  }

  #build() {
    const ui = this.#ui;
    const actions = this.#actions;
    const t = (element, text, attribute) => this.#label(element, text, attribute);

    // Loading and failure.
    ui.progress = h("progress", { part: "progress", max: "1" });
    // Said once (a live region), the byte count beside it is not: it would read out a
    // counter. The progress bar has the same name.
    ui.loadingText = t(h("span", { class: "loading-text", role: "status" }), (s) => s.loading);
    ui.loadingBytes = h("span", { class: "loading-bytes" });
    t(ui.progress, (s) => s.loading, "aria-label");
    ui.status = h("div", { class: "status", part: "status" }, h("p", {}, ui.loadingText, " ", ui.loadingBytes), ui.progress);
    ui.failureText = h("p", { class: "failure-text" });
    ui.failureDetail = h("p", { class: "detail" });
    // A page of an older build can only be reloaded (the element's retry() does that).
    const retryLabel = (s) => (this.#rendered?.failure?.code === "build_mismatch" ? s.reload : s.retry);
    ui.retry = t(h("button", { type: "button", class: "primary retry", part: "retry-button" }), retryLabel);
    ui.retry.addEventListener("click", () => actions.retry());
    ui.failure = h("div", { class: "failure", part: "failure", role: "alert" }, ui.failureText, ui.failureDetail, ui.retry);

    // The form, in the order of the table: game, points, last trick, doubling and capot,
    // declarations, the core's questions; the hanging points carried in (without a sheet).
    ui.radios = {};
    ui.errors = {};
    ui.chips = {};
    ui.declarationSets = {};
    ui.form = h("form", { part: "form", novalidate: true });
    ui.form.addEventListener("submit", (event) => event.preventDefault());

    const game = this.#gameGrid();
    const points = this.#points();
    const lastTrick = this.#inlineGroup("last-trick", TEAMS, (s) => s.lastTrick, (value, s) => s.teams[value]);
    ui.lastTrick = lastTrick;
    const toggles = this.#toggles();

    ui.declarationsHint = h("span", { class: "hint", id: "declarations-hint" });
    const declarations = h(
      "div",
      { class: "group declarations", part: "fieldset declarations", role: "group", "aria-labelledby": "declarations-legend", "aria-describedby": "declarations-hint" },
      h("div", { class: "head" }, t(h("span", { class: "legend", id: "declarations-legend" }), (s) => s.declarations), ui.declarationsHint),
      ...TEAMS.map((team) => this.#chips(team)),
      t(h("p", { class: "visually-hidden", id: "chips-help" }), (s) => s.chipsHelp),
    );
    ui.declarations = declarations;
    const questions = this.#questions();
    // Which declarations counted and why, in the core's words, under the question.
    ui.why = h("ul", { class: "why", part: "declarations-why" });
    questions.append(ui.why);

    // Hanging points carried in (an article's "what if"; a score sheet carries them itself).
    ui.hangingIn = h("input", {
      type: "number",
      inputmode: "numeric",
      enterkeyhint: "done",
      min: "0",
      step: "1",
      name: "hanging-in",
      id: "hanging-in-input",
      part: "input hanging-in",
      autocomplete: "off",
      placeholder: "0",
      "aria-describedby": "hanging-in-error hanging-in-hint",
    });
    ui.hangingIn.addEventListener("input", () => {
      actions.badInput("hanging-in", ui.hangingIn.validity.badInput);
      actions.set("hanging-in", ui.hangingIn.value);
    });
    ui.hangingIn.addEventListener("change", () => this.#settled());
    ui.hangingHint = h("p", { class: "hint", id: "hanging-in-hint" });
    ui.hanging = h(
      "div",
      { class: "group hanging-in", part: "hanging-in" },
      h("div", { class: "field" }, t(h("label", { for: "hanging-in-input" }), (s) => s.hangingIn), ui.hangingHint, ui.hangingIn),
      this.#errorSlot("hanging-in-error", "hanging_in"),
    );

    ui.errors[""] = h("p", { class: "error general-error", part: "error" });
    // Into the form at connect, or, when a lazy calculator opens, one per frame (revealForm).
    this.#formParts = [game, points, lastTrick, toggles, declarations, questions, ui.hanging];

    // The result in full: the numbers and the core's explanation.
    ui.resultTitle = h("h3", { class: "title" });
    ui.explanationTitle = h("h4", { class: "title" });
    ui.message = h("p", { class: "message result-message" });
    ui.outcome = h("p", { class: "outcome", part: "outcome" });
    ui.cells = {};
    const headRow = h("tr", {}, t(h("td", { class: "corner" }), (s) => s.teamsHead));
    const rawRow = h("tr", { class: "raw" }, t(h("th", { scope: "row" }), (s) => s.raw));
    const recordRow = h("tr", { class: "record" }, t(h("th", { scope: "row" }), (s) => s.record));
    for (const team of TEAMS) {
      headRow.append(t(h("th", { scope: "col" }), (s) => s.teams[team]));
      ui.cells[`raw-${team}`] = h("td", { class: `raw-${team}` });
      ui.cells[`record-${team}`] = h("td", { class: `record-${team}`, part: `record record-${team}` });
      rawRow.append(ui.cells[`raw-${team}`]);
      recordRow.append(ui.cells[`record-${team}`]);
    }
    ui.table = h("table", { part: "scores" }, t(h("caption", { class: "visually-hidden" }), (s) => s.result), h("thead", {}, headRow), h("tbody", {}, rawRow, recordRow));
    ui.hangingOut = h("p", { class: "hanging-out", part: "hanging-out" });
    ui.explanation = h("ol", { class: "explanation", part: "explanation" });
    ui.details = h(
      "div",
      { class: "details" },
      ui.outcome,
      ui.table,
      ui.hangingOut,
      ui.explanationTitle,
      ui.explanation,
    );
    // The house rules the result follows ("Домашни правила: …"), when any.
    ui.rulesNote = h("p", { class: "hint rules-note", part: "rules-note", hidden: true });
    ui.result = h("section", { class: "result", part: "result" }, ui.resultTitle, ui.rulesNote, ui.errors[""], ui.message, ui.details);

    // The bar at the bottom of the screen: the result in one line (or what is still
    // missing), and with a score sheet its totals and the Record button. Without a
    // sheet it shows while the full result is out of view, with a way to it.
    ui.barDeal = h("p", { class: "bar-deal", part: "bar-deal" });
    ui.barText = h("div", { class: "bar-text" }, ui.barDeal);
    ui.barDetails = t(h("button", { type: "button", class: "bar-details" }), (s) => s.toDetails);
    ui.barDetails.addEventListener("click", () => actions.details());
    ui.barActions = h("div", { class: "bar-actions" }, ui.barDetails);
    ui.bar = h("div", { class: "bar", part: "bar", "data-sticky": "" }, ui.barText, ui.barActions);
    // The one live region: the bar's text once a change has settled, or what the sheet says.
    ui.live = h("p", { class: "visually-hidden live", part: "announcement", role: "status", "aria-live": "polite" });
    if (typeof IntersectionObserver === "function") {
      new IntersectionObserver((entries) => {
        // The latest entry: one callback may carry several crossings of a fast scroll.
        this.#resultInView = entries.at(-1).isIntersecting;
        if (this.#rendered) this.#renderBarVisibility(this.#rendered);
      }).observe(ui.result);
    }
    ui.root = h("div", { class: "root", part: "root" }, ui.status, ui.failure, ui.form, ui.bar, ui.live, ui.result);
    if (typeof ResizeObserver === "function") new ResizeObserver(this.#measureBar).observe(ui.bar);
    this.#root.append(ui.root);
    // "A new version is ready": shown once a newer build waits for the next open.
    ui.update = h("p", { class: "hint update", part: "update", role: "status", hidden: true });
    ui.root.prepend(ui.update);
  }

  /** Scroll to the full result (the bar's button, without a sheet). */
  showDetails() {
    const smooth = !globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    this.#ui.result.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "nearest" });
  }

  // --- rendering -----------------------------------------------------------------

  /**
   * Show `view`, a plain snapshot: `{s, lang, state, deal, texts, badInput, sheet,
   * progress, failure, updateReady, offlineLost, errors, questions, result, current, incomplete,
   * missing, piles, settled, headingLevel}` — `s` the strings, `deal` as readDeal gives
   * it, `texts` the number fields' text by attribute name, `sheet` whether a score
   * sheet is on, `failure` `{code, message, started}` or null, `errors` the errors
   * to show (no questions among them), `questions` the core's `needs_answer` errors,
   * `result` the last result (for the details), `current` whether it answers the
   * form as it is now, `missing` the facts not given yet (deal/request.js FACTS),
   * `piles` the two piles (deal/request.js piles) or null, `settled` whether nothing is
   * on its way to the core for the form as it is, `rulesNote` the house rules the
   * result follows in a few words ("" for the rule book), `readOnly` whether the sheet
   * shows a game opened from a link (no form, bar or result), `headingLevel` the level
   * of the result's heading (its explanation's is one more).
   */
  render(view) {
    this.#rendered = view;
    const ui = this.#ui;
    const { s, state, deal } = view;
    for (const label of this.#labels) label(s);
    // Busy while loading: through the element's internals (the view writes no attribute
    // of the element), or, where a browser has no ARIA on internals, its attribute.
    const busy = String(state === "loading");
    if (this.#internals && "ariaBusy" in this.#internals) this.#internals.ariaBusy = busy;
    else setAttribute(this.#root.host, "aria-busy", busy);

    // Which parts show (closed, the element shows its launcher instead: element/launcher.js).
    setHidden(ui.root, state === "closed");
    // A game opened from a link is read only: the sheet shows it, no form to enter into.
    setHidden(ui.form, state === "closed" || view.readOnly);
    setHidden(ui.result, state === "closed" || view.readOnly);
    setHidden(ui.status, state !== "loading");
    setHidden(ui.failure, state !== "failed");
    const notice = view.updateReady ? s.updateReady : view.offlineLost ? s.offlineLost : "";
    setHidden(ui.update, !notice || state === "closed");
    setText(ui.update, notice);
    this.#setStates(state);

    if (state === "loading") {
      const { loaded = 0, total = 0 } = view.progress ?? {};
      if (total > 0) {
        const fraction = Math.min(1, loaded / total);
        if (ui.progress.value !== fraction) ui.progress.value = fraction;
        setText(ui.loadingBytes, format(s.loadingBytes, { loaded: (loaded / 1e6).toFixed(1), total: (total / 1e6).toFixed(1) }));
      } else {
        if (ui.progress.hasAttribute("value")) ui.progress.removeAttribute("value");
        setText(ui.loadingBytes, "");
      }
    }
    if (state === "failed") {
      const failure = view.failure ?? {};
      const text = failure.code === "unsupported" ? s.failedUnsupported : failure.started ? s.failedScore : s.failures[failure.code];
      setText(ui.failureText, text ?? s.failedLoad);
      setText(ui.failureDetail, failure.message ? `${s.details}: ${failure.message}` : "");
    }

    this.#renderHeadings(view);
    this.#renderForm(view);
    this.#renderErrors(view);
    this.#renderQuestions(view);
    this.#renderWhy(view);
    this.#renderResult(view);
    this.#renderBar(view);
    setText(ui.rulesNote, view.rulesNote ?? "");
    setHidden(ui.rulesNote, !view.rulesNote);
  }

  /** The result's headings, at the level that fits the page (`headingLevel`: h3, h4 by default). */
  #renderHeadings({ s, headingLevel = 3 }) {
    const ui = this.#ui;
    ui.resultTitle = this.#heading(ui.resultTitle, headingLevel);
    ui.explanationTitle = this.#heading(ui.explanationTitle, headingLevel + 1);
    setText(ui.resultTitle, s.result);
    setText(ui.explanationTitle, s.explanation);
  }

  /** `element`, or in its place a heading of `level` with the same class and text. */
  #heading(element, level) {
    if (element.localName === `h${level}`) return element;
    const heading = h(`h${level}`, { class: element.className });
    heading.append(...element.childNodes);
    element.replaceWith(heading);
    return heading;
  }

  #renderForm(view) {
    const ui = this.#ui;
    const { s, deal } = view;
    const checked = (input, on) => {
      if (input.checked !== on) input.checked = on;
    };
    const game = deal.contract && deal.bidder ? `${deal.bidder}:${deal.contract}` : null;
    for (const input of ui.radios.game) checked(input, input.value === game);
    const capot = deal.capot !== "none";
    const lastTrick = capot ? deal.capot : deal.lastTrick;
    for (const input of ui.radios["last-trick"]) checked(input, input.value === lastTrick);
    for (const question of QUESTIONS) {
      for (const input of ui.radios[`higher-${question}`]) checked(input, input.value === deal.higher[question]);
    }
    for (const [value, button] of Object.entries(ui.toggles.doubling)) setAttribute(button, "aria-pressed", deal.doubling === value);
    for (const [value, button] of Object.entries(ui.toggles.capot)) setAttribute(button, "aria-pressed", deal.capot === value);

    // The piles: the entered one as typed, the other worked out (read-only look).
    const piles = view.piles;
    for (const team of TEAMS) {
      const input = ui.piles[team];
      const own = !capot && team === deal.pileTeam;
      let value;
      if (own) value = view.texts["pile-points"] ?? "";
      else value = piles ? String(piles[team]) : "";
      if (input.value !== value) input.value = value;
      if (input.classList.contains("other") !== !own) input.classList.toggle("other", !own);
      if (input.disabled !== capot) input.disabled = capot;
      const worked = !own && piles && !capot ? format(s.pointsWorkedOut, { deck: piles.us + piles.them, points: piles[deal.pileTeam] }) : "";
      setText(ui.pileNotes[team], worked);
    }
    if (ui.lastTrick.disabled !== capot) ui.lastTrick.disabled = capot;
    setText(ui.capotHint, format(s.capotHint, { bonus: CAPOT_BONUS }));

    // Chips: a count badge and a − on a chip that has a count; none in No trumps.
    const none = deal.contract !== null && !HAS_DECLARATIONS[deal.contract];
    for (const team of TEAMS) {
      const counts = deal.declarations[team];
      for (const kind of DECLARATIONS) {
        const { add, minus, badge } = ui.chips[team][kind];
        const count = counts[kind];
        setText(badge, count > 0 ? count : "");
        setAttribute(add, "aria-label", format(s.chip, { name: s.declarationsShort[kind], count }));
        setAttribute(add, "aria-pressed", count > 0);
        const full = count >= countLimit(kind, deal.contract);
        if (add.disabled !== none) add.disabled = none;
        setAttribute(add, "aria-disabled", full && !none);
        setHidden(minus, count <= 0 || none);
      }
    }
    setText(ui.declarationsHint, none ? s.declarationsNone : s.declarationsHint);
    if (ui.declarations.classList.contains("none") !== none) ui.declarations.classList.toggle("none", none);

    // Hanging points carried in: typed in an article; a sheet carries them itself.
    const value = view.texts["hanging-in"] ?? "";
    if (ui.hangingIn.value !== value && !(view.badInput["hanging-in"] && value === "")) ui.hangingIn.value = value;
    if (ui.hangingIn.readOnly !== view.sheet) ui.hangingIn.readOnly = view.sheet;
    setHidden(ui.hanging, view.sheet);
    setText(ui.hangingHint, s.hangingInHint);
  }

  /** Where an error goes: the slot of the longest matching field prefix ("" = general). */
  #slotOf(field) {
    let key = String(field ?? "");
    while (key) {
      if (this.#ui.errors[key]) return key;
      key = key.includes(".") ? key.slice(0, key.lastIndexOf(".")) : "";
    }
    return "";
  }

  #renderErrors({ errors, lang }) {
    const ui = this.#ui;
    const grouped = new Map();
    for (const error of errors) {
      const slot = ui.errors[this.#slotOf(error.field)];
      const text = error.message?.[lang] ?? error.message?.en ?? error.code;
      grouped.set(slot, [...(grouped.get(slot) ?? []), text]);
    }
    for (const element of new Set(Object.values(ui.errors))) {
      setText(element, (grouped.get(element) ?? []).join(" "));
    }
    const invalid = (key) => grouped.has(ui.errors[key]);
    for (const team of TEAMS) setAttribute(ui.piles[team], "aria-invalid", invalid("cards"));
    setAttribute(ui.hangingIn, "aria-invalid", invalid("hanging_in"));
    for (const team of TEAMS) {
      setAttribute(ui.declarationSets[team], "aria-invalid", invalid(`declarations.${team}`) || invalid(`announced.${team}`));
    }
  }

  /**
   * A question shows while the core asks it, and stays (with the answer used) while
   * the result used the answer; while a request is on its way nothing moves.
   */
  #renderQuestions(view) {
    const { lang, s, questions, result, current, settled } = view;
    for (const question of QUESTIONS) {
      const { fieldset, legend } = this.#ui.questions[question];
      const asked = questions.find((error) => error.field === `higher.${question}`);
      if (asked) this.#asked[question] = this.#question(s, asked);
      const used = current && result?.questions?.[question];
      if (used && !this.#asked[question]) {
        // Loaded with its answer: the core's explanation says which kind it was about.
        const step = result.explanation?.find((step) => step.params?.contest && step.params?.kind && ASKED_IN[step.params.contest] === question);
        if (step) this.#asked[question] = this.#question(s, { params: { question, kind: step.params.kind } });
      }
      let show = Boolean(asked || used);
      if (!settled) show = !fieldset.hidden;
      else if (!show) delete this.#asked[question];
      setHidden(fieldset, !show);
      setText(legend, this.#asked[question] ?? "");
    }
  }

  /** Under the chips: the core's steps that say which declarations counted and why. */
  #renderWhy({ lang, result, current, settled }) {
    if (!settled) return; // nothing moves while a request is on its way
    const steps = current && result ? (result.explanation ?? []).filter((step) => WHY_STEPS.has(step.code)) : [];
    const texts = steps.map((step) => step.message?.[lang] ?? step.message?.en ?? step.code);
    const list = this.#ui.why;
    if (list.children.length === texts.length && texts.every((text, i) => list.children[i].textContent === text)) return;
    list.replaceChildren(...texts.map((text) => h("li", {}, text)));
  }

  /** The core's question (a needs_answer error) in a few words: "Чия кварта е по-висока?". */
  #question(s, asked) {
    const question = asked.params?.question ?? asked.field?.split(".")[1];
    const kind = s.declarationWords[asked.params?.kind] ?? "";
    return format(s.questions[question] ?? "", { kind }) || asked.message?.[this.#rendered?.lang ?? "en"];
  }

  /** The result: only what changed is written (no new nodes but for a longer explanation). */
  #renderResult({ s, lang, state, result: last, current, errors, incomplete }) {
    const ui = this.#ui;
    // While the runtime loads, a result for an earlier form (the page's worked example,
    // then edited) is not shown: nothing can answer the new one yet.
    const result = state === "loading" && !current ? null : last;
    // While the runtime loads, the empty details are laid out but not shown (and take
    // their room), so the frame that shows the first result only changes text.
    const waiting = !result && state === "loading" && !errors.length && !incomplete;
    setHidden(ui.details, !result && !waiting);
    if (ui.details.classList.contains("pending") !== waiting) ui.details.classList.toggle("pending", waiting);
    if (!result) {
      if (errors.length) setText(ui.message, s.invalid);
      else if (incomplete) setText(ui.message, s.incomplete);
      else if (state === "loading") setText(ui.message, s.waiting);
      else setText(ui.message, "");
      return;
    }
    setText(ui.message, "");
    setAttribute(ui.outcome, "class", `outcome ${result.outcome}`);
    setText(ui.outcome, s.outcomes[result.outcome] ?? result.outcome);
    for (const team of TEAMS) {
      setText(ui.cells[`raw-${team}`], result.raw?.[team] ?? "");
      setText(ui.cells[`record-${team}`], result.record?.[team] ?? "");
    }
    setHidden(ui.hangingOut, !(result.hanging_out > 0));
    setText(ui.hangingOut, format(s.hangingOut, { points: result.hanging_out }));
    // The steps of the explanation: in place, or, when it needs more list items than it
    // has, one frame after the headline numbers, so no single frame lays out both.
    this.#steps = (result.explanation ?? []).map((step) => [step.code, step.message?.[lang] ?? step.message?.en ?? step.code]);
    if (this.#steps.length <= ui.explanation.children.length) this.#renderSteps();
    else if (!this.#stepsQueued) {
      this.#stepsQueued = true;
      afterNextFrame().then(() => {
        this.#stepsQueued = false;
        this.#renderSteps();
      });
    }
  }

  #renderSteps() {
    const list = this.#ui.explanation;
    const items = list.children;
    this.#steps.forEach(([code, text], index) => {
      const item = items[index] ?? list.appendChild(h("li"));
      setAttribute(item, "data-code", code);
      setText(item, text);
    });
    while (items.length > this.#steps.length) list.lastElementChild.remove();
  }

  /**
   * The bar's one line: the first thing still missing in the form's order, the
   * core's question or first error, or the score of the form as it is now — never
   * the score of an earlier state.
   */
  #barText(view) {
    const { s, lang, state, missing, errors, questions, result, current, failure } = view;
    if (state === "failed") return failure?.code === "unsupported" ? s.failedUnsupported : s.failedShort;
    const first = (list) => list[0] && (list[0].message?.[lang] ?? list[0].message?.en ?? list[0].code);
    const pointsProblem = errors.find((error) => error.field === "cards.points");
    for (const fact of missing) {
      if (fact === "last_trick" && pointsProblem) return first([pointsProblem]);
      return s.missing[fact];
    }
    if (questions.length) return this.#question(s, questions[0]);
    if (errors.length) return first(errors);
    // A result for the form as it is shows even while the runtime loads: the page's
    // worked example, scored by the build, is one.
    if (!result || !current) return state === "loading" ? s.waiting : "…";
    const parts = [
      format(s.summary, {
        usName: s.teams.us,
        themName: s.teams.them,
        us: result.record?.us,
        them: result.record?.them,
        outcome: s.outcomes[result.outcome] ?? result.outcome,
      }),
    ];
    if (result.hanging_out > 0) parts.push(format(s.barHanging, { points: result.hanging_out }));
    return parts.join(" · ");
  }

  #renderBar(view) {
    const ui = this.#ui;
    const text = this.#barText(view);
    setText(ui.barDeal, text);
    const missing = view.missing.length > 0 && view.state !== "failed";
    if (ui.barDeal.classList.contains("missing") !== missing) ui.barDeal.classList.toggle("missing", missing);
    const score = Boolean(view.current && view.result) && view.settled;
    if (ui.barDeal.classList.contains("scored") !== score) ui.barDeal.classList.toggle("scored", score);
    setAttribute(ui.barDeal, "data-outcome", score ? view.result.outcome : "");
    setHidden(ui.barDetails, view.sheet);
    this.#renderBarVisibility(view);
    // Announce once per settled change: the sentence the bar shows, not its fragments.
    if (this.#announce && view.settled && view.state === "ready") {
      this.#announce = false;
      this.announce(text);
    }
  }

  #renderBarVisibility(view) {
    const ui = this.#ui;
    // With a sheet the bar is the Record action: always there. Without one it shows the
    // score while the full result is out of view.
    const hidden =
      view.state === "closed" || view.readOnly || (!view.sheet && (!(view.current && view.result) || this.#resultInView));
    setHidden(ui.bar, hidden);
    if (ui.bar.classList.contains("with-sheet") !== view.sheet) ui.bar.classList.toggle("with-sheet", view.sheet);
  }

  /** Custom states (`:state(loading)` …) on the element's internals, when the browser has them. */
  #setStates(state) {
    const states = this.#internals?.states;
    if (!states) return;
    for (const name of STATES) {
      try {
        if (name === state) states.add(name);
        else states.delete(name);
      } catch {
        return; // very old CustomStateSet syntax: skip
      }
    }
  }
}
