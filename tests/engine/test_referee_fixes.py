"""Known answers for the referee's rule fixes (issue 8): first-card positions, who is exposed
after hands change, challenging one's own +4, empty hands, stray fields, the draw-to-match
cap, hidden cards at the end of a hand, a blocked hand, and rules that travel with the
position."""

from __future__ import annotations

from typing import Any

import pytest

import rules_core
from rules_core import Game, Rules, RulesError, State, check, legal_actions
from rules_core.terms import LANGS

NAMES = ["Ann", "Ben", "Cid", "Dee"]


def pos(hands: list[Any], discard: list[str], pile: Any = None, turn: int = 0,
        **extra: Any) -> dict[str, Any]:
    p: dict[str, Any] = {"players": [{"name": n, "hand": h} for n, h in zip(NAMES, hands)],
                         "turn": turn, "direction": 1, "discard": discard,
                         "draw_pile": ["Y3", "B1", "G4", "R9", "Y8"] if pile is None else pile}
    p.update(extra)
    return p


def legal(position: dict[str, Any], action: dict[str, Any], rules: Any = None) -> dict[str, Any]:
    r = check(position, action, rules)
    assert "error" not in r, r
    assert r["legal"], r["reason"]
    return r


def illegal(position: dict[str, Any], action: dict[str, Any], rules: Any = None,
            key: str | None = None) -> dict[str, Any]:
    r = check(position, action, rules)
    assert "error" not in r, r
    assert not r["legal"], r["reason"]
    if key is not None:
        assert r["why"]["key"] == key, r["why"]
    return r


def error(position: Any, action: Any, rules: Any = None, lang: str = "en") -> dict[str, Any]:
    r = check(position, action, rules, lang)
    assert "error" in r, r
    err: dict[str, Any] = r["error"]
    assert err["field"] != "internal", err
    return err


# ---------------------------------------------------------------------------------------
# First card: a lone +4 (or, under "reshuffle", a lone wild) with no colour is no position
# ---------------------------------------------------------------------------------------

ISSUE_PLUS4 = {"players": [{"hand": ["R1", "G2"]}, {"hand": 5}, {"hand": 5}], "turn": 1,
               "discard": ["W+4"], "color": None, "draw_pile": ["Y1", "Y2"]}


@pytest.mark.parametrize("lang", LANGS)
def test_lone_first_plus4_is_not_a_game_position(lang: str) -> None:
    err = error(ISSUE_PLUS4, {"type": "color", "color": "B", "player": 1}, lang=lang)
    assert err["field"] == "discard" and err["key"] == "err_first_plus4"
    assert err["rule"] == "first-card"
    assert err["rule_url"] == rules_core.rule_url("first-card", lang)
    assert err["rule_name"] == rules_core.rule_name("first-card", lang)
    assert err["message"] and "{" not in err["message"]


def test_lone_first_plus4_is_refused_by_every_entry_point() -> None:
    with pytest.raises(rules_core.PositionError) as e:
        rules_core.legal_actions(ISSUE_PLUS4)
    assert e.value.rule == "first-card" and e.value.field == "discard"
    with pytest.raises(rules_core.PositionError):
        rules_core.apply(ISSUE_PLUS4, {"type": "color", "color": "B"})


def test_lone_plus4_with_its_colour_named_is_the_table_after_a_reshuffle() -> None:
    """A +4 alone on the discard pile is a real position once its colour is named: the
    draw pile was rebuilt from the discard pile, the top card staying. The engine reaches it."""
    p = pos([["W+4", "B1", "G2"], ["B3", "Y4"]], ["B7", "G9", "R3"], pile=["Y2"], color="R")
    r = legal(p, {"type": "play", "card": "W+4", "color": "G"})
    r = legal(r["next"], {"type": "draw"})   # Ben takes the 4: one from the pile, the reshuffle
    nxt = r["next"]
    assert nxt["discard"] == ["W+4"] and nxt["color"] == "G"
    assert State.from_json(nxt).to_json() == nxt


