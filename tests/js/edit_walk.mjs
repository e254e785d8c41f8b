// Random walks through the checker's edits from an empty table, as a reader taps (only the controls the checker
// offers: cards with a copy left, the moves of movesOffered, players 2-10, the rules options' own values). Prints, as
// JSON, every situation along the way that is complete enough to be judged; tests/test_checker_walk.py hands each
// to rules_core.check, which must accept it (a verdict, never "the referee can't judge this situation").
//   node tests/js/edit_walk.mjs [walks] [steps] [seed]
import { K, siteModule } from "./fixtures.mjs";

const E = await import(siteModule("checker-edits.js"));
const Q = await import(siteModule("checker-situation.js"));
const { optionValue } = await import(siteModule("knowledge.js"));
const { canonicalKey } = await import(siteModule("checker-link.js"));

const [walks = 300, steps = 25, seed0 = 1] = process.argv.slice(2).map(Number);
let seed = seed0 >>> 0;
const random = () => { // mulberry32: the same walks on every run
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

function codes(s) {
  const deck = K.decks[optionValue(K, s.rules, "deck")];
  return Object.keys(deck);
}

// one tap: [edit name, ...args] chosen among what the controls offer in this situation
function tap(s, me) {
  const pos = s.position;
  const hand = Q.handAt(pos, me).filter((c) => c !== "?");
  const others = pos.players.map((_, i) => i).filter((i) => i !== me);
  const left = codes(s).filter((c) => Q.copyLeft(K, s, c));
  const options = [
    () => ["setTop", pick(left.length ? left : codes(s))],
    () => (Q.topCard(pos) !== null && left.length ? ["addCard", pick(left)] : null),
    () => (hand.length ? ["playCard", pick(hand)] : null),
    () => (hand.length ? ["removeCard", Math.floor(random() * hand.length)] : null),
    () => (hand.length ? ["clearHand"] : null),
    () => ["chooseMove", pick(Q.movesOffered(s, me))],
    () => ["setHappened", pick(["none", "drawn", "plus2", "plus4"])],
    () => (pos.pending?.card === "W+4" ? ["setGuilty", random() < 0.5] : null),
    () => (pos.pending ? ["setPendingCards", 1 + Math.floor(random() * 12)] : null),
    () => ["setCatchable", pick(others), random() < 0.7],
    () => (s.action?.type === "play" || s.action?.type === "color" ? ["setMoveColor", pick(K.colors)] : null),
    () => (s.action ? ["setTarget", pick(others)] : null),
    () => (s.action?.type === "play" ? ["setUno", random() < 0.5] : null),
    () => ["setPlayers", 2 + Math.floor(random() * 5)],
    () => ["setTurn", Math.floor(random() * pos.players.length)],
    () => ["setDirection", pick([1, -1])],
    () => ["setHandCount", pick(others), 1 + Math.floor(random() * 9)],
    () => ["setDrawPileEmpty", random() < 0.5],
    () => (Q.topCard(pos) !== null && Q.isWild(Q.topCard(pos)) ? ["setNamedColor", pick(K.colors)] : null),
    () => (Q.topCard(pos) !== null ? ["setFirstCard", random() < 0.5] : null),
    () => (typeof pos.drawn === "string" && hand.length ? ["setDrawn", pick(hand)] : null),
    () => {
      const o = pick(K.options);
      const value = o.type === "bool" ? random() < 0.5 : o.type === "choice" ? pick(o.values) : pick([null, o.suggested]);
      return ["setRule", o.key, value];
    },
    () => (random() < 0.1 ? ["clearTable"] : null),
  ];
  for (;;) {
    const chosen = pick(options)();
    if (chosen) return chosen;
  }
}

const out = new Map();
for (let w = 0; w < walks; w++) {
  let s = E.emptySituation(K);
  let me = 0;
  const path = [];
  for (let i = 0; i < steps; i++) {
    const [name, ...args] = tap(s, me);
    path.push([name, ...args]);
    const before = Q.meOf(s, me);
    s = E[name](K, s, before, ...args);
    me = Q.meOf(s, before);
    if (Q.isComplete(s)) {
      const key = canonicalKey(s);
      if (!out.has(key)) out.set(key, { situation: s, path: [...path] });
    }
  }
}
process.stdout.write(JSON.stringify([...out.values()]));
