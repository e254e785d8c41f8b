"""Scoring: card values, the winner's points, the game to 500, the alternative scoring.

>>> points(["R7", "BS", "W"])
77
>>> winner_points([[], ["R7", "BS"], ["W+4"]], winner=0)
77
>>> game_winner([320, 510, 480])
1
>>> alternative_winner([120, 505, 80])
2
"""

from __future__ import annotations

from typing import Sequence

from rules_core.cards import POINTS, parse_card

TARGET = 500


def points(cards: Sequence[str]) -> int:
    """Score value of cards: numbers face value; Skip, Reverse, +2: 20; Wild, +4: 50;
    Wild Swap Hands, Wild Shuffle Hands, Wild Customizable: 40; unknown ``?``: 0."""
    if isinstance(cards, str):
        raise TypeError("points() takes a list of card codes, not a string")
    return sum(POINTS[parse_card(c, f"cards[{i}]")] for i, c in enumerate(cards))


def hand_points(hands: Sequence[Sequence[str]]) -> list[int]:
    """The points left in each hand."""
    return [points(h) for h in hands]


def winner_points(hands: Sequence[Sequence[str]], winner: int) -> int:
    """Standard scoring: the winner scores the cards left in the other hands."""
    return sum(points(h) for i, h in enumerate(hands) if i != winner)


def game_winner(totals: Sequence[int], target: int = TARGET) -> int | None:
    """Standard scoring: the first player to reach ``target`` wins (highest if several)."""
    best = max(range(len(totals)), key=lambda i: totals[i])
    return best if totals[best] >= target else None


def alternative_winner(totals: Sequence[int], target: int = TARGET) -> int | None:
    """Official alternative scoring: each player's total is the points left in their own
    hands; when one reaches ``target``, the lowest total wins (first index on a tie)."""
    if max(totals) < target:
        return None
    return min(range(len(totals)), key=lambda i: totals[i])


def add_round(totals: Sequence[int], hands: Sequence[Sequence[str]], winner: int,
              alternative: bool = False) -> list[int]:
    """Running totals after a round under either scoring."""
    if alternative:
        return [t + p for t, p in zip(totals, hand_points(hands))]
    out = list(totals)
    out[winner] += winner_points(hands, winner)
    return out
