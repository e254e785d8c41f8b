"""State transitions: apply an action (already judged) and return the next state.

``events`` (optional) collects what happened as data: ``(message key, params)``, in the
order it happens, so that every sentence is true when it is said.

Two readings the sheets leave open, as the project takes them (``rules-facts.md``):

- After hands change (Wild Swap Hands, a 7 or a 0 under Seven-O, Wild Shuffle Hands),
  whoever holds exactly one card once the change is done must say "UNO!" and can be
  caught until the next player begins their turn. The player who played the card is
  exposed only if they themselves hold one card afterwards; their ``uno: true`` covers
  only themselves (see :mod:`rules_core.legality`). A player whose hand the change did
  not touch keeps the standing they had.
- A blocked hand: when every card is held and nobody can play or draw (the draw pile
  empty, nothing under the top card to shuffle into a new one, and no known hand holding
  a card that fits: :func:`rules_core.state.blocked`), a full round of players in turn can
  neither play nor draw. The hand then ends blocked: no winner, no points, deal again
  (``result: {"winner": null, "blocked": true, "points": null, "hand_points": null}``).
  The referee declares it only when it is certain from known cards.
"""

from __future__ import annotations

import random
from typing import Any

from rules_core.actions import Action
from rules_core.cards import COLOR_OF, IS_WILD, RANK_OF, UNKNOWN
from rules_core.legality import playable_on
from rules_core.pending import Pending
from rules_core.result import Result
from rules_core.rules import Rules
from rules_core.state import State, blocked

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
        return _next(state, _Piles(state), turn, None, pending=state.pending, drawn=state.drawn,
                     drawn_count=state.drawn_count,
                     catchable=tuple(j for j in state.catchable if j != p))
    if typ == "catch":
        target = action.target
        assert target is not None
        piles = _Piles(state)
        if events is not None:
            events.append(("ev_caught", {"player": target, "count": rules.uno_penalty}))
        piles.draw(target, rules.uno_penalty, events)
        return _next(state, piles, turn, events, pending=state.pending, drawn=state.drawn,
                     drawn_count=state.drawn_count,
                     catchable=tuple(j for j in state.catchable if j != target),
                     announce=False)
    if typ == "play":
        return _play(state, action, rules, events)
    if typ == "color":
        if events is not None:
            events.append(("ev_color", {"color": action.color}))
        return _next(state, _Piles(state), turn, events, color=action.color)
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
        return _next(state, piles, nxt, events)
    if typ == "pass":
        return _next(state, piles, (turn + d) % n, events)
    # draw
    if pending is not None:
        piles.draw(turn, pending.cards, events)
        if events is not None:
            events.append(("ev_skipped", {"player": turn}))
        return _next(state, piles, (turn + d) % n, events)
    got = piles.draw(turn, 1, events)
    count = state.drawn_count + 1 if state.drawn is not None else 1
    if got:
        card = got[0]
        hand = piles.hands[turn]
        if card != UNKNOWN and playable_on(card, piles.discard[-1], state.color, hand):
            if events is not None:
                events.append(("ev_drawn_playable_force" if rules.force_play else "ev_drawn_playable",
                               {"player": turn, "card": card}))
            return _next(state, piles, turn, events, drawn=card, drawn_count=count,
                         announce=False)
        cap = rules.draw_to_match_cap
        if rules.draw_to_match and card != UNKNOWN:
            if (cap is None or count < cap) and (piles.pile or len(piles.discard) > 1):
                if events is not None:
                    events.append(("ev_draw_on", {"player": turn, "card": card}))
                return _next(state, piles, turn, events, drawn=card, drawn_count=count,
                             announce=False)
            if cap is not None and count >= cap:
                if events is not None:
                    events.append(("ev_draw_cap", {"player": turn, "card": card,
                                                   "count": count}))
                return _next(state, piles, (turn + d) % n, events)
        if events is not None:
            events.append(("ev_drawn_unknown" if card == UNKNOWN else "ev_drawn_unplayable",
                           {"player": turn, "card": card}))
    return _next(state, piles, (turn + d) % n, events)


