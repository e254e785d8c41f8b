"""hooks/module_preload.py: every page asks at once for each module its scripts import (one round trip, not three).

Source checks read docs/; the built checks read site/ (``make test`` builds it first)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

from hooks.module_preload import closure, static_imports

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SITE = ROOT / "site"
JS = "assets/javascripts/"
ENTRIES = [JS + "widgets.js", JS + "search.js"]


def test_static_imports_are_found_and_dynamic_ones_are_not(tmp_path):
    (tmp_path / "a.js").write_text(
        'import * as b from "./b.js";\nimport {\n  c,\n  d,\n} from "./c.js";\nimport "./side.js";\n'
        'export { e } from "../up/e.js";\nconst later = () => import("./lazy.js");\n'
        '// import "./commented.js" is not at a line start\nconst s = "import x from \'./not.js\'";\n',
        encoding="utf-8")
    found = [path.relative_to(tmp_path.parent).as_posix() for path in static_imports(tmp_path / "a.js")]
    assert found == [f"{tmp_path.name}/b.js", f"{tmp_path.name}/c.js", f"{tmp_path.name}/side.js", "up/e.js"]


def test_the_widgets_graph_is_preloaded_whole():
    modules = closure(DOCS, ENTRIES)
    assert len(modules) == len(set(modules))
    assert set(modules) >= {JS + name for name in (
        "engine.js", "referee-store.js", "referee-progress.js", "dom.js", "offline.js", "offline-policy.js",
        "language.js", "search-text.js")}
    assert not set(modules) & set(ENTRIES)
    # what a widget loads only when it is on the page stays out (import() in widgets.js)
    assert not set(modules) & {JS + "checker.js", JS + "stepper.js", JS + "score.js"}
    # and nothing is missed: each preloaded module's own imports are preloaded too
    for module in modules:
        for imported in static_imports(DOCS / module):
            assert imported.relative_to(DOCS.resolve()).as_posix() in modules


def test_every_built_page_preloads_the_modules():
    expected = closure(DOCS, ENTRIES)
    pages = [page for page in sorted(SITE.rglob("*.html")) if "pagefind" not in page.parts]
    assert len(pages) >= 78
    for page in pages:
        html = page.read_text(encoding="utf-8")
        hrefs = re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
        base = "http://site/" + page.relative_to(SITE).as_posix()
        resolved = [urljoin(base, href).removeprefix("http://site/") for href in hrefs]
        assert resolved == expected, page
        for path in resolved:
            assert (SITE / path).is_file(), (page, path)


def test_a_checker_page_asks_for_the_checkers_own_modules_from_its_head():
    """Opened from a shared link, the checker's page asks for checker.js and every module it imports that the page
    does not preload already (overrides/main.html's head script), and fetches its language's table of verdicts."""
    preloaded = closure(DOCS, ENTRIES)
    expected = [JS + "checker.js"] + [m for m in closure(DOCS, [JS + "checker.js"]) if m not in preloaded]
    assert JS + "checker-pad.js" in expected and JS + "dom.js" not in expected
    pages = sorted(SITE.glob("**/checker/index.html"))
    assert len(pages) == 6
    for page in pages:
        lang = page.parent.parent.relative_to(SITE).as_posix().replace(".", "")
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        script = re.search(r"<script>if\(/\(\^\|&\)position=/.*?</script>", head, re.S).group(0)
        listed = re.search(r"for\(const href of \[([^\]]*)\]\)", script).group(1)
        base = "http://site/" + page.relative_to(SITE).as_posix()
        resolved = [urljoin(base, href.strip('"')).removeprefix("http://site/") for href in listed.split(",")]
        assert resolved == expected, lang
        assert all((SITE / path).is_file() for path in resolved)
        table = re.search(r'const table=new URL\("([^"]+)",location.href\)', script).group(1)
        verdicts = f"assets/checker/verdicts.{lang or 'en'}.json"
        assert urljoin(base, table).removeprefix("http://site/") == verdicts
        assert (SITE / verdicts).is_file()
