"""Mail is sent after the answer, on one background thread: a slow mail server never shows in a page.

The password reset form looks the address up and sends the link only when an
account has it. Sent within the request, the answer took as long as the mail
server (228 ms against 6 ms with a slow one), which told anyone whether an
address has an account. Now the lookup and the sending wait until the request's
transaction has committed and its answer has been written out (Django's
``request_finished``, sent when the server closes the response), and then run on
this thread: the answer takes the same time either way. One thread per process
sends in order, so a flood of requests queues mail instead of starting threads.
Outside a request (a management command) the mail goes once the transaction commits.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connections, transaction
from django.dispatch import receiver

log = logging.getLogger(__name__)
_sender = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-mail")
_request = threading.local()  # .waiting: what this request hands over once it is answered


def send_later(send: Callable[[], None]) -> None:
    """Call ``send`` on the mail thread after the transaction commits and the answer is out."""
    transaction.on_commit(lambda: _hand_over(send))


def drain() -> None:
    """Wait until everything handed over so far was sent (or failed and was logged)."""
    _sender.submit(lambda: None).result()


def _hand_over(send: Callable[[], None]) -> None:
    waiting = getattr(_request, "waiting", None)
    if waiting is None:
        _sender.submit(_run, send)
    else:
        waiting.append(send)


@receiver(request_started, dispatch_uid="companion.mailing.started")
def _started(**kwargs) -> None:
    _request.waiting = []


@receiver(request_finished, dispatch_uid="companion.mailing.finished")
def _finished(**kwargs) -> None:
    waiting, _request.waiting = getattr(_request, "waiting", None) or [], None
    for send in waiting:
        _sender.submit(_run, send)


def _run(send: Callable[[], None]) -> None:
    close_old_connections()
    try:
        send()
    except Exception:
        log.exception("Sending mail failed")
    finally:
        connections.close_all()  # this thread's own connections
