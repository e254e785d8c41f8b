"""Bad input, as a link may carry it: every size is checked before work is done, floats and
bools are not whole numbers, containers are not strings, and each error names the input
(known answers; the property test of the whole boundary is test_worker_boundary.py)."""

from __future__ import annotations

import json
import math
import time
from typing import Any

import pytest

import rules_core
from rules_core import handle
from rules_core.limits import MAX_DEPTH, MAX_REQUEST
from rules_core.terms import LANGS

BASE: dict[str, Any] = {"players": [{"name": "Ann", "hand": ["R7", "B3", "W+4"]}, {"hand": 5}],
                        "turn": 0, "direction": 1, "discard": ["G7", "R7"], "color": "R",
                        "draw_pile": ["Y3", "B1"]}
PLAY = {"type": "play", "card": "R7"}


def request(fn: str, **args: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(handle(json.dumps({"id": 7, "fn": fn, "args": args})))
    return out


def failed(fn: str, **args: Any) -> dict[str, Any]:
    out = request(fn, **args)
    assert out["ok"] is False, out
    err: dict[str, Any] = out["error"]
    assert err["field"] and err["field"] != "internal", err
    assert err["message"] and "{" not in err["message"], err
    return err


def with_(key: str, value: Any, base: dict[str, Any] = BASE) -> dict[str, Any]:
    p = json.loads(json.dumps(base))
    p[key] = value
    return p


# ---------------------------------------------------------------------------------------
# Sizes first
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1_000_000_000, 11, 1, 0, -5, 10**30])
def test_deal_checks_the_count_before_building_anything(players: int) -> None:
    t = time.perf_counter()
    err = failed("deal", players=players)
    assert time.perf_counter() - t < 1.0    # (it took 18 s and 8 GB before)
    assert err["field"] == "players" and err["key"] == "err_player_count"
    assert "2 to 10" in err["message"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_limits_are_quoted_in_every_language(lang: str) -> None:
    assert "10" in failed("deal", players=11, lang=lang)["message"]
    err = failed("check", position=with_("draw_pile", ["R1"] * 113), action=PLAY, lang=lang)
    assert err["field"] == "draw_pile" and "112" in err["message"]
    err = failed("check", position=with_("seed", 2**60), action=PLAY, lang=lang)
    assert str(2**53 - 1) in err["message"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_documented_limits_in_every_language(lang: str) -> None:
    """Players 2 to 10, cards per hand, request size and depth: each error quotes its limit
    in the language asked for (a request too big or too deep to be read is answered in the
    language it names), and no two languages share a sentence."""
    en = {}
    for code in ("en", lang):
        msgs = [failed("deal", players=1, lang=code)["message"],
                failed("check", position=with_("players", [{"hand": ["R7"] * 113}, {"hand": 2}]),
                       action=PLAY, lang=code)["message"],
                failed("check", position=with_("players", [{"hand": 113}, {"hand": 2}]),
                       action=PLAY, lang=code)["message"]]
        big = json.dumps({"id": 1, "fn": "points", "args": {"cards": [], "lang": code},
                          "x": "a" * MAX_REQUEST})
        msgs.append(json.loads(handle(big))["error"]["message"])
        deep = ('{"id": 1, "fn": "points", "args": {"lang": "' + code + '", "cards": '
                + "[" * 20 + "]" * 20 + "}}")
        msgs.append(json.loads(handle(deep))["error"]["message"])
        en[code] = msgs
    players, hand, count, size, depth = en[lang]
    assert "2" in players and "10" in players
    assert "112" in hand and "113" in hand and "112" in count
    assert str(MAX_REQUEST) in size and str(MAX_DEPTH) in depth
    if lang != "en":
        assert not set(en["en"]) & set(en[lang]), en[lang]


def test_a_language_named_only_inside_a_string_is_not_taken() -> None:
    text = json.dumps({"id": 1, "fn": "points", "args": {"cards": ['"lang": "sk"']}})
    assert json.loads(handle(text))["error"]["message"].startswith("unknown card code")
    deep = '{"id": 1, "fn": "points", "args": {"cards": ' + "[" * 20 + "]" * 20 + "}}"
    assert "nested" in json.loads(handle(deep))["error"]["message"]


def test_every_list_is_bounded() -> None:
    assert failed("deal", players=["A"] * 11)["field"] == "players"
    assert failed("deal", players=2, deck=["R1"] * 200)["key"] == "err_cards_long"
    assert failed("check", position=with_("players", [{"hand": 1}] * 11),
                  action=PLAY)["key"] == "err_player_count"
    p = with_("players", [{"hand": ["R7"] * 113}, {"hand": 2}])
    assert failed("check", position=p, action=PLAY)["field"] == "players[0].hand"
    assert failed("check", position=with_("players", [{"hand": 113}, {"hand": 2}]),
                  action=PLAY)["key"] == "err_card_count"
    assert failed("check", position=with_("catchable", [0] * 11),
                  action=PLAY)["field"] == "catchable"
    steps = request("scenario", position=BASE, actions=[PLAY] * 501)["result"]
    assert steps[0]["error"]["field"] == "actions" and "500" in steps[0]["error"]["message"]
    assert failed("points", cards=["R1"] * 113)["field"] == "cards"
    assert failed("hand_points", hands=[[]] * 11)["field"] == "hands"
    assert failed("game_winner", totals=[0] * 11)["field"] == "totals"
    name = with_("players", [{"name": "x" * 41, "hand": ["R7"]}, {"hand": 2}])
    assert failed("check", position=name, action=PLAY)["key"] == "err_text_long"


def test_request_size_and_depth() -> None:
    big = json.dumps({"id": 1, "fn": "points", "args": {"cards": ["R1"]}, "x": "a" * MAX_REQUEST})
    out = json.loads(handle(big))
    assert out["error"]["field"] == "request" and out["error"]["key"] == "err_request_size"
    assert str(MAX_REQUEST) in out["error"]["message"]
    t = time.perf_counter()
    deep = '{"id": 1, "fn": "check", "args": {"position": ' + "[" * 100_000 + "]" * 100_000 + "}}"
    out = json.loads(handle(deep[:MAX_REQUEST - 10]))
    assert out["error"]["field"] == "request"
    out = json.loads(handle("[" * 40_000 + "]" * 20_000))
    assert out["error"]["key"] == "err_request_depth"
    assert time.perf_counter() - t < 2.0
    # nested exactly to the limit: fine, and the error comes from the engine, naming the field
    ok_depth = {"id": 1, "fn": "points", "args": {"cards": [[[[[[[[[[[["R1"]]]]]]]]]]]]}}
    out = json.loads(handle(json.dumps(ok_depth)))
    assert out["error"]["field"] == "cards[0]", out
    assert MAX_DEPTH == 16
    # brackets inside strings do not count
    quoted = json.dumps({"id": "[" * 90, "fn": "points", "args": {"cards": ["R1"]}})
    assert json.loads(handle(quoted))["ok"] is True


def test_a_python_caller_gets_the_same_bounds() -> None:
    """Not only handle(): the facade functions check sizes before any work too."""
    t = time.perf_counter()
    with pytest.raises(rules_core.PositionError):
        rules_core.deal(1_000_000_000)
    with pytest.raises(rules_core.PositionError):
        rules_core.legal_actions(with_("draw_pile", 10**9))
    huge = with_("draw_pile", ["R1"] * 1_000_000)
    assert rules_core.check(huge, PLAY)["error"]["key"] == "err_cards_long"
    assert time.perf_counter() - t < 2.0


# ---------------------------------------------------------------------------------------
# Whole numbers are whole numbers; bools are not numbers
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("key,value,field", [
    ("direction", 1.0, "direction"), ("direction", True, "direction"),
    ("turn", 0.0, "turn"), ("turn", False, "turn"), ("seed", 1.5, "seed"),
    ("seed", True, "seed"), ("seed", -1, "seed"),
    ("players", [{"hand": ["R7", "B3", "W+4"]}, {"hand": 5.0}], "players[1].hand"),
    ("players", [{"hand": ["R7", "B3", "W+4"]}, {"hand": True}], "players[1].hand"),
    ("catchable", [1.0], "catchable[0]"),
    ("pending", {"cards": 4.0, "from": 1, "card": "W+4", "guilty": False}, "pending.cards"),
    ("drawn_count", 2.0, "drawn"),
])
def test_position_numbers(key: str, value: Any, field: str) -> None:
    err = failed("check", position=with_(key, value), action=PLAY)
    assert err["field"].startswith(field.split(".")[0]), err


@pytest.mark.parametrize("rules,field", [
    ({"uno_penalty": 2.0}, "rules.uno_penalty"), ({"uno_penalty": True}, "rules.uno_penalty"),
    ({"draw_to_match_cap": 3.0}, "rules.draw_to_match_cap"),
    ({"draw_to_match_cap": True}, "rules.draw_to_match_cap"),
    ({"draw_to_match_cap": 10**6}, "rules.draw_to_match_cap"),
    ({"deck": ["108"]}, "rules.deck"), ({"deck": 108}, "rules.deck"),
    ({"first_wild": ["reshuffle"]}, "rules.first_wild"), ({"stacking": 1}, "rules.stacking"),
    ([], "rules"), ("108", "rules"),
])
def test_rules_values(rules: Any, field: str) -> None:
    assert failed("check", position=BASE, action=PLAY, rules=rules)["field"] == field


def test_uno_penalty_two_point_zero_no_longer_crashes_a_catch() -> None:
    p = with_("catchable", [1], with_("players", [{"hand": ["R7", "B3"]}, {"hand": 1}]))
    err = failed("check", position=p, action={"type": "catch", "target": 1},
                 rules={"uno_penalty": 2.0})
    assert err["field"] == "rules.uno_penalty"
    assert request("check", position=p, action={"type": "catch", "target": 1},
                   rules={"uno_penalty": 4})["result"]["legal"] is True


def test_direction_one_point_zero_is_refused_up_front() -> None:
    err = failed("check", position=with_("direction", 1.0), action=PLAY)
    assert err["field"] == "direction" and "1.0" in err["message"]


@pytest.mark.parametrize("action,field", [
    ({"type": "catch", "target": 1.0}, "action.target"),
    ({"type": "play", "card": "R7", "uno": 1}, "action.uno"),
    ({"type": ["play"]}, "action.type"), ({"type": "play", "card": ["R7"]}, "action.card"),
    ({"type": "play", "card": 7}, "action.card"), ({"type": "color", "color": ["R"]}, "action.color"),
    ([], "action"), ("play", "action"),
])
def test_action_values(action: Any, field: str) -> None:
    assert failed("check", position=BASE, action=action)["field"] == field


# ---------------------------------------------------------------------------------------
# The request itself, and every function's arguments
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,field", [
    ('{"id": 1, "fn": ["check"], "args": {}}', "fn"),
    ('{"id": 1, "fn": "check", "args": []}', "args"),
    ('{"id": 1, "fn": "check", "args": {"position": {}, "action": {}, "lang": ["en"]}}', "lang"),
    ('{"id": 1, "fn": "check", "args": {"action": {}}}', "args.position"),
    ('{"id": 1, "fn": "points", "args": {"cards": [], "extra": 1}}', "args.extra"),
    ('{"id": 1, "args": {}}', "fn"),
    ('{"id": 1, "fn": "points", "args": {"cards": []}, "more": 1}', "more"),
    ('{"id": [1], "fn": "points", "args": {"cards": []}}', "id"),
    ('{"id": 1.5, "fn": "points", "args": {"cards": []}}', "id"),
    ('[1, 2]', "request"), ('"check"', "request"), ("", "request"), ("{", "request"),
    ('{"id": 1, "fn": "rule_url", "args": {"rule_id": "nope"}}', "rule_id"),
    ('{"id": 1, "fn": "rule_url", "args": {"rule": ["x"]}}', "rule"),
])
def test_request_shape(text: str, field: str) -> None:
    out = json.loads(handle(text))
    assert out["ok"] is False and out["error"]["field"] == field, out


