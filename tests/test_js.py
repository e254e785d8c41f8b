"""The front end's pure logic, tested with Node's own test runner (`node --test tests/js/`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))


@pytest.mark.parametrize("path", JS_TESTS, ids=[p.name for p in JS_TESTS])
def test_node(path):
    run = subprocess.run(["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--test", str(path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
