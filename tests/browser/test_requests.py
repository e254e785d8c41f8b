"""No request of the built site fails, served as a real host serves it; the page for a missing address.

Served by ``scripts/static_host.py`` (what ``make preview`` runs: gzip, cache headers, ``404.html`` for any
missing address, with status 404), not by the other tests' plain file server, so a missing address behaves as on
GitHub Pages. Every response of status >= 400 and every request that fails is recorded.
"""

from __future__ import annotations

import json
import re
import pytest

from scripts.static_host import serve

from .conftest import LANGS, ROOT, SITE, Tab, lang_prefix

pytestmark = pytest.mark.browser

OFFLINE_STRINGS = json.loads((ROOT / "i18n" / "offline.json").read_text(encoding="utf-8"))
# one page of each kind: the home page (language offers), the checker (the referee starts at once), the rules
# (steppers), the disputes (checker links), the examples, the score keeper, the quick reference (print, QR code),
# a text page with a table (the glossary)
PAGE_KINDS = ("", "checker/", "rules/", "disputes/", "examples/", "score/", "quick-reference/", "glossary/")
MISSING = ("no-such-page/", "a/b/c/d/no-such-page/", "sk/no/such/page/", "rules/no-such-page/")


@pytest.fixture(scope="module")
def host_url():
    server, _ = serve(SITE, 0, True)
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


class RecordingTab(Tab):
    """A Tab that also records every response of status >= 400 and every failed request."""

    def __init__(self, browser, site_url: str):
        super().__init__(browser, site_url)
        self.bad: list[str] = []
        self.page.on("response", lambda r: r.status >= 400 and self.bad.append(f"{r.status} {r.url}"))
        # a request the browser itself cancels (net::ERR_ABORTED: a favicon or a prefetch dropped as the next page
        # starts) is not a broken file; every other failure is
        self.page.on("requestfailed", lambda r: "ERR_ABORTED" not in (r.failure or "") and self.bad.append(
            f"failed {r.url} {r.failure}"))

    def take(self) -> list[str]:
        bad, self.bad = self.bad, []
        return bad


def wait_quiet(tab: Tab, path: str) -> None:
    """Let the page finish what it starts by itself: widgets mounted, the checker's referee ready."""
    tab.page.wait_for_load_state("networkidle")
    if path.endswith("checker/"):
        tab.page.wait_for_function("() => performance.getEntriesByName('referee-ready').length > 0",
                                   timeout=180_000)
        tab.page.wait_for_load_state("networkidle")


def test_no_request_fails_on_any_kind_of_page_in_any_language(browser, host_url):
    tab = RecordingTab(browser, host_url)
    try:
        failures = {}
        for lang in LANGS:
            for kind in PAGE_KINDS:
                path = lang_prefix(lang) + kind
                response = tab.goto(path)
                assert response.status == 200, path
                wait_quiet(tab, path)
                bad = tab.take()
                if bad:
                    failures[path] = bad
        assert not failures, failures
        tab.assert_clean()
    finally:
        tab.close()


def test_the_root_404_page_is_english_and_whole_at_any_depth(browser, host_url):
    words = OFFLINE_STRINGS["en"]
    tab = RecordingTab(browser, host_url)
    try:
        for path in MISSING:
            response = tab.goto(path)
            assert response.status == 404, path
            tab.page.wait_for_load_state("networkidle")
            # only the missing address itself is a 404: no stylesheet, script, icon or sitemap.xml is
            bad = tab.take()
            assert bad == [f"404 {host_url}{path}"], (path, bad)
            assert tab.page.evaluate("document.documentElement.lang") == "en", path
            assert tab.page.locator("article h1").inner_text() == words["not_found_title"], path
            assert words["not_found_text"] in tab.page.locator("article").inner_text(), path
            # the theme's stylesheet applied (an asset path broken by the depth would leave the page unstyled)
            assert tab.page.evaluate(
                "getComputedStyle(document.querySelector('.md-header')).position") == "sticky", path
            # the footer's "Keep the referee" control got its words, not its keys
            keep = tab.page.locator("[data-keep-referee]")
            keep.wait_for()
            assert "keep_button" not in keep.inner_text() and keep.inner_text().strip(), path
            # no language alternates for a page that does not exist (Material would fetch sitemap.xml beside each)
            assert tab.page.locator('link[rel~="alternate"][hreflang]').count() == 0, path
            home = tab.page.locator("article a.md-button").get_attribute("href")
            assert home == "/", (path, home)
            languages = tab.page.eval_on_selector_all(
                "article .not-found__languages a", "els => els.map(a => [a.hreflang, a.href, a.textContent])")
            assert [code for code, _, _ in languages] == list(LANGS[1:]), path
            for code, href, _ in languages:
                assert href == host_url + lang_prefix(code), (path, code, href)
            switcher = tab.page.eval_on_selector_all(
                ".md-select a.md-select__link[hreflang]", "els => els.map(a => [a.hreflang, a.href])")
            assert sorted(code for code, _ in switcher) == sorted(LANGS), path
            for code, href in switcher:
                assert href == host_url + lang_prefix(code), (path, code, href)
        # every link of the page leads somewhere that exists
        links = tab.page.eval_on_selector_all(
            "a[href]", "els => [...new Set(els.map(a => a.href.split('#')[0]))]")
        for href in links:
            if href.startswith(host_url):
                assert tab.page.request.get(href).status == 200, href
        # Chromium logs each missing address it was sent to as a failed load: those, and nothing else
        not_found = [e for e in tab.errors if "status of 404" in e]
        assert len(not_found) == len(MISSING), tab.errors
        tab.errors = [e for e in tab.errors if e not in not_found]
        tab.assert_clean()
    finally:
        tab.close()


@pytest.mark.parametrize("lang", LANGS[1:])
def test_each_language_has_its_own_404_page_for_the_service_worker(lang):
    html = (SITE / lang / "404.html").read_text(encoding="utf-8")
    assert re.search(rf'<html lang="{lang}"', html)
    assert f"<h1>{OFFLINE_STRINGS[lang]['not_found_title']}</h1>" in html
    assert not re.search(r'<link rel="alternate" [^>]*hreflang', html)
    root = (SITE / "404.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in root
