// The checker's controls, drawn from the situation {position, action, rules} and the view's own state (which
// disclosures are open, where a tapped card goes). Each renderer returns DOM and does nothing else: a control calls
// ctx.edit(name, ...args) with the name of an edit of checker-edits.js, or ctx.view(change) for the view's state.
//
// ctx: {S, strings, K, lang, id, ui, edit, view, playerName, siteRoot}
import { h } from "./dom.js";
import { checkbox as checkboxControl, radioGroup } from "./controls.js";
import { cardFace, cardLabel, colorName } from "./cards.js";
import { optionValue, penaltyCounts } from "./knowledge.js";
import {
  catchTargets, currentColor, handAt, handSize, happened, isWild, moveNeeds, movesOffered, previousPlayer,
  topCard,
} from "./checker-situation.js";

const CAP_MAX = 60;

// ---- small controls -----------------------------------------------------------------------------------------

function chips(ctx, name, legend, options, current, onpick, extra = {}) {
  return radioGroup({
    name: `${ctx.id}-${name}`, legend, options, checked: current, onpick, focus: name,
    classes: { group: `checker-chips ${extra.class || ""}`.trim(), row: "checker-chips__row", item: "checker-chip" },
  });
}

function checkbox(key, label, checked, onset, opts = {}) {
  return checkboxControl({ label, checked, onset, disabled: opts.disabled, focus: `check:${key}`, className: "checker-check" });
}

function counter(ctx, key, label, value, min, max, onset) {
  const labelId = `${ctx.id}-${key}-label`;
  const { S } = ctx;
  return h("div", { class: "checker-counter", role: "group", "aria-labelledby": labelId },
    h("span", { id: labelId, class: "checker-counter__label" }, label),
    h("button", {
      type: "button", class: "checker-round", disabled: value <= min, "data-focus": `${key}:minus`,
      "aria-label": S("checker_less", { what: label }), onclick: () => onset(value - 1),
    }, "−"),
    h("output", { class: "checker-counter__value", "aria-live": "polite" }, String(value)),
    h("button", {
      type: "button", class: "checker-round", disabled: value >= max, "data-focus": `${key}:plus`,
      "aria-label": S("checker_more", { what: label }), onclick: () => onset(value + 1),
    }, "+"));
}

function colorChips(ctx, name, legend, current, onpick) {
  const { strings, K } = ctx;
  return h("fieldset", { class: "checker-colors" },
    h("legend", {}, legend),
    h("div", { class: "checker-chips__row" }, K.colors.map((c) => h("label", { class: `checker-color checker-color--${c}` },
      h("input", {
        type: "radio", name: `${ctx.id}-${name}`, value: c, checked: current === c, "data-focus": `${name}:${c}`,
        onchange: () => onpick(c),
      }),
      h("span", { class: "checker-color__swatch", "aria-hidden": "true" }, strings[`card_letter_${c}`] || c),
      h("span", {}, colorName(c, strings))))));
}

function disclosure(ctx, key, title, state, body) {
  const open = Boolean(ctx.ui.open[key]);
  return h("section", { class: `checker-section checker-more checker-more--${key}` },
    h("h2", { class: "checker-more__h" }, h("button", {
      type: "button", class: "checker-disclosure", "aria-expanded": String(open), "aria-controls": `${ctx.id}-${key}`,
      "data-focus": `${key}-toggle`, onclick: () => ctx.view((ui) => { ui.open[key] = !open; }),
    }, h("span", { class: "checker-disclosure__title" }, title), state ? [" ", h("span", { class: "checker-disclosure__state" }, state)] : null)),
    h("div", { id: `${ctx.id}-${key}`, class: "checker-more__body", hidden: !open }, open ? body() : null));
}

// ---- presets --------------------------------------------------------------------------------------------------

export function presetsSection(ctx, presets, onpick) {
  const { S } = ctx;
  if (!presets.length) return null;
  return disclosure(ctx, "presets", S("checker_presets"), null, () => [
    h("p", { class: "checker-hint" }, S("checker_presets_hint")),
    h("ul", { class: "checker-presets" }, presets.map((p) => h("li", {}, h("button", {
      type: "button", class: "checker-preset", "data-preset": p.id, "data-focus": `preset:${p.id}`,
      onclick: () => onpick(p),
    }, p.question)))),
  ]);
}

