"""Print the JSON fixtures of the front end's node tests (tests/js): the engine's knowledge, every disputes
situation and every stepper position with the engine's answers, made by rules_core itself."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from hooks.scenarios import build_all, load_situations  # noqa: E402
from rules_core import check  # noqa: E402
from rules_core.frontend import knowledge, situation_key, verdict_digest  # noqa: E402


def main() -> None:
    situations = {sid: {"position": s["position"], "action": s["action"], "rules": s.get("rules") or {}}
                  for sid, s in load_situations().items()}
    stepper = []
    for lang, scenarios in build_all().items():
        if lang not in ("en", "hu"):
            continue
        for sid, sc in scenarios.items():
            rules = sc["rules"] or {}
            positions = [sc["start"]["position"]] + [step["position"] for step in sc["steps"]]
            actions = [step["action"] for step in sc["steps"]] + [None]
            for i, (position, action) in enumerate(zip(positions, actions)):
                stepper.append({"id": f"{lang}:{sid}:{i}", "position": position, "action": action, "rules": rules})
    # variants the disputes do not ask about: the +4 challenged when it was played fairly; the +2 drawn for
    variants = {"plus4-challenge-innocent": "plus4-challenge", "stack-draw-two-drawn": "stack-draw-two"}
    extra = {}
    for vid, base in variants.items():
        v = json.loads(json.dumps(situations[base]))
        if vid == "plus4-challenge-innocent":
            v["position"]["pending"]["guilty"] = False
        else:
            v["action"] = {"type": "draw"}
        extra[vid] = v
    checks = []
    for sid, s in {**situations, **extra}.items():
        for lang in ("en", "pl"):
            result = check(s["position"], s["action"], s["rules"], lang)
            checks.append({"id": sid, "lang": lang, "situation": s, "result": result,
                           "digest": verdict_digest(result), "key": situation_key(s["position"], s["action"], s["rules"])})
    json.dump({"knowledge": knowledge(), "situations": situations, "stepper": stepper, "checks": checks},
              sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
