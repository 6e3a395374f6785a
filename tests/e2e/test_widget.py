"""<belot-calculator> on its own, from the working tree, with an injected fake scorer.

These pin the element's behaviour (attributes, requests, error placement, language,
events, keyboard) without Pyodide; test_site.py runs the real thing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from e2e_ui import Calculator
from playwright.sync_api import Page, expect


@pytest.fixture
def fake_page(page: Page, source_url: str) -> Page:
    page.goto(f"{source_url}/tests/e2e/pages/fake.html")
    page.wait_for_function("() => window.pageReady === true")
    return page


def mount(
    page: Page,
    attributes: dict[str, str] | None = None,
    *,
    lang: str | None = None,
    element_id: str = "calc",
    hold: bool = False,
) -> Calculator:
    page.evaluate(
        "([attributes, lang, id, hold]) => mount(attributes, {lang, id, hold})",
        [attributes or {}, lang, element_id, hold],
    )
    return Calculator(page.locator(f"#{element_id}"))


#: The facts with no default (the game and the last trick): a deal needs them to be scored.
GIVEN = {"contract": "clubs", "bidder": "us", "last-trick": "us"}


def calls(page: Page, element_id: str = "calc") -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = page.evaluate(
        f"document.getElementById({element_id!r}).scorer.calls"
    )
    return result


def test_prefilled_attributes_become_the_request(fake_page: Page) -> None:
    calculator = mount(
        fake_page,
        {
            "contract": "hearts",
            "bidder": "them",
            "doubling": "recontra",
            "pile-team": "them",
            "pile-points": "82",
            "last-trick": "them",
            "declarations-us": "tierce:1,belot",
            "declarations-them": "carre_jacks:1",
            "hanging-in": "9",
        },
    )
    expect(calculator.part("td.record-us")).to_have_text("11")
    assert calls(fake_page)[-1] == {
        "version": 1,
        "contract": "hearts",
        "bidder": "them",
        "doubling": "recontra",
        "cards": {"team": "them", "points": 82},
        "last_trick": "them",
        "capot": None,
        "announced": {
            "us": {
                "tierce": 1,
                "quarte": 0,
                "quint": 0,
                "carre": 0,
                "carre_nines": 0,
                "carre_jacks": 0,
                "belot": 1,
            },
            "them": {
                "tierce": 0,
                "quarte": 0,
                "quint": 0,
                "carre": 0,
                "carre_nines": 0,
                "carre_jacks": 1,
                "belot": 0,
            },
        },
        "hanging_in": 9,
    }


def test_inputs_reflect_to_attributes_and_attributes_to_inputs(fake_page: Page) -> None:
    calculator = mount(fake_page, {"pile-points": "60", "last-trick": "us"})
    calculator.choose_game("us", "spades")
    expect(calculator.element).to_have_attribute("contract", "spades")
    expect(calculator.element).to_have_attribute("bidder", "us")
    calculator.points("us").fill("77")
    expect(calculator.element).to_have_attribute("pile-points", "77")
    expect(calculator.points("them")).to_have_value("75")  # 152 − 77, the core's deck
    # Typed into the other team's box: that is now the pile entered.
    calculator.points("them").fill("70")
    expect(calculator.element).to_have_attribute("pile-team", "them")
    expect(calculator.element).to_have_attribute("pile-points", "70")
    expect(calculator.points("us")).to_have_value("82")
    calculator.set_count("them", "quarte", 2)
    expect(calculator.element).to_have_attribute("declarations-them", "quarte:2")
    calculator.set_toggles("doubling", "recontra")
    expect(calculator.element).to_have_attribute("doubling", "recontra")
    calculator.set_toggles("doubling", "none")  # pressed again: released
    expect(calculator.element).not_to_have_attribute("doubling", "recontra")
    calculator.element.evaluate(
        "(e) => { e.setAttribute('contract', 'all_trumps'); e.bidder = 'them'; }"
    )
    expect(calculator.radio("game", "them:all_trumps")).to_be_checked()
    expect(calculator.element).to_have_attribute("bidder", "them")
    # Unknown values fall back to the default instead of breaking the element.
    calculator.element.evaluate("(e) => e.setAttribute('doubling', 'triple')")
    for value in ("contra", "recontra"):
        expect(calculator.toggle("doubling", value)).to_have_attribute("aria-pressed", "false")
    fake_page.wait_for_function(
        "() => document.getElementById('calc').scorer.calls.at(-1).contract === 'all_trumps'"
    )
    assert calls(fake_page)[-1]["doubling"] == "none"


INCOMPLETE = "The result shows once the whole deal is entered."

# Scoring contract: every change is scored at once (no timer in between); while a
# request is on its way, later changes are only remembered and the newest input goes
# when the reply is back (never a queue); a reply for an older input is never shown.

ECHO_POINTS = """() => {
  const scorer = document.getElementById('calc').scorer;
  scorer.reply = (request) => ({ok: true, result: {
    raw: {us: 0, them: 0}, outcome: 'made', hanging_out: 0, explanation: [],
    record: {us: request.cards.points, them: 0},
  }});
}"""


def held(page: Page) -> int:
    count: int = page.evaluate("document.getElementById('calc').scorer.held.length")
    return count


def release(page: Page) -> None:
    page.evaluate("document.getElementById('calc').scorer.release()")


def test_a_change_is_scored_at_once_without_a_timer(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "70"})
    expect(calculator.part("td.record-us")).to_have_text("11")
    # Only microtasks run between the input event and the check: no timer could fire.
    sent = fake_page.evaluate("""async () => {
      const element = document.getElementById('calc');
      const input = element.shadowRoot.querySelector('input[name="points-us"]');
      const before = element.scorer.calls.length;
      input.value = '71';
      input.dispatchEvent(new Event('input', {bubbles: true}));
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return element.scorer.calls.slice(before).map((call) => call.cards.points);
    }""")
    assert sent == [71]


def test_attributes_set_together_make_one_request(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "70"})
    expect(calculator.part("td.record-us")).to_have_text("11")
    before = len(calls(fake_page))
    calculator.element.evaluate(
        "(e) => { e.contract = 'spades'; e.bidder = 'them'; e.pilePoints = 90; }"
    )
    fake_page.wait_for_function(
        f"() => document.getElementById('calc').scorer.calls.length > {before}"
    )
    new = calls(fake_page)[before:]
    assert [(c["contract"], c["bidder"], c["cards"]["points"]) for c in new] == [
        ("spades", "them", 90)
    ]


def test_changes_while_scoring_are_coalesced_and_the_newest_wins(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "1"}, lang="en", hold=True)
    fake_page.evaluate(ECHO_POINTS)
    fake_page.wait_for_function("() => document.getElementById('calc').scorer.held.length === 1")
    field = calculator.points("us")
    field.press("End")
    field.press_sequentially("2345")
    expect(calculator.element).to_have_attribute("pile-points", "12345")
    # One request on its way, none queued behind it.
    assert [c["cards"]["points"] for c in calls(fake_page)] == [1]
    assert held(fake_page) == 1
    release(fake_page)
    # The reply for "1" is stale: dropped, and only the newest input is sent.
    fake_page.wait_for_function("() => document.getElementById('calc').scorer.held.length === 1")
    assert [c["cards"]["points"] for c in calls(fake_page)] == [1, 12345]
    expect(calculator.part(".details")).to_be_hidden()
    assert calculator.part("td.record-us").text_content() != "1"
    release(fake_page)
    expect(calculator.part("td.record-us")).to_have_text("12345")
    expect(calculator.part(".details")).to_be_visible()
    assert len(calls(fake_page)) == 2 and held(fake_page) == 0


def test_a_stale_reply_never_replaces_a_newer_state(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "70"}, lang="en", hold=True)
    fake_page.evaluate(ECHO_POINTS)
    fake_page.wait_for_function("() => document.getElementById('calc').scorer.held.length === 1")
    # The input becomes incomplete while its old request is on its way.
    calculator.points("us").fill("")
    expect(calculator.part(".bar-deal")).to_have_text("Enter the points")
    expect(calculator.part(".result-message")).to_have_text(INCOMPLETE)
    release(fake_page)
    calculator.element.evaluate("(e) => e.setAttribute('lang', 'en')")  # one more render
    expect(calculator.part(".result-message")).to_have_text(INCOMPLETE)
    expect(calculator.part(".bar-deal")).to_have_text("Enter the points")
    expect(calculator.part(".details")).to_be_hidden()
    assert calculator.property("result") is None
    assert len(calls(fake_page)) == 1 and held(fake_page) == 0
    # Typed back to the same input meanwhile: the reply is current and shown, once.
    calculator.points("us").fill("80")
    fake_page.wait_for_function("() => document.getElementById('calc').scorer.held.length === 1")
    calculator.points("us").fill("8")
    calculator.points("us").fill("80")
    release(fake_page)
    expect(calculator.part("td.record-us")).to_have_text("80")
    assert [c["cards"]["points"] for c in calls(fake_page)] == [70, 80]


def test_no_result_while_incomplete_or_not_a_number(fake_page: Page) -> None:
    calculator = mount(fake_page, lang="en")
    expect(calculator.part(".result-message")).to_have_text(INCOMPLETE)
    expect(calculator.part(".details")).to_be_hidden()
    assert calls(fake_page) == []
    calculator.part('input[name="hanging-in"]').fill("1e3")
    calculator.points("us").fill("70")
    # The core's own code and words (from core-tables.js), without waiting for the core.
    expect(calculator.part("#hanging-in-error")).to_have_text('Enter a whole number (got "1e3").')
    assert [(e["code"], e["field"]) for e in calculator.property("errors")] == [
        ("not_integer", "hanging_in")
    ]
    expect(calculator.part(".details")).to_be_hidden()
    assert calls(fake_page) == []


def test_core_errors_are_placed_by_field_prefix(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "70"}, lang="en")
    expect(calculator.part("td.record-us")).to_have_text("11")
    fake_page.evaluate("""() => {
      const scorer = document.getElementById('calc').scorer;
      const error = (field, en) => ({code: 'x', field, params: {}, message: {bg: 'БГ ' + en, en}});
      scorer.reply = () => ({ok: false, errors: [
        error('cards.points', 'too many points'),
        error('declarations.them.belot', 'too many belots'),
        error('capot', 'capot mismatch'),
        error('something.else', 'general trouble'),
      ]});
    }""")
    calculator.points("us").fill("71")
    expect(calculator.part("#cards-error")).to_have_text("too many points")
    expect(calculator.part("#declarations-them-error")).to_have_text("too many belots")
    expect(calculator.part("#declarations-us-error")).to_be_empty()
    expect(calculator.part("#capot-error")).to_have_text("capot mismatch")
    expect(calculator.part(".general-error")).to_have_text("general trouble")
    expect(calculator.part(".details")).to_be_hidden()
    expect(calculator.part(".declarations-them")).to_have_attribute("aria-invalid", "true")
    expect(calculator.points("us")).to_have_attribute("aria-invalid", "true")
    # The bar says the first of them, in the form's order.
    expect(calculator.part(".bar-deal")).to_have_text("too many points")
    # The element's language decides which of the core's messages shows.
    calculator.element.evaluate("(e) => e.setAttribute('lang', 'bg')")
    expect(calculator.part("#cards-error")).to_have_text("БГ too many points")
    # Announced declarations' errors land in the team's row too.
    fake_page.evaluate("""() => {
      const scorer = document.getElementById('calc').scorer;
      scorer.reply = () => ({ok: false, errors: [{code: 'x', field: 'announced.us.carre',
        params: {}, message: {bg: 'БГ too many carrés', en: 'too many carrés'}}]});
    }""")
    calculator.points("us").fill("72")
    expect(calculator.part("#declarations-us-error")).to_have_text("БГ too many carrés")
    expect(calculator.part(".declarations-us")).to_have_attribute("aria-invalid", "true")
    expect(calculator.part("#cards-error")).to_be_empty()


def test_no_trumps_disables_declarations_and_sends_none(fake_page: Page) -> None:
    calculator = mount(
        fake_page, {**GIVEN, "pile-points": "50", "declarations-us": "tierce:1"}, lang="en"
    )
    calculator.choose_game("us", "no_trumps")
    # Disabled with the core's reason, not hidden: nothing on the screen moves.
    expect(calculator.chip("us", "tierce")).to_be_disabled()
    expect(calculator.chip("them", "belot")).to_be_disabled()
    expect(calculator.chip("us", "tierce")).to_be_visible()
    expect(calculator.part("#declarations-hint")).to_have_text(
        "No trumps has no declarations and no belots."
    )
    fake_page.wait_for_function(
        "() => document.getElementById('calc').scorer.calls.at(-1).contract === 'no_trumps'"
    )
    assert "announced" not in calls(fake_page)[-1]
    assert "declarations" not in calls(fake_page)[-1]
    # The attribute keeps them, so going back to a suit restores the chips.
    calculator.choose_game("us", "hearts")
    expect(calculator.chip("us", "tierce")).to_be_enabled()
    assert calculator.count("us", "tierce") == 1


def test_capot_fills_in_the_cards_and_last_trick(fake_page: Page) -> None:
    calculator = mount(fake_page, {"pile-points": "30", "contract": "all_trumps", "bidder": "us"})
    calculator.set_toggles("capot", "them")
    for team in ("us", "them"):
        expect(calculator.points(team)).to_be_disabled()
    expect(calculator.points("them")).to_have_value("248")  # the deck, from the core's tables
    expect(calculator.points("us")).to_have_value("0")
    expect(calculator.part('input[name="last-trick"]').first).to_be_disabled()
    expect(calculator.radio("last-trick", "them")).to_be_checked()
    fake_page.wait_for_function(
        "() => document.getElementById('calc').scorer.calls.at(-1).capot === 'them'"
    )
    request = calls(fake_page)[-1]
    assert request["cards"] == {"team": "them", "points": 248}
    assert request["last_trick"] == "them"


def test_result_event_is_composed_and_carries_request_and_result(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "82", "contract": "diamonds"})
    expect(calculator.part("td.record-us")).to_have_text("11")
    fake_page.wait_for_function("() => window.events.length > 0")
    event = fake_page.evaluate("window.events.at(-1)")
    assert event["target"] == "calc" and event["composed"] is True
    assert event["detail"]["request"]["contract"] == "diamonds"
    assert event["detail"]["result"]["record"] == {"us": 11, "them": 7}
    assert calculator.property("result")["outcome"] == "made"


def test_language_follows_the_nearest_lang_ancestor(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "82"}, lang="bg")
    expect(calculator.part("#game-legend")).to_have_text("Кой какво каза")
    expect(calculator.radio("game", "them:hearts")).to_have_attribute("aria-label", "Вие – купа")
    expect(calculator.part("ol.explanation li")).to_have_text("Проба: clubs")
    fake_page.evaluate("document.getElementById('calc').parentElement.lang = 'en-GB'")
    expect(calculator.part("#game-legend")).to_have_text("Who bid what")
    # A team as a label is "Us"/"Them" (the core's sentences keep "we"/"they").
    expect(calculator.radio("game", "them:hearts")).to_have_attribute("aria-label", "Them – hearts")
    expect(calculator.part("ol.explanation li")).to_have_text("Fake: clubs")
    expect(calculator.part("td.record-us")).to_have_text("11")


def test_every_string_exists_in_both_languages(fake_page: Page) -> None:
    missing = fake_page.evaluate("""async () => {
      const { STRINGS } = await import('../../../widget/i18n/strings.js');
      const keys = (o, p = '') => Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v, p + k + '.') : [p + k]);
      const bg = new Set(keys(STRINGS.bg)), en = new Set(keys(STRINGS.en));
      return [...bg].filter((k) => !en.has(k)).concat([...en].filter((k) => !bg.has(k)));
    }""")
    assert missing == []


def test_define_twice_is_harmless(fake_page: Page) -> None:
    same = fake_page.evaluate("""async () => {
      const again = await import('../../../widget/define.js?second-copy');
      return customElements.get('belot-calculator') === window.BelotCalculatorElement
        && typeof again.default === 'function';
    }""")
    assert same is True


def test_keyboard_only_open_fill_and_count(fake_page: Page) -> None:
    calculator = mount(fake_page, {"lazy": "", "pile-points": "70"}, lang="en")
    button = calculator.part("button.open")
    expect(button).to_have_text("Open the calculator")
    button.focus()
    fake_page.keyboard.press("Enter")
    game = calculator.radio("game", "us:clubs")  # nothing chosen: the grid's first option
    expect(game).to_be_focused()
    fake_page.keyboard.press("ArrowRight")
    expect(calculator.element).to_have_attribute("contract", "diamonds")
    expect(calculator.element).to_have_attribute("bidder", "us")
    # Arrow keys move through the grid: the focus stays there (only a tap moves on).
    expect(calculator.radio("game", "us:diamonds")).to_be_focused()
    chip = calculator.chip("us", "tierce")
    chip.focus()
    fake_page.keyboard.press("Enter")
    expect(calculator.element).to_have_attribute("declarations-us", "tierce:1")
    expect(chip).to_have_attribute("aria-label", "Tierce: 1")
    outline = chip.evaluate("(b) => getComputedStyle(b).outlineStyle")
    assert outline != "none", "focus must be visible"
    fake_page.keyboard.press("Delete")
    expect(calculator.element).not_to_have_attribute("declarations-us", "tierce:1")
    # One live region says the settled result; the result section is not one (it would
    # read out fragments while it changes).
    expect(calculator.part('[part="announcement"]')).to_have_attribute("aria-live", "polite")
    expect(calculator.part("section.result")).not_to_have_attribute("aria-live", "polite")


def test_failing_scorer_shows_failure_and_retry(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "70"}, lang="en")
    expect(calculator.part("td.record-us")).to_have_text("11")
    fake_page.evaluate("""() => {
      const scorer = document.getElementById('calc').scorer;
      scorer.score = async () => { throw new Error('boom'); };
    }""")
    calculator.points("us").fill("71")
    expect(calculator.part(".failure")).to_be_visible()
    expect(calculator.part(".details")).to_be_hidden()
    fake_page.evaluate("""() => {
      const scorer = document.getElementById('calc').scorer;
      scorer.score = async (request) => { scorer.calls.push(request); return scorer.reply(request); };
    }""")
    calculator.part("button.retry").click()
    expect(calculator.part(".failure")).to_be_hidden()
    expect(calculator.part("td.record-us")).to_have_text("11")


def loaded_scripts(page: Page) -> list[str]:
    names: list[str] = page.evaluate(
        "performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)"
    )
    # The path inside widget/ ("sheet/store.js"): the widget's modules are in folders by feature.
    return [name.split("/widget/", 1)[-1] for name in names if name.endswith(".js")]


def test_the_sheet_is_loaded_only_when_asked_for(fake_page: Page) -> None:
    calculator = mount(fake_page, {**GIVEN, "pile-points": "70", "storage-key": "only-when-asked"})
    expect(calculator.part("td.record-us")).to_have_text("11")
    assert not any(name.startswith("sheet/") for name in loaded_scripts(fake_page))
    calculator.element.evaluate("(e) => { e.sheet = true; }")
    expect(calculator.part(".sheet-table")).to_be_visible()
    assert {"sheet/score-sheet.js", "book/game-book.js", "store/idb-store.js"} <= set(
        loaded_scripts(fake_page)
    )
    expect(calculator.part('input[name="hanging-in"]')).not_to_be_editable()
    expect(calculator.part('input[name="hanging-in"]')).to_be_hidden()  # the sheet's bar says it


def test_the_sheet_sends_the_contracts_version_not_its_storage_formats(fake_page: Page) -> None:
    """A new storage format must not make the core reject every saved game (issue 10)."""

    def bump_store_version(route: Any) -> None:
        response = route.fetch()
        text = response.text()
        assert text.count("STORE_VERSION = 1;") == 1
        route.fulfill(
            response=response, body=text.replace("STORE_VERSION = 1;", "STORE_VERSION = 2;")
        )

    fake_page.route("**/widget/book/records.js", bump_store_version)
    game = {
        "id": "g-1",
        "created": "2025-05-14T18:30:00.000Z",
        "updated": "2025-05-14T18:30:00.000Z",
        "names": {"us": "", "them": ""},
        "deals": [{"passed": True}],
    }
    fake_page.evaluate(
        "(text) => localStorage.setItem('bumped', text)",
        json.dumps({"version": 2, "current": "g-1", "games": [game]}),
    )
    calculator = mount(
        fake_page, {**GIVEN, "sheet": "", "storage-key": "bumped", "pile-points": "70"}
    )
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)  # read and checked
    calculator.part("button.record").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(2)
    game_calls = fake_page.evaluate("document.getElementById('calc').scorer.gameCalls")
    contract_version = fake_page.evaluate(
        "import('../../../widget/core-tables.js').then((tables) => tables.VERSION)"
    )
    assert [call["version"] for call in game_calls] == [contract_version] * 2
    assert fake_page.evaluate("JSON.parse(localStorage.getItem('bumped')).version") == 2


def test_one_announcement_per_settled_change_never_its_fragments(fake_page: Page) -> None:
    """Issue 13: typing "82" must not read out the score of "8" first."""
    calculator = mount(
        fake_page, {"contract": "hearts", "bidder": "us", "last-trick": "us"}, lang="en"
    )
    live = calculator.part('[part="announcement"]')
    bar = calculator.part(".bar-deal")
    points = calculator.points("us")
    points.press_sequentially("82")  # typing: scored at once, announced not yet
    expect(bar).to_have_text("Us 11 : 7 Them · Made")
    fake_page.wait_for_function(
        "() => document.getElementById('calc').scorer.calls.at(-1)?.cards?.points === 82"
    )
    expect(live).to_have_text("")
    points.press("Tab")  # the number is settled: the bar's sentence, once
    expect(live).to_have_text("Us 11 : 7 Them · Made")
    # A choice is settled at once; what is missing is said the same way.
    calculator.points("us").fill("")
    calculator.choose("last-trick", "them")
    expect(live).to_have_text("Enter the points")
    assert calculator.part("[aria-live]").count() == 1, "one live region"
