"""The example-turn scenarios and the disputes pages' checker situations, checked with the engine.

- ``scenarios/<id>.json``: a scripted scenario (a position, a list of steps, narration in six languages).
  Every step is judged by ``rules_core`` in every language; an illegal step (other than a Wild Draw Four
  bluff the step declares with ``"bluff": true``) fails the build, and so does missing narration.
- ``scenarios/cast.json``: the players' names in each language (player ``i`` of a scenario gets name ``i``).
- ``scenarios/situations.json``: one checker situation per ``<!-- check: ID -->`` of the disputes pages; the
  engine's verdict must equal the entry's ``expect`` (``legal`` and ``rule``) or the build fails. The verdicts,
  in every language, are shipped with the checker (``assets/checker/verdicts.<lang>.json``, keyed by the
  situation's canonical JSON, ``rules_core.frontend.situation_key``), so a disputes link or a preset is answered
  at once, before Pyodide has loaded; the page's live referee gives the same answers (a test).

Each page's ``<div data-scenario="ID"></div>`` gets the scenario, already stepped through by the engine in the
page's language (positions, rule links, the engine's effects), as a JSON script element inside it, so the
stepper shows the table and steps at once, before Pyodide has booted; the engine in the page is only needed
for "What if?". The check runs once per build (in the default-language pass, like ``engine_assets``).
"""

from __future__ import annotations

import copy
import json
import logging
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hooks.i18n_build import building_other_language  # noqa: E402

from rules_core.catalogue import RULES, rule_url  # noqa: E402
from rules_core.facade import check  # noqa: E402
from rules_core.frontend import situation_key, verdict_digest  # noqa: E402
from rules_core.messages import rule_name  # noqa: E402
from rules_core.terms import LANGS  # noqa: E402

log = logging.getLogger("mkdocs.hooks.scenarios")

SCENARIO_DIR = ROOT / "scenarios"
CAST_FILE = SCENARIO_DIR / "cast.json"
SITUATIONS_FILE = SCENARIO_DIR / "situations.json"
PLACEHOLDER = re.compile(r'<div data-scenario="([a-z0-9-]+)">\s*</div>')
REQUIRED_TEXT = ("title", "start")


class ScenarioError(ValueError):
    """A scenario or situation that the engine does not back up."""


def load_cast() -> dict[str, list[str]]:
    return json.loads(CAST_FILE.read_text(encoding="utf-8"))


def load_scenarios() -> dict[str, dict[str, Any]]:
    out = {}
    for path in sorted(SCENARIO_DIR.glob("*.json")):
        if path.name in (CAST_FILE.name, SITUATIONS_FILE.name):
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("id") != path.stem:
            raise ScenarioError(f"{path.name}: id {data.get('id')!r} differs from the file name")
        out[path.stem] = data
    return out


def load_situations() -> dict[str, dict[str, Any]]:
    return json.loads(SITUATIONS_FILE.read_text(encoding="utf-8"))


def localize(position: dict[str, Any], lang: str, cast: dict[str, list[str]]) -> dict[str, Any]:
    """The position with the players named as in ``lang``'s cast."""
    pos = copy.deepcopy(position)
    names = cast[lang]
    for i, player in enumerate(pos["players"]):
        player["name"] = names[i]
    return pos


def _text(sc: dict[str, Any], key: str, lang: str) -> str:
    try:
        text = sc["narration"][key][lang]
    except KeyError:
        raise ScenarioError(f"{sc['id']}: no narration {key!r} in {lang}") from None
    if not text.strip():
        raise ScenarioError(f"{sc['id']}: empty narration {key!r} in {lang}")
    return text


def build(sc: dict[str, Any], lang: str, cast: dict[str, list[str]]) -> dict[str, Any]:
    """Step through a scenario with the engine in ``lang``; raise :class:`ScenarioError` if a step fails."""
    sid = sc["id"]
    for key in REQUIRED_TEXT:
        _text(sc, key, lang)
    rules = sc.get("rules")
    pos = localize(sc["position"], lang, cast)
    out: dict[str, Any] = {"id": sid, "lang": lang, "rules": rules, "title": _text(sc, "title", lang),
                           "start": {"position": pos, "narration": _text(sc, "start", lang)}, "steps": []}
    if not sc.get("steps"):
        raise ScenarioError(f"{sid}: no steps")
    for n, step in enumerate(sc["steps"], 1):
        res = check(pos, step["action"], rules, lang)
        if "error" in res:
            raise ScenarioError(f"{sid} step {n}: engine error {res['error']}")
        bluff = bool(step.get("bluff"))
        if bluff:
            if not res.get("bluff"):
                raise ScenarioError(f"{sid} step {n}: declared a bluff but the engine says {res['rule']}: "
                                    f"{res['reason']}")
            nxt = res["bluff_next"]
        else:
            if not res["legal"]:
                raise ScenarioError(f"{sid} step {n}: illegal ({res['rule']}): {res['reason']}")
            nxt = res["next"]
        rule = step.get("rule", res["rule"])
        if rule not in RULES:
            raise ScenarioError(f"{sid} step {n}: unknown rule id {rule!r}")
        out["steps"].append({
            "action": step["action"], "legal": res["legal"], "bluff": bluff,
            "narration": _text(sc, step["narration"], lang),
            "rule": rule, "rule_url": rule_url(rule, lang), "rule_name": rule_name(rule, lang),
            "effects": res["effects"], "position": nxt,
        })
        pos = nxt
    used = {s["narration"] for s in sc["steps"]} | set(REQUIRED_TEXT)
    unused = set(sc["narration"]) - used
    if unused:
        raise ScenarioError(f"{sid}: narration keys never used: {sorted(unused)}")
    for key, texts in sc["narration"].items():
        if set(texts) != set(LANGS):
            raise ScenarioError(f"{sid}: narration {key!r} has languages {sorted(texts)}")
    return out


