"""Benchmark (not a test): a phone on a bad line and a desktop, against the built site, every path, in one run.

    .venv/bin/python benchmarks/offline_bench.py [--reps 3] [--only phone|desktop] [--hosts gzip,plain]
        [--phone-mbps 6.4] [--json out.json]

Headless Debian Chromium (the browser tests' flags), each scenario in a fresh browser profile on disk (so the HTTP
cache, the service worker and Cache Storage behave as on a real device), against ``site/`` served by
``scripts/static_host.py`` -- once by a host that compresses as common static hosts do (``gzip``: text and wasm
gzip-encoded, ``Cache-Control: max-age=600``, ETags: GitHub Pages) and once by one that sends files as they are
(``plain``). Throttling is done in the server: one line of N Mbit/s shared by every connection (a token bucket) and
a delay before each response (DevTools throttling misses a worker's requests); the phone adds CDP
``Emulation.setCPUThrottlingRate`` 4 on the page, set again after every navigation.

Profiles: **phone** = 6.4 Mbit/s (``--phone-mbps``), 150 ms per request, 4x CPU slowdown; **desktop** =
unthrottled loopback.

Scenarios, each with its time and the bytes the server sent (response bodies):

- ``checker, first visit``: a shared checker link in a new profile: text readable (first contentful paint) and the
  first verdict (``[role=status][data-legal]``); ``+ offline copy``: the bytes once the service worker has
  precached the site (it starts after the referee is ready) and the referee is kept;
- ``checker, return online`` / ``return offline``: the same profile again, online and with the browser offline;
- ``time`` is the harness's wall clock from before its ``about:blank`` step (which lets the CPU throttling start
  with the page) to the verdict seen; ``page clock`` is the page's own: from the start of the navigation to the
  first verdict in the page (a MutationObserver, ``performance.now()``), for the checker's visits and the bare boot;
- ``reading page``: ``/sk/rules/`` in a new profile: text readable, bytes until ``load``; then the bytes of the
  offline copy of the pages once the precache has settled;
- ``What if?``: on that page, a stepper's "What if?" and a move: time from the click to the verdict, and bytes;
- ``keep for offline``: ``/sk/rules/`` in a new profile, "Keep the referee for offline use": time to "kept", bytes;
- ``bare Pyodide boot`` (the baseline of the same run): a page of the benchmark's own whose module worker runs
  ``loadPyodide()`` from the site's Pyodide files with the full standard library, as a site without this work
  would, and ``1+1``; the ratios first verdict / bare boot are taken within each repetition.

``fetched twice``: every path the server sent a body for more than once in one browser profile, across all its
visits (should be none; ``sw.js`` is listed apart: the browser re-checks it on every visit, by design).
``cpu probe``: a busy loop timed in the page and in a worker (the fastest of 3), with and without the phone's CPU
throttling, to show what the throttling reaches.

Repetitions are interleaved (rep 1 of every profile and host, then rep 2, ...) so a shared machine's load hits
all alike; the table gives the median and the spread (min-max) of the repetitions.
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
from collections import Counter
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
READING_PAGE = "sk/rules/"
WHAT_IF_SCENARIO = "wild-draw-four-guilty"  # on the rules page: at step 1 Ben faces the +4
PROFILES = {
    "phone": {"mbps": 6.4, "delay_ms": 150, "cpu": 4, "viewport": {"width": 360, "height": 740}},
    "desktop": {"mbps": None, "delay_ms": 0, "cpu": 1, "viewport": {"width": 1280, "height": 800}},
}
TIMEOUT_MS = 300_000
QUIET_S = 2.0  # the line is "settled" when no byte was sent for this long
BARE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json", "python_stdlib_full.zip")
BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare boot</title>
<script type="module">
const worker = new Worker("./bare-worker.js", { type: "module" });
worker.onmessage = (event) => { window.__bare = { ms: performance.now(), ...event.data }; };
worker.onerror = (event) => { window.__bare = { ms: performance.now(), error: event.message || "worker error" }; };
</script>"""
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
try {
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  const pyodide = await loadPyodide({ indexURL, stdLibURL: indexURL + "python_stdlib_full.zip" });
  postMessage({ value: pyodide.runPython("1+1") });
} catch (error) {
  postMessage({ error: String(error && error.message || error) });
}
"""
SPIN = "function spin(){const t=performance.now();let x=0;for(let i=0;i<4e7;i++)x+=i%7;return performance.now()-t}"
PROBE_HTML = f"<!doctype html><meta charset=utf-8><title>cpu</title><script>{SPIN}</script>"
PROBE_WORKER = f"{SPIN}\nonmessage = () => postMessage(spin());"
PROBE_JS = """async () => {
  const worker = new Worker("probe-worker.js");
  const inWorker = () => new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); worker.postMessage(1); });
  const main = [], work = [];
  for (let i = 0; i < 3; i++) { main.push(spin()); work.push(await inWorker()); }
  worker.terminate();
  return { main: Math.min(...main), worker: Math.min(...work) };
}"""


# The page's own clock: when the first verdict is shown, in ms from the start of the navigation (what the reader
# waits; the harness's wall clock adds its about:blank step and CDP round trips, 0.4-1.0 s on a phone-profile
# return visit).
VERDICT_CLOCK = """(() => {
  if (!/\\/checker\\/$/.test(location.pathname)) return;  // (the checker's pages only: no observer on the others)
  const verdict = () => document.querySelector('[role="status"][data-legal]');
  const observer = new MutationObserver(() => {
    if (verdict()) { window.__verdictAt = performance.now(); observer.disconnect(); }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-legal"] });
})();"""


def b64url(value) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


CHECKER_LINK = f"checker/#position={b64url(POSITION)}&action={b64url(ACTION)}"


class Run:
    """One browser profile against one server of its own."""

    def __init__(self, playwright, site: Path, profile: dict, gzip: bool):
        self.server, self.line = serve(site, 0, gzip, profile["mbps"], profile["delay_ms"])
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        self.profile_dir = Path(tempfile.mkdtemp(prefix="uno-bench-"))
        self.profile = profile
        self.context = playwright.chromium.launch_persistent_context(
            str(self.profile_dir), executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True,
            viewport=profile["viewport"], service_workers="allow")
        self.context.add_init_script(VERDICT_CLOCK)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.failed: list[str] = []
        self.page.on("response", lambda r: r.status >= 400 and self.failed.append(f"{r.status} {r.url}"))

    def throttle(self) -> None:
        """The phone's CPU: set on the page after each navigation (a new document may be a new renderer)."""
        if self.profile["cpu"] > 1:
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.profile["cpu"]})

    def goto(self, path: str, wait_until: str = "commit"):
        self.page.goto("about:blank")
        self.throttle()
        response = self.page.goto(self.url + path, wait_until=wait_until, timeout=TIMEOUT_MS)
        self.throttle()
        return response

    def mark(self) -> int:
        return self.line.sent

    def settle(self, timeout_s: float = TIMEOUT_MS / 1000) -> None:
        """Wait until the line has been quiet for QUIET_S (the page's downloads are over)."""
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            if time.monotonic() - self.line.last_byte >= QUIET_S:
                return
            time.sleep(0.2)

    def fetched_twice(self) -> tuple[list[str], int]:
        """Paths sent with a body more than once in this profile (sw.js apart), and sw.js's count."""
        bodies = Counter(path for path, status, sent in self.line.responses if status == 200 and sent > 0)
        twice = sorted(path for path, count in bodies.items() if count > 1 and not path.endswith("/sw.js"))
        return twice, bodies.get("/sw.js", 0)

    def close(self) -> None:
        self.context.close()
        self.server.shutdown()
        shutil.rmtree(self.profile_dir, ignore_errors=True)


