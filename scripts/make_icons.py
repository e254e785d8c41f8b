"""Draw the app icons (PNG) from their SVG designs with the browser tests' Chromium; run by hand, output committed.

    .venv/bin/python scripts/make_icons.py

docs/assets/icons/icon.svg -> icon-192.png, icon-512.png, apple-touch-icon.png (180 px);
docs/assets/icons/maskable.svg (full bleed, the drawing inside the central 80% safe zone) -> maskable-192.png,
maskable-512.png. The web app manifests (hooks/service_worker.py) list them; Chromium's installability check
(tests/browser/test_install.py) needs a PNG of at least 144 px.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

ICONS = ROOT / "docs" / "assets" / "icons"
OUTPUTS = [("icon.svg", "icon-192.png", 192), ("icon.svg", "icon-512.png", 512),
           ("icon.svg", "apple-touch-icon.png", 180),
           ("maskable.svg", "maskable-192.png", 192), ("maskable.svg", "maskable-512.png", 512)]


def main() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        for source, target, size in OUTPUTS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text(encoding="utf-8").replace("<svg ", '<svg width="100%" height="100%" ', 1)
            page.set_content(f'<html><body style="margin:0;background:transparent">'
                             f'<div style="width:{size}px;height:{size}px">{svg}</div></body></html>')
            page.screenshot(path=str(ICONS / target), omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(target, (ICONS / target).stat().st_size, "bytes")
        browser.close()


if __name__ == "__main__":
    main()
