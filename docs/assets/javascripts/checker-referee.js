// Asking for a verdict: the build's own answer when it has one (the disputes' situations, judged by the same engine
// in CPython and shipped as assets/checker/verdicts.<lang>.json), else the live referee (rules_core in the page's
// worker, engine.js). Only the latest question is answered: an older answer that arrives late is dropped.
//
//   const referee = createReferee({ engine, tableUrl: (lang) => url });
//   referee.ask(situation, ["hu", "et"], (answers) => ...)   answers: [{lang, source, verdict} | {lang, error}]
import { canonicalKey } from "./checker-link.js";
import { digest } from "./verdict-model.js";

export const NO_ANSWER_AFTER_MS = 15_000; // the referee is up but silent this long: say so (it may still answer)

export function createReferee({ engine, tableUrl, fetchJson = defaultFetch }) {
  let latest = 0;
  const tables = new Map();

  function table(lang) {
    if (!tables.has(lang)) tables.set(lang, fetchJson(tableUrl(lang)).catch(() => ({})));
    return tables.get(lang);
  }

  async function answer(situation, lang) {
    const shipped = (await table(lang))[canonicalKey(situation)];
    if (shipped) return { lang, source: "build", verdict: shipped };
    let reply;
    try {
      reply = await engine.call("check", {
        position: situation.position, action: situation.action, rules: situation.rules, lang,
      });
    } catch (error) {
      return { lang, error: { kind: "referee", message: String(error?.message || error) } };
    }
    if (!reply || !reply.ok) {
      // err_unavailable: the referee could not start, or its worker died (engine.js settles every pending call so)
      const kind = reply?.error?.key === "err_unavailable" ? "referee" : "engine";
      return { lang, error: { kind, message: reply?.error?.message || "" } };
    }
    return { lang, source: "live", verdict: digest(reply.result) };
  }

  return {
    /** Judge `situation` in each language; `done(answers)` only if no newer question was asked meanwhile. */
    ask(situation, langs, done) {
      const mine = ++latest;
      Promise.all(langs.map((lang) => answer(situation, lang))).then((answers) => {
        if (mine === latest) done(answers);
      });
      return mine;
    },
    /** Forget the question asked (a newer state has nothing to judge). */
    drop() {
      latest++;
    },
    /** Whether `ticket` (from ask) is still the latest question. */
    current: (ticket) => ticket === latest,
    /** Start fetching the shipped verdicts of a language. */
    prefetch: (lang) => table(lang),
  };
}

async function defaultFetch(url) {
  // the table the checker page's head asked for already, opened from a shared link (overrides/main.html): taken
  // once; if that request failed, asked again
  const early = globalThis.__verdictsEarly;
  if (early && early.url === url) {
    delete globalThis.__verdictsEarly;
    return early.json.catch(() => fetchJson(url));
  }
  return fetchJson(url);
}

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.json();
}
