// The checker's pure edits: known answers from an empty table, and `settle` leaves every consistent situation
// (the disputes', the steppers') exactly as it is.
import assert from "node:assert/strict";
import { test } from "node:test";

import { K, fixtures, siteModule } from "./fixtures.mjs";

const E = await import(siteModule("checker-edits.js"));
const Q = await import(siteModule("checker-situation.js"));
const { needsTarget } = await import(siteModule("knowledge.js"));

const all = [
  ...Object.entries(fixtures.situations).map(([id, s]) => ({ id, ...s })),
  ...fixtures.stepper,
];

test("settle changes nothing in a consistent situation", () => {
  for (const s of all) {
    const situation = { position: s.position, action: s.action, rules: s.rules };
    const settled = E.settle(K, structuredClone(situation), Q.meOf(situation));
    const want = structuredClone(situation);
    // a target on a play that names nobody (a 7 without Seven-O) is dropped: the engine refuses stray targets
    if (want.action?.type === "play" && "target" in want.action && !needsTarget(K, want.rules, want.action.card)) {
      delete want.action.target;
    }
    assert.deepEqual(settled, want, s.id);
  }
});

test("an empty table: no top card, no move, nothing to judge", () => {
  const s = E.emptySituation(K);
  assert.deepEqual(s.position.players, [{ hand: [] }, { hand: 7 }, { hand: 7 }]);
  assert.equal(s.action, null);
  assert.equal(Q.isComplete(s), false);
  assert.equal(s.position.draw_pile, 108 - 14);
});

test("the card just tapped in becomes the move; tapping a card of the hand plays it", () => {
  let s = E.emptySituation(K);
  s = E.setTop(K, s, 0, "R5");
  assert.equal(Q.isComplete(s), false);
  s = E.addCard(K, s, 0, "R7");
  s = E.addCard(K, s, 0, "B3");
  assert.deepEqual(s.action, { type: "play", card: "B3" });
  assert.ok(Q.isComplete(s));
  s = E.playCard(K, s, 0, "R7");
  assert.deepEqual(s.action, { type: "play", card: "R7" });
  assert.deepEqual(s.position.discard, ["R5"]);
  assert.equal(s.position.color, "R");
  assert.equal(s.position.draw_pile, 108 - 14 - 3);
  // removing the card played falls back to the last card left; clearing the hand leaves no move
  s = E.removeCard(K, s, 0, 0);
  assert.deepEqual(s.action, { type: "play", card: "B3" });
  s = E.clearHand(K, s, 0);
  assert.equal(s.action, null);
  assert.deepEqual(s.position.players[0].hand, []);
});

test("a wild names the colour in force until another is chosen; a stray colour never stays", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "G7");
  s = E.addCard(K, s, 0, "W");
  assert.deepEqual(s.action, { type: "play", card: "W", color: "G" });
  s = E.setMoveColor(K, s, 0, "B");
  s = E.addCard(K, s, 0, "G2");
  assert.deepEqual(s.action, { type: "play", card: "G2" });
  s = E.setTop(K, s, 0, "W");
  assert.equal(s.position.color, "G", "a Wild on top keeps the colour that was in force as its named colour");
  s = E.setFirstCard(K, s, 0, true);
  assert.equal(s.position.color, null);
  assert.deepEqual(s.action, { type: "color", color: "R" });
  assert.deepEqual(Q.movesOffered(s, 0).slice(0, 2), ["color", "play"]);
});

test("targets only where the engine wants one", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "R5");
  s = E.addCard(K, s, 0, "R7");
  assert.equal(s.action.target, undefined);
  s = E.setRule(K, s, 0, "seven_o", true);
  assert.deepEqual(s.rules, { seven_o: true });
  assert.deepEqual(s.action, { type: "play", card: "R7", target: 1 });
  s = E.setTarget(K, s, 0, 2);
  assert.equal(s.action.target, 2);
  s = E.setRule(K, s, 0, "seven_o", false);
  assert.deepEqual(s.rules, {});
  assert.deepEqual(s.action, { type: "play", card: "R7" });
});

