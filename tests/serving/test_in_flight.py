"""The browser tests' end: requests already inside the live server are waited for, later ones kept out.

See tests/browser/in_flight.py: a request that reached the app while the tables are emptied
could deadlock with the TRUNCATE on PostgreSQL.
"""

import threading
import time

import pytest

from tests.browser.in_flight import InFlight


def call(app, path="/"):
    answered = {}

    def start_response(status, headers):
        answered["status"] = status

    body = app({"REQUEST_METHOD": "POST", "PATH_INFO": path}, start_response)
    content = b"".join(body)
    if hasattr(body, "close"):
        body.close()
    return answered["status"], content


def test_a_request_after_the_test_ended_is_answered_503_and_never_reaches_the_app():
    reached = []

    def app(environ, start_response):
        reached.append(environ["PATH_INFO"])
        start_response("200 OK", [])
        return [b"saved"]

    in_flight = InFlight(app)
    assert call(in_flight, "/before/") == ("200 OK", b"saved")
    in_flight.close_and_wait()
    assert call(in_flight, "/after/")[0].startswith("503")
    assert reached == ["/before/"]
    in_flight.open()  # the next test
    assert call(in_flight, "/next/") == ("200 OK", b"saved")
    assert reached == ["/before/", "/next/"]


def test_the_end_waits_for_a_request_still_inside_and_names_it_when_it_does_not_finish():
    release = threading.Event()

    def slow(environ, start_response):
        release.wait(5)
        start_response("200 OK", [])
        return [b"saved"]

    in_flight = InFlight(slow)
    inside = threading.Thread(target=call, args=(in_flight, "/rounds/"))
    inside.start()
    while not in_flight.running:
        time.sleep(0.01)
    with pytest.raises(AssertionError, match="POST /rounds/"):
        in_flight.close_and_wait(timeout=0.1)
    release.set()
    inside.join()
    in_flight.close_and_wait(timeout=5)
    assert in_flight.running == {}
