"""Property tests: random games conserve cards, stay consistent, end; legal_actions and
check agree; facade fuzzing never raises and names the field."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules_core
from rules_core import Action, Rules, State
from rules_core.cards import COLORS, DECKS, UNKNOWN
from rules_core.legality import judge

RULE_SETS = [
    Rules(), Rules(stacking=True), Rules(stacking=True, stack_plus4_on_plus2=True),
    Rules(seven_o=True), Rules(jump_in=True), Rules(draw_to_match=True),
    Rules(draw_to_match=True, draw_to_match_cap=3, force_play=True), Rules(one_round=True),
    Rules(deck="112-swap", uno_penalty=4), Rules(deck="112-shuffle", jump_in=True, seven_o=True),
    Rules(deck="112-blank", first_wild="reshuffle"),
]
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def census(s: State) -> Counter[str]:
    c: Counter[str] = Counter(s.discard)
    c.update(s.pile)
    for h in s.hands:
        c.update(h)
    return c


def consistent(s: State, r: Rules) -> None:
    n = len(s.hands)
    assert 2 <= n <= 10 and 0 <= s.turn < n and s.direction in (1, -1)
    assert s.discard
    if s.color is None:
        assert s.top in ("W", "WX", "WS", "WC") and len(s.discard) == 1
    elif s.top[0] in COLORS and s.top not in ("W", "W+4", "WX", "WS", "WC"):
        assert s.color == s.top[0]
    if s.pending is not None:
        assert s.top == s.pending.card
    if s.drawn is not None:
        assert s.drawn in s.hands[s.turn]
    assert all(0 <= j < n for j in s.catchable)
    if s.result is not None:
        assert not s.hands[s.result.winner]
    deck = DECKS[r.deck]
    for card, k in census(s).items():
        assert card == UNKNOWN or k <= deck[card]
    assert State.from_json(s.to_json(), r) == s


def policy(rng: random.Random, acts: list[Action]) -> Action:
    plays = [a for a in acts if a.type == "play"]
    return rng.choice(plays) if plays else rng.choice(acts)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 7),
       rules=st.sampled_from(RULE_SETS), dealer=st.integers(0, 6))
def test_random_games(seed: int, players: int, rules: Rules, dealer: int) -> None:
    rng = random.Random(seed)
    s = State.from_json(rules_core.deal(players, rules.to_json(), seed=seed,
                                        dealer=dealer % players), rules)
    full = census(s)
    assert sum(full.values()) == sum(DECKS[rules.deck].values())
    for _ in range(4000):
        consistent(s, rules)
        acts = s.legal_actions(rules)
        if not acts:
            break
        s = s.apply(policy(rng, acts), rules)
        assert census(s) == full
    assert s.result is not None, "the game did not end"


def candidates(s: State, rules: Rules) -> list[Action]:
    n = len(s.hands)
    out = [Action("draw"), Action("pass"), Action("challenge")]
    out += [Action("color", color=c) for c in COLORS]
    for j in range(n):
        out.append(Action("uno", player=j))
        out += [Action("catch", player=i, target=j) for i in range(n)]
    for p in range(n):
        jumper = None if p == s.turn else p
        hand = s.hands[p]
        unos = (False, True) if len(hand) == 2 else (False,)
        for card in set(hand) - {UNKNOWN}:
            wild = card in ("W", "W+4", "WX", "WS", "WC")
            colors: tuple[str | None, ...] = COLORS if wild else (None,)
            targets: tuple[int | None, ...] = (None,)
            if card == "WX" or (rules.seven_o and card[1:] == "7"):
                targets = tuple(range(n))
            for c in colors:
                for t in targets:
                    for u in unos:
                        out.append(Action("play", card, c, t, jumper, u))
    return out


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5),
       rules=st.sampled_from(RULE_SETS), steps=st.integers(0, 60))
def test_legal_actions_agree_with_check(seed: int, players: int, rules: Rules,
                                        steps: int) -> None:
    rng = random.Random(seed)
    s = State.from_json(rules_core.deal(players, rules.to_json(), seed=seed), rules)
    for _ in range(steps):
        acts = s.legal_actions(rules)
        if not acts:
            break
        s = s.apply(policy(rng, acts), rules)
    legal = set(s.legal_actions(rules))
    for a in candidates(s, rules):
        v = judge(s, a, rules)
        assert v.legal == (a in legal), (a, v, s.to_json())
    pos = s.to_json()
    for a in rng.sample(sorted(legal, key=repr), min(3, len(legal))):
        res = rules_core.check(pos, a.to_json(), rules.to_json())
        assert res["legal"] is True and res["next"] is not None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=4)
    | st.sampled_from(["R7", "W+4", "w", "?", "G", "play", "draw", "108"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["players", "hand", "name", "turn", "type", "card", "color", "target",
                         "player", "discard", "draw_pile", "pending", "stacking", "x"]),
        inner, max_size=4),
    max_leaves=12)

BASE = {"players": [{"name": "A", "hand": ["R7", "B3", "W+4"]}, {"hand": 5}], "turn": 0,
        "direction": 1, "discard": ["G7", "R7"], "color": "R", "draw_pile": ["Y3", "B1"]}


@settings(max_examples=150, deadline=None)
@given(position=JSON, action=JSON, rules=JSON, lang=st.sampled_from(["en", "sk", "xx", 3]))
def test_fuzz_check_never_raises(position: Any, action: Any, rules: Any, lang: Any) -> None:
    res = rules_core.check(position, action, rules, lang)
    assert isinstance(res, dict)
    if "error" in res:
        assert isinstance(res["error"]["field"], str) and res["error"]["field"]
        assert isinstance(res["error"]["message"], str) and res["error"]["message"]
        assert res["error"]["field"] != "internal", res
    json.dumps(res)


@settings(max_examples=150, deadline=None)
@given(key=st.sampled_from(["players", "turn", "direction", "discard", "color", "draw_pile",
                            "pending", "drawn", "catchable", "seed", "result"]),
       value=JSON, action=st.sampled_from([{"type": "draw"}, {"type": "play", "card": "R7"}]))
def test_fuzz_position_field_named(key: str, value: Any, action: dict[str, Any]) -> None:
    pos = json.loads(json.dumps(BASE))
    pos[key] = value
    res = rules_core.check(pos, action)
    if "error" in res:
        field = res["error"]["field"]
        assert field.split("[")[0].split(".")[0] in (key, "cards", "color"), (key, res)


@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(["type", "card", "color", "target", "player", "uno", "zz"]),
       value=JSON)
def test_fuzz_action_field_named(key: str, value: Any) -> None:
    action: dict[str, Any] = {"type": "play", "card": "R7"}
    action[key] = value
    res = rules_core.check(BASE, action)
    if "error" in res:
        assert res["error"]["field"].startswith("action"), res


@settings(max_examples=100, deadline=None)
@given(req=st.text(max_size=30) | JSON.map(json.dumps))
def test_fuzz_handle_never_raises(req: str) -> None:
    out = json.loads(rules_core.handle(req))
    assert out["ok"] in (True, False)
