// The header's search box (overrides/partials/search.html), backed by Pagefind: one index per language (the page's
// <html lang>), accent-insensitive (search-text.js), self-hosted in site/pagefind/ and loaded only when the reader
// opens the search. Keys: "/" (or "s", "f") opens it, Escape closes it, the arrow keys move through the results.
import { h, fill } from "./dom.js";
import { pluralKey, searchQuery, untwin } from "./search-text.js";

const siteRoot = new URL("../../", import.meta.url);
const MAX_PAGES = 10;
const MAX_SECTIONS = 3;
const DEBOUNCE_MS = 120;

function uiStrings() {
  const element = document.getElementById("ui-strings");
  return element ? JSON.parse(element.textContent) : {};
}

// The excerpt as nodes: Pagefind's HTML holds only text and <mark>; anything else is kept as text.
function excerptNodes(html) {
  const template = document.createElement("template");
  template.innerHTML = untwin(html);
  const out = [];
  for (const node of template.content.childNodes) {
    if (node.nodeName === "MARK") out.push(h("mark", {}, node.textContent));
    else out.push(document.createTextNode(node.textContent));
  }
  return out;
}

function mount(dialog) {
  const S = (key, params = {}) => fill(strings[key] ?? key, params);
  const strings = uiStrings();
  const lang = document.documentElement.lang || "en";
  const toggle = document.getElementById("__search");
  const opener = document.querySelector("[data-search-open]");
  const form = dialog.querySelector("[data-search-form]");
  const input = dialog.querySelector("[data-search-query]");
  const status = dialog.querySelector("[data-search-status]");
  const list = dialog.querySelector("[data-search-results]");
  let pagefind = null;
  let loading = null;
  let asked = 0;
  let timer = 0;

  function load() {
    if (!loading) {
      loading = import(new URL("pagefind/pagefind.js", siteRoot).href).then(async (module) => {
        await module.options({ baseUrl: siteRoot.pathname, excerptLength: 24 });
        await module.init();
        pagefind = module;
        return module;
      });
      loading.catch(() => { loading = null; }); // a later search tries again (the line may be back)
    }
    return loading;
  }

  const isOpen = () => Boolean(toggle?.checked);

  function open({ focus = true } = {}) {
    if (toggle && !toggle.checked) {
      toggle.checked = true;
      toggle.dispatchEvent(new Event("change"));
    }
    opener?.setAttribute("aria-expanded", "true");
    if (focus) input.focus();
    load().catch(() => {});
  }

  function close() {
    if (toggle && toggle.checked) {
      toggle.checked = false;
      toggle.dispatchEvent(new Event("change"));
    }
    opener?.setAttribute("aria-expanded", "false");
    if (opener && opener.offsetParent !== null) opener.focus();
    else input.blur();
  }

  // the status line; data-done holds the query it answers (for the tests and assistive technology alike)
  function say(text, done = null) {
    status.textContent = text;
    if (done === null) delete status.dataset.done;
    else status.dataset.done = done;
  }

  function render(query, results, pages) {
    list.replaceChildren();
    if (!results.length) {
      say(S("search_none", { query }), query);
      return;
    }
    say(S(pluralKey("search_count", results.length, lang, strings), { n: results.length, query }), query);
    for (const data of pages) {
      const page = data.url.split("#")[0];
      const title = untwin(data.meta?.title || data.url).replace(/<\/?mark>/g, "");
      const sections = (data.sub_results || [])
        .filter((sub) => sub.url.startsWith(`${page}#`) && untwin(sub.title) !== title)
        .slice(0, MAX_SECTIONS);
      list.append(h("li", { class: "md-search-result__item search__item" },
        h("a", { class: "md-search-result__link search__link", href: data.url },
          h("span", { class: "search__title" }, title),
          h("span", { class: "search__excerpt" }, excerptNodes(data.excerpt))),
        sections.length ? h("ul", { class: "search__sections" }, sections.map((sub) => h("li", {},
          h("a", { class: "md-search-result__link search__link search__link--section", href: sub.url },
            h("span", { class: "search__title" }, untwin(sub.title).replace(/<\/?mark>/g, "")),
            h("span", { class: "search__excerpt" }, excerptNodes(sub.excerpt)))))) : null));
    }
  }

  async function run() {
    const query = searchQuery(input.value);
    const mine = ++asked;
    if (!query) {
      list.replaceChildren();
      say(S("search_hint"), "");
      return;
    }
    if (!pagefind) say(S("search_loading"));
    let engine;
    try {
      engine = await load();
    } catch (error) {
      if (mine === asked) say(S("search_failed"), input.value.trim());
      return;
    }
    const found = await engine.search(query);
    if (mine !== asked || !found) return;
    const pages = await Promise.all(found.results.slice(0, MAX_PAGES).map((result) => result.data()));
    if (mine !== asked) return;
    render(input.value.trim(), found.results, pages);
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
  }

  const links = () => [...list.querySelectorAll("a")];

  opener?.addEventListener("click", () => (isOpen() ? close() : open()));
  input.addEventListener("focus", () => open({ focus: false }));
  input.addEventListener("input", schedule);
  toggle?.addEventListener("change", () => opener?.setAttribute("aria-expanded", String(toggle.checked)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    run().then(() => links()[0]?.focus());
  });
  form.addEventListener("reset", () => {
    setTimeout(() => { run(); input.focus(); }, 0);
  });

  dialog.querySelector("[data-search-close]").addEventListener("click", close);
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const all = links();
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    event.preventDefault();
    if (event.key === "ArrowDown") all[Math.min(at + 1, all.length - 1)].focus();
    else if (at <= 0) input.focus();
    else all[at - 1].focus();
  });

  document.addEventListener("keydown", (event) => {
    if (isOpen() || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.documentElement.classList.contains("stepper-presenting")) return;
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (event.key === "/" || event.key === "s" || event.key === "f") {
      event.preventDefault();
      open();
    }
  });

  // ?q=... opens the search with that query (a shared search)
  const shared = new URLSearchParams(location.search).get("q");
  if (shared) {
    input.value = shared;
    open();
    run();
  }
}

const dialog = document.querySelector("[data-search]");
if (dialog) mount(dialog);
