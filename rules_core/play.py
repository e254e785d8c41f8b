"""State transitions: apply an action (already judged) and return the next state.

``events`` (optional) collects what happened as data: ``(message key, params)``.
"""

from __future__ import annotations

import random
from typing import Any

from rules_core.actions import Action
from rules_core.cards import COLOR_OF, IS_WILD, POINTS, RANK_OF, UNKNOWN
from rules_core.legality import playable_on
from rules_core.rules import Rules
from rules_core.state import Pending, Result, State

Events = list[tuple[str, dict[str, Any]]] | None


class _Piles:
    """Mutable scratch copy of the piles for one transition."""

    __slots__ = ("hands", "pile", "discard", "seed")

    def __init__(self, state: State) -> None:
        self.hands = list(state.hands)
        self.pile = state.pile
        self.discard = state.discard
        self.seed = state.seed

    def draw(self, player: int, k: int, events: Events) -> tuple[str, ...]:
        pile = self.pile
        if len(pile) >= k:
            got = pile[:k]
            self.pile = pile[k:]
        else:
            got = pile
            self.pile = ()
            if len(self.discard) > 1:
                rest = list(self.discard[:-1])
                rng = random.Random(self.seed)
                rng.shuffle(rest)
                self.seed = rng.getrandbits(32)
                self.discard = self.discard[-1:]
                if events is not None:
                    events.append(("ev_reshuffled", {"count": len(rest)}))
                need = k - len(got)
                got = got + tuple(rest[:need])
                self.pile = tuple(rest[need:])
        if got:
            self.hands[player] = self.hands[player] + got
        if events is not None:
            if got:
                events.append(("ev_draws", {"player": player, "count": len(got)}))
            if len(got) < k:
                events.append(("ev_nothing_to_draw", {"player": player}))
        return got


