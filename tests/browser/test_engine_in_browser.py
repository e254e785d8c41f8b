"""End to end: the checker page boots Pyodide from the site in a module worker, loads rules_core (rules_core.pyz) and
shows the engine's real answer, in every language (a shared link to a situation the build has not judged, so the
answer can only come from the referee in the page)."""

from __future__ import annotations

import pytest

from rules_core.facade import check

from .conftest import LANGS, lang_prefix
from .test_checker_links import fragment

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 60_000
POSITION = {"players": [{"hand": ["R7", "B3", "Y+2"]}, {"hand": 6}, {"hand": 5}], "turn": 0, "direction": 1,
            "discard": ["G4", "R5"], "color": "R", "draw_pile": 60}
ACTION = {"type": "play", "card": "B3"}


def test_checker_shows_the_engines_answer_in_every_language(tab):
    reasons = {}
    for lang in LANGS:
        tab.goto(lang_prefix(lang) + "checker/" + fragment(POSITION, ACTION))
        verdict = tab.page.locator('[role="status"][data-legal]').first
        verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
        assert verdict.get_attribute("data-legal") == "false"
        assert verdict.get_attribute("data-source") == "live"
        link = verdict.locator("a").first.get_attribute("href")
        assert link.endswith("/" + check(POSITION, ACTION, None, lang)["rule_url"]), link
        reasons[lang] = verdict.inner_text()
        assert check(POSITION, ACTION, None, lang)["reason"] in reasons[lang]
    # the answer is the engine's, rendered in each page's language: six different texts
    assert len(set(reasons.values())) == len(LANGS), reasons
    tab.assert_clean()
