"""Security headers, the Content-Security-Policy, login rate limiting and the deployment check."""

from __future__ import annotations

import datetime
import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import PASSWORD, MatchFactory

ROOT = Path(__file__).resolve().parents[2]
User = get_user_model()


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {name: values for name, *values in (part.split() for part in header.split(";") if part.strip())}


# --- headers ------------------------------------------------------------------


@pytest.mark.django_db
def test_pages_carry_a_strict_script_policy_and_the_usual_security_headers(client, night, owner):
    match = MatchFactory(night=night, game="murlan")
    responses = [client.get(reverse("login"))]
    client.force_login(owner)
    responses += [
        client.get(match.get_absolute_url()),
        client.post(reverse("round_add", args=[match.pk]), HTTP_HX_REQUEST="true"),  # an htmx fragment
    ]
    for response in responses:
        assert response.status_code == 200
        directives = policy(response)
        # Our files, and on a whole page the one script written into <head> (js/theme.js), by the
        # response's own nonce; an htmx fragment has no inline script and names no nonce.
        nonces = re.findall(r'<script nonce="([^"]+)">', response.content.decode())
        assert directives["script-src"] == ["'self'", *(f"'nonce-{nonce}'" for nonce in nonces)]
        assert len(nonces) == (0 if response.wsgi_request.headers.get("HX-Request") else 1)
        assert directives["default-src"] == ["'self'"]
        # No <style> elements, no outside style sheets: style-src falls back to default-src.
        assert "style-src" not in directives and directives["default-src"] == ["'self'"]
        assert directives["object-src"] == ["'none'"]
        assert directives["frame-ancestors"] == ["'none'"]
        assert "'unsafe-eval'" not in response["Content-Security-Policy"]
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"
        assert "X-Frame-Options" not in response  # frame-ancestors above forbids framing


@pytest.mark.django_db
def test_the_one_inline_script_is_allowed_by_a_nonce_of_its_own_response(client, owner):
    nonces = []
    for _ in range(2):
        response = client.get(reverse("login"))
        inline = re.findall(r'<script nonce="([^"]+)">(.*?)</script>', response.content.decode(), flags=re.S)
        assert len(inline) == 1 and "data-bs-theme" in inline[0][1]
        assert policy(response)["script-src"] == ["'self'", f"'nonce-{inline[0][0]}'"]
        nonces.append(inline[0][0])
    assert nonces[0] != nonces[1] and len(nonces[0]) >= 22  # 128 random bits, new for every response


