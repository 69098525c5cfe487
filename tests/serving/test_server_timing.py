"""What a request cost the server, in a Server-Timing header when SERVER_TIMING=1 (for the benchmarks)."""

import re

import pytest
from django.test import modify_settings

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
