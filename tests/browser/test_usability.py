"""Usability fixes found by walking through the site as its readers would, on a phone (360 x 740):

- the language switcher keeps the checker's situation (the fragment goes with the link);
- a link to a situation (the disputes pages') brings its verdict into view once it is in;
- the verdict says which rules judged it (official, or the house rules that were on);
- a +2 on top that is not marked as waiting to be drawn for gets a hint (else "+2 on +2" is answered "allowed");
- the example steppers highlight what each step changed;
- after a step, a stepper's controls, its narration and the top of its table are on screen together.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Tab, lang_prefix
from .test_checker import BOOT_TIMEOUT_MS, VERDICT, fragment, set_hash

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
STRINGS = json.loads((ROOT / "i18n" / "checker.json").read_text(encoding="utf-8"))
STEPPER = json.loads((ROOT / "i18n" / "stepper.json").read_text(encoding="utf-8"))
SITUATIONS = json.loads((ROOT / "scenarios" / "situations.json").read_text(encoding="utf-8"))
PLUS2_ON_PLUS2 = SITUATIONS["stack-draw-two"]  # the disputes page's first question: not allowed, officially
STACKING = {**PLUS2_ON_PLUS2, "rules": {"stacking": True, "jump_in": True}}


def link(situation) -> str:
    return fragment(situation["position"], situation["action"], situation.get("rules"))


@pytest.fixture
def phone(browser, site_url):
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    yield tab
    tab.close()


def switcher_hrefs(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.md-header .md-select a[hreflang]')]
        .map((a) => [a.hreflang, a.getAttribute('href')]))""")


