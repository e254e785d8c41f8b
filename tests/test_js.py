"""The front end's pure logic (docs/assets/javascripts: the checker's link, edits and situation, verdicts as data,
asking the referee) under ``node --test tests/js``, with fixtures made by rules_core (tests/js/make_fixtures.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is needed (make test installs the npm packages)")
def test_front_end_logic_under_node(tmp_path):
    made = subprocess.run([sys.executable, str(ROOT / "tests" / "js" / "make_fixtures.py")], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    fixtures = tmp_path / "fixtures.json"
    fixtures.write_text(made.stdout, encoding="utf-8")
    result = subprocess.run(
        ["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--test", "--test-reporter=spec", "tests/js/"],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "CHECKER_FIXTURES": str(fixtures)}, timeout=300,
    )
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-4000:]
    passed = re.search(r"^\S+ pass (\d+)$", result.stdout, re.MULTILINE)
    assert passed and int(passed.group(1)) >= 25, result.stdout[-2000:]  # every test file was found and ran
