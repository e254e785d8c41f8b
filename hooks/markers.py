"""Expand the Markdown markers of the rule pages and hand the widgets their strings.

- ``<!-- glossary-table -->``: the six-language table of ``rules_core.terms`` (the engine's own vocabulary),
  identical on every language's glossary page.
- ``<!-- check: ID -->``: a link that opens the checker on the situation ``ID`` of ``scenarios/situations.json``.
- every page gets its language's UI strings (``i18n/*.json``) as a JSON script element for the widgets.
"""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules_core.terms import LANGS, TERMS  # noqa: E402


def load_ui_strings() -> dict[str, dict[str, str]]:
    """Merge every ``i18n/*.json`` (one file per widget: lang -> key -> text); each must cover all six languages."""
    merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for path in sorted((ROOT / "i18n").glob("*.json")):
        table = json.loads(path.read_text(encoding="utf-8"))
        if set(table) != set(LANGS):
            raise ValueError(f"{path.name}: languages {sorted(table)} instead of {sorted(LANGS)}")
        keys = set(table["en"])
        for lang in LANGS:
            if set(table[lang]) != keys:
                raise ValueError(f"{path.name}: {lang} keys differ from en: {sorted(keys ^ set(table[lang]))}")
            merged[lang].update(table[lang])
    return merged


UI = load_ui_strings()
SITUATIONS_FILE = ROOT / "scenarios" / "situations.json"
LANG_NAMES = {"en": "English", "sk": "Slovenčina", "cs": "Čeština", "pl": "Polski", "hu": "Magyar", "et": "Eesti"}
CHECK_MARKER = re.compile(r"<!--\s*check:\s*([a-z0-9-]+)\s*-->")
GLOSSARY_MARKER = "<!-- glossary-table -->"


def page_lang(config) -> str:
    lang = config.theme["language"]
    if lang not in LANGS:
        raise ValueError(f"unexpected page language {lang!r}")
    return lang


def glossary_table() -> str:
    """The glossary: one row per term of ``rules_core.terms``, one column per language; each cell holds the
    printed name and, in italics below it, the names players say at the table (``EVERYDAY``), so that search
    finds them too."""
    from rules_core.terms import EVERYDAY

    def cell(key: str, lang: str) -> str:
        text = TERMS[key][lang].replace("|", "\\|")
        names = EVERYDAY[lang].get(key)
        if names:
            text += "<br>*" + ", ".join(names).replace("|", "\\|").replace("*", "\\*") + "*"
        return text

    head = "| " + " | ".join(LANG_NAMES[lang] for lang in LANGS) + " |"
    rule = "|" + "---|" * len(LANGS)
    rows = ["| " + " | ".join(cell(key, lang) for lang in LANGS) + " |" for key in TERMS]
    return "\n".join(['<div class="glossary-table" markdown>', "", head, rule, *rows, "", "</div>"])


def b64url(value) -> str:
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def checker_fragment(situation: dict) -> str:
    parts = [f"position={b64url(situation['position'])}", f"action={b64url(situation['action'])}"]
    if situation.get("rules"):
        parts.append(f"rules={b64url(situation['rules'])}")
    return "#" + "&".join(parts)


def load_situations() -> dict:
    if not SITUATIONS_FILE.exists():
        return {}
    return json.loads(SITUATIONS_FILE.read_text(encoding="utf-8"))


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    lang = page_lang(config)
    if GLOSSARY_MARKER in markdown:
        markdown = markdown.replace(GLOSSARY_MARKER, glossary_table())
    situations = load_situations()

    def check_link(match: re.Match) -> str:
        situation = situations.get(match.group(1))
        if situation is None:
            raise ValueError(f"{page.file.src_uri}: no situation {match.group(1)!r} in {SITUATIONS_FILE.name}")
        text = UI[lang]["try_in_checker"]
        # The fragment is added to the built link in on_post_page: MkDocs' strict anchor check would reject it here.
        return f'[:material-scale-balance: {text}](checker.md){{ .md-button .check-link data-check="{match.group(1)}" }}'

    if situations:
        markdown = CHECK_MARKER.sub(check_link, markdown)
    return markdown


# The i18n plugin points each language's <link rel="alternate" hreflang> at the same page in that language.
# Material fetches "sitemap.xml" beside every such link, a 404 (and a console error) for a page URL; it only
# needs it for instant navigation, which this site leaves off (it breaks the switcher). The hreflang links stay,
# as rel="alternate translation", which Material's exact-match selector skips.
CHECK_LINK = re.compile(r'<a (?=[^>]*href="([^"]*)")(?=[^>]*data-check="([a-z0-9-]+)")[^>]*>')
HREFLANG_LINK = re.compile(r'<link rel="alternate" (href="[^"]*" hreflang=)')


def on_post_page(output: str, page, config, **kwargs) -> str:
    strings = json.dumps(UI[page_lang(config)], ensure_ascii=False).replace("</", "<\\/")
    tag = f'<script type="application/json" id="ui-strings">{strings}</script>'
    output = HREFLANG_LINK.sub(r'<link rel="alternate translation" \1', output)
    if 'data-check="' in output:
        situations = load_situations()
        output = CHECK_LINK.sub(lambda m: m.group(0).replace(
            f'href="{m.group(1)}"', f'href="{m.group(1)}{checker_fragment(situations[m.group(2)])}"'), output)
    return output.replace("</head>", tag + "</head>", 1)
