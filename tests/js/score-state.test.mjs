// node --test: the score keeper's state (docs/assets/javascripts/score-state.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ScoreError, addHand, fromFragment, fromJSON, handGain, newGame, outcome, ranking, toFragment, toJSON, totals,
  undoHand,
} from "../../docs/assets/javascripts/score-state.js";

const play = (game, ...hands) => hands.reduce((g, [winner, points]) => addHand(g, { winner, points }), game);

test("a new game checks players, mode and target", () => {
  const game = newGame({ players: ["Ann", "  Ben  ", ""] });
  assert.deepEqual(game, { players: ["Ann", "Ben", null], mode: "standard", target: 500, hands: [] });
  assert.throws(() => newGame({ players: ["solo"] }), ScoreError);
  assert.throws(() => newGame({ players: new Array(11).fill("x") }), ScoreError);
  assert.throws(() => newGame({ players: ["a", "b"], mode: "no-mercy" }), ScoreError);
  assert.throws(() => newGame({ players: ["a", "b"], target: 0 }), ScoreError);
  assert.throws(() => newGame({ players: ["a", "b"], target: 2.5 }), ScoreError);
  assert.equal(newGame({ players: ["a", "b"], target: 250 }).target, 250);
  assert.equal(newGame({ players: ["x".repeat(60), "b"] }).players[0].length, 40);
});

test("standard scoring: the player who goes out scores the other hands; first to 500 wins", () => {
  let game = newGame({ players: ["Ann", "Ben", "Cy"] });
  game = play(game, [0, [999, 30, 47]]); // the winner's own entry is ignored
  assert.deepEqual(game.hands[0].points, [0, 30, 47]);
  assert.deepEqual(totals(game), [77, 0, 0]);
  assert.deepEqual(handGain(game, game.hands[0]), [77, 0, 0]);
  game = play(game, [2, [120, 100, 0]], [0, [0, 200, 210]]);
  assert.deepEqual(totals(game), [487, 0, 220]);
  assert.equal(outcome(game).over, false);
  game = play(game, [0, [0, 13, 0]]);
  assert.deepEqual(outcome(game), { over: true, winners: [0], tie: false, reached: [0] });
  assert.deepEqual(ranking(game), [0, 2, 1]);
  assert.throws(() => addHand(game, { winner: 1, points: [1, 0, 1] }), ScoreError, "no hand after the end");
});

test("alternative scoring: own points add up; at 500 the lowest total wins; a tie names every leader", () => {
  let game = newGame({ players: ["Ann", "Ben", "Cy", "Dee"], mode: "alternative" });
  game = play(game, [0, [0, 300, 120, 120]], [1, [60, 0, 200, 140]]);
  assert.deepEqual(totals(game), [60, 300, 320, 260]);
  game = play(game, [3, [150, 250, 10, 0]]);
  assert.deepEqual(totals(game), [210, 550, 330, 260]);
  assert.deepEqual(outcome(game), { over: true, winners: [0], tie: false, reached: [1] });
  assert.deepEqual(ranking(game), [0, 3, 2, 1]);
  // undo, then a hand that leaves Ann and Dee level on the lowest total
  game = play(undoHand(game), [0, [0, 250, 10, 150]]);
  assert.deepEqual(totals(game), [60, 550, 330, 410]);
  game = play(undoHand(game), [3, [200, 250, 10, 0]]);
  assert.deepEqual(totals(game), [260, 550, 330, 260]);
  assert.deepEqual(outcome(game), { over: true, winners: [0, 3], tie: true, reached: [1] });
});

test("one round: wins are counted, points are not, the game never ends by itself", () => {
  let game = newGame({ players: ["Ann", "Ben"], mode: "one-round" });
  game = play(game, [1, [5, 5]], [1, null], [0, undefined]);
  assert.deepEqual(totals(game), [1, 2]);
  assert.deepEqual(game.hands.map((hand) => hand.points), [[0, 0], [0, 0], [0, 0]]);
  assert.equal(outcome(game).over, false);
  assert.deepEqual(ranking(game), [1, 0]);
});

test("bad hands are refused", () => {
  const game = newGame({ players: ["Ann", "Ben"] });
  for (const hand of [{ winner: 2, points: [0, 1] }, { winner: -1, points: [0, 1] }, { winner: 0, points: [0] },
    { winner: 0, points: [0, -5] }, { winner: 0, points: [0, 1.5] }, { winner: 0, points: [0, "7"] },
    { winner: 0, points: [0, 1e9] }, { winner: "0", points: [0, 1] }]) {
    assert.throws(() => addHand(game, hand), ScoreError, JSON.stringify(hand));
  }
  assert.deepEqual(undoHand(game), game);
});

test("a game survives storage and a link, and a broken one is refused", () => {
  let game = newGame({ players: ["Ágnes", "Łukasz", null], mode: "alternative", target: 300 });
  game = play(game, [0, [0, 40, 17]], [2, [5, 6, 0]]);
  assert.deepEqual(fromJSON(JSON.parse(JSON.stringify(toJSON(game)))), game);
  const fragment = toFragment(game);
  assert.match(fragment, /^game=[A-Za-z0-9_-]+$/);
  assert.deepEqual(fromFragment(`#${fragment}`), game);
  assert.deepEqual(fromFragment(`#other=1&${fragment}`), game);
  for (const bad of ["", "#", "#game=", "#game=%%%", "#game=e30", `#game=${Buffer.from('{"v":2}').toString("base64url")}`,
    `#game=${Buffer.from(JSON.stringify({ ...toJSON(game), hands: [[5, 1, 2, 3]] })).toString("base64url")}`]) {
    assert.equal(fromFragment(bad), null, bad);
  }
  assert.throws(() => fromJSON({ v: 1, players: ["a", "b"], mode: "standard", target: 500, hands: "x" }), ScoreError);
});
