# Two commands do everything on a fresh machine:
#   make run    set up, build dist/, then serve it at http://127.0.0.1:8000/ (PORT=8080 make run)
#   make test   set up, then lint, type-check and run every test (browser tests included)
# make dist builds the static bundle alone (dist/: copy it to any static host, docs/deploy.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
HOST   ?= 127.0.0.1

.PHONY: run dist test setup web chromium lint typecheck pytest bench fuzz clean

run: dist
	$(BIN)/python -m whist serve --port $(PORT) --host $(HOST)

# The bundle: only what the page needs, precompressed, content-hashed (scripts/build_dist.py).
dist: setup web
	$(BIN)/python scripts/build_dist.py --quiet

test: setup web chromium lint typecheck pytest

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $@

# Copies the pinned PyScript and Pyodide from npm into static/vendor and zips the Python packages.
web: setup
	$(BIN)/python scripts/vendor_web.py

# Debian's Chromium for the browser tests (never `playwright install`: it downloads a browser).
chromium:
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

lint: web
	$(BIN)/ruff check whist engines whist_app whist_server tests bench scripts
	$(BIN)/lint-imports
	node_modules/.bin/eslint static/js static/runtime static/sw.js bench scripts

typecheck:
	$(BIN)/mypy

pytest:
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

bench: setup
	$(BIN)/python bench/core_speed.py

# The slow fuzzers, one door a line (the fast ones run in make test); -s prints what each door got.
fuzz: setup
	SERVER_FUZZ_CASES=30000 $(BIN)/python -m pytest -q -s tests/test_server_fuzz.py
	WHIST_SECRECY_EXAMPLES=60 $(BIN)/python -m pytest -q -s tests/test_secrecy.py
	WHIST_FUZZ_SCALE=20 $(BIN)/python -m pytest -q -s tests/test_cli_fuzz.py

clean:
	rm -rf $(VENV) node_modules static/vendor static/pkg dist build
