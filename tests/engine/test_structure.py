"""The engine's structure: modules import one way (no circle), value types are frozen and
round-trip through JSON, one parser or builder for each thing, and no cache outside a Game."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import Action, Game, Pending, Result
from rules_core.cards import ALL_CARDS, COLORS
from rules_core.errors import ActionError, PositionError

PACKAGE = Path(__file__).resolve().parents[2] / "rules_core"


def imports_of(path: Path, top_level: bool = True) -> set[str]:
    """The rules_core modules a module imports when it is imported (``top_level``), or
    anywhere in it (inside functions too); ``TYPE_CHECKING`` blocks aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for n in ast.walk(node)}
        if top_level and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skip |= {id(n) for n in ast.walk(node)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules_core"):
            if node.module == "rules_core":
                # ``from rules_core import forms``: the submodules, not the package's __init__
                out |= {f"rules_core.{a.name}" for a in node.names}
            else:
                out.add(node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("rules_core")}
    return out


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_modules_import_one_way() -> None:
    """No circle among the imports a module makes when it is imported. (One late import is
    left on purpose: an error renders its English message through the catalogues when it is
    raised, errors -> messages, inside a method.)"""
    graph = {module_name(p): imports_of(p) for p in PACKAGE.rglob("*.py")}
    # the package's __init__ gathers everything; nothing inside imports it back
    assert not any("rules_core" in deps for m, deps in graph.items() if m != "rules_core")
    # (a package importing its own submodules, ``from rules_core.messages import en``, is no edge)
    graph = {m: {d for d in deps if d in graph and d not in ("rules_core", m)}
             for m, deps in graph.items()}
    seen: dict[str, str] = {}

    def visit(m: str, trail: tuple[str, ...]) -> None:
        if seen.get(m) == "done":
            return
        assert seen.get(m) != "active", " -> ".join(trail + (m,))
        seen[m] = "active"
        for d in graph[m]:
            visit(d, trail + (m,))
        seen[m] = "done"

    for m in graph:
        visit(m, ())
    # the position does not know about play, not even late (inside a function)
    assert not imports_of(PACKAGE / "state.py", top_level=False) & {
        "rules_core.legality", "rules_core.play", "rules_core.game", "rules_core.facade"}


def all_modules() -> list[str]:
    return sorted(module_name(p) for p in PACKAGE.rglob("*.py"))


def test_each_module_imports_alone() -> None:
    """Every module imports first, in a fresh interpreter, with nothing imported before it:
    an import circle would fail here whichever module of it came first."""
    modules = all_modules()
    assert len(modules) >= 25
    script = ("import importlib, sys\n"
              "m = importlib.import_module(sys.argv[1])\n"
              "assert m.__name__ == sys.argv[1]\n")
    failed = {}
    for m in modules:
        proc = subprocess.run([sys.executable, "-c", script, m], capture_output=True, text=True,
                              cwd=PACKAGE.parent, timeout=60)
        if proc.returncode != 0:
            failed[m] = proc.stderr.strip().splitlines()[-1:]
    assert failed == {}


#: modules whose values are immutable: nothing in them may keep state between calls
IMMUTABLE = ("state.py", "legality.py", "play.py", "actions.py", "pending.py", "result.py",
             "cards.py", "rules.py", "inputs.py", "limits.py", "catalogue.py", "scoring.py",
             "deal.py")
_MUTATORS = {"append", "extend", "insert", "update", "setdefault", "add", "pop", "popitem",
             "clear", "remove", "discard", "__setitem__"}


def test_no_cache_in_a_module_of_immutable_values() -> None:
    """No module-level container that a function fills in (a cache), no ``functools`` cache
    decorator, no ``global``: the only cache is a Game's own (``Game._offered``)."""
    for name in IMMUTABLE:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        module_names = set()
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, ast.AnnAssign) else [])
            module_names |= {t.id for t in targets if isinstance(t, ast.Name)}
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for deco in fn.decorator_list:
                assert "cache" not in ast.unparse(deco), (name, fn.name)
            for node in ast.walk(fn):
                assert not isinstance(node, (ast.Global, ast.Nonlocal)), (name, fn.name)
                if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                    targets = (node.targets if isinstance(node, (ast.Assign, ast.Delete))
                               else [node.target])
                    for t in targets:
                        if isinstance(t, (ast.Subscript, ast.Attribute)) and isinstance(
                                t.value, ast.Name):
                            assert t.value.id not in module_names, (name, fn.name,
                                                                    ast.unparse(node))
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in _MUTATORS and isinstance(node.func.value, ast.Name)):
                    assert node.func.value.id not in module_names, (name, fn.name,
                                                                    ast.unparse(node))


def test_no_mutable_module_state_where_immutability_is_promised() -> None:
    """state.py, legality.py and play.py hold no module-level variable that is assigned again
    (no ``global``), so nothing is cached outside a Game."""
    for name in ("state.py", "legality.py", "play.py", "actions.py", "game.py"):
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        assert not any(isinstance(n, ast.Global) for n in ast.walk(tree)), name


