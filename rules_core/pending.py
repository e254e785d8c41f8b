"""A penalty waiting to be drawn: a value type with its JSON form.

>>> p = Pending(4, 0, "W+4", guilty=False)
>>> p.to_json()
{'cards': 4, 'from': 0, 'card': 'W+4', 'guilty': False}
>>> Pending.from_json(p.to_json()) == p
True
>>> Pending.from_json({"cards": 3, "from": 0, "card": "R+2"})
Traceback (most recent call last):
...
rules_core.errors.PositionError: pending.cards: 3 is not a possible penalty: an even number of cards from 2 to 32
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from rules_core.cards import parse_card
from rules_core.errors import CardError, PositionError
from rules_core.inputs import need_bool, need_int, need_keys, need_object, shown
from rules_core.limits import MAX_PENALTY, MAX_PLAYERS

_KEYS: Final = frozenset({"cards", "from", "card", "guilty"})
#: the cards a penalty card makes the next player draw
VALUE: Final = {"W+4": 4, "R+2": 2, "Y+2": 2, "G+2": 2, "B+2": 2}


@dataclass(frozen=True, slots=True)
class Pending:
    """A penalty the player to act faces: ``cards`` to draw, played by ``offender``,
    ``card`` on top (a +2, or the +4 ``W+4``), and after a +4 whether its player held a
    card of the colour in force (``guilty``, judged from known cards; ``None`` after a +2).

    The JSON form names the offender ``from``.
    """

    cards: int
    offender: int
    card: str
    guilty: bool | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"cards": self.cards, "from": self.offender, "card": self.card}
        if self.guilty is not None:
            d["guilty"] = self.guilty
        return d

    @classmethod
    def from_json(cls, obj: object, field: str = "pending") -> Pending:
        """Read the JSON form; raise :class:`~rules_core.errors.PositionError` naming the
        field. Whether it fits a position (the card on top, the player who played it, the
        stacking rule) is :meth:`rules_core.state.State.from_json`'s to check."""
        d = need_object(obj, field, PositionError)
        need_keys(d, _KEYS, field, PositionError)
        for key in ("cards", "from", "card"):
            if key not in d:
                raise PositionError(f"{field}.{key}", "err_missing")
        try:
            card = parse_card(d["card"], f"{field}.card", allow_unknown=False)
        except CardError:
            card = ""
        if card not in VALUE:
            raise PositionError(f"{field}.card", "err_pending_card")
        cards = d["cards"]
        if isinstance(cards, bool) or not isinstance(cards, int):
            raise PositionError(f"{field}.cards", "err_type_int")
        if cards % 2 or not VALUE[card] <= cards <= MAX_PENALTY:
            raise PositionError(f"{field}.cards", "err_pending_cards", value=shown(cards),
                                min=VALUE[card], max=MAX_PENALTY)
        offender = need_int(d["from"], f"{field}.from", PositionError, 0, MAX_PLAYERS - 1)
        guilty = d.get("guilty")
        if card == "W+4":
            guilty = need_bool(guilty, f"{field}.guilty", PositionError)
        elif guilty is not None:
            raise PositionError(f"{field}.guilty", "err_pending_guilty")
        return cls(cards, offender, card, guilty)

