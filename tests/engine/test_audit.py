"""An independent audit: known answers for every point of rules-facts.md and every
dispute of docs/en/disputes.md, through the facade (check / apply / legal_actions / deal).

Each test pins what the engine must do, and where it matters the English reason and
effects (that they name the right players and cards).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules_core import apply, check, deal, legal_actions, points
from rules_core.errors import IllegalAction
from rules_core.scoring import add_round, alternative_winner, game_winner

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Ben", "Cid", "Dee"]
PILE = ["Y3", "B1", "G4", "R9", "Y8", "B7", "G2", "Y9", "B6", "R4"]
STACK = {"stacking": True}
STACK24 = {"stacking": True, "stack_plus4_on_plus2": True}


def pos(hands: list[Any], discard: list[str], pile: Any = None, turn: int = 0,
        direction: int = 1, color: Any = False, **extra: Any) -> dict[str, Any]:
    p: dict[str, Any] = {
        "players": [{"name": n, "hand": h} for n, h in zip(NAMES, hands)],
        "turn": turn, "direction": direction, "discard": discard,
        "draw_pile": list(PILE) if pile is None else pile,
    }
    if color is not False:
        p["color"] = color
    p.update(extra)
    return p


def ok(position: dict[str, Any], action: dict[str, Any], rules: Any = None,
       rule: str | None = None) -> dict[str, Any]:
    r = check(position, action, rules)
    assert "error" not in r, r
    assert r["legal"], r["reason"]
    if rule is not None:
        assert r["rule"] == rule, (r["rule"], r["reason"])
    return r


def no(position: dict[str, Any], action: dict[str, Any], rules: Any = None,
       rule: str | None = None, key: str | None = None) -> dict[str, Any]:
    r = check(position, action, rules)
    assert "error" not in r, r
    assert not r["legal"], r["reason"]
    assert r["next"] is None
    if rule is not None:
        assert r["rule"] == rule, (r["rule"], r["reason"])
    if key is not None:
        assert r["why"]["key"] == key, r["why"]
    return r


def hands(p: dict[str, Any]) -> list[Any]:
    return [pl["hand"] for pl in p["players"]]


def n_cards(h: Any) -> int:
    return h if isinstance(h, int) else len(h)


def in_legal(position: dict[str, Any], action: dict[str, Any], rules: Any = None) -> bool:
    return action in legal_actions(position, rules)


# ---------------------------------------------------------------------------------------
# Cards and editions
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition,size,extra", [
    ("108", 108, {}),
    ("112-swap", 112, {"WX": 1, "WC": 3}),
    ("112-shuffle", 112, {"WS": 1, "WC": 3}),
    ("112-blank", 112, {"WC": 4}),
])
def test_deck_edition_counts(edition: str, size: int, extra: dict[str, int]) -> None:
    d = deal(4, rules={"deck": edition}, seed=11)
    allc = [c for h in hands(d) for c in h] + d["discard"] + d["draw_pile"]
    assert len(allc) == size
    c = Counter(allc)
    for col in "RYGB":
        assert c[col + "0"] == 1
        for r in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"]:
            assert c[col + r] == 2, col + r
    assert c["W"] == 4 and c["W+4"] == 4
    for w in ("WX", "WS", "WC"):
        assert c[w] == extra.get(w, 0), w


@pytest.mark.parametrize("edition,card", [
    ("108", "WX"), ("108", "WS"), ("108", "WC"), ("112-swap", "WS"),
    ("112-shuffle", "WX"), ("112-blank", "WX"), ("112-blank", "WS"),
])
def test_special_wilds_only_in_their_decks(edition: str, card: str) -> None:
    r = check(pos([[card, "R1"], ["Y1"]], ["R2"]), {"type": "draw"}, {"deck": edition})
    assert r["error"]["key"] == "err_card_edition"


@pytest.mark.parametrize("hand,edition,key", [
    (["R0", "R0"], "108", "err_card_copies"),           # one 0 per colour
    (["R5", "R5", "R5"], "108", "err_card_copies"),     # two of 1-9
    (["W", "W", "W", "W", "W"], "108", "err_card_copies"),
    (["W+4"] * 5, "108", "err_card_copies"),
    (["WC"] * 4, "112-swap", "err_card_copies"),        # 3 WC with Swap Hands
    (["WX", "WX"], "112-swap", "err_card_copies"),
])
def test_copies_counted_per_edition(hand: list[str], edition: str, key: str) -> None:
    r = check(pos([hand, ["Y1"]], ["R2"]), {"type": "draw"}, {"deck": edition})
    assert r["error"]["key"] == key


def test_four_blank_cards_in_the_blank_deck() -> None:
    ok(pos([["WC"] * 4, ["Y1"]], ["R2"]), {"type": "draw"}, {"deck": "112-blank"})


# ---------------------------------------------------------------------------------------
# Dealing and the first card
# ---------------------------------------------------------------------------------------

D2 = ["R1", "B1", "R2", "B2", "R3", "B3", "R4", "B4", "R5", "B5", "R6", "B6", "R7", "B7"]
D3 = D2 + ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]


def test_deal_seven_each_one_at_a_time_from_dealers_left() -> None:
    d = deal(["Ann", "Ben", "Cid"], deck=D3 + ["Y5", "Y9"], dealer=1, seed=1)
    assert hands(d)[2] == D3[0::3] == ["R1", "B2", "R4", "B5", "R7", "G2", "G5"]
    assert hands(d)[0] == D3[1::3] and hands(d)[1] == D3[2::3]
    assert d["turn"] == 2 and d["direction"] == 1          # dealer's left plays first
    assert d["discard"] == ["Y5"] and d["draw_pile"] == ["Y9"] and d["color"] == "Y"


@pytest.mark.parametrize("dealer,top,turn,direction,drew", [
    (0, "G+2", 2, 1, 1),    # first player (1) draws 2 and is skipped
    (0, "GS", 2, 1, None),  # first player skipped
    (0, "GR", 0, -1, None),  # dealer plays first, counter-clockwise
    (2, "G+2", 1, 1, 0),
    (2, "GS", 1, 1, None),
    (2, "GR", 2, -1, None),
    (0, "G5", 1, 1, None),
])
def test_first_card_actions(dealer: int, top: str, turn: int, direction: int,
                            drew: int | None) -> None:
    d = deal(3, deck=D3 + [top, "Y9", "Y5", "Y6"], dealer=dealer, seed=1)
    assert d["discard"] == [top] and d["color"] == "G"
    assert (d["turn"], d["direction"]) == (turn, direction)
    sizes = [len(h) for h in hands(d)]
    assert sizes == [9 if i == drew else 7 for i in range(3)]
    if drew is not None:
        assert hands(d)[drew][-2:] == ["Y9", "Y5"]


@pytest.mark.parametrize("top,turn", [("G+2", 0), ("GS", 0), ("GR", 0)])
def test_first_card_actions_two_players(top: str, turn: int) -> None:
    # two players, dealer 0: every one of these gives the dealer the first turn
    d = deal(2, deck=D2 + [top, "Y9", "Y5"], seed=1)
    assert d["turn"] == turn


def test_first_card_draw_two_with_stacking_still_draws() -> None:
    d = deal(3, rules=STACK, deck=D3 + ["G+2", "Y9", "Y5", "Y6"], seed=1)
    assert d["turn"] == 2 and len(hands(d)[1]) == 9 and "pending" not in d


@pytest.mark.parametrize("rules", [None, {"first_wild": "reshuffle"}])
def test_first_card_wild_draw_four_goes_back(rules: Any) -> None:
    d = deal(3, rules=rules, deck=D3 + ["W+4", "Y9", "Y5", "Y6"], seed=1)
    assert d["discard"] != ["W+4"] and d["color"] is not None
    assert "W+4" in d["draw_pile"]
    assert sum(n_cards(h) for h in hands(d)) + len(d["discard"]) + len(d["draw_pile"]) == 25
    assert d == deal(3, rules=rules, deck=D3 + ["W+4", "Y9", "Y5", "Y6"], seed=1)


@pytest.mark.parametrize("card,deck", [("W", "108"), ("WX", "112-swap"), ("WS", "112-shuffle"),
                                       ("WC", "112-blank")])
def test_first_card_wild_player_names_reading(card: str, deck: str) -> None:
    rules = {"deck": deck}
    d = deal(3, rules=rules, deck=D3 + [card, "Y9", "Y5"], seed=1)
    assert d["discard"] == [card] and d["color"] is None and d["turn"] == 1
    acts = legal_actions(d, rules)
    assert {"type": "color", "color": "B"} in acts
    assert all(a["type"] in ("color",) for a in acts)
    no(d, {"type": "play", "card": hands(d)[1][0]}, rules, "first-card", "must_name_color")
    r = ok(d, {"type": "color", "color": "B"}, rules, "first-card")
    nxt = r["next"]
    assert nxt["color"] == "B" and nxt["turn"] == 1 and hands(nxt) == hands(d)
    assert "player 2, who plays first" in r["reason"]     # unnamed players: index + 1


@pytest.mark.parametrize("card,deck", [("W", "108"), ("WX", "112-swap"), ("WC", "112-blank")])
def test_first_card_wild_reshuffle_reading(card: str, deck: str) -> None:
    rules = {"deck": deck, "first_wild": "reshuffle"}
    d = deal(3, rules=rules, deck=D3 + [card, "Y9", "Y5"], seed=1)
    assert d["discard"] != [card] and d["color"] in ("Y",) and card in d["draw_pile"]


def test_player_count_limits() -> None:
    with pytest.raises(ValueError):
        deal(1)
    with pytest.raises(ValueError):
        deal(11)
    assert len(deal(10, seed=2)["players"]) == 10


# ---------------------------------------------------------------------------------------
# Matching, Wild
# ---------------------------------------------------------------------------------------

def test_match_by_colour_number_symbol_and_not_otherwise() -> None:
    p = pos([["R2", "B7", "GS", "Y+2", "B3"], ["Y1"]], ["G7", "R7"])
    ok(p, {"type": "play", "card": "R2"}, rule="match")
    ok(p, {"type": "play", "card": "B7"}, rule="match")
    r = no(p, {"type": "play", "card": "B3"}, rule="match", key="no_match")
    assert "blue 3" in r["reason"] and "red 7" in r["reason"]
    no(p, {"type": "play", "card": "GS"}, rule="match")
    no(p, {"type": "play", "card": "Y+2"}, rule="match")


def test_after_a_wild_the_named_colour_is_matched_not_a_number() -> None:
    p = pos([["G7", "B1", "Y5"], ["Y1"]], ["R7", "W"], color="B")
    ok(p, {"type": "play", "card": "B1"})
    no(p, {"type": "play", "card": "G7"})
    no(p, {"type": "play", "card": "Y5"})


def test_wild_any_time_and_any_colour_including_current() -> None:
    p = pos([["R2", "G1", "W"], ["Y1"]], ["R7"])
    for col in "RYGB":
        r = ok(p, {"type": "play", "card": "W", "color": col}, rule="wild")
        assert r["next"]["color"] == col
    for col in "RYGB":
        assert {"type": "play", "card": "W", "color": col} in legal_actions(p)
    no(p, {"type": "play", "card": "W"}, rule="wild", key="wild_needs_color")


# ---------------------------------------------------------------------------------------
# Wild Draw Four: the restriction by the colour in force only
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand", [
    ["W+4", "B7", "W"],             # same number, other colour + another wild
    ["W+4", "W+4", "G7"],           # another +4
    ["W+4", "BR", "YS", "G+2"],     # action cards of other colours
    ["W+4"],                        # last card
    ["W+4", "?", "?"],              # unknown cards never forbid it
])
def test_plus4_allowed_without_the_colour_in_force(hand: list[str]) -> None:
    p = pos([hand, ["Y1", "Y2"], ["G1"]], ["G7", "R7"])
    r = ok(p, {"type": "play", "card": "W+4", "color": "G"}, rule="wild-draw-four")
    assert in_legal(p, {"type": "play", "card": "W+4", "color": "G"})
    if len(hand) > 1:
        assert r["next"]["pending"] == {"cards": 4, "from": 0, "card": "W+4", "guilty": False}
        assert r["next"]["turn"] == 1


@pytest.mark.parametrize("blocker", ["R2", "RS", "RR", "R+2", "R0"])
def test_plus4_forbidden_by_any_card_of_the_colour_in_force(blocker: str) -> None:
    p = pos([["W+4", "B7", blocker], ["Y1", "Y2"], ["G1"]], ["G7", "R7"])
    r = no(p, {"type": "play", "card": "W+4", "color": "G"}, rule="wild-draw-four",
           key="plus4_bluff")
    assert r["bluff"] is True
    assert r["bluff_next"]["pending"]["guilty"] is True
    assert r["why"]["params"]["cards"] == [blocker]
    assert "Ann" in r["reason"] and "red" in r["reason"]
    assert not any(a.get("card") == "W+4" for a in legal_actions(p))
    # physically possible: apply accepts the bluff so that it can be challenged
    assert apply(p, {"type": "play", "card": "W+4", "color": "G"})["pending"]["guilty"] is True


def test_plus4_after_first_card_wild_uses_the_colour_just_named() -> None:
    p = pos([["B2", "W+4", "Y1"], ["Y2", "Y3"], ["G1"]], ["W"], color=None)
    named_b = ok(p, {"type": "color", "color": "B"})["next"]
    no(named_b, {"type": "play", "card": "W+4", "color": "G"}, rule="wild-draw-four")
    named_r = ok(p, {"type": "color", "color": "R"})["next"]
    r = ok(named_r, {"type": "play", "card": "W+4", "color": "G"}, rule="wild-draw-four")
    assert r["next"]["pending"]["guilty"] is False


def test_plus4_on_a_wild_restricted_by_the_named_colour() -> None:
    p = pos([["W+4", "G5"], ["Y2", "Y3"], ["G1"]], ["R7", "W"], color="G")
    no(p, {"type": "play", "card": "W+4", "color": "Y"}, rule="wild-draw-four")
    p2 = pos([["W+4", "R5"], ["Y2", "Y3"], ["G1"]], ["R7", "W"], color="G")
    ok(p2, {"type": "play", "card": "W+4", "color": "Y"})


def test_unknown_cards_never_make_guilty() -> None:
    p = pos([["W+4", "?", "?", "?"], ["Y2", "Y3"], ["G1"]], ["R7"])
    nxt = ok(p, {"type": "play", "card": "W+4", "color": "R"})["next"]
    assert nxt["pending"]["guilty"] is False
    r = ok(nxt, {"type": "challenge"}, rule="challenge")
    assert len(hands(r["next"])[1]) == 8


# ---------------------------------------------------------------------------------------
# The challenge, both ways
# ---------------------------------------------------------------------------------------

def plus4_played(hand: list[str], n: int = 3) -> dict[str, Any]:
    others = [["G5", "Y1"], ["B9", "G2"], ["Y4", "Y6"]][: n - 1]
    return apply(pos([hand] + others, ["R7"], pile=list(PILE)),
                 {"type": "play", "card": "W+4", "color": "B"})


def test_challenge_guilty_offender_draws_four_challenger_takes_turn() -> None:
    p = plus4_played(["R2", "G1", "W+4"])
    assert p["turn"] == 1 and p["pending"]["guilty"] is True
    r = ok(p, {"type": "challenge"}, rule="challenge")
    nxt = r["next"]
    assert hands(nxt)[0] == ["R2", "G1"] + PILE[:4]
    assert hands(nxt)[1] == ["G5", "Y1"]                 # challenger draws nothing
    assert nxt["turn"] == 1                              # and takes the turn
    assert nxt["color"] == "B" and nxt["discard"][-1] == "W+4"   # the +4 and colour stand
    assert "pending" not in nxt
    assert "Ben" in r["reason"] and "Ann" in r["reason"]
    assert "Ann picks up 4 cards." in r["effects"] and r["effects"][-1] == "It’s Ben’s turn."
    # Ben then plays as usual on blue
    ok(nxt, {"type": "draw"})


def test_challenge_innocent_challenger_draws_six_and_loses_turn() -> None:
    p = plus4_played(["B2", "G1", "W+4"])
    assert p["pending"]["guilty"] is False
    r = ok(p, {"type": "challenge"}, rule="challenge")
    nxt = r["next"]
    assert hands(nxt)[1] == ["G5", "Y1"] + PILE[:6]
    assert hands(nxt)[0] == ["B2", "G1"]
    assert nxt["turn"] == 2 and nxt["color"] == "B" and nxt["discard"][-1] == "W+4"
    assert "Ben picks up 6 cards." in r["effects"] and r["effects"][-1] == "It’s Cid’s turn."


def test_no_challenge_victim_draws_four_and_loses_turn() -> None:
    p = plus4_played(["R2", "G1", "W+4"])     # even a guilty +4, unchallenged
    r = ok(p, {"type": "draw"}, rule="wild-draw-four")
    assert hands(r["next"])[1] == ["G5", "Y1"] + PILE[:4]
    assert r["next"]["turn"] == 2 and r["next"]["color"] == "B"
    assert r["effects"][-1] == "It’s Cid’s turn."


def test_victim_of_plus4_cannot_play_a_card() -> None:
    p = plus4_played(["B2", "G1", "W+4"])
    no(p, {"type": "play", "card": "G5"}, rule="wild-draw-four", key="must_challenge_or_draw")
    assert sorted(a["type"] for a in legal_actions(p)) == ["challenge", "draw"]


def test_only_the_victim_may_challenge() -> None:
    p = plus4_played(["R2", "G1", "W+4"])
    no(p, {"type": "challenge", "player": 2})
    no(p, {"type": "challenge", "player": 0})
    assert not any(a["type"] == "challenge" and a.get("player") not in (None, 1)
                   for a in legal_actions(p))
    # once drawn (or with no +4 pending) nobody can challenge
    after = apply(p, {"type": "draw"})
    no(after, {"type": "challenge"}, rule="challenge", key="challenge_nothing")


def test_no_challenge_of_a_draw_two() -> None:
    p = pos([["G4"], ["B+2", "G5"], ["R5"]], ["R7", "R+2"], turn=1,
            pending={"cards": 2, "from": 0, "card": "R+2"})
    no(p, {"type": "challenge"}, STACK, rule="challenge")


@pytest.mark.parametrize("guilty_hand,turn_after", [(["R2", "W+4", "G1"], 1),
                                                    (["B2", "W+4", "G1"], 0)])
def test_challenge_two_players(guilty_hand: list[str], turn_after: int) -> None:
    p = plus4_played(guilty_hand, n=2)
    assert ok(p, {"type": "challenge"})["next"]["turn"] == turn_after
    assert ok(p, {"type": "draw"})["next"]["turn"] == 0   # +4 with two: play again


# ---------------------------------------------------------------------------------------
# Draw Two, Skip, Reverse, two players
# ---------------------------------------------------------------------------------------

def test_draw_two_takes_effect_at_once() -> None:
    p = pos([["R+2", "G1", "B1"], ["G5", "Y1"], ["B9", "G2"]], ["R7"])
    r = ok(p, {"type": "play", "card": "R+2"}, rule="draw-two")
    nxt = r["next"]
    assert hands(nxt)[1] == ["G5", "Y1"] + PILE[:2]
    assert nxt["turn"] == 2 and "pending" not in nxt
    assert r["effects"] == ["Ann plays the red +2.", "Ben picks up 2 cards.",
                            "Ben misses their go.", "It’s Cid’s turn."]


def test_draw_two_matches_colour_or_draw_two_only() -> None:
    p = pos([["B+2", "G+2", "R+2"], ["G5"]], ["Y4", "B4"])
    ok(p, {"type": "play", "card": "B+2"})
    no(p, {"type": "play", "card": "G+2"})
    p2 = pos([["G+2", "R5"], ["G5", "Y1"], ["B9", "G2"]], ["R7", "R+2"], turn=0)
    r = ok(p2, {"type": "play", "card": "G+2"}, rule="draw-two")   # dispute plus2-after-plus2
    assert len(hands(r["next"])[1]) == 4 and r["next"]["turn"] == 2


def test_skip_and_reverse_by_symbol_and_colour() -> None:
    p = pos([["GS", "BR", "RS"], ["G5"]], ["R1", "RS"])
    ok(p, {"type": "play", "card": "GS"}, rule="skip")
    ok(p, {"type": "play", "card": "RS"}, rule="skip")
    no(p, {"type": "play", "card": "BR"})
    p2 = pos([["BR", "G1"], ["G5"], ["Y1"]], ["R1", "YR"])
    ok(p2, {"type": "play", "card": "BR"}, rule="reverse")


@pytest.mark.parametrize("direction,skipped,turn", [(1, "Ben", 2), (-1, "Dee", 2)])
def test_skip_four_players(direction: int, skipped: str, turn: int) -> None:
    p = pos([["RS", "G1"], ["G5"], ["Y5"], ["Y6"]], ["R7"], direction=direction)
    r = ok(p, {"type": "play", "card": "RS"})
    assert r["next"]["turn"] == turn and f"{skipped} misses their go." in r["effects"]


def test_reverse_three_players_changes_direction() -> None:
    p = pos([["RR", "G1"], ["G5"], ["Y5"]], ["R7"])
    r = ok(p, {"type": "play", "card": "RR"}, rule="reverse")
    assert r["next"]["direction"] == -1 and r["next"]["turn"] == 2


@pytest.mark.parametrize("card", ["RR", "RS", "R+2"])
def test_two_players_same_player_again(card: str) -> None:
    p = pos([[card, "G1", "B1"], ["G5", "Y1"]], ["R7"])
    r = ok(p, {"type": "play", "card": card})
    assert r["next"]["turn"] == 0
    assert "Ben misses their go." in r["effects"] and r["effects"][-1] == "It’s Ann’s turn."
    if card == "RR":
        assert r["rule"] == "two-players"
        # a second Reverse (whatever the direction now) still skips the opponent
        again = ok(r["next"] | {"players": [{"name": "Ann", "hand": ["GR", "B1"]},
                                            {"name": "Ben", "hand": ["G5", "Y1"]}]},
                   {"type": "play", "card": "GR"})
        assert again["next"]["turn"] == 0
    if card == "R+2":
        assert len(hands(r["next"])[1]) == 4


# ---------------------------------------------------------------------------------------
# Drawing; playing the drawn card
# ---------------------------------------------------------------------------------------

def test_draw_even_with_a_playable_card_then_only_the_drawn_card() -> None:
    p = pos([["R2", "G1"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], pile=["R9", "B6", "G4"])
    r = ok(p, {"type": "draw"}, rule="draw")
    nxt = r["next"]
    assert nxt["turn"] == 0 and nxt["drawn"] == "R9"
    no(nxt, {"type": "play", "card": "R2"}, rule="drawn-card", key="only_drawn_card")
    no(nxt, {"type": "draw"}, rule="drawn-card", key="already_drawn")
    assert legal_actions(nxt) == [{"type": "play", "card": "R9"}, {"type": "pass"}]
    ok(nxt, {"type": "play", "card": "R9"}, rule="drawn-card")
    keep = ok(nxt, {"type": "pass"}, rule="drawn-card")["next"]
    assert keep["turn"] == 1 and "R9" in hands(keep)[0] and "drawn" not in keep


def test_drawn_unplayable_card_turn_passes() -> None:
    p = pos([["B2", "G1"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], pile=["Y4", "B6"])
    r = ok(p, {"type": "draw"})
    assert r["next"]["turn"] == 1 and "drawn" not in r["next"]
    assert "The card drawn, the yellow 4, can’t be played, so the turn passes." in r["effects"]


def test_no_pass_without_drawing() -> None:
    no(pos([["B2"], ["G5"]], ["R7"]), {"type": "pass"}, rule="draw", key="pass_without_draw")


def test_drawn_plus4_still_restricted() -> None:
    held = pos([["R2", "G1"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], pile=["W+4", "B6"])
    r = ok(held, {"type": "draw"})
    assert r["next"]["turn"] == 1 and "drawn" not in r["next"]   # not playable: turn passes
    manual = pos([["R2", "G1", "W+4"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], drawn="W+4")
    no(manual, {"type": "play", "card": "W+4", "color": "G"}, rule="wild-draw-four")
    free = pos([["B2", "G1"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], pile=["W+4", "B6"])
    nxt = ok(free, {"type": "draw"})["next"]
    assert nxt["drawn"] == "W+4" and nxt["turn"] == 0
    r2 = ok(nxt, {"type": "play", "card": "W+4", "color": "G"}, rule="wild-draw-four")
    assert r2["next"]["pending"]["guilty"] is False


def test_drawn_unknown_card_turn_passes() -> None:
    r = ok(pos([["B2"], ["G5", "Y1"], ["B9"]], ["R7"], pile=3), {"type": "draw"})
    assert r["next"]["turn"] == 1 and hands(r["next"])[0] == ["B2", "?"]


# ---------------------------------------------------------------------------------------
# Empty draw pile
# ---------------------------------------------------------------------------------------

def test_empty_pile_reshuffle_keeps_top_and_is_deterministic() -> None:
    disc = ["G1", "B4", "R2", "Y5", "B8", "Y7", "G2"]
    p = pos([["Y7", "B5"], ["G5", "Y1", "B3"], ["R5", "B1"]], disc, pile=[], seed=42)
    r = ok(p, {"type": "draw"}, rule="empty-draw-pile")
    nxt = r["next"]
    assert nxt["discard"] == ["G2"]
    assert sorted(nxt["draw_pile"] + [hands(nxt)[0][-1]]) == sorted(disc[:-1])
    assert check(p, {"type": "draw"})["next"] == nxt            # same seed, same result
    assert nxt["seed"] != 42
    orders = {tuple(check({**p, "seed": s}, {"type": "draw"})["next"]["draw_pile"])
              for s in range(8)}
    assert len(orders) > 1                                     # the seed drives the shuffle


def test_penalty_across_the_reshuffle() -> None:
    p = pos([["W+4", "B5"], ["G5", "Y1"], ["R5", "B1"]], ["G1", "B4", "R2", "G2"], pile=["Y9"])
    nxt = apply(apply(p, {"type": "play", "card": "W+4", "color": "R"}), {"type": "draw"})
    assert nxt["discard"] == ["W+4"] and len(hands(nxt)[1]) == 6 and hands(nxt)[1][2] == "Y9"


def test_nothing_left_to_draw_turn_passes() -> None:
    r = ok(pos([["Y7"], ["G5"], ["R5"]], ["G2"], pile=[]), {"type": "draw"}, rule="empty-draw-pile")
    assert r["next"]["turn"] == 1 and hands(r["next"])[0] == ["Y7"]


# ---------------------------------------------------------------------------------------
# UNO
# ---------------------------------------------------------------------------------------

UNO_POS = pos([["R2", "G1"], ["G5", "Y1", "R4"], ["B9", "G2"]], ["R7"])


def test_uno_said_with_the_play_cannot_be_caught() -> None:
    r = ok(UNO_POS, {"type": "play", "card": "R2", "uno": True})
    assert "catchable" not in r["next"] and "Ann says “UNO!”" in r["effects"]
    no(r["next"], {"type": "catch", "player": 1, "target": 0}, rule="uno-call")
    assert {"type": "play", "card": "R2", "uno": True} in legal_actions(UNO_POS)
    assert {"type": "play", "card": "R2"} in legal_actions(UNO_POS)


def test_uno_said_late_before_a_catch_is_safe() -> None:
    nxt = ok(UNO_POS, {"type": "play", "card": "R2"})["next"]
    assert nxt["catchable"] == [0]
    said = ok(nxt, {"type": "uno", "player": 0}, rule="uno-call")["next"]
    no(said, {"type": "catch", "player": 1, "target": 0}, key="catch_too_late")
    assert len(hands(said)[0]) == 1


@pytest.mark.parametrize("catcher,penalty", [(1, 2), (2, 2), (2, 4)])
def test_uno_caught(catcher: int, penalty: int) -> None:
    rules = {"uno_penalty": penalty} if penalty == 4 else None
    nxt = ok(UNO_POS, {"type": "play", "card": "R2"}, rules)["next"]
    r = ok(nxt, {"type": "catch", "player": catcher, "target": 0}, rules, rule="uno-call")
    assert hands(r["next"])[0] == ["G1"] + PILE[:penalty]
    assert r["next"]["turn"] == 1 and "catchable" not in r["next"]
    assert f"{NAMES[catcher]} catches Ann" in r["reason"]
    assert f"Ann picks up {penalty} cards." in r["effects"]
    no(r["next"], {"type": "uno", "player": 0})      # too late to say it now


@pytest.mark.parametrize("first", [{"type": "play", "card": "R4"}, {"type": "draw"}])
def test_uno_too_late_after_next_players_first_action(first: dict[str, Any]) -> None:
    nxt = ok(UNO_POS, {"type": "play", "card": "R2"})["next"]
    after = ok(nxt, first)["next"]
    no(after, {"type": "catch", "player": 2, "target": 0}, rule="uno-call", key="catch_too_late")
    assert not any(a["type"] in ("catch", "uno") for a in legal_actions(after))


def test_uno_catch_after_skip_lasts_until_the_player_after_the_skipped_one() -> None:
    p = pos([["RS", "G1"], ["G5"], ["B9", "R1"]], ["R7"])
    nxt = ok(p, {"type": "play", "card": "RS"})["next"]
    assert nxt["turn"] == 2 and nxt["catchable"] == [0]
    ok(nxt, {"type": "catch", "player": 1, "target": 0})
    after = ok(nxt, {"type": "play", "card": "R1"})["next"]
    no(after, {"type": "catch", "player": 1, "target": 0})


def test_uno_catch_during_plus4_until_victim_acts() -> None:
    p = pos([["W+4", "G1"], ["G5", "Y1"], ["B9"]], ["R7"])
    nxt = ok(p, {"type": "play", "card": "W+4", "color": "B"})["next"]
    assert nxt["catchable"] == [0]
    ok(nxt, {"type": "catch", "player": 2, "target": 0})
    after = ok(nxt, {"type": "draw"})["next"]
    no(after, {"type": "catch", "player": 2, "target": 0})


def test_uno_no_catch_self_no_catch_with_more_cards() -> None:
    nxt = ok(UNO_POS, {"type": "play", "card": "R2"})["next"]
    no(nxt, {"type": "catch", "player": 0, "target": 0}, key="catch_self")
    no(nxt, {"type": "catch", "player": 0, "target": 1}, key="catch_not_one")
    no(nxt, {"type": "uno", "player": 1}, key="uno_not_one")


# ---------------------------------------------------------------------------------------
# Going out and scoring
# ---------------------------------------------------------------------------------------

def test_going_out_on_draw_two_next_still_draws_and_counts() -> None:
    p = pos([["R+2"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], pile=["W", "B6", "G4"])
    r = ok(p, {"type": "play", "card": "R+2"}, rule="draw-two")
    nxt = r["next"]
    assert hands(nxt)[1] == ["G5", "Y1", "W", "B6"]
    assert nxt["result"] == {"winner": 0, "points": 5 + 1 + 50 + 6 + 9 + 2,
                             "hand_points": [0, 62, 11]}
    assert "Ben picks up 2 cards." in r["effects"]
    assert legal_actions(nxt) == []


def test_going_out_on_plus4_next_still_draws_and_counts() -> None:
    p = pos([["W+4"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], pile=["W", "B6", "G4", "RS"],
            direction=-1)
    r = ok(p, {"type": "play", "card": "W+4", "color": "G"})
    nxt = r["next"]
    assert hands(nxt)[2] == ["B9", "G2", "W", "B6", "G4", "RS"]     # direction -1: Cid
    assert "pending" not in nxt
    assert nxt["result"]["points"] == 6 + 11 + 50 + 6 + 4 + 20


def test_going_out_on_wild_and_actions_allowed() -> None:
    r = ok(pos([["W"], ["G5", "Y1"], ["B9"]], ["R7"]), {"type": "play", "card": "W", "color": "G"})
    assert r["next"]["result"] == {"winner": 0, "points": 15, "hand_points": [0, 6, 9]}
    assert r["effects"][-1] == "Ann has gone out and wins the hand, scoring 15 points."
    for card in ("RS", "RR"):
        res = ok(pos([[card], ["G5"], ["B9"]], ["R7"]), {"type": "play", "card": card})
        assert res["next"]["result"]["winner"] == 0


def test_one_round_no_points() -> None:
    r = ok(pos([["W"], ["G5", "Y1"], ["B9"]], ["R7"]), {"type": "play", "card": "W", "color": "G"},
           {"one_round": True})
    assert r["next"]["result"] == {"winner": 0, "points": None, "hand_points": None}


def test_card_values() -> None:
    assert points([f"R{i}" for i in range(10)]) == 45
    assert points(["BS", "YR", "G+2"]) == 60
    assert points(["W", "W+4"]) == 100
    assert points(["WX", "WS", "WC"]) == 120


def test_game_to_500_and_alternative_scoring() -> None:
    assert game_winner([499, 300]) is None and game_winner([500, 300]) == 0
    totals = add_round([490, 0, 0], [[], ["R7", "BS"], ["W"]], winner=0)
    assert totals == [567, 0, 0] and game_winner(totals) == 0
    alt = add_round([0, 480, 10], [[], ["R7", "BS"], ["W"]], winner=0, alternative=True)
    assert alt == [0, 507, 60] and alternative_winner(alt) == 0
    assert alternative_winner([100, 499]) is None


# ---------------------------------------------------------------------------------------
# House rules
# ---------------------------------------------------------------------------------------

def test_stacking_draw_two() -> None:
    p = pos([["R+2", "G1"], ["B+2", "Y1", "W+4"], ["Y+2", "G2"]], ["R7"])
    no(p | {"turn": 1, "discard": ["R7", "R+2"], "pending": {"cards": 2, "from": 0,
                                                             "card": "R+2"}},
       {"type": "play", "card": "B+2"}, rule="draw-two")        # official: no stacking
    nxt = ok(p, {"type": "play", "card": "R+2"}, STACK)["next"]
    assert nxt["pending"] == {"cards": 2, "from": 0, "card": "R+2"} and nxt["turn"] == 1
    no(nxt, {"type": "play", "card": "W+4", "color": "G"}, STACK, rule="stacking")
    r = ok(nxt, {"type": "play", "card": "B+2"}, STACK, rule="stacking")
    assert r["next"]["pending"]["cards"] == 4 and r["next"]["turn"] == 2
    took = ok(r["next"], {"type": "draw"}, STACK)["next"]
    assert len(hands(took)[2]) == 6 and took["turn"] == 0


def test_stacking_plus4_on_plus2_option_and_never_plus2_on_plus4() -> None:
    p = pos([["G4"], ["W+4", "Y1"], ["R5"]], ["R7", "R+2"], turn=1,
            pending={"cards": 2, "from": 0, "card": "R+2"})
    no(p, {"type": "play", "card": "W+4", "color": "G"}, STACK)
    r = ok(p, {"type": "play", "card": "W+4", "color": "G"}, STACK24, rule="stacking")
    assert r["next"]["pending"] == {"cards": 6, "from": 1, "card": "W+4", "guilty": False}
    q = pos([["G4"], ["B+2", "W+4"], ["R5"]], ["R7", "W+4"], turn=1, color="B",
            pending={"cards": 4, "from": 0, "card": "W+4", "guilty": False})
    no(q, {"type": "play", "card": "B+2"}, STACK24, rule="stacking")
    ok(q, {"type": "challenge"}, STACK24)


def test_stacked_plus4_keeps_its_restriction() -> None:
    # facing a +4 (blue named), holding a blue card: stacking a +4 is a bluff, not a legal play
    q = pos([["G4"], ["B+2", "W+4", "Y1"], ["R5"]], ["R7", "W+4"], turn=1, color="B",
            pending={"cards": 4, "from": 0, "card": "W+4", "guilty": False})
    r = no(q, {"type": "play", "card": "W+4", "color": "Y"}, STACK, rule="wild-draw-four")
    assert r["bluff"] is True and r["bluff_next"]["pending"]["guilty"] is True
    assert not any(a.get("card") == "W+4" for a in legal_actions(q, STACK))
    stacked = apply(q, {"type": "play", "card": "W+4", "color": "Y"}, STACK)
    ch = ok(stacked, {"type": "challenge"}, STACK)["next"]
    assert len(hands(ch)[1]) == 2 + 8 and ch["turn"] == 2      # the whole stack back
    # without a blue card the stack is legal and a challenge fails for the whole stack + 2
    q2 = pos([["G4"], ["G+2", "W+4", "Y1"], ["R5"]], ["R7", "W+4"], turn=1, color="B",
             pending={"cards": 4, "from": 0, "card": "W+4", "guilty": False})
    s2 = ok(q2, {"type": "play", "card": "W+4", "color": "Y"}, STACK)["next"]
    assert s2["pending"] == {"cards": 8, "from": 1, "card": "W+4", "guilty": False}
    ch2 = ok(s2, {"type": "challenge"}, STACK)["next"]
    assert len(hands(ch2)[2]) == 1 + 10 and ch2["turn"] == 0


def test_stacking_going_out_next_draws_whole_stack() -> None:
    p = pos([["G1"], ["B+2"], ["Y5", "G2"]], ["R7", "R+2"], turn=1,
            pending={"cards": 2, "from": 0, "card": "R+2"})
    r = ok(p, {"type": "play", "card": "B+2"}, STACK)
    assert len(hands(r["next"])[2]) == 6 and r["next"]["result"]["winner"] == 1


def test_seven_o() -> None:
    so = {"seven_o": True}
    p = pos([["R7", "G1", "B1"], ["G5", "Y1"], ["B9", "G2", "Y2"]], ["R2"])
    r = ok(p, {"type": "play", "card": "R7", "target": 2}, so, rule="seven-o")
    assert hands(r["next"]) == [["B9", "G2", "Y2"], ["G5", "Y1"], ["G1", "B1"]]
    assert "Ann and Cid swap hands." in r["effects"]
    no(p, {"type": "play", "card": "R7"}, so, key="target_required")
    no(p, {"type": "play", "card": "R7", "target": 0}, so, key="target_self")
    official = ok(p, {"type": "play", "card": "R7"})          # officially a plain 7
    assert hands(official["next"])[0] == ["G1", "B1"]
    z = pos([["R0", "G1", "B1"], ["G5", "Y1"], ["B9", "G2", "Y2"]], ["R2"])
    fwd = ok(z, {"type": "play", "card": "R0"}, so)["next"]
    assert hands(fwd) == [["B9", "G2", "Y2"], ["G1", "B1"], ["G5", "Y1"]]
    back = ok(z | {"direction": -1}, {"type": "play", "card": "R0"}, so)["next"]
    assert hands(back) == [["G5", "Y1"], ["B9", "G2", "Y2"], ["G1", "B1"]]
    out = ok(pos([["R7"], ["G5"], ["B9"]], ["R2"]), {"type": "play", "card": "R7", "target": 1},
             so)["next"]
    assert hands(out) == [[], ["G5"], ["B9"]] and out["result"]["winner"] == 0


JI = {"jump_in": True}


def test_jump_in_identical_card_play_continues_from_jumper() -> None:
    p = pos([["Y7", "B5"], ["G5", "Y1"], ["R5", "G8"], ["R8", "Y2"]], ["Y2", "G8"])
    no(p, {"type": "play", "card": "G8", "player": 2}, rule="out-of-turn")   # official
    r = ok(p, {"type": "play", "card": "G8", "player": 2}, JI, rule="jump-in")
    assert r["next"]["turn"] == 3 and hands(r["next"])[2] == ["R5"]
    assert "Cid" in r["reason"]
    assert {"type": "play", "card": "G8", "player": 2} in legal_actions(p, JI)
    no(p, {"type": "play", "card": "R8", "player": 3}, JI, key="jump_in_not_identical")
    sk = pos([["Y7", "B5"], ["G5", "Y1"], ["R5", "GS"], ["R8", "Y2"]], ["Y2", "GS"])
    r2 = ok(sk, {"type": "play", "card": "GS", "player": 2}, JI)
    assert r2["next"]["turn"] == 0 and "Dee misses their go." in r2["effects"]


def test_jump_in_not_while_a_penalty_is_pending() -> None:
    p4 = pos([["Y7"], ["G5", "Y1"], ["R5", "W+4"], ["R8"]], ["Y2", "W+4"], turn=1, color="G",
             pending={"cards": 4, "from": 0, "card": "W+4", "guilty": False})
    no(p4, {"type": "play", "card": "W+4", "player": 2, "color": "R"}, JI, rule="jump-in")
    p2 = pos([["Y7"], ["G5", "Y1"], ["R5", "G+2"], ["R8"]], ["Y2", "G+2"], turn=1,
             pending={"cards": 2, "from": 0, "card": "G+2"})
    no(p2, {"type": "play", "card": "G+2", "player": 2}, {**JI, **STACK},
       key="jump_in_penalty")
    assert not any(a.get("player") == 2 for a in legal_actions(p2, {**JI, **STACK}))


def test_jump_in_never_on_a_wild_and_the_reason_says_so() -> None:
    p = pos([["Y7"], ["G5", "Y1"], ["R5", "W"], ["R8"]], ["Y2", "W"], color="G")
    r = no(p, {"type": "play", "card": "W", "player": 2, "color": "R"}, JI, rule="jump-in")
    assert "isn’t identical" not in r["reason"] and "Wild" in r["reason"]


def test_draw_to_match_and_cap() -> None:
    dm = {"draw_to_match": True}
    p = pos([["B2", "G1"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], pile=["Y4", "B6", "R3", "G4"])
    s1 = ok(p, {"type": "draw"}, dm)["next"]
    assert s1["turn"] == 0 and s1["drawn"] == "Y4"
    assert legal_actions(s1, dm) == [{"type": "draw"}]
    no(s1, {"type": "pass"}, dm, rule="draw-to-match")
    s3 = apply(apply(s1, {"type": "draw"}, dm), {"type": "draw"}, dm)
    assert s3["drawn"] == "R3" and s3["drawn_count"] == 3 and s3["turn"] == 0
    ok(s3, {"type": "play", "card": "R3"}, dm)
    cap = {"draw_to_match": True, "draw_to_match_cap": 2}
    c2 = apply(apply(p, {"type": "draw"}, cap), {"type": "draw"}, cap)
    assert c2["turn"] == 1 and len(hands(c2)[0]) == 4 and "drawn" not in c2
    ten = {"draw_to_match": True, "draw_to_match_cap": 10}
    q = pos([["B2"], ["G6"], ["B9"]], ["R5"], pile=["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8",
                                                     "Y9", "G1", "G2", "R1"])
    for _ in range(10):
        q = apply(q, {"type": "draw"}, ten)
    assert q["turn"] == 1 and len(hands(q)[0]) == 11


def test_force_play() -> None:
    fp = {"force_play": True}
    p = pos([["B2", "G1"], ["G5", "Y1"], ["B9", "G2"]], ["R7"], pile=["R4", "B6"])
    nxt = ok(p, {"type": "draw"}, fp)["next"]
    assert legal_actions(nxt, fp) == [{"type": "play", "card": "R4"}]
    no(nxt, {"type": "pass"}, fp, rule="force-play")
    ok(nxt, {"type": "pass"})                                    # officially optional


# ---------------------------------------------------------------------------------------
# Editions: the special wild cards
# ---------------------------------------------------------------------------------------

def test_wild_swap_hands() -> None:
    rules = {"deck": "112-swap"}
    p = pos([["WX", "R1", "B2"], ["Y1", "Y2"], ["G1", "G2", "G3"]], ["R2"])
    r = ok(p, {"type": "play", "card": "WX", "color": "B", "target": 2}, rules,
           rule="wild-swap-hands")
    assert hands(r["next"]) == [["G1", "G2", "G3"], ["Y1", "Y2"], ["R1", "B2"]]
    assert r["next"]["color"] == "B" and r["next"]["turn"] == 1
    no(p, {"type": "play", "card": "WX", "color": "B"}, rules, key="target_required")


@pytest.mark.parametrize("direction", [1, -1])
def test_wild_shuffle_hands_dealt_from_the_left(direction: int) -> None:
    # rules-facts: "gather all hands, shuffle, deal them out from the player to your left"
    rules = {"deck": "112-shuffle"}
    p = pos([["WS", "R1", "B2"], ["Y1", "Y2"], ["G1", "G2", "G3"]], ["R2"], seed=4,
            direction=direction)
    r = ok(p, {"type": "play", "card": "WS", "color": "B"}, rules, rule="wild-shuffle-hands")
    got = hands(r["next"])
    assert sorted(c for h in got for c in h) == sorted(["R1", "B2", "Y1", "Y2", "G1", "G2", "G3"])
    assert [len(h) for h in got] == [2, 3, 2]        # 7 cards from Ben (left): Ben gets 3
    assert r["next"]["turn"] == (1 if direction == 1 else 2)
    assert check(p, {"type": "play", "card": "WS", "color": "B"}, rules)["next"] == r["next"]


def test_wild_customizable_plays_as_a_wild() -> None:
    for deck in ("112-swap", "112-shuffle", "112-blank"):
        r = ok(pos([["WC", "R1"], ["Y1"]], ["G2"]), {"type": "play", "card": "WC", "color": "Y"},
               {"deck": deck}, rule="wild-customizable")
        assert r["next"]["color"] == "Y" and hands(r["next"]) == [["R1"], ["Y1"]]


def test_special_wilds_do_not_forbid_a_plus4() -> None:
    ok(pos([["W+4", "WX", "B1"], ["Y1"]], ["R2"]), {"type": "play", "card": "W+4", "color": "B"},
       {"deck": "112-swap"})


# ---------------------------------------------------------------------------------------
# The 26 disputes: each checker situation gives the page's verdict
# ---------------------------------------------------------------------------------------

SITUATIONS: dict[str, Any] = json.loads((ROOT / "scenarios" / "situations.json").read_text())

#: dispute id -> (legal, rule) as the verdict on docs/en/disputes.md reads
DISPUTES = {
    "stack-draw-two": (False, "draw-two"),
    "stack-wild-draw-four": (False, "wild-draw-four"),
    "plus4-on-plus2": (False, "draw-two"),
    "plus2-after-plus2": (True, "draw-two"),
    "plus4-restriction": (False, "wild-draw-four"),
    "plus4-challenge": (True, "challenge"),
    "who-challenges": (False, "challenge"),
    "draw-with-playable": (True, "draw"),
    "play-drawn-card": (True, "drawn-card"),
    "draw-until-playable": (False, "drawn-card"),
    "wild-any-time": (True, "wild"),
    "wild-same-colour": (True, "wild"),
    "end-on-wild": (True, "wild"),
    "end-on-draw-two": (True, "draw-two"),
    "uno-when": (True, "uno-call"),
    "uno-catch-until": (False, "uno-call"),
    "uno-penalty": (True, "uno-call"),
    "two-player-reverse": (True, "two-players"),
    "first-card-wild": (True, "first-card"),
    "first-card-action": (True, "match"),
    "seven-zero": (False, "deck"),
    "jump-in": (False, "out-of-turn"),
    "who-scores": (True, "match"),
    "who-deals": (True, "match"),
    "empty-pile": (True, "empty-draw-pile"),
    "skip-on-skip": (True, "skip"),
    "skip-on-reverse": (False, "match"),
    "two-cards-at-once": (False, "out-of-turn"),
    "uno-early": (False, "uno-call"),
    "wrong-card": (False, "match"),
    "showing-cards": (True, "challenge"),
    "turn-begins": (False, "uno-call"),
    "both-piles-empty": (True, "empty-draw-pile"),
    "next-dealer": (True, "match"),
    "first-card-special": (True, "first-card"),
}


def test_every_dispute_has_a_situation() -> None:
    text = (ROOT / "docs" / "en" / "disputes.md").read_text()
    ids = [line.split("{#")[1].rstrip("}") for line in text.splitlines()
           if line.startswith("## ") and "{#" in line]
    assert len(ids) == 35 and set(ids) == set(DISPUTES) == set(SITUATIONS)


@pytest.mark.parametrize("qid", sorted(DISPUTES))
def test_dispute_verdict(qid: str) -> None:
    s = SITUATIONS[qid]
    r = check(s["position"], s["action"], s.get("rules"))
    assert "error" not in r, r
    assert (r["legal"], r["rule"]) == DISPUTES[qid], r["reason"]


def _sit(qid: str) -> dict[str, Any]:
    s = SITUATIONS[qid]
    r = check(s["position"], s["action"], s.get("rules"))
    assert "error" not in r
    return r


def test_dispute_details() -> None:
    # plus4-challenge: guilty -> the offender draws 4, the challenger (player 2) keeps 3
    r = _sit("plus4-challenge")["next"]
    assert len(hands(r)[0]) == 6 and len(hands(r)[1]) == 3 and r["turn"] == 1
    # end-on-draw-two: the next player still draws, counted: 5+1+3 + Y8 + W
    r = _sit("end-on-draw-two")["next"]
    assert hands(r)[1][-2:] == ["Y8", "W"] and r["result"]["points"] == 9 + 8 + 50 + 20 + 9 + 2
    # uno-penalty: two cards
    assert len(hands(_sit("uno-penalty")["next"])[0]) == 3
    # two-player-reverse: the same player again
    assert _sit("two-player-reverse")["next"]["turn"] == 0
    # first-card-wild: the first player names the colour and still plays
    r = _sit("first-card-wild")["next"]
    assert r["turn"] == 0 and r["color"] == "G"
    # seven-zero: officially a 7 swaps nothing: the swap asked for is not the official play,
    # the 7 on its own is
    r = _sit("seven-zero")
    assert r["why"]["key"] == "seven_no_swap" and r["next"] is None
    assert {"type": "play", "card": "R7"} in r["alternatives"]
    assert not any("target" in a for a in r["alternatives"])
    # who-scores: the winner scores every other hand: 5+1+20 + 50+20+9
    assert _sit("who-scores")["next"]["result"]["points"] == 105
    # empty-pile: the top card stays
    assert _sit("empty-pile")["next"]["discard"] == ["G2"]
    # who-challenges: a +4 is pending on player 2; player 3 (sure it was a bluff, and right)
    # may not challenge it: only the player who must draw may
    s = SITUATIONS["who-challenges"]
    assert s["position"]["pending"]["card"] == "W+4" and s["position"]["pending"]["guilty"]
    assert s["action"]["player"] != s["position"]["turn"]
    r = _sit("who-challenges")
    assert r["why"]["key"] == "challenge_not_victim"
    assert r["why"]["params"] == {"player": 2, "turn": 1}
    assert {"type": "challenge"} in r["alternatives"] and {"type": "draw"} in r["alternatives"]
    assert check(s["position"], {"type": "challenge"})["legal"] is True


def test_dispute_house_readings() -> None:
    s = SITUATIONS
    r = check(s["stack-draw-two"]["position"], s["stack-draw-two"]["action"], STACK)
    assert r["legal"] and r["next"]["pending"]["cards"] == 4
    r = check(s["stack-wild-draw-four"]["position"], s["stack-wild-draw-four"]["action"], STACK)
    assert r["legal"] and r["next"]["pending"]["cards"] == 8
    r = check(s["plus4-on-plus2"]["position"], s["plus4-on-plus2"]["action"], STACK)
    assert not r["legal"]
    r = check(s["plus4-on-plus2"]["position"], s["plus4-on-plus2"]["action"], STACK24)
    assert r["legal"] and r["next"]["pending"]["cards"] == 6
    r = check(s["jump-in"]["position"], s["jump-in"]["action"], JI)
    assert r["legal"] and r["next"]["turn"] == 0
    r = check(s["draw-until-playable"]["position"], s["draw-until-playable"]["action"],
              {"draw_to_match": True})
    assert r["legal"] and r["next"]["drawn"] == "R3"
    r = check(s["play-drawn-card"]["position"], {"type": "pass"}, {"force_play": True})
    assert not r["legal"]
    r = check(s["seven-zero"]["position"], s["seven-zero"]["action"], {"seven_o": True})
    assert r["legal"] and hands(r["next"])[0] == ["R5", "B1"]
    r = check(s["who-scores"]["position"], s["who-scores"]["action"], {"one_round": True})
    assert r["next"]["result"]["points"] is None
    r = check(s["uno-penalty"]["position"], s["uno-penalty"]["action"], {"uno_penalty": 4})
    assert len(hands(r["next"])[0]) == 5


def test_apply_raises_for_illegal_but_applies_a_bluff() -> None:
    p = pos([["W+4", "R1"], ["Y1", "Y2"]], ["R2"])
    with pytest.raises(IllegalAction):
        apply(p, {"type": "play", "card": "Y1"})
    assert apply(p, {"type": "play", "card": "W+4", "color": "G"})["pending"]["guilty"] is True