// ---- the pile -------------------------------------------------------------------------------------------------

export function pileSection(ctx, sit) {
  const { S, strings, ui, K } = ctx;
  const pos = sit.position;
  const top = topCard(pos);
  const wild = top !== null && isWild(top);
  const choosing = ui.padTarget === "pile";
  let side;
  if (top === null) {
    side = [h("p", { class: "checker-prompt", id: `${ctx.id}-pile-prompt` }, S("checker_top_empty"))];
  } else {
    side = [
      h("p", { class: "checker-top__label" }, S("checker_top_card"), " ", h("strong", {}, cardLabel(top, strings)), " ",
        h("button", {
          type: "button", class: "md-button checker-small", "aria-pressed": String(choosing), "data-focus": "top-change",
          onclick: () => ctx.view((u) => { u.padTarget = choosing ? "hand" : "pile"; u.padFocus = true; }),
        }, S(choosing ? "checker_top_keep" : "checker_top_change"))),
    ];
    if (wild) {
      // the colour named after it; a Wild alone on the pile may also be the first card, no colour named yet
      const first = pos.discard.length <= 1 && happened(pos) === "none" && top.toUpperCase() !== "W+4";
      const named = currentColor(pos);
      side.push(h("fieldset", { class: "checker-colors checker-colors--compact" },
        h("legend", {}, S("checker_color_named")),
        h("div", { class: "checker-chips__row" },
          K.colors.map((c) => h("label", { class: `checker-color checker-color--${c}` },
            h("input", {
              type: "radio", name: `${ctx.id}-named`, value: c, checked: named === c, "data-focus": `named:${c}`,
              onchange: () => ctx.edit("setNamedColor", c),
            }),
            h("span", { class: "checker-color__swatch", "aria-hidden": "true" }, strings[`card_letter_${c}`] || c),
            h("span", { class: "checker-color__name" }, colorName(c, strings)))),
          first ? h("label", { class: "checker-color checker-color--none" },
            h("input", {
              type: "radio", name: `${ctx.id}-named`, value: "", checked: named === null, "data-focus": "named:none",
              onchange: () => ctx.edit("setFirstCard", true),
            }), h("span", {}, S("checker_first_card"))) : null)));
    }
  }
  const face = top === null ? h("span", { class: "card card--m card--placeholder", "aria-hidden": "true" }, "?")
    : cardFace(top, { strings, size: "m", named: wild ? currentColor(pos) : null });
  return h("section", { class: `checker-section checker-pile${choosing ? " checker-section--target" : ""}`, "aria-labelledby": `${ctx.id}-pile-h` },
    h("h2", { class: "checker-section__h", id: `${ctx.id}-pile-h` }, S("checker_pile")),
    h("div", { class: "checker-top" }, face, h("div", { class: "checker-top__side" }, side)));
}

// ---- the card pad (checker-pad.js): where a tapped card goes ------------------------------------------------

export function padTarget(ctx) {
  const { S, ui } = ctx;
  return chips(ctx, "pad-target", S("checker_pad_target"), [
    ["pile", S("checker_pad_target_pile")], ["hand", S("checker_pad_target_hand")],
  ], ui.padTarget === "pile" ? "pile" : "hand", (value) => ctx.view((u) => { u.padTarget = value; }),
  { class: "checker-pad__target" });
}

// ---- your hand ------------------------------------------------------------------------------------------------

