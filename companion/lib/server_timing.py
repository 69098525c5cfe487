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


class ServerTimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        cpu, wall = time.thread_time(), time.monotonic()
        response = self.get_response(request)
        cpu, wall = time.thread_time() - cpu, time.monotonic() - wall
        response["Server-Timing"] = f"cpu;dur={cpu * 1000:.2f}, app;dur={wall * 1000:.2f}"
        return response
