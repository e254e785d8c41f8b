// The referee's worker: Pyodide from the site's own files, rules_core, and JSON requests answered through
// rules_core.handle.
// Protocol: the page posts {id, request: "<JSON string>"}; the worker posts {type: "ready", boot} once (boot is
// "snapshot" or "fresh"), then {id, response: "<JSON string>"} for each request. A failed boot is reported as
// {type: "boot-error", message}.
//
// Fast path: the build makes a memory snapshot of Pyodide with rules_core already imported
// (hooks/make_snapshot.mjs -> pyodide/rules_core.snapshot.gz); restoring it skips Python's start-up and the
// imports. Everything is requested at once: the lock file, then the wheel (checked against the lock's sha256), the
// snapshot (inflated here: hosts serve the .gz file as it is), and Pyodide's own files. The snapshot holds memory
// only, so the wheel is unpacked again after restoring. Pyodide's snapshot options are private: if the snapshot
// is missing or cannot be restored, the worker boots Pyodide the normal way (and loads the wheel by name if its
// bytes could not be used), so the referee always answers.
import { loadPyodide } from "../../pyodide/pyodide.mjs";

const indexURL = new URL("../../pyodide/", import.meta.url).href;
const SNAPSHOT_URL = indexURL + "rules_core.snapshot.gz";
const quiet = { messageCallback: () => {}, errorCallback: (message) => console.warn(message) };

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// Started at once, in parallel; each promise is awaited (or dropped) by the boot below.
const lockFile = fetchOk(indexURL + "pyodide-lock.json").then((response) => response.json());
const wheel = lockFile.then(async (lock) => {
  // The lock file keys packages by their normalized name ("rules-core"); find ours by what it imports.
  const entry = Object.values(lock.packages).find((item) => (item.imports || []).includes("rules_core"));
  if (!entry) throw new Error("rules_core is not in pyodide-lock.json");
  const bytes = new Uint8Array(await (await fetchOk(indexURL + entry.file_name)).arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  if (hex !== entry.sha256) throw new Error(`${entry.file_name}: sha256 does not match the lock file`);
  return bytes;
});
// The snapshot saves seconds of CPU but adds its 6.4 MB to the ~6.4 MB (compressed) of Pyodide's own files, so it
// must not cost more time than it saves on a slow connection: if its download, measured as it arrives, would end
// later than SNAPSHOT_BUDGET_MS after it began, it is abandoned (and its download stopped) for a normal boot. From
// the HTTP cache it arrives at once. (navigator.connection is no help: Chrome reports ~1.5 Mbit/s until it has
// measured something, and other browsers report nothing.) With Save-Data on, only a cached snapshot is used.
const SNAPSHOT_BUDGET_MS = 4000;
const MEASURE_AFTER_MS = 1000;
const CHECK_EVERY_MS = 250;
const STRIKES = 3;
const saveData = Boolean(self.navigator.connection && self.navigator.connection.saveData);
const abortSnapshot = new AbortController();
let tooSlow = null; // the reason the download was stopped (Chromium reports only "Failed to fetch")
const snapshotStarted = performance.now();

// Counts the bytes as they arrive; a timer compares the pace with the budget every CHECK_EVERY_MS. The download is
// stopped only after STRIKES checks in a row project it over budget: a worker starved of CPU (compiling
// pyodide.asm.mjs, or a machine under load) reads late, but catches up with what the network delivered.
function budgetMeter(total) {
  let received = 0;
  let strikes = 0;
  const timer = setInterval(() => {
    const elapsed = performance.now() - snapshotStarted;
    if (received >= total) return clearInterval(timer);
    if (elapsed < MEASURE_AFTER_MS) return;
    strikes = received && (elapsed * total) / received <= SNAPSHOT_BUDGET_MS ? 0 : strikes + 1;
    if (strikes < STRIKES) return;
    clearInterval(timer);
    tooSlow = new Error(`snapshot: too slow (${received} of ${total} bytes in ${Math.round(elapsed)} ms)`);
    abortSnapshot.abort(tooSlow);
  }, CHECK_EVERY_MS);
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      controller.enqueue(chunk);
    },
    flush() {
      clearInterval(timer);
    },
  });
}

const snapshotRequest = { signal: abortSnapshot.signal, ...(saveData ? { cache: "only-if-cached", mode: "same-origin" } : {}) };
const snapshot = fetch(SNAPSHOT_URL, snapshotRequest).then(async (response) => {
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  // A host that sends the file with Content-Encoding: gzip has had it inflated by the browser already (and its
  // Content-Length is then not the length of the stream: no budget is measured).
  const encoded = /gzip/i.test(response.headers.get("content-encoding") || "");
  const total = encoded ? 0 : Number(response.headers.get("content-length")) || 0;
  // Read it whole before inflating it, so the meter sees the network's pace, not the inflater's.
  const body = total ? response.body.pipeThrough(budgetMeter(total)) : response.body;
  const packed = await new Response(body).blob();
  const inflated = encoded ? packed.stream() : packed.stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}).catch((error) => {
  throw tooSlow || error;
});
for (const promise of [wheel, snapshot]) promise.catch(() => {}); // handled where awaited

function options(extra) {
  return { indexURL, fullStdLib: false, lockFileContents: lockFile, packageBaseUrl: indexURL, ...extra };
}

async function installWheel(pyodide) {
  try {
    pyodide.unpackArchive(await wheel, "wheel");
  } catch (error) {
    console.warn(`rules_core wheel: ${error.message}; loading it by name`);
    await pyodide.loadPackage("rules_core", quiet);
  }
}

function handler(pyodide) {
  const handle = pyodide.pyimport("rules_core").handle;
  // A restored interpreter must answer a real request before the page is told it is ready.
  const probe = JSON.parse(handle(JSON.stringify({ id: 0, fn: "rule_url", args: { rule: "wild-draw-four" } })));
  if (!("ok" in probe)) throw new Error("rules_core.handle gave no answer");
  return (requestJson) => handle(requestJson);
}

async function bootFromSnapshot() {
  // loadPyodide awaits the snapshot right after importing pyodide.asm.mjs, before it instantiates anything: a
  // missing file, one that does not inflate or a download that is too slow fail early; one that does not restore
  // fails in the restore. Either way the normal boot gets Pyodide's files from the HTTP cache (or joins their
  // downloads still in flight).
  const pyodide = await loadPyodide(options({ _loadSnapshot: snapshot }));
  await installWheel(pyodide);
  return handler(pyodide);
}

async function bootFresh() {
  const pyodide = await loadPyodide(options());
  await installWheel(pyodide);
  return handler(pyodide);
}

async function boot() {
  try {
    return { handle: await bootFromSnapshot(), boot: "snapshot" };
  } catch (error) {
    if (!saveData) console.warn(`referee: no memory snapshot (${error.message}); starting Python normally`);
    return { handle: await bootFresh(), boot: "fresh" };
  }
}

const ready = boot();
ready.then(
  ({ boot: how }) => postMessage({ type: "ready", boot: how }),
  (error) => postMessage({ type: "boot-error", message: String(error && error.message ? error.message : error) }),
);

onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const { handle } = await ready;
    postMessage({ id, response: handle(request) });
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    postMessage({ id, response: JSON.stringify({ id, ok: false, error: { field: "", message } }) });
  }
};
