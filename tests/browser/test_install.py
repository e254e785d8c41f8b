"""The site can be installed on the home screen: each language's pages link a web app manifest with the site's name
in that language, and Chromium's own installability check finds nothing missing."""

from __future__ import annotations

import json

import pytest

from .conftest import CHROMIUM, CHROMIUM_FLAGS, LANGS, SITE, lang_prefix

pytestmark = pytest.mark.browser

SITE_NAMES = {"en": "UNO Rules & Referee", "sk": "Pravidlá UNO a rozhodca", "cs": "Pravidla UNO a rozhodčí",
              "pl": "Zasady UNO i sędzia", "hu": "UNO-szabályok és játékvezető", "et": "UNO reeglid ja kohtunik"}


def test_every_language_has_a_manifest_with_its_own_name_and_home():
    for lang in LANGS:
        manifest = json.loads((SITE / "assets" / "manifest" / f"{lang}.webmanifest").read_text(encoding="utf-8"))
        assert manifest["name"] == SITE_NAMES[lang] and manifest["lang"] == lang
        assert manifest["start_url"] == f"../../{lang_prefix(lang)}" and manifest["scope"] == "../../"
        assert manifest["id"] == "../../" and manifest["display"] == "standalone"
        for icon in manifest["icons"]:
            png = (SITE / "assets" / "manifest" / icon["src"]).resolve()
            assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", icon
            width = int.from_bytes(png.read_bytes()[16:20], "big")
            assert f"{width}x{width}" == icon["sizes"], icon
        assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_chromium_finds_the_site_installable(browser, site_url, lang, tmp_path):
    """In a real (not incognito) profile, as a reader's browser: Chromium's own check, over CDP."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True,
        service_workers="allow")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        errors = []
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.goto(site_url + lang_prefix(lang) + "rules/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        cdp = context.new_cdp_session(page)
        problems = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert problems == [], problems
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest.get("errors")
        assert json.loads(manifest["data"])["name"] == SITE_NAMES[lang]
        assert errors == []
    finally:
        context.close()
