"""The "Is this play legal?" checker in real Chromium, in every language, one tab per language (the engine boots
once per tab; later situations arrive through the fragment, as the disputes pages' links do).

Each verdict is compared with the engine run in CPython (same rules_core): legal or not, the rule, the reason text
in the page's language and the rule link in the same language."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from rules_core.facade import check
from rules_core.messages import card_name, color_name

from .conftest import LANGS, Tab, axe_violations, lang_prefix

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
STRINGS = json.loads((ROOT / "i18n" / "checker.json").read_text(encoding="utf-8"))
UI = json.loads((ROOT / "i18n" / "ui.json").read_text(encoding="utf-8"))
BOOT_TIMEOUT_MS = 60_000
ANSWER_TIMEOUT_MS = 20_000
VERDICT = '[data-checker] [role="status"]'


def b64(value) -> str:
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unb64(text: str):
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8"))


def fragment(position, action, rules=None) -> str:
    parts = [f"position={b64(position)}", f"action={b64(action)}"]
    if rules:
        parts.append(f"rules={b64(rules)}")
    return "#" + "&".join(parts)


def three(hand, discard, color, **extra):
    return {"players": [{"hand": hand}, {"hand": 5}, {"hand": 4}], "turn": 0, "direction": 1,
            "discard": discard, "color": color, "draw_pile": 30, **extra}


# (name, position, action, rules, expected legal, expected rule)
LINK_CASES = [
    ("plus2-on-plus2", three(["B+2", "R7", "G3"], ["R5", "Y+2"], "Y"), {"type": "play", "card": "B+2"}, None,
     True, "draw-two"),
    ("wrong-colour", three(["R5", "B3"], ["G7"], "G"), {"type": "play", "card": "R5"}, None, False, "match"),
    ("plus4-bluff", three(["R7", "B3", "W+4"], ["G7", "R7"], "R"), {"type": "play", "card": "W+4", "color": "G"},
     None, False, "wild-draw-four"),
    ("stacking-on", {**three(["B+2", "R7"], ["R5", "Y+2"], "Y"), "pending": {"cards": 2, "from": 2, "card": "Y+2"}},
     {"type": "play", "card": "B+2"}, {"stacking": True}, True, "stacking"),
]


def expected(position, action, rules, lang):
    return check(position, action, rules, lang)


def answer(page, trigger, timeout=ANSWER_TIMEOUT_MS):
    """Clear the verdict's data-legal, run trigger(), wait for the new verdict; return the status element."""
    page.evaluate(f"document.querySelector('{VERDICT}').removeAttribute('data-legal')")
    trigger()
    status = page.locator(f"{VERDICT}[data-legal]")
    status.wait_for(timeout=timeout)
    return status


def assert_verdict(page, status, want, lang):
    assert status.get_attribute("data-legal") == ("true" if want["legal"] else "false")
    text = status.inner_text()
    assert want["reason"] in text, (text, want["reason"])
    link = status.locator("a").first
    href = link.get_attribute("href")
    assert href.endswith("/" + want["rule_url"]), (href, want["rule_url"])  # the engine's URL: page language
    assert link.inner_text() == want["rule_name"]


def set_hash(page, value):
    page.evaluate("h => { location.hash = h; }", value)


@pytest.fixture
def phone_tab(browser, site_url):
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    yield tab
    tab.close()


