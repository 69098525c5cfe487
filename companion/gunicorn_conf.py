"""gunicorn settings for ``make serve`` (``gunicorn -c python:companion.gunicorn_conf companion.wsgi``).

Threads rather than many processes: the pages are short, and a few processes
with four threads each keep memory small on a laptop or a 1 GB VPS. Every value
can be overridden from the environment (HOST, PORT, WEB_CONCURRENCY, THREADS).
"""

import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
threads = int(os.environ.get("THREADS", "4"))
worker_class = "gthread"
preload_app = True  # import Django once in the master; workers start at once and share memory
timeout = 30
graceful_timeout = 10
keepalive = 5
max_requests = 2000  # recycle workers now and then, so a slow leak never grows
max_requests_jitter = 200
accesslog = "-" if os.environ.get("ACCESS_LOG", "1") not in {"0", "false", "no", "off"} else None
errorlog = "-"
# The proxy on this machine may say which scheme the browser used (BEHIND_PROXY=1).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
