"""A WSGI app for tests/test_gunicorn.py: ``/sleep/<seconds>`` answers after that long, anything else at once."""

import time


def application(environ, start_response):
    path = environ.get("PATH_INFO", "/")
    if path.startswith("/sleep/"):
        time.sleep(float(path.removeprefix("/sleep/")))
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"done"]
