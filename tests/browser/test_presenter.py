"""Presenter mode and links into the steppers in real Chromium: full screen (and the fallback layer), large cards
and type at 1920 x 1080, clicker keys, Escape, "What would you play?" with face-down hands then the referee's
verdict, a link to any step, a reader's own example built move by move, shared by link and presented; axe."""

from __future__ import annotations

import json

import pytest

from .conftest import ROOT, Tab, axe_violations, lang_prefix

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 90_000
PROJECTOR = {"width": 1920, "height": 1080}
STRINGS = json.loads((ROOT / "i18n" / "stepper.json").read_text(encoding="utf-8"))
CHECKER_STRINGS = json.loads((ROOT / "i18n" / "checker.json").read_text(encoding="utf-8"))
CAST = json.loads((ROOT / "scenarios" / "cast.json").read_text(encoding="utf-8"))


def stepper(page, sid):
    widget = page.locator(f'[data-scenario="{sid}"]').first
    widget.scroll_into_view_if_needed()  # a stepper mounts as the reader comes near it
    widget.locator(".stepper__box").wait_for()
    return widget


def stage(page):
    return page.locator(".stepper-stage")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_presenter_fills_the_projector_and_follows_a_clicker(browser, site_url, lang):
    tab = Tab(browser, site_url, viewport=PROJECTOR)
    try:
        page = tab.page
        tab.goto(lang_prefix(lang) + "examples/")
        widget = stepper(page, "wild-draw-four-guilty")
        widget.locator(".stepper__present-toggle").click()
        stage(page).wait_for()
        assert page.evaluate("document.fullscreenElement?.classList.contains('stepper-stage')")
        box = stage(page).bounding_box()
        assert box["width"] == 1920 and box["height"] == 1080
        # nothing of the theme: the page behind is inert and covered
        assert page.evaluate("document.querySelector('.md-header').closest('[inert]') !== null")
        # cards and words to be read from the back of the room
        card = page.evaluate("document.querySelector('.stepper-stage .stepper__hand .card').getBoundingClientRect().width")
        pile = page.evaluate("document.querySelector('.stepper-stage .stepper__pile .card').getBoundingClientRect().width")
        text = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.stepper-stage .stepper__text')).fontSize)")
        assert card >= 80 and pile >= 140 and text >= 32, (card, pile, text)
        counter = stage(page).locator(".stepper__present-counter")
        assert counter.inner_text() == STRINGS[lang]["stepper_start"]
        # a clicker: PageDown / space / right go on, PageUp / left go back; Home and End
        for key, step in (("PageDown", 1), (" ", 2), ("PageUp", 1), ("ArrowRight", 2), ("ArrowLeft", 1),
                          ("End", 3), ("Home", 0), ("ArrowDown", 1)):
            page.keyboard.press(key if key != " " else "Space")
            assert widget.get_attribute("data-step") == str(step), key
        assert counter.inner_text() == STRINGS[lang]["stepper_step"].format(n=1, total=3)
        assert page.evaluate("location.hash") == "#step=wild-draw-four-guilty:1&present"
        # "b" blanks the screen, the next key brings it back without stepping
        page.keyboard.press("b")
        assert "stepper--blank" in stage(page).get_attribute("class")
        page.keyboard.press("PageDown")
        assert "stepper--blank" not in stage(page).get_attribute("class")
        assert widget.get_attribute("data-step") == "1"
        assert axe_violations(page) == []
        # Escape leaves: the example is back in the page, at the same step, the focus on its Present button
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('.stepper-stage')")
        assert widget.get_attribute("data-step") == "1"
        assert page.evaluate("document.activeElement.classList.contains('stepper__present-toggle')")
        assert page.evaluate("location.hash") == ""
        assert page.evaluate("document.fullscreenElement") is None
        assert not page.evaluate("document.querySelector('[inert]')")
        tab.assert_clean()
    finally:
        tab.close()


