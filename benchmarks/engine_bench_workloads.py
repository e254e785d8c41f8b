"""The engine benchmark's workloads, shared by CPython (``engine_bench.py``) and Pyodide
(``engine_bench_pyodide.mjs`` runs this very file). Not a test: it prints figures.

Timings on a shared machine are noisy, so every figure that matters is a ratio against a
baseline measured in the same run, in interleaved slices (one slice of each workload in
turn, so a change of load hits them alike):

- ``baseline``: a fixed pure-Python loop (dict and list work of the kind the engine does),
  in thousands of loops per second; the interpreter's own speed on this machine;
- ``native``: random 2-player games through ``Game`` / ``State`` / ``Action``;
- ``facade``: the same games through the JSON facade (``legal_actions`` + ``apply`` on
  dicts, every position validated again);
- ``check``: ``rules_core.check`` calls per second (a verdict in English, with its
  alternatives and effects) on 2,000 positions from such games, shown as the mean latency.

The policy: a uniformly chosen legal play when there is one, else any legal action.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

if "__file__" in globals():  # CPython, from a checkout (Pyodide has the wheel installed)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules_core  # noqa: E402
from rules_core import Game  # noqa: E402

ROUNDS = 8


def baseline(seconds: float) -> float:
    """Thousands of reference loops per second (pure Python, no rules_core)."""
    hands = {i: [f"{c}{r}" for c in "RYGB" for r in range(10)] for i in range(4)}
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(100):
            out = []
            for i, hand in hands.items():
                for card in hand:
                    if card[0] == "R" or card[1:] == "7":
                        out.append((i, card))
            counts: dict[str, int] = {}
            for _, card in out:
                counts[card] = counts.get(card, 0) + 1
        n += 100
    return n / (time.perf_counter() - t0) / 1000


def native(seconds: float) -> float:
    """Actions per second, native API."""
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


def facade(seconds: float) -> float:
    """Actions per second, JSON facade."""
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


def check_cases(samples: int) -> list[tuple[object, object]]:
    game, rng, seed = Game(), random.Random(1), 100
    cases: list[tuple[object, object]] = []
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
    return cases


def checks(cases: list[tuple[object, object]]) -> Callable[[float], float]:
    """A workload: ``check`` calls per second over ``cases`` in turn."""
    def run(seconds: float) -> float:
        n = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            pos, act = cases[n % len(cases)]
            rules_core.check(pos, act, None, "en")
            n += 1
        return n / (time.perf_counter() - t0)
    return run


def interleaved(workloads: dict[str, Callable[[float], float]], seconds: float,
                rounds: int = ROUNDS) -> dict[str, float]:
    """The median of ``rounds`` slices of each workload, run in turn."""
    samples: dict[str, list[float]] = {k: [] for k in workloads}
    for _ in range(rounds):
        for name, fn in workloads.items():
            samples[name].append(fn(seconds / rounds))
    return {k: statistics.median(v) for k, v in samples.items()}


def report(seconds: float, where: str, extra: dict[str, Callable[[float], float]] | None = None
           ) -> tuple[dict[str, float], list[str]]:
    """Run the workloads (and ``extra`` ones, e.g. RLCard) and describe them as ratios."""
    workloads: dict[str, Callable[[float], float]] = {
        "baseline": baseline, "native": native, "facade": facade,
        "check": checks(check_cases(2000)), **(extra or {})}
    r = interleaved(workloads, seconds)
    r["check_ms"] = 1000 / r["check"]
    def cost(aps: float) -> str:
        return f"{r['baseline'] * 1000 / aps:.3f} baseline loops per action"

    lines = [f"{where}: python {sys.version.split()[0]}, {seconds:g} s per workload, "
             f"{ROUNDS} interleaved slices, 2 players",
             f"  baseline      {r['baseline']:9.1f} k loops/s (the interpreter's speed here)",
             f"  native        {r['native']:9.0f} actions/s = {cost(r['native'])}",
             f"  facade        {r['facade']:9.0f} actions/s = {cost(r['facade'])}",
             f"  facade/native {r['facade'] / r['native']:9.2f}",
             f"  check         {r['check_ms']:9.3f} ms each = "
             f"{r['check_ms'] * r['baseline']:.2f} baseline loops = "
             f"{r['check_ms'] / 1000 * r['native']:.1f} native actions"]
    for name in extra or {}:
        lines.append(f"  {name:13s} {r[name]:9.0f} actions/s = {cost(r[name])}")
    return r, lines


if __name__ == "__main__":
    # as a script, or run by the Pyodide harness (which sets SECONDS in the globals first)
    _seconds = float(globals().get("SECONDS", sys.argv[1] if len(sys.argv) > 1 else 5.0))
    _where = "pyodide" if sys.platform == "emscripten" else "cpython"
    print("\n".join(report(_seconds, _where)[1]))
