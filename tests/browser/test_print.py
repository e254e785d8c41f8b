"""Printed pages, measured from the PDFs Chromium makes (page.pdf, read with pypdf): the quick reference is exactly
one sheet in every language in A4 and in US Letter, with its QR code; the rules page has no page more than half
empty except the last and no heading left at the foot of a page; print shows no site chrome and keeps the rule
boxes' labels, and the addresses of rule and source links are printed."""

from __future__ import annotations

import io
import json
import re

import pytest
import segno
from pypdf import PdfReader

from .conftest import LANGS, ROOT, lang_prefix, mount_steppers_for_print

pytestmark = pytest.mark.browser

FORMATS = ("A4", "Letter")
HEADING_PT = 11.5  # body text prints at 10 pt or less, headings at 12 pt and more (print.css)
PRINT = json.loads((ROOT / "i18n" / "print.json").read_text(encoding="utf-8"))


def text_runs(page):
    """(y from the top as a share of the page height, font size in pt, text) of every text run of a PDF page."""
    runs = []
    height = float(page.mediabox.height)

    def visit(text, cm, tm, font, size):
        if text.strip():
            y = cm[5] + tm[5] * cm[3]
            runs.append(((height - y) / height, abs(size * tm[3] * cm[3]) or size, text.strip()))

    page.extract_text(visitor_text=visit)
    return runs


def pdf(page, fmt):
    return PdfReader(io.BytesIO(page.pdf(format=fmt, print_background=True)))


@pytest.mark.parametrize("lang", LANGS)
def test_quick_reference_is_one_sheet_in_a4_and_letter(tab, lang):
    page = tab.page
    tab.goto(lang_prefix(lang) + "quick-reference/")
    # the QR code leads to the site in this language: the address the build was given (the canonical one)
    canonical = page.get_attribute('link[rel="canonical"]', "href")
    address = page.get_attribute(".quickref__qr figcaption a", "href")
    assert address == canonical.removesuffix("quick-reference/"), (address, canonical)
    assert PRINT[lang]["qr_caption"] in page.inner_text(".quickref__qr figcaption")
    made = segno.make(address, error="m").svg_inline(scale=1, border=2, dark="#000", light="#fff")
    expected = re.search(r'class="qrline"[^>]* d="([^"]+)"', made).group(1)
    assert page.get_attribute(".quickref__qr svg[role=img] path.qrline", "d") == expected
    for fmt in FORMATS:
        document = pdf(page, fmt)
        assert len(document.pages) == 1, (lang, fmt, len(document.pages))
        runs = text_runs(document.pages[0])
        text = " ".join(t for _, _, t in runs)
        # every section made it onto the sheet, the last one included
        for heading in page.eval_on_selector_all(".quickref__part h2", "hs => hs.map(h => h.firstChild.textContent.trim())"):
            assert heading.split()[0] in text, (lang, fmt, heading)
        assert max(y for y, _, _ in runs) < 0.98
    tab.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_prints_without_half_empty_pages_or_stranded_headings(tab, lang):
    page = tab.page
    tab.goto(lang_prefix(lang) + "rules/")
    page.wait_for_load_state("networkidle")
    # printing mounts the steppers once their code has arrived (once the page has settled): wait for that moment
    mount_steppers_for_print(page)
    for fmt in FORMATS:
        document = pdf(page, fmt)
        pages = [text_runs(p) for p in document.pages]
        assert len(pages) > 5
        for n, runs in enumerate(pages[:-1], 1):
            lowest = max(runs, key=lambda run: run[0])
            assert lowest[0] > 0.5, f"{lang} {fmt} page {n} of {len(pages)} is more than half empty"
            assert lowest[1] < HEADING_PT, f"{lang} {fmt} page {n} ends with a heading: {lowest[2]!r}"
        # the site's chrome is not printed: no navigation, no search box, no footer
        text = " ".join(t for runs in pages for _, _, t in runs)
        assert page.evaluate("document.querySelector('.md-search__input').placeholder") not in text
        assert "Material for MkDocs" not in text
        footer = page.evaluate("document.querySelector('.md-copyright').textContent.trim()")
        assert footer.split(".")[0] not in text
        # the steppers print (on screen they mount only as the reader comes near)
        narrations = page.eval_on_selector_all("[data-scenario] .stepper__narration",
                                               "ns => ns.map((n) => n.textContent.trim())")
        assert len(narrations) == 12
        flat = re.sub(r"\s+", "", text)
        for narration in (narrations[0], narrations[-1]):
            assert re.sub(r"\s+", "", narration)[-40:] in flat, (lang, fmt, narration)  # (after its label)
    tab.assert_clean()


