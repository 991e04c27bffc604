# `make run`: install the core package only (no torch, no Ray, no dev tools) and
# run a Palestine balance study with the scripted bots in both seats.
# `make test`: install everything (torch first, then the train, ray and dev
# extras) and run the test suite. Each install has its own stamp file.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
CORE_STAMP := $(VENV)/.installed-core
FULL_STAMP := $(VENV)/.installed-full
RUN_GAMES ?= 5000
RUN_ROWS := runs/balance.parquet
RUN_REPORT := runs/report

.PHONY: run test setup bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(CORE_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(FULL_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet "torch==2.13.0"
	$(PY) -m pip install --quiet -e ".[train,ray,dev]"
	touch $@

setup: $(FULL_STAMP)

run: $(CORE_STAMP)
	$(VENV)/bin/britishway rollouts palestine --games $(RUN_GAMES) --policy heuristic --seed 0 --out $(RUN_ROWS)
	$(VENV)/bin/britishway report $(RUN_ROWS) --out $(RUN_REPORT) \
		--title "Palestine balance: the scripted bots (heuristic) in both seats"
	@echo "rows: $(RUN_ROWS)   report: $(RUN_REPORT)/report.md (plots beside it)"

test: $(FULL_STAMP)
	$(PY) -m pytest -q -n 2 tests

bench: $(FULL_STAMP)
	$(PY) -m pip install --quiet -e ".[bench]"
	$(PY) benchmarks/bench_solo1948.py
	$(PY) benchmarks/bench_palestine.py
	$(PY) benchmarks/bench_rollouts_palestine.py
	$(PY) benchmarks/bench_training.py
	$(PY) benchmarks/bench_aims.py
	$(PY) benchmarks/bench_threads.py

clean:
	rm -rf $(VENV) build *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
