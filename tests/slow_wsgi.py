"""A WSGI app for tests/test_gunicorn.py: ``/sleep/<seconds>`` answers after that long, ``/frozen``
how many objects the garbage collector leaves alone in this worker, anything else at once."""

import gc
import time


def application(environ, start_response):
    path = environ.get("PATH_INFO", "/")
    if path.startswith("/sleep/"):
        time.sleep(float(path.removeprefix("/sleep/")))
    start_response("200 OK", [("Content-Type", "text/plain")])
    if path == "/frozen":
        return [str(gc.get_freeze_count()).encode()]
    return [b"done"]
