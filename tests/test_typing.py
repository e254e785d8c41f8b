"""rules_core is strictly typed (it ships py.typed): mypy --strict finds nothing."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_rules_core_passes_mypy_strict():
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "rules_core"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
