"""Known-answer tests: every scenario of scenarios.py through ``rules_core.handle``."""

from __future__ import annotations

import json

import pytest

import rules_core
from tests.engine.helpers import mismatches
from tests.engine.scenarios import SCENARIOS


def run(sc: dict) -> dict:
    resp = json.loads(rules_core.handle(json.dumps({"id": sc["name"], "fn": sc["fn"],
                                                    "args": sc["args"]})))
    assert resp["id"] == sc["name"]
    return {"result": resp["result"], **(resp["result"] if isinstance(resp["result"], dict)
                                          else {})} if resp["ok"] else {"error": resp["error"]}


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(sc: dict) -> None:
    res = run(sc)
    assert not mismatches(res, sc["expect"]), (mismatches(res, sc["expect"]), res)


def test_every_rule_has_a_scenario() -> None:
    covered = {s["name"].split(":")[0] for s in SCENARIOS}
    missing = set(rules_core.RULES) - covered
    assert not missing, missing
