// The checker's link: every disputes situation and every stepper position round-trips through it unchanged, and
// its canonical key is the build's.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fixtures, siteModule } from "./fixtures.mjs";

const { canonicalKey, parseFragment, toFragment, holdsSituation, LinkError, encode } = await import(siteModule("checker-link.js"));

const all = [
  ...Object.entries(fixtures.situations).map(([id, s]) => ({ id, ...s })),
  ...fixtures.stepper,
];

test("every situation and stepper position round-trips through the link", () => {
  assert.ok(all.length > 100);
  for (const s of all) {
    const situation = { position: s.position, action: s.action, rules: s.rules };
    const back = parseFragment(toFragment(situation));
    assert.deepEqual(back, { ...situation, also: null }, s.id);
    assert.equal(toFragment(back), toFragment(situation), s.id);
  }
});

test("the second language rides along, only a known one", () => {
  const s = fixtures.situations["stack-draw-two"];
  assert.equal(parseFragment(toFragment(s, { also: "hu" })).also, "hu");
  assert.equal(parseFragment(toFragment(s) + "&also=xx").also, null);
  assert.ok(!toFragment(s).includes("rules="), "no rules part when no option is set");
  assert.ok(!toFragment({ ...s, action: null }).includes("action="));
});

test("canonical keys are the build's", () => {
  for (const c of fixtures.checks) assert.equal(canonicalKey(c.situation), c.key, c.id);
  const s = fixtures.situations["stack-draw-two"];
  const shuffled = { rules: {}, action: { card: s.action.card, type: s.action.type }, position: { ...s.position } };
  assert.equal(canonicalKey(shuffled), canonicalKey(s));
  assert.notEqual(canonicalKey({ ...s, rules: { stacking: true } }), canonicalKey(s));
});

test("fragments that hold no situation, and broken ones", () => {
  assert.equal(parseFragment("#wild-draw-four"), null);
  assert.equal(parseFragment(""), null);
  assert.ok(holdsSituation("#position=abc"));
  const kind = (hash) => {
    try {
      parseFragment(hash);
    } catch (error) {
      assert.ok(error instanceof LinkError);
      return error.kind;
    }
    return "ok";
  };
  assert.equal(kind("#position=%%%%&action=" + encode({ type: "draw" })), "base64");
  assert.equal(kind("#position=" + encode([1, 2, 3])), "shape");
  assert.equal(kind("#position=" + encode("hello")), "shape");
  assert.equal(kind("#position=" + encode({ players: [{ hand: [] }], discard: [] })), "shape");
  assert.equal(kind("#position=" + "e30" + "&action=" + encode(5)), "shape");
  assert.equal(kind("#position=" + btoa("{nope").replace(/=+$/, "")), "json");
});
