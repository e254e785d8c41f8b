"""Usability fixes found by walking through the site as its readers would, on a phone (360 x 740):

- the example steppers highlight what each step changed;
- after a step, a stepper's controls, its narration and the top of its table are on screen together.

(The checker's are in its own test files: test_checker*.py, test_language.py.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Tab, wait_for_near_steppers

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
STEPPER = json.loads((ROOT / "i18n" / "stepper.json").read_text(encoding="utf-8"))


@pytest.fixture
def phone(browser, site_url):
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    yield tab
    tab.close()


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


def test_stepper_keeps_narration_and_table_in_view(phone):
    tab, page = phone, phone.page
    page.emulate_media(reduced_motion="reduce")  # the scroll is instant then, not smooth
    tab.goto("hu/examples/")
    widget = page.locator('[data-scenario="reverse"]')  # one of the tallest: about 950 px on a phone
    widget.scroll_into_view_if_needed()  # a stepper mounts as the reader comes near it
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
    wait_for_near_steppers(page)  # (those mounting above keep what is on screen in place, but not mid-tap)
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
