"""Shared helpers of the message tests: the placeholders of a template, realistic parameters,
the pattern of an internal card code."""

from __future__ import annotations

import re
import string
from typing import Any, Iterator

from rules_core import forms
from rules_core.cards import ALL_CARDS, UNKNOWN

CARDS = ALL_CARDS + (UNKNOWN,)
CARD_FIELDS = ("card", "top", "drawn")
PLAYER_FIELDS = ("player", "target", "offender", "turn")
COLOR_FIELDS = ("color", "named")
COUNT_FIELDS = ("count", "points")
NAMES = ["Anna", "Boris", "Ema"]

#: an internal card code (R7, GS, BR, Y+2, W+4, WX, WS, WC) standing on its own in a sentence
CODE = re.compile(r"(?<![\w+\-])(?:[RYGB](?:[0-9]|S|R|\+2)|W\+4|W[XSC])(?![\w])")
#: a colour letter standing for a colour ("(R)", "R, Y, G or B")
COLOR_CODE = re.compile(r"\([RYGB]\)|(?<!\w)[RYGB], [RYGB](?!\w)")


def fields(template: str) -> Iterator[tuple[str, str]]:
    """(field name, case) of every placeholder of a template."""
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            yield name, spec or ""


def params_for(key: str, card: str = "G7", color: str = "R") -> dict[str, Any]:
    """Realistic parameters for any message key (players 0 and 1, the given card)."""
    base: dict[str, Any] = {
        "player": 0, "target": 1, "offender": 1, "turn": 1, "card": card, "top": "B7",
        "drawn": card, "cards": [card, "R2"], "color": color, "named": "B", "count": 3,
        "points": 23, "value": "Q5", "values": "play, draw", "option": "stack", "name": "hands",
        "deck": "108", "max": 2, "min": 15, "n": 3,
    }
    if key in ("bad_player", "bad_target", "err_index_range"):
        base["value"] = 4
    return base


def has_form(text: str, form: str) -> bool:
    """The form appears in the text (at the start of a sentence, with its capital)."""
    return form in text or (form[:1].upper() + form[1:]) in text


def case_sets(lang: str) -> dict[str, tuple[str, ...]]:
    """The cases a template may ask for, by parameter."""
    out: dict[str, tuple[str, ...]] = {}
    for f in CARD_FIELDS + ("cards",):
        out[f] = forms.CASES[lang]
    for f in COLOR_FIELDS:
        out[f] = forms.COLOR_CASES[lang]
    for f in COUNT_FIELDS:
        out[f] = forms.COUNT_CASES[lang]
    out["deck"] = forms.DECK_CASES[lang]
    return out
