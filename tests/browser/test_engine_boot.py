"""How the referee starts (docs/assets/javascripts/engine.js, engine-worker.js, referee-files.js): from the build's
memory snapshot, and the normal way when the snapshot is missing, broken, not restorable or too slow for the line
(Pyodide's snapshot options are private, so a failed restore must never leave the checker dead; a snapshot too
slow for the line comes in the background for the next visit, never with Save-Data); every file fetched
once on every path; a second visit from the referee's cache; a host serving another build's files refused; the
loader's contract (state, progress, pending calls settling when the worker dies); nothing started on reading pages.

The page records how the engine booted in a performance mark (``referee-ready``, detail ``{boot, cached}``).
"""

from __future__ import annotations

import base64
import json
import os
from collections import Counter
from urllib.parse import urlsplit

import pytest
import zstandard

from .conftest import SITE

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 90_000
SNAPSHOT = "**/pyodide/rules_core.snapshot.zst*"
MANIFEST = json.loads((SITE / "pyodide" / "referee.json").read_text(encoding="utf-8"))
# Ania may put her blue +2 on the yellow +2 (same symbol); Cyril has no card to play on the red 5.
POSITION = {
    "players": [{"name": "Ania", "hand": ["B+2", "R7", "G3"]}, {"name": "Bartek", "hand": 5},
                {"name": "Cyril", "hand": 4}],
    "turn": 0, "direction": 1, "discard": ["R5", "Y+2"], "color": "Y", "draw_pile": 40,
}
LEGAL = {"type": "play", "card": "B+2"}
ILLEGAL = {"type": "play", "card": "G3"}
ENGINE = """new URL("assets/javascripts/engine.js", document.baseURI.replace(/(checker|examples)\\/.*$/, "")).href"""


def b64url(value) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


def shared_link(action) -> str:
    return f"checker/#position={b64url(POSITION)}&action={b64url(action)}"


def referee_requests(tab) -> Counter:
    """Count every request for a file under pyodide/ (page and workers), by path."""
    seen: Counter = Counter()
    tab.context.on("request", lambda request: "/pyodide/" in request.url and seen.update([urlsplit(request.url).path]))
    return seen


def first_verdict(tab, path: str) -> dict:
    """Open the page, wait for the checker's first verdict; return how the engine booted ({boot, cached})."""
    tab.goto(path)
    verdict = tab.page.locator('[role="status"][data-legal]').first
    verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert verdict.get_attribute("data-legal") in ("true", "false")
    return tab.page.evaluate("() => performance.getEntriesByName('referee-ready')[0].detail")


def engine_answers(tab) -> tuple[bool, bool]:
    """Ask the loaded engine directly (the page's own engine module): legality of LEGAL and ILLEGAL."""
    return tuple(tab.page.evaluate(
        f"""async ({{ position, actions }}) => {{
            const engine = await import({ENGINE});
            const answers = [];
            for (const action of actions) {{
                const answer = await engine.call("check", {{ position, action, lang: "en" }});
                if (!answer.ok) throw new Error(JSON.stringify(answer.error));
                answers.push(answer.result.legal);
            }}
            return answers;
        }}""",
        {"position": POSITION, "actions": [LEGAL, ILLEGAL]},
    ))


def without_failed_loads(errors: list[str], status: str = "404") -> list[str]:
    """Chromium logs a failed request as a console error ("Failed to load resource: ... 404"); for the URL under
    test that is the very situation tested, anything else is a real error."""
    return [e for e in errors if not ("Failed to load resource" in e and status in e)]


def assert_each_fetched_once(seen: Counter) -> None:
    twice = {path: count for path, count in seen.items() if count > 1}
    assert not twice, f"fetched more than once: {twice}"


# A checker page opened from a shared link: did its head start the referee's worker while the page was still being
# parsed, and did engine.js take that worker (one worker, its script asked for once)?
EARLY_START = """() => {
    const early = performance.getEntriesByName("referee-early")[0];
    const workers = performance.getEntriesByType("resource").filter((e) => e.name.includes("/engine-worker.js"));
    return { early: early ? early.startTime < performance.getEntriesByType("navigation")[0].domInteractive : null,
             adopted: !("__refereeEarly" in window), workers: workers.length };
}"""


