"""The site offline and installable: a web app manifest per language and the service worker with its precache.

- ``assets/manifest/<lang>.webmanifest`` (written in each language's build, with its first page): the site's name in that language,
  ``start_url`` that language's home page, ``scope`` and ``id`` the site's root -- one app for all six languages
  (the language switcher stays inside it), opened where it was installed from. Icons: ``assets/icons/`` (192 and
  512 px, plus maskable ones; ``scripts/make_icons.py`` draws them).
- ``sw.js`` at the site's root (its scope is the whole site), written once, by the outermost build's last hook
  (priority -1000: after mkdocs-static-i18n has built every language, and after any hook that adds files at the
  end, e.g. a search index), so the precache manifest is computed over every file that exists:
  workbox-build's ``injectManifest`` (``hooks/make_service_worker.mjs``) over ``hooks/service-worker.js``, with the
  Workbox runtime self-hosted in ``assets/workbox/``.
- ``mkdocs serve`` (live reload) gets no service worker: pages say so (``uno-service-worker`` meta) and unregister
  one left from a preview on the same address.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks.i18n_build import building_other_language  # noqa: E402

log = logging.getLogger("mkdocs.hooks.service_worker")

SW_SOURCE = ROOT / "hooks" / "service-worker.js"
SW_SCRIPT = ROOT / "hooks" / "make_service_worker.mjs"
OFFLINE_STRINGS = ROOT / "i18n" / "offline.json"
WORKBOX_MODULES = ("workbox-sw/build/workbox-sw.js", "workbox-core/build/workbox-core.prod.js",
                   "workbox-precaching/build/workbox-precaching.prod.js",
                   "workbox-routing/build/workbox-routing.prod.js",
                   "workbox-strategies/build/workbox-strategies.prod.js")
THEME_COLOR = "#c62828"
ICONS = [
    {"src": "../icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "../icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"src": "../icons/maskable-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
    {"src": "../icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
]
PRECACHE = {
    "globPatterns": ["**/*.{html,css,js,mjs,json,svg,png,webmanifest,woff,woff2,txt}"],
    # (lunr/wordcut.js and tinyseg.js segment Thai and Japanese words: not languages of this site)
    "globIgnores": ["sw.js", "assets/workbox/**", "pyodide/**", "**/*.map", "sitemap.xml*",
                    "assets/javascripts/lunr/wordcut.js", "assets/javascripts/lunr/tinyseg.js"],
    "maximumFileSizeToCacheInBytes": 4 * 1024 * 1024,
}
# A per-language search index under pagefind/ (every file of it), when the build writes one, is precached too.
# The referee's small files the site needs before the referee itself (its loader and its list of files).
REFEREE_SHELL = ("pyodide/pyodide.mjs", "pyodide/referee.json")

_serving = False


_manifests_written: set[str] = set()


def on_startup(command: str, **kwargs) -> None:
    global _serving
    _serving = command == "serve"


def on_pre_build(config, **kwargs) -> None:
    if not building_other_language(config):
        _manifests_written.clear()  # a new build (mkdocs serve rebuilds)


def on_config(config, **kwargs):
    config.extra["service_worker"] = not _serving
    return config


def _lang_path(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


def web_manifest(config) -> dict:
    lang = config.theme["language"]
    strings = json.loads(OFFLINE_STRINGS.read_text(encoding="utf-8"))[lang]
    return {
        "name": config.site_name,
        "short_name": strings["app_short_name"],
        "description": strings["app_description"],
        "lang": lang,
        "dir": "ltr",
        "id": "../../",
        "start_url": f"../../{_lang_path(lang)}",
        "scope": "../../",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOR,
        "icons": ICONS,
    }


def _write_web_manifest(config) -> None:
    target = Path(config.site_dir) / "assets" / "manifest" / f"{config.theme['language']}.webmanifest"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(web_manifest(config), ensure_ascii=False, indent=1), encoding="utf-8")


def _revision(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def write_service_worker(site: Path) -> dict:
    workbox = site / "assets" / "workbox"
    workbox.mkdir(parents=True, exist_ok=True)
    for module in WORKBOX_MODULES:
        shutil.copyfile(ROOT / "node_modules" / module, workbox / Path(module).name)
    patterns = PRECACHE["globPatterns"] + (["pagefind/**/*"] if (site / "pagefind").is_dir() else [])
    options = {**PRECACHE, "globPatterns": patterns, "additionalManifestEntries": [
        {"url": name, "revision": _revision(site / name)} for name in REFEREE_SHELL if (site / name).exists()]}
    result = subprocess.run(["node", str(SW_SCRIPT), str(site), str(SW_SOURCE), json.dumps(options)],
                            cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"writing the service worker failed:\n{result.stdout}{result.stderr}")
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    for warning in summary["warnings"]:
        log.warning("workbox: %s", warning)
    return summary


def on_post_page(output: str, page, config, **kwargs) -> str:
    # once per language build, while the config is that language's (after the last build it is not)
    lang = config.theme["language"]
    if lang not in _manifests_written:
        _write_web_manifest(config)
        _manifests_written.add(lang)
    return output


@event_priority(-1000)
def on_post_build(config, **kwargs) -> None:
    if building_other_language(config):
        return
    site = Path(config.site_dir)
    if _serving:
        (site / "sw.js").unlink(missing_ok=True)
        return
    summary = write_service_worker(site)
    log.info("service worker: %d files precached, %.2f MB", summary["count"], summary["size"] / 1e6)
