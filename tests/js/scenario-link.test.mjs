// node --test: links into the steppers (docs/assets/javascripts/scenario-link.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CUSTOM_ID, parseScenarioFragment, parseStepLink, scenarioFragment, stepFragment,
} from "../../docs/assets/javascripts/scenario-link.js";

const position = {
  players: [{ name: "Łucja", hand: ["R7", "W"] }, { name: "Ádám", hand: 3 }], turn: 0, direction: 1,
  discard: ["R5"], color: "R", draw_pile: 20,
};

test("a step link round-trips and never looks like a heading anchor or the checker's fragment", () => {
  assert.equal(stepFragment("skip", 3), "#step=skip:3");
  assert.equal(stepFragment("wild-draw-four-guilty", 0, { present: true }), "#step=wild-draw-four-guilty:0&present");
  assert.deepEqual(parseStepLink("#step=skip:3"), { id: "skip", step: 3, present: false });
  assert.deepEqual(parseStepLink("#step=skip:3&present"), { id: "skip", step: 3, present: true });
  assert.deepEqual(parseStepLink("#present&step=skip:0"), { id: "skip", step: 0, present: true });
  for (const hash of ["", "#", "#skip", "#step=skip", "#step=Skip:1", "#step=skip:-1", "#step=skip:x",
    "#position=abc&action=def", "#step=skip:12345"]) {
    assert.equal(parseStepLink(hash), null, hash);
  }
  assert.throws(() => stepFragment("bad id", 1));
});

test("a reader's example round-trips through its fragment, names and all", () => {
  const example = { title: "Kolor po Wybierz kolor", position, rules: { stacking: true },
    actions: [{ type: "play", card: "W", color: "G", uno: true }] };
  const hash = scenarioFragment(example);
  assert.match(hash, /^#scenario=[A-Za-z0-9_-]+$/);
  assert.deepEqual(parseScenarioFragment(hash), example);
  const at = scenarioFragment(example, { step: 1, present: true });
  assert.deepEqual(parseScenarioFragment(at), example);
  assert.deepEqual(parseStepLink(at), { id: CUSTOM_ID, step: 1, present: true });
  assert.deepEqual(parseStepLink(scenarioFragment(example)), { id: CUSTOM_ID, step: 0, present: false });
  // no title, no rules, no moves yet: a position to build from
  assert.deepEqual(parseScenarioFragment(scenarioFragment({ position })), { title: "", position, rules: null, actions: [] });
});

test("a broken or hostile example fragment is refused", () => {
  const encode = (value) => `#scenario=${Buffer.from(JSON.stringify(value)).toString("base64url")}`;
  for (const hash of ["#scenario=", "#scenario=***", "#scenario=e30", encode({ v: 2, position }),
    encode({ v: 1, position: [] }), encode({ v: 1, position, rules: [] }), encode({ v: 1, position, actions: {} }),
    encode({ v: 1, position, actions: [1] }), encode({ v: 1, position, actions: [{}] }),
    encode({ v: 1, position, actions: new Array(201).fill({ type: "draw" }) })]) {
    assert.equal(parseScenarioFragment(hash), null, hash);
  }
  assert.equal(parseScenarioFragment(encode({ v: 1, position, title: "x".repeat(500) })).title.length, 120);
});

test("the checker's situation link opens as a reader's example: its position, rules and move", async () => {
  // written by the checker's own link writer, so the two stay compatible
  const { toFragment } = await import("../../docs/assets/javascripts/checker-link.js");
  const action = { type: "play", card: "W", color: "G" };
  const rules = { stacking: true };
  assert.deepEqual(parseScenarioFragment(toFragment({ position, action, rules }, { also: "hu" })),
    { title: "", position, rules, actions: [action], checker: true });
  assert.deepEqual(parseScenarioFragment(toFragment({ position })),
    { title: "", position, rules: null, actions: [], checker: true });
  assert.equal(parseStepLink(toFragment({ position, action })), null); // no step: the example opens at its start
  for (const hash of ["#position=", "#position=***", "#position=e30&action=***", "#position=W10",
    `#position=${Buffer.from("{}").toString("base64url")}&rules=${Buffer.from("[]").toString("base64url")}`]) {
    assert.equal(parseScenarioFragment(hash), null, hash);
  }
});