def test_rule_url_under_both_argument_names() -> None:
    assert request("rule_url", rule="wild-draw-four")["result"] == "rules/#wild-draw-four"
    assert request("rule_url", rule_id="stacking", lang="sk")["result"] == \
        "sk/house-rules/#stacking"


def test_handle_refuses_a_non_string() -> None:
    out = json.loads(handle(b'{"id": 1}'))  # type: ignore[arg-type]
    assert out["error"]["key"] == "err_request_type"


@pytest.mark.parametrize("fn,args,field", [
    ("game_winner", {"totals": []}, "totals"),
    ("game_winner", {"totals": [1, "2"]}, "totals[1]"),
    ("game_winner", {"totals": [1, 2], "target": 0}, "target"),
    ("game_winner", {"totals": [1, 2.5]}, "totals[1]"),
    ("alternative_winner", {"totals": [1]}, "totals"),
    ("winner_points", {"hands": [[], ["R7"]], "winner": 99}, "winner"),
    ("winner_points", {"hands": [["R1"], ["R7"]], "winner": 0}, "hands[0]"),
    ("winner_points", {"hands": [[], ["R7"]], "winner": True}, "winner"),
    ("points", {"cards": {"R7": 1}}, "cards"), ("points", {"cards": "R7"}, "cards"),
    ("points", {"cards": ["R7", "P7"]}, "cards[1]"),
    ("hand_points", {"hands": [["R7"], "B1"]}, "hands[1]"),
    ("add_round", {"totals": [0, 0], "hands": [[], ["R1"], ["R2"]], "winner": 0}, "hands"),
    ("add_round", {"totals": [0, 0], "hands": [[], ["R1"]], "winner": 0, "alternative": 1},
     "alternative"),
    ("add_round", {"totals": [10**9, 0], "hands": [[], ["R1"]], "winner": 0}, "totals[0]"),
])
def test_scoring_helpers(fn: str, args: dict[str, Any], field: str) -> None:
    assert failed(fn, **args)["field"] == field