def paint_ms(page) -> float | None:
    return page.evaluate("""() => {
        const entry = performance.getEntriesByName("first-contentful-paint")[0];
        return entry ? entry.startTime : null;
    }""")


def boot_of(page) -> str | None:
    detail = page.evaluate("() => performance.getEntriesByName('referee-ready')[0]?.detail || null")
    if not detail:
        return None
    return f"{detail.get('boot')}{', from cache' if detail.get('cached') else ''}"


def wait_for_kept(run: Run, timeout_ms: int) -> bool:
    try:
        run.page.locator('[data-offline-keep][data-kept="true"]').wait_for(state="attached", timeout=timeout_ms)
        return True
    except Exception:
        return False


def checker_visit(run: Run) -> dict:
    mark = run.mark()
    start = time.perf_counter()
    run.goto(CHECKER_LINK)
    run.page.locator('[role="status"][data-legal]').first.wait_for(timeout=TIMEOUT_MS)
    verdict = (time.perf_counter() - start) * 1000
    return {"ms": verdict, "page_ms": run.page.evaluate("window.__verdictAt ?? null"), "paint_ms": paint_ms(run.page),
            "bytes": run.mark() - mark, "boot": boot_of(run.page)}


def checker_scenarios(playwright, profile: dict, gzip: bool) -> dict:
    run = Run(playwright, SITE, profile, gzip)
    out = {}
    try:
        first = checker_visit(run)
        run.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        # "kept" only when every file of the referee is in its cache: a slow line drops the snapshot, so not always
        first["kept"] = wait_for_kept(run, 30_000)
        run.settle()
        first["with_offline_bytes"] = run.mark()
        out["checker, first visit"] = first
        out["checker, return online"] = checker_visit(run)
        run.settle()
        run.context.set_offline(True)
        out["checker, return offline"] = checker_visit(run)
        out["checker, return offline"]["bytes"] = 0  # the server is not reached
        twice, sw = run.fetched_twice()
        out["checker, first visit"].update(twice=twice, sw=sw, failed=list(run.failed))
    finally:
        run.close()
    return out


