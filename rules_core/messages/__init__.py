"""Message catalogues, one per language, and the renderer.

Verdicts, effects and errors are data (message key + parameters); this module turns them into
sentences. A template asks for the grammatical case of each card, colour or count it names,
``{card:acc}``, ``{top:loc}``, ``{color:gen}``, ``{count:acc}``; the forms come from one table,
:mod:`rules_core.forms`, which lists the cases of each language.

Parameters: ``card``, ``top``, ``drawn`` are card codes; ``cards`` a list of codes (written as
a list, each in the case asked for); ``color`` and ``named`` colour letters; ``player``,
``target``, ``offender``, ``turn`` player indices (the player's name, or a numbered player, in
the nominative); ``count`` a number of cards and ``points`` a number of points (``{count}``:
the number, ``{count:acc}``: "3 karty" with the noun in the case and plural form); ``deck`` a
deck edition. Every other parameter is written as it is (an input quoted back). ``{cards_n}``
(an older spelling) is the count of cards as the object of "draw": ``{count:acc}`` in sk.

A sentence that begins with a placeholder begins with a capital, at the start of the message
and after a full stop (hu ``Az 1. játékos``); the error messages (``err_*``) are lower-case
fragments that follow a colon.

>>> render("no_match", {"card": "R7", "top": "B3", "color": "B"}, "sk")
'Červenú sedmičku nemožno dať na modrú trojku: nesedí farba (platí modrá) ani číslo či symbol.'
>>> render("ev_draws", {"player": 0, "count": 2}, "hu")
'Az 1. játékos húz 2 lapot.'
>>> render("ev_draws", {"player": 1, "count": 1}, "et", ["Anna", "Tõnu"])
'Tõnu võtab 1 kaardi.'

Card names on their own (the checker's buttons, the card faces) are the printed names, the
glossary's (``rules_core.terms``), the colour in the gender of the name where the language
needs it:

>>> card_name("Y+2", "hu"), card_name("W+4", "pl")
('sárga +2', '+4')
>>> card_name("R7", "pl"), card_name("GS", "pl"), card_name("BR", "pl"), card_name("Y+2", "pl")
('czerwona 7', 'zielony Postój', 'niebieska Zmiana kierunku', 'żółta +2')
>>> card_name("GS", "cs"), card_name("G7", "cs")
('zelený Skok', 'zelená 7')
"""

from __future__ import annotations

import re
import string
from typing import Any, Final, Sequence

from rules_core import forms
from rules_core.cards import NUMBERS, RANK_OF
from rules_core.messages import cs, en, et, hu, pl, sk
from rules_core.terms import LANGS, TERMS

CATALOGUES: Final[dict[str, dict[str, str]]] = {
    "en": en.MESSAGES, "sk": sk.MESSAGES, "cs": cs.MESSAGES,
    "pl": pl.MESSAGES, "hu": hu.MESSAGES, "et": et.MESSAGES,
}

_COLOR_TERM: Final = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
_RANK_TERM: Final = {"S": "skip", "R": "reverse"}
_WILD_TERM: Final = {"W": "wild", "WX": "wild_swap_hands", "WS": "wild_shuffle_hands",
                     "WC": "wild_customizable"}
_CARD_PARAMS: Final = frozenset(("card", "top", "drawn"))
_PLAYER_PARAMS: Final = frozenset(("player", "target", "offender", "turn"))
_COLOR_PARAMS: Final = frozenset(("color", "named"))
_COUNT_PARAMS: Final = {"count": "cards", "points": "points"}
# keys whose ``value`` is a player index (written as the player's number)
_INDEX_VALUE_KEYS: Final = frozenset(("bad_player", "bad_target"))
# keys with a variant for number cards (``<key>_number``), chosen by the ``card`` parameter
_NUMBER_VARIANTS: Final = frozenset(("match_rank",))
_SENTENCE_END: Final = re.compile(r"[.!?…][”“»\"]?\s+$")
_FORMATTER: Final = string.Formatter()


class _Card:
    __slots__ = ("code", "lang")

    def __init__(self, code: str, lang: str) -> None:
        self.code = code
        self.lang = lang

    def __format__(self, case: str) -> str:
        if self.code not in forms.CARD_FORMS[self.lang]:
            return self.code  # not a card (never from the engine): quoted back
        return forms.card_form(self.code, case, self.lang)


class _Cards:
    __slots__ = ("codes", "lang")

    def __init__(self, codes: Sequence[str], lang: str) -> None:
        self.codes = list(codes)
        self.lang = lang

    def __format__(self, case: str) -> str:
        names = [format(_Card(c, self.lang), case) for c in self.codes]
        if len(names) < 2:
            return "".join(names)
        return ", ".join(names[:-1]) + forms.AND[self.lang] + names[-1]


class _Color:
    __slots__ = ("color", "lang")

    def __init__(self, color: str | None, lang: str) -> None:
        self.color = color
        self.lang = lang

    def __format__(self, case: str) -> str:
        return forms.color_form(self.color, case, self.lang)


