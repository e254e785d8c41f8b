// One script mounts every widget of a page. Widgets are placeholders in the Markdown:
//   <div data-checker></div>      the "Is this play legal?" checker
//   <div data-scenario="ID"></div> an example-turn stepper
//   <div data-score-keeper></div>  the score keeper
// Reading costs little: the referee (Pyodide in a worker, engine.js) starts only when a widget needs it -- the
// checker at once, a stepper when "What if?" is opened, the score keeper to score. Each widget's referee status
// line gets the loading indicator (referee-progress.js) beside it. offline.js (the service worker, "Keep the
// referee for offline use", updates) runs on every page.
//
// The checker and the score keeper mount at once. Steppers mount as the reader comes near them: a rules page holds
// a dozen, the first several screens down, and mounting them all at load kept a phone busy for the best part of a
// second (Material lays the whole page out again after each). One mounts when it comes within a screen of the
// viewport, when a link names it (#step=ID:N), or when the page is printed.
import * as engine from "./engine.js";
import { progressView } from "./referee-progress.js";
import { startOffline } from "./offline.js";
import { holdsSituation } from "./checker-link.js";
import { afterLoad, idle } from "./dom.js";
import "./language.js";

const WIDGETS = [
  { selector: "[data-checker]", load: () => import("./checker.js") },
  // (a fresh address to load again: some browsers keep a failed import's error for the page's life)
  { selector: "[data-scenario]", near: true,
    load: (again) => import(again ? `./stepper.js?again=${again}` : "./stepper.js") },
  { selector: "[data-score-keeper]", load: () => import("./score.js") },
];
// "Near": within one viewport's height above or below it.
const NEAR_MARGIN = "100% 0px";
// A stepper's module that failed to arrive is asked again after these pauses, the last repeated while a stepper
// waits (and whenever one is wanted, and when the browser says it is online again).
const RETRY_MS = [2000, 5000, 15000, 30000];
// Where a widget says how the referee is doing; the indicator goes right after it.
const STATUS_LINE = "[data-referee-status], .checker-engine, .stepper__engine";

function uiStrings() {
  const element = document.getElementById("ui-strings");
  return element ? JSON.parse(element.textContent) : {};
}

// Tables wider than a phone scroll sideways inside the wrapper Material adds at run time: make each wrapper
// reachable by keyboard (and named by its table's first header) so a keyboard user can scroll it too.
function focusableScrollRegions() {
  for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])")) {
    wrap.tabIndex = 0;
    wrap.setAttribute("role", "region");
    const head = wrap.querySelector("th");
    if (head) wrap.setAttribute("aria-label", head.textContent.trim());
  }
}

// One widget per task: a page of a dozen steppers stays responsive while they mount (no long task for all of them)
function yieldToPage() {
  return globalThis.scheduler && typeof scheduler.yield === "function" ? scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));
}

function mountOne(module, element, context) {
  const widget = module.mount(element, context);
  element.dataset.mounted = ""; // releases the space widgets.css kept for it
  const line = element.querySelector(STATUS_LINE);
  if (line) line.after(progressView(engine, context.strings, context.lang));
  return widget;
}

// One module, loaded once; its start(context), if it has one, runs as it loads (stepper.js: a shared example).
// A failed load is asked again by the next call, and by itself after each of retryMs (the last one repeated while
// stillWanted()); onLoaded(afterFailure) runs once it is there.
function loader(kind, context, { retryMs = [], stillWanted = () => false, onLoaded = () => {} } = {}) {
  let loading = null;
  let attempts = 0;
  let retry = null;
  const state = { module: null };
  state.load = () => (loading ??= kind.load(attempts++).then((module) => {
    try {
      module.start?.(context);
    } catch (error) {
      console.warn(`widgets: ${error.message}`);
    }
    state.module = module;
    onLoaded(attempts > 1);
    return module;
  }, (error) => {
    loading = null;
    if (!retry && retryMs.length && (attempts <= retryMs.length || stillWanted())) {
      retry = setTimeout(() => {
        retry = null;
        state.load().catch(() => {});
      }, retryMs[Math.min(attempts, retryMs.length) - 1]);
    }
    throw error;
  }));
  return state;
}

