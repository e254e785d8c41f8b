"""The golden verdicts: what the referee says, in each language, about the situations of
``positions.json`` (see ``harvest.py``), and every message template once. The files in
``golden/`` are for native reviewers; ``python -m tests.messages.golden_gen`` rewrites them, and
``test_golden_messages.py`` checks that they are current.

Each situation shows the table (the cards by their printed names, in the language), the action,
the verdict with the rule it rests on, the reason, and what happens next, in order. Players get
the names of ``scenarios/cast.json`` in each language; players without a name stay numbered.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import rules_core
from rules_core.actions import Action
from rules_core.legality import judge
from rules_core.messages import CATALOGUES, card_name, color_name, render, rule_name
from rules_core.play import step
from rules_core.rules import Rules
from rules_core.state import State
from rules_core.terms import LANGS

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
POSITIONS = HERE / "positions.json"
GOLDEN = HERE / "golden"
CAST: dict[str, list[str]] = json.loads((ROOT / "scenarios" / "cast.json").read_text("utf-8"))
#: at most this many situations per shape (verdict key + effect keys), so the files stay readable
PER_SHAPE = 6

Event = tuple[str, dict[str, Any]]


def situations() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(POSITIONS.read_text(encoding="utf-8"))
    return data


def localize(position: Any, lang: str) -> Any:
    """The position with the language's cast names for the named players (Ann -> Anna...)."""
    if not isinstance(position, dict) or not isinstance(position.get("players"), list):
        return position
    out = copy.deepcopy(position)
    cast = CAST[lang]
    for i, player in enumerate(out["players"]):
        if isinstance(player, dict) and player.get("name") and i < len(cast):
            player["name"] = cast[i]
    return out


def trace(position: Any, action: Any, rules: Any) -> tuple[Any, list[Event]] | None:
    """The verdict and the effects as data (message keys and parameters); None for bad input."""
    try:
        r = Rules.from_json(rules)
        state = State.from_json(position, r)
        act = Action.from_json(action, len(state.hands))
    except ValueError:
        return None
    verdict = judge(state, act, r)
    events: list[Event] = []
    if verdict.legal or verdict.bluff:
        step(state, act, r, events)
    return verdict, events


def shape(item: dict[str, Any]) -> str:
    got = trace(item["position"], item["action"], item["rules"])
    if got is None:
        res = rules_core.check(item["position"], item["action"], item["rules"])
        return "error " + res["error"]["key"]
    verdict, events = got
    return " ".join([verdict.key, *(k for k, _ in events)])


def selected() -> list[dict[str, Any]]:
    """The situations, at most PER_SHAPE of each shape, in the harvest's order."""
    seen: Counter[str] = Counter()
    out = []
    for item in situations():
        s = shape(item)
        seen[s] += 1
        if seen[s] <= PER_SHAPE:
            out.append(item)
    return out


def _cards(hand: Any, lang: str) -> str:
    if isinstance(hand, int):
        return f"{hand} ?"
    return ", ".join(card_name(c, lang) for c in hand) or "–"


def describe(position: Any, action: Any, rules: Any, lang: str) -> list[str]:
    """The table and the action, in brief (the cards by their printed names)."""
    try:
        state = State.from_json(position, Rules.from_json(rules))
    except ValueError:
        return [f"input: {json.dumps(position, ensure_ascii=False)[:300]}"]
    names = [n or f"#{i + 1}" for i, n in enumerate(state.names)]
    hands = " · ".join(f"{names[i]}: {_cards(list(h), lang)}" for i, h in enumerate(state.hands))
    lines = [f"hands: {hands}"]
    top = card_name(state.discard[-1], lang)
    color = color_name(state.color, lang)
    extra = [f"top: {top} (colour: {color})", f"to play: {names[state.turn]}",
             f"direction: {'+1' if state.direction == 1 else '-1'}",
             f"draw pile: {len(state.pile)}"]
    if state.pending is not None:
        extra.append(f"waiting: {state.pending.cards} ({card_name(state.pending.card, lang)})")
    if state.drawn is not None:
        extra.append(f"just drawn: {card_name(state.drawn, lang)}")
    if state.catchable:
        extra.append("can be caught: " + ", ".join(names[j] for j in state.catchable))
    lines.append(" | ".join(extra))
    if rules:
        lines.append("rules: " + ", ".join(f"{k}={v}" for k, v in sorted(rules.items())))
    act = dict(action) if isinstance(action, dict) else {"?": action}
    who = act.pop("player", None)
    who_name = names[who] if isinstance(who, int) and 0 <= who < len(names) else names[state.turn]
    parts = [str(act.pop("type", "?"))]
    if "card" in act:
        parts.append(card_name(str(act.pop("card")), lang))
    if "color" in act:
        parts.append("naming " + color_name(str(act.pop("color")), lang))
    if "target" in act:
        t = act.pop("target")
        parts.append("with " + (names[t] if isinstance(t, int) and 0 <= t < len(names) else str(t)))
    if act.pop("uno", False):
        parts.append("+ UNO!")
    lines.append(f"action: {who_name} – {' '.join(parts)}")
    return lines


