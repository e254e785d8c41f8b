"""Benchmark (not a test): a phone on a bad line and a desktop, against the built site, in one run.

    .venv/bin/python benchmarks/offline_bench.py [--reps 1] [--only phone|desktop] [--hosts gzip,plain]

Headless Debian Chromium (the browser tests' flags), each scenario in a fresh browser profile on disk (so the HTTP
cache, the service worker and Cache Storage behave as on a real device), against ``site/`` served by
``scripts/static_host.py`` -- once by a host that compresses as common static hosts do (gzip for text and wasm,
``Cache-Control: max-age=600``) and once by one that sends files as they are. Throttling is done in the server (one
line of N Mbit/s shared by all connections, a delay before each response: DevTools throttling misses worker
requests) plus CDP CPU throttling for the phone.

Profiles: **phone** "Slow 4G" = 1.6 Mbit/s down, 150 ms per request, 4x CPU slowdown; **desktop** = unthrottled.

Scenarios, each reported with its time and the bytes the server sent (response bodies):

- ``checker link, first visit``: a shared checker link in a new profile: text readable (first contentful paint)
  and the verdict (``[role=status][data-legal]``);
- ``rules page, first visit``: ``/sk/rules/``: text readable, bytes; then whether the referee is warmed in the
  background (only on a fast unmetered line: not on the phone), and the time to "kept" after pressing "Keep the
  referee for offline use";
- ``checker link, return online`` / ``return offline``: the same profile a second time (the browser offline for
  the latter) -- from the service worker and the referee's cache;
- desktop only: ``bare Pyodide boot``: a page of the benchmark's own whose worker runs ``loadPyodide()`` from the
  site's runtime files with the full standard library (what a site without this work would do), and the ratio
  first verdict / bare boot.

Also: every path the server sent more than once with a body (``fetched twice``: should be none), per scenario.
The machine is shared: run it on a quiet one for figures; --reps N gives medians.
"""

from __future__ import annotations

import argparse
import base64
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.static_host import serve  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, SITE  # noqa: E402

POSITION = {
    "players": [{"name": "Ania", "hand": ["B+2", "R7", "G3"]}, {"name": "Bartek", "hand": 5},
                {"name": "Cyril", "hand": 4}],
    "turn": 0, "direction": 1, "discard": ["R5", "Y+2"], "color": "Y", "draw_pile": 40,
}
ACTION = {"type": "play", "card": "B+2"}
PROFILES = {
    "phone": {"mbps": 1.6, "delay_ms": 150, "cpu": 4, "viewport": {"width": 360, "height": 740}},
    "desktop": {"mbps": None, "delay_ms": 0, "cpu": 1, "viewport": {"width": 1280, "height": 800}},
}
TIMEOUT_MS = 300_000
BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare boot</title>
<script type="module">
const worker = new Worker("./bare-worker.js", { type: "module" });
worker.onmessage = (event) => { window.__bare = performance.now(); };
</script>"""
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
const indexURL = new URL("../pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL, stdLibURL: indexURL + "python_stdlib_full.zip" });
postMessage(pyodide.runPython("1+1"));
"""


def b64url(value) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


CHECKER_LINK = f"checker/#position={b64url(POSITION)}&action={b64url(ACTION)}"


class Run:
    """One browser profile against one server."""

    def __init__(self, playwright, site: Path, profile: dict, gzip: bool):
        self.server, self.line = serve(site, 0, gzip, profile["mbps"], profile["delay_ms"])
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        self.profile_dir = Path(tempfile.mkdtemp(prefix="uno-bench-"))
        self.profile = profile
        self.context = playwright.chromium.launch_persistent_context(
            str(self.profile_dir), executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True,
            viewport=profile["viewport"], service_workers="allow")
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.throttle(self.page)

    def throttle(self, page) -> None:
        if self.profile["cpu"] > 1:
            cdp = self.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.profile["cpu"]})

    def mark(self) -> tuple[int, dict]:
        return self.line.sent, dict(self.line.sent_by_path)

    def since(self, mark) -> tuple[int, list[str]]:
        sent, by_path = mark
        twice = [path for path, count in self.line.sent_by_path.items()
                 if count - by_path.get(path, 0) > 0 and path in by_path and by_path[path] > 0
                 and not path.endswith(("sw.js",))]
        return self.line.sent - sent, twice

    def close(self) -> None:
        self.context.close()
        self.server.shutdown()
        shutil.rmtree(self.profile_dir, ignore_errors=True)


def paint_ms(page) -> float:
    return page.evaluate("""() => {
        const entry = performance.getEntriesByName("first-contentful-paint")[0];
        return entry ? entry.startTime : NaN;
    }""")


def checker_visit(run: Run) -> dict:
    mark = run.mark()
    start = time.perf_counter()
    run.page.goto(run.url + CHECKER_LINK, wait_until="commit", timeout=TIMEOUT_MS)
    run.page.locator('[role="status"][data-legal]').first.wait_for(timeout=TIMEOUT_MS)
    verdict = (time.perf_counter() - start) * 1000
    detail = run.page.evaluate("() => performance.getEntriesByName('referee-ready')[0]?.detail || null")
    sent, twice = run.since(mark)
    return {"verdict_ms": verdict, "paint_ms": paint_ms(run.page), "bytes": sent, "twice": twice, "boot": detail}


def wait_for_kept(run: Run, timeout_ms: int) -> bool:
    try:
        run.page.locator('[data-offline-keep][data-kept="true"]').wait_for(state="attached", timeout=timeout_ms)
        return True
    except Exception:
        return False


