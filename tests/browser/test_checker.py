"""The "Is this play legal?" checker in real Chromium on a phone (360 x 740), in every language: every flow of
``checker_flows`` by tapping from an empty table, with the verdict the engine gives in CPython (same rules_core),
read as an outcome, in view after the last tap, and never shown as current after a change until the new answer is
in. One tab per language: the referee boots once, and "Start over" empties the table between flows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_core.facade import check

from .checker_flows import FINAL, FLOWS, IN_VIEW_JS, PHONE, ROOT, VERDICT, VIEW_ONLY, empty_table, selector, tap
from .conftest import LANGS, Tab, lang_prefix

pytestmark = pytest.mark.browser

ROOT_DIR = Path(__file__).resolve().parents[2]
STRINGS = json.loads((ROOT_DIR / "i18n" / "checker.json").read_text(encoding="utf-8"))
BOOT_TIMEOUT_MS = 90_000


@pytest.fixture
def phone(browser, site_url):
    tab = Tab(browser, site_url, viewport=PHONE, has_touch=True)
    yield tab
    tab.close()


def situation(page) -> dict:
    return page.evaluate(f"document.querySelector('{ROOT}').checker.situation()")


def tone_label(lang: str, outcome: str) -> str:
    return STRINGS[lang][f"checker_tone_{outcome.replace('-', '_')}"]


# Whenever the verdict changes, a verdict shown as current (data-legal, no data-stale) must be the one for the
# situation on the controls at that moment (its data-for is the situation's canonical key).
WATCH_JS = """() => {
    window.__shownForAnother = [];
    const root = document.querySelector('[data-checker]');
    const verdict = root.querySelector('.checker-verdict');
    new MutationObserver(() => {
        if (verdict.dataset.legal !== undefined && !('stale' in verdict.dataset) && verdict.dataset.for !== root.checker.key()) {
            window.__shownForAnother.push(verdict.dataset.legal);
        }
    }).observe(verdict, {attributes: true, childList: true, subtree: true});
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_every_flow_by_tapping(phone, lang):
    tab, page = phone, phone.page
    tab.goto(lang_prefix(lang) + "checker/")
    verdict = page.locator(VERDICT)
    # an empty table: no verdict until the reader has said something, and the pad takes the pile's card first
    assert verdict.get_attribute("data-legal") is None
    assert verdict.inner_text() == STRINGS[lang]["checker_verdict_prompt_top"]
    assert page.locator(f"{ROOT} .checker-pad--pile").count() == 1
    assert page.evaluate("location.hash") == ""
    page.evaluate(WATCH_JS)
    for n, flow in enumerate(FLOWS):
        if n:
            empty_table(page)
        for kind, value in flow.taps:
            tap(page, kind, value)
        page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("window.__shownForAnother") == [], flow.name
        s = situation(page)
        want = check(s["position"], s["action"], s["rules"], lang)
        assert (want["legal"], want["rule"]) == (flow.legal, flow.rule), (flow.name, want["reason"])
        assert verdict.get_attribute("data-legal") == ("true" if flow.legal else "false"), flow.name
        assert verdict.get_attribute("data-outcome") == flow.outcome, flow.name
        text = verdict.inner_text()
        assert tone_label(lang, flow.outcome) in text and want["reason"] in text, (flow.name, text)
        assert verdict.locator("a").first.get_attribute("href").endswith("/" + want["rule_url"])
        # the verdict is readable without scrolling after the last tap: its head, or the bar that says the same
        view = page.evaluate(IN_VIEW_JS)
        assert view["head"] or view["bar"], (flow.name, view)
        if view["bar"]:
            assert (view["barLegal"], view["barOutcome"]) == (("true" if flow.legal else "false"), flow.outcome)
            # the bar's words never run under its "details" (nor out of the screen)
            overlap = page.evaluate("""() => {
                const bar = document.querySelector('[data-checker] .checker-bar');
                const more = bar.querySelector('.checker-bar__more').getBoundingClientRect();
                return [...bar.querySelectorAll('.checker-bar__text > *')].map((el) => el.getBoundingClientRect())
                    .filter((r) => r.width && (r.right > more.left + 0.5 || r.left < 0)).length;
            }""")
            assert overlap == 0, (flow.name, page.locator(f"{ROOT} .checker-bar").inner_text())
        # the URL holds exactly the situation judged
        params = dict(part.split("=", 1) for part in page.evaluate("location.hash")[1:].split("&"))
        assert "position" in params and "action" in params
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tab.assert_clean()


SLOW_WORKER = """(() => {
    const original = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (...args) {
        if (args[0] && args[0].request) setTimeout(() => original.apply(this, args), window.__delay ?? 0);
        else original.apply(this, args);
    };
})()"""


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_changed_situation_is_never_shown_as_judged(phone, lang):
    """Each change marks the verdict out of date in the same moment (synchronously, before any answer can come);
    with a slow referee the old verdict stays greyed under "checking…" until the new answer replaces it."""
    tab, page = phone, phone.page
    page.add_init_script(SLOW_WORKER)
    tab.goto(lang_prefix(lang) + "checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    flow = FLOWS[2]  # +2 on a +2: six states, two kinds of answer
    for kind, value in flow.taps:
        state = page.evaluate("""(sel) => {
            document.querySelector(sel).click();
            const v = document.querySelector('[data-checker] .checker-verdict');
            return {legal: v.dataset.legal ?? null, stale: 'stale' in v.dataset};
        }""", selector(kind, value))
        if kind not in VIEW_ONLY and page.evaluate(f"document.querySelector('{ROOT}').checker.situation().action"):
            assert state == {"legal": None, "stale": True}, (kind, value, state)
        page.wait_for_timeout(50)
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.locator(VERDICT).get_attribute("data-legal") == "true"
    # a referee that takes three seconds to answer: the old verdict is greyed, labelled, never shown as current
    page.evaluate(WATCH_JS)
    page.evaluate("window.__delay = 3000")
    state = page.evaluate("""(sel) => {
        document.querySelector(sel).click();
        const v = document.querySelector('[data-checker] .checker-verdict');
        const bar = document.querySelector('[data-checker] .checker-bar');
        return {legal: v.dataset.legal ?? null, stale: 'stale' in v.dataset, bar: bar.dataset.legal ?? null,
                label: v.querySelector('.checker-stale')?.textContent ?? '',
                opacity: getComputedStyle(v.querySelector('.verdict__reason')).opacity};
    }""", selector("check", "stacking"))
    assert state["legal"] is None and state["stale"] and state["bar"] is None, state
    assert STRINGS[lang]["checker_stale"] in state["label"]
    assert float(state["opacity"]) < 0.6
    page.locator(FINAL).wait_for(timeout=20_000)
    assert page.locator(VERDICT).get_attribute("data-legal") == "false"  # stacking off: the +2 has to be drawn for
    assert page.locator(f"{VERDICT} .checker-stale").count() == 0
    assert page.evaluate("window.__shownForAnother") == []
    tab.assert_clean()


def test_names_go_into_the_position_and_the_verdict(phone):
    tab, page = phone, phone.page
    tab.goto("cs/checker/")
    for kind, value in FLOWS[0].taps:
        tap(page, kind, value)
    page.locator(f"{ROOT} [data-focus='table-toggle']").tap()
    page.locator(f"{ROOT} [data-focus='name:0']").fill("Ania")
    page.locator(f"{ROOT} [data-focus='name:1']").fill("Bartek")
    assert page.locator(f"{ROOT} [data-focus='name:1']").evaluate("el => el === document.activeElement")
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    s = situation(page)
    assert [p.get("name") for p in s["position"]["players"]] == ["Ania", "Bartek", None]
    want = check(s["position"], s["action"], s["rules"], "cs")
    text = page.locator(VERDICT).inner_text()
    assert want["reason"] in text and all(e in text for e in want["effects"]) and "Bartek" in text
    tab.assert_clean()


def test_start_over_keeps_the_table_and_its_rules(phone):
    tab, page = phone, phone.page
    tab.goto("et/checker/")
    for kind, value in FLOWS[2].taps:  # +2 on a +2 with stacking on
        tap(page, kind, value)
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    page.locator(f"{ROOT} .checker-start-over").tap()
    s = situation(page)
    assert s["rules"] == {"stacking": True} and s["action"] is None and s["position"]["discard"] == []
    assert page.locator(VERDICT).get_attribute("data-legal") is None
    assert page.locator(VERDICT).inner_text() == STRINGS["et"]["checker_verdict_prompt_top"]
    assert "rules=" in page.evaluate("location.hash")  # the rules stay in the link too
    tab.assert_clean()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_edition_readings_apart_from_house_rules(phone, lang):
    """The rules disclosure lists house rules and edition readings (rules_core.frontend's kinds) in two groups, and
    the verdict's "judged under" names an edition reading as a deck or rule sheet, never as a house rule."""
    from rules_core.frontend import options

    tab, page = phone, phone.page
    S = STRINGS[lang]
    tab.goto(lang_prefix(lang) + "checker/")
    for kind, value in FLOWS[-1].taps:  # a missed UNO caught: the penalty is what the UNO reading changes
        tap(page, kind, value)
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    tap(page, "open", "rules")
    house = page.locator(f"{ROOT} .checker-checks--house")
    edition = page.locator(f"{ROOT} .checker-checks--edition")
    for option in options():
        if option["type"] == "bool":
            group, other = (house, edition) if option["kind"] == "house" else (edition, house)
            assert group.locator(f'[data-focus="check:{option["key"]}"]').count() == 1, option["key"]
            assert other.locator(f'[data-focus="check:{option["key"]}"]').count() == 0, option["key"]
        elif option["kind"] == "edition":
            label = S[f"checker_option_{option['key']}_{str(option['values'][-1]).replace('-', '_')}"]
            assert label in edition.inner_text() and label not in house.inner_text(), option["key"]
    assert S["checker_house_rules"] in house.inner_text() and S["checker_editions"] in edition.inner_text()
    rulesets = page.locator(f"{VERDICT} .verdict__ruleset")
    assert rulesets.all_inner_texts() == [S["checker_verdict_official"]]
    tap(page, "check", "uno_penalty")  # the 2001 sheet's 4 cards
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    s = situation(page)
    assert s["rules"] == {"uno_penalty": 4}
    want = check(s["position"], s["action"], s["rules"], lang)
    assert all(e in page.locator(VERDICT).inner_text() for e in want["effects"])
    assert rulesets.all_inner_texts() == [
        S["checker_verdict_official"],
        S["checker_verdict_edition"].replace("{rules}", S["checker_option_uno_penalty_4"])]
    tap(page, "check", "stacking")
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    assert rulesets.all_inner_texts() == [
        S["checker_verdict_house"].replace("{rules}", S["checker_option_stacking"]),
        S["checker_verdict_edition"].replace("{rules}", S["checker_option_uno_penalty_4"])]
    tab.assert_clean()


def test_the_card_pad_takes_its_wide_layout_only_where_it_has_room(browser, site_url):
    """One row of 13 per colour when the pad's box is at least 34rem wide (checker.js measures it: no container
    query), the phone's 30-column grid otherwise; and from 60em, where the widget stands beside its verdict, the
    page's empty table of contents leaves its width to the pad (the pad was 180 px wide at 960 px)."""
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 800})
    page = tab.page
    tab.goto("checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    measure = """() => { const box = document.querySelector('[data-checker] .checker-pad-box');
        const style = getComputedStyle(box);
        const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
        return {inner: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), rem,
                columns: getComputedStyle(box.querySelector('.checker-pad')).gridTemplateColumns.split(' ').length}; }"""
    seen = []
    for width in (360, 736, 740, 959, 2300, 740, 960, 1100, 1219, 1440):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_function("w => innerWidth === w", arg=width)
        page.wait_for_timeout(100)  # (the observer's callback comes with the next frame)
        got = page.evaluate(measure)
        seen.append((width, got["columns"]))
        assert got["columns"] == (39 if got["inner"] >= 34 * got["rem"] else 30), (width, got)
        if width >= 960:
            assert got["inner"] >= 380, (width, got)
    assert seen == [(360, 30), (736, 30), (740, 39), (959, 39), (2300, 30), (740, 39), (960, 30), (1100, 30),
                    (1219, 30), (1440, 30)], seen
    # loaded at a width with room: wide from the start (the checker's guess from the viewport, then the observer)
    page.set_viewport_size({"width": 800, "height": 800})
    tab.goto("checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    page.wait_for_timeout(100)
    assert page.evaluate(measure)["columns"] == 39
    tab.assert_clean()
    tab.close()


# Records, from the page's first script on: each change of the pad's cards (the frame it came in, the pad's height
# then, the number of cards), and every layout shift (its frame, and whether the pad's box or what follows it moved).
PAD_WATCH_JS = """(() => {
    window.__pad = {changes: [], shifts: []};
    let frame = 0;
    const tick = () => { frame++; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    // (a shift's sources: the elements that moved; from the pad's box on, what the pad would have pushed)
    const fromPad = (node) => {
        const box = document.querySelector('[data-checker] .checker-pad-box');
        return Boolean(box && node && (box === node || box.contains(node)
            || box.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING));
    };
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
            __pad.shifts.push({frame, value: e.value, fromPad: e.sources.some((s) => fromPad(s.node))});
        }
    }).observe({type: 'layout-shift', buffered: true});
    new MutationObserver(() => {
        const pad = document.querySelector('[data-checker] .checker-pad');
        if (!pad || pad.__watched) return;
        pad.__watched = true;
        const note = () => {
            const cards = pad.querySelectorAll('button').length;
            __pad.changes.push({frame, height: pad.getBoundingClientRect().height, cards});
            if (window.__focusFirstCards && cards && !__pad.focused) {
                // (a reader's focus on the first cards in: the rest are put in at once, before the next frame)
                pad.querySelector('button').focus();
                __pad.focused = {before: cards, after: pad.querySelectorAll('button').length,
                                 filled: pad.hasAttribute('data-filled')};
            }
        };
        note();
        new MutationObserver(note).observe(pad, {childList: true});
    }).observe(document, {childList: true, subtree: true});
})()"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 800, "height": 1400}], ids=["phone", "wide-on-screen"])
def test_the_card_pad_arrives_over_frames_without_moving_and_is_updated_in_place(browser, site_url, viewport):
    """The pad's 54 cards go in a few per frame after the checker's first frame, into the room the pad keeps for
    them (its height does not change, nothing shifts), in the phone's grid and in the wide one (at 800 x 1400 the pad
    is on the first screen, where a shift would count); a tap brings the same buttons up to date instead of building
    them again; a deck with more wilds has a pad with them, as high."""
    tab = Tab(browser, site_url, viewport=viewport, has_touch=True)
    page = tab.page
    page.add_init_script(PAD_WATCH_JS)
    tab.goto("sk/checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    got = page.evaluate("__pad")
    changes = got["changes"]
    assert changes[0]["cards"] == 0 and changes[-1]["cards"] == 54, changes
    frames = sorted({c["frame"] for c in changes if c["cards"]})
    assert len(frames) >= 54 // 8, changes  # a few cards per frame, not all of them in one
    assert max(c["cards"] for c in changes if c["frame"] == frames[0]) <= 8, changes
    # (from the pad as made, with no cards: at 800 px the wide grid's rows are there from the first frame, the
    # checker's guess; the observer's first report may come a frame later)
    wide = viewport["width"] >= 800
    assert {c["height"] for c in changes} == {changes[-1]["height"]}, changes
    rem = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    rows = 5 * 3 + 4 * 0.3 if wide else 7 * 2.6 + 6 * 0.22  # the wide grid's rows and gaps, or the phone's
    assert abs(changes[-1]["height"] - rows * rem) < 1, (changes[-1], rem)
    # (the referee's loading line above the controls may move them by a hair as it starts: 0.005 at most in
    # Lighthouse's runs; nothing from the pad's box down moves)
    assert [s for s in got["shifts"] if s["fromPad"]] == [], (got["shifts"], changes)
    # a tap: the same buttons, brought up to date (R5 on the pile; the pad now fills the hand)
    buttons = page.locator(f"{ROOT} .checker-pad button")
    buttons.evaluate_all("(bs) => bs.forEach((b) => { b.__kept = true; })")
    page.locator(f'{ROOT} .checker-pad button[data-card="R5"]').click()
    page.locator(f"{ROOT} .checker-pad--hand").wait_for()
    assert buttons.evaluate_all("(bs) => bs.map((b) => b.__kept === true)") == [True] * 54
    sk = STRINGS["sk"]
    assert page.locator(f"{ROOT} .checker-pad").get_attribute("aria-label") == sk["checker_pad_label_hand"]
    # the pad's buttons carry their names (a hidden text each), the one Tab stop among them
    assert page.locator(f"{ROOT} .checker-pad button[tabindex='0']").count() == 1
    assert page.locator(f'{ROOT} .checker-pad button[data-card="R5"] .checker-sr').inner_text() != ""
    # another deck: its own wilds, at once (the reader is at the controls), the pad's rows as many as before
    tap(page, "open", "rules")
    page.locator(f'{ROOT} [data-focus="option-deck:112-shuffle"]').check()
    page.wait_for_function("document.querySelectorAll('[data-checker] .checker-pad button').length === 56")
    assert page.locator(f"{ROOT} .checker-pad button").evaluate_all("(bs) => bs.slice(52).map((b) => b.dataset.card)") \
        == ["W", "W+4", "WS", "WC"]
    assert page.locator(f"{ROOT} .checker-pad").evaluate("(pad) => pad.getBoundingClientRect().height") == \
        changes[-1]["height"]
    tab.assert_clean()
    tab.close()


def test_a_focus_on_the_pad_while_it_fills_puts_the_rest_in_at_once(browser, site_url):
    """The arrow keys move among the cards that are there: a reader who reaches the pad while its first cards are
    coming in has all of them at once."""
    tab = Tab(browser, site_url, viewport=PHONE)
    page = tab.page
    page.add_init_script("window.__focusFirstCards = true;")
    page.add_init_script(PAD_WATCH_JS)
    tab.goto("checker/")
    page.wait_for_function("window.__pad && window.__pad.focused")
    focused = page.evaluate("__pad.focused")
    assert 0 < focused["before"] < 54 and focused["after"] == 54 and focused["filled"], focused
    assert page.evaluate("document.activeElement.dataset.focus") == "pad:R0"
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.card") == "W+4"
    tab.assert_clean()
    tab.close()
