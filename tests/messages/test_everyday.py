"""Everyday names: every card's table names are in the glossary beside the printed names (and so
in the glossary page that search indexes); British words; one name for the referee."""

from __future__ import annotations

import pytest

from hooks.markers import glossary_table
from rules_core.messages import CATALOGUES
from rules_core.terms import EVERYDAY, LANGS, TERMS

CARD_TERMS = ("skip", "reverse", "draw_two", "wild", "wild_draw_four")
REFEREE = {"en": "referee", "sk": "rozhodca", "cs": "rozhodčí", "pl": "sędzia", "hu": "játékvezető",
           "et": "kohtunik"}


def test_everyday_table_shape() -> None:
    assert tuple(EVERYDAY) == LANGS
    for lang, table in EVERYDAY.items():
        for key, names in table.items():
            assert key in TERMS, (lang, key)
            assert names and all(n and n == n.strip() for n in names), (lang, key)
            assert TERMS[key][lang] not in names, (lang, key, "the printed name is not an everyday one")
        for key in CARD_TERMS:
            assert EVERYDAY[lang].get(key), (lang, key, "every action card has its table names")


@pytest.mark.parametrize("name,lang", [("stopka", "sk"), ("otočka", "sk"), ("žolík", "sk"),
                                       ("plus štvorka", "sk"), ("žolík", "cs"), ("jokker", "et"),
                                       ("sedmička", "cs"), ("siódemka", "pl"), ("hetes", "hu"),
                                       ("pick up two", "en")])
def test_names_from_the_table_talk(name: str, lang: str) -> None:
    assert any(name in names for names in EVERYDAY[lang].values()), (name, lang)


def test_the_glossary_shows_the_everyday_names() -> None:
    table = glossary_table()
    for lang in LANGS:
        for key, names in EVERYDAY[lang].items():
            assert f"{TERMS[key][lang]}<br>*{', '.join(names)}*" in table, (lang, key)
    assert table.count("\n| ") == len(TERMS) + 1  # the header and one row per term


def test_british_english() -> None:
    assert TERMS["counterclockwise"]["en"] == "anticlockwise"
    text = " ".join(CATALOGUES["en"].values())
    assert "picks up" in text and " color" not in text and "counter-clockwise" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_one_name_for_the_referee(lang: str) -> None:
    text = CATALOGUES[lang]["ev_drawn_unknown"]
    assert REFEREE[lang] in text, (lang, text)
