"""The checker while the referee is slow, absent or gone: the controls work meanwhile and say what to expect; a
referee that stops answering is said to, with a way to ask again; a link's verdict comes into view unless the
reader has started on something else; a +2 on top that is not marked as waiting gets a hint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .checker_flows import FINAL, PHONE, ROOT, VERDICT, tap
from .conftest import Tab
from .test_checker_links import SITUATIONS, fragment

pytestmark = pytest.mark.browser

ROOT_DIR = Path(__file__).resolve().parents[2]
STRINGS = json.loads((ROOT_DIR / "i18n" / "checker.json").read_text(encoding="utf-8"))
UI = json.loads((ROOT_DIR / "i18n" / "ui.json").read_text(encoding="utf-8"))
BOOT_TIMEOUT_MS = 90_000


@pytest.fixture
def phone(browser, site_url):
    tab = Tab(browser, site_url, viewport=PHONE, has_touch=True)
    yield tab
    tab.close()


NEVER_READY = """(() => {
    window.Worker = class { constructor() {} postMessage() {} addEventListener() {} removeEventListener() {}
                            terminate() {} };
})()"""


def test_a_slow_referee_says_what_to_expect(phone):
    tab, page = phone, phone.page
    page.add_init_script(NEVER_READY)  # the referee's download never ends (a very slow line)
    S = STRINGS["hu"]
    tab.goto("hu/checker/")
    engine_line = page.locator(f"{ROOT} .checker-engine")
    engine_line.wait_for()
    assert engine_line.inner_text() == UI["hu"]["engine_loading"]
    for kind, value in (("pad", "R5"), ("pad", "G5")):  # the controls work meanwhile
        tap(page, kind, value)
    verdict = page.locator(VERDICT)
    assert verdict.get_attribute("data-stale") is not None and verdict.get_attribute("data-legal") is None
    assert S["checker_waiting"] in verdict.inner_text()
    page.wait_for_function("(text) => document.querySelector('[data-checker] .checker-engine').textContent === text",
                           arg=S["checker_slow"], timeout=15_000)
    assert S["checker_slow"] in verdict.inner_text()
    tab.assert_clean()


# a referee that starts, then dies as soon as it is asked something (its worker crashes)
DIES_ON_FIRST_QUESTION = """(() => {
    const Real = Worker;
    window.Worker = class extends Real {
        postMessage(message, ...rest) {
            if (message && message.request) {
                this.terminate();
                setTimeout(() => this.dispatchEvent(new ErrorEvent("error", { message: "the worker stopped" })), 10);
                return;
            }
            return super.postMessage(message, ...rest);
        }
    };
})()"""


def test_a_referee_that_dies_is_said_to(phone):
    tab, page = phone, phone.page
    page.add_init_script(DIES_ON_FIRST_QUESTION)
    tab.goto("checker/")
    page.locator(f"{ROOT} .checker-engine.checker-engine--ready").wait_for(timeout=BOOT_TIMEOUT_MS)
    for kind, value in (("pad", "R5"), ("pad", "G5")):
        tap(page, kind, value)
    error = page.locator(f"{VERDICT}[data-error]")
    error.wait_for(timeout=25_000)  # at once with a loader that settles pending calls; else after the watchdog
    assert error.get_attribute("data-legal") is None
    assert error.get_attribute("data-error") in ("referee", "timeout")
    assert page.locator(f"{VERDICT} button").inner_text() == STRINGS["en"]["checker_retry"]
    assert page.locator(f"{ROOT} .checker-bar").get_attribute("data-legal") is None
    tab.errors.clear()  # the worker's crash is the point of this test
    assert not tab.foreign


def test_a_reader_who_acts_first_is_not_scrolled_away(phone):
    tab, page = phone, phone.page
    page.add_init_script("""(() => {
        const original = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (...args) { setTimeout(() => original.apply(this, args), 1500); };
    })()""")
    # a link the build has not judged (stacking on): its verdict comes from the (slow) referee
    s = SITUATIONS["stack-draw-two"]
    tab.goto("checker/" + fragment(s["position"], s["action"], {"stacking": True}))
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    page.mouse.wheel(0, 300)
    page.wait_for_timeout(300)
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(800)
    assert page.evaluate("scrollY") < 700, "the page jumped to the verdict while the reader was reading"
    tab.assert_clean()


def test_a_plus2_on_top_not_waiting_gets_a_hint(phone):
    tab, page = phone, phone.page
    S = STRINGS["cs"]
    tab.goto("cs/checker/")
    tap(page, "pad", "R+2")
    hint = page.locator(f"{ROOT} .checker-hint--pending")
    assert hint.inner_text() == S["checker_pending_hint"].replace("{n}", "2").replace("{choice}", S["checker_happened_plus2"])
    tap(page, "happened", "plus2")
    assert hint.count() == 0
    tap(page, "pad", "Y+2")
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.locator(VERDICT).get_attribute("data-legal") == "false"
    tab.assert_clean()
