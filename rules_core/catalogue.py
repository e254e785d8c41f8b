"""The rule catalogue: every rule id the verdicts rest on, its kind and its page.

Official rules live on the page ``rules``, house rules on ``house-rules`` and edition
differences on ``editions``; every language's page carries the rule id as an anchor.

>>> rule_url("wild-draw-four", "en")
'rules/#wild-draw-four'
>>> rule_url("stacking", "sk")
'sk/house-rules/#stacking'
>>> RULES["deck-112"].kind
'edition'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rules_core.terms import LANGS


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """A rule of the catalogue: its id, kind (official, house, edition) and page."""

    id: str
    kind: str

    @property
    def page(self) -> str:
        return PAGES[self.kind]


PAGES: Final = {"official": "rules", "house": "house-rules", "edition": "editions"}

OFFICIAL: Final = (
    "deck", "dealer", "deal", "first-card", "match", "wild", "wild-draw-four", "challenge",
    "draw", "drawn-card", "skip", "reverse", "draw-two", "two-players", "uno-call",
    "out-of-turn", "empty-draw-pile", "going-out", "scoring", "alternative-scoring",
)
HOUSE: Final = ("stacking", "seven-o", "jump-in", "draw-to-match", "force-play", "one-round")
EDITION: Final = ("deck-112", "wild-swap-hands", "wild-shuffle-hands", "wild-customizable")

RULES: Final[dict[str, RuleInfo]] = {}
for _kind, _ids in (("official", OFFICIAL), ("house", HOUSE), ("edition", EDITION)):
    for _id in _ids:
        RULES[_id] = RuleInfo(_id, _kind)


def rule_kind(rule_id: str) -> str:
    """``official``, ``house`` or ``edition``; ``ValueError`` for an unknown id."""
    try:
        return RULES[rule_id].kind
    except KeyError:
        raise ValueError(f"unknown rule id {rule_id!r}") from None


def rule_url(rule_id: str, lang: str = "en") -> str:
    """Site-relative URL of the paragraph of a rule in a language."""
    page = PAGES[rule_kind(rule_id)]
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    prefix = "" if lang == "en" else lang + "/"
    return f"{prefix}{page}/#{rule_id}"
