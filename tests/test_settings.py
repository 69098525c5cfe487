"""The environment helpers fail loudly on bad values; production refuses to run without a key."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from companion import env

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("YES", True), ("on", True), ("0", False), ("off", False)],
)
def test_booleans_read_the_usual_spellings(raw, expected):
    assert env.env_bool("DEBUG", not expected, {"DEBUG": raw}) is expected


def test_a_missing_boolean_takes_its_default():
    assert env.env_bool("DEBUG", True, {}) is True


def test_a_misspelt_boolean_is_an_error_naming_the_variable():
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        env.env_bool("DEBUG", False, {"DEBUG": "ture"})


def test_a_non_number_is_an_error():
    with pytest.raises(ImproperlyConfigured, match="SECURE_HSTS_SECONDS must be a whole number"):
        env.env_int("SECURE_HSTS_SECONDS", 0, {"SECURE_HSTS_SECONDS": "a year"})


def test_lists_are_split_on_commas_and_trimmed():
    assert env.env_list("ALLOWED_HOSTS", [], {"ALLOWED_HOSTS": "a.example, b.example"}) == [
        "a.example",
        "b.example",
    ]


def test_an_empty_list_item_is_an_error():
    with pytest.raises(ImproperlyConfigured, match="empty item"):
        env.env_list("ALLOWED_HOSTS", [], {"ALLOWED_HOSTS": "a.example,,b.example"})


def test_trusted_origins_need_a_scheme():
    with pytest.raises(ImproperlyConfigured, match="must start with http"):
        env.env_origins("CSRF_TRUSTED_ORIGINS", {"CSRF_TRUSTED_ORIGINS": "cards.example"})


def test_without_debug_a_secret_key_is_required():
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        env.secret_key(False, {})


def test_without_debug_a_short_secret_key_is_refused():
    with pytest.raises(ImproperlyConfigured, match="at least 32"):
        env.secret_key(False, {"SECRET_KEY": "short"})


def test_with_debug_a_development_key_is_used():
    assert env.secret_key(True, {})


def test_database_url_selects_postgresql():
    config = env.database("postgres://u:p@127.0.0.1:5432/cards", "/unused")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "cards"


def test_no_database_url_means_the_embedded_sqlite_in_wal_mode():
    config = env.database(None, "/tmp/x.sqlite3")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert config["CONN_MAX_AGE"] > 0, "a worker keeps its connection: opening one costs more than a page"


def test_an_unknown_database_scheme_is_an_error():
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        env.database("mysql://u:p@localhost/cards", "/unused")


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


def test_trusted_proxies_are_addresses_or_networks():
    networks = env.env_networks("TRUSTED_PROXIES", [], {"TRUSTED_PROXIES": "127.0.0.1, 172.17.0.0/16,::1"})
    assert [str(network) for network in networks] == ["127.0.0.1/32", "172.17.0.0/16", "::1/128"]
    with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXIES"):
        env.env_networks("TRUSTED_PROXIES", [], {"TRUSTED_PROXIES": "*"})
