"""The example-turn scenarios and the disputes pages' checker situations, checked with rules_core (CPython)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from rules_core.facade import check
from rules_core.terms import LANGS

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("scenarios_hook", ROOT / "hooks" / "scenarios.py")
hook = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hook)

SCENARIOS = hook.load_scenarios()
SITUATIONS = hook.load_situations()
CAST = hook.load_cast()
DOCS = ROOT / "docs"


def test_fifteen_scenarios_at_least():
    required = {"first-card", "draw-then-play", "skip", "reverse", "draw-two", "wild", "wild-draw-four-guilty",
                "wild-draw-four-innocent", "uno-said", "uno-caught", "two-players", "going-out-draw-two",
                "stacking", "seven-o", "jump-in"}
    assert required <= set(SCENARIOS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_scenario_steps_are_legal(sid, lang):
    built = hook.build(SCENARIOS[sid], lang, CAST)
    assert built["steps"], sid
    for step in built["steps"]:
        assert step["legal"] or step["bluff"]
        assert step["rule_url"].endswith("#" + step["rule"])
        assert step["position"] is not None


@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_scenario_scores_in_narration(sid):
    """A step that ends the hand quotes the engine's points in every language."""
    for lang in LANGS:
        built = hook.build(SCENARIOS[sid], lang, CAST)
        for step in built["steps"]:
            result = step["position"].get("result")
            if result and result.get("points") is not None:
                assert str(result["points"]) in step["narration"], (sid, lang)


def test_house_rule_scenarios_declare_their_rules():
    assert SCENARIOS["stacking"]["rules"] == {"stacking": True}
    assert SCENARIOS["seven-o"]["rules"] == {"seven_o": True}
    assert SCENARIOS["jump-in"]["rules"] == {"jump_in": True}
    for sid, sc in SCENARIOS.items():
        if sid not in ("stacking", "seven-o", "jump-in"):
            assert not sc.get("rules"), sid


def test_the_plus4_is_challenged_both_ways():
    guilty = hook.build(SCENARIOS["wild-draw-four-guilty"], "en", CAST)
    innocent = hook.build(SCENARIOS["wild-draw-four-innocent"], "en", CAST)
    assert guilty["steps"][0]["bluff"] and not innocent["steps"][0]["bluff"]
    assert [s["action"]["type"] for s in guilty["steps"]][1] == "challenge"
    assert [s["action"]["type"] for s in innocent["steps"]][1] == "challenge"


def test_an_illegal_step_fails():
    bad = json.loads(json.dumps(SCENARIOS["skip"]))
    bad["steps"][0]["action"] = {"type": "play", "card": "B4"}
    with pytest.raises(hook.ScenarioError, match="illegal"):
        hook.build(bad, "en", CAST)


def test_missing_narration_fails():
    bad = json.loads(json.dumps(SCENARIOS["skip"]))
    del bad["narration"]["skip"]["hu"]
    with pytest.raises(hook.ScenarioError, match="hu"):
        hook.build(bad, "hu", CAST)


def test_cast_names_each_language():
    assert set(CAST) == set(LANGS)
    built = hook.build(SCENARIOS["skip"], "pl", CAST)
    assert built["start"]["position"]["players"][0]["name"] == CAST["pl"][0]


@pytest.mark.parametrize("sid", sorted(SITUATIONS))
def test_situation_verdict(sid):
    situation = SITUATIONS[sid]
    res = check(situation["position"], situation["action"], situation.get("rules"), "en")
    assert "error" not in res, res
    assert {"legal": res["legal"], "rule": res["rule"]} == situation["expect"], res["reason"]


def test_a_wrong_expectation_fails():
    bad = json.loads(json.dumps(SITUATIONS["skip-on-skip"]))
    bad["expect"]["legal"] = False
    with pytest.raises(hook.ScenarioError):
        hook.check_situation("skip-on-skip", bad)


@pytest.mark.parametrize("lang", LANGS)
def test_every_check_marker_has_a_situation(lang):
    ids = re.findall(r"<!--\s*check:\s*([a-z0-9-]+)\s*-->", (DOCS / lang / "disputes.md").read_text(encoding="utf-8"))
    assert ids
    assert set(ids) <= set(SITUATIONS)


def test_situations_cover_the_english_questions_exactly():
    ids = re.findall(r"<!--\s*check:\s*([a-z0-9-]+)\s*-->", (DOCS / "en" / "disputes.md").read_text(encoding="utf-8"))
    assert set(ids) == set(SITUATIONS)


def test_every_data_scenario_has_a_scenario():
    found = set()
    for path in DOCS.rglob("*.md"):
        found |= set(re.findall(r'data-scenario="([a-z0-9-]+)"', path.read_text(encoding="utf-8")))
    assert found
    assert found <= set(SCENARIOS)
    assert set(SCENARIOS) <= found, "a scenario no page embeds"
