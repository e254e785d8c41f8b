"""The checker's words: every string its modules ask for is in i18n/checker.json (or another widget file) in all six
languages, with the same placeholders as the English; every rules option the engine knows has its label; nothing in
the file is left unused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules_core import LANGS
from rules_core.frontend import knowledge

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "docs" / "assets" / "javascripts"
CHECKER_FILES = ["checker.js", "checker-view.js", "checker-pad.js", "controls.js", "checker-print.js", "verdict-view.js",
                 "verdict-model.js", "language.js"]
STRINGS = json.loads((ROOT / "i18n" / "checker.json").read_text(encoding="utf-8"))
ALL = {lang: {} for lang in LANGS}
for path in (ROOT / "i18n").glob("*.json"):
    for lang, table in json.loads(path.read_text(encoding="utf-8")).items():
        ALL[lang].update(table)
LITERAL = re.compile(r"""\bS2?\(\s*"([a-z_]+)"|"(checker_[a-z_0-9]+)"|'(checker_[a-z_0-9]+)'""")
# keys the code builds from a prefix and a value (checker_tone_<outcome>, checker_move_<type>, ...)
BUILT = {
    "checker_tone_": ["legal", "illegal", "bluff_caught", "challenge_failed", "caught", "safe", "penalty"],
    "checker_move_": ["play", "draw", "pass", "challenge", "catch", "uno", "color"],
    "checker_happened_": ["drawn", "plus2", "plus4"],
    "checker_draws_": ["one", "few", "many", "other"],
    "checker_language_": ["offer", "go", "stay"],
}


def used_keys() -> set[str]:
    keys = set()
    for name in CHECKER_FILES:
        for match in LITERAL.finditer((JS / name).read_text(encoding="utf-8")):
            keys.add(next(g for g in match.groups() if g))
    keys |= {prefix + value for prefix, values in BUILT.items() for value in values}
    for option in knowledge()["options"]:
        key = f"checker_option_{option['key']}"
        if option["type"] in ("bool", "cap"):
            keys.add(key)
        elif len(option["values"]) == 2:
            keys.add(f"{key}_{str(option['values'][1]).replace('-', '_')}")
        else:
            keys.add(key)
            keys |= {f"{key}_{str(v).replace('-', '_')}" for v in option["values"]}
    return keys


def test_every_string_the_checker_asks_for_exists_in_every_language():
    for lang in LANGS:
        missing = sorted(k for k in used_keys() if k not in ALL[lang])
        assert not missing, (lang, missing)


def test_nothing_in_checker_json_is_left_unused():
    unused = sorted(set(STRINGS["en"]) - used_keys())
    assert not unused


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_the_english(lang):
    for key, text in STRINGS[lang].items():
        ours = set(re.findall(r"\{(\w+)\}", text))
        english = set(re.findall(r"\{(\w+)\}", STRINGS["en"][key]))
        assert ours <= english, (lang, key, ours - english)
        if key != "checker_guilty":  # four languages name the colour before the +4 without the named one
            assert ours == english, (lang, key)
        assert text.strip() and text == text.strip(), (lang, key)


def test_only_checker_keys_in_checker_json():
    for lang in LANGS:
        assert all(key.startswith("checker_") for key in STRINGS[lang]), lang
