// The checker's edits: each takes the situation {position, action, rules} (the engine's JSON, the checker's only
// state) and returns a new one; nothing is mutated. After every edit `settle` keeps the JSON one the engine can
// judge (the move's card in the hand, a colour for a wild, a target where one is needed, counts within the deck),
// changing nothing that is already consistent, so a link's situation goes to the engine as it came.
// Pure functions (node --test tests/js):
//
//   let s = emptySituation(K);
//   s = addCard(K, s, 0, "R7");       // into the hand of player 0 ("you"); the card becomes the move
//   s = setTop(K, s, 0, "R5");
//   s.action -> {type: "play", card: "R7"}
import {
  actorOf, catchTargets, colorOf, currentColor, handAt, handSize, isWild, meOf, playerCount, previousPlayer, topCard,
  cardsInSight, cardsOutsidePile,
} from "./checker-situation.js";
import { defaultOf, needsColor, needsTarget, optionValue, penaltyCounts } from "./knowledge.js";

const OTHER_HAND = 7; // a new player holds a hand as dealt

/** An empty table: three players, nothing on the pile, no move yet. */
export function emptySituation(K) {
  const players = [{ hand: [] }, { hand: OTHER_HAND }, { hand: OTHER_HAND }];
  const position = { players, turn: 0, direction: 1, discard: [], draw_pile: 0 };
  position.draw_pile = K.deck_sizes[defaultOf(K, "deck")] - cardsOutsidePile(position);
  return { position, action: null, rules: {} };
}

const clone = (s) => structuredClone(s);
const knownCards = (hand) => hand.filter((c) => c !== "?");

/** A new question at the same table: the pile, the hands and the move cleared; the players, their names and the
 * rules kept (a family playing with stacking keeps playing with it). */
export function clearTable(K, s, me) {
  const fresh = emptySituation(K);
  const players = s.position.players.map((p, i) => ({ ...(p.name ? { name: p.name } : {}), hand: i === me ? [] : OTHER_HAND }));
  const position = { ...fresh.position, players, turn: me };
  position.draw_pile = K.deck_sizes[optionValue(K, s.rules, "deck")] - cardsOutsidePile(position);
  return settle(K, { position, action: null, rules: structuredClone(s.rules) }, me);
}

/** Keep the situation judgeable after an edit; `me` is the player whose move it is. */
export function settle(K, s, me) {
  const pos = s.position;
  const n = pos.players.length;
  if (!Number.isInteger(me) || me < 0 || me >= n) me = 0;
  if (!Number.isInteger(pos.turn) || pos.turn < 0 || pos.turn >= n) pos.turn = 0;
  if (pos.direction !== -1) pos.direction = 1;
  for (const p of pos.players) if (p.name === "" || p.name === null) delete p.name;

  let top = topCard(pos);
  if (top !== null && top.toUpperCase() === "W+4" && pos.discard.length === 1) {
    // a +4 never starts the pile (turned up first it goes back): some card lay under it; which one is not asked
    pos.discard.unshift(fillerCard(K, s, pos.color || "R"));
    top = topCard(pos);
  }
  if (top !== null) {
    if (!isWild(top)) {
      if ("color" in pos) pos.color = colorOf(top);
    } else if (pos.color === undefined || (pos.color === null && pos.discard.length > 1)) {
      pos.color = "R";
    }
  }
  if (pos.pending) {
    const p = pos.pending;
    if (top === null || String(p.card).toUpperCase() !== top.toUpperCase()) delete pos.pending;
    else {
      p.from = previousPlayer(pos); // a penalty waits for the player after the one who played it
      if (top.toUpperCase() === "W+4") p.guilty = p.guilty === true;
      else delete p.guilty;
      // as many cards as the engine allows under these rules: the largest not above the count asked, else the least
      const counts = penaltyCounts(K, s.rules, top);
      if (counts.length && !counts.includes(p.cards)) {
        const below = counts.filter((c) => Number.isInteger(p.cards) && c <= p.cards);
        p.cards = below.length ? below[below.length - 1] : counts[0];
      }
    }
  }
  if ("drawn" in pos && (pos.pending || !handAt(pos, pos.turn).includes(pos.drawn))) {
    delete pos.drawn;
    delete pos.drawn_count;
  }
  if (Array.isArray(pos.catchable)) {
    pos.catchable = [...new Set(pos.catchable.filter((i) => Number.isInteger(i) && i >= 0 && i < n))].sort((a, b) => a - b);
    if (!pos.catchable.length) delete pos.catchable;
  }
  if (pos.result && !(Number.isInteger(pos.result.winner) && handSize(pos.players[pos.result.winner]?.hand) === 0)) {
    delete pos.result;
  }
  if (Number.isInteger(pos.draw_pile)) {
    const room = K.deck_sizes[optionValue(K, s.rules, "deck")] - cardsOutsidePile(pos);
    pos.draw_pile = Math.max(0, Math.min(pos.draw_pile, room));
  }

  settleAction(K, s, me);
  // a move that needs no card of yours (draw, challenge, catch...) still needs you to hold some: the engine takes
  // a player with no cards as one who has gone out. Until you tap yours in, you hold a dealt hand of cards unseen.
  if (s.action && !pos.result && handSize(pos.players[me].hand) === 0) {
    pos.players[me].hand = OTHER_HAND;
    if (Number.isInteger(pos.draw_pile)) pos.draw_pile = Math.max(0, pos.draw_pile - OTHER_HAND);
  }
  settleRules(K, s);
  return s;
}

