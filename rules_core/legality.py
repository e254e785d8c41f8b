"""Legality in layers: who may act, what the phase of the turn allows, what matches.

A verdict is data: legal or not, the rule id it rests on, a message key and its
parameters (rendered in a language only at the end, by :mod:`rules_core.messages`).
These are pure functions of a state, an action and the rules; :class:`rules_core.game.Game`
is the entry point that checks the action fits the position first.

Saying "UNO!" with a play (``uno: true``) is the call of the player who plays the card.
It is right exactly when that player holds one card once the play is done, a swap of
hands included (Wild Swap Hands, Seven-O, Wild Shuffle Hands: :func:`cards_after`); a
call that cannot be right makes the action illegal, with the play without it offered.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules_core.actions import Action
from rules_core.cards import ALL_CARDS, COLOR_OF, COLORS, IS_WILD, RANK_OF, UNKNOWN
from rules_core.rules import Rules
from rules_core.state import State

_WILD_RULE = {"W": "wild", "WX": "wild-swap-hands", "WS": "wild-shuffle-hands",
              "WC": "wild-customizable"}
_RANK_RULE = {"S": "skip", "R": "reverse", "+2": "draw-two"}


class Verdict(NamedTuple):
    """The judgement of one action. ``bluff``: an illegal Wild Draw Four that may be applied."""

    legal: bool
    rule: str
    key: str
    params: dict[str, Any]
    bluff: bool = False


def matches(card: str, top: str, color: str | None) -> bool:
    """Whether a non-+4 card may be played on ``top`` with ``color`` in force (no penalty)."""
    if IS_WILD[card]:
        return card != "W+4"
    if card == UNKNOWN:
        return False
    return COLOR_OF[card] == color or (not IS_WILD[top] and RANK_OF[card] == RANK_OF[top])


def plus4_blockers(hand: tuple[str, ...], color: str | None) -> list[str]:
    """The known cards of the colour in force that forbid a Wild Draw Four."""
    return [c for c in hand if COLOR_OF[c] == color and c != UNKNOWN]


def playable(card: str, state: State, hand: tuple[str, ...]) -> bool:
    """Playable now (in the normal phase of a turn): a +4 only if its restriction allows."""
    return playable_on(card, state.discard[-1], state.color, hand)


def playable_on(card: str, top: str, color: str | None, hand: tuple[str, ...]) -> bool:
    """:func:`playable` given the top card and the colour in force."""
    if card == "W+4":
        for c in hand:
            if COLOR_OF[c] == color:
                return False
        return True
    return matches(card, top, color)


def stackable(card: str, state: State, rules: Rules) -> bool:
    pending = state.pending
    assert pending is not None
    if pending.card == "W+4":
        return card == "W+4"
    return RANK_OF[card] == "+2" or (card == "W+4" and rules.stack_plus4_on_plus2)


def judge(state: State, action: Action, rules: Rules) -> Verdict:
    """Judge an action in a state (the action is well-formed; indices are in range)."""
    n = len(state.hands)
    if state.result is not None:
        if state.result.blocked:
            return Verdict(False, "empty-draw-pile", "round_blocked", {})
        return Verdict(False, "going-out", "round_over", {"player": state.result.winner})
    typ = action.type
    player = state.turn if action.player is None else action.player
    if not 0 <= player < n:
        return Verdict(False, "out-of-turn", "bad_player", {"value": player})
    if action.target is not None and not 0 <= action.target < n:
        return Verdict(False, "out-of-turn", "bad_target", {"value": action.target})
    if typ == "uno":
        return _judge_uno(state, player)
    if typ == "catch":
        return _judge_catch(state, player, action.target)
    if player != state.turn:
        if typ == "challenge" and state.pending is not None and state.pending.card == "W+4":
            return Verdict(False, "challenge", "challenge_not_victim",
                           {"player": player, "turn": state.turn})
        if typ == "play" and rules.jump_in:
            return _judge_jump_in(state, action, player, rules)
        return Verdict(False, "out-of-turn", "not_your_turn",
                       {"player": player, "turn": state.turn})
    if state.color is None:
        if typ == "color":
            return Verdict(True, "first-card", "first_wild_color",
                           {"player": player, "color": action.color, "card": state.discard[-1]})
        return Verdict(False, "first-card", "must_name_color",
                       {"player": player, "card": state.discard[-1]})
    if typ == "color":
        return Verdict(False, "first-card", "color_not_needed", {"color": state.color})
    if state.pending is not None:
        return _judge_pending(state, action, player, rules)
    if typ == "challenge":
        return Verdict(False, "challenge", "challenge_nothing", {})
    if state.drawn is not None:
        return _judge_drawn(state, action, player, rules)
    if typ == "draw":
        if not state.pile:
            if len(state.discard) > 1:
                return Verdict(True, "empty-draw-pile", "draw_reshuffle", {"player": player})
            return Verdict(True, "empty-draw-pile", "draw_nothing", {"player": player})
        if rules.draw_to_match and rules.draw_to_match_cap is not None:
            return Verdict(True, "draw", "draw_one_to_match_cap",
                           {"player": player, "count": rules.draw_to_match_cap})
        if rules.draw_to_match:
            return Verdict(True, "draw", "draw_one_to_match", {"player": player})
        if rules.force_play:
            return Verdict(True, "draw", "draw_one_force", {"player": player})
        return Verdict(True, "draw", "draw_one", {"player": player})
    if typ == "pass":
        return Verdict(False, "draw", "pass_without_draw", {"player": player})
    return _judge_play(state, action, player, rules, state.hands[player])


def _judge_uno(state: State, player: int) -> Verdict:
    if player in state.catchable and len(state.hands[player]) == 1:
        return Verdict(True, "uno-call", "uno_said", {"player": player})
    if len(state.hands[player]) != 1:
        return Verdict(False, "uno-call", "uno_not_one", {"player": player})
    return Verdict(False, "uno-call", "uno_not_needed", {"player": player})


def _judge_catch(state: State, player: int, target: int | None) -> Verdict:
    assert target is not None
    if target == player:
        return Verdict(False, "uno-call", "catch_self", {"player": player})
    if len(state.hands[target]) != 1:
        return Verdict(False, "uno-call", "catch_not_one", {"target": target})
    if target not in state.catchable:
        return Verdict(False, "uno-call", "catch_too_late", {"target": target})
    return Verdict(True, "uno-call", "caught", {"player": player, "target": target})


def _judge_jump_in(state: State, action: Action, player: int, rules: Rules) -> Verdict:
    card = action.card
    assert card is not None
    top = state.discard[-1]
    if state.pending is not None:
        return Verdict(False, "jump-in", "jump_in_penalty", {"player": player})
    if card not in state.hands[player]:
        return Verdict(False, "jump-in", "card_not_in_hand", {"player": player, "card": card})
    if IS_WILD[top] or state.color is None:
        return Verdict(False, "jump-in", "jump_in_wild",
                       {"player": player, "card": card, "top": top})
    if card != top:
        return Verdict(False, "jump-in", "jump_in_not_identical",
                       {"player": player, "card": card, "top": top})
    extra = _needs(action, card, player, state, rules)
    if extra is not None:
        return extra
    v = Verdict(True, "jump-in", "jump_in_ok", {"player": player, "card": card})
    return _with_call(v, state, action, player, rules) if action.uno else v


def _needs(action: Action, card: str, player: int, state: State, rules: Rules) -> Verdict | None:
    """Missing colour or target for a card that needs one, or a target on a 7 that swaps
    nothing under these rules."""
    if IS_WILD[card] and action.color is None:
        return Verdict(False, "wild", "wild_needs_color", {"card": card})
    if action.target is not None and not swaps(card, rules):
        # Action.from_json lets a target through only on Wild Swap Hands and a 7: this is
        # a 7 played to swap hands while Seven-O is off. The swap is the house rule, so the
        # play as asked is not the official one (the card alone is among the alternatives).
        return Verdict(False, "deck", "seven_no_swap",
                       {"card": card, "player": player, "target": action.target})
    if card == "WX" or (rules.seven_o and RANK_OF[card] == "7"):
        rule = "wild-swap-hands" if card == "WX" else "seven-o"
        if action.target is None:
            return Verdict(False, rule, "target_required", {"card": card})
        if action.target == player:
            return Verdict(False, rule, "target_self", {"card": card})
    return None


def _judge_pending(state: State, action: Action, player: int, rules: Rules) -> Verdict:
    pending = state.pending
    assert pending is not None
    typ = action.type
    plus4 = pending.card == "W+4"
    rule = "wild-draw-four" if plus4 else "draw-two"
    if rules.stacking:
        rule = "stacking"
    if typ == "draw":
        return Verdict(True, rule, "take_penalty", {"player": player, "count": pending.cards})
    if typ == "challenge":
        if not plus4:
            return Verdict(False, "challenge", "challenge_nothing", {})
        key = "challenge_guilty" if pending.guilty else "challenge_innocent"
        return Verdict(True, "challenge", key,
                       {"player": player, "offender": pending.offender, "count": pending.cards})
    if typ == "play" and rules.stacking:
        card = action.card
        assert card is not None
        if card not in state.hands[player]:
            return Verdict(False, "stacking", "card_not_in_hand", {"player": player, "card": card})
        if not stackable(card, state, rules):
            # facing a +4, the challenge is the third answer (ev_pending_stack_plus4 offers it too)
            return Verdict(False, "stacking", "stack_wrong_plus4" if plus4 else "stack_wrong",
                           {"card": card, "top": state.discard[-1], "count": pending.cards})
        extra = _needs(action, card, player, state, rules)
        if card == "W+4":
            # a stacked +4 keeps its restriction (it can be challenged like any other)
            blockers = plus4_blockers(state.hands[player], state.color)
            if blockers:
                v = Verdict(False, "wild-draw-four", "plus4_bluff",
                            {"player": player, "color": state.color,
                             "cards": sorted(set(blockers))}, bluff=extra is None)
                return _with_call(v, state, action, player, rules) if action.uno else v
        if extra is not None:
            return extra
        v = Verdict(True, "stacking", "stack_ok",
                    {"card": card, "top": state.discard[-1], "count": pending.cards})
        return _with_call(v, state, action, player, rules) if action.uno else v
    key = "must_challenge_or_draw" if plus4 else "must_draw_penalty"
    return Verdict(False, rule, key, {"player": player, "count": pending.cards,
                                      "top": state.discard[-1]})


def drawn_playable(state: State) -> bool:
    drawn = state.drawn
    assert drawn is not None
    return playable(drawn, state, state.hands[state.turn])


def draw_stop(state: State, rules: Rules) -> str | None:
    """Under draw to match, after an unplayable drawn card: why no more may be drawn
    (``"cap"``: the table's limit is reached; ``"empty"``: nothing is left to draw, the
    draw pile empty and nothing under the top card), or ``None``: the player draws on.
    The transition (:mod:`rules_core.play`) stops on exactly the same conditions."""
    cap = rules.draw_to_match_cap
    if cap is not None and state.drawn_count >= cap:
        return "cap"
    if not state.pile and len(state.discard) <= 1:
        return "empty"
    return None


def _judge_drawn(state: State, action: Action, player: int, rules: Rules) -> Verdict:
    typ = action.type
    drawn = state.drawn
    assert drawn is not None
    ok = drawn_playable(state)
    stop = draw_stop(state, rules) if not ok and rules.draw_to_match else "-"
    if typ == "pass":
        if stop is None:
            return Verdict(False, "draw-to-match", "must_draw_on", {"card": drawn})
        if ok and rules.force_play:
            return Verdict(False, "force-play", "must_play_drawn", {"card": drawn})
        if stop == "cap":
            return Verdict(True, "draw-to-match", "draw_cap_reached",
                           {"player": player, "card": drawn, "count": state.drawn_count})
        if stop == "empty":
            return Verdict(True, "draw-to-match", "draw_to_match_empty",
                           {"player": player, "card": drawn})
        return Verdict(True, "drawn-card", "keep_drawn", {"player": player, "card": drawn})
    if typ == "draw":
        if stop is None:
            cap = rules.draw_to_match_cap
            if cap is not None and state.drawn_count + 1 == cap:
                return Verdict(True, "draw-to-match", "draw_again_last",
                               {"player": player, "card": drawn, "count": cap})
            return Verdict(True, "draw-to-match", "draw_again", {"player": player, "card": drawn})
        if stop == "cap":
            return Verdict(False, "draw-to-match", "draw_cap_reached",
                           {"player": player, "card": drawn, "count": state.drawn_count})
        if stop == "empty":
            return Verdict(False, "draw-to-match", "draw_to_match_empty",
                           {"player": player, "card": drawn})
        if ok and rules.force_play:
            return Verdict(False, "force-play", "must_play_drawn", {"card": drawn})
        return Verdict(False, "drawn-card", "already_drawn", {"player": player, "card": drawn})
    # play
    card = action.card
    if card != drawn:
        return Verdict(False, "drawn-card", "only_drawn_card", {"card": card, "drawn": drawn})
    if not ok and card != "W+4":
        return Verdict(False, "match", "no_match",
                       {"card": card, "top": state.discard[-1], "color": state.color})
    v = _judge_play(state, action, player, rules, state.hands[player])
    if v.legal:
        return Verdict(True, v.rule if v.rule not in ("match",) else "drawn-card",
                       "play_drawn" if v.rule == "match" else v.key, v.params)
    return v


def _judge_play(state: State, action: Action, player: int, rules: Rules,
                hand: tuple[str, ...]) -> Verdict:
    card = action.card
    assert card is not None
    if card not in hand:
        return Verdict(False, "match", "card_not_in_hand", {"player": player, "card": card})
    top = state.discard[-1]
    color = state.color
    extra = _needs(action, card, player, state, rules)
    if card == "W+4":
        blockers = plus4_blockers(hand, color)
        if blockers:
            v = Verdict(False, "wild-draw-four", "plus4_bluff",
                        {"player": player, "color": color, "cards": sorted(set(blockers))},
                        bluff=extra is None)
            return _with_call(v, state, action, player, rules) if action.uno else v
        if extra is not None:
            return extra
        v = Verdict(True, "wild-draw-four", "plus4_ok",
                    {"player": player, "color": color, "named": action.color})
        return _with_call(v, state, action, player, rules) if action.uno else v
    if IS_WILD[card]:
        if extra is not None:
            return extra
        v = Verdict(True, _WILD_RULE[card], "wild_ok", {"card": card, "named": action.color})
        return _with_call(v, state, action, player, rules) if action.uno else v
    rank = RANK_OF[card]
    if COLOR_OF[card] == color:
        key = "match_color"
    elif not IS_WILD[top] and RANK_OF[top] == rank:
        key = "match_rank"
    else:
        return Verdict(False, "match", "no_match", {"card": card, "top": top, "color": color})
    if extra is not None:
        return extra
    rule = _RANK_RULE.get(rank, "match")
    if rank == "R" and len(state.hands) == 2:
        rule = "two-players"
    elif rules.seven_o and rank in ("7", "0"):
        rule = "seven-o"
    v = Verdict(True, rule, key, {"card": card, "top": top, "color": color})
    return _with_call(v, state, action, player, rules) if action.uno else v


def swaps(card: str, rules: Rules) -> bool:
    """Whether playing ``card`` swaps hands with a chosen player (it takes a ``target``)."""
    return card == "WX" or (rules.seven_o and RANK_OF[card] == "7")


def moves_hands(card: str, rules: Rules) -> bool:
    """Whether playing ``card`` moves hands between players (a swap, a pass, a shuffle)."""
    return card == "WX" or card == "WS" or (rules.seven_o and RANK_OF[card] in ("7", "0"))


def cards_after(state: State, card: str, player: int, target: int | None,
                rules: Rules) -> int:
    """How many cards ``player`` holds once their play of ``card`` is done.

    Going out ends the hand before anything else happens (0). Otherwise a swap gives the
    player the target's hand; a 0 under Seven-O the hand of the player before them in
    the direction of play; Wild Shuffle Hands an equal share of all the cards, dealt from
    the player's left, so they get ``total // players`` (the count is known before the
    shuffle, only which cards is not).
    """
    hands = state.hands
    left = len(hands[player]) - 1
    if left <= 0 or not moves_hands(card, rules):
        return left
    if card == "WS":
        return (sum(map(len, hands)) - 1) // len(hands)
    if RANK_OF[card] == "0":
        return len(hands[(player - state.direction) % len(hands)])
    return left if target is None else len(hands[target])


def _with_call(v: Verdict, state: State, action: Action, player: int, rules: Rules) -> Verdict:
    """A play's verdict, unless it comes with a "UNO!" that cannot be right."""
    if not action.uno or not (v[0] or v[4]):
        return v
    card = action.card
    assert card is not None
    after = cards_after(state, card, player, action.target, rules)
    if after == 1:
        return v
    return Verdict(False, "uno-call", "uno_call_not_one",
                   {"player": player, "card": card, "count": after})


