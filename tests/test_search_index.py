"""The search hook (hooks/search_index.py): accent folding shared with the browser, twins, what is indexed."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("search_index_hook", ROOT / "hooks" / "search_index.py")
hook = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hook)


def test_doctests():
    assert doctest.testmod(hook).failed == 0


def test_the_browser_folds_with_the_same_table():
    js = (ROOT / "docs" / "assets" / "javascripts" / "search-text.js").read_text(encoding="utf-8")
    table = re.search(r"export const EXTRA_FOLD = (\{.*?\});", js, re.S).group(1)
    as_json = re.sub(r",\s*}", "}", table)
    assert json.loads(as_json) == hook.EXTRA_FOLD


def test_fold():
    assert hook.fold("Ťahaj štyri") == "tahaj styri"
    assert hook.fold("Źródło") == "zrodlo"
    assert hook.fold("Irányváltó") == hook.fold("iranyvalto")


def test_twins_only_where_unicode_cannot_fold():
    assert hook.with_twins("Ťahaj štyri") == "Ťahaj štyri"
    assert hook.with_twins("Według zasad, dołóż.") == "Według Wedlug zasad, dołóż dolóż."
    # decomposed input is composed first, so its twin is too
    assert hook.with_twins("położyć".encode().decode()) == "położyć polożyć"


def test_index_copy_indexes_the_article_only_and_twins_its_text_not_its_markup():
    html = ('<html lang="pl"><body><nav>Szukaj łatwo</nav><article class="md-content__inner md-typeset">'
            '<h1 id="zrodla">Źródła</h1><p title="łuk">Mało <a href="x#ł">kart</a></p></article>'
            '<footer>Stopka łąka</footer></body></html>')
    out = hook.index_copy(html)
    assert '<article data-pagefind-body class="md-content__inner md-typeset"' in out
    assert "<h1 id=\"zrodla\">Źródła Źródla</h1>" in out
    assert 'title="łuk"' in out and 'href="x#ł"' in out
    assert "Mało Malo " in out
    assert "<nav>Szukaj łatwo</nav>" in out and "Stopka łąka" in out  # outside the article: not indexed anyway
    assert hook.index_copy("<html><body>404</body></html>") == "<html><body>404</body></html>"
