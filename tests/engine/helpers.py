"""Expectation paths for the scenarios: ``a.b.0.c``, ``x.length``, ``x.contains``."""

from __future__ import annotations

from typing import Any

MISSING = object()


def get(obj: Any, path: str) -> Any:
    for part in path.split("."):
        if part == "length":
            return len(obj) if isinstance(obj, list) else obj
        if isinstance(obj, dict):
            obj = obj.get(part, None)
        elif isinstance(obj, list):
            obj = obj[int(part)]
        else:
            return MISSING
    return obj


def mismatches(result: Any, expect: dict[str, Any]) -> list[str]:
    out = []
    for path, want in expect.items():
        if path.endswith(".contains"):
            got = get(result, path[: -len(".contains")])
            if not (isinstance(got, str) and want in got):
                out.append(f"{path}: {want!r} not in {got!r}")
            continue
        got = get(result, path)
        if got != want:
            out.append(f"{path}: want {want!r}, got {got!r}")
    return out