@pytest.mark.parametrize("card,deck", [("W", "108"), ("WX", "112-swap"), ("WC", "112-blank")])
def test_lone_first_wild_under_reshuffle_is_not_a_game_position(card: str, deck: str) -> None:
    p = pos([["R1", "G2"], ["B3"]], [card], color=None)
    err = error(p, {"type": "color", "color": "B"}, {"deck": deck, "first_wild": "reshuffle"})
    assert err["key"] == "err_first_wild_back" and err["rule"] == "first-card"
    # under the project's reading the first player names the colour
    r = legal(p, {"type": "color", "color": "B"}, {"deck": deck})
    assert r["rule"] == "first-card" and r["next"]["color"] == "B"


def test_deal_with_only_cards_that_go_back_is_refused() -> None:
    deck = ["R1", "B1", "R2", "B2", "R3", "B3", "R4", "B4", "R5", "B5", "R6", "B6", "R7", "B7",
            "W+4", "W+4"]
    with pytest.raises(rules_core.PositionError) as e:
        rules_core.deal(2, deck=deck)
    assert e.value.key == "err_deck_no_first" and e.value.rule == "first-card"
    with pytest.raises(rules_core.PositionError):
        rules_core.deal(2, {"first_wild": "reshuffle"}, deck=deck[:-1] + ["W"])
    assert rules_core.deal(2, deck=deck[:-1] + ["W"])["discard"] == ["W"]


# ---------------------------------------------------------------------------------------
# UNO after hands change: whoever holds one card once the change is done
# ---------------------------------------------------------------------------------------

SWAP = {"deck": "112-swap"}
ISSUE_SWAP = {"players": [{"hand": ["WX", "G1"]}, {"hand": ["B1"]}, {"hand": ["Y1", "Y2", "Y3"]}],
              "discard": ["R3"]}


def test_issue_swap_effects_are_true_after_the_swap() -> None:
    r = legal(ISSUE_SWAP, {"type": "play", "card": "WX", "color": "B", "target": 2}, SWAP)
    nxt = r["next"]
    assert [p["hand"] for p in nxt["players"]] == [["Y1", "Y2", "Y3"], ["B1"], ["G1"]]
    # player 1 (who played) now holds three cards: not exposed; player 3 holds one: exposed
    assert nxt["catchable"] == [2]
    text = " ".join(r["effects"])
    assert "Player 1 has one card" not in text
    assert r["effects"].index("Player 1 and player 3 swap hands.") < next(
        i for i, e in enumerate(r["effects"]) if "Player 3 now holds one card" in e)
    # and player 3 can be caught until player 2 begins their turn
    caught = legal(nxt, {"type": "catch", "player": 1, "target": 2}, SWAP)
    # the draw pile is empty: the discard pile but its top card (the R3) becomes the new one
    assert caught["next"]["players"][2]["hand"] == ["G1", "R3"]
    safe = legal(nxt, {"type": "uno", "player": 2}, SWAP)
    assert "catchable" not in safe["next"]
    late = legal(nxt, {"type": "draw"}, SWAP)["next"]
    assert "catchable" not in late


def test_uno_with_a_swap_is_the_call_of_the_player_who_ends_with_one_card() -> None:
    """``uno: true`` is the call of the player who plays the card: right only if they hold
    one card once the swap is done."""
    r = illegal(ISSUE_SWAP, {"type": "play", "card": "WX", "color": "B", "target": 2,
                             "uno": True}, SWAP, key="uno_call_not_one")
    assert r["rule"] == "uno-call" and "3 cards" in r["reason"]
    assert {"type": "play", "card": "WX", "color": "B", "target": 2} in r["alternatives"]
    assert {"type": "play", "card": "WX", "color": "B", "target": 2, "uno": True} \
        not in r["alternatives"]
    # three cards, swapped for a hand of one: the player who played must say UNO, and can
    p = pos([["WX", "G1", "B2"], ["B1"], ["Y1", "Y2"]], ["R3"])
    with_call = legal(p, {"type": "play", "card": "WX", "color": "B", "target": 1, "uno": True},
                      SWAP)
    assert "catchable" not in with_call["next"]
    assert "Ann says “UNO!”" in with_call["effects"]
    without = legal(p, {"type": "play", "card": "WX", "color": "B", "target": 1}, SWAP)
    assert without["next"]["catchable"] == [0]
    assert {"type": "play", "card": "WX", "color": "B", "target": 1, "uno": True} \
        in legal_actions(p, SWAP)
    assert {"type": "play", "card": "WX", "color": "B", "target": 2, "uno": True} \
        not in legal_actions(p, SWAP)