/** A card of `color` with a copy left, for the unseen card under a +4. */
function fillerCard(K, s, color) {
  const seen = cardsInSight(s.position);
  const deck = K.decks[optionValue(K, s.rules, "deck")];
  const free = (code) => (seen[code] || 0) < (deck[code] || 0);
  const numbers = K.ranks.filter((r) => /^\d$/.test(r)).reverse(); // a 9 first: the 0s are single copies
  return numbers.map((r) => color + r).find(free) || K.colors.flatMap((c) => numbers.map((r) => c + r)).find(free);
}

function settleAction(K, s, me) {
  const a = s.action;
  if (!a) return;
  const pos = s.position;
  const n = pos.players.length;
  const hand = knownCards(handAt(pos, me));
  const other = (i) => Number.isInteger(i) && i >= 0 && i < n && i !== me;
  if (a.type === "play") {
    if (!hand.includes(a.card)) {
      if (!hand.length) {
        s.action = null;
        return;
      }
      a.card = hand[hand.length - 1];
    }
    if (needsColor(K, a.card)) {
      if (!/^[RYGB]$/.test(a.color || "")) a.color = currentColor(pos) || "R";
    } else delete a.color;
    if (needsTarget(K, s.rules, a.card)) {
      if (!other(a.target)) a.target = (me + 1) % n;
    } else delete a.target;
    if (a.uno && handSize(pos.players[me].hand) !== 2) delete a.uno;
  } else if (a.type === "catch") {
    if (!other(a.target)) a.target = catchTargets(s, me)[0] ?? (me + 1) % n;
  } else if (a.type === "color") {
    if (!/^[RYGB]$/.test(a.color || "")) a.color = "R";
  }
  if (a.type !== "play") {
    delete a.card;
    if (a.type !== "color") delete a.color;
    if (a.type !== "catch") delete a.target;
    delete a.uno;
  }
  if (me !== pos.turn || "player" in a || a.type === "catch") a.player = me;
}

function settleRules(K, s) {
  const rules = s.rules;
  for (const option of K.options) {
    const key = option.key;
    if (!(key in rules)) continue;
    const off = option.requires && !optionValue(K, rules, option.requires);
    if (rules[key] === option.default || off) delete rules[key];
  }
}

// ---- edits ----------------------------------------------------------------------------------------------------

/** Change a situation by `change(copy)` and settle it (the edits below are built on this). */
export function edit(K, s, me, change) {
  const copy = clone(s);
  const result = change(copy);
  return settle(K, copy, Number.isInteger(result) ? result : me);
}

/** The card on top of the pile (a wild keeps the colour in force as its named colour). */
export function setTop(K, s, me, code) {
  return edit(K, s, me, (c) => {
    const pos = c.position;
    const before = currentColor(pos);
    if (pos.discard.length) pos.discard[pos.discard.length - 1] = code;
    else pos.discard.push(code);
    if (isWild(code)) pos.color = before || "R";
    else if ("color" in pos || pos.discard.length === 1) pos.color = colorOf(code);
    if (pos.pending) {
      const plus2 = /\+2$/.test(code) && !/^W/.test(code);
      if (plus2 && pos.pending.card !== "W+4") pos.pending.card = code;
    }
  });
}