def test_what_would_you_play_hides_hands_then_the_referee_judges(browser, site_url):
    tab = Tab(browser, site_url, viewport=PROJECTOR)
    try:
        page = tab.page
        tab.goto("sk/examples/")
        widget = stepper(page, "wild-draw-four-guilty")
        widget.locator(".stepper__button--next").click()
        widget.locator(".stepper__present-toggle").click()
        stage(page).wait_for()
        page.locator(".stepper__ask").click()
        question = page.locator(".stepper__question")
        assert CAST["sk"][1] in question.inner_text()  # the player to move (the second of the cast)
        # by default the hand of the player to move is face down, with its count still shown
        down = page.locator(".stepper-stage .stepper__hand--down")
        assert down.count() == 1
        assert down.get_attribute("aria-label") == STRINGS["sk"]["stepper_hand_hidden"].format(n=3)
        assert page.locator(".stepper-stage .stepper__player--turn .stepper__hand--down").count() == 1
        question.locator('input[value="all"]').check()
        assert down.count() == 3
        question.locator('input[value="others"]').check()
        assert down.count() == 2 and page.locator(".stepper-stage .stepper__player--turn .stepper__hand--down").count() == 0
        assert axe_violations(page) == []
        # reveal: the hands are face up and "What if?" is open to judge the class's answer
        page.locator(".stepper__reveal").click()
        assert down.count() == 0
        whatif = page.locator(".stepper-stage .stepper__whatif")
        assert whatif.is_visible()
        whatif.locator(".stepper__move").last.click()  # challenge the +4
        verdict = whatif.locator('[role="status"][data-legal]')
        verdict.wait_for(timeout=BOOT_TIMEOUT_MS)
        assert verdict.get_attribute("data-legal") == "true"
        assert verdict.locator("a").get_attribute("href").endswith("sk/rules/#challenge")
        # stepping on ends the question
        page.locator(".stepper__ask").click()
        assert down.count() == 2  # the last choice (the other players' hands) is kept
        stage(page).locator(".stepper__button--next").click()
        assert down.count() == 0 and question.is_hidden()
        tab.assert_clean()
    finally:
        tab.close()


def test_a_link_opens_a_step_and_presenter_mode_even_without_full_screen(browser, site_url):
    tab = Tab(browser, site_url, viewport=PROJECTOR)
    try:
        page = tab.page
        tab.goto("cs/examples/#step=skip:2")
        widget = stepper(page, "skip")
        page.wait_for_function("document.querySelector('[data-scenario=\"skip\"]').dataset.step === '2'")
        assert page.locator(".stepper-stage").count() == 0
        # with &present the example opens presented (full screen where the browser allows it without a click)
        tab.goto("cs/rules/")
        tab.goto("cs/examples/#step=draw-two:1&present")
        stage(page).wait_for()
        widget = page.locator('[data-scenario="draw-two"]')  # its box is on the stage now
        assert widget.get_attribute("data-step") == "1"
        box = stage(page).bounding_box()
        assert box["width"] == 1920 and box["height"] == 1080
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('.stepper-stage')")
        # a stepper on another page, and a step past the end (the last step is shown)
        tab.goto("cs/rules/#step=skip:99")
        page.wait_for_function("document.querySelector('[data-scenario=\"skip\"]').dataset.step !== '0'")
        assert int(stepper(page, "skip").get_attribute("data-step")) >= 1
        tab.assert_clean()
    finally:
        tab.close()


def test_presenter_without_the_fullscreen_api(browser, site_url):
    tab = Tab(browser, site_url, viewport={"width": 1280, "height": 720})
    try:
        page = tab.page
        tab.context.add_init_script("delete Element.prototype.requestFullscreen;"
                                    "Object.defineProperty(Document.prototype, 'fullscreenEnabled', {get: () => false});")
        tab.goto("pl/examples/")
        widget = stepper(page, "reverse")
        widget.locator(".stepper__present-toggle").click()
        stage(page).wait_for()
        box = stage(page).bounding_box()
        assert box["width"] == 1280 and box["height"] == 720
        page.keyboard.press("Space")
        assert widget.get_attribute("data-step") == "1"
        stage(page).locator(".stepper__leave").click()
        page.wait_for_function("!document.querySelector('.stepper-stage')")
        tab.assert_clean()
    finally:
        tab.close()


