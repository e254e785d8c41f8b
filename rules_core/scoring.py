"""Scoring: card values, the winner's points, the game to 500, the alternative scoring.

>>> points(["R7", "BS", "W"])
77
>>> winner_points([[], ["R7", "BS"], ["W+4"]], winner=0)
77
>>> game_winner([320, 510, 480])
1
>>> alternative_winner([120, 505, 80])
2

Every argument is checked first (:mod:`rules_core.inputs`), and an error names it:

>>> points({"R7": 1})
Traceback (most recent call last):
...
rules_core.errors.RequestError: cards: a list is expected here
>>> winner_points([[], ["R7"]], winner=9)
Traceback (most recent call last):
...
rules_core.errors.RequestError: winner: index 9 is out of range (0 to 1)
>>> game_winner([])
Traceback (most recent call last):
...
rules_core.errors.RequestError: totals: a list of 2 to 10 totals is expected here, not 0
"""

from __future__ import annotations

from typing import Sequence

from rules_core.cards import hand_value, parse_card
from rules_core.errors import CardError, RequestError
from rules_core.inputs import need_bool, need_index, need_int, need_list
from rules_core.limits import MAX_CARDS, MAX_PLAYERS, MAX_POINTS, MIN_PLAYERS

TARGET = 500


def _cards(value: object, field: str) -> list[str]:
    items = need_list(value, field, RequestError, MAX_CARDS)
    out = []
    for i, c in enumerate(items):
        try:
            out.append(parse_card(c, f"{field}[{i}]"))
        except CardError as e:
            raise RequestError(e.field, e.key, **e.params) from None
    return out


def _hands(value: object, least: int = MIN_PLAYERS) -> list[list[str]]:
    items = need_list(value, "hands", RequestError, MAX_PLAYERS)
    if len(items) < least:
        raise RequestError("hands", "err_hands_count", count=len(items), min=least,
                           max=MAX_PLAYERS)
    return [_cards(h, f"hands[{i}]") for i, h in enumerate(items)]


def _totals(value: object, field: str = "totals") -> list[int]:
    items = need_list(value, field, RequestError, MAX_PLAYERS)
    if len(items) < MIN_PLAYERS:
        raise RequestError(field, "err_totals", count=len(items), min=MIN_PLAYERS,
                           max=MAX_PLAYERS)
    return [need_int(t, f"{field}[{i}]", RequestError, 0, MAX_POINTS)
            for i, t in enumerate(items)]


def _target(value: object) -> int:
    return need_int(value, "target", RequestError, 1, MAX_POINTS)


def points(cards: Sequence[str]) -> int:
    """Score value of cards: numbers face value; Skip, Reverse, +2: 20; Wild, +4: 50;
    Wild Swap Hands, Wild Shuffle Hands, Wild Customizable: 40; unknown ``?``: 0."""
    return hand_value(_cards(cards, "cards"))


def hand_points(hands: Sequence[Sequence[str]]) -> list[int]:
    """The points left in each hand (2 to 10 hands)."""
    return [hand_value(h) for h in _hands(hands, least=1)]


def winner_points(hands: Sequence[Sequence[str]], winner: int) -> int:
    """Standard scoring: the winner scores the cards left in the other hands (the winner
    went out, so their own hand is empty)."""
    hs = _hands(hands)
    w = _winner(winner, hs)
    return sum(hand_value(h) for i, h in enumerate(hs) if i != w)


def _winner(value: object, hands: list[list[str]]) -> int:
    w = need_index(value, "winner", RequestError, len(hands))
    if hands[w]:
        raise RequestError(f"hands[{w}]", "err_winner_has_cards")
    return w


def game_winner(totals: Sequence[int], target: int = TARGET) -> int | None:
    """Standard scoring: the first player to reach ``target`` wins (``None``: nobody yet).
    Only the winner of a hand scores, so two players cannot pass ``target`` in the same
    hand; if the totals say so anyway, the highest wins (the first of equal ones)."""
    ts = _totals(totals)
    goal = _target(target)
    best = max(range(len(ts)), key=ts.__getitem__)
    return best if ts[best] >= goal else None


def alternative_winner(totals: Sequence[int], target: int = TARGET) -> int | None:
    """Official alternative scoring: each player's total is the points left in their own
    hands; when one reaches ``target``, the lowest total wins (first index on a tie:
    no source settles a tie)."""
    ts = _totals(totals)
    goal = _target(target)
    if max(ts) < goal:
        return None
    return min(range(len(ts)), key=ts.__getitem__)


def add_round(totals: Sequence[int], hands: Sequence[Sequence[str]], winner: int,
              alternative: bool = False) -> list[int]:
    """Running totals after a round under either scoring (one total and one hand per
    player)."""
    ts = _totals(totals)
    hs = _hands(hands)
    if len(hs) != len(ts):
        raise RequestError("hands", "err_hands_totals", count=len(hs), value=len(ts))
    w = _winner(winner, hs)
    alt = need_bool(alternative, "alternative", RequestError)
    if alt:
        out = [t + hand_value(h) for t, h in zip(ts, hs)]
    else:
        out = list(ts)
        out[w] += sum(hand_value(h) for i, h in enumerate(hs) if i != w)
    for i, t in enumerate(out):
        if t > MAX_POINTS:
            raise RequestError(f"totals[{i}]", "err_int_range", value=t, min=0, max=MAX_POINTS)
    return out

