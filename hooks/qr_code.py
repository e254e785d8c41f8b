"""A QR code to the site in the page's language, made at build time (segno, pinned in requirements/site.in).

``<!-- qr-code -->`` in a page (the quick reference) becomes an inline SVG of a QR code for the site's address in
that language (``site_url`` from mkdocs.yml, which the build may take from the environment, plus the language's
folder), with the address printed under it, so a printed sheet leads back to the rules and the referee.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import segno

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules_core.terms import LANGS  # noqa: E402

MARKER = re.compile(r"<!--\s*qr-code\s*-->")
UI_KEY = "qr_caption"


def site_address(site_url: str | None, lang: str) -> str:
    """The site's address in a language.

    >>> site_address("https://uno.example.org/", "sk")
    'https://uno.example.org/sk/'
    >>> site_address("https://uno.example.org/rules", "en")
    'https://uno.example.org/rules/'
    """
    if not site_url:
        raise ValueError("site_url is not set: the QR code needs the site's address")
    base = site_url if site_url.endswith("/") else site_url + "/"
    return base if lang == "en" else f"{base}{lang}/"


def qr_svg(address: str, label: str) -> str:
    """The QR code of ``address`` as inline SVG (scalable; a title for assistive technology)."""
    code = segno.make(address, error="m")
    svg = code.svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff", title=label)
    return svg.replace("<svg ", '<svg role="img" aria-label="' + html.escape(label, quote=True) + '" ', 1)


def figure(address: str, caption: str) -> str:
    label = f"{caption} {address}"
    return (f'<figure class="quickref__qr">{qr_svg(address, label)}'
            f'<figcaption>{html.escape(caption)} <a href="{html.escape(address, quote=True)}">'
            f'{html.escape(address)}</a></figcaption></figure>')


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    if not MARKER.search(markdown):
        return markdown
    from hooks.markers import UI, page_lang

    lang = page_lang(config)
    if lang not in LANGS:
        raise ValueError(f"unexpected page language {lang!r}")
    block = figure(site_address(config.site_url, lang), UI[lang][UI_KEY])
    return MARKER.sub(lambda m: block, markdown)
