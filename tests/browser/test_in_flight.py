"""The browser tests' end waits for the live server's last request (tests/browser/in_flight.py)."""

import threading

import pytest

from tests.browser.in_flight import InFlight


def answering_when(release: threading.Event):
    def app(environ, start_response):
        release.wait(5)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    return app


def serve(app, path="/matches/1/rounds/"):
    """What the live server does with one request: call the app, read the body, close it."""
    body = app({"REQUEST_METHOD": "POST", "PATH_INFO": path}, lambda status, headers: None)
    b"".join(body)
    body.close()


def test_the_end_of_a_test_waits_for_a_request_still_running():
    release = threading.Event()
    in_flight = InFlight(answering_when(release))
    request = threading.Thread(target=serve, args=(in_flight,))
    request.start()
    with pytest.raises(AssertionError, match=r"still answering \['POST /matches/1/rounds/'\]"):
        in_flight.wait_until_idle(timeout=0.2)
    release.set()
    in_flight.wait_until_idle(timeout=5)
    request.join()


def test_a_request_that_failed_is_not_waited_for():
    def broken(environ, start_response):
        raise RuntimeError("a bug in a view")

    in_flight = InFlight(broken)
    with pytest.raises(RuntimeError):
        serve(in_flight)
    in_flight.wait_until_idle(timeout=0.2)


def test_a_request_is_finished_only_when_its_body_is_closed():
    release = threading.Event()
    release.set()
    in_flight = InFlight(answering_when(release))
    body = in_flight({"REQUEST_METHOD": "GET", "PATH_INFO": "/"}, lambda status, headers: None)
    assert list(body) == [b"done"]
    with pytest.raises(AssertionError):
        in_flight.wait_until_idle(timeout=0.05)
    body.close()
    in_flight.wait_until_idle(timeout=0.05)
