"""``Server-Timing`` on every response, for the benchmarks (``SERVER_TIMING=1``; off by default).

``cpu`` is the processor time the request's own thread spent inside Django (all
other middleware, the view, the templates, compression), ``app`` the wall time
for the same span. CPU time is what a request costs the server: it does not grow
when other threads hold the processor, so ``make bench-load`` compares pages by it.
Browsers show both in their developer tools, and a page's script can read them
(``PerformanceResourceTiming.serverTiming``): ``make bench-entry`` splits the
delay after a tap into the server's part and the browser's with them.
"""

import time

from django.contrib.auth.decorators import login_required
from django.shortcuts import render


class ServerTimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        cpu, wall = time.thread_time(), time.monotonic()
        response = self.get_response(request)
        cpu, wall = time.thread_time() - cpu, time.monotonic() - wall
        response["Server-Timing"] = f"cpu;dur={cpu * 1000:.2f}, app;dur={wall * 1000:.2f}"
        return response


@login_required
def bare(request):
    """A logged-in page that costs the server only the middleware and one small template.

    ``make bench-load`` states every page's cost as a multiple of this one's; it is mounted
    only with ``SERVER_TIMING=1`` (companion/urls.py), so production has no such address.
    """
    return render(request, "server_timing/bare.html")