def _remove(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def step(state: State, action: Action, rules: Rules, events: Events = None) -> State:
    """The next state after a legal (or bluffed +4) action."""
    typ = action.type
    n = len(state.hands)
    turn = state.turn
    d = state.direction
    if typ == "uno":
        p = turn if action.player is None else action.player
        if events is not None:
            events.append(("ev_uno_said", {"player": p}))
        return state.copy(catchable=tuple(j for j in state.catchable if j != p))
    if typ == "catch":
        target = action.target
        assert target is not None
        piles = _Piles(state)
        if events is not None:
            events.append(("ev_caught", {"player": target, "count": rules.uno_penalty}))
        piles.draw(target, rules.uno_penalty, events)
        return state.copy(hands=tuple(piles.hands), pile=piles.pile, discard=piles.discard,
                          seed=piles.seed,
                          catchable=tuple(j for j in state.catchable if j != target))
    if typ == "play":
        return _play(state, action, rules, events)
    if typ == "color":
        if events is not None:
            events.append(("ev_color", {"color": action.color}))
            events.append(("ev_turn", {"player": turn}))
        return state.copy(color=action.color, catchable=())
    piles = _Piles(state)
    pending = state.pending
    if typ == "challenge":
        assert pending is not None
        if pending.guilty:
            if events is not None:
                events.append(("ev_challenge_guilty", {"player": pending.offender}))
            piles.draw(pending.offender, pending.cards, events)
            nxt = turn
        else:
            if events is not None:
                events.append(("ev_challenge_innocent", {"player": turn}))
            piles.draw(turn, pending.cards + 2, events)
            nxt = (turn + d) % n
        return _finish(state, piles, nxt, events, pending=None, drawn=None)
    if typ == "pass":
        nxt = (turn + d) % n
        return _finish(state, piles, nxt, events, pending=None, drawn=None)
    # draw
    if pending is not None:
        piles.draw(turn, pending.cards, events)
        if events is not None:
            events.append(("ev_skipped", {"player": turn}))
        return _finish(state, piles, (turn + d) % n, events, pending=None, drawn=None)
    got = piles.draw(turn, 1, events)
    count = state.drawn_count + 1 if state.drawn is not None else 1
    if got:
        card = got[0]
        hand = piles.hands[turn]
        if card != UNKNOWN and playable_on(card, piles.discard[-1], state.color, hand):
            if events is not None:
                events.append(("ev_drawn_playable_force" if rules.force_play else "ev_drawn_playable",
                               {"player": turn, "card": card}))
            return _finish(state, piles, turn, events, pending=None, drawn=card,
                           drawn_count=count, announce=False)
        if (rules.draw_to_match and card != UNKNOWN
                and (rules.draw_to_match_cap is None or count < rules.draw_to_match_cap)
                and (piles.pile or len(piles.discard) > 1)):
            if events is not None:
                events.append(("ev_draw_on", {"player": turn, "card": card}))
            return _finish(state, piles, turn, events, pending=None, drawn=card,
                           drawn_count=count, announce=False)
        if events is not None:
            events.append(("ev_drawn_unknown" if card == UNKNOWN else "ev_drawn_unplayable",
                           {"player": turn, "card": card}))
    return _finish(state, piles, (turn + d) % n, events, pending=None, drawn=None)


def _finish(state: State, piles: _Piles, nxt: int, events: Events, *, pending: Pending | None,
            drawn: str | None, drawn_count: int = 0, direction: int | None = None,
            color: str | None = None, catchable: tuple[int, ...] = (),
            announce: bool = True) -> State:
    if events is not None and announce:
        events.append(("ev_turn", {"player": nxt}))
    new = State.__new__(State)
    new.hands = tuple(piles.hands)
    new.names = state.names
    new.turn = nxt
    new.direction = state.direction if direction is None else direction
    new.discard = piles.discard
    new.color = state.color if color is None else color
    new.pile = piles.pile
    new.pending = pending
    new.drawn = drawn
    new.drawn_count = drawn_count if drawn is not None else 0
    new.catchable = catchable
    new.result = None
    new.seed = piles.seed
    return new


def _play(state: State, action: Action, rules: Rules, events: Events) -> State:
    card = action.card
    assert card is not None
    n = len(state.hands)
    p = state.turn if action.player is None else action.player
    d = state.direction
    piles = _Piles(state)
    hand = _remove(piles.hands[p], card)
    piles.hands[p] = hand
    piles.discard = piles.discard + (card,)
    color = COLOR_OF[card] or action.color
    assert color is not None
    rank = RANK_OF[card]
    if events is not None:
        events.append(("ev_plays", {"player": p, "card": card}))
        if IS_WILD[card]:
            events.append(("ev_color", {"color": color}))
    victim = (p + d) % n
    if not hand:
        # going out: a +2 / +4 still makes the next player draw
        if rank == "+2" or card == "W+4":
            owed = (state.pending.cards if state.pending is not None else 0)
            owed += 2 if rank == "+2" else 4
            piles.draw(victim, owed, events)
        if rules.one_round:
            res = Result(p, None, None)
        else:
            hp = tuple(sum(POINTS[c] for c in h) for h in piles.hands)
            res = Result(p, sum(hp), hp)
        if events is not None:
            if res.points is None:
                events.append(("ev_round_over_one", {"player": p}))
            else:
                events.append(("ev_round_over", {"player": p, "points": res.points}))
        new = _finish(state, piles, p, None, pending=None, drawn=None, color=color)
        new.result = res
        return new
    catchable: tuple[int, ...] = ()
    if len(hand) == 1:
        if action.uno:
            if events is not None:
                events.append(("ev_uno_said", {"player": p}))
        else:
            catchable = (p,)
            if events is not None:
                events.append(("ev_uno_missed", {"player": p}))
    pending = None
    nxt = victim
    direction = d
    if rank == "S":
        nxt = (p + 2 * d) % n
        if events is not None:
            events.append(("ev_skipped", {"player": victim}))
    elif rank == "R":
        direction = -d
        if n == 2:
            nxt = p
            if events is not None:
                events.append(("ev_skipped", {"player": victim}))
        else:
            nxt = (p - d) % n
            if events is not None:
                events.append(("ev_reverse", {}))
    elif rank == "+2":
        if rules.stacking:
            total = 2 + (state.pending.cards if state.pending is not None else 0)
            pending = Pending(total, p, card, None)
            if events is not None:
                events.append(("ev_pending", {"player": victim, "count": total}))
        else:
            piles.draw(victim, 2, events)
            if events is not None:
                events.append(("ev_skipped", {"player": victim}))
            nxt = (p + 2 * d) % n
    elif card == "W+4":
        guilty = any(COLOR_OF[c] == state.color for c in hand)
        total = 4 + (state.pending.cards if state.pending is not None else 0)
        pending = Pending(total, p, card, guilty)
        if events is not None:
            events.append(("ev_pending_plus4" if not rules.stacking else "ev_pending",
                           {"player": victim, "count": total}))
    elif card == "WX" or (rank == "7" and rules.seven_o):
        t = action.target
        assert t is not None
        piles.hands[p], piles.hands[t] = piles.hands[t], piles.hands[p]
        if events is not None:
            events.append(("ev_swap", {"player": p, "target": t}))
    elif rank == "0" and rules.seven_o:
        old = list(piles.hands)
        for i in range(n):
            piles.hands[(i + d) % n] = old[i]
        if events is not None:
            events.append(("ev_rotate", {}))
    elif card == "WS":
        allc = [c for h in piles.hands for c in h]
        rng = random.Random(piles.seed)
        rng.shuffle(allc)
        piles.seed = rng.getrandbits(32)
        new_hands: list[list[str]] = [[] for _ in range(n)]
        # dealt out from the player on the left (index + 1), whatever the direction of play
        for i, c in enumerate(allc):
            new_hands[(p + i + 1) % n].append(c)
        piles.hands = [tuple(h) for h in new_hands]
        if events is not None:
            events.append(("ev_shuffle_hands", {"player": p}))
    return _finish(state, piles, nxt, events, pending=pending, drawn=None,
                   direction=direction, color=color, catchable=catchable)
