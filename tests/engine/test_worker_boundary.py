"""Property test of the worker boundary: ``handle()`` on generated requests (valid, near-valid
and hostile) always returns, with bounded work, a response that is strict JSON, valid UTF-8,
and either a result or an error naming a field, never "internal" (``boundary.check_response``).

Bounded work is counted, not timed (a timed test fails on a slow day): the number of Python
line events one request may cost is capped, and the sizes that C code works through are
capped by the request limit (65,536 characters).
"""

from __future__ import annotations

import json
import sys
import time
from types import FrameType
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import handle
from tests.engine.boundary import (GOLDEN, HOSTILE_VALUES, RAW_HOSTILE, check_response, deep, mutate,
                                   paths, sample, valid_requests)

#: the most Python line events one request may take (a 500-step scenario is the largest
#: legitimate request; a check of a busy position takes about 2,000)
WORK_BUDGET = 3_000_000
VALID = valid_requests()
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class _Budget:
    def __init__(self) -> None:
        self.events = 0

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        self.events += 1
        return self


def call(request: str) -> dict[str, Any]:
    budget = _Budget()
    started = time.perf_counter()
    sys.settrace(budget)
    try:
        response = handle(request)
    finally:
        sys.settrace(None)
    assert budget.events <= WORK_BUDGET, (budget.events, request[:300])
    assert time.perf_counter() - started < 60, request[:300]   # a hang guard only
    return check_response(request, response)


# -- strategies ---------------------------------------------------------------------------

json_leaf = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
             | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
             | st.sampled_from(HOSTILE_VALUES))
json_value = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=5)
                          | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                          max_leaves=25)
FNS = ["check", "apply", "legal_actions", "deal", "points", "scenario", "rule_url", "hand_points",
       "winner_points", "game_winner", "alternative_winner", "add_round", "nope", ""]


@st.composite
def near_valid(draw: st.DrawFn) -> str:
    req = json.loads(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(req)))
        how = draw(st.sampled_from(["replace", "remove", "extra", "wrap"]))
        req = mutate(req, path, how, draw(json_value))
    return json.dumps(req, ensure_ascii=draw(st.booleans()))


@st.composite
def shaped(draw: st.DrawFn) -> str:
    """A request of the right shape with arbitrary arguments."""
    req: dict[str, Any] = {"id": draw(json_leaf), "fn": draw(st.sampled_from(FNS)),
                           "args": draw(st.dictionaries(
                               st.sampled_from(["position", "action", "rules", "lang", "players",
                                                "seed", "deck", "dealer", "cards", "hands",
                                                "winner", "totals", "target", "actions",
                                                "alternative", "rule", "rule_id", "x"]),
                               json_value, max_size=5))}
    return json.dumps(req, ensure_ascii=draw(st.booleans()))


@st.composite
def texty(draw: st.DrawFn) -> str:
    """Text that is almost JSON: cut, spliced, with raw surrogates and constants."""
    base = draw(st.sampled_from(VALID + RAW_HOSTILE[:20]))
    cut = draw(st.integers(0, len(base)))
    insert = draw(st.sampled_from(["", "NaN", "Infinity", "-Infinity", "1e400", "\ud800",
                                   "\\ud800", "[[[[", "}", '"', "\\", "\x00", ",", "1" * 30]))
    return base[:cut] + insert + base[cut:]


REQUESTS = (st.sampled_from(VALID) | near_valid() | shaped() | texty()
            | st.text(max_size=60) | json_value.map(json.dumps)
            | st.integers(1, 40).map(lambda d: '{"id": 1, "fn": "points", "args": {"cards": '
                                     + deep(d) + "}}"))


@SETTINGS
@given(REQUESTS)
def test_handle_always_answers_within_the_contract(request: str) -> None:
    call(request)


def test_the_golden_requests_within_the_budget() -> None:
    """The suite's own requests (right and deliberately wrong) answer as recorded."""
    for fx in json.loads(GOLDEN.read_text(encoding="utf-8")):
        assert call(fx["request"]) == fx["response"], fx["request"][:200]


def test_the_fixed_hostile_sample() -> None:
    """The same sample that runs inside Pyodide (tests/pyodide/test_pyodide_boundary.py)."""
    answers = [call(r) for r in sample(400, seed=8)]
    assert sum(a["ok"] for a in answers) > 50
    assert sum(not a["ok"] for a in answers) > 150
    fields = {a["error"]["field"] for a in answers if not a["ok"]}
    assert {"request", "fn", "id", "args"} <= {f.split(".")[0].split("[")[0] for f in fields}


def test_a_real_worker_request_echoes_its_id() -> None:
    for rid in (0, 41, "a1", None):
        out = call(json.dumps({"id": rid, "fn": "points", "args": {"cards": ["R1"]}}))
        assert out["id"] == rid and out["result"] == 1
