"""What the site's widgets need to know about the rules, read from the engine (never kept by hand in JS).

The build (``hooks/markers.py``) writes :func:`knowledge` (the same in every language) and
:func:`page_strings` (card and colour names in the page's language) into every page that holds a
widget, so the checker and the steppers draw their controls from the engine itself: which cards each
deck edition has and how many copies, which rules options exist, their defaults and whether each is
a house rule or an edition reading, which cards need a colour or a target, and what every card is
called.

>>> k = knowledge()
>>> k["decks"]["112-swap"]["WX"], k["deck_sizes"]["108"]
(1, 108)
>>> [o["key"] for o in k["options"] if o["kind"] == "edition"]
['deck', 'uno_penalty', 'first_wild']
>>> k["needs_target"]["WX"], k["needs_target"]["R7"]
(None, 'seven_o')
>>> card_names("pl")["GS"], color_names("hu")["R"]
('zielony Postój', 'piros')

Everything here is computed from the rest of ``rules_core`` when it is called: which cards need a
target is found by asking the engine to judge a play without one.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any, Final

from rules_core.actions import TYPES, Action
from rules_core.cards import ALL_CARDS, COLORS, DECK_SIZE, DECKS, IS_WILD, RANKS, UNKNOWN, WILDS
from rules_core.catalogue import RULES, rule_url
from rules_core.errors import ActionError, PositionError
from rules_core.legality import judge
from rules_core.limits import MAX_PENALTY
from rules_core.messages import card_name, color_name
from rules_core.rules import BOOL_OPTIONS, FIRST_WILD, OFFICIAL, Rules
from rules_core.state import State

#: how each rules option reads on the site: a house rule (not official) or an edition reading (an
#: official sheet or deck that differs from the project's reading: rules-facts, "Sources")
OPTION_KINDS: Final[dict[str, str]] = {
    "deck": "edition", "uno_penalty": "edition", "first_wild": "edition",
    "stacking": "house", "stack_plus4_on_plus2": "house", "seven_o": "house", "jump_in": "house",
    "draw_to_match": "house", "draw_to_match_cap": "house", "force_play": "house",
    "one_round": "house",
}
#: the rule of the catalogue (an anchor on the site) each option is explained under
OPTION_RULES: Final[dict[str, str]] = {
    "deck": "deck-112", "uno_penalty": "uno-call", "first_wild": "first-card",
    "stacking": "stacking", "stack_plus4_on_plus2": "stacking", "seven_o": "seven-o",
    "jump_in": "jump-in", "draw_to_match": "draw-to-match", "draw_to_match_cap": "draw-to-match",
    "force_play": "force-play", "one_round": "one-round",
}
#: options that only mean something when another one is on
OPTION_REQUIRES: Final[dict[str, str]] = {
    "stack_plus4_on_plus2": "stacking", "draw_to_match_cap": "draw_to_match",
}
#: the values a choice option takes (the default first), as ``Rules.from_json`` accepts them
OPTION_VALUES: Final[dict[str, tuple[Any, ...]]] = {
    "deck": tuple(DECKS), "uno_penalty": (2, 4), "first_wild": FIRST_WILD,
}
#: the cap a table usually sets for draw to match (the Czech seed's 10 cards)
DRAW_TO_MATCH_CAP: Final = 10


def _option(key: str, default: Any) -> dict[str, Any]:
    if key in BOOL_OPTIONS:
        kind_of_value = "bool"
    elif key in OPTION_VALUES:
        kind_of_value = "choice"
    else:
        kind_of_value = "cap"
    out: dict[str, Any] = {"key": key, "default": default, "kind": OPTION_KINDS[key],
                           "type": kind_of_value, "rule": OPTION_RULES[key]}
    if key in OPTION_VALUES:
        out["values"] = list(OPTION_VALUES[key])
    if key == "draw_to_match_cap":
        out["suggested"] = DRAW_TO_MATCH_CAP
    if key in OPTION_REQUIRES:
        out["requires"] = OPTION_REQUIRES[key]
    return out


def options() -> list[dict[str, Any]]:
    """Every rules option in the order of :class:`~rules_core.rules.Rules`, with its default,
    kind (``house`` / ``edition``), value type, rule id, and the option it needs (if any)."""
    defaults = OFFICIAL.to_json()
    return [_option(f.name, defaults[f.name]) for f in fields(Rules)]


def _probe_position(card: str) -> dict[str, Any]:
    """A position in which ``card`` is the only card of the player to act and matches the top card."""
    if IS_WILD[card]:
        top = "R1"
    else:
        top = card[0] + ("1" if card[1:] != "1" else "2")
    return {"players": [{"hand": [card]}, {"hand": 3}], "turn": 0, "direction": 1,
            "discard": [top], "draw_pile": 10}


def _needs_target_under(card: str, rules: Rules) -> bool:
    state = State.from_json(_probe_position(card), rules)
    play = Action("play", card, "R" if IS_WILD[card] else None)
    return judge(state, play, rules).key == "target_required"


def needs_target() -> dict[str, str | None]:
    """Cards whose play names a player, and the option that makes them (``None``: always)."""
    out: dict[str, str | None] = {}
    switched = {key: OFFICIAL.with_options(**{key: True}) for key in BOOL_OPTIONS}
    for card in ALL_CARDS:
        deck = next(name for name, counts in DECKS.items() if counts.get(card))
        base = OFFICIAL.with_options(deck=deck) if deck != OFFICIAL.deck else OFFICIAL
        if _needs_target_under(card, base):
            out[card] = None
            continue
        for key, rules in switched.items():
            with_deck = rules.with_options(deck=deck) if deck != OFFICIAL.deck else rules
            if _needs_target_under(card, with_deck):
                out[card] = key
                break
    return out


def penalty_counts() -> list[dict[str, Any]]:
    """How many cards a penalty waiting to be drawn may stand for, found by asking the engine: for a
    +2 and a +4 on top, under each setting of the stacking options, the counts a position accepts.

    >>> [(p["card"], p["stacking"], p["counts"][:3]) for p in penalty_counts()][:3]
    [('+2', False, [2]), ('+2', True, [2, 4, 6]), ('W+4', False, [4])]
    """
    out: list[dict[str, Any]] = []
    for card, under in (("R+2", "R5"), ("W+4", "R5")):
        for stacking, plus4_on_plus2 in ((False, False), (True, False), (True, True)):
            if card == "R+2" and plus4_on_plus2:
                continue  # the option only changes what lies under a +4
            rules = OFFICIAL.with_options(stacking=stacking, stack_plus4_on_plus2=plus4_on_plus2)
            counts = []
            for n in range(1, 2 * MAX_PENALTY):
                pending: dict[str, Any] = {"cards": n, "from": 0, "card": card}
                if card == "W+4":
                    pending["guilty"] = False
                position = {"players": [{"hand": ["R1"]}, {"hand": 3}, {"hand": 3}], "turn": 1,
                            "direction": 1, "discard": [under, card], "color": "R", "draw_pile": 10,
                            "pending": pending}
                try:
                    State.from_json(position, rules)
                except PositionError:
                    continue
                counts.append(n)
            out.append({"card": "+2" if card != "W+4" else card, "stacking": stacking,
                        "plus4_on_plus2": plus4_on_plus2, "counts": counts})
    return out


def action_fields() -> dict[str, list[str]]:
    """What each action type must carry besides its type (``play``: a card; ``catch``: a target...)."""
    out: dict[str, list[str]] = {}
    for typ in TYPES:
        need: list[str] = []
        obj: dict[str, Any] = {"type": typ}
        for _ in range(4):
            try:
                Action.from_json(obj, 3)
                break
            except ActionError as e:
                name = e.field.removeprefix("action.")
                need.append(name)
                obj[name] = {"card": "R1", "color": "R", "target": 1}[name]
        out[typ] = need
    return out


def knowledge() -> dict[str, Any]:
    """The rules knowledge of the widgets (the same in every language), as JSON-ready data."""
    return {
        "colors": list(COLORS),
        "ranks": list(RANKS),
        "wilds": list(WILDS),
        "unknown": UNKNOWN,
        "decks": {name: {card: counts[card] for card in ALL_CARDS if counts.get(card)}
                  for name, counts in DECKS.items()},
        "deck_sizes": dict(DECK_SIZE),
        "options": options(),
        "needs_color": [card for card in ALL_CARDS if IS_WILD[card]],
        "needs_target": needs_target(),
        "actions": action_fields(),
        "penalties": penalty_counts(),
        "rule_kinds": {rule_id: info.kind for rule_id, info in RULES.items()},
    }


def card_names(lang: str) -> dict[str, str]:
    """Every card's name in running text (nominative), as the referee's sentences write it."""
    return {card: card_name(card, lang) for card in (*ALL_CARDS, UNKNOWN)}


def color_names(lang: str) -> dict[str, str]:
    """The four colours' names."""
    return {color: color_name(color, lang) for color in COLORS}


