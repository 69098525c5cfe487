"""The deployment's environment, read through environs, and the rules it adds.

``env`` is an :class:`environs.Env`: ``env.bool``, ``env.int``, ``env.str`` fail with
``EnvError`` naming the variable, so a typo in a deployment stops the server at start-up
instead of running with a silently wrong value. The parsers registered here add what
the settings need beyond environs' own: lists without empty items (``a,,b`` is a typo),
trusted origins with their scheme, proxy addresses or networks, a choice among fixed
words, and the rules below for the secret key, the database and e-mail.

The database is environs' own ``dj_db_url`` (dj-database-url). E-mail is not its
``dj_email_url``: dj-email-url reads ``smtp://`` as plain SMTP on port 25 and ``smtps://`` as
STARTTLS (with a deprecation warning), where ``EMAIL_URL`` here means STARTTLS on 587 and
TLS on 465 (docs/hosting.md); a host's existing ``smtp://`` would silently lose its
encryption. :func:`email` is the 30 lines that keep the documented meaning.
"""

from __future__ import annotations

import ipaddress
import os

from django.core.exceptions import ImproperlyConfigured
from environs import Env, EnvError

env = Env()


@env.parser_for("names")
def names(value: str) -> list[str]:
    """A comma-separated list; an empty item is an error (``a,,b`` is a typo)."""
    items = [item.strip() for item in str(value).split(",")]
    if any(not item for item in items):
        raise EnvError(f"an empty item in {value!r}")
    return items


@env.parser_for("origins")
def origins(value: str) -> list[str]:
    """CSRF trusted origins must carry their scheme, as Django 4+ requires."""
    found = names(value) if value else []
    for origin in found:
        if not origin.startswith(("http://", "https://")):
            raise EnvError(f"{origin!r} must start with http:// or https://")
    return found


@env.parser_for("networks")
def networks(value: str) -> list:
    """Addresses or networks (``127.0.0.1``, ``::1``, ``172.17.0.0/16``); anything else is an error."""
    found = []
    for item in names(value):
        try:
            found.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise EnvError(f"{item!r} is not an IP address or network") from None
    return found


@env.parser_for("choice")
def choice(value: str, choices: tuple[str, ...]) -> str:
    """One of ``choices``, whatever its case."""
    word = str(value).strip().lower()
    if word not in choices:
        raise EnvError(f"must be one of {', '.join(choices)}, not {value!r}")
    return word


def optional(name: str) -> str | None:
    """A text variable that may be left out; blank counts as left out."""
    return env.str(name, "").strip() or None


def email(url: str | None) -> dict:
    """Django's e-mail settings from ``EMAIL_URL``; without it, no e-mail is sent at all.

    ``smtp://user:password@host:587`` (STARTTLS), ``smtps://user:password@host:465`` (TLS),
    or ``console://`` (print the mails, for trying it out). User and password are
    URL-encoded (``%40`` for ``@``). Returns the settings to merge, ``EMAIL_ENABLED`` among them.
    """
    from urllib.parse import unquote, urlsplit

    if url is None:
        return {"EMAIL_ENABLED": False, "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend"}
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {"EMAIL_ENABLED": True, "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme not in {"smtp", "smtps"}:
        raise ImproperlyConfigured(f"EMAIL_URL must start with smtp://, smtps:// or console://, not {url!r}")
    try:
        port = parts.port
    except ValueError:
        raise ImproperlyConfigured("EMAIL_URL has a port that is not a number") from None
    if not parts.hostname:
        raise ImproperlyConfigured("EMAIL_URL names no host")
    secure = parts.scheme == "smtps"
    return {
        "EMAIL_ENABLED": True,
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port or (465 if secure else 587),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_SSL": secure,
        "EMAIL_USE_TLS": not secure,
        "EMAIL_TIMEOUT": 10,
    }


def secret_key(debug: bool) -> str:
    """With DEBUG off the key must be given; a made-up default would sign cookies with a public value."""
    value = optional("SECRET_KEY")
    if value is None and env.bool("COMPANION_OFFLINE_TOOL", False):
        # A throwaway key for a command that signs nothing (manage.py score).
        import secrets

        return secrets.token_urlsafe(50)
    if value is None:
        if not debug:
            raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
        return "insecure-development-key-only-for-debug-runs"
    if not debug and len(value) < 32:
        raise ImproperlyConfigured("SECRET_KEY must be at least 32 characters when DEBUG is off")
    return value


def database(default_sqlite_path: str) -> dict:
    """``DATABASE_URL`` (postgres:// or sqlite://), read by environs' ``dj_db_url``, or the embedded SQLite file."""
    url = optional("DATABASE_URL")
    if url is None:
        return sqlite(default_sqlite_path)
    if not url.startswith(("postgres://", "postgresql://", "sqlite://")):
        raise ImproperlyConfigured(f"DATABASE_URL must be a postgres:// or sqlite:// URL, not {url!r}")
    # A URL dj-database-url cannot read is an EnvError naming DATABASE_URL.
    config = env.dj_db_url("DATABASE_URL", conn_max_age=60, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = SQLITE_OPTIONS
        config.update(SQLITE_PERSISTENT)
    return config


def sqlite(path: str) -> dict:
    """The settings of a SQLite database file: WAL, IMMEDIATE transactions, kept connections."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        "OPTIONS": SQLITE_OPTIONS,
        **SQLITE_PERSISTENT,
    }


def sqlite_test_path(var_dir, pid: int | None = None) -> str:
    """The SQLite test database of this process: ``test-<pid>.sqlite3`` in ``var_dir`` (touches nothing)."""
    from pathlib import Path

    return str(Path(var_dir) / f"test-{os.getpid() if pid is None else pid}.sqlite3")


def sqlite_test_name(var_dir, pid: int | None = None) -> str:
    """:func:`sqlite_test_path`, after clearing away the test databases of runs that were killed.

    A killed test run leaves its file behind; those of processes that no longer
    exist are removed here (when Django starts, ``companion.apps``), so they do
    not pile up.
    """
    from pathlib import Path

    pid = os.getpid() if pid is None else pid
    for stale in Path(var_dir).glob("test-*.sqlite3*"):
        owner = stale.name.removeprefix("test-").split(".", 1)[0]
        if owner.isdigit() and int(owner) != pid and not _running(int(owner)):
            stale.unlink(missing_ok=True)
    return sqlite_test_path(var_dir, pid)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0 only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# WAL lets readers go on while one writer writes; IMMEDIATE takes the write lock
# at BEGIN so two workers queue up instead of failing with "database is locked".
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}

# Each worker thread keeps its SQLite connection between requests. Opening one costs
# more than a whole page's queries: Django registers its SQL functions, the pragmas run,
# and closing the last connection checkpoints the WAL file (about 1-4 ms a request).
SQLITE_PERSISTENT = {"CONN_MAX_AGE": 600, "CONN_HEALTH_CHECKS": True}
