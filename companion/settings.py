"""Settings for Companion. Everything a deployment changes comes from the environment.

See README.md ("Configuration") for the variables. ``make run`` sets DEBUG=1
and a generated SECRET_KEY kept in ``var/``.
"""

from datetime import timedelta
from pathlib import Path

from csp.constants import NONCE, NONE, SELF, UNSAFE_INLINE

from companion.lib import static_headers
from companion.lib.env import database as database_config
from companion.lib.env import email as email_config
from companion.lib.env import env, optional, secret_key, sqlite_test_path
from scoring.registry import ENGINES

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(optional("COMPANION_VAR_DIR") or BASE_DIR / "var")

DEBUG = env.bool("DEBUG", False)
SECRET_KEY = secret_key(DEBUG)
ALLOWED_HOSTS = env.names("ALLOWED_HOSTS", "*" if DEBUG else "localhost,127.0.0.1")
CSRF_TRUSTED_ORIGINS = env.origins("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "csp",
    "axes",
    "django_http_compression",
    # Review work after a save (ratings, records, partnerships) runs as a task: Django's Tasks
    # framework (backport) and its database backend, run by `manage.py db_worker`.
    "django_tasks",
    "django_tasks_db",
    "companion",
    # Each game is an app of its own, one per engine: companion/games/<key>/ holds its code,
    # templates (templates/games/<key>/), static files (static/games/<key>/) and tests.
    *(f"companion.games.{key}" for key in ENGINES),
]

MIDDLEWARE = [
    # Outermost: a stream request answered with anything but a stream gives back its database
    # connections once every other middleware is done (companion/live/middleware.py).
    "companion.live.middleware.stream_connections_middleware",
    # Static files before SecurityMiddleware: they are public and named by their content, and
    # the page's headers mean nothing on them (companion/lib/static_headers.py). The pages that
    # name them still redirect to HTTPS and carry HSTS.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Pages and htmx fragments compressed when the browser accepts it, Zstandard, Brotli or gzip
    # (django-http-compression; static files come precompressed from WhiteNoise above).
    # Safe against BREACH: docs/hosting.md, "Compression".
    "companion.lib.compression.CompressionMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After LocaleMiddleware and authentication: a logged-in account's pages in its language,
    # kept by no cache, named for what the phone keeps offline (companion/accounts/middleware.py).
    "companion.accounts.middleware.account_pages_middleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # With DEBUG on (make run) a 404 is the app's page, not Django's list of every URL.
    "companion.lib.errors.OwnNotFoundMiddleware",
    # A save that meets a locked database answers 503 "busy, try again", not 500.
    "companion.lib.busy.BusyDatabaseMiddleware",
    "companion.accounts.htmx.HtmxLoginRedirectMiddleware",
    # Last, as django-axes asks: it turns a lockout into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# The benchmarks read what each request cost the server (companion/lib/server_timing.py), and
# compare each page with a bare logged-in page that exists only then (companion/urls.py).
SERVER_TIMING = env.bool("SERVER_TIMING", False)
if SERVER_TIMING:
    MIDDLEWARE.insert(0, "companion.lib.server_timing.ServerTimingMiddleware")

ROOT_URLCONF = "companion.urls"
WSGI_APPLICATION = "companion.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "companion.offline.account.context",
                "companion.clubs.context.context",  # table_phone: the menu of a phone with only table links
            ],
            "builtins": ["django.templatetags.i18n", "django.templatetags.static"],
        },
    },
]

