"""Benchmark (not a test): random 2-player games, RLCard's UNO vs rules_core.

Same policy everywhere: a uniformly chosen legal card when one can be played, else a
uniformly chosen legal action. The workloads (``engine_bench_workloads.py``, the same file
the Pyodide harness runs) are reported as ratios against a pure-Python baseline measured in
the same run, and here also against RLCard (its env API, and its bare game object).

    python benchmarks/engine_bench.py [--seconds 5] [--no-rlcard]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_bench_workloads import report  # noqa: E402


def bench_rlcard_env(seconds: float) -> float:
    import rlcard

    env = rlcard.make("uno", config={"game_num_players": 2, "seed": 0})
    rng = random.Random(0)
    actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            raw = state["raw_legal_actions"]
            plays = [a for a, r in zip(legal, raw) if r != "draw"]
            action = rng.choice(plays) if plays else rng.choice(legal)
            state, _ = env.step(action)
            actions += 1
    return actions / (time.perf_counter() - t0)


def bench_rlcard_game(seconds: float) -> float:
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=2)
    game.configure({"game_num_players": 2})
    rng = random.Random(0)
    actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            plays = [a for a in legal if a != "draw"]
            game.step(rng.choice(plays) if plays else rng.choice(legal))
            actions += 1
    return actions / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--no-rlcard", action="store_true")
    opts = ap.parse_args()
    extra = {} if opts.no_rlcard else {"rlcard env": bench_rlcard_env,
                                       "rlcard game": bench_rlcard_game}
    r, lines = report(opts.seconds, "cpython", extra)
    print("\n".join(lines))
    if extra:
        for name in ("native", "facade"):
            print(f"  {name}/rlcard env = {r[name] / r['rlcard env']:.2f}x, "
                  f"{name}/rlcard game = {r[name] / r['rlcard game']:.2f}x")


if __name__ == "__main__":
    main()
