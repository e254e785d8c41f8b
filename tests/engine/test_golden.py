"""The committed golden fixtures still match what CPython computes (regenerate with
``python -m tests.engine.fixtures_gen`` after an intended change)."""

from __future__ import annotations

import json

from tests.engine.fixtures_gen import PATH, build


def test_golden_fixtures_current() -> None:
    stored = json.loads(PATH.read_text(encoding="utf-8"))
    fresh = build()
    assert [f["request"] for f in stored] == [f["request"] for f in fresh]
    for s, f in zip(stored, fresh):
        assert s["response"] == f["response"], json.loads(s["request"])["id"]
