// The checker's situation model: the controls' state <-> the engine's position / action / rules JSON, and the URL
// fragment (#position=..&action=..&rules=.., each base64url without padding of the UTF-8 JSON).
import { deckCounts, parseCard } from "./cards.js";

export const RULE_DEFAULTS = {
  deck: "108", uno_penalty: 2, first_wild: "player-names", stacking: false, stack_plus4_on_plus2: false,
  seven_o: false, jump_in: false, draw_to_match: false, draw_to_match_cap: null, force_play: false, one_round: false,
};
export const DECKS = ["108", "112-swap", "112-shuffle", "112-blank"];

/** The example the page opens with (checked at once, so the reader sees what an answer looks like). */
export function defaultSituation() {
  return {
    names: [null, null, null],
    hands: [["R7", "B3", "Y+2", "W"], 6, 5],
    me: 0, turn: 0, direction: 1,
    below: [], top: "R5", color: "R", drawPile: null,
    happened: "none", drawn: null, drawnCount: null, pendingCards: 4, guilty: false,
    catchable: null, seed: null,
    rules: { ...RULE_DEFAULTS },
    move: { type: "play", card: "R7", color: null, target: null, uno: false },
  };
}

export const playerCount = (s) => s.hands.length;
export const myHand = (s) => s.hands[s.me];
export const handSize = (h) => (Array.isArray(h) ? h.length : h);
export const previousPlayer = (s) => (s.turn - s.direction + 2 * playerCount(s)) % playerCount(s);

/** Copies of each card in sight (known hands + discard), to keep the hand possible. */
export function cardsInSight(s) {
  const seen = {};
  for (const hand of s.hands) if (Array.isArray(hand)) for (const c of hand) seen[c] = (seen[c] || 0) + 1;
  for (const c of [...s.below, s.top]) seen[c] = (seen[c] || 0) + 1;
  return seen;
}

export function autoDrawPile(s) {
  const total = Object.values(deckCounts(s.rules.deck)).reduce((a, b) => a + b, 0);
  const used = s.hands.reduce((a, h) => a + handSize(h), 0) + s.below.length + 1;
  return Math.max(0, total - used);
}

export function rulesJson(s) {
  const out = {};
  for (const [key, value] of Object.entries(s.rules)) if (value !== RULE_DEFAULTS[key]) out[key] = value;
  if (!out.stacking) delete out.stack_plus4_on_plus2;
  if (!out.draw_to_match) delete out.draw_to_match_cap;
  return out;
}

export function positionJson(s) {
  const players = s.hands.map((hand, i) => {
    const p = {};
    if (s.names[i]) p.name = s.names[i];
    p.hand = Array.isArray(hand) ? [...hand] : hand;
    return p;
  });
  const pos = {
    players, turn: s.turn, direction: s.direction, discard: [...s.below, s.top], color: s.color,
    draw_pile: s.drawPile === null ? autoDrawPile(s) : s.drawPile,
  };
  if (s.happened === "drawn" && s.drawn) {
    pos.drawn = s.drawn;
    if (s.drawnCount && s.drawnCount > 1) pos.drawn_count = s.drawnCount;
  }
  if (s.happened === "plus4" || s.happened === "plus2") {
    pos.pending = { cards: s.pendingCards, from: previousPlayer(s), card: s.top };
    if (s.happened === "plus4") pos.pending.guilty = Boolean(s.guilty);
  }
  if (s.catchable !== null && s.catchable !== undefined) pos.catchable = [s.catchable];
  if (s.seed !== null && s.seed !== undefined) pos.seed = s.seed;
  return pos;
}

export function actionJson(s) {
  const m = s.move;
  switch (m.type) {
    case "play": {
      const a = { type: "play", card: m.card };
      const card = parseCard(m.card);
      if (card && !card.color && m.color) a.color = m.color;
      if (m.target !== null && m.target !== undefined && needsTarget(s, m.card)) a.target = m.target;
      if (m.uno) a.uno = true;
      if (s.turn !== s.me) a.player = s.me;
      return a;
    }
    case "catch":
      return { type: "catch", player: s.me, target: m.target ?? s.catchable ?? (s.me + 1) % playerCount(s) };
    case "color":
      return { type: "color", color: m.color || "R" };
    default:
      return { type: m.type };
  }
}

export function needsTarget(s, code) {
  return code === "WX" || (s.rules.seven_o && /^[RYGB]7$/.test(code || ""));
}

// ---- base64url of UTF-8 JSON ---------------------------------------------------------------------------
export function encode(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export class LinkError extends Error {
  constructor(kind, part) {
    super(`${kind}: ${part}`);
    this.kind = kind; // "base64" | "json" | "shape"
    this.part = part; // "position" | "action" | "rules"
  }
}

export function decode(text, part) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new LinkError("base64", part);
  let binary;
  try {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  } catch {
    throw new LinkError("base64", part);
  }
  try {
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new LinkError("json", part);
  }
}

