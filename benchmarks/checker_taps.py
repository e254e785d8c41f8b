"""Taps from an empty checker to the verdict, on a phone (360 x 740), in every language.

Not a timing benchmark: it counts. For each flow of ``tests/browser/checker_flows.py`` (a colour match with a 3-card
hand, an illegal +4, a +2 on a +2 with stacking on, a challenge of a +4 both ways, a missed UNO caught) it opens the
checker with an empty table, taps the flow's controls as a finger does (Playwright's touch tap; it scrolls a target
into view first; here the page is scrolled first as a reader would, by as little as brings the target out from under
the header and the verdict bar, and those scrolls are counted apart), waits for the verdict and checks that it
is the expected one and readable without scrolling (the verdict's head or the compact bar). Run it on a built site:

    make site && .venv/bin/python benchmarks/checker_taps.py [--langs en,hu] [--json out.json]

Goal (issue 10): at most 6 taps for the colour match, and the verdict in view after the last tap, in every language.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.checker_flows import FINAL, FLOWS, IN_VIEW_JS, PHONE, ROOT as WIDGET, selector  # noqa: E402,I001
from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, LANGS, SITE, SiteHandler, lang_prefix  # noqa: E402

GOAL_COLOUR_MATCH = 6
# As a reader scrolls: only when the target is not wholly visible (below the header, above the verdict bar), and by
# as little as brings it into view. Returns the pixels scrolled (0: no scroll needed).
SCROLL_LIKE_A_READER_JS = """(sel) => {
    const el = document.querySelector(sel);
    const r = (el.closest('label') || el).getBoundingClientRect();
    const top = document.querySelector('.md-header').getBoundingClientRect().bottom + 8;
    const bar = document.querySelector('[data-checker] .checker-bar');
    const bottom = innerHeight - (bar && !bar.hidden ? bar.getBoundingClientRect().height : 0) - 8;
    let by = 0;
    if (r.top < top) by = r.top - top;
    else if (r.bottom > bottom) by = r.bottom - bottom;
    if (by) scrollBy(0, by);
    return Math.round(by);
}"""


def run(langs: list[str]) -> dict:
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    out: dict = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
            for lang in langs:
                context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                page = context.new_page()
                results = []
                for flow in FLOWS:
                    # each flow from a freshly opened, empty checker (the referee comes from the warm cache)
                    page.goto(base + lang_prefix(lang) + "checker/")
                    page.locator(f"{WIDGET} .checker-pad[data-filled]").wait_for()
                    scrolls = []
                    for kind, value in flow.taps:
                        target = selector(kind, value)
                        page.locator(target).wait_for()
                        by = page.evaluate(SCROLL_LIKE_A_READER_JS, target)
                        if by:
                            scrolls.append(by)
                        page.locator(target).tap()
                    page.locator(FINAL).wait_for(timeout=120_000)
                    view = page.evaluate(IN_VIEW_JS)
                    verdict = page.locator(f"{WIDGET} .checker-verdict")
                    results.append({
                        "flow": flow.name, "taps": len(flow.taps), "scrolls_before_taps": len(scrolls),
                        "scrolled_px": scrolls,
                        "legal": verdict.get_attribute("data-legal"), "outcome": verdict.get_attribute("data-outcome"),
                        "expected": ("true" if flow.legal else "false", flow.outcome),
                        "verdict_in_view": bool(view["head"] or view["bar"]), "by": "head" if view["head"] else "bar",
                    })
                out[lang] = results
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--langs", default=",".join(LANGS))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if not (SITE / "checker" / "index.html").exists():
        print("site/ is not built: run `make site` first", file=sys.stderr)
        return 2
    out = run(args.langs.split(","))
    ok = True
    names = [f.name for f in FLOWS]
    print(f"{'flow':40} " + " ".join(f"{lang:>6}" for lang in out))
    for i, name in enumerate(names):
        cells = []
        for lang, results in out.items():
            r = results[i]
            right = (r["legal"], r["outcome"]) == tuple(r["expected"]) and r["verdict_in_view"]
            ok &= right
            cells.append(f"{r['taps']:>4}{'' if right else '!'}{'*' if r['scrolls_before_taps'] else ' '}")
        print(f"{name:40} " + " ".join(f"{c:>6}" for c in cells))
    print("taps per flow; ! = wrong verdict or verdict not in view; * = the reader scrolled before a tap")
    for lang, results in out.items():
        scrolls = sum(r["scrolls_before_taps"] for r in results)
        print(f"  {lang}: verdict in view after the last tap in {sum(r['verdict_in_view'] for r in results)}"
              f"/{len(results)} flows ({', '.join(r['by'] for r in results)}); scrolls before a tap: {scrolls} "
              f"({'; '.join(','.join(str(px) for px in r['scrolled_px']) or '-' for r in results)} px)")
    colour = [results[0]["taps"] for results in out.values()]
    ok &= max(colour) <= GOAL_COLOUR_MATCH
    print(f"colour match with a 3-card hand: {max(colour)} taps (goal: at most {GOAL_COLOUR_MATCH})")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
