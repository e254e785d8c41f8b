// node --test tests/offline_js/: when a reading page may fetch the referee unasked, and the indicator's wording.
import assert from "node:assert/strict";
import { test } from "node:test";
import { WARM_MIN_MBPS, shouldWarm } from "../../docs/assets/javascripts/offline-policy.js";

const fast = { effectiveType: "4g", downlink: 10, saveData: false };

test("a fast line that is not metered warms the referee", () => {
  assert.equal(shouldWarm({ connection: fast }), true);
  assert.equal(shouldWarm({ connection: { ...fast, type: "wifi" } }), true);
  assert.equal(shouldWarm({ connection: { ...fast, downlink: WARM_MIN_MBPS } }), true);
});

test("Save-Data, a cellular or slow line, or a browser that says nothing: only on request", () => {
  assert.equal(shouldWarm({ connection: { ...fast, saveData: true } }), false);
  assert.equal(shouldWarm({ connection: { ...fast, type: "cellular" } }), false);
  assert.equal(shouldWarm({ connection: { ...fast, effectiveType: "3g" } }), false);
  assert.equal(shouldWarm({ connection: { ...fast, downlink: 1.35 } }), false);
  assert.equal(shouldWarm({ connection: undefined }), false);
  assert.equal(shouldWarm(), false);
});

test("the installed app, or a reader who asked once, keeps it on any line", () => {
  assert.equal(shouldWarm({ connection: { ...fast, saveData: true }, installed: true }), true);
  assert.equal(shouldWarm({ connection: undefined, asked: true }), true);
});
