"""The score keeper's arithmetic (score-state.js, in Node) agrees with the engine's scoring (rules_core.scoring) on
random games: running totals under both official scorings, and the winner when there is exactly one."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

from rules_core.deal import deal_state
from rules_core.rules import Rules
from rules_core.scoring import add_round, alternative_winner, game_winner, hand_points

ROOT = Path(__file__).resolve().parent.parent
RUNNER = """
import { addHand, newGame, outcome, totals } from "./docs/assets/javascripts/score-state.js";
const games = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d).on("end", () => ok(s)); }));
const out = games.map(({ players, mode, hands }) => {
  let game = newGame({ players: new Array(players).fill(""), mode });
  const steps = [];
  for (const [winner, points] of hands) {
    if (outcome(game).over) break;
    game = addHand(game, { winner, points });
    steps.push({ totals: totals(game), outcome: outcome(game) });
  }
  return steps;
});
console.log(JSON.stringify(out));
"""


def random_games(count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    games = []
    for n in range(count):
        players = rng.randint(2, 10)
        mode = rng.choice(["standard", "alternative"])
        hands = []
        for _ in range(40):
            state = deal_state(players, Rules.from_json(None), rng.randrange(10**9), None, 0)
            cards = [p["hand"] for p in state.to_json()["players"]]
            # a hand ends with the winner's cards gone and a random share of the others' still held
            winner = rng.randrange(players)
            left = [[] if i == winner else hand[: rng.randint(1, len(hand))] for i, hand in enumerate(cards)]
            hands.append((winner, left))
        games.append({"players": players, "mode": mode, "hands": hands})
    return games


def test_score_keeper_agrees_with_the_engine():
    games = random_games(60, seed=12)
    payload = [{"players": g["players"], "mode": g["mode"],
                "hands": [[w, hand_points(left)] for w, left in g["hands"]]} for g in games]
    run = subprocess.run(["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--input-type=module",
                          "-e", RUNNER], cwd=ROOT, input=json.dumps(payload), capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)
    checked_winners = 0
    for game, steps in zip(games, results):
        alternative = game["mode"] == "alternative"
        totals = [0] * game["players"]
        for (winner, left), step in zip(game["hands"], steps):
            totals = add_round(totals, left, winner, alternative=alternative)
            assert step["totals"] == totals, game["mode"]
            expected = (alternative_winner if alternative else game_winner)(totals)
            assert step["outcome"]["over"] == (expected is not None)
            if expected is not None and not step["outcome"]["tie"]:
                assert step["outcome"]["winners"] == [expected]
                checked_winners += 1
            if expected is not None and step["outcome"]["tie"]:
                # the engine names the first of the leaders; the keeper names them all
                assert expected in step["outcome"]["winners"]
    assert checked_winners > 20


def test_the_card_keys_carry_the_engine_s_names_in_every_language():
    """The score keeper's keys name each kind of card without a colour (i18n/score.json, score_card_<code>): the
    glossary's printed names for Skip and Reverse, the referee's own names for the wild cards, +2 and +4 as printed
    on the cards. Every key score.js asks for is there, in all six languages."""
    import re

    from rules_core.frontend import card_names
    from rules_core.terms import LANGS, TERMS

    strings = json.loads((ROOT / "i18n" / "score.json").read_text(encoding="utf-8"))
    source = (ROOT / "docs" / "assets" / "javascripts" / "score.js").read_text(encoding="utf-8")
    asked = set(re.findall(r'"(score_card_[^"]+)"', source))
    assert asked == {f"score_card_{code}" for code in ("S", "R", "+2", "W", "W+4", "WX", "WS", "WC")}
    for lang in LANGS:
        names = card_names(lang)
        want = {"S": TERMS["skip"][lang], "R": TERMS["reverse"][lang], "+2": "+2", "W+4": "+4",
                **{code: names[code] for code in ("W", "WX", "WS", "WC")}}
        assert names["W+4"] == "+4" and names["B+2"].endswith("+2")
        got = {code: strings[lang][f"score_card_{code}"] for code in want}
        assert got == want, lang
