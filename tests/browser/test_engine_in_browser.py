"""End to end: the checker page boots Pyodide from the site in a module worker, loads the rules_core wheel and
shows the engine's real answer, in every language."""

from __future__ import annotations

import pytest

from .conftest import LANGS, lang_prefix

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 60_000


def test_checker_shows_the_engines_answer_in_every_language(tab):
    reasons = {}
    for lang in LANGS:
        tab.goto(lang_prefix(lang) + "checker/")
        verdict = tab.page.locator('[role="status"][data-legal]').first
        verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
        assert verdict.get_attribute("data-legal") in ("true", "false")
        link = verdict.locator("a").first.get_attribute("href")
        assert "#" in link, link
        reasons[lang] = verdict.inner_text()
    # the answer is the engine's, rendered in each page's language: six different texts
    assert len(set(reasons.values())) == len(LANGS), reasons
    tab.assert_clean()
