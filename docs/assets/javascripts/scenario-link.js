// Links into the example steppers, kept in the URL fragment (pure functions; tested with node --test).
//
//   #step=skip:3            the stepper of scenario "skip" at step 3 (0 is the start)
//   #step=skip:3&present    ... opened in presenter mode
//   #scenario=<base64url>   an example a reader built: {v: 1, title, position, rules, actions}, the UTF-8 JSON
//   #scenario=...&step=2    ... at its step 2 (&present too)
//   #position=<base64url>[&rules=...][&action=...]
//                           the checker's own situation fragment, opened on a page of examples: a reader's example
//                           that starts at the position set up in the checker (its move, if any, as step 1)
//
// None of these can be a heading anchor (ids never hold "=").

const ID = /^[a-z0-9-]+$/;
export const CUSTOM_ID = "custom";
const MAX_ACTIONS = 200;
const MAX_TITLE = 120;

function params(hash) {
  const out = new Map();
  for (const part of String(hash || "").replace(/^#/, "").split("&")) {
    if (!part) continue;
    const at = part.indexOf("=");
    out.set(at < 0 ? part : part.slice(0, at), at < 0 ? "" : part.slice(at + 1));
  }
  return out;
}

/** {id, step, present} from "#step=ID:N[&present]" or "#scenario=...&step=N"; null if the fragment has no step. */
export function parseStepLink(hash) {
  const p = params(hash);
  const present = p.has("present");
  if (p.has("scenario")) {
    const step = /^\d{1,4}$/.test(p.get("step") || "") ? Number(p.get("step")) : 0;
    return { id: CUSTOM_ID, step, present };
  }
  const match = /^([a-z0-9-]+):(\d{1,4})$/.exec(p.get("step") || "");
  if (!match) return null;
  return { id: match[1], step: Number(match[2]), present };
}

/** "#step=ID:N" (with "&present" if asked) for a built-in scenario. */
export function stepFragment(id, step, { present = false } = {}) {
  if (!ID.test(id)) throw new Error(`scenario id ${id}`);
  return `#step=${id}:${Math.max(0, step | 0)}${present ? "&present" : ""}`;
}

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** "#scenario=..." for a reader's example (step and present optional). */
export function scenarioFragment({ title = "", position, rules = null, actions = [] }, { step = null, present = false } = {}) {
  const data = { v: 1, title: String(title || "").slice(0, MAX_TITLE), position, rules: rules || null, actions };
  let out = `#scenario=${toBase64Url(JSON.stringify(data))}`;
  if (step !== null) out += `&step=${Math.max(0, step | 0)}`;
  if (present) out += "&present";
  return out;
}

/**
 * The reader's example in a fragment: {title, position, rules, actions}, or null if there is none. Only the shape
 * is checked here (objects, a list of at most 200 action objects); the referee judges the rest when it steps it.
 */
export function parseScenarioFragment(hash) {
  const p = params(hash);
  const raw = p.get("scenario");
  let data;
  if (!raw && p.has("position")) {
    data = fromCheckerParams(p);
  } else {
    if (!raw || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
    data = decodeJSON(raw);
  }
  if (!data || typeof data !== "object" || data.v !== 1) return null;
  const { position, rules = null, actions = [], title = "" } = data;
  if (!position || typeof position !== "object" || Array.isArray(position)) return null;
  if (rules !== null && (typeof rules !== "object" || Array.isArray(rules))) return null;
  if (!Array.isArray(actions) || actions.length > MAX_ACTIONS) return null;
  if (!actions.every((a) => a && typeof a === "object" && !Array.isArray(a) && typeof a.type === "string")) return null;
  const out = { title: typeof title === "string" ? title.slice(0, MAX_TITLE) : "", position, rules, actions };
  return data.checker ? { ...out, checker: true } : out;
}

function decodeJSON(raw) {
  if (!/^[A-Za-z0-9_-]+$/.test(raw || "")) return undefined;
  try {
    return JSON.parse(fromBase64Url(raw));
  } catch {
    return undefined;
  }
}

// The checker's fragment (checker-link.js writes it): position, and optionally rules and action, each the base64url
// of its UTF-8 JSON. As an example: that position, those rules, that move as step 1.
function fromCheckerParams(p) {
  const position = decodeJSON(p.get("position"));
  const rules = p.has("rules") ? decodeJSON(p.get("rules")) : null;
  const action = p.has("action") ? decodeJSON(p.get("action")) : null;
  if (position === undefined || rules === undefined || action === undefined) return null;
  return { v: 1, checker: true, title: "", position, rules, actions: action ? [action] : [] };
}