def _next(state: State, piles: _Piles, nxt: int, events: Events, *,
          pending: Pending | None = None, drawn: str | None = None, drawn_count: int = 0,
          direction: int | None = None, color: str | None = None,
          catchable: tuple[int, ...] = (), result: Result | None = None,
          announce: bool = True) -> State:
    """The one builder of next states: the piles after the transition, whose turn it is
    next, and what the transition sets (everything else carries over from ``state``).

    A state in which nobody can ever play or draw again ends the hand blocked.
    """
    color = state.color if color is None else color
    hands = tuple(piles.hands)
    if (result is None and not piles.pile and len(piles.discard) == 1
            and blocked(hands, piles.discard, piles.pile, color, pending, drawn)):
        result = Result.blocked_hand()
        catchable = ()
        if events is not None:
            events.append(("ev_blocked", {"top": piles.discard[-1]}))
        announce = False
    if events is not None and announce:
        events.append(("ev_turn", {"player": nxt}))
    return State(hands, state.names, nxt, state.direction if direction is None else direction,
                 piles.discard, color, piles.pile, pending, drawn, drawn_count, catchable,
                 result, piles.seed, state.rules)


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
        res = Result.went_out(p, piles.hands, rules.one_round)
        if events is not None:
            if rules.one_round:
                events.append(("ev_round_over_one", {"player": p}))
            elif res.points is None:
                events.append(("ev_round_over_unknown", {"player": p}))
            else:
                events.append(("ev_round_over", {"player": p, "points": res.points}))
        return _next(state, piles, p, None, color=color, result=res)
    moving = card == "WX" or card == "WS" or (rules.seven_o and (rank == "7" or rank == "0"))
    catchable: tuple[int, ...] = ()
    if not moving and len(hand) == 1:
        catchable = _call(p, action.uno, events)
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
            # with stacking the victim has three answers: another +4, the challenge, or the cards
            events.append(("ev_pending_stack_plus4" if rules.stacking else "ev_pending_plus4",
                           {"player": victim, "count": total}))
    elif moving:
        moved = _move_hands(piles, card, rank, p, action.target, d, n, events)
        catchable = _calls_after_move(piles, moved, p, action.uno, events)
    return _next(state, piles, nxt, events, pending=pending, direction=direction, color=color,
                 catchable=catchable)


def _call(p: int, said: bool, events: Events) -> tuple[int, ...]:
    """``p`` holds one card: safe if they said "UNO!", else catchable."""
    if said:
        if events is not None:
            events.append(("ev_uno_said", {"player": p}))
        return ()
    if events is not None:
        events.append(("ev_uno_missed", {"player": p}))
    return (p,)


def _move_hands(piles: _Piles, card: str, rank: str, p: int, target: int | None, d: int,
                n: int, events: Events) -> tuple[int, ...]:
    """Swap, pass on or shuffle the hands; return the players whose hands changed."""
    if card == "WX" or rank == "7":
        assert target is not None
        piles.hands[p], piles.hands[target] = piles.hands[target], piles.hands[p]
        if events is not None:
            events.append(("ev_swap", {"player": p, "target": target}))
        return (p, target) if p < target else (target, p)
    if rank == "0":
        old = list(piles.hands)
        for i in range(n):
            piles.hands[(i + d) % n] = old[i]
        if events is not None:
            events.append(("ev_rotate", {}))
        return tuple(range(n))
    # Wild Shuffle Hands
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
    return tuple(range(n))


def _calls_after_move(piles: _Piles, moved: tuple[int, ...], p: int, said: bool,
                      events: Events) -> tuple[int, ...]:
    """After hands changed: who holds one card and must say "UNO!" (the player who played
    the card is covered by their own call, if they made one)."""
    out: list[int] = []
    for j in moved:
        if len(piles.hands[j]) != 1:
            continue
        if j == p:
            out.extend(_call(p, said, None))
            if events is not None:
                events.append(("ev_uno_said" if said else "ev_uno_after_swap", {"player": p}))
        else:
            out.append(j)
            if events is not None:
                events.append(("ev_uno_after_swap", {"player": j}))
    return tuple(out)