def reading_scenarios(playwright, profile: dict, gzip: bool) -> dict:
    run = Run(playwright, SITE, profile, gzip)
    out = {}
    try:
        mark = run.mark()
        start = time.perf_counter()
        run.goto(READING_PAGE, wait_until="load")
        loaded = (time.perf_counter() - start) * 1000
        read = {"ms": loaded, "paint_ms": paint_ms(run.page), "bytes": run.mark() - mark}
        run.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        run.settle()
        read["with_offline_bytes"] = run.mark() - mark
        read["warmed"] = run.page.locator('[data-offline-keep][data-kept="true"]').count() > 0
        out["reading page"] = read
        # What if? on the page's stepper (the referee starts only now)
        widget = run.page.locator(f'[data-scenario="{WHAT_IF_SCENARIO}"]')
        widget.scroll_into_view_if_needed(timeout=TIMEOUT_MS)  # it mounts as the reader comes near it
        widget.locator(".stepper__box").wait_for(timeout=TIMEOUT_MS)
        widget.locator(".stepper__button--next").click()
        mark = run.mark()
        start = time.perf_counter()
        widget.locator(".stepper__whatif-toggle").click()
        widget.locator(".stepper__move").first.click()
        widget.locator('[role="status"][data-legal]').wait_for(timeout=TIMEOUT_MS)
        what_if = {"ms": (time.perf_counter() - start) * 1000, "bytes": run.mark() - mark, "boot": boot_of(run.page)}
        run.settle()
        what_if["with_offline_bytes"] = run.mark() - mark
        out["What if?"] = what_if
        twice, sw = run.fetched_twice()
        read.update(twice=twice, sw=sw, failed=list(run.failed))
    finally:
        run.close()
    run = Run(playwright, SITE, profile, gzip)
    try:
        run.goto(READING_PAGE, wait_until="load")
        run.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        run.settle()
        button = run.page.locator("[data-keep-referee]")
        button.wait_for(timeout=TIMEOUT_MS)
        mark = run.mark()
        start = time.perf_counter()
        button.click()
        kept = wait_for_kept(run, TIMEOUT_MS)
        keep = {"ms": (time.perf_counter() - start) * 1000 if kept else None, "bytes": run.mark() - mark}
        run.settle()
        keep["with_offline_bytes"] = run.mark() - mark
        twice, sw = run.fetched_twice()
        keep.update(twice=twice, sw=sw, failed=list(run.failed))
        out["keep for offline"] = keep
    finally:
        run.close()
    return out


def bare_boot(playwright, profile: dict, gzip: bool, workdir: Path) -> dict:
    run = Run(playwright, workdir, profile, gzip)
    try:
        mark = run.mark()
        start = time.perf_counter()
        run.goto("bare/")
        run.page.wait_for_function("() => window.__bare !== undefined", timeout=TIMEOUT_MS, polling=50)
        ms = (time.perf_counter() - start) * 1000
        result = run.page.evaluate("window.__bare")
        if result.get("error") or result.get("value") != 2:
            raise RuntimeError(f"bare Pyodide boot failed: {result}")
        return {"ms": ms, "page_ms": result["ms"], "bytes": run.mark() - mark}
    finally:
        run.close()


