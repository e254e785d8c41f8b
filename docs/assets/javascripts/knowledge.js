// The rules knowledge the build wrote into the page (rules_core/frontend.py: decks and their counts, the rules
// options with their defaults and kinds, the cards that need a colour or a target, what each action carries):
// the widgets read it here and never keep a copy of their own.

let cached = null;

/** The page's knowledge (the JSON element #rules-knowledge); {} when the page has none. */
export function pageKnowledge(doc = globalThis.document) {
  if (cached) return cached;
  const element = doc?.getElementById("rules-knowledge");
  cached = element ? JSON.parse(element.textContent) : {};
  return cached;
}

/** Where there is no page (node --test): the knowledge the tests made with rules_core. */
export function setPageKnowledge(K) {
  cached = K;
}

/** The cards of a deck edition as {code: copies}. */
export function deckCounts(K, edition) {
  return K.decks[edition] || K.decks[defaultOf(K, "deck")];
}

/** An option's default value. */
export function defaultOf(K, key) {
  const option = K.options.find((o) => o.key === key);
  return option ? option.default : undefined;
}

/** An option's value under a rules object (its default when not set). */
export function optionValue(K, rules, key) {
  return rules && key in rules ? rules[key] : defaultOf(K, key);
}

/** Whether playing `card` names a player under these rules. */
export function needsTarget(K, rules, card) {
  if (!(card in K.needs_target)) return false;
  const option = K.needs_target[card];
  return option === null || Boolean(optionValue(K, rules, option));
}

/** Whether playing `card` names a colour. */
export function needsColor(K, card) {
  return K.needs_color.includes(card);
}

/** How many cards a penalty waiting under `card` (a +2 or the +4 on top) may stand for under these rules. */
export function penaltyCounts(K, rules, card) {
  const kind = String(card).toUpperCase() === "W+4" ? "W+4" : "+2";
  const stacking = Boolean(optionValue(K, rules, "stacking"));
  const plus4 = kind === "W+4" && stacking && Boolean(optionValue(K, rules, "stack_plus4_on_plus2"));
  const entry = K.penalties.find((p) => p.card === kind && p.stacking === stacking && p.plus4_on_plus2 === plus4);
  return entry ? entry.counts : [];
}
