// The "Is this play legal?" checker: the thin mount. One state, the situation {position, action, rules} (the
// engine's own JSON), changed only by the pure edits of checker-edits.js; the flow is one way:
//   event -> edit -> render (checker-view.js) -> URL fragment (checker-link.js) -> referee (checker-referee.js)
// and the answer is drawn by verdict-view.js. Every change is judged again at once; until its answer is in, the
// verdict on screen is marked out of date (data-stale), never shown as current.
import { afterLoad, fill, h, idle } from "./dom.js";
import { pageKnowledge } from "./knowledge.js";
import * as E from "./checker-edits.js";
import { LinkError, canonicalKey, holdsSituation, parseFragment, toFragment } from "./checker-link.js";
import { handAt, isComplete, meOf, topCard } from "./checker-situation.js";
import { keyboardFor } from "./checker-keys.js";
import { printNoteFor } from "./checker-print.js";
import {
  handSection, happenedSection, moveSection, padTarget, pileSection, presetsSection, rulesSection, tableSection,
} from "./checker-view.js";
import { cardPad } from "./checker-pad.js";
import { NO_ANSWER_AFTER_MS, createReferee } from "./checker-referee.js";
import { rulesSummary, verdictModel } from "./verdict-model.js";
import { TONE_ICON, outcomeLine, renderVerdict } from "./verdict-view.js";

const ALSO_KEY = "uno-checker-also";
const SLOW_AFTER_MS = 10_000;
const SETTLE_MS_AT_MOST = 2000; // after load, the first idle moment or this, whichever comes first
const REVEAL_MS_AT_MOST = 2000; // a smooth reveal is over by then (in case the browser sends no scrollend)
// the card pad's wide layout, before it is measured: from 47em (34rem and the page's margins, with a scrollbar) to
// the theme's 60em (where the verdict moves beside the controls); in em, as the theme's own breakpoints
const WIDE_PAD_FROM = "(min-width: 47em)";
const WIDE_PAD_UNTIL = "(min-width: 60em)";
let uid = 0;

