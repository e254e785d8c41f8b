// The site's service worker (Workbox 7, self-hosted under assets/workbox/). hooks/service_worker.py copies this file
// to the site's root as sw.js and workbox-build's injectManifest puts the precache manifest in the
// precacheAndRoute call below: every page of every language, their CSS, JavaScript, icons, web manifests, JSON data
// and search index, each with a revision (a digest of its content).
//
// - A new build is a new sw.js: it installs beside the old one (new revisions in the same precache, old pages keep
//   theirs) and waits; the page offers "A new version is ready" and sends SKIP_WAITING when the reader accepts.
//   On activation the old revisions go: the site moves from one build to the next in one piece.
// - Precaching revalidates instead of downloading again: a file the page has just loaded comes from the HTTP cache
//   after a 304, so a first visit does not fetch its own page twice.
// - Anything missing from the cache, a broken cache, or a cache the quota refused falls back to the network; a
//   page that is neither cached nor reachable gets the precached 404 page of its language.
// - The referee's large files are not precached here (a reading page should not cost 8 MB): the referee's workers
//   keep them in a cache of their own when they are downloaded (docs/assets/javascripts/referee-files.js).
importScripts("assets/workbox/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "assets/workbox/", debug: false });
workbox.core.setCacheNameDetails({ prefix: "uno" });
workbox.core.clientsClaim();

const REVALIDATE = {
  // Workbox fetches a revisioned URL with cache: "reload"; revalidating gives the same bytes without a second download.
  requestWillFetch: async ({ request }) => new Request(request, { cache: "no-cache" }),
};
// The "page not found" page of the address's language (sk/404.html for /sk/...), else the root one (English).
async function notFoundPage(request) {
  const scope = new URL(self.registration.scope).pathname;
  const path = new URL(request.url).pathname;
  const first = path.startsWith(scope) ? path.slice(scope.length).split("/")[0] : "";
  return (first && (await workbox.precaching.matchPrecache(`${first}/404.html`)))
    || (await workbox.precaching.matchPrecache("404.html"));
}
const NETWORK_IF_BROKEN = {
  handlerDidError: async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (request.mode === "navigate" && (await notFoundPage(request))) || Response.error();
    }
  },
};
workbox.precaching.addPlugins([REVALIDATE, NETWORK_IF_BROKEN]);
workbox.precaching.cleanupOutdatedCaches();
// Pagefind asks for pagefind-entry.json?ts=<time> (a cache-buster), and widgets.js for stepper.js?again=<n> (after a
// failed load): the precached, revisioned copy answers both, so the steppers' modules stay of one build.
workbox.precaching.precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^ts$/, /^again$/],
});

// Pages that are not precached (a mistyped address): the network, else the precached 404 page of its language.
workbox.routing.registerRoute(({ request }) => request.mode === "navigate", new workbox.strategies.NetworkOnly({
  plugins: [{ handlerDidError: async ({ request }) => (await notFoundPage(request)) || Response.error() }],
}));

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});
