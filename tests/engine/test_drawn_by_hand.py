"""A position entered by hand (the checker's "you have just drawn a card") may hold an unplayable drawn card:
officially the player keeps it and the turn passes; only under draw to match must they draw again."""

import rules_core

POSITION = {"players": [{"name": "Ann", "hand": ["R7", "B3", "G1"]}, {"name": "Bob", "hand": 5}],
            "turn": 0, "direction": 1, "discard": ["G7", "Y5"], "color": "Y", "draw_pile": 20, "drawn": "G1"}


def test_unplayable_drawn_card_is_kept_and_the_turn_passes():
    verdict = rules_core.check(POSITION, {"type": "pass"})
    assert verdict["legal"] and verdict["rule"] == "drawn-card"
    assert verdict["next"]["turn"] == 1
    assert rules_core.legal_actions(POSITION) == [{"type": "pass"}]


def test_drawing_again_is_refused_and_names_the_player():
    verdict = rules_core.check(POSITION, {"type": "draw"})
    assert not verdict["legal"] and verdict["rule"] == "drawn-card"
    assert "Ann" in verdict["reason"] and "{" not in verdict["reason"]


def test_under_draw_to_match_the_player_draws_on():
    rules = {"draw_to_match": True}
    assert not rules_core.check(POSITION, {"type": "pass"}, rules)["legal"]
    assert rules_core.check(POSITION, {"type": "draw"}, rules)["legal"]
    assert rules_core.legal_actions(POSITION, rules) == [{"type": "draw"}]


def test_under_force_play_a_playable_drawn_card_must_be_played_not_drawn_again():
    position = dict(POSITION, drawn="Y1", players=[{"name": "Ann", "hand": ["R7", "B3", "Y1"]}, {"hand": 5}])
    verdict = rules_core.check(position, {"type": "draw"}, {"force_play": True})
    assert not verdict["legal"] and verdict["rule"] == "force-play"
    assert "must be played" in verdict["reason"]
    assert rules_core.check(position, {"type": "draw"})["rule"] == "drawn-card"
