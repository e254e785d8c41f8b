"""What the Pyodide tests need: Node and the npm package ``pyodide`` (``make test`` installs
both: ``npm ci`` runs before the site is built). A missing one fails the test, naming it,
rather than skipping it where nobody looks; ``SKIP_PYODIDE=1`` skips the tests knowingly
(the reason shows in pytest's summary)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PYODIDE = REPO / "node_modules" / "pyodide" / "pyodide.mjs"


def require_node_and_pyodide() -> None:
    missing = []
    if shutil.which("node") is None:
        missing.append("node (Node 20+) is not installed")
    if not PYODIDE.exists():
        missing.append("node_modules/pyodide is missing (npm ci installs it)")
    if not missing:
        return
    reason = "; ".join(missing)
    if os.environ.get("SKIP_PYODIDE") == "1":
        pytest.skip(f"SKIP_PYODIDE=1: {reason}")
    pytest.fail(f"the Pyodide tests cannot run: {reason} (set SKIP_PYODIDE=1 to skip them "
                "knowingly)", pytrace=False)
