"""The "page not found" page: English at the site's root, each other language's in its own folder.

mkdocs-static-i18n builds the theme's ``404.html`` once per language into the same ``404.html``, so the last
language built (Estonian) would win, with the language alternates of whichever page that build rendered last (and
Material fetching ``sitemap.xml`` beside each of them: six failed requests). This hook:

- renders each language's 404 (``overrides/404.html``) with its words (``i18n/offline.json``, ``not_found_*``),
  the language switcher pointing at each language's home page, no ``<link rel="alternate" hreflang>`` (a missing
  page has no translations), and the widgets' strings (the footer's "Keep the referee" control needs them);
- writes the default language's as ``404.html`` at the site's root (what GitHub Pages and most hosts serve for any
  missing address, at any depth: the theme's links are absolute from ``site_url``'s path) and the others as
  ``<lang>/404.html``; the service worker answers an unknown address offline with the one of its language.
"""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks.i18n_build import building_other_language  # noqa: E402

DEFAULT_LANG = "en"
HREFLANG_LINK = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')

_pages: dict[str, str] = {}


def _i18n(config):
    return config.plugins.get("i18n")


def _strings(lang: str) -> dict[str, str]:
    """Every widget string of the language (as a plain page gets them from hooks/markers.py)."""
    merged: dict[str, str] = {}
    for path in sorted((ROOT / "i18n").glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")).get(lang, {}))
    return merged


def _json_script(value, element_id: str) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


def on_pre_build(config, **kwargs) -> None:
    if not building_other_language(config):
        _pages.clear()


def on_template_context(context, template_name, config, **kwargs):
    if template_name != "404.html":
        return context
    lang = config.theme["language"]
    i18n = _i18n(config)
    # the switcher: each language's home page (the i18n plugin keeps them; the current value is whatever page of
    # the previous build was rendered last)
    homes = copy.deepcopy(getattr(i18n, "extra_alternate", None) or config.extra.get("alternate") or [])
    if homes:
        config.extra["alternate"] = homes
    strings = _strings(lang)
    context["not_found"] = {key[len("not_found_"):]: text for key, text in strings.items()
                            if key.startswith("not_found_")}
    context["not_found_languages"] = [alt for alt in homes if alt.get("lang") != lang]
    return context


def on_post_template(output: str, template_name, config, **kwargs) -> str:
    if template_name != "404.html":
        return output
    lang = config.theme["language"]
    output = HREFLANG_LINK.sub("", output)
    output = output.replace("</head>", _json_script(_strings(lang), "ui-strings") + "</head>", 1)
    _pages[lang] = output
    return output


@event_priority(-500)  # after mkdocs-static-i18n (-100) has built every language; before the service worker (-1000)
def on_post_build(config, **kwargs) -> None:
    if building_other_language(config) or not _pages:
        return
    site = Path(config.site_dir)
    default = _pages.get(DEFAULT_LANG)
    if default is not None:
        (site / "404.html").write_text(default, encoding="utf-8")
    for lang, html in _pages.items():
        if lang != DEFAULT_LANG:
            (site / lang).mkdir(parents=True, exist_ok=True)
            (site / lang / "404.html").write_text(html, encoding="utf-8")
