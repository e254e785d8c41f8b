// The "Is this play legal?" checker: build the situation by tapping, ask the referee (rules_core in a worker),
// read the verdict. The situation lives in the URL fragment (#position=..&action=..&rules=..).
import { fill, h } from "./dom.js";
import { cardFace, cardLabel, colorName, COLORS, RANKS, deckCounts, parseCard } from "./cards.js";
import {
  DECKS, LinkError, actionJson, cardsInSight, clampPlayers, defaultSituation, fromJson, handSize, myHand,
  needsTarget, parseFragment, playerCount, positionJson, rulesJson, toFragment,
} from "./checker-state.js";

const HOUSE_RULES = [
  ["stacking", "checker_rule_stacking"], ["stack_plus4_on_plus2", "checker_rule_plus4_on_plus2"],
  ["seven_o", "checker_rule_seven_o"], ["jump_in", "checker_rule_jump_in"],
  ["draw_to_match", "checker_rule_draw_to_match"], ["force_play", "checker_rule_force_play"],
  ["one_round", "checker_rule_one_round"],
];
const MOVES = ["play", "draw", "pass", "challenge", "catch"];
let uid = 0;



export function mount(root, { engine, strings, lang, siteRoot }) {
  const S = (key, params) => fill(strings[key] ?? key, params || {});
  const id = `checker-${++uid}`;
  let s = defaultSituation();
  let fromLink = false; // the situation is a link's, not yet edited
  let lastHash = null;
  let asked = 0; // request sequence: only the latest answer is shown
  let engineState = "loading";
  let slow = false; // the referee has been loading for a while: say what to expect
  let revealAnswer = false; // opened from a link: show its verdict when it arrives, unless the reader acts first
  const ui = { handColor: "R", topColor: "R", topOpen: false, rulesOpen: null, namesOpen: false, rove: {} };

  const playerName = (i) => {
    const name = s.names[i] || S("checker_player_n", { n: i + 1 });
    return i === s.me ? S("checker_player_you", { player: name }) : name;
  };

  // ---- static frame ------------------------------------------------------------------------------------
  const engineLine = h("p", { class: "checker-engine", "aria-live": "polite" }, S("engine_loading"));
  const message = h("div", { class: "checker-message", role: "alert", hidden: true });
  const form = h("form", { class: "checker-form", novalidate: true, "aria-label": S("checker_form_label") });
  const verdict = h("section", {
    class: "checker-verdict", role: "status", "aria-live": "polite", "aria-atomic": "true",
    "aria-label": S("checker_verdict_label"), tabindex: "-1",
  }, h("p", {}, S("checker_verdict_empty")));
  const askButton = h("button", { type: "submit", class: "md-button md-button--primary checker-ask", "data-ask": "" },
    S("checker_ask"));
  const copyButton = h("button", { type: "button", class: "md-button checker-copy", onclick: copyLink }, S("checker_copy"));
  const copyFeedback = h("p", { class: "checker-copied", "aria-live": "polite" });
  const controls = h("div", { class: "checker-controls" });
  // one slot per section; the names slot is not rebuilt while the reader types in it (caret, IME)
  const slots = Object.fromEntries(["table", "names", "hand", "happened", "rules", "move"]
    .map((key) => [key, h("div", { class: `checker-slot checker-slot--${key}` })]));
  controls.append(...Object.values(slots));
  controls.addEventListener("keydown", onKeydown);
  form.append(controls, h("div", { class: "checker-buttons" }, askButton, copyButton), copyFeedback);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ask();
  });
  root.replaceChildren(h("div", { class: "checker" }, engineLine, message, form, verdict));

  // ---- state changes -----------------------------------------------------------------------------------
  function change(mutate, { keepNames = false } = {}) {
    mutate(s);
    normalize();
    fromLink = false;
    hideMessage();
    render(null, { keepNames });
    writeHash();
    markStale();
  }

  function normalize() {
    const n = playerCount(s);
    if (!Array.isArray(s.hands[s.me])) s.hands[s.me] = [];
    const hand = myHand(s);
    if (s.happened === "drawn" && !hand.includes(s.drawn)) s.drawn = hand[hand.length - 1] ?? null;
    if (s.happened === "plus4" && s.top !== "W+4") s.top = "W+4";
    if (s.happened === "plus2" && !/\+2$/.test(s.top) ) s.top = `${s.color || "R"}+2`;
    const top = parseCard(s.top);
    if (top && top.color) s.color = top.color;
    else if (s.color === null && (s.below.length || s.happened !== "none")) s.color = "R";
    if (s.move.type === "play" && !hand.includes(s.move.card)) s.move.card = hand[0] ?? null;
    if (s.move.type === "color" && s.color !== null) s.move.type = "play";
    if (s.catchable !== null && (s.catchable === s.me || s.catchable >= n)) s.catchable = null;
    if (s.catchable !== null) s.hands[s.catchable] = Array.isArray(s.hands[s.catchable]) && s.hands[s.catchable].length === 1
      ? s.hands[s.catchable] : 1;
    if (s.move.type === "catch" && (s.move.target === null || s.move.target === s.me || s.move.target >= n)) {
      s.move.target = s.catchable ?? (s.me + 1) % n;
    }
    if (s.move.type === "play" && needsTarget(s, s.move.card) && (s.move.target === null || s.move.target === s.me || s.move.target >= n)) {
      s.move.target = (s.me + 1) % n;
    }
    if (!s.rules.stacking) s.rules.stack_plus4_on_plus2 = false;
  }

  function writeHash() {
    lastHash = toFragment(s);
    history.replaceState(history.state, "", lastHash);
    carryHashToLanguages();
  }

  // The header's language links lead to this page in the other languages: give them the situation too, so
  // switching language keeps what is on the table (the fragment is the same in every language).
  function carryHashToLanguages() {
    for (const link of document.querySelectorAll(".md-header .md-select a[hreflang]")) {
      const href = link.getAttribute("href");
      if (href) link.setAttribute("href", href.split("#")[0] + (/(^|&)position=/.test(location.hash.slice(1)) ? location.hash : ""));
    }
  }

  function markStale() {
    if (verdict.hasAttribute("data-legal") || verdict.dataset.error) {
      delete verdict.dataset.legal;
      delete verdict.dataset.error;
      verdict.classList.add("checker-verdict--stale");
    }
  }

  // ---- controls ----------------------------------------------------------------------------------------
  function radioGroup(name, legend, options, current, onpick, extra = {}) {
    return h("fieldset", { class: `checker-radios ${extra.class || ""}` },
      h("legend", {}, legend),
      options.map(([value, label, opts = {}]) => h("label", { class: "checker-radio" },
        h("input", {
          type: "radio", name: `${id}-${name}`, value: String(value), checked: value === current,
          disabled: opts.disabled, "data-focus": `${name}:${value}`,
          onchange: () => onpick(value),
        }),
        h("span", {}, label))));
  }

  function checkbox(key, label, checked, onset, opts = {}) {
    return h("label", { class: "checker-check" },
      h("input", { type: "checkbox", checked, disabled: opts.disabled, "data-focus": `check:${key}`,
        onchange: (e) => onset(e.target.checked) }),
      h("span", {}, label));
  }

  function stepper(key, label, value, min, max, onset, describe = String) {
    const labelId = `${id}-${key}-label`;
    return h("div", { class: "checker-stepper", role: "group", "aria-labelledby": labelId },
      h("span", { id: labelId, class: "checker-stepper__label" }, label),
      h("button", { type: "button", class: "checker-round", disabled: value <= min, "data-focus": `${key}:minus`,
        "aria-label": S("checker_less", { what: label }), onclick: () => onset(value - 1) }, "−"),
      h("output", { class: "checker-stepper__value", "aria-live": "polite" }, describe(value)),
      h("button", { type: "button", class: "checker-round", disabled: value >= max, "data-focus": `${key}:plus`,
        "aria-label": S("checker_more", { what: label }), onclick: () => onset(value + 1) }, "+"));
  }

  function colorChoice(name, legend, current, onpick) {
    return h("fieldset", { class: "checker-colors" },
      h("legend", {}, legend),
      COLORS.map((c) => h("label", { class: `checker-color checker-color--${c}` },
        h("input", { type: "radio", name: `${id}-${name}`, value: c, checked: current === c, "data-focus": `${name}:${c}`,
          onchange: () => onpick(c) }),
        h("span", { class: "checker-color__swatch", "aria-hidden": "true" }, strings[`card_letter_${c}`] || c),
        h("span", {}, colorName(c, strings)))));
  }

  // a colour tab row + the cards of that colour (or the wilds of the edition): tap to pick. Each row is a toolbar:
  // Tab enters it on the chosen colour / the last card used, the arrow keys (and Home/End) move along it.
  function picker(key, title, tabColor, setTab, onpick, available) {
    const tabs = [...COLORS, "W"];
    const wilds = Object.keys(deckCounts(s.rules.deck)).filter((c) => !parseCard(c).color);
    const cards = tabColor === "W" ? wilds : RANKS.map((r) => tabColor + r);
    const usable = cards.filter(available);
    const entry = usable.includes(ui.rove[key]) ? ui.rove[key] : usable[0];
    return h("div", { class: "checker-picker" },
      h("div", { class: "checker-tabs", role: "toolbar", "aria-label": S("checker_picker_colors", { what: title }) },
        tabs.map((c) => h("button", {
          type: "button", class: `checker-tab checker-tab--${c}`, "aria-pressed": String(c === tabColor),
          tabindex: c === tabColor ? "0" : "-1",
          "data-focus": `${key}-tab:${c}`, onclick: () => { setTab(c); render(); },
        }, c === "W" ? S("checker_wild_cards") : colorName(c, strings)))),
      h("div", { class: "checker-cards", role: "toolbar", "aria-label": title },
        cards.map((code) => h("button", {
          type: "button", class: "checker-card-button", disabled: !available(code), "data-focus": `${key}:${code}`,
          tabindex: code === entry ? "0" : "-1",
          onfocus: () => { ui.rove[key] = code; }, onclick: () => onpick(code),
        }, cardFace(code, { strings, size: "s", decorative: true }), h("span", { class: "checker-sr" }, cardLabel(code, strings))))));
  }

  function copiesLeft(code) {
    const max = deckCounts(s.rules.deck)[code] || 0;
    return (cardsInSight(s)[code] || 0) < max;
  }

  function tableSection() {
    const n = playerCount(s);
    const top = parseCard(s.top);
    const wildTop = top && !top.color;
    const firstCard = wildTop && !s.below.length && s.happened === "none";
    const topBox = h("div", { class: "checker-top" },
      cardFace(s.top, { strings, size: "l", named: wildTop ? s.color : null }),
      h("div", { class: "checker-top__side" },
        h("p", { class: "checker-top__label" }, S("checker_top_card"), " ", h("strong", {}, cardLabel(s.top, strings))),
        h("button", {
          type: "button", class: "md-button checker-small", "aria-expanded": String(ui.topOpen),
          "aria-controls": `${id}-top-picker`, "data-focus": "top-toggle",
          onclick: () => { ui.topOpen = !ui.topOpen; render(); },
        }, S(ui.topOpen ? "checker_top_done" : "checker_top_change"))));
    const topPicker = h("div", { id: `${id}-top-picker`, hidden: !ui.topOpen },
      ui.topOpen ? picker("top", S("checker_top_pick"), ui.topColor, (c) => { ui.topColor = c; },
        (code) => change(() => {
          s.top = code;
          if (s.happened === "plus4" && code !== "W+4") s.happened = "none";
          if (s.happened === "plus2" && !/\+2$/.test(code)) s.happened = "none";
          ui.topOpen = false;
        }), (code) => code === s.top || copiesLeft(code)) : null);
    const colorRow = wildTop ? [
      colorChoice("named", S("checker_color_named"), s.color, (c) => change(() => { s.color = c; })),
      firstCard ? checkbox("first", S("checker_first_card"), s.color === null, (on) => change(() => {
        s.color = on ? null : "R";
        if (on) s.move = { ...s.move, type: "color", color: s.move.color || "R" };
      })) : null,
    ] : null;
    return h("fieldset", { class: "checker-section" },
      h("legend", {}, S("checker_table")),
      topBox, topPicker, colorRow,
      stepper("players", S("checker_players"), n, 2, 10, (v) => change(() => clampPlayers(s, v))),
      radioGroup("turn", S("checker_turn"), s.hands.map((_, i) => [i, playerName(i)]), s.turn,
        (v) => change(() => { s.turn = v; if (s.happened !== "none" && v !== s.me) s.happened = "none"; }), { class: "checker-radios--wrap" }),
      radioGroup("direction", S("checker_direction"), [[1, S("checker_clockwise")], [-1, S("checker_counterclockwise")]],
        s.direction, (v) => change(() => { s.direction = v; })),
      h("div", { class: "checker-counts" },
        s.hands.map((hand, i) => (i === s.me ? null
          : stepper(`count-${i}`, S("checker_cards_of", { player: playerName(i) }), handSize(hand), 1, 60,
            (v) => change(() => { s.hands[i] = v; if (s.catchable === i && v !== 1) s.catchable = null; }))))));
  }

  function handSection() {
    const hand = myHand(s);
    return h("fieldset", { class: "checker-section" },
      h("legend", {}, S("checker_your_hand", { player: playerName(s.me) })),
      h("p", { class: "checker-hint", id: `${id}-hand-hint` }, S(hand.length ? "checker_hand_hint" : "checker_hand_empty")),
      h("ul", { class: "checker-hand", "aria-describedby": `${id}-hand-hint`, "aria-label": S("checker_hand_list") },
        hand.map((code, i) => h("li", {},
          h("button", {
            type: "button", class: "checker-card-button", "data-focus": `hand:${i}`,
            onclick: () => change(() => { s.hands[s.me].splice(i, 1); }),
          }, cardFace(code, { strings, size: "m", decorative: true }),
          h("span", { class: "checker-sr" }, S("checker_remove", { card: cardLabel(code, strings) })))))),
      picker("hand", S("checker_add"), ui.handColor, (c) => { ui.handColor = c; },
        (code) => change(() => { s.hands[s.me].push(code); }), copiesLeft));
  }

  function happenedSection() {
    const hand = myHand(s);
    const others = s.hands.map((_, i) => i).filter((i) => i !== s.me);
    const stackMax = 40;
    const sub = [];
    if (s.happened === "drawn") {
      sub.push(hand.length
        ? h("fieldset", { class: "checker-radios checker-radios--cards" }, h("legend", {}, S("checker_drawn_which")),
          [...new Set(hand)].map((code) => h("label", { class: "checker-radio checker-radio--card" },
            h("input", { type: "radio", name: `${id}-drawn`, value: code, checked: s.drawn === code, "data-focus": `drawn:${code}`,
              onchange: () => change(() => { s.drawn = code; }) }),
            cardFace(code, { strings, size: "s", decorative: true }), h("span", {}, cardLabel(code, strings)))))
        : h("p", { class: "checker-hint" }, S("checker_drawn_empty")));
    }
    if (s.happened === "plus4") {
      sub.push(checkbox("guilty", S("checker_guilty", { player: playerName((s.turn - s.direction + 2 * playerCount(s)) % playerCount(s)), color: colorName(s.color || "R", strings) }),
        s.guilty, (on) => change(() => { s.guilty = on; })));
    }
    // a +2 / +4 on top with "nothing special" means its cards have been drawn already: say so, since a reader
    // asking "may I put a +2 on this +2?" usually means one still waiting to be drawn for
    const topDraw = /^(?:[RYGB]\+2|W\+4)$/.test(s.top) ? s.top.slice(-2) : null;
    if (s.happened === "none" && topDraw && s.turn === s.me) {
      sub.push(h("p", { class: "checker-hint checker-hint--pending" }, S("checker_pending_hint", {
        n: topDraw.slice(1), choice: S(topDraw === "+2" ? "checker_happened_plus2" : "checker_happened_plus4"),
      })));
    }
    if ((s.happened === "plus4" || s.happened === "plus2") && s.rules.stacking) {
      sub.push(stepper("stack", S("checker_stack_total"), s.pendingCards, 2, stackMax,
        (v) => change(() => { s.pendingCards = v; })));
    }
    return h("fieldset", { class: "checker-section" },
      h("legend", {}, S("checker_happened")),
      radioGroup("happened", S("checker_happened_to_you"), [
        ["none", S("checker_happened_none")], ["drawn", S("checker_happened_drawn")],
        ["plus2", S("checker_happened_plus2")], ["plus4", S("checker_happened_plus4")],
      ], s.happened, (v) => change(() => {
        s.happened = v;
        if (v !== "none") s.turn = s.me;
        if (v === "plus4") { s.pendingCards = 4; if (!s.color) s.color = "R"; }
        if (v === "plus2") s.pendingCards = 2;
        if (v === "drawn") s.drawn = myHand(s)[myHand(s).length - 1] ?? null;
      })),
      sub,
      checkbox("catchable", S("checker_catchable"), s.catchable !== null,
        (on) => change(() => { s.catchable = on ? others[0] : null; if (on) s.move = { ...s.move, target: others[0] }; })),
      s.catchable !== null
        ? radioGroup("catchable-who", S("checker_catchable_who"), others.map((i) => [i, playerName(i)]), s.catchable,
          (v) => change(() => { if (s.catchable !== null) s.hands[s.catchable] = 2; s.catchable = v; s.move = { ...s.move, target: v }; }),
          { class: "checker-radios--wrap" })
        : null);
  }

  function rulesSection() {
    const changed = Object.keys(rulesJson(s)).length;
    const open = ui.rulesOpen ?? changed > 0;
    return h("div", { class: "checker-section checker-rules" },
      h("button", {
        type: "button", class: "checker-disclosure", "aria-expanded": String(open), "aria-controls": `${id}-rules`,
        "data-focus": "rules-toggle", onclick: () => { ui.rulesOpen = !open; render(); },
      }, h("span", { class: "checker-disclosure__title" }, S("checker_rules")), " ",
        h("span", { class: "checker-rules__state" }, changed ? S("checker_rules_changed", { n: changed }) : S("checker_rules_official"))),
      h("div", { id: `${id}-rules`, hidden: !open },
      HOUSE_RULES.map(([key, label]) => checkbox(key, S(label), s.rules[key], (on) => change(() => { s.rules[key] = on; }),
        { disabled: key === "stack_plus4_on_plus2" && !s.rules.stacking })),
      s.rules.draw_to_match ? checkbox("cap", S("checker_rule_cap"), s.rules.draw_to_match_cap === 10,
        (on) => change(() => { s.rules.draw_to_match_cap = on ? 10 : null; })) : null,
      checkbox("uno_penalty", S("checker_rule_uno_penalty"), s.rules.uno_penalty === 4,
        (on) => change(() => { s.rules.uno_penalty = on ? 4 : 2; })),
      checkbox("first_wild", S("checker_rule_first_wild"), s.rules.first_wild === "reshuffle",
        (on) => change(() => { s.rules.first_wild = on ? "reshuffle" : "player-names"; })),
      radioGroup("deck", S("checker_deck"), DECKS.map((d) => [d, S(`checker_deck_${d.replace("-", "_")}`)]), s.rules.deck,
        (v) => change(() => { s.rules.deck = v; }))));
  }

  function moveSection() {
    const hand = myHand(s);
    const m = s.move;
    const moves = [...MOVES];
    if (s.color === null) moves.push("color");
    const sub = [];
    if (m.type === "play") {
      sub.push(hand.length
        ? h("fieldset", { class: "checker-radios checker-radios--cards" }, h("legend", {}, S("checker_move_card")),
          [...new Set(hand)].map((code) => h("label", { class: "checker-radio checker-radio--card" },
            h("input", { type: "radio", name: `${id}-card`, value: code, checked: m.card === code, "data-focus": `card:${code}`,
              onchange: () => change(() => { s.move.card = code; }) }),
            cardFace(code, { strings, size: "s", decorative: true }), h("span", {}, cardLabel(code, strings)))))
        : h("p", { class: "checker-hint" }, S("checker_hand_empty")));
      const card = parseCard(m.card);
      if (card && !card.color && card.rank !== "?") {
        sub.push(colorChoice("move-color", S("checker_move_wild_color"), m.color, (c) => change(() => { s.move.color = c; })));
      }
      if (needsTarget(s, m.card)) {
        sub.push(radioGroup("target", S("checker_move_target"),
          s.hands.map((_, i) => i).filter((i) => i !== s.me).map((i) => [i, playerName(i)]), m.target,
          (v) => change(() => { s.move.target = v; }), { class: "checker-radios--wrap" }));
      }
      if (hand.length === 2) sub.push(checkbox("uno", S("checker_move_uno"), m.uno, (on) => change(() => { s.move.uno = on; })));
      if (s.turn !== s.me) sub.push(h("p", { class: "checker-hint" }, S("checker_move_jump_in")));
    }
    if (m.type === "catch") {
      sub.push(radioGroup("catch-target", S("checker_move_catch_who"),
        s.hands.map((_, i) => i).filter((i) => i !== s.me).map((i) => [i, playerName(i)]), m.target,
        (v) => change(() => { s.move.target = v; }), { class: "checker-radios--wrap" }));
    }
    if (m.type === "color") {
      sub.push(colorChoice("first-color", S("checker_move_wild_color"), m.color, (c) => change(() => { s.move.color = c; })));
    }
    return h("fieldset", { class: "checker-section" },
      h("legend", {}, S("checker_move")),
      radioGroup("move", S("checker_move_what"), moves.map((t) => [t, S(`checker_move_${t}`)]), m.type,
        (v) => change(() => { s.move = { ...s.move, type: v, target: v === "catch" ? s.catchable : s.move.target }; })),
      sub);
  }

  // the players' names (optional, collapsed): they go into the position, so the referee's answers use them
  function namesSection() {
    const named = s.names.filter(Boolean);
    return h("div", { class: "checker-section checker-names" },
      h("button", {
        type: "button", class: "checker-disclosure", "aria-expanded": String(ui.namesOpen), "aria-controls": `${id}-names`,
        "data-focus": "names-toggle", onclick: () => { ui.namesOpen = !ui.namesOpen; render(); },
      }, h("span", { class: "checker-disclosure__title", id: `${id}-names-title` }, S("checker_names")), " ",
        h("span", { class: "checker-names__state" }, named.length ? `(${named.join(", ")})` : S("checker_names_optional"))),
      h("div", { id: `${id}-names`, hidden: !ui.namesOpen, role: "group", "aria-labelledby": `${id}-names-title` },
        h("p", { class: "checker-hint", id: `${id}-names-hint` }, S("checker_names_hint")),
        s.hands.map((_, i) => {
          const fieldId = `${id}-name-${i}`;
          const number = S("checker_player_n", { n: i + 1 });
          return h("div", { class: "checker-name" },
            h("label", { for: fieldId }, i === s.me ? S("checker_player_you", { player: number }) : number),
            h("input", {
              type: "text", id: fieldId, class: "checker-name__field", value: s.names[i] || "", maxlength: "24",
              autocomplete: "off", spellcheck: "false", "aria-describedby": `${id}-names-hint`,
              placeholder: S("checker_player_n", { n: i + 1 }), "data-focus": `name:${i}`,
              oninput: (e) => change(() => { s.names[i] = e.target.value.trim() || null; }, { keepNames: true }),
            }));
        })));
  }

  // Tab reaches every control (once per row of colour tabs or cards); the arrow keys move along a row (the hand too),
  // and Escape closes the top-card picker (focus back on its button).
  function onKeydown(event) {
    if (event.key === "Escape" && ui.topOpen && event.target.closest(`#${CSS.escape(id)}-top-picker, [data-focus="top-toggle"]`)) {
      event.preventDefault();
      ui.topOpen = false;
      render("top-toggle");
      return;
    }
    const row = event.target.closest(".checker-tabs, .checker-cards, .checker-hand");
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (!row || !(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = [...row.querySelectorAll("button")].filter((b) => !b.disabled);
    const at = buttons.indexOf(event.target);
    if (at < 0 || !buttons.length) return;
    event.preventDefault();
    const step = moves[event.key];
    const next = Number.isFinite(step) ? (at + step + buttons.length) % buttons.length : step < 0 ? 0 : buttons.length - 1;
    if (row.getAttribute("role") === "toolbar") { // roving: the button left with focus is the row's Tab stop
      for (const b of buttons) b.tabIndex = -1;
      buttons[next].tabIndex = 0;
    }
    buttons[next].focus();
  }

  // where focus goes when the control that had it is gone after a change
  function fallbackFocus(key) {
    if (!key) return [];
    const [kind, rest] = key.split(/:(.*)/s);
    if (kind === "top" || kind === "top-tab") return ["top-toggle"];
    if (kind === "hand") {
      const i = Number(rest);
      return [`hand:${i - 1}`, `hand-tab:${ui.handColor}`];
    }
    if (kind === "name") return ["names-toggle"];
    return [];
  }

  function render(focusTo = null, { keepNames = false } = {}) {
    const active = document.activeElement;
    const focusKey = focusTo || (active && root.contains(active) ? active.dataset.focus : null);
    slots.table.replaceChildren(tableSection());
    if (!keepNames) slots.names.replaceChildren(namesSection());
    else slots.names.querySelector(".checker-names__state")
      ?.replaceChildren(s.names.some(Boolean) ? `(${s.names.filter(Boolean).join(", ")})` : S("checker_names_optional"));
    slots.hand.replaceChildren(handSection());
    slots.happened.replaceChildren(happenedSection());
    slots.rules.replaceChildren(rulesSection());
    slots.move.replaceChildren(moveSection());
    if (focusKey && !keepNames) { // (while a name is typed, focus stays in its field, which is not rebuilt)
      for (const key of [focusKey, ...fallbackFocus(focusKey)]) {
        const again = controls.querySelector(`[data-focus="${CSS.escape(key)}"]`);
        if (again && !again.disabled && !again.closest("[hidden]")) {
          again.focus();
          break;
        }
      }
    }
  }

  // ---- the verdict -------------------------------------------------------------------------------------
  function actorOf(a, turn) {
    return a.type === "catch" || a.type === "uno" || (a.type === "play" && Number.isInteger(a.player)) ? a.player : turn;
  }

  function alternativesFor(list, asked, turn) {
    const mine = list.filter((a) => actorOf(a, turn) === s.me);
    const groups = new Map();
    for (const a of mine) {
      const key = JSON.stringify({ ...a, color: undefined, uno: undefined });
      const g = groups.get(key) || { action: { ...a }, colors: new Set() };
      if (a.color) g.colors.add(a.color);
      groups.set(key, g);
    }
    const askedKey = JSON.stringify({ ...asked, color: undefined, uno: undefined });
    return [...groups.entries()].filter(([key]) => key !== askedKey).map(([, g]) => ({ ...g.action, colors: [...g.colors] }));
  }

  function actionItem(a) {
    const li = h("li", {});
    if (a.type === "play") {
      let text = cardLabel(a.card, strings);
      if (a.colors && a.colors.length === 4) text = S("checker_alt_any_color", { card: text });
      else if (a.colors && a.colors.length) text = S("checker_alt_colors", { card: text, colors: a.colors.map((c) => colorName(c, strings)).join(", ") });
      if (Number.isInteger(a.target)) text = S("checker_alt_target", { move: text, player: playerName(a.target) });
      li.append(cardFace(a.card, { strings, size: "s", decorative: true }), " ", S("checker_alt_play", { card: text }));
    } else if (a.type === "catch") {
      li.append(S("checker_alt_catch", { player: playerName(a.target) }));
    } else if (a.type === "uno") {
      li.append(S("checker_move_uno_alone"));
    } else if (a.type === "color") {
      li.append(S("checker_alt_color", { color: (a.colors || []).map((c) => colorName(c, strings)).join(", ") || colorName(a.color, strings) }));
    } else {
      li.append(S(`checker_move_${a.type}`));
    }
    return li;
  }

  // "Judged under the official rules." or the house rules that were on (and the deck, if not the standard one)
  function rulesLine(rules) {
    const on = [...HOUSE_RULES.filter(([key]) => rules[key]).map(([, label]) => S(label)),
      rules.draw_to_match_cap ? S("checker_rule_cap") : null,
      rules.uno_penalty === 4 ? S("checker_rule_uno_penalty") : null,
      rules.first_wild === "reshuffle" ? S("checker_rule_first_wild") : null].filter(Boolean);
    const text = on.length ? S("checker_verdict_house", { rules: on.join(", ") }) : S("checker_verdict_official");
    const deck = rules.deck && rules.deck !== "108" ? ` ${S("checker_deck")}: ${S(`checker_deck_${rules.deck.replace("-", "_")}`)}.` : "";
    return h("p", { class: "checker-ruleset" }, text + deck);
  }

  function showVerdict(result, asked, turn, rules = {}) {
    const url = new URL(result.rule_url, siteRoot).href;
    const next = result.next;
    const nextBits = [];
    if (next && !next.result && Number.isInteger(next.turn)) {
      const top = next.discard[next.discard.length - 1];
      nextBits.push(h("p", { class: "checker-next" },
        cardFace(top, { strings, size: "s", named: parseCard(top)?.color ? null : next.color }), " ",
        S("checker_next_turn", { player: next.players[next.turn]?.name || playerName(next.turn) }),
        next.color ? [" ", S("checker_next_color", { color: colorName(next.color, strings) })] : null));
    }
    const alts = alternativesFor(result.alternatives || [], asked, turn);
    verdict.classList.remove("checker-verdict--stale");
    verdict.replaceChildren(...[
      h("p", { class: `checker-answer checker-answer--${result.legal ? "yes" : "no"}` },
        h("span", { class: "checker-answer__icon", "aria-hidden": "true" }, result.legal ? "✓" : "✗"), " ",
        h("strong", {}, S(result.legal ? "legal" : "illegal"))),
      h("p", { class: "checker-reason" }, result.reason),
      h("p", { class: "checker-rule" }, S("rule_link"), ": ", h("a", { href: url }, result.rule_name || result.rule)),
      rulesLine(rules),
      result.effects && result.effects.length ? [
        h("h3", { class: "checker-h" }, S(result.legal ? "what_next" : "checker_if_bluff")),
        h("ul", { class: "checker-effects" }, result.effects.map((e) => h("li", {}, e))),
      ] : null,
      nextBits,
      h("h3", { class: "checker-h" }, S(result.legal ? "checker_alternatives_other" : "checker_alternatives")),
      alts.length ? h("ul", { class: "checker-alternatives" }, alts.map(actionItem))
        : h("p", {}, S("checker_alternatives_none")),
    ].flat(2).filter(Boolean));
    delete verdict.dataset.error;
    verdict.dataset.legal = String(Boolean(result.legal));
  }

  function showError(text, kind) {
    verdict.classList.remove("checker-verdict--stale");
    delete verdict.dataset.legal;
    verdict.dataset.error = kind;
    verdict.replaceChildren(h("p", { class: "checker-answer checker-answer--error" }, text));
  }

  async function ask() {
    const seq = ++asked;
    const position = positionJson(s);
    const action = actionJson(s);
    const rules = rulesJson(s);
    const wasLink = fromLink;
    const start = performance.now();
    delete verdict.dataset.legal;
    if (engineState === "failed") {
      showError(S("engine_failed"), "boot");
      return;
    }
    if (engineState !== "ready") verdict.replaceChildren(h("p", { class: "checker-waiting" }, S(slow ? "checker_slow" : "checker_waiting")));
    let answer;
    try {
      await engine.ready();
      answer = await engine.call("check", { position, action, rules, lang });
    } catch {
      if (seq === asked) showError(S("engine_failed"), "boot");
      return;
    }
    if (seq !== asked) return;
    root.dataset.lastCheckMs = String(Math.round((performance.now() - start) * 10) / 10);
    if (!answer.ok) {
      const text = S("checker_engine_error", { message: answer.error.message });
      showError(text, "engine");
      if (wasLink) showMessage(S("checker_link_impossible", { message: answer.error.message }));
      return;
    }
    showVerdict(answer.result, action, position.turn, rules);
    if (revealAnswer && wasLink) revealVerdict();
  }

  // ---- links -------------------------------------------------------------------------------------------
  function revealVerdict() {
    revealAnswer = false;
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    verdict.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }
  for (const type of ["pointerdown", "keydown", "wheel", "touchstart"]) {
    window.addEventListener(type, () => { revealAnswer = false; }, { passive: true, capture: true });
  }

  function showMessage(text) {
    message.hidden = false;
    message.replaceChildren(h("p", {}, text));
  }
  function hideMessage() {
    message.hidden = true;
    message.replaceChildren();
  }

  function restore(hash) {
    let parsed;
    try {
      parsed = parseFragment(hash);
      if (!parsed) return false;
      s = fromJson(parsed);
    } catch (error) {
      const kind = error instanceof LinkError ? error.kind : "json";
      s = defaultSituation();
      normalize();
      render();
      showMessage(S(kind === "shape" ? "checker_link_not_position" : "checker_link_broken"));
      delete verdict.dataset.legal;
      verdict.replaceChildren(h("p", {}, S("checker_verdict_empty")));
      return true;
    }
    hideMessage();
    fromLink = true;
    ui.rulesOpen = null;
    render();
    ask();
    return true;
  }

  async function copyLink() {
    writeHash();
    const url = location.href;
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      copyFeedback.replaceChildren(S("checker_copied"));
    } catch {
      const field = h("input", { type: "text", readonly: true, value: url, class: "checker-link-field",
        "aria-label": S("checker_copy_manual"), onfocus: (e) => e.target.select() });
      copyFeedback.replaceChildren(h("label", {}, S("checker_copy_manual")), field);
      field.focus();
      field.select();
    }
  }

  window.addEventListener("hashchange", () => {
    carryHashToLanguages();
    if (location.hash === lastHash) return;
    lastHash = location.hash;
    if (restore(location.hash)) {
      verdict.scrollIntoView({ block: "nearest" });
    } else {
      // the fragment no longer holds a situation: back to the example
      s = defaultSituation();
      fromLink = false;
      hideMessage();
      normalize();
      render();
      ask();
    }
  });

  // ---- start -------------------------------------------------------------------------------------------
  const SLOW_AFTER_MS = 10_000;
  setTimeout(() => {
    if (engineState !== "loading") return;
    slow = true;
    engineLine.textContent = S("checker_slow");
    verdict.querySelector(".checker-waiting")?.replaceChildren(S("checker_slow"));
  }, SLOW_AFTER_MS);
  engine.ready().then(
    () => {
      engineState = "ready";
      engineLine.textContent = S("engine_ready");
      engineLine.classList.add("checker-engine--ready");
    },
    () => {
      engineState = "failed";
      engineLine.textContent = S("engine_failed");
      engineLine.classList.add("checker-engine--failed");
    },
  );
  lastHash = location.hash;
  carryHashToLanguages();
  revealAnswer = true;
  if (!restore(location.hash)) {
    revealAnswer = false;
    normalize();
    render();
    ask();
  }
}
