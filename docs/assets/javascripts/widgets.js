// One script mounts every widget of a page. Widgets are placeholders in the Markdown:
//   <div data-checker></div>      the "Is this play legal?" checker
//   <div data-scenario="ID"></div> an example-turn stepper
//   <div data-score-keeper></div>  the score keeper
// The engine (Pyodide in a worker) starts only on pages that hold a widget, as soon as this script runs.
import * as engine from "./engine.js";
import "./language.js";

const WIDGETS = {
  "[data-checker]": () => import("./checker.js"),
  "[data-scenario]": () => import("./stepper.js"),
  "[data-score-keeper]": () => import("./score.js"),
};

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

async function mountAll() {
  focusableScrollRegions();
  const content = document.querySelector(".md-content");
  if (content) new MutationObserver(focusableScrollRegions).observe(content, { childList: true, subtree: true });
  const found = Object.entries(WIDGETS).filter(([selector]) => document.querySelector(selector));
  if (!found.length) return;
  engine.ready().catch(() => {});
  const context = {
    engine,
    strings: uiStrings(),
    lang: document.documentElement.lang || "en",
    siteRoot: new URL("../../", import.meta.url),
  };
  for (const [selector, load] of found) {
    const module = await load();
    for (const element of document.querySelectorAll(selector)) module.mount(element, context);
  }
}

mountAll();
