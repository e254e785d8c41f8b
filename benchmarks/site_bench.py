"""Benchmark (not a test): how fast the referee answers in headless Chromium, against a bare Pyodide boot.

    .venv/bin/python benchmarks/site_bench.py [--reps 5] [--checks 30] [--gzip] [--throttle MBPS]

Serves the built ``site/`` on 127.0.0.1 (run ``make site`` first) with ``Cache-Control: max-age=600`` added to
every response -- what GitHub Pages sends -- so a second navigation in the same browser context is served from the
HTTP cache as it would be on a real host. No Content-Encoding is sent (like the test server and ``mkdocs serve``);
the byte figures are the bodies as served, and the gzip sizes of the runtime files are printed alongside for hosts
that compress (or run with ``--gzip``: the server then gzip-encodes HTML, CSS, JS, JSON and wasm).

In one run, same Chromium (same flags as the browser tests), each figure the median of ``--reps`` repetitions:

1. bare boot: a tiny page of the benchmark's own (served from a temp dir, not from the site) whose module worker
   imports the site's ``pyodide/pyodide.mjs``, calls ``loadPyodide`` with the full standard library
   (``python_stdlib_full.zip``) and runs ``1+1``; time from navigation to the answer in the page;
2. the checker opened with a shared link (``checker/#position=..&action=..``): time from navigation to the first
   verdict (``[role=status][data-legal]`` set), cold (fresh context = empty cache) and warm (same context, second
   navigation); with the memory snapshot and without it (its URL answered 404, which is also the fallback path);
3. bytes sent by the server for each of those navigations (response bodies);
4. a check once the engine is loaded: click-to-verdict through the checker's ask button when the page has one,
   else ``engine.call("check", ..)`` timed in the page (said in the output);
5. DOMContentLoaded, first contentful paint and the checker's controls mounted, against the engine ready;
6. a reading page (``/sk/rules/``, steppers on it): the bytes it costs at ``load`` and once the service worker has
   precached the site, and whether the referee started (it must not: the referee is lazy, a stepper starts it only
   for "What if?"; ``pyodide.mjs`` and ``referee.json`` are precached with the pages).

The referee's files are the ones ``pyodide/referee.json`` lists (``*.zst`` copies of the runtime, the trimmed
standard library and the snapshot, decoded in the worker); a second visit takes them from the referee's own
Cache Storage. ``benchmarks/offline_bench.py`` measures the throttled phone and the offline paths.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import http.server
import io
import json
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS, SITE, SiteHandler  # noqa: E402

BENCH_PREFIX = "/__bench/"
MAX_AGE = 600
SNAPSHOT_GLOB = "pyodide/*.snapshot*"
# What a host such as GitHub Pages sends gzip-encoded (with --gzip); .zip, .whl and .gz files are sent as they are.
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".map", ".txt", ".xml"}

POSITION = {
    "players": [{"name": "Ania", "hand": ["B+2", "R7", "G3"]}, {"name": "Bartek", "hand": 5},
                {"name": "Cyril", "hand": 4}],
    "turn": 0, "direction": 1, "discard": ["R5", "Y+2"], "color": "Y", "draw_pile": 40,
}
ACTION = {"type": "play", "card": "B+2"}

BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare boot</title>
<script type="module">
const worker = new Worker("./bare-worker.js", { type: "module" });
worker.onmessage = (event) => { window.__bench = { answer: performance.now(), value: event.data }; };
</script>"""

# Stock Pyodide from the site's own runtime files: the raw wasm and asm.mjs, the full standard library (what a site
# without the referee's packing would ship), the lock file.
BARE_WORKER = """import { loadPyodide } from "/pyodide/pyodide.mjs";
const indexURL = new URL("/pyodide/", import.meta.url).href;
try {
  const pyodide = await loadPyodide({ indexURL, stdLibURL: indexURL + "python_stdlib_full.zip" });
  postMessage(pyodide.runPython("1+1"));
} catch (error) {
  postMessage({ error: String(error && error.message || error) });
}
"""

