// The example-turn stepper: a scripted scenario, stepped forward and back, every hand face up.
// The build (hooks/scenarios.py) has already stepped the scenario through rules_core in the page's language and
// put it inside the placeholder as JSON (positions, narration, rule links, the engine's effects), so the table and
// the steps work at once, without the referee. The referee in the page (engine.call) answers "What if?" and is
// started only when "What if?" is opened.
//
// Also here: a link to any step (#step=ID:N, scenario-link.js), presenter mode for a projector
// (stepper-present.js: full screen, large type, clicker keys, "What would you play?"), and examples a reader
// builds from any position, judged move by move by the referee and shared by link (stepper-custom.js).
import { fill, h } from "./dom.js";
import { cardFace, cardLabel, colorName, parseCard } from "./cards.js";
import { radioGroup } from "./controls.js";
import { needsColor, needsTarget, pageKnowledge } from "./knowledge.js";
import { digest, verdictModel } from "./verdict-model.js";
import { renderVerdict } from "./verdict-view.js";
import { CUSTOM_ID, parseScenarioFragment, parseStepLink, scenarioFragment, stepFragment } from "./scenario-link.js";

let uid = 0;
const steppers = [];

/** Mount the stepper of a placeholder that holds the build's JSON. */
export function mount(root, context) {
  const source = root.querySelector("script.stepper-data");
  if (!source) return null;
  const stepper = mountStepper(root, JSON.parse(source.textContent), context);
  followLink(stepper, location.hash);
  return stepper;
}

// A link to a step of this page's stepper: go there (and present it if the link says so).
function followLink(stepper, hash) {
  const link = parseStepLink(hash);
  if (!link || link.id !== stepper.id || steppers.find((s) => s.id === link.id) !== stepper) return;
  stepper.go(Math.min(link.step, stepper.total), { scroll: false });
  stepper.root.scrollIntoView({ block: "start" });
  stepper.region.focus({ preventScroll: true });
  if (link.present) stepper.present();
}

/** Once, as the module is loaded (widgets.js), before or without any stepper mounted: a reader's example in the
 * URL (#scenario=..., or the checker's #position=...) goes to the top of the page, now and on every later hash. */
export function start(context) {
  const showShared = () => {
    const shared = parseScenarioFragment(location.hash);
    if (shared) import("./stepper-custom.js").then((custom) => custom.mountShared(shared, context, { mountStepper }));
    return Boolean(shared);
  };
  window.addEventListener("hashchange", () => {
    if (showShared()) return;
    for (const stepper of steppers) followLink(stepper, location.hash);
  });
  showShared();
}

/**
 * A stepper on `root` for `data` ({id, title, rules, start: {position, narration}, steps: [...]}, the shape of
 * hooks/scenarios.py). Options: custom (a reader's example: data.steps may grow, see stepper-custom.js).
 * Returns its controller.
 */
