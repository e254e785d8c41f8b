"""What the build ships of the referee (hooks/engine_assets.py): referee.json agrees with the files, each .zst copy
decodes to its file, revisions are digests of the content, the lock file is trimmed to our wheel, and the trimmed
standard library is enough: every fixture of the Pyodide parity suite gets the same answer in Pyodide (Node) with
only the trimmed python_stdlib.zip, and no fallback to the full one."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
import zstandard

from hooks.stdlib_minify import minified, shape, without_docstrings
from tests.engine.fixtures_gen import build

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
PYODIDE = SITE / "pyodide"
HARNESS = ROOT / "tests" / "pyodide" / "run_fixtures.mjs"


@pytest.fixture(scope="module")
def manifest() -> dict:
    path = PYODIDE / "referee.json"
    if not path.exists():
        pytest.fail("site/ is not built: run `make site`")
    return json.loads(path.read_text(encoding="utf-8"))


def test_referee_json_describes_every_file(manifest):
    names = {entry["name"] for entry in manifest["files"]}
    assert {"pyodide-lock.json", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "rules_core.pyz",
            "rules_core.snapshot"} <= names
    total = 0
    for entry in manifest["files"]:
        packed = PYODIDE / entry.get("packed", entry["name"])
        raw = zstandard.ZstdDecompressor().decompress(packed.read_bytes()) if "packed" in entry else packed.read_bytes()
        assert len(raw) == entry["size"], entry["name"]
        assert hashlib.sha256(raw).hexdigest().startswith(entry["rev"]), entry["name"]
        total += packed.stat().st_size
    assert manifest["bytes"] == total
    version = hashlib.sha256("".join(entry["rev"] for entry in manifest["files"]).encode()).hexdigest()[:16]
    assert manifest["version"] == version


def test_the_referee_costs_at_least_30_percent_fewer_bytes_than_before(manifest):
    # before: 13.1 MB on a gzip host (the runtime gzip-encoded, the full standard library, a 6.4 MB gzip snapshot)
    assert manifest["bytes"] <= 0.7 * 13.1e6
    snapshot = next(entry for entry in manifest["files"] if entry["name"] == "rules_core.snapshot")
    assert snapshot.get("optional") is True


def test_the_lock_file_lists_only_our_wheel_with_its_digest(manifest):
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    (entry,) = lock["packages"].values()
    wheel = PYODIDE / entry["file_name"]
    assert entry["imports"] == ["rules_core"]
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()


def test_rules_core_ships_as_the_bytecode_of_its_wheel(manifest):
    """The worker imports rules_core from rules_core.pyz: the wheel's members, each module as its .pyc only (compiled
    as the standard library is); the wheel itself is left to the lock file."""
    wheel = zipfile.ZipFile(next(PYODIDE.glob("rules_core-*-py3-none-any.whl")))
    pyz = zipfile.ZipFile(PYODIDE / "rules_core.pyz")
    expected = [name + "c" if name.endswith(".py") else name for name in wheel.namelist()]
    assert pyz.namelist() == expected
    assert all(info.compress_type == zipfile.ZIP_STORED for info in pyz.infolist())
    stdlib_magic = zipfile.ZipFile(PYODIDE / "python_stdlib.zip").read("json/__init__.pyc")[:16]
    for name in pyz.namelist():
        if name.endswith(".pyc"):
            assert pyz.read(name)[:8] == stdlib_magic[:8], name  # the same Python's magic, unchecked hash-based
    assert not any(entry["name"].endswith(".whl") for entry in manifest["files"])  # not downloaded by the worker


def test_the_trimmed_standard_library_is_a_subset_with_the_fallback_finder():
    trimmed = zipfile.ZipFile(PYODIDE / "python_stdlib.zip")
    full = zipfile.ZipFile(PYODIDE / "python_stdlib_full.zip")
    names = set(trimmed.namelist())
    # bytecode only (hooks/stdlib_bytecode.py): a fresh start compiles none of it
    assert all(name.endswith(".pyc") for name in names)
    sources = {name[:-1] for name in names}
    assert "stdlib_fallback.py" in sources and not any(name.startswith("rules_core") for name in sources)
    assert sources - {"stdlib_fallback.py"} <= set(full.namelist())
    assert len(names) < len(full.namelist()) / 3
    for name in ("json/__init__.py", "random.py", "dataclasses.py", "pyodide/__init__.py", "tarfile.py"):
        assert name in sources, name


def test_the_shipped_bytecode_is_the_original_code_less_its_docstrings():
    """Each .pyc of the trimmed standard library is, byte for byte, the bytecode of its module of the full zip as
    the minifier rewrote it; that source has no docstring left and the original's tree otherwise (checked by the
    test's own code, with Pyodide's own 3.14 parser). Each .pyc of rules_core.pyz is the bytecode of the wheel's
    source."""
    from tests.pyodide.runtime import require_node_and_pyodide

    require_node_and_pyodide()
    wheel = next(PYODIDE.glob("rules_core-*-py3-none-any.whl"))
    proc = subprocess.run(["node", str(ROOT / "tests" / "pyodide" / "check_stdlib_bytecode.mjs"),
                           str(PYODIDE / "python_stdlib.zip"), str(PYODIDE / "python_stdlib_full.zip"),
                           str(PYODIDE / "rules_core.pyz"), str(wheel)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["problems"] == []
    assert out["checked"] == len(zipfile.ZipFile(PYODIDE / "python_stdlib.zip").namelist())
    assert out["rewritten"] >= 100
    assert out["pyz"] == len(zipfile.ZipFile(PYODIDE / "rules_core.pyz").namelist())  # every member checked


def test_the_minifier_drops_docstrings_and_comments_and_nothing_else():
    source = ('"""Module doc."""\nimport os  # a comment\n\n\nclass A:\n    """Class doc."""\n\n    def f(self):\n'
              '        """Only a docstring."""\n\n    async def g(self, x):\n        "doc"\n        return f"{x!r}"\n')
    text = minified("m.py", source)
    assert text == "import os\n\nclass A:\n\n    def f(self):\n        pass\n\n    async def g(self, x):\n" \
        "        return f'{x!r}'\n"
    assert shape(without_docstrings(ast.parse(text))) == shape(without_docstrings(ast.parse(source)))
    # Pyodide's packages keep their docstrings (it copies them onto its proxies); unparseable files are kept
    assert '"""Module doc."""' in minified("_pyodide/m.py", source) and "Class doc" in minified("pyodide/m.py", source)
    assert minified("bad.py", "def (:\n") is None


def test_the_shipped_bytecode_answers_every_parity_fixture(manifest, tmp_path):
    """What the worker runs, in Pyodide under Node: site/pyodide's trimmed standard library and rules_core from
    rules_core.pyz (bytecode only), mounted as the worker mounts it. The fallback finder is not installed there, so
    a module missing from the trimmed zip would make a fixture fail; each answer must be CPython's."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    node_pyodide = ROOT / "node_modules" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "package.json", "pyodide-lock.json"):
        shutil.copyfile(node_pyodide / name, runtime / name)
    shutil.copyfile(PYODIDE / "python_stdlib.zip", runtime / "python_stdlib.zip")
    fixtures = build()
    fx_path = tmp_path / "fixtures.json"
    fx_path.write_text(json.dumps(fixtures, ensure_ascii=False), encoding="utf-8")
    out_path = tmp_path / "actual.json"
    mount = next(entry["mount"] for entry in manifest["files"] if entry["name"] == "rules_core.pyz")
    proc = subprocess.run(["node", str(HARNESS), str(PYODIDE / "rules_core.pyz"), str(fx_path), "--out", str(out_path),
                           "--mount", mount],
                          capture_output=True, text=True, timeout=600, env={**os.environ, "PYODIDE_DIR": str(runtime)})
    assert out_path.exists(), proc.stderr[-3000:]
    actual = json.loads(out_path.read_text(encoding="utf-8"))
    for fx, got in zip(fixtures, actual):
        assert got == fx["response"], json.loads(fx["request"])["id"]
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    assert f"(rules_core from {mount}/rules_core/__init__.pyc)" in proc.stdout, proc.stdout


