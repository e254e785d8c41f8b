"""The front end's pure logic, tested with Node's own test runner (`node --test tests/js/`), one test per file.

The checker's files read fixtures made by rules_core itself (tests/js/make_fixtures.py: the engine's knowledge,
every disputes situation and stepper position with the engine's answers); they are made once here and handed to
node in $CHECKER_FIXTURES (run alone, tests/js/fixtures.mjs makes them itself)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))


@pytest.fixture(scope="module")
def checker_fixtures(tmp_path_factory):
    made = subprocess.run([sys.executable, str(ROOT / "tests" / "js" / "make_fixtures.py")], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    path = tmp_path_factory.mktemp("js") / "fixtures.json"
    path.write_text(made.stdout, encoding="utf-8")
    return path


@pytest.mark.parametrize("path", JS_TESTS, ids=[p.name for p in JS_TESTS])
def test_node(path, checker_fixtures):
    run = subprocess.run(["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--test", str(path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "CHECKER_FIXTURES": str(checker_fixtures)})
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout[-2000:]