def test_presenter_on_a_phone_is_accessible(browser, site_url):
    tab = Tab(browser, site_url, viewport={"width": 360, "height": 740})
    try:
        page = tab.page
        tab.goto("et/examples/")
        widget = stepper(page, "jump-in")
        widget.locator(".stepper__present-toggle").click()
        stage(page).wait_for()
        assert page.evaluate("document.querySelector('.stepper-stage').scrollWidth") <= 360
        assert axe_violations(page) == []
        tab.assert_clean()
    finally:
        tab.close()


def test_own_example_built_shared_and_presented(browser, site_url):
    first = Tab(browser, site_url, viewport=PROJECTOR)
    second = Tab(browser, site_url, viewport=PROJECTOR)
    try:
        page = first.page
        first.goto("examples/")
        widget = stepper(page, "skip")
        widget.locator(".stepper__whatif-toggle").click()
        widget.locator(".stepper__move").first.click()  # Ann: the red Skip, legal
        widget.locator('[role="status"][data-legal="true"]').wait_for(timeout=BOOT_TIMEOUT_MS)
        widget.locator(".stepper__own").click()
        own = page.locator(".stepper-own")
        own.wait_for()
        custom = own.locator('[data-scenario="custom"]')
        assert custom.get_attribute("data-step") == "1"
        assert CAST["en"][0] in own.locator(".stepper__narration").inner_text()
        # the next move, judged by the referee, becomes step 2
        own.locator(".stepper__move").first.click()
        own.locator('[role="status"][data-legal]').wait_for(timeout=BOOT_TIMEOUT_MS)
        add = own.locator(".stepper__add-step")
        if not add.count():  # the first card of the hand was not playable: take a legal one
            for i in range(own.locator(".stepper__move").count()):
                own.locator(".stepper__move").nth(i).click()
                page.wait_for_timeout(200)
                if own.locator(".stepper__add-step").count():
                    break
        own.locator(".stepper__add-step").click()
        assert custom.get_attribute("data-step") == "2"
        own.locator(".stepper-own__title").fill("Skip, skip")
        own.locator(".stepper-own__share").click()
        link = own.locator(".stepper-own__link").input_value()
        assert "#scenario=" in link
        narration = own.locator(".stepper__narration").inner_text()
        # remove the last step, then undo is disabled at none
        own.locator(".stepper-own__undo").click()
        assert custom.get_attribute("data-step") == "1"
        # another reader opens the link: the referee steps it again, the same narration comes out
        other = second.page
        other.goto(link, wait_until="load")
        shared = other.locator(".stepper-own")
        shared.locator('[data-scenario="custom"].stepper--ready').wait_for(timeout=BOOT_TIMEOUT_MS)
        assert shared.locator(".stepper__title").inner_text() == "Skip, skip"
        shared.locator(".stepper__button--next").click()
        shared.locator(".stepper__button--next").click()
        assert shared.locator(".stepper__narration").inner_text() == narration
        shared.locator(".stepper__present-toggle").click()
        stage(other).wait_for()
        assert "#scenario=" in other.evaluate("location.hash") and "&present" in other.evaluate("location.hash")
        other.keyboard.press("Home")
        assert shared.locator('[data-scenario="custom"]').get_attribute("data-step") == "0"
        assert axe_violations(other) == []
        # a tampered link (a position that is no game): the referee refuses it and the page says so
        other.keyboard.press("Escape")
        other.goto("about:blank")
        second.goto("examples/#scenario=eyJ2IjoxLCJwb3NpdGlvbiI6e30sImFjdGlvbnMiOltdfQ")
        status = other.locator(".stepper-own__status")
        status.wait_for(timeout=BOOT_TIMEOUT_MS)
        other.wait_for_function("document.querySelector('.stepper-own__status').textContent.length > 0")
        assert other.locator('.stepper-own [data-scenario="custom"].stepper--ready').count() == 0
        first.assert_clean()
        second.assert_clean()
    finally:
        first.close()
        second.close()