def test_print_media_hides_chrome_keeps_box_labels_and_prints_rule_addresses(tab):
    page = tab.page
    tab.goto("sk/rules/")
    # as printing does: beforeprint mounts every stepper (once their code has loaded)
    mount_steppers_for_print(page)
    page.emulate_media(media="print")
    for selector in (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer", ".stepper__nav",
                     ".stepper__whatif"):
        assert page.locator(selector).first.evaluate("e => getComputedStyle(e).display") == "none", selector
    # the box labels print, in black, and each kind keeps its own border style
    title = page.locator(".admonition.official > .admonition-title").first
    assert title.is_visible()
    assert title.evaluate("e => getComputedStyle(e).color") == "rgb(0, 0, 0)"
    styles = {kind: page.locator(f".admonition.{kind}").first.evaluate("e => getComputedStyle(e).borderTopStyle")
              for kind in ("official", "house", "edition") if page.locator(f".admonition.{kind}").count()}
    assert styles.get("official") == "solid" and styles.get("house") in ("dashed", None)
    assert len(set(styles.values())) == len(styles), styles
    # links to rules and to sources carry their address for print; links within the page do not
    marked = page.eval_on_selector_all("article a[data-print-url]", "as => as.map(a => a.dataset.printUrl)")
    assert any("service.mattel.com/" in url for url in marked)
    assert any("/sk/house-rules/" in url for url in marked), marked[:10]
    assert not page.locator('article a[href^="#"][data-print-url]').count()
    after = page.locator("article a[data-print-url]").first.evaluate("e => getComputedStyle(e, '::after').content")
    assert "(" in after and ")" in after
    tab.assert_clean()


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_quick_reference_on_a_phone_is_accessible(browser, site_url, lang):
    from .conftest import Tab, axe_violations

    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    try:
        tab.goto(lang_prefix(lang) + "quick-reference/")
        assert tab.page.evaluate("document.documentElement.scrollWidth") <= 360
        assert axe_violations(tab.page) == []
        tab.assert_clean()
    finally:
        tab.close()


VERDICT_NOTES = ("first-card-action", "first-card-special", "plus2-after-plus2")  # the longest hand; house rules on


@pytest.mark.parametrize("lang", LANGS)
def test_a_verdict_prints_as_one_image_free_page(tab, lang):
    """The checker's "Print this verdict" (checker-print.js, checker.css @media print), measured here on paper: the
    note alone, one page in A4 and in Letter, no image in the PDF (no card face, no logo), its words and links
    spelt out."""
    from rules_core.facade import check

    from .checker_flows import FINAL, ROOT as CHECKER
    from .test_checker_links import SITUATIONS, link

    page = tab.page
    for sid in VERDICT_NOTES:
        s = SITUATIONS[sid]
        tab.goto(lang_prefix(lang) + "checker/" + link(sid))
        page.locator(FINAL).wait_for(timeout=90_000)
        assert page.locator(f"{CHECKER} .checker-print-button").is_visible()
        want = check(s["position"], s["action"], s.get("rules"), lang)
        # on paper nothing drawn is shown: no card face, no icon, no logo (the PDF test below cannot see vector art)
        page.emulate_media(media="print")
        drawn = page.eval_on_selector_all(
            "img, svg, canvas, picture, .card",
            "els => els.filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')"
            ".map(e => e.outerHTML.slice(0, 80))")
        assert drawn == [], (lang, sid, drawn[:5])
        page.emulate_media(media="null")  # page.pdf prints with print CSS (with "screen" the page makes 4 pages)
        for fmt in FORMATS:
            document = pdf(page, fmt)
            assert len(document.pages) == 1, (lang, sid, fmt, len(document.pages))
            sheet = document.pages[0]
            assert list(sheet.images) == [], (lang, sid, fmt, [i.name for i in sheet.images])
            text = " ".join(t for _, _, t in text_runs(sheet))
            squeeze = lambda x: re.sub(r"\s+", "", x)  # noqa: E731  (PDF text runs break lines anywhere)
            assert squeeze(want["reason"])[:60] in squeeze(text), (lang, sid, fmt)
            assert squeeze(tab.site_url + want["rule_url"]) in squeeze(text), (lang, sid, fmt)
            # nothing else of the page: no navigation, no footer, no site name in the header
            footer = page.evaluate("document.querySelector('.md-copyright').textContent.trim()")
            assert squeeze(footer.split(".")[0]) not in squeeze(text)
    tab.assert_clean()


def test_quick_reference_on_a_projector_by_keyboard_and_accessible(browser, site_url):
    from .conftest import Tab, axe_violations

    tab = Tab(browser, site_url, viewport={"width": 1920, "height": 1080})
    try:
        page = tab.page
        tab.goto("cs/quick-reference/")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920
        assert axe_violations(page) == []
        # Tab alone reaches the QR code's address, and every stop on the way shows where the focus is
        target = page.get_attribute(".quickref__qr figcaption a", "href")
        for _ in range(80):
            page.keyboard.press("Tab")
            focused = page.evaluate("document.activeElement.href || ''")
            if focused == target:
                break
        assert focused == target
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none", outline
        tab.assert_clean()
    finally:
        tab.close()
