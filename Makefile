# Companion: `make run` to play, `make test` to check. See README.md.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
VAR := var
HOST ?= 0.0.0.0
PORT ?= 8000
# Test processes (pytest-xdist): one per core; each has its own database and live server.
TEST_WORKERS ?= auto
PYTEST := $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal

.PHONY: lock run test check-standings restore-drill lint format test-postgres test-browser-busy system-deps serve clean help bench-scoring bench-entry bench-load bench-scale bench-live bench-import-load audit backup messages css css-check

help:
	@echo "make run            serve Companion on http://$(HOST):$(PORT)/ (SQLite in $(VAR)/)"
	@echo "make test           lint and run the whole test suite (SQLite)"
	@echo "make test-postgres  run the suite against a throwaway PostgreSQL on loopback"
	@echo "make test-browser-busy  the browser tests three times in a row while every core is kept busy"
	@echo "make check-standings seed demo data into a scratch database and check every stored standing"
	@echo "make lock           pin every dependency again from pyproject.toml (requirements/*.txt)"

	@echo "make restore-drill  back up seeded data, restore it into an empty database, compare every night's export"
	@echo "make format         format the code with ruff"
	@echo "make messages       update the German catalogue from the code (then translate the new entries)"
	@echo "make bench-scoring  time the scoring engines"
	@echo "make bench-entry    tap to painted update in Chromium against gunicorn (server and browser parts)"
	@echo "make serve          serve Companion for real: gunicorn with event-loop workers (ASGI), DEBUG=0, compressed static files"
	@echo "make backup         write a consistent copy of the database to $(VAR)/backups/"
	@echo "make bench-load     1/4/20 clients against a local gunicorn: cost per page against a bare page, PASS/FAIL per goal"
	@echo "                   BENCH_ARGS=\"--clients 1 --seconds 3\": the costs alone, quickly"
	@echo "make css            rebuild static/vendor/bootstrap/: Bootstrap cut to what the pages (and the match pages) use"
	@echo "make css-check      fail when the committed CSS is not what make css builds (CI runs it)"
	@echo "make bench-scale    two instances against one throwaway PostgreSQL: changes show at once on both"
	@echo "make bench-live     1,000 open live pages, saves, slow clients, two instances: PASS/FAIL per goal (BENCH_ARGS=\"--tables 40\")"
	@echo "                   BENCH_ARGS=\"--attacks\": stream floods, half-open heads, stalled bodies, endless headers from one address"
	@echo "make bench-import-load  two tables save rounds while the largest import runs (BENCH_ARGS=\"--runs 5\")"
	@echo "make audit          Lighthouse (mobile) on the start page and a scoreboard (prints scores)"