def test_one_place_adds_up_a_hand_and_one_parses_a_colour() -> None:
    """Only cards.py looks up card values (hand_value) and tests a text against the colour
    letters (parse_color); the others call them."""
    for path in PACKAGE.rglob("*.py"):
        if path.name == "cards.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "POINTS[" not in text and "POINTS.__getitem__" not in text, path.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn))
                                                     for op in node.ops):
                names = [c.id for c in node.comparators if isinstance(c, ast.Name)]
                assert "COLORS" not in names, (path.name, ast.unparse(node))


def test_one_builder_of_states() -> None:
    """Every State is made by its constructor: no ``State.__new__`` anywhere."""
    for path in PACKAGE.rglob("*.py"):
        assert "State.__new__" not in path.read_text(encoding="utf-8"), path.name


@pytest.mark.parametrize("cls", [Action, Pending, Result])
def test_value_types_are_frozen_dataclasses(cls: type) -> None:
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


# -- round trips ---------------------------------------------------------------------------

players = st.integers(0, 9)
actions = st.one_of(
    st.builds(Action, st.just("play"), st.sampled_from(ALL_CARDS), st.none(), st.none(),
              st.none() | players, st.booleans()).filter(lambda a: a.card[0] in COLORS[0] + "YGB"),
    st.builds(lambda card, color, uno: Action("play", card, color, None, None, uno),
              st.sampled_from(["W", "W+4", "WS", "WC"]), st.sampled_from(COLORS), st.booleans()),
    st.builds(lambda color, target: Action("play", "WX", color, target),
              st.sampled_from(COLORS), players),
    st.builds(lambda c, t: Action("play", c + "7", None, t), st.sampled_from(COLORS), players),
    st.builds(lambda t, p: Action(t, player=p),
              st.sampled_from(["draw", "pass", "challenge", "uno"]), st.none() | players),
    st.builds(lambda p, t: Action("catch", target=t, player=p), st.none() | players, players),
    st.builds(lambda c: Action("color", color=c), st.sampled_from(COLORS)),
)


@settings(deadline=None)
@given(actions)
def test_action_round_trip(a: Action) -> None:
    assert Action.from_json(a.to_json()) == a
    assert hash(Action.from_json(a.to_json())) == hash(a)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.card = "R1"  # type: ignore[misc]


pendings = st.one_of(
    st.builds(lambda k, p, g: Pending(4 * k, p, "W+4", g), st.integers(1, 8), players,
              st.booleans()),
    st.builds(lambda k, p, c: Pending(2 * k, p, c + "+2"), st.integers(1, 8), players,
              st.sampled_from(COLORS)),
)


@settings(deadline=None)
@given(pendings)
def test_pending_round_trip(p: Pending) -> None:
    assert Pending.from_json(p.to_json()) == p


results = st.one_of(
    st.just(Result.blocked_hand()),
    st.builds(lambda w, hp: Result(w, None if None in hp else sum(x for x in hp if x is not None),
                                   hp),
              players, st.lists(st.none() | st.integers(0, 500), min_size=2, max_size=10)
              .map(tuple)),
    st.builds(Result, players),
)


@settings(deadline=None)
@given(results)
def test_result_round_trip(r: Result) -> None:
    assert Result.from_json(r.to_json()) == r


@pytest.mark.parametrize("obj,field", [
    ({"cards": 4, "from": 0, "card": "W+4"}, "pending.guilty"),
    ({"cards": 4, "from": 0, "card": "R+2", "guilty": True}, "pending.guilty"),
    ({"cards": 6, "from": 0, "card": "W+4", "guilty": True, "x": 1}, "pending.x"),
    ({"cards": 34, "from": 0, "card": "W+4", "guilty": True}, "pending.cards"),
    ({"cards": 4, "from": 10, "card": "W+4", "guilty": True}, "pending.from"),
    ({"cards": 4, "from": 0, "card": "R7"}, "pending.card"),
])
def test_pending_from_json_names_the_field(obj: dict[str, object], field: str) -> None:
    with pytest.raises(PositionError) as e:
        Pending.from_json(obj)
    assert e.value.field == field


def test_action_from_json_reads_the_canonical_form_in_a_position() -> None:
    game = Game()
    s = game.state({"players": [{"hand": ["R1", "G2"]}, {"hand": 3}], "discard": ["R3"],
                    "turn": 1})
    assert game.action({"type": "draw", "player": 1}, s) == Action("draw")
    assert game.action({"type": "uno"}, s) == Action("uno", player=1)
    assert game.action({"type": "catch", "target": 0}, s) == Action("catch", target=0, player=1)
    with pytest.raises(ActionError):
        game.action({"type": "play", "card": "R1", "player": 2}, s)
