// Presenter mode for a stepper: the example alone on the screen (the Fullscreen API, or a fixed full-viewport
// layer where it is missing or refused), large cards and type for a projector, the keys a presentation clicker
// sends (arrows, PageUp/PageDown, space), a step counter, Escape to leave; "What would you play?" shows hands face
// down while the class answers, then reveals them and opens "What if?" to judge the answer with the referee.
// While presenting, the URL holds the step (#step=ID:N&present), so a reload or a copied link comes back here.
import { h } from "./dom.js";

const NEXT = new Set(["ArrowRight", "ArrowDown", "PageDown", " ", "Spacebar"]);
const PREV = new Set(["ArrowLeft", "ArrowUp", "PageUp", "Backspace"]);
const BLANK = new Set(["b", "B", "."]);

export function present(stepper, { S }) {
  if (stepper.presenting) return stepper.leave;
  const { region, root } = stepper;
  const previousHash = location.hash;
  const opener = document.activeElement;
  // the stage: Material's typeset around a stepper of its own, so every stepper rule still applies
  const inner = h("div", { class: "stepper stepper--presenting" });
  const stage = h("div", {
    class: "stepper-stage md-typeset", role: "dialog", "aria-modal": "true", "aria-label": stepper.title,
  }, inner);
  const placeholder = document.createComment("stepper presented");

  // the presenter's bar: the title, the step counter, the question, the link, leave
  const counter = h("p", { class: "stepper__present-counter", "aria-hidden": "true" });
  const askButton = h("button", { type: "button", class: "md-button stepper__ask", onclick: () => ask() }, S("stepper_ask"));
  const linkNote = h("span", { class: "stepper__present-note", role: "status" });
  const linkButton = h("button", {
    type: "button", class: "md-button stepper__present-link",
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(stepper.link({ present: true }));
        linkNote.textContent = S("stepper_link_copied");
      } catch {
        linkNote.textContent = stepper.link({ present: true });
      }
    },
  }, S("stepper_link"));
  const leaveButton = h("button", {
    type: "button", class: "md-button stepper__leave", onclick: () => leave(),
  }, S("stepper_leave"));
  const bar = h("div", { class: "stepper__present-bar" },
    h("p", { class: "stepper__present-title" }, stepper.title), counter,
    h("div", { class: "stepper__present-actions" }, askButton, linkButton, leaveButton, linkNote),
    h("p", { class: "stepper__present-keys" }, S("stepper_present_keys")));

  // "What would you play?": whose hands are face down, the reveal
  const hideChoice = (value, label) => h("label", { class: "stepper__radio" },
    h("input", { type: "radio", name: `${stepper.id}-present-hide`, value, checked: value === "turn",
      onchange: () => stepper.setHide(value) }), " ", label);
  const questionText = h("p", { class: "stepper__question-text" });
  const revealButton = h("button", {
    type: "button", class: "md-button md-button--primary stepper__reveal", onclick: () => reveal(),
  }, S("stepper_reveal"));
  const question = h("div", { class: "stepper__question", hidden: true, role: "group", "aria-label": S("stepper_ask") },
    questionText,
    h("fieldset", { class: "stepper__field" }, h("legend", {}, S("stepper_hide_legend")),
      h("div", { class: "stepper__radios" }, hideChoice("turn", S("stepper_hide_turn")), hideChoice("all", S("stepper_hide_all")),
        hideChoice("others", S("stepper_hide_others")))),
    revealButton);

  function update() {
    const over = Boolean(stepper.positionAt(stepper.index).result);
    counter.textContent = stepper.index === 0 ? S("stepper_start") : S("stepper_step", { n: stepper.index, total: stepper.total });
    askButton.hidden = over;
    question.hidden = stepper.hide === "none";
    if (!question.hidden) {
      const position = stepper.positionAt(stepper.index);
      questionText.textContent = S("stepper_question", { player: stepper.nameOf(position, position.turn) });
    }
    history.replaceState(null, "", new URL(stepper.link({ present: true })).hash);
  }

  function ask() {
    stepper.toggleWhatIf(false, { focus: false });
    const checked = question.querySelector("input:checked")?.value || "turn";
    stepper.setHide(checked);
    update();
    revealButton.focus();
  }

  function reveal() {
    stepper.setHide("none");
    update();
    stepper.toggleWhatIf(true); // judge the class's answer with the referee
  }

  function onKey(event) {
    // while presenting, keys belong to the presenter: not to the theme (it turns pages on "." and ",") or search
    event.stopPropagation();
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") {
      event.preventDefault();
      leave();
      return;
    }
    const target = event.target;
    // keys typed into a field, or arrows among radio buttons, are the field's own
    if (target instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable)) return;
    const onNav = target === region || target === stage || stepper.nav.contains(target);
    if (!onNav && (event.key === " " || event.key.startsWith("Arrow"))) return; // a focused button in "What if?"
    if (BLANK.has(event.key)) stage.classList.toggle("stepper--blank"); // a clicker's "blank screen" key
    else if (stage.classList.contains("stepper--blank") && (NEXT.has(event.key) || PREV.has(event.key))) stage.classList.remove("stepper--blank");
    else if (NEXT.has(event.key)) stepper.go(stepper.index + 1);
    else if (PREV.has(event.key)) stepper.go(stepper.index - 1);
    else if (event.key === "Home") stepper.go(0);
    else if (event.key === "End") stepper.go(stepper.total);
    else return;
    event.preventDefault();
  }

  function onFullscreenChange() {
    if (!document.fullscreenElement && stepper.presenting) leave();
  }

  const inert = [];
  function leave() {
    if (!stepper.presenting) return;
    stepper.presenting = false;
    stepper.setHide("none");
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("fullscreenchange", onFullscreenChange);
    if (document.fullscreenElement === stage) document.exitFullscreen().catch(() => {});
    for (const element of inert) element.inert = false;
    inert.length = 0;
    bar.remove();
    question.remove();
    placeholder.replaceWith(region);
    stage.remove();
    document.documentElement.classList.remove("stepper-presenting");
    stepper.presentButton.setAttribute("aria-pressed", "false");
    stepper.presentButton.querySelector(".stepper__present-label").textContent = S("stepper_present");
    stepper.onStep = previousOnStep;
    history.replaceState(null, "", previousHash || location.pathname + location.search);
    (opener instanceof HTMLElement && opener.isConnected ? opener : stepper.presentButton).focus({ preventScroll: true });
    root.scrollIntoView({ block: "nearest" });
  }

  // open: the stepper's box moves into the stage (its state and handlers go with it); the page behind is inert
  const previousOnStep = stepper.onStep;
  stepper.presenting = true;
  stepper.leave = leave;
  stepper.onStep = (i) => { previousOnStep?.(i); update(); };
  region.replaceWith(placeholder);
  region.prepend(bar);
  region.querySelector(".stepper__console").after(question);
  inner.append(region);
  for (const element of document.body.children) {
    if (!element.inert) { element.inert = true; inert.push(element); }
  }
  document.body.append(stage);
  document.documentElement.classList.add("stepper-presenting");
  stepper.presentButton.setAttribute("aria-pressed", "true");
  stepper.presentButton.querySelector(".stepper__present-label").textContent = S("stepper_leave");
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("fullscreenchange", onFullscreenChange);
  if (stage.requestFullscreen && document.fullscreenEnabled) {
    stage.requestFullscreen({ navigationUI: "hide" }).catch(() => {}); // refused (no user gesture): the layer stays
  }
  update();
  region.focus({ preventScroll: true });
  return leave;
}
