// Make the referee's memory snapshot at build time: Pyodide (Node, from node_modules) with rules_core imported and
// warmed up, its memory written as it is (the build compresses it: hooks/precompress.py).
//
//   node hooks/make_snapshot.mjs <pyodide dir> <rules_core.pyz> <python_stdlib.zip> <out.snapshot> <its mount>
//
// The worker restores it with loadPyodide({_loadSnapshot}) and skips Python's start-up and the imports. Pyodide's
// snapshot options are private (_makeSnapshot / makeMemorySnapshot / _loadSnapshot in pyodide.d.ts of 314.0.7),
// so a snapshot is only valid for the exact Pyodide build it was made with, and with the exact standard-library
// zip the browser mounts (zipimport's directory of that zip is in the memory): the build passes the trimmed zip it
// ships and caches the snapshot by the digests of all three. rules_core is imported from rules_core.pyz (its wheel's
// modules as bytecode) as a zip (zipimport, written at <its mount> and put first on sys.path), so the zip's directory
// is in the memory too. The file system is not in the snapshot: after restoring, the worker writes the same file
// back at the same path, which costs a copy where unpacking it cost a tenth of a second. The standard library's
// fallback finder (stdlib_fallback.py) is imported and installed here too, after the warm-up (so that nothing it did
// in Node, where there is no full zip to fetch, is remembered).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, stdlibPath, outPath, mountPath] = process.argv.slice(2);
if (!mountPath) {
  console.error("usage: node make_snapshot.mjs <pyodide dir> <rules_core.pyz> <python_stdlib.zip> <out.snapshot> <its mount>");
  process.exit(2);
}
const dir = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir, stdLibURL: resolve(stdlibPath), _makeSnapshot: true });
pyodide.FS.writeFile(mountPath, new Uint8Array(readFileSync(wheelPath)));
const sys = pyodide.pyimport("sys");
sys.path.insert(0, mountPath);
// Import rules_core and answer one request per language, so every module the first verdict needs (the message
// catalogues, json, ...) is already imported in the snapshot. Python values only: no JS object may stay
// referenced from Python, or the snapshot could not be restored in the browser.
pyodide.runPython(`
import gc
import json
import rules_core
from rules_core.terms import LANGS
_position = {"players": [{"name": "A", "hand": ["B+2", "R7", "G3"]}, {"name": "B", "hand": 5}],
             "turn": 0, "direction": 1, "discard": ["R5", "Y+2"], "color": "Y", "draw_pile": 40}
for _lang in LANGS:
    for _action in ({"type": "play", "card": "B+2"}, {"type": "play", "card": "G3"}, {"type": "draw"}):
        _answer = json.loads(rules_core.handle(json.dumps(
            {"id": 0, "fn": "check", "args": {"position": _position, "action": _action, "lang": _lang}})))
        assert _answer["ok"], _answer
del _position, _lang, _action, _answer
gc.collect()
`);
const fallback = pyodide.pyimport("stdlib_fallback");
fallback.install();
if (fallback.FullStdlibFinder.unavailable || fallback.FullStdlibFinder.full !== undefined) {
  throw new Error("stdlib_fallback was used during the warm-up: the trimmed standard library lacks a module");
}
fallback.destroy();
sys.destroy();
pyodide.runPython("import gc; gc.collect()");
const memory = pyodide.makeMemorySnapshot();
writeFileSync(outPath, memory); // (the build names it only once whole: hooks/build_cache.py)
console.log(`snapshot: ${(memory.length / 1e6).toFixed(1)} MB of memory`);
