// The referee's worker: Pyodide from the site's own files, rules_core, and JSON requests answered through
// rules_core.handle.
// Protocol: the page posts {type: "manifest", manifest} first (referee.json's contents, or null), then
// {id, request: "<JSON string>"}; the worker posts {type: "progress", loaded, total, phase}
// while it gets ready (phase "download", then "start"), {type: "ready", boot, cached} once (boot is "snapshot" or
// "fresh"; cached: every file came from the referee's cache), then {id, response: "<JSON string>"} for each
// request, and {type: "stored", complete} once it has kept what it downloaded. A failed boot is reported as
// {type: "boot-error", message, kind} (kind "offline" when the network is gone and the files are not kept here).
//
// Every file is fetched once (referee-files.js: from the referee's cache, else its .zst copy from the network) and
// handed to Pyodide from memory: the runtime's module through createPyodideModule, the standard library as a blob
// URL, the lock file as contents, and the WebAssembly through the one fetch Pyodide makes for it (Pyodide 314 has
// no option for its bytes, so this worker answers that URL itself). A fresh boot after a failed snapshot boot
// reuses the same bytes: nothing is downloaded twice.
//
// Fast path: the build's memory snapshot of Pyodide with rules_core imported (hooks/make_snapshot.mjs); restoring
// it skips Python's start-up and the imports. On a slow line it costs more time than it saves: if its download,
// measured as it arrives, would end later than SNAPSHOT_BUDGET_MS after it began, it is stopped for a normal boot
// (the next visit on a better line fetches it). From the cache it is free. With Save-Data, only a kept one is used.
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { SNAPSHOT, StaleFileError, loadManifest, refereeFiles } from "./referee-files.js";

const base = new URL("../../pyodide/", import.meta.url).href;
const quiet = { messageCallback: () => {}, errorCallback: (message) => console.warn(message) };
const SNAPSHOT_BUDGET_MS = 4000;
const MEASURE_AFTER_MS = 1000;
const CHECK_EVERY_MS = 250;
const STRIKES = 3;
const saveData = Boolean(self.navigator.connection && self.navigator.connection.saveData);

let phase = "download";
let files = null;
const post = (message) => postMessage(message);
const progress = (counts) => post({ type: "progress", phase, ...counts });

// The snapshot's download budget: the pace of its bytes, checked every CHECK_EVERY_MS after the first second; it is
// stopped only after STRIKES checks in a row project it over budget (a worker starved of CPU reads late, but catches
// up with what the network delivered).
function snapshotBudget(abort) {
  const started = performance.now();
  let received = 0;
  let total = 0;
  let strikes = 0;
  const timer = setInterval(() => {
    const elapsed = performance.now() - started;
    if (total && received >= total) return clearInterval(timer);
    if (elapsed < MEASURE_AFTER_MS) return;
    strikes = received && total && (elapsed * total) / received <= SNAPSHOT_BUDGET_MS ? 0 : strikes + 1;
    if (strikes < STRIKES) return;
    clearInterval(timer);
    abort.abort(new Error(`snapshot: too slow (${received} of ${total} bytes in ${Math.round(elapsed)} ms)`));
  }, CHECK_EVERY_MS);
  return {
    meter(count, of) {
      received = count;
      total = of;
    },
    stop: () => clearInterval(timer),
  };
}

function blobURL(bytes, type) {
  return URL.createObjectURL(new Blob([bytes], { type }));
}

// The page sends referee.json's contents first (it has read them for its own use: nothing is fetched twice).
let giveManifest;
const manifestFromPage = new Promise((resolve) => { giveManifest = resolve; });