class _Count:
    __slots__ = ("count", "noun", "lang")

    def __init__(self, count: int, noun: str, lang: str) -> None:
        self.count = count
        self.noun = noun
        self.lang = lang

    def __format__(self, case: str) -> str:
        if not case:
            return str(self.count)
        return forms.count_form(self.count, self.noun, case, self.lang)


class _Deck:
    __slots__ = ("deck", "lang")

    def __init__(self, deck: str, lang: str) -> None:
        self.deck = deck
        self.lang = lang

    def __format__(self, case: str) -> str:
        if self.deck not in forms.DECKS[self.lang]:
            return self.deck
        return forms.deck_form(self.deck, case, self.lang)


def color_name(color: str | None, lang: str) -> str:
    """A colour's name (the glossary's; ``None``: no colour yet)."""
    if color is None:
        return forms.color_form(None, "", lang)
    return TERMS[_COLOR_TERM[color]][lang]


def card_color_name(color: str, rank: str, lang: str) -> str:
    """The colour adjective of a card's printed name, in the gender of the name."""
    genders = forms.LABEL_GENDER.get(lang)
    if genders is not None:
        gender = genders.get(rank, genders["*"])
        form = forms.LABEL_COLOR[lang].get(gender, {}).get(color)
        if form is not None:
            return form
    return color_name(color, lang)


def card_name(card: str, lang: str) -> str:
    """A card's printed name, the nominative (card faces, the checker's buttons)."""
    if card == "?":
        return forms.LABEL_UNKNOWN[lang]
    if card == "W+4":
        return "+4"
    if card in _WILD_TERM:
        return TERMS[_WILD_TERM[card]][lang]
    rank = card[1:]
    rank_name = TERMS[_RANK_TERM[rank]][lang] if rank in _RANK_TERM else rank
    return forms.LABEL_PATTERN[lang].format(color=card_color_name(card[0], rank, lang),
                                            rank=rank_name)


def plural_form(count: int, lang: str) -> str:
    """``one``, ``few`` or ``many``: the plural form a count takes in a language."""
    return forms.plural_form(count, lang)


def player_name(index: Any, lang: str, names: Sequence[str | None] | None) -> str:
    """A player's name, or the numbered player (nominative)."""
    if isinstance(index, int) and names is not None and 0 <= index < len(names):
        name = names[index]
        if name:
            return name
    if isinstance(index, int):
        return forms.player_form(index, lang)
    return str(index)


def _value(key: str, name: str, v: Any, lang: str, names: Sequence[str | None] | None) -> Any:
    if name in _CARD_PARAMS and isinstance(v, str):
        return _Card(v, lang)
    if name == "cards" and isinstance(v, (list, tuple)):
        return _Cards(v, lang)
    if name in _COLOR_PARAMS and (v is None or v in _COLOR_TERM):
        return _Color(v, lang)
    if name in _PLAYER_PARAMS:
        return player_name(v, lang, names)
    if name in _COUNT_PARAMS and isinstance(v, int) and not isinstance(v, bool):
        return _Count(v, _COUNT_PARAMS[name], lang)
    if name == "deck" and isinstance(v, str):
        return _Deck(v, lang)
    if name == "value" and key in _INDEX_VALUE_KEYS and isinstance(v, int):
        return v + 1
    return v


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def render(key: str, params: dict[str, Any], lang: str = "en",
           names: Sequence[str | None] | None = None) -> str:
    """Render a message key with its parameters in a language."""
    if lang not in CATALOGUES:
        lang = "en"
    cat = CATALOGUES[lang]
    if key in _NUMBER_VARIANTS and RANK_OF.get(params.get("card", "")) in NUMBERS:
        key = key + "_number"
    template = cat.get(key, key)
    fragment = key.startswith("err_")
    try:
        values = {k: _value(key, k, v, lang, names) for k, v in params.items()}
        count = params.get("count")
        if isinstance(count, int) and not isinstance(count, bool):
            # ``{cards_n}``: the older spelling of ``{count:<object case>}``
            values["cards_n"] = forms.count_form(count, "cards", forms.OBJECT_CASE[lang], lang)
        out: list[str] = []
        for literal, field, spec, conversion in _FORMATTER.parse(template):
            out.append(literal)
            if field is None:
                continue
            value = values[field]
            if conversion:
                value = _FORMATTER.convert_field(value, conversion)
            text = format(value, spec or "")
            so_far = "".join(out)
            if (not so_far and not fragment) or (so_far and _SENTENCE_END.search(so_far)):
                text = _capital(text)
            out.append(text)
        return "".join(out)
    except (KeyError, IndexError, ValueError, TypeError):
        return template


def rule_name(rule_id: str, lang: str = "en") -> str:
    """The localized name of a rule of the catalogue."""
    cat = CATALOGUES.get(lang) or CATALOGUES["en"]
    return cat.get("rule." + rule_id, rule_id)


__all__ = ["CATALOGUES", "LANGS", "card_name", "color_name", "render", "rule_name"]
