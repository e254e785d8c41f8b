"""The site's own stylesheets as one file, ``assets/stylesheets/site.css``: one request instead of ten.

The stylesheets stay apart in ``docs/assets/stylesheets`` (each named for what it styles: cards, checker, stepper,
score, print, ...), listed in ``mkdocs.yml``'s ``extra_css`` in the order they apply. A stylesheet blocks the first
paint, and on a phone line (150 ms a request, six connections) ten of them take two rounds before the page can
show a word, and push the scripts back behind them: on the checker page, the referee's download starts later by
as much. This hook joins them, in that order, into one generated file, puts it in ``extra_css`` instead, and leaves
the separate files out of the built site (nothing links to them, and the offline copy would keep them twice).

The files hold no ``@import`` and no relative ``url()`` (a test checks it), so joining them changes no rule.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

BUNDLE = "assets/stylesheets/site.css"
CACHE = Path(__file__).resolve().parent.parent / ".cache" / "css"

_sources: list[str] = []


def joined(docs_dir: Path, sources: list[str]) -> str:
    return "\n".join(f"/* ---- {source} ---- */\n{(docs_dir / source).read_text(encoding='utf-8').rstrip()}\n"
                     for source in sources)


def on_config(config, **kwargs):
    css = [str(entry) for entry in config.extra_css]
    if css != [BUNDLE]:  # (mkdocs-static-i18n hands each language's build a config that already has the bundle)
        _sources[:] = css
        config.extra_css = [BUNDLE]
    return config


def on_files(files, config, **kwargs):
    for source in _sources:
        found = files.get_file_from_path(source)
        if found is not None:
            files.remove(found)
    # written to a file (not handed over as content): mkdocs-static-i18n reads every file's source path
    CACHE.mkdir(parents=True, exist_ok=True)
    bundle = CACHE / "site.css"
    bundle.write_text(joined(Path(config.docs_dir), _sources), encoding="utf-8")
    files.append(File.generated(config, BUNDLE, abs_src_path=str(bundle)))
    return files
