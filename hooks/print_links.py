"""On paper a link is only as good as its address: mark the links whose address a printed page should show.

Every link in a page's article that leads to a rule (the rules, house-rules and editions pages, in any language)
or to another site (the sources) gets ``data-print-url``, the absolute address without its scheme
(``uno.example.org/sk/rules/#scoring``), built from ``site_url``; ``print.css`` prints it after the link.
Links within the same page, and the quick reference's (it carries a QR code instead), are left alone.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules_core.catalogue import PAGES  # noqa: E402
from rules_core.terms import LANGS  # noqa: E402

RULE_PAGES = tuple(f"{page}/" for page in PAGES.values())
ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
LINK = re.compile(r'<a (?![^>]*data-print-url)([^>]*?)href="([^"#][^"]*|#[^"]*)"')
NO_PRINT_URL = ("quick-reference.md",)


def print_url(href: str, page_url: str, site_url: str) -> str | None:
    """The address to print for a link on the page at ``page_url``, or None.

    >>> print_url("../rules/#scoring", "https://u.org/sk/score/", "https://u.org/")
    'u.org/sk/rules/#scoring'
    >>> print_url("https://service.mattel.com/x.pdf", "https://u.org/", "https://u.org/")
    'service.mattel.com/x.pdf'
    >>> print_url("#scoring", "https://u.org/rules/", "https://u.org/") is None
    True
    >>> print_url("../glossary/", "https://u.org/rules/", "https://u.org/") is None
    True
    """
    href = html.unescape(href)
    if href.startswith("#") or href.startswith("mailto:"):
        return None
    absolute = urljoin(page_url, href)
    parts = urlsplit(absolute)
    if parts.scheme not in ("http", "https"):
        return None
    site = urlsplit(site_url)
    if parts.netloc == site.netloc:
        path = parts.path[len(site.path):] if parts.path.startswith(site.path) else parts.path.lstrip("/")
        segments = path.split("/")
        rest = "/".join(segments[1:]) if segments[0] in LANGS else path  # without the language's folder
        if not rest.startswith(RULE_PAGES):
            return None
    return absolute.split("://", 1)[1]


def on_post_page(output: str, page, config, **kwargs) -> str:
    if page.file.src_uri.endswith(NO_PRINT_URL) or not config.site_url:
        return output
    page_url = page.canonical_url or urljoin(config.site_url, page.url)

    def mark(match: re.Match) -> str:
        url = print_url(match.group(2), page_url, config.site_url)
        if url is None:
            return match.group(0)
        return f'<a data-print-url="{html.escape(url, quote=True)}" {match.group(1)}href="{match.group(2)}"'

    return ARTICLE.sub(lambda m: m.group(1) + LINK.sub(mark, m.group(2)) + m.group(3), output, count=1)
