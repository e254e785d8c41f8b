"""The site's languages (language.js): the header's switcher keeps where the reader is (a rule's anchor, the section
being read, the checker's situation), and the home page offers the browser's language once, in that language,
without ever redirecting; a choice is remembered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .checker_flows import FINAL, PHONE, ROOT, tap
from .conftest import LANGS, PAGES, Tab, lang_prefix, wait_for_near_steppers
from .test_checker_links import fragment

pytestmark = pytest.mark.browser

ROOT_DIR = Path(__file__).resolve().parents[2]
STRINGS = json.loads((ROOT_DIR / "i18n" / "checker.json").read_text(encoding="utf-8"))
SITUATIONS = json.loads((ROOT_DIR / "scenarios" / "situations.json").read_text(encoding="utf-8"))
BOOT_TIMEOUT_MS = 90_000


def switch_to(page, lang: str):
    page.locator(".md-header .md-select button").first.click()
    page.locator(f'.md-header .md-select a[hreflang="{lang}"]').click()
    page.wait_for_url(f"**/{lang_prefix(lang)}**")


def heading_on_screen(page, anchor: str) -> bool:
    return page.evaluate("""(id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return r.top >= -1 && r.top < innerHeight / 2;  // -1: scrollIntoView may land a subpixel short
    }""", anchor)


@pytest.fixture
def phone(browser, site_url):
    tab = Tab(browser, site_url, viewport=PHONE, has_touch=True)
    yield tab
    tab.close()


def test_the_switcher_keeps_the_rule_anchor(phone):
    tab, page = phone, phone.page
    tab.goto("rules/#wild-draw-four")
    switch_to(page, "sk")
    assert page.url == tab.site_url + "sk/rules/#wild-draw-four"
    assert heading_on_screen(page, "wild-draw-four")
    switch_to(page, "hu")
    assert page.url == tab.site_url + "hu/rules/#wild-draw-four"
    # no anchor in the address, but the reader has scrolled to a section: that section is kept
    tab.goto("pl/house-rules/")
    page.evaluate("document.getElementById('jump-in').scrollIntoView()")
    # the steppers near the section mount now, around it: the section stays where the reader left it
    wait_for_near_steppers(page)
    page.wait_for_timeout(200)
    assert heading_on_screen(page, "jump-in")
    switch_to(page, "et")
    assert page.url == tab.site_url + "et/house-rules/#jump-in"
    assert heading_on_screen(page, "jump-in")
    assert page.evaluate("localStorage.getItem('uno-language')") == "et"
    tab.assert_clean()


def test_the_switcher_keeps_the_anchor_on_every_page(phone):
    """On every page of every language with a section, the switcher's link to the next language carries the
    section's anchor, and that page has the anchor (the checker's fragment is a situation: tested below)."""
    tab, page = phone, phone.page
    checked = 0
    for i, lang in enumerate(LANGS):
        other = LANGS[(i + 1) % len(LANGS)]
        for path in PAGES:
            if path == "checker/":
                continue
            tab.goto(lang_prefix(lang) + path)
            anchor = page.evaluate("[...document.querySelectorAll('.md-content h2[id]')].map((h) => h.id).pop() ?? null")
            if anchor is None:
                continue
            page.evaluate("(a) => { location.hash = a; }", anchor)
            link = page.locator(f'.md-header .md-select a[hreflang="{other}"]').first
            link.dispatch_event("mouseover")
            href = link.get_attribute("href")
            assert href.endswith(f"#{anchor}"), (lang, path, href)
            target = page.evaluate("(h) => new URL(h, location.href).href", href)
            assert target == tab.site_url + lang_prefix(other) + path + f"#{anchor}", (lang, path, target)
            checked += 1
    assert checked >= 6 * (len(PAGES) - 2)
    # and the anchor is there in each other language (a few journeys through the switcher itself)
    for lang, path in (("en", "house-rules/"), ("cs", "disputes/"), ("et", "editions/")):
        tab.goto(lang_prefix(lang) + path)
        anchor = page.evaluate("[...document.querySelectorAll('.md-content h2[id]')].map((h) => h.id).pop()")
        page.evaluate("(a) => { location.hash = a; }", anchor)
        other = "hu" if lang != "hu" else "pl"
        switch_to(page, other)
        assert page.url == tab.site_url + lang_prefix(other) + path + f"#{anchor}"
        assert page.locator(f"[id='{anchor}']").count() == 1
    tab.assert_clean()


def test_the_switcher_keeps_the_checkers_situation(phone):
    tab, page = phone, phone.page
    s = SITUATIONS["plus2-after-plus2"]
    tab.goto("hu/checker/" + fragment(s["position"], s["action"]))
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    tap(page, "open", "rules")
    tap(page, "check", "stacking")  # the reader changes the situation: the switcher carries the new one
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    now = page.evaluate("location.hash")
    assert "rules=" in now
    switch_to(page, "et")
    assert page.evaluate("location.hash") == now
    page.locator(FINAL).wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.locator(f'{ROOT} [data-focus="check:stacking"]').count() == 0  # the rules are collapsed again
    assert page.evaluate(f"document.querySelector('{ROOT}').checker.situation().rules") == {"stacking": True}
    tab.assert_clean()


@pytest.mark.parametrize("locale,lang", [("hu-HU", "hu"), ("pl", "pl")])
def test_the_home_page_offers_the_browsers_language_once(browser, site_url, locale, lang):
    tab = Tab(browser, site_url, viewport=PHONE, locale=locale)
    try:
        page = tab.page
        S = STRINGS[lang]
        tab.goto("")
        offer = page.locator(".language-offer")
        offer.wait_for()
        assert offer.get_attribute("lang") == lang
        assert S["checker_language_offer"] in offer.inner_text()
        assert page.url == site_url  # an offer, never a redirect
        if lang == "hu":
            offer.get_by_role("button", name=S["checker_language_stay"]).click()
            assert offer.count() == 0
            tab.goto("")
            page.wait_for_timeout(300)
            assert page.locator(".language-offer").count() == 0  # declined: not offered again
        else:
            offer.get_by_role("link", name=S["checker_language_go"]).click()
            page.wait_for_url(f"**/{lang}/")
            tab.goto("")
            page.wait_for_timeout(300)
            assert page.locator(".language-offer").count() == 0  # chosen: remembered
            assert page.evaluate("localStorage.getItem('uno-language')") == lang
        tab.assert_clean()
    finally:
        tab.close()


def test_no_offer_to_an_english_browser_or_on_other_pages(browser, site_url):
    tab = Tab(browser, site_url, viewport=PHONE, locale="en-GB")
    try:
        tab.goto("")
        tab.page.wait_for_timeout(300)
        assert tab.page.locator(".language-offer").count() == 0
        tab.close()
        tab = Tab(browser, site_url, viewport=PHONE, locale="cs-CZ")
        tab.goto("rules/")
        tab.page.wait_for_timeout(300)
        assert tab.page.locator(".language-offer").count() == 0  # only the home page offers
        tab.goto("")
        tab.page.locator(".language-offer[lang='cs']").wait_for()
        tab.assert_clean()
    finally:
        tab.close()
