"""The grammar layer: every card in every case it is asked for, in every template of every
language, renders whole (no placeholder left, the right form in place); templates ask only for
cases their language has; known answers for the forms that are easy to get wrong."""

from __future__ import annotations

import re

import pytest

from rules_core import forms
from rules_core.messages import CATALOGUES, render
from rules_core.terms import LANGS
from tests.messages.common import (CARD_FIELDS, CARDS, COLOR_FIELDS, COUNT_FIELDS, NAMES,
                                   PLAYER_FIELDS, case_sets, fields, has_form, params_for)


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_has_every_card_in_every_case(lang: str) -> None:
    for card in CARDS:
        for case in forms.CASES[lang]:
            form = forms.card_form(card, case, lang)
            assert form and "{" not in form and form == form.strip(), (lang, card, case)
    for color in ("R", "Y", "G", "B", None):
        for case in forms.COLOR_CASES[lang]:
            assert forms.color_form(color, case, lang), (lang, color, case)
    for deck in ("108", "112-swap", "112-shuffle", "112-blank"):
        for case in forms.DECK_CASES[lang]:
            assert forms.deck_form(deck, case, lang), (lang, deck, case)
    for n in range(0, 30):
        for noun in ("cards", "points"):
            for case in forms.COUNT_CASES[lang]:
                text = forms.count_form(n, noun, case, lang)
                assert text.startswith(f"{n} ") and "{" not in text, (lang, n, noun, case)


@pytest.mark.parametrize("lang", LANGS)
def test_templates_ask_only_for_cases_the_language_has(lang: str) -> None:
    allowed = case_sets(lang)
    for key, template in CATALOGUES[lang].items():
        for name, case in fields(template):
            if name in PLAYER_FIELDS:
                assert case == "", f"{lang} {key}: players are written in the nominative only"
            elif name in allowed:
                assert case == "" or case in allowed[name], f"{lang} {key}: {{{name}:{case}}}"
            else:
                assert case == "", f"{lang} {key}: {{{name}:{case}}} is not a parameter with cases"


def _card_templates(lang: str) -> list[tuple[str, str, str]]:
    out = []
    for key, template in CATALOGUES[lang].items():
        for name, case in fields(template):
            if name in CARD_FIELDS or name == "cards":
                out.append((key, name, case))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_in_every_template_that_names_a_card(lang: str) -> None:
    """Each template that names a card, with each of the 58 cards (57 and the unknown card)."""
    checked = 0
    for key, name, case in _card_templates(lang):
        for card in CARDS:
            params = params_for(key)
            if name == "cards":
                params["cards"] = [card]
            else:
                params[name] = card
            text = render(key, params, lang, NAMES)
            assert "{" not in text and "}" not in text, (lang, key, card, text)
            want = forms.card_form(card, case, lang)
            assert has_form(text, want), f"{lang} {key} {card}: {want!r} not in {text!r}"
            checked += 1
    assert checked > 40 * len(CARDS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_colour_and_count_in_every_template_that_names_one(lang: str) -> None:
    for key, template in CATALOGUES[lang].items():
        for name, case in fields(template):
            if name in COLOR_FIELDS:
                for color in ("R", "Y", "G", "B"):
                    text = render(key, {**params_for(key), name: color}, lang, NAMES)
                    assert has_form(text, forms.color_form(color, case, lang)), (lang, key, text)
            if name in COUNT_FIELDS and case:
                noun = "cards" if name == "count" else "points"
                for n in (1, 2, 4, 5, 6, 12, 22):
                    text = render(key, {**params_for(key), name: n}, lang, NAMES)
                    assert has_form(text, forms.count_form(n, noun, case, lang)), (lang, key, text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_starts_a_sentence_with_a_capital(lang: str) -> None:
    """Sentences (not the error fragments) start with a capital, also after a full stop and
    when they start with a player or a card; unnamed players are numbered."""
    for key in CATALOGUES[lang]:
        if key.startswith(("rule.", "err_")):
            continue
        for names in (NAMES, None):
            for card in ("G7", "W+4", "WC", "?"):
                text = render(key, params_for(key, card), lang, names)
                assert not text[0].islower(), (lang, key, text)
                for m in re.finditer(r"(?<![\d])[.!?] (\w)", text):
                    assert not m.group(1).islower(), (lang, key, text)


# -- known answers ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang,want", [
    ("en", "The red 7 can’t go on the blue 3"),
    ("sk", "Červenú sedmičku nemožno dať na modrú trojku"),
    ("cs", "Červenou sedmičku nejde zahrát na modrou trojku"),
    ("pl", "Czerwonej siódemki nie można położyć na niebieską trójkę"),
    ("hu", "A piros hetes nem rakható a kék hármasra"),
    ("et", "Punast seitset ei saa panna sinise kolme peale"),
])
def test_the_examples_of_the_brief_read_right(lang: str, want: str) -> None:
    assert render("no_match", {"card": "R7", "top": "B3", "color": "B"}, lang).startswith(want)


