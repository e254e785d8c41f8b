"""hooks/css_bundle.py: the site's stylesheets reach the browser as one file, in mkdocs.yml's order, unchanged.

Source checks read docs/ and mkdocs.yml; the rest read the built site/ (``make test`` builds it first)."""

from __future__ import annotations

import re
from pathlib import Path

from hooks.css_bundle import BUNDLE, joined

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SITE = ROOT / "site"


def listed_stylesheets() -> list[str]:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = re.search(r"^extra_css:\n((?:  - .+\n)+)", text, re.M)
    assert block, "mkdocs.yml lists no extra_css"
    return [line.strip()[2:].strip() for line in block.group(1).splitlines()]


def test_every_listed_stylesheet_exists_and_can_be_joined():
    sources = listed_stylesheets()
    assert len(sources) >= 5 and len(set(sources)) == len(sources)
    for source in sources:
        text = (DOCS / source).read_text(encoding="utf-8")
        assert "@import" not in text, source
        assert "@charset" not in text, source
        # a relative url() would point elsewhere from the joined file (data: URIs are fine)
        assert not re.findall(r"url\(\s*(?!['\"]?data:)", text), source


def test_the_built_bundle_is_the_stylesheets_in_order():
    sources = listed_stylesheets()
    built = (SITE / BUNDLE).read_text(encoding="utf-8")
    assert built == joined(DOCS, sources)
    starts = [built.index(f"/* ---- {source} ---- */") for source in sources]
    assert starts == sorted(starts)


def test_pages_link_the_bundle_and_no_separate_stylesheet():
    pages = sorted(SITE.rglob("*.html"))
    assert len(pages) >= 78
    for page in pages:
        if page.parent.name == "pagefind":
            continue
        links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page.read_text(encoding="utf-8"))
        own = [link for link in links if "/stylesheets/" in link and not re.search(r"/(main|palette)\.[0-9a-f]+\.min\.css$", link)]
        assert [link.rsplit("/", 1)[-1] for link in own] == ["site.css"], page
    for source in listed_stylesheets():
        assert not (SITE / source).exists(), f"{source} is in the site apart from the bundle"