export function handSection(ctx, sit, me) {
  const { S, strings } = ctx;
  const hand = handAt(sit.position, me);
  if (hand.length && hand.every((code) => code === "?")) {
    // cards unseen (the move needs none of them): how many, until the reader taps theirs in
    return h("section", { class: "checker-section checker-hand-box", "aria-labelledby": `${ctx.id}-hand-h` },
      h("h2", { class: "checker-section__h", id: `${ctx.id}-hand-h` }, S("checker_your_hand", { player: ctx.playerName(me) })),
      counter(ctx, `count-${me}`, S("checker_cards_of", { player: ctx.playerName(me) }), hand.length, 1, CAP_MAX,
        (v) => ctx.edit("setHandCount", me, v)),
      h("p", { class: "checker-hint" }, S("checker_hand_unseen")));
  }
  const played = sit.action?.type === "play" ? sit.action.card : null;
  let marked = false; // one card of a pair is the one played
  const items = hand.map((code, i) => {
    const isPlayed = !marked && code === played;
    if (isPlayed) marked = true;
    const name = cardLabel(code, strings);
    return h("li", { class: `checker-hand__card${isPlayed ? " checker-hand__card--played" : ""}` },
      h("button", {
        type: "button", class: "checker-card-button", "aria-pressed": String(isPlayed), disabled: code === "?",
        "data-focus": `hand:${i}`, "data-card": code, onclick: () => ctx.edit("playCard", code),
      }, cardFace(code, { strings, size: "m", decorative: true }), h("span", { class: "checker-sr" }, S("checker_hand_play", { card: name }))),
      h("button", {
        type: "button", class: "checker-remove", "data-focus": `remove:${i}`,
        "aria-label": S("checker_remove", { card: name }), onclick: () => ctx.edit("removeCard", i),
      }, h("span", { "aria-hidden": "true" }, "×")));
  });
  return h("section", { class: "checker-section checker-hand-box", "aria-labelledby": `${ctx.id}-hand-h` },
    h("h2", { class: "checker-section__h", id: `${ctx.id}-hand-h` }, S("checker_your_hand", { player: ctx.playerName(me) })),
    hand.length ? [
      h("p", { class: "checker-hint", id: `${ctx.id}-hand-hint` }, S("checker_hand_hint")),
      h("ul", { class: "checker-hand", "aria-describedby": `${ctx.id}-hand-hint`, "aria-label": S("checker_hand_list") }, items),
      h("button", { type: "button", class: "md-button checker-small checker-clear", "data-focus": "clear", onclick: () => ctx.edit("clearHand") },
        S("checker_clear_hand")),
    ] : h("p", { class: "checker-prompt" }, S("checker_hand_empty")));
}

// ---- what just happened ---------------------------------------------------------------------------------------

export function happenedSection(ctx, sit, me) {
  const { S, strings, ui } = ctx;
  const pos = sit.position;
  const hand = handAt(pos, me).filter((c) => c !== "?");
  // "you've just drawn" with nothing in the hand yet: the next card tapped into the hand is the one drawn
  const kind = ui.drawnNext && happened(pos) === "none" ? "drawn" : happened(pos);
  const sub = [];
  if (kind === "drawn" && typeof pos.drawn === "string") {
    sub.push(chips(ctx, "drawn", S("checker_drawn_which"), [...new Set(hand)].map((code) => [code, cardLabel(code, strings)]),
      pos.drawn, (code) => ctx.edit("setDrawn", code), { class: "checker-chips--cards" }));
  } else if (kind === "drawn") {
    sub.push(h("p", { class: "checker-prompt" }, S("checker_drawn_empty")));
  }
  if (kind === "plus4") {
    sub.push(checkbox("guilty", S("checker_guilty", {
      player: ctx.playerName(pos.pending.from ?? previousPlayer(pos)), color: colorName(currentColor(pos) || "R", strings),
    }), pos.pending.guilty === true, (on) => ctx.edit("setGuilty", on)));
  }
  if ((kind === "plus2" || kind === "plus4") && optionValue(ctx.K, sit.rules, "stacking")) {
    // the counts the engine allows (the +2s and +4s a stack can hold), one step each
    const counts = penaltyCounts(ctx.K, sit.rules, pos.pending.card);
    const at = counts.indexOf(pos.pending.cards);
    sub.push(counter(ctx, "stack", S("checker_stack_total"), pos.pending.cards, counts[0], counts[counts.length - 1],
      (n) => ctx.edit("setPendingCards", counts[Math.max(0, Math.min(counts.length - 1, at + (n > pos.pending.cards ? 1 : -1)))])));
  }
  const others = pos.players.map((_, i) => i).filter((i) => i !== me);
  const catchable = Array.isArray(pos.catchable) ? pos.catchable : [];
  const uno = h("fieldset", { class: "checker-checks" }, h("legend", {}, S("checker_catchable")),
    h("div", { class: "checker-chips__row" }, others.map((i) => checkbox(`catchable-${i}`, ctx.playerName(i), catchable.includes(i),
      (on) => ctx.edit("setCatchable", i, on)))));
  const pick = (value) => {
    if (value === "drawn" && !hand.length) ctx.view((u) => { u.drawnNext = true; });
    else {
      ctx.view((u) => { u.drawnNext = false; }, { quiet: true });
      ctx.edit("setHappened", value);
    }
  };
  return h("section", { class: "checker-section checker-happened", "aria-labelledby": `${ctx.id}-happened-h` },
    h("h2", { class: "checker-section__h", id: `${ctx.id}-happened-h` }, S("checker_happened")),
    chips(ctx, "happened", S("checker_happened_to_you"), [
      ["none", S("checker_happened_none")],
      ["drawn", S("checker_happened_drawn")],
      ["plus2", S("checker_happened_plus2")],
      ["plus4", S("checker_happened_plus4")],
    ], kind, pick, { class: "checker-chips--grid" }),
    sub, uno);
}

