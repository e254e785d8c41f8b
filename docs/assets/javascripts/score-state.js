// The score keeper's state: a game (players, scoring, target, the hands played) and what follows from it (totals,
// the winner). Pure data, no DOM: the page's view is score.js, the card values come from the referee
// (rules_core's hand_points), and this module is tested with node --test (tests/js/score-state.test.mjs).
//
// Scoring, as rules-facts and rules_core/scoring.py have it:
//   standard     the player who goes out scores the points left in the other hands; the first to the target
//                (500) wins the game;
//   alternative  (official, M93) each player adds the points left in their own hand; when someone reaches the
//                target, the lowest total wins;
//   one-round    (house rule) the first player out wins the round; no points are counted.
// A tie for the win is possible (equal lowest totals in the alternative scoring); no source settles it, so the
// outcome says "tie" and names every leader.

export const MODES = ["standard", "alternative", "one-round"];
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;
export const TARGET = 500;
const MAX_POINTS = 100000; // a sanity bound for one hand's typed points (a full deck is worth under 1000)
const MAX_NAME = 40;

export class ScoreError extends Error {}

function cleanName(name) {
  const text = typeof name === "string" ? name.replace(/\s+/g, " ").trim().slice(0, MAX_NAME) : "";
  return text || null; // null: the view shows "Player {n}" in the page's language
}

/** A new game. players: names (2-10; empty names allowed), mode: one of MODES, target: 1..100000 (500). */
export function newGame({ players, mode = "standard", target = TARGET }) {
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    throw new ScoreError(`players: ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
  }
  if (!MODES.includes(mode)) throw new ScoreError(`mode: ${mode}`);
  if (!Number.isInteger(target) || target < 1 || target > MAX_POINTS) throw new ScoreError(`target: ${target}`);
  return { players: players.map(cleanName), mode, target, hands: [] };
}

/**
 * The game with one more hand. winner: index of the player who went out; points: the points left in each hand
 * (the winner's entry is ignored and stored as 0; all zeros in the one-round mode).
 */
export function addHand(game, { winner, points }) {
  const n = game.players.length;
  if (!Number.isInteger(winner) || winner < 0 || winner >= n) throw new ScoreError(`winner: ${winner}`);
  if (outcome(game).over) throw new ScoreError("the game is over");
  const row = game.mode === "one-round" ? new Array(n).fill(0) : points;
  if (!Array.isArray(row) || row.length !== n) throw new ScoreError("points: one number per player");
  const clean = row.map((p, i) => {
    if (i === winner) return 0;
    if (!Number.isInteger(p) || p < 0 || p > MAX_POINTS) throw new ScoreError(`points[${i}]: ${p}`);
    return p;
  });
  return { ...game, hands: [...game.hands, { winner, points: clean }] };
}

/** The game without its last hand (unchanged if no hand was played). */
export function undoHand(game) {
  return { ...game, hands: game.hands.slice(0, -1) };
}

/** What a hand adds to each player's total. */
export function handGain(game, hand) {
  if (game.mode === "alternative") return hand.points.slice();
  const gain = new Array(game.players.length).fill(0);
  if (game.mode === "standard") gain[hand.winner] = hand.points.reduce((a, b) => a + b, 0);
  return gain;
}

/** Running totals (points; in the one-round mode, rounds won). */
export function totals(game) {
  const sum = new Array(game.players.length).fill(0);
  for (const hand of game.hands) {
    if (game.mode === "one-round") sum[hand.winner] += 1;
    else handGain(game, hand).forEach((g, i) => { sum[i] += g; });
  }
  return sum;
}

/**
 * Where the game stands: {over, winners (indices), tie, reached (indices of players at or over the target)}.
 * Standard: over when someone reaches the target; the highest total wins. Alternative: over when someone reaches
 * the target; the lowest total wins. One round: each hand is a round of its own; never "over".
 */
export function outcome(game) {
  const sum = totals(game);
  const reached = sum.map((t, i) => (t >= game.target ? i : -1)).filter((i) => i >= 0);
  if (game.mode === "one-round" || !reached.length) return { over: false, winners: [], tie: false, reached };
  const best = game.mode === "standard" ? Math.max(...sum) : Math.min(...sum);
  const winners = sum.map((t, i) => (t === best ? i : -1)).filter((i) => i >= 0);
  return { over: true, winners, tie: winners.length > 1, reached };
}

/** Players by standing: best first (highest points; lowest in the alternative scoring; most rounds won). */
export function ranking(game) {
  const sum = totals(game);
  const order = sum.map((t, i) => i);
  const lowFirst = game.mode === "alternative";
  return order.sort((a, b) => (lowFirst ? sum[a] - sum[b] : sum[b] - sum[a]) || a - b);
}

// ---- storage and links: a compact JSON form, validated on the way in ---------------------------------------

/** The game as plain JSON (version 1): {v, players, mode, target, hands: [[winner, p0, p1, ...], ...]}. */
export function toJSON(game) {
  return {
    v: 1, players: game.players, mode: game.mode, target: game.target,
    hands: game.hands.map((hand) => [hand.winner, ...hand.points]),
  };
}

/** A game from toJSON's form; throws ScoreError if anything in it is not a game this module would make. */
export function fromJSON(data) {
  if (!data || typeof data !== "object" || data.v !== 1) throw new ScoreError("not a saved game");
  let game = newGame({ players: data.players, mode: data.mode, target: data.target });
  if (!Array.isArray(data.hands)) throw new ScoreError("hands");
  for (const row of data.hands) {
    if (!Array.isArray(row)) throw new ScoreError("hand");
    const [winner, ...points] = row;
    game = addHand(game, { winner, points: game.mode === "one-round" ? new Array(game.players.length).fill(0) : points });
  }
  return game;
}

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The URL fragment of a shared game: "game=<base64url of the UTF-8 JSON>". */
export function toFragment(game) {
  return `game=${toBase64Url(JSON.stringify(toJSON(game)))}`;
}

/** A game from a URL fragment (with or without "#"), or null if the fragment holds no (valid) game. */
export function fromFragment(hash) {
  const match = /(?:^#?|&)game=([A-Za-z0-9_-]+)/.exec(String(hash || ""));
  if (!match) return null;
  try {
    return fromJSON(JSON.parse(fromBase64Url(match[1])));
  } catch {
    return null;
  }
}
