"""The score keeper and the search after one visit, with the network gone (the offline stream's service worker
precaches every page and site/pagefind/; the referee is kept on the device): a game is scored from tapped cards,
a search in the page's language finds pages without accents, and the quick reference opens."""

from __future__ import annotations

import pytest

from .test_offline import go_offline, host, visited_home  # noqa: F401  (fixtures)
from .test_score import add_hand, board, open_row, start_game, went_out
from .test_search import search

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 90_000


def test_score_keeper_counts_cards_offline(visited_home, host):  # noqa: F811
    tab = visited_home
    go_offline(tab, host)
    page = tab.page
    tab.goto("sk/score/")
    start_game(page, ["Zuzka", "Peter"])
    went_out(page, "Peter")
    open_row(page, "Zuzka")
    for code in ("B9", "W", "BR"):
        page.locator(f'.score__row--open .score__key[data-card="{code}"]').click()
    page.wait_for_function("document.querySelector('.score__row-sum').textContent.includes('79')",
                           timeout=BOOT_TIMEOUT_MS)  # 9 + 50 + 20, counted by the referee from the device's cache
    add_hand(page)
    assert board(page) == {"Peter": 79, "Zuzka": 0}
    tab.assert_clean()


def test_search_and_quick_reference_offline(visited_home, host):  # noqa: F811
    tab = visited_home
    go_offline(tab, host)
    page = tab.page
    tab.goto("pl/")
    page.keyboard.press("/")
    page.locator("#search-query").wait_for(state="visible")
    status, links = search(page, "zrodlo")
    assert tab.site_url + "pl/sources/" in [link.split("#")[0] for link in links], (status, links)
    response = tab.goto("hu/quick-reference/")
    assert response is not None and response.ok
    assert page.locator(".quickref__qr svg").count() == 1
    tab.assert_clean()