def test_seven_o_seven_and_zero() -> None:
    rules = {"seven_o": True}
    p = pos([["R7", "G1"], ["B1", "Y5"], ["Y1"]], ["R3"])
    r = legal(p, {"type": "play", "card": "R7", "target": 2}, rules)
    assert r["next"]["catchable"] == [0, 2]       # Ann got Cid's one card, Cid Ann's last
    r = legal(p, {"type": "play", "card": "R7", "target": 1}, rules)
    assert r["next"]["catchable"] == [1]          # Ben got Ann's last card but one
    # a 0 passes every hand on: each player holding one card afterwards is exposed
    p0 = pos([["R0", "Y1"], ["B2"], ["G3", "G4"]], ["R3"])
    r = legal(p0, {"type": "play", "card": "R0"}, rules)
    assert [pl["hand"] for pl in r["next"]["players"]] == [["G3", "G4"], ["Y1"], ["B2"]]
    assert r["next"]["catchable"] == [1, 2]
    assert sum("holds one card" in e for e in r["effects"]) == 2
    illegal(p0, {"type": "play", "card": "R0", "uno": True}, rules, key="uno_call_not_one")


def test_a_player_the_swap_does_not_touch_keeps_their_standing() -> None:
    p = pos([["WX", "G1", "B2"], ["B1"], ["Y1", "Y2"]], ["R3"])
    r = legal(p, {"type": "play", "card": "WX", "color": "B", "target": 2}, SWAP)
    assert "catchable" not in r["next"]    # Ben said UNO long ago; Ann and Cid hold 2 and 2


def test_wild_shuffle_hands_the_count_is_known_before_the_shuffle() -> None:
    shuffle = {"deck": "112-shuffle"}
    p = pos([["WS", "G1"], ["B1"], ["Y1"]], ["R3"])   # 3 cards dealt to 3 players: one each
    acts = legal_actions(p, shuffle)
    assert {"type": "play", "card": "WS", "color": "G", "uno": True} in acts
    said = legal(p, {"type": "play", "card": "WS", "color": "G", "uno": True}, shuffle)
    assert said["next"]["catchable"] == [1, 2]
    silent = legal(p, {"type": "play", "card": "WS", "color": "G"}, shuffle)
    assert silent["next"]["catchable"] == [0, 1, 2]
    p4 = pos([["WS", "G1", "G2", "G3", "G4"], ["B1"], ["Y1"]], ["R3"])  # 6 cards: 2 each
    illegal(p4, {"type": "play", "card": "WS", "color": "G", "uno": True}, shuffle,
            key="uno_call_not_one")


def test_uno_on_a_last_card_or_with_three_cards_is_no_call() -> None:
    illegal(pos([["R1"], ["B1", "B2"]], ["R3"]), {"type": "play", "card": "R1", "uno": True},
            key="uno_call_not_one")
    illegal(pos([["R1", "R2", "G5"], ["B1", "B2"]], ["R3"]),
            {"type": "play", "card": "R1", "uno": True}, key="uno_call_not_one")


