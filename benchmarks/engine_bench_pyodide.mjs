// Benchmark (not a test): the rules_core native API and JSON facade inside Pyodide (Node),
// as ratios against a pure-Python baseline measured in the same run. The workloads are the
// very file benchmarks/engine_bench.py runs in CPython (benchmarks/engine_bench_workloads.py),
// so the two reports compare line by line.
//
//   python -m pip wheel . --no-deps -w dist
//   node benchmarks/engine_bench_pyodide.mjs dist/rules_core-0.1.0-py3-none-any.whl [seconds]
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..");
const wheel = process.argv[2];
const seconds = Number(process.argv[3] ?? 5);
if (!wheel) {
  console.error("usage: node engine_bench_pyodide.mjs <wheel.whl> [seconds]");
  process.exit(2);
}
const pyodideDir = resolve(repo, "node_modules/pyodide");
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
py.globals.set("SECONDS", seconds);
// the workloads file, run as __main__ (it prints its report)
py.runPython(readFileSync(resolve(here, "engine_bench_workloads.py"), "utf8"));