async function boot() {
  const manifest = (await manifestFromPage) || (await loadManifest(base));
  files = refereeFiles(base, manifest, { onProgress: progress });
  const wheelEntry = manifest.files.find((entry) => entry.name.endsWith(".whl"));
  const lock = files.get("pyodide-lock.json").then((bytes) => JSON.parse(new TextDecoder().decode(bytes)));
  const wheel = files.get(wheelEntry.name);
  const stdlib = files.get("python_stdlib.zip");
  const runtime = files.get("pyodide.asm.mjs");
  const wasmURL = new URL("pyodide.asm.wasm", base).href;
  const wasm = files.response("pyodide.asm.wasm"); // started now; each boot below takes a fresh response

  const abort = new AbortController();
  const budget = snapshotBudget(abort);
  // given up for its download budget once: taken from the cache only (kept by "Keep the referee"), never
  // downloaded again to be given up again
  abort.signal.addEventListener("abort", () => files.markDropped(SNAPSHOT));
  const dropped = !saveData && (await files.wasDropped(SNAPSHOT));
  // (a snapshot that fails its digest is only a snapshot lost: the normal boot checks the files it needs)
  const snapshot = files.get(SNAPSHOT, { signal: abort.signal, meter: budget.meter, cacheOnly: saveData || dropped })
    .catch((error) => Promise.reject(new Error(error.message)));
  snapshot.catch(() => {}).finally(() => budget.stop());
  for (const promise of [wheel, snapshot, wasm]) promise.catch(() => {}); // handled where awaited

  // Pyodide fetches its WebAssembly itself: answer that one URL with the referee's bytes.
  const networkFetch = self.fetch.bind(self);
  let firstWasm = true;
  self.fetch = (resource, init) => {
    const url = typeof resource === "string" ? resource : resource.url || String(resource);
    if (new URL(url, base).href !== wasmURL) return networkFetch(resource, init);
    const response = firstWasm ? wasm : files.response("pyodide.asm.wasm");
    firstWasm = false;
    return response;
  };

  // Pyodide only warns if its WebAssembly fails to arrive, and then waits forever: have it here first.
  await wasm;
  const stdLibURL = blobURL(await stdlib, "application/zip");
  const createPyodideModule = (await import(blobURL(await runtime, "text/javascript"))).default;
  const options = (extra) => ({
    indexURL: base, stdLibURL, createPyodideModule, lockFileContents: lock, packageBaseUrl: base,
    checkAPIVersion: true, ...extra,
  });
  const whenDownloaded = (promises) => Promise.allSettled(promises).then(() => {
    phase = "start";
    progress(files.progress());
  });

  let pyodide;
  let how = "snapshot";
  try {
    // loadPyodide awaits the snapshot before it instantiates anything: one that is missing, too slow or does not
    // decode fails early; one that does not restore fails in the restore. Either way the normal boot follows.
    whenDownloaded([lock, wheel, stdlib, runtime, wasm, snapshot]);
    pyodide = await loadPyodide(options({ _loadSnapshot: snapshot }));
  } catch (error) {
    if (error instanceof StaleFileError) throw error;
    if (!saveData) console.warn(`referee: no memory snapshot (${error.message}); starting Python normally`);
    how = "fresh";
    pyodide = await loadPyodide(options());
  }
  self.refereeFullStdlib = () => fullStdlib(pyodide, manifest);
  pyodide.pyimport("stdlib_fallback").install();
  await installWheel(pyodide, wheel);
  const handle = handler(pyodide);
  return { handle, boot: how, cached: manifest.files.every((entry) => entry.optional || files.fromCache(entry.name)) };
}

async function installWheel(pyodide, wheel) {
  try {
    pyodide.unpackArchive(await wheel, "wheel");
  } catch (error) {
    if (error instanceof StaleFileError) throw error;
    console.warn(`rules_core wheel: ${error.message}; loading it by name`);
    await pyodide.loadPackage("rules_core", quiet);
  }
}

// The full standard library, for an import the trimmed zip lacks (stdlib_fallback.py calls this synchronously:
// a worker may make a synchronous request).
function fullStdlib(pyodide, manifest) {
  const { name, rev } = manifest.fallback;
  const request = new XMLHttpRequest();
  request.open("GET", `${base}${name}?v=${rev}`, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${name}: HTTP ${request.status}`);
  const path = `/lib/${name}`;
  pyodide.FS.writeFile(path, new Uint8Array(request.response));
  console.warn(`referee: an import was missing from the trimmed standard library; loaded ${name}`);
  return path;
}

function handler(pyodide) {
  const handle = pyodide.pyimport("rules_core").handle;
  // A restored interpreter must answer a real request before the page is told it is ready.
  const probe = JSON.parse(handle(JSON.stringify({ id: 0, fn: "rule_url", args: { rule_id: "wild-draw-four" } })));
  if (probe.ok !== true) throw new Error(`rules_core.handle gave no answer (${JSON.stringify(probe.error)})`);
  return (requestJson) => handle(requestJson);
}

const ready = boot();
ready.then(
  async ({ boot: how, cached }) => {
    phase = "ready";
    progress(files.progress());
    post({ type: "ready", boot: how, cached });
    post({ type: "stored", complete: await files.storeAll() });
  },
  (error) => {
    const message = String(error && error.message ? error.message : error);
    const kind = error instanceof StaleFileError ? "stale" : self.navigator.onLine === false ? "offline" : "boot";
    post({ type: "boot-error", message, kind });
  },
);

onmessage = async (event) => {
  if (event.data.type === "manifest") {
    giveManifest(event.data.manifest);
    return;
  }
  const { id, request } = event.data;
  try {
    const { handle } = await ready;
    post({ id, response: handle(request) });
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    post({ id, response: JSON.stringify({ id, ok: false, error: { field: "", message, key: "err_unavailable" } }) });
  }
};
