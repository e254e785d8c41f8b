"""hooks/theme_js.py: the theme's script no longer adds a ``<meta name="color-scheme">``, and nothing else changed.

The statements are looked for in the installed theme too, so a theme update that changes them fails here instead
of the hook silently doing nothing. The built checks read site/ (``make test`` builds it first)."""

from __future__ import annotations

from pathlib import Path

import material

from hooks.theme_js import COLOR_SCHEME_META, STAND_IN, drop_color_scheme_meta

ROOT = Path(__file__).resolve().parent.parent
THEME_SCRIPTS = sorted((Path(material.__file__).parent / "templates" / "assets" / "javascripts").glob("bundle.*.min.js"))
BUILT_SCRIPTS = sorted((ROOT / "site" / "assets" / "javascripts").glob("bundle.*.min.js"))


def test_the_installed_theme_still_has_the_statements_once():
    assert THEME_SCRIPTS, "no bundle in the installed theme"
    assert [script.read_text(encoding="utf-8").count(COLOR_SCHEME_META) for script in THEME_SCRIPTS] == [1]


def test_the_hook_replaces_them_with_the_same_length_and_nothing_else(tmp_path):
    original = THEME_SCRIPTS[0].read_text(encoding="utf-8")
    copy = tmp_path / THEME_SCRIPTS[0].name
    copy.write_text(original, encoding="utf-8")
    assert drop_color_scheme_meta(copy) is True
    edited = copy.read_text(encoding="utf-8")
    assert len(edited) == len(original)
    assert '{name:"color-scheme"}' not in edited
    start = original.index(COLOR_SCHEME_META)
    assert edited[:start] == original[:start]
    assert edited[start:start + len(STAND_IN)] == STAND_IN
    assert edited[start + len(STAND_IN):] == original[start + len(COLOR_SCHEME_META):]
    assert drop_color_scheme_meta(copy) is False  # a second run changes nothing


def test_the_built_site_has_the_edited_script():
    assert [script.name for script in BUILT_SCRIPTS] == [script.name for script in THEME_SCRIPTS]
    for script in BUILT_SCRIPTS:
        text = script.read_text(encoding="utf-8")
        assert COLOR_SCHEME_META not in text and STAND_IN in text
        assert 'x("meta",{name:"theme-color"})' in text  # the palette's other work is still there
