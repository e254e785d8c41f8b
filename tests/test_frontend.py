"""rules_core.frontend: the rules knowledge the widgets get from the engine (and nowhere else)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import fields

import pytest

from rules_core import LANGS, RULES, Rules, RulesError, card_name, check, full_deck, rule_url
from rules_core.cards import ALL_CARDS, COLORS
from rules_core.frontend import (OPTION_KINDS, OPTION_REQUIRES, OPTION_RULES, OPTION_VALUES, action_fields,
                                 card_names, color_names, knowledge, needs_target, options, page_strings)
from rules_core.messages import color_name


def test_every_rules_option_is_classified():
    names = [f.name for f in fields(Rules)]
    assert [o["key"] for o in options()] == names
    assert set(OPTION_KINDS) == set(names) == set(OPTION_RULES)
    assert set(OPTION_KINDS.values()) == {"house", "edition"}
    assert all(rule in RULES for rule in OPTION_RULES.values())
    assert set(OPTION_REQUIRES.values()) <= set(names)


def test_edition_readings_are_not_house_rules():
    # the 2001 sheet's UNO penalty, the first-Wild reading and the 112-card decks are editions (rules-facts)
    kinds = {o["key"]: o["kind"] for o in options()}
    assert {k for k, v in kinds.items() if v == "edition"} == {"deck", "uno_penalty", "first_wild"}


@pytest.mark.parametrize("key", sorted(OPTION_VALUES))
def test_choice_values_are_exactly_what_the_engine_accepts(key):
    values = OPTION_VALUES[key]
    assert values[0] == Rules().to_json()[key]  # the default first
    for value in values:
        assert Rules.from_json({key: value}).to_json()[key] == value
    for wrong in ("nope", 0, 1, 3, 5, True, None):
        if wrong in values and not isinstance(wrong, bool):
            continue
        with pytest.raises(RulesError):
            Rules.from_json({key: wrong})


def test_decks_are_the_engine_decks():
    k = knowledge()
    for name, counts in k["decks"].items():
        assert counts == dict(Counter(full_deck(name)))
        assert sum(counts.values()) == k["deck_sizes"][name]
    assert k["deck_sizes"]["108"] == 108 and k["deck_sizes"]["112-blank"] == 112


def test_needs_target_found_by_the_engine():
    found = needs_target()
    assert found == {"WX": None, **{c + "7": "seven_o" for c in COLORS}}
    # and it is what the engine does: a 7 under Seven-O without a target is refused, with one it is allowed
    position = {"players": [{"hand": ["R7", "B2"]}, {"hand": 3}, {"hand": 3}], "turn": 0, "discard": ["R5"],
                "draw_pile": 10}
    assert check(position, {"type": "play", "card": "R7"}, {"seven_o": True})["why"]["key"] == "target_required"
    assert check(position, {"type": "play", "card": "R7", "target": 2}, {"seven_o": True})["legal"] is True


def test_action_fields():
    assert action_fields() == {"play": ["card"], "draw": [], "pass": [], "challenge": [], "uno": [],
                               "catch": ["target"], "color": ["color"]}


def test_knowledge_is_small_json():
    text = json.dumps(knowledge(), separators=(",", ":"))
    assert json.loads(text) == knowledge()
    assert len(text) < 6000


@pytest.mark.parametrize("lang", LANGS)
def test_names_are_the_engine_names(lang):
    names = card_names(lang)
    assert set(names) == {*ALL_CARDS, "?"}
    assert all(names[c] == card_name(c, lang) for c in names)
    assert color_names(lang) == {c: color_name(c, lang) for c in COLORS}
    strings = page_strings(lang)
    assert strings["card_name_R7"] == card_name("R7", lang)
    assert strings["card_blue"] == color_name("B", lang)
    assert strings["rule_url_stacking"] == rule_url("stacking", lang)
    assert all(isinstance(v, str) and v for v in strings.values())