def verdict_digest(result: dict[str, Any]) -> dict[str, Any]:
    """The parts of a :func:`~rules_core.facade.check` answer the checker shows (the build ships
    this for the disputes' situations; ``verdict-model.js`` reduces a live answer the same way):
    the verdict, its rule, reason and effects, the legal actions, and of the next position only
    whose turn it is, the colour, the top card, each hand's size and the result.
    """
    nxt = result.get("next")
    out: dict[str, Any] = {
        "legal": bool(result["legal"]), "rule": result["rule"], "rule_kind": result["rule_kind"],
        "rule_url": result["rule_url"], "rule_name": result["rule_name"], "reason": result["reason"],
        "effects": list(result.get("effects") or []),
        "alternatives": list(result.get("alternatives") or []),
        "next": None if not nxt else {
            "turn": nxt["turn"], "color": nxt.get("color"), "top": nxt["discard"][-1],
            "hands": [p["hand"] if isinstance(p["hand"], int) else len(p["hand"])
                      for p in nxt["players"]],
            "result": nxt.get("result"),
        },
    }
    if result.get("bluff"):
        out["bluff"] = True
    return out


def situation_key(position: Any, action: Any, rules: Any = None) -> str:
    """The canonical JSON of a checker situation (keys sorted, no spaces, ``{}`` for no rules): the
    key the build ships its verdicts under and ``checker-link.js`` looks them up by.

    >>> situation_key({"turn": 0, "discard": ["R5"]}, {"type": "draw"})
    '{"action":{"type":"draw"},"position":{"discard":["R5"],"turn":0},"rules":{}}'
    """
    return json.dumps({"action": action, "position": position, "rules": rules or {}},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_COLOR_KEYS: Final = {"R": "card_red", "Y": "card_yellow", "G": "card_green", "B": "card_blue"}


def page_strings(lang: str) -> dict[str, str]:
    """What the widgets show, as UI string keys: ``card_name_<code>`` for every card (``card_name_?``
    the unknown card), ``card_red`` ... ``card_blue`` for the colours, and ``rule_url_<id>`` the
    site-relative address of each rule's paragraph in the language."""
    out = {f"card_name_{card}": name for card, name in card_names(lang).items()}
    out.update({_COLOR_KEYS[color]: name for color, name in color_names(lang).items()})
    out.update({f"rule_url_{rule_id}": rule_url(rule_id, lang) for rule_id in RULES})
    return out


__all__ = ["OPTION_KINDS", "OPTION_REQUIRES", "OPTION_RULES", "OPTION_VALUES", "action_fields",
           "card_names", "color_names", "knowledge", "needs_target", "options", "page_strings", "penalty_counts",
           "situation_key", "verdict_digest"]
