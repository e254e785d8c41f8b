"""Run inside Pyodide's own Python (3.14) by ``hooks/stdlib_bytecode.mjs``: the referee's Python as bytecode (the
trimmed standard library, minified first by ``stdlib_minify.py``; rules_core's wheel as it is).

A fresh start of the referee (a first visit on a line too slow for the memory snapshot, "What if?" on a reading
page) spends most of its time compiling the standard library: Pyodide's start-up imports ~130 modules, and
Python compiles each from source at every fresh start (3.0 of the 5.1 s that loadPyodide took on the phone
profile; in Node, a boot took 4.1 s from source and 1.2 s from bytecode). So the zip ships each ``.py`` member as
its ``.pyc`` only (zipimport imports a sourceless ``.pyc`` as it would the source), compiled by the interpreter the
referee runs, with:

- the interpreter started with ``PYTHONNODEBUGRANGES=1`` (``hooks/stdlib_bytecode.mjs``): line numbers are kept for
  tracebacks, the column ranges are not (they are a quarter of the bytes and poorly compressible);
- no optimisation (``assert`` statements and ``__debug__`` behave as in the source);
- hash-based, unchecked ``.pyc`` files (PEP 552): no timestamps, so the same sources give the same zip, and nothing
  is compared with a source that is not there.

The bytecode costs bytes: 0.65 MB for the Zstandard copy against 0.31 MB for the minified sources, about 1.7 s more
at 1.6 Mbit/s, for about 3.6 s less of start-up on this machine (more on a phone's slower CPU).
"""

from __future__ import annotations

import importlib.util
import marshal
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

from stdlib_minify import smaller_source
from zip_rewrite import rewrite_zip


def bytecode(name: str, source: bytes) -> bytes:
    """The unchecked hash-based ``.pyc`` of one module's source."""
    code = compile(source, name, "exec", dont_inherit=True, optimize=0)
    pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
    assert marshal.loads(pyc[16:]).co_code == code.co_code
    return pyc


def compile_zip(source_zip: str, target_zip: str, minify: bool) -> dict[str, int]:
    """``source_zip`` with every ``.py`` member replaced by its ``.pyc`` (same order, same timestamps), stored; with
    ``minify``, each module's source loses its docstrings and comments first (where that is the same code)."""
    minified = 0

    def to_pyc(name: str, data: bytes) -> tuple[str, bytes] | None:
        nonlocal minified
        if not name.endswith(".py"):
            return None
        smaller = smaller_source(name, data) if minify else None
        if smaller is not None:
            data = smaller
            minified += 1
        return name + "c", bytecode(name, data)

    counts = rewrite_zip(source_zip, target_zip, to_pyc)
    return {**counts, "minified": minified}