# What the head asked for, each fetched once: the checker's modules by <link rel=modulepreload>, its table of verdicts
# by its own fetch, which the checker took (window.__verdictsEarly is gone)
HEAD_ASKED = """() => {
    const fetched = (file) => performance.getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('/' + file)).map((e) => e.initiatorType);
    const linked = (file) => [...document.head.querySelectorAll('link[rel=modulepreload]')]
        .some((link) => new URL(link.href).pathname.endsWith('/' + file));
    return {modules: ['checker.js', 'checker-pad.js'].map((file) => [fetched(file).length, linked(file)]),
            table: fetched('verdicts.en.json'), taken: !('__verdictsEarly' in window)};
}"""


def test_a_shared_link_is_answered_from_the_snapshot_and_each_file_is_fetched_once(tab):
    seen = referee_requests(tab)
    assert first_verdict(tab, shared_link(LEGAL)) == {"boot": "snapshot", "cached": False}
    # a first visit too: the download starts from the page's head, which asks for the checker's modules and the
    # table of verdicts too, each once (the page's own requests took the head's)
    assert tab.page.evaluate(EARLY_START) == {"early": True, "adopted": True, "workers": 1}
    assert tab.page.evaluate(HEAD_ASKED) == {"modules": [[1, True], [1, True]], "table": ["fetch"], "taken": True}
    # the restored interpreter has its file system back (rules_core.pyz written again) and judges both ways
    assert engine_answers(tab) == (True, False)
    assert_each_fetched_once(seen)
    packed = {f"/pyodide/{entry.get('packed', entry['name'])}" for entry in MANIFEST["files"]}
    assert packed <= set(seen), sorted(seen)
    assert not any(path.endswith(("pyodide.asm.wasm", "python_stdlib_full.zip")) for path in seen)
    tab.assert_clean()


def test_a_second_visit_starts_from_the_referees_cache_without_the_network(tab):
    first_verdict(tab, shared_link(LEGAL))
    tab.page.wait_for_function(
        "async () => (await caches.keys()).some((name) => name.startsWith('uno-referee-'))", timeout=BOOT_TIMEOUT_MS)
    tab.page.wait_for_timeout(500)
    seen = referee_requests(tab)
    tab.page.reload()
    verdict = tab.page.locator('[role="status"][data-legal]').first
    verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
    detail = tab.page.evaluate("() => performance.getEntriesByName('referee-ready')[0].detail")
    assert detail == {"boot": "snapshot", "cached": True}
    assert [path for path in seen if not path.endswith(("referee.json", "pyodide.mjs"))] == []
    tab.assert_clean()


def test_a_missing_snapshot_falls_back_to_a_normal_boot(tab):
    seen = referee_requests(tab)
    tab.context.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="not found"))
    assert first_verdict(tab, shared_link(LEGAL))["boot"] == "fresh"
    assert engine_answers(tab) == (True, False)
    assert_each_fetched_once(seen)
    assert not tab.foreign
    assert without_failed_loads(tab.errors) == []


@pytest.mark.parametrize("body", [
    pytest.param(b"this is not zstd", id="not-zstd"),
    pytest.param(zstandard.ZstdCompressor().compress(os.urandom(1 << 16)), id="wrong-content"),
    pytest.param("truncated", id="truncated"),
    # (zstddec's streaming decoder does not stop on a decoding error by itself: referee-files.js must)
    pytest.param("damaged", id="damaged-in-the-middle"),
])
def test_a_corrupt_snapshot_falls_back_to_a_normal_boot(tab, body):
    whole = (SITE / "pyodide" / "rules_core.snapshot.zst").read_bytes()
    if body == "truncated":
        body = whole[: len(whole) // 2]
    elif body == "damaged":
        middle = len(whole) // 2
        body = whole[:middle] + bytes(4096) + whole[middle + 4096:]
    seen = referee_requests(tab)
    tab.context.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=body,
                                                             headers={"Content-Type": "application/zstd"}))
    assert first_verdict(tab, shared_link(ILLEGAL))["boot"] == "fresh"
    assert engine_answers(tab) == (True, False)
    assert_each_fetched_once(seen)
    tab.assert_clean()


