"""Reading untrusted input: the one validation layer of every entry point.

Positions, actions, rules, the facade's arguments, the scoring helpers and the worker's
requests all read their values through these functions. Each checks one value's type
and size against :mod:`rules_core.limits` *before* any work is done, and raises the
caller's error class (a :class:`~rules_core.errors.RulesCoreError`) naming the field.
Booleans are not numbers, and floats are not whole numbers (``1.0`` is refused where an
integer belongs). A bad value is quoted back only through :func:`shown`: short, and never
a character that would make the answer invalid UTF-8.

>>> need_int(3, "turn", PositionError, 0, 9)
3
>>> need_int(1.0, "direction", PositionError, -1, 1)
Traceback (most recent call last):
...
rules_core.errors.PositionError: direction: a whole number is expected here
>>> need_int(10**9, "players", PositionError, 2, 10)
Traceback (most recent call last):
...
rules_core.errors.PositionError: players: 1000000000 is out of range: use a whole number from 2 to 10
>>> shown("\\ud800" + "x" * 40)
'\\\\ud800xxxxxxxxxxxxxxxxxxxxxxx…'
>>> shown([1, 2]), shown(True), shown(2.5)
('a list', 'true', '2.5')
"""

from __future__ import annotations

import math
from typing import Any, Final, TypeVar

from rules_core.errors import PositionError, RulesCoreError  # noqa: F401 (doctests)
from rules_core.limits import MAX_ECHO

Err = type[RulesCoreError]
T = TypeVar("T")

_TYPE_NAMES: Final[dict[type, str]] = {dict: "an object", list: "a list", tuple: "a list"}


def well_formed(text: str) -> bool:
    """Whether a string is valid Unicode (no lone surrogate), so that it encodes as UTF-8."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _escaped(char: str) -> str:
    if char.isprintable() and well_formed(char):
        return char
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def shown(value: object, limit: int = MAX_ECHO) -> str:
    """A bad value as an error message quotes it: at most ``limit`` characters of a
    string (lone surrogates and control characters escaped), a number as JSON writes it,
    and only the kind of a container."""
    if isinstance(value, str):
        cut = value[:limit]
        if not (cut.isprintable() and well_formed(cut)):
            cut = "".join(map(_escaped, cut))
        return cut + ("…" if len(value) > limit else "")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -10**18 < value < 10**18 else "a very large number"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else "not a number"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def need_object(value: object, field: str, err: Err) -> dict[str, Any]:
    """A JSON object (a ``dict`` with string keys)."""
    if not isinstance(value, dict):
        raise err(field, "err_type_object")
    return value


def need_keys(obj: dict[str, Any], allowed: frozenset[str], prefix: str, err: Err,
              root: str = "position") -> None:
    """Every key of ``obj`` is one of ``allowed`` (else the first unknown key is named;
    ``root`` names the object itself when there is no ``prefix`` and the key is empty)."""
    if obj.keys() <= allowed:
        return
    for key in obj:
        if key not in allowed:
            name = shown(key)
            field = f"{prefix}.{name}" if prefix else name
            raise err(field if name else (prefix or root), "err_unknown_key", name=name)


def need_list(value: object, field: str, err: Err, max_len: int) -> list[Any]:
    """A JSON list of at most ``max_len`` items."""
    if not isinstance(value, list):
        raise err(field, "err_type_list")
    if len(value) > max_len:
        raise err(field, "err_list_long", max=max_len, value=len(value))
    return value


def need_int(value: object, field: str, err: Err, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` (not a bool, not a float)."""
    if type(value) is not int:
        if isinstance(value, int) and not isinstance(value, bool):
            value = int(value)
        else:
            raise err(field, "err_type_int")
    if not lo <= value <= hi:
        raise err(field, "err_int_range", value=shown(value), min=lo, max=hi)
    return value


def need_index(value: object, field: str, err: Err, n: int) -> int:
    """A player index, ``0`` to ``n - 1``."""
    if type(value) is not int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise err(field, "err_type_index")
        value = int(value)
    if not 0 <= value < n:
        raise err(field, "err_index_range", value=shown(value), max=n - 1)
    return value


def need_bool(value: object, field: str, err: Err) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise err(field, "err_type_bool")
    return value


def need_text(value: object, field: str, err: Err, max_len: int) -> str:
    """A string of at most ``max_len`` characters, valid Unicode."""
    if not isinstance(value, str):
        raise err(field, "err_type_string")
    if len(value) > max_len:
        raise err(field, "err_text_long", max=max_len)
    if not well_formed(value):
        raise err(field, "err_text_invalid")
    return value


def need_choice(value: object, field: str, err: Err, choices: tuple[T, ...], key: str,
                **params: Any) -> T:
    """One of ``choices``, of the same type (``2.0`` is not ``2``, ``True`` not ``1``)."""
    for choice in choices:
        if type(value) is type(choice) and value == choice:
            return choice
    raise err(field, key, value=shown(value), **params)