export function mount(root, { engine, strings, lang, siteRoot }) {
  const K = pageKnowledge();
  const source = root.querySelector("script.checker-data");
  const data = source ? JSON.parse(source.textContent) : { presets: [], labels: {}, languages: {} };
  const S = (key, params) => fill(strings[key] ?? key, params || {});
  const id = `checker-${++uid}`;
  const referee = createReferee({
    engine, tableUrl: (l) => new URL(`assets/checker/verdicts.${l}.json`, siteRoot).href,
  });
  referee.prefetch(lang);

  let sit = E.emptySituation(K);
  let lastHash = null;
  let shown = null; // what the verdict shows: {situation, answers} or null
  let preset = null; // the preset the table was set up from (until the next edit)
  let engineState = "loading";
  let slow = false;
  let placing = false; // the bar's place is worked out in the next frame (schedule)
  const ui = {
    me: 0, padTarget: "pile", open: {}, rove: {}, padFocus: false, drawnNext: false,
    also: storedAlso(),
  };

  const playerNameIn = (position, S_) => (i) => {
    const name = position.players[i]?.name;
    return name || S_("checker_player_n", { n: i + 1 });
  };
  const playerName = (i) => {
    const name = playerNameIn(sit.position, S)(i);
    return i === meOf(sit, ui.me) ? S("checker_player_you", { player: name }) : name;
  };

  // ---- frame ----------------------------------------------------------------------------------------------
  const engineLine = h("p", { class: "checker-engine", "aria-live": "polite" }, S("engine_loading"));
  const message = h("div", { class: "checker-message", role: "alert", hidden: true });
  const note = h("div", { class: "checker-note", hidden: true });
  const slots = Object.fromEntries(["presets", "rules", "pile", "pad", "hand", "happened", "move", "table"]
    .map((key) => [key, h("div", { class: `checker-slot checker-slot--${key}` })]));
  const pad = cardPad(); // made once, brought up to date at each render (checker-pad.js)
  slots.pad.append(pad.box);
  // the card pad's wide layout (one row of 13 per colour) when its box has room for it, 34rem. The room is the
  // controls' width, read by a ResizeObserver on a gauge of no height (its callback runs after layout: no forced
  // one), so it reports only when the width changes, not at each render that changes the controls' height; the
  // box's own margins, borders and padding need no layout. Toggled in the callback, before that frame is painted.
  // Where that changes the page's height (the guess below was wrong, or the width changed), the theme's own
  // observers hear of it one frame later, and Chromium fires its benign "ResizeObserver loop completed with
  // undelivered notifications" error event (window.onerror only, not the console); a toggle deferred to the next
  // frame would avoid it at the cost of a visible layout shift.
  const gauge = h("div", { class: "checker-gauge", "aria-hidden": "true" });
  const controls = h("div", { class: "checker-controls", role: "group", "aria-label": S("checker_form_label") },
    gauge, ...Object.values(slots));
  // (the first render comes before the observer's first report, and each render keeps the controls' class)
  function fitPad(room) {
    const style = getComputedStyle(pad.box);
    const px = (name) => parseFloat(style[name]) || 0;
    const chrome = px("marginLeft") + px("marginRight") + px("borderLeftWidth") + px("borderRightWidth")
      + px("paddingLeft") + px("paddingRight");
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    controls.classList.toggle("checker-controls--wide-pad", room - chrome >= 34 * rem);
  }
  new ResizeObserver(([entry]) => fitPad(entry.contentRect.width)).observe(gauge);
  // A first guess from the viewport's width (no layout): when the mount falls late in a frame, that frame is drawn
  // before the observer's first report, and the pad's rows then changed under the reader (at 800 px wide the
  // sections below the pad moved up 66 px). The observer has the last word.
  controls.classList.toggle("checker-controls--wide-pad",
    matchMedia(WIDE_PAD_FROM).matches && !matchMedia(WIDE_PAD_UNTIL).matches);
  const verdict = h("section", {
    class: "checker-verdict", role: "status", "aria-live": "polite", "aria-atomic": "true",
    "aria-label": S("checker_verdict_label"), tabindex: "-1", "data-verdict": "",
  });
  const also = h("section", { class: "checker-also", hidden: true });
  const copyFeedback = h("p", { class: "checker-copied", "aria-live": "polite" });
  const alsoSelect = h("select", { class: "checker-also__select", id: `${id}-also`, onchange: (e) => setAlso(e.target.value) },
    h("option", { value: "" }, S("checker_also_none")),
    Object.entries(data.languages || {}).filter(([code]) => code !== lang)
      .map(([code, name]) => h("option", { value: code, lang: code }, name)));
  // the same situation on the examples page: a teacher's own example that starts here (its move as step 1)
  const exampleLink = h("a", { class: "md-button checker-to-example", hidden: true }, S("checker_to_example"));
  const actions = h("div", { class: "checker-actions" },
    h("div", { class: "checker-buttons" },
      h("button", { type: "button", class: "md-button checker-copy", onclick: copyLink }, S("checker_copy")),
      h("button", { type: "button", class: "md-button checker-print-button", onclick: () => window.print() }, S("checker_print")),
      h("button", { type: "button", class: "md-button checker-start-over", onclick: startOver }, S("checker_start_over")),
      exampleLink),
    copyFeedback,
    h("p", { class: "checker-also__choice" }, h("label", { for: `${id}-also` }, S("checker_also")), " ", alsoSelect));
  const barText = h("span", { class: "checker-bar__text" });
  const bar = h("div", { class: "checker-bar", hidden: true },
    h("button", { type: "button", class: "checker-bar__button", "data-bar": "", onclick: revealVerdict },
      barText, h("span", { class: "checker-bar__more" }, S("checker_bar_more"))));
  const printNote = h("div", { class: "checker-print", "aria-hidden": "true" });
  const side = h("div", { class: "checker-side" }, verdict, also, actions);
  const frame = h("div", { class: "checker" }, engineLine, message, note,
    h("div", { class: "checker-body" }, controls, side), bar, printNote);
  root.replaceChildren(frame);
  root.classList.add("checker-host");
  controls.addEventListener("keydown", keyboardFor(K));
  // for the tests and the tap benchmark: the situation on the controls, and its key (the verdict says which
  // situation it judged in data-for)
  root.checker = { situation: () => structuredClone(sit), key: () => canonicalKey(sit) };

  // ---- state changes ----------------------------------------------------------------------------------------
  function edit(name, ...args) {
    const before = meOf(sit, ui.me);
    sit = E[name](K, sit, before, ...args);
    if (name === "addCard" && ui.drawnNext) sit = E.setHappened(K, sit, before, "drawn"); // the card just drawn
    if (name === "addCard" || name === "setHappened" || name === "clearTable") ui.drawnNext = false;
    ui.me = meOf(sit, before);
    if (name === "setTop") ui.padTarget = "hand";
    preset = null;
    changed({ typing: name === "setName" });
  }

  function view(change, { quiet = false } = {}) {
    change(ui);
    if (!quiet) render();
  }

  function changed({ typing = false } = {}) {
    hideMessage();
    render({ typing });
    writeHash();
    judge();
  }

  function load(situation, { fromPreset = null } = {}) {
    sit = { position: situation.position, action: situation.action ?? null, rules: situation.rules ?? {} };
    ui.drawnNext = false;
    ui.me = meOf(sit);
    ui.padTarget = topCard(sit.position) === null ? "pile" : "hand";
    preset = fromPreset;
    hideMessage();
    render();
    judge();
  }

  // ---- rendering --------------------------------------------------------------------------------------------
  const ctx = () => ({
    S, strings, K, lang, id, ui, playerName, edit, view, siteRoot,
  });

  function render({ typing = false } = {}) {
    exampleLink.hidden = empty();
    if (!empty()) exampleLink.href = new URL(`${lang === "en" ? "" : `${lang}/`}examples/${toFragment(sit)}`, siteRoot).href;
    const me = meOf(sit, ui.me);
    const c = ctx();
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.dataset.focus : null;
    slots.presets.replaceChildren(presetsSection(c, data.presets || [], pickPreset) || "");
    slots.pile.replaceChildren(pileSection(c, sit));
    slots.hand.replaceChildren(handSection(c, sit, me));
    pad.update(c, sit, padTarget(c));
    slots.happened.replaceChildren(happenedSection(c, sit, me));
    slots.move.replaceChildren(moveSection(c, sit, me));
    if (!typing) slots.table.replaceChildren(tableSection(c, sit, me));
    slots.rules.replaceChildren(rulesSection(c, sit));
    renderNote();
    if (ui.padFocus) {
      ui.padFocus = false;
      pad.focusEntry();
    } else if (focusKey && !typing) restoreFocus(focusKey);
  }

  function renderNote() {
    note.hidden = !preset;
    if (!preset) return note.replaceChildren();
    note.replaceChildren(h("p", {}, S("checker_preset_loaded", { question: preset.question }), " ",
      h("a", { href: new URL(`${lang === "en" ? "" : `${lang}/`}disputes/#${preset.id}`, siteRoot).href }, S("checker_preset_answer"))));
  }

  function restoreFocus(key) {
    const [kind, rest] = key.split(/:(.*)/s);
    const fallbacks = {
      remove: [`remove:${Number(rest) - 1}`, `hand:${Number(rest) - 1}`, "clear"],
      hand: [`hand:${Number(rest) - 1}`],
      clear: ["pad-target:hand"],
      pad: ["top-change", "pad-target:hand"],
    }[kind] || [];
    for (const k of [key, ...fallbacks]) {
      const again = controls.querySelector(`[data-focus="${CSS.escape(k)}"]`);
      if (again && !again.disabled && !again.closest("[hidden]")) {
        again.focus();
        return;
      }
    }
  }

  function startOver() {
    const me = meOf(sit, ui.me);
    load(E.clearTable(K, sit, me));
    ui.me = me;
    writeHash();
    pad.focusEntry({ preventScroll: true });
    frame.scrollIntoView({ block: "start" });
  }

  function pickPreset(p) {
    ui.open.presets = false;
    load(structuredClone(p.situation), { fromPreset: p });
    writeHash();
    revealVerdict({ focus: false });
  }

  // ---- the verdict ------------------------------------------------------------------------------------------
  let watchdog = null;
  function judge() {
    clearTimeout(watchdog);
    if (!isComplete(sit)) {
      referee.drop();
      shown = null;
      showPrompt();
      return;
    }
    markStale();
    const judged = sit;
    const langs = ui.also && ui.also !== lang ? [lang, ui.also] : [lang];
    const ticket = referee.ask(judged, langs, (answers) => {
      clearTimeout(watchdog);
      showAnswers(judged, answers);
    });
    watchdog = setTimeout(() => {
      if (referee.current(ticket) && engineState === "ready") showError(S("checker_timeout"), "timeout", { retry: true });
    }, NO_ANSWER_AFTER_MS);
  }

  function showPrompt() {
    for (const el of [verdict]) {
      delete el.dataset.legal;
      delete el.dataset.stale;
      delete el.dataset.error;
      delete el.dataset.outcome;
    }
    const text = topCard(sit.position) === null ? S("checker_verdict_prompt_top") : S("checker_verdict_prompt_move");
    verdict.replaceChildren(h("p", { class: "checker-prompt" }, text));
    also.hidden = true;
    setBar(null);
    printNote.replaceChildren();
  }

  // why the verdict is not in yet: the referee is loading (or could not start); null when it is just thinking
  function waitingText() {
    if (engineState === "failed") return S("engine_failed");
    if (engineState === "ready") return null;
    return slow ? S("checker_slow") : S("checker_waiting");
  }

  // the answer on screen no longer matches the controls: say so until the new one is in
  function markStale() {
    const old = verdict.dataset.legal !== undefined || verdict.dataset.error !== undefined;
    verdict.dataset.stale = "";
    if (verdict.dataset.legal !== undefined) verdict.dataset.wasLegal = verdict.dataset.legal;
    delete verdict.dataset.legal;
    delete verdict.dataset.error;
    const wait = waitingText();
    const line = h("p", { class: "checker-stale" }, h("strong", { class: "checker-stale__label" }, S("checker_stale")), " ",
      h("span", { class: "checker-waiting" }, wait || (old ? S("checker_stale_hint") : "")));
    if (old) {
      verdict.querySelector(".checker-stale")?.remove();
      verdict.prepend(line);
    } else verdict.replaceChildren(line);
    setBar({ stale: true });
  }

  function showAnswers(judged, answers) {
    const [main, second] = answers;
    if (main.error) {
      const text = main.error.kind === "engine" ? S("checker_engine_error", { message: main.error.message }) : S("engine_failed");
      showError(text, main.error.kind === "engine" ? "engine" : "referee", { retry: main.error.kind !== "engine" });
      if (main.error.kind === "engine" && linkPending) showMessage(S("checker_link_impossible", { message: main.error.message }));
      linkPending = false;
      return;
    }
    linkPending = false;
    const model = verdictModel(main.verdict, judged);
    const names = playerNameIn(judged.position, S);
    const you = meOf(judged);
    const c = {
      S, strings, lang, siteRoot, ruleset: rulesSummary(K, judged.rules),
      playerName: (i) => (i === you ? S("checker_player_you", { player: names(i) }) : names(i)),
    };
    renderVerdict(verdict, model, c);
    delete verdict.dataset.wasLegal;
    verdict.dataset.source = main.source;
    verdict.dataset.for = canonicalKey(judged);
    shown = { judged, model };
    setBar({ model, text: model.draws.length || model.over ? outcomeLine(model, c) : model.reason });
    renderAlso(judged, second);
    renderPrint(judged, model, c);
    if (revealOnAnswer) {
      revealOnAnswer = false;
      // in the next frame: the verdict's layout comes with that frame, not forced in this task
      requestAnimationFrame(() => revealVerdict({ focus: false }));
    }
  }

  function showError(text, kind, { retry = false } = {}) {
    delete verdict.dataset.legal;
    delete verdict.dataset.stale;
    delete verdict.dataset.outcome;
    verdict.dataset.error = kind;
    verdict.replaceChildren(h("p", { class: "checker-error" }, text),
      retry ? h("button", { type: "button", class: "md-button checker-small", onclick: judge }, S("checker_retry")) : null);
    also.hidden = true;
    setBar({ error: text });
  }

  function renderAlso(judged, second) {
    if (!second || second.error) {
      also.hidden = true;
      also.replaceChildren();
      return;
    }
    const other = second.lang;
    const L = data.labels?.[other] || {};
    const S2 = (key, params) => fill(L[key] ?? strings[key] ?? key, params || {});
    const model = verdictModel(second.verdict, judged);
    also.hidden = false;
    also.lang = other;
    also.dataset.legal = String(model.legal);
    also.dataset.outcome = model.tone;
    also.replaceChildren(
      h("h3", { class: "checker-also__h" }, S2("checker_also_title")),
      h("p", { class: `verdict__head verdict__head--${model.tone}` },
        h("span", { class: "verdict__icon", "aria-hidden": "true" }, TONE_ICON[model.tone]), " ",
        h("strong", {}, S2(`checker_tone_${model.tone.replace(/-/g, "_")}`))),
      h("p", { class: "verdict__reason" }, model.reason),
      h("p", { class: "verdict__rule" }, S2("rule_link"), ": ", h("a", { href: new URL(model.rule.url, siteRoot).href, hreflang: other }, model.rule.name)));
  }

  // ---- the compact bar (phones): the verdict's head and one line, always in sight -----------------------------
  let barState = null;
  function setBar(state) {
    barState = state;
    if (state && state.stale) bar.dataset.stale = "";
    else delete bar.dataset.stale;
    delete bar.dataset.legal;
    delete bar.dataset.outcome;
    if (!state) {
      barText.replaceChildren();
    } else if (state.stale) {
      barText.replaceChildren(h("strong", {}, S("checker_stale")), " ", h("span", { class: "checker-bar__line" }, waitingText() || ""));
    } else if (state.error) {
      barText.replaceChildren(h("strong", {}, "!"), " ", state.error);
    } else {
      const m = state.model;
      bar.dataset.legal = String(m.legal);
      bar.dataset.outcome = m.tone;
      barText.replaceChildren(h("span", { class: "verdict__icon", "aria-hidden": "true" }, TONE_ICON[m.tone]), " ",
        h("strong", {}, S(`checker_tone_${m.tone.replace(/-/g, "_")}`)), " ", h("span", { class: "checker-bar__line" }, state.text));
    }
    schedule(); // (placed in the next frame, with its layout: not a second, forced one now)
  }

  function schedule() {
    if (placing) return;
    placing = true;
    requestAnimationFrame(() => { placing = false; placeBar(); });
  }

  // the bar shows while the verdict's head is out of sight (and the checker is on screen)
  function placeBar() {
    const head = verdict.firstElementChild || verdict;
    const box = head.getBoundingClientRect();
    const frameBox = frame.getBoundingClientRect();
    const headerBottom = Math.max(0, document.querySelector(".md-header")?.getBoundingClientRect().bottom || 0);
    const visible = box.top >= headerBottom && box.bottom <= innerHeight - 8;
    const onScreen = frameBox.top < innerHeight && frameBox.bottom > headerBottom;
    bar.hidden = !barState || visible || !onScreen;
  }
  addEventListener("scroll", schedule, { passive: true });
  addEventListener("resize", schedule, { passive: true });

  function revealVerdict({ focus = true } = {}) {
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    const beside = matchMedia("(min-width: 60em)").matches; // the verdict stands beside the controls
    verdict.scrollIntoView({ block: beside ? "nearest" : "start", behavior: still ? "auto" : "smooth" });
    if (!still) giveWayToTheReader();
    if (focus) verdict.focus({ preventScroll: true });
  }

  // A smooth reveal gives way to the reader: their own wheel, touch, key or click stops it where it is, and their
  // scroll goes on from there (the browser would otherwise finish the reveal over it). The wheel's listener is not
  // passive (it must stop the reveal before the wheel scrolls), so it is there only while the reveal runs.
  function giveWayToTheReader() {
    const inputs = ["wheel", "touchstart", "pointerdown", "keydown"];
    const stop = () => {
      scrollTo({ top: scrollY, left: scrollX, behavior: "instant" });
      done();
    };
    const done = () => {
      for (const type of inputs) removeEventListener(type, stop, { capture: true });
      removeEventListener("scrollend", done);
      clearTimeout(timer);
    };
    for (const type of inputs) addEventListener(type, stop, { capture: true, passive: type !== "wheel" });
    addEventListener("scrollend", done); // the reveal ended by itself
    const timer = setTimeout(done, REVEAL_MS_AT_MOST);
  }

  // ---- print ------------------------------------------------------------------------------------------------
  function renderPrint(judged, model, c) {
    printNote.replaceChildren(...printNoteFor(judged, model, { ...c, K, url: location.href }));
  }

  // ---- link, language, copy -----------------------------------------------------------------------------------
  function empty() {
    return !sit.position.discard.length && !sit.action && !handAt(sit.position, meOf(sit, ui.me)).length
      && !Object.keys(sit.rules).length;
  }

  function writeHash() {
    lastHash = empty() ? "" : toFragment(sit, { also: ui.also });
    history.replaceState(history.state, "", lastHash || location.pathname + location.search);
  }

  function setAlso(value) {
    ui.also = value || null;
    try {
      if (ui.also) localStorage.setItem(ALSO_KEY, ui.also);
      else localStorage.removeItem(ALSO_KEY);
    } catch { /* private mode: remembered for this page only */ }
    if (ui.also) referee.prefetch(ui.also);
    if (!empty()) writeHash();
    if (isComplete(sit)) judge();
  }

  function storedAlso() {
    try {
      const value = localStorage.getItem(ALSO_KEY);
      return value && value !== lang && value in (data.languages || {}) ? value : null;
    } catch {
      return null;
    }
  }

  async function copyLink() {
    writeHash();
    const url = location.href;
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      copyFeedback.replaceChildren(S("checker_copied"));
    } catch {
      const field = h("input", {
        type: "text", readonly: true, value: url, class: "checker-link-field",
        "aria-label": S("checker_copy_manual"), onfocus: (e) => e.target.select(),
      });
      copyFeedback.replaceChildren(h("label", {}, S("checker_copy_manual")), field);
      field.focus();
      field.select();
    }
  }

  function showMessage(text) {
    message.hidden = false;
    message.replaceChildren(h("p", {}, text));
  }
  function hideMessage() {
    message.hidden = true;
    message.replaceChildren();
  }

  let linkPending = false;
  let revealOnAnswer = false;
  function restore(hash) {
    let parsed;
    try {
      parsed = parseFragment(hash);
    } catch (error) {
      const kind = error instanceof LinkError ? error.kind : "json";
      load(E.emptySituation(K));
      showMessage(S(kind === "shape" ? "checker_link_not_position" : "checker_link_broken"));
      return true;
    }
    if (!parsed) return false;
    if (parsed.also && parsed.also !== lang) {
      ui.also = parsed.also; // for this visit; the reader's own choice stays remembered
      alsoSelect.value = parsed.also;
      referee.prefetch(parsed.also);
    }
    linkPending = true;
    load(parsed);
    return true;
  }

  addEventListener("hashchange", () => {
    if (location.hash === lastHash || (!holdsSituation(location.hash) && !holdsSituation(lastHash || ""))) return;
    lastHash = location.hash;
    if (!restore(location.hash)) load(E.emptySituation(K));
    revealOnAnswer = true;
  });
  // opened from a link: its verdict comes into view when it is in, unless the reader has started on something else
  for (const type of ["pointerdown", "keydown", "wheel", "touchstart"]) {
    addEventListener(type, () => { revealOnAnswer = false; }, { passive: true, capture: true });
  }

  // ---- the referee's state (engine.js; its loading indicator goes right after the status line) --------------
  function showEngine() {
    engineLine.classList.toggle("checker-engine--ready", engineState === "ready");
    engineLine.classList.toggle("checker-engine--failed", engineState === "failed");
    engineLine.textContent = engineState === "ready" ? S("engine_ready") : engineState === "failed" ? S("engine_failed")
      : slow ? S("checker_slow") : S("engine_loading");
    if (verdict.dataset.stale !== undefined) {
      const wait = waitingText();
      for (const el of verdict.querySelectorAll(".checker-waiting")) {
        el.textContent = wait || (verdict.dataset.wasLegal !== undefined ? S("checker_stale_hint") : "");
      }
      if (barState && barState.stale) setBar(barState);
    }
  }

  function engineChanged(state) {
    const was = engineState;
    engineState = state === "idle" ? "loading" : state;
    showEngine();
    // the referee could not start (or stopped) while a question waited: say so, with a way to ask again
    if (engineState === "failed" && was !== "failed" && verdict.dataset.stale !== undefined) {
      showError(S("engine_failed"), "referee", { retry: true });
    }
  }

  setTimeout(() => {
    if (engineState !== "loading") return;
    slow = true;
    showEngine();
  }, SLOW_AFTER_MS);
  // The referee starts at once for a shared link (its verdict is what the reader waits for). On an empty checker the
  // reader has a few taps to make first: it starts once the page has settled, so its start-up does not compete with
  // the page's (a question asked before that starts it at once).
  let refereeAsked;
  const asked = new Promise((resolve) => { refereeAsked = resolve; });
  const startReferee = () => {
    engine.ready().then(() => engineChanged("ready"), () => engineChanged("failed"));
    refereeAsked();
  };
  if (holdsSituation(location.hash)) startReferee();
  else afterLoad().then(() => idle(SETTLE_MS_AT_MOST, 200)).then(startReferee);
  if (typeof engine.onState === "function") engine.onState((state) => engineChanged(state));

  // ---- start ------------------------------------------------------------------------------------------------
  if (ui.also) alsoSelect.value = ui.also;
  lastHash = location.hash;
  showEngine();
  revealOnAnswer = holdsSituation(location.hash);
  if (!restore(location.hash)) {
    render();
    showPrompt();
  }
  // (widgets.js waits for this before the page's offline work starts: it must not compete with the referee's)
  return { refereeAsked: asked };
}
