# Companion: `make run` to play, `make test` to check. See README.md.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
VAR := var
HOST ?= 0.0.0.0
PORT ?= 8000

.PHONY: run test lint format test-postgres system-deps serve clean help

help:
	@echo "make run            serve Companion on http://$(HOST):$(PORT)/ (SQLite in $(VAR)/)"
	@echo "make test           lint and run the whole test suite (SQLite)"
	@echo "make test-postgres  run the suite against a throwaway PostgreSQL on loopback"
	@echo "make format         format the code with ruff"

# Reinstall only when the dependencies change, so a second `make run` starts at once.
$(VENV)/.installed: pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "Companion needs $(PYTHON) (Python 3.11)."; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

$(VAR)/secret_key:
	@mkdir -p $(VAR)
	@$(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@
	@chmod 600 $@

run: $(VENV)/.installed $(VAR)/secret_key
	@export DEBUG=1 SECRET_KEY="$$(cat $(VAR)/secret_key)"; \
	$(PY) manage.py migrate --no-input -v 0 && \
	$(PY) manage.py lan_address --port $(PORT) && \
	exec $(PY) manage.py runserver $(HOST):$(PORT)

system-deps:
	@bash .ci/system-deps.sh

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.installed
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

test: $(VENV)/.installed system-deps lint
	$(PY) -m pytest

test-postgres: $(VENV)/.installed system-deps
	@bash .ci/postgres.sh $(PY) -m pytest

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
