"""Error types. Every one is a :class:`ValueError` whose message names the input.

Besides the English message each error carries data: ``field`` (where in the input,
e.g. ``players[0].hand[2]``), ``key`` (a message key, see :mod:`rules_core.messages`)
and ``params``, so that the facade can say the same thing in any language.
"""

from __future__ import annotations

from typing import Any


class RulesCoreError(ValueError):
    """Base class: a bad input (card, position, action or rules) or an illegal action."""

    def __init__(self, field: str, key: str, **params: Any) -> None:
        self.field = field
        self.key = key
        self.params = params
        super().__init__(self._english())

    def _english(self) -> str:
        from rules_core.messages import render

        return f"{self.field}: {render(self.key, self.params, 'en')}"


class CardError(RulesCoreError):
    """An unknown card code."""


class PositionError(RulesCoreError):
    """A malformed or inconsistent position."""


class ActionError(RulesCoreError):
    """A malformed action (wrong shape, unknown type, bad index)."""


class RulesError(RulesCoreError):
    """A malformed rules object (unknown option, wrong value)."""


class IllegalAction(RulesCoreError):
    """A well-formed action that the rules do not allow in this position.

    ``rule`` is the id of the rule the verdict rests on.
    """

    def __init__(self, rule: str, key: str, **params: Any) -> None:
        self.rule = rule
        super().__init__("action", key, **params)
