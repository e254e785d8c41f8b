// A reader's own example: a position from any stepper and moves picked in "What if?", each judged by the referee;
// stepped like the built-in examples, presented the same way, and shared by link (#scenario=..., scenario-link.js).
// The narration of each step is the referee's own reason and effects, in the page's language.
import { fill, h } from "./dom.js";
import { CUSTOM_ID, parseStepLink, scenarioFragment } from "./scenario-link.js";

let own = null; // the example being built on this page (one at a time)

/** A step of the stepper's data from the referee's check result for an action (legal, or a +4 bluff). */
export function stepOf(action, r) {
  return {
    action, legal: Boolean(r.legal), bluff: Boolean(r.bluff), narration: r.reason, rule: r.rule,
    rule_url: r.rule_url, rule_name: r.rule_name, effects: r.legal ? r.effects : [],
    position: r.legal ? r.next : r.bluff_next,
  };
}

function dataOf({ title, position, rules, steps }, S) {
  return {
    id: CUSTOM_ID, title: title || S("stepper_custom_title"), rules: rules || null,
    start: { position, narration: S("stepper_custom_start_narration") }, steps,
  };
}

/**
 * Step a shared example through the referee: {steps, failed} where failed is null or {n, message} for the first
 * step it refused (the steps before it are kept).
 */
export async function stepThrough({ position, rules, actions }, { engine, lang }) {
  await engine.ready();
  // the position itself first: a link may hold anything
  const start = await engine.call("legal_actions", { position, rules: rules || null });
  if (!start.ok) return { steps: [], failed: { n: 0, message: start.error?.message || "" } };
  const steps = [];
  let at = position;
  for (let n = 0; n < actions.length; n += 1) {
    const response = await engine.call("check", { position: at, action: actions[n], rules: rules || null, lang });
    if (!response.ok) return { steps, failed: { n: n + 1, message: response.error?.message || "" } };
    const r = response.result;
    if (!r.legal && !r.bluff) return { steps, failed: { n: n + 1, message: r.reason } };
    const step = stepOf(actions[n], r);
    steps.push(step);
    at = step.position;
  }
  return { steps, failed: null };
}

// The frame of a reader's example: a heading, a note, the stepper, and its tools (title, undo, link).
function frame(S, { shared, checker = false }) {
  // a situation from the checker is the reader's own start, not someone else's shared example
  const note = checker ? "stepper_checker_note" : shared ? "stepper_shared_note" : "stepper_own_note";
  const wrap = h("section", { class: "stepper-own", "aria-labelledby": "own-example" },
    h("h2", { id: "own-example", class: "stepper-own__heading", tabindex: "-1" }, S(shared && !checker ? "stepper_shared_heading" : "stepper_own_heading")),
    h("p", { class: "stepper-own__note" }, S(note)));
  const root = h("div", { class: "stepper stepper--custom", "data-scenario": CUSTOM_ID });
  const status = h("p", { class: "stepper-own__status", role: "status" });
  wrap.append(status, root);
  return { wrap, root, status };
}

