// The node tests' fixtures, made by rules_core itself (tests/js/make_fixtures.py): from the file named by
// $CHECKER_FIXTURES (the pytest wrapper writes it), or made here with the project's Python.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

function load() {
  if (process.env.CHECKER_FIXTURES) return JSON.parse(readFileSync(process.env.CHECKER_FIXTURES, "utf-8"));
  const venv = join(root, ".venv", "bin", "python");
  const python = existsSync(venv) ? venv : "python3";
  return JSON.parse(execFileSync(python, [join(here, "make_fixtures.py")], { cwd: root, maxBuffer: 64 << 20 }).toString());
}

export const fixtures = load();
export const K = fixtures.knowledge;
export const siteModule = (name) => new URL(`../../docs/assets/javascripts/${name}`, import.meta.url).href;
// the page's knowledge, as the build writes it into a page with a widget (cards.js reads the card codes there)
(await import(siteModule("knowledge.js"))).setPageKnowledge(K);