# Recorded in the page from the first script on: the first verdict, the checker's controls mounted, the
# engine's "ready" message (seen by wrapping Worker, so it needs nothing from the site's code).
INIT_SCRIPT = """
(() => {
  const bench = (window.__bench = {});
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      bench.workerStart ??= performance.now();
      this.addEventListener("message", (e) => {
        if (e.data && e.data.type === "ready") bench.engineReady ??= performance.now();
      });
    }
  };
  const look = () => {
    if (bench.verdict === undefined && document.querySelector('[role="status"][data-legal]'))
      bench.verdict = performance.now();
    const checker = document.querySelector("[data-checker]");
    if (bench.mounted === undefined && checker && checker.children.length) bench.mounted = performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""


def b64url(value) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


class BenchHandler(SiteHandler):
    """The site, plus the bare-boot page under /__bench/, with Cache-Control and a count of the bytes sent."""

    bench_dir: Path
    counter = {"bytes": 0, "files": {}}
    block_snapshot = False

    gzip_types = False
    gzip_cache: dict = {}

    def send_head(self):
        if BenchHandler.block_snapshot and ".snapshot" in self.path:
            self.send_error(404)
            return None
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if (BenchHandler.gzip_types and path.suffix in COMPRESSIBLE and path.is_file()
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            key = (str(path), path.stat().st_mtime_ns)
            if key not in BenchHandler.gzip_cache:
                BenchHandler.gzip_cache[key] = gzip.compress(path.read_bytes(), 6)
            body = BenchHandler.gzip_cache[key]
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", self.date_time_string(path.stat().st_mtime))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def translate_path(self, path):
        if path.startswith(BENCH_PREFIX):
            return str(self.bench_dir / path[len(BENCH_PREFIX):].split("?")[0].split("#")[0])
        return super().translate_path(path)

    def end_headers(self):
        self.send_header("Cache-Control", f"max-age={MAX_AGE}")
        super().end_headers()

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length" and getattr(self, "_status", 200) == 200:
            size = int(value)
            BenchHandler.counter["bytes"] += size
            name = self.path.split("?")[0]
            BenchHandler.counter["files"][name] = BenchHandler.counter["files"].get(name, 0) + size
        super().send_header(keyword, value)

    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)


def reset_counter() -> None:
    BenchHandler.counter["bytes"] = 0
    BenchHandler.counter["files"] = {}


def sent_bytes() -> int:
    return BenchHandler.counter["bytes"]


def serve(bench_dir: Path):
    BenchHandler.bench_dir = bench_dir
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(BenchHandler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def page_metrics(page) -> dict:
    return page.evaluate("""() => {
        const nav = performance.getEntriesByType("navigation")[0];
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        const ready = performance.getEntriesByName("referee-ready")[0];
        return { ...window.__bench, dcl: nav ? nav.domContentLoadedEventEnd : null, fcp: fcp ? fcp.startTime : null,
                 boot: ready && ready.detail ? ready.detail.boot : null };
    }""")


def wait_quiet(page, ms=300) -> None:
    page.wait_for_timeout(ms)


THROTTLE: dict = {}


def throttle(context, page) -> None:
    """With --throttle MBPS: Chrome's network emulation on the page (its worker's requests included)."""
    if THROTTLE:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", THROTTLE)


def fresh_context(playwright, init_script=None):
    """A browser with an empty disk cache, like a first visit.

    Playwright's ``browser.new_context()`` keeps its HTTP cache in memory, where an entry may not exceed a few MB:
    the 9.6 MB pyodide.asm.wasm would never be cached and every "warm" visit would download it again. A persistent
    context in a fresh profile directory has a disk cache like a real browser. (Playwright's ``route`` is not used
    either: it turns the HTTP cache off.)
    """
    profile = tempfile.mkdtemp(prefix="site-bench-")
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
    if init_script:
        context.add_init_script(init_script)
    context.on("close", lambda _: shutil.rmtree(profile, ignore_errors=True))
    return context


def run_bare(playwright, base: str, out: dict) -> None:
    """One repetition of the bare boot: cold, then warm in the same context."""
    url = base + BENCH_PREFIX.lstrip("/") + "bare.html"
    context = fresh_context(playwright)
    page = context.new_page()
    throttle(context, page)
    for kind in ("cold", "warm"):
        reset_counter()
        page.goto(url)
        page.wait_for_function("window.__bench && window.__bench.answer !== undefined", timeout=120_000)
        metrics = page_metrics(page)
        if metrics["value"] != 2:
            raise RuntimeError(f"bare Pyodide boot failed: {metrics['value']}")
        out.setdefault(kind, []).append(metrics["answer"])
        wait_quiet(page)
        out.setdefault(f"{kind}_bytes", []).append(sent_bytes())
        page.goto("about:blank")
    context.close()


def run_checker(playwright, base: str, out: dict, snapshot: bool) -> None:
    """One repetition of the checker opened with a shared link: cold, then warm in the same context."""
    url = f"{base}checker/#position={b64url(POSITION)}&action={b64url(ACTION)}"
    BenchHandler.block_snapshot = not snapshot
    context = fresh_context(playwright, INIT_SCRIPT)
    page = context.new_page()
    throttle(context, page)
    notes = out.setdefault("notes", [])
    page.on("worker", lambda worker: worker.on(
        "console", lambda msg: "referee:" in msg.text and notes.append(f"{kind}: {msg.text}")))
    context.on("requestfailed", lambda request: notes.append(f"{kind}: {request.url} {request.failure}"))
    for kind in ("cold", "warm"):
        reset_counter()
        page.goto(url)
        page.wait_for_function("window.__bench && window.__bench.verdict !== undefined", timeout=120_000)
        metrics = page_metrics(page)
        out.setdefault(kind, []).append(metrics["verdict"])
        out.setdefault(f"{kind}_metrics", []).append(metrics)
        wait_quiet(page)
        out.setdefault(f"{kind}_bytes", []).append(sent_bytes())
        if kind == "cold":
            out["files"] = dict(BenchHandler.counter["files"])
        page.goto("about:blank")
    context.close()
    BenchHandler.block_snapshot = False


CHECK_JS = """async ({ position, action, n }) => {
    const engine = await import(new URL("assets/javascripts/engine.js", document.baseURI.replace(/checker\\/.*$/, "")).href);
    await engine.ready();
    const times = [];
    for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const answer = await engine.call("check", { position, action, lang: "en" });
        times.push(performance.now() - t0);
        if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    }
    return times;
}"""

# A check from the checker's own button: the first of these selectors found in the page is clicked and the
# time is taken until the verdict element changes (attribute or text).
ASK_SELECTORS = ("[data-checker] [data-ask]", "[data-checker] button[type=submit]", "[data-checker] .checker-ask")
CLICK_JS = """async ({ selector, n }) => {
    const button = document.querySelector(selector);
    const status = document.querySelector('[role="status"]');
    const times = [];
    for (let i = 0; i < n; i++) {
        status.removeAttribute("data-legal");
        const done = new Promise((resolve) => {
            const obs = new MutationObserver(() => {
                if (status.hasAttribute("data-legal")) { obs.disconnect(); resolve(); }
            });
            obs.observe(status, { attributes: true, childList: true, subtree: true });
        });
        const t0 = performance.now();
        button.click();
        await done;
        times.push(performance.now() - t0);
    }
    return times;
}"""


def run_checks(playwright, base: str, n: int) -> tuple[str, list[float]]:
    context = fresh_context(playwright, INIT_SCRIPT)
    page = context.new_page()
    page.goto(f"{base}checker/#position={b64url(POSITION)}&action={b64url(ACTION)}")
    page.wait_for_function("window.__bench && window.__bench.verdict !== undefined", timeout=120_000)
    try:
        for selector in ASK_SELECTORS:
            if page.query_selector(selector):
                return f"click on {selector!r} to data-legal set", page.evaluate(CLICK_JS, {"selector": selector, "n": n})
        return "engine.call('check') in the page (no ask button found)", page.evaluate(
            CHECK_JS, {"position": POSITION, "action": ACTION, "n": n})
    finally:
        context.close()


def run_reading(playwright, base: str) -> dict:
    """A reading page in a fresh profile: bytes until the network is quiet, and whether any worker started."""
    context = fresh_context(playwright, INIT_SCRIPT)
    page = context.new_page()
    throttle(context, page)
    reset_counter()
    page.goto(base + "sk/rules/", wait_until="load")
    loaded = sent_bytes()
    # then the service worker's offline copy of the site downloads; the referee must stay where it is
    page.wait_for_load_state("networkidle")
    wait_quiet(page, 3000)
    metrics = page_metrics(page)
    files = dict(BenchHandler.counter["files"])
    context.close()
    return {"bytes": loaded, "after": sent_bytes(), "worker": metrics.get("workerStart") is not None,
            "referee_bytes": sum(size for name, size in files.items()
                                 if name.startswith("/pyodide/") and not name.endswith(("referee.json", "pyodide.mjs")))}


def runtime_sizes() -> dict[str, tuple[int, int]]:
    sizes = {}
    for path in sorted(SITE.joinpath("pyodide").iterdir()):
        data = path.read_bytes()
        gz = len(data) if path.suffix == ".gz" else len(gzip.compress(data, 6))
        sizes[path.name] = (len(data), gz)
    return sizes


def med(values) -> float:
    return statistics.median(values) if values else float("nan")


def mb(n) -> str:
    return f"{n / 1e6:.2f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--checks", type=int, default=30)
    parser.add_argument("--gzip", action="store_true",
                        help="send HTML, CSS, JS, JSON and wasm gzip-encoded, as a real host does")
    parser.add_argument("--throttle", type=float, metavar="MBPS",
                        help="emulate a slow network: MBPS down, a quarter of it up, 60 ms round trip")
    args = parser.parse_args()
    BenchHandler.gzip_types = args.gzip
    if args.throttle:
        THROTTLE.update(offline=False, latency=60, downloadThroughput=args.throttle * 1e6 / 8,
                        uploadThroughput=args.throttle * 1e6 / 32)
    if not SITE.joinpath("checker", "index.html").exists():
        sys.exit("site/ is not built: run `make site` first")
    has_snapshot = any(SITE.glob(SNAPSHOT_GLOB))

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        bench_dir = Path(tmp)
        bench_dir.joinpath("bare.html").write_text(BARE_HTML)
        bench_dir.joinpath("bare-worker.js").write_text(BARE_WORKER)
        server, base = serve(bench_dir)
        try:
            # interleaved, one repetition of each in turn, so the load of a shared machine hits all alike
            bare: dict = {}
            variants: dict = {"snapshot": {}, "no snapshot": {}} if has_snapshot else {"checker": {}}
            for rep in range(args.reps):
                run_bare(playwright, base, bare)
                for name, out in variants.items():
                    run_checker(playwright, base, out, snapshot=name == "snapshot")
                print(f"rep {rep + 1}/{args.reps} done", file=sys.stderr)
            how, checks = run_checks(playwright, base, args.checks) if not args.throttle else ("skipped", [0.0])
            reading = run_reading(playwright, base)
        finally:
            server.shutdown()

    bare_cold, bare_warm = med(bare["cold"]), med(bare["warm"])
    print(f"Chromium headless, {args.reps} reps, medians; server adds Cache-Control: max-age={MAX_AGE}, "
          + ("gzip Content-Encoding for text and wasm" if args.gzip else "no Content-Encoding")
          + (f", network throttled to {args.throttle:g} Mbit/s" if args.throttle else ""))
    print(f"bare Pyodide boot (loadPyodide + 1+1):  cold {bare_cold:7.0f} ms   warm {bare_warm:7.0f} ms   "
          f"bytes cold {mb(med(bare['cold_bytes']))}, warm {mb(med(bare['warm_bytes']))}")
    for name, v in variants.items():
        cold, warm = med(v["cold"]), med(v["warm"])
        print(f"first verdict, {name:12s}:           cold {cold:7.0f} ms   warm {warm:7.0f} ms   "
              f"bytes cold {mb(med(v['cold_bytes']))}, warm {mb(med(v['warm_bytes']))}")
        print(f"  ratio to bare boot:                    cold {cold / bare_cold:7.2f}      warm {warm / bare_warm:7.2f}"
              "      (goal <= 0.5)")
        for kind in ("cold", "warm"):
            ms = v[f"{kind}_metrics"]
            print(f"  {kind}: DOMContentLoaded {med([m['dcl'] for m in ms]):5.0f} ms, first paint "
                  f"{med([m['fcp'] or 0 for m in ms]):5.0f} ms, controls mounted "
                  f"{med([m.get('mounted') or 0 for m in ms]):5.0f} ms, worker started "
                  f"{med([m.get('workerStart') or 0 for m in ms]):5.0f} ms, engine ready "
                  f"{med([m.get('engineReady') or 0 for m in ms]):5.0f} ms")
        boots = [m["boot"] for m in v["cold_metrics"] + v["warm_metrics"]]
        print("  engine booted from: " + ", ".join(f"{name} x{boots.count(name)}" for name in sorted(set(map(str, boots)))))
        for note in v.get("notes", []) if name == "snapshot" else []:
            print(f"    {note}")
        print("  cold transfer by file: " + ", ".join(
            f"{name.rsplit('/', 1)[-1] or name} {size / 1e3:.0f} kB"
            for name, size in sorted(v["files"].items(), key=lambda item: -item[1]) if size > 20_000))
    print(f"check once loaded ({how}): median {med(checks):.1f} ms, max {max(checks):.1f} ms over {len(checks)}"
          " (goal < 50 ms)")
    print(f"reading page /sk/rules/ (cold): {mb(reading['bytes'])} at load, {mb(reading['after'])} once the service "
          f"worker has the offline copy; referee started: "
          f"{'yes' if reading['worker'] else 'no'}, referee bytes {mb(reading['referee_bytes'])} (goal: no, 0)")
    print("runtime files (raw / gzip -6): " + ", ".join(
        f"{name} {mb(raw)} / {mb(gz)}" for name, (raw, gz) in runtime_sizes().items()))


if __name__ == "__main__":
    main()
