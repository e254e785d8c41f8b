"""The full standard library, fetched only if the trimmed one lacks a module (the referee's worker, in Pyodide).

The site ships a trimmed ``python_stdlib.zip`` (only what Pyodide's start-up and rules_core import, measured at
build time by ``hooks/stdlib_usage.mjs``). This finder sits on ``sys.meta_path`` after the normal path finder: when an import of a
standard-library module finds nothing, it asks the worker for the full zip once (``js.refereeFullStdlib()``, a
synchronous fetch that writes it into the file system and returns its path) and finds the module there; a
submodule of a package of the trimmed zip is looked up in the same package of the full zip. If the full zip cannot
be had (offline, say), the import fails as it would have, and rules_core answers with the error as data.
"""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import ModuleSpec, PathFinder
from typing import Sequence


class FullStdlibFinder:
    trimmed = next((entry for entry in sys.path if entry.endswith(".zip")), "")
    full: str | None = None
    unavailable = False

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None, target: object = None) -> ModuleSpec | None:
        if name.partition(".")[0] not in sys.stdlib_module_names or not cls.trimmed:
            return None
        full = cls._full()
        if full is None:
            return None
        if path is None:
            search = [full]
        else:
            search = [entry.replace(cls.trimmed, full, 1) for entry in path if entry.startswith(cls.trimmed)]
        return PathFinder.find_spec(name, search, target) if search else None  # type: ignore[arg-type]

    @classmethod
    def _full(cls) -> str | None:
        if cls.full is None and not cls.unavailable:
            try:
                import js  # the worker's global scope

                cls.full = str(js.refereeFullStdlib())
                importlib.invalidate_caches()
            except Exception as error:  # offline, or no worker: the import fails as it would have
                print(f"stdlib_fallback: the full standard library is unavailable ({error})", file=sys.stderr)
                cls.unavailable = True
        return cls.full


def install() -> None:
    """Put the finder on ``sys.meta_path`` right after the path finder (once): after every normal lookup, and
    before Pyodide's own hook, which turns a missing standard-library module into an error."""
    if FullStdlibFinder in sys.meta_path:
        return
    after = next((i for i, finder in enumerate(sys.meta_path) if finder is PathFinder), len(sys.meta_path) - 1)
    sys.meta_path.insert(after + 1, FullStdlibFinder)  # type: ignore[arg-type]
