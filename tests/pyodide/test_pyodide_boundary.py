"""The worker boundary's contract inside Pyodide (Node, npm ``pyodide``), for a fixed sample of
valid, near-valid and hostile requests (``tests.engine.boundary.sample``): every answer is
strict JSON that the page's ``JSON.parse`` accepts, well-formed text (valid UTF-8), a result or
an error naming a field, the same as CPython's, and no request takes long."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import rules_core
from tests.engine.boundary import check_response, sample, well_formed_request
from tests.pyodide.runtime import require_node_and_pyodide

REPO = Path(__file__).resolve().parents[2]
HARNESS = REPO / "tests" / "pyodide" / "run_requests.mjs"
#: a generous bound per request in Pyodide (a busy shared machine runs it several times slower
#: than a phone would): it catches a hang or runaway work, not a slow day
SLOWEST_MS = 20_000

pytestmark = pytest.mark.pyodide


def test_pyodide_boundary(tmp_path: Path) -> None:
    require_node_and_pyodide()
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-w",
                    str(tmp_path), "-q"], check=True, cwd=tmp_path)
    wheel = next(tmp_path.glob("rules_core-*.whl"))
    requests = sample(160, seed=8)
    req_path = tmp_path / "requests.json"
    req_path.write_text(json.dumps(requests, ensure_ascii=True), encoding="utf-8")
    out_path = tmp_path / "answers.json"
    proc = subprocess.run(["node", str(HARNESS), str(wheel), str(req_path), "--out",
                           str(out_path)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and out_path.exists(), proc.stderr[-3000:]
    answers = json.loads(out_path.read_text(encoding="utf-8"))
    assert len(answers) == len(requests)
    compared = 0
    for request, answer in zip(requests, answers):
        assert answer["error"] is None, (request[:200], answer["error"])
        assert answer["parsed"] and answer["wellFormed"], (request[:200], answer)
        assert answer["ms"] < SLOWEST_MS, (request[:200], answer["ms"])
        got = check_response(request, answer["response"])
        if well_formed_request(request):
            # a request without a raw lone surrogate reaches Python unchanged: same answer
            assert got == json.loads(rules_core.handle(request)), request[:200]
            compared += 1
    assert compared >= len(requests) - 5
