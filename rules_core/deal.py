"""Dealing a hand: 7 cards each from the dealer's left, then the first card turned up.

>>> from rules_core.rules import OFFICIAL
>>> s = deal_state(3, OFFICIAL, seed=7)
>>> sum(len(h) for h in s.hands) + len(s.discard) + len(s.pile)
108
>>> s2 = deal_state(2, OFFICIAL, deck=["R1"] * 1 + ["B1", "R2", "B2", "R3", "B3", "R4", "B4",
...     "R5", "B5", "R6", "B6", "R7", "B7", "GS", "Y9"])
>>> s2.hands[1][:2], s2.top, s2.turn
(('R1', 'R2'), 'GS', 0)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from rules_core.cards import COLOR_OF, DECKS, IS_WILD, RANK_OF, full_deck
from rules_core.errors import PositionError
from rules_core.inputs import need_index, need_int, need_text, shown
from rules_core.limits import MAX_CARDS, MAX_NAME, MAX_PLAYERS, MAX_SEED, MIN_PLAYERS
from rules_core.rules import Rules
from rules_core.state import State, parse_cards


def deal_state(players: int | Sequence[str], rules: Rules, seed: int | None = None,
               deck: Sequence[str] | None = None, dealer: int = 0) -> State:
    """Deal a new hand and apply the first-card rules. See :func:`rules_core.deal`.

    Every argument is checked before anything is built: ``players`` a count of 2 to 10
    or a list of 2 to 10 names (each at most 40 characters), ``seed`` 0 to 2**53 - 1,
    ``deck`` at most 112 card codes, ``dealer`` a player index."""
    if type(players) is int:
        n = players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise PositionError("players", "err_player_count", count=shown(n))
        names: tuple[str | None, ...] = (None,) * n
    elif isinstance(players, (list, tuple)):
        n = len(players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise PositionError("players", "err_player_count", count=n)
        names = tuple(need_text(p, f"players[{i}]", PositionError, MAX_NAME)
                      for i, p in enumerate(players))
    else:
        raise PositionError("players", "err_players_arg")
    dealer = need_index(dealer, "dealer", PositionError, n)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    seed = need_int(seed, "seed", PositionError, 0, MAX_SEED)
    rng = random.Random(seed)
    if deck is None:
        cards = full_deck(rules.deck)
        rng.shuffle(cards)
    else:
        if not isinstance(deck, (list, tuple)):
            raise PositionError("deck", "err_type_cards")
        if len(deck) > MAX_CARDS:
            raise PositionError("deck", "err_cards_long", value=len(deck), max=MAX_CARDS)
        cards = list(parse_cards(list(deck), "deck", allow_count=False))
        edition = DECKS[rules.deck]
        for card, k in Counter(cards).items():
            if card not in edition:
                raise PositionError("deck", "err_card_edition", card=card, deck=rules.deck)
            if k > edition[card]:
                raise PositionError("deck", "err_card_copies", card=card, count=k,
                                    max=edition[card], deck=rules.deck)
        if len(cards) < 7 * n + 1:
            raise PositionError("deck", "err_deck_small", count=len(cards), min=7 * n + 1)
    hands: list[list[str]] = [[] for _ in range(n)]
    pos = 0
    for _ in range(7):
        for k in range(n):
            hands[(dealer + 1 + k) % n].append(cards[pos])
            pos += 1
    pile = cards[pos:]
    first = (dealer + 1) % n
    # turn up the first card; a +4 (and a wild under the "reshuffle" reading) goes back,
    # the pile is shuffled and another card turned up
    goes_back = {"W+4"} | ({c for c in pile if IS_WILD[c]} if rules.first_wild == "reshuffle"
                           else set())
    if goes_back.issuperset(pile):
        raise PositionError("deck", "err_deck_no_first", rule="first-card")
    while pile[0] in goes_back:
        rng.shuffle(pile)
    top = pile[0]
    pile = pile[1:]
    direction = 1
    turn = first
    color = COLOR_OF[top]
    rank = RANK_OF[top]
    if rank == "+2":
        hands[first].extend(pile[:2])
        pile = pile[2:]
        turn = (first + 1) % n
    elif rank == "S":
        turn = (first + 1) % n
    elif rank == "R":
        direction = -1
        turn = dealer
    return State(tuple(tuple(h) for h in hands), names, turn, direction, (top,), color,
                 tuple(pile), seed=rng.getrandbits(32), rules=rules)
