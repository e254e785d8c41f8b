// The trimmed standard library compiled to bytecode, at build time (hooks/stdlib_bytecode.py says why and how).
//
//   node hooks/stdlib_bytecode.mjs <pyodide dir> <in.zip> <out.zip>
//
// Runs in Pyodide under Node: the .pyc files must be those of the Python the referee runs (3.14, its magic number),
// which the build's own Python is not. PYTHONNODEBUGRANGES=1: line numbers without column ranges.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, inPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node stdlib_bytecode.mjs <pyodide dir> <in.zip> <out.zip>");
  process.exit(2);
}
const dir = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir, messageCallback: () => {}, env: { PYTHONNODEBUGRANGES: "1" } });
if (!pyodide.runPython("all(position[2] is None for position in (lambda: 0).__code__.co_positions())")) {
  throw new Error("PYTHONNODEBUGRANGES was not taken: the bytecode would carry column ranges");
}
const here = fileURLToPath(new URL(".", import.meta.url));
pyodide.FS.writeFile("/tmp/stdlib_bytecode.py", readFileSync(here + "stdlib_bytecode.py"));
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(inPath)));
pyodide.runPython("import sys; sys.path.insert(0, '/tmp')");
const counts = pyodide.pyimport("stdlib_bytecode").compile_zip("/tmp/in.zip", "/tmp/out.zip").toJs();
writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
const get = (key) => (counts instanceof Map ? counts.get(key) : counts[key]);
console.log(`stdlib compiled: ${get("compiled")} modules to bytecode, ${get("kept")} other files; ` +
  `${get("bytes_before")} -> ${get("bytes_after")} bytes`);