RESTORE = ROOT / "tests" / "pyodide" / "restore_snapshot.mjs"


def test_the_snapshot_boots_as_the_worker_boots_it(manifest, tmp_path):
    """The snapshot already has rules_core imported from rules_core.pyz and the fallback finder installed: after
    writing the .pyz back at its mount (no unpacking), it answers, and an import the trimmed zip lacks still comes
    from the full zip."""
    from tests.pyodide.runtime import require_node_and_pyodide

    require_node_and_pyodide()
    pyz = next(entry for entry in manifest["files"] if entry.get("mount"))
    assert pyz["name"] == "rules_core.pyz"
    assert pyz["mount"].startswith("/lib/") and not pyz["mount"].endswith(".zip")  # (the finder's own test)
    trimmed = set(zipfile.ZipFile(PYODIDE / "python_stdlib.zip").namelist())
    full = set(zipfile.ZipFile(PYODIDE / manifest["fallback"]["name"]).namelist())
    missing = next(name for name in ("csv.py", "fractions.py", "difflib.py")
                   if name + "c" not in trimmed and name in full)  # (the trimmed zip holds bytecode: *.pyc)
    snapshot = tmp_path / "rules_core.snapshot"
    snapshot.write_bytes(zstandard.ZstdDecompressor().decompress((PYODIDE / "rules_core.snapshot.zst").read_bytes()))
    proc = subprocess.run(["node", str(RESTORE), str(PYODIDE), str(snapshot), missing[:-3]],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["answer"]["ok"] is True and out["answer"]["result"]["legal"] is False, out["answer"]
    assert out["rulesCoreFile"] == pyz["mount"] + "/rules_core/__init__.pyc"  # (bytecode, no source)
    assert out["mountedBefore"] == 1  # on sys.path in the snapshot already
    assert "FullStdlibFinder" in out["finders"]
    assert out["missingFile"] == f"/lib/{manifest['fallback']['name']}/{missing}"
    assert out["fullFetched"] == 1
