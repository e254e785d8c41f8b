// The referee's worker: Pyodide from the site's own files, rules_core, and JSON requests answered through
// rules_core.handle.
// Protocol: a worker named "referee+manifest" is posted {type: "manifest", manifest} first (referee.json's
// contents, or null: then it reads them itself); one named "referee" reads them at once and posts
// {type: "manifest", manifest} to the page. Then the page posts
// {id, request: "<JSON string>"}; the worker posts {type: "progress", loaded, total, phase}
// while it gets ready (phase "download", then "start"), {type: "ready", boot, cached} once (boot is "snapshot" or
// "fresh"; cached: every file came from the referee's cache), then {id, response: "<JSON string>"} for each
// request, and {type: "stored", complete} once it has kept what it downloaded (again after a snapshot downloaded in
// the background). {type: "keep"} ("Keep the referee for offline use" while this referee runs) has it keep the rest
// now: the snapshot it left for later is fetched at once, by this worker (the one download of it), with
// {type: "keep-progress", loaded, total} as it comes, then {type: "kept", complete}. A failed boot is reported as
// {type: "boot-error", message, kind} (kind "offline" when the network is gone and the files are not kept here).
//
// Every file is fetched once (referee-files.js: from the referee's cache, else its .zst copy from the network) and
// handed to Pyodide from memory: the runtime's module through createPyodideModule, the standard library as a blob
// URL, the lock file as contents, and the WebAssembly through the one fetch Pyodide makes for it (Pyodide 314 has
// no option for its bytes, so this worker answers that URL itself). A fresh boot after a failed snapshot boot
// reuses the same bytes: nothing is downloaded twice.
//
// Fast path: the build's memory snapshot of Pyodide with rules_core imported (hooks/make_snapshot.mjs); restoring
// it skips Python's start-up and the imports. On a slow line it costs more time than it saves, so before its first
// byte the worker judges the line by the pace of the referee's other files: if the snapshot would end later than
// SNAPSHOT_BUDGET_MS after it began, Python boots normally and the snapshot is downloaded once in the background,
// after the referee has answered and is idle, into the referee's cache: the next visit (online or offline)
// restores it. From the cache it is free. With Save-Data, only a kept one is used and none is downloaded. If a
// started download slows down past its budget after all, it is stopped for a normal boot (not fetched again in
// that session: its first bytes were sent already). A snapshot that arrived but did not restore is not used again.
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { SNAPSHOT, StaleFileError, loadManifest, refereeFiles } from "./referee-files.js";

const base = new URL("../../pyodide/", import.meta.url).href;
const quiet = { messageCallback: () => {}, errorCallback: (message) => console.warn(message) };
const SNAPSHOT_BUDGET_MS = 4000;
const MEASURE_AFTER_MS = 1000;
const CHECK_EVERY_MS = 250;
const STRIKES = 3;
const PACE_SAMPLE_BYTES = 512 * 1024;
const PACE_WINDOW_MS = 1000;
const IDLE_MS = 1500;
const saveData = Boolean(self.navigator.connection && self.navigator.connection.saveData);

let phase = "download";
let files = null;
// the snapshot left for later: "none" (not left, or done), "waiting" (for the referee to be idle), "running"
let background = "none";
let keepAsked = false; // the reader asked to keep the referee: the background download reports its progress
let startNow;
const asked = new Promise((resolve) => { startNow = resolve; });
let onBytes = () => {}; // the line's pace, while the snapshot waits for it
let lastRequest = 0;
const post = (message) => postMessage(message);
// (a background download after "ready" is not the page's business: no progress for it, unless the reader asked to
// keep the referee). At most one report per PROGRESS_EVERY_MS, the latest, and every change of phase and the last
// report at once: each report is a task on the page's main thread, and the page is starting too.
const PROGRESS_EVERY_MS = 100;
let reported = { at: -Infinity, kind: "" };
let latest = null;
let trailing = 0;
const progress = (counts) => {
  latest = phase !== "background" ? { type: "progress", phase, ...counts }
    : keepAsked ? { type: "keep-progress", ...counts } : null;
  if (!latest) return;
  const kind = latest.type + (latest.phase || "");
  const now = performance.now();
  if (kind !== reported.kind || counts.loaded >= counts.total || now - reported.at >= PROGRESS_EVERY_MS) {
    clearTimeout(trailing);
    trailing = 0;
    reported = { at: now, kind };
    post(latest);
  } else if (!trailing) {
    trailing = setTimeout(() => {
      trailing = 0;
      reported = { at: performance.now(), kind };
      post(latest);
    }, PROGRESS_EVERY_MS - (now - reported.at));
  }
};

