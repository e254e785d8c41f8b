"""Without Node or the npm package ``pyodide`` the Pyodide tests fail, naming what is missing;
they are skipped only when asked to (``SKIP_PYODIDE=1``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pyodide import runtime


def test_present_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(runtime, "PYODIDE", Path(__file__))
    runtime.require_node_and_pyodide()


def test_missing_fails_by_name(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SKIP_PYODIDE", raising=False)
    monkeypatch.setattr(runtime, "PYODIDE", tmp_path / "pyodide.mjs")
    with pytest.raises(pytest.fail.Exception, match="node_modules/pyodide is missing"):
        runtime.require_node_and_pyodide()
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="node .* is not installed"):
        runtime.require_node_and_pyodide()


def test_skipped_only_when_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SKIP_PYODIDE", "1")
    monkeypatch.setattr(runtime, "PYODIDE", tmp_path / "pyodide.mjs")
    with pytest.raises(pytest.skip.Exception, match="SKIP_PYODIDE=1"):
        runtime.require_node_and_pyodide()