def render_situation(n: int, item: dict[str, Any], lang: str) -> list[str]:
    position = localize(item["position"], lang)
    res = rules_core.check(position, item["action"], item["rules"], lang)
    out = [f"### {n}. {item['source']}", *describe(position, item["action"], item["rules"], lang)]
    if "error" in res:
        out.append(f"→ error ({res['error']['field']}): {res['error']['message']}")
        return out
    verdict = "LEGAL" if res["legal"] else ("BLUFF (illegal, may be played)" if res.get("bluff")
                                            else "ILLEGAL")
    out.append(f"→ {verdict} · {res['rule_name']}")
    out.append(f"  {res['reason']}")
    out += [f"  – {e}" for e in res["effects"]]
    return out


# Parameters for rendering every template once (keys the situations above may not reach).
SAMPLE_NAMES = {lang: CAST[lang] for lang in LANGS}
SAMPLES: dict[str, dict[str, Any]] = {
    "bad_player": {"value": 4}, "bad_target": {"value": 5},
    "match_rank": {"card": "BS", "top": "RS", "color": "R"},
    "match_rank_number": {"card": "B7", "top": "R7", "color": "R"},
    "err_card_type": {"value": "7"}, "err_card_code": {"value": "P7"},
    "err_color": {"value": "P"}, "err_rules_unknown": {"option": "stack"},
    "err_rules_bool": {"option": "stacking"},
    "err_rules_value": {"option": "deck", "values": "108, 112-swap, 112-shuffle, 112-blank"},
    "err_unknown_key": {"name": "hands"}, "err_player_count": {"count": 11},
    "err_direction": {"value": "2"}, "err_color_contradicts": {"color": "B", "card": "R7"},
    "err_color_required": {"card": "W"}, "err_card_edition": {"card": "WX", "deck": "108"},
    "err_card_copies": {"card": "R1", "count": 3, "max": 2, "deck": "112-swap"},
    "err_card_total": {"count": 113, "max": 112, "deck": "112-blank"},
    "err_pending_top": {"card": "Y+2", "top": "G5"}, "err_drawn_not_in_hand": {"card": "B9"},
    "err_index_range": {"value": 4, "max": 2}, "err_count_range": {"value": 200},
    "err_action_type": {"value": "jump", "values": "play, draw, pass, challenge, color, uno, catch"},
    "err_deck_small": {"count": 12, "min": 15}, "err_fn": {"value": "score"},
    "err_args": {"value": "check() got an unexpected keyword argument 'x'"},
    "err_lang": {"value": "de", "values": "en, sk, cs, pl, hu, et"},
}


def template_samples(lang: str, seen: dict[str, dict[str, Any]]) -> list[str]:
    out = ["## Every template once", ""]
    for key in CATALOGUES["en"]:
        if key.startswith("rule."):
            out.append(f"{key}: {rule_name(key[5:], lang)}")
            continue
        params = SAMPLES.get(key) or seen.get(key)
        if params is None:
            params = {"player": 0, "target": 1, "offender": 1, "turn": 1, "card": "G7",
                      "top": "G+2", "drawn": "B5", "cards": ["R7", "R2"], "color": "R",
                      "named": "B", "count": 2, "points": 23, "value": 3}
        out.append(f"{key}: {render(key, params, lang, SAMPLE_NAMES[lang])}")
    return out


def build(lang: str) -> str:
    items = selected()
    lines = [f"# What the referee says ({lang}): {len(items)} situations, then every template",
             "", "Cards in the situation lines are the printed names; the sentences are what "
             "the referee shows.", ""]
    seen: dict[str, dict[str, Any]] = {}
    for n, item in enumerate(items, 1):
        lines += render_situation(n, item, lang)
        lines.append("")
        got = trace(localize(item["position"], "en"), item["action"], item["rules"])
        if got is not None:
            verdict, events = got
            seen.setdefault(verdict.key, verdict.params)
            for k, p in events:
                seen.setdefault(k, p)
    lines += template_samples(lang, seen)
    return "\n".join(lines) + "\n"


def paths() -> dict[str, Path]:
    return {lang: GOLDEN / f"{lang}.txt" for lang in LANGS}


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for lang, path in paths().items():
        path.write_text(build(lang), encoding="utf-8")
        print(f"wrote {path}")
