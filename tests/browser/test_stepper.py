"""The example-turn stepper in real Chromium: steps forward and back, arrow keys, "What if?" judged by the referee
(rules_core in Pyodide), in every language; axe-core on a rules page with steppers; the disputes page's checker
links open the checker with a verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import LANGS, Tab, axe_violations, lang_prefix, mount_steppers_for_print, wait_for_near_steppers

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 60_000
RULE_PAGE_SCENARIOS = ("first-card", "draw-then-play", "skip", "reverse", "draw-two", "wild", "wild-draw-four-guilty",
                       "wild-draw-four-innocent", "uno-said", "uno-caught", "two-players", "going-out-draw-two")
ALL_SCENARIOS = RULE_PAGE_SCENARIOS + ("stacking", "seven-o", "jump-in")


def stepper(page, sid):
    widget = page.locator(f'[data-scenario="{sid}"]')
    widget.scroll_into_view_if_needed()  # a stepper mounts as the reader comes near it
    widget.locator(".stepper__box").wait_for()
    return widget


def snapshot(widget):
    return (widget.locator(".stepper__narration").inner_text(), widget.locator(".stepper__table").inner_html())


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_stepper_what_if_and_axe(tab, lang):
    page = tab.page
    tab.goto(lang_prefix(lang) + "rules/")
    for sid in RULE_PAGE_SCENARIOS:
        stepper(page, sid)
    widget = stepper(page, "wild-draw-four-guilty")
    assert widget.get_attribute("data-step") == "0"
    start = snapshot(widget)

    # forward: the narration, the table and the rule link change
    widget.locator(".stepper__button--next").click()
    assert widget.get_attribute("data-step") == "1"
    one = snapshot(widget)
    assert one[0] != start[0] and one[1] != start[1]
    rule = widget.locator(".stepper__rule a")
    assert rule.get_attribute("href").endswith(f"{lang_prefix(lang)}rules/#wild-draw-four")
    widget.locator(".stepper__button--next").click()
    assert snapshot(widget) != one
    # back restores exactly
    widget.locator('.stepper__nav button[aria-label]').nth(1).click()
    assert snapshot(widget) == one
    widget.locator('.stepper__nav button[aria-label]').nth(1).click()
    assert snapshot(widget) == start

    # What if? At step 1 Ben faces the +4: playing a card is not allowed, challenging is.
    widget.locator(".stepper__button--next").click()
    toggle = widget.locator(".stepper__whatif-toggle")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    verdict = widget.locator('[role="status"]')
    widget.locator(".stepper__move").first.click()
    widget.locator('[role="status"][data-legal]').wait_for(timeout=BOOT_TIMEOUT_MS)
    assert verdict.get_attribute("data-legal") == "false"
    assert f"{lang_prefix(lang)}rules/#wild-draw-four" in verdict.locator("a").get_attribute("href")
    illegal_text = verdict.inner_text()
    widget.locator(".stepper__move").last.click()  # challenge
    page.wait_for_function(
        "(el) => el.dataset.legal === 'true'", arg=verdict.element_handle(), timeout=BOOT_TIMEOUT_MS)
    assert verdict.inner_text() != illegal_text
    assert verdict.locator("a").get_attribute("href").endswith(f"{lang_prefix(lang)}rules/#challenge")
    # ... and back to the script, where the scripted step is unchanged
    widget.locator(".stepper__whatif-back").click()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert widget.get_attribute("data-step") == "1"

    violations = axe_violations(page)
    assert not violations, violations
    tab.assert_clean()


def test_arrow_keys_step_only_when_the_stepper_has_focus(tab):
    page = tab.page
    tab.goto("rules/")
    widget = stepper(page, "skip")
    box = widget.locator(".stepper__box")
    box.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert widget.get_attribute("data-step") == "2"
    page.keyboard.press("ArrowLeft")
    assert widget.get_attribute("data-step") == "1"
    page.keyboard.press("End")
    assert widget.get_attribute("data-step") == "3"
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert widget.get_attribute("data-step") == "3"
    page.keyboard.press("Home")
    assert widget.get_attribute("data-step") == "0"
    # from a step button too
    widget.locator(".stepper__button--next").focus()
    page.keyboard.press("ArrowRight")
    assert widget.get_attribute("data-step") == "1"
    # elsewhere on the page the arrows are the page's
    page.locator("h1").first.click()
    page.keyboard.press("ArrowRight")
    assert widget.get_attribute("data-step") == "1"
    assert stepper(page, "draw-two").get_attribute("data-step") == "0"
    tab.assert_clean()


# Layout shifts the reader sees (a wheel scroll is not "recent input": shifts while scrolling count)
LAYOUT_SHIFTS = """window.__shifts = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value; })
    .observe({type: "layout-shift", buffered: true});"""
MOUNTED = "[...document.querySelectorAll('[data-scenario][data-mounted]')].map((w) => w.dataset.scenario)"


def test_a_rules_page_mounts_its_steppers_as_the_reader_comes_near(browser, site_url):
    """A rules page holds a dozen steppers, the first several screens down. None mounts at load; each mounts as the
    reader scrolls near it, and what is on screen does not move; a link to a step mounts its stepper at once, at
    that step; printing mounts them all."""
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    try:
        page = tab.page
        page.add_init_script(LAYOUT_SHIFTS)
        tab.goto("pl/rules/")
        page.wait_for_timeout(1000)
        assert page.evaluate(MOUNTED) == []
        # a screen at a time, as a thumb scrolls, until the second stepper is near the top of the screen
        top = "document.querySelector('[data-scenario=\"draw-then-play\"]').getBoundingClientRect().top"
        for _ in range(80):
            if page.evaluate(top) < 300:
                break
            page.mouse.move(180, 400)
            page.mouse.wheel(0, 500)
            page.wait_for_timeout(120)
        wait_for_near_steppers(page)
        mounted = page.evaluate(MOUNTED)
        assert {"first-card", "draw-then-play"} <= set(mounted) and "going-out-draw-two" not in mounted, mounted
        assert page.evaluate("window.__shifts") < 0.01
        assert page.locator('[data-scenario="draw-then-play"] .stepper__button--next').is_visible()
        # a link to a step of a stepper far down: it mounts at that step and comes on screen
        page.evaluate("location.hash = '#step=uno-caught:2'")
        page.wait_for_function("document.querySelector('[data-scenario=\"uno-caught\"]').dataset.step === '2'")
        box = page.locator('[data-scenario="uno-caught"]').bounding_box()
        assert abs(box["y"]) <= 1, box  # (scrolled to its top, to the pixel)
        # printing lays out the whole page: every stepper is there for it
        mount_steppers_for_print(page)
        assert len(page.evaluate(MOUNTED)) == len(RULE_PAGE_SCENARIOS)
        tab.assert_clean()
    finally:
        tab.close()


@pytest.mark.parametrize("module", ["stepper.js", "cards.js"])
def test_a_stepper_still_mounts_after_its_code_failed_to_arrive(tab, module):
    """On a bad line the steppers' code can fail to arrive. Here the first request for stepper.js, or for one of the
    modules only it imports, is dropped: made at load for the stepper a link names (far down the page), so that
    stepper waits. It is asked again by itself, and the stepper mounts at the linked step without the reader doing
    anything."""
    page, dropped = tab.page, []

    def drop_once(route):
        if f"/assets/javascripts/{module}" in route.request.url and not dropped:
            dropped.append(route.request.url)
            route.abort()
        else:
            route.fallback()  # (on to the context's route: requests to other hosts are still recorded)

    page.route("**/*", drop_once)
    tab.goto("cs/rules/#step=uno-caught:2")
    page.wait_for_function("document.querySelector('[data-scenario=\"uno-caught\"]').dataset.step === '2'")
    assert dropped, "the first request was not dropped"
    assert "uno-caught" in page.evaluate(MOUNTED)
    assert [e for e in tab.errors if "Failed to load resource" not in e] == []
    tab.errors.clear()  # (the dropped request itself is logged)
    tab.assert_clean()


def test_a_page_printed_before_the_steppers_code_arrived_has_no_empty_space(tab):
    """Printing mounts every stepper once their code is there. Before that (here it never arrives), a stepper still
    waiting takes no room on paper, and the print asks for the code so that the next print has the steppers."""
    page, asked = tab.page, []

    def drop(route):
        if "/assets/javascripts/stepper.js" in route.request.url:
            asked.append(route.request.url)
            route.abort()
        else:
            route.fallback()

    page.route("**/*", drop)
    tab.goto("hu/rules/")
    for _ in range(100):  # the load made once the page has settled, dropped
        if asked:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)  # (its failure reaches the page; the next timed retry is 2 s away)
    seen = len(asked)
    assert seen == 1
    page.evaluate("dispatchEvent(new Event('beforeprint'))")
    page.wait_for_timeout(500)
    assert len(asked) > seen  # the print asked again
    page.emulate_media(media="print")
    heights = page.evaluate("[...document.querySelectorAll('[data-scenario]')].map((w) => w.offsetHeight)")
    assert len(heights) == len(RULE_PAGE_SCENARIOS) and set(heights) == {0}, heights
    page.emulate_media(media="screen")
    assert page.evaluate("document.querySelector('[data-scenario]').offsetHeight") > 500  # (its room on screen)
    tab.errors.clear()  # (the dropped requests are logged)
    tab.assert_clean()


def test_steppers_mounting_above_a_linked_step_do_not_move_it_without_scroll_anchoring(browser, site_url):
    """Safari has no scroll anchoring. A link to a step lower down an examples page: that stepper mounts first and
    the page scrolls to it; the steppers above it mount after, each taller or shorter than the room kept for it.
    The linked stepper stays where it is on screen (here Chromium's anchoring is switched off)."""
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    try:
        page = tab.page
        # Safari, as the page sees it: no overflow-anchor; and no anchoring (set as parsing ends, before the page's
        # module scripts run)
        page.add_init_script("""const supports = CSS.supports.bind(CSS);
            CSS.supports = (...args) => (args[0] === "overflow-anchor" ? false : supports(...args));
            document.addEventListener("readystatechange", () => {
                document.documentElement.style.overflowAnchor = "none"; }, { once: true });""")
        tab.goto("pl/examples/#step=wild:1")
        page.wait_for_function("document.querySelector('[data-scenario=\"wild\"]').dataset.step === '1'")
        top = "document.querySelector('[data-scenario=\"wild\"]').getBoundingClientRect().top"
        first = page.evaluate(top)
        wait_for_near_steppers(page)
        page.wait_for_function("document.querySelector('[data-scenario=\"first-card\"][data-mounted]')")
        page.wait_for_timeout(300)
        assert abs(page.evaluate(top) - first) <= 1, (first, page.evaluate(top))
        assert -1 < first < 740
        tab.assert_clean()
    finally:
        tab.close()


def test_examples_page_has_every_scenario(tab):
    page = tab.page
    tab.goto("sk/examples/")
    for sid in ALL_SCENARIOS:
        widget = stepper(page, sid)
        assert widget.locator(".stepper__player").count() >= 2, sid
        # under its own heading, the heading names the example
        assert widget.locator(".stepper__box").get_attribute("aria-labelledby") == widget.evaluate(
            "(el) => el.previousElementSibling.id")
    widget = stepper(page, "going-out-draw-two")
    box = widget.locator(".stepper__box")
    box.focus()
    page.keyboard.press("End")
    facts = widget.locator(".stepper__facts").inner_text()
    assert "77" in facts  # the score, from the engine, in the table
    assert "77" in widget.locator(".stepper__text").inner_text()
    # a house-rule stepper: What if? judged under that house rule
    widget = stepper(page, "stacking")
    widget.locator(".stepper__button--next").click()  # Boris faces +2 and may stack
    widget.locator(".stepper__whatif-toggle").click()
    widget.locator(".stepper__move", has_text="+2").first.click()
    widget.locator('[role="status"][data-legal]').wait_for(timeout=BOOT_TIMEOUT_MS)
    assert widget.locator('[role="status"]').get_attribute("data-legal") == "true"
    assert "sk/house-rules/#stacking" in widget.locator('[role="status"] a').get_attribute("href")
    tab.assert_clean()


def test_disputes_link_opens_the_checker_with_a_verdict(tab):
    page = tab.page
    tab.goto("disputes/")
    links = page.locator("a.check-link")
    situations = json.loads((Path(__file__).resolve().parents[2] / "scenarios" / "situations.json").read_text(encoding="utf-8"))
    assert links.count() == len(situations) == 35
    page.locator('a.check-link[data-check="stack-draw-two"]').click()
    page.wait_for_url("**/checker/#position=*")
    verdict = page.locator('[role="status"][data-legal]').first
    verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert verdict.get_attribute("data-legal") == "false"
    page.go_back()
    page.locator('a.check-link[data-check="skip-on-skip"]').click()
    page.wait_for_url("**/checker/#position=*")
    page.wait_for_function(
        "() => document.querySelector('[role=status][data-legal]')?.dataset.legal === 'true'",
        timeout=BOOT_TIMEOUT_MS)
    tab.assert_clean()
