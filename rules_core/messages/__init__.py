"""Message catalogues, one per language, and the renderer.

Verdicts, effects and errors are data (message key + parameters); this module turns
them into sentences. Parameters named ``card``, ``top``, ``drawn`` are card codes,
``cards`` a list of codes, ``color`` and ``named`` colour letters, ``player``,
``target``, ``offender``, ``turn`` player indices; ``count`` also gives ``{cards_n}``
("2 cards" with the language's plural form).

>>> render("no_match", {"card": "R7", "top": "B3", "color": "B"}, "sk")
'Kartu červená 7 nemožno zahrať na kartu modrá 3: nezhoduje sa ani farba (platí modrá), ani číslo či symbol.'
>>> card_name("Y+2", "hu"), card_name("W+4", "pl")
('sárga +2', '+4')

The colour adjective agrees with the card's grammatical gender where the language needs it
(the glossary, ``rules_core.terms``, keeps the base forms):

>>> card_name("R7", "pl"), card_name("GS", "pl"), card_name("BR", "pl"), card_name("Y+2", "pl")
('czerwona 7', 'zielony Postój', 'niebieska Zmiana kierunku', 'żółta +2')
>>> card_name("GS", "cs"), card_name("G7", "cs")
('zelený Skok', 'zelená 7')
"""

from __future__ import annotations

from typing import Any, Final, Sequence

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
# Grammatical gender of a coloured card's name, by rank ("*": number cards and any rank not
# listed), and the colour adjective in each gender whose form differs from the glossary's base
# form (terms.py: masculine in pl, feminine in cs). Languages not listed use the base form.
_RANK_GENDER: Final[dict[str, dict[str, str]]] = {
    "pl": {"S": "m", "*": "f"},  # zielony Postój; czerwona 7, żółta +2, niebieska Zmiana kierunku
    "cs": {"S": "m", "*": "f"},  # zelený Skok; červená 7, žlutá +2, modrá Změna směru
}
_COLOR_FORMS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "pl": {"f": {"R": "czerwona", "Y": "żółta", "G": "zielona", "B": "niebieska"}},
    "cs": {"m": {"R": "červený", "Y": "žlutý", "G": "zelený", "B": "modrý"}},
}
_CARD_PARAMS: Final = ("card", "top", "drawn")
_PLAYER_PARAMS: Final = ("player", "target", "offender", "turn")
_LOWER_KEYS: Final = ("err_", "card_", "cards_", "player_n")


def color_name(color: str | None, lang: str) -> str:
    if color is None:
        return CATALOGUES[lang]["no_color"]
    return TERMS[_COLOR_TERM[color]][lang]


def card_color_name(color: str, rank: str, lang: str) -> str:
    """The colour adjective of a coloured card, in the gender of the card's name."""
    genders = _RANK_GENDER.get(lang)
    if genders is not None:
        gender = genders.get(rank, genders["*"])
        form = _COLOR_FORMS[lang].get(gender, {}).get(color)
        if form is not None:
            return form
    return color_name(color, lang)


def card_name(card: str, lang: str) -> str:
    """A card's name in running text, built from the glossary terms."""
    if card == "?":
        return CATALOGUES[lang]["card_unknown"]
    if card == "W+4":
        return "+4"
    if card in _WILD_TERM:
        return TERMS[_WILD_TERM[card]][lang]
    rank = card[1:]
    rank_name = TERMS[_RANK_TERM[rank]][lang] if rank in _RANK_TERM else rank
    return CATALOGUES[lang]["card_colored"].format(color=card_color_name(card[0], rank, lang),
                                                   rank=rank_name)


def plural_form(count: int, lang: str) -> str:
    """``one``, ``few`` or ``many``: the plural form a count takes in a language."""
    if count == 1:
        return "one"
    if lang in ("sk", "cs"):
        return "few" if 2 <= count <= 4 else "many"
    if lang == "pl":
        return "few" if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14) else "many"
    return "many"


def player_name(index: Any, lang: str, names: Sequence[str | None] | None) -> str:
    if isinstance(index, int) and names is not None and 0 <= index < len(names):
        name = names[index]
        if name:
            return name
    if isinstance(index, int):
        return CATALOGUES[lang]["player_n"].format(n=index + 1)
    return str(index)


def render(key: str, params: dict[str, Any], lang: str = "en",
           names: Sequence[str | None] | None = None) -> str:
    """Render a message key with its parameters in a language."""
    cat = CATALOGUES.get(lang) or CATALOGUES["en"]
    if lang not in CATALOGUES:
        lang = "en"
    values: dict[str, Any] = {}
    for k, v in params.items():
        if k in _CARD_PARAMS and isinstance(v, str):
            values[k] = card_name(v, lang)
        elif k == "cards" and isinstance(v, (list, tuple)):
            values[k] = ", ".join(card_name(c, lang) for c in v)
        elif k in ("color", "named"):
            values[k] = color_name(v, lang) if v in _COLOR_TERM or v is None else str(v)
        elif k in _PLAYER_PARAMS:
            values[k] = player_name(v, lang, names)
        else:
            values[k] = v
        if k == "count" and isinstance(v, int):
            values["cards_n"] = cat["cards_" + plural_form(v, lang)].format(count=v)
    template = cat.get(key, key)
    try:
        text = template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template
    if template.startswith("{") and not key.startswith(_LOWER_KEYS) and text:
        text = text[0].upper() + text[1:]
    return text


def rule_name(rule_id: str, lang: str = "en") -> str:
    """The localized name of a rule of the catalogue."""
    cat = CATALOGUES.get(lang) or CATALOGUES["en"]
    return cat.get("rule." + rule_id, rule_id)


__all__ = ["CATALOGUES", "LANGS", "card_name", "color_name", "render", "rule_name"]
