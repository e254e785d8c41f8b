// The one verdict renderer of the site (the checker and the steppers' "What if?"): a verdict model
// (verdict-model.js) into DOM. The head says what happened in words and by its style, never by colour alone:
//   allowed ✓ / not allowed ✗ / bluff caught ! / challenge failed ✗ / caught ! / safe ✓ / penalty +
// then who draws and whose turn it is, the referee's reason, the rule (a link to its paragraph in the page's
// language), which rules judged it, what happens next, and the other legal moves.
//
//   renderVerdict(element, model, ctx)    ctx: {S, strings, siteRoot, playerName(i), rules: {house, edition}}
//   verdictHead(model, ctx)               the head alone (the checker's compact bar)
import { h } from "./dom.js";
import { cardFace, cardLabel, colorName, parseCard } from "./cards.js";
import { pluralOf } from "./verdict-model.js";

export const TONE_ICON = {
  legal: "✓", illegal: "✗", "bluff-caught": "!", "challenge-failed": "✗", caught: "!", safe: "✓", penalty: "+",
};
const toneKey = (tone) => `checker_tone_${tone.replace(/-/g, "_")}`;

/** "Ann draws 4 cards." in the language of `S` (its plural forms). */
export function drawsLine(S, lang, name, n) {
  return S(`checker_draws_${pluralOf(n, lang)}`, { player: name, n });
}

/** The outcome in one line: who draws, and who plays next (or that the hand is over). "" for a plain play. */
export function outcomeLine(model, { S, lang, playerName }) {
  if (!model.draws.length && !model.over && (model.tone === "legal" || model.tone === "illegal")) return "";
  const parts = model.draws.map((d) => drawsLine(S, lang, playerName(d.player), d.n));
  if (model.over && Number.isInteger(model.over.winner)) parts.push(S("checker_over", { player: playerName(model.over.winner) }));
  else if (Number.isInteger(model.nextTurn)) parts.push(S("checker_next_turn", { player: playerName(model.nextTurn) }));
  return parts.join(" ");
}

/** The verdict's head: icon, label and (when something was drawn) the outcome line. */
export function verdictHead(model, ctx) {
  const { S } = ctx;
  return h("p", { class: `verdict__head verdict__head--${model.tone}` },
    h("span", { class: "verdict__icon", "aria-hidden": "true" }, TONE_ICON[model.tone]), " ",
    h("strong", { class: "verdict__label" }, S(toneKey(model.tone))));
}

function moveText(a, { S, strings, playerName }) {
  if (a.type === "play") {
    let text = cardLabel(a.card, strings);
    if (a.colors && a.colors.length === 4) text = S("checker_alt_any_color", { card: text });
    else if (a.colors && a.colors.length) {
      text = S("checker_alt_colors", { card: text, colors: a.colors.map((c) => colorName(c, strings)).join(", ") });
    }
    if (Number.isInteger(a.target)) text = S("checker_alt_target", { move: text, player: playerName(a.target) });
    return S("checker_alt_play", { card: text });
  }
  if (a.type === "catch") return S("checker_alt_catch", { player: playerName(a.target) });
  if (a.type === "uno") return S("checker_move_uno");
  if (a.type === "color") return S("checker_alt_color", { color: (a.colors || [a.color]).map((c) => colorName(c, strings)).join(", ") });
  return S(`checker_move_${a.type}`);
}

/** One legal move, as the "What you can do instead" list and the steppers' "What if?" show it. */
export function moveItem(a, ctx) {
  return h("li", {}, a.type === "play" ? [cardFace(a.card, { strings: ctx.strings, size: "s", decorative: true }), " "] : null,
    moveText(a, ctx));
}

/** "Judged under the official rules." / the house rules that were on / the edition readings. */
export function rulesLines(summary, { S }) {
  const label = (o) => (o.type === "bool" ? S(`checker_option_${o.key}`)
    : o.type === "cap" ? S("checker_option_draw_to_match_cap", { n: o.value })
      : S(`checker_option_${o.key}_${String(o.value).replace(/-/g, "_")}`));
  const lines = [];
  if (!summary.house.length) lines.push(S("checker_verdict_official"));
  else lines.push(S("checker_verdict_house", { rules: summary.house.map(label).join(", ") }));
  if (summary.edition.length) lines.push(S("checker_verdict_edition", { rules: summary.edition.map(label).join(", ") }));
  return lines;
}

/**
 * Fill `element` with the whole verdict. Options (ctx): alternatives (default true), ruleset (a rules summary,
 * or null to leave it out), outcome (default true).
 */
export function renderVerdict(element, model, ctx) {
  const { S, strings, siteRoot } = ctx;
  const url = new URL(model.rule.url, siteRoot).href;
  const outcome = ctx.outcome === false ? "" : outcomeLine(model, ctx);
  const next = [];
  if (!model.over && Number.isInteger(model.nextTurn) && model.nextTop && ctx.outcome !== false) {
    next.push(h("p", { class: "verdict__next" },
      cardFace(model.nextTop, { strings, size: "s", named: parseCard(model.nextTop)?.color ? null : model.nextColor }), " ",
      model.nextColor ? S("checker_next_color", { color: colorName(model.nextColor, strings) }) : null));
  }
  const alternatives = ctx.alternatives === false ? null : [
    h("h3", { class: "verdict__h" }, S(model.legal ? "checker_alternatives_other" : "checker_alternatives")),
    model.alternatives.length ? h("ul", { class: "verdict__moves" }, model.alternatives.map((a) => moveItem(a, ctx)))
      : h("p", {}, S("checker_alternatives_none")),
  ];
  element.replaceChildren(...[
    verdictHead(model, ctx),
    outcome ? h("p", { class: "verdict__outcome" }, outcome) : null,
    h("p", { class: "verdict__reason" }, model.reason),
    h("p", { class: "verdict__rule" }, S("rule_link"), ": ", h("a", { href: url }, model.rule.name || model.rule.id)),
    ctx.ruleset ? rulesLines(ctx.ruleset, ctx).map((line) => h("p", { class: "verdict__ruleset" }, line)) : null,
    model.effectsHeading ? [
      h("h3", { class: "verdict__h" }, S(model.effectsHeading)),
      h("ul", { class: "verdict__effects" }, model.effects.map((e) => h("li", {}, e))),
    ] : null,
    next,
    alternatives,
  ].flat(2).filter(Boolean));
  element.dataset.legal = String(model.legal);
  element.dataset.outcome = model.tone;
  delete element.dataset.error;
  delete element.dataset.stale;
}
