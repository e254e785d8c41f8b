"""The rule pages: parity of the six languages, rule anchors, links, the glossary, own words (issue 4).

Source checks read docs/; the rest read the built site/ (``make site``; ``make test`` builds it first).
"""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from rules_core.catalogue import RULES, rule_url
from rules_core.terms import LANGS, TERMS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SITE = ROOT / "site"
SEED_OVERLAP = ROOT.parent / "shared" / "tools" / "seed_overlap.py"
ADMONITION_TITLES = {
    "en": ("Official rule", "House rule — not official", "Edition difference"),
    "sk": ("Oficiálne pravidlo", "Domáce pravidlo – nie je oficiálne", "Rozdiel medzi vydaniami"),
    "cs": ("Oficiální pravidlo", "Domácí pravidlo – není oficiální", "Rozdíl mezi vydáními"),
    "pl": ("Oficjalna zasada", "Zasada domowa — nieoficjalna", "Różnica między wydaniami"),
    "hu": ("Hivatalos szabály", "Házszabály – nem hivatalos", "Kiadások közti eltérés"),
    "et": ("Ametlik reegel", "Majareegel – mitteametlik", "Väljaannete erinevus"),
}


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


class Page(HTMLParser):
    """The ids, links and glossary-table cells of one built page."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.glossary: list[str] = []
        self.admonitions: list[tuple[str, str]] = []
        self._glossary_depth = 0
        self._cell: list[str] | None = None
        self._title: tuple[str, list[str]] | None = None
        self._kind: str | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        classes = (attrs.get("class") or "").split()
        if tag == "div" and "glossary-table" in classes:
            self._glossary_depth = 1
        elif tag == "div" and self._glossary_depth:
            self._glossary_depth += 1
        if self._glossary_depth and tag in ("td", "th"):
            self._cell = []
        if tag == "div" and "admonition" in classes:
            self._kind = next((c for c in classes if c in ("official", "house", "edition")), None)
        if tag == "p" and "admonition-title" in classes and self._kind:
            self._title = (self._kind, [])

    def handle_endtag(self, tag):
        if tag == "div" and self._glossary_depth:
            self._glossary_depth -= 1
        if tag in ("td", "th") and self._cell is not None:
            self.glossary.append("".join(self._cell).strip())
            self._cell = None
        if tag == "p" and self._title:
            self.admonitions.append((self._title[0], "".join(self._title[1]).strip()))
            self._title = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._title:
            self._title[1].append(data)


_pages: dict[Path, Page] = {}


def page(path: Path) -> Page:
    if path not in _pages:
        _pages[path] = Page(path.read_text(encoding="utf-8"))
    return _pages[path]


@pytest.fixture(scope="module")
def site():
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `make site`")
    return SITE


def test_every_language_has_the_same_pages():
    names = {lang: sorted(p.name for p in (DOCS / lang).glob("*.md")) for lang in LANGS}
    for lang in LANGS:
        assert names[lang] == names["en"], lang


@pytest.mark.parametrize("lang", LANGS)
def test_explicit_anchors_are_the_same_in_every_language(lang):
    anchor = re.compile(r"\{#([a-z0-9-]+)")
    for source in sorted((DOCS / "en").glob("*.md")):
        english = anchor.findall(source.read_text(encoding="utf-8"))
        ours = anchor.findall((DOCS / lang / source.name).read_text(encoding="utf-8"))
        assert ours == english, f"{lang}/{source.name}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_id_is_an_anchor_in_every_language(site, lang):
    for rule_id in RULES:
        path, fragment = rule_url(rule_id, lang).split("#")
        assert fragment in page(site / path / "index.html").ids, f"{lang}: #{rule_id} missing on {path}"


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_no_page_falls_back_to_english(site, lang):
    for english in sorted(site.glob("*/index.html")):
        if english.parent.name in LANGS or not (DOCS / "en" / f"{english.parent.name}.md").exists():
            continue
        ours = site / lang / english.parent.name / "index.html"
        text = ours.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text, ours
        main = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
        assert main.search(text).group(1) != main.search(english.read_text(encoding="utf-8")).group(1), ours


def test_internal_links_and_anchors_resolve(site):
    broken = []
    for html in sorted(site.rglob("*.html")):
        for href in page(html).links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            base = site if parts.path.startswith("/") else html.parent
            target = (base / unquote(parts.path).lstrip("/")).resolve() if parts.path else html
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{html.relative_to(site)} -> {href}")
                continue
            fragment = unquote(parts.fragment)
            if fragment and "=" not in fragment and target.suffix == ".html" and fragment not in page(target).ids:
                broken.append(f"{html.relative_to(site)} -> {href} (no anchor)")
    assert not broken, "\n".join(broken[:40])


def test_glossary_table_is_identical_in_every_language(site):
    tables = {lang: page(site / prefix(lang) / "glossary" / "index.html").glossary for lang in LANGS}
    assert len(tables["en"]) == (len(TERMS) + 1) * len(LANGS)
    for lang in LANGS:
        assert tables[lang] == tables["en"], lang


@pytest.mark.parametrize("lang", LANGS)
def test_rule_blocks_carry_their_kind_and_localized_label(site, lang):
    official, house, edition = ADMONITION_TITLES[lang]
    expected = {"official": official, "house": house, "edition": edition}
    seen = set()
    for name in ("rules", "house-rules", "editions", "disputes", "mistakes"):
        for kind, title in page(site / prefix(lang) / name / "index.html").admonitions:
            assert title == expected[kind], f"{lang}/{name}: {kind} titled {title!r}"
            seen.add((name, kind))
    assert {("rules", "official"), ("house-rules", "house"), ("editions", "edition")} <= seen


def test_disputes_page_has_at_least_20_questions_each_with_a_verdict_box():
    for lang in LANGS:
        text = (DOCS / lang / "disputes.md").read_text(encoding="utf-8")
        questions = re.findall(r"^##+ .*\{#([a-z0-9-]+)\}", text, re.M)
        assert len(questions) >= 20, lang
        checks = re.findall(r"<!--\s*check:\s*([a-z0-9-]+)\s*-->", text)
        assert checks == questions, lang


@pytest.mark.skipif(not SEED_OVERLAP.exists(), reason="shared/tools/seed_overlap.py is not beside the project")
def test_pages_are_written_in_our_own_words():
    result = subprocess.run([sys.executable, str(SEED_OVERLAP), str(DOCS)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
