# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format migrations-check bench install install-test dist messages

# `make run` installs only what running needs; the other targets add the test extra.
$(VENV)/.installed-run: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed-run

install: $(VENV)/.installed-run
install-test: $(VENV)/.installed-test

# HOST=0.0.0.0 for the venue's network (the TV and the phones); DEBUG=1 for development.
run: install
	$(BIN)/trainscore serve --host $(HOST) --port $(PORT)

# The wheel organisers install (`pipx install dist/trainscore-<version>-py3-none-any.whl`).
# A stale build/ would put deleted files in the wheel: start clean, and leave no copy of
# the apps beside them.
dist: install
	rm -rf build dist
	$(BIN)/pip wheel --no-deps --wheel-dir dist .
	rm -rf build

# PYTEST_ARGS to pass more, e.g. PYTEST_ARGS="-n 0 tests/games" (one process, one folder).
test: install-test
	$(BIN)/pytest $(PYTEST_ARGS)

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

format: install-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

migrations-check: install
	$(BIN)/python manage.py makemigrations --check --dry-run

bench: install-test
	$(BIN)/python bench/fanout.py $(BENCH_ARGS)

# The catalogues (Spanish, French): one per app and language, kept with their compiled .mo
# files so that `make run` needs no gettext tools. After marking or changing a sentence:
# `make messages`, translate what the .po files now lack (no "#, fuzzy" left), then
# `make messages` again to compile. Needs GNU gettext (apt-get install gettext).
LOCALE_APPS = trainscore tournaments records nights sheets seasons ratings live games players rules charts core
messages: install-test
	for app in $(LOCALE_APPS); do mkdir -p $$app/locale; \
		(cd $$app && ../$(BIN)/python ../manage.py makemessages -l es -l fr -d django \
			--add-location=file --no-obsolete >/dev/null && \
		 ../$(BIN)/python ../manage.py makemessages -l es -l fr -d djangojs \
			--add-location=file --no-obsolete >/dev/null) || exit 1; \
	done
	$(BIN)/python manage.py compilemessages --ignore '.venv' --ignore 'tests' >/dev/null

