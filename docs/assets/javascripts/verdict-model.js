// What a verdict shows, as data (the DOM is verdict-view.js's): the referee's answer (rules_core.check) reduced
// to what the page reads (`digest`, the same as rules_core.frontend.verdict_digest, which the build ships for the
// disputes' situations), then read as an outcome: a challenge that failed or caught a bluff, a catch, a penalty
// drawn, who draws how many and whose turn it is. Pure (node --test tests/js).
import { actorOf, handSize } from "./checker-situation.js";

/** The parts of a check() answer the page shows (the build ships exactly this for its situations). */
export function digest(result) {
  const next = result.next;
  const out = {
    legal: Boolean(result.legal), rule: result.rule, rule_kind: result.rule_kind, rule_url: result.rule_url,
    rule_name: result.rule_name, reason: result.reason, effects: result.effects || [],
    alternatives: result.alternatives || [],
    next: next ? {
      turn: next.turn, color: next.color ?? null, top: next.discard[next.discard.length - 1],
      hands: next.players.map((p) => handSize(p.hand)), result: next.result ?? null,
    } : null,
  };
  if (result.bluff) out.bluff = true;
  return out;
}

/**
 * The verdict read as an outcome. `d`: a digest; `sit`: the situation judged. tone: "legal" | "illegal" |
 * "bluff-caught" | "challenge-failed" | "caught" | "safe" | "penalty"; draws: [{player, n}] who draws how many
 * (for a challenge, a catch or a draw); nextTurn: who plays next (null when the hand is over); over: the result.
 */
export function verdictModel(d, sit) {
  const pos = sit.position;
  const action = sit.action || {};
  const turn = pos.turn ?? 0;
  const actor = actorOf(action, turn);
  const counted = ["draw", "challenge", "catch"].includes(action.type) && d.legal && d.next;
  const draws = counted ? pos.players.map((p, i) => ({ player: i, n: d.next.hands[i] - handSize(p.hand) }))
    .filter((x) => x.n > 0) : [];
  let tone = d.legal ? "legal" : "illegal";
  if (d.legal) {
    if (action.type === "challenge") {
      const offender = pos.pending?.from;
      tone = draws.some((x) => x.player === offender) ? "bluff-caught" : "challenge-failed";
    } else if (action.type === "catch") tone = "caught";
    else if (action.type === "uno") tone = "safe";
    else if (action.type === "draw" && pos.pending) tone = "penalty";
  }
  const over = d.next?.result ?? null;
  return {
    tone, legal: d.legal, actor, draws,
    nextTurn: d.next && !over ? d.next.turn : null,
    nextColor: d.next && !over ? d.next.color : null,
    nextTop: d.next ? d.next.top : null,
    over,
    reason: d.reason,
    rule: { id: d.rule, kind: d.rule_kind, name: d.rule_name, url: d.rule_url },
    effects: d.effects,
    effectsHeading: d.effects.length ? (d.legal ? "what_next" : d.bluff ? "checker_if_bluff" : null) : null,
    alternatives: groupActions(d.alternatives, { actor, turn, exclude: sit.action }),
  };
}

const groupKey = (a) => JSON.stringify([a.type, a.card ?? null, a.target ?? null, a.player ?? null]);

/**
 * The legal actions of one player, each wild once with the colours it may name: [{type, card, colors, target,
 * player}], leaving out `exclude` (the move asked about). Also the stepper's "What if?" list.
 */
export function groupActions(actions, { actor, turn, exclude = null }) {
  const groups = new Map();
  for (const a of actions) {
    if (actorOf(a, turn) !== actor) continue;
    const key = groupKey(a);
    const g = groups.get(key) || { ...a, colors: [] };
    delete g.color;
    delete g.uno;
    if (a.color && !g.colors.includes(a.color)) g.colors.push(a.color);
    groups.set(key, g);
  }
  const skip = exclude ? groupKey(exclude) : null;
  return [...groups.entries()].filter(([key]) => key !== skip).map(([, g]) => g);
}

/** The options that differ from the official rules, by kind: {house: [{key, value}], edition: [{key, value}]}. */
export function rulesSummary(K, rules) {
  const out = { house: [], edition: [] };
  for (const option of K.options) {
    if (!rules || !(option.key in rules) || rules[option.key] === option.default) continue;
    if (option.requires && !rules[option.requires]) continue;
    out[option.kind].push({ key: option.key, value: rules[option.key], type: option.type });
  }
  return out;
}

/** The plural category of a count in a language ("one", "few", "many", "other"), for strings keyed by it. */
export function pluralOf(n, lang) {
  try {
    return new Intl.PluralRules(lang).select(n);
  } catch {
    return n === 1 ? "one" : "other";
  }
}
