"""The worker boundary's contract, and requests that probe it (valid, near-valid, hostile).

Shared by the hypothesis property test (``test_worker_boundary.py``) and the Pyodide run of a
fixed sample (``tests/pyodide/test_pyodide_boundary.py``).

:func:`check_response` is the contract: whatever the request, ``handle`` answers with strict
JSON (no ``NaN``/``Infinity``), valid UTF-8, ``ok`` true with a ``result``, or ``ok`` false with
an error that names a field (never ``internal``) and says what is wrong.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "fixtures" / "golden.json"


def valid_requests() -> list[str]:
    """The golden fixtures' requests: every scenario of the suite and random-game steps."""
    return [fx["request"] for fx in json.loads(GOLDEN.read_text(encoding="utf-8"))]


def _reject_constant(name: str) -> Any:
    raise AssertionError(f"the response is not strict JSON: {name}")


def check_response(request: str, response: object) -> dict[str, Any]:
    """Assert the boundary's contract for one answer; return the parsed response."""
    assert isinstance(response, str), type(response)
    response.encode("utf-8")          # raises on a lone surrogate: not valid UTF-8
    out = json.loads(response, parse_constant=_reject_constant)
    assert isinstance(out, dict) and set(out) in ({"id", "ok", "result"}, {"id", "ok", "error"}), out
    assert out["ok"] is True or out["ok"] is False
    if out["ok"]:
        assert "result" in out
    else:
        err = out["error"]
        assert isinstance(err, dict), err
        assert isinstance(err.get("field"), str) and err["field"], err
        assert err["field"] != "internal" and err.get("key") != "err_internal", (request[:300], err)
        assert isinstance(err.get("message"), str) and err["message"], err
        assert "{" not in err["message"] or "{" in request, err   # no unrendered template
        assert isinstance(err.get("key"), str) and err["key"], err
    return out


# -- mutations of a valid request ---------------------------------------------------------

HOSTILE_VALUES: list[Any] = [
    None, True, False, 0, -1, 1.0, 2.5, -0.0, 10**9, -(10**12), 2**53, 2**64, 10**30,
    "", "x", "R7", "W+4", "gſ", "Ｒ7", "\u0000", "\ud800", "\udfff", "a" * 300, "🃏",
    [], [None], ["R7"] * 113, [[[]]], {}, {"x": 1}, {"cards": 4}, list(range(20)),
]


def paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:6]):
            out += paths(v, prefix + (i,))
    return out


def mutate(req: dict[str, Any], path: tuple[Any, ...], how: str, value: Any) -> Any:
    """A copy of ``req`` with the value at ``path`` replaced, removed, or given a stray key."""
    root: Any = json.loads(json.dumps(req))
    if not path:
        return value if how == "replace" else root
    parent = root
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = value
    elif how == "remove":
        if isinstance(parent, dict):
            parent.pop(last, None)
        else:
            parent.pop(last)
    elif how == "extra" and isinstance(parent, dict):
        parent["zz_" + str(last)[:5]] = value
    elif how == "wrap":
        parent[last] = [parent[last]]
    return root


def deep(depth: int, kind: str = "[") -> str:
    close = "]" if kind == "[" else "}"
    inner = "[]" if kind == "[" else '{"a": 1}'
    opener = kind if kind == "[" else '{"a": '
    return opener * depth + inner + close * depth


RAW_HOSTILE = [
    "", " ", "null", "[]", "{}", "0", '"check"', "NaN", "[NaN]", '{"id": NaN}', "1e999",
    '{"id": 1e999, "fn": "points", "args": {"cards": []}}', '{"fn": "points"', "{" * 5000,
    '{"id": 1, "fn": "check", "args": {"position": ' + deep(20_000) + "}}",
    '{"id": 1, "fn": "points", "args": {"cards": ' + deep(15) + "}}",
    '{"id": 1, "fn": "points", "args": {"cards": ' + deep(30, "{") + "}}",
    '{"id": "\\ud800", "fn": "points", "args": {"cards": []}}',
    '{"id": 1, "fn": "points", "args": {"cards": ["\\udc00R7"]}}',
    '{"id": 1, "fn": "deal", "args": {"players": 1000000000}}',
    '{"id": 1, "fn": "deal", "args": {"players": 1' + "0" * 4000 + "}}",
    '{"id": 1, "fn": "deal", "args": {"players": 1' + "0" * 5000 + "}}",
    '{"id": 1, "fn": "deal", "args": {"players": 2, "seed": -1}}',
    '{"id": 1, "fn": "game_winner", "args": {"totals": []}}',
    '{"id": 1, "fn": "winner_points", "args": {"hands": [[], ["R7"]], "winner": 99}}',
    '{"id": 1, "fn": "points", "args": {"cards": {"R7": 1}}}',
    '{"id": 1, "fn": "__import__", "args": {"name": "os"}}',
    '{"id": 1, "fn": "check", "args": {"position": null, "action": null, "rules": null}}',
    '{"id": 1, "fn": "scenario", "args": {"position": {}, "actions": "draw"}}',
    '{"id": {"a": 1}, "fn": "points", "args": {"cards": []}}',
    '{"id": 1, "fn": "points", "args": {"cards": []}, "args": {"cards": ["R1"]}}',
    '\ufeff{"id": 1, "fn": "points", "args": {"cards": []}}',
    '{"id": 1, "fn": "points", "args": {"cards": ["\ud800"]}}',
    "x" * 70_000,
]


def sample(n: int, seed: int) -> list[str]:
    """A fixed, repeatable mix of requests: valid ones, near-valid mutations, hostile texts."""
    rng = random.Random(seed)
    valid = valid_requests()
    out = list(RAW_HOSTILE)
    out += rng.sample(valid, min(len(valid), n // 4))
    while len(out) < n:
        req = json.loads(rng.choice(valid))
        path = rng.choice(paths(req))
        how = rng.choice(["replace", "replace", "replace", "remove", "extra", "wrap"])
        mutated = mutate(req, path, how, rng.choice(HOSTILE_VALUES))
        out.append(json.dumps(mutated, ensure_ascii=rng.random() < 0.5))
    return out


def well_formed_request(text: str) -> bool:
    """Whether a request text holds no raw lone surrogate (a JS string can; a Python one
    arriving from Pyodide may then differ, so parity is compared only for the others)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
