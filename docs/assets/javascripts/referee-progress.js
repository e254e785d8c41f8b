// The referee's loading indicator, shown in a widget (the checker, a stepper's "What if?") while the referee
// downloads and starts: a progress bar with the bytes and the percentage, what to expect on a slow line, why it
// failed if it did (offline and not kept, a site updated underneath), and afterwards whether it is kept on this
// device. It follows engine.js (onState, onProgress) without starting anything. Its box keeps one height whatever it
// shows (bar, label, the first-time note), so the page does not jump as it changes.
import { fill, h } from "./dom.js";

// Sizes and shares in the reader's language, written out by hand: the first Intl.NumberFormat of a page loads the
// browser's number data, about 100 ms of a phone's main thread on every page (the footer shows the referee's
// size). tests/js/referee-progress.test.mjs checks these against Intl in all six languages.
const DECIMAL_POINT = new Set(["en"]);
const SPACE_BEFORE_PERCENT = new Set(["sk", "cs"]); // "42 %", with a no-break space

// rounded half up on the decimal value, as Intl does (0.145 is 14.5 %, not 14.499...)
const rounded = (value) => Math.round(Number(value.toPrecision(12)));

function tenths(value, lang) {
  const text = (rounded(value * 10) / 10).toFixed(1);
  return DECIMAL_POINT.has(lang) ? text : text.replace(".", ",");
}

// (below 1000 MB: the referee is 8 MB)
export function megabytes(bytes, lang) {
  return `${tenths(bytes / 1e6, lang)} MB`;
}

export function percent(part, whole, lang) {
  const ratio = whole > 0 ? Math.min(1, Math.max(0, part / whole)) : 0;
  return `${rounded(ratio * 100)}${SPACE_BEFORE_PERCENT.has(lang) ? "\u00a0" : ""}%`;
}

export function progressText(progress, S, lang) {
  if (progress.phase !== "download") return S("referee_starting");
  return S("referee_download", {
    loaded: megabytes(progress.loaded, lang), total: megabytes(progress.total, lang),
    percent: percent(progress.loaded, progress.total, lang),
  });
}

export function progressView(engine, strings, lang) {
  const S = (key, params) => fill(strings[key] ?? key, params || {});
  const label = h("span", { class: "referee-progress__label" });
  const bar = h("progress", { class: "referee-progress__bar", max: "1", value: "0" });
  const hint = h("span", { class: "referee-progress__hint", hidden: true }, S("referee_slow"));
  const view = h("div", { class: "referee-progress", "data-referee-progress": "idle" }, bar, label, hint);

  const showBar = (on) => {
    bar.hidden = !on;
    if (on) bar.setAttribute("aria-label", label.textContent);
  };
  engine.onProgress((progress) => {
    if (engine.state() !== "loading") return;
    label.textContent = progressText(progress, S, lang);
    bar.max = Math.max(1, progress.total);
    bar.value = progress.phase === "download" ? progress.loaded : progress.total;
    view.dataset.phase = progress.phase;
    showBar(true);
  });
  engine.onState((state, failure) => {
    view.dataset.refereeProgress = state;
    hint.hidden = state !== "loading";
    if (state === "loading") {
      label.textContent = S("referee_starting");
      showBar(true);
    } else {
      showBar(false);
      label.textContent = state === "failed" && failure && failure.kind === "offline" ? S("referee_offline")
        : state === "failed" && failure && failure.kind === "stale" ? S("referee_stale") : "";
    }
  });
  document.addEventListener("referee:stored", (event) => {
    if (event.detail.complete && engine.state() === "ready") label.textContent = S("referee_kept_here");
  });
  return view;
}