def test_language_switcher_keeps_the_situation(phone):
    tab, page = phone, phone.page
    tab.goto("hu/checker/" + link(STACKING))
    page.locator(f"{VERDICT}[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.locator(VERDICT).get_attribute("data-legal") == "true"
    hrefs = switcher_hrefs(page)
    assert set(hrefs) == {"en", "sk", "cs", "pl", "hu", "et"}
    for lang, href in hrefs.items():
        assert href.endswith(f"{lang_prefix(lang) if lang != 'hu' else ''}checker/{link(STACKING)}") or (
            lang == "hu" and href == "./" + link(STACKING)), (lang, href)

    # tapping changes the situation: the links follow
    page.locator('[data-checker] input[data-focus="check:jump_in"]').click()
    now = page.evaluate("location.hash")
    assert now != link(STACKING)
    assert all(href.endswith(now) for href in switcher_hrefs(page).values())

    # the switcher itself: open it, pick Eesti; the Estonian checker judges the same situation
    page.locator(".md-header .md-select button").first.click()
    page.locator('.md-header .md-select a[hreflang="et"]').click()
    page.wait_for_url("**/et/checker/#position=*")
    assert page.evaluate("location.hash") == now
    page.locator(f"{VERDICT}[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.locator(VERDICT).get_attribute("data-legal") == "true"
    assert page.locator('[data-checker] input[data-focus="check:stacking"]').is_checked()
    assert not page.locator('[data-checker] input[data-focus="check:jump_in"]').is_checked()

    # back to the example (no situation in the URL): the links are plain again
    set_hash(page, "")
    page.wait_for_function("() => !location.hash")
    assert all("#" not in href for href in switcher_hrefs(page).values())
    tab.assert_clean()


def test_link_shows_its_verdict_and_the_rules_that_judged_it(phone):
    tab, page = phone, phone.page
    # from the disputes page, as a reader taps it: the verdict ends up on screen, not 3 screens below the form
    tab.goto("disputes/")
    page.locator('a.check-link[data-check="stack-draw-two"]').click()
    page.wait_for_url("**/checker/#position=*")
    verdict = page.locator(f"{VERDICT}[data-legal]")
    verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert verdict.get_attribute("data-legal") == "false"
    page.wait_for_function(f"""() => {{
        const box = document.querySelector('{VERDICT}').getBoundingClientRect();
        return box.top >= 40 && box.bottom <= innerHeight;  // below the header, wholly on screen
    }}""", timeout=5_000)
    assert page.locator(".checker-ruleset").inner_text() == STRINGS["en"]["checker_verdict_official"]

    # with house rules on, the verdict names them (in the page's language, with the toggles' labels)
    tab.goto("pl/checker/" + link(STACKING))
    page.locator(f"{VERDICT}[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)
    S = STRINGS["pl"]
    rules = f'{S["checker_rule_stacking"]}, {S["checker_rule_jump_in"]}'
    assert page.locator(".checker-ruleset").inner_text() == S["checker_verdict_house"].replace("{rules}", rules)
    tab.assert_clean()


def test_reader_who_acts_first_is_not_scrolled_away(phone):
    tab, page = phone, phone.page
    # the engine answers late (a slow phone, a slow network): the reader has started changing the situation
    page.add_init_script("""(() => {
        const original = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (...args) {
            setTimeout(() => original.apply(this, args), 1500);
        };
    })()""")
    tab.goto("checker/" + link(PLUS2_ON_PLUS2))
    page.locator('[data-checker] [data-focus="players:plus"]').wait_for()
    page.mouse.wheel(0, 300)
    page.wait_for_timeout(300)
    page.locator(f"{VERDICT}[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(800)
    assert page.evaluate("scrollY") < 600, "the page jumped to the verdict while the reader was reading the form"
    tab.assert_clean()


def test_plus2_on_top_not_waiting_gets_a_hint(phone):
    tab, page = phone, phone.page
    S = STRINGS["cs"]
    tab.goto("cs/checker/")
    page.locator(f"{VERDICT}[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)
    hint = page.locator(".checker-hint--pending")
    assert hint.count() == 0  # the example: a red 5 on top
    page.locator('[data-checker] [data-focus="top-toggle"]').click()
    page.locator('[data-checker] [data-focus="top:R+2"]').click()
    expected = S["checker_pending_hint"].replace("{n}", "2").replace("{choice}", S["checker_happened_plus2"])
    assert hint.inner_text() == expected
    # the reader follows it: the +2 is now waiting, and the referee says the yellow +2 can't go on it
    page.locator('[data-checker] input[data-focus="happened:plus2"]').check()
    assert hint.count() == 0
    page.locator('[data-checker] input[data-focus="card:Y+2"]').check()
    page.locator("[data-checker] [data-ask]").click()
    page.wait_for_selector(f"{VERDICT}[data-legal]:not(.checker-verdict--stale)", timeout=BOOT_TIMEOUT_MS)
    assert page.locator(VERDICT).get_attribute("data-legal") == "false"
    tab.assert_clean()


def test_stepper_highlights_what_changed(phone):
    tab, page = phone, phone.page
    tab.goto("et/examples/")
    widget = page.locator('[data-scenario="first-card"]')
    widget.locator(".stepper__box").wait_for()
    changed = widget.locator(".stepper__table .stepper__changed")
    hint = widget.locator(".stepper__changed-hint")
    assert changed.count() == 0 and hint.is_hidden()  # the start: nothing has changed yet
    widget.locator(".stepper__button--next").click()  # step 1: Ann names blue for the Wild turned up
    assert hint.is_visible() and STEPPER["et"]["stepper_changed"] in hint.inner_text()
    assert widget.locator(".stepper__pile.stepper__changed").count() == 1
    colour = widget.locator(".stepper__facts li.stepper__changed")
    assert colour.count() == 1 and "sinine" in colour.inner_text()
    assert widget.locator(".stepper__count.stepper__changed").count() == 0  # nobody's hand changed
    widget.locator(".stepper__button--next").click()  # step 2: Ann plays her blue 3
    counts = widget.locator(".stepper__count.stepper__changed")
    assert counts.count() == 1 and counts.inner_text().endswith("(−1)")
    first_player = widget.locator(".stepper__player").first
    assert first_player.locator(".stepper__count.stepper__changed").count() == 1
    # back to the start: no highlight
    widget.locator(".stepper__nav button[aria-label]").first.click()
    assert changed.count() == 0 and hint.is_hidden()
    tab.assert_clean()


def test_slow_referee_says_what_to_expect(phone):
    tab, page = phone, phone.page
    # a referee that never gets ready (the 12 MB download on a very slow line): the page stays usable and,
    # after 10 s, says that this can take a while and that the answer will come by itself
    page.add_init_script("""(() => {
        window.Worker = class { constructor() {} postMessage() {} addEventListener() {} removeEventListener() {}
                                terminate() {} };
    })()""")
    S = STRINGS["hu"]
    tab.goto("hu/checker/")
    engine_line = page.locator(".checker-engine")
    engine_line.wait_for()
    assert engine_line.inner_text() == json.loads((ROOT / "i18n" / "ui.json").read_text("utf-8"))["hu"]["engine_loading"]
    assert page.locator(VERDICT).inner_text() == S["checker_waiting"]
    page.locator('[data-checker] input[data-focus="happened:plus2"]').check()  # the controls work meanwhile
    page.locator("[data-checker] [data-ask]").click()
    page.wait_for_function("(text) => document.querySelector('.checker-engine').textContent === text",
                           arg=S["checker_slow"], timeout=15_000)
    assert page.locator(VERDICT).inner_text() == S["checker_slow"]
    tab.assert_clean()


def test_stepper_keeps_narration_and_table_in_view(phone):
    tab, page = phone, phone.page
    page.emulate_media(reduced_motion="reduce")  # the scroll is instant then, not smooth
    tab.goto("hu/examples/")
    widget = page.locator('[data-scenario="reverse"]')  # one of the tallest: about 950 px on a phone
    widget.locator(".stepper__box").wait_for()
    nav, narration, centre = (f'[data-scenario="reverse"] {s}' for s in (".stepper__nav", ".stepper__narration",
                                                                          ".stepper__centre"))
    box = lambda sel: page.evaluate(f"() => {{ const b = document.querySelector('{sel}').getBoundingClientRect();"
                                    " return [b.top, b.bottom]; }")

    def on_screen():
        header = page.evaluate("() => document.querySelector('.md-header').getBoundingClientRect().bottom")
        return all(top >= header and bottom <= 740 for top, bottom in (box(nav), box(narration), box(centre)))

    # the reader taps Next low on the screen (a real tap: no scrolling before it)
    page.evaluate(f"() => scrollBy(0, document.querySelector('{nav}').getBoundingClientRect().top - 600)")
    tap = widget.locator(".stepper__button--next").bounding_box()
    page.mouse.click(tap["x"] + 20, tap["y"] + 20)
    assert widget.get_attribute("data-step") == "1"
    assert on_screen(), (box(nav), box(narration), box(centre))
    # the next tap: nothing moves (the button stays under the finger)
    before = box(nav)
    page.mouse.click(tap["x"] + 20, box(nav)[0] + 20)
    assert widget.get_attribute("data-step") == "2" and box(nav) == before and on_screen()
    # arrow keys with the controls scrolled away under the header: they come back
    page.evaluate(f"() => scrollBy(0, document.querySelector('{nav}').getBoundingClientRect().top + 150)")
    widget.locator(".stepper__box").focus()
    page.keyboard.press("ArrowRight")
    assert widget.get_attribute("data-step") == "3" and on_screen()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    tab.assert_clean()
