// One script mounts every widget of a page. Widgets are placeholders in the Markdown:
//   <div data-checker></div>      the "Is this play legal?" checker
//   <div data-scenario="ID"></div> an example-turn stepper
//   <div data-score-keeper></div>  the score keeper
// Reading costs little: the referee (Pyodide in a worker, engine.js) starts only when a widget needs it -- the
// checker at once, a stepper when "What if?" is opened, the score keeper to score. Each widget's referee status
// line gets the loading indicator (referee-progress.js) beside it. offline.js (the service worker, "Keep the
// referee for offline use", updates) runs on every page.
import * as engine from "./engine.js";
import { progressView } from "./referee-progress.js";
import { startOffline } from "./offline.js";
import { holdsSituation } from "./checker-link.js";
import "./language.js";

const WIDGETS = {
  "[data-checker]": () => import("./checker.js"),
  "[data-scenario]": () => import("./stepper.js"),
  "[data-score-keeper]": () => import("./score.js"),
};
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

async function mountAll(context) {
  focusableScrollRegions();
  const content = document.querySelector(".md-content");
  if (content) new MutationObserver(focusableScrollRegions).observe(content, { childList: true, subtree: true });
  const found = Object.entries(WIDGETS).filter(([selector]) => document.querySelector(selector));
  const asked = []; // an empty checker asks for the referee only once the page has settled
  for (const [selector, load] of found) {
    const module = await load();
    for (const element of document.querySelectorAll(selector)) {
      const widget = module.mount(element, context);
      if (widget && widget.refereeAsked) asked.push(widget.refereeAsked);
      element.dataset.mounted = ""; // releases the space widgets.css kept for it
      const line = element.querySelector(STATUS_LINE);
      if (line) line.after(progressView(engine, context.strings, context.lang));
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