def cpu_probe(playwright, profile: dict, workdir: Path) -> dict:
    """A busy loop in the page and in a worker, without throttling and with the profile's (same browser)."""
    run = Run(playwright, workdir, {**profile, "mbps": None, "delay_ms": 0}, False)
    try:
        out = {}
        for rate in (1, profile["cpu"]):
            run.page.goto(run.url + "probe/")
            run.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            out[rate] = run.page.evaluate(PROBE_JS)
        return out
    finally:
        run.close()


def bench_dir() -> Path:
    """The bare boot's and the CPU probe's pages, beside copies of the site's Pyodide files (a symlink would point
    outside the served folder, which the server refuses)."""
    work = Path(tempfile.mkdtemp(prefix="uno-bare-"))
    (work / "pyodide").mkdir()
    for name in BARE_FILES:
        shutil.copyfile(SITE / "pyodide" / name, work / "pyodide" / name)
    (work / "bare").mkdir()
    (work / "bare" / "index.html").write_text(BARE_HTML)
    (work / "bare" / "bare-worker.js").write_text(BARE_WORKER)
    (work / "probe").mkdir()
    (work / "probe" / "index.html").write_text(PROBE_HTML)
    (work / "probe" / "probe-worker.js").write_text(PROBE_WORKER)
    (work / "index.html").write_text("<!doctype html><title>bench</title>")
    return work


