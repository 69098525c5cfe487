"""The event loop in front of Django (companion/asgi.py): whole bodies before a thread, streams on the loop."""

import asyncio

import httpx
import pytest

from companion import asgi
from tests.factories import UserFactory
from tests.fixtures import run_async


class Recorder:
    """An ASGI app that notes what it was given."""

    def __init__(self):
        self.calls = []

    async def __call__(self, scope, receive, send):
        self.calls.append((scope["path"], await receive()))
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def arriving(*messages):
    """A ``receive`` that hands out ``messages`` one by one, noting how many were taken."""
    queue = list(messages)
    taken = []

    async def receive():
        await asyncio.sleep(0)
        message = queue.pop(0) if queue else {"type": "http.disconnect"}
        taken.append(message)
        return message

    return receive, taken


def sent_to(target):
    async def send(message):
        target.append(message)

    return send


def http(path="/login/", method="POST"):
    return {"type": "http", "path": path, "method": method, "headers": []}


def test_a_body_sent_in_pieces_reaches_the_view_whole_and_only_once_it_has_all_arrived():
    app, sent = Recorder(), []
    receive, taken = arriving(
        {"type": "http.request", "body": b"username=", "more_body": True},
        {"type": "http.request", "body": b"host&pass", "more_body": True},
        {"type": "http.request", "body": b"word=x", "more_body": False},
    )

    run_async(asgi.whole_body(http(), receive, sent_to(sent), app))

    assert len(taken) == 3  # every piece was read by the loop before the app ran
    assert app.calls == [
        ("/login/", {"type": "http.request", "body": b"username=host&password=x", "more_body": False})
    ]
    assert sent[0]["status"] == 204


def test_a_client_that_leaves_before_its_body_is_complete_never_reaches_a_view():
    app, sent = Recorder(), []
    receive, _taken = arriving(
        {"type": "http.request", "body": b"user", "more_body": True}, {"type": "http.disconnect"}
    )

    run_async(asgi.whole_body(http(), receive, sent_to(sent), app))

    assert app.calls == []
    assert sent == []


def test_a_body_larger_than_any_form_takes_is_refused_before_a_view_sees_it(monkeypatch):
    monkeypatch.setattr(asgi, "FORM_BODY", 10)
    app, sent = Recorder(), []
    receive, _taken = arriving(
        {"type": "http.request", "body": b"x" * 8, "more_body": True},
        {"type": "http.request", "body": b"x" * 8, "more_body": True},
    )

    run_async(asgi.whole_body(http(), receive, sent_to(sent), app))

    assert app.calls == []
    assert sent[0]["status"] == 413


@pytest.mark.parametrize(
    ("path", "goes_to"),
    [
        ("/matches/12/events/", "streams"),
        ("/s/abc123/events/", "streams"),
        ("/s/abc123/matches/12/events/", "streams"),
        ("/matches/12/", "pages"),
        ("/matches/12/rounds/", "pages"),
        ("/login/", "pages"),
    ],
)
def test_only_the_live_streams_stay_on_the_loop_every_page_runs_in_a_thread(monkeypatch, path, goes_to):
    apps = {"streams": Recorder(), "pages": Recorder()}
    for name, app in apps.items():
        monkeypatch.setattr(asgi, name, app)
    receive, _taken = arriving({"type": "http.request", "body": b"", "more_body": False})

    run_async(asgi.application(http(path, "GET"), receive, sent_to([])))

    assert [name for name, app in apps.items() if app.calls] == [goes_to]


@pytest.mark.django_db(transaction=True)
def test_a_page_served_through_the_loop_is_the_page_wsgi_serves(client):
    UserFactory()  # past the first run's setup page

    async def fetch():
        transport = httpx.ASGITransport(app=asgi.application)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as browser:
            return await browser.get("/login/")

    answer = run_async(fetch())
    expected = client.get("/login/")

    assert answer.status_code == expected.status_code == 200
    assert answer.headers["content-type"] == expected["Content-Type"]
    assert 'name="password"' in answer.text


def test_live_streams_are_set_up_a_few_at_a_time_and_each_lets_the_next_begin_once_it_sends(monkeypatch):
    in_setup, most = 0, 0

    async def slow_setup(scope, receive, send):
        nonlocal in_setup, most
        in_setup += 1
        most = max(most, in_setup)
        await asyncio.sleep(0.01)  # the middleware and the access check, in the request's thread
        await send({"type": "http.response.start", "status": 200, "headers": []})
        in_setup -= 1
        await send({"type": "http.response.body", "body": b"retry: 3000\n\n", "more_body": True})
        await asyncio.sleep(0.05)  # the stream stays open, waiting on the loop

    async def many():
        monkeypatch.setattr(asgi, "stream_setups", asyncio.Semaphore(3))
        monkeypatch.setattr(asgi, "streams", slow_setup)
        receive, _taken = arriving()
        await asyncio.gather(
            *(asgi.application(http(f"/matches/{n}/events/", "GET"), receive, sent_to([])) for n in range(12))
        )

    run_async(many())

    assert most == 3
