"""The built site in a real Chromium: every page of every language, the language switcher, theme labels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import LANGS, PAGES, SITE, Tab, axe_violations, lang_prefix

pytestmark = pytest.mark.browser

SEARCH_PLACEHOLDER_EN = "Search"


def test_every_page_exists_in_every_language():
    missing = [f"{lang_prefix(lang)}{page}index.html" for lang in LANGS for page in PAGES
               if not (SITE / lang_prefix(lang) / page / "index.html").exists()]
    assert not missing


def test_pyodide_runtime_is_in_the_site_exactly_once():
    found = sorted(p.relative_to(SITE).as_posix() for p in SITE.rglob("pyodide.asm.wasm"))
    assert found == ["pyodide/pyodide.asm.wasm"]
    assert list((SITE / "pyodide").glob("rules_core-*-py3-none-any.whl"))


def test_no_asset_from_another_host():
    """No script, stylesheet, font, image or media of any built page points at another host."""
    loads = re.compile(
        r'<(?:script|img|source|video|audio|iframe|embed)\b[^>]*?\ssrc="(?:https?:)?//'
        r'|<link\b(?=[^>]*\srel="[^"]*(?:stylesheet|icon|preload|modulepreload|prefetch|manifest))[^>]*\shref="(?:https?:)?//'
        r'|@import\s+url\(\s*["\']?(?:https?:)?//', re.I)
    offenders = [p.relative_to(SITE).as_posix() for p in SITE.rglob("*.html") if loads.search(p.read_text("utf-8"))]
    assert not offenders
    css_urls = re.compile(r"url\(\s*['\"]?(?:https?:)?//", re.I)
    offenders = [p.relative_to(SITE).as_posix() for p in SITE.rglob("*.css") if css_urls.search(p.read_text("utf-8"))]
    assert not offenders


@pytest.mark.parametrize("lang", LANGS)
def test_pages_load_clean_with_language_and_switcher(tab, lang):
    for page in PAGES:
        path = lang_prefix(lang) + page
        response = tab.goto(path)
        assert response.status == 200, path
        assert tab.page.evaluate("document.documentElement.lang") == lang, path
        # the language switcher offers every language and leads to the same page in it
        links = tab.page.eval_on_selector_all(
            ".md-select a.md-select__link[hreflang]",
            "els => els.map(a => [a.getAttribute('hreflang'), a.href])")
        assert sorted(code for code, _ in links) == sorted(LANGS), path
        for code, href in links:
            assert href == tab.site_url + lang_prefix(code) + page, (path, code, href)
        # the theme's own labels are in the page's language
        placeholder = tab.page.get_attribute("input.md-search__input", "placeholder")
        assert placeholder, path
        assert (placeholder == SEARCH_PLACEHOLDER_EN) == (lang == "en"), (path, placeholder)
    tab.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_switcher_click_leads_to_the_same_page(tab, lang):
    """A reader on the rules page of one language picks another language and lands on its rules page."""
    other = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]
    tab.goto(lang_prefix(lang) + "rules/")
    tab.page.locator(".md-header__option .md-select").first.hover()
    tab.page.locator(f'.md-select a.md-select__link[hreflang="{other}"]').first.click()
    tab.page.wait_for_load_state("load")
    assert tab.page.url == tab.site_url + lang_prefix(other) + "rules/"
    assert tab.page.evaluate("document.documentElement.lang") == other
    tab.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_rule_pages_are_accessible_on_a_phone(browser, site_url, lang):
    """axe-core finds no serious or critical problem on the text pages at 360 px (wide tables scroll by keyboard)."""
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    try:
        for page in ("", "rules/", "house-rules/", "editions/", "disputes/", "mistakes/", "glossary/", "sources/"):
            tab.goto(lang_prefix(lang) + page)
            tab.page.wait_for_function(
                "[...document.querySelectorAll('.md-typeset__scrollwrap')].every(w => w.tabIndex === 0)")
            assert axe_violations(tab.page) == [], lang_prefix(lang) + page
            assert tab.page.evaluate("document.documentElement.scrollWidth") <= 360, lang_prefix(lang) + page
        tab.assert_clean()
    finally:
        tab.close()
