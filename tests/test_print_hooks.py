"""The print hooks: the QR code of the quick reference (hooks/qr_code.py) and the printed addresses of rule and
source links (hooks/print_links.py)."""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
import segno

ROOT = Path(__file__).resolve().parent.parent


def load(name):
    spec = importlib.util.spec_from_file_location(f"{name}_hook", ROOT / "hooks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


qr = load("qr_code")
links = load("print_links")


@pytest.mark.parametrize("module", [qr, links], ids=["qr_code", "print_links"])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_qr_code_is_segno_s_code_of_the_address_with_a_name():
    svg = qr.qr_svg("https://uno.example.org/hu/", "A teljes szabályok: https://uno.example.org/hu/")
    assert svg.startswith('<svg role="img" aria-label="A teljes szabályok: https://uno.example.org/hu/"')
    made = segno.make("https://uno.example.org/hu/", error="m").svg_inline(scale=1, border=2, dark="#000", light="#fff")
    path = re.compile(r'class="qrline"[^>]* d="([^"]+)"')
    assert path.search(svg).group(1) == path.search(made).group(1)
    with pytest.raises(ValueError):
        qr.site_address(None, "en")


def test_the_marker_becomes_the_figure_in_the_page_language():
    config = SimpleNamespace(site_url="https://uno.example.org/", theme={"language": "et"})
    out = qr.on_page_markdown("# X\n\n<!-- qr-code -->\n", page=None, config=config, files=None)
    assert '<figure class="quickref__qr">' in out and 'href="https://uno.example.org/et/"' in out
    assert "Kõik reeglid ja kohtunik:" in out
    assert qr.on_page_markdown("no marker", page=None, config=config, files=None) == "no marker"


def test_links_get_their_print_address_inside_the_article_only():
    html = ('<nav><a href="../rules/">Rules</a></nav><article class="md-content__inner md-typeset">'
            '<a href="../rules/#scoring">Scoring</a> <a href="#deck">deck</a> <a href="../glossary/">glossary</a> '
            '<a class="x" href="https://service.mattel.com/instruction_sheets/42001pr.pdf">42001</a>'
            '<a href="../house-rules/#stacking" data-print-url="kept">x</a></article>')
    page = SimpleNamespace(file=SimpleNamespace(src_uri="sk/score.md"), canonical_url="https://u.org/sk/score/",
                           url="sk/score/")
    out = links.on_post_page(html, page=page, config=SimpleNamespace(site_url="https://u.org/"))
    assert '<nav><a href="../rules/">' in out
    assert '<a data-print-url="u.org/sk/rules/#scoring" href="../rules/#scoring">' in out
    assert '<a href="#deck">' in out and '<a href="../glossary/">' in out
    assert 'data-print-url="service.mattel.com/instruction_sheets/42001pr.pdf" class="x" href=' in out
    assert out.count("data-print-url") == 3
    quick = SimpleNamespace(file=SimpleNamespace(src_uri="sk/quick-reference.md"), canonical_url=None, url="")
    assert links.on_post_page(html, page=quick, config=SimpleNamespace(site_url="https://u.org/")) == html
