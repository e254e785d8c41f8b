// "Print this verdict": a one-page note in words (no card faces, no controls): the situation, the verdict, its
// reason and rule with the rule's address spelt out, which rules judged it, and the address that opens the situation
// again. checker.css prints only this note (@media print).
import { h } from "./dom.js";
import { cardLabel, colorName } from "./cards.js";
import { currentColor, handAt, handSize, happened, meOf, topCard } from "./checker-situation.js";
import { rulesSummary } from "./verdict-model.js";
import { outcomeLine, rulesLines } from "./verdict-view.js";

/** The note's nodes. ctx: {S, strings, K, siteRoot, playerName, url}. */
export function printNoteFor(judged, model, ctx) {
  const { S, strings, K, siteRoot, playerName } = ctx;
  const pos = judged.position;
  const me = meOf(judged);
  const hand = handAt(pos, me);
  const a = judged.action;
  const move = a.type === "play"
    ? S("checker_move_play_card", { card: cardLabel(a.card, strings, { named: a.color || null }) })
    : S(`checker_move_${a.type}`);
  const color = currentColor(pos);
  const lines = [
    S("checker_print_top", { card: cardLabel(topCard(pos), strings) }),
    color ? S("checker_print_color", { color: colorName(color, strings) }) : null,
    happened(pos) !== "none" ? S(`checker_happened_${happened(pos)}`) : null,
    hand.length ? S("checker_print_hand", { player: playerName(me), cards: hand.map((x) => cardLabel(x, strings)).join(", ") })
      : S("checker_print_hand_empty", { player: playerName(me) }),
    S("checker_print_others", {
      counts: pos.players.map((p, i) => (i === me ? null : `${playerName(i)}: ${handSize(p.hand)}`)).filter(Boolean).join(", "),
    }),
    S("checker_print_turn", { player: playerName(pos.turn ?? 0) }),
    S("checker_print_move", { move }),
  ].filter(Boolean);
  const outcome = outcomeLine(model, ctx);
  return [
    h("h2", {}, S("checker_print_title")),
    h("h3", {}, S("checker_print_situation")),
    h("ul", {}, lines.map((line) => h("li", {}, line))),
    h("h3", {}, S("checker_print_verdict")),
    h("p", { class: "checker-print__head" }, S(`checker_tone_${model.tone.replace(/-/g, "_")}`)),
    outcome ? h("p", {}, outcome) : null,
    h("p", {}, model.reason),
    h("p", {}, S("rule_link"), ": ", model.rule.name, " — ",
      h("span", { class: "checker-print__url" }, new URL(model.rule.url, siteRoot).href)),
    ...rulesLines(rulesSummary(K, judged.rules), ctx).map((line) => h("p", {}, line)),
    h("p", { class: "checker-print__link" }, S("checker_print_link"), " ", h("span", { class: "checker-print__url" }, ctx.url)),
  ].filter(Boolean);
}
