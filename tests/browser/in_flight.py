"""The live server's requests still running, so a test's end can wait for them.

A transactional test ends by emptying every table (TRUNCATE on PostgreSQL). Closing
the browser does not stop a request the live server has already begun: if one is
still inside a transaction it holds row locks that TRUNCATE must wait for, while it
waits for a table TRUNCATE already holds. PostgreSQL then kills one of them as a
deadlock and the test fails at teardown. So the test's end first closes the door
(a request that reaches the server from then on, such as one the browser still had
on its way when it closed, is answered 503 without touching the database) and then
waits for the requests already inside.
"""

import threading
import time


class InFlight:
    """Wraps the live server's WSGI app and counts the requests it has not finished.

    A request is finished when the server closes its response: that is when Django
    sends ``request_finished`` and its database work is over.
    """

    def __init__(self, app):
        self.app = app
        self.running = {}  # request number -> "METHOD /path"
        self.numbers = iter(range(1, 10**12))
        self.lock = threading.Lock()
        self.closed = False  # the test is over: no request reaches the app

    def __call__(self, environ, start_response):
        with self.lock:
            closed = self.closed
            if not closed:
                number = next(self.numbers)
                self.running[number] = f"{environ['REQUEST_METHOD']} {environ.get('PATH_INFO', '')}"
        if closed:
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"The test is over."]
        try:
            response = self.app(environ, start_response)
        except BaseException:
            self.finished(number)
            raise
        return Finishing(response, lambda: self.finished(number))

    def finished(self, number):
        with self.lock:
            self.running.pop(number, None)

    def open(self):
        with self.lock:
            self.closed = False

    def close_and_wait(self, timeout=10.0):
        """Let no new request in, and return once none is running (see ``wait_until_idle``)."""
        with self.lock:
            self.closed = True
        self.wait_until_idle(timeout)

    def wait_until_idle(self, timeout=10.0):
        """Return once no request is running; fail naming them after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                running = list(self.running.values())
            if not running:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the live server is still answering {running} after {timeout} s")
            time.sleep(0.01)


class Finishing:
    """A response's body, which tells ``InFlight`` when the server has closed it."""

    def __init__(self, response, done):
        self.response = response
        self.done = done

    def __iter__(self):
        return iter(self.response)

    def close(self):
        try:
            close = getattr(self.response, "close", None)
            if close is not None:
                close()
        finally:
            self.done()


def count_requests(live_server) -> InFlight:
    """The ``InFlight`` counter of ``live_server``'s app, installed the first time."""
    httpd = live_server.thread.httpd
    if not isinstance(httpd.application, InFlight):
        httpd.set_app(InFlight(httpd.application))
    return httpd.application
