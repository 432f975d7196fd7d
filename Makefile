# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format migrations-check bench install

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

install: $(BIN)/.installed

# HOST=0.0.0.0 for the venue's network (the TV and the phones); DEBUG=1 for development.
run: install
	$(BIN)/python manage.py serve --host $(HOST) --port $(PORT)

test: install
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

migrations-check: install
	$(BIN)/python manage.py makemigrations --check --dry-run

bench: install
	$(BIN)/python bench/fanout.py $(BENCH_ARGS)
