"""An ASGI app for tests/serving/test_gunicorn.py: ``/frozen`` says how many objects the garbage collector
leaves alone in this worker, anything else answers "done"."""

import gc


async def application(scope, receive, send):
    if scope["type"] != "http":
        return
    body = str(gc.get_freeze_count()).encode() if scope["path"] == "/frozen" else b"done"
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": body})
