// Replay the golden fixtures through rules_core.handle inside Pyodide (Node) and
// compare with the CPython responses.
//
//   node tests/pyodide/run_fixtures.mjs <wheel.whl | rules_core.pyz> [fixtures.json] [--out actual.json]
//        [--mount /lib/rules_core.pyz]
//
// Loads Pyodide from node_modules/pyodide (offline; PYODIDE_DIR picks another runtime), then
// rules_core: a wheel is unpacked into site-packages; the site's rules_core.pyz (its modules as
// bytecode) is written to its mount (--mount, the "mount" of its entry in referee.json; by default
// /lib/rules_core.pyz) and put first on sys.path, as the referee's worker does. Runs every request and prints
// "N passed, M failed"; exit code 1 on a mismatch. --out writes the Pyodide responses (for the pytest parity tests).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const args = process.argv.slice(2);
const outIdx = args.indexOf("--out");
const outPath = outIdx >= 0 ? args.splice(outIdx, 2)[1] : null;
const mountIdx = args.indexOf("--mount");
const mount = mountIdx >= 0 ? args.splice(mountIdx, 2)[1] : "/lib/rules_core.pyz";
const wheel = args[0];
const fixturesPath = args[1] ?? resolve(repo, "tests/engine/fixtures/golden.json");
if (!wheel) {
  console.error("usage: node run_fixtures.mjs <wheel.whl | rules_core.pyz> [fixtures.json] [--out file]");
  process.exit(2);
}

const pyodideDir = process.env.PYODIDE_DIR ?? resolve(repo, "node_modules/pyodide");
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
if (wheel.endsWith(".pyz")) {
  py.FS.writeFile(mount, new Uint8Array(readFileSync(wheel)));
  py.globals.get("__import__")("sys").path.insert(0, mount); // (a value, not Python source built in JS)
} else {
  py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
}
const rulesCoreFile = py.runPython("import rules_core; rules_core.__file__");
const handle = py.globals.get("__import__")("rules_core").handle;
const version = py.runPython("import sys; sys.version.split()[0]");

const fixtures = JSON.parse(readFileSync(fixturesPath, "utf-8"));
let passed = 0;
let failed = 0;
const actual = [];
for (const fx of fixtures) {
  const got = JSON.parse(handle(fx.request));
  actual.push(got);
  if (isDeepStrictEqual(got, fx.response)) {
    passed += 1;
  } else {
    failed += 1;
    if (failed <= 5) {
      console.error("MISMATCH", JSON.parse(fx.request).id);
      console.error("  want", JSON.stringify(fx.response).slice(0, 400));
      console.error("  got ", JSON.stringify(got).slice(0, 400));
    }
  }
}
if (outPath) writeFileSync(outPath, JSON.stringify(actual));
console.log(`pyodide ${version}: ${fixtures.length} fixtures (rules_core from ${rulesCoreFile})`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
