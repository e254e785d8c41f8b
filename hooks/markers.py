"""Expand the Markdown markers of the rule pages and hand the widgets their strings and the engine's knowledge.

- ``<!-- glossary-table -->``: the six-language table of ``rules_core.terms`` (the engine's own vocabulary),
  identical on every language's glossary page.
- ``<!-- check: ID -->``: a link that opens the checker on the situation ``ID`` of ``scenarios/situations.json``.
- every page gets its language's UI strings (``i18n/*.json``, and the engine's card and colour names from
  ``rules_core.frontend.page_strings``) as a JSON script element for the widgets.
- a page with a widget also gets ``rules_core.frontend.knowledge()`` (decks, rules options and their kinds, which
  cards need a colour or a target) as ``#rules-knowledge``; the widgets keep no copy of it.
- the checker's placeholder gets its presets (the disputes' situations, each under its question as the language's
  disputes page asks it) and the words a verdict needs in every language (the verdict in a second language).
- the home page of the default language gets the other languages' one-line suggestion (``language.js`` offers
  the reader's browser language once).
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

from rules_core.frontend import knowledge, page_strings  # noqa: E402
from rules_core.terms import LANGS, TERMS  # noqa: E402


def load_ui_strings() -> dict[str, dict[str, str]]:
    """Merge every ``i18n/*.json`` (one file per widget: lang -> key -> text); each must cover all six languages.
    Pages with a widget also get the engine's names of the cards and colours (``rules_core.frontend.page_strings``),
    which no file may define again."""
    merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for path in sorted((ROOT / "i18n").glob("*.json")):
        table = json.loads(path.read_text(encoding="utf-8"))
        if set(table) != set(LANGS):
            raise ValueError(f"{path.name}: languages {sorted(table)} instead of {sorted(LANGS)}")
        keys = set(table["en"])
        for lang in LANGS:
            if set(table[lang]) != keys:
                raise ValueError(f"{path.name}: {lang} keys differ from en: {sorted(keys ^ set(table[lang]))}")
            clash = set(table[lang]) & (set(merged[lang]) | set(page_strings(lang)))
            if clash:
                raise ValueError(f"{path.name}: {lang} keys defined twice (the engine names them): {sorted(clash)}")
            merged[lang].update(table[lang])
    return merged


UI = load_ui_strings()
SITUATIONS_FILE = ROOT / "scenarios" / "situations.json"
LANG_NAMES = {"en": "English", "sk": "Slovenčina", "cs": "Čeština", "pl": "Polski", "hu": "Magyar", "et": "Eesti"}
CHECK_MARKER = re.compile(r"<!--\s*check:\s*([a-z0-9-]+)\s*-->")
QUESTION = re.compile(r"^##\s+(.+?)\s*\{#([a-z0-9-]+)\}\s*$", re.MULTILINE)
CHECKER_PLACEHOLDER = re.compile(r"<div data-checker>\s*</div>")
WIDGET = re.compile(r"<div data-(checker|scenario)[\s>=]")
# the words a verdict shown in a second language needs (the page has only its own language's strings)
SECOND_LANGUAGE_KEYS = re.compile(r"^(checker_tone_|checker_draws_|checker_also_|checker_next_turn$|checker_player_n$|rule_link$)")
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
    # the card names' own page: a search for a card name should find it first (Pagefind weighs this text 4x)
    return "\n".join(['<div class="glossary-table" data-pagefind-weight="4" markdown>', "", head, rule, *rows, "",
                      "</div>"])


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


def json_script(value, **attrs) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    attributes = "".join(f' {key.rstrip("_").replace("_", "-")}="{val}"' for key, val in attrs.items())
    return f'<script type="application/json"{attributes}>{text}</script>'


def dispute_questions(lang: str) -> dict[str, str]:
    """The disputes page's questions in a language, by their anchor (the situation id of its checker link)."""
    text = (ROOT / "docs" / lang / "disputes.md").read_text(encoding="utf-8")
    checked = set(CHECK_MARKER.findall(text))
    plain = lambda q: re.sub(r"[*_`]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", q).strip()  # noqa: E731
    return {sid: plain(question) for question, sid in QUESTION.findall(text) if sid in checked}


def checker_data(lang: str) -> dict:
    """What the checker's placeholder carries: its presets and a verdict's words in every language."""
    situations = load_situations()
    questions = dispute_questions(lang)
    presets = [{"id": sid, "question": question,
                "situation": {"position": situations[sid]["position"], "action": situations[sid]["action"],
                              "rules": situations[sid].get("rules") or {}}}
               for sid, question in questions.items() if sid in situations]
    labels = {other: {key: text for key, text in UI[other].items() if SECOND_LANGUAGE_KEYS.match(key)}
              for other in LANGS}
    return {"presets": presets, "labels": labels, "languages": LANG_NAMES}


def language_suggestions() -> dict:
    """Each other language's one-line offer, in that language, for the default language's home page."""
    keys = ("checker_language_offer", "checker_language_go", "checker_language_stay")
    return {lang: {key.removeprefix("checker_language_"): UI[lang][key] for key in keys} | {"name": LANG_NAMES[lang]}
            for lang in LANGS if lang != LANGS[0]}


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
    lang = page_lang(config)
    widgets = bool(WIDGET.search(output))
    tag = json_script({**UI[lang], **page_strings(lang)} if widgets else UI[lang], id="ui-strings")
    if widgets:
        tag += json_script(knowledge(), id="rules-knowledge")
    if CHECKER_PLACEHOLDER.search(output):
        data = json_script(checker_data(lang), class_="checker-data")
        output = CHECKER_PLACEHOLDER.sub(lambda m: f"<div data-checker>{data}</div>", output, count=1)
    if lang == LANGS[0] and page.is_homepage:
        tag += json_script(language_suggestions(), id="language-offers")
    output = HREFLANG_LINK.sub(r'<link rel="alternate translation" \1', output)
    if 'data-check="' in output:
        situations = load_situations()
        output = CHECK_LINK.sub(lambda m: m.group(0).replace(
            f'href="{m.group(1)}"', f'href="{m.group(1)}{checker_fragment(situations[m.group(2)])}"'), output)
    return output.replace("</head>", tag + "</head>", 1)
