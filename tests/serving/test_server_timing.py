"""What a request cost the server, in a Server-Timing header when SERVER_TIMING=1 (for the benchmarks)."""

import re

import pytest
from django.test import modify_settings, override_settings

pytestmark = pytest.mark.django_db


def test_no_timing_header_unless_asked_for(client, owner):
    client.force_login(owner)
    assert not client.get("/players/").has_header("Server-Timing")


@modify_settings(MIDDLEWARE={"prepend": "companion.lib.server_timing.ServerTimingMiddleware"})
def test_the_header_gives_cpu_and_wall_time_in_milliseconds(client, owner):
    client.force_login(owner)
    header = client.get("/players/")["Server-Timing"]
    found = re.fullmatch(r"cpu;dur=(\d+\.\d\d), app;dur=(\d+\.\d\d)", header)
    assert found, header
    assert 0 < float(found.group(1)) <= float(found.group(2)) * 1.5 + 1


def test_the_bare_page_exists_only_for_the_benchmarks(client, owner):
    client.force_login(owner)
    assert client.get("/server-timing/bare/").status_code == 404


def test_the_bare_page_is_a_logged_in_page_of_one_small_template(client, owner):
    from django.urls import path

    from companion import urls
    from companion.lib.server_timing import bare

    # The URLconf reads SERVER_TIMING once, at import: mounted here as make bench-load's server mounts it.
    with override_settings(
        ROOT_URLCONF=type("U", (), {"urlpatterns": [path("b/", bare), *urls.urlpatterns]})
    ):
        assert client.get("/b/").status_code == 302  # to the login page
        client.force_login(owner)
        page = client.get("/b/")
    assert page.status_code == 200
    assert [t.name for t in page.templates] == ["server_timing/bare.html"]
    assert owner.username in page.content.decode()