def test_scoring_known_answers_still_hold() -> None:
    assert request("points", cards=["R7", "W", "?"])["result"] == 57
    assert request("winner_points", hands=[[], ["R7", "BS"], ["W+4"]], winner=0)["result"] == 77
    assert request("game_winner", totals=[320, 510, 480])["result"] == 1
    assert request("add_round", totals=[0, 0], hands=[["R2"], []], winner=1)["result"] == [0, 2]
    assert request("hand_points", hands=[["R7"]])["result"] == [7]


# ---------------------------------------------------------------------------------------
# Strict JSON and valid UTF-8 out, whatever comes in
# ---------------------------------------------------------------------------------------

def strict(text: str) -> Any:
    def no_constant(name: str) -> Any:
        raise AssertionError(f"not strict JSON: {name}")
    text.encode("utf-8")   # valid UTF-8: no lone surrogate
    return json.loads(text, parse_constant=no_constant)


@pytest.mark.parametrize("text", [
    '{"id": NaN, "fn": "points", "args": {"cards": []}}',
    '{"id": Infinity, "fn": "points", "args": {"cards": []}}',
    '{"id": 1, "fn": "game_winner", "args": {"totals": [1e400, 2]}}',
    '{"id": 1, "fn": "game_winner", "args": {"totals": [-Infinity, 2]}}',
    '{"id": 1, "fn": "deal", "args": {"players": 2, "seed": NaN}}',
])
def test_no_nan_or_infinity_in_or_out(text: str) -> None:
    out = strict(handle(text))
    assert out["ok"] is False and out["error"]["field"] == "request"
    assert out["id"] is None


