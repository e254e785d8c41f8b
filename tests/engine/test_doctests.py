"""Run the doctests of every rules_core module (so a plain ``pytest`` runs them)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import rules_core

MODULES = ["rules_core"] + [f"rules_core.{m.name}" for m in pkgutil.iter_modules(rules_core.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
