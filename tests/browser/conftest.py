"""Fixtures for the browser tests: the built site served on 127.0.0.1, and Debian's Chromium driven by Playwright.

Any request to another host is answered with an abort and recorded; tests assert there were none.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("SITE_DIR") or ROOT / "site")  # SITE_DIR: test a site built elsewhere
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]
LANGS = ("en", "sk", "cs", "pl", "hu", "et")
PAGES = ("", "checker/", "rules/", "house-rules/", "editions/", "disputes/", "examples/", "mistakes/",
         "glossary/", "sources/")


def lang_prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
        ".svg": "image/svg+xml", ".gz": "application/gzip", ".zst": "application/zstd",
        ".webmanifest": "application/manifest+json", ".png": "image/png",
    }

    def log_message(self, format, *args):  # keep the test output quiet
        pass


@pytest.fixture(scope="session")
def site_url():
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `make site` (make test does it)")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make test` (it installs Debian's chromium) or set CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield browser
        browser.close()


class Tab:
    """A page in a fresh browser context that records console errors (and, apart, its workers' warnings) and requests
    to other hosts.

    Service workers are blocked unless a test asks for them (``service_workers="allow"``: the offline tests): the
    other tests must not precache the site or warm the referee in the background."""

    def __init__(self, browser, site_url: str, service_workers: str = "block", **context_options):
        self.site_url = site_url
        self.origin = urlsplit(site_url).netloc
        self.context = browser.new_context(service_workers=service_workers, **context_options)
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("worker", lambda worker: worker.on("console", self._worker_console))

    def _worker_console(self, msg):
        if msg.type == "error":
            self.errors.append(f"worker: {msg.text}")
        elif msg.type == "warning":
            self.warnings.append(f"worker: {msg.text}")

    def _route(self, route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != self.origin:
            self.foreign.append(url)
            route.abort()
        else:
            route.continue_()

    def goto(self, path: str):
        return self.page.goto(self.site_url + path, wait_until="load")

    def assert_clean(self):
        assert not self.foreign, f"requests to other hosts: {self.foreign}"
        assert not self.errors, f"console errors: {self.errors}"

    def close(self):
        self.context.close()


@pytest.fixture
def tab(browser, site_url):
    tab = Tab(browser, site_url)
    yield tab
    tab.close()


AXE_SCRIPT = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page, impacts=("serious", "critical")) -> list[dict]:
    """Run axe-core (npm, injected from node_modules) on the page; return violations of the given impacts."""
    page.add_script_tag(path=str(AXE_SCRIPT))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"][:5]]}
        for v in result["violations"] if v["impact"] in impacts
    ]


# widgets.js mounts a stepper once it is within one viewport's height of the viewport (above or below); a reader's
# own example (.stepper--custom) mounts when the referee has stepped it.
NEAR_STEPPERS_MOUNTED = """() => [...document.querySelectorAll('[data-scenario]:not(.stepper--custom)')].every((w) => {
    const box = w.getBoundingClientRect();
    return w.hasAttribute('data-mounted') || box.bottom < -innerHeight || box.top > 2 * innerHeight;
})"""


def wait_for_near_steppers(page) -> None:
    """Wait until every stepper near the viewport has mounted (a reader who stops scrolling sees them all)."""
    page.wait_for_function(NEAR_STEPPERS_MOUNTED)


def mount_steppers_for_print(page) -> None:
    """Do what printing does (beforeprint) until every stepper has mounted (their code arrives after load)."""
    page.wait_for_function("""() => { dispatchEvent(new Event("beforeprint"));
        return !document.querySelector("[data-scenario]:not([data-mounted])"); }""")
