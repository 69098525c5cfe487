"""Whom the server believes behind a proxy, through the ASGI stack ``make serve`` runs.

uvicorn's proxy headers (companion/asgi.py ``Worker``: on with ``BEHIND_PROXY=1``, trusting
``TRUSTED_PROXIES`` as gunicorn's ``forwarded_allow_ips``) in front of companion.asgi's
application and Django: the one place ``X-Forwarded-For`` and ``X-Forwarded-Proto`` count.
"""

from __future__ import annotations

import re

import httpx
import pytest
import uvicorn
from a2wsgi import WSGIMiddleware
from axes.models import AccessAttempt
from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.test import override_settings
from django.urls import reverse

from companion import asgi
from tests.fixtures import run_async


def served(monkeypatch, *, behind_proxy: bool, trusted: str = "127.0.0.1,::1"):
    """The application as a worker loads it, with Django's middleware built under the current settings."""
    monkeypatch.setattr(asgi, "pages", WSGIMiddleware(get_wsgi_application(), workers=1))
    kwargs = {**asgi.Worker.CONFIG_KWARGS, "proxy_headers": behind_proxy, "forwarded_allow_ips": trusted}
    config = uvicorn.Config(
        asgi.application, **{k: v for k, v in kwargs.items() if k not in {"loop", "http"}}
    )
    config.load()
    return config.loaded_app


def ask(app, peer: str, path: str, **headers) -> httpx.Response:
    async def fetch():
        transport = httpx.ASGITransport(app=app, client=(peer, 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as browser:
            return await browser.get(path, headers=headers)

    return run_async(fetch())


def failed_login_from(app, peer: str, **headers) -> str | None:
    """The address the login limit counted a wrong password under, sent by ``peer`` with ``headers``."""

    async def log_in():
        transport = httpx.ASGITransport(app=app, client=(peer, 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as browser:
            form = await browser.get(reverse("login"), headers=headers)
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)[1]
            data = {"csrfmiddlewaretoken": token, "username": "owner", "password": "wrong"}
            return await browser.post(reverse("login"), data=data, headers=headers)

    AccessAttempt.objects.all().delete()
    assert run_async(log_in()).status_code == 200  # the form again, with its error
    return AccessAttempt.objects.get().ip_address


def test_the_worker_believes_proxy_headers_only_behind_a_proxy():
    assert asgi.Worker.CONFIG_KWARGS["proxy_headers"] is settings.BEHIND_PROXY is False


@pytest.mark.django_db(transaction=True)
def test_served_directly_the_client_is_the_socket_peer_whatever_it_says(monkeypatch, owner):
    app = served(monkeypatch, behind_proxy=False)
    assert failed_login_from(app, "192.0.2.1", **{"X-Forwarded-For": "10.9.9.9"}) == "192.0.2.1"
    # Not even loopback names another address when no proxy is configured.
    assert failed_login_from(app, "127.0.0.1", **{"X-Forwarded-For": "10.9.9.9"}) == "127.0.0.1"


@pytest.mark.django_db(transaction=True)
def test_behind_a_proxy_the_client_is_the_one_the_proxy_appended(monkeypatch, owner):
    app = served(monkeypatch, behind_proxy=True)
    forwarded = {"X-Forwarded-For": "10.9.9.9, 198.51.100.20"}  # the first is whatever the client sent
    assert failed_login_from(app, "127.0.0.1", **forwarded) == "198.51.100.20"
    assert failed_login_from(app, "127.0.0.1") == "127.0.0.1"


@pytest.mark.django_db(transaction=True)
def test_behind_a_proxy_a_peer_that_is_not_the_proxy_cannot_name_another_address(monkeypatch, owner):
    """gunicorn bound to 0.0.0.0 with BEHIND_PROXY=1: a client reaching it directly forges nothing."""
    app = served(monkeypatch, behind_proxy=True)
    assert failed_login_from(app, "192.0.2.50", **{"X-Forwarded-For": "198.51.100.20"}) == "192.0.2.50"


@pytest.mark.django_db(transaction=True)
def test_a_garbled_forwarded_address_is_counted_not_a_server_error(monkeypatch, owner):
    """PostgreSQL stores the address as inet: a non-address made the login fail with a 500."""
    app = served(monkeypatch, behind_proxy=True)
    assert failed_login_from(app, "127.0.0.1", **{"X-Forwarded-For": "203.0.113.1, not-an-address"}) is None


HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "10.0.0.1"}


@override_settings(SECURE_SSL_REDIRECT=True)
def test_behind_a_proxy_only_the_trusted_proxy_can_say_the_browser_used_https(monkeypatch):
    app = served(monkeypatch, behind_proxy=True)
    assert ask(app, "127.0.0.1", reverse("healthz"), **HTTPS).status_code == 200  # the proxy: no redirect
    answer = ask(app, "192.0.2.50", reverse("healthz"), **HTTPS)  # anyone else: plain HTTP, sent to HTTPS
    assert answer.status_code == 301
    assert answer.headers["location"].startswith("https://")


@override_settings(SECURE_SSL_REDIRECT=True)
def test_served_directly_nobody_can_say_the_browser_used_https(monkeypatch):
    app = served(monkeypatch, behind_proxy=False)
    assert ask(app, "127.0.0.1", reverse("healthz"), **HTTPS).status_code == 301


@override_settings(SECURE_SSL_REDIRECT=True)
def test_the_trusted_proxies_may_be_a_network(monkeypatch):
    app = served(monkeypatch, behind_proxy=True, trusted="172.17.0.0/16")
    assert ask(app, "172.17.0.1", reverse("healthz"), **HTTPS).status_code == 200
    assert ask(app, "127.0.0.1", reverse("healthz"), **HTTPS).status_code == 301