def template_text(path: Path) -> str:
    """A template without its {# … #} and {% comment %} comments, which never reach the browser."""
    text = re.sub(r"\{#.*?#\}", "", path.read_text())
    return re.sub(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", "", text, flags=re.S)


INLINE_CODE = {
    "an inline <script> (put it in a static file)": r"<script(?![^>]*\bsrc=)[^>]*>",
    "an on…= event handler attribute": r"\son[a-z]+\s*=",
    "hx-on (htmx's inline handlers)": r"\bhx-on\b|\bhx-on:",
    "a <style> element (put it in a static CSS file)": r"<style\b",
    "a javascript: URL": r"javascript:",
}


@pytest.mark.parametrize(
    "path",
    sorted([*(ROOT / "templates").rglob("*.html"), *ROOT.glob("companion/games/*/templates/**/*.html")]),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_template_has_code_the_policy_would_refuse(path):
    text = template_text(path)
    found = [what for what, pattern in INLINE_CODE.items() if re.search(pattern, text, flags=re.I)]
    assert not found, f"{path.relative_to(ROOT)} has {found}"


@pytest.mark.parametrize(
    "path",
    sorted([*(ROOT / "static" / "js").rglob("*.js"), *ROOT.glob("companion/games/*/static/**/*.js")]),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_script_evaluates_strings(path):
    text = path.read_text()
    assert not re.search(r"\beval\(|new Function\(|set(Timeout|Interval)\(\s*[\"'`]", text), path.name


def test_htmx_is_told_to_add_no_style_element_and_to_eval_nothing():
    base = (ROOT / "templates" / "base.html").read_text()
    config = json.loads(re.search(r"""<meta name="htmx-config" content='([^']*)'>""", base).group(1))
    assert config["includeIndicatorStyles"] is False
    assert config["allowEval"] is False
    assert ".htmx-indicator" in (ROOT / "static" / "css" / "app.css").read_text()


# --- the deployment check -----------------------------------------------------------


def readme_production_environment() -> dict[str, str]:
    """The ``export NAME=value`` lines of the production block in docs/hosting.md."""
    readme = (ROOT / "docs" / "hosting.md").read_text()
    block = readme.split("<!-- production-env -->", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    pairs = re.findall(r"^export (\w+)=(\"[^\"]*\"|\S*)", block, flags=re.M)
    environment = {name: value.strip('"') for name, value in pairs}
    assert {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "HTTPS"} <= set(environment), block
    return environment


def bare_environment(var_dir) -> dict[str, str]:
    """A server's environment: none of the test run's own settings (DJANGO_ALLOW_ASYNC_UNSAFE and others)."""
    keep = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"}
    return {**{k: v for k, v in os.environ.items() if k in keep}, "COMPANION_VAR_DIR": str(var_dir)}


def test_check_deploy_is_clean_with_the_readme_production_settings(tmp_path):
    environment = readme_production_environment()
    environment["SECRET_KEY"] = secrets.token_urlsafe(50)  # the docs read it from a file
    environ = {**bare_environment(tmp_path), **environment}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # One silenced: security.W002 (no X-Frame-Options), as frame-ancestors forbids framing.
    assert "System check identified no issues (1 silenced)." in result.stdout


def test_check_deploy_does_warn_without_https(tmp_path):
    """The same check is not blind: plain HTTP leaves cookies and HSTS unset."""
    environ = {**bare_environment(tmp_path), "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50)}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )
    for warning in ["security.W004", "security.W008", "security.W012", "security.W016"]:
        assert warning in result.stderr + result.stdout


# --- login rate limiting (django-axes) ----------------------------------------------


def log_in(client, username, password, address="192.0.2.10"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.mark.django_db
def test_five_wrong_passwords_lock_the_account_from_that_address_even_for_the_right_one(client, owner):
    for attempt in range(5):
        response = log_in(client, "owner", "wrong", address="192.0.2.10")
        assert response.status_code == 200 if attempt < 4 else 429
    response = log_in(client, "owner", PASSWORD, address="192.0.2.10")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many login attempts" in page
    assert "Please wait 15 minutes" in page
    assert "5 failed logins for this account from this address, or 20 from this address" in page
    assert response["Retry-After"] == "900"
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_stranger_cannot_keep_someone_elses_account_locked(client, owner):
    """Failures count per username and address: the owner, elsewhere, still gets in."""
    for _ in range(3):  # three rounds of five guesses, one every 15 minutes would do the same
        for _ in range(5):
            log_in(client, "owner", "wrong", address="203.0.113.66")
    assert log_in(client, "owner", PASSWORD, address="203.0.113.66").status_code == 429
    response = log_in(client, "owner", PASSWORD, address="198.51.100.7")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(owner.pk)


@pytest.mark.django_db
def test_one_address_gets_more_tries_over_all_accounts_before_it_is_locked(client, owner, member):
    """A household behind one address: 19 failures over several names lock nobody out."""
    for attempt in range(19):
        assert log_in(client, f"guess{attempt % 5}", "wrong", address="203.0.113.5").status_code == 200
    response = log_in(client, "member", PASSWORD, address="203.0.113.5")
    assert response.status_code == 302
    client.logout()
    # The member's success clears only the member's own failures: the address's count goes on.
    assert log_in(client, "guess9", "wrong", address="203.0.113.5").status_code == 429
    assert log_in(client, "member", PASSWORD, address="203.0.113.5").status_code == 429
    # The member's account itself is not locked: from another address the login works.
    response = log_in(client, "member", PASSWORD, address="203.0.113.6")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(member.pk)


@pytest.mark.django_db
def test_a_300_character_username_is_a_failed_login_not_a_server_error(client, owner):
    """django-axes stores the username in 255 characters; PostgreSQL refused the longer one (500)."""
    response = log_in(client, "x" * 300, "wrong")
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
    (attempt,) = AccessAttempt.objects.all()
    assert attempt.username == "x" * 255
    response = client.post("/admin/login/", {"username": "y" * 300, "password": "wrong"})
    assert response.status_code == 200


@pytest.mark.django_db
def test_four_failures_then_the_right_password_logs_in_and_starts_the_count_again(client, owner):
    for _ in range(4):
        assert log_in(client, "owner", "wrong").status_code == 200
    assert log_in(client, "owner", PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        assert log_in(client, "owner", "wrong").status_code == 200
    assert log_in(client, "owner", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_the_lockout_ends_after_the_cool_off(client, owner):
    for _ in range(5):
        log_in(client, "owner", "wrong")
    assert log_in(client, "owner", PASSWORD).status_code == 429
    sixteen_minutes_ago = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=16)
    AccessAttempt.objects.update(attempt_time=sixteen_minutes_ago)
    assert log_in(client, "owner", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_the_admin_login_is_rate_limited_too(client, owner):
    for _ in range(5):
        client.post("/admin/login/", {"username": "owner", "password": "wrong"}, REMOTE_ADDR="192.0.2.99")
    response = client.post(
        "/admin/login/", {"username": "owner", "password": PASSWORD}, REMOTE_ADDR="192.0.2.99"
    )
    assert response.status_code == 429


# Whom to believe behind a proxy is the server's (uvicorn's proxy headers): tests/serving/test_proxy_headers.py.


# --- passwords ---------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("password", "problem"),
    [
        ("k3x!", "too short"),
        ("password123", "too common"),
        ("83649275018", "entirely numeric"),
        ("hostaccount1", "too similar to the username"),
    ],
)
def test_the_host_account_password_goes_through_the_validators(client, password, problem):
    response = client.post(
        reverse("setup"), {"username": "hostaccount", "password1": password, "password2": password}
    )
    assert response.status_code == 200
    assert problem in response.content.decode()
    assert not User.objects.exists()


# --- health check --------------------------------------------------------------------


@pytest.mark.django_db
def test_healthz_answers_ok_without_touching_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.content == b"ok"
    assert "no-cache" in response["Cache-Control"]
