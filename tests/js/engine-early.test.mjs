// node --test: engine.js adopting the worker the checker page's head started (overrides/main.html), with the events
// it sent before the module listened. A fake Worker stands in for the browser's.
import assert from "node:assert/strict";
import { test } from "node:test";

class FakeWorker extends EventTarget {
  static made = [];
  constructor(url, options) {
    super();
    this.name = options.name;
    FakeWorker.made.push(this);
  }
  postMessage() {}
  terminate() { this.terminated = true; }
}
globalThis.Worker = FakeWorker;
const engine = await import("../../docs/assets/javascripts/engine.js");

test("a failure the early worker reported before it was adopted leaves the next ask free to start a new worker", async () => {
  const early = new FakeWorker("head", { name: "referee" });
  FakeWorker.made.length = 0;
  globalThis.__refereeEarly = { worker: early, events: [
    { type: "message", data: { type: "progress", loaded: 1, total: 10, phase: "download" } },
    { type: "message", data: { type: "boot-error", kind: "boot", message: "pyodide.asm.wasm: failed" } },
  ] };
  const seen = [];
  engine.onProgress((progress) => seen.push(progress.loaded));
  await assert.rejects(engine.ready(), /pyodide\.asm\.wasm/);
  assert.deepEqual(seen, [1]); // replayed in order, before the failure
  assert.equal(engine.state(), "failed");
  assert.equal(early.terminated, true);
  assert.equal("__refereeEarly" in globalThis, false);

  const again = engine.ready();
  assert.equal(FakeWorker.made.length, 1, "a new worker for the second ask");
  FakeWorker.made[0].dispatchEvent(new MessageEvent("message", { data: { type: "ready", boot: "fresh", cached: false } }));
  await again;
  assert.equal(engine.state(), "ready");
});