/** The colour named after the wild on top (so it was not the first card turned up, waiting for one). */
export const setNamedColor = (K, s, me, color) => edit(K, s, me, (c) => {
  if (c.position.color === null && c.action?.type === "color") c.action = null;
  c.position.color = color;
});

/** The top card was the first card turned up (no card under it; a Wild with no colour named yet). */
export function setFirstCard(K, s, me, on) {
  return edit(K, s, me, (c) => {
    const pos = c.position;
    const top = topCard(pos);
    if (top === null) return;
    if (on) {
      pos.discard = [top];
      pos.color = isWild(top) ? null : colorOf(top);
      delete pos.pending;
      delete pos.drawn;
      delete pos.drawn_count;
      if (isWild(top) && (!c.action || c.action.type === "play")) c.action = { type: "color", color: "R" };
    } else if (isWild(top)) {
      pos.color = "R";
      if (c.action?.type === "color") c.action = null;
    }
  });
}

function ownHand(pos, me) {
  const p = pos.players[me];
  if (!Array.isArray(p.hand)) p.hand = Array(p.hand).fill("?");
  return p.hand;
}

/** A card into your hand; it becomes the move (and, just after a draw, the card drawn). */
export function addCard(K, s, me, code) {
  return edit(K, s, me, (c) => {
    const hand = handAt(c.position, me);
    // a hand of cards unseen (nothing tapped in yet): the first card tapped in starts the hand you show
    if (hand.length && hand.every((card) => card === "?")) c.position.players[me].hand = [code];
    else ownHand(c.position, me).push(code);
    c.action = { type: "play", card: code };
    if (typeof c.position.drawn === "string" && me === c.position.turn) c.position.drawn = code;
  });
}

export function removeCard(K, s, me, index) {
  return edit(K, s, me, (c) => { ownHand(c.position, me).splice(index, 1); });
}

export function clearHand(K, s, me) {
  return edit(K, s, me, (c) => {
    c.position.players[me].hand = [];
    if (c.action?.type === "play") c.action = null;
  });
}

/** Play this card of your hand. */
export const playCard = (K, s, me, code) => edit(K, s, me, (c) => {
  const keep = c.action?.type === "play" && c.action.card === code ? c.action : {};
  c.action = { ...keep, type: "play", card: code };
});

/** The kind of move: play, draw, pass (keep the drawn card), challenge, catch, uno, color. */
export function chooseMove(K, s, me, type) {
  return edit(K, s, me, (c) => {
    const old = c.action || {};
    const hand = knownCards(handAt(c.position, me));
    if (type === "play") {
      c.action = { type, card: hand.includes(old.card) ? old.card : hand[hand.length - 1] };
      if (old.type === "play") Object.assign(c.action, { color: old.color, target: old.target, uno: old.uno });
    } else if (type === "catch") {
      c.action = { type, target: catchTargets(c, me)[0] };
    } else if (type === "color") {
      c.action = { type, color: old.color || "R" };
    } else {
      c.action = { type };
    }
    for (const key of Object.keys(c.action)) if (c.action[key] === undefined) delete c.action[key];
  });
}

export const setMoveColor = (K, s, me, color) => edit(K, s, me, (c) => { if (c.action) c.action.color = color; });
export const setTarget = (K, s, me, target) => edit(K, s, me, (c) => { if (c.action) c.action.target = target; });
export const setUno = (K, s, me, on) => edit(K, s, me, (c) => {
  if (!c.action) return;
  if (on) c.action.uno = true;
  else delete c.action.uno;
});

/** 2 to 10 players; a new one holds a dealt hand. */
export function setPlayers(K, s, me, n) {
  return edit(K, s, me, (c) => {
    const players = c.position.players;
    if (n < 2 || n > 10) return me;
    while (players.length < n) players.push({ hand: OTHER_HAND });
    players.length = n;
    if (Number.isInteger(c.position.pending?.from) && c.position.pending.from >= n) c.position.pending.from = -1;
    if (c.action && Number.isInteger(c.action.target) && c.action.target >= n) delete c.action.target;
    return me < n ? me : 0;
  });
}

/** Whose turn it is ("you" stay who you are: a move out of turn names you). */
export function setTurn(K, s, me, turn) {
  return edit(K, s, me, (c) => {
    const pos = c.position;
    if (turn === pos.turn) return;
    pos.turn = turn;
    if (turn !== me) {
      delete pos.pending;
      delete pos.drawn;
      delete pos.drawn_count;
    } else if (pos.pending) pos.pending.from = previousPlayer(pos);
  });
}

