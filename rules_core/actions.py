"""Actions: a small value type and its JSON form.

>>> a = Action.from_json({"type": "play", "card": "w", "color": "g"})
>>> a
Action(type='play', card='W', color='G')
>>> a.to_json()
{'type': 'play', 'card': 'W', 'color': 'G'}
>>> Action.from_json(a.to_json()) == a
True

An action carries only the fields its type and card take: a colour only on a wild card,
a target only on a card that swaps hands (or a ``catch``), ``uno`` only on a ``play``:

>>> Action.from_json({"type": "play", "card": "R7", "color": "B"})
Traceback (most recent call last):
...
rules_core.errors.ActionError: action.color: the red 7 has a colour of its own: only a black card names one
>>> Action.from_json({"type": "draw", "card": "R7"})
Traceback (most recent call last):
...
rules_core.errors.ActionError: action.card: a 'draw' action takes no 'card'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from rules_core.cards import (ALL_CARDS, CANON, COLOR_CANON, COLORS, IS_WILD, UNKNOWN, parse_card,
                              parse_color)
from rules_core.errors import ActionError, CardError
from rules_core.inputs import need_bool, need_choice, need_index, need_keys, need_object
from rules_core.limits import MAX_PLAYERS

TYPES: Final = ("play", "draw", "pass", "challenge", "uno", "catch", "color")
#: what each type of action may carry besides ``type`` and ``player``
FIELDS: Final[dict[str, frozenset[str]]] = {
    "play": frozenset({"card", "color", "target", "uno"}), "draw": frozenset(),
    "pass": frozenset(), "challenge": frozenset(), "uno": frozenset(),
    "catch": frozenset({"target"}), "color": frozenset({"color"}),
}
#: cards whose play may name a player: Wild Swap Hands, and a 7 under the Seven-O rule
TARGET_CARDS: Final = frozenset({"WX", *(c + "7" for c in COLORS)})
_KEYS: Final = frozenset({"type", "card", "color", "target", "player", "uno"})


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """One action. ``player`` ``None`` means the player to act; ``target`` is the player a
    swap or a catch names; ``uno``: the player says "UNO!" with this play."""

    type: str
    card: str | None = None
    color: str | None = None
    target: int | None = None
    player: int | None = None
    uno: bool = False
    #: the JSON form, made once on the first :meth:`to_json` (not part of the value)
    _json: dict[str, Any] | None = field(default=None, init=False, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        j = self._json
        if j is None:
            j = self._make_json()
            object.__setattr__(self, "_json", j)
        return j.copy()

    def _make_json(self) -> dict[str, Any]:
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

    def __repr__(self) -> str:
        parts = [f"type={self.type!r}"]
        for name in ("card", "color", "target", "player", "uno"):
            value = getattr(self, name)
            if value is not None and value is not False:
                parts.append(f"{name}={value!r}")
        return f"Action({', '.join(parts)})"

    @classmethod
    def from_json(cls, obj: object, n_players: int | None = None,
                  turn: int | None = None) -> Action:
        """Validate and build; raise :class:`ActionError` naming the field.

        ``n_players`` bounds ``player`` and ``target`` (default: the largest table).
        ``turn``, the player to act, gives the canonical form that
        :meth:`rules_core.game.Game.legal_actions` lists: ``player`` left out when it is
        the player to act, and always given for ``uno`` and ``catch``."""
        if isinstance(obj, Action):
            return obj
        if type(obj) is not dict:
            need_object(obj, "action", ActionError)
        d: dict[str, Any] = obj  # type: ignore[assignment]
        if not d.keys() <= _KEYS:
            need_keys(d, _KEYS, "action", ActionError)
        raw_type = d.get("type")
        allowed = FIELDS.get(raw_type) if type(raw_type) is str else None
        if allowed is None:
            need_choice(raw_type, "action.type", ActionError, TYPES, "err_action_type",
                        values=", ".join(TYPES))
            raise AssertionError  # pragma: no cover - need_choice raised
        typ: str = raw_type  # type: ignore[assignment]  # a str key of FIELDS
        card = d.get("card")
        color = d.get("color")
        target = d.get("target")
        uno = d.get("uno", False)
        if typ != "play" and (card is not None or color is not None or target is not None
                              or uno is not False):
            for key, value in (("card", card), ("color", color), ("target", target),
                               ("uno", uno)):
                if value is not None and value is not False and key not in allowed:
                    raise ActionError(f"action.{key}", "err_action_field", value=typ, name=key)
        n = MAX_PLAYERS if n_players is None else n_players
        if card is not None:
            code = CANON.get(card) if type(card) is str else None
            if code is None or code == UNKNOWN:
                try:
                    parse_card(card, "action.card", allow_unknown=False)
                except CardError as e:
                    raise ActionError(e.field, e.key, **e.params) from None
            card = code
        elif typ == "play":
            raise ActionError("action.card", "err_missing")
        if color is not None:
            code = COLOR_CANON.get(color) if type(color) is str else None
            if code is None:
                try:
                    parse_color(color, "action.color")
                except CardError as e:
                    raise ActionError(e.field, e.key, **e.params) from None
            if card is not None and not IS_WILD[card]:
                raise ActionError("action.color", "err_color_not_wild", card=card)
            color = code
        elif typ == "color":
            raise ActionError("action.color", "err_missing")
        if target is not None:
            if type(target) is not int or not 0 <= target < n:
                target = need_index(target, "action.target", ActionError, n)
            if card is not None and card not in TARGET_CARDS:
                raise ActionError("action.target", "err_target_not_needed", card=card)
        elif typ == "catch":
            raise ActionError("action.target", "err_missing")
        player = d.get("player")
        if player is not None:
            if type(player) is not int or not 0 <= player < n:
                player = need_index(player, "action.player", ActionError, n)
            if player == turn and typ != "uno" and typ != "catch":
                player = None
        elif turn is not None and (typ == "uno" or typ == "catch"):
            player = turn
        if uno is not False and uno is not True:
            need_bool(uno, "action.uno", ActionError)
        shared = _SHARED.get((typ, card, color, target, player, uno))
        return shared if shared is not None else cls(typ, card, color, target, player, uno)


def _shared_actions() -> dict[tuple[Any, ...], Action]:
    """One object for each common action of the player to act (a play without a target,
    each wild once per colour, with and without "UNO!"; draw, pass, challenge): equal
    values, so handing out the same one is safe, and reading them needs no construction."""
    out: dict[tuple[Any, ...], Action] = {}
    for typ in ("draw", "pass", "challenge"):
        out[(typ, None, None, None, None, False)] = Action(typ)
    for card in ALL_CARDS:
        for color in (COLORS if IS_WILD[card] else (None,)):
            for uno in (False, True):
                out[("play", card, color, None, None, uno)] = Action("play", card, color,
                                                                     None, None, uno)
    return out


_SHARED: Final = _shared_actions()
