// Measure which files of Pyodide's standard library the referee really imports, at build time.
//
//   node hooks/stdlib_usage.mjs <pyodide dir> <rules_core wheel> <requests.json> <out.json>
//
// Boots Pyodide (Node, from node_modules, with the full python_stdlib.zip), unpacks the wheel, answers every request
// of <requests.json> (a JSON list of request strings for rules_core.handle: the golden fixtures plus one call of each
// facade function), loads the wheel the way the worker's fallback does (loadPackage), formats a Python exception
// the way the worker would see one, and then lists every module that
// came from the zip: Pyodide's own start-up (its `pyodide`/`_pyodide` packages, asyncio, ...) and rules_core's
// imports alike. The build hook writes the trimmed zip from that list; the worker falls back to the full zip if an
// import is ever missing, and tests/test_referee_files.py proves the trimmed zip answers every fixture.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, requestsPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node stdlib_usage.mjs <pyodide dir> <wheel> <requests.json> <out.json>");
  process.exit(2);
}
const dir = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir, messageCallback: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
const handle = pyodide.pyimport("rules_core").handle;
const requests = JSON.parse(readFileSync(requestsPath, "utf-8"));
let answered = 0;
for (const request of requests) {
  const answer = JSON.parse(handle(request));
  if (!("ok" in answer)) throw new Error(`no answer to ${request}`);
  if (answer.ok === false && answer.error && answer.error.field === "internal") {
    throw new Error(`internal error for ${request}: ${answer.error.message}`);
  }
  answered += 1;
}
// The worker's fallback when the wheel's bytes cannot be used: loading it by name through the lock file.
await pyodide.loadPackage(pathToFileURL(resolve(wheelPath)).href, { messageCallback: () => {} });
try {
  pyodide.runPython("raise ValueError('measured: an exception crossing into JavaScript')");
} catch {
  // expected: formatting it imports traceback and its helpers
}
const zipPath = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))");
const members = pyodide.runPython(`
import sys
_prefix = ${JSON.stringify(zipPath)} + "/"
_found = set()
for _module in list(sys.modules.values()):
    _origin = getattr(getattr(_module, "__spec__", None), "origin", None) or ""
    if _origin.startswith(_prefix):
        _found.add(_origin[len(_prefix):])
sorted(_found)
`).toJs();
writeFileSync(outPath, JSON.stringify({ zip: zipPath, answered, members }, null, 1));
console.log(`stdlib usage: ${members.length} modules from ${zipPath} after ${answered} requests`);