def legal_actions(state: State, rules: Rules) -> list[Action]:
    """Every action any player may take now (each wild once per colour)."""
    if state.result is not None:
        return []
    hands = state.hands
    n = len(hands)
    turn = state.turn
    out: list[Action] = []
    if state.color is None:
        out.extend(_NAME_COLOR)
        return out + _uno_actions(state)
    pending = state.pending
    hand = hands[turn]
    if pending is not None:
        out.append(_DRAW)
        if pending.card == "W+4":
            out.append(_CHALLENGE)
        if rules.stacking:
            for card in dict.fromkeys(hand):
                if (card != UNKNOWN and stackable(card, state, rules)
                        and (card != "W+4" or not plus4_blockers(hand, state.color))):
                    _expand(out, card, turn, None, hand, state, rules)
        return out + _uno_actions(state)
    if state.drawn is not None:
        if drawn_playable(state):
            _expand(out, state.drawn, turn, None, hand, state, rules)
            if not rules.force_play:
                out.append(_PASS)
        elif rules.draw_to_match and draw_stop(state, rules) is None:
            out.append(_DRAW)
        else:
            # an unplayable drawn card (a position entered by hand: the engine passes the turn itself)
            out.append(_PASS)
    else:
        top = state.discard[-1]
        color = state.color
        no_color = True
        for c in hand:
            if COLOR_OF[c] == color:
                no_color = False
                break
        top_rank = None if IS_WILD[top] else RANK_OF[top]
        # the shared plays of a card that needs no target (see _expand)
        simple = _SIMPLE_UNO if len(hand) == 2 else _SIMPLE
        seven_o = rules.seven_o
        for card in dict.fromkeys(hand):
            if card == "W+4":
                if not no_color:
                    continue
            elif not (COLOR_OF[card] == color or IS_WILD[card] or RANK_OF[card] == top_rank):
                continue
            if card == "WX" or card == "WS" or (seven_o and RANK_OF[card] in ("7", "0")):
                _expand(out, card, turn, None, hand, state, rules)
            else:
                out += simple[card]
        out.append(_DRAW)
    if rules.jump_in and not IS_WILD[state.discard[-1]]:
        top = state.discard[-1]
        for q in range(n):
            if q != turn and top in hands[q]:
                _expand(out, top, turn, q, hands[q], state, rules)
    if state.catchable:
        out.extend(_uno_actions(state))
    return out