def rules_visit(run: Run) -> dict:
    mark = run.mark()
    start = time.perf_counter()
    run.page.goto(run.url + "sk/rules/", wait_until="load", timeout=TIMEOUT_MS)
    loaded = (time.perf_counter() - start) * 1000
    paint = paint_ms(run.page)
    read_bytes, _ = run.since(mark)
    warmed = wait_for_kept(run, 20_000)
    warm_ms = (time.perf_counter() - start) * 1000 if warmed else None
    kept_ms = None
    if not warmed:
        button = run.page.locator("[data-keep-referee]")
        button.wait_for(timeout=TIMEOUT_MS)
        pressed = time.perf_counter()
        button.click()
        kept_ms = (time.perf_counter() - pressed) * 1000 if wait_for_kept(run, TIMEOUT_MS) else float("nan")
    sent, twice = run.since(mark)
    return {"paint_ms": paint, "load_ms": loaded, "read_bytes": read_bytes, "warm_ms": warm_ms,
            "keep_ms": kept_ms, "bytes": sent, "twice": twice}


def bare_boot(playwright, profile: dict, gzip: bool) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        (site / "pyodide").symlink_to(SITE / "pyodide", target_is_directory=True)
        (site / "bare").mkdir()
        (site / "bare" / "index.html").write_text(BARE_HTML)
        (site / "bare" / "bare-worker.js").write_text(BARE_WORKER)
        run = Run(playwright, site, profile, gzip)
        try:
            mark = run.mark()
            start = time.perf_counter()
            run.page.goto(run.url + "bare/", wait_until="commit")
            run.page.wait_for_function("() => window.__bare !== undefined", timeout=TIMEOUT_MS, polling=50)
            ms = (time.perf_counter() - start) * 1000
            sent, _ = run.since(mark)
            return {"verdict_ms": ms, "bytes": sent}
        finally:
            run.close()


def scenarios(playwright, profile_name: str, gzip: bool) -> dict:
    profile = PROFILES[profile_name]
    out = {}
    run = Run(playwright, SITE, profile, gzip)
    try:
        out["checker link, first visit"] = checker_visit(run)
        run.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        wait_for_kept(run, TIMEOUT_MS)
        run.page.goto("about:blank")
        out["checker link, return online"] = checker_visit(run)
        run.context.set_offline(True)
        run.page.goto("about:blank")
        out["checker link, return offline"] = checker_visit(run)
    finally:
        run.close()
    run = Run(playwright, SITE, profile, gzip)
    try:
        out["rules page, first visit"] = rules_visit(run)
    finally:
        run.close()
    if profile_name == "desktop":
        out["bare Pyodide boot"] = bare_boot(playwright, profile, gzip)
    return out


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt_ms(value) -> str:
    return "-" if value is None else f"{value / 1000:.2f} s"


def fmt_mb(value) -> str:
    return "-" if value is None else f"{value / 1e6:.2f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=1)
    parser.add_argument("--only", choices=sorted(PROFILES), default=None)
    parser.add_argument("--hosts", default="gzip,plain")
    args = parser.parse_args()
    if not (SITE / "pyodide" / "referee.json").exists():
        raise SystemExit("site/ is not built: run `make site`")
    from playwright.sync_api import sync_playwright

    results: dict[tuple[str, str], list[dict]] = {}
    with sync_playwright() as playwright:
        for rep in range(args.reps):
            for profile in [args.only] if args.only else ["phone", "desktop"]:
                for host in args.hosts.split(","):
                    print(f"rep {rep + 1}: {profile}, {host} host ...", file=sys.stderr, flush=True)
                    results.setdefault((profile, host), []).append(scenarios(playwright, profile, host == "gzip"))
    referee = json.loads((SITE / "pyodide" / "referee.json").read_text())
    print(f"\nreferee {referee['version']}: {referee['bytes'] / 1e6:.2f} MB to download ({args.reps} rep(s), medians)\n")
    print("| profile | host | scenario | text readable | verdict / kept | bytes | fetched twice | boot |")
    print("|---|---|---|---|---|---|---|---|")
    for (profile, host), reps in results.items():
        for scenario in reps[0]:
            rows = [rep[scenario] for rep in reps]
            twice = sorted({path for row in rows for path in row.get("twice", [])})
            if scenario.startswith("rules"):
                warm = median([row["warm_ms"] for row in rows])
                keep = median([row["keep_ms"] for row in rows])
                result = f"warmed {fmt_ms(warm)}" if warm is not None else f"kept {fmt_ms(keep)} after pressing Keep"
                text = f"{fmt_ms(median([row['paint_ms'] for row in rows]))} ({fmt_mb(median([row['read_bytes'] for row in rows]))} to read)"
            else:
                result = fmt_ms(median([row["verdict_ms"] for row in rows]))
                text = fmt_ms(median([row.get("paint_ms") for row in rows]))
            boot = rows[0].get("boot")
            boot_text = f"{boot['boot']}{', cached' if boot.get('cached') else ''}" if boot else "-"
            print(f"| {profile} | {host} | {scenario} | {text} | {result} | "
                  f"{fmt_mb(median([row['bytes'] for row in rows]))} | {', '.join(twice) or 'none'} | {boot_text} |")
        if profile == "desktop":
            first = median([rep["checker link, first visit"]["verdict_ms"] for rep in reps])
            bare = median([rep["bare Pyodide boot"]["verdict_ms"] for rep in reps])
            print(f"| {profile} | {host} | ratio first verdict / bare boot | | **{first / bare:.2f}** | | | |")


if __name__ == "__main__":
    main()