def test_slavic_cards_take_the_case_and_gender_of_their_names() -> None:
    assert render("no_match", {"card": "BS", "top": "RR", "color": "R"}, "sk").startswith(
        "Modrú kartu Vynechaj nemožno dať na červenú kartu Obráť smer")
    assert render("no_match", {"card": "GS", "top": "R7", "color": "R"}, "cs").startswith(
        "Zelený Skok nejde zahrát na červenou sedmičku")
    assert render("target_self", {"card": "GS"}, "cs").endswith("pro zelený Skok vyber jiného hráče.")
    assert render("card_not_in_hand", {"player": 0, "card": "GS"}, "pl", ["Ania"]) == \
        "Ania nie ma na ręce zielonego Postoju."
    assert render("card_not_in_hand", {"player": 0, "card": "B0"}, "pl", ["Ania"]) == \
        "Ania nie ma na ręce niebieskiego zera."
    assert render("ev_plays", {"player": 0, "card": "YR"}, "pl", ["Ania"]) == \
        "Ania zagrywa żółtą Zmianę kierunku."


def test_hungarian_numbered_players_take_their_article() -> None:
    turns = [render("ev_turn", {"player": i}, "hu") for i in range(10)]
    assert turns[0] == "Az 1. játékos következik."
    assert turns[1] == "A 2. játékos következik."
    assert turns[4] == "Az 5. játékos következik."
    assert turns[9] == "A 10. játékos következik."
    assert render("not_your_turn", {"player": 0, "turn": 4}, "hu").startswith(
        "Most nem az 1. játékos következik, hanem az 5. játékos.")
    # names go without an article
    assert render("ev_turn", {"player": 0}, "hu", ["Anna"]) == "Anna következik."


def test_hungarian_suffixes_follow_vowel_harmony() -> None:
    assert forms.card_form("R0", "sub", "hu") == "a piros nullásra"
    assert forms.card_form("R5", "ins", "hu") == "a piros ötössel"
    assert forms.card_form("R6", "acc", "hu") == "a piros hatost"
    assert forms.card_form("GR", "ins", "hu") == "a zöld Irányváltóval"
    assert forms.card_form("WC", "acc", "hu") == "az üres kártyát"
    assert forms.color_form("G", "acc", "hu") == "zöldet"
    assert forms.color_form("Y", "ela", "hu") == "sárgából"


def test_estonian_counts_and_cases() -> None:
    assert render("ev_draws", {"player": 0, "count": 1}, "et", ["Anna"]) == "Anna võtab 1 kaardi."
    assert render("ev_draws", {"player": 0, "count": 2}, "et", ["Anna"]) == "Anna võtab 2 kaarti."
    assert render("ev_reshuffled", {"count": 1}, "et").endswith("(1 kaart).")
    assert render("ev_reshuffled", {"count": 9}, "et").endswith("(9 kaarti).")
    assert render("ev_plays", {"player": 0, "card": "G7"}, "et", ["Anna"]) == \
        "Anna käib rohelise seitsme."
    assert render("stack_ok", {"card": "B+2", "top": "R+2", "count": 2}, "et") == \
        "Kuhjamine: sinine +2 läheb punase +2 peale ja järgmist mängijat ootab kogu summa."


@pytest.mark.parametrize("n,lang,case,want", [
    (1, "sk", "acc", "1 kartu"), (3, "sk", "acc", "3 karty"), (6, "sk", "acc", "6 kariet"),
    (2, "sk", "ins", "2 kartami"), (5, "cs", "acc", "5 karet"), (1, "cs", "acc", "1 kartu"),
    (22, "pl", "acc", "22 karty"), (12, "pl", "acc", "12 kart"), (1, "pl", "acc", "1 kartę"),
    (4, "hu", "acc", "4 lapot"), (1, "en", "nom", "1 card"), (6, "en", "nom", "6 cards"),
])
def test_numbers_of_cards(n: int, lang: str, case: str, want: str) -> None:
    assert forms.count_form(n, "cards", case, lang) == want


def test_points_agree_with_their_number() -> None:
    assert render("ev_round_over", {"player": 0, "points": 1}, "sk", ["Anna"]).endswith("získava 1 bod.")
    assert render("ev_round_over", {"player": 0, "points": 3}, "cs", ["Anna"]).endswith("získává 3 body.")
    assert render("ev_round_over", {"player": 0, "points": 25}, "pl", ["Ania"]).endswith(
        "zdobywa 25 punktów.")
    assert render("ev_round_over", {"player": 0, "points": 1}, "en", ["Ann"]).endswith(
        "scoring 1 point.")


def test_a_list_of_cards_is_joined_in_the_language() -> None:
    text = render("plus4_bluff", {"player": 0, "color": "R", "cards": ["R7", "RS"]}, "sk", ["Anna"])
    assert "červenú sedmičku a červenú kartu Vynechaj" in text
    text = render("plus4_bluff", {"player": 0, "color": "R", "cards": ["R7", "R2", "RS"]}, "et",
                  ["Anna"])
    assert "punast seitset, punast kahte ja punast „Jäta käik vahele“ kaarti" in text


def test_the_older_cards_n_placeholder_still_renders() -> None:
    # the engine stream's newer keys may still say {cards_n}: the count as the object of "draw"
    from rules_core import messages

    cat = messages.CATALOGUES["sk"]
    cat["test.cards_n"] = "{player} si potiahne {cards_n}."
    try:
        assert render("test.cards_n", {"player": 0, "count": 5}, "sk", ["Anna"]) == \
            "Anna si potiahne 5 kariet."
    finally:
        del cat["test.cards_n"]