export function toFragment(s) {
  const parts = [`position=${encode(positionJson(s))}`, `action=${encode(actionJson(s))}`];
  const rules = rulesJson(s);
  if (Object.keys(rules).length) parts.push(`rules=${encode(rules)}`);
  return "#" + parts.join("&");
}

/** Parse a fragment: null if it holds no situation; {position, action, rules} or throws LinkError. */
export function parseFragment(hash) {
  const text = (hash || "").replace(/^#/, "");
  if (!/(^|&)position=/.test(text)) return null;
  const params = new URLSearchParams(text.replace(/\+/g, "%2B"));
  const position = decode(params.get("position") || "", "position");
  const action = params.has("action") ? decode(params.get("action"), "action") : null;
  const rules = params.has("rules") ? decode(params.get("rules"), "rules") : null;
  return { position, action, rules };
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isIndex = (v, n) => Number.isInteger(v) && v >= 0 && v < n;

/**
 * The controls' state from a link's JSON. Throws LinkError("shape") when the JSON is not a position the
 * controls can hold (the engine judges the rest: impossible hands, contradictions... come back as its errors).
 */
export function fromJson({ position: pos, action, rules }) {
  if (!isObject(pos) || !Array.isArray(pos.players) || pos.players.length < 2 || pos.players.length > 10) {
    throw new LinkError("shape", "position");
  }
  const n = pos.players.length;
  const hands = pos.players.map((p) => (isObject(p) ? p.hand : undefined));
  const cardList = (h) => Array.isArray(h) && h.every((c) => typeof c === "string" && parseCard(c));
  if (!hands.every((h) => cardList(h) || (Number.isInteger(h) && h >= 0 && h <= 120))) {
    throw new LinkError("shape", "position");
  }
  if (!Array.isArray(pos.discard) || !pos.discard.length || !cardList(pos.discard)) throw new LinkError("shape", "position");
  if (action !== null && (!isObject(action) || typeof action.type !== "string")) throw new LinkError("shape", "action");
  if (rules !== null && !isObject(rules)) throw new LinkError("shape", "rules");
  const canon = (c) => parseCard(c) && c.toUpperCase();
  const turn = isIndex(pos.turn, n) ? pos.turn : 0;
  const actor = action && isIndex(action.player, n) && ["play", "uno", "catch"].includes(action.type) ? action.player : turn;
  const s = defaultSituation();
  s.names = pos.players.map((p) => (typeof p.name === "string" ? p.name : null));
  s.hands = hands.map((h) => (Array.isArray(h) ? h.map(canon) : h));
  s.me = actor;
  if (!Array.isArray(s.hands[actor])) s.hands[actor] = Array(s.hands[actor]).fill("?");
  s.turn = turn;
  s.direction = pos.direction === -1 ? -1 : 1;
  const discard = pos.discard.map(canon);
  s.top = discard[discard.length - 1];
  s.below = discard.slice(0, -1);
  s.color = typeof pos.color === "string" ? pos.color.toUpperCase() : pos.color === null ? null : parseCard(s.top)?.color ?? null;
  s.drawPile = pos.draw_pile === undefined ? null : pos.draw_pile;
  s.seed = pos.seed ?? null;
  s.happened = "none";
  if (typeof pos.drawn === "string") {
    s.happened = "drawn";
    s.drawn = canon(pos.drawn) || pos.drawn;
    s.drawnCount = Number.isInteger(pos.drawn_count) ? pos.drawn_count : null;
  }
  if (isObject(pos.pending)) {
    s.happened = String(pos.pending.card).toUpperCase() === "W+4" ? "plus4" : "plus2";
    s.pendingCards = Number.isInteger(pos.pending.cards) ? pos.pending.cards : s.happened === "plus4" ? 4 : 2;
    s.guilty = pos.pending.guilty === true;
  }
  s.catchable = Array.isArray(pos.catchable) && isIndex(pos.catchable[0], n) ? pos.catchable[0] : null;
  s.rules = { ...RULE_DEFAULTS, ...(rules || {}) };
  if (action) {
    const type = ["play", "draw", "pass", "challenge", "catch", "color"].includes(action.type) ? action.type : "play";
    s.move = {
      type,
      card: typeof action.card === "string" ? canon(action.card) || action.card : myHand(s)[0] || null,
      color: typeof action.color === "string" ? action.color.toUpperCase() : null,
      target: Number.isInteger(action.target) ? action.target : null,
      uno: action.uno === true,
    };
  } else {
    s.move = { type: "play", card: myHand(s)[0] || null, color: null, target: null, uno: false };
  }
  return s;
}

export function clampPlayers(s, n) {
  const old = playerCount(s);
  if (n === old || n < 2 || n > 10) return;
  if (n > old) {
    for (let i = old; i < n; i++) {
      s.hands.push(7);
      s.names.push(null);
    }
  } else {
    s.hands.length = n;
    s.names.length = n;
    if (s.me >= n) {
      s.me = 0;
    }
    if (s.turn >= n) s.turn = 0;
    if (s.catchable !== null && s.catchable >= n) s.catchable = null;
    if (s.move.target !== null && s.move.target >= n) s.move.target = null;
  }
}
