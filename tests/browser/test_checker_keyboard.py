"""The checker from the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys, Escape, typing a name), at phone
width: build a situation (top card, hand, move, names), ask, read the verdict; the focus ring shows on the controls
it passes; Escape closes the top-card picker and gives focus back to its button. And the checker page and a
stepper in the dark (slate) scheme pass axe."""

from __future__ import annotations

import base64
import json

import pytest

from rules_core.facade import check

from .conftest import AXE_SCRIPT, Tab, axe_violations, lang_prefix

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 60_000
ANSWER_TIMEOUT_MS = 20_000
VERDICT = '[data-checker] [role="status"]'


@pytest.fixture
def phone_tab(browser, site_url):
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    yield tab
    tab.close()


@pytest.fixture
def dark_tab(browser, site_url):
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740}, color_scheme="dark")
    yield tab
    tab.close()


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def focus_key(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.focus || null")


def press_until(page, selector: str, key: str = "Tab", limit: int = 250):
    """Press key until the focused element matches selector."""
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {selector}; focus on {focus_key(page)!r}")


def assert_focus_ring(page):
    """The focused control matches :focus-visible and draws a visible ring (outline or box-shadow)."""
    ring = page.evaluate("""() => {
        const el = document.activeElement;
        const style = getComputedStyle(el);
        return {key: el.dataset.focus || el.tagName, visible: el.matches(':focus-visible'),
                outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
                shadow: style.boxShadow !== 'none'};
    }""")
    assert ring["visible"] and (ring["outline"] or ring["shadow"]), ring


def ask(page):
    """With focus on the Ask button: clear the verdict, press Enter, wait for the new verdict."""
    assert focused(page, "[data-ask]")
    page.evaluate(f"document.querySelector('{VERDICT}').removeAttribute('data-legal')")
    page.keyboard.press("Enter")
    status = page.locator(f"{VERDICT}[data-legal]")
    status.wait_for(timeout=ANSWER_TIMEOUT_MS)
    return status


def situation(page):
    params = dict(part.split("=", 1) for part in page.evaluate("location.hash")[1:].split("&"))
    unb64 = lambda t: json.loads(base64.urlsafe_b64decode(t + "=" * (-len(t) % 4)).decode("utf-8"))  # noqa: E731
    return unb64(params["position"]), unb64(params["action"])


def hand(page):
    return page.eval_on_selector_all(".checker-hand .card", "cards => cards.map((c) => c.dataset.card)")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_checker_keyboard_only(phone_tab, lang):
    tab, page = phone_tab, phone_tab.page
    tab.goto(lang_prefix(lang) + "checker/")
    page.locator(f"{VERDICT}[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)  # the example's verdict
    toggle = page.locator('[data-focus="top-toggle"]')

    # 1. the top-card picker: Enter opens it, Escape closes it and focus stays on its button; Space opens it again
    press_until(page, '[data-focus="top-toggle"]')
    assert_focus_ring(page)
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true" and focused(page, '[data-focus="top-toggle"]')
    page.keyboard.press("Tab")
    assert focus_key(page) == "top-tab:R"
    assert_focus_ring(page)
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.locator('[id$="-top-picker"]').is_hidden()
    assert focused(page, '[data-focus="top-toggle"]')
    page.keyboard.press(" ")
    assert toggle.get_attribute("aria-expanded") == "true"

    # 2. top card: green tab (arrow keys move along the tabs), green 7 (arrow keys along the cards); the picker
    #    closes and focus goes back to its button
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focus_key(page) == "top-tab:G"
    page.keyboard.press("Enter")
    assert page.locator('[data-focus="top-tab:G"]').get_attribute("aria-pressed") == "true"
    page.keyboard.press("Tab")
    assert focus_key(page) == "top:G0"
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    assert focus_key(page) == "top:G7"
    assert_focus_ring(page)
    page.keyboard.press("Enter")
    assert page.locator(".checker-top .card").get_attribute("data-card") == "G7"
    assert toggle.get_attribute("aria-expanded") == "false" and focused(page, '[data-focus="top-toggle"]')

    # 3. the hand: take the example's four cards out (Enter on each; focus stays in the hand, then moves to the
    #    colour tabs), then add a Wild and the red 3
    press_until(page, ".checker-hand button")
    assert_focus_ring(page)
    while hand(page):
        page.keyboard.press("Enter")
    assert focus_key(page) == "hand-tab:R"
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert focus_key(page) == "hand-tab:W"
    page.keyboard.press(" ")
    page.keyboard.press("Tab")
    assert focus_key(page) == "hand:W"
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    assert focus_key(page) == "hand-tab:W"
    page.keyboard.press("End")  # Home/End too: the last tab, then back to the first
    page.keyboard.press("Home")
    assert focus_key(page) == "hand-tab:R"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert focus_key(page) == "hand:R3"
    page.keyboard.press("Enter")
    assert hand(page) == ["W", "R3"]

    # 4. the move: play (already chosen) the Wild (first card of the hand), naming blue with the arrow keys
    press_until(page, '[data-focus="move:play"]')
    assert_focus_ring(page)
    press_until(page, '[data-focus^="card:"]')
    assert focus_key(page) == "card:W"
    press_until(page, '[data-focus^="move-color:"]')
    for _ in range(3):  # no colour chosen yet: focus on the first; the arrows choose yellow, green, blue
        page.keyboard.press("ArrowRight")
    assert focus_key(page) == "move-color:B"
    assert page.locator('[data-focus="move-color:B"]').is_checked()
    press_until(page, "[data-ask]")
    assert_focus_ring(page)
    status = ask(page)
    position, action = situation(page)
    assert action == {"type": "play", "card": "W", "color": "B"}
    assert position["players"][0]["hand"] == ["W", "R3"] and position["discard"][-1] == "G7"
    want = check(position, action, None, lang)
    assert want["legal"] is True and status.get_attribute("data-legal") == "true"
    assert want["reason"] in status.inner_text()

    # 5. the red 3 instead (Shift+Tab back to the cards, arrow to the next one): not allowed
    press_until(page, '[data-focus^="card:"]', "Shift+Tab")
    page.keyboard.press("ArrowDown")
    assert focus_key(page) == "card:R3" and page.locator('[data-focus="card:R3"]').is_checked()
    press_until(page, "[data-ask]")
    status = ask(page)
    position, action = situation(page)
    assert action == {"type": "play", "card": "R3"}
    assert status.get_attribute("data-legal") == "false"
    assert check(position, action, None, lang)["reason"] in status.inner_text()

    # 6. names: the collapsed section opens with Enter; typed names go into the position and the answers
    names = page.locator('[data-focus="names-toggle"]')
    assert names.get_attribute("aria-expanded") == "false"
    press_until(page, '[data-focus="names-toggle"]', "Shift+Tab")
    page.keyboard.press("Enter")
    assert names.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Tab")
    assert focus_key(page) == "name:0"
    assert_focus_ring(page)
    page.keyboard.type("Ania")
    page.keyboard.press("Tab")
    page.keyboard.type("Bartek")
    assert focus_key(page) == "name:1"  # typing does not take the focus away (the field is not rebuilt)
    assert "Ania" in page.locator('[data-focus="turn:0"]').locator("xpath=..").inner_text()
    press_until(page, '[data-focus^="card:"]')
    page.keyboard.press("ArrowUp")  # back to the Wild (blue is still named)
    assert focus_key(page) == "card:W"
    press_until(page, "[data-ask]")
    status = ask(page)
    position, action = situation(page)
    assert [p.get("name") for p in position["players"]] == ["Ania", "Bartek", None]
    want = check(position, action, None, lang)
    text = status.inner_text()
    assert want["legal"] is True and want["reason"] in text
    assert "Bartek" in text  # who plays next, by name
    assert any("Ania" in e for e in want["effects"]) and all(e in text for e in want["effects"])

    # 7. the house rules open and a toggle switches from the keyboard; the page stays clean
    press_until(page, '[data-focus="rules-toggle"]', "Shift+Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert focus_key(page) == "check:stacking"
    assert_focus_ring(page)
    page.keyboard.press(" ")
    assert page.locator('[data-focus="check:stacking"]').is_checked()
    assert "rules=" in page.evaluate("location.hash")
    tab.assert_clean()


def test_checker_dark_mode_axe(dark_tab):
    tab, page = dark_tab, dark_tab.page
    tab.goto("checker/")
    page.locator(f"{VERDICT}[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    # open what is collapsed, so axe sees it too
    for key in ("top-toggle", "rules-toggle", "names-toggle"):
        page.locator(f'[data-focus="{key}"]').click()
    assert page.locator('[id$="-top-picker"] .checker-card-button').count() > 0
    violations = axe_violations(page)
    assert violations == [], json.dumps(violations, indent=1)
    # text in the widget follows the scheme (light text on the dark page)
    colors = page.evaluate("""() => [".checker-section legend", ".checker-hint", ".checker-verdict p"].map(
        (s) => getComputedStyle(document.querySelector(s)).color)""")
    for color in colors:
        r, g, b = (int(v) for v in color[color.index("(") + 1:].split(",")[:3])
        assert min(r, g, b) > 128, colors
    tab.assert_clean()


def test_stepper_dark_mode_axe(dark_tab):
    """The steppers of the rules page in the dark scheme (axe on the widgets only, after What if? is opened)."""
    tab, page = dark_tab, dark_tab.page
    tab.goto("rules/")
    stepper = page.locator("[data-scenario]").first
    stepper.locator(".stepper__box").wait_for()
    stepper.get_by_role("button", name="What if?").click()
    page.locator("[data-scenario] .stepper__whatif").first.wait_for()
    page.add_script_tag(path=str(AXE_SCRIPT))
    result = page.evaluate("""async () => (await axe.run({include: [["[data-scenario]"]]},
        {resultTypes: ["violations"]})).violations.filter((v) => ["serious", "critical"].includes(v.impact))
        .map((v) => ({id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target)}))""")
    assert result == [], json.dumps(result, indent=1)
    tab.assert_clean()
