"""Collect the situations the golden verdicts are rendered from: every ``check`` that the engine's
known-answer scenarios, the audit, the stepper's example turns, the disputes' checker situations
and a few seeded random games make, plus the combinations of effects listed in ``COMBOS``.

``python -m tests.messages.harvest`` rewrites ``positions.json`` (run it when those sources change;
``python -m tests.messages.golden_gen`` then renders the golden files from it).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import rules_core

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
PATH = HERE / "positions.json"

PILE = ["Y3", "B1", "G4", "R9", "Y8", "B7", "G2"]


def _pos(hands: list[Any], discard: list[str], pile: list[str] | None = None, turn: int = 0,
         direction: int = 1, names: bool = True, **extra: Any) -> dict[str, Any]:
    players = [({"name": n, "hand": h} if names else {"hand": h})
               for n, h in zip(["Ann", "Ben", "Cid", "Dee"], hands)]
    p: dict[str, Any] = {"players": players, "turn": turn, "direction": direction,
                         "discard": discard, "draw_pile": PILE if pile is None else pile}
    p.update(extra)
    return p


# Every combination of effects the engine emits, once each (the audit has most of them too).
COMBOS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any] | None]] = [
    ("catch: penalty from a short pile, reshuffle",
     _pos([["B3"], ["Y1", "Y2"]], ["R1", "R5", "G5", "B5"], pile=["G7"], turn=1, catchable=[0]),
     {"type": "catch", "player": 1, "target": 0}, None),
    ("catch: both piles used up",
     _pos([["B3"], ["Y1", "Y2"]], ["R5"], pile=["G7"], turn=1, catchable=[0]),
     {"type": "catch", "player": 1, "target": 0}, None),
    ("+2: the pile runs out mid-penalty",
     _pos([["R+2", "G1"], ["Y1", "Y2"], ["B4"]], ["R7"], pile=[]), {"type": "play", "card": "R+2"},
     None),
    ("+4 accepted", _pos([["G4", "Y6"], ["B5", "G5", "Y1"], ["R5"]], ["R7", "W+4"], turn=1,
                         color="B", pending={"cards": 4, "from": 0, "card": "W+4",
                                             "guilty": False}),
     {"type": "draw"}, None),
    ("+4 challenged, guilty", _pos([["G4", "B6"], ["B5", "G5", "Y1"], ["R5"]], ["R7", "W+4"],
                                   turn=1, color="G",
                                   pending={"cards": 4, "from": 0, "card": "W+4", "guilty": True}),
     {"type": "challenge"}, None),
    ("+4 challenged, innocent", _pos([["G4", "Y6"], ["B5", "G5", "Y1"], ["R5"]], ["R7", "W+4"],
                                     turn=1, color="G",
                                     pending={"cards": 4, "from": 0, "card": "W+4",
                                              "guilty": False}),
     {"type": "challenge"}, None),
    ("stacking: +2 on +2", _pos([["G4"], ["B+2", "G5"], ["R5", "B9"]], ["R7", "R+2"], turn=1,
                                pending={"cards": 2, "from": 0, "card": "R+2"}),
     {"type": "play", "card": "B+2"}, {"stacking": True}),
    ("stacking: accepting a stack of 4", _pos([["G4"], ["B+2", "G5"], ["R5", "B9"]],
                                              ["R7", "R+2", "B+2"], turn=2,
                                              pending={"cards": 4, "from": 1, "card": "B+2"}),
     {"type": "draw"}, {"stacking": True}),
    ("stacking: +4 on +4, then challenged", _pos([["G4"], ["W+4", "G5"], ["R5", "B9"]],
                                                 ["R7", "W+4"], turn=1, color="B",
                                                 pending={"cards": 4, "from": 0, "card": "W+4",
                                                          "guilty": False}),
     {"type": "play", "card": "W+4", "color": "Y"}, {"stacking": True}),
    ("going out on a +2 with a stack waiting", _pos([["G4"], ["B+2"], ["R5", "B9"]],
                                                    ["R7", "R+2"], turn=1,
                                                    pending={"cards": 2, "from": 0, "card": "R+2"}),
     {"type": "play", "card": "B+2"}, {"stacking": True}),
    ("going out on a +4", _pos([["W+4"], ["G5", "Y1"], ["B9"]], ["R7"]),
     {"type": "play", "card": "W+4", "color": "G"}, None),
    ("going out, one round", _pos([["R2"], ["G5", "Y1"], ["B9"]], ["R7"]),
     {"type": "play", "card": "R2"}, {"one_round": True}),
    ("draw: empty pile, reshuffle", _pos([["B3", "G1"], ["Y1"]], ["R1", "R5", "G5", "Y7"], pile=[]),
     {"type": "draw"}, None),
    ("draw: nothing left", _pos([["B3", "G1"], ["Y1"]], ["Y7"], pile=[]), {"type": "draw"}, None),
    ("draw to match: keep drawing", _pos([["R5", "B3"], ["Y1"]], ["Y7"], pile=["B5", "G1", "Y2"]),
     {"type": "draw"}, {"draw_to_match": True}),
    ("draw to match: cap reached", _pos([["R5", "B3", "B5"], ["Y1"]], ["Y7"], pile=["G1", "Y2"],
                                        drawn="B5", drawn_count=2),
     {"type": "draw"}, {"draw_to_match": True, "draw_to_match_cap": 3}),
    ("force play: must play", _pos([["R5", "B3"], ["Y1"]], ["Y7"], pile=["Y3", "B1"]),
     {"type": "draw"}, {"force_play": True}),
    ("unknown card drawn", _pos([["R5", "B3"], 4], ["Y7"], pile=["?", "?"]), {"type": "draw"},
     None),
    ("seven-o: 7 swaps, down to one card", _pos([["R7", "G2"], ["Y1", "Y2", "B3"], ["B4"]], ["R1"]),
     {"type": "play", "card": "R7", "target": 1}, {"seven_o": True}),
    ("seven-o: 0 passes every hand", _pos([["R0", "G2", "B2"], ["Y1"], ["B4", "G5"]], ["R1"]),
     {"type": "play", "card": "R0"}, {"seven_o": True}),
    ("wild shuffle hands", _pos([["WS", "G2", "B2"], ["Y1"], ["B4", "G5"]], ["R1"]),
     {"type": "play", "card": "WS", "color": "Y"}, {"deck": "112-shuffle"}),
    ("unnamed players: +2", _pos([["R+2", "G1"], ["Y1", "Y2"], ["B4"]], ["R7"], names=False),
     {"type": "play", "card": "R+2"}, None),
    ("unnamed players: skip, five players",
     {"players": [{"hand": ["RS", "G1"]}, {"hand": 3}, {"hand": 3}, {"hand": 3}, {"hand": 3}],
      "turn": 3, "direction": 1, "discard": ["R7"], "draw_pile": PILE},
     {"type": "play", "card": "RS", "player": 0}, None),
    ("unnamed players: fifth player's turn",
     {"players": [{"hand": 3}, {"hand": 3}, {"hand": 3}, {"hand": 3}, {"hand": ["RS", "G1"]}],
      "turn": 4, "direction": 1, "discard": ["R7"], "draw_pile": PILE},
     {"type": "play", "card": "RS"}, None),
]


class _Recorder:
    """Wraps ``check`` and keeps every (position, action, rules) it is called with."""

    def __init__(self, sink: list[dict[str, Any]], source: str) -> None:
        self.sink = sink
        self.source = source
        self.real = rules_core.check

    def __call__(self, position: Any, action: Any, rules: Any = None,
                 lang: str = "en") -> dict[str, Any]:
        self.sink.append({"source": self.source, "position": position, "action": action,
                          "rules": rules})
        return self.real(position, action, rules, lang)


class _AuditPlugin:
    def __init__(self, sink: list[dict[str, Any]]) -> None:
        self.sink = sink

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        for module in list(sys.modules.values()):
            if getattr(module, "__file__", None) == str(ROOT / "tests/engine/test_audit.py"):
                module.check = _Recorder(self.sink, "audit")  # type: ignore[attr-defined]


def _audit() -> list[dict[str, Any]]:
    sink: list[dict[str, Any]] = []
    code = pytest.main(["-q", "-p", "no:cacheprovider", str(ROOT / "tests/engine/test_audit.py")],
                       plugins=[_AuditPlugin(sink)])
    if code != 0:
        raise SystemExit("the audit must pass before harvesting it")
    return sink


def _stepper() -> list[dict[str, Any]]:
    out = []
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "steps" not in data:
            continue
        pos = data["position"]
        for step in data["steps"]:
            out.append({"source": f"example {data['id']}", "position": pos,
                        "action": step["action"], "rules": data.get("rules")})
            res = rules_core.check(pos, step["action"], data.get("rules"))
            if "error" in res:
                break
            pos = res["next"] if res["legal"] else res.get("bluff_next")
            if pos is None:
                break
    return out


def _situations() -> list[dict[str, Any]]:
    data = json.loads((ROOT / "scenarios" / "situations.json").read_text(encoding="utf-8"))
    return [{"source": f"dispute {k}", "position": v["position"], "action": v["action"],
             "rules": v.get("rules")} for k, v in data.items()]


def _games() -> list[dict[str, Any]]:
    out = []
    for seed, players, rules in [(11, 3, {}), (12, 4, {"stacking": True, "jump_in": True}),
                                 (13, 2, {"draw_to_match": True}), (14, 4, {"seven_o": True})]:
        rng = random.Random(seed)
        pos = rules_core.deal(players, rules, seed=seed)
        for _ in range(30):
            acts = rules_core.legal_actions(pos, rules)
            if not acts:
                break
            act = rng.choice([a for a in acts if a["type"] != "catch"] or acts)
            out.append({"source": f"game {seed}", "position": pos, "action": act, "rules": rules})
            pos = rules_core.apply(pos, act, rules)
    return out


def harvest() -> list[dict[str, Any]]:
    from tests.engine.scenarios import SCENARIOS

    found: list[dict[str, Any]] = []
    found += [{"source": f"combo: {name}", "position": p, "action": a, "rules": r}
              for name, p, a, r in COMBOS]
    found += [{"source": f"scenario {s['name']}", "position": s["args"]["position"],
               "action": s["args"]["action"], "rules": s["args"].get("rules")}
              for s in SCENARIOS if s["fn"] == "check"]
    found += _stepper()
    found += _situations()
    found += _audit()
    found += _games()
    seen: set[str] = set()
    out = []
    for item in found:
        key = json.dumps([item["position"], item["action"], item["rules"]], sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        out.append(item)
    return out


if __name__ == "__main__":
    items = harvest()
    PATH.write_text(json.dumps(items, ensure_ascii=False, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    print(f"wrote {PATH}: {len(items)} situations")
