// Card faces shared by the checker and the stepper: colour + symbol + text, readable in grayscale and by
// colour-blind readers (every coloured card also shows its colour's initial in the page's language and a
// per-colour pattern), with an accessible name in the page's language.
//
//   import { cardFace, cardLabel, colorName } from "./cards.js";
//   cardFace("R7", { strings })                    -> <span role="img" aria-label="red 7" class="card card--R card--m">
//   cardFace("W", { strings, named: "G", size: "l" }) a Wild with the colour named after it
//   cardFace("Y+2", { strings, decorative: true })  no role/name (inside a button that carries its own label)
//   cardLabel("YS", strings) -> "yellow Skip"
//
// `strings` is the widget context's strings: the names are the engine's own (rules_core.messages.card_name and
// color_name, written into the page by the build as card_name_<code> and card_red ... card_blue); the colour
// initials and "named colour" wording come from i18n/cards.json.

import { fill } from "./dom.js";
import { pageKnowledge } from "./knowledge.js";

const COLOR_KEY = { R: "card_red", Y: "card_yellow", G: "card_green", B: "card_blue" };
// symbols on the face (DejaVu Sans, present on Debian, has them all; text fallback keeps them readable)
const SYMBOL = { S: "⊘", R: "⇄", "+2": "+2", W: "★", "W+4": "+4", WX: "⇆", WS: "⤨", WC: "✎", "?": "?" };

/** Card code -> {color: "R"|"Y"|"G"|"B"|null, rank}. Unknown codes give null. */
export function parseCard(code) {
  if (typeof code !== "string") return null;
  const { colors, ranks, wilds, unknown } = pageKnowledge(); // the engine's card codes (rules_core.cards)
  const c = code.toUpperCase();
  if (c === unknown) return { color: null, rank: unknown };
  if (wilds.includes(c)) return { color: null, rank: c };
  if (colors.includes(c[0]) && ranks.includes(c.slice(1))) return { color: c[0], rank: c.slice(1) };
  return null;
}

const t = (strings, key, fallback) => (strings && strings[key]) || fallback;

/** Colour name in the page's language ("red", "červená"...). */
export function colorName(color, strings) {
  return t(strings, COLOR_KEY[color], color);
}

/** Colour initial shown on the face (R/Y/G/B in English, Č/Ž/Z/M in Slovak...). */
export function colorLetter(color, strings) {
  return t(strings, `card_letter_${color}`, color);
}

/** A card's name in running text, as the engine writes it ("red 7", "yellow Skip", "+4", "Wild"). */
export function cardLabel(code, strings, { named = null } = {}) {
  const card = parseCard(code);
  const canonical = card ? (card.rank === "?" ? "?" : card.color ? card.color + card.rank : card.rank) : null;
  let label = canonical ? t(strings, `card_name_${canonical}`, canonical) : String(code);
  if (named && card && !card.color && card.rank !== "?") {
    label = fill(t(strings, "card_named", "{card}, {color}"), { card: label, color: colorName(named, strings) });
  }
  return label;
}

/**
 * A card face element. Options: strings (required for names), size "s" | "m" | "l" (default "m"),
 * named (colour letter named after a wild), decorative (no role/accessible name: the caller labels it).
 */
export function cardFace(code, { strings = {}, size = "m", named = null, decorative = false } = {}) {
  const card = parseCard(code) || { color: null, rank: "?" };
  const face = document.createElement("span");
  face.className = `card card--${size} ${card.color ? `card--${card.color}` : card.rank === "?" ? "card--unknown" : "card--wild"}`;
  face.dataset.card = String(code);
  if (decorative) face.setAttribute("aria-hidden", "true");
  else {
    face.setAttribute("role", "img");
    face.setAttribute("aria-label", cardLabel(code, strings, { named }));
  }
  const symbol = document.createElement("span");
  symbol.className = "card__symbol";
  symbol.textContent = card.color ? (SYMBOL[card.rank] || card.rank) : SYMBOL[card.rank] || "?";
  if (card.rank.length > 1 || card.rank === "?" || !card.color) symbol.classList.add("card__symbol--wide");
  face.append(symbol);
  const tag = document.createElement("span");
  tag.className = "card__tag";
  if (card.color) {
    tag.textContent = colorLetter(card.color, strings);
  } else if (named) {
    tag.textContent = colorLetter(named, strings);
    tag.classList.add(`card__tag--${named}`);
    face.classList.add(`card--named-${named}`);
  } else if (card.rank !== "?") {
    tag.classList.add("card__tag--wild");
  }
  if (tag.textContent || tag.classList.length > 1) face.append(tag);
  if (size === "l") {
    const caption = document.createElement("span");
    caption.className = "card__caption";
    caption.textContent = card.color ? colorName(card.color, strings)
      : named ? colorName(named, strings) : "";
    if (caption.textContent) face.append(caption);
  }
  face.querySelectorAll("span").forEach((child) => child.setAttribute("aria-hidden", "true"));
  return face;
}