# No folder is made here: importing the settings has no side effects. The SQLite file's folder
# and STATIC_ROOT are made when Django starts (companion.apps.CompanionConfig.ready).
DATABASES = {"default": database_config(str(VAR_DIR / "companion.sqlite3"))}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Tests use a file, not SQLite's in-memory database: WAL, the busy timeout and
    # several connections (threads, the live server) then behave as in production.
    # One file per test process, so two test runs in one checkout do not collide.
    DATABASES["default"]["TEST"] = {"NAME": sqlite_test_path(VAR_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Tasks (companion.review.tasks) are rows of this database, written in the transaction of the change
# that made them; `manage.py db_worker` (started by make run and make serve) runs them after the
# commit. The tests run them at once (tests/fixtures.py).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login is rate-limited by django-axes: after LOGIN_FAILURE_LIMIT failed attempts
# for one username from one address, or LOGIN_ADDRESS_FAILURE_LIMIT from one address
# for any usernames, further attempts from there are refused for LOGIN_COOLOFF_MINUTES
# (each new try during the lockout starts the wait again). Locking a username from
# every address would let anyone keep any account locked (companion/lib/security.py).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "companion.lib.security.LoginAttempts"
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_ADDRESS_FAILURE_LIMIT = env.int("LOGIN_ADDRESS_FAILURE_LIMIT", 20)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("LOGIN_COOLOFF_MINUTES", 15))
# The combination first, the address second: LoginAttempts gives each its own limit.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_USERNAME_CALLABLE = "companion.lib.security.login_username"
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures are kept; successful logins need no record
AXES_LOCKOUT_CALLABLE = "companion.lib.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "companion.lib.security.client_ip"
# Who may make an account: "invite-only" (whoever opens a valid invite link), "open"
# (anyone; the sign-up form then has to say when a username is taken), "closed" (nobody:
# the host makes accounts in the admin, invites then work for existing accounts only).
SIGNUP = env.choice("SIGNUP", "invite-only", choices=("invite-only", "open", "closed"))
# E-mail (EMAIL_URL): without it, a forgotten password is reset through a one-time link the
# host makes (manage.py reset_link, or the accounts page); with it, Django's reset-by-e-mail works too.
_email = email_config(optional("EMAIL_URL"))
EMAIL_ENABLED = _email.pop("EMAIL_ENABLED")
EMAIL_BACKEND = _email.pop("EMAIL_BACKEND")
EMAIL_HOST = _email.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _email.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _email.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _email.get("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = _email.get("EMAIL_TIMEOUT")
DEFAULT_FROM_EMAIL = optional("DEFAULT_FROM_EMAIL") or "companion@localhost"
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24 * 3  # a reset link works for three days, once
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"
# A stale form (its page open too long, or logged out and in on another tab) gets a page
# that says so and what to do, not Django's technical one.
CSRF_FAILURE_VIEW = "companion.lib.errors.csrf_failure"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
# One catalogue for the templates and the code (companion/locale, see companion/i18n/).
LOCALE_PATHS = [BASE_DIR / "companion" / "locale"]
# Visitors keep their choice for a year (default: until the browser closes).
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Dates and numbers per language, with the formats the pages name (see the module).
FORMAT_MODULE_PATH = ["companion.i18n.formats"]
TIME_ZONE = optional("TIME_ZONE") or "Europe/Zurich"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "companion.lib.static_files.MinifiedStaticFilesStorage"
    },
}

# The bundles the features add to the site's own (companion/lib/static_files.py knows no feature).
STATIC_BUNDLES = ["companion.games.bundles.bundles"]

# One import (a game night file) holds at most this much (companion/transfer/reading.py). A long
# real night is a dozen matches, a few hundred rounds and ten players; the bounds keep
# the import's single write transaction to a fraction of a second on a small machine.
IMPORT_MAX_MATCHES = 100
IMPORT_MAX_ROUNDS = 5000
IMPORT_MAX_PLAYERS = 60

# Our static files are only used by our own pages: no Access-Control-Allow-Origin on each.
WHITENOISE_ALLOW_ALL_ORIGINS = False
WHITENOISE_ADD_HEADERS_FUNCTION = static_headers.add_headers
# WhiteNoise knows no type for the web app manifest (it would be application/octet-stream).
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Behind a reverse proxy (BEHIND_PROXY=1) its X-Forwarded-Proto tells whether the browser used
# HTTPS, and its X-Forwarded-For entry names the client. The server believes them (uvicorn's
# proxy headers, companion/asgi.py Worker), only from a peer among TRUSTED_PROXIES (gunicorn's
# forwarded_allow_ips, companion/gunicorn_conf.py): a direct client of gunicorn bound to 0.0.0.0
# cannot say so. Django reads no forwarded header itself (no SECURE_PROXY_SSL_HEADER): the
# request's scheme and REMOTE_ADDR are already the browser's. TRUSTED_PROXIES is read here so
# that a typo stops the server at start-up (uvicorn would take it for a host name).
BEHIND_PROXY = env.bool("BEHIND_PROXY", False)
TRUSTED_PROXIES = env.networks("TRUSTED_PROXIES", "127.0.0.1,::1")
# Behind TLS (HTTPS=1) the cookies are secure and browsers are told to stay on HTTPS.
HTTPS = env.bool("HTTPS", False)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS and env.bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", 31536000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
# "preload" only consents to the browsers' HSTS preload list (a domain's owner still has
# to submit it there); SECURE_HSTS_PRELOAD=0 withholds the consent.
SECURE_HSTS_PRELOAD = HTTPS and env.bool("SECURE_HSTS_PRELOAD", True)
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
# No X-Frame-Options: the Content-Security-Policy's frame-ancestors 'none' (below) forbids
# framing in every browser Companion supports, and it is what they obey when both are sent.
SILENCED_SYSTEM_CHECKS = ["security.W002"]  # "no XFrameOptionsMiddleware": frame-ancestors does it

# Content-Security-Policy (django-csp): scripts only from our own static files, never
# inline (but for js/theme.js, written into <head> and allowed by the response's nonce: companion/lib/inline_scripts.py),
# never eval. Style attributes stay allowed (style-src-attr) because templates
# set a player's colour as a custom property (style="--player-colour: …"); <style>
# elements and outside style sheets are refused. Bootstrap draws its form icons as
# data: SVG images.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        # Fonts, fetches (connect-src), the manifest and style sheets (style-src, not written out:
        # the header goes with every page) follow default-src: only our own.
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "upgrade-insecure-requests": HTTPS,
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": optional("LOG_LEVEL") or "INFO"},
    # django-axes logs every start-up and login at INFO; repeated failures and lockouts are warnings.
    "loggers": {"axes": {"level": "WARNING"}},
}
