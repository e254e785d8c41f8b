"""One rule out of the theme's palette stylesheet: the page-wide restyle Material pays on every page load.

Material's colour-palette script marks ``<body data-md-color-switching>`` while it applies the scheme, on every page
load, and removes the mark a moment later; its ``palette.*.min.css`` turns transitions off for every element under
that mark (``[data-md-color-switching] *, ... :after, ... :before``). A selector of every element under ``body``
makes the browser restyle the whole page twice, for the mark and for its removal: on the rules page, about 230 ms
of a phone's main thread (Lighthouse's 4x CPU) for no visible change, since nothing on our pages is in a transition
at load. This hook deletes that one rule from the built copy of the stylesheet. The cost of deleting it: when a
reader switches between light and dark, an element that has a colour transition (the theme's links) fades to its
new colour instead of changing at once.

If the theme's stylesheet no longer holds the rule, the build says so (a warning) and changes nothing.
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

log = logging.getLogger("mkdocs.hooks.theme_css")

SWITCHING_RULE = ("[data-md-color-switching] *,[data-md-color-switching] :after,"
                  "[data-md-color-switching] :before{transition-duration:0s!important}")


def drop_switching_rule(stylesheet: Path) -> bool:
    """Deletes the rule from ``stylesheet``; True if it was there."""
    text = stylesheet.read_text(encoding="utf-8")
    if SWITCHING_RULE not in text:
        return False
    stylesheet.write_text(text.replace(SWITCHING_RULE, ""), encoding="utf-8")
    return True


# after mkdocs-static-i18n's post-build (it builds the other languages, copying the theme's files again) and before
# the service worker's (-1000), which precaches the edited file
@event_priority(-500)
def on_post_build(config, **kwargs) -> None:
    if building_other_language(config):
        return
    sheets = sorted((Path(config.site_dir) / "assets" / "stylesheets").glob("palette.*.min.css"))
    if not sheets or not any(drop_switching_rule(sheet) for sheet in sheets):
        log.warning("theme_css: the palette stylesheet has no [data-md-color-switching] rule to drop (theme changed?)")
