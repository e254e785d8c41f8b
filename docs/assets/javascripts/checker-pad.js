// The checker's card pad: every card of the deck, one tap each, onto the pile or into the reader's hand; one
// toolbar (one Tab stop; its arrow keys are checker-keys.js's).
//
// Made once per checker and brought up to date in place at each render (which card is left, which one takes the
// Tab stop, where a tap goes): a tap used to build its 270 elements again, and their style and layout were most of
// the tap's work. Its cards go in a few at a time, one group per frame, from the frame after the checker's first:
// on a phone the pad is below the first screen, and laying it out with the rest of the checker made the page's
// longest task at start-up. The pad keeps the cards' room from the start (its rows are set), so nothing moves as
// they arrive; ensure() puts the rest in at once for whoever needs a card now (a focus on the pad, start over).
// `data-filled` on the pad says they are all in.
//
// A card's name stays a hidden text inside its button, though that text is about a third of the pad's style and
// layout: as an aria-label, the name would not contain the card's visible symbol and letter, which a reader using
// speech input says (axe: label-content-name-mismatch).
//
//   const pad = cardPad();          // {box, update(ctx, sit, target), ensure(), focusEntry(options)}
//   slots.pad.append(pad.box);
//   pad.update(ctx, sit, padTarget(ctx));   // at each render (ctx: checker-view.js's)
import { h } from "./dom.js";
import { cardFace, cardLabel, parseCard } from "./cards.js";
import { deckCounts, optionValue } from "./knowledge.js";
import { copyLeft, topCard } from "./checker-situation.js";

// cards put in per frame: about 8 ms of a desktop's style and layout each, so that a phone's 4x slower frame stays
// under the 50 ms of a long task
export const CARDS_PER_FRAME = 8;

/** Where each card sits: a phone's 30-column grid (numbers 3 wide, actions 5, wilds 6), a wide 39-column one. */
export function padPlace(K, code) {
  const card = parseCard(code);
  if (!card.color) {
    const w = K.wilds.indexOf(code);
    return { rs: 7, cs: w * 6 + 1, ss: 6, rw: 5, cw: w * 6 + 1, sw: 6 };
  }
  const c = K.colors.indexOf(card.color);
  const i = K.ranks.indexOf(card.rank);
  if (i < 10) return { rs: c + 1, cs: i * 3 + 1, ss: 3, rw: c + 1, cw: i * 3 + 1, sw: 3 };
  return { rs: 5 + Math.floor(c / 2), cs: ((c % 2) * 3 + i - 10) * 5 + 1, ss: 5, rw: c + 1, cw: i * 3 + 1, sw: 3 };
}

/** The cards of the pad, in its order (the deck's rules option says which wilds are in it). */
export function padCodes(K, rules) {
  const deck = deckCounts(K, optionValue(K, rules, "deck"));
  return [...K.colors.flatMap((c) => K.ranks.map((r) => c + r)), ...K.wilds.filter((w) => deck[w])];
}

export function cardPad() {
  const pad = h("div", { class: "checker-pad", role: "toolbar" });
  const box = h("section", { class: "checker-section checker-pad-box" }, h("div"), pad);
  const buttons = new Map(); // code -> its button, once put in
  let codes = [];
  let waiting = []; // codes not put in yet, in order
  let frame = 0;
  let now = null; // the last update's {ctx, toPile, available, entry}

  function refresh(button, code) {
    const { S, strings } = now.ctx;
    const left = now.available(code);
    if (button.disabled === left) button.disabled = !left;
    const stop = code === now.entry ? "0" : "-1"; // (the attribute: a button's tabIndex is 0 without one)
    if (button.getAttribute("tabindex") !== stop) button.setAttribute("tabindex", stop);
    const name = cardLabel(code, strings);
    const text = left ? name : S("checker_card_none_left", { card: name });
    if (button.lastChild.textContent !== text) button.lastChild.textContent = text;
  }

  function make(code) {
    const p = padPlace(now.ctx.K, code);
    const button = h("button", {
      type: "button", class: "checker-pad__card", "data-card": code, "data-focus": `pad:${code}`,
      style: `--pad-rs:${p.rs};--pad-cs:${p.cs};--pad-ss:${p.ss};--pad-rw:${p.rw};--pad-cw:${p.cw};--pad-sw:${p.sw}`,
      onfocus: () => { now.ctx.ui.rove.pad = code; },
      onclick: () => (now.toPile ? now.ctx.edit("setTop", code) : now.ctx.edit("addCard", code)),
    }, cardFace(code, { strings: now.ctx.strings, size: "pad", decorative: true }), h("span", { class: "checker-sr" }));
    buttons.set(code, button);
    refresh(button, code);
    return button;
  }

  function putIn(count) {
    pad.append(...waiting.splice(0, count).map(make));
    if (!waiting.length) pad.dataset.filled = "";
  }

  function ensure() {
    cancelAnimationFrame(frame);
    frame = 0;
    if (waiting.length) putIn(waiting.length);
  }

  // the pad's Tab stop, focused (all the cards put in first)
  function focusEntry(options) {
    ensure();
    if (now && now.entry) buttons.get(now.entry)?.focus(options);
  }

  // from the frame after the next one: the checker's first frame is drawn without the cards. (A page in a
  // background tab has no frames until it is shown; then the cards come over frames as well.)
  function fillSoon() {
    const step = () => {
      putIn(CARDS_PER_FRAME);
      frame = waiting.length ? requestAnimationFrame(step) : 0;
    };
    frame = requestAnimationFrame(() => { frame = requestAnimationFrame(step); });
  }

  pad.addEventListener("focusin", ensure); // (the arrow keys move among the cards that are there)

  function update(ctx, sit, target) {
    const { S, K, ui } = ctx;
    const toPile = ui.padTarget === "pile";
    const top = topCard(sit.position);
    const wanted = padCodes(K, sit.rules);
    const available = (code) => (toPile && code === top) || copyLeft(K, sit, code);
    const entry = wanted.includes(ui.rove.pad) && available(ui.rove.pad) ? ui.rove.pad : wanted.find(available);
    now = { ctx, toPile, available, entry };
    box.setAttribute("aria-label", S("checker_pad_title"));
    box.firstElementChild.replaceWith(target);
    pad.className = `checker-pad checker-pad--${toPile ? "pile" : "hand"}`;
    pad.setAttribute("aria-label", S(toPile ? "checker_pad_label_pile" : "checker_pad_label_hand"));
    if (wanted.join() !== codes.join()) { // the first render, or a deck with other wilds: its cards from scratch
      const first = !codes.length;
      codes = wanted;
      buttons.clear();
      pad.replaceChildren();
      delete pad.dataset.filled;
      waiting = [...codes];
      const rows = (key) => Math.max(...codes.map((code) => padPlace(K, code)[key]));
      pad.style.setProperty("--pad-rows", rows("rs"));
      pad.style.setProperty("--pad-rows-wide", rows("rw"));
      cancelAnimationFrame(frame);
      if (first) fillSoon();
      else putIn(waiting.length);
      return;
    }
    for (const [code, button] of buttons) refresh(button, code);
  }

  return { box, update, ensure, focusEntry };
}