export const setDirection = (K, s, me, direction) => edit(K, s, me, (c) => {
  c.position.direction = direction;
  if (c.position.pending) c.position.pending.from = previousPlayer(c.position);
});

/** How many cards another player holds (known cards are kept, as many as fit). */
export function setHandCount(K, s, me, i, count) {
  return edit(K, s, me, (c) => {
    const p = c.position.players[i];
    if (count < 0) return;
    if (Array.isArray(p.hand)) p.hand = count <= p.hand.length ? p.hand.slice(0, count) : [...p.hand, ...Array(count - p.hand.length).fill("?")];
    else p.hand = count;
    if (count !== 1 && Array.isArray(c.position.catchable)) c.position.catchable = c.position.catchable.filter((j) => j !== i);
  });
}

export const setName = (K, s, me, i, name) => edit(K, s, me, (c) => {
  const text = String(name || "").trim().slice(0, 24);
  if (text) c.position.players[i].name = text;
  else delete c.position.players[i].name;
});

/**
 * What just happened before your move: "none"; "drawn" (you drew the last card you added); "plus2" / "plus4" (one
 * was just played on you: it goes on the pile, matching the colour in force, and waits to be drawn for; a +4 with
 * no move asked yet is challenged).
 */
export function setHappened(K, s, me, kind) {
  return edit(K, s, me, (c) => {
    const pos = c.position;
    delete pos.pending;
    if (kind !== "drawn") {
      delete pos.drawn;
      delete pos.drawn_count;
    }
    if (kind === "none") return;
    pos.turn = me;
    if (kind === "drawn") {
      const hand = knownCards(handAt(pos, me));
      if (hand.length && !hand.includes(pos.drawn)) pos.drawn = c.action?.type === "play" ? c.action.card : hand[hand.length - 1];
      return;
    }
    const color = currentColor(pos) || "R";
    const top = topCard(pos);
    if (kind === "plus2") {
      const card = top && /^[RYGB]\+2$/.test(top) ? top : `${color}+2`;
      if (card !== top) pos.discard.push(card);
      if ("color" in pos) pos.color = colorOf(card);
      pos.pending = { cards: 2, from: previousPlayer(pos), card };
    } else {
      if (top !== "W+4") pos.discard.push("W+4");
      pos.color = color;
      pos.pending = { cards: 4, from: previousPlayer(pos), card: "W+4", guilty: false };
      if (!c.action) c.action = { type: "challenge" }; // nothing asked yet: the question a +4 raises
    }
  });
}

export const setDrawn = (K, s, me, code) => edit(K, s, me, (c) => { c.position.drawn = code; });
export const setPendingCards = (K, s, me, n) => edit(K, s, me, (c) => { if (c.position.pending && n >= 1) c.position.pending.cards = n; });
export const setGuilty = (K, s, me, on) => edit(K, s, me, (c) => { if (c.position.pending) c.position.pending.guilty = Boolean(on); });

/** Player `i` has one card left and did not say UNO (they can still be caught), or not. */
export function setCatchable(K, s, me, i, on) {
  return edit(K, s, me, (c) => {
    const pos = c.position;
    const list = new Set(Array.isArray(pos.catchable) ? pos.catchable : []);
    if (on) {
      list.add(i);
      const p = pos.players[i];
      p.hand = Array.isArray(p.hand) ? (p.hand.length ? p.hand.slice(0, 1) : ["?"]) : 1;
    } else list.delete(i);
    pos.catchable = [...list];
    // nothing asked yet (or already a catch): the question is whether they can be caught
    if (on && (!c.action || c.action.type === "catch")) c.action = { type: "catch", target: i };
  });
}

/** A rules option (its default value takes it out of the rules object). */
export const setRule = (K, s, me, key, value) => edit(K, s, me, (c) => { c.rules[key] = value; });

/** The draw pile is empty, or holds the rest of the deck. */
export function setDrawPileEmpty(K, s, me, empty) {
  return edit(K, s, me, (c) => {
    const pos = c.position;
    if (empty) pos.draw_pile = Array.isArray(pos.draw_pile) ? [] : 0;
    else pos.draw_pile = K.deck_sizes[optionValue(K, c.rules, "deck")] - cardsOutsidePile(pos);
  });
}

export { actorOf, meOf, playerCount };
