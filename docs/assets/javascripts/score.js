// The score keeper (docs/<lang>/score.md: <div data-score-keeper></div>): players and names, after each hand the
// cards left in each hand (tapped, or the points typed), running totals to the target, the winner announced.
// The game lives in score-state.js and is kept on this device (localStorage); the referee (rules_core's
// hand_points, through engine.call) counts the cards and starts only when cards are tapped. A game can be shared
// as a link (#game=...), which opens a read-only summary that can be carried on.
import { fill, h } from "./dom.js";
import {
  MAX_PLAYERS, MIN_PLAYERS, MODES, ScoreError, TARGET, addHand, fromFragment, fromJSON, handGain, newGame,
  outcome, ranking, toFragment, toJSON, totals, undoHand,
} from "./score-state.js";
import { pluralKey } from "./search-text.js";

const STORE = "uno-score:v1";
// The cards a hand can hold, by what they score (the colour does not count): the codes sent to the referee, and
// the key of each one's colourless name in i18n/score.json (tests/test_score_keeper.py holds those names to the
// engine's: rules_core.terms for Skip and Reverse, rules_core.frontend.card_names for the wild cards).
const CARD_KINDS = [
  ["B0", "0"], ["B1", "1"], ["B2", "2"], ["B3", "3"], ["B4", "4"], ["B5", "5"], ["B6", "6"], ["B7", "7"],
  ["B8", "8"], ["B9", "9"], ["BS", "score_card_S"], ["BR", "score_card_R"], ["B+2", "score_card_+2"],
  ["W", "score_card_W"], ["W+4", "score_card_W+4"],
];
const NEWER_KINDS = [["WX", "score_card_WX"], ["WS", "score_card_WS"], ["WC", "score_card_WC"]];
const RULE_OF_MODE = { standard: "scoring", alternative: "alternative-scoring", "one-round": "one-round" };

let uid = 0;

