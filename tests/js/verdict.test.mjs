// Verdicts as data: the page's digest of an answer is the build's (rules_core.frontend.verdict_digest), and an
// outcome reads as one (a failed challenge is not a green "allowed").
import assert from "node:assert/strict";
import { test } from "node:test";

import { K, fixtures, siteModule } from "./fixtures.mjs";

const V = await import(siteModule("verdict-model.js"));
const E = await import(siteModule("checker-edits.js"));

test("the page's digest of an answer is the one the build ships", () => {
  for (const c of fixtures.checks) assert.deepEqual(V.digest(c.result), c.digest, `${c.id} ${c.lang}`);
});

const model = (id, lang = "en") => {
  const c = fixtures.checks.find((x) => x.id === id && x.lang === lang);
  return V.verdictModel(c.digest, c.situation);
};

test("a successful challenge catches the bluff: the offender draws 4, the challenger plays", () => {
  const m = model("plus4-challenge");
  assert.equal(m.tone, "bluff-caught");
  assert.deepEqual(m.draws, [{ player: 0, n: 4 }]);
  assert.equal(m.nextTurn, 1);
});

test("a failed challenge: the challenger draws 6 and loses the turn", () => {
  const m = model("plus4-challenge-innocent");
  assert.equal(m.tone, "challenge-failed");
  assert.deepEqual(m.draws, [{ player: 1, n: 6 }]);
  assert.equal(m.nextTurn, 2);
});

test("catching, saying UNO, a draw, a penalty, an illegal move", () => {
  assert.equal(model("uno-penalty").tone, "caught");
  assert.deepEqual(model("uno-penalty").draws, [{ player: 0, n: 2 }]);
  assert.equal(model("uno-when").tone, "safe");
  assert.equal(model("draw-with-playable").tone, "legal");
  assert.deepEqual(model("draw-with-playable").draws, [{ player: 0, n: 1 }]);
  const illegal = model("stack-draw-two");
  assert.equal(illegal.tone, "illegal");
  assert.equal(illegal.nextTurn, null);
  assert.equal(model("who-challenges").tone, "illegal");
  const bluff = model("plus4-restriction");
  assert.equal(bluff.tone, "illegal");
  assert.equal(bluff.effectsHeading, "checker_if_bluff");
  assert.equal(model("wild-any-time").effectsHeading, "what_next");
  const end = model("end-on-wild");
  assert.equal(end.tone, "legal");
  assert.ok(end.over && end.over.winner === 0);
  assert.equal(end.nextTurn, null);
});

test("a penalty drawn reads as a penalty", () => {
  const m = model("stack-draw-two-drawn");
  assert.equal(m.tone, "penalty");
  assert.deepEqual(m.draws, [{ player: 1, n: 2 }]);
  assert.equal(m.nextTurn, 2);
});

test("alternatives: one line per card, wilds with their colours, the asked move left out", () => {
  const actions = [
    { type: "play", card: "W", color: "R" }, { type: "play", card: "W", color: "Y" },
    { type: "play", card: "W", color: "G" }, { type: "play", card: "W", color: "B" },
    { type: "play", card: "R7" }, { type: "play", card: "R7", uno: true }, { type: "draw" },
    { type: "catch", player: 2, target: 0 }, { type: "uno", player: 0 },
  ];
  const got = V.groupActions(actions, { actor: 1, turn: 1, exclude: { type: "play", card: "R7" } });
  assert.deepEqual(got, [
    { type: "play", card: "W", colors: ["R", "Y", "G", "B"] },
    { type: "draw", colors: [] },
  ]);
  assert.deepEqual(V.groupActions(actions, { actor: 2, turn: 1 }), [{ type: "catch", player: 2, target: 0, colors: [] }]);
});

test("rules summary: house rules apart from edition readings", () => {
  const s = E.setRule(K, E.setRule(K, E.setRule(K, E.emptySituation(K), 0, "stacking", true), 0, "uno_penalty", 4),
    0, "deck", "112-swap");
  assert.deepEqual(V.rulesSummary(K, s.rules), {
    house: [{ key: "stacking", value: true, type: "bool" }],
    edition: [{ key: "deck", value: "112-swap", type: "choice" }, { key: "uno_penalty", value: 4, type: "choice" }],
  });
  assert.deepEqual(V.rulesSummary(K, {}), { house: [], edition: [] });
});

test("plural categories", () => {
  assert.equal(V.pluralOf(1, "pl"), "one");
  assert.equal(V.pluralOf(4, "pl"), "few");
  assert.equal(V.pluralOf(6, "pl"), "many");
  assert.equal(V.pluralOf(4, "cs"), "few");
  assert.equal(V.pluralOf(6, "sk"), "other");
  assert.equal(V.pluralOf(6, "hu"), "other");
});
