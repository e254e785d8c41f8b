"""Each rule's name (the link under a verdict) is the heading of its paragraph on the rule pages, in
every language: the same words, or the heading's first words when the heading covers more ("Playing
out of turn, and penalties"), or the heading without its question mark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_core.catalogue import RULES
from rules_core.messages import rule_name
from rules_core.terms import LANGS

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^#+ (.*?)\s*\{\s*#([a-z0-9-]+)", re.M)


def headings(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for page in ("rules", "house-rules", "editions"):
        text = (ROOT / "docs" / lang / f"{page}.md").read_text(encoding="utf-8")
        out.update({anchor: title for title, anchor in HEADING.findall(text)})
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_rule_names_are_the_page_headings(lang: str) -> None:
    found = headings(lang)
    wrong = []
    for rule_id in RULES:
        name, heading = rule_name(rule_id, lang), found.get(rule_id)
        if heading is None:
            wrong.append(f"{rule_id}: no heading with this anchor")
        elif not (heading == name or heading.rstrip("?") == name
                  or re.match(re.escape(name) + r"(,| a | i | és | ja | and )", heading)):
            wrong.append(f"{rule_id}: rule name {name!r}, heading {heading!r}")
    assert not wrong, f"{lang}: " + "; ".join(wrong)
