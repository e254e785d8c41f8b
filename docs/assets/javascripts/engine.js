// The page's side of the referee: one module worker per page, one ready promise, requests matched by id.
// call(fn, args) resolves with the engine's parsed response {ok, result} or {ok: false, error}; it never rejects
// on an engine error (errors are data), only if the worker could not boot.
let worker = null;
let nextId = 1;
const pending = new Map();
let readyPromise = null;

function start() {
  if (worker) return readyPromise;
  worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  readyPromise = new Promise((resolve, reject) => {
    worker.addEventListener("message", (event) => {
      const data = event.data;
      if (data.type === "ready") {
        // For the benchmark and the tests: when the engine became ready, and how it booted.
        performance.mark("referee-ready", { detail: { boot: data.boot } });
        resolve();
      }
      else if (data.type === "boot-error") {
        reject(new Error(data.message));
        for (const { reject: fail } of pending.values()) fail(new Error(data.message));
        pending.clear();
      } else if (pending.has(data.id)) {
        const { resolve: done } = pending.get(data.id);
        pending.delete(data.id);
        done(JSON.parse(data.response));
      }
    });
    worker.addEventListener("error", (event) => reject(new Error(event.message || "worker error")));
  });
  return readyPromise;
}

export function ready() {
  return start();
}

export function call(fn, args) {
  start();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, request: JSON.stringify({ id, fn, args }) });
  });
}
