"""Every situation the checker's edits can make, the engine can judge: random walks through the edits from an empty
table (tests/js/edit_walk.mjs, seeded, only the controls the checker offers) hand each complete situation to
rules_core.check, which must give a verdict, never refuse the position ("the referee can't judge this situation")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from rules_core.facade import check

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("seed", [1, 2])
def test_every_situation_the_edits_make_is_judged(seed):
    run = subprocess.run(["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "tests/js/edit_walk.mjs",
                          "250", "30", str(seed)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    walked = json.loads(run.stdout)
    assert len(walked) > 1000
    kinds = {item["situation"]["action"]["type"] for item in walked}
    assert kinds >= {"play", "draw", "pass", "challenge", "catch", "uno", "color"}
    refused = []
    for item in walked:
        s = item["situation"]
        answer = check(s["position"], s["action"], s["rules"], "en")
        if "error" in answer:
            refused.append((answer["error"]["message"], item["path"][-5:], s))
    assert refused == [], refused[:3]
