"""Put the referee in the site: the self-hosted Pyodide runtime, a trimmed standard library, a wheel of rules_core
built from the tree, a memory snapshot, pre-compressed copies, and ``pyodide/referee.json`` that lists them.

mkdocs-static-i18n builds the site once per language; this work is done once, in the default-language build,
guarded by the plugin's ``building`` flag. Each step is cached in ``.cache/`` by a digest of its inputs, so a second
build only copies files:

- the wheel, rebuilt only when a file of ``rules_core`` changed;
- ``pyodide-lock.json``: our entry added by ``pyodide lockfile add-wheels`` (``hooks/pyodide_lockfile.py``), trimmed
  to that entry (Pyodide checks the wheel's sha256 against it when the worker's fallback loads the wheel by name);
- ``python_stdlib.zip``: only the modules Pyodide and rules_core import (``hooks/stdlib_trim.py``), as bytecode; the
  full zip ships as ``python_stdlib_full.zip``, fetched only if an import is ever missing;
- ``rules_core.pyz``: the wheel's modules as bytecode (``rules_core_bytecode``), what the worker imports rules_core
  from; the wheel itself is there for the lock file only (the worker's fallback loads it by name);
- ``rules_core.snapshot``: Pyodide's memory with rules_core imported (``hooks/make_snapshot.mjs``, in Node, made
  with the trimmed zip and the ``.pyz`` the browser mounts), shipped only compressed;
- ``*.zst``: Zstandard copies of the large files (``hooks/precompress.py``), what the worker downloads.

``referee.json`` gives each file its size, its download size and a revision (a digest of its content); the worker
fetches ``<file>?v=<revision>`` and keeps what it fetched in a cache named by the referee's version (a digest of all
revisions), so a new build replaces the whole referee at once and never mixes files of two builds.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks.build_cache import cached, digest_of  # noqa: E402
from hooks.i18n_build import building_other_language  # noqa: E402
from hooks.precompress import prune, sha256, zstd_copy  # noqa: E402
from hooks.pyodide_lockfile import write_lock  # noqa: E402
from hooks.stdlib_trim import (  # noqa: E402
    BYTECODE_MODULES, BYTECODE_SCRIPT, runtime_files, to_bytecode, trimmed_stdlib,
)

log = logging.getLogger("mkdocs.hooks.engine_assets")

PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
ZSTDDEC_SRC = ROOT / "node_modules" / "zstddec" / "dist" / "zstddec-stream.mjs"
WHEEL_CACHE = ROOT / ".cache" / "wheel"
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshot"
SNAPSHOT_SCRIPT = ROOT / "hooks" / "make_snapshot.mjs"
SNAPSHOT_NAME = "rules_core.snapshot"
MODULES_CACHE = ROOT / ".cache" / "modules"
# rules_core as the referee imports it: the wheel's modules as bytecode, in a stored zip (rules_core_bytecode), and
# where the worker (and the snapshot) keep it in Pyodide's file system: imported from there as a zip. (Not "*.zip":
# the standard library's fallback finder takes the first such entry of sys.path for the trimmed standard library.)
MODULES_NAME = "rules_core.pyz"
MODULES_MOUNT = "/lib/rules_core.pyz"
MANIFEST_NAME = "referee.json"
FULL_STDLIB_NAME = "python_stdlib_full.zip"
MIME = {".wasm": "application/wasm", ".mjs": "text/javascript", ".zip": "application/zip",
        ".whl": "application/zip", ".json": "application/json", ".snapshot": "application/octet-stream"}


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


def rules_core_bytecode(wheel: Path) -> Path:
    """The wheel's members with each module as its ``.pyc`` only, compiled by Pyodide's own Python as the standard
    library is (``hooks/stdlib_bytecode.py``): a fresh start imports rules_core without compiling it (0.44 s -> 0.12 s
    in Node). The wheel itself still ships, for the lock file (the worker's fallback loads it by name). Cached by a
    digest of the wheel, the compiling scripts and the Pyodide build."""
    key = digest_of(contents=(wheel, BYTECODE_SCRIPT, *BYTECODE_MODULES, PYODIDE_SRC / "package.json"),
                    stats=runtime_files(PYODIDE_SRC))
    return cached(MODULES_CACHE, key, ".pyz", lambda target: to_bytecode(PYODIDE_SRC, wheel, target))


def _copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
        return
    shutil.copy2(src, dst)


def make_snapshot(modules: Path, stdlib: Path) -> Path:
    """The memory snapshot for these rules_core modules, this stdlib zip and this Pyodide build (made in Node, cached)."""
    key = digest_of(contents=(modules, stdlib, SNAPSHOT_SCRIPT), texts=(MODULES_MOUNT,),
                    stats=runtime_files(PYODIDE_SRC))

    def make(target: Path) -> None:
        result = subprocess.run(
            ["node", str(SNAPSHOT_SCRIPT), str(PYODIDE_SRC), str(modules), str(stdlib), str(target), MODULES_MOUNT],
            cwd=ROOT, capture_output=True, text=True,
        )
        if result.returncode != 0 or not target.exists():
            raise RuntimeError(f"making the Pyodide memory snapshot failed:\n{result.stdout}{result.stderr}")
        log.info(result.stdout.strip())

    return cached(SNAPSHOT_CACHE, key, ".snapshot", make)


def _entry(path: Path, name: str, digest: str, packed: Path | None, **extra) -> dict:
    entry = {"name": name, "rev": digest[:16], "size": path.stat().st_size,
             "type": MIME.get(Path(name).suffix, "application/octet-stream"), **extra}
    if packed is not None:
        entry["packed"] = packed.name
        entry["packedSize"] = packed.stat().st_size
    return entry


def on_post_build(config, **kwargs) -> None:
    if building_other_language(config):
        return
    if not PYODIDE_SRC.joinpath("pyodide.mjs").exists() or not ZSTDDEC_SRC.exists():
        raise RuntimeError("node_modules is missing pyodide or zstddec: run `npm ci` (make does it)")
    site = Path(config.site_dir)
    dest = site / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    vendor = site / "assets" / "javascripts" / "vendor"
    vendor.mkdir(parents=True, exist_ok=True)
    _copy_if_changed(ZSTDDEC_SRC, vendor / "zstddec-stream.mjs")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        _copy_if_changed(PYODIDE_SRC / name, dest / name)
    _copy_if_changed(PYODIDE_SRC / "python_stdlib.zip", dest / FULL_STDLIB_NAME)

    wheel = build_wheel()
    for old in dest.glob("rules_core-*.whl"):
        if old.name != wheel.name:
            old.unlink()
    shutil.copy2(wheel, dest / wheel.name)
    tool = write_lock(PYODIDE_SRC, dest / wheel.name, dest / "pyodide-lock.json")
    stdlib = trimmed_stdlib(PYODIDE_SRC, wheel)
    shutil.copy2(stdlib, dest / "python_stdlib.zip")
    modules = rules_core_bytecode(wheel)
    shutil.copy2(modules, dest / MODULES_NAME)
    snapshot = make_snapshot(modules, stdlib)
    for stale in (*dest.glob("*.snapshot.gz"), *dest.glob("*.tmp")):
        stale.unlink()

    files, digests = [], set()

    def add(path: Path, name: str, pack: bool, **extra) -> None:
        digest = sha256(path)
        digests.add(digest[:24])
        packed = zstd_copy(path, dest / f"{name}.zst", digest) if pack else None
        files.append(_entry(path, name, digest, packed, **extra))

    add(dest / "pyodide-lock.json", "pyodide-lock.json", pack=False)
    add(dest / MODULES_NAME, MODULES_NAME, pack=True, mount=MODULES_MOUNT)
    add(dest / "pyodide.asm.mjs", "pyodide.asm.mjs", pack=True)
    add(dest / "python_stdlib.zip", "python_stdlib.zip", pack=True)
    add(dest / "pyodide.asm.wasm", "pyodide.asm.wasm", pack=True)
    add(snapshot, SNAPSHOT_NAME, pack=True, optional=True)
    prune(digests)
    full = dest / FULL_STDLIB_NAME
    manifest = {
        "version": hashlib.sha256("".join(f["rev"] for f in files).encode()).hexdigest()[:16],
        "pyodide": json.loads((PYODIDE_SRC / "package.json").read_text(encoding="utf-8"))["version"],
        "files": files,
        "fallback": {"name": FULL_STDLIB_NAME, "rev": sha256(full)[:16], "size": full.stat().st_size},
        "bytes": sum(f.get("packedSize", f["size"]) for f in files),
    }
    (dest / MANIFEST_NAME).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    log.info("referee %s: %.2f MB to download (%s)", manifest["version"], manifest["bytes"] / 1e6, tool)
