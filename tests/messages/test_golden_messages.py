"""The golden verdicts in ``golden/<lang>.txt`` are what the referee says now (regenerate with
``python -m tests.messages.golden_gen`` after an intended change, and have them read again)."""

from __future__ import annotations

import pytest

from rules_core.terms import LANGS
from tests.messages.golden_gen import build, paths, selected


@pytest.mark.parametrize("lang", LANGS)
def test_golden_file_is_current(lang: str) -> None:
    stored = paths()[lang].read_text(encoding="utf-8")
    fresh = build(lang)
    assert stored == fresh, f"golden/{lang}.txt is stale: run python -m tests.messages.golden_gen"


def test_the_golden_set_covers_every_kind_of_situation() -> None:
    sources = [item["source"] for item in selected()]
    assert len(sources) >= 300
    for kind in ("combo:", "scenario", "example", "dispute", "audit", "game"):
        assert any(s.startswith(kind) for s in sources), kind
