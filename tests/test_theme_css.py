"""hooks/theme_css.py: the theme's page-wide restyle rule is gone from the built palette stylesheet, and only it.

The rule is looked for in the installed theme too, so a theme update that renames it fails here instead of the hook
silently doing nothing. The built checks read site/ (``make test`` builds it first)."""

from __future__ import annotations

from pathlib import Path

import material

from hooks.theme_css import SWITCHING_RULE, drop_switching_rule

ROOT = Path(__file__).resolve().parent.parent
THEME_SHEETS = sorted((Path(material.__file__).parent / "templates" / "assets" / "stylesheets").glob("palette.*.min.css"))
BUILT_SHEETS = sorted((ROOT / "site" / "assets" / "stylesheets").glob("palette.*.min.css"))


def test_the_installed_theme_still_has_the_rule():
    assert THEME_SHEETS, "no palette stylesheet in the installed theme"
    assert all(SWITCHING_RULE in sheet.read_text(encoding="utf-8") for sheet in THEME_SHEETS)


def test_the_hook_drops_the_rule_and_nothing_else(tmp_path):
    original = THEME_SHEETS[0].read_text(encoding="utf-8")
    copy = tmp_path / THEME_SHEETS[0].name
    copy.write_text(original, encoding="utf-8")
    assert drop_switching_rule(copy) is True
    edited = copy.read_text(encoding="utf-8")
    assert "data-md-color-switching" not in edited
    assert edited == original.replace(SWITCHING_RULE, "")
    assert len(original) - len(edited) == len(SWITCHING_RULE)
    assert drop_switching_rule(copy) is False  # a second run changes nothing


def test_the_built_site_has_no_page_wide_restyle_rule():
    assert [sheet.name for sheet in BUILT_SHEETS] == [sheet.name for sheet in THEME_SHEETS]
    for sheet in BUILT_SHEETS:
        text = sheet.read_text(encoding="utf-8")
        assert "data-md-color-switching" not in text
        assert "[data-md-color-scheme=slate]" in text  # the palette itself is still there
