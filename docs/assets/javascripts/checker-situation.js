// Reading the checker's one model, the situation {position, action, rules} (the engine's own JSON): who "you" are,
// your hand, the top card, what just happened, which moves make sense. Pure functions (node --test tests/js).
import { parseCard } from "./cards.js";
import { deckCounts, needsColor, needsTarget } from "./knowledge.js";

export const playerCount = (sit) => sit.position.players.length;
export const handSize = (hand) => (Array.isArray(hand) ? hand.length : hand);
export const handAt = (pos, i) => {
  const hand = pos.players[i]?.hand;
  return Array.isArray(hand) ? hand : Array(Number.isInteger(hand) ? hand : 0).fill("?");
};
export const topCard = (pos) => (pos.discard.length ? pos.discard[pos.discard.length - 1] : null);
export const colorOf = (code) => parseCard(code)?.color ?? null;
export const isWild = (code) => Boolean(parseCard(code)) && !parseCard(code).color && code !== "?";
export const previousPlayer = (pos) => {
  const n = pos.players.length;
  return (((pos.turn ?? 0) - (pos.direction ?? 1)) % n + n) % n;
};

/** The colour to match: the named one after a wild, else the top card's (null: a first Wild, not named yet). */
export function currentColor(pos) {
  const top = topCard(pos);
  if (top === null) return null;
  if (pos.color !== undefined && pos.color !== null) return String(pos.color).toUpperCase();
  return isWild(top) ? null : colorOf(top);
}

/** Who acts in an action (the player to act unless it names another). */
export function actorOf(action, turn) {
  return action && Number.isInteger(action.player) ? action.player : turn;
}

/** "You": the player whose move is judged; without a move yet, the remembered one (or the player to act). */
export function meOf(sit, remembered = null) {
  const turn = sit.position.turn ?? 0;
  if (sit.action) return actorOf(sit.action, turn);
  return Number.isInteger(remembered) && remembered < playerCount(sit) ? remembered : turn;
}

/** What just happened before the move: "drawn" (a card was drawn), "plus2" / "plus4" (a penalty waits), "none". */
export function happened(pos) {
  if (pos.pending) return String(pos.pending.card).toUpperCase() === "W+4" ? "plus4" : "plus2";
  if (typeof pos.drawn === "string") return "drawn";
  return "none";
}

/** The situation is complete enough to judge: a card on the pile and a move. */
export const isComplete = (sit) => sit.position.discard.length > 0 && Boolean(sit.action);

/** Copies of each card in sight: every known hand, the discard pile, a draw pile given card by card. */
export function cardsInSight(pos) {
  const seen = {};
  const add = (c) => { seen[c] = (seen[c] || 0) + 1; };
  for (const p of pos.players) if (Array.isArray(p.hand)) p.hand.forEach(add);
  pos.discard.forEach(add);
  if (Array.isArray(pos.draw_pile)) pos.draw_pile.forEach(add);
  return seen;
}

/** Whether one more `code` can be put on the table (the deck has a copy not yet in sight). */
export function copyLeft(K, sit, code) {
  const max = deckCounts(K, sit.rules.deck)[code] || 0;
  return (cardsInSight(sit.position)[code] || 0) < max;
}

/** Cards on the table outside the draw pile (a count of unknown cards counts too). */
export function cardsOutsidePile(pos) {
  return pos.players.reduce((sum, p) => sum + handSize(p.hand), 0) + pos.discard.length;
}

/**
 * The moves that make sense here, in the order they are offered. The move a link asked about is always kept.
 * play: you hold a card; draw: always; pass (keep the drawn card): a card was just drawn; challenge: a +4 is on
 * top; catch: another player holds one card; uno: you hold one card; color: a first Wild whose colour is unnamed.
 */
export function movesOffered(sit, me) {
  const pos = sit.position;
  const moves = [];
  if (currentColor(pos) === null && topCard(pos) !== null) moves.push("color");
  if (handAt(pos, me).some((c) => c !== "?")) moves.push("play");
  moves.push("draw");
  if (typeof pos.drawn === "string") moves.push("pass");
  if (String(topCard(pos)).toUpperCase() === "W+4") moves.push("challenge");
  if (pos.players.some((p, i) => i !== me && handSize(p.hand) === 1)) moves.push("catch");
  if (handSize(pos.players[me]?.hand) === 1) moves.push("uno");
  const asked = sit.action?.type;
  if (asked && !moves.includes(asked)) moves.push(asked);
  return moves;
}

/** The players `me` could catch (one card left), those marked catchable first. */
export function catchTargets(sit, me) {
  const pos = sit.position;
  const catchable = Array.isArray(pos.catchable) ? pos.catchable : [];
  const one = pos.players.map((_, i) => i).filter((i) => i !== me && handSize(pos.players[i].hand) === 1);
  return [...one.filter((i) => catchable.includes(i)), ...one.filter((i) => !catchable.includes(i))];
}

/** What the move needs chosen besides itself: a colour (a wild), a player (Wild Swap Hands, a 7 under Seven-O). */
export function moveNeeds(K, sit) {
  const a = sit.action;
  if (!a) return { color: false, target: false, uno: false };
  if (a.type === "play") {
    const me = meOf(sit);
    return {
      color: needsColor(K, a.card), target: needsTarget(K, sit.rules, a.card),
      uno: handSize(sit.position.players[me]?.hand) === 2,
    };
  }
  return { color: a.type === "color", target: a.type === "catch", uno: false };
}
