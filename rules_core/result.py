"""How a hand ended: a value type with its JSON form.

A hand ends when a player goes out (:meth:`Result.went_out`), or, in the rare table
where every card is held and nobody can play or draw, blocked (:meth:`Result.blocked_hand`).

>>> r = Result.went_out(0, ((), ("R7", "BS"), ("W",)), one_round=False)
>>> r.to_json()
{'winner': 0, 'points': 77, 'hand_points': [0, 27, 50]}
>>> Result.from_json(r.to_json()) == r
True
>>> Result.went_out(0, ((), ("R7", "?")), one_round=False).to_json()
{'winner': 0, 'points': None, 'hand_points': [0, None]}
>>> Result.blocked_hand().to_json()
{'winner': None, 'points': None, 'hand_points': None, 'blocked': True}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Sequence

from rules_core.cards import UNKNOWN, hand_value
from rules_core.errors import PositionError
from rules_core.inputs import need_bool, need_int, need_keys, need_list, need_object
from rules_core.limits import MAX_PLAYERS, MAX_POINTS

_KEYS: Final = frozenset({"winner", "points", "hand_points", "blocked"})


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a hand.

    - ``winner``: the player who went out (``None`` when the hand ended blocked);
    - ``points``: what the winner scores, the cards left in the other hands (``None``
      under the one-round rule, after a blocked hand, or when a hand holds cards the
      referee cannot see, so that nobody can count them);
    - ``hand_points``: the points left in each hand (``None`` for a hand of unseen cards;
      the whole list ``None`` when no points are counted);
    - ``blocked``: nobody could play or draw (see :mod:`rules_core.play`): no winner, no
      points, the hand is dealt again.
    """

    winner: int | None
    points: int | None = None
    hand_points: tuple[int | None, ...] | None = None
    blocked: bool = False

    @classmethod
    def went_out(cls, winner: int, hands: Sequence[Sequence[str]], one_round: bool) -> Result:
        """``winner`` has played their last card; ``hands`` after any last +2 / +4 is drawn."""
        if one_round:
            return cls(winner)
        hp = tuple(None if UNKNOWN in h else hand_value(h) for h in hands)
        return cls(winner, None if None in hp else sum(p for p in hp if p is not None), hp)

    @classmethod
    def blocked_hand(cls) -> Result:
        return _BLOCKED

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"winner": self.winner, "points": self.points,
                             "hand_points": None if self.hand_points is None
                             else list(self.hand_points)}
        if self.blocked:
            d["blocked"] = True
        return d

    @classmethod
    def from_json(cls, obj: object, field: str = "result") -> Result:
        """Read the JSON form; raise :class:`~rules_core.errors.PositionError` naming the
        field. Whether it fits the hands (the winner holds no card, the points add up, the
        table is really blocked) is :meth:`rules_core.state.State.from_json`'s to check."""
        d = need_object(obj, field, PositionError)
        need_keys(d, _KEYS, field, PositionError)
        blocked = need_bool(d.get("blocked", False), f"{field}.blocked", PositionError)
        winner = d.get("winner")
        if blocked:
            if winner is not None:
                raise PositionError(f"{field}.winner", "err_blocked_winner")
        else:
            if "winner" not in d:
                raise PositionError(f"{field}.winner", "err_missing")
            winner = need_int(winner, f"{field}.winner", PositionError, 0, MAX_PLAYERS - 1)
        points = d.get("points")
        if points is not None:
            points = need_int(points, f"{field}.points", PositionError, 0, MAX_POINTS)
        hp_raw = d.get("hand_points")
        hand_points: tuple[int | None, ...] | None = None
        if hp_raw is not None:
            items = need_list(hp_raw, f"{field}.hand_points", PositionError, MAX_PLAYERS)
            hand_points = tuple(
                None if v is None else need_int(v, f"{field}.hand_points[{i}]", PositionError,
                                                0, MAX_POINTS)
                for i, v in enumerate(items))
        return cls(winner, points, hand_points, blocked)


_BLOCKED: Final = Result(None, None, None, True)
