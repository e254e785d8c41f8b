"""The position: an immutable :class:`State` value that knows the rules it was built under;
JSON in and out. Play (legal actions, the next state) belongs to :class:`rules_core.game.Game`.

>>> s = State.from_json({"players": [{"name": "Ania", "hand": ["R7", "B3"]},
...                                   {"name": "Bartek", "hand": 5}],
...                      "turn": 0, "direction": 1, "discard": ["G7", "R5"],
...                      "draw_pile": ["Y3", "B1"]})
>>> s.color, s.top, s.hands[1]
('R', 'R5', ('?', '?', '?', '?', '?'))
>>> s.to_json()["players"][1]
{'name': 'Bartek', 'hand': 5}

Keys the engine adds to a position (all optional on input):

- ``pending``: a penalty the player to act faces: ``{"cards": 4, "from": 0,
  "card": "W+4", "guilty": false}`` (:class:`~rules_core.pending.Pending`).
- ``drawn``: the card the player to act has just drawn (only it may be played, or
  ``pass``); ``drawn_count``: cards drawn this turn under draw to match.
- ``catchable``: players who hold one card without having said UNO and may still be
  caught (the player who played their next-to-last card, or, after a swap of hands,
  whoever holds one card once the swap is done).
- ``result``: the hand is over: ``{"winner": i, "points": n | null, "hand_points": [...]}``,
  or ``{"winner": null, "blocked": true, ...}`` (:class:`~rules_core.result.Result`).
- ``seed``: the seed of the next shuffle (empty draw pile, Wild Shuffle Hands).

A position must be one a game can reach. Some it cannot, and the error cites the rule:

>>> State.from_json({"players": [{"hand": ["R1"]}, {"hand": 5}], "discard": ["W+4"],
...                  "color": None})
Traceback (most recent call last):
...
rules_core.errors.PositionError: discard: a +4 turned up as the first card goes back into the deck and another card is turned up, so a +4 alone on the discard pile with no colour named cannot happen in a game
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import Any, Final

from rules_core.cards import (ALL_CARDS, CANON, COLOR_CANON, COLOR_OF, DECK_SIZE, DECKS,
                              IS_WILD, UNKNOWN, parse_card, parse_color)
from rules_core.errors import CardError, PositionError, RulesCoreError
from rules_core.inputs import (need_choice, need_index, need_int, need_keys, need_list,
                               need_object, need_text, shown)
from rules_core.limits import MAX_CARDS, MAX_NAME, MAX_PLAYERS, MAX_SEED, MIN_PLAYERS
from rules_core.pending import VALUE as PENALTY_VALUE
from rules_core.pending import Pending
from rules_core.result import Result
from rules_core.rules import OFFICIAL, Rules

Hand = tuple[str, ...]

_SLOTS: Final = ("hands", "names", "turn", "direction", "discard", "color", "pile",
                 "pending", "drawn", "drawn_count", "catchable", "result", "seed", "rules")


class State:
    """A position under a set of rules, treated as immutable (never assign to it).

    Build it with :meth:`from_json` (or :meth:`rules_core.game.Game.state`); the
    constructor is the one builder of states, and :meth:`replace` its shorthand. Every
    field is an immutable value; ``rules`` are the :class:`~rules_core.rules.Rules` the
    position was checked against and is played under.
    """

    __slots__ = _SLOTS
    hands: tuple[Hand, ...]
    names: tuple[str | None, ...]
    turn: int
    direction: int
    discard: tuple[str, ...]
    color: str | None
    pile: tuple[str, ...]
    pending: Pending | None
    drawn: str | None
    drawn_count: int
    catchable: tuple[int, ...]
    result: Result | None
    seed: int
    rules: Rules

    def __init__(self, hands: tuple[Hand, ...], names: tuple[str | None, ...], turn: int,
                 direction: int, discard: tuple[str, ...], color: str | None,
                 pile: tuple[str, ...], pending: Pending | None = None,
                 drawn: str | None = None, drawn_count: int = 0,
                 catchable: tuple[int, ...] = (), result: Result | None = None,
                 seed: int = 0, rules: Rules = OFFICIAL) -> None:
        self.hands = hands
        self.names = names
        self.turn = turn
        self.direction = direction
        self.discard = discard
        self.color = color
        self.pile = pile
        self.pending = pending
        self.drawn = drawn
        self.drawn_count = drawn_count
        self.catchable = catchable
        self.result = result
        self.seed = seed
        self.rules = rules

    def replace(self, **changes: Any) -> State:
        """A new state with some fields changed (the others shared: all are immutable)."""
        g = changes.get
        return State(g("hands", self.hands), g("names", self.names), g("turn", self.turn),
                     g("direction", self.direction), g("discard", self.discard),
                     g("color", self.color), g("pile", self.pile), g("pending", self.pending),
                     g("drawn", self.drawn), g("drawn_count", self.drawn_count),
                     g("catchable", self.catchable), g("result", self.result),
                     g("seed", self.seed), g("rules", self.rules))

    @property
    def top(self) -> str:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def n(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.result is not None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, k) == getattr(other, k) for k in _SLOTS)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, k) for k in _SLOTS))

    def __repr__(self) -> str:
        return f"State.from_json({self.to_json()!r}, {self.rules!r})"

    # -- JSON -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The position as a JSON object (hands of unknown cards only as a count; the
        rules travel beside it, as :meth:`Rules.to_json`)."""
        players: list[dict[str, Any]] = []
        for name, hand in zip(self.names, self.hands):
            h: list[str] | int = (list(hand) if not hand or hand[0] != UNKNOWN
                                  else _count_or_list(hand))
            players.append({"hand": h} if name is None else {"name": name, "hand": h})
        d: dict[str, Any] = {"players": players, "turn": self.turn, "direction": self.direction,
                             "discard": list(self.discard), "color": self.color,
                             "draw_pile": list(self.pile) if not self.pile or self.pile[0] != UNKNOWN
                             else _count_or_list(self.pile)}
        if self.pending is not None:
            d["pending"] = self.pending.to_json()
        if self.drawn is not None:
            d["drawn"] = self.drawn
            if self.drawn_count > 1:
                d["drawn_count"] = self.drawn_count
        if self.catchable:
            d["catchable"] = list(self.catchable)
        if self.result is not None:
            d["result"] = self.result.to_json()
        d["seed"] = self.seed
        return d

    @classmethod
    def from_json(cls, position: object, rules: Rules | None = None) -> State:
        """Validate and build a state; raise :class:`PositionError` naming the field.

        ``rules`` (default: official) give the deck edition the card counts are checked
        against, and the readings that decide which positions a game can reach (a Wild
        turned up first under ``first_wild: "reshuffle"``, a stack of penalties, cards
        drawn under draw to match). Limits: 2 to 10 players, at most 112 cards in a hand
        or pile (:mod:`rules_core.limits`).
        """
        rules = rules or OFFICIAL
        if not isinstance(position, dict):
            raise PositionError("position", "err_type_object")
        if not position.keys() <= _POSITION_KEYS:
            need_keys(position, _POSITION_KEYS, "", PositionError)
        players = position.get("players")
        if type(players) is not list:
            players = _req(position, "players", list)
        n = len(players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise PositionError("players", "err_player_count", count=n)
        hands: list[Hand] = []
        names: list[str | None] = []
        for i, p in enumerate(players):
            if type(p) is not dict:
                need_object(p, _PLAYER_FIELD[i], PositionError)
            if not p.keys() <= _PLAYER_KEYS:
                need_keys(p, _PLAYER_KEYS, _PLAYER_FIELD[i], PositionError)
            name = p.get("name")
            if name is not None:
                name = need_text(name, f"{_PLAYER_FIELD[i]}.name", PositionError, MAX_NAME)
            names.append(name)
            hand = p.get("hand")
            if hand is None:
                raise PositionError(_HAND_FIELD[i], "err_missing" if "hand" not in p
                                    else "err_type_cards")
            hands.append(parse_cards(hand, _HAND_FIELD[i], True))
        turn = position.get("turn", 0)
        if type(turn) is not int or not 0 <= turn < n:
            turn = need_index(turn, "turn", PositionError, n)
        direction = position.get("direction", 1)
        if type(direction) is not int or (direction != 1 and direction != -1):
            direction = need_choice(direction, "direction", PositionError, (1, -1),
                                    "err_direction")
        discard_raw = position.get("discard")
        if type(discard_raw) is not list:
            discard_raw = _req(position, "discard", list)
        discard = parse_cards(discard_raw, "discard", False)
        if not discard:
            raise PositionError("discard", "err_discard_empty")
        pile = parse_cards(position.get("draw_pile", []), "draw_pile", True)
        top = discard[-1]
        color_raw = position.get("color")
        if color_raw is not None:
            color: str | None = COLOR_CANON.get(color_raw) if type(color_raw) is str else None
            if color is None:
                color = _read(parse_color, color_raw, "color")
            if not IS_WILD[top] and color != COLOR_OF[top]:
                raise PositionError("color", "err_color_contradicts", color=color, card=top)
        elif IS_WILD[top]:
            if "color" not in position or len(discard) != 1:
                raise PositionError("color", "err_color_required", card=top)
            # a lone wild card with no colour named is the first card turned up
            if top == "W+4":
                raise PositionError("discard", "err_first_plus4", rule="first-card")
            if rules.first_wild == "reshuffle":
                raise PositionError("discard", "err_first_wild_back", card=top,
                                    rule="first-card")
            color = None
        else:
            color = COLOR_OF[top]
        _check_counts(discard, hands, pile, rules.deck)
        # engine keys
        pending = None
        pj = position.get("pending")
        if pj is not None:
            pending = _read_pending(pj, top, turn, direction, n, rules)
        drawn = position.get("drawn")
        drawn_count = 0
        if drawn is not None:
            drawn = _read(parse_card, drawn, "drawn")
            if drawn not in hands[turn]:
                raise PositionError("drawn", "err_drawn_not_in_hand", card=drawn)
            drawn_count = _read_drawn_count(position.get("drawn_count", 1), rules)
            if pending is not None:
                raise PositionError("drawn", "err_drawn_pending")
        elif position.get("drawn_count") is not None:
            raise PositionError("drawn_count", "err_drawn_count_alone")
        catchable_raw = position.get("catchable")
        catchable: tuple[int, ...] = ()
        if catchable_raw:
            items = need_list(catchable_raw, "catchable", PositionError, MAX_PLAYERS)
            catchable = tuple(sorted({need_index(j, f"catchable[{k}]", PositionError, n)
                                      for k, j in enumerate(items)}))
            for k, j in enumerate(items):
                if len(hands[j]) != 1:
                    raise PositionError(f"catchable[{k}]", "err_catchable_not_one", player=j)
        elif catchable_raw is not None and catchable_raw != []:
            raise PositionError("catchable", "err_type_list")
        result = None
        rj = position.get("result")
        if rj is not None:
            result = _read_result(rj, hands, discard, pile, color, rules)
            for key, value in (("pending", pending), ("drawn", drawn), ("catchable", catchable)):
                if value:
                    raise PositionError(key, "err_result_extra", name=key)
        if not all(hands):
            for i, h in enumerate(hands):
                if not h and (result is None or result.winner != i):
                    raise PositionError(_HAND_FIELD[i], "err_empty_hand" if result is None
                                        else "err_empty_not_winner", player=i)
        seed = position.get("seed", 0)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            seed = need_int(seed, "seed", PositionError, 0, MAX_SEED)
        if color is None and (pending is not None or drawn is not None):
            raise PositionError("color", "err_color_required", card=top)
        return cls(tuple(hands), tuple(names), turn, direction, discard, color,
                   pile, pending, drawn, drawn_count, catchable, result, seed, rules)


_POSITION_KEYS: Final = frozenset({
    "players", "turn", "direction", "discard", "color", "draw_pile", "pending", "drawn",
    "drawn_count", "catchable", "result", "seed"})
_PLAYER_KEYS: Final = frozenset({"name", "hand"})
_PLAYER_FIELD: Final = tuple(f"players[{i}]" for i in range(MAX_PLAYERS))
_HAND_FIELD: Final = tuple(f"players[{i}].hand" for i in range(MAX_PLAYERS))
# Counting cards in one integer: 8 bits per card kind, so the sum of the weights of up to
# 128 cards holds every count; adding 127 - (copies in the edition) to each field sets its
# high bit exactly when that card has too many copies (or is not in the edition at all).
_WEIGHT: Final = {c: 1 << (8 * i) for i, c in enumerate(ALL_CARDS)}
_WEIGHT[UNKNOWN] = 0
_HIGH: Final = sum(128 << (8 * i) for i in range(len(ALL_CARDS)))
_BIAS: Final = {deck: sum((127 - counts.get(c, 0)) << (8 * i) for i, c in enumerate(ALL_CARDS))
                for deck, counts in DECKS.items()}


def _check_counts(discard: Hand, hands: list[Hand], pile: Hand, deck_name: str) -> None:
    """Card counts against the edition: copies of each card, then the total."""
    allc = list(discard)
    for h in hands:
        allc += h
    allc += pile
    if len(allc) > 128 or (sum(map(_WEIGHT.__getitem__, allc)) + _BIAS[deck_name]) & _HIGH:
        # too many copies somewhere (or too many cards): find the first culprit
        deck = DECKS[deck_name]
        counts = Counter(allc)
        counts.pop(UNKNOWN, None)
        for card, k in counts.items():
            if card not in deck:
                raise PositionError("cards", "err_card_edition", card=card, deck=deck_name)
            if k > deck[card]:
                raise PositionError("cards", "err_card_copies", card=card, count=k,
                                    max=deck[card], deck=deck_name)
    if len(allc) > DECK_SIZE[deck_name]:
        raise PositionError("cards", "err_card_total", count=len(allc),
                            max=DECK_SIZE[deck_name], deck=deck_name)


def _count_or_list(cards: Hand) -> list[str] | int:
    """Cards as a JSON list, or only their count when they are all unknown."""
    if cards and cards[0] == UNKNOWN and cards.count(UNKNOWN) == len(cards):
        return len(cards)
    return list(cards)


def _read(parse: Any, value: object, field: str) -> str:
    """A card or colour through its parser, the error re-raised as a position error."""
    try:
        out: str = parse(value, field)
        return out
    except CardError as e:
        raise PositionError(e.field, e.key, **e.params) from None


def _read_pending(obj: object, top: str, turn: int, direction: int, n: int,
                  rules: Rules) -> Pending:
    """The pending penalty, checked against the position and the stacking rule."""
    pending = Pending.from_json(obj)
    if pending.offender >= n:
        raise PositionError("pending.from", "err_index_range", value=pending.offender,
                            max=n - 1)
    if pending.card != top:
        raise PositionError("pending.card", "err_pending_top", card=pending.card, top=top)
    if pending.offender != (turn - direction) % n:
        # only the player who must draw may act on a penalty (challenge it, draw, stack)
        raise PositionError("pending.from", "err_pending_from",
                            player=(turn - direction) % n)
    own = PENALTY_VALUE[pending.card]
    if not rules.stacking:
        most = own
    elif pending.card == "W+4":
        # a stack of +4s (4 each); with +4 on +2 allowed, +2s may lie under them
        most = 32 if rules.stack_plus4_on_plus2 else 16
    else:
        most = 16
    if pending.cards > most or (pending.card == "W+4" and not rules.stack_plus4_on_plus2
                                and pending.cards % 4):
        key = "err_pending_unstacked" if not rules.stacking else "err_pending_stack"
        raise PositionError("pending.cards", key, value=pending.cards, card=pending.card,
                            min=own, max=most)
    return pending


def _read_drawn_count(value: object, rules: Rules) -> int:
    count = need_int(value, "drawn_count", PositionError, 1, MAX_CARDS)
    if count > 1 and not rules.draw_to_match:
        raise PositionError("drawn_count", "err_drawn_count", value=count)
    cap = rules.draw_to_match_cap
    if cap is not None and count > cap:
        raise PositionError("drawn_count", "err_drawn_count_cap", value=count, max=cap)
    return count


def _read_result(obj: object, hands: list[Hand], discard: Hand, pile: Hand,
                 color: str | None, rules: Rules) -> Result:
    """The result, checked against the hands: the points are recomputed, not believed."""
    given = Result.from_json(obj)
    if given.blocked:
        if not blocked(tuple(hands), discard, pile, color, None, None):
            raise PositionError("result.blocked", "err_not_blocked")
        expected = Result.blocked_hand()
    else:
        winner = given.winner
        assert winner is not None
        if winner >= len(hands):
            raise PositionError("result.winner", "err_index_range", value=winner,
                                max=len(hands) - 1)
        if hands[winner]:
            raise PositionError("result.winner", "err_winner_has_cards")
        expected = Result.went_out(winner, hands, rules.one_round)
    d = obj if isinstance(obj, dict) else {}
    for key in ("points", "hand_points"):
        if d.get(key) is not None and getattr(given, key) != getattr(expected, key):
            want = getattr(expected, key)
            raise PositionError(f"result.{key}", "err_result_points",
                                value="null" if want is None else str(
                                    list(want) if isinstance(want, tuple) else want))
    return expected


def blocked(hands: tuple[Hand, ...], discard: Hand, pile: Hand, color: str | None,
            pending: Pending | None, drawn: str | None) -> bool:
    """Whether nobody can ever play or draw again, certainly (from known cards only).

    The draw pile is empty and nothing lies under the top card to shuffle into a new one,
    no penalty is waiting and no card has just been drawn, every card of every hand is
    known and none of them can go on the top card (no wild card, nothing of the colour in
    force, nothing of the top card's number or symbol). Then the top card never changes and
    nobody draws, so a full round of players in turn can neither play nor draw. With one
    unknown card anywhere the answer is ``False``: the referee never guesses.
    """
    if pile or len(discard) != 1 or pending is not None or drawn is not None or color is None:
        return False
    top = discard[0]
    rank = None if IS_WILD[top] else top[1:]
    for h in hands:
        if not h:
            return False
        for c in h:
            if c == UNKNOWN or IS_WILD[c] or c[0] == color or c[1:] == rank:
                return False
    return True


def _req(obj: dict[str, Any], key: str, typ: type) -> Any:
    if key not in obj:
        raise PositionError(key, "err_missing")
    v = obj[key]
    if not isinstance(v, typ):
        raise PositionError(key, "err_type_list" if typ is list else "err_type_object")
    return v


def parse_cards(value: object, field: str, allow_count: bool) -> Hand:
    """Card codes of a JSON list of at most 112 (or, with ``allow_count``, a count of
    unknown cards, 0 to 112); errors name ``field[i]``."""
    if type(value) is list:
        k = len(value)
        try:
            # one C-level lookup of every code (itemgetter of one key returns the bare value)
            if k > 1:
                if k > MAX_CARDS:
                    raise PositionError(field, "err_cards_long", value=k, max=MAX_CARDS)
                fast: Hand = itemgetter(*value)(CANON)
            elif k:
                fast = (CANON[value[0]],)
            else:
                return ()
            if allow_count or UNKNOWN not in fast:
                return fast
        except (KeyError, TypeError):
            pass
        out = []
        for i, c in enumerate(value):
            try:
                out.append(parse_card(c, f"{field}[{i}]", allow_unknown=allow_count))
            except CardError as e:
                raise PositionError(e.field, e.key, **e.params) from None
        return tuple(out)
    if allow_count and isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= MAX_CARDS:
            raise PositionError(field, "err_card_count", value=shown(value), max=MAX_CARDS)
        return (UNKNOWN,) * int(value)
    raise PositionError(field, "err_type_cards")


__all__ = ["Hand", "Pending", "Result", "RulesCoreError", "State", "blocked", "parse_cards"]
