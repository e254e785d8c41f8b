"""Which build mkdocs-static-i18n is running: the default language's, or another language's.

The plugin runs every hook once per language; one-time work (writing the service worker, the 404 pages, the
referee's files, ...) is guarded with :func:`building_other_language`, as its docs advise (its ``building`` flag).
"""

from __future__ import annotations


def building_other_language(config) -> bool:
    i18n = config.plugins.get("i18n")
    return bool(i18n and getattr(i18n, "building", False))
