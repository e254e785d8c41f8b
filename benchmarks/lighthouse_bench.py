"""Benchmark (not a test): Lighthouse's phone profile on the home, rules, disputes and checker pages of two languages.

    CHROME_PATH=/usr/bin/chromium .venv/bin/python benchmarks/lighthouse_bench.py [--langs en,sk] [--no-gzip]
        [--pages sk/rules/,checker/] [--reps 3] [--cpu 4] [--keep DIR] [--no-paint-holding]

npm ``lighthouse`` 12.2.3 (a devDependency; it runs on Node 20) against ``site/`` served by
``scripts/static_host.py`` (gzip and ``Cache-Control: max-age=600``, as GitHub Pages), mobile form factor with
Lighthouse's default simulated throttling (Slow 4G, 4x CPU), categories performance and accessibility. Prints a
table: performance, accessibility, total bytes, cumulative layout shift, largest contentful paint, and the
accessibility audits that failed (with the elements they name), for the pages' owners to see.

``--pages`` measures those paths instead of the four kinds in each language; ``--reps`` runs each page that many
times and prints the median and the spread (min-max); ``--cpu`` overrides the CPU slowdown (Lighthouse's
``throttling.cpuSlowdownMultiplier``, 4 by default); ``--keep`` keeps each report (JSON) in a folder.

``--no-paint-holding`` starts Chromium with ``--disable-features=PaintHolding``, a diagnostic: headless Chromium 156
here shows a page's first frame late, at about 1.2 s or 2.2 s after the navigation, whenever it is not ready within
the first ~0.2 s (a page of one heading and one stylesheet held back 300 ms: first paint at 1.2 s in three runs
of three; 0.13 s with the stylesheet at 50 ms; 0.4 s with the flag). Lighthouse's simulation counts every task
before the observed first paint as work the first paint waited for, so in those runs the simulated first and
largest contentful paints take in all of the page's start-up (about 2.2 s) and total blocking time less of it.
With the flag the observed first paint is the page's own (0.2-0.4 s) and the start-up counts as blocking time.
Lighthouse's ``benchmarkIndex`` of the machine is printed: below ~1000 Lighthouse warns that the machine is slower
than it expects, and its simulated phone is slower than a real one by that much (total blocking time is the first
figure to suffer).

Goals (issue 9): performance >= 0.95, accessibility 1.0, CLS < 0.1 on every page measured.
"""

from __future__ import annotations

import argparse
import json
import statistics
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.static_host import serve  # noqa: E402
from tests.browser.conftest import SITE  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
PAGES = ("", "rules/", "disputes/", "checker/")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking"


def audit(url: str, out: Path, cpu: float | None = None, paint_holding: bool = True) -> dict:
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    extra = [f"--throttling.cpuSlowdownMultiplier={cpu:g}"] if cpu else []
    subprocess.run(["node", str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
                    "--only-categories=performance,accessibility", "--form-factor=mobile",
                    f"--chrome-flags={CHROME_FLAGS}{'' if paint_holding else ' --disable-features=PaintHolding'}",
                    *extra], check=True, env=env, timeout=600)
    return json.loads(out.read_text(encoding="utf-8"))


def row(report: dict) -> dict:
    audits = report["audits"]
    failed = []
    for ref in report["categories"]["accessibility"]["auditRefs"]:
        result = audits[ref["id"]]
        if result.get("score") is not None and result["score"] < 1 and ref.get("weight", 0) > 0:
            items = (result.get("details") or {}).get("items") or []
            nodes = [item.get("node", {}).get("selector", "") for item in items[:3]]
            failed.append(f"{ref['id']} ({', '.join(filter(None, nodes))})")
    return {
        "performance": report["categories"]["performance"]["score"],
        "accessibility": report["categories"]["accessibility"]["score"],
        "bytes": audits["total-byte-weight"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "fcp": audits["first-contentful-paint"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "index": report["environment"].get("benchmarkIndex"),
        "failed": failed,
    }


def spread(values, fmt) -> str:
    if len(values) == 1:
        return fmt(values[0])
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}-{fmt(max(values))})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--langs", default="en,sk")
    parser.add_argument("--no-gzip", action="store_true")
    parser.add_argument("--pages", default=None, help="comma-separated paths, e.g. sk/rules/,checker/")
    parser.add_argument("--reps", type=int, default=1)
    parser.add_argument("--cpu", type=float, default=None, help="CPU slowdown multiplier (Lighthouse: 4)")
    parser.add_argument("--keep", type=Path, default=None, help="a folder to keep each run's JSON report in")
    parser.add_argument("--no-paint-holding", action="store_true", help="diagnostic: --disable-features=PaintHolding")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("node_modules/lighthouse is missing: run `npm ci`")
    if args.pages:
        paths = args.pages.split(",")
    else:
        paths = [("" if lang == "en" else f"{lang}/") + page for lang in args.langs.split(",") for page in PAGES]
    server, _ = serve(SITE, 0, not args.no_gzip)
    base = f"http://127.0.0.1:{server.server_port}/"
    rows: dict[str, list[dict]] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for rep in range(args.reps):  # interleaved: a shared machine's load hits every page alike
                for path in paths:
                    print(f"lighthouse /{path} (rep {rep + 1}/{args.reps}) ...", file=sys.stderr, flush=True)
                    out = Path(tmp) / "report.json"
                    if args.keep:
                        args.keep.mkdir(parents=True, exist_ok=True)
                        out = args.keep / f"{path.strip('/').replace('/', '_') or 'home'}-{rep + 1}.json"
                    rows.setdefault(path, []).append(row(audit(base + path, out, args.cpu, not args.no_paint_holding)))
    finally:
        server.shutdown()
    print(f"\nLighthouse 12.2.3, mobile, simulated Slow 4G, CPU x{args.cpu or 4:g}, "
          f"{'gzip' if not args.no_gzip else 'plain'} host, {args.reps} rep(s)"
          f"{', PaintHolding off' if args.no_paint_holding else ''}: median (min-max)")
    print("\n| page | performance | accessibility | total bytes | CLS | LCP | FCP | TBT | benchmarkIndex | "
          "accessibility findings |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for path, reps in rows.items():
        pick = lambda key: [r[key] for r in reps]  # noqa: E731
        failed = sorted({f for r in reps for f in r["failed"]})
        print(f"| /{path} | {spread(pick('performance'), lambda v: f'{v:.2f}')} | "
              f"{spread(pick('accessibility'), lambda v: f'{v:.2f}')} | "
              f"{spread(pick('bytes'), lambda v: f'{v / 1e3:.0f} KB')} | {spread(pick('cls'), lambda v: f'{v:.3f}')} | "
              f"{spread(pick('lcp'), lambda v: f'{v / 1000:.1f} s')} | {spread(pick('fcp'), lambda v: f'{v / 1000:.1f} s')} | "
              f"{spread(pick('tbt'), lambda v: f'{v:.0f} ms')} | {spread(pick('index'), lambda v: f'{v:.0f}')} | "
              f"{'; '.join(failed) or 'none'} |")


if __name__ == "__main__":
    main()
