// Asking the referee: the build's shipped verdict when it has one, else the live engine; only the latest
// question is answered; a referee that fails or dies gives an error, never silence.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fixtures, siteModule } from "./fixtures.mjs";

const { createReferee } = await import(siteModule("checker-referee.js"));
const { canonicalKey } = await import(siteModule("checker-link.js"));

const check = fixtures.checks.find((c) => c.id === "plus4-restriction" && c.lang === "en");

function fakeEngine() {
  const calls = [];
  return {
    calls,
    call(fn, args) {
      return new Promise((resolve, reject) => calls.push({ fn, args, resolve, reject }));
    },
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a shipped verdict answers without the engine", async () => {
  const engine = fakeEngine();
  const table = { [canonicalKey(check.situation)]: check.digest };
  const referee = createReferee({ engine, tableUrl: (l) => l, fetchJson: async (l) => (l === "en" ? table : {}) });
  const answers = await new Promise((resolve) => referee.ask(check.situation, ["en"], resolve));
  assert.equal(answers[0].source, "build");
  assert.deepEqual(answers[0].verdict, check.digest);
  assert.equal(engine.calls.length, 0);
});

test("the live referee answers the rest; only the latest question gets its answer", async () => {
  const engine = fakeEngine();
  const referee = createReferee({ engine, tableUrl: (l) => l, fetchJson: async () => ({}) });
  const got = [];
  referee.ask(check.situation, ["en"], (a) => got.push(["first", a]));
  await settle();
  referee.ask({ ...check.situation, rules: { stacking: true } }, ["en", "hu"], (a) => got.push(["second", a]));
  await settle();
  assert.equal(engine.calls.length, 3);
  assert.deepEqual(engine.calls[1].args.rules, { stacking: true });
  assert.deepEqual(engine.calls.map((c) => c.args.lang), ["en", "en", "hu"]);
  engine.calls[1].resolve({ ok: true, result: check.result });
  engine.calls[2].resolve({ ok: true, result: check.result });
  await settle();
  engine.calls[0].resolve({ ok: true, result: check.result }); // the older answer arrives last: dropped
  await settle();
  assert.deepEqual(got.map(([name]) => name), ["second"]);
  assert.equal(got[0][1][0].source, "live");
  assert.deepEqual(got[0][1][0].verdict, check.digest);
  assert.equal(got[0][1][1].lang, "hu");
});

test("errors are answers: the engine's (a bad position) and a referee that failed or died", async () => {
  const engine = fakeEngine();
  const referee = createReferee({ engine, tableUrl: (l) => l, fetchJson: async () => { throw new Error("offline"); } });
  const first = new Promise((resolve) => referee.ask(check.situation, ["en"], resolve));
  await settle();
  engine.calls[0].resolve({ ok: false, error: { message: "too many red 7s" } });
  assert.deepEqual((await first)[0].error, { kind: "engine", message: "too many red 7s" });
  const second = new Promise((resolve) => referee.ask(check.situation, ["en"], resolve));
  await settle();
  engine.calls[1].reject(new Error("the worker stopped"));
  assert.deepEqual((await second)[0].error, { kind: "referee", message: "the worker stopped" });
});

test("drop: a question that no longer matters is never answered", async () => {
  const engine = fakeEngine();
  const referee = createReferee({ engine, tableUrl: (l) => l, fetchJson: async () => ({}) });
  let answered = false;
  const ticket = referee.ask(check.situation, ["en"], () => { answered = true; });
  await settle();
  referee.drop();
  assert.equal(referee.current(ticket), false);
  engine.calls[0].resolve({ ok: true, result: check.result });
  await settle();
  assert.equal(answered, false);
});
