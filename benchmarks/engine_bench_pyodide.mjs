// Benchmark (not a test): the rules_core native API and JSON facade inside Pyodide (Node).
// Same random 2-player games and policy as benchmarks/engine_bench.py.
//
//   python -m pip wheel . --no-deps -w dist
//   node benchmarks/engine_bench_pyodide.mjs dist/rules_core-0.1.0-py3-none-any.whl [seconds]
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
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
const out = py.runPython(`
import random, statistics, sys, time
import rules_core
from rules_core import Game

def native(seconds):
    game, rng, n, seed = Game(), random.Random(0), 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        seed += 1
        s = game.deal(2, seed=seed)
        while True:
            acts = game.legal_actions(s)
            if not acts:
                break
            plays = [a for a in acts if a.type == "play"]
            s = game.apply(s, rng.choice(plays) if plays else rng.choice(acts))
            n += 1
    return n / (time.perf_counter() - t0)

def facade(seconds):
    rng, n, seed = random.Random(0), 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        seed += 1
        pos = rules_core.deal(2, seed=seed)
        while True:
            acts = rules_core.legal_actions(pos)
            if not acts:
                break
            plays = [a for a in acts if a["type"] == "play"]
            pos = rules_core.apply(pos, rng.choice(plays) if plays else rng.choice(acts))
            n += 1
    return n / (time.perf_counter() - t0)

def check_median(samples=2000):
    game, rng, cases, seed = Game(), random.Random(1), [], 100
    while len(cases) < samples:
        seed += 1
        s = game.deal(2, seed=seed)
        while len(cases) < samples:
            acts = game.legal_actions(s)
            if not acts:
                break
            a = rng.choice(acts)
            cases.append((s.to_json(), a.to_json()))
            s = game.apply(s, a)
    times = []
    for pos, act in cases:
        t = time.perf_counter()
        rules_core.check(pos, act)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000

nat, fac = native(SECONDS), facade(SECONDS)
f"pyodide python {sys.version.split()[0]}: native {nat:.0f} actions/s, facade {fac:.0f} actions/s, check median {check_median():.3f} ms"
`);
console.log(out);