def check_situation(sid: str, situation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The engine's verdict in every language (lang -> the page's digest of it); raise :class:`ScenarioError`
    unless it is the one the disputes page gives."""
    expect = situation.get("expect")
    if not isinstance(expect, dict) or set(expect) != {"legal", "rule"}:
        raise ScenarioError(f"situation {sid}: expect must be {{legal, rule}}")
    verdicts = {}
    for lang in LANGS:
        res = check(situation["position"], situation["action"], situation.get("rules"), lang)
        if "error" in res:
            raise ScenarioError(f"situation {sid}: engine error {res['error']}")
        got = {"legal": res["legal"], "rule": res["rule"]}
        if got != expect:
            raise ScenarioError(f"situation {sid}: engine says {got} ({res['reason']}), expected {expect}")
        verdicts[lang] = verdict_digest(res)
    return verdicts


def situation_verdicts() -> dict[str, dict[str, dict[str, Any]]]:
    """lang -> canonical situation JSON -> the verdict, for every disputes situation."""
    out: dict[str, dict[str, dict[str, Any]]] = {lang: {} for lang in LANGS}
    for sid, situation in load_situations().items():
        key = situation_key(situation["position"], situation["action"], situation.get("rules"))
        for lang, verdict in check_situation(sid, situation).items():
            out[lang][key] = verdict
    return out


def build_all() -> dict[str, dict[str, dict[str, Any]]]:
    """Every scenario in every language (lang -> id -> data), every situation checked."""
    cast = load_cast()
    if set(cast) != set(LANGS) or any(len(names) < 4 for names in cast.values()):
        raise ScenarioError("cast.json: four names in each of the six languages")
    scenarios = load_scenarios()
    built = {lang: {sid: build(sc, lang, cast) for sid, sc in scenarios.items()} for lang in LANGS}
    _VERDICTS.clear()
    _VERDICTS.update(situation_verdicts())
    return built


_BUILT: dict[str, dict[str, dict[str, Any]]] = {}
_VERDICTS: dict[str, dict[str, dict[str, Any]]] = {}
VERDICTS_DIR = ("assets", "checker")


def on_pre_build(config, **kwargs) -> None:
    if building_other_language(config) and _BUILT:
        return
    _BUILT.clear()
    _BUILT.update(build_all())
    log.info("scenarios: %d scenarios and %d situations checked with the engine",
             len(next(iter(_BUILT.values()))), len(load_situations()))


def on_post_build(config, **kwargs) -> None:
    """Write the shipped verdicts, one small JSON file per language (once, in the default-language build)."""
    if building_other_language(config):
        return
    if not _VERDICTS:
        _BUILT.update(build_all())
    out = Path(config.site_dir).joinpath(*VERDICTS_DIR)
    out.mkdir(parents=True, exist_ok=True)
    for lang, table in _VERDICTS.items():
        text = json.dumps(table, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        out.joinpath(f"verdicts.{lang}.json").write_text(text, encoding="utf-8")


def _lang(config) -> str:
    lang = config.theme["language"]
    if lang not in LANGS:
        raise ValueError(f"unexpected page language {lang!r}")
    return lang


def on_post_page(output: str, page, config, **kwargs) -> str:
    if "data-scenario=" not in output:
        return output
    lang = _lang(config)
    if not _BUILT:
        _BUILT.update(build_all())
    table = _BUILT[lang]

    def embed(match: re.Match) -> str:
        sid = match.group(1)
        if sid not in table:
            raise ScenarioError(f"{page.file.src_uri}: no scenario {sid!r} in scenarios/")
        data = json.dumps(table[sid], ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
        return (f'<div data-scenario="{sid}" class="stepper">'
                f'<script type="application/json" class="stepper-data">{data}</script></div>')

    return PLACEHOLDER.sub(embed, output)
