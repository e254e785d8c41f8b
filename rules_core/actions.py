"""Actions: a small value type and its JSON form.

>>> a = Action.from_json({"type": "play", "card": "w", "color": "g"})
>>> a
Action(type='play', card='W', color='G')
>>> a.to_json()
{'type': 'play', 'card': 'W', 'color': 'G'}
"""

from __future__ import annotations

from typing import Any, Final

from rules_core.cards import ALL_CARDS, parse_card
from rules_core.errors import ActionError, CardError

TYPES: Final = ("play", "draw", "pass", "challenge", "uno", "catch", "color")
_KEYS: Final = frozenset({"type", "card", "color", "target", "player", "uno"})
_CODES: Final = {c: c for c in ALL_CARDS}


class Action:
    """One action. ``player`` ``None`` means the player to act."""

    __slots__ = ("type", "card", "color", "target", "player", "uno")

    def __init__(self, type: str, card: str | None = None, color: str | None = None,
                 target: int | None = None, player: int | None = None, uno: bool = False):
        self.type = type
        self.card = card
        self.color = color
        self.target = target
        self.player = player
        self.uno = uno

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        if self.card is not None:
            d["card"] = self.card
        if self.color is not None:
            d["color"] = self.color
        if self.target is not None:
            d["target"] = self.target
        if self.player is not None:
            d["player"] = self.player
        if self.uno:
            d["uno"] = True
        return d

    def _key(self) -> tuple[Any, ...]:
        return (self.type, self.card, self.color, self.target, self.player, self.uno)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in zip(self.__slots__, self._key())
                 if v is not None and v is not False]
        return f"Action({', '.join(parts)})"

    @classmethod
    def from_json(cls, obj: object, n_players: int | None = None) -> Action:
        """Validate and build; raise :class:`ActionError` naming the field."""
        if isinstance(obj, Action):
            return obj
        if not isinstance(obj, dict):
            raise ActionError("action", "err_type_object")
        if not obj.keys() <= _KEYS:
            for key in obj:
                if key not in _KEYS:
                    raise ActionError(f"action.{key}", "err_unknown_key", name=str(key))
        typ = obj.get("type")
        if typ not in TYPES:
            raise ActionError("action.type", "err_action_type", value=str(typ),
                              values=", ".join(TYPES))
        card = obj.get("card")
        if card is not None:
            # the usual canonical code is its own parse; anything else goes through parse_card
            card = _CODES.get(card) if type(card) is str else None
            if card is None:
                try:
                    card = parse_card(obj["card"], "action.card", allow_unknown=False)
                except CardError as e:
                    raise ActionError(e.field, e.key, **e.params) from None
        if typ == "play" and card is None:
            raise ActionError("action.card", "err_missing")
        color = None
        if "color" in obj and obj["color"] is not None:
            c = obj["color"]
            if not (isinstance(c, str) and c.upper() in ("R", "Y", "G", "B")):
                raise ActionError("action.color", "err_color", value=str(c))
            color = c.upper()
        if typ == "color" and color is None:
            raise ActionError("action.color", "err_missing")
        target = _opt_index(obj, "target", n_players)
        player = _opt_index(obj, "player", n_players)
        if typ == "catch" and target is None:
            raise ActionError("action.target", "err_missing")
        uno = obj.get("uno", False)
        if not isinstance(uno, bool):
            raise ActionError("action.uno", "err_type_bool")
        return cls(typ, card, color, target, player, uno)


def _opt_index(obj: dict[str, Any], key: str, n: int | None) -> int | None:
    if key not in obj or obj[key] is None:
        return None
    v = obj[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise ActionError(f"action.{key}", "err_type_index")
    if v < 0 or (n is not None and v >= n):
        raise ActionError(f"action.{key}", "err_index_range", value=v,
                          max=(n - 1) if n is not None else "?")
    return v
