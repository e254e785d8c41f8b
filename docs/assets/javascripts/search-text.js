// Text rules of the site search, shared by the search box (search.js) and its tests (node --test).
//
// Pagefind folds the accents that Unicode decomposes (NFD: á, č, ő, ä, ż...). The letters of EXTRA_FOLD do not
// decompose, so hooks/search_index.py indexes a *twin* after every word that holds one ("położyć polożyć"), and
// here the query gets the same replacement ("połozyc" -> "polozyc") and the twins are removed from what is shown.
// Keep EXTRA_FOLD equal to the table in hooks/search_index.py.

export const EXTRA_FOLD = {
  "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O", "ß": "ss", "æ": "ae", "Æ": "Ae",
  "œ": "oe", "Œ": "Oe", "ı": "i",
};
const EXTRA = new RegExp(`[${Object.keys(EXTRA_FOLD).join("")}]`, "g");
const HAS_EXTRA = new RegExp(`[${Object.keys(EXTRA_FOLD).join("")}]`);

/** The word with the letters of EXTRA_FOLD replaced, other accents kept (what the index's twin holds). */
export function twinOf(word) {
  return word.normalize("NFC").replace(EXTRA, (c) => EXTRA_FOLD[c]);
}

/** What two words are compared as: no accents, no case. fold("Ťahaj") === fold("tahaj"). */
export function fold(text) {
  return twinOf(String(text)).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The query as it is sent to Pagefind: trimmed, spaces collapsed, the letters of EXTRA_FOLD replaced. */
export function searchQuery(text) {
  return twinOf(String(text).trim().replace(/\s+/g, " "));
}

const WORD = /^[\p{L}\p{N}_]+$/u;

// A text with <mark> tags as pieces {text, marked}: runs of word characters and runs of anything else.
function pieces(html) {
  const out = [];
  String(html).split(/(<mark>[\s\S]*?<\/mark>)/).forEach((part) => {
    const marked = part.startsWith("<mark>");
    const text = marked ? part.slice(6, -7) : part;
    for (const piece of text.split(/([\p{L}\p{N}_]+)/u)) if (piece) out.push({ text: piece, marked });
  });
  return out;
}

/**
 * An excerpt or title without the index's twins: a word that holds a letter of EXTRA_FOLD, followed by a space
 * and its own twin, loses the twin (and the word is highlighted if the twin was). Works on Pagefind's excerpts
 * (text with <mark> around the matches, punctuation included) and on plain text.
 *   untwin("nie <mark>położyć</mark> polożyć tu") -> "nie <mark>położyć</mark> tu"
 *   untwin("Źródło <mark>Źródlo:</mark> M93")     -> "<mark>Źródło:</mark> M93"
 */
export function untwin(html) {
  const list = pieces(html);
  const kept = [];
  for (let i = 0; i < list.length; i += 1) {
    const piece = list[i];
    const space = list[i + 1];
    const twin = list[i + 2];
    if (WORD.test(piece.text) && HAS_EXTRA.test(piece.text) && space?.text === " " && twin
        && twin.text === twinOf(piece.text) && twin.text !== piece.text) {
      kept.push({ text: piece.text, marked: piece.marked || twin.marked });
      i += 2;
    } else {
      kept.push(piece);
    }
  }
  let out = "";
  kept.forEach((piece, i) => {
    const before = kept[i - 1]?.marked;
    const after = kept[i + 1]?.marked;
    out += (piece.marked && !before ? "<mark>" : "") + piece.text + (piece.marked && !after ? "</mark>" : "");
  });
  return out;
}

/** The key of a count string: `${prefix}_one|few|many|other` by the language's plural rules, falling back to other. */
export function pluralKey(prefix, n, lang, strings) {
  const category = new Intl.PluralRules(lang).select(n);
  const key = `${prefix}_${category}`;
  return key in strings ? key : `${prefix}_other`;
}
