"""Card codes: parse, format and the tables the engine looks cards up in.

A card is its canonical code, a plain ``str``: colour ``R Y G B`` then ``0``-``9``,
``S`` (Skip), ``R`` (Reverse) or ``+2`` (Draw Two); wild cards ``W``, ``W+4``, and in
the 112-card editions ``WX`` (Wild Swap Hands), ``WS`` (Wild Shuffle Hands), ``WC``
(Wild Customizable, also used for the blank cards of older decks); ``?`` is an
unknown card.

>>> parse_card("r7"), parse_card("y+2"), parse_card("w+4"), parse_card("Gs")
('R7', 'Y+2', 'W+4', 'GS')
>>> format_card(parse_card("br")) == "BR"
True
>>> parse_card("P7")
Traceback (most recent call last):
...
rules_core.errors.CardError: card: unknown card code 'P7'

Codes are ASCII: a letter that only looks like one, or whose capital is one, is not a code
(``"gſ"`` is not Green Skip, although ``"ſ".upper() == "S"``):

>>> parse_card("gſ")
Traceback (most recent call last):
...
rules_core.errors.CardError: card: unknown card code 'gſ'
>>> hand_value(["R7", "GS", "W+4", "WX"])
117
"""

from __future__ import annotations

from collections import Counter
from typing import Final, Iterable

from rules_core.errors import CardError
from rules_core.inputs import shown

COLORS: Final = ("R", "Y", "G", "B")
NUMBERS: Final = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
ACTIONS: Final = ("S", "R", "+2")
RANKS: Final = NUMBERS + ACTIONS
WILDS: Final = ("W", "W+4", "WX", "WS", "WC")
UNKNOWN: Final = "?"

COLORED_CARDS: Final = tuple(c + r for c in COLORS for r in RANKS)
ALL_CARDS: Final = COLORED_CARDS + WILDS
KNOWN: Final = frozenset(ALL_CARDS)

#: colour of each card (``None`` for wild and unknown cards)
COLOR_OF: Final[dict[str, str | None]] = {c: c[0] for c in COLORED_CARDS}
COLOR_OF.update({w: None for w in WILDS})
COLOR_OF[UNKNOWN] = None

#: rank of each card: number, ``S``, ``R``, ``+2``, or the wild code itself
RANK_OF: Final[dict[str, str]] = {c: c[1:] for c in COLORED_CARDS}
RANK_OF.update({w: w for w in WILDS})
RANK_OF[UNKNOWN] = UNKNOWN

#: wild cards (named colour)
IS_WILD: Final[dict[str, bool]] = {c: c in WILDS for c in ALL_CARDS}
IS_WILD[UNKNOWN] = False

#: score values: numbers face value, S R +2 20, W W+4 50, WX WS WC 40
POINTS: Final[dict[str, int]] = {}
for _c in COLORED_CARDS:
    POINTS[_c] = int(_c[1]) if _c[1:] in NUMBERS else 20
POINTS.update({"W": 50, "W+4": 50, "WX": 40, "WS": 40, "WC": 40, UNKNOWN: 0})

def _variants(code: str) -> list[str]:
    """Every spelling of a code in ASCII upper and lower case."""
    out = [""]
    for ch in code:
        out = [o + v for o in out for v in dict.fromkeys((ch, ch.lower()))]
    return out


#: every spelling (ASCII, any case) of every code -> canonical code; the only way a text
#: becomes a card (no ``str.upper``, which maps some non-ASCII letters onto ASCII ones)
CANON: Final[dict[str, str]] = {v: c for c in (*ALL_CARDS, UNKNOWN) for v in _variants(c)}
#: every spelling of a colour letter -> the letter
COLOR_CANON: Final[dict[str, str]] = {v: c for c in COLORS for v in (c, c.lower())}


def parse_card(text: object, field: str = "card", allow_unknown: bool = True) -> str:
    """Return the canonical code of ``text`` (ASCII, any case); raise :class:`CardError`."""
    card = CANON.get(text) if isinstance(text, str) else None
    if card is None or (card == UNKNOWN and not allow_unknown):
        if not isinstance(text, str):
            raise CardError(field, "err_card_type", value=shown(text))
        raise CardError(field, "err_card_code", value=shown(text))
    return card


def format_card(card: str) -> str:
    """Return the canonical code of a card (the inverse of :func:`parse_card`)."""
    if card not in COLOR_OF:
        raise CardError("card", "err_card_code", value=shown(card))
    return card


def parse_color(text: object, field: str = "color") -> str:
    """Return ``R``, ``Y``, ``G`` or ``B`` (ASCII, any case); raise :class:`CardError`.
    The one colour parser: positions, actions and the facade all read colours with it.

    >>> parse_color("g")
    'G'
    """
    color = COLOR_CANON.get(text) if isinstance(text, str) else None
    if color is None:
        raise CardError(field, "err_color", value=shown(text))
    return color


def hand_value(cards: Iterable[str]) -> int:
    """Score value of canonical card codes (unknown cards ``?`` count 0): the one function
    that adds up a hand (:func:`rules_core.scoring.points` reads the codes first)."""
    return sum(map(POINTS.__getitem__, cards))


def _deck108() -> Counter[str]:
    deck: Counter[str] = Counter()
    for col in COLORS:
        deck[col + "0"] = 1
        for r in RANKS[1:]:
            deck[col + r] = 2
    deck["W"] = 4
    deck["W+4"] = 4
    return deck


#: card counts of each deck edition (see :class:`rules_core.rules.Rules`, option ``deck``)
DECKS: Final[dict[str, Counter[str]]] = {"108": _deck108()}
DECKS["112-swap"] = _deck108() + Counter({"WX": 1, "WC": 3})
DECKS["112-shuffle"] = _deck108() + Counter({"WS": 1, "WC": 3})
DECKS["112-blank"] = _deck108() + Counter({"WC": 4})
DECK_SIZE: Final[dict[str, int]] = {k: sum(v.values()) for k, v in DECKS.items()}


def full_deck(edition: str = "108") -> list[str]:
    """All cards of an edition in a fixed order.

    >>> len(full_deck()), len(full_deck("112-swap"))
    (108, 112)
    """
    return list(_FULL_DECK[edition])


_FULL_DECK: Final = {e: tuple(c for c in ALL_CARDS for _ in range(d[c])) for e, d in DECKS.items()}
