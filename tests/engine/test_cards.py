"""Card codes round-trip; decks have the right counts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import CardError, full_deck, format_card, parse_card
from rules_core.cards import ALL_CARDS, DECK_SIZE, DECKS, parse_color
from rules_core.inputs import shown


@settings(deadline=None)
@given(st.sampled_from(ALL_CARDS + ("?",)), st.data())
def test_round_trip_any_case(card: str, data: st.DataObject) -> None:
    mixed = "".join(c.lower() if data.draw(st.booleans()) else c for c in card)
    assert parse_card(mixed) == card
    assert parse_card(format_card(card)) == card


@pytest.mark.parametrize("bad", ["", "R", "R10", "X7", "W+2", "+4", "RR7", " R7", 7, None,
                                 [1], 1.5, True])
def test_bad_codes_name_the_input(bad: object) -> None:
    with pytest.raises(CardError) as e:
        parse_card(bad)
    assert isinstance(e.value, ValueError)
    assert shown(bad) in str(e.value)


# Non-ASCII letters whose capital (or lower case) is an ASCII letter of a code: "ſ".upper() is
# "S", "ı".upper() is "I", the Kelvin sign lowers to "k"; full-width letters look like codes.
@pytest.mark.parametrize("bad", ["gſ", "Gſ", "rſ", "ʀ7", "Ｒ7", "R７", "W+４", "ｗ", "R\u0337", "y+２"])
def test_only_ascii_spells_a_card(bad: str) -> None:
    with pytest.raises(CardError):
        parse_card(bad)


@pytest.mark.parametrize("bad", ["ｒ", "Ｇ", "ǵ", "b\u0301", "", "RR"])
def test_only_ascii_spells_a_colour(bad: str) -> None:
    with pytest.raises(CardError):
        parse_color(bad)


def test_every_upper_on_user_input_is_gone() -> None:
    """No ``str.upper``/``lower``/``casefold`` is applied to input anywhere in the engine: the
    case-insensitive tables are built from ASCII spellings (cards.CANON, cards.COLOR_CANON)."""
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2] / "rules_core"
    calls = []
    for path in root.rglob("*.py"):
        if path.parent.name == "messages":
            continue  # the renderer capitalizes its own output, never reads input
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.(upper|lower|casefold|capitalize|title)\(", line):
                calls.append(f"{path.name}: {line.strip()}")
    # the only ones left build the ASCII spellings of the codes at import time (and the
    # docstring that says why)
    allowed = {
        "cards.py: out = [o + v for o in out for v in dict.fromkeys((ch, ch.lower()))]",
        "cards.py: COLOR_CANON: Final[dict[str, str]] = {v: c for c in COLORS for v in (c, c.lower())}",
        'cards.py: (``"gſ"`` is not Green Skip, although ``"ſ".upper() == "S"``):',
    }
    assert set(calls) <= allowed, set(calls) - allowed


def test_deck_counts() -> None:
    assert DECK_SIZE == {"108": 108, "112-swap": 112, "112-shuffle": 112, "112-blank": 112}
    d = DECKS["108"]
    assert d["R0"] == 1 and d["R5"] == 2 and d["GS"] == 2 and d["B+2"] == 2
    assert d["W"] == 4 and d["W+4"] == 4
    assert sum(v for k, v in d.items() if k.startswith("R")) == 25
    assert DECKS["112-swap"]["WX"] == 1 and DECKS["112-swap"]["WC"] == 3
    assert DECKS["112-shuffle"]["WS"] == 1 and DECKS["112-blank"]["WC"] == 4
    assert len(full_deck("112-blank")) == 112
