"""The ASGI application ``make serve`` runs (gunicorn with uvicorn's worker, companion/gunicorn_conf.py).

Each worker process is one event loop: it reads every request (however slowly the
phone sends it) and holds every open event stream (``companion.live``) without a
thread; the views run in threads, as under WSGI, once their request has fully arrived.
"""

import os

from django.core.asgi import get_asgi_application
from uvicorn_worker import UvicornWorker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
application = get_asgi_application()


class Worker(UvicornWorker):
    """uvicorn's gunicorn worker with its fast parts: uvloop's event loop and httptools' parser.

    No lifespan messages: Django has none to answer (it starts with the application).
    """

    CONFIG_KWARGS = {"loop": "uvloop", "http": "httptools", "lifespan": "off"}