def log(text: str) -> None:
    print(f"  {time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def one_rep(playwright, profile_name: str, host: str, workdir: Path) -> dict:
    profile = PROFILES[profile_name]
    gzip = host == "gzip"
    out = {"bare Pyodide boot": bare_boot(playwright, profile, gzip, workdir)}
    log(f"bare boot {out['bare Pyodide boot']['ms'] / 1000:.1f} s")
    out.update(checker_scenarios(playwright, profile, gzip))
    log("checker: " + ", ".join(f"{k} {v['ms'] / 1000:.1f} s" for k, v in out.items() if k.startswith("checker")))
    out.update(reading_scenarios(playwright, profile, gzip))
    log(f"reading {out['reading page']['ms'] / 1000:.1f} s, What if? {out['What if?']['ms'] / 1000:.1f} s, "
        f"keep {(out['keep for offline']['ms'] or float('nan')) / 1000:.1f} s")
    bare = out["bare Pyodide boot"]["ms"]
    out["ratios"] = {name: out[name]["ms"] / bare for name in
                     ("checker, first visit", "checker, return online", "checker, return offline", "What if?")}
    bare_page = out["bare Pyodide boot"]["page_ms"]
    out["page_ratios"] = {name: out[name]["page_ms"] / bare_page for name in
                          ("checker, first visit", "checker, return online", "checker, return offline")
                          if out[name].get("page_ms") is not None}
    return out


def stat(values) -> tuple[float, float, float] | None:
    values = [v for v in values if v is not None]
    if not values:
        return None
    return statistics.median(values), min(values), max(values)


def fmt(values, unit: str) -> str:
    s = stat(values)
    if s is None:
        return "-"
    scale, suffix, digits = {"s": (1000, " s", 2), "MB": (1e6, " MB", 2), "x": (1, "", 2)}[unit]
    med, low, high = (v / scale for v in s)
    if len([v for v in values if v is not None]) == 1:
        return f"{med:.{digits}f}{suffix}"
    return f"{med:.{digits}f}{suffix} ({low:.{digits}f}-{high:.{digits}f})"


def report(results: dict, reps: int, mbps: float) -> str:
    referee = json.loads((SITE / "pyodide" / "referee.json").read_text())
    lines = [f"referee {referee['version']}: {referee['bytes'] / 1e6:.2f} MB to download; {reps} rep(s): "
             f"median (min-max); phone = {mbps:g} Mbit/s shared, 150 ms per request, CPU x4 (page)", "",
             "| profile | host | path | text readable | time | page clock | bytes | bytes with the offline copy | "
             "/ bare boot | (page clocks) | boot |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    order = ("bare Pyodide boot", "checker, first visit", "checker, return online", "checker, return offline",
             "reading page", "What if?", "keep for offline")
    for (profile, host), reps_out in results.items():
        for name in order:
            rows = [rep[name] for rep in reps_out]
            ratio = fmt([rep["ratios"][name] for rep in reps_out], "x") if name in reps_out[0]["ratios"] else ""
            page_ratio = fmt([rep.get("page_ratios", {}).get(name) for rep in reps_out], "x") \
                if name in reps_out[0]["ratios"] else ""
            boots = sorted({row.get("boot") for row in rows if row.get("boot")})
            lines.append(
                f"| {profile} | {host} | {name} | {fmt([r.get('paint_ms') for r in rows], 's')} | "
                f"{fmt([r.get('ms') for r in rows], 's')} | {fmt([r.get('page_ms') for r in rows], 's')} | "
                f"{fmt([r.get('bytes') for r in rows], 'MB')} | "
                f"{fmt([r.get('with_offline_bytes') for r in rows], 'MB')} | {ratio} | {page_ratio} | "
                f"{'; '.join(boots) or '-'} |")
    lines += ["", "| profile | host | browser profile of | fetched twice (body sent 2+ times, all visits) | sw.js bodies | "
              "responses >= 400 |", "|---|---|---|---|---|---|"]
    for (profile, host), reps_out in results.items():
        for name in ("checker, first visit", "reading page", "keep for offline"):
            twice = sorted({p for rep in reps_out for p in rep[name].get("twice", [])})
            failed = sorted({f for rep in reps_out for f in rep[name].get("failed", [])})
            sw = sorted({rep[name].get("sw", 0) for rep in reps_out})
            lines.append(f"| {profile} | {host} | {name} | {', '.join(twice) or 'none'} | "
                         f"{'/'.join(map(str, sw))} | {', '.join(failed) or 'none'} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--only", choices=sorted(PROFILES), default=None)
    parser.add_argument("--report", type=Path, default=None, help="print the tables of a --json file and stop")
    parser.add_argument("--hosts", default="gzip,plain")
    parser.add_argument("--phone-mbps", type=float, default=PROFILES["phone"]["mbps"])
    parser.add_argument("--json", type=Path, default=None, help="write every measurement here")
    args = parser.parse_args()
    if not (SITE / "pyodide" / "referee.json").exists():
        raise SystemExit("site/ is not built: run `make site`")
    if args.report:
        saved = json.loads(args.report.read_text())
        results = {tuple(key.split("/")): value for key, value in saved["results"].items()}
        print(report(results, max(len(v) for v in results.values()), saved["phone_mbps"]))
        print_probes(saved["cpu_probe"])
        return
    PROFILES["phone"]["mbps"] = args.phone_mbps
    from playwright.sync_api import sync_playwright

    workdir = bench_dir()
    results: dict[tuple[str, str], list[dict]] = {}
    probes = []
    try:
        with sync_playwright() as playwright:
            for rep in range(args.reps):
                probes.append(cpu_probe(playwright, PROFILES["phone"], workdir))
                for profile in [args.only] if args.only else ["phone", "desktop"]:
                    for host in args.hosts.split(","):
                        print(f"rep {rep + 1}/{args.reps}: {profile}, {host} host ...", file=sys.stderr, flush=True)
                        results.setdefault((profile, host), []).append(one_rep(playwright, profile, host, workdir))
                        if args.json:  # after each repetition: a run cut short keeps what it measured
                            save(args.json, results, probes, args.phone_mbps)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(report(results, args.reps, args.phone_mbps))
    print_probes(probes)
    if args.json:
        save(args.json, results, probes, args.phone_mbps)


def print_probes(probes: list) -> None:
    rows = [{str(rate): value for rate, value in probe.items()} for probe in probes]
    print("\ncpu probe (busy loop, fastest of 3, ms; page / worker): " + "; ".join(
        f"x1 {p['1']['main']:.0f} / {p['1']['worker']:.0f}, x4 {p['4']['main']:.0f} / {p['4']['worker']:.0f}"
        for p in rows))


def save(path: Path, results: dict, probes: list, mbps: float) -> None:
    path.write_text(json.dumps({"results": {f"{k[0]}/{k[1]}": v for k, v in results.items()},
                                "cpu_probe": probes, "phone_mbps": mbps}, indent=1))


if __name__ == "__main__":
    main()
