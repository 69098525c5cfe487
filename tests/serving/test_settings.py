"""The environment readers fail loudly on bad values; production refuses to run without a key."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from environs import EnvError

from companion.lib import env

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def environ(monkeypatch):
    """Sets environment variables for one test."""

    def set_(**values):
        for name, value in values.items():
            monkeypatch.setenv(name, value)

    for name in ("DEBUG", "SECRET_KEY", "COMPANION_OFFLINE_TOOL"):
        monkeypatch.delenv(name, raising=False)
    return set_


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("YES", True), ("on", True), ("0", False), ("off", False)],
)
def test_booleans_read_the_usual_spellings(environ, raw, expected):
    environ(DEBUG=raw)
    assert env.env.bool("DEBUG", not expected) is expected


def test_a_missing_boolean_takes_its_default(environ):
    assert env.env.bool("DEBUG", True) is True


def test_a_misspelt_boolean_is_an_error_naming_the_variable(environ):
    environ(DEBUG="ture")
    with pytest.raises(EnvError, match="DEBUG"):
        env.env.bool("DEBUG", False)


def test_a_non_number_is_an_error(environ):
    environ(SECURE_HSTS_SECONDS="a year")
    with pytest.raises(EnvError, match=r"SECURE_HSTS_SECONDS.*integer"):
        env.env.int("SECURE_HSTS_SECONDS", 0)


def test_lists_are_split_on_commas_and_trimmed(environ):
    environ(ALLOWED_HOSTS="a.example, b.example")
    assert env.env.names("ALLOWED_HOSTS", "") == ["a.example", "b.example"]


def test_an_empty_list_item_is_an_error(environ):
    environ(ALLOWED_HOSTS="a.example,,b.example")
    with pytest.raises(EnvError, match=r"ALLOWED_HOSTS.*empty item"):
        env.env.names("ALLOWED_HOSTS", "")


def test_trusted_origins_need_a_scheme(environ):
    environ(CSRF_TRUSTED_ORIGINS="cards.example")
    with pytest.raises(EnvError, match="must start with http"):
        env.env.origins("CSRF_TRUSTED_ORIGINS", "")


def test_a_blank_text_variable_counts_as_left_out(environ):
    environ(TIME_ZONE="  ")
    assert env.optional("TIME_ZONE") is None


def test_without_debug_a_secret_key_is_required(environ):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        env.secret_key(False)
    environ(SECRET_KEY=" ")
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        env.secret_key(False)


def test_without_debug_a_short_secret_key_is_refused(environ):
    environ(SECRET_KEY="short")
    with pytest.raises(ImproperlyConfigured, match="at least 32"):
        env.secret_key(False)


def test_with_debug_a_development_key_is_used(environ):
    assert env.secret_key(True)


def test_an_offline_command_makes_a_throwaway_key(environ):
    environ(COMPANION_OFFLINE_TOOL="1")
    assert len(env.secret_key(False)) >= 32


def test_database_url_selects_postgresql(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/cards")
    config = env.database("/unused")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "cards"


def test_no_database_url_means_the_embedded_sqlite_in_wal_mode(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    config = env.database("/tmp/x.sqlite3")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert config["CONN_MAX_AGE"] > 0, "a worker keeps its connection: opening one costs more than a page"


def test_an_unknown_database_scheme_is_an_error(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "mysql://u:p@localhost/cards")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        env.database("/unused")


def test_a_database_url_dj_database_url_cannot_read_is_an_error_naming_it(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@127.0.0.1:port/cards")
    with pytest.raises(EnvError, match="DATABASE_URL"):
        env.database("/unused")


def test_the_server_refuses_to_start_without_debug_or_key(tmp_path):
    environ = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL"}}
    environ.update(DEBUG="0", COMPANION_VAR_DIR=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_importing_the_settings_creates_no_folder(tmp_path):
    var = tmp_path / "var"
    env = {**os.environ, "COMPANION_VAR_DIR": str(var), "DEBUG": "1"}
    env.pop("DATABASE_URL", None)
    script = "import companion.settings as s; print(s.DATABASES['default']['NAME'])"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(var / "companion.sqlite3")
    assert not var.exists()


def test_trusted_proxies_are_addresses_or_networks(environ):
    environ(TRUSTED_PROXIES="127.0.0.1, 172.17.0.0/16,::1")
    networks = env.env.networks("TRUSTED_PROXIES", "")
    assert [str(network) for network in networks] == ["127.0.0.1/32", "172.17.0.0/16", "::1/128"]
    environ(TRUSTED_PROXIES="*")
    with pytest.raises(EnvError, match="TRUSTED_PROXIES"):
        env.env.networks("TRUSTED_PROXIES", "")


def test_starting_the_app_reads_no_static_file_or_template(tmp_path):
    """Scripts, images and templates are read (and minified) when first used, not at start-up."""
    script = """
import sys
opened = []
def note(event, args):
    if event == "open" and isinstance(args[0], str) and args[0].startswith(sys.argv[1]):
        opened.append(args[0])
sys.addaudithook(note)
import django
django.setup()
from django.template import engines
from django.urls import resolve
resolve("/")
engines.all()
print(opened)
"""
    environ = {
        **os.environ,
        "COMPANION_VAR_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "companion.settings",
    }
    environ.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", script, str(ROOT)],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    ours = (str(ROOT / "static"), str(ROOT / "templates"), str(ROOT / "companion" / "templates"))
    assert not [path for path in ast.literal_eval(done.stdout) if path.startswith(ours)]
