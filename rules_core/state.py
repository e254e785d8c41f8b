"""The position: one immutable :class:`State` object owns it; JSON in and out.

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
  "card": "W+4", "guilty": false}`` (``guilty`` only after a Wild Draw Four: whether
  its player held a card of the colour in force, judged from known cards).
- ``drawn``: the card the player to act has just drawn (only it may be played, or
  ``pass``); ``drawn_count``: cards drawn this turn under draw to match.
- ``catchable``: players who played their next-to-last card without saying UNO and
  may still be caught.
- ``result``: the round is over: ``{"winner": i, "points": n | null,
  "hand_points": [...]}``.
- ``seed``: the seed of the next shuffle (empty draw pile, Wild Shuffle Hands).
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from rules_core.cards import ALL_CARDS, CANON, COLOR_OF, COLORS, DECK_SIZE, DECKS, IS_WILD, POINTS, UNKNOWN, parse_card
from rules_core.errors import CardError, IllegalAction, PositionError
from rules_core.rules import OFFICIAL, Rules

if TYPE_CHECKING:
    from rules_core.actions import Action

Hand = tuple[str, ...]


class Pending:
    """A penalty the player to act faces (a +4, or a stack under the stacking rule)."""

    __slots__ = ("cards", "offender", "card", "guilty")

    def __init__(self, cards: int, offender: int, card: str, guilty: bool | None) -> None:
        self.cards = cards
        self.offender = offender
        self.card = card
        self.guilty = guilty

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"cards": self.cards, "from": self.offender, "card": self.card}
        if self.guilty is not None:
            d["guilty"] = self.guilty
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pending) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.cards, self.offender, self.card, self.guilty))


class Result:
    """The round is over: who went out, and the points."""

    __slots__ = ("winner", "points", "hand_points")

    def __init__(self, winner: int, points: int | None, hand_points: tuple[int, ...] | None):
        self.winner = winner
        self.points = points
        self.hand_points = hand_points

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "points": self.points,
                "hand_points": None if self.hand_points is None else list(self.hand_points)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.winner, self.points, self.hand_points))


_SLOTS: Final = ("hands", "names", "turn", "direction", "discard", "color", "pile",
                 "pending", "drawn", "drawn_count", "catchable", "result", "seed")


class State:
    """A position, treated as immutable (never assign to it): :meth:`apply` returns a new one.

    Build it with :meth:`from_json`; every field is an immutable value.
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

    def __init__(self, hands: tuple[Hand, ...], names: tuple[str | None, ...], turn: int,
                 direction: int, discard: tuple[str, ...], color: str | None,
                 pile: tuple[str, ...], pending: Pending | None = None,
                 drawn: str | None = None, drawn_count: int = 0,
                 catchable: tuple[int, ...] = (), result: Result | None = None,
                 seed: int = 0) -> None:
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

    def copy(self, **changes: Any) -> State:
        """A new state with some fields changed (the others shared: all are immutable)."""
        g = changes.get
        return State(g("hands", self.hands), g("names", self.names), g("turn", self.turn),
                     g("direction", self.direction), g("discard", self.discard),
                     g("color", self.color), g("pile", self.pile), g("pending", self.pending),
                     g("drawn", self.drawn), g("drawn_count", self.drawn_count),
                     g("catchable", self.catchable), g("result", self.result),
                     g("seed", self.seed))

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
        return f"State.from_json({self.to_json()!r})"

    # -- play ---------------------------------------------------------------------------
    def legal_actions(self, rules: Rules | dict[str, Any] | None = None) -> list[Action]:
        """Every action any player may take now, as :class:`~rules_core.Action` objects."""
        global _last_legal
        r = rules if isinstance(rules, Rules) else Rules.from_json(rules)
        acts = _legal_actions(self, r)
        _last_legal = (self, r, tuple(acts))
        return acts

    def apply(self, action: Action | dict[str, Any],
              rules: Rules | dict[str, Any] | None = None) -> State:
        """The next state; raises :class:`~rules_core.IllegalAction` unless the action is
        legal or a Wild Draw Four bluff (physically possible, so applied)."""
        r = rules if isinstance(rules, Rules) else Rules.from_json(rules)
        act = action if isinstance(action, _Action) else _Action.from_json(action,
                                                                            len(self.hands))
        last = _last_legal
        if last[0] is self and last[1] is r:
            # one of the very objects legal_actions just offered here: legal, no need to judge
            for a in last[2]:
                if a is act:
                    return _step(self, act, r)
        v = _judge(self, act, r)
        if not (v.legal or v.bluff):
            raise IllegalAction(v.rule, v.key, **v.params)
        return _step(self, act, r)

    # -- JSON -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The position as a JSON object (hands of unknown cards only as a count)."""
        players: list[dict[str, Any]] = []
        for name, hand in zip(self.names, self.hands):
            h: list[str] | int = _count_or_list(hand)
            players.append({"hand": h} if name is None else {"name": name, "hand": h})
        pile = _count_or_list(self.pile)
        d: dict[str, Any] = {"players": players, "turn": self.turn, "direction": self.direction,
                             "discard": list(self.discard), "color": self.color,
                             "draw_pile": pile}
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

        ``rules`` (default: official) gives the deck edition the card counts are
        checked against.
        """
        rules = rules or OFFICIAL
        if not isinstance(position, dict):
            raise PositionError("position", "err_type_object")
        if not position.keys() <= _POSITION_KEYS:
            for key in position:
                if key not in _POSITION_KEYS:
                    raise PositionError(str(key), "err_unknown_key", name=str(key))
        players = _req(position, "players", list)
        if not 2 <= len(players) <= 10:
            raise PositionError("players", "err_player_count", count=len(players))
        hands: list[Hand] = []
        names: list[str | None] = []
        for i, p in enumerate(players):
            f = _PLAYER_FIELD[i]
            if not isinstance(p, dict):
                raise PositionError(f, "err_type_object")
            if not p.keys() <= _PLAYER_KEYS:
                for key in p:
                    if key not in _PLAYER_KEYS:
                        raise PositionError(f"{f}.{key}", "err_unknown_key", name=str(key))
            name = p.get("name")
            if name is not None and not isinstance(name, str):
                raise PositionError(f"{f}.name", "err_type_string")
            names.append(name)
            if "hand" not in p:
                raise PositionError(f"{f}.hand", "err_missing")
            hands.append(parse_cards(p["hand"], _HAND_FIELD[i], True))
        n = len(hands)
        turn = _index(position.get("turn", 0), "turn", n)
        direction = position.get("direction", 1)
        if isinstance(direction, bool) or direction not in (1, -1):
            raise PositionError("direction", "err_direction", value=repr(direction))
        discard = parse_cards(_req(position, "discard", list), "discard", False)
        if not discard:
            raise PositionError("discard", "err_discard_empty")
        pile = parse_cards(position.get("draw_pile", []), "draw_pile", True)
        top = discard[-1]
        color_raw = position.get("color")
        if color_raw is not None:
            color: str | None = _COLOR_CANON.get(color_raw) if type(color_raw) is str else None
            if color is None:
                try:
                    color = parse_color_strict(color_raw)
                except CardError as e:
                    raise PositionError("color", e.key, **e.params) from None
            if not IS_WILD[top] and color != COLOR_OF[top]:
                raise PositionError("color", "err_color_contradicts", color=color, card=top)
        elif IS_WILD[top]:
            if "color" not in position or len(discard) != 1:
                raise PositionError("color", "err_color_required", card=top)
            color = None
        else:
            color = COLOR_OF[top]
        _check_counts(discard, hands, pile, rules.deck)
        # engine keys
        pending = None
        pj = position.get("pending")
        if pj is not None:
            if not isinstance(pj, dict):
                raise PositionError("pending", "err_type_object")
            cards = pj.get("cards")
            if isinstance(cards, bool) or not isinstance(cards, int) or cards < 1:
                raise PositionError("pending.cards", "err_type_int")
            offender = _index(pj.get("from"), "pending.from", n)
            pcard = pj.get("card")
            if pcard not in ("W+4",) and not (isinstance(pcard, str) and pcard.upper() in
                                                {c + "+2" for c in COLORS}):
                raise PositionError("pending.card", "err_pending_card")
            pcard = pcard.upper()
            guilty = pj.get("guilty")
            if pcard == "W+4":
                if not isinstance(guilty, bool):
                    raise PositionError("pending.guilty", "err_type_bool")
            else:
                guilty = None
            if top != pcard:
                raise PositionError("pending.card", "err_pending_top", card=pcard, top=top)
            pending = Pending(cards, offender, pcard, guilty)
        drawn = position.get("drawn")
        drawn_count = 0
        if drawn is not None:
            try:
                drawn = parse_card(drawn, "drawn")
            except CardError as e:
                raise PositionError("drawn", e.key, **e.params) from None
            if drawn not in hands[turn]:
                raise PositionError("drawn", "err_drawn_not_in_hand", card=drawn)
            dc = position.get("drawn_count", 1)
            if isinstance(dc, bool) or not isinstance(dc, int) or dc < 1:
                raise PositionError("drawn_count", "err_type_int")
            drawn_count = dc
            if pending is not None:
                raise PositionError("drawn", "err_drawn_pending")
        catchable_raw = position.get("catchable", [])
        if not isinstance(catchable_raw, list):
            raise PositionError("catchable", "err_type_list")
        catchable: tuple[int, ...] = ()
        if catchable_raw:
            catchable = tuple(sorted({_index(j, f"catchable[{k}]", n)
                                      for k, j in enumerate(catchable_raw)}))
        result = None
        rj = position.get("result")
        if rj is not None:
            if not isinstance(rj, dict):
                raise PositionError("result", "err_type_object")
            winner = _index(rj.get("winner"), "result.winner", n)
            if hands[winner]:
                raise PositionError("result.winner", "err_winner_has_cards")
            result = Result(winner, *_score(hands, winner, rules))
        seed = position.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise PositionError("seed", "err_type_int")
        if color is None and (pending is not None or drawn is not None):
            raise PositionError("color", "err_color_required", card=top)
        return cls(tuple(hands), tuple(names), turn, direction, discard, color,
                   pile, pending, drawn, drawn_count, catchable, result, seed)


#: the last answer of State.legal_actions: (state, rules, actions), to spare apply a judgement
_last_legal: tuple[object, object, tuple[object, ...]] = (None, None, ())

_POSITION_KEYS: Final = frozenset({
    "players", "turn", "direction", "discard", "color", "draw_pile", "pending", "drawn",
    "drawn_count", "catchable", "result", "seed"})
_PLAYER_KEYS: Final = frozenset({"name", "hand"})
_PLAYER_FIELD: Final = tuple(f"players[{i}]" for i in range(10))
_HAND_FIELD: Final = tuple(f"players[{i}].hand" for i in range(10))
_COLOR_CANON: Final = {v: c for c in COLORS for v in (c, c.lower())}
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


def _score(hands: tuple[Hand, ...] | list[Hand], winner: int,
           rules: Rules) -> tuple[int | None, tuple[int, ...] | None]:
    if rules.one_round:
        return None, None
    hp = tuple(sum(POINTS[c] for c in h) for h in hands)
    return sum(hp), hp


def parse_color_strict(value: object) -> str:
    if isinstance(value, str) and value.upper() in COLORS:
        return value.upper()
    raise CardError("color", "err_color", value=str(value))


def _req(obj: dict[str, Any], key: str, typ: type) -> Any:
    if key not in obj:
        raise PositionError(key, "err_missing")
    v = obj[key]
    if not isinstance(v, typ):
        raise PositionError(key, "err_type_list" if typ is list else "err_type_object")
    return v


def _index(value: object, field: str, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, "err_type_index")
    if not 0 <= value < n:
        raise PositionError(field, "err_index_range", value=value, max=n - 1)
    return value


def parse_cards(value: object, field: str, allow_count: bool) -> Hand:
    """Card codes of a JSON list (or, with ``allow_count``, a count of unknown cards); errors name ``field[i]``."""
    if allow_count and isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= 112:
            raise PositionError(field, "err_count_range", value=value)
        return (UNKNOWN,) * value
    if not isinstance(value, list):
        raise PositionError(field, "err_type_cards")
    try:
        # one C-level lookup of every code (itemgetter of one key returns the bare value)
        if len(value) > 1:
            fast: Hand = itemgetter(*value)(CANON)
        else:
            fast = (CANON[value[0]],) if value else ()
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


# the layers above the state (they import State themselves, so they come last)
from rules_core.actions import Action as _Action  # noqa: E402
from rules_core.legality import judge as _judge  # noqa: E402
from rules_core.legality import legal_actions as _legal_actions  # noqa: E402
from rules_core.play import step as _step  # noqa: E402