def test_a_snapshot_that_does_not_restore_falls_back_to_a_normal_boot(tab):
    """A snapshot with the right digest but memory Pyodide cannot restore (another build's, say)."""
    import hashlib

    memory = os.urandom(1 << 20)
    manifest = json.loads(json.dumps(MANIFEST))
    entry = next(e for e in manifest["files"] if e["name"] == "rules_core.snapshot")
    packed = zstandard.ZstdCompressor().compress(memory)
    entry.update(rev=hashlib.sha256(memory).hexdigest()[:16], size=len(memory), packedSize=len(packed))
    tab.context.route("**/pyodide/referee.json", lambda route: route.fulfill(
        status=200, body=json.dumps(manifest), headers={"Content-Type": "application/json"}))
    tab.context.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=packed))
    assert first_verdict(tab, shared_link(LEGAL))["boot"] == "fresh"
    assert engine_answers(tab) == (True, False)
    assert not tab.foreign
    assert [e for e in tab.errors if "snapshot" not in e.lower()] == []


@pytest.mark.parametrize("boot", ["fresh", "snapshot"])
def test_rules_core_that_cannot_be_fetched_is_loaded_by_name(tab, boot):
    """If the worker's own fetch of rules_core (rules_core.pyz) fails, the interpreter loads the wheel through the
    lock file: in a fresh interpreter (no snapshot), where nothing of rules_core is in memory yet, and after a
    snapshot's restore (whose rules_core was imported from the .pyz that is now missing)."""
    if boot == "fresh":
        tab.context.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="not found"))
    seen = []

    def first_request_fails(route):
        seen.append(route.request.url)
        if len(seen) == 1:
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    tab.context.route("**/pyodide/rules_core.pyz*", first_request_fails)
    tab.context.route("**/pyodide/rules_core-*.whl*", first_request_fails)
    assert first_verdict(tab, shared_link(LEGAL))["boot"] == boot
    assert engine_answers(tab) == (True, False)
    assert len(seen) == 2 and "/rules_core.pyz.zst?" in seen[0] and ".whl" in seen[1], seen
    # (fresh: nothing but the wheel can have given the interpreter rules_core)
    assert without_failed_loads(without_failed_loads(tab.errors, "503"), "404") == []
    assert [e for e in tab.warnings if "loading the wheel by name" in e], tab.warnings


def test_a_host_serving_another_builds_file_is_refused(tab):
    """A static host ignores ?v=: if it already serves a newer build, its file fails the digest and the checker
    says to reload instead of running a mix of two builds. Nothing starts the referee again (it would fetch the
    same file again, and fail the same way), however soon the failure comes."""
    other = (SITE / "pyodide" / "python_stdlib.zip.zst").read_bytes()
    seen = referee_requests(tab)
    tab.context.route("**/pyodide/pyodide.asm.wasm.zst*", lambda route: route.fulfill(status=200, body=other))
    tab.goto(shared_link(LEGAL))
    tab.page.locator('[data-referee-progress="failed"]').wait_for(timeout=BOOT_TIMEOUT_MS)
    tab.page.wait_for_timeout(1000)  # (the checker's own start, and a retry of its question, come by then)
    failure = tab.page.evaluate(f"async () => (await import({ENGINE})).failure()")
    assert failure is not None and failure["kind"] == "stale", failure
    assert "Reload" in tab.page.locator(".referee-progress").first.inner_text()
    assert seen["/pyodide/pyodide.asm.wasm.zst"] == 1, dict(seen)
    assert not tab.foreign


SLOW_LINE = {"offline": False, "latency": 20, "downloadThroughput": 2e6 / 8, "uploadThroughput": 1e6 / 8}
FREE_LINE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
DEFERRED = "too slow for it now"