@pytest.mark.parametrize("lang", LANGS)
def test_checker(phone_tab, lang):
    tab, page = phone_tab, phone_tab.page
    S = STRINGS[lang]

    # 1. a shared link restores the situation and answers at once (the first one waits for the engine)
    name, position, action, rules, legal, rule = LINK_CASES[0]
    tab.goto(lang_prefix(lang) + "checker/" + fragment(position, action, rules))
    status = page.locator(f"{VERDICT}[data-legal]")
    status.wait_for(timeout=BOOT_TIMEOUT_MS)
    want = expected(position, action, rules, lang)
    assert (want["legal"], want["rule"]) == (legal, rule), name
    assert_verdict(page, status, want, lang)
    assert page.locator(f"{VERDICT} a").first.get_attribute("href") == tab.site_url + want["rule_url"]
    assert page.locator(".checker-engine").inner_text() == UI[lang]["engine_ready"]

    # the card names of cards.js are the engine's, in every language (colour adjectives agree in pl and cs)
    codes = [c + r for c in "RYGB" for r in [*"0123456789", "S", "R", "+2"]] + ["W", "W+4", "WX", "WS", "WC"]
    labels = page.evaluate("""async (codes) => {
        const cards = await import(new URL("cards.js", document.querySelector("script[src*='widgets.js']").src).href);
        const strings = JSON.parse(document.getElementById("ui-strings").textContent);
        return codes.map((code) => cards.cardLabel(code, strings));
    }""", codes)
    assert labels == [card_name(code, lang) for code in codes]

    # 2. more links through hashchange (the disputes pages link to checker/#position=..): legal and illegal
    for name, position, action, rules, legal, rule in LINK_CASES[1:]:
        status = answer(page, lambda: set_hash(page, fragment(position, action, rules)))
        want = expected(position, action, rules, lang)
        assert (want["legal"], want["rule"]) == (legal, rule), name
        assert_verdict(page, status, want, lang)
        if rules:  # the house rules of the link are shown switched on
            assert page.locator(".checker-rules__state").inner_text() != S["checker_rules_official"]

    # 3. tapping through a situation: top card green 7; hand = Wild + red 3; play the Wild naming blue
    answer(page, lambda: set_hash(page, ""))  # back to the example
    page.locator('[aria-controls$="-top-picker"]').click()
    top_picker = page.locator('[id$="-top-picker"]')
    top_picker.get_by_role("button", name=color_name("G", lang), exact=True).click()
    top_picker.get_by_role("button", name=card_name("G7", lang), exact=True).click()
    assert page.locator(".checker-top .card").get_attribute("data-card") == "G7"
    hand = page.locator(".checker-hand button")
    while hand.count():
        hand.first.click()
    hand_picker = page.locator(".checker-section", has=page.locator(".checker-hand")).locator(".checker-picker")
    hand_picker.get_by_role("button", name=S["checker_wild_cards"], exact=True).click()
    hand_picker.get_by_role("button", name=card_name("W", lang), exact=True).click()
    hand_picker.get_by_role("button", name=color_name("R", lang), exact=True).click()
    hand_picker.get_by_role("button", name=card_name("R3", lang), exact=True).click()
    assert [hand.nth(i).locator(".card").get_attribute("data-card") for i in range(hand.count())] == ["W", "R3"]
    page.get_by_role("radio", name=S["checker_move_play"], exact=True).check()
    page.get_by_role("radio", name=card_name("W", lang), exact=True).check()
    page.get_by_role("radio", name=color_name("B", lang), exact=True).check()
    status = answer(page, lambda: page.locator("[data-ask]").click())
    # the URL holds the tapped situation; the verdict is the engine's answer to it
    params = dict(part.split("=", 1) for part in page.evaluate("location.hash")[1:].split("&"))
    position, action = unb64(params["position"]), unb64(params["action"])
    assert action == {"type": "play", "card": "W", "color": "B"}
    assert position["players"][0]["hand"] == ["W", "R3"] and position["discard"][-1] == "G7"
    want = expected(position, action, None, lang)
    assert want["legal"] is True
    assert_verdict(page, status, want, lang)

    # ...then the red 3 on the green 7: not allowed; and the click-to-verdict time once the engine is loaded
    page.get_by_role("radio", name=card_name("R3", lang), exact=True).check()
    page.evaluate("document.querySelector('%s').removeAttribute('data-legal')" % VERDICT)
    elapsed = page.evaluate("""() => new Promise((resolve) => {
        const status = document.querySelector('%s');
        const start = performance.now();
        new MutationObserver((changes, observer) => {
            if (status.hasAttribute('data-legal')) { observer.disconnect(); resolve(performance.now() - start); }
        }).observe(status, {attributes: true});
        document.querySelector('[data-checker] [data-ask]').click();
    })""" % VERDICT)
    print(f"\n[{lang}] click-to-verdict after the engine is loaded: {elapsed:.1f} ms")
    status = page.locator(f"{VERDICT}[data-legal]")
    position = {**position, "players": position["players"]}
    want = expected(position, {"type": "play", "card": "R3"}, None, lang)
    assert want["legal"] is False and want["rule"] == "match"
    assert_verdict(page, status, want, lang)

    # 4. phone width: nothing overflows, with the verdict, the house rules and the top-card picker open
    page.locator('[aria-controls$="-rules"]').click()
    page.locator('[aria-controls$="-top-picker"]').click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator('[aria-controls$="-top-picker"]').click()

    # 5. accessibility, after the widget has rendered and answered
    violations = axe_violations(page)
    assert violations == [], json.dumps(violations, indent=1)

    # 6. the copy-link button: the clipboard, or the link shown to copy by hand if the Clipboard API is denied
    page.get_by_role("button", name=S["checker_copy"]).click()
    feedback = page.locator(".checker-copied")
    feedback.wait_for()
    page.wait_for_function("document.querySelector('.checker-copied').textContent.length > 0")
    if feedback.locator("input").count():
        assert feedback.locator("input").input_value() == page.url
    else:
        assert feedback.inner_text() == S["checker_copied"]

    # 7. bad links: a clear message in the page's language, and the page stays usable
    message = page.locator('[data-checker] [role="alert"]')
    bad_links = [
        ("#position=%%%%not-base64&action=" + b64({"type": "draw"}), S["checker_link_broken"]),
        ("#position=" + b64([1, 2, 3]) + "&action=" + b64({"type": "draw"}), S["checker_link_not_position"]),
        ("#position=" + b64("hello") + "&action=" + b64({"type": "draw"}), S["checker_link_not_position"]),
    ]
    for link, text in bad_links:
        set_hash(page, link)
        message.wait_for()
        assert message.inner_text() == text
        status = answer(page, lambda: page.locator("[data-ask]").click())  # still answers
        assert status.get_attribute("data-legal") in ("true", "false")
    impossible = three(["R7"] * 5, ["R5"], "R")
    error = check(impossible, {"type": "draw"}, None, lang)["error"]["message"]
    set_hash(page, fragment(impossible, {"type": "draw"}))
    page.locator(f"{VERDICT}[data-error]").wait_for(timeout=ANSWER_TIMEOUT_MS)
    message.wait_for()
    assert error in message.inner_text()
    assert message.inner_text() == S["checker_link_impossible"].format(message=error)
    assert error in page.locator(VERDICT).inner_text()
    # take the surplus cards out of the hand by tapping and ask again
    hand = page.locator(".checker-hand button")
    while hand.count() > 2:
        hand.first.click()
    assert page.locator('[data-checker] [role="alert"]').is_hidden()
    status = answer(page, lambda: page.locator("[data-ask]").click())
    assert status.get_attribute("data-legal") in ("true", "false")

    tab.assert_clean()
