"""Each list of effects is one true account: a draw is counted once, by the draw itself, and
that count is what really moved from the piles into the hands; the reasons that go with a draw
don't count it again; the challenge reasons speak of the colour before the +4."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules_core import forms
from rules_core.messages import CATALOGUES, render
from rules_core.rules import Rules
from rules_core.state import State
from rules_core.terms import LANGS
from tests.messages.common import NAMES, fields
from tests.messages.golden_gen import situations, trace

#: the effects that state a number of cards: a draw, a penalty waiting, a reshuffle
COUNTING = {"ev_draws", "ev_pending", "ev_pending_plus4", "ev_pending_stack_plus4", "ev_reshuffled"}
#: verdicts whose effects carry the draw: their reason must not count it too
DRAWING_VERDICTS = ("take_penalty", "challenge_guilty", "challenge_innocent", "caught", "draw_one",
                    "draw_one_force", "draw_one_to_match", "draw_reshuffle", "draw_again")


def _count_pattern(lang: str) -> re.Pattern[str]:
    phrases = set()
    for pattern in forms.COUNTS[lang]["cards"].values():
        for phrase in ([pattern] if isinstance(pattern, str) else pattern):
            phrases.add(re.escape(phrase).replace(re.escape("{n}"), r"\d+"))
    return re.compile("|".join(sorted(phrases, key=len, reverse=True)))


def _cards(position: Any, rules: Any) -> tuple[int, int]:
    state = State.from_json(position, Rules.from_json(rules))
    return sum(len(h) for h in state.hands), len(state.pile)


def test_the_draws_told_are_the_draws_made() -> None:
    checked = 0
    for item in situations():
        got = trace(item["position"], item["action"], item["rules"])
        if got is None or not (got[0].legal or got[0].bluff):
            continue
        verdict, events = got
        from rules_core import check

        res = check(item["position"], item["action"], item["rules"])
        after = res["next"] or res.get("bluff_next")
        before_hands, _ = _cards(item["position"], item["rules"])
        after_hands, _ = _cards(after, item["rules"])
        played = 1 if item["action"].get("type") == "play" else 0
        told = sum(p["count"] for k, p in events if k == "ev_draws")
        assert told == after_hands - before_hands + played, (item["source"], events)
        draws = [k for k, _ in events if k == "ev_draws"]
        # one draw event per draw: a penalty is told once, even when the pile is reshuffled
        assert len(draws) <= 1, (item["source"], events)
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("lang", LANGS)
def test_only_the_counting_effects_state_a_number_of_cards(lang: str) -> None:
    pattern = _count_pattern(lang)
    for item in situations():
        got = trace(item["position"], item["action"], item["rules"])
        if got is None:
            continue
        _, events = got
        for key, params in events:
            text = render(key, params, lang, NAMES)
            if key in COUNTING:
                assert len(pattern.findall(text)) == 1, (lang, key, text)
            else:
                assert not pattern.search(text), (lang, key, text)


@pytest.mark.parametrize("lang", LANGS)
def test_reasons_that_come_with_a_draw_do_not_count_it(lang: str) -> None:
    for key in DRAWING_VERDICTS:
        assert "count" not in {name for name, _ in fields(CATALOGUES[lang][key])}, (lang, key)
        text = render(key, {"player": 0, "offender": 1, "target": 1, "count": 4, "card": "B5"},
                      lang, NAMES)
        assert not _count_pattern(lang).search(text), (lang, key, text)


BEFORE_THE_PLUS4 = {"en": "before the +4", "sk": "pred +4", "cs": "před +4", "pl": "przed +4",
                    "hu": "a +4-es előtt", "et": "enne +4"}
CURRENT_COLOUR = {"en": "current colour", "sk": "aktuáln", "cs": "aktuáln", "pl": "aktualn",
                  "hu": "aktuális", "et": "praegu kehtiv"}


@pytest.mark.parametrize("lang", LANGS)
def test_challenge_reasons_speak_of_the_colour_before_the_plus4(lang: str) -> None:
    for key in ("challenge_guilty", "challenge_innocent"):
        text = CATALOGUES[lang][key]
        assert BEFORE_THE_PLUS4[lang] in text, (lang, key, text)
        assert CURRENT_COLOUR[lang] not in text, (lang, key, text)
