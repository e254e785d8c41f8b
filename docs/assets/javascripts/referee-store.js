// The page's view of the referee kept on this device (Cache Storage, one cache per referee version, filled by the
// referee's workers): is it complete, how big is it, keep it now, and drop the caches of older builds once the
// current one is complete. "Keep" is remembered (localStorage) so a site installed as an app, or a reader who
// asked for it, gets each new version's referee kept too.
const PREFIX = "uno-referee-";
const KEEP_FLAG = "uno-referee-keep";
const base = new URL("../../pyodide/", import.meta.url).href;
let manifestPromise = null;

export function supported() {
  return typeof caches !== "undefined" && typeof Worker !== "undefined" && window.isSecureContext;
}

function fetchManifest() {
  return fetch(base + "referee.json").then((response) => {
    if (!response.ok) throw new Error(`referee.json: HTTP ${response.status}`);
    return response.json();
  });
}

/** referee.json's contents (read once per page). */
export function manifest() {
  manifestPromise ||= fetchManifest();
  return manifestPromise;
}

/** The page's referee.json, if it has asked for it already; else null. */
export function manifestIfAsked() {
  return manifestPromise;
}

/** A referee worker that started before the page asked reads referee.json itself: the page takes that copy
 * (``fromWorker`` resolves with it, or with null if the worker sent none: then the page reads its own). */
export function manifestFrom(fromWorker) {
  manifestPromise ||= fromWorker.then((contents) => contents || fetchManifest());
}

export async function isKept() {
  if (!supported()) return false;
  try {
    const current = await manifest();
    const cache = await caches.open(PREFIX + current.version);
    for (const entry of current.files) {
      if (!(await cache.match(`${base}${entry.name}?v=${entry.rev}`))) return false;
    }
    return true;
  } catch {
    return false;
  }
}

export function wantsKeeping() {
  try {
    return localStorage.getItem(KEEP_FLAG) === "1";
  } catch {
    return false;
  }
}

function remember() {
  try {
    localStorage.setItem(KEEP_FLAG, "1");
  } catch {
    // storage refused: it is still kept this time
  }
}

// Drop the referee caches of other builds, but only once this build's referee is complete (a reader offline with
// an older referee keeps it until the new one is here).
export async function dropOlder() {
  if (!(await isKept())) return;
  const current = PREFIX + (await manifest()).version;
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== current) await caches.delete(name);
  }
}

let running = null;

// Download what the cache lacks; onProgress({loaded, total}); resolves {complete} or rejects with error.kind
// ("offline", "stale", "failed"). remembered: the reader asked (not a background warm-up). viaReferee: the page's
// running referee (engine.js keep(), null when none runs): it keeps the rest itself first (it may be about to
// download the snapshot, and nothing is downloaded twice); what the cache still lacks after that comes through a
// download worker.
export function keep({ onProgress = () => {}, remembered = true, viaReferee = () => null } = {}) {
  if (remembered) {
    remember();
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  }
  if (running) return running.promise;
  const promise = (async () => {
    try {
      const itself = viaReferee(onProgress);
      const result = itself ? await itself.catch(() => ({ complete: false })) : { complete: false };
      const done = result.complete ? result : await download(onProgress);
      dropOlder().catch(() => {});
      return done;
    } finally {
      running = null;
    }
  })();
  running = { promise };
  return promise;
}

function download(onProgress) {
  const worker = new Worker(new URL("./referee-download-worker.js", import.meta.url), { type: "module" });
  return new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) => {
      if (data.type === "progress") onProgress(data);
      else {
        worker.terminate();
        if (data.type === "done") resolve({ complete: data.complete });
        else reject(Object.assign(new Error(data.message), { kind: data.kind }));
      }
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      worker.terminate();
      reject(Object.assign(new Error(event.message || "download worker failed"), {
        kind: navigator.onLine === false ? "offline" : "failed",
      }));
    });
  });
}
