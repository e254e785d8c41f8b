"""The JSON-level facade: plain dicts and lists in and out, errors as data.

>>> pos = {"players": [{"name": "Ania", "hand": ["R7", "B3", "W+4"]},
...                    {"name": "Bartek", "hand": 5}],
...        "turn": 0, "direction": 1, "discard": ["G7", "R7"], "color": "R",
...        "draw_pile": ["Y3", "B1"]}
>>> r = check(pos, {"type": "play", "card": "W+4", "color": "G"})
>>> r["legal"], r["rule"], r["rule_url"]
(False, 'wild-draw-four', 'rules/#wild-draw-four')
>>> r["reason"]
'Ania has a card of the colour in play (red): the red 7. A +4 is only allowed when you have no card of that colour; played anyway, it is a bluff the next player can challenge.'
>>> check(pos, {"type": "play", "card": "B3"}, lang="hu")["reason"]
'A kék hármas nem rakható a piros hetesre: sem a színe nem egyezik (az érvényes szín: piros), sem a száma vagy a jele.'
>>> check(pos, {"type": "jump"})["error"]["field"]
'action.type'
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from rules_core.actions import Action
from rules_core.catalogue import RULES, rule_url
from rules_core.deal import deal_state
from rules_core.errors import IllegalAction, RulesCoreError
from rules_core.legality import judge
from rules_core.legality import legal_actions as _legal_actions
from rules_core.messages import render, rule_name
from rules_core.play import step
from rules_core.rules import Rules
from rules_core.scoring import (add_round, alternative_winner, game_winner, hand_points,
                                points, winner_points)
from rules_core.state import State
from rules_core.terms import LANGS


def _error(e: RulesCoreError, lang: str) -> dict[str, Any]:
    err: dict[str, Any] = {"field": e.field, "message": render(e.key, e.params, lang),
                           "key": e.key}
    if isinstance(e, IllegalAction):
        err["rule"] = e.rule
    return {"error": err}


def _lang(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LANGS:
        raise RulesCoreError("lang", "err_lang", value=str(lang), values=", ".join(LANGS))
    return lang


def check(position: object, action: object, rules: object = None, lang: str = "en") -> dict[str, Any]:
    """Judge an action: ``{"legal", "rule", "rule_kind", "rule_url", "rule_name", "reason",
    "effects", "next", "alternatives", "why"}``; ``{"error": {"field", "message"}}`` on
    bad input. Never raises."""
    try:
        lang_ok = lang if lang in LANGS else "en"
        try:
            _lang(lang)
            r = Rules.from_json(rules)
            state = State.from_json(position, r)
            act = Action.from_json(action, len(state.hands))
        except RulesCoreError as e:
            return _error(e, lang_ok)
        return _check(state, act, r, lang_ok)
    except Exception as e:  # pragma: no cover - a bug; still never raise
        return {"error": {"field": "internal", "message": f"{type(e).__name__}: {e}",
                          "key": "err_internal"}}


def _check(state: State, act: Action, r: Rules, lang: str) -> dict[str, Any]:
    v = judge(state, act, r)
    names = state.names
    events: list[tuple[str, dict[str, Any]]] = []
    nxt = None
    bluff_next = None
    if v.legal or v.bluff:
        new = step(state, act, r, events)
        if v.legal:
            nxt = new.to_json()
        else:
            bluff_next = new.to_json()
    out: dict[str, Any] = {
        "legal": v.legal,
        "rule": v.rule,
        "rule_kind": RULES[v.rule].kind,
        "rule_url": rule_url(v.rule, lang),
        "rule_name": rule_name(v.rule, lang),
        "reason": render(v.key, v.params, lang, names),
        "effects": [render(k, p, lang, names) for k, p in events],
        "next": nxt,
        "alternatives": [a.to_json() for a in _legal_actions(state, r)],
        "why": {"key": v.key, "params": _jsonable(v.params)},
    }
    if v.bluff:
        out["bluff"] = True
        out["bluff_next"] = bluff_next
    return out


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}


def apply(position: object, action: object, rules: object = None) -> dict[str, Any]:
    """The position after an action; raises :class:`IllegalAction` (a ``ValueError``) when
    illegal, except a Wild Draw Four bluff, which is applied (it can be challenged).
    Malformed input raises the matching ``ValueError`` subclass."""
    r = Rules.from_json(rules)
    state = State.from_json(position, r)
    act = Action.from_json(action, len(state.hands))
    return state.apply(act, r).to_json()


def legal_actions(position: object, rules: object = None) -> list[dict[str, Any]]:
    """Every action any player may take now (``catch``, ``uno``, jump-in included)."""
    r = Rules.from_json(rules)
    state = State.from_json(position, r)
    return [a.to_json() for a in _legal_actions(state, r)]


def deal(players: int | Sequence[str], rules: object = None, seed: int | None = None,
         deck: Sequence[str] | None = None, dealer: int = 0) -> dict[str, Any]:
    """Deal a hand (7 cards each from the dealer's left) and turn up the first card.

    ``players``: a count or a list of names (2 to 10, else ``ValueError``); ``deck``:
    card codes, top first (default: the edition's deck shuffled with ``seed``).
    """
    return deal_state(players, Rules.from_json(rules), seed, deck, dealer).to_json()


def scenario(position: object, actions: object, rules: object = None,
             lang: str = "en") -> list[dict[str, Any]]:
    """Check a sequence of actions from a position; each step is :func:`check` of the
    action on the previous ``next`` (stops after the first illegal one or an error)."""
    if not isinstance(actions, list):
        return [{"error": {"field": "actions", "message": render("err_type_list", {}, lang
                                                                   if lang in LANGS else "en"),
                           "key": "err_type_list"}}]
    out = []
    pos = position
    for a in actions:
        res = check(pos, a, rules, lang)
        out.append(res)
        if "error" in res or not res["legal"]:
            break
        pos = res["next"]
    return out


_FNS: dict[str, Any] = {
    "check": check, "apply": apply, "legal_actions": legal_actions, "deal": deal,
    "points": points, "scenario": scenario, "rule_url": rule_url,
    "hand_points": hand_points, "winner_points": winner_points, "game_winner": game_winner,
    "alternative_winner": alternative_winner, "add_round": add_round,
}


def handle(request_json: str) -> str:
    """The browser worker's entry point: a JSON request in, a JSON response out.

    ``{"id": .., "fn": "check", "args": {..}}`` -> ``{"id": .., "ok": true, "result": ..}``
    or ``{"id": .., "ok": false, "error": {"field": .., "message": ..}}``. Never raises.

    >>> handle('{"id": 1, "fn": "points", "args": {"cards": ["R7", "W"]}}')
    '{"id": 1, "ok": true, "result": 57}'
    >>> handle('{"id": 2, "fn": "nope", "args": {}}')
    '{"id": 2, "ok": false, "error": {"field": "fn", "message": "unknown function \\'nope\\'", "key": "err_fn"}}'
    """
    rid: Any = None
    lang = "en"
    try:
        try:
            req = json.loads(request_json)
        except (TypeError, ValueError):
            return json.dumps({"id": None, "ok": False, "error": {
                "field": "request", "message": render("err_json", {}, "en"), "key": "err_json"}},
                ensure_ascii=False)
        if not isinstance(req, dict):
            return _fail(None, RulesCoreError("request", "err_type_object"), lang)
        rid = req.get("id")
        args = req.get("args", {})
        if args is None:
            args = {}
        if not isinstance(args, dict):
            return _fail(rid, RulesCoreError("args", "err_type_object"), lang)
        if args.get("lang") in LANGS:
            lang = args["lang"]
        fn = _FNS.get(req.get("fn"))  # type: ignore[arg-type]
        if fn is None:
            return _fail(rid, RulesCoreError("fn", "err_fn", value=str(req.get("fn"))), lang)
        try:
            result = fn(**args)
        except RulesCoreError as e:
            return _fail(rid, e, lang)
        except TypeError as e:
            return _fail(rid, RulesCoreError("args", "err_args", value=str(e)), lang)
        if isinstance(result, dict) and set(result) == {"error"}:
            return json.dumps({"id": rid, "ok": False, "error": result["error"]},
                              ensure_ascii=False)
        return json.dumps({"id": rid, "ok": True, "result": result}, ensure_ascii=False)
    except Exception as e:  # never raise
        try:
            return json.dumps({"id": rid, "ok": False, "error": {
                "field": "internal", "message": f"{type(e).__name__}: {e}",
                "key": "err_internal"}}, ensure_ascii=False, default=str)
        except Exception:
            return '{"id": null, "ok": false, "error": {"field": "internal", "message": "?"}}'


def _fail(rid: Any, e: RulesCoreError, lang: str) -> str:
    return json.dumps({"id": rid, "ok": False, **_error(e, lang)}, ensure_ascii=False,
                      default=str)
