"""Known answers: house rules pick their own reason and effect texts (force play, draw to match)."""

from __future__ import annotations

from typing import Any

import pytest

import rules_core
from rules_core.terms import LANGS


def position(pile: list[str]) -> dict[str, Any]:
    return {"players": [{"name": "Ann", "hand": ["R5", "B3"]}, {"name": "Ben", "hand": ["Y1"]}],
            "turn": 0, "direction": 1, "discard": ["Y7"], "draw_pile": pile}


DRAW = {"type": "draw"}
PLAYABLE = ["Y3", "B1", "G4"]      # Y3 goes on Y7
UNPLAYABLE = ["B5", "G1", "Y2"]    # B5 doesn't
FORCE = {"force_play": True}
MATCH = {"draw_to_match": True}
MATCH_CAP = {"draw_to_match": True, "draw_to_match_cap": 3}


def check(pile: list[str], rules: dict[str, Any] | None, lang: str = "en") -> dict[str, Any]:
    out = rules_core.check(position(pile), DRAW, rules, lang)
    assert out["legal"], out
    return out


def test_force_play_effect_says_must_play() -> None:
    out = check(PLAYABLE, FORCE)
    effect = out["effects"][-1]
    assert "must play" in effect and "keep" not in effect, effect
    reason = out["reason"]
    assert "must go straight down" in reason and "may go straight down" not in reason, reason


def test_official_effect_still_says_may_play_or_keep() -> None:
    out = check(PLAYABLE, None)
    assert "may play it at once or keep it" in out["effects"][-1]
    assert out["why"]["key"] == "draw_one"
    assert "may go straight down" in out["reason"], out["reason"]


def test_draw_to_match_reason_says_keep_drawing() -> None:
    out = check(UNPLAYABLE, MATCH)
    reason = out["reason"]
    assert out["why"]["key"] == "draw_one_to_match"
    assert "Draw to match" in reason and "one card at a time" in reason, reason
    assert "if not, the turn passes" not in reason, reason
    assert "keeps drawing" in out["effects"][-1]


def test_draw_to_match_reason_names_the_cap() -> None:
    out = check(UNPLAYABLE, MATCH_CAP)
    assert out["why"] == {"key": "draw_one_to_match_cap", "params": {"player": 0, "count": 3}}
    assert "no more than 3 cards" in out["reason"] and "turn passes" in out["reason"], out["reason"]


def test_both_rules_draw_to_match_reason_and_force_play_effect() -> None:
    out = check(PLAYABLE, {**MATCH, **FORCE})
    assert out["why"]["key"] == "draw_one_to_match"
    assert "must play" in out["effects"][-1]


CASES = [(PLAYABLE, FORCE), (UNPLAYABLE, MATCH), (UNPLAYABLE, MATCH_CAP),
         (PLAYABLE, {**MATCH, **FORCE})]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("pile,rules", CASES)
def test_every_language_renders(lang: str, pile: list[str], rules: dict[str, Any]) -> None:
    out = check(pile, rules, lang)
    en = check(pile, rules)
    assert out["why"] == en["why"]
    for text in [out["reason"], *out["effects"]]:
        assert text and "{" not in text and "}" not in text, (lang, text)
    if lang != "en":
        assert out["reason"] != en["reason"]
