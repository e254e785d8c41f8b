"""The referee's ``pyodide-lock.json``: Pyodide's lock file with our wheel added, trimmed to what the site ships.

The wheel is added with pyodide-build's own command, ``pyodide lockfile add-wheels`` (pyodide-build 0.39.2 with
pyodide-lock 0.2.1, which need Python 3.12+: a venv in ``.cache/pyodide-build`` made once from a Python 3.12 or 3.13
found on the machine (on PATH or in pyenv's versions), or named by ``PYODIDE_BUILD_PYTHON``; pins in ``requirements/pyodide-build.txt``). Where no
such Python exists, the entry is made in-process with pyodide-lock 0.1.2 (the newest release for Python 3.11; it
cannot parse the ``tool`` keys of Pyodide 314's lock file, so only our entry is made by it). Both give the same
entry: name, version, sha256, imports.

The lock file Pyodide ships lists 357 packages the site does not ship (loading one by name would reach for a CDN);
the referee's copy keeps ``info`` and the rules_core entry only: 1 KB instead of 119 KB.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("mkdocs.hooks.pyodide_lockfile")

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".cache" / "pyodide-build"
PINS = ROOT / "requirements" / "pyodide-build.txt"
PYTHONS = ("python3.13", "python3.12")


def _python_312() -> str | None:
    named = os.environ.get("PYODIDE_BUILD_PYTHON")
    if named:
        return named
    if sys.version_info >= (3, 12):
        return sys.executable
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    candidates = [shutil.which(name) for name in PYTHONS]
    candidates += [str(path) for path in sorted(pyenv.glob("3.1[2-9]*/bin/python3"), reverse=True)]
    for found in filter(None, candidates):
        # a pyenv shim exists even where that version is not selected: ask it for real
        if subprocess.run([found, "-c", "import venv, sys; assert sys.version_info >= (3, 12)"],
                          capture_output=True).returncode == 0:
            return found
    return None


def pyodide_cli() -> Path | None:
    """The ``pyodide`` command of a venv with pyodide-build (made once), or None where Python 3.12+ is missing."""
    cli = VENV / "bin" / "pyodide"
    stamp = VENV / ".pins"
    if cli.exists() and stamp.exists() and stamp.read_text() == PINS.read_text():
        return cli
    python = _python_312()
    if python is None:
        return None
    shutil.rmtree(VENV, ignore_errors=True)
    try:
        subprocess.run([python, "-m", "venv", str(VENV)], check=True, capture_output=True)
        subprocess.run([str(VENV / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "-r", str(PINS)], check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as error:
        # (info, not a warning: mkdocs --strict would fail the build, and the fallback gives the same entry)
        log.info("pyodide-build could not be installed (%s); using pyodide-lock in-process",
                    (error.stderr or "")[-500:] if isinstance(error.stderr, str) else error)
        shutil.rmtree(VENV, ignore_errors=True)
        return None
    stamp.write_text(PINS.read_text())
    return cli


def _entry_with_pyodide_build(cli: Path, source_lock: Path, wheel: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copy2(wheel, work / wheel.name)
        out = work / "pyodide-lock.json"
        subprocess.run([str(cli), "lockfile", "add-wheels", "--input", str(source_lock.resolve()), "--output", str(out),
                        "--base-path", str(work), str(work / wheel.name)],
                       check=True, capture_output=True, text=True, cwd=work)
        packages = json.loads(out.read_text(encoding="utf-8"))["packages"]
    return next(entry for entry in packages.values() if "rules_core" in entry.get("imports", []))


def _entry_with_pyodide_lock(source: dict, version: str, wheel: Path) -> dict:
    from pyodide_lock.spec import InfoSpec
    from pyodide_lock.utils import package_spec_from_wheel

    fields = {"version": version, **source["info"]}
    info = InfoSpec(**{key: value for key, value in fields.items() if key in InfoSpec.model_fields})
    entry = package_spec_from_wheel(wheel, info=info)
    entry.file_name = wheel.name
    return entry.model_dump(mode="json", exclude_none=True)


def write_lock(pyodide_dir: Path, wheel: Path, target: Path) -> str:
    """Write the trimmed lock file with our wheel; return which tool made the entry."""
    source_lock = pyodide_dir / "pyodide-lock.json"
    source = json.loads(source_lock.read_text(encoding="utf-8"))
    cli = pyodide_cli()
    if cli is not None:
        entry, tool = _entry_with_pyodide_build(cli, source_lock, wheel), "pyodide lockfile add-wheels"
    else:
        version = json.loads((pyodide_dir / "package.json").read_text(encoding="utf-8"))["version"]
        entry, tool = _entry_with_pyodide_lock(source, version, wheel), "pyodide-lock (in-process)"
    entry["file_name"] = wheel.name
    lock = {"info": source["info"], "packages": {entry["name"]: entry}}
    target.write_text(json.dumps(lock, separators=(",", ":"), sort_keys=True), encoding="utf-8")
    return tool
