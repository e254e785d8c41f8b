// Boot the referee from the build's memory snapshot as the browser's worker does (engine-worker.js), in Node:
// restore the snapshot over the trimmed standard library, install the fallback finder, write rules_core.pyz back at
// its mount, then answer a request and import a module the trimmed zip lacks (through the fallback's full zip).
//
//   node tests/pyodide/restore_snapshot.mjs <site/pyodide> <decoded snapshot> <module the trimmed zip lacks>
//
// Prints one JSON line: the answer, where rules_core and the module came from, and how long each step took.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [siteDir, snapshotPath, missingModule] = process.argv.slice(2);
const here = resolve(siteDir) + "/";
const runtime = resolve("node_modules/pyodide") + "/";
const manifest = JSON.parse(readFileSync(here + "referee.json", "utf-8"));
const pyz = manifest.files.find((entry) => entry.mount); // rules_core.pyz
const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);

const ms = {};
let t = performance.now();
const lap = (name) => { const now = performance.now(); ms[name] = Math.round(now - t); t = now; };
const pyodide = await loadPyodide({
  indexURL: runtime, stdLibURL: here + "python_stdlib.zip", _loadSnapshot: new Uint8Array(readFileSync(snapshotPath)),
});
lap("restore");
let fullFetched = 0;
globalThis.refereeFullStdlib = () => {
  fullFetched += 1;
  const path = `/lib/${manifest.fallback.name}`;
  pyodide.FS.writeFile(path, new Uint8Array(readFileSync(here + manifest.fallback.name)));
  return path;
};
pyodide.pyimport("stdlib_fallback").install();
pyodide.FS.writeFile(pyz.mount, new Uint8Array(readFileSync(here + pyz.name)));
const sys = pyodide.pyimport("sys");
const path = sys.path;
const mountedBefore = path.count(pyz.mount);
if (!mountedBefore) path.insert(0, pyz.mount);
lap("install");
const handle = pyodide.pyimport("rules_core").handle;
const answer = JSON.parse(handle(JSON.stringify({
  id: 1, fn: "check", args: {
    lang: "pl", action: { type: "play", card: "R7" },
    position: { players: [{ name: "A", hand: ["B+2", "R7", "G3"] }, { name: "B", hand: 5 }], turn: 0, direction: 1,
      discard: ["R5", "Y+2"], color: "Y", draw_pile: 40 },
  },
})));
lap("answer");
const modules = sys.modules;
const rulesCoreFile = modules.get("rules_core").__file__;
const finders = sys.meta_path.toJs().map((finder) => String(finder.__name__ ?? finder.__class__.__name__));
const missingFile = pyodide.pyimport(missingModule).__file__;
lap("fallback");
console.log(JSON.stringify({ answer, rulesCoreFile, mountedBefore, finders, missingFile, fullFetched, ms }));
