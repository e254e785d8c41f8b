"""Benchmark (not a test): random 2-player games, RLCard's UNO vs rules_core.

Same policy everywhere: a uniformly chosen legal card when one can be played, else a
uniformly chosen legal action. Prints actions per second for RLCard (its env API, and its
bare game object), the rules_core native API (Game / State / Action), the JSON facade
(legal_actions + apply on dicts), the ratios, and the median latency of ``check``.

    python benchmarks/engine_bench.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules_core  # noqa: E402
from rules_core import Game  # noqa: E402


def bench_rlcard_env(seconds: float) -> tuple[float, int]:
    import rlcard

    env = rlcard.make("uno", config={"game_num_players": 2, "seed": 0})
    rng = random.Random(0)
    actions = 0
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state, _ = env.reset()
        games += 1
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            raw = state["raw_legal_actions"]
            plays = [a for a, r in zip(legal, raw) if r != "draw"]
            action = rng.choice(plays) if plays else rng.choice(legal)
            state, _ = env.step(action)
            actions += 1
    return actions / (time.perf_counter() - t0), games


def bench_rlcard_game(seconds: float) -> tuple[float, int]:
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=2)
    game.configure({"game_num_players": 2})
    rng = random.Random(0)
    actions = 0
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game.init_game()
        games += 1
        while not game.is_over():
            legal = game.get_legal_actions()
            plays = [a for a in legal if a != "draw"]
            game.step(rng.choice(plays) if plays else rng.choice(legal))
            actions += 1
    return actions / (time.perf_counter() - t0), games


def bench_native(seconds: float) -> tuple[float, int]:
    game = Game()
    rng = random.Random(0)
    actions = 0
    games = 0
    seed = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        seed += 1
        s = game.deal(2, seed=seed)
        games += 1
        while True:
            acts = game.legal_actions(s)
            if not acts:
                break
            plays = [a for a in acts if a.type == "play"]
            s = game.apply(s, rng.choice(plays) if plays else rng.choice(acts))
            actions += 1
    return actions / (time.perf_counter() - t0), games


def bench_facade(seconds: float) -> tuple[float, int]:
    rng = random.Random(0)
    actions = 0
    games = 0
    seed = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        seed += 1
        pos = rules_core.deal(2, seed=seed)
        games += 1
        while True:
            acts = rules_core.legal_actions(pos)
            if not acts:
                break
            plays = [a for a in acts if a["type"] == "play"]
            pos = rules_core.apply(pos, rng.choice(plays) if plays else rng.choice(acts))
            actions += 1
    return actions / (time.perf_counter() - t0), games


def bench_check(samples: int = 3000) -> float:
    rng = random.Random(1)
    cases = []
    seed = 100
    game = Game()
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
        rules_core.check(pos, act, None, "en")
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--no-rlcard", action="store_true")
    opts = ap.parse_args()
    print(f"python {sys.version.split()[0]}, {opts.seconds:.0f} s per engine, 2 players")
    engines = {"native": bench_native, "facade": bench_facade}
    if not opts.no_rlcard:
        engines = {"rlcard env": bench_rlcard_env, "rlcard game": bench_rlcard_game, **engines}
    # interleaved slices, so that a change in machine load hits every engine alike
    rounds = 8
    samples: dict[str, list[float]] = {k: [] for k in engines}
    games_played: dict[str, int] = {k: 0 for k in engines}
    for _ in range(rounds):
        for name, fn in engines.items():
            aps, games = fn(opts.seconds / rounds)
            samples[name].append(aps)
            games_played[name] += games
    results = {k: (statistics.median(v), games_played[k]) for k, v in samples.items()}
    for name, (aps, games) in results.items():
        print(f"{name:12s} {aps:10.0f} actions/s  (median of {rounds} slices, {games} games)")
    if "rlcard env" in results:
        base = results["rlcard env"][0]
        game_base = results["rlcard game"][0]
        for name in ("native", "facade"):
            print(f"{name} / rlcard env  = {results[name][0] / base:.2f}x   "
                  f"{name} / rlcard game = {results[name][0] / game_base:.2f}x")
    print(f"check median latency: {bench_check():.3f} ms")


if __name__ == "__main__":
    main()