def _expand(out: list[Action], card: str, turn: int, jumper: int | None,
            hand: tuple[str, ...], state: State, rules: Rules) -> None:
    """The plays of ``card`` by the player to act (``jumper`` ``None``) or a jumper: each
    wild once per colour, a swap once per other player, with "UNO!" when it is right."""
    if jumper is None and not moves_hands(card, rules):
        out.extend(_SIMPLE_UNO[card] if len(hand) == 2 else _SIMPLE[card])
        return
    player = turn if jumper is None else jumper
    colors: tuple[str | None, ...] = COLORS if IS_WILD[card] else (None,)
    n = len(state.hands)
    targets: tuple[int | None, ...] = (None,)
    if swaps(card, rules):
        targets = tuple(t for t in range(n) if t != player)
    unos = {t: (False, True) if cards_after(state, card, player, t, rules) == 1 else (False,)
            for t in targets}
    for col in colors:
        for t in targets:
            for u in unos[t]:
                out.append(Action("play", card, col, t, jumper, u))


_DRAW = Action("draw")
_PASS = Action("pass")
_CHALLENGE = Action("challenge")
_NAME_COLOR = tuple(Action("color", color=c) for c in COLORS)
#: the plays of a card by the player to act (each wild once per colour), shared objects
_SIMPLE: dict[str, tuple[Action, ...]] = {}
_SIMPLE_UNO: dict[str, tuple[Action, ...]] = {}
for _card in ALL_CARDS:
    _cols: tuple[str | None, ...] = COLORS if IS_WILD[_card] else (None,)
    _SIMPLE[_card] = tuple(Action("play", _card, c) for c in _cols)
    _SIMPLE_UNO[_card] = tuple(Action("play", _card, c, None, None, u) for c in _cols
                               for u in (False, True))


def _uno_actions(state: State) -> list[Action]:
    out: list[Action] = []
    hands = state.hands
    for j in state.catchable:
        if len(hands[j]) == 1:
            out.append(Action("uno", player=j))
            for i in range(len(hands)):
                if i != j:
                    out.append(Action("catch", player=i, target=j))
    return out
