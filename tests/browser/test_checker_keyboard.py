"""The checker from the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys) at phone width: set the pile's
card and a hand on the card pad (one Tab stop, arrows along it and up and down the colours), play a card of the hand,
choose a move, read the verdict; the focus ring shows on every control it passes. And axe finds nothing serious at
360 px, in the light and in the dark (slate) scheme, with every section open."""

from __future__ import annotations

import json

import pytest

from rules_core.facade import check

from .checker_flows import FINAL, PHONE, ROOT, VERDICT
from .conftest import AXE_SCRIPT, Tab, axe_violations, lang_prefix

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 90_000


@pytest.fixture
def phone_tab(browser, site_url):
    tab = Tab(browser, site_url, viewport=PHONE)
    yield tab
    tab.close()


@pytest.fixture
def dark_tab(browser, site_url):
    tab = Tab(browser, site_url, viewport=PHONE, color_scheme="dark")
    yield tab
    tab.close()


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def focus_key(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.focus || null")


def press_until(page, selector: str, key: str = "Tab", limit: int = 120):
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {selector}; focus on {focus_key(page)!r}")


def assert_focus_ring(page):
    ring = page.evaluate("""() => {
        const el = document.activeElement;
        const target = el.matches('input') ? el.closest('label') || el : el;
        const style = getComputedStyle(el.matches('input') && getComputedStyle(el).outlineStyle === 'none' ? target : el);
        return {key: el.dataset.focus || el.tagName, visible: el.matches(':focus-visible'),
                outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
                shadow: style.boxShadow !== 'none'};
    }""")
    assert ring["visible"] and (ring["outline"] or ring["shadow"]), ring


def press(page, key: str, times: int = 1):
    for _ in range(times):
        page.keyboard.press(key)


def hand(page):
    return page.eval_on_selector_all(f"{ROOT} .checker-hand .checker-card-button", "bs => bs.map((b) => b.dataset.card)")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_checker_keyboard_only(phone_tab, lang):
    tab, page = phone_tab, phone_tab.page
    tab.goto(lang_prefix(lang) + "checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()

    # 1. the pad is one Tab stop, on its first card; arrows move along it and between the colours
    press_until(page, '[data-focus^="pad:"]')
    assert focus_key(page) == "pad:R0"
    assert_focus_ring(page)
    press(page, "ArrowRight", 5)
    assert focus_key(page) == "pad:R5"
    page.keyboard.press("Enter")  # the pile's card; the pad now fills the hand, focus stays on it
    assert page.locator(f"{ROOT} .checker-top .card").get_attribute("data-card") == "R5"
    assert page.locator(f"{ROOT} .checker-pad--hand").count() == 1 and focus_key(page) == "pad:R5"
    press(page, "ArrowRight", 2)
    page.keyboard.press("Enter")  # red 7
    page.keyboard.press("ArrowDown")  # yellow 7
    page.keyboard.press("ArrowDown")  # green 7
    page.keyboard.press("ArrowDown")  # blue 7
    press(page, "ArrowLeft", 4)
    assert focus_key(page) == "pad:B3"
    page.keyboard.press(" ")
    page.keyboard.press("ArrowDown")  # under the blue row: the wilds
    assert focus_key(page) == "pad:W"
    page.keyboard.press("Enter")
    assert hand(page) == ["R7", "B3", "W"]
    page.keyboard.press("ArrowUp")
    assert focus_key(page) == "pad:B0"
    page.keyboard.press("End")
    assert focus_key(page) == "pad:W+4"

    # 2. the Wild just added is the move, naming the colour in force; blue instead, by the arrow keys
    press_until(page, '[data-focus^="move-color:"]')
    assert focus_key(page) == "move-color:R"
    press(page, "ArrowRight", 3)
    assert focus_key(page) == "move-color:B"
    assert_focus_ring(page)
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    s = page.evaluate(f"document.querySelector('{ROOT}').checker.situation()")
    assert s["action"] == {"type": "play", "card": "W", "color": "B"}
    assert page.locator(VERDICT).get_attribute("data-legal") == "true"

    # 3. back to the hand: the red 7 instead (arrows along the hand), then the draw (arrows along the moves)
    press_until(page, ".checker-hand .checker-card-button", "Shift+Tab")
    press_until(page, '.checker-hand .checker-card-button[data-card="R7"]', "ArrowLeft", 5)
    assert_focus_ring(page)
    page.keyboard.press("Enter")
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    s = page.evaluate(f"document.querySelector('{ROOT}').checker.situation()")
    assert s["action"] == {"type": "play", "card": "R7"}
    assert check(s["position"], s["action"], None, lang)["reason"] in page.locator(VERDICT).inner_text()
    press_until(page, '[data-focus^="move:"]')
    press_until(page, '[data-focus="move:draw"]', "ArrowRight", 4)
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(f"document.querySelector('{ROOT}').checker.situation().action") == {"type": "draw"}

    # 4. the rules open from the keyboard; a house rule switches with Space and goes into the link
    press_until(page, '[data-focus="rules-toggle"]')
    page.keyboard.press("Enter")
    press_until(page, '[data-focus="check:stacking"]')
    assert_focus_ring(page)
    page.keyboard.press(" ")
    assert page.locator(f'{ROOT} [data-focus="check:stacking"]').is_checked()
    assert "rules=" in page.evaluate("location.hash")
    # 5. the hand's × takes a card out; focus stays in the hand
    press_until(page, '[data-focus^="remove:"]', "Shift+Tab")
    page.keyboard.press("Enter")
    assert len(hand(page)) == 2 and focus_key(page).startswith(("remove:", "hand:"))
    tab.assert_clean()


def test_start_over_and_change_put_the_focus_on_the_pads_tab_stop(phone_tab):
    """"Start over" and the top card's "Change" give the focus to the pad's one Tab stop (the pad is updated in place:
    the stop it had when its buttons were made keeps its tabindex too)."""
    tab, page = phone_tab, phone_tab.page
    tab.goto("checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    assert page.locator(f"{ROOT} .checker-pad button[tabindex='0']").count() == 1
    page.locator(f"{ROOT} .checker-start-over").focus()
    page.keyboard.press("Enter")
    assert focus_key(page) == "pad:R0"
    # the pile's card set from the pad, then "Change": back to the pad, on the stop (the card on the pile)
    page.keyboard.press("Enter")
    page.locator(f"{ROOT} .checker-pad--hand").wait_for()
    page.locator(f'{ROOT} [data-focus="top-change"]').focus()
    page.keyboard.press("Enter")
    page.locator(f"{ROOT} .checker-pad--pile").wait_for()
    assert focus_key(page) == "pad:R0"
    assert page.locator(f"{ROOT} .checker-pad button[tabindex='0']").count() == 1
    tab.assert_clean()


def open_everything(page):
    for key in ("presets", "table", "rules"):
        page.locator(f'{ROOT} [data-focus="{key}-toggle"]').click()
    page.locator(f"{ROOT} .checker-also__select").select_option("sk")
    page.locator(f"{ROOT} .checker-also[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)


def test_checker_axe_at_phone_width(phone_tab):
    tab, page = phone_tab, phone_tab.page
    tab.goto("hu/checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    violations = axe_violations(page)  # the empty table
    assert violations == [], json.dumps(violations, indent=1)
    page.locator(f'{ROOT} [data-focus="pad:W+4"]').click()
    page.locator(f'{ROOT} [data-focus="happened:plus4"]').click()
    page.locator(f'{ROOT} [data-focus="move:challenge"]').click()
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    open_everything(page)
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight / 3)")  # the compact bar on screen too
    violations = axe_violations(page)
    assert violations == [], json.dumps(violations, indent=1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tab.assert_clean()


def test_checker_dark_mode_axe(dark_tab):
    tab, page = dark_tab, dark_tab.page
    tab.goto("checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    for code in ("R5", "R7", "W+4"):
        page.locator(f'{ROOT} [data-focus="pad:{code}"]').click()
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    open_everything(page)
    violations = axe_violations(page)
    assert violations == [], json.dumps(violations, indent=1)
    # text in the widget follows the scheme (light text on the dark page)
    colors = page.evaluate("""() => ['.checker-section__h', '.checker-hint', '.checker-verdict .verdict__reason']
        .map((s) => getComputedStyle(document.querySelector('[data-checker] ' + s)).color)""")
    for color in colors:
        r, g, b = (int(v) for v in color[color.index("(") + 1:].split(",")[:3])
        assert min(r, g, b) > 128, colors
    tab.assert_clean()


def test_the_page_and_its_scroll_bar_follow_the_scheme(dark_tab):
    """The theme's script adds no <meta name="color-scheme"> (hooks/theme_js.py); the root takes the dark scheme
    from extra.css instead, and follows the palette toggle both ways."""
    tab, page = dark_tab, dark_tab.page
    tab.goto("rules/")
    page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    scheme = "() => [getComputedStyle(document.documentElement).colorScheme, getComputedStyle(document.body).colorScheme]"
    assert page.evaluate(scheme) == ["dark", "dark"]
    assert page.locator('meta[name="color-scheme"]').count() == 0
    page.locator('[data-md-component="palette"] label:not([hidden])').click()  # to the light scheme
    page.wait_for_function("document.body.dataset.mdColorScheme === 'default'")
    assert page.evaluate(scheme) == ["normal", "light"]
    page.locator('[data-md-component="palette"] label:not([hidden])').click()  # and back
    page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    assert page.evaluate(scheme) == ["dark", "dark"]
    assert page.locator('meta[name="color-scheme"]').count() == 0
    tab.assert_clean()


def test_stepper_dark_mode_axe(dark_tab):
    """The steppers of the rules page in the dark scheme, with a "What if?" verdict (the checker's renderer)."""
    tab, page = dark_tab, dark_tab.page
    tab.goto("rules/")
    stepper = page.locator("[data-scenario]").first
    stepper.scroll_into_view_if_needed()  # a stepper mounts as the reader comes near it
    stepper.locator(".stepper__box").wait_for()
    stepper.get_by_role("button", name="What if?").click()
    stepper.locator(".stepper__move").first.click()
    stepper.locator('[role="status"][data-legal]').wait_for(timeout=BOOT_TIMEOUT_MS)
    assert stepper.locator(".verdict__head").count() == 1
    page.add_script_tag(path=str(AXE_SCRIPT))
    result = page.evaluate("""async () => (await axe.run({include: [["[data-scenario]"]]},
        {resultTypes: ["violations"]})).violations.filter((v) => ["serious", "critical"].includes(v.impact))
        .map((v) => ({id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target)}))""")
    assert result == [], json.dumps(result, indent=1)
    tab.assert_clean()
