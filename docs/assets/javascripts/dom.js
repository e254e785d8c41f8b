// Small DOM helpers shared by the widgets.

/** h("button", {class: "x", onclick: fn, disabled: true}, "text", child...) -> element. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "checked" || key === "disabled" || key === "hidden" || key === "open") node[key] = Boolean(value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** fill("{player} draws {n}", {player: "Ann", n: 2}): a UI string with its placeholders filled. */
export function fill(template, params) {
  return String(template).replace(/\{(\w+)\}/g, (match, key) => (key in params ? params[key] : match));
}

/** Resolves once the page has loaded (at once if it already has). */
export function afterLoad() {
  return new Promise((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });
}

/** Resolves in the browser's next idle moment, timeoutMs at most; without requestIdleCallback (Safari), after
 * fallbackMs. */
export function idle(timeoutMs, fallbackMs) {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, fallbackMs);
  });
}
