"""Message catalogues: same keys and placeholders in every language; everything renders."""

from __future__ import annotations

import string

import pytest

import rules_core
from rules_core.messages import CATALOGUES, card_name, render
from rules_core.terms import LANGS, TERMS


def placeholders(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("lang", LANGS)
def test_same_keys_and_placeholders(lang: str) -> None:
    en = CATALOGUES["en"]
    cat = CATALOGUES[lang]
    assert set(cat) == set(en)
    for key, template in en.items():
        assert placeholders(cat[key]) == placeholders(template), (lang, key)


def test_every_rule_has_a_name() -> None:
    for lang in LANGS:
        for rule_id in rules_core.RULES:
            assert "rule." + rule_id in CATALOGUES[lang]


SAMPLE = {"player": 0, "target": 1, "offender": 1, "turn": 1, "card": "R7", "top": "B+2",
          "drawn": "GS", "cards": ["R7", "R2"], "color": "R", "named": "G", "count": 2,
          "value": 5, "values": "a, b", "option": "x", "name": "k", "deck": "108", "max": 2,
          "min": 15, "points": 40, "n": 3, "rank": "7"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_renders(lang: str) -> None:
    for key in CATALOGUES[lang]:
        text = render(key, SAMPLE, lang, ["Ann", "Ben"])
        assert "{" not in text and "}" not in text, (lang, key, text)


# Colour adjectives that agree with the card's gender where it differs from the glossary's
# base form (pl: feminine except Postój; cs: masculine Skok); other languages use the base form.
AGREEING_COLORS = {
    "pl": {"R7": "czerwona", "B+2": "niebieska", "GS": "zielony", "YR": "żółta"},
    "cs": {"R7": "červená", "B+2": "modrá", "GS": "zelený", "YR": "žlutá"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_card_names_use_the_glossary(lang: str) -> None:
    base = {"R7": TERMS["red"][lang], "B+2": TERMS["blue"][lang], "GS": TERMS["green"][lang],
            "YR": TERMS["yellow"][lang]}
    color = AGREEING_COLORS.get(lang, base)
    assert card_name("R7", lang) == f"{color['R7']} 7"
    assert card_name("B+2", lang) == f"{color['B+2']} +2"
    assert card_name("GS", lang) == f"{color['GS']} {TERMS['skip'][lang]}"
    assert card_name("YR", lang) == f"{color['YR']} {TERMS['reverse'][lang]}"
    assert card_name("W", lang) == TERMS["wild"][lang]
    assert card_name("W+4", lang) == "+4"
    assert card_name("WX", lang) == TERMS["wild_swap_hands"][lang]


def test_examples_from_the_brief() -> None:
    assert card_name("R7", "sk") == "červená 7"
    assert card_name("B+2", "sk") == "modrá +2"
    assert card_name("R7", "hu") == "piros 7"


def test_colour_agrees_with_the_card_in_polish_and_czech() -> None:
    assert card_name("R7", "pl") == "czerwona 7"
    assert card_name("Y+2", "pl") == "żółta +2"
    assert card_name("BR", "pl") == "niebieska Zmiana kierunku"
    assert card_name("GS", "pl") == "zielony Postój"
    assert card_name("GS", "cs") == "zelený Skok"
    assert card_name("G7", "cs") == "zelená 7"
    assert card_name("BR", "cs") == "modrá Změna směru"
    # the colour in force keeps the glossary's base form
    assert render("no_match", {"card": "R7", "top": "B3", "color": "B"}, "pl").count("niebiesk") == 2


@pytest.mark.parametrize("count,lang,want", [(1, "sk", "1 kartu"), (3, "sk", "3 karty"),
                                             (6, "sk", "6 kariet"), (22, "pl", "22 karty"),
                                             (12, "pl", "12 kart"), (5, "cs", "5 karet"),
                                             (1, "et", "1 kaardi"), (4, "et", "4 kaarti")])
def test_plurals(count: int, lang: str, want: str) -> None:
    assert render("ev_draws", {"player": 0, "count": count}, lang, ["Ann"]).find(want) >= 0


def test_terms_table_shape() -> None:
    assert LANGS == ("en", "sk", "cs", "pl", "hu", "et")
    for key, row in TERMS.items():
        assert tuple(row) == LANGS, key
        assert all(row.values()), key


def test_rule_urls() -> None:
    assert rules_core.rule_url("wild-draw-four", "en") == "rules/#wild-draw-four"
    assert rules_core.rule_url("wild-draw-four", "sk") == "sk/rules/#wild-draw-four"
    assert rules_core.rule_url("jump-in", "et") == "et/house-rules/#jump-in"
    assert rules_core.rule_url("wild-swap-hands", "pl") == "pl/editions/#wild-swap-hands"
    with pytest.raises(ValueError):
        rules_core.rule_url("nope", "en")