// ---- your move ------------------------------------------------------------------------------------------------

export function moveSection(ctx, sit, me) {
  const { S, strings, K } = ctx;
  const pos = sit.position;
  const a = sit.action;
  const moves = movesOffered(sit, me);
  const needs = moveNeeds(K, sit);
  const label = (type) => (type === "play" && a?.type === "play" ? S("checker_move_play_card", { card: cardLabel(a.card, strings) })
    : S(`checker_move_${type}`));
  const sub = [];
  if (a?.type === "play") {
    if (needs.color) sub.push(colorChips(ctx, "move-color", S("checker_move_wild_color"), a.color, (c) => ctx.edit("setMoveColor", c)));
    if (needs.target) {
      sub.push(chips(ctx, "target", S("checker_move_target"), pos.players.map((_, i) => i).filter((i) => i !== me)
        .map((i) => [i, ctx.playerName(i)]), a.target, (v) => ctx.edit("setTarget", v)));
    }
    if (needs.uno) sub.push(checkbox("uno", S("checker_move_say_uno"), a.uno === true, (on) => ctx.edit("setUno", on)));
    if (pos.turn !== me) sub.push(h("p", { class: "checker-hint" }, S("checker_move_jump_in")));
  }
  if (a?.type === "catch") {
    const targets = catchTargets(sit, me);
    const all = [...new Set([...targets, ...(Number.isInteger(a.target) ? [a.target] : [])])];
    sub.push(chips(ctx, "catch-target", S("checker_move_catch_who"), all.map((i) => [i, ctx.playerName(i)]), a.target,
      (v) => ctx.edit("setTarget", v)));
  }
  if (a?.type === "color") sub.push(colorChips(ctx, "first-color", S("checker_move_wild_color"), a.color, (c) => ctx.edit("setMoveColor", c)));
  const top = topCard(pos);
  const waitingHint = top && happened(pos) === "none" && /\+[24]$/.test(top) && pos.discard.length > 0
    ? h("p", { class: "checker-hint checker-hint--pending" }, S("checker_pending_hint", {
      n: top === "W+4" ? 4 : 2, choice: S(top === "W+4" ? "checker_happened_plus4" : "checker_happened_plus2"),
    })) : null;
  return h("section", { class: "checker-section checker-move", "aria-labelledby": `${ctx.id}-move-h` },
    h("h2", { class: "checker-section__h", id: `${ctx.id}-move-h` }, S("checker_move")),
    chips(ctx, "move", S("checker_move_what"), moves.map((type) => [type, label(type)]), a?.type ?? null,
      (type) => ctx.edit("chooseMove", type), { class: "checker-chips--moves" }),
    sub, waitingHint);
}

// ---- the table: players, turn, direction, names (collapsed) ----------------------------------------------------

