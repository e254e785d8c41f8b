// The site's languages, on every page:
// - the header's language switcher keeps where the reader is: the fragment (a rule's anchor, identical in every
//   language; the checker's situation) or, without one, the section being read; its links are brought up to date
//   the moment they are touched, pointed at or focused, so a copied or middle-clicked link keeps it too;
// - the reader's choice of language is remembered (localStorage "uno-language");
// - on the home page of the default language, a reader whose browser prefers one of the other languages is offered
//   it once, in that language (a line at the top, never a redirect); taking or declining the offer is remembered.
const CHOICE_KEY = "uno-language";
const OFFERED_KEY = "uno-language-offered";

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch { /* private mode: nothing is remembered */ }
}
function recall(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The fragment to carry: the page's own, or, once the reader has scrolled into the page, the heading of the
 * section at the top of the screen (none while the page's top is still in view). */
export function currentAnchor(doc = document, win = window) {
  if (win.location.hash.length > 1) return win.location.hash;
  if (win.scrollY < win.innerHeight / 4) return "";
  const header = doc.querySelector(".md-header")?.getBoundingClientRect().bottom || 0;
  let anchor = "";
  for (const heading of doc.querySelectorAll(".md-content h2[id], .md-content h3[id]")) {
    if (heading.getBoundingClientRect().top - header > win.innerHeight / 3) break;
    anchor = `#${heading.id}`;
  }
  return anchor;
}

function switcherLinks() {
  return document.querySelectorAll(".md-header .md-select a[hreflang]");
}

function update(link) {
  const href = link.getAttribute("href");
  if (href === null) return;
  link.setAttribute("href", href.split("#")[0] + currentAnchor());
}

function watchSwitcher() {
  for (const type of ["pointerdown", "mouseover", "focusin", "contextmenu", "click"]) {
    document.addEventListener(type, (event) => {
      const link = event.target instanceof Element && event.target.closest(".md-header .md-select a[hreflang]");
      if (!link) return;
      update(link);
      if (type === "click") remember(CHOICE_KEY, link.getAttribute("hreflang"));
    }, { capture: true, passive: true });
  }
  addEventListener("hashchange", () => switcherLinks().forEach(update));
}

/** The first of the browser's languages the site has, if it is not the page's own. */
export function preferredLanguage(browserLanguages, siteLanguages, pageLanguage) {
  for (const tag of browserLanguages || []) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (siteLanguages.includes(primary)) return primary === pageLanguage ? null : primary;
  }
  return null;
}

function offerLanguage() {
  const source = document.getElementById("language-offers");
  if (!source || recall(CHOICE_KEY) || recall(OFFERED_KEY)) return;
  const offers = JSON.parse(source.textContent);
  const page = document.documentElement.lang || "en";
  const lang = preferredLanguage(navigator.languages || [navigator.language], [page, ...Object.keys(offers)], page);
  if (!lang || !offers[lang]) return;
  const target = [...switcherLinks()].find((a) => a.getAttribute("hreflang") === lang);
  const href = target ? target.getAttribute("href") : `${lang}/`;
  const offer = offers[lang];
  const box = document.createElement("aside");
  box.className = "language-offer";
  box.lang = lang;
  box.setAttribute("aria-label", offer.name);
  const text = document.createElement("p");
  text.textContent = offer.offer;
  const go = document.createElement("a");
  go.className = "md-button md-button--primary";
  go.href = href;
  go.hreflang = lang;
  go.textContent = offer.go;
  go.addEventListener("click", () => remember(CHOICE_KEY, lang));
  const stay = document.createElement("button");
  stay.type = "button";
  stay.className = "md-button";
  stay.textContent = offer.stay;
  stay.addEventListener("click", () => {
    remember(CHOICE_KEY, page);
    box.remove();
  });
  box.append(text, go, stay);
  document.querySelector(".md-content__inner")?.prepend(box);
  remember(OFFERED_KEY, lang);
}

if (typeof document !== "undefined") {
  watchSwitcher();
  offerLanguage();
}
