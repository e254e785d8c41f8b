"""Rules options: the official rules by default, house rules and editions as named options.

The JSON form is an object; every key is optional (the default is the official rule):

==========================  =========================================  ========================
key                         values                                     default (official)
==========================  =========================================  ========================
``deck``                    ``"108"``; ``"112-swap"`` (108 + 1 Wild    ``"108"``
                            Swap Hands ``WX`` + 3 Wild Customizable
                            ``WC``); ``"112-shuffle"`` (108 + 1 Wild
                            Shuffle Hands ``WS`` + 3 ``WC``);
                            ``"112-blank"`` (older decks: 108 + 4
                            blank cards, coded ``WC`` and played as a
                            Wild)
``uno_penalty``             ``2`` or ``4`` (the 2001 sheet)            ``2``
``first_wild``              ``"player-names"`` (the first player       ``"player-names"``
                            names the colour: the project's reading)
                            or ``"reshuffle"`` (a Wild turned up first
                            goes back like a Wild Draw Four)
``stacking``                bool: a player facing +2 may answer with   ``false``
                            +2, facing +4 with +4, passing on the sum
``stack_plus4_on_plus2``    bool: with stacking, +4 may also answer a  ``false``
                            +2 (some tables allow it)
``seven_o``                 bool: a 7 swaps hands with a chosen        ``false``
                            player (``target``), a 0 passes every hand
                            on in the direction of play
``jump_in``                 bool: a card identical to the top card     ``false``
                            may be played out of turn
``draw_to_match``           bool: draw one card at a time until a      ``false``
                            playable one comes
``draw_to_match_cap``       ``null`` or an int 1-112: at most this     ``null``
                            many cards (the Czech seed says 10)
``force_play``              bool: a playable drawn card must be played ``false``
``one_round``               bool: the first player out wins, no points ``false``
==========================  =========================================  ========================

>>> Rules.from_json({"stacking": True}).stacking
True
>>> Rules.from_json({"stack": True})
Traceback (most recent call last):
...
rules_core.errors.RulesError: rules.stack: unknown rules option 'stack'
>>> Rules().to_json()["deck"]
'108'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Final

from rules_core.cards import DECKS
from rules_core.errors import RulesError
from rules_core.inputs import need_choice, shown
from rules_core.limits import MAX_CARDS

BOOL_OPTIONS: Final = (
    "stacking", "stack_plus4_on_plus2", "seven_o", "jump_in", "draw_to_match",
    "force_play", "one_round",
)
FIRST_WILD: Final = ("player-names", "reshuffle")
UNO_PENALTIES: Final = (2, 4)


@dataclass(frozen=True, slots=True)
class Rules:
    """A set of rules options (immutable; build once, pass to every call).

    Options (JSON keys are the attribute names):

    - ``deck``: ``"108"`` (default), ``"112-swap"`` (adds Wild Swap Hands ``WX`` and
      three Wild Customizable ``WC``), ``"112-shuffle"`` (adds Wild Shuffle Hands
      ``WS`` and three ``WC``), ``"112-blank"`` (adds four blank cards, coded ``WC``
      and played as a Wild).
    - ``uno_penalty``: cards drawn when caught not saying UNO, ``2`` (default) or ``4``.
    - ``first_wild``: a Wild turned up as the first card: ``"player-names"`` (default,
      the player to act names the colour) or ``"reshuffle"`` (returned and reshuffled).
    - ``stacking`` (house): a player facing +2 may play a +2, facing +4 a +4, and the
      next player faces the sum; ``draw`` takes the sum and loses the turn.
    - ``stack_plus4_on_plus2`` (house, with stacking): +4 may also answer a +2.
    - ``seven_o`` (house): a 7 swaps hands with ``target``; a 0 passes every hand to
      the next player in the direction of play.
    - ``jump_in`` (house): a card identical to the top card (same colour and same
      number or symbol) may be played out of turn; play continues from that player.
    - ``draw_to_match`` (house): each ``draw`` takes one card and the same player
      draws again until a playable card comes; ``draw_to_match_cap`` limits the
      cards drawn in one turn (``None``: no limit).
    - ``force_play`` (house): a playable drawn card must be played (no ``pass``).
    - ``one_round`` (house): the first player out wins; no points are counted.
    """

    deck: str = "108"
    uno_penalty: int = 2
    first_wild: str = "player-names"
    stacking: bool = False
    stack_plus4_on_plus2: bool = False
    seven_o: bool = False
    jump_in: bool = False
    draw_to_match: bool = False
    draw_to_match_cap: int | None = None
    force_play: bool = False
    one_round: bool = False

    @classmethod
    def from_json(cls, obj: object) -> Rules:
        """Build from a JSON object (``None`` means the official rules); raise
        :class:`~rules_core.errors.RulesError` naming the option."""
        if obj is None:
            return OFFICIAL
        if isinstance(obj, Rules):
            return obj
        if not isinstance(obj, dict):
            raise RulesError("rules", "err_rules_type")
        if not obj:
            return OFFICIAL
        kw: dict[str, Any] = {}
        for key, value in obj.items():
            if key not in _KNOWN:
                name = shown(key)
                raise RulesError(f"rules.{name}", "err_rules_unknown", option=name)
            field = f"rules.{key}"
            if key in BOOL_OPTIONS:
                if not isinstance(value, bool):
                    raise RulesError(field, "err_rules_bool", option=key)
            elif key == "deck":
                value = need_choice(value, field, RulesError, tuple(DECKS), "err_rules_value",
                                    option=key, values=", ".join(DECKS))
            elif key == "uno_penalty":
                value = need_choice(value, field, RulesError, UNO_PENALTIES, "err_rules_value",
                                    option=key, values="2, 4")
            elif key == "first_wild":
                value = need_choice(value, field, RulesError, FIRST_WILD, "err_rules_value",
                                    option=key, values=", ".join(FIRST_WILD))
            elif key == "draw_to_match_cap" and value is not None:
                if type(value) is not int or not 1 <= value <= MAX_CARDS:
                    raise RulesError(field, "err_rules_value", option=key,
                                     values=f"null, 1 … {MAX_CARDS}")
            kw[key] = value
        return cls(**kw)

    def to_json(self) -> dict[str, Any]:
        """All options as a JSON object."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def with_options(self, **options: Any) -> Rules:
        """A copy with some options changed (validated like :meth:`from_json`)."""
        merged = self.to_json()
        merged.update(options)
        return Rules.from_json(merged) if merged != OFFICIAL.to_json() else OFFICIAL

    def replace(self, **options: Any) -> Rules:
        return replace(self, **options)


OFFICIAL: Final = Rules()
_KNOWN: Final = frozenset(f.name for f in fields(Rules))
