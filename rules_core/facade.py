"""The JSON-level facade: plain dicts and lists in and out, errors as data.

>>> pos = {"players": [{"name": "Ania", "hand": ["R7", "B3", "W+4"]},
...                    {"name": "Bartek", "hand": 5}],
...        "turn": 0, "direction": 1, "discard": ["G7", "R7"], "color": "R",
...        "draw_pile": ["Y3", "B1"]}
>>> r = check(pos, {"type": "play", "card": "W+4", "color": "G"})
>>> r["legal"], r["rule"], r["rule_url"]
(False, 'wild-draw-four', 'rules/#wild-draw-four')
>>> r["reason"]
'Ania holds the colour in play (red): the red 7. A +4 is only allowed when you have no card of that colour; played anyway, it is a bluff the next player can challenge.'
>>> check(pos, {"type": "play", "card": "B3"}, lang="hu")["reason"]
'A kék hármas nem rakható a piros hetesre: sem a színe nem egyezik (az érvényes szín: piros), sem a száma vagy a jele.'
>>> check(pos, {"type": "jump"})["error"]["field"]
'action.type'

Limits (every one checked before any work is done; the error names the input and
quotes the limit, in the language asked for): 2 to 10 players; at most 112 cards in a
hand, a pile, a deck or a list to score; names of at most 40 characters; seeds 0 to
2**53 - 1; at most 500 steps in a scenario; a request to :func:`handle` of at most
65,536 characters, nested at most 16 levels deep (:mod:`rules_core.limits`).

An error caused by a rule of the game (a position no game can reach) carries the rule's
id and link, like a verdict:

>>> e = check({"players": [{"hand": ["R1"]}, {"hand": 3}], "discard": ["W+4"],
...            "color": None}, {"type": "color", "color": "B"})["error"]
>>> e["field"], e["rule"], e["rule_url"]
('discard', 'first-card', 'rules/#first-card')
"""

from __future__ import annotations

import inspect
import json
import math
import re
from typing import Any, Callable, Final, Sequence

from rules_core.actions import Action
from rules_core.catalogue import RULES
from rules_core.catalogue import rule_url as _rule_url
from rules_core.errors import IllegalAction, RequestError, RulesCoreError
from rules_core.game import Game
from rules_core.inputs import need_choice, need_list, need_object, need_text, shown, well_formed
from rules_core.limits import MAX_DEPTH, MAX_ID, MAX_REQUEST, MAX_STEPS
from rules_core.messages import render, rule_name
from rules_core.scoring import (add_round, alternative_winner, game_winner, hand_points,
                                points, winner_points)
from rules_core.state import State
from rules_core.terms import LANGS


def _error(e: RulesCoreError, lang: str) -> dict[str, Any]:
    err: dict[str, Any] = {"field": e.field, "message": render(e.key, e.params, lang),
                           "key": e.key}
    if e.rule is not None:
        err["rule"] = e.rule
        if not isinstance(e, IllegalAction):
            err["rule_url"] = _rule_url(e.rule, lang)
            err["rule_name"] = rule_name(e.rule, lang)
    return {"error": err}


def _lang(lang: object) -> str:
    return need_choice(lang, "lang", RequestError, LANGS, "err_lang", values=", ".join(LANGS))


def check(position: object, action: object, rules: object = None, lang: str = "en") -> dict[str, Any]:
    """Judge an action: ``{"legal", "rule", "rule_kind", "rule_url", "rule_name", "reason",
    "effects", "next", "alternatives", "why"}``; ``{"error": {"field", "message", "key"}}``
    on bad input (plus ``"rule"``, ``"rule_url"``, ``"rule_name"`` when a rule of the
    game is why the position cannot be). Never raises."""
    lang_ok = lang if isinstance(lang, str) and lang in LANGS else "en"
    try:
        try:
            _lang(lang)
            game = Game(rules)
            state = State.from_json(position, game.rules)
            act = game.action(action, state)
        except RulesCoreError as e:
            return _error(e, lang_ok)
        return _check(game, state, act, lang_ok)
    except Exception as e:  # pragma: no cover - a bug; still never raise
        return _internal(e)


def _internal(e: Exception) -> dict[str, Any]:
    return {"error": {"field": "internal", "message": shown(f"{type(e).__name__}: {e}", 200),
                      "key": "err_internal"}}