// The steppers: each mounts once, one per task, as it comes near or is named by the URL; all at once to print.
function mountWhenNear(elements, kind, context) {
  // How links name a stepper (stepper.js imports it too; a page without steppers never loads it)
  const links = loader({ load: () => import("./scenario-link.js") }, context);
  const waiting = new Set(elements);
  const queue = [];
  let draining = null;
  const observer = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) soon(entry.target);
  }, { rootMargin: NEAR_MARGIN }) : null;
  // Where the browser has no scroll anchoring (Safari), a stepper that grows above the screen would push what the
  // reader is looking at down: now() scrolls by as much.
  const anchored = globalThis.CSS?.supports?.("overflow-anchor", "auto") === true;
  // On a bad line the module's request can fail: a stepper wanted meanwhile (near, or named by a link) is asked
  // again once it has arrived, since the observer reports a stepper only as it crosses into the margin.
  const watchAgain = () => {
    for (const element of waiting) {
      if (observer) {
        observer.unobserve(element);
        observer.observe(element);
      } else soon(element);
    }
    named();
  };
  const module = loader(kind, context, {
    retryMs: RETRY_MS, stillWanted: () => waiting.size > 0, onLoaded: (afterFailure) => afterFailure && watchAgain(),
  });
  window.addEventListener("online", () => {
    if (waiting.size && !module.module) module.load().catch(() => {});
  });

  function now(element) {
    if (!waiting.delete(element)) return;
    observer?.unobserve(element);
    const before = anchored ? null : element.getBoundingClientRect();
    const scrolled = anchored ? 0 : window.scrollY;
    try {
      mountOne(module.module, element, context);
    } catch (error) {
      console.warn(`widgets: ${error.message}`);
      return;
    }
    // (its top above the screen: what the reader sees is below it; a stepper that scrolled itself, a linked one,
    // is where it means to be)
    if (before && before.top < 0 && window.scrollY === scrolled) {
      scrollBy(0, element.getBoundingClientRect().height - before.height);
    }
  }
  async function drain() {
    try {
      await module.load();
      while (queue.length) {
        const element = queue.shift();
        if (!waiting.has(element)) continue;
        now(element);
        await yieldToPage();
      }
    } finally {
      queue.length = 0; // (after a failed load, watchAgain asks again)
      draining = null;
    }
  }
  function soon(element) {
    if (!waiting.has(element) || queue.includes(element)) return;
    queue.push(element);
    draining ??= drain().catch((error) => console.warn(`widgets: ${error.message}`));
  }
  function named() {
    links.load().then(({ parseStepLink, parseScenarioFragment }) => {
      const link = parseStepLink(location.hash);
      if (link) for (const element of waiting) if (element.dataset.scenario === link.id) soon(element);
      if (link || parseScenarioFragment(location.hash)) module.load().catch(() => {});
    }).catch(() => {});
  }

  for (const element of elements) {
    if (observer) observer.observe(element);
    else soon(element);
  }
  named();
  window.addEventListener("hashchange", named);
  // Printing lays the whole page out at once: every stepper has to be there. The module has been loaded by then
  // (below); if not, the steppers print as nothing (widgets.css), and the next print has them.
  window.addEventListener("beforeprint", () => {
    if (module.module) for (const element of [...waiting]) now(element);
    else module.load().catch(() => {});
  });
  // Loaded once the page has settled, so that a stepper mounts in one task when the reader reaches it.
  afterLoad().then(() => idle(5000, 1500)).then(() => module.load()).catch(() => {});
}

async function mountAll(context) {
  focusableScrollRegions();
  const content = document.querySelector(".md-content");
  if (content) new MutationObserver(focusableScrollRegions).observe(content, { childList: true, subtree: true });
  const asked = []; // an empty checker asks for the referee only once the page has settled
  for (const kind of WIDGETS) {
    const elements = [...document.querySelectorAll(kind.selector)];
    if (!elements.length) continue;
    if (kind.near) {
      mountWhenNear(elements, kind, context);
      continue;
    }
    const module = await loader(kind, context).load();
    for (const element of elements) {
      const widget = mountOne(module, element, context);
      if (widget && widget.refereeAsked) asked.push(widget.refereeAsked);
      await yieldToPage();
    }
  }
  // ("mounted" for offline.js: by then a checker has asked for the referee, and the precache waits for it)
  await Promise.all(asked);
}

const context = {
  engine,
  strings: uiStrings(),
  lang: document.documentElement.lang || "en",
  siteRoot: new URL("../../", import.meta.url),
};
// A checker opened from a shared link asks for the referee as it mounts: ask now, before its modules arrive (on a
// phone line, a second or more of the download won back; offline, the kept referee starts sooner). An empty checker
// starts it once the page has settled (checker.js).
if (document.querySelector("[data-checker]") && holdsSituation(location.hash)) engine.ready().catch(() => {});
// offline.js waits for the widgets too: the service worker's precache must not compete with the referee's download
// on a poor line.
const mounted = mountAll(context).catch((error) => console.warn(`widgets: ${error.message}`));
startOffline({ ...context, mounted });
