"""Put the engine in the site: the self-hosted Pyodide runtime and a wheel of rules_core built from the tree.

mkdocs-static-i18n builds the site once per language; this work is done once, in the first (default-language)
build, guarded by the plugin's ``building`` flag. The wheel is rebuilt only when a file of ``rules_core`` changed,
and it is added to Pyodide's lock file with the maintained ``pyodide-lock`` library, so the worker loads it by
name (``loadPackage("rules_core")``) with its sha256 checked.

It also makes the memory snapshot the worker restores to answer fast (``hooks/make_snapshot.mjs``, in Node: Pyodide
with rules_core imported, gzip-compressed, ``pyodide/rules_core.snapshot.gz``), cached in ``.cache/snapshot`` by a
digest of the wheel, the Pyodide build and the script, so a second build copies it instead of making it (~6 s).
The snapshot is made from the working tree at build time and never committed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

from pyodide_lock.spec import InfoSpec
from pyodide_lock.utils import package_spec_from_wheel

log = logging.getLogger("mkdocs.hooks.engine_assets")

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
WHEEL_CACHE = ROOT / ".cache" / "wheel"
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshot"
SNAPSHOT_SCRIPT = ROOT / "hooks" / "make_snapshot.mjs"
SNAPSHOT_NAME = "rules_core.snapshot.gz"


def _building_other_language(config) -> bool:
    i18n = config.plugins.get("i18n")
    return bool(i18n and getattr(i18n, "building", False))


def _source_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(ROOT.joinpath("rules_core").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    digest.update(ROOT.joinpath("pyproject.toml").read_bytes())
    return digest.hexdigest()[:16]


def build_wheel() -> Path:
    """Build the rules_core wheel from the working tree (cached by the sources' digest)."""
    out = WHEEL_CACHE / _source_digest()
    wheels = sorted(out.glob("rules_core-*-py3-none-any.whl"))
    if wheels:
        return wheels[0]
    shutil.rmtree(WHEEL_CACHE, ignore_errors=True)
    out.mkdir(parents=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(out), str(ROOT)],
        check=True, cwd=ROOT,
    )
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    for egg in ROOT.glob("*.egg-info"):
        shutil.rmtree(egg, ignore_errors=True)
    (wheel,) = out.glob("rules_core-*-py3-none-any.whl")
    log.info("built %s", wheel.name)
    return wheel


def _copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
        return
    shutil.copy2(src, dst)


def on_post_build(config, **kwargs) -> None:
    if _building_other_language(config):
        return
    if not PYODIDE_SRC.joinpath("pyodide.mjs").exists():
        raise RuntimeError("node_modules/pyodide is missing: run `npm ci` (make does it)")
    dest = Path(config.site_dir) / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_SRC / name, dest / name)
    wheel = build_wheel()
    for old in dest.glob("rules_core-*.whl"):
        if old.name != wheel.name:
            old.unlink()
    shutil.copy2(wheel, dest / wheel.name)
    write_lock(dest / wheel.name, dest / "pyodide-lock.json")
    _copy_if_changed(make_snapshot(wheel), dest / SNAPSHOT_NAME)


def make_snapshot(wheel: Path) -> Path:
    """The memory snapshot for this wheel and this Pyodide build (made in Node, cached by their digest)."""
    digest = hashlib.sha256(wheel.read_bytes())
    for path in (*(PYODIDE_SRC / name for name in (*PYODIDE_FILES, "package.json")), SNAPSHOT_SCRIPT):
        stat = path.stat()
        digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    digest.update(SNAPSHOT_SCRIPT.read_bytes())
    target = SNAPSHOT_CACHE / f"{digest.hexdigest()[:16]}.snapshot.gz"
    if target.exists():
        return target
    shutil.rmtree(SNAPSHOT_CACHE, ignore_errors=True)
    SNAPSHOT_CACHE.mkdir(parents=True)
    result = subprocess.run(
        ["node", str(SNAPSHOT_SCRIPT), str(PYODIDE_SRC), str(wheel), str(target)],
        cwd=ROOT, capture_output=True, text=True,
    )
    if result.returncode != 0 or not target.exists():
        raise RuntimeError(f"making the Pyodide memory snapshot failed:\n{result.stdout}{result.stderr}")
    log.info(result.stdout.strip())
    return target


def write_lock(wheel: Path, target: Path) -> None:
    """Pyodide's lock file with an entry for our wheel (name, sha256, imports) computed by pyodide-lock.

    pyodide-lock 0.1.2 (the newest release) cannot parse the ``tool`` keys of Pyodide 314's lock file, so the
    file is kept as it is and only the entry for rules_core, made by the library, is added to it.
    """
    lock = json.loads(PYODIDE_SRC.joinpath("pyodide-lock.json").read_text(encoding="utf-8"))
    version = json.loads(PYODIDE_SRC.joinpath("package.json").read_text(encoding="utf-8"))["version"]
    fields = {"version": version, **lock["info"]}
    info = InfoSpec(**{key: value for key, value in fields.items() if key in InfoSpec.model_fields})
    entry = package_spec_from_wheel(wheel, info=info)
    entry.file_name = wheel.name
    lock["packages"][entry.name] = entry.model_dump(mode="json", exclude_none=True)
    target.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")
