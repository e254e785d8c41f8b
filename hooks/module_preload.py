"""``<link rel="modulepreload">`` for every module the page's scripts import, so the browser asks for them all at once.

A module script's imports are found only as each file arrives: ``widgets.js`` -> ``engine.js``, ``offline.js``, ...
-> ``referee-store.js``, ``dom.js``, ... On a phone line (150 ms a request) every such level is a round trip
before the widgets mount, and on the checker page before the referee's download begins. This hook reads the static
imports of each module in ``extra_javascript`` (``import ... from "./x.js"``, ``import "./x.js"``,
``export ... from "./x.js"``; not ``import()``: those load only when a widget is on the page) and lists their
closure in ``config.extra.module_preload``; ``overrides/main.html`` writes one link for each. The entry scripts
themselves are left out (their ``<script type="module">`` tags already ask for them).
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

STATIC_IMPORT = re.compile(r"""^(?:import|export)\b[^;"'`]*?["'](\.{1,2}/[^"']+)["']""", re.M)


def static_imports(path: Path) -> list[Path]:
    text = path.read_text(encoding="utf-8")
    return [(path.parent / found).resolve() for found in STATIC_IMPORT.findall(text)]


def closure(docs_dir: Path, entries: list[str]) -> list[str]:
    """The modules the entries import, directly or not, as paths relative to docs_dir, in a stable order."""
    docs = docs_dir.resolve()
    roots = [(docs / entry).resolve() for entry in entries]
    seen: dict[Path, None] = {}
    todo = list(roots)
    while todo:
        module = todo.pop(0)
        for imported in static_imports(module):
            if imported not in seen and imported not in roots:
                if not imported.is_file():
                    raise FileNotFoundError(f"{module.relative_to(docs)} imports {imported}, which does not exist")
                seen[imported] = None
                todo.append(imported)
    return [str(PurePosixPath(path.relative_to(docs))) for path in seen]


def _module_entries(config) -> list[str]:
    entries = []
    for script in config.extra_javascript:
        if getattr(script, "type", None) == "module":
            entries.append(str(getattr(script, "path", script)))
    return entries


# The checker's own modules: widgets.js imports checker.js only on a page with a checker. Opened from a shared link,
# the checker's page asks for them from its head, with the referee's early worker (overrides/main.html).
CHECKER = "assets/javascripts/checker.js"


def on_config(config, **kwargs):
    docs = Path(config.docs_dir)
    entries = _module_entries(config)
    preload = closure(docs, entries)
    config.extra["module_preload"] = preload
    config.extra["checker_preload"] = [CHECKER] + [
        module for module in closure(docs, [CHECKER]) if module not in preload and module not in entries]
    return config