def test_presenter_by_keyboard_only(browser, site_url):
    """No mouse: Tab to Present, Enter; the clicker's keys step; Tab to "What would you play?", reveal; Escape."""
    tab = Tab(browser, site_url, viewport=PROJECTOR)
    try:
        page = tab.page
        tab.goto("pl/examples/")
        widget = stepper(page, "wild-draw-four-guilty")
        toggle = widget.locator(".stepper__present-toggle")
        for _ in range(200):
            page.keyboard.press("Tab")
            if toggle.evaluate("e => e === document.activeElement"):
                break
        assert toggle.evaluate("e => e === document.activeElement")
        page.keyboard.press("Enter")
        stage(page).wait_for()
        page.keyboard.press("PageDown")
        assert widget.get_attribute("data-step") == "1"
        ask = stage(page).locator(".stepper__ask")
        for _ in range(30):
            page.keyboard.press("Tab")
            if ask.evaluate("e => e === document.activeElement"):
                break
            # the focus never leaves the stage for the page behind it
            assert page.evaluate("!!document.activeElement.closest('.stepper-stage')")
        page.keyboard.press("Enter")
        assert page.locator(".stepper-stage .stepper__hand--down").count() == 1
        reveal = page.locator(".stepper__reveal")
        for _ in range(30):
            page.keyboard.press("Tab")
            if reveal.evaluate("e => e === document.activeElement"):
                break
        page.keyboard.press("Enter")
        assert page.locator(".stepper-stage .stepper__hand--down").count() == 0
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('.stepper-stage')")
        assert toggle.evaluate("e => e === document.activeElement")
        tab.assert_clean()
    finally:
        tab.close()


def test_a_situation_from_the_checker_becomes_an_own_example(browser, site_url):
    """A teacher sets up any position in the checker; its link opened on the examples page (examples/ + the checker's
    own #position=...&action=... fragment) is an own example starting there, its move as step 1, judged by the
    referee, to extend with "What if?", present and share. An illegal move is refused and the example starts before
    it."""
    from .test_checker_links import link

    tab = Tab(browser, site_url, viewport=PROJECTOR)
    try:
        page = tab.page
        # from the checker, one tap: its "as an example" button carries the situation to the examples page
        tab.goto("hu/checker/" + link("wild-any-time"))
        to_example = page.locator(".checker-to-example")
        to_example.wait_for()
        assert to_example.inner_text().strip() == CHECKER_STRINGS["hu"]["checker_to_example"]
        assert to_example.get_attribute("href").endswith("/hu/examples/" + link("wild-any-time"))
        to_example.click()
        page.wait_for_url("**/hu/examples/#position=*")
        own = page.locator(".stepper-own")
        custom = own.locator('[data-scenario="custom"].stepper--ready')
        custom.wait_for(timeout=BOOT_TIMEOUT_MS)
        assert own.locator(".stepper-own__heading").inner_text() == STRINGS["hu"]["stepper_own_heading"]
        assert own.locator(".stepper-own__note").inner_text() == STRINGS["hu"]["stepper_checker_note"]
        assert own.locator(".stepper-own__status").inner_text() == ""
        assert custom.get_attribute("data-step") == "0"
        own.locator(".stepper__button--next").click()
        assert custom.get_attribute("data-step") == "1"
        assert own.locator(".stepper__button--next").is_disabled()  # the one move of the situation
        # its link is an example link now, and it presents like any other
        own.locator(".stepper-own__share").click()
        assert "#scenario=" in own.locator(".stepper-own__link").input_value()
        own.locator(".stepper__present-toggle").click()
        stage(page).wait_for()
        page.keyboard.press("Home")
        assert custom.get_attribute("data-step") == "0"
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('.stepper-stage')")
        # a move the referee refuses: the example starts at the position, without it, and says why
        tab.goto("et/examples/" + link("stack-draw-two"))
        page.locator('.stepper-own [data-scenario="custom"].stepper--ready').wait_for(timeout=BOOT_TIMEOUT_MS)
        status = page.locator(".stepper-own__status").inner_text()
        assert status.startswith(STRINGS["et"]["stepper_checker_refused"].split("{")[0].strip()[:30]), status
        assert page.locator('.stepper-own [data-scenario="custom"]').get_attribute("data-step") == "0"
        assert page.locator(".stepper-own .stepper__button--next").is_disabled()
        assert axe_violations(page) == []
        tab.assert_clean()
    finally:
        tab.close()