// Whether the line can carry the snapshot within its budget, judged before its first byte (so a snapshot too slow
// for the line sends nothing now and is not sent twice later) from the referee's other files as they arrive:
// everything still to come, the snapshot included, at the pace so far. Fast as soon as PACE_SAMPLE_BYTES (or every
// file asked of the network) say so: the fast path waits for a few chunks only. Slow if it is not fast after
// PACE_WINDOW_MS, or if the network sends nothing (the other files all came from the cache: no pace to judge).
function lineCarries(snapshotBytes, others) {
  const started = performance.now();
  const projected = () => {
    const { received, expected } = files.network();
    return received ? ((expected - received + snapshotBytes) * (performance.now() - started)) / received : Infinity;
  };
  return new Promise((resolve) => {
    let timer = 0;
    const decide = (fast) => {
      clearTimeout(timer);
      onBytes = () => {};
      resolve(fast);
    };
    onBytes = () => {
      const { received, expected } = files.network();
      if ((received >= PACE_SAMPLE_BYTES || received >= expected) && projected() <= SNAPSHOT_BUDGET_MS) decide(true);
    };
    timer = setTimeout(() => decide(projected() <= SNAPSHOT_BUDGET_MS), PACE_WINDOW_MS);
    Promise.allSettled(others).then(() => decide(projected() <= SNAPSHOT_BUDGET_MS));
  });
}

// The snapshot's download budget (a safety net for a line that slows down after lineCarries): the pace of its bytes, checked every CHECK_EVERY_MS after the first second; it is
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

// referee.json: the page posts its contents if it has read them (its worker is named "referee+manifest": nothing
// is fetched twice); else this worker reads them at once and posts the page its copy.
let giveManifest;
const manifestFromPage = new Promise((resolve) => { giveManifest = resolve; });

async function boot() {
  let manifest;
  if (self.name === "referee+manifest") {
    manifest = (await manifestFromPage) || (await loadManifest(base));
  } else {
    manifest = await loadManifest(base);
    post({ type: "manifest", manifest });
  }
  files = refereeFiles(base, manifest, { onProgress: (counts) => { progress(counts); onBytes(); } });
  // the largest first: on a poor line the WebAssembly is the last to arrive, so it must not wait for a free
  // connection behind the small files (the page's own modules are loading at the same time)
  const wasmURL = new URL("pyodide.asm.wasm", base).href;
  const wasm = files.response("pyodide.asm.wasm"); // started now; each boot below takes a fresh response
  const stdlib = files.get("python_stdlib.zip");
  const runtime = files.get("pyodide.asm.mjs");
  // rules_core (its modules as bytecode, rules_core.pyz) is needed only once Python runs: asked for when the
  // WebAssembly is here, so on a poor line its bytes arrive while Python starts instead of holding the start back
  // (counted in the progress total from the start)
  const modulesEntry = manifest.files.find((entry) => entry.mount);
  files.expect(modulesEntry.name);
  const modules = wasm.then(() => files.get(modulesEntry.name));
  const lock = files.get("pyodide-lock.json").then((bytes) => JSON.parse(new TextDecoder().decode(bytes)));

  let later = null; // the snapshot's download in the background, when the line was too slow for it now
  const snapshotFile = async () => {
    if (await files.wasDropped(SNAPSHOT)) throw new Error("it did not restore on this device");
    if (await files.kept(SNAPSHOT)) return files.get(SNAPSHOT, { cacheOnly: true });
    if (saveData) throw new Error("not kept on this device, and Save-Data is on");
    const entry = files.entry(SNAPSHOT);
    if (!(await lineCarries(entry.packedSize || entry.size, [lock, modules, stdlib, runtime, wasm]))) {
      later = snapshotLater;
      background = "waiting";
      throw new Error("the line is too slow for it now; it is downloaded once the referee is idle");
    }
    const abort = new AbortController();
    const budget = snapshotBudget(abort);
    try {
      return await files.get(SNAPSHOT, { signal: abort.signal, meter: budget.meter });
    } finally {
      budget.stop();
    }
  };
  // (a snapshot that fails its digest is only a snapshot lost: the normal boot checks the files it needs)
  const snapshot = snapshotFile().catch((error) => Promise.reject(new Error(error.message)));
  for (const promise of [modules, snapshot, wasm]) promise.catch(() => {}); // handled where awaited

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
    whenDownloaded([lock, modules, stdlib, runtime, wasm, snapshot]);
    pyodide = await loadPyodide(options({ _loadSnapshot: snapshot }));
  } catch (error) {
    if (error instanceof StaleFileError) throw error;
    // loadPyodide awaited the snapshot first: if it arrived, it is the restore that failed (not again, here)
    if (await snapshot.then(() => true, () => false)) files.markDropped(SNAPSHOT);
    if (!saveData) console.warn(`referee: no memory snapshot (${error.message}); starting Python normally`);
    how = "fresh";
    pyodide = await loadPyodide(options());
  }
  self.refereeFullStdlib = () => fullStdlib(pyodide, manifest);
  pyodide.pyimport("stdlib_fallback").install();
  await installRulesCore(pyodide, modules, modulesEntry.mount);
  const handle = handler(pyodide);
  return { handle, boot: how, later,
    cached: manifest.files.every((entry) => entry.optional || files.fromCache(entry.name)) };
}

