"""Benchmark (not a test): Lighthouse's phone profile on the home, rules, disputes and checker pages of two languages.

    CHROME_PATH=/usr/bin/chromium .venv/bin/python benchmarks/lighthouse_bench.py [--langs en,sk] [--no-gzip]

npm ``lighthouse`` 12.2.3 (a devDependency; it runs on Node 20) against ``site/`` served by
``scripts/static_host.py`` (gzip and ``Cache-Control: max-age=600``, as GitHub Pages), mobile form factor with
Lighthouse's default simulated throttling (Slow 4G, 4x CPU), categories performance and accessibility. Prints a
table: performance, accessibility, total bytes, cumulative layout shift, largest contentful paint, and the
accessibility audits that failed (with the elements they name), for the pages' owners to see.

Goals (issue 9): performance >= 0.95, accessibility 1.0, CLS < 0.1 on every page measured.
"""

from __future__ import annotations

import argparse
import json
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


def audit(url: str, out: Path) -> dict:
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    subprocess.run(["node", str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
                    "--only-categories=performance,accessibility", "--form-factor=mobile",
                    f"--chrome-flags={CHROME_FLAGS}"], check=True, env=env, timeout=600)
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
        "failed": failed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--langs", default="en,sk")
    parser.add_argument("--no-gzip", action="store_true")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("node_modules/lighthouse is missing: run `npm ci`")
    server, _ = serve(SITE, 0, not args.no_gzip)
    base = f"http://127.0.0.1:{server.server_port}/"
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for lang in args.langs.split(","):
                for page in PAGES:
                    path = ("" if lang == "en" else f"{lang}/") + page
                    print(f"lighthouse /{path} ...", file=sys.stderr, flush=True)
                    rows.append((path, row(audit(base + path, Path(tmp) / "report.json"))))
    finally:
        server.shutdown()
    print("\n| page | performance | accessibility | total bytes | CLS | LCP | accessibility findings |")
    print("|---|---|---|---|---|---|---|")
    for path, r in rows:
        print(f"| /{path} | {r['performance']:.2f} | {r['accessibility']:.2f} | {r['bytes'] / 1e3:.0f} KB | "
              f"{r['cls']:.3f} | {r['lcp'] / 1000:.1f} s | {'; '.join(r['failed']) or 'none'} |")


if __name__ == "__main__":
    main()