def _check(game: Game, state: State, act: Action, lang: str) -> dict[str, Any]:
    v = game.judge(state, act)
    names = state.names
    events: list[tuple[str, dict[str, Any]]] = []
    nxt = None
    bluff_next = None
    if v.legal or v.bluff:
        new = game.after(state, act, events)
        if v.legal:
            nxt = new.to_json()
        else:
            bluff_next = new.to_json()
    out: dict[str, Any] = {
        "legal": v.legal,
        "rule": v.rule,
        "rule_kind": RULES[v.rule].kind,
        "rule_url": _rule_url(v.rule, lang),
        "rule_name": rule_name(v.rule, lang),
        "reason": render(v.key, v.params, lang, names),
        "effects": [render(k, p, lang, names) for k, p in events],
        "next": nxt,
        "alternatives": list(map(Action.to_json, game.legal_actions(state))),
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
    game = Game(rules)
    state = State.from_json(position, game.rules)
    return game.apply(state, game.action(action, state)).to_json()


def legal_actions(position: object, rules: object = None) -> list[dict[str, Any]]:
    """Every action any player may take now (``catch``, ``uno``, jump-in included)."""
    game = Game(rules)
    state = State.from_json(position, game.rules)
    return list(map(Action.to_json, game.legal_actions(state)))


def deal(players: int | Sequence[str], rules: object = None, seed: int | None = None,
         deck: Sequence[str] | None = None, dealer: int = 0) -> dict[str, Any]:
    """Deal a hand (7 cards each from the dealer's left) and turn up the first card.

    ``players``: a count or a list of names (2 to 10, else ``ValueError``); ``deck``:
    card codes, top first (default: the edition's deck shuffled with ``seed``).
    """
    return Game(rules).deal(players, seed, deck, dealer).to_json()


def scenario(position: object, actions: object, rules: object = None,
             lang: str = "en") -> list[dict[str, Any]]:
    """Check a sequence of at most 500 actions from a position; each step is :func:`check`
    of the action on the previous ``next`` (stops after the first illegal one or an
    error)."""
    lang_ok = lang if isinstance(lang, str) and lang in LANGS else "en"
    try:
        steps = need_list(actions, "actions", RequestError, MAX_STEPS)
    except RulesCoreError as e:
        return [_error(e, lang_ok)]
    out = []
    pos = position
    for a in steps:
        res = check(pos, a, rules, lang)
        out.append(res)
        if "error" in res or not res["legal"]:
            break
        pos = res["next"]
    return out


def rule_url(rule_id: str | None = None, lang: str = "en", rule: str | None = None) -> str:
    """Site-relative URL of a rule's paragraph in a language (``rule`` is another name
    for ``rule_id``)."""
    rid = rule_id if rule_id is not None else rule
    field = "rule_id" if rule_id is not None or rule is None else "rule"
    rid = need_choice(rid, field, RequestError, tuple(RULES), "err_rule_id")
    return _rule_url(rid, _lang(lang))


_FNS: Final[dict[str, Callable[..., Any]]] = {
    "check": check, "apply": apply, "legal_actions": legal_actions, "deal": deal,
    "points": points, "scenario": scenario, "rule_url": rule_url,
    "hand_points": hand_points, "winner_points": winner_points, "game_winner": game_winner,
    "alternative_winner": alternative_winner, "add_round": add_round,
}
#: each function's argument names: (all, required)
_PARAMS: Final[dict[str, tuple[frozenset[str], frozenset[str]]]] = {
    name: (frozenset(inspect.signature(fn).parameters),
           frozenset(p.name for p in inspect.signature(fn).parameters.values()
                     if p.default is inspect.Parameter.empty))
    for name, fn in _FNS.items()}
_REQUEST_KEYS: Final = frozenset({"id", "fn", "args"})
#: the tokens that matter for nesting: a whole string (escapes included; an unterminated
#: one runs to the end), or a bracket
_TOKENS: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[{]|[\]}]', re.DOTALL)

#: where a request names its language (read only when the request cannot be parsed)
_LANG_HINT: Final = re.compile(r'"lang"\s*:\s*"(' + "|".join(LANGS) + r')"')


