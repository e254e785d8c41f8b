// The example-turn stepper: a scripted scenario, stepped forward and back, every hand face up.
// The build (hooks/scenarios.py) has already stepped the scenario through rules_core in the page's language and
// put it inside the placeholder as JSON (positions, narration, rule links, the engine's effects), so the table and
// the steps work at once, without the referee. The referee in the page (engine.call) answers "What if?" and is
// started only when "What if?" is opened.
import { fill, h } from "./dom.js";
import { cardFace, cardLabel, colorName, parseCard } from "./cards.js";
import { radioGroup } from "./controls.js";
import { needsColor, needsTarget, pageKnowledge } from "./knowledge.js";
import { digest, verdictModel } from "./verdict-model.js";
import { renderVerdict } from "./verdict-view.js";

let uid = 0;



export function mount(root, { engine, strings, lang, siteRoot }) {
  const source = root.querySelector("script.stepper-data");
  if (!source) return;
  const data = JSON.parse(source.textContent);
  const S = (key, params) => fill(strings[key] ?? key, params || {});
  const id = `stepper-${data.id}-${++uid}`;
  const total = data.steps.length;
  let index = 0;
  let asked = 0;
  let engineState = "idle";

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
  }, S("stepper_whatif"));
  const nav = h("div", { class: "stepper__nav" }, firstButton, prevButton, nextButton, whatIfButton);

  const engineLine = h("p", { class: "stepper__engine" }, S("engine_loading"));
  const whatIfIntro = h("p", { class: "stepper__whatif-intro" });
  const whatIfOptions = h("div", { class: "stepper__whatif-options" });
  const whatIfMoves = h("ul", { class: "stepper__moves", role: "list" });
  const verdict = h("div", {
    class: "stepper__verdict", role: "status", "aria-live": "polite", "aria-atomic": "true",
  });
  const backButton = h("button", {
    type: "button", class: "md-button stepper__whatif-back", onclick: () => toggleWhatIf(false),
  }, S("stepper_whatif_back"));
  const whatIf = h("div", {
    class: "stepper__whatif", id: `${id}-whatif`, hidden: true, role: "group", "aria-labelledby": `${id}-whatif-title`,
  }, h("p", { class: "stepper__whatif-title", id: `${id}-whatif-title` }, S("stepper_whatif")),
  engineLine, whatIfIntro, whatIfOptions, whatIfMoves, verdict, backButton);

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
  root.classList.add("stepper--ready");

  region.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target !== region && !nav.contains(target)) return; // arrows inside "What if?" belong to its controls
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: total };
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
      const cards = h("span", { class: "stepper__hand" },
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
    counter.textContent = index === 0 ? S("stepper_start") : S("stepper_step", { n: index, total });
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

  function go(i) {
    if (i < 0 || i > total || i === index) return;
    index = i;
    render();
    keepInView();
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
    setDisabled(nextButton, index === total);
    root.dataset.step = String(index);
    if (!whatIf.hidden) renderWhatIf();
  }

  // ---- What if? ----------------------------------------------------------------------------------------------
  function toggleWhatIf(open = whatIf.hidden) {
    whatIf.hidden = !open;
    whatIfButton.setAttribute("aria-expanded", String(open));
    if (open) {
      engine.ready().catch(() => {}); // the referee starts when "What if?" is opened, not before
      renderWhatIf();
      (whatIfMoves.querySelector("button") || backButton).focus();
    } else {
      verdict.replaceChildren();
      verdict.removeAttribute("data-legal");
      whatIfButton.focus();
    }
  }

  // the widgets' one radio group (controls.js), in the stepper's look
  const radios = (name, legend, options, checked) => radioGroup({
    name, legend, options, checked, classes: { group: "stepper__field", row: "stepper__radios", item: "stepper__radio" },
  });

  function renderWhatIf() {
    const position = positionAt(index);
    verdict.replaceChildren();
    verdict.removeAttribute("data-legal");
    whatIfOptions.replaceChildren();
    whatIfMoves.replaceChildren();
    if (position.result) {
      whatIfIntro.textContent = S("stepper_whatif_over");
      return;
    }
    const actor = position.turn;
    const hand = handOf(position, actor);
    whatIfIntro.textContent = S("stepper_whatif_intro", { player: nameOf(position, actor) });
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
  }

  async function ask(action) {
    const mine = ++asked;
    verdict.removeAttribute("data-legal");
    verdict.replaceChildren(h("p", {}, engineState === "ready" ? S("stepper_whatif_asking") : S("engine_loading")));
    let response;
    try {
      await engine.ready();
      response = await engine.call("check", { position: positionAt(index), action, rules: data.rules || null, lang });
    } catch (error) {
      if (mine === asked) verdict.replaceChildren(h("p", { class: "stepper__error" }, S("engine_failed")));
      return;
    }
    if (mine !== asked) return;
    if (!response.ok) {
      verdict.replaceChildren(h("p", { class: "stepper__error" },
        S("stepper_whatif_error", { message: response.error?.message || "" })));
      return;
    }
    // the site's one verdict renderer (verdict-view.js), as the checker shows it
    const position = positionAt(index);
    const model = verdictModel(digest(response.result), { position, action, rules: data.rules || {} });
    renderVerdict(verdict, model, {
      S, strings, lang, siteRoot, playerName: (i) => nameOf(position, i), alternatives: false, ruleset: null,
    });
  }

  // Follows the referee's state without starting it (engine.js: onState).
  engine.onState((state) => {
    engineState = state;
    engineLine.textContent = { loading: S("engine_loading"), ready: S("engine_ready"), failed: S("engine_failed") }[state] || "";
  });

  render();
}
