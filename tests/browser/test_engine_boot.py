"""How the referee's worker boots: from the build's memory snapshot, and the normal way when the snapshot is missing
or broken (Pyodide's snapshot options are private, so a failed restore must never leave the checker dead).

The page records how the engine booted in a performance mark (``referee-ready``, detail ``{boot}``).
"""

from __future__ import annotations

import base64
import gzip
import json
import os

import pytest

from .conftest import SITE

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 60_000
SNAPSHOT = "**/pyodide/rules_core.snapshot.zst*"
# Ania may put her blue +2 on the yellow +2 (same symbol); Cyril has no card to play on the red 5.
POSITION = {
    "players": [{"name": "Ania", "hand": ["B+2", "R7", "G3"]}, {"name": "Bartek", "hand": 5},
                {"name": "Cyril", "hand": 4}],
    "turn": 0, "direction": 1, "discard": ["R5", "Y+2"], "color": "Y", "draw_pile": 40,
}
LEGAL = {"type": "play", "card": "B+2"}
ILLEGAL = {"type": "play", "card": "G3"}


def b64url(value) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


def shared_link(action) -> str:
    return f"checker/#position={b64url(POSITION)}&action={b64url(action)}"


def first_verdict(tab, path: str) -> str:
    """Open the page, wait for the checker's first verdict; return how the engine booted.

    (Which verdict the page shows is the checker's business, tested with its widget; here the engine's answers
    are checked directly with :func:`engine_answers`.)"""
    tab.goto(path)
    verdict = tab.page.locator('[role="status"][data-legal]').first
    verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert verdict.get_attribute("data-legal") in ("true", "false")
    return tab.page.evaluate("() => performance.getEntriesByName('referee-ready')[0].detail.boot")


def engine_answers(tab) -> tuple[bool, bool]:
    """Ask the loaded engine directly (the page's own engine module): legality of LEGAL and ILLEGAL."""
    return tuple(tab.page.evaluate(
        """async ({ position, actions }) => {
            const engine = await import(new URL("assets/javascripts/engine.js", document.baseURI.replace(/checker\\/.*$/, "")).href);
            const answers = [];
            for (const action of actions) {
                const answer = await engine.call("check", { position, action, lang: "en" });
                if (!answer.ok) throw new Error(JSON.stringify(answer.error));
                answers.push(answer.result.legal);
            }
            return answers;
        }""",
        {"position": POSITION, "actions": [LEGAL, ILLEGAL]},
    ))


def without_missing_snapshot_errors(errors: list[str]) -> list[str]:
    """Chromium logs a failed request as a console error ("Failed to load resource: ... 404"); for the snapshot's
    own URL that is the very situation under test, anything else is a real error."""
    return [e for e in errors if not ("Failed to load resource" in e and "404" in e)]


def test_the_build_ships_a_gzip_snapshot_next_to_pyodide():
    snapshot = SITE / "pyodide" / "rules_core.snapshot.gz"
    assert snapshot.exists(), "make site did not make the memory snapshot"
    with gzip.open(snapshot) as stream:
        assert stream.read(16)
    assert snapshot.stat().st_size < 12_000_000


def test_a_shared_link_is_answered_from_the_snapshot(tab):
    assert first_verdict(tab, shared_link(LEGAL)) == "snapshot"
    # the restored interpreter has its file system back (the wheel unpacked again) and judges both ways
    assert engine_answers(tab) == (True, False)
    tab.assert_clean()


def test_a_missing_snapshot_falls_back_to_a_normal_boot(tab):
    tab.context.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="not found"))
    assert first_verdict(tab, shared_link(LEGAL)) == "fresh"
    assert engine_answers(tab) == (True, False)
    assert not tab.foreign
    assert without_missing_snapshot_errors(tab.errors) == []


@pytest.mark.parametrize("body", [
    pytest.param(b"this is not gzip", id="not-gzip"),
    pytest.param(gzip.compress(os.urandom(1 << 20)), id="garbage-memory"),
    pytest.param(None, id="truncated"),
])
def test_a_corrupt_snapshot_falls_back_to_a_normal_boot(tab, body):
    if body is None:
        whole = (SITE / "pyodide" / "rules_core.snapshot.gz").read_bytes()
        body = whole[: len(whole) // 2]
    tab.context.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=body,
                                                             headers={"Content-Type": "application/gzip"}))
    assert first_verdict(tab, shared_link(ILLEGAL)) == "fresh"
    assert engine_answers(tab) == (True, False)
    tab.assert_clean()


def test_a_wheel_that_cannot_be_fetched_in_parallel_is_loaded_by_name(tab):
    """If the worker's own fetch of the wheel fails, the restored interpreter loads it through the lock file."""
    seen = []

    def first_wheel_request_fails(route):
        seen.append(route.request.url)
        if len(seen) == 1:
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    tab.context.route("**/pyodide/rules_core-*.whl", first_wheel_request_fails)
    assert first_verdict(tab, shared_link(LEGAL)) == "snapshot"
    assert engine_answers(tab) == (True, False)
    assert len(seen) == 2, seen
    assert without_missing_snapshot_errors([e for e in tab.errors if "503" not in e]) == []


def test_a_snapshot_too_slow_to_download_is_dropped_for_a_normal_boot(tab):
    """On a slow connection the snapshot would cost more time than it saves: the worker measures its download,
    stops it and boots normally. (Throttled to 2 Mbit/s until the worker has given up the snapshot.)"""
    failed = []
    tab.context.on("requestfailed", lambda request: failed.append(request.url))
    cdp = tab.context.new_cdp_session(tab.page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 2e6 / 8, "uploadThroughput": 1e6 / 8})
    tab.page.goto(tab.site_url + shared_link(LEGAL), wait_until="commit")
    tab.page.wait_for_function("() => true")  # the page exists
    for _ in range(300):
        if any(url.endswith("rules_core.snapshot.gz") for url in failed):
            break
        tab.page.wait_for_timeout(100)
    else:
        pytest.fail(f"the snapshot's download was not stopped; failed requests: {failed}")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    verdict = tab.page.locator('[role="status"][data-legal]').first
    verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert tab.page.evaluate("() => performance.getEntriesByName('referee-ready')[0].detail.boot") == "fresh"
    assert engine_answers(tab) == (True, False)
    tab.assert_clean()