// Resolves once the referee has had no request for IDLE_MS (its answers come first).
function whenIdle() {
  return new Promise((resolve) => {
    const wait = () => {
      const quiet = performance.now() - lastRequest;
      if (quiet >= IDLE_MS) resolve();
      else setTimeout(wait, IDLE_MS - quiet);
    };
    setTimeout(wait, IDLE_MS);
  });
}

// The snapshot the line was too slow for at boot: once, whole (no budget: nobody waits for it), checked and kept
// as the other files are, for the next visit; at once if the reader asks to keep the referee (Save-Data or not:
// they asked). If it does not arrive, this visit's referee is not affected.
async function snapshotLater() {
  await Promise.race([whenIdle(), asked]);
  background = "running";
  let complete = false;
  try {
    if ((saveData && !keepAsked) || self.navigator.onLine === false) return;
    phase = "background";
    try {
      await files.get(SNAPSHOT);
    } catch (error) {
      console.warn(`referee: the memory snapshot did not arrive in the background (${error.message})`);
      return;
    }
    complete = await files.storeAll();
    post({ type: "stored", complete });
  } finally {
    background = "none";
    if (keepAsked) post({ type: "kept", complete });
  }
}

// "Keep the referee for offline use" while this referee runs: what it left for later comes now (a download
// already under way is joined, not repeated); if nothing was left, it says what its cache holds.
async function keepAll() {
  keepAsked = true;
  if (background === "waiting") startNow();
  else if (background === "none") post({ type: "kept", complete: files ? await files.storeAll() : false });
}

// rules_core is imported from rules_core.pyz (the wheel's modules as bytecode) as a zip, written where the build's
// snapshot had it (manifest: "mount"): after a restore, the imported modules and the zip's directory are already in
// memory and only the file comes back (a copy; unpacking took a tenth of a second on the worker). A fresh
// interpreter puts it on sys.path first. If that fails, the wheel is loaded by name, as Pyodide installs a package.
async function installRulesCore(pyodide, modules, mount) {
  try {
    const bytes = await modules;
    pyodide.FS.writeFile(mount, ArrayBuffer.isView(bytes) ? bytes : new Uint8Array(bytes));
    const sys = pyodide.pyimport("sys");
    const path = sys.path;
    if (!path.count(mount)) path.insert(0, mount);
    path.destroy();
    sys.destroy();
  } catch (error) {
    if (error instanceof StaleFileError) throw error;
    console.warn(`rules_core.pyz: ${error.message}; loading the wheel by name`);
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
  async ({ boot: how, cached, later }) => {
    phase = "ready";
    progress(files.progress());
    post({ type: "ready", boot: how, cached });
    post({ type: "stored", complete: await files.storeAll() });
    if (later) await later();
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
  if (event.data.type === "keep") {
    await ready.catch(() => {});
    keepAll();
    return;
  }
  const { id, request } = event.data;
  lastRequest = performance.now();
  try {
    const { handle } = await ready;
    post({ id, response: handle(request) });
  } catch (error) {
    const message = String(error && error.message ? error.message : error);
    post({ id, response: JSON.stringify({ id, ok: false, error: { field: "", message, key: "err_unavailable" } }) });
  }
};
