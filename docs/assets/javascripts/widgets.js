// One script mounts every widget of a page. Widgets are placeholders in the Markdown:
//   <div data-checker></div>      the "Is this play legal?" checker
//   <div data-scenario="ID"></div> an example-turn stepper
// The engine (Pyodide in a worker) starts only on pages that hold a widget, as soon as this script runs.
import * as engine from "./engine.js";

const WIDGETS = {
  "[data-checker]": () => import("./checker.js"),
  "[data-scenario]": () => import("./stepper.js"),
};

function uiStrings() {
  const element = document.getElementById("ui-strings");
  return element ? JSON.parse(element.textContent) : {};
}

async function mountAll() {
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