def test_a_seven_with_a_target_under_the_official_rules_is_not_the_official_play() -> None:
    """The stray-field decision: a field no rule gives the card is malformed (an error naming
    it: a colour on a red 7, a target on a 5); a target on a 7 asks for the Seven-O swap,
    which is a house rule, so under the official rules the play as asked is illegal, with
    the 7 on its own among the alternatives. Nothing judged legal is missing from them."""
    p = pos([["R7", "B5", "G1"], ["G5", "Y1"], ["R5", "B1"]], ["R2"])
    for lang in LANGS:
        r = illegal(p, {"type": "play", "card": "R7", "target": 2}, key="seven_no_swap")
        r = check(p, {"type": "play", "card": "R7", "target": 2}, None, lang)
        assert r["rule"] == "deck" and r["rule_kind"] == "official" and r["next"] is None
        assert rules_core.rule_name("seven-o", lang) in r["reason"]
        assert "{" not in r["reason"]
    assert "Seven-O" in check(p, {"type": "play", "card": "R7", "target": 2})["reason"]
    assert "„Seitse-null“" in check(p, {"type": "play", "card": "R7", "target": 2}, None,
                                    "et")["reason"]
    assert {"type": "play", "card": "R7"} in r["alternatives"]
    assert not any("target" in a for a in r["alternatives"])
    assert legal(p, {"type": "play", "card": "R7"})["rule"] == "match"
    # with Seven-O the same request is the swap
    swapped = legal(p, {"type": "play", "card": "R7", "target": 2}, {"seven_o": True})
    assert swapped["next"]["players"][0]["hand"] == ["R5", "B1"]
    # a 7 that doesn't fit is judged on the card first
    illegal(pos([["Y7", "B5"], ["G5"]], ["R2"]), {"type": "play", "card": "Y7", "target": 1},
            key="no_match")
    # a 0 never takes a target, under any rules: malformed
    for rules in (None, {"seven_o": True}):
        err = error(pos([["R0", "B5"], ["G5"]], ["R2"]), {"type": "play", "card": "R0",
                                                          "target": 1}, rules)
        assert (err["field"], err["key"]) == ("action.target", "err_target_not_needed")


# ---------------------------------------------------------------------------------------
# Challenges, empty hands, stray fields
# ---------------------------------------------------------------------------------------

def test_nobody_challenges_their_own_plus4() -> None:
    own = pos([["R1", "G2"], ["B1", "B3"]], ["G7", "W+4"], color="B",
              pending={"cards": 4, "from": 0, "card": "W+4", "guilty": True})
    err = error(own, {"type": "challenge"})
    assert err["field"] == "pending.from" and err["key"] == "err_pending_from"
    victim = dict(own, turn=1)
    r = illegal(victim, {"type": "challenge", "player": 0}, key="challenge_not_victim")
    assert r["rule"] == "challenge" and "player 2" not in r["reason"] and "Ben" in r["reason"]
    legal(victim, {"type": "challenge"})


@pytest.mark.parametrize("player", [0, 1])
def test_a_player_with_no_cards_needs_a_result(player: int) -> None:
    hands: list[Any] = [["R1", "G2"], ["B1"]]
    hands[player] = []
    err = error(pos(hands, ["R3"]), {"type": "draw"})
    assert err["field"] == f"players[{player}].hand" and err["key"] == "err_empty_hand"
    done = pos(hands, ["R3"], result={"winner": player})
    assert check(done, {"type": "draw"})["why"]["key"] == "round_over"
    other = pos([[], []], ["R3"], result={"winner": 0})
    assert error(other, {"type": "draw"})["key"] == "err_empty_not_winner"


@pytest.mark.parametrize("action,field,key", [
    ({"type": "play", "card": "R7", "color": "B"}, "action.color", "err_color_not_wild"),
    ({"type": "play", "card": "R5", "target": 1}, "action.target", "err_target_not_needed"),
    ({"type": "play", "card": "W", "color": "G", "target": 1}, "action.target",
     "err_target_not_needed"),
    ({"type": "draw", "card": "R7"}, "action.card", "err_action_field"),
    ({"type": "pass", "color": "R"}, "action.color", "err_action_field"),
    ({"type": "challenge", "target": 1}, "action.target", "err_action_field"),
    ({"type": "draw", "uno": True}, "action.uno", "err_action_field"),
    ({"type": "color", "color": "R", "card": "W"}, "action.card", "err_action_field"),
    ({"type": "play", "card": "gſ"}, "action.card", "err_card_code"),
    ({"type": "play", "card": "R7", "player": 1.0}, "action.player", "err_type_index"),
])
def test_stray_or_foreign_fields_are_malformed(action: dict[str, Any], field: str,
                                              key: str) -> None:
    p = pos([["R7", "R5", "W", "B2"], ["B1", "B2"]], ["R3"])
    err = error(p, action)
    assert (err["field"], err["key"]) == (field, key)