export function tableSection(ctx, sit, me) {
  const { S } = ctx;
  const pos = sit.position;
  const n = pos.players.length;
  const empty = Array.isArray(pos.draw_pile) ? pos.draw_pile.length === 0 : pos.draw_pile === 0;
  const state = S("checker_table_state", { n, player: ctx.playerName(pos.turn ?? 0) });
  return disclosure(ctx, "table", S("checker_table"), state, () => [
    counter(ctx, "players", S("checker_players"), n, 2, 10, (v) => ctx.edit("setPlayers", v)),
    chips(ctx, "turn", S("checker_turn"), pos.players.map((_, i) => [i, ctx.playerName(i)]), pos.turn ?? 0,
      (v) => ctx.edit("setTurn", v), { class: "checker-chips--wrap" }),
    chips(ctx, "direction", S("checker_direction"), [[1, S("checker_clockwise")], [-1, S("checker_counterclockwise")]],
      pos.direction === -1 ? -1 : 1, (v) => ctx.edit("setDirection", v)),
    h("div", { class: "checker-counts" }, pos.players.map((p, i) => (i === me ? null
      : counter(ctx, `count-${i}`, S("checker_cards_of", { player: ctx.playerName(i) }), handSize(p.hand), 1, CAP_MAX,
        (v) => ctx.edit("setHandCount", i, v))))),
    checkbox("pile-empty", S("checker_draw_pile_empty"), empty, (on) => ctx.edit("setDrawPileEmpty", on)),
    h("fieldset", { class: "checker-names" }, h("legend", {}, S("checker_names")),
      h("p", { class: "checker-hint", id: `${ctx.id}-names-hint` }, S("checker_names_hint")),
      pos.players.map((p, i) => {
        const fieldId = `${ctx.id}-name-${i}`;
        const number = S("checker_player_n", { n: i + 1 });
        return h("div", { class: "checker-name" },
          h("label", { for: fieldId }, i === me ? S("checker_player_you", { player: number }) : number),
          h("input", {
            type: "text", id: fieldId, class: "checker-name__field", value: p.name || "", maxlength: "24",
            autocomplete: "off", spellcheck: "false", "aria-describedby": `${ctx.id}-names-hint`,
            "data-focus": `name:${i}`, oninput: (e) => ctx.edit("setName", i, e.target.value),
          }));
      })),
  ]);
}

// ---- the rules: house rules apart from edition readings (collapsed) -------------------------------------------

/** A small link to the paragraph of the rule an option is about (the engine's address for it, in this language). */
function aboutLink(ctx, option, label) {
  const url = ctx.strings[`rule_url_${option.rule}`];
  if (!url || !ctx.siteRoot) return null;
  return h("a", {
    class: "checker-about", href: new URL(url, ctx.siteRoot).href, "aria-label": `${label}: ${ctx.S("rule_link")}`,
    title: ctx.S("rule_link"),
  }, h("span", { "aria-hidden": "true" }, "?"));
}

const withAbout = (ctx, option, label, control) => h("div", { class: "checker-option" }, control, aboutLink(ctx, option, label));

export function rulesSection(ctx, sit) {
  const { S, K } = ctx;
  const rules = sit.rules;
  const value = (key) => optionValue(K, rules, key);
  const changed = K.options.filter((o) => o.key in rules && rules[o.key] !== o.default).length;
  const state = changed ? S("checker_rules_changed", { n: changed }) : S("checker_rules_official");
  const house = K.options.filter((o) => o.kind === "house");
  const edition = K.options.filter((o) => o.kind === "edition");
  const houseControls = house.map((o) => {
    const off = Boolean(o.requires) && !value(o.requires);
    if (o.type === "cap") {
      return checkbox(o.key, S("checker_option_draw_to_match_cap", { n: o.suggested }), value(o.key) !== null && !off,
        (on) => ctx.edit("setRule", o.key, on ? o.suggested : null), { disabled: off });
    }
    const label = S(`checker_option_${o.key}`);
    return withAbout(ctx, o, label, checkbox(o.key, label, Boolean(value(o.key)) && !off,
      (on) => ctx.edit("setRule", o.key, on), { disabled: off }));
  });
  const editionControls = edition.map((o) => {
    const label = (v) => S(`checker_option_${o.key}_${String(v).replace(/-/g, "_")}`);
    if (o.values.length === 2) {
      return withAbout(ctx, o, label(o.values[1]), checkbox(o.key, label(o.values[1]), value(o.key) === o.values[1],
        (on) => ctx.edit("setRule", o.key, on ? o.values[1] : o.values[0])));
    }
    return chips(ctx, `option-${o.key}`, S(`checker_option_${o.key}`), o.values.map((v) => [v, label(v)]), value(o.key),
      (v) => ctx.edit("setRule", o.key, v), { class: "checker-chips--list" });
  });
  return disclosure(ctx, "rules", S("checker_rules"), state, () => [
    h("fieldset", { class: "checker-checks checker-checks--house" }, h("legend", {}, S("checker_house_rules")), houseControls),
    h("fieldset", { class: "checker-checks checker-checks--edition" }, h("legend", {}, S("checker_editions")), editionControls),
  ]);
}
