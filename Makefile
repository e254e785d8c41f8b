# Two commands on a fresh machine: `make serve` (see the site) and `make test` (run every test).
# Every target is idempotent; a second run only redoes what changed.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check
CHROMIUM ?= /usr/bin/chromium
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

SITE_STAMP := $(VENV)/.site-deps
TEST_STAMP := $(VENV)/.test-deps
NODE_STAMP := node_modules/.installed
BENCH_STAMP := $(VENV)/.bench-deps

.PHONY: serve preview site test test-engine test-site bench bench-site lighthouse chromium clean

# Authoring: live reload, no service worker (pages unregister one left from `make preview` on the same address).
serve: $(SITE_STAMP) $(NODE_STAMP)
	$(PY) -m mkdocs serve --strict --dev-addr 127.0.0.1:8000 --watch rules_core --watch hooks --watch i18n $(addprefix --watch ,$(wildcard scenarios))

# The real thing: the built site as a static host serves it (gzip, cache headers, the service worker, offline).
preview: site
	$(PY) scripts/static_host.py --dir site --port $${PORT:-8000}

site: $(SITE_STAMP) $(NODE_STAMP)
	$(PY) -m mkdocs build --strict --site-dir site

test: site $(TEST_STAMP) chromium
	$(PY) -m pytest

test-engine: $(TEST_STAMP)
	$(PY) -m pytest tests/engine

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(SITE_STAMP): requirements/site.in requirements/constraints.txt | $(VENV)/bin/python
	$(PIP) install --quiet -r requirements/site.in -c requirements/constraints.txt
	touch $@

$(TEST_STAMP): $(SITE_STAMP) requirements/test.in requirements/constraints.txt
	$(PIP) install --quiet -r requirements/test.in -c requirements/constraints.txt
	touch $@

$(BENCH_STAMP): $(TEST_STAMP) requirements/bench.in
	$(PIP) install --quiet -r requirements/bench.in -c requirements/constraints.txt
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "Browser tests need Debian's Chromium at $(CHROMIUM): run 'sudo apt-get install -y chromium' (or set CHROMIUM=/path/to/chromium)." >&2; exit 1; \
	fi

bench: $(BENCH_STAMP) site
	$(PY) benchmarks/engine_bench.py
	node benchmarks/engine_bench_pyodide.mjs $$(ls site/pyodide/rules_core-*-py3-none-any.whl)
	$(PY) benchmarks/site_bench.py

# The phone and desktop figures (benchmarks/README.md, /work/notes/perf-figures.md): throttled host, gzip and plain,
# every path, one run of REPS interleaved repetitions (median and spread). Run it on a quiet machine.
bench-site: site $(TEST_STAMP)
	$(PY) benchmarks/offline_bench.py --reps $${REPS:-3} $(BENCH_ARGS)

# Lighthouse's phone profile; e.g. make lighthouse LIGHTHOUSE_ARGS="--pages sk/rules/,checker/ --reps 3"
lighthouse: site $(TEST_STAMP)
	CHROME_PATH=$(CHROMIUM) $(PY) benchmarks/lighthouse_bench.py $(LIGHTHOUSE_ARGS)

clean:
	rm -rf site .cache build *.egg-info