@pytest.mark.parametrize("text,field", [
    ('{"id": "\\ud800", "fn": "points", "args": {"cards": []}}', "id"),
    ('{"id": 1, "fn": "check", "args": {"position": {"players": [{"name": "\\udfff", '
     '"hand": []}]}, "action": {}}}', "args.position.players[0].name"),
    ('{"id": 1, "fn": "points", "args": {"cards": ["R\\ud83d"]}}', "args.cards[0]"),
    ('{"id": 1, "fn": "points", "args": {"\\ud800": 1}}', "args"),
])
def test_a_lone_surrogate_is_named_never_echoed(text: str, field: str) -> None:
    out = strict(handle(text))
    assert out["ok"] is False and out["error"]["field"] == field, out
    assert out["error"]["key"] == "err_text_invalid"


def test_a_raw_lone_surrogate_in_the_text_itself() -> None:
    out = strict(handle('{"id": 1, "fn": "points", "args": {"cards": ["\ud800"]}}'))
    assert out["ok"] is False and out["error"]["field"] == "args.cards[0]"


def test_bad_values_are_quoted_short_and_clean() -> None:
    err = failed("check", position=BASE, action={"type": "play", "card": "X" * 5000 + "\x07"})
    assert len(err["message"]) < 100 and "\x07" not in err["message"]
    err = failed("check", position=BASE, action={"type": "ply\u0000"})
    assert "\u0000" not in err["message"] and "\\u0000" in err["message"]
    # from Python, a bad value that cannot even be printed is only named
    deep: Any = []
    for _ in range(50_000):
        deep = [deep]
    r = rules_core.check(with_("discard", deep), PLAY)
    assert r["error"]["field"] == "discard[0]"


