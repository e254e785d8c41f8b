// The card pad's arrow keys: up and down the colours to the same card, the wilds under the blue row.
import assert from "node:assert/strict";
import { test } from "node:test";

import { K, siteModule } from "./fixtures.mjs";

const { padNeighbours } = await import(siteModule("checker-keys.js"));

test("up and down the pad", () => {
  assert.deepEqual(padNeighbours(K, "R7", 1), ["Y7", "G7", "B7", "W", "W+4", "WX", "WS", "WC"]);
  assert.deepEqual(padNeighbours(K, "G+2", -1), ["Y+2", "R+2"]);
  assert.deepEqual(padNeighbours(K, "R3", -1), []);
  assert.equal(padNeighbours(K, "W", -1)[0], "B0");
  assert.deepEqual(padNeighbours(K, "W+4", 1), []);
});
