// The referee's Python as bytecode, at build time (hooks/stdlib_bytecode.py says why and how): the trimmed standard
// library, minified then compiled (--minify), and rules_core's wheel, compiled.
//
//   node hooks/stdlib_bytecode.mjs <pyodide dir> <in.zip> <out.zip> [--minify]
//
// Runs in Pyodide under Node: the sources are parsed, and the .pyc files made, by the Python the referee runs (3.14,
// its grammar and its magic number), which the build's own Python is not. PYTHONNODEBUGRANGES=1: line numbers
// without column ranges in the bytecode (it does not touch the parser, so the minifier is not affected).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const minify = args.includes("--minify");
const [pyodideDir, inPath, outPath] = args.filter((arg) => arg !== "--minify");
if (!outPath) {
  console.error("usage: node stdlib_bytecode.mjs <pyodide dir> <in.zip> <out.zip> [--minify]");
  process.exit(2);
}
const dir = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir, messageCallback: () => {}, env: { PYTHONNODEBUGRANGES: "1" } });
if (!pyodide.runPython("all(position[2] is None for position in (lambda: 0).__code__.co_positions())")) {
  throw new Error("PYTHONNODEBUGRANGES was not taken: the bytecode would carry column ranges");
}
const here = fileURLToPath(new URL(".", import.meta.url));
for (const name of ["zip_rewrite.py", "stdlib_minify.py", "stdlib_bytecode.py"]) {
  pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(here + name));
}
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(inPath)));
pyodide.runPython("import sys; sys.path.insert(0, '/tmp')");
const counts = pyodide.pyimport("stdlib_bytecode").compile_zip("/tmp/in.zip", "/tmp/out.zip", minify).toJs();
writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
const get = (key) => (counts instanceof Map ? counts.get(key) : counts[key]);
const minified = minify ? ` (${get("minified")} minified first)` : "";
console.log(`${basename(inPath)}: ${get("rewritten")} modules to bytecode${minified}, ${get("kept")} other files; ` +
  `${get("bytes_before")} -> ${get("bytes_after")} bytes`);