test("options that need another one go with it", () => {
  let s = E.setRule(K, E.emptySituation(K), 0, "stacking", true);
  s = E.setRule(K, s, 0, "stack_plus4_on_plus2", true);
  assert.deepEqual(s.rules, { stacking: true, stack_plus4_on_plus2: true });
  s = E.setRule(K, s, 0, "stacking", false);
  assert.deepEqual(s.rules, {});
  s = E.setRule(K, s, 0, "uno_penalty", 4);
  assert.deepEqual(s.rules, { uno_penalty: 4 });
  s = E.setRule(K, s, 0, "uno_penalty", 2);
  assert.deepEqual(s.rules, {});
});

test("a +2 played on you goes on the pile and waits; a +4 the same, with its challenge", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "R5");
  s = E.setHappened(K, s, 0, "plus2");
  assert.deepEqual(s.position.discard, ["R5", "R+2"]);
  assert.deepEqual(s.position.pending, { cards: 2, from: 2, card: "R+2" });
  s = E.addCard(K, s, 0, "B+2");
  s = E.setRule(K, s, 0, "stacking", true);
  assert.deepEqual(s.action, { type: "play", card: "B+2" });
  // changing the top to a +2 of another colour keeps it waiting; to anything else ends it
  s = E.setTop(K, s, 0, "G+2");
  assert.equal(s.position.pending.card, "G+2");
  s = E.setTop(K, s, 0, "G3");
  assert.equal(s.position.pending, undefined);

  // a +4 is never the only card of the pile (turned up first, it goes back): an unseen card lies under it
  s = E.setTop(K, E.emptySituation(K), 0, "W+4");
  assert.deepEqual(s.position.discard, ["R9", "W+4"]);
  assert.equal(s.position.color, "R");

  s = E.setTop(K, E.emptySituation(K), 0, "Y4");
  s = E.setHappened(K, s, 0, "plus4");
  assert.deepEqual(s.position.discard, ["Y4", "W+4"]);
  assert.equal(s.position.color, "Y");
  assert.deepEqual(s.position.pending, { cards: 4, from: 2, card: "W+4", guilty: false });
  assert.ok(Q.movesOffered(s, 0).includes("challenge"));
  assert.deepEqual(s.action, { type: "challenge" }, "nothing asked yet: the +4 is challenged");
  s = E.setGuilty(K, s, 0, true);
  assert.deepEqual(s.action, { type: "challenge" });
  assert.equal(s.position.pending.guilty, true);
  s = E.setHappened(K, s, 0, "none");
  assert.equal(s.position.pending, undefined);
});

test("a card just drawn: only with a card in the hand; keep it or play it", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "R5");
  s = E.setHappened(K, s, 0, "drawn");
  assert.equal(s.position.drawn, undefined, "nothing drawn until the hand holds the card");
  s = E.addCard(K, s, 0, "G1");
  s = E.addCard(K, s, 0, "R3");
  s = E.setHappened(K, s, 0, "drawn");
  assert.equal(s.position.drawn, "R3");
  assert.ok(Q.movesOffered(s, 0).includes("pass"));
  s = E.playCard(K, s, 0, "G1");
  assert.equal(s.position.drawn, "R3", "asking about another card keeps the drawn one");
  s = E.removeCard(K, s, 0, 1);
  assert.equal(s.position.drawn, undefined);
});

test("catching a player who didn't say UNO", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "R5");
  assert.ok(!Q.movesOffered(s, 0).includes("catch"));
  s = E.setCatchable(K, s, 0, 2, true);
  assert.equal(s.position.players[2].hand, 1);
  assert.deepEqual(s.position.catchable, [2]);
  assert.ok(Q.movesOffered(s, 0).includes("catch"));
  assert.deepEqual(s.action, { type: "catch", target: 2, player: 0 }, "nothing asked yet: catch them");
  s = E.chooseMove(K, s, 0, "draw");
  s = E.setCatchable(K, s, 0, 1, true);
  assert.deepEqual(s.action, { type: "draw" }, "a move asked about stays");
  s = E.chooseMove(K, s, 0, "catch");
  assert.deepEqual(s.action, { type: "catch", target: 1, player: 0 });
  s = E.setCatchable(K, s, 0, 1, false);
  s = E.setCatchable(K, s, 0, 2, true);
  s = E.setHandCount(K, s, 0, 2, 3);
  assert.equal(s.position.catchable, undefined);
});

