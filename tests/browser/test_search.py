"""The header's search (Pagefind) in real Chromium: per-language results, accents optional (Polish ł too), the
index loaded only when a reader searches, keyboard-only use, axe at 360 px and 1920 px."""

from __future__ import annotations

import json
import re

import pytest

from rules_core.terms import TERMS

from .conftest import LANGS, SITE, Tab, axe_violations, lang_prefix

pytestmark = pytest.mark.browser

# (accented query, the same typed without accents, a page it must find); card names come from rules_core/terms.py
QUERIES = {
    "en": [(TERMS["reverse"]["en"], "reverse", "glossary/"), ("Wild Draw Four", "wild draw four", "rules/")],
    "sk": [("Ťahaj štyri", "tahaj styri", "glossary/"), (TERMS["reverse"]["sk"], "obrat smer", "glossary/")],
    "cs": [("Táhni čtyři", "tahni ctyri", "glossary/"), (TERMS["reverse"]["cs"], "zmena smeru", "glossary/")],
    "pl": [("Źródło", "zrodlo", "sources/"), (TERMS["skip"]["pl"], "postoj", "glossary/")],
    "hu": [("Irányváltó", "iranyvalto", "glossary/"), ("Húzz négyet", "huzz negyet", "glossary/")],
    "et": [("Jäta käik vahele", "jata kaik vahele", "glossary/"), ("Vali värv", "vali varv", "glossary/")],
}


def search(page, query):
    """Type a query into the open search box; return (status text, result links)."""
    box = page.locator("#search-query")
    box.fill(query)
    page.wait_for_function(
        "(q) => document.querySelector('#search-query').value === q && document.querySelector('#search-status')"
        ".dataset.done === q", arg=query.strip())
    return (page.inner_text("#search-status"),
            page.eval_on_selector_all("#search-results > li > a", "els => els.map(a => a.href)"))


def open_search(page):
    page.keyboard.press("/")
    page.locator("#search-query").wait_for(state="visible")
    assert page.evaluate("document.activeElement.id") == "search-query"


def test_the_index_has_one_language_per_site_language_and_no_lunr_index():
    entry = json.loads((SITE / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert sorted(entry["languages"]) == sorted(LANGS)
    for lang in LANGS:
        # every content page of the language, not the 404 page
        assert entry["languages"][lang]["page_count"] >= 10, lang
    assert not (SITE / "search" / "search_index.json").exists(), "Material's lunr index is still built"
    assert not list((SITE / "pagefind").glob("pagefind-*ui.*")), "Pagefind's own UIs are shipped"


@pytest.mark.parametrize("lang", LANGS)
def test_search_finds_pages_of_the_page_language_with_or_without_accents(tab, lang):
    page = tab.page
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    tab.goto(lang_prefix(lang) + "rules/")
    page.wait_for_load_state("networkidle")
    assert not [u for u in requests if "/pagefind/" in u], "the index loads before anyone searches"
    assert not [u for u in requests if "search_index.json" in u]
    open_search(page)
    base = tab.site_url + lang_prefix(lang)
    for accented, bare, expected in QUERIES[lang]:
        for query in (accented, bare):
            status, links = search(page, query)
            assert links, (lang, query, status)
            assert base + expected in [link.split("#")[0] for link in links], (lang, query, links)
            # only pages of this language (the English site's pages are the ones without a language prefix)
            others = [link for link in links if any(
                link.startswith(tab.site_url + f"{code}/") for code in LANGS if code not in ("en", lang))]
            assert not others, (lang, query, others)
    status, links = search(page, "qqzzxq")
    assert not links and "qqzzxq" in status
    assert [u for u in requests if f"/pagefind/pagefind.{lang}_" in u], "the page's language index was not used"
    tab.assert_clean()


def test_polish_l_without_its_stroke_and_excerpts_without_twins(tab):
    page = tab.page
    tab.goto("pl/")
    open_search(page)
    for query in ("źródło", "zrodlo", "zródlo"):
        status, links = search(page, query)
        assert tab.site_url + "pl/sources/" in [link.split("#")[0] for link in links], (query, links)
        text = page.inner_text("#search-results")
        # the index's twins ("Źródło Źródlo") never reach the reader
        assert "Źródlo" not in text and "Źrodlo" not in text and "źródlo" not in text, text
        assert page.locator("#search-results mark").count() > 0
    tab.assert_clean()


def test_search_by_keyboard_only(tab):
    page = tab.page
    tab.goto("sk/")
    opener = page.locator("[data-search-open]")
    # at 1280 px the box sits in the header: Tab reaches it; "/" also opens it
    open_search(page)
    assert opener.get_attribute("aria-expanded") == "true"
    search(page, "iranyvalto")  # Hungarian on the Slovak site: the glossary's six-language table has it
    page.keyboard.press("ArrowDown")
    first = page.evaluate("document.activeElement.href")
    assert first.startswith(tab.site_url + "sk/"), first
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.id") == "search-query"
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('__search').checked")
    assert opener.get_attribute("aria-expanded") == "false"
    # Enter on the query opens the first result
    open_search(page)
    search(page, "tahaj styri")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.classList.contains('search__link')")
    target = page.evaluate("document.activeElement.href")
    page.keyboard.press("Enter")
    page.wait_for_url(target)
    assert page.evaluate("document.documentElement.lang") == "sk"
    tab.assert_clean()


@pytest.mark.parametrize("width,height", [(360, 740), (1920, 1080)])
def test_open_search_with_results_is_accessible(browser, site_url, width, height):
    tab = Tab(browser, site_url, viewport={"width": width, "height": height})
    try:
        page = tab.page
        tab.goto("hu/rules/")
        if width < 960:
            page.locator("[data-search-open]").click()  # the phone's header button
            page.wait_for_function("document.activeElement.id === 'search-query'")
        else:
            open_search(page)
        search(page, "iranyvalto")
        assert page.locator("#search-results > li").count() >= 1
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert axe_violations(page) == []
        tab.assert_clean()
    finally:
        tab.close()


@pytest.mark.parametrize("lang", LANGS)
def test_every_everyday_card_name_finds_the_glossary_typed_without_accents(tab, lang):
    """The names players say at the table (rules_core.terms.EVERYDAY, shown in the glossary), each typed as on a
    phone: lower case, no accents, no punctuation. Every one finds the glossary of the page's language."""
    import unicodedata

    from rules_core.terms import EVERYDAY

    def bare(name: str) -> str:
        text = unicodedata.normalize("NFD", name.lower().replace("ł", "l"))
        return re.sub(r"[^\w ]", "", "".join(c for c in text if not unicodedata.combining(c))).strip()

    page = tab.page
    tab.goto(lang_prefix(lang) + "score/")
    open_search(page)
    glossary = tab.site_url + lang_prefix(lang) + "glossary/"
    names = [name for group in EVERYDAY[lang].values() for name in group]
    assert len(names) >= 10
    missed = []
    for name in names:
        query = bare(name)
        status, links = search(page, query)
        if glossary not in [link.split("#")[0] for link in links]:
            missed.append((query, status))
    assert missed == [], missed
    tab.assert_clean()