# ---------------------------------------------------------------------------------------
# Draw to match: the cap, in the reason and in the effects alike
# ---------------------------------------------------------------------------------------

CAP3 = {"draw_to_match": True, "draw_to_match_cap": 3}


def test_the_last_draw_the_cap_allows() -> None:
    p = pos([["R5", "B5"], ["Y1"]], ["Y7"], pile=["G1", "G2", "B3", "Y9"], turn=0)
    r = legal(p, {"type": "draw"}, CAP3)                   # G1: draws on
    r = legal(r["next"], {"type": "draw"}, CAP3)           # G2: draws on
    assert r["next"]["drawn_count"] == 2
    last = legal(r["next"], {"type": "draw"}, CAP3)        # B3: the third, the last
    assert last["why"]["key"] == "draw_again_last"
    assert "last time" in last["reason"] and "at most 3 cards" in last["reason"]
    assert any("limit" in e and "turn passes" in e for e in last["effects"])
    assert last["next"]["turn"] == 1 and "drawn" not in last["next"]


def test_a_hand_entered_position_at_the_cap() -> None:
    at_cap = pos([["R5", "B5", "G2"], ["Y1"]], ["Y7"], drawn="G2", drawn_count=3)
    r = illegal(at_cap, {"type": "draw"}, CAP3, key="draw_cap_reached")
    assert "at most 3 cards" in r["reason"]
    r = legal(at_cap, {"type": "pass"}, CAP3)
    assert r["why"]["key"] == "draw_cap_reached" and r["next"]["turn"] == 1
    assert legal_actions(at_cap, CAP3) == [{"type": "pass"}]
    assert error(dict(at_cap, drawn_count=4), {"type": "pass"}, CAP3)["key"] == \
        "err_drawn_count_cap"
    assert error(at_cap, {"type": "pass"})["key"] == "err_drawn_count"
    empty = pos([["R5", "B5", "G2"], ["Y1"]], ["Y7"], pile=[], drawn="G2")
    illegal(empty, {"type": "draw"}, {"draw_to_match": True}, key="draw_to_match_empty")
    assert legal_actions(empty, {"draw_to_match": True}) == [{"type": "pass"}]


# ---------------------------------------------------------------------------------------
# The end of a hand: hidden cards are not counted as zero; a blocked hand
# ---------------------------------------------------------------------------------------

def test_going_out_with_hidden_cards_left_says_the_points_are_unknown() -> None:
    r = legal(pos([["R1"], 4, ["B2", "G9"]], ["R3"]), {"type": "play", "card": "R1"})
    assert r["next"]["result"] == {"winner": 0, "points": None, "hand_points": [0, None, 11]}
    assert "can’t see" in r["effects"][-1]


BLOCKED = pos([["B7", "G8"], ["Y3", "B2"], ["G1"]], ["R5"], pile=[])


def test_a_blocked_hand_ends_with_no_winner_and_no_points() -> None:
    r = legal(BLOCKED, {"type": "draw"})
    assert r["why"]["key"] == "draw_nothing"
    nxt = r["next"]
    assert nxt["result"] == {"winner": None, "points": None, "hand_points": None,
                             "blocked": True}
    assert "blocked" in r["effects"][-1] and "red 5" in r["effects"][-1]
    assert legal_actions(nxt) == []
    after = illegal(nxt, {"type": "draw"}, key="round_blocked")
    assert after["rule"] == "empty-draw-pile"
    assert State.from_json(nxt).to_json() == nxt