def on_a_slow_line_until_the_snapshot_is_deferred(tab, path: str) -> None:
    """Open the page on a 2 Mbit/s line until the worker has judged it too slow for the snapshot (it says so on its
    console, in under a second of the other files' download), then lift the throttling (so the test is quick)."""
    said: list[str] = []
    tab.page.on("worker", lambda worker: worker.on("console", lambda msg: said.append(msg.text)))
    cdp = tab.context.new_cdp_session(tab.page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_LINE)
    tab.page.goto(tab.site_url + path, wait_until="commit")
    for _ in range(600):
        if any(DEFERRED in text for text in said):
            break
        tab.page.wait_for_timeout(100)
    else:
        pytest.fail(f"the snapshot was not deferred; the worker said: {said}")
    cdp.send("Network.emulateNetworkConditions", FREE_LINE)


def test_a_snapshot_too_slow_for_the_line_comes_in_the_background_for_the_next_visit(tab):
    """On a slow connection the snapshot would cost more time than it saves: the worker judges the line by the other
    files before the snapshot's first byte, boots normally, and downloads the snapshot once the referee is idle, into
    its cache; the next visit restores it. Nothing is fetched twice, no download is stopped half-way."""
    failed = []
    seen = referee_requests(tab)
    tab.context.on("requestfailed", lambda request: failed.append(request.url))
    on_a_slow_line_until_the_snapshot_is_deferred(tab, shared_link(LEGAL))
    verdict = tab.page.locator('[role="status"][data-legal]').first
    verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert not [path for path in seen if "snapshot" in path], dict(seen)  # not during the boot
    assert tab.page.evaluate("() => performance.getEntriesByName('referee-ready')[0].detail.boot") == "fresh"
    assert engine_answers(tab) == (True, False)
    # the worker says "stored" once the cache holds the snapshot too (the footer then shows the referee as kept)
    tab.page.locator('[data-offline-keep][data-kept="true"]').wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    for _ in range(50):  # (the worker's request events may reach the test after its cache is written)
        if "/pyodide/rules_core.snapshot.zst" in seen:
            break
        tab.page.wait_for_timeout(100)
    assert [path for path in seen if "snapshot" in path] == ["/pyodide/rules_core.snapshot.zst"], dict(seen)
    assert_each_fetched_once(seen)
    assert failed == []
    seen.clear()
    tab.page.goto("about:blank")  # (the same link again would only change the fragment: no new page)
    assert first_verdict(tab, shared_link(LEGAL)) == {"boot": "snapshot", "cached": True}
    assert not [path for path in seen if path.endswith((".zst", ".whl", ".wasm", ".zip"))], dict(seen)
    tab.assert_clean()


def test_keep_the_referee_while_the_snapshot_waits_for_later_downloads_it_once(tab):
    """The reader presses "Keep the referee for offline use" while the snapshot waits for the referee to be idle (a
    slow line at boot): the running referee fetches it at once, itself; no download worker fetches it a second
    time, and the control ends on "kept"."""
    workers: list[str] = []
    tab.page.on("worker", lambda worker: workers.append(worker.url))
    seen = referee_requests(tab)
    on_a_slow_line_until_the_snapshot_is_deferred(tab, shared_link(LEGAL))
    tab.page.locator('[role="status"][data-legal]').first.wait_for(timeout=BOOT_TIMEOUT_MS)
    button = tab.page.locator("[data-keep-referee]")
    button.wait_for()
    button.click()
    tab.page.locator('[data-offline-keep][data-kept="true"]').wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    assert [url for url in workers if "referee-download-worker" in url] == [], workers
    for _ in range(50):  # (the worker's request events may reach the test after its cache is written)
        if "/pyodide/rules_core.snapshot.zst" in seen:
            break
        tab.page.wait_for_timeout(100)
    assert seen["/pyodide/rules_core.snapshot.zst"] == 1, dict(seen)
    assert_each_fetched_once(seen)
    assert "MB" in tab.page.locator(".offline-keep__status").inner_text()
    tab.assert_clean()


SAVE_DATA = "Object.defineProperty(self.navigator, 'connection', { value: { saveData: true } });\n"


