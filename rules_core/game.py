"""The game: one set of rules and everything played under it (OpenSpiel's Game/State).

A :class:`Game` holds the :class:`~rules_core.rules.Rules` of a table. It builds the
positions (:meth:`Game.state`, :meth:`Game.deal`), reads actions in their context
(:meth:`Game.action`), and owns play: :meth:`Game.legal_actions`, :meth:`Game.judge`,
:meth:`Game.apply`. A :class:`~rules_core.state.State` knows the rules it was built under,
and a game refuses a state of other rules, so a position checked against one deck is never
played under another by mistake.

>>> game = Game({"stacking": True})
>>> s = game.deal(3, seed=1)
>>> acts = game.legal_actions(s)
>>> s2 = game.apply(s, acts[0])
>>> s2.rules == game.rules
True
>>> Game().legal_actions(s)
Traceback (most recent call last):
...
rules_core.errors.RulesError: rules: this position was set up under other rules (stacking); judge it under the rules it was built with
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Sequence

from rules_core.actions import Action
from rules_core.deal import deal_state
from rules_core.errors import IllegalAction, RulesError
from rules_core.legality import Verdict, judge, legal_actions
from rules_core.play import Events, step
from rules_core.rules import OFFICIAL, Rules
from rules_core.state import State


class Game:
    """The rules of one table; play under them. Cheap to build (one per request is fine).

    The last answer of :meth:`legal_actions` is kept, so that :meth:`apply` of one of the
    very actions it offered needs no second judgement (a cache per game, never shared).
    """

    __slots__ = ("rules", "_offered")

    def __init__(self, rules: object = None) -> None:
        """``rules``: a :class:`Rules`, its JSON object, or ``None`` (the official rules)."""
        self.rules: Rules = (OFFICIAL if rules is None else rules if isinstance(rules, Rules)
                             else Rules.from_json(rules))
        self._offered: tuple[State | None, tuple[Action, ...]] = (None, ())

    def __repr__(self) -> str:
        return f"Game({self.rules!r})"

    # -- positions ------------------------------------------------------------------
    def state(self, position: object) -> State:
        """Validate a JSON position under these rules (see :meth:`State.from_json`)."""
        return State.from_json(position, self.rules)

    def deal(self, players: int | Sequence[str], seed: int | None = None,
             deck: Sequence[str] | None = None, dealer: int = 0) -> State:
        """Deal a new hand and turn up the first card (see :func:`rules_core.deal`)."""
        return deal_state(players, self.rules, seed, deck, dealer)

    def action(self, obj: object, state: State) -> Action:
        """Read an action in its position (see :meth:`Action.from_json`), in the form that
        :meth:`legal_actions` lists: ``player`` only when it is not the player to act, and
        always for ``uno`` and ``catch``.

        A field no rule gives the card is malformed (a colour on a red 7, a target on a 5:
        :class:`~rules_core.errors.ActionError`). A ``target`` on a 7 while Seven-O is off
        is well-formed but not the official play: the judgement says so (``seven_no_swap``,
        rule ``deck``), and the 7 without a target is among the alternatives."""
        if state.rules is not self.rules:
            self._own(state)
        return Action.from_json(obj, len(state.hands), state.turn)

    # -- play -----------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        """Every action any player may take now (``catch``, ``uno`` and jump-in included)."""
        if state.rules is not self.rules:
            self._own(state)
        acts = legal_actions(state, self.rules)
        self._offered = (state, tuple(acts))
        return acts

    def judge(self, state: State, action: Action | dict[str, Any]) -> Verdict:
        """The verdict on an action: legal or not, the rule, the reason as data."""
        self._own(state)
        return judge(state, self._read(action, state), self.rules)

    def apply(self, state: State, action: Action | dict[str, Any]) -> State:
        """The next state; raises :class:`~rules_core.IllegalAction` unless the action is
        legal or a Wild Draw Four bluff (physically possible, so applied: it can be
        challenged)."""
        offered_in, offered = self._offered
        if offered_in is state:
            for a in offered:
                if a is action:
                    # one of the very objects legal_actions just offered here: no judging
                    return step(state, a, self.rules)
        if state.rules is not self.rules:
            self._own(state)
        act = action if isinstance(action, Action) else self.action(action, state)
        v = judge(state, act, self.rules)
        if not (v.legal or v.bluff):
            raise IllegalAction(v.rule, v.key, **v.params)
        return step(state, act, self.rules)

    def after(self, state: State, action: Action, events: Events = None) -> State:
        """The next state after an action already judged legal (or a bluff), collecting
        what happens in ``events``; no judgement."""
        self._own(state)
        return step(state, action, self.rules, events)

    # -- helpers --------------------------------------------------------------------
    def _read(self, action: Action | dict[str, Any], state: State) -> Action:
        if isinstance(action, Action):
            return action
        return self.action(action, state)

    def _own(self, state: State) -> None:
        """Refuse a state built under other rules."""
        if state.rules != self.rules:
            differ = [f.name for f in fields(Rules)
                      if getattr(state.rules, f.name) != getattr(self.rules, f.name)]
            raise RulesError("rules", "err_rules_mismatch", value=", ".join(differ))
