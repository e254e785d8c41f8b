"""The standard library the referee ships: only the modules Pyodide's start-up and rules_core really import.

Pyodide's ``python_stdlib.zip`` (2.5 MB, deflated members) holds the whole standard library; the referee imports
~130 of its ~600 files. :func:`trimmed_stdlib` measures which (``hooks/stdlib_usage.mjs``: Pyodide in Node answers
every golden fixture and one request of each facade function) and writes a zip of just those, stored uncompressed
so the file as a whole compresses well and imports need no inflating, and without docstrings and comments
(``hooks/stdlib_minify.py``: 2.77 MB of source become 1.73 MB; each rewritten file is checked to parse to the
same code), compiled to bytecode in the same run (``hooks/stdlib_bytecode.py``: each module as its ``.pyc`` only,
so a fresh start does not compile them; 2.68 MB, the ``.zst`` 0.65 MB). The full zip ships
beside it as ``python_stdlib_full.zip``: the worker fetches it only if an import is ever missing
(``stdlib_fallback.py``), and ``tests/test_referee_files.py`` proves the trimmed zip answers every fixture.

Cached in ``.cache/stdlib`` by a digest of the wheel, the Pyodide build, the scripts and the requests.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks.build_cache import cached, digest_of  # noqa: E402

log = logging.getLogger("mkdocs.hooks.stdlib_trim")

CACHE = ROOT / ".cache" / "stdlib"
USAGE_SCRIPT = ROOT / "hooks" / "stdlib_usage.mjs"
BYTECODE_SCRIPT = ROOT / "hooks" / "stdlib_bytecode.mjs"
# what the script runs in Pyodide: the compiled zips change when any of them does
BYTECODE_MODULES = tuple(ROOT / "hooks" / name for name in ("stdlib_bytecode.py", "stdlib_minify.py", "zip_rewrite.py"))
FALLBACK_MODULE = ROOT / "hooks" / "stdlib_fallback.py"
GOLDEN = ROOT / "tests" / "engine" / "fixtures" / "golden.json"
_POSITION = {"players": [{"name": "A", "hand": ["B+2", "R7", "G3"]}, {"name": "B", "hand": 5}],
             "turn": 0, "direction": 1, "discard": ["R5", "Y+2"], "color": "Y", "draw_pile": 40}
# One call of every facade function (the golden fixtures cover check, deal, apply and scoring), and a bad request.
EXTRA_REQUESTS = [
    {"fn": "legal_actions", "args": {"position": _POSITION}},
    {"fn": "scenario", "args": {"position": _POSITION, "actions": [{"type": "play", "card": "B+2"}], "lang": "hu"}},
    {"fn": "rule_url", "args": {"rule_id": "wild-draw-four"}},
    {"fn": "hand_points", "args": {"hands": [["R7", "W"], ["G+2"]]}},
    {"fn": "add_round", "args": {"totals": [10, 20], "hands": [[], ["G+2", "W"]], "winner": 0}},
    {"fn": "add_round", "args": {"totals": [10, 20], "hands": [[], ["G+2", "W"]], "winner": 0, "alternative": True}},
    {"fn": "check", "args": {"position": {"players": []}, "action": {"type": "draw"}, "lang": "et"}},
    {"fn": "nope", "args": {}},
]


def requests() -> list[str]:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    extra = [json.dumps({"id": f"extra-{i}", **request}) for i, request in enumerate(EXTRA_REQUESTS)]
    return [fixture["request"] for fixture in golden] + extra + ["not json"]


def runtime_files(pyodide_dir: Path) -> list[Path]:
    """The Pyodide runtime the build runs and ships: every product made with it is keyed by these files (by size and
    modification time: they are large, and ``npm ci`` rewrites them when the version changes)."""
    names = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
    return [pyodide_dir / name for name in names]


def _digest(pyodide_dir: Path, wheel: Path) -> str:
    return digest_of(contents=(wheel, USAGE_SCRIPT, BYTECODE_SCRIPT, *BYTECODE_MODULES, FALLBACK_MODULE, GOLDEN,
                               pyodide_dir / "package.json", Path(__file__)),
                     stats=runtime_files(pyodide_dir))


def measure(pyodide_dir: Path, wheel: Path, work: Path) -> list[str]:
    """The zip members Pyodide and rules_core import (relative paths inside python_stdlib.zip)."""
    requests_file = work / "requests.json"
    requests_file.write_text(json.dumps(requests()), encoding="utf-8")
    out = work / "usage.json"
    result = subprocess.run(["node", str(USAGE_SCRIPT), str(pyodide_dir), str(wheel), str(requests_file), str(out)],
                            cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0 or not out.exists():
        raise RuntimeError(f"measuring the standard library's use failed:\n{result.stdout}{result.stderr}")
    log.info(result.stdout.strip())
    return json.loads(out.read_text(encoding="utf-8"))["members"]


def write_trimmed(full_zip: Path, members: list[str], target: Path) -> None:
    """A zip of ``members`` (plus the fallback finder), stored, in the full zip's order, with its timestamps."""
    wanted = set(members)
    with zipfile.ZipFile(full_zip) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        missing = wanted - set(source.namelist())
        if missing:
            raise RuntimeError(f"not in {full_zip.name}: {sorted(missing)}")
        for info in source.infolist():
            if info.filename in wanted:
                copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                copy.external_attr = info.external_attr
                out.writestr(copy, source.read(info), compress_type=zipfile.ZIP_STORED)
        fallback = zipfile.ZipInfo(FALLBACK_MODULE.name, date_time=(2020, 1, 1, 0, 0, 0))
        out.writestr(fallback, FALLBACK_MODULE.read_bytes(), compress_type=zipfile.ZIP_STORED)


def to_bytecode(pyodide_dir: Path, source: Path, target: Path, *, minify: bool = False) -> None:
    """``source`` with each module as its ``.pyc`` only, compiled by Pyodide's own Python (hooks/stdlib_bytecode.py);
    with ``minify``, without docstrings and comments first (hooks/stdlib_minify.py: each rewritten member checked to
    parse to the same code)."""
    command = ["node", str(BYTECODE_SCRIPT), str(pyodide_dir), str(source), str(target)]
    result = subprocess.run(command + (["--minify"] if minify else []), cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0 or not target.exists():
        raise RuntimeError(f"compiling {source.name} failed:\n{result.stdout}{result.stderr}")
    log.info(result.stdout.strip())


def trimmed_stdlib(pyodide_dir: Path, wheel: Path) -> Path:
    """The trimmed ``python_stdlib.zip`` for this wheel and this Pyodide build (cached)."""
    full_zip = pyodide_dir / "python_stdlib.zip"

    def make(target: Path) -> None:
        members = measure(pyodide_dir, wheel, CACHE)
        whole = CACHE / "whole.zip"
        write_trimmed(full_zip, members, whole)
        to_bytecode(pyodide_dir, whole, target, minify=True)
        whole.unlink()
        log.info("trimmed standard library: %d of %d files, %d bytes", len(members) + 1,
                 len(zipfile.ZipFile(full_zip).namelist()), target.stat().st_size)

    return cached(CACHE, _digest(pyodide_dir, wheel), ".zip", make)