def test_with_save_data_the_snapshot_is_never_downloaded(tab):
    """Save-Data on (set in the worker before its first line runs): a normal boot, and no snapshot afterwards either."""
    def with_save_data(route):
        response = route.fetch()
        route.fulfill(response=response, body=SAVE_DATA + response.text())

    tab.context.route("**/engine-worker.js*", with_save_data)
    seen = referee_requests(tab)
    assert first_verdict(tab, shared_link(LEGAL)) == {"boot": "fresh", "cached": False}
    assert engine_answers(tab) == (True, False)
    tab.page.wait_for_timeout(4000)  # past the idle delay of a background download
    assert not [path for path in seen if "snapshot" in path], dict(seen)
    assert_each_fetched_once(seen)
    tab.assert_clean()


def test_the_loader_reports_its_state_and_progress(tab):
    tab.goto("examples/")
    result = tab.page.evaluate(f"""async () => {{
        const engine = await import({ENGINE});
        const states = [engine.state()];
        const progress = [];
        engine.onState((state) => states.push(state));
        engine.onProgress((report) => progress.push(report));
        await engine.ready();
        return {{ states, progress, after: engine.state() }};
    }}""")
    assert result["states"][:3] == ["idle", "idle", "loading"] and result["after"] == "ready"
    assert result["states"][-1] == "ready"
    phases = [report["phase"] for report in result["progress"]]
    assert phases[0] == "download" and phases[-1] == "ready" and "start" in phases
    last = result["progress"][-1]
    assert last["loaded"] == last["total"] >= MANIFEST["bytes"] - 10
    downloads = [report["loaded"] for report in result["progress"] if report["phase"] == "download"]
    assert downloads == sorted(downloads)
    tab.assert_clean()


def test_pending_calls_settle_when_the_worker_dies(tab):
    tab.goto("examples/")
    tab.page.evaluate(f"async () => (await import({ENGINE})).ready()")
    (worker,) = [w for w in tab.page.workers if "engine-worker" in w.url]
    # the worker stops answering, then dies of an uncaught error while a call is pending
    worker.evaluate("() => { self.onmessage = () => {}; }")
    tab.page.evaluate(f"""async () => {{
        const engine = await import({ENGINE});
        window.__pending = engine.call("rule_url", {{ rule_id: "wild-draw-four" }});
        await new Promise((resolve) => setTimeout(resolve, 200));
    }}""")
    worker.evaluate("() => { setTimeout(() => { throw new Error('the worker crashed'); }); }")
    answer = tab.page.evaluate(f"""async () => {{
        const engine = await import({ENGINE});
        return {{ answer: await window.__pending, state: engine.state(), failure: engine.failure() }};
    }}""")
    assert answer["answer"]["ok"] is False and answer["answer"]["error"]["key"] == "err_unavailable"
    assert answer["state"] == "failed" and answer["failure"]["kind"] == "worker", answer
    # the next call starts a new worker
    again = tab.page.evaluate(f"""async () => (await import({ENGINE})).call("rule_url", {{ rule_id: "wild-draw-four" }})""")
    assert again["ok"] is True, again
    tab.errors.clear()  # the crash itself is logged


def test_reading_pages_do_not_start_the_referee_until_what_if(tab):
    seen = referee_requests(tab)
    tab.goto("sk/examples/")
    stepper = tab.page.locator("[data-scenario]").first
    stepper.locator(".stepper__button--next").click()
    tab.page.wait_for_timeout(1500)
    assert not [w for w in tab.page.workers if "engine-worker" in w.url]
    assert [path for path in seen if not path.endswith("referee.json")] == []  # (the footer shows its size)
    stepper.locator(".stepper__whatif-toggle").click()
    stepper.locator(".referee-progress").wait_for()
    stepper.locator(".stepper__moves button").first.click()
    stepper.locator(".stepper__verdict[data-legal]").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert [w for w in tab.page.workers if "engine-worker" in w.url]
    assert_each_fetched_once(seen)
    tab.assert_clean()


def test_the_rules_and_disputes_pages_fetch_nothing_of_the_referee(tab):
    seen = referee_requests(tab)
    for path in ("rules/", "pl/disputes/", "hu/"):
        tab.goto(path)
    tab.page.wait_for_timeout(1500)
    assert [path for path in seen if not path.endswith("referee.json")] == []
    tab.assert_clean()
