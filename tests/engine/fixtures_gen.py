"""Golden fixtures: the scenario suite and a few random-game traces as ``handle`` requests
with the CPython responses. ``python -m tests.engine.fixtures_gen`` rewrites
``fixtures/golden.json``; the Pyodide harness replays it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import rules_core
from tests.engine.scenarios import SCENARIOS

PATH = Path(__file__).parent / "fixtures" / "golden.json"

GAMES = [(1, 2, {}, "en"), (2, 3, {"stacking": True, "jump_in": True}, "sk"),
         (3, 4, {"seven_o": True, "deck": "112-shuffle"}, "hu"),
         (4, 2, {"draw_to_match": True, "deck": "112-swap"}, "pl"),
         (5, 3, {"one_round": True, "uno_penalty": 4}, "cs"), (6, 5, {}, "et")]


def requests() -> list[dict[str, Any]]:
    reqs = [{"id": s["name"], "fn": s["fn"], "args": s["args"]} for s in SCENARIOS]
    for seed, players, rules, lang in GAMES:
        rng = random.Random(seed)
        pos = rules_core.deal(players, rules, seed=seed)
        reqs.append({"id": f"game {seed}: deal", "fn": "deal",
                     "args": {"players": players, "rules": rules, "seed": seed}})
        for k in range(25):
            acts = rules_core.legal_actions(pos, rules)
            if not acts:
                break
            plays = [a for a in acts if a["type"] == "play"]
            act = rng.choice(plays or acts)
            reqs.append({"id": f"game {seed}: step {k}", "fn": "check",
                         "args": {"position": pos, "action": act, "rules": rules,
                                  "lang": lang}})
            pos = rules_core.apply(pos, act, rules)
    return reqs


def build() -> list[dict[str, Any]]:
    out = []
    for req in requests():
        text = json.dumps(req, ensure_ascii=False)
        out.append({"request": text, "response": json.loads(rules_core.handle(text))})
    return out


if __name__ == "__main__":
    PATH.write_text(json.dumps(build(), ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")
