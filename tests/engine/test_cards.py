"""Card codes round-trip; decks have the right counts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core import CardError, full_deck, format_card, parse_card
from rules_core.cards import ALL_CARDS, DECK_SIZE, DECKS


@given(st.sampled_from(ALL_CARDS + ("?",)), st.data())
def test_round_trip_any_case(card: str, data: st.DataObject) -> None:
    mixed = "".join(c.lower() if data.draw(st.booleans()) else c for c in card)
    assert parse_card(mixed) == card
    assert parse_card(format_card(card)) == card


@pytest.mark.parametrize("bad", ["", "R", "R10", "X7", "W+2", "+4", "RR7", " R7", 7, None])
def test_bad_codes_name_the_input(bad: object) -> None:
    with pytest.raises(CardError) as e:
        parse_card(bad)
    assert isinstance(e.value, ValueError)
    assert repr(bad) in str(e.value) or str(bad) in str(e.value)


def test_deck_counts() -> None:
    assert DECK_SIZE == {"108": 108, "112-swap": 112, "112-shuffle": 112, "112-blank": 112}
    d = DECKS["108"]
    assert d["R0"] == 1 and d["R5"] == 2 and d["GS"] == 2 and d["B+2"] == 2
    assert d["W"] == 4 and d["W+4"] == 4
    assert sum(v for k, v in d.items() if k.startswith("R")) == 25
    assert DECKS["112-swap"]["WX"] == 1 and DECKS["112-swap"]["WC"] == 3
    assert DECKS["112-shuffle"]["WS"] == 1 and DECKS["112-blank"]["WC"] == 4
    assert len(full_deck("112-blank")) == 112