function load() {
  try {
    const raw = localStorage.getItem(STORE);
    return raw ? fromJSON(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function save(game) {
  try {
    if (game) localStorage.setItem(STORE, JSON.stringify(toJSON(game)));
    else localStorage.removeItem(STORE);
    return true;
  } catch {
    return false; // private mode or a full storage: the game still works in this tab
  }
}

export function mount(root, { engine, strings, lang, siteRoot }) {
  const S = (key, params = {}) => fill(strings[key] ?? key, params);
  const P = (prefix, n, params = {}) => S(pluralKey(prefix, n, lang, strings), { n, ...params });
  const id = `score-${++uid}`;
  const ruleLink = (rule) => {
    const page = rule === "one-round" ? "house-rules" : "rules";
    return new URL(`${lang === "en" ? "" : `${lang}/`}${page}/#${rule}`, siteRoot).href;
  };

  let game = load();
  let shared = fromFragment(location.hash);
  let stored = true;
  // the hand being entered: who went out, and per player either tapped cards or typed points
  let draft = null;
  let openRow = null;
  let asked = 0;
  const cardValues = new Map(); // code -> points, as the referee answered

  const region = h("section", { class: "score__box", "aria-labelledby": `${id}-title` });
  const live = h("p", { class: "score__live", role: "status", "aria-live": "polite" });
  root.replaceChildren(region, live);
  root.classList.add("score", "score--ready");

  const nameOf = (g, i) => g.players[i] || S("score_player_n", { n: i + 1 });
  const announce = (text) => { live.textContent = ""; setTimeout(() => { live.textContent = text; }, 30); };

  function persist() {
    stored = save(game);
  }

  // ---- the referee ---------------------------------------------------------------------------------------
  const refereeLine = h("p", { class: "score__engine", hidden: true });
  function refereeState() {
    return typeof engine.state === "function" ? engine.state() : null;
  }
  if (typeof engine.onProgress === "function") {
    engine.onProgress(({ loaded, total, phase }) => {
      if (refereeLine.hidden || phase === "ready") return;
      const share = total ? Math.round((100 * loaded) / total) : null;
      refereeLine.textContent = share === null ? S("score_counting_start") : S("score_counting_progress", { percent: share });
    });
  }

  /** Points of each hand of cards, from the referee; null for a hand given as typed points. */
  async function countHands(hands) {
    const needed = hands.some((cards) => cards && cards.length);
    if (!needed) return hands.map((cards) => (cards ? 0 : null));
    const state = refereeState();
    if (state !== "ready") {
      refereeLine.hidden = false;
      refereeLine.textContent = S("score_counting_start");
    }
    const response = await engine.call("hand_points", { hands: hands.map((cards) => cards || []) });
    refereeLine.hidden = true;
    if (!response || !response.ok) throw new Error(response?.error?.message || "hand_points");
    return response.result.map((points, i) => (hands[i] ? points : null));
  }

  // ---- views ---------------------------------------------------------------------------------------------
  function render() {
    region.replaceChildren();
    if (shared) renderShared();
    else if (!game) renderSetup();
    else renderGame();
  }

  function heading(text) {
    return h("h2", { class: "score__title", id: `${id}-title` }, text);
  }

  // New game: the number of players, their names, the scoring, the target.
  function renderSetup(previous = null) {
    const count = previous ? previous.players.length : 4;
    const names = previous ? previous.players.slice() : [];
    let mode = previous ? previous.mode : "standard";
    const form = h("form", { class: "score__setup", novalidate: true });
    const countInput = h("input", {
      type: "number", id: `${id}-count`, min: MIN_PLAYERS, max: MAX_PLAYERS, value: count, inputmode: "numeric",
      class: "score__number",
    });
    const nameList = h("ol", { class: "score__names" });
    const targetInput = h("input", {
      type: "number", id: `${id}-target`, min: 1, max: 100000, value: previous ? previous.target : TARGET,
      inputmode: "numeric", class: "score__number",
    });
    const targetField = h("p", { class: "score__field" }, h("label", { for: `${id}-target` }, S("score_target")), " ",
      targetInput, h("span", { class: "score__help" }, " ", S("score_target_help")));
    const error = h("p", { class: "score__error", role: "alert" });

    // add or remove name fields to match the count; fields that stay are left alone (focus and text kept)
    function drawNames() {
      const n = Math.min(MAX_PLAYERS, Math.max(MIN_PLAYERS, Number(countInput.value) || MIN_PLAYERS));
      for (const input of nameList.querySelectorAll("input")) names[Number(input.dataset.i)] = input.value;
      while (nameList.children.length > n) nameList.lastElementChild.remove();
      for (let i = nameList.children.length; i < n; i += 1) {
        nameList.append(h("li", {},
          h("label", { for: `${id}-name-${i}`, class: "score__name-label" }, S("score_player_n", { n: i + 1 })),
          h("input", {
            type: "text", id: `${id}-name-${i}`, "data-i": i, value: names[i] || "", maxlength: 40,
            autocomplete: "off", placeholder: S("score_name_placeholder"), class: "score__name",
          })));
      }
    }
    const step = (by) => h("button", {
      type: "button", class: "md-button score__step", "aria-label": S(by > 0 ? "score_more_players" : "score_fewer_players"),
      onclick: () => {
        countInput.value = String(Math.min(MAX_PLAYERS, Math.max(MIN_PLAYERS, (Number(countInput.value) || 0) + by)));
        drawNames();
        announce(P("score_players_count", Number(countInput.value)));
      },
    }, h("span", { "aria-hidden": "true" }, by > 0 ? "+" : "−"));
    countInput.addEventListener("change", drawNames);

    const modes = h("fieldset", { class: "score__modes" }, h("legend", {}, S("score_mode")),
      MODES.map((m) => h("label", { class: "score__mode" },
        h("input", { type: "radio", name: `${id}-mode`, value: m, checked: m === mode,
          onchange: () => { mode = m; targetField.hidden = m === "one-round"; } }),
        h("span", { class: "score__mode-text" },
          h("span", { class: "score__mode-name" }, S(`score_mode_${m}`),
            h("span", { class: `score__kind score__kind--${m === "one-round" ? "house" : "official"}` },
              S(m === "one-round" ? "score_kind_house" : "score_kind_official"))),
          h("span", { class: "score__mode-help" }, S(`score_mode_${m}_help`), " ",
            h("a", { href: ruleLink(RULE_OF_MODE[m]) }, S("score_rule_link")))))));
    targetField.hidden = mode === "one-round";

    form.append(
      h("p", { class: "score__field" }, h("label", { for: `${id}-count` }, S("score_players")), " ",
        h("span", { class: "score__stepper" }, step(-1), countInput, step(1))),
      nameList, modes, targetField, error,
      h("p", {}, h("button", { type: "submit", class: "md-button md-button--primary score__start" }, S("score_start"))));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      drawNames();
      const n = Number(countInput.value);
      const target = mode === "one-round" ? TARGET : Number(targetInput.value);
      try {
        game = newGame({ players: names.slice(0, n), mode, target });
      } catch (e) {
        if (!(e instanceof ScoreError)) throw e;
        error.textContent = /^players/.test(e.message) ? S("score_error_players") : S("score_error_target");
        return;
      }
      draft = null;
      persist();
      render();
      region.querySelector("input[type=radio]")?.focus();
      announce(S("score_started", { players: game.players.map((p, i) => nameOf(game, i)).join(", ") }));
    });
    drawNames();
    region.append(heading(S("score_new_game")), form);
  }

  // The board: each player's total, best first, and how far they are from the target.
  function board(g, { showWinner = true } = {}) {
    const sum = totals(g);
    const result = outcome(g);
    const order = ranking(g);
    const unit = g.mode === "one-round" ? "score_rounds_won" : "score_points";
    const table = h("table", { class: "score__board" },
      h("caption", { class: "score__caption" }, S(`score_board_${g.mode}`, { target: g.target })),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, S("score_col_player")),
        h("th", { scope: "col", class: "score__num" }, S(g.mode === "one-round" ? "score_col_wins" : "score_col_total")),
        g.mode === "one-round" ? null : h("th", { scope: "col", class: "score__num" }, S("score_col_to_go", { target: g.target })))),
      h("tbody", {}, order.map((i) => {
        const leader = result.winners.includes(i);
        const toGo = Math.max(0, g.target - sum[i]);
        return h("tr", { class: leader ? "score__leader" : null },
          h("th", { scope: "row" }, nameOf(g, i), leader ? h("span", { class: "score__crown" }, " ", S("score_winner_badge")) : null),
          h("td", { class: "score__num" }, String(sum[i]),
            h("span", { class: "score__sr" }, " ", P(unit, sum[i]))),
          g.mode === "one-round" ? null : h("td", { class: "score__num" },
            h("span", { class: "score__bar", style: `--share:${Math.min(100, Math.round((100 * sum[i]) / g.target))}%`, "aria-hidden": "true" }),
            String(toGo)));
      })));
    const parts = [h("div", { class: "score__table-wrap", tabindex: "0", role: "region", "aria-label": S("score_col_total") }, table)];
    if (showWinner && result.over) parts.unshift(winnerBanner(g, result));
    return parts;
  }

  function winnerBanner(g, result) {
    const sum = totals(g);
    const names = result.winners.map((i) => nameOf(g, i));
    const points = sum[result.winners[0]];
    let text;
    const list = (items) => new Intl.ListFormat(lang, { type: "conjunction" }).format(items);
    if (result.tie) text = S(`score_tie_${g.mode}`, { players: list(names), points, target: g.target });
    else if (g.mode === "alternative") {
      text = S("score_winner_alternative", { player: names[0], points,
        reached: list(result.reached.map((i) => nameOf(g, i))), target: g.target });
    } else text = S("score_winner_standard", { player: names[0], points });
    return h("div", { class: `score__banner${result.tie ? " score__banner--tie" : ""}` },
      h("p", { class: "score__banner-head" }, h("span", { "aria-hidden": "true" }, result.tie ? "⚖ " : "🏆 "),
        result.tie ? S("score_tie_head") : S("score_game_over")),
      h("p", {}, text),
      result.tie ? h("p", {}, S("score_tie_note"), " ", h("a", { href: ruleLink(RULE_OF_MODE[g.mode]) }, S("score_rule_link"))) : null);
  }

  function handsTable(g) {
    if (!g.hands.length) return h("p", { class: "score__help" }, S("score_no_hands"));
    const rows = g.hands.map((hand, n) => {
      const gain = handGain(g, hand);
      return h("tr", {}, h("th", { scope: "row", class: "score__num" }, String(n + 1)),
        h("td", {}, nameOf(g, hand.winner)),
        g.mode === "one-round" ? null : g.players.map((p, i) => h("td", { class: "score__num" },
          g.mode === "alternative" ? String(hand.points[i]) : i === hand.winner ? `+${gain[i]}` : `(${hand.points[i]})`)));
    });
    return h("div", { class: "score__table-wrap", tabindex: "0", role: "region", "aria-label": S("score_history") },
      h("table", { class: "score__history" },
        h("caption", { class: "score__caption" }, S(`score_history_${g.mode}`)),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "score__num" }, S("score_col_hand")),
          h("th", { scope: "col" }, S("score_col_out")),
          g.mode === "one-round" ? null : g.players.map((p, i) => h("th", { scope: "col", class: "score__num" }, nameOf(g, i))))),
        h("tbody", {}, rows)));
  }

  function renderGame() {
    const result = outcome(game);
    region.append(heading(S(`score_title_${game.mode}`, { target: game.target })), ...board(game));
    if (!stored) region.append(h("p", { class: "score__help" }, S("score_not_stored")));
    if (!result.over) region.append(handEntry());
    const undo = h("button", {
      type: "button", class: "md-button score__undo", disabled: !game.hands.length,
      onclick: () => {
        const last = game.hands[game.hands.length - 1];
        game = undoHand(game);
        draft = null;
        persist();
        render();
        region.querySelector(".score__undo")?.focus();
        announce(S("score_undone", { n: game.hands.length + 1, player: nameOf(game, last.winner) }));
      },
    }, S("score_undo"));
    region.append(
      h("h3", { class: "score__subtitle" }, S("score_history")), handsTable(game),
      h("div", { class: "score__actions" }, undo, shareControls(game), newGameControls()));
  }

  // ---- one hand: who went out, and the cards (or points) left in the other hands --------------------------
  function freshDraft() {
    return { winner: null, cards: game.players.map(() => []), typed: game.players.map(() => ""), points: game.players.map(() => 0) };
  }

  function handEntry() {
    if (!draft || draft.cards.length !== game.players.length) draft = freshDraft();
    const n = game.hands.length + 1;
    const box = h("div", { class: "score__hand", role: "group", "aria-labelledby": `${id}-hand` });
    const outGroup = h("fieldset", { class: "score__out" }, h("legend", {}, S("score_who_out")),
      h("div", { class: "score__out-list" }, game.players.map((p, i) => h("label", { class: "score__out-player" },
        h("input", { type: "radio", name: `${id}-out`, value: i, checked: draft.winner === i,
          onchange: () => { draft.winner = i; openRow = null; redrawHand(); region.querySelector(`input[name="${id}-out"]:checked`)?.focus(); } }),
        " ", nameOf(game, i)))));
    box.append(h("h3", { class: "score__subtitle", id: `${id}-hand` }, S("score_hand_n", { n })), outGroup);
    if (game.mode !== "one-round") box.append(cardRows());
    box.append(refereeLine, addButton());
    return box;
  }

  function redrawHand() {
    const old = region.querySelector(".score__hand");
    if (old) old.replaceWith(handEntry());
  }

  function rowSummary(i) {
    const cards = draft.cards[i];
    if (draft.typed[i] !== "") return P("score_points", Number(draft.typed[i]));
    if (!cards.length) return S("score_no_cards_yet");
    const counted = cards.every((code) => cardValues.has(code));
    return counted ? `${P("score_cards", cards.length)} · ${P("score_points", cards.reduce((a, c) => a + cardValues.get(c), 0))}`
      : `${P("score_cards", cards.length)} · ${S("score_counting")}`;
  }

  function cardRows() {
    const wrap = h("div", { class: "score__rows" });
    if (draft.winner === null) {
      wrap.append(h("p", { class: "score__help" }, S("score_pick_out_first")));
      return wrap;
    }
    wrap.append(h("p", { class: "score__help" }, S(game.mode === "alternative" ? "score_cards_help_alternative" : "score_cards_help_standard",
      { player: nameOf(game, draft.winner) })));
    game.players.forEach((p, i) => {
      if (i === draft.winner) return;
      const open = openRow === i;
      const panelId = `${id}-row-${i}`;
      const summary = h("span", { class: "score__row-sum", id: `${panelId}-sum` }, rowSummary(i));
      const toggle = h("button", {
        type: "button", class: "score__row-toggle", "aria-expanded": String(open), "aria-controls": panelId,
        onclick: () => { openRow = open ? null : i; redrawHand(); region.querySelector(`[aria-controls="${panelId}"]`)?.focus(); },
      }, h("span", { class: "score__row-name" }, nameOf(game, i)), summary);
      const row = h("div", { class: `score__row${open ? " score__row--open" : ""}` }, toggle);
      if (open) row.append(tapper(i, panelId));
      wrap.append(row);
    });
    return wrap;
  }

  function tapper(i, panelId) {
    const name = nameOf(game, i);
    const chips = h("ul", { class: "score__chips", "aria-label": S("score_cards_of", { player: name }) });
    const counts = new Map();
    for (const code of draft.cards[i]) counts.set(code, (counts.get(code) || 0) + 1);
    for (const [code, label] of [...CARD_KINDS, ...NEWER_KINDS]) {
      if (!counts.has(code)) continue;
      const text = strings[label] ?? label;
      chips.append(h("li", {}, h("button", {
        type: "button", class: "score__chip", "aria-label": S("score_remove_card", { card: text, n: counts.get(code) }),
        onclick: () => {
          const at = draft.cards[i].lastIndexOf(code);
          draft.cards[i].splice(at, 1);
          refresh(i, `[data-remove="${code}"]`);
        }, "data-remove": code,
      }, `${text} ×${counts.get(code)}`, h("span", { "aria-hidden": "true" }, " ✕"))));
    }
    const pad = (kinds) => h("div", { class: "score__pad" }, kinds.map(([code, label]) => {
      const text = strings[label] ?? label;
      const value = cardValues.get(code);
      return h("button", {
        type: "button", class: "score__key", "data-card": code, "aria-label": S("score_add_card", { card: text }),
        onclick: () => {
          draft.cards[i].push(code);
          draft.typed[i] = "";
          refresh(i, `[data-card="${code}"]`);
        },
      }, h("span", { class: "score__key-name" }, text),
      value === undefined ? null : h("span", { class: "score__key-value", "aria-hidden": "true" }, String(value)));
    }));
    const typed = h("input", {
      type: "number", min: 0, max: 100000, inputmode: "numeric", id: `${panelId}-points`, value: draft.typed[i],
      class: "score__number",
      oninput: (event) => {
        draft.typed[i] = event.target.value.trim();
        if (draft.typed[i] !== "") draft.cards[i] = [];
        const sum = region.querySelector(`#${panelId}-sum`);
        if (sum) sum.textContent = rowSummary(i);
        const list = region.querySelector(`#${panelId} .score__chips`);
        if (list && draft.typed[i] !== "") list.replaceChildren();
      },
    });
    return h("div", { class: "score__panel", id: panelId },
      h("p", { class: "score__panel-head" }, S("score_tap_cards", { player: name })),
      pad(CARD_KINDS),
      newerCards(i, panelId, pad),
      chips,
      h("p", { class: "score__field" }, h("label", { for: `${panelId}-points` }, S("score_or_points", { player: name })), " ", typed),
      h("button", { type: "button", class: "md-button score__row-done", onclick: () => {
        openRow = null;
        redrawHand();
        region.querySelector(`[aria-controls="${panelId}"]`)?.focus();
      } }, S("score_row_done")));
  }

  // the cards of the 112-card decks, behind a disclosure button (open while any of them is entered)
  let newerOpen = false;
  function newerCards(i, panelId, pad) {
    const open = newerOpen || draft.cards[i].some((c) => NEWER_KINDS.some(([k]) => k === c));
    const keys = pad(NEWER_KINDS);
    keys.id = `${panelId}-newer`;
    keys.hidden = !open;
    const button = h("button", {
      type: "button", class: "score__newer", "aria-expanded": String(open), "aria-controls": keys.id,
      onclick: () => {
        newerOpen = keys.hidden;
        keys.hidden = !keys.hidden;
        button.setAttribute("aria-expanded", String(!keys.hidden));
      },
    }, S("score_newer_cards"));
    return h("div", {}, button, keys);
  }

  // what each key's card is worth, once the referee has counted it (put into the keys in place: focus stays)
  function showValues() {
    for (const key of region.querySelectorAll(".score__key[data-card]")) {
      const value = cardValues.get(key.dataset.card);
      if (value === undefined || key.querySelector(".score__key-value")) continue;
      key.append(h("span", { class: "score__key-value", "aria-hidden": "true" }, String(value)));
    }
  }

  // after a tap: redraw the hand, keep the focus on the same key, count the cards with the referee
  function refresh(i, focusSelector) {
    redrawHand();
    const panel = region.querySelector(`#${id}-row-${i}`);
    (panel?.querySelector(focusSelector) || panel?.querySelector(".score__key"))?.focus();
    announce(rowSummary(i));
    const unknown = [...new Set(draft.cards[i])].filter((code) => !cardValues.has(code));
    if (!unknown.length) return;
    const mine = ++asked;
    countHands(unknown.map((code) => [code])).then((values) => {
      unknown.forEach((code, k) => cardValues.set(code, values[k]));
      showValues();
      if (mine !== asked) return;
      const sum = region.querySelector(`#${id}-row-${i}-sum`);
      if (sum) sum.textContent = rowSummary(i);
      announce(rowSummary(i));
    }, () => {
      refereeLine.hidden = false;
      refereeLine.textContent = S("score_counting_failed");
    });
  }

  function addButton() {
    const error = h("p", { class: "score__error", role: "alert" });
    const button = h("button", {
      type: "button", class: "md-button md-button--primary score__add",
      onclick: async () => {
        if (draft.winner === null) {
          error.textContent = S("score_pick_out_first");
          region.querySelector(`input[name="${id}-out"]`)?.focus();
          return;
        }
        button.disabled = true;
        let points;
        try {
          if (game.mode === "one-round") points = game.players.map(() => 0);
          else {
            const hands = game.players.map((p, i) => (i === draft.winner || draft.typed[i] !== "" ? null : draft.cards[i]));
            const counted = await countHands(hands);
            points = game.players.map((p, i) => (i === draft.winner ? 0
              : draft.typed[i] !== "" ? Number(draft.typed[i]) : counted[i]));
          }
          const before = game;
          game = addHand(game, { winner: draft.winner, points });
          draft = null;
          openRow = null;
          persist();
          render();
          const result = outcome(game);
          const gained = handGain(game, game.hands[game.hands.length - 1]);
          const winnerName = nameOf(game, game.hands[game.hands.length - 1].winner);
          announce(result.over ? region.querySelector(".score__banner")?.textContent || ""
            : game.mode === "one-round" ? S("score_added_one_round", { player: winnerName })
              : game.mode === "standard" ? S("score_added_standard", { player: winnerName, points: gained.reduce((a, b) => a + b, 0) })
                : S("score_added_alternative", { n: before.hands.length + 1 }));
          (region.querySelector(".score__banner") ? region.querySelector(".score__banner") : region.querySelector(`input[name="${id}-out"]`))?.focus?.();
        } catch (e) {
          button.disabled = false;
          error.textContent = e instanceof ScoreError ? S("score_error_points") : S("score_counting_failed");
        }
      },
    }, S("score_add_hand"));
    return h("div", { class: "score__add-wrap" }, error, button);
  }

  // ---- share, new game -----------------------------------------------------------------------------------
  function linkOf(g) {
    const url = new URL(location.href);
    url.hash = toFragment(g);
    return url.href;
  }

  function shareControls(g) {
    const note = h("span", { class: "score__help", role: "status" });
    const field = h("input", { type: "text", readonly: true, class: "score__link", hidden: true, "aria-label": S("score_share_link") });
    const button = h("button", {
      type: "button", class: "md-button score__share",
      onclick: async () => {
        const url = linkOf(g);
        field.value = url;
        field.hidden = false; // the link stays in view, to copy by hand or to check
        try {
          if (navigator.share && matchMedia("(pointer: coarse)").matches) {
            await navigator.share({ title: document.title, text: summaryText(g), url });
            return;
          }
          await navigator.clipboard.writeText(url);
          note.textContent = S("score_link_copied");
        } catch {
          field.select();
          note.textContent = S("score_link_select");
        }
      },
    }, S("score_share"));
    return h("span", { class: "score__share-wrap" }, button, note, field);
  }

  function summaryText(g) {
    const sum = totals(g);
    return ranking(g).map((i) => `${nameOf(g, i)}: ${sum[i]}`).join(", ");
  }

  function newGameControls() {
    const wrap = h("span", { class: "score__new-wrap" });
    const ask = h("button", {
      type: "button", class: "md-button score__new",
      onclick: () => {
        if (!game.hands.length || outcome(game).over) return startOver();
        wrap.replaceChildren(h("span", { class: "score__confirm", role: "group", "aria-label": S("score_new_confirm") },
          h("span", {}, S("score_new_confirm"), " "),
          h("button", { type: "button", class: "md-button md-button--primary score__new-yes", onclick: startOver }, S("score_new_yes")),
          h("button", { type: "button", class: "md-button score__new-no", onclick: () => { wrap.replaceChildren(ask); ask.focus(); } }, S("score_new_no"))));
        wrap.querySelector(".score__new-no").focus();
      },
    }, S("score_new_game"));
    wrap.append(ask);
    return wrap;
  }

  function startOver() {
    const previous = game;
    game = null;
    draft = null;
    persist();
    region.replaceChildren();
    renderSetup(previous);
    region.querySelector(".score__start")?.focus();
  }

  // ---- a shared game: read-only, can be carried on here ---------------------------------------------------
  function renderShared() {
    const g = shared;
    const result = outcome(g);
    region.append(heading(S("score_shared_title")),
      h("p", { class: "score__help" }, S(`score_title_${g.mode}`, { target: g.target }), " · ",
        P("score_hands_played", g.hands.length)),
      ...board(g, { showWinner: true }),
      h("h3", { class: "score__subtitle" }, S("score_history")), handsTable(g));
    const keep = h("button", {
      type: "button", class: "md-button md-button--primary score__adopt",
      onclick: () => {
        if (game && game.hands.length && !keep.dataset.sure) {
          keep.dataset.sure = "1";
          keep.textContent = S("score_adopt_confirm");
          return;
        }
        game = g;
        shared = null;
        draft = null;
        persist();
        clearFragment();
        render();
        region.querySelector(".score__title")?.focus?.();
        announce(S("score_adopted"));
      },
    }, S(result.over ? "score_adopt_over" : "score_adopt"));
    const back = game ? h("button", {
      type: "button", class: "md-button score__back",
      onclick: () => { shared = null; clearFragment(); render(); },
    }, S("score_back_to_mine")) : null;
    region.append(h("div", { class: "score__actions" }, keep, back));
  }

  function clearFragment() {
    const url = new URL(location.href);
    url.hash = "";
    window.history.replaceState(null, "", url.pathname + url.search);
  }

  window.addEventListener("hashchange", () => {
    const next = fromFragment(location.hash);
    if (next) {
      shared = next;
      render();
    }
  });
  // another tab changed the saved game: follow it unless a hand is being entered here
  window.addEventListener("storage", (event) => {
    if (event.key !== STORE || shared || (draft && draft.winner !== null)) return;
    game = load();
    draft = null;
    render();
  });

  render();
}
