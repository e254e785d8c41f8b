// node --test: the text rules of the site search (docs/assets/javascripts/search-text.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { fold, pluralKey, searchQuery, twinOf, untwin } from "../../docs/assets/javascripts/search-text.js";

test("fold drops accents and case in all six languages, Polish ł included", () => {
  assert.equal(fold("Ťahaj štyri"), "tahaj styri");
  assert.equal(fold("Irányváltó"), "iranyvalto");
  assert.equal(fold("Húzz négyet!"), "huzz negyet!");
  assert.equal(fold("Táhni čtyři"), "tahni ctyri");
  assert.equal(fold("Jäta käik vahele"), "jata kaik vahele");
  assert.equal(fold("Źródło, położyć"), "zrodlo, polozyc");
  assert.equal(fold("ŁÓDŹ"), "lodz");
  // decomposed input (as some keyboards send it) folds the same
  assert.equal(fold("Ťahaj".normalize("NFD")), "tahaj");
});

test("the twin replaces only the letters Unicode cannot decompose, as the indexer does", () => {
  assert.equal(twinOf("położyć"), "polożyć");
  assert.equal(twinOf("Źródło"), "Źródlo");
  assert.equal(twinOf("Irányváltó"), "Irányváltó");
});

test("the query is trimmed, its spaces collapsed, and its ł replaced", () => {
  assert.equal(searchQuery("  połozyc   karty "), "polozyc karty");
  assert.equal(searchQuery("tahaj styri"), "tahaj styri");
  assert.equal(searchQuery("   "), "");
});

test("untwin removes the index's twins and keeps the highlight", () => {
  assert.equal(untwin("nie <mark>położyć</mark> polożyć tu"), "nie <mark>położyć</mark> tu");
  assert.equal(untwin("Źródło <mark>Źródlo:</mark> M93"), "<mark>Źródło:</mark> M93");
  assert.equal(untwin("Źródła i uwagi. Źródła Źródla. Wszystko"), "Źródła i uwagi. Źródła. Wszystko");
  assert.equal(untwin("<mark>Źródło</mark> <mark>Źródlo</mark>"), "<mark>Źródło</mark>");
});

test("untwin leaves everything else alone", () => {
  for (const text of ["a <mark>x</mark> <mark>y</mark> b", "A &amp; B", "lala lala", "Ťahaj štyri", "", "l l",
    "mało, malo", "położyć polozyc"]) {
    assert.equal(untwin(text), text);
  }
});

test("pluralKey follows each language's plural rules and falls back to other", () => {
  const all = { n_one: "", n_few: "", n_many: "", n_other: "" };
  assert.equal(pluralKey("n", 1, "sk", all), "n_one");
  assert.equal(pluralKey("n", 3, "sk", all), "n_few");
  assert.equal(pluralKey("n", 5, "cs", all), "n_other");
  assert.equal(pluralKey("n", 22, "pl", all), "n_few");
  assert.equal(pluralKey("n", 25, "pl", all), "n_many");
  assert.equal(pluralKey("n", 12, "pl", all), "n_many");
  assert.equal(pluralKey("n", 2, "hu", all), "n_other");
  assert.equal(pluralKey("n", 2, "et", { n_one: "", n_other: "" }), "n_other");
  assert.equal(pluralKey("n", 1, "en", { n_other: "" }), "n_other");
});
