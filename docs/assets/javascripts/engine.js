// The page's side of the referee (the engine-loader contract the widgets code against):
//
//   ready()            starts the referee if it is not started; resolves when it answers, rejects if it cannot start
//   call(fn, args)     starts it too; resolves with the engine's parsed response {ok, result} or {ok: false, error}
//                      -- never rejects: if the referee cannot start, or its worker dies, every pending call settles
//                      with {ok: false, error: {field: "", key: "err_unavailable", message, kind}}
//   state()            "idle" | "loading" | "ready" | "failed"
//   onState(cb)        cb(state, failure) now and on every change, without starting anything; returns unsubscribe
//   onProgress(cb)     cb({loaded, total, phase}) while it gets ready (phase "download" | "start" | "ready"); the
//                      last report is replayed to a new listener; returns unsubscribe
//   failure()          why it failed: {kind: "offline" | "stale" | "boot" | "worker", message}, or null
//   keep(onProgress)   once ready: the running referee keeps what its cache lacks (the snapshot it left for later
//                      on a slow line) itself, so nothing is downloaded twice; onProgress({loaded, total});
//                      resolves {complete}, rejects (error.kind) if the worker dies; null when not ready
//
// One module worker per page, one ready promise, requests matched by id. Nothing starts until a widget asks (the
// checker at once; a stepper on "What if?"; the score keeper to score), except a checker page opened from a shared
// link, whose head starts the worker before this module loads (overrides/main.html; adopted by start()).
// After a failure, the next ready() or call() starts a new worker (the line may be back), except where a new worker
// would only fail the same way: while the browser is still offline after an offline failure, and after a host sent
// another build's file (only a reload helps): then it answers with that failure at once. "Keep the referee for
// offline use" lives in referee-store.js.
import { manifestFrom, manifestIfAsked } from "./referee-store.js";

let worker = null;
let nextId = 1;
const pending = new Map();
let readyPromise = null;
let current = "idle";
let lastFailure = null;
let lastProgress = null;
const stateListeners = new Set();
const progressListeners = new Set();
const keeping = new Set(); // {resolve, reject, onProgress} of keep() calls waiting for the worker's "kept"

function setState(next, failure = null) {
  current = next;
  lastFailure = failure;
  for (const listener of stateListeners) listener(current, lastFailure);
}

function reportProgress(progress) {
  lastProgress = progress;
  for (const listener of progressListeners) listener(progress);
}

function unavailable(failure) {
  return { ok: false, error: { field: "", key: "err_unavailable", message: failure.message, kind: failure.kind } };
}

function fail(failure, rejectReady) {
  if (current === "failed" && worker === null) return;
  const dead = worker;
  worker = null;
  readyPromise = null;
  if (dead) dead.terminate();
  for (const { resolve } of pending.values()) resolve(unavailable(failure));
  pending.clear();
  for (const { reject } of keeping) reject(failureError(failure));
  keeping.clear();
  setState("failed", failure);
  rejectReady(failureError(failure));
}

function failureError(failure) {
  const error = new Error(failure.message);
  error.kind = failure.kind;
  return error;
}

// A failure a new worker would only repeat (and download the referee again for): offline while the browser is
// still offline, or another build's file on the host. Answer with it at once (no flicker back to "loading"); once
// the browser is online again, the next ask after an offline failure starts anew.
function failedForGood() {
  if (current !== "failed" || !lastFailure) return false;
  return lastFailure.kind === "stale" || (lastFailure.kind === "offline" && navigator.onLine === false);
}

// The checker's page opened from a shared link: the page's head has started the worker already
// (overrides/main.html), named "referee" (it reads referee.json itself). Taken once, with the events it sent before
// this module could listen.
function earlyWorker() {
  const early = globalThis.__refereeEarly;
  if (!early) return null;
  delete globalThis.__refereeEarly;
  return early;
}