test("you stay you when the turn moves: a move out of turn names its player", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "G8");
  s = E.addCard(K, s, 0, "G8");
  s = E.setTurn(K, s, 0, 2);
  assert.deepEqual(s.action, { type: "play", card: "G8", player: 0 });
  assert.equal(Q.meOf(s), 0);
  s = E.setTurn(K, s, 0, 0);
  assert.equal(s.action.player, 0);
  s = E.setPlayers(K, s, 0, 5);
  assert.equal(Q.playerCount(s), 5);
  assert.deepEqual(s.position.players[4], { hand: 7 });
  s = E.setPlayers(K, s, 0, 2);
  assert.equal(Q.playerCount(s), 2);
});

test("the draw pile keeps the deck's count", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "R5");
  for (const c of ["R1", "R2", "R3"]) s = E.addCard(K, s, 0, c);
  s = E.setPlayers(K, s, 0, 10);
  const outside = Q.cardsOutsidePile(s.position);
  assert.ok(s.position.draw_pile + outside <= 108);
  s = E.setDrawPileEmpty(K, s, 0, true);
  assert.equal(s.position.draw_pile, 0);
  s = E.setDrawPileEmpty(K, s, 0, false);
  assert.equal(s.position.draw_pile, 108 - outside);
  assert.equal(Q.copyLeft(K, s, "R5"), true);
  s = E.addCard(K, s, 0, "R5");
  assert.equal(Q.copyLeft(K, s, "R5"), false, "both red 5s are in sight");
  assert.equal(Q.copyLeft(K, s, "WX"), false, "not in the 108-card deck");
  s = E.setRule(K, s, 0, "deck", "112-swap");
  assert.equal(Q.copyLeft(K, s, "WX"), true);
});

test("starting over clears the table and keeps the players, their names and the rules", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "R5");
  s = E.addCard(K, s, 0, "R7");
  s = E.setPlayers(K, s, 0, 4);
  s = E.setName(K, s, 0, 3, "Dora");
  s = E.setRule(K, s, 0, "stacking", true);
  s = E.setHandCount(K, s, 0, 1, 2);
  s = E.clearTable(K, s, 0);
  assert.deepEqual(s, {
    position: { players: [{ hand: [] }, { hand: 7 }, { hand: 7 }, { name: "Dora", hand: 7 }], turn: 0, direction: 1,
      discard: [], draw_pile: 108 - 21 },
    action: null, rules: { stacking: true },
  });
});

test("a move that needs none of your cards gives you a hand unseen; the first card tapped in replaces it", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "W+4");
  s = E.setHappened(K, s, 0, "plus4");
  assert.deepEqual(s.action, { type: "challenge" });
  assert.equal(s.position.players[0].hand, 7, "the engine takes a player with no cards as one who went out");
  s = E.setHandCount(K, s, 0, 0, 3);
  assert.equal(s.position.players[0].hand, 3);
  s = E.addCard(K, s, 0, "G5");
  assert.deepEqual(s.position.players[0].hand, ["G5"]);
  assert.deepEqual(s.action, { type: "play", card: "G5" });
  s = E.addCard(K, s, 0, "B1");
  assert.deepEqual(s.position.players[0].hand, ["G5", "B1"]);
});

test("a waiting penalty holds only the counts the engine allows under the rules", () => {
  let s = E.setTop(K, E.emptySituation(K), 0, "R5");
  s = E.setHappened(K, s, 0, "plus2");
  s = E.setRule(K, s, 0, "stacking", true);
  s = E.setPendingCards(K, s, 0, 7);
  assert.equal(s.position.pending.cards, 6, "no stack of +2s makes 7");
  s = E.setRule(K, s, 0, "stacking", false);
  assert.equal(s.position.pending.cards, 2, "without stacking a +2 is 2 cards");
  s = E.setPlayers(K, s, 0, 4);
  s = E.setDirection(K, s, 0, -1);
  assert.equal(s.position.pending.from, 1, "the penalty comes from the player before you in the direction of play");
});
