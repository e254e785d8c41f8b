"""The checker's flows from an empty table, as a reader taps them on a phone (360 x 740): the browser tests run them
in every language and ``benchmarks/checker_taps.py`` counts their taps.

A tap is (kind, value): ``pad`` a card of the card pad (it goes on the pile, or into the hand once the pile has its
card), ``hand`` a card of the hand (play it), ``happened`` / ``move`` a choice, ``open`` a collapsed section,
``check`` a checkbox. Each flow ends on the verdict it must show: legal or not, how it reads (``outcome``: the
verdict's ``data-outcome``), and the rule it rests on.
"""

from __future__ import annotations

from dataclasses import dataclass

PHONE = {"width": 360, "height": 740}
ROOT = "[data-checker]"
VERDICT = f"{ROOT} .checker-verdict"
FINAL = f"{VERDICT}[data-legal]:not([data-stale])"
SELECTORS = {
    "pad": '.checker-pad button[data-card="{}"]',
    "hand": '.checker-hand button.checker-card-button[data-card="{}"]',
    "happened": 'input[data-focus="happened:{}"]',
    "move": 'input[data-focus="move:{}"]',
    "open": '[data-focus="{}-toggle"]',
    "check": 'input[data-focus="check:{}"]',
}
# taps that change only what is shown (a disclosure), not the situation
VIEW_ONLY = {"open"}


@dataclass(frozen=True)
class Flow:
    name: str
    taps: tuple[tuple[str, str], ...]
    legal: bool
    outcome: str
    rule: str


FLOWS = (
    # the card to play is not the last one added: one more tap, on it, in the hand
    Flow("colour match, 3-card hand", (("pad", "R5"), ("pad", "R7"), ("pad", "B3"), ("pad", "G2"), ("hand", "R7")),
         True, "legal", "match"),
    Flow("illegal +4 (holding the colour)", (("pad", "R5"), ("pad", "R7"), ("pad", "W+4")),
         False, "illegal", "wild-draw-four"),
    Flow("+2 on a +2, stacking on",
         (("pad", "R+2"), ("happened", "plus2"), ("pad", "B+2"), ("open", "rules"), ("check", "stacking")),
         True, "legal", "stacking"),
    # a +4 played on you, with nothing asked yet, is challenged; a player who didn't say UNO, caught
    Flow("challenge of a fair +4", (("pad", "W+4"), ("happened", "plus4")),
         True, "challenge-failed", "challenge"),
    Flow("challenge of a bluffed +4", (("pad", "W+4"), ("happened", "plus4"), ("check", "guilty")),
         True, "bluff-caught", "challenge"),
    Flow("missed UNO caught", (("pad", "R5"), ("check", "catchable-1")),
         True, "caught", "uno-call"),
)


def selector(kind: str, value: str) -> str:
    return f"{ROOT} {SELECTORS[kind].format(value)}"


def tap(page, kind: str, value: str) -> None:
    """One tap, as a finger does it (Playwright scrolls the target into view first, as the reader would)."""
    page.locator(selector(kind, value)).tap()


def empty_table(page) -> None:
    """Back to an empty checker (no situation in the URL: official rules, three players, nothing on the table)."""
    page.evaluate("location.hash = ''")
    page.wait_for_function(f"() => !document.querySelector('{ROOT}').checker.situation().position.discard.length"
                           f" && !document.querySelector('{VERDICT}').dataset.legal")


# Whether the verdict can be read without scrolling: the compact bar at the bottom of the screen, or the verdict's
# own head, wholly on screen below the header. Also whether the bar says the same as the verdict.
IN_VIEW_JS = """() => {
    const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
    const seen = (el) => {
        if (!el || el.closest('[hidden]')) return false;
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
            && r.top >= header - 1 && r.bottom <= innerHeight + 1;
    };
    const verdict = document.querySelector('[data-checker] .checker-verdict');
    const bar = document.querySelector('[data-checker] .checker-bar');
    return {head: seen(verdict.firstElementChild), bar: seen(bar.querySelector('button')),
            barLegal: bar.dataset.legal ?? null, barOutcome: bar.dataset.outcome ?? null};
}"""


def verdict_in_view(page) -> bool:
    view = page.evaluate(IN_VIEW_JS)
    return view["head"] or view["bar"]
