"""The offline front end's pure logic, tested with node --test (tests/offline_js/)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_offline_policy_under_node_test():
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    proc = subprocess.run(["node", "--test", str(ROOT / "tests" / "offline_js")], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "# fail 0" in proc.stdout
    passed = int(re.search(r"^# pass (\d+)", proc.stdout, re.M).group(1))
    assert passed >= 3, proc.stdout