def test_names_with_any_real_text_are_echoed_exactly() -> None:
    name = "Zsófi 🃏 Łukasz"
    p = with_("players", [{"name": name, "hand": ["R7", "B3"]}, {"hand": 2}])
    out = strict(handle(json.dumps({"id": "é", "fn": "check",
                                    "args": {"position": p, "action": PLAY}}, ensure_ascii=True)))
    assert out["id"] == "é" and name in out["result"]["reason"] + " ".join(
        out["result"]["effects"])


def test_every_response_key_is_stable() -> None:
    out = request("check", position=BASE, action={"type": "jump"})
    assert set(out) == {"id", "ok", "error"} and set(out["error"]) == {"field", "message", "key"}
    out = request("apply", position=BASE, action={"type": "play", "card": "B3"})
    assert out["error"]["rule"] == "match" and out["error"]["field"] == "action"
    assert not math.isnan(0.0)


# ---------------------------------------------------------------------------------------
# Look-alikes: only the ASCII codes are codes
# ---------------------------------------------------------------------------------------

LOOKALIKES = ["gſ", "Ｒ7", "R７", "R\u0667", "B+２", "W+\u2074", "ＷＸ", "R²", "Rⅶ", "ʀ7", "Rı",
              "R7\u200b", "\u200bR7", "R 7", "R7 ", "Ｗ", "W\uff0b4"]


@pytest.mark.parametrize("code", LOOKALIKES)
def test_a_look_alike_card_code_is_refused(code: str) -> None:
    """"gſ" upper-cases to "GS" and "Ｒ7" folds to "R7" under NFKC: neither is a code. The same
    layer reads a card wherever one is written (a play, a hand, the piles, a deck, a list to
    score)."""
    play = {"type": "play", "card": code}
    assert failed("check", position=BASE, action=play)["field"] == "action.card"
    hand = with_("players", [{"hand": [code, "R7"]}, {"hand": 5}])
    assert failed("check", position=hand, action=PLAY)["field"] == "players[0].hand[0]"
    assert failed("check", position=with_("discard", ["G7", code]),
                  action=PLAY)["field"] == "discard[1]"
    assert failed("points", cards=["R1", code])["field"] == "cards[1]"
    assert failed("deal", players=2, deck=[code] + ["R1"] * 20)["field"].startswith("deck")


@pytest.mark.parametrize("where,value,field", [
    ("color", "Ｒ", "color"), ("color", "ʀ", "color"),
    ("action", {"type": "play", "card": "W", "color": "ǥ"}, "action.color"),
    ("action", {"type": "plaу", "card": "R7"}, "action.type"),          # Cyrillic у
    ("rules", {"deck": "１08"}, "rules.deck"), ("rules", {"deck": "112-ѕwap"}, "rules.deck"),
    ("rules", {"ѕtacking": True}, "rules.ѕtacking"),
    ("rules", {"first_wild": "reshuffle\u200b"}, "rules.first_wild"),
    ("lang", "еn", "lang"),                                               # Cyrillic е
])
def test_look_alikes_elsewhere_are_refused(where: str, value: Any, field: str) -> None:
    args: dict[str, Any] = {"position": BASE, "action": PLAY}
    if where == "color":
        args["position"] = with_("color", value, with_("discard", ["G7", "W"]))
    else:
        args[where] = value
    assert failed("check", **args)["field"] == field


def test_lower_case_ascii_codes_are_the_codes() -> None:
    """What a person types on a phone: ``r7`` is the red 7 (ASCII only, case aside)."""
    assert request("check", position=BASE, action={"type": "play", "card": "r7"})["result"][
        "legal"] is True
    assert request("points", cards=["w+4", "bs"])["result"] == 70


# ---------------------------------------------------------------------------------------
# The scoring helpers from Python: errors naming the input
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("fn,args,field", [
    ("game_winner", ([],), "totals"),
    ("winner_points", ([[], ["R7"]], 99), "winner"),
    ("winner_points", ([["R1"], ["R7"]], 0), "hands[0]"),
    ("points", ({"R7": 1},), "cards"),
    ("points", ("R7",), "cards"),
    ("hand_points", ([["R7"], "B1"],), "hands[1]"),
    ("alternative_winner", ([3],), "totals"),
])
def test_scoring_helpers_raise_errors_naming_the_input(fn: str, args: tuple[Any, ...],
                                                       field: str) -> None:
    with pytest.raises(ValueError) as e:
        getattr(rules_core, fn)(*args)
    assert isinstance(e.value, rules_core.RulesCoreError) and e.value.field == field
    assert str(e.value).startswith(field + ":")
