"""Error types. Every one is a :class:`ValueError` whose message names the input.

Besides the English message each error carries data: ``field`` (where in the input,
e.g. ``players[0].hand[2]``), ``key`` (a message key, see :mod:`rules_core.messages`),
``params``, and, when a rule of the game is why the input cannot be, ``rule`` (a rule id
of :mod:`rules_core.catalogue`), so that the facade can say the same thing in any
language and link the rule.

>>> e = PositionError("discard", "err_first_plus4", rule="first-card")
>>> e.field, e.rule, isinstance(e, ValueError)
('discard', 'first-card', True)
"""

from __future__ import annotations

from typing import Any


class RulesCoreError(ValueError):
    """Base class: a bad input (card, position, action, rules, request) or an illegal action."""

    def __init__(self, field: str, key: str, *, rule: str | None = None, **params: Any) -> None:
        self.field = field
        self.key = key
        self.params = params
        self.rule = rule
        super().__init__(self._english())

    def _english(self) -> str:
        from rules_core.messages import render

        return f"{self.field}: {render(self.key, self.params, 'en')}"


class CardError(RulesCoreError):
    """An unknown card code."""


class PositionError(RulesCoreError):
    """A malformed or inconsistent position."""


class ActionError(RulesCoreError):
    """A malformed action (wrong shape, unknown type, bad index, a field it cannot take)."""


class RulesError(RulesCoreError):
    """A malformed rules object (unknown option, wrong value), or rules that differ from
    the ones a position was built under."""


class RequestError(RulesCoreError):
    """A malformed request to :func:`rules_core.handle` or a bad argument of a facade or
    scoring function (too long, too deep, not JSON, wrong type, out of range)."""


class IllegalAction(RulesCoreError):
    """A well-formed action that the rules do not allow in this position.

    ``rule`` is the id of the rule the verdict rests on.
    """

    rule: str

    def __init__(self, rule: str, key: str, **params: Any) -> None:
        super().__init__("action", key, rule=rule, **params)