function editor(data, context, mountStepper, root, wrap) {
  const { strings } = context;
  const S = (key, params) => fill(strings[key] ?? key, params || {});
  let stepper = null;
  const source = () => ({ title: data.title === S("stepper_custom_title") ? "" : data.title,
    position: data.start.position, rules: data.rules, actions: data.steps.map((step) => step.action) });
  const custom = {
    fragment: ({ step = null, present = false } = {}) => scenarioFragment(source(), { step, present }),
    attach(s) {
      stepper = s;
      s.onVerdict = (answer) => offerStep(answer);
    },
  };

  function offerStep(answer) {
    const at = stepper.index;
    const after = stepper.total - at;
    stepper.verdictActions.replaceChildren(h("button", {
      type: "button", class: "md-button md-button--primary stepper__add-step",
      onclick: () => {
        data.steps.splice(at, data.steps.length - at, stepOf(answer.action, answer.result));
        stepper.toggleWhatIf(false, { focus: false });
        stepper.render();
        stepper.go(at + 1, { scroll: false });
        stepper.toggleWhatIf(true, { focus: false });
        stepper.region.focus();
        updateTools();
      },
    }, S(after ? "stepper_custom_replace" : "stepper_custom_append", { n: at + 1, after })));
  }

  // tools: the title, undo the last move, the link
  const titleInput = h("input", {
    type: "text", class: "stepper-own__title", id: "own-example-title", maxlength: 120,
    value: data.title === S("stepper_custom_title") ? "" : data.title, placeholder: S("stepper_custom_title"),
    oninput: (event) => {
      data.title = event.target.value.trim() || S("stepper_custom_title");
      const title = stepper.region.querySelector(".stepper__title");
      if (title) title.textContent = data.title;
    },
  });
  const undo = h("button", {
    type: "button", class: "md-button stepper-own__undo",
    onclick: () => {
      if (!data.steps.length) return;
      data.steps.pop();
      if (stepper.index > data.steps.length) stepper.go(data.steps.length, { scroll: false });
      else stepper.render();
      updateTools();
      undo.focus();
    },
  }, S("stepper_custom_undo"));
  const linkField = h("input", { type: "text", readonly: true, class: "stepper-own__link", hidden: true, "aria-label": S("stepper_custom_link_label") });
  const linkNote = h("span", { class: "stepper-own__link-note", role: "status" });
  const share = h("button", {
    type: "button", class: "md-button stepper-own__share",
    onclick: async () => {
      const url = new URL(location.href);
      url.hash = custom.fragment();
      linkField.value = url.href;
      linkField.hidden = false;
      try {
        await navigator.clipboard.writeText(url.href);
        linkNote.textContent = S("stepper_custom_link_copied");
      } catch {
        linkField.select();
        linkNote.textContent = S("stepper_custom_link_select");
      }
    },
  }, S("stepper_custom_share"));
  const tools = h("div", { class: "stepper-own__tools" },
    h("p", { class: "stepper-own__field" }, h("label", { for: "own-example-title" }, S("stepper_custom_title_label")), " ", titleInput),
    h("p", { class: "stepper-own__buttons" }, undo, share, linkNote), linkField);

  function updateTools() {
    undo.disabled = !data.steps.length;
    linkField.hidden = true;
    linkNote.textContent = "";
  }

  return {
    custom,
    mount() {
      const s = mountStepper(root, data, context, { custom });
      wrap.append(tools);
      updateTools();
      return s;
    },
  };
}

function place(wrap, after) {
  if (own) own.remove();
  own = wrap;
  after.after(wrap);
}

/** From a built-in stepper's "What if?" answer: a new example at that position, with that move as step 1. */
export function startFrom(source, answer, context, { mountStepper }) {
  const S = (key, params) => fill(context.strings[key] ?? key, params || {});
  const { wrap, root } = frame(S, { shared: false });
  place(wrap, source.root);
  const data = dataOf({ position: source.positionAt(source.index), rules: source.data.rules, steps: [stepOf(answer.action, answer.result)] }, S);
  const stepper = editor(data, context, mountStepper, root, wrap).mount();
  stepper.go(1, { scroll: false });
  stepper.toggleWhatIf(true, { focus: false });
  wrap.scrollIntoView({ block: "start" });
  wrap.querySelector("#own-example").focus({ preventScroll: true });
  return stepper;
}

/**
 * A shared example from the URL (or a situation from the checker's link, shared.checker): put it at the top of the
 * page, step it through the referee, mount it.
 */
export async function mountShared(shared, context, { mountStepper }) {
  const S = (key, params) => fill(context.strings[key] ?? key, params || {});
  const { wrap, root, status } = frame(S, { shared: true, checker: Boolean(shared.checker) });
  const anchor = document.querySelector(".md-content__inner h1") || document.querySelector(".md-content__inner");
  if (!anchor) return null;
  place(wrap, anchor);
  status.textContent = S("stepper_shared_loading");
  let result;
  try {
    result = await stepThrough(shared, context);
  } catch {
    status.textContent = S("engine_failed");
    return null;
  }
  if (result.failed?.n === 0) {
    status.textContent = S("stepper_shared_broken", result.failed);
    return null;
  }
  status.textContent = result.failed ? S(shared.checker ? "stepper_checker_refused" : "stepper_shared_refused", result.failed) : "";
  const data = dataOf({ title: shared.title, position: shared.position, rules: shared.rules, steps: result.steps }, S);
  const stepper = editor(data, context, mountStepper, root, wrap).mount();
  const link = parseStepLink(location.hash);
  if (link) stepper.go(Math.min(link.step, stepper.total), { scroll: false });
  wrap.scrollIntoView({ block: "start" });
  if (link?.present) stepper.present();
  return stepper;
}
