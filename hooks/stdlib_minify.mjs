// The trimmed standard library without docstrings and comments, at build time (hooks/stdlib_minify.py says how).
//
//   node hooks/stdlib_minify.mjs <pyodide dir> <in.zip> <out.zip>
//
// Runs in Pyodide under Node so the sources are parsed by the Python the referee runs (3.14), not the build's.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, inPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node stdlib_minify.mjs <pyodide dir> <in.zip> <out.zip>");
  process.exit(2);
}
const dir = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir, messageCallback: () => {} });
const here = fileURLToPath(new URL(".", import.meta.url));
pyodide.FS.writeFile("/tmp/stdlib_minify.py", readFileSync(here + "stdlib_minify.py"));
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(inPath)));
pyodide.runPython("import sys; sys.path.insert(0, '/tmp')");
const counts = pyodide.pyimport("stdlib_minify").minify_zip("/tmp/in.zip", "/tmp/out.zip").toJs();
writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
const get = (key) => (counts instanceof Map ? counts.get(key) : counts[key]);
console.log(`stdlib minified: ${get("rewritten")} files rewritten, ${get("kept")} kept; ` +
  `${get("bytes_before")} -> ${get("bytes_after")} bytes`);