# Reinstall only when the locked dependencies (or this recipe) change, so a second `make run` starts
# at once. The exact versions come from requirements/dev.txt (make lock writes it from pyproject.toml's
# ranges). A new venv comes with Python's bundled setuptools (65 for 3.11, with known CVEs): upgraded too.
$(VENV)/.installed: requirements/dev.txt pyproject.toml Makefile
	@command -v $(PYTHON) >/dev/null || { echo "Companion needs $(PYTHON) (Python 3.11)."; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip 'setuptools>=78.1.1'
	$(PY) -m pip install --quiet -r requirements/dev.txt
	$(PY) -m pip install --quiet --no-deps -e .
	@touch $@

# The lock files: every package pinned, from the ranges in pyproject.toml (requirements/base.txt to run,
# requirements/dev.txt to run and test). Run after changing a dependency, then commit both files.
LOCK_VENV := $(VAR)/lock-venv
lock:
	@test -x $(LOCK_VENV)/bin/pip-compile || { $(PYTHON) -m venv $(LOCK_VENV) && $(LOCK_VENV)/bin/pip install --quiet 'pip-tools>=7.4,<8'; }
	$(LOCK_VENV)/bin/pip-compile --quiet --no-emit-index-url --no-emit-find-links --strip-extras --output-file requirements/base.txt pyproject.toml
	$(LOCK_VENV)/bin/pip-compile --quiet --no-emit-index-url --no-emit-find-links --strip-extras --extra dev --output-file requirements/dev.txt pyproject.toml

$(VAR)/secret_key:
	@mkdir -p $(VAR) && chmod 700 $(VAR)  # the database, the key, backups: for this account only
	@$(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@
	@chmod 600 $@

# The task worker (review work after a save: companion.review.tasks) runs beside the server and
# stops with it: on Ctrl-C, on the server's end, on make's. A background job of a script ignores
# Ctrl-C, so the trap ends it (SIGTERM: db_worker finishes the task it runs, then exits).
WITH_WORKER = $(PY) manage.py db_worker --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT; trap 'exit 130' INT TERM;

run: $(VENV)/.installed $(VAR)/secret_key
	@export DEBUG=1 SECRET_KEY="$$(cat $(VAR)/secret_key)"; \
	$(PY) manage.py compilemessages && \
	$(PY) manage.py migrate --no-input -v 0 --skip-checks && \
	$(PY) manage.py seed_demo --offer && \
	$(PY) manage.py lan_address --port $(PORT) || exit 1; \
	$(WITH_WORKER) \
	$(PY) manage.py runserver $(HOST):$(PORT)

# Production run: DEBUG off, gunicorn with uvicorn workers (companion/gunicorn_conf.py), WhiteNoise serving the
# collected, hashed and compressed static files. SECRET_KEY and ALLOWED_HOSTS come from the
# environment when set; otherwise the key in $(VAR)/secret_key and this machine's own names.
serve: $(VENV)/.installed $(VAR)/secret_key
	@export DEBUG=0 HOST=$(HOST) PORT=$(PORT) SECRET_KEY="$${SECRET_KEY:-$$(cat $(VAR)/secret_key)}" \
	  ALLOWED_HOSTS="$${ALLOWED_HOSTS:-$$($(PY) -m companion.lib.serving)}"; \
	$(PY) manage.py collectstatic --no-input -v 0 && \
	$(PY) manage.py compilemessages && \
	$(PY) manage.py migrate --no-input -v 0 && \
	$(PY) manage.py seed_demo --offer && \
	$(PY) manage.py lan_address --port $(PORT) && \
	echo "Answering for the host names: $$ALLOWED_HOSTS" || exit 1; \
	$(WITH_WORKER) \
	$(VENV)/bin/gunicorn -c python:companion.gunicorn_conf companion.asgi

backup: $(VENV)/.installed $(VAR)/secret_key
	@export SECRET_KEY="$${SECRET_KEY:-$$(cat $(VAR)/secret_key)}"; \
	$(PY) manage.py backup $(FILE)

system-deps:
	@bash .ci/system-deps.sh

# After adding or changing a marked string: write the German for every new entry of
# companion/locale/de/LC_MESSAGES/django.po (make test fails on an empty or fuzzy one).
# Needs GNU gettext (xgettext, msgmerge): make system-deps installs it.
messages: $(VENV)/.installed system-deps $(VAR)/secret_key
	@export SECRET_KEY="$$(cat $(VAR)/secret_key)"; \
	$(PY) manage.py makemessages -l de && $(PY) manage.py compilemessages

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.installed
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

test: $(VENV)/.installed system-deps lint
	$(PYTEST)

# The browser tests three runs in a row, each core kept busy by a spinning process meanwhile:
# waits written against a quiet machine fail here first. Stops at the first failing run.
test-browser-busy: $(VENV)/.installed system-deps
	@spinners=(); for _ in $$(seq $$(nproc)); do $(PY) -c 'while True: pass' & spinners+=($$!); done; \
	trap 'kill $${spinners[@]}' EXIT; \
	for run in 1 2 3; do echo "browser tests, run $$run of 3, $$(nproc) cores kept busy"; \
	  $(PYTEST) -m browser -p no:cacheprovider || exit 1; done

check-standings: $(VENV)/.installed
	@PY=$(PY) bash .ci/check-standings.sh

# The suite, then the restore drill, against one throwaway PostgreSQL.
# Without autovacuum: an ANALYZE from outside a test's transaction sees none of its rows and
# leaves the planner thinking a table of thousands is empty (a page then took minutes in CI).
# Without tests/engines: WebKit and Firefox meet the same pages on either database, and ran in make test.
test-postgres: $(VENV)/.installed system-deps
	@PG_SERVER_OPTIONS="-c autovacuum=off" bash .ci/postgres.sh bash -c '$(PYTEST) -m "not engines" && PY=$(PY) bash .ci/restore-drill.sh'

restore-drill: $(VENV)/.installed
	@PY=$(PY) bash .ci/restore-drill.sh

bench-entry: $(VENV)/.installed system-deps
	$(PY) -m tests.benchmarks.bench_entry

bench-scoring: $(VENV)/.installed
	$(PY) -m tests.benchmarks.bench_scoring

bench-load: $(VENV)/.installed
	$(PY) -m tests.benchmarks.bench_load $(BENCH_ARGS)

bench-import-load: $(VENV)/.installed
	$(PY) -m tests.benchmarks.bench_import_load $(BENCH_ARGS)

# Two instances on two ports against one throwaway PostgreSQL (.ci/postgres.sh; its exit
# status 3 means PostgreSQL cannot be started here, and the rehearsal is skipped).
bench-scale: $(VENV)/.installed
	@PGPORT_TEST=$${PGPORT_TEST:-54339} bash .ci/postgres.sh $(PY) -m tests.benchmarks.bench_scale; status=$$?; \
	if [ $$status -eq 3 ]; then echo "bench-scale SKIPPED: PostgreSQL cannot be started on this machine."; exit 0; fi; \
	exit $$status

# Lighthouse 12.2.3 is the last 12.x that runs on Node 20; npx fetches it from the npm registry.
audit: $(VENV)/.installed system-deps
	@command -v npx >/dev/null || { echo "make audit needs Node.js and npm (Debian: apt-get install nodejs npm)"; exit 1; }
	$(PY) -m tests.benchmarks.audit $(AUDIT_ARGS)

# Bootstrap's CSS cut down to the selectors the templates, the Python code, our scripts and
# crispy-bootstrap5's form templates can use (purgecss.config.cjs), twice: for every page, and
# for the match pages only (CSS_CUT=match; their bundles are companion/games/bundles.py's
# table-<game>.css). The results are committed, so serving needs no Node; run `make css` after
# using a Bootstrap class not used before.
BOOTSTRAP_CSS := static/vendor/bootstrap/bootstrap.min.css
MATCH_CSS := static/vendor/bootstrap/bootstrap-match.min.css
PURGE = PYTHON_PACKAGES="$$($(PY) -c 'import django, os; print(os.path.dirname(os.path.dirname(django.__file__)))')" \
	node_modules/.bin/purgecss --config purgecss.config.cjs

node_modules/.package-lock.json: package-lock.json
	@bash .ci/node-deps.sh

css: $(VENV)/.installed node_modules/.package-lock.json
	$(PURGE) --output $(BOOTSTRAP_CSS)
	CSS_CUT=match $(PURGE) --output $(MATCH_CSS)

css-check: $(VENV)/.installed node_modules/.package-lock.json
	@built=$$(mktemp -d) && trap 'rm -rf "$$built"' EXIT && \
	$(PURGE) --output "$$built/site.css" && CSS_CUT=match $(PURGE) --output "$$built/match.css" && \
	stale=0 && \
	for pair in "site.css $(BOOTSTRAP_CSS)" "match.css $(MATCH_CSS)"; do \
	  set -- $$pair; \
	  if cmp -s "$$built/$$1" "$$2"; then echo "$$2 is up to date"; \
	  else echo "$$2 is not what the templates need: run make css and commit it" >&2; stale=1; fi; \
	done; exit $$stale

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis node_modules

# The live channel at scale (tests/benchmarks/bench_live.py): first on SQLite, then two instances
# on a throwaway PostgreSQL (.ci/postgres.sh; its exit status 3 skips that part).
bench-live: $(VENV)/.installed
	@$(PY) -m tests.benchmarks.bench_live $(BENCH_ARGS); status=$$?; \
	PGPORT_TEST=$${PGPORT_TEST:-54341} bash .ci/postgres.sh $(PY) -m tests.benchmarks.bench_live --two-instances $(BENCH_ARGS); pg=$$?; \
	if [ $$pg -eq 3 ]; then echo "two instances SKIPPED: PostgreSQL cannot be started on this machine."; pg=0; fi; \
	exit $$(( status || pg ))