def test_the_referee_never_guesses_a_block() -> None:
    hidden = dict(BLOCKED, players=[{"hand": ["B7", "G8"]}, {"hand": 2}, {"hand": ["G1"]}])
    r = legal(hidden, {"type": "draw"})
    assert "result" not in r["next"] and r["next"]["turn"] == 1
    for playable in (["B7", "R8"], ["B7", "G5"], ["B7", "W"]):
        p = dict(BLOCKED, players=[{"hand": playable}, {"hand": ["Y3", "B2"]},
                                   {"hand": ["G1"]}])
        assert "result" not in legal(p, {"type": "draw"})["next"]
    under = dict(BLOCKED, discard=["R2", "R5"])   # a card to shuffle into a new pile, and it fits
    r = legal(under, {"type": "draw"})
    assert "result" not in r["next"] and r["next"]["drawn"] == "R2"
    # the card shuffled in and drawn doesn't fit: now nobody can play or draw
    assert legal(dict(BLOCKED, discard=["G2", "R5"]), {"type": "draw"})["next"]["result"][
        "blocked"] is True


def test_a_claimed_block_is_checked() -> None:
    ok = dict(BLOCKED, result={"winner": None, "blocked": True})
    assert State.from_json(ok).result == rules_core.Result.blocked_hand()
    for bad in (dict(BLOCKED, draw_pile=["Y1"]), dict(BLOCKED, discard=["G2", "R5"]),
                dict(BLOCKED, players=[{"hand": ["B7", "R8"]}, {"hand": ["Y3"]}])):
        err = error(dict(bad, result={"winner": None, "blocked": True}), {"type": "draw"})
        assert err["key"] == "err_not_blocked"
    assert error(dict(ok, result={"winner": 1, "blocked": True}), {"type": "draw"})["key"] == \
        "err_blocked_winner"


def test_a_blocked_hand_reached_in_play() -> None:
    """Ann takes the last card of the pile and it doesn't fit; nobody holds a card for the
    top card: certain at once, so the hand ends there (no round of empty draws)."""
    p = pos([["B7", "G8"], ["Y3", "B2"]], ["R5"], pile=["Y9"])
    r = legal(p, {"type": "draw"})
    assert r["next"]["result"]["blocked"] is True
    assert "yellow 9" in r["effects"][-2] and "blocked" in r["effects"][-1]
    # one card to play left somewhere, and the hand goes on
    p2 = pos([["B7", "G8"], ["Y3", "R2"]], ["R5"], pile=["Y9"])
    assert "result" not in legal(p2, {"type": "draw"})["next"]


@pytest.mark.parametrize("points,hand_points", [(5, None), (None, [0, 8]), (9, [0, 8]),
                                                (9, [0, 9, 1])])
def test_result_points_are_checked_against_the_hands(points: Any, hand_points: Any) -> None:
    res: dict[str, Any] = {"winner": 0, "points": points, "hand_points": hand_points}
    err = error(pos([[], ["R9"]], ["R3"], result=res), {"type": "draw"})
    assert err["key"] == "err_result_points"


# ---------------------------------------------------------------------------------------
# Rules travel with the position
# ---------------------------------------------------------------------------------------

def test_a_state_is_played_only_under_its_own_rules() -> None:
    swap = Game({"deck": "112-swap"})
    s = swap.state({"players": [{"hand": ["WX", "R1"]}, {"hand": 3}], "discard": ["R3"]})
    assert s.rules == Rules(deck="112-swap")
    for other in (Game(), Game({"stacking": True})):
        with pytest.raises(RulesError) as e:
            other.legal_actions(s)
        assert e.value.field == "rules"
        with pytest.raises(RulesError):
            other.apply(s, {"type": "draw"})
    assert Game(Rules(deck="112-swap")).legal_actions(s) == swap.legal_actions(s)


def test_the_game_cache_is_per_game() -> None:
    a, b = Game(), Game()
    s = a.state(pos([["R1", "G2"], ["B1"]], ["R3"]))
    acts = a.legal_actions(s)
    assert b.apply(s, acts[0]) == a.apply(s, acts[0])
