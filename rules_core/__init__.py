"""rules_core: the official rules of UNO as a rules engine, with house rules, editions
and reasons in six languages (en, sk, cs, pl, hu, et). Standard library only.

Two layers:

- the JSON facade (:func:`check`, :func:`apply`, :func:`legal_actions`, :func:`deal`,
  :func:`points`, :func:`scenario` and :func:`handle` for the browser worker);
- the native API for speed: a :class:`Game` holds the :class:`Rules` of a table and
  plays :class:`State` positions with :class:`Action` values (OpenSpiel's Game/State).

>>> import rules_core
>>> game = rules_core.Game()
>>> s = game.state(rules_core.deal(2, seed=1))
>>> acts = game.legal_actions(s)
>>> s2 = game.apply(s, acts[0])
>>> isinstance(s2, rules_core.State)
True

The limits of every input are in :mod:`rules_core.limits`; the one layer that checks them
is :mod:`rules_core.inputs`.
"""

from __future__ import annotations

from rules_core.actions import Action
from rules_core.cards import DECKS, format_card, full_deck, parse_card
from rules_core.catalogue import RULES, rule_kind, rule_url
from rules_core.errors import (ActionError, CardError, IllegalAction, PositionError,
                               RequestError, RulesCoreError, RulesError)
from rules_core.facade import apply, check, deal, handle, legal_actions, scenario
from rules_core.game import Game
from rules_core.messages import card_name, render, rule_name
from rules_core.rules import OFFICIAL, Rules
from rules_core.scoring import (add_round, alternative_winner, game_winner, hand_points,
                                points, winner_points)
from rules_core.pending import Pending
from rules_core.result import Result
from rules_core.state import State
from rules_core.terms import LANGS, TERMS

__version__ = "0.1.0"


__all__ = [
    "Action", "ActionError", "CardError", "DECKS", "Game", "IllegalAction", "LANGS",
    "OFFICIAL", "Pending", "PositionError", "RULES", "RequestError", "Result", "Rules",
    "RulesCoreError", "RulesError", "State", "TERMS",
    "add_round", "alternative_winner", "apply", "card_name", "check", "deal", "format_card",
    "full_deck", "game_winner", "hand_points", "handle", "legal_actions", "parse_card",
    "points", "render", "rule_kind", "rule_name", "rule_url", "scenario", "winner_points",
]
