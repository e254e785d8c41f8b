// The checker's link: the situation {position, action, rules} in the URL fragment, and its canonical key.
//
//   #position=<b64>&action=<b64>&rules=<b64>&also=hu
//
// each part base64url (no padding) of the UTF-8 JSON, exactly the JSON the engine judges (rules_core's
// check(position, action, rules)); `rules` is left out when no option is set, `action` when no move is chosen yet,
// `also` is the second language the verdict is shown in. parseFragment(toFragment(s)) gives s back unchanged.
// Pure: no DOM (node --test tests/js).

export const LANGS = ["en", "sk", "cs", "pl", "hu", "et"];

export class LinkError extends Error {
  constructor(kind, part) {
    super(`${kind}: ${part}`);
    this.kind = kind; // "base64" | "json" | "shape"
    this.part = part; // "position" | "action" | "rules"
  }
}

export function encode(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decode(text, part) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new LinkError("base64", part);
  let binary;
  try {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  } catch {
    throw new LinkError("base64", part);
  }
  try {
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new LinkError("json", part);
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** "#position=..&action=..[&rules=..][&also=..]" for a situation (and the second language, if any). */
export function toFragment({ position, action, rules }, { also = null } = {}) {
  const parts = [`position=${encode(position)}`];
  if (action) parts.push(`action=${encode(action)}`);
  if (rules && Object.keys(rules).length) parts.push(`rules=${encode(rules)}`);
  if (also && LANGS.includes(also)) parts.push(`also=${also}`);
  return "#" + parts.join("&");
}

/** Whether a fragment holds a situation at all (else it is an ordinary anchor, or nothing). */
export function holdsSituation(hash) {
  return /(^|&)position=/.test((hash || "").replace(/^#/, ""));
}

/**
 * A fragment's situation: null when it holds none; {position, action, rules, also} or throws LinkError.
 * Only the shape the controls need is checked here (an object of players, each with a hand, and a discard pile of
 * card codes); everything else is the engine's to judge, and its answer says what is wrong.
 */
export function parseFragment(hash) {
  const text = (hash || "").replace(/^#/, "");
  if (!holdsSituation(text)) return null;
  const params = new URLSearchParams(text.replace(/\+/g, "%2B"));
  const position = decode(params.get("position") || "", "position");
  const action = params.has("action") ? decode(params.get("action"), "action") : null;
  const rules = params.has("rules") ? decode(params.get("rules"), "rules") : {};
  const also = LANGS.includes(params.get("also")) ? params.get("also") : null;
  checkShape(position, action, rules);
  return { position, action, rules, also };
}

function checkShape(position, action, rules) {
  const hand = (h) => (Array.isArray(h) && h.every((c) => typeof c === "string")) || (Number.isInteger(h) && h >= 0);
  if (!isObject(position) || !Array.isArray(position.players) || position.players.length < 2
      || position.players.length > 10 || !position.players.every((p) => isObject(p) && hand(p.hand))) {
    throw new LinkError("shape", "position");
  }
  if (!Array.isArray(position.discard) || !position.discard.every((c) => typeof c === "string")) {
    throw new LinkError("shape", "position");
  }
  if (action !== null && (!isObject(action) || typeof action.type !== "string")) throw new LinkError("shape", "action");
  if (!isObject(rules)) throw new LinkError("shape", "rules");
}

/**
 * The canonical JSON of a situation: keys sorted at every level, no spaces, rules {} when none are set. The build
 * (hooks/scenarios.py, json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)) keys the verdicts it
 * ships by the same text.
 */
export function canonicalKey({ position, action, rules }) {
  return canonical({ action: action ?? null, position, rules: rules ?? {} });
}

export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
