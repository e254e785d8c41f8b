"""The checker's links and presets in real Chromium: a situation's link round-trips unchanged (every disputes
situation and every stepper position), the verdicts the build ships for the disputes answer at once and are the live
referee's own, the disputes' questions are one-tap starting points, bad links say what is wrong, the verdict can also
be read in a second language (remembered, carried in the link), and a verdict prints as a note in words."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from hooks.scenarios import build_all
from rules_core.facade import check
from rules_core.frontend import situation_key, verdict_digest

from .checker_flows import FINAL, FLOWS, PHONE, ROOT, VERDICT, tap
from .conftest import LANGS, Tab, lang_prefix

pytestmark = pytest.mark.browser

ROOT_DIR = Path(__file__).resolve().parents[2]
STRINGS = json.loads((ROOT_DIR / "i18n" / "checker.json").read_text(encoding="utf-8"))
SITUATIONS = json.loads((ROOT_DIR / "scenarios" / "situations.json").read_text(encoding="utf-8"))
BOOT_TIMEOUT_MS = 90_000


def b64(value) -> str:
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unb64(text: str):
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8"))


def fragment(position, action=None, rules=None, also=None) -> str:
    parts = [f"position={b64(position)}"]
    if action:
        parts.append(f"action={b64(action)}")
    if rules:
        parts.append(f"rules={b64(rules)}")
    if also:
        parts.append(f"also={also}")
    return "#" + "&".join(parts)


def link(sid: str, **extra) -> str:
    s = SITUATIONS[sid]
    return fragment(s["position"], s["action"], s.get("rules"), **extra)


def set_hash(page, value):
    page.evaluate("h => { location.hash = h; }", value)


def situation(page) -> dict:
    return page.evaluate(f"document.querySelector('{ROOT}').checker.situation()")


@pytest.fixture
def phone(browser, site_url):
    tab = Tab(browser, site_url, viewport=PHONE, has_touch=True)
    yield tab
    tab.close()


def test_links_round_trip_unchanged(phone):
    """Every disputes situation and every stepper position (with the move made from it) opens in the checker as the
    very JSON of the link, and the checker's own link for it is the same link."""
    tab, page = phone, phone.page
    cases = [(sid, {"position": s["position"], "action": s["action"], "rules": s.get("rules") or {}})
             for sid, s in SITUATIONS.items()]
    for sid, sc in build_all()["en"].items():
        positions = [sc["start"]["position"]] + [step["position"] for step in sc["steps"]]
        actions = [step["action"] for step in sc["steps"]] + [None]
        cases += [(f"{sid}:{i}", {"position": p, "action": a, "rules": sc["rules"] or {}})
                  for i, (p, a) in enumerate(zip(positions, actions))]
    tab.goto("checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    for name, s in cases:
        hash_ = fragment(s["position"], s["action"], s["rules"])
        set_hash(page, hash_)
        page.wait_for_function("(h) => location.hash === h", arg=hash_)
        got = situation(page)
        assert got == s, name
        assert page.evaluate("location.hash") == hash_, name  # nothing rewrote the link
    assert len(cases) > 80
    tab.assert_clean()


def test_shipped_verdicts_are_the_live_referees(phone):
    """The verdicts shipped with the page (assets/checker/verdicts.<lang>.json) equal what the page's own referee
    answers for the same situations, digested by the page's own code, in every language."""
    tab, page = phone, phone.page
    tab.goto("checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    differences = page.evaluate("""async ({ situations, langs }) => {
        const base = new URL("./", document.querySelector("script[src*='widgets.js']").src);
        const engine = await import(new URL("engine.js", base).href);
        const { digest } = await import(new URL("verdict-model.js", base).href);
        const { canonical, canonicalKey } = await import(new URL("checker-link.js", base).href);
        await engine.ready();
        const out = [];
        for (const lang of langs) {
            const table = await (await fetch(new URL(`../checker/verdicts.${lang}.json`, base))).json();
            if (Object.keys(table).length !== situations.length) out.push([lang, "size", Object.keys(table).length]);
            for (const s of situations) {
                const reply = await engine.call("check", { ...s, lang });
                const live = canonical(digest(reply.result));
                const shipped = canonical(table[canonicalKey(s)] ?? null);
                if (live !== shipped) out.push([lang, JSON.stringify(s).slice(0, 80), live, shipped]);
            }
        }
        return out;
    }""", {"situations": [{"position": s["position"], "action": s["action"], "rules": s.get("rules") or {}}
                          for s in SITUATIONS.values()], "langs": list(LANGS)})
    assert differences == []
    # and the build's table is rules_core's answer in CPython
    table = json.loads((ROOT_DIR / "site" / "assets" / "checker" / "verdicts.hu.json").read_text(encoding="utf-8"))
    for s in SITUATIONS.values():
        key = situation_key(s["position"], s["action"], s.get("rules"))
        assert table[key] == verdict_digest(check(s["position"], s["action"], s.get("rules"), "hu"))
    tab.assert_clean()


NO_REFEREE = """(() => {
    window.Worker = class { constructor() {} postMessage() {} addEventListener() {} removeEventListener() {}
                            terminate() {} };
})()"""


@pytest.mark.parametrize("lang", ["sk", "et"])
def test_a_disputes_link_and_a_preset_answer_before_the_referee_loads(phone, lang):
    tab, page = phone, phone.page
    page.add_init_script(NO_REFEREE)  # a line so slow the referee never arrives
    tab.goto(lang_prefix(lang) + "disputes/")
    page.locator('a.check-link[data-check="stack-draw-two"]').click()
    page.wait_for_url("**/checker/#position=*")
    verdict = page.locator(FINAL)
    verdict.wait_for(timeout=10_000)
    assert verdict.get_attribute("data-source") == "build" and verdict.get_attribute("data-legal") == "false"
    s = SITUATIONS["stack-draw-two"]
    assert check(s["position"], s["action"], None, lang)["reason"] in verdict.inner_text()
    # the verdict is brought into view, below the header
    page.wait_for_function(f"""() => {{
        const box = document.querySelector('{VERDICT}').getBoundingClientRect();
        return box.top >= 40 && box.top < innerHeight / 2;
    }}""", timeout=5_000)
    assert page.locator(f"{VERDICT} .verdict__ruleset").first.inner_text() == STRINGS[lang]["checker_verdict_official"]
    # a preset: the disputes' question, one tap, answered at once
    page.locator(f"{ROOT} [data-focus='presets-toggle']").tap()
    presets = page.locator(f"{ROOT} .checker-preset")
    assert presets.count() == len(SITUATIONS)
    question = page.locator(f"{ROOT} [data-preset='plus4-challenge']").inner_text()
    assert question.endswith("?")
    page.locator(f"{ROOT} [data-preset='plus4-challenge']").tap()
    verdict.wait_for(timeout=5_000)
    assert verdict.get_attribute("data-outcome") == "bluff-caught"
    assert verdict.get_attribute("data-source") == "build"
    note = page.locator(f"{ROOT} .checker-note")
    assert question in note.inner_text()
    assert note.locator("a").get_attribute("href").endswith(f"{lang_prefix(lang)}disputes/#plus4-challenge")
    # an edit: the live referee takes over (here it never comes: the verdict waits, marked as not current)
    page.locator(f"{ROOT} [data-focus='check:guilty']").tap()
    assert page.locator(VERDICT).get_attribute("data-stale") is not None
    assert page.locator(VERDICT).get_attribute("data-legal") is None
    assert STRINGS[lang]["checker_waiting"] in page.locator(VERDICT).inner_text()
    assert note.is_hidden()
    tab.assert_clean()


def test_bad_links_say_what_is_wrong(phone):
    tab, page = phone, phone.page
    S = STRINGS["pl"]
    tab.goto("pl/checker/")
    page.locator(f"{ROOT} .checker-pad[data-filled]").wait_for()
    message = page.locator(f'{ROOT} [role="alert"]')
    for bad, text in [
        ("#position=%%%%not-base64&action=" + b64({"type": "draw"}), S["checker_link_broken"]),
        ("#position=" + b64([1, 2, 3]) + "&action=" + b64({"type": "draw"}), S["checker_link_not_position"]),
        ("#position=" + b64("hello"), S["checker_link_not_position"]),
    ]:
        set_hash(page, bad)
        message.wait_for()
        assert message.inner_text() == text
        assert page.locator(f"{ROOT} .checker-pad--pile").count() == 1  # an empty table to start from
    # a position the engine refuses (five red 7s): its reason, in the page's language; the table stays editable
    impossible = {"players": [{"hand": ["R7"] * 5}, {"hand": 5}, {"hand": 4}], "turn": 0, "direction": 1,
                  "discard": ["R5"], "color": "R", "draw_pile": 30}
    error = check(impossible, {"type": "draw"}, None, "pl")["error"]["message"]
    set_hash(page, fragment(impossible, {"type": "draw"}))
    page.locator(f"{VERDICT}[data-error='engine']").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert message.inner_text() == S["checker_link_impossible"].format(message=error)
    for _ in range(3):
        page.locator(f"{ROOT} .checker-remove").first.tap()
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    assert message.is_hidden()
    tab.assert_clean()


def test_the_verdict_in_a_second_language(phone):
    """A Hungarian and an Estonian at one table: the verdict in both, chosen once, remembered, carried in a link."""
    tab, page = phone, phone.page
    tab.goto("hu/checker/" + link("plus4-restriction"))
    page.locator(FINAL).wait_for(timeout=10_000)
    page.locator(f"{ROOT} .checker-also__select").select_option("et")
    also = page.locator(f"{ROOT} .checker-also[data-legal]")
    also.wait_for(timeout=BOOT_TIMEOUT_MS)
    s = SITUATIONS["plus4-restriction"]
    want = check(s["position"], s["action"], None, "et")
    assert also.get_attribute("lang") == "et" and also.get_attribute("data-legal") == "false"
    text = also.inner_text()
    assert STRINGS["et"]["checker_also_title"] in text and STRINGS["et"]["checker_tone_illegal"] in text
    assert want["reason"] in text and want["rule_name"] in text
    assert also.locator("a").get_attribute("href").endswith("/" + want["rule_url"])  # the Estonian rule page
    assert page.evaluate("location.hash").endswith("&also=et")
    # remembered: the Hungarian checker opened fresh shows the Estonian verdict too
    tab.goto("hu/checker/")
    assert page.locator(f"{ROOT} .checker-also__select").input_value() == "et"
    for kind, value in FLOWS[1].taps:
        tap(page, kind, value)
    also.wait_for(timeout=BOOT_TIMEOUT_MS)
    # a shared link carries its own second language (for this visit), without changing the remembered one
    tab.goto("hu/checker/" + link("stack-draw-two", also="pl"))
    page.locator(f"{ROOT} .checker-also[data-legal][lang='pl']").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("localStorage.getItem('uno-checker-also')") == "et"
    tab.assert_clean()


def test_print_this_verdict(phone):
    tab, page = phone, phone.page
    tab.goto("checker/" + link("uno-penalty"))
    page.locator(FINAL).wait_for(timeout=10_000)
    assert page.locator(f"{ROOT} .checker-print-button").inner_text() == STRINGS["en"]["checker_print"]
    page.emulate_media(media="print")
    note = page.locator(f"{ROOT} .checker-print")
    assert note.is_visible()
    for hidden in (".checker-pad", ".checker-verdict", ".checker-bar", ".checker-buttons"):
        assert not page.locator(f"{ROOT} {hidden}").is_visible(), hidden
    assert not page.locator(".md-content h1").is_visible()
    s = SITUATIONS["uno-penalty"]
    want = check(s["position"], s["action"], None, "en")
    text = note.inner_text()
    assert want["reason"] in text and STRINGS["en"]["checker_tone_caught"] in text
    assert tab.site_url + want["rule_url"] in text  # the rule's address, printed
    assert page.evaluate("location.href") in text  # and the situation's, to open it again
    assert note.locator("img, .card").count() == 0
    page.emulate_media(media="screen")
    tab.assert_clean()


def test_wide_screen_puts_the_verdict_beside_the_controls(browser, site_url):
    tab = Tab(browser, site_url, viewport={"width": 1280, "height": 800})
    try:
        page = tab.page
        tab.goto("checker/" + link("plus2-after-plus2"))
        page.locator(FINAL).wait_for(timeout=10_000)
        controls = page.locator(f"{ROOT} .checker-controls").bounding_box()
        verdict = page.locator(VERDICT).bounding_box()
        assert verdict["x"] >= controls["x"] + controls["width"], (controls, verdict)
        assert page.locator(".md-sidebar--secondary").is_hidden()  # the empty table of contents gives its room
        assert page.locator(f"{ROOT} .checker-bar").is_hidden()
        # the link's verdict scrolls into view smoothly when it comes in: let that finish before the reader scrolls
        page.wait_for_function("""() => new Promise((done) => {
            const y = scrollY; setTimeout(() => done(scrollY === y), 250); })""", timeout=10_000)
        page.mouse.wheel(0, 900)
        page.wait_for_timeout(300)
        box = page.locator(VERDICT).bounding_box()
        assert 0 <= box["y"] < 200, "the verdict stays in view while the controls scroll"
        tab.assert_clean()
    finally:
        tab.close()


SETTLED = """() => new Promise((done) => { const y = scrollY; setTimeout(() => done(scrollY === y), 300); })"""


def test_the_readers_own_scroll_wins_over_the_links_smooth_reveal(browser, site_url):
    """On a phone a shared link's verdict scrolls into view smoothly; a wheel that comes while it moves stops it
    there, and the page goes where the reader scrolled, not on to the verdict."""
    tab = Tab(browser, site_url, viewport=PHONE)
    try:
        page = tab.page
        tab.goto("checker/" + link("plus2-after-plus2"))
        page.locator(FINAL).wait_for(timeout=10_000)
        page.wait_for_function(SETTLED, timeout=10_000)
        target = page.evaluate("scrollY")  # where the reveal ends when nobody scrolls
        assert target > 300, target
        page.goto("about:blank")
        page.goto(tab.site_url + "checker/" + link("plus2-after-plus2"), wait_until="commit")
        page.wait_for_function("() => scrollY > 40", timeout=10_000, polling="raf")  # the reveal is under way
        page.mouse.move(180, 400)
        page.mouse.wheel(0, -2000)
        page.wait_for_function(SETTLED, timeout=10_000)
        assert page.evaluate("scrollY") < target - 100, (page.evaluate("scrollY"), target)
        tab.assert_clean()
    finally:
        tab.close()