export function mountStepper(root, data, { engine, strings, lang, siteRoot }, { custom = null } = {}) {
  const S = (key, params) => fill(strings[key] ?? key, params || {});
  const id = `stepper-${data.id}-${++uid}`;
  let index = 0;
  let asked = 0;
  let lastVerdict = null; // {action, result} of the last "What if?" answer, for a reader's example
  // "What would you play?" (presenter): hands shown face down until the class has answered
  let hide = "none"; // "none" | "turn" (the player to move) | "all" | "others"

  const total = () => data.steps.length;
  const positionAt = (i) => (i === 0 ? data.start.position : data.steps[i - 1].position);
  const nameOf = (position, i) => position.players[i].name || S("stepper_player_n", { n: i + 1 });
  const handOf = (position, i) => {
    const hand = position.players[i].hand;
    return Array.isArray(hand) ? hand : [];
  };

  // ---- frame ----------------------------------------------------------------------------------------------
  const counter = h("p", { class: "stepper__counter" });
  const table = h("div", { class: "stepper__table" });
  const narrationText = h("p", { class: "stepper__text" });
  const ruleLine = h("p", { class: "stepper__rule" });
  const effects = h("ul", { class: "stepper__effects" });
  const narration = h("div", {
    class: "stepper__narration", "aria-live": "polite", "aria-atomic": "true", id: `${id}-narration`,
  }, counter, narrationText, ruleLine, effects);

  const navButton = (key, symbol, onclick) => h("button", {
    type: "button", class: "md-button stepper__button", "aria-label": S(key), title: S(key), onclick,
  }, h("span", { "aria-hidden": "true" }, symbol));
  const firstButton = navButton("stepper_first", "«", () => go(0));
  const prevButton = navButton("stepper_prev", "◀", () => go(index - 1));
  const nextButton = h("button", {
    type: "button", class: "md-button md-button--primary stepper__button stepper__button--next",
    onclick: () => go(index + 1),
  }, h("span", {}, S("stepper_next")), h("span", { "aria-hidden": "true" }, " ▶"));
  const whatIfButton = h("button", {
    type: "button", class: "md-button stepper__whatif-toggle", "aria-expanded": "false",
    "aria-controls": `${id}-whatif`, onclick: () => toggleWhatIf(),
  }, S(custom ? "stepper_custom_add" : "stepper_whatif"));
  const presentButton = h("button", {
    type: "button", class: "md-button stepper__present-toggle", "aria-pressed": "false", onclick: () => togglePresent(),
  }, h("span", { "aria-hidden": "true" }, "⤢ "), h("span", { class: "stepper__present-label" }, S("stepper_present")));
  const nav = h("div", { class: "stepper__nav" }, firstButton, prevButton, nextButton, whatIfButton, presentButton);

  const engineLine = h("p", { class: "stepper__engine" });
  const whatIfIntro = h("p", { class: "stepper__whatif-intro" });
  const whatIfOptions = h("div", { class: "stepper__whatif-options" });
  const whatIfMoves = h("ul", { class: "stepper__moves", role: "list" });
  const verdict = h("div", {
    class: "stepper__verdict", role: "status", "aria-live": "polite", "aria-atomic": "true",
  });
  const verdictActions = h("div", { class: "stepper__verdict-actions" });
  const backButton = h("button", {
    type: "button", class: "md-button stepper__whatif-back", onclick: () => toggleWhatIf(false),
  }, S("stepper_whatif_back"));
  const whatIf = h("div", {
    class: "stepper__whatif", id: `${id}-whatif`, hidden: true, role: "group", "aria-labelledby": `${id}-whatif-title`,
  }, h("p", { class: "stepper__whatif-title", id: `${id}-whatif-title` }, S(custom ? "stepper_custom_add" : "stepper_whatif")),
  engineLine, whatIfIntro, whatIfOptions, whatIfMoves, verdict, verdictActions, backButton);

  const title = h("p", { class: "stepper__title", id: `${id}-title` }, data.title);
  const changedHint = h("span", { class: "stepper__changed-hint" }, " ", h("span", { class: "stepper__changed" }, S("stepper_changed")));
  const hint = h("p", { class: "stepper__hint", id: `${id}-hint` }, S("stepper_keys"), changedHint);
  // The controls come first and the narration right under them, then the table: the buttons never move under the
  // reader's finger, and on a phone the narration and the top of the table are on screen together after each step.
  const controls = h("div", { class: "stepper__console" }, nav, narration);
  const region = h("section", {
    class: "stepper__box", tabindex: "0", "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-hint`,
  }, title, controls, whatIf, table, hint);
  // Under a heading of its own (the examples page), the heading names the example and the title is not repeated.
  const heading = root.previousElementSibling;
  if (heading && /^H[2-6]$/.test(heading.tagName) && heading.id && heading.textContent.includes(data.title)) {
    title.hidden = true;
    region.setAttribute("aria-labelledby", heading.id);
  }
  root.replaceChildren(region);
  root.classList.add("stepper", "stepper--ready");

  region.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || stepper.presenting) return;
    const target = event.target;
    if (target !== region && !nav.contains(target)) return; // arrows inside "What if?" belong to its controls
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: total() };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  });

  // ---- the table ---------------------------------------------------------------------------------------------
  // the table's facts, as [text, class] lines; a line whose text was not in the step before is marked as changed
  function facts(position) {
    const top = position.discard[position.discard.length - 1];
    const color = position.color || parseCard(top)?.color || null;
    return [
      [color ? S("stepper_color", { color: colorName(color, strings) }) : S("stepper_color_none")],
      [S(position.direction === 1 ? "stepper_clockwise" : "stepper_counterclockwise"), "", position.direction === 1 ? "↻ " : "↺ "],
      [S("stepper_draw_pile", { n: Array.isArray(position.draw_pile) ? position.draw_pile.length : position.draw_pile })],
      position.pending ? [S("stepper_pending", { player: nameOf(position, position.turn), n: position.pending.cards }), "stepper__alert"] : null,
      position.drawn ? [S("stepper_drawn", { player: nameOf(position, position.turn), card: cardLabel(position.drawn, strings) })] : null,
      (position.catchable || []).length ? [S("stepper_catchable", {
        players: position.catchable.map((i) => nameOf(position, i)).join(", ") }), "stepper__alert"] : null,
      position.result ? [S(position.result.points === null ? "stepper_over_no_points" : "stepper_over",
        { player: nameOf(position, position.result.winner), points: position.result.points }), "stepper__alert"] : null,
    ].filter(Boolean);
  }

  function concealed(position, i) {
    if (hide === "none" || position.result) return false;
    if (hide === "all") return true;
    return hide === "turn" ? i === position.turn : i !== position.turn;
  }

  // What the step changed is highlighted (the pile's card, the lines of facts, each hand's count with its change),
  // so a class watching a projector sees at once where to look.
  function renderTable(position, before = null) {
    const top = position.discard[position.discard.length - 1];
    const wildTop = !parseCard(top)?.color;
    const color = position.color || parseCard(top)?.color || null;
    const mark = (changed) => (changed ? " stepper__changed" : "");
    const pileChanged = Boolean(before) && (before.discard.length !== position.discard.length
      || before.discard[before.discard.length - 1] !== top || (wildTop && before.color !== position.color));
    const factsBefore = new Set(before ? facts(before).map(([text]) => text) : []);
    const centre = h("div", { class: "stepper__centre" },
      h("div", { class: `stepper__pile${mark(pileChanged)}` },
        h("span", { class: "stepper__pile-label" }, S("stepper_discard")),
        cardFace(top, { strings, size: "l", named: wildTop ? color : null })),
      h("ul", { class: "stepper__facts", role: "list" },
        facts(position).map(([text, cls = "", icon = null]) => h("li", {
          class: `${cls}${mark(Boolean(before) && !factsBefore.has(text))}`.trim() || null,
        }, icon ? h("span", { "aria-hidden": "true", class: "stepper__dir-icon" }, icon) : null, text))));
    const players = h("ul", { class: "stepper__players", role: "list" });
    position.players.forEach((player, i) => {
      const toPlay = !position.result && i === position.turn;
      const hand = handOf(position, i);
      const handBefore = before ? handOf(before, i) : hand;
      const delta = hand.length - handBefore.length;
      const handChanged = delta !== 0 || hand.join() !== handBefore.join();
      const down = concealed(position, i);
      const cards = down
        ? h("span", { class: "stepper__hand stepper__hand--down", role: "img", "aria-label": S("stepper_hand_hidden", { n: hand.length }) },
          hand.map(() => cardFace("?", { strings, size: "s", decorative: true })))
        : h("span", { class: "stepper__hand" },
          hand.length ? hand.map((code) => cardFace(code, { strings, size: "s" }))
            : h("span", { class: "stepper__empty" }, S("stepper_no_cards")));
      players.append(h("li", { class: `stepper__player${toPlay ? " stepper__player--turn" : ""}` },
        h("span", { class: "stepper__name" }, nameOf(position, i),
          toPlay ? h("span", { class: "stepper__badge" }, S("stepper_to_play")) : null,
          h("span", { class: `stepper__count${mark(handChanged)}` }, S("stepper_cards", { n: hand.length }),
            delta ? ` (${delta > 0 ? "+" : "−"}${Math.abs(delta)})` : null)),
        cards));
    });
    table.replaceChildren(centre, players);
  }

  function renderNarration() {
    counter.textContent = index === 0 ? S("stepper_start") : S("stepper_step", { n: index, total: total() });
    if (index === 0) {
      narrationText.textContent = data.start.narration;
      ruleLine.replaceChildren();
      effects.replaceChildren();
      return;
    }
    const step = data.steps[index - 1];
    narrationText.textContent = step.narration;
    ruleLine.replaceChildren(h("a", { href: new URL(step.rule_url, siteRoot).href },
      S("stepper_rule", { rule: step.rule_name })));
    effects.replaceChildren(...step.effects.map((text) => h("li", {}, text)));
  }

  function setDisabled(button, disabled) {
    // aria-disabled keeps the focus on the button at either end of the scenario
    button.setAttribute("aria-disabled", disabled ? "true" : "false");
    button.classList.toggle("stepper__button--off", disabled);
  }

  function go(i, { scroll = true } = {}) {
    if (i < 0 || i > total() || i === index) return;
    index = i;
    if (hide !== "none") hide = "none"; // a step shows what happened: the question is over
    render();
    if (scroll && !stepper.presenting) keepInView();
    stepper.onStep?.(index);
  }

  // After a step, the controls, the narration and the top of the table (the pile and the facts) stay on screen
  // together: if they left it, the page scrolls as little as brings them back ("nearest"), below the sticky header.
  function keepInView() {
    const centre = table.querySelector(".stepper__centre") || table;
    const top = controls.getBoundingClientRect().top;
    const bottom = centre.getBoundingClientRect().bottom;
    const header = Math.max(0, document.querySelector(".md-header")?.getBoundingClientRect().bottom || 0);
    const margin = 8;
    // scrolling up brings out Material's "Back to top" button under the header: stop below it
    const above = header + (document.querySelector(".md-top") ? 64 : margin);
    let by = 0;
    if (top < header + margin || bottom - top > window.innerHeight - above - margin) by = top - above;
    else if (bottom > window.innerHeight - margin) by = bottom - window.innerHeight + margin;
    if (Math.abs(by) < 1) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: by, behavior: still ? "auto" : "smooth" });
  }

  function render() {
    const position = positionAt(index);
    renderTable(position, index > 0 ? positionAt(index - 1) : null);
    renderNarration();
    changedHint.hidden = index === 0;
    setDisabled(firstButton, index === 0);
    setDisabled(prevButton, index === 0);
    setDisabled(nextButton, index === total());
    root.dataset.step = String(index);
    region.dataset.hide = hide;
    region.style.setProperty("--players", String(position.players.length)); // presenter: card size by table size
    if (!whatIf.hidden) renderWhatIf();
    stepper.onRender?.();
  }

  // ---- What if? ----------------------------------------------------------------------------------------------
  function engineState() {
    return typeof engine.state === "function" ? engine.state() : null;
  }

  // the referee's state line follows engine.js (onState) without starting it; "What if?" starts it
  const STATE_TEXT = { loading: "engine_loading", ready: "engine_ready", failed: "engine_failed" };
  const showState = (state) => { engineLine.textContent = STATE_TEXT[state] ? S(STATE_TEXT[state]) : ""; };
  if (typeof engine.onState === "function") engine.onState(showState);
  function startEngine() {
    engine.ready().then(() => showState("ready"), () => showState("failed"));
    if (engineState() === "loading" || engineState() === "idle") showState("loading");
  }

  function toggleWhatIf(open = whatIf.hidden, { focus = true } = {}) {
    whatIf.hidden = !open;
    whatIfButton.setAttribute("aria-expanded", String(open));
    if (open) {
      startEngine();
      renderWhatIf();
      if (focus) (whatIfMoves.querySelector("button") || backButton).focus();
    } else {
      clearVerdict();
      if (focus) whatIfButton.focus();
    }
  }

  function clearVerdict() {
    verdict.replaceChildren();
    verdict.removeAttribute("data-legal");
    verdictActions.replaceChildren();
    lastVerdict = null;
  }

  // the widgets' one radio group (controls.js), in the stepper's look
  const radios = (name, legend, options, checked) => radioGroup({
    name, legend, options, checked, classes: { group: "stepper__field", row: "stepper__radios", item: "stepper__radio" },
  });

  function renderWhatIf() {
    const position = positionAt(index);
    clearVerdict();
    whatIfOptions.replaceChildren();
    whatIfMoves.replaceChildren();
    if (position.result) {
      whatIfIntro.textContent = S("stepper_whatif_over");
      return;
    }
    const actor = position.turn;
    const hand = handOf(position, actor);
    whatIfIntro.textContent = S(custom ? "stepper_custom_intro" : "stepper_whatif_intro", { player: nameOf(position, actor) });
    const rules = data.rules || {};
    const K = pageKnowledge(); // which cards name a colour or a player: the engine's knowledge (rules_core.frontend)
    const hasWild = hand.some((code) => needsColor(K, code));
    const hasSeven = hand.some((code) => needsTarget(K, rules, code));
    if (hasWild) {
      whatIfOptions.append(radios(`${id}-color`, S("stepper_whatif_color"),
        ["R", "Y", "G", "B"].map((c) => [c, colorName(c, strings)]), position.color || "R"));
    }
    if (hasSeven) {
      const others = position.players.map((p, i) => i).filter((i) => i !== actor);
      whatIfOptions.append(radios(`${id}-target`, S("stepper_whatif_target"),
        others.map((i) => [String(i), nameOf(position, i)]), String(others[0])));
    }
    if (hand.length === 2) {
      whatIfOptions.append(h("label", { class: "stepper__radio stepper__uno" },
        h("input", { type: "checkbox", name: `${id}-uno` }), " ", S("stepper_whatif_uno")));
    }
    const move = (label, action, face) => h("li", {}, h("button", {
      type: "button", class: "md-button stepper__move", onclick: () => ask(action()),
    }, face || null, h("span", {}, label)));
    const seen = new Set();
    for (const code of hand) {
      if (seen.has(code)) continue;
      seen.add(code);
      whatIfMoves.append(move(S("stepper_whatif_play", { card: cardLabel(code, strings) }), () => {
        const action = { type: "play", card: code };
        if (needsColor(K, code)) action.color = whatIfOptions.querySelector(`input[name="${id}-color"]:checked`)?.value || "R";
        if (needsTarget(K, rules, code)) {
          action.target = Number(whatIfOptions.querySelector(`input[name="${id}-target"]:checked`)?.value);
        }
        if (whatIfOptions.querySelector(`input[name="${id}-uno"]`)?.checked) action.uno = true;
        return action;
      }, cardFace(code, { strings, size: "s", decorative: true })));
    }
    whatIfMoves.append(move(S("stepper_whatif_draw"), () => ({ type: "draw" })));
    if (position.drawn) whatIfMoves.append(move(S("stepper_whatif_pass"), () => ({ type: "pass" })));
    if (position.pending && position.pending.card === "W+4") {
      whatIfMoves.append(move(S("stepper_whatif_challenge"), () => ({ type: "challenge" })));
    }
    // what other players may do now: catch a player who forgot "UNO!", or jump in (house rule)
    for (const i of position.catchable || []) {
      whatIfMoves.append(move(S("stepper_whatif_catch", { player: nameOf(position, i) }), () => ({ type: "catch", target: i })));
    }
    if (rules.jump_in) {
      const top = position.discard[position.discard.length - 1];
      position.players.forEach((p, i) => {
        if (i === actor || !handOf(position, i).includes(top) || !parseCard(top)?.color) return;
        whatIfMoves.append(move(S("stepper_whatif_jump_in", { player: nameOf(position, i), card: cardLabel(top, strings) }),
          () => ({ type: "play", card: top, player: i }), cardFace(top, { strings, size: "s", decorative: true })));
      });
    }
  }

  async function ask(action) {
    const mine = ++asked;
    clearVerdict();
    verdict.replaceChildren(h("p", {}, engineState() === "ready" ? S("stepper_whatif_asking") : S("engine_loading")));
    let response;
    try {
      await engine.ready();
      response = await engine.call("check", { position: positionAt(index), action, rules: data.rules || null, lang });
    } catch (error) {
      if (mine === asked) verdict.replaceChildren(h("p", { class: "stepper__error" }, S("engine_failed")));
      return;
    }
    if (mine !== asked) return;
    engineLine.textContent = S("engine_ready");
    if (!response.ok) {
      verdict.replaceChildren(h("p", { class: "stepper__error" },
        S("stepper_whatif_error", { message: response.error?.message || "" })));
      return;
    }
    const r = response.result;
    // the site's one verdict renderer (verdict-view.js), as the checker shows it
    const position = positionAt(index);
    const model = verdictModel(digest(r), { position, action, rules: data.rules || {} });
    renderVerdict(verdict, model, {
      S, strings, lang, siteRoot, playerName: (i) => nameOf(position, i), alternatives: false, ruleset: null,
    });
    // a legal move, or a +4 bluff (it happens at real tables, and can be challenged), can become a step
    if (stepper.presenting) verdict.scrollIntoView({ block: "nearest" });
    if (r.legal || r.bluff) {
      lastVerdict = { action, result: r };
      if (stepper.onVerdict) stepper.onVerdict(lastVerdict);
      else offerOwnExample(lastVerdict);
    }
  }

  // from a built-in example: start a reader's own example at this position with this move
  function offerOwnExample(answer) {
    verdictActions.replaceChildren(h("button", {
      type: "button", class: "md-button stepper__own",
      onclick: async () => {
        const custom = await import("./stepper-custom.js");
        custom.startFrom(stepper, answer, { engine, strings, lang, siteRoot }, { mountStepper });
      },
    }, S("stepper_custom_start_from")));
  }

  // ---- presenter -----------------------------------------------------------------------------------------------
  async function togglePresent() {
    if (stepper.presenting) return stepper.leave();
    const presenter = await import("./stepper-present.js");
    return presenter.present(stepper, { strings, S });
  }

  const stepper = {
    id: data.id, data, root, region, nav, narration, table, whatIf, whatIfButton, presentButton, verdictActions,
    strings, S, lang, siteRoot, engine,
    get total() { return total(); },
    get index() { return index; },
    get hide() { return hide; },
    get title() { return data.title; },
    presenting: false,
    leave: () => {},
    onStep: null, onRender: null, onVerdict: null,
    go, render, positionAt, nameOf, toggleWhatIf, clearVerdict,
    present: () => togglePresent(),
    setHide(value) { hide = value; render(); },
    /** The link to the current step (presenting: opens in presenter mode). */
    link({ present = stepper.presenting } = {}) {
      const url = new URL(location.href);
      url.hash = custom ? custom.fragment({ step: index, present }) : stepFragment(data.id, index, { present });
      return url.href;
    },
  };
  if (custom) custom.attach(stepper);
  steppers.push(stepper);
  render();
  root.dataset.mounted = ""; // releases the space widgets.css keeps for a stepper (a reader's example too)
  return stepper;
}

export { CUSTOM_ID, scenarioFragment };
