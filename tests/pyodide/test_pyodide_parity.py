"""The scenario suite and random-game traces give identical results inside Pyodide (Node,
npm package ``pyodide``) and in CPython."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.fixtures_gen import build
from tests.pyodide.runtime import require_node_and_pyodide

REPO = Path(__file__).resolve().parents[2]
HARNESS = REPO / "tests" / "pyodide" / "run_fixtures.mjs"

pytestmark = pytest.mark.pyodide


def test_pyodide_parity(tmp_path: Path) -> None:
    require_node_and_pyodide()
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-w",
                    str(tmp_path), "-q"], check=True, cwd=tmp_path)
    wheel = next(tmp_path.glob("rules_core-*.whl"))
    fixtures = build()
    fx_path = tmp_path / "fixtures.json"
    fx_path.write_text(json.dumps(fixtures, ensure_ascii=False), encoding="utf-8")
    out_path = tmp_path / "actual.json"
    proc = subprocess.run(["node", str(HARNESS), str(wheel), str(fx_path), "--out",
                           str(out_path)], capture_output=True, text=True, timeout=300)
    assert out_path.exists(), proc.stderr[-3000:]
    actual = json.loads(out_path.read_text(encoding="utf-8"))
    assert len(actual) == len(fixtures)
    for fx, got in zip(fixtures, actual):
        assert got == fx["response"], json.loads(fx["request"])["id"]
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
