// The site offline and installed, on every page:
// - registers the service worker (sw.js at the site's root: every page of every language precached, revisioned)
//   after the page has loaded -- and, on a page that is downloading the referee, after the referee is ready, so the
//   two never compete for a poor line;
// - "A new version is ready": a new build's worker waits until the reader reloads from this bar; then every open
//   page reloads onto the new version at once (no page ever runs a mix of two builds);
// - the footer's "Keep the referee for offline use" (its size shown) and, on a fast unmetered line or in the
//   installed app, the same download in the background after the page is idle (offline-policy.js).
import { afterLoad, fill, h, idle as idleFor } from "./dom.js";
import { megabytes, percent } from "./referee-progress.js";
import { shouldWarm } from "./offline-policy.js";
import * as store from "./referee-store.js";

const siteRoot = new URL("../../", import.meta.url);

// The footer's control and the background download come after the page's own work: its first idle moment.
const idle = () => idleFor(5000, 1500);

// Resolves when the referee is not downloading (idle, ready or failed).
function refereeSettled(engine) {
  return new Promise((resolve) => {
    const stop = engine.onState((state) => {
      if (state !== "loading") {
        queueMicrotask(() => stop());
        resolve();
      }
    });
  });
}

function installed() {
  return matchMedia("(display-mode: standalone), (display-mode: minimal-ui), (display-mode: fullscreen)").matches;
}

// ---- the update bar -----------------------------------------------------------------------------------------
function offerUpdate(waiting, S) {
  if (document.querySelector(".offline-update")) return;
  const reload = h("button", { type: "button", class: "md-button md-button--primary", "data-update-reload": "",
    onclick: () => {
      reload.disabled = true;
      waiting.postMessage({ type: "SKIP_WAITING" });
    } }, S("update_reload"));
  const later = h("button", { type: "button", class: "md-button", onclick: () => bar.remove() }, S("update_later"));
  const bar = h("div", { class: "offline-update", role: "status", "data-update-ready": "" },
    h("p", {}, S("update_ready")), h("div", { class: "offline-update__buttons" }, reload, later));
  document.body.append(bar);
}

async function registerServiceWorker(S) {
  if (!("serviceWorker" in navigator)) return;
  if (document.querySelector('meta[name="uno-service-worker"][content="off"]')) {
    // `mkdocs serve` (live reload): no service worker, and none left over from a preview on the same address
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    return;
  }
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) location.reload();
  });
  const registration = await navigator.serviceWorker.register(new URL("sw.js", siteRoot), { scope: siteRoot.pathname });
  if (!registration) return; // refused (a browser set to block service workers)
  const offer = (worker) => {
    if (navigator.serviceWorker.controller) offerUpdate(worker, S);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    if (!incoming) return;
    incoming.addEventListener("statechange", () => {
      if (incoming.state === "installed") offer(incoming);
    });
  });
  if (hadController) registration.update().catch(() => {});
}

// ---- "Keep the referee for offline use" ---------------------------------------------------------------------
function keepControl(slot, engine, S, lang) {
  const button = h("button", { type: "button", class: "md-button offline-keep__button", "data-keep-referee": "" });
  const why = h("span", { class: "offline-keep__why" }, S("keep_why"));
  const status = h("p", { class: "offline-keep__status", role: "status", "aria-live": "polite" });
  const bar = h("progress", { class: "offline-keep__bar", max: "1", value: "0", hidden: true });
  const offer = h("p", { class: "offline-keep__offer" }, button, " ", why);
  let size = "";

  const show = (kept) => {
    slot.dataset.kept = String(kept);
    offer.hidden = kept;
    if (kept) status.textContent = S("keep_done", { size });
  };

  async function run({ remembered }) {
    if (navigator.onLine === false) {
      status.textContent = S("keep_offline");
      return;
    }
    button.disabled = true;
    // a page that is downloading the referee keeps what it downloads: wait for it instead of fetching twice
    if (engine.state() === "loading") await refereeSettled(engine);
    bar.hidden = false;
    try {
      await store.keep({
        remembered,
        viaReferee: (onProgress) => engine.keep(onProgress),
        onProgress: ({ loaded, total }) => {
          bar.max = Math.max(1, total);
          bar.value = loaded;
          status.textContent = S("keep_saving", { percent: percent(loaded, total, lang) });
        },
      });
      const kept = await store.isKept();
      show(kept);
      if (!kept) status.textContent = S("keep_failed");
    } catch (error) {
      status.textContent = error.kind === "offline" ? S("keep_offline")
        : error.kind === "stale" ? S("referee_stale") : S("keep_failed");
    } finally {
      bar.hidden = true;
      button.disabled = false;
    }
  }

  button.addEventListener("click", () => run({ remembered: true }));
  document.addEventListener("referee:stored", (event) => {
    if (event.detail.complete) show(true);
  });

  return {
    async init() {
      const manifest = await store.manifest();
      size = megabytes(manifest.bytes, lang);
      button.textContent = S("keep_button", { size });
      const kept = await store.isKept();
      // into the page only once it has its words (an empty button is a nameless one)
      slot.setAttribute("aria-label", S("offline_label"));
      slot.setAttribute("role", "region");
      slot.replaceChildren(offer, bar, status);
      show(kept);
    },
    run,
    kept: () => slot.dataset.kept === "true",
  };
}

export async function startOffline({ engine, strings, lang, mounted = Promise.resolve() }) {
  const S = (key, params) => fill(strings[key] ?? key, params || {});
  // the page's widgets mounted first: a checker has asked for the referee by then (state "loading")
  await Promise.all([afterLoad(), mounted]);
  await idle(); // (the footer's control is not what the reader came for: after the page's own work)
  const slot = document.querySelector("[data-offline-keep]");
  let control = null;
  if (slot && store.supported()) {
    control = keepControl(slot, engine, S, lang);
    await control.init().catch(() => {
      slot.hidden = true;
      control = null;
    });
  }
  if (engine.state() === "loading") await refereeSettled(engine);
  await registerServiceWorker(S).catch((error) => console.warn(`service worker: ${error.message}`));
  if (!control || control.kept()) {
    if (control) store.dropOlder().catch(() => {});
    return;
  }
  window.addEventListener("appinstalled", () => control.run({ remembered: true }));
  const warm = shouldWarm({ connection: navigator.connection, installed: installed(), asked: store.wantsKeeping() });
  if (!warm || engine.state() !== "idle") return;
  await idle();
  if (engine.state() === "idle" && !control.kept()) control.run({ remembered: installed() || store.wantsKeeping() });
}