def _depth_over(text: str, limit: int) -> bool:
    """Whether JSON text nests deeper than ``limit`` (one linear pass, no recursion)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for tok in _TOKENS.findall(text):
        c = tok[0]
        if c == "[" or c == "{":
            depth += 1
            if depth > limit:
                return True
        elif c == "]" or c == "}":
            depth -= 1
    return False


def _no_constant(name: str) -> Any:
    raise RequestError("request", "err_json_number", value=name)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RequestError("request", "err_json_number", value=shown(text))
    return value


def _bad_text(obj: Any) -> str | None:
    """The path of the first string (or key) that is not valid Unicode, if any."""
    stack: list[tuple[Any, str]] = [(obj, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if not well_formed(value):
                return path or "request"
        elif isinstance(value, dict):
            for k, v in value.items():
                if not well_formed(k):
                    return path or "request"
                stack.append((v, f"{path}.{k}" if path else k))
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(value))
    return None


def _request_id(value: object) -> Any:
    if value is None or (type(value) is int and abs(value) <= 2**53 - 1):
        return value
    if isinstance(value, str) and len(value) <= MAX_ID:
        if not well_formed(value):
            raise RequestError("id", "err_text_invalid")
        return value
    raise RequestError("id", "err_id", max=MAX_ID)


def handle(request_json: str) -> str:
    """The browser worker's entry point: a JSON request in, a JSON response out.

    ``{"id": .., "fn": "check", "args": {..}}`` -> ``{"id": .., "ok": true, "result": ..}``
    or ``{"id": .., "ok": false, "error": {"field": .., "message": .., "key": ..}}``.
    ``fn`` is one of ``check``, ``apply``, ``legal_actions``, ``deal``, ``points``,
    ``scenario``, ``rule_url``, ``hand_points``, ``winner_points``, ``game_winner``,
    ``alternative_winner``, ``add_round``; ``args`` their arguments by name (``lang``
    also picks the language of an error, even of a request too long or too deep to read). ``id``: ``null``, a whole number or a string of
    at most 100 characters, echoed back.

    Never raises. The response is always strict JSON (no ``NaN`` or ``Infinity``) and valid
    UTF-8, and an error names the field. Before any work: at most 65,536 characters, nested
    at most 16 levels deep, strict JSON, every string valid Unicode.

    >>> handle('{"id": 1, "fn": "points", "args": {"cards": ["R7", "W"]}}')
    '{"id": 1, "ok": true, "result": 57}'
    >>> handle('{"id": 2, "fn": "nope", "args": {}}')
    '{"id": 2, "ok": false, "error": {"field": "fn", "message": "unknown function \\'nope\\'", "key": "err_fn"}}'
    >>> json.loads(handle('{"id": NaN, "fn": "points", "args": {"cards": []}}'))["error"]
    {'field': 'request', 'message': 'JSON has no such number: NaN', 'key': 'err_json_number'}
    """
    rid: Any = None
    lang = "en"
    try:
        try:
            if not isinstance(request_json, str):
                raise RequestError("request", "err_request_type")
            # a request too long, too deep or not JSON is never parsed: its error is in the
            # language it names, if it names one where a request carries it ("lang": "sk")
            hint = _LANG_HINT.search(request_json, 0, MAX_REQUEST)
            if hint is not None:
                lang = hint.group(1)
            if len(request_json) > MAX_REQUEST:
                raise RequestError("request", "err_request_size", value=len(request_json),
                                   max=MAX_REQUEST)
            if _depth_over(request_json, MAX_DEPTH):
                raise RequestError("request", "err_request_depth", max=MAX_DEPTH)
            try:
                req = json.loads(request_json, parse_constant=_no_constant,
                                 parse_float=_finite)
            except RequestError:
                raise
            except (ValueError, RecursionError):
                raise RequestError("request", "err_json") from None
            lang = "en"   # parsed: the language is the one its arguments name, or English
            req = need_object(req, "request", RequestError)
            rid = _request_id(req.get("id"))
            bad = _bad_text(req)
            if bad is not None:
                raise RequestError(bad, "err_text_invalid")
            args = req.get("args", {})
            if args is None:
                args = {}
            args = need_object(args, "args", RequestError)
            if args.get("lang") in LANGS:
                lang = args["lang"]
            for key in req:
                if key not in _REQUEST_KEYS:
                    raise RequestError(shown(key) or "request", "err_unknown_key",
                                       name=shown(key))
            fn_name = req.get("fn")
            if fn_name is None:
                raise RequestError("fn", "err_missing")
            fn_name = need_text(fn_name, "fn", RequestError, 40)
            fn = _FNS.get(fn_name)
            if fn is None:
                raise RequestError("fn", "err_fn", value=shown(fn_name))
            known, required = _PARAMS[fn_name]
            if "lang" in args and "lang" not in known:
                # every function takes a language for its errors, even one without sentences
                lang = _lang(args["lang"])
                args = {k: v for k, v in args.items() if k != "lang"}
            for key in args:
                if key not in known:
                    raise RequestError(f"args.{shown(key)}" if key else "args",
                                       "err_arg_unknown", name=shown(key),
                                       values=", ".join(sorted(known)))
            for key in sorted(required):
                if key not in args:
                    raise RequestError(f"args.{key}", "err_arg_missing", name=key)
            result = fn(**args)
        except RulesCoreError as e:
            return _dump({"id": rid, "ok": False, **_error(e, lang)})
        if isinstance(result, dict) and set(result) == {"error"}:
            return _dump({"id": rid, "ok": False, "error": result["error"]})
        return _dump({"id": rid, "ok": True, "result": result})
    except Exception as e:  # never raise
        return _dump({"id": rid if _safe_id(rid) else None, "ok": False, **_internal(e)})


def _safe_id(rid: Any) -> bool:
    return rid is None or type(rid) is int or (isinstance(rid, str) and well_formed(rid))


def _dump(response: dict[str, Any]) -> str:
    """Strict JSON (``allow_nan=False``), valid UTF-8; never raises."""
    try:
        text = json.dumps(response, ensure_ascii=False, allow_nan=False)
        if well_formed(text):
            return text
    except (TypeError, ValueError):
        pass
    return json.dumps({"id": response.get("id") if _safe_id(response.get("id")) else None,
                       "ok": False, "error": {"field": "internal", "message": "internal error",
                                              "key": "err_internal"}})
