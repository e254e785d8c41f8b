// Send request texts through rules_core.handle inside Pyodide (Node) and record each answer
// as the worker would receive it, with what the page side can check of it.
//
//   node tests/pyodide/run_requests.mjs <wheel.whl> <requests.json> --out <answers.json>
//
// requests.json is a JSON list of request strings (a lone surrogate may be escaped in it, so
// that the JS string holds one, as a hostile link could make it). For each request the output
// has: response (the text handle returned, or null if it threw), parsed (JSON.parse
// succeeded), wellFormed (String.prototype.isWellFormed: no lone surrogate, so it encodes as
// UTF-8), ms (time taken), error (a thrown error's message, if any).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const args = process.argv.slice(2);
const outIdx = args.indexOf("--out");
const outPath = outIdx >= 0 ? args.splice(outIdx, 2)[1] : null;
const [wheel, requestsPath] = args;
if (!wheel || !requestsPath || !outPath) {
  console.error("usage: node run_requests.mjs <wheel.whl> <requests.json> --out <answers.json>");
  process.exit(2);
}

const pyodideDir = process.env.PYODIDE_DIR ?? resolve(repo, "node_modules/pyodide");
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
py.runPython("import rules_core");
const handle = py.globals.get("__import__")("rules_core").handle;

const requests = JSON.parse(readFileSync(requestsPath, "utf-8"));
const answers = [];
for (const request of requests) {
  const started = performance.now();
  let response = null;
  let error = null;
  try {
    response = handle(request);
  } catch (e) {
    error = String(e && e.message ? e.message : e).slice(0, 500);
  }
  const ms = performance.now() - started;
  let parsed = false;
  if (typeof response === "string") {
    try {
      JSON.parse(response);
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  answers.push({
    response, parsed, ms, error,
    wellFormed: typeof response === "string" ? response.isWellFormed() : false,
  });
}
writeFileSync(outPath, JSON.stringify(answers));
const worst = Math.max(...answers.map((a) => a.ms));
console.log(`${answers.length} requests, slowest ${worst.toFixed(1)} ms`);
