"""One element out of the theme's script: the ``<meta name="color-scheme">`` Material's palette adds on every load.

Material's colour-palette script (in ``bundle.*.min.js``) appends an empty ``<meta name="color-scheme">`` to the
head on every page load and then sets it to the scheme it reads from the header's style. Each of the two changes
tells the browser the page's colour scheme changed, and the browser restyles every element of the page, twice,
in the middle of the theme's start-up (a DevTools trace of the rules page: two full restyles, "PlatformColorChange",
of some 475 elements each; a CPU profile of four loads: the theme's script's main-thread time halved without
them). Nothing on our pages needs the element: the palette stylesheets already give ``<body>`` its
``color-scheme`` (light or dark), and ``extra.css`` gives the root the dark one in the dark scheme (the page's
scroll bar and the canvas behind it), without a restyle of the page at load.

This hook replaces the two statements that make and insert the element with a plain object, padded with spaces to
the same length, so the rest of the script, its source map's columns included, is unchanged; the script's later
``o.content = ...`` then sets a property nobody reads. If the theme's script no longer holds the statements, the
hook says so (a warning) and changes nothing; with ``strict: true`` (mkdocs.yml) that warning stops the build.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks.i18n_build import building_other_language  # noqa: E402

log = logging.getLogger("mkdocs.hooks.theme_js")

COLOR_SCHEME_META = 'let o=x("meta",{name:"color-scheme"});document.head.appendChild(o);'
STAND_IN = "let o={};".ljust(len(COLOR_SCHEME_META))


def drop_color_scheme_meta(script: Path) -> bool:
    """Replaces the statements in ``script`` (same length); True if they were there, once."""
    text = script.read_text(encoding="utf-8")
    if text.count(COLOR_SCHEME_META) != 1:
        return False
    script.write_text(text.replace(COLOR_SCHEME_META, STAND_IN), encoding="utf-8")
    return True


# after mkdocs-static-i18n's post-build (it builds the other languages, copying the theme's files again) and before
# the service worker's (-1000), which precaches the edited file with its new revision
@event_priority(-500)
def on_post_build(config, **kwargs) -> None:
    if building_other_language(config):
        return
    scripts = sorted((Path(config.site_dir) / "assets" / "javascripts").glob("bundle.*.min.js"))
    if not scripts or not any(drop_color_scheme_meta(script) for script in scripts):
        log.warning("theme_js: the theme's script has no color-scheme <meta> to drop (theme changed?)")