function start() {
  if (readyPromise) return readyPromise;
  if (failedForGood()) {
    const failed = Promise.reject(failureError(lastFailure));
    failed.catch(() => {});
    return failed;
  }
  lastProgress = null;
  setState("loading");
  // referee.json: the page's copy if it has one (or is reading it), posted to the worker; else the worker reads it
  // at once itself and sends the page its copy. Which of the two is in the worker's name, which the worker has from
  // its first line: a message posted now would reach it only once this page's thread is free again (Chromium
  // forwards a worker's first messages from the page's thread), and on a phone the page is busy mounting.
  const early = earlyWorker();
  const asked = early ? null : manifestIfAsked();
  const own = early ? early.worker : new Worker(new URL("./engine-worker.js", import.meta.url),
    { type: "module", name: asked ? "referee+manifest" : "referee" });
  worker = own;
  let manifestFromWorker = () => {};
  if (asked) {
    asked.then((manifest) => manifest, () => null).then((manifest) => own.postMessage({ type: "manifest", manifest }));
  } else {
    manifestFrom(new Promise((resolve) => { manifestFromWorker = resolve; }));
  }
  let replay = () => {};
  const ready = new Promise((resolve, reject) => {
    const onMessage = (event) => {
      if (worker !== own) return;
      const data = event.data;
      if (data.type === "manifest") {
        manifestFromWorker(data.manifest);
      } else if (data.type === "progress") {
        reportProgress({ loaded: data.loaded, total: data.total, phase: data.phase });
      } else if (data.type === "ready") {
        // For the benchmark and the tests: when the engine became ready (when its message arrived: an early
        // worker's is replayed later), and how it booted.
        performance.mark("referee-ready",
          { startTime: event.timeStamp, detail: { boot: data.boot, cached: data.cached } });
        setState("ready");
        resolve();
      } else if (data.type === "stored") {
        document.dispatchEvent(new CustomEvent("referee:stored", { detail: { complete: data.complete } }));
      } else if (data.type === "keep-progress") {
        for (const { onProgress } of keeping) onProgress({ loaded: data.loaded, total: data.total });
      } else if (data.type === "kept") {
        for (const { resolve } of keeping) resolve({ complete: data.complete });
        keeping.clear();
      } else if (data.type === "boot-error") {
        fail({ kind: data.kind || "boot", message: data.message }, reject);
      } else if (pending.has(data.id)) {
        const { resolve: done } = pending.get(data.id);
        pending.delete(data.id);
        done(JSON.parse(data.response));
      }
    };
    const onError = (event) => {
      event.preventDefault();
      const kind = navigator.onLine === false ? "offline" : "worker";
      if (worker === own) fail({ kind, message: event.message || "the referee's worker stopped" }, reject);
    };
    own.addEventListener("message", onMessage);
    own.addEventListener("error", onError);
    // (the early worker's events, replayed below once readyPromise is set: a failure among them must clear it, so
    // that the next ask starts a new worker)
    if (early) replay = () => {
      own.onmessage = own.onerror = null;
      for (const event of early.events) (event.type === "error" ? onError : onMessage)(event);
    };
  });
  readyPromise = ready;
  ready.catch(() => manifestFromWorker(null)); // (a worker that failed first sent none)
  replay();
  return ready;
}

export function ready() {
  return start();
}

export function call(fn, args) {
  start();
  if (!worker) return Promise.resolve(unavailable(lastFailure)); // failed for good (failedForGood)
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, { resolve });
    worker.postMessage({ id, request: JSON.stringify({ id, fn, args }) });
  });
}

export function keep(onProgress = () => {}) {
  if (current !== "ready" || !worker) return null;
  const own = worker;
  return new Promise((resolve, reject) => {
    keeping.add({ resolve, reject, onProgress });
    own.postMessage({ type: "keep" });
  });
}

export function state() {
  return current;
}

export function failure() {
  return lastFailure;
}

export function onState(listener) {
  stateListeners.add(listener);
  listener(current, lastFailure);
  return () => stateListeners.delete(listener);
}

export function onProgress(listener) {
  progressListeners.add(listener);
  if (lastProgress) listener(lastProgress);
  return () => progressListeners.delete(listener);
}
