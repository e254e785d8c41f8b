// node --test: the loading indicator's sizes and shares (docs/assets/javascripts/referee-progress.js), written out
// by hand to spare a phone Intl's start-up, say exactly what Intl.NumberFormat says in all six languages.
import assert from "node:assert/strict";
import { test } from "node:test";

import { megabytes, percent } from "../../docs/assets/javascripts/referee-progress.js";

const LANGS = ["en", "sk", "cs", "pl", "hu", "et"];

test("megabytes match Intl's megabyte unit with one decimal, 0 to 999.9 MB", () => {
  for (const lang of LANGS) {
    const intl = new Intl.NumberFormat(lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1,
      minimumFractionDigits: 1 });
    for (const bytes of [0, 1, 49_999, 50_000, 149_999, 3_660_000, 8_140_000, 8_149_999, 8_150_000, 12_345_678,
      99_950_000, 999_949_999]) {
      assert.equal(megabytes(bytes, lang), intl.format(bytes / 1e6), `${lang} ${bytes}`);
    }
    for (let tenth = 0; tenth < 10_000; tenth += 7) {
      assert.equal(megabytes(tenth * 1e5, lang), intl.format(tenth / 10), `${lang} ${tenth / 10} MB`);
    }
  }
  assert.equal(megabytes(8_140_000, "en"), "8.1 MB");
  assert.equal(megabytes(8_140_000, "sk"), "8,1 MB");
});

test("percentages match Intl's percent style, whole numbers, clamped to 0-100", () => {
  for (const lang of LANGS) {
    const intl = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 });
    for (let part = 0; part <= 1000; part += 1) {
      assert.equal(percent(part, 1000, lang), intl.format(part / 1000), `${lang} ${part}/1000`);
    }
    assert.equal(percent(5, 0, lang), intl.format(0));
    assert.equal(percent(12, 10, lang), intl.format(1));
  }
  assert.equal(percent(42, 100, "cs"), "42\u00a0%");
  assert.equal(percent(42, 100, "hu"), "42%");
});
