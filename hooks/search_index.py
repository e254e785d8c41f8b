"""Search in the reader's language: the header's search box and a Pagefind index per language.

MkDocs Material's own search builds one lunr index for all six languages (a Slovak query finds Czech pages) and
cannot match words typed without their accents. Pagefind (npm ``pagefind``, pinned) splits its index by the
page's ``<html lang>`` and folds the accents that Unicode decomposes (á, č, ő, ä, ż: NFD and drop the marks), so
"iranyvalto" finds "Irányváltó" and "tahaj styri" finds "Ťahaj štyri". Letters that do not decompose (Polish ł,
and a few others in ``EXTRA_FOLD``) are folded here, in a documented way:

- at index time, every word holding such a letter gets a *twin*, the same word with those letters replaced
  ("położyć" -> "położyć polożyć"), in the copy of the page that is given to Pagefind only (the served page is
  untouched); Pagefind then folds the twin's other accents as usual;
- at query time, ``search-text.js`` replaces the same letters in the query, and removes the twins from the
  excerpts and titles it shows (a word followed by its own twin).

This hook:

- puts the search button and the search box (``overrides/partials/search.html``) into the header of every page,
  where Material puts its own when its search plugin is on (the plugin is off: ``mkdocs.yml``);
- runs the indexer once, after the i18n plugin has built the last language (``on_post_build`` with a priority
  below the i18n plugin's -100), writing ``site/pagefind/``; the index is fetched only when a reader searches.
  The offline stream's precache hook must run after this one (a lower priority) to include ``site/pagefind/``.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks.i18n_build import building_other_language  # noqa: E402
from hooks.markers import UI, page_lang  # noqa: E402

log = logging.getLogger("mkdocs.hooks.search_index")

PAGEFIND = ROOT / "node_modules" / ".bin" / "pagefind"
BUNDLE_DIR = "pagefind"
# Letters that Unicode does not decompose into a base letter and a mark; the same table is in search-text.js.
EXTRA_FOLD = {"ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O", "ß": "ss", "æ": "ae", "Æ": "Ae",
              "œ": "oe", "Œ": "Oe", "ı": "i"}
_EXTRA = str.maketrans(EXTRA_FOLD)
_NEEDS_TWIN = re.compile("[" + "".join(EXTRA_FOLD) + "]")
WORD = re.compile(r"\w+")
# What Pagefind must not index: permalink signs, the widgets' data and their no-script notes.
EXCLUDE = [".headerlink", "script", "style", "noscript", ".md-source-file", "[data-search-skip]"]
ARTICLE = re.compile(r'<article class="md-content__inner md-typeset"')
TEXT = re.compile(r">([^<]+)<")
HEADER_NAV = re.compile(r'<nav class="md-header__inner md-grid"[^>]*>')

_env = None


def fold(text: str) -> str:
    """What a search compares: no marks, no case, the letters of ``EXTRA_FOLD`` replaced (as search-text.js)."""
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return bare.translate(_EXTRA).lower()


def with_twins(text: str) -> str:
    """Text with a twin after each word that holds a letter of ``EXTRA_FOLD``.

    >>> with_twins("Źródło: położyć, dwa")
    'Źródło Źródlo: położyć polożyć, dwa'
    """
    return WORD.sub(lambda m: m.group(0) + " " + m.group(0).translate(_EXTRA)
                    if _NEEDS_TWIN.search(m.group(0)) else m.group(0), unicodedata.normalize("NFC", text))


def index_copy(html: str) -> str:
    """The page as Pagefind reads it: only the article is indexed, with twins in its text."""
    if not ARTICLE.search(html):
        return html  # not a content page (404): no data-pagefind-body, so Pagefind skips it
    html = ARTICLE.sub('<article data-pagefind-body class="md-content__inner md-typeset"', html, count=1)
    start = html.index("<article data-pagefind-body")
    end = html.index("</article>", start)
    article = TEXT.sub(lambda m: ">" + with_twins(m.group(1)) + "<", html[start:end])
    return html[:start] + article + html[end:]


def on_env(env, config, files, **kwargs):
    global _env
    _env = env
    return env


def header_search(lang: str) -> str:
    """The search button and box for the header, rendered from ``partials/search.html``."""
    if _env is None:
        raise RuntimeError("search_index: on_env has not run")
    strings = UI[lang]
    return _env.get_template("partials/search.html").render(s=strings, lang_code=lang)


def on_post_page(output: str, page, config, **kwargs) -> str:
    match = HEADER_NAV.search(output)
    if not match:
        raise ValueError(f"{page.file.src_uri}: no header to put the search box in")
    end = output.index("</nav>", match.end())
    return output[:end] + header_search(page_lang(config)) + output[end:]


def build_index(site_dir: Path) -> dict:
    """Index every built page of ``site_dir`` into ``site_dir/pagefind`` (one index per language)."""
    if not PAGEFIND.exists():
        raise RuntimeError("node_modules/.bin/pagefind is missing: run `npm ci` (make does it)")
    with tempfile.TemporaryDirectory(prefix="pagefind-src-") as tmp:
        src = Path(tmp)
        pages = 0
        for path in site_dir.rglob("*.html"):
            rel = path.relative_to(site_dir)
            if rel.parts[0] in (BUNDLE_DIR, "pyodide", "assets") or rel.name == "404.html":
                continue
            out = src / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(index_copy(path.read_text(encoding="utf-8")), encoding="utf-8")
            pages += 1
        bundle = site_dir / BUNDLE_DIR
        if bundle.exists():
            shutil.rmtree(bundle)
        cmd = [str(PAGEFIND), "--site", str(src), "--output-path", str(bundle), "--quiet",
               "--exclude-selectors", ",".join(EXCLUDE)]
        run = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            raise RuntimeError(f"pagefind failed ({run.returncode}): {run.stderr or run.stdout}")
    # the bundle ships Pagefind's ready-made UIs and a playground; this site has its own UI (search.js)
    for extra in bundle.glob("pagefind-*ui.*"):
        extra.unlink()
    entry = json.loads((bundle / "pagefind-entry.json").read_text(encoding="utf-8"))
    return {"pages": pages, "languages": sorted(entry.get("languages", {}))}


@event_priority(-150)  # after the i18n plugin (-100), which builds the other languages in its on_post_build
def on_post_build(config, **kwargs) -> None:
    if building_other_language(config):
        return
    info = build_index(Path(config.site_dir))
    log.info("search: Pagefind indexed %d pages in %s", info["pages"], ", ".join(info["languages"]))
